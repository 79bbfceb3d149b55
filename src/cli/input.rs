//! Reading what every command reads: a rule file, the `--set` overrides,
//! and the program with its exact evaluation.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};

use clap::Args;

use super::diagnostics::{render, render_all};
use super::{STDIN, STDIN_NAME};
use crate::analysis::Evaluated;
use crate::ast::Span;
use crate::check::removed::Removal;
use crate::check::{setting_label, CheckError, OverrideError, Overrides, Sweep};
use crate::eval::exact::{self, Limits};
use crate::report::{DiagnosticEntry, Location};
use crate::{Analysis, Options, Parsed, Shows};

/// What every command takes about the game it reads.
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Override a parameter of the game: `--set tie_odds=7` (repeatable).
    /// `check` and `compare` also sweep a list or a range of values, one
    /// report per setting: `--set tie_odds=5,8,9`, `--set decks=1..8`.
    #[arg(long = "set", value_name = "NAME=VALUE")]
    pub set: Vec<String>,
    /// The most evaluator states alive at once before giving up.
    #[arg(long, value_name = "N", default_value_t = exact::DEFAULT_MAX_STATES)]
    pub max_states: usize,
    /// The most information sets (situations a chooser tells apart) of the
    /// round's choices, both sides together, the equilibrium of two sides is
    /// solved over (a lone side's best strategy, 400 times as many).
    #[arg(long, value_name = "N", default_value_t = exact::DEFAULT_MAX_INFOSETS)]
    pub max_infosets: usize,
    /// The most options of the round's choices, summed over every
    /// situation each is met in (sequences), both sides together, the
    /// equilibrium of two sides is solved over (a lone side's, 400 times as
    /// many).
    #[arg(long, value_name = "N", default_value_t = exact::DEFAULT_MAX_SEQUENCES)]
    pub max_sequences: usize,
}

impl GameArgs {
    /// The bounds of the exact evaluation these flags set.
    pub fn limits(&self) -> Limits {
        Limits {
            max_states: self.max_states,
            max_infosets: self.max_infosets,
            max_sequences: self.max_sequences,
            cancel: None,
        }
    }
}

/// `--removed`, for the commands that analyse a card shoe as it stands.
#[derive(Debug, Args)]
pub struct RemovedArgs {
    /// Deal from the shoe less these cards: ranks (A 2..10 J Q K, T for
    /// 10, any case) with an optional count, `5x32,K,K`; where the file has
    /// several shoes, the shoe first, `cards:5x2` (repeatable). The
    /// `expect` lines, written for the full shoe, are not checked (unless
    /// `--strict`).
    #[arg(long, value_name = "CARDS")]
    pub removed: Vec<String>,
}

impl RemovedArgs {
    /// The removals, parsed; `None` when one does not parse, its error
    /// written to `stderr`.
    pub fn parse(&self, stderr: &mut String) -> Option<Vec<Removal>> {
        match Removal::parse_all(&self.removed) {
            Ok(removals) => Some(removals),
            Err(errors) => {
                for e in errors {
                    stderr.push_str(&render(e, "--removed", ""));
                }
                None
            }
        }
    }
}

/// The largest rule file read, in bytes. Rule files are a few kilobytes
/// (the longest game is under 5 KiB); the bound keeps a wrong argument
/// (a log, an image, `/dev/zero`) from being read whole, and bounds the
/// checker's passes, some of which grow with the square of a round's
/// length (a file of 250 KB of statements checks in a second or so).
pub const MAX_FILE_BYTES: usize = 256 << 10;

/// A rule file (or a directory of them) that could not be read: its
/// diagnostic code and message, and the text shown on stderr.
#[derive(Clone, Debug)]
pub struct Unreadable {
    pub code: &'static str,
    pub message: String,
    /// Where the problem is: the whole file, or the first byte that is
    /// not UTF-8 (boxed: an `Unreadable` travels in the `Err` of every
    /// [`RuleFile`]).
    pub at: Box<Location>,
    pub shown: String,
}

impl Unreadable {
    /// A problem of the whole file: one line on stderr.
    fn whole(code: &'static str, message: String) -> Unreadable {
        Unreadable {
            code,
            shown: format!("error: {message}\n"),
            message,
            at: Box::new(Location::WHOLE_FILE),
        }
    }

    /// The JSON contract's form, about `file` as the command line names it.
    pub fn entry(&self, file: &str) -> DiagnosticEntry {
        DiagnosticEntry::new("error", self.code, self.message.clone(), file, *self.at)
    }
}

/// The text of a rule file, or why it cannot be read: missing, unreadable,
/// a directory, larger than [`MAX_FILE_BYTES`], or not UTF-8 (shown against
/// the file, pointing at the first byte that is not).
pub fn read_source(file: &str) -> Result<String, Unreadable> {
    read_path(Path::new(file), file)
}

/// [`read_source`] of a path whose name may not be UTF-8, shown as `file`.
/// A byte-order mark at the start is dropped.
pub fn read_path(path: &Path, file: &str) -> Result<String, Unreadable> {
    if path == Path::new(STDIN) {
        return read_stdin(file);
    }
    if path.is_dir() {
        return Err(Unreadable::whole(
            "dice::input::directory",
            format!("{file} is a directory, not a rule file"),
        ));
    }
    let bytes = std::fs::File::open(path)
        .and_then(read_bounded)
        .map_err(|e| {
            let why = match e.kind() {
                std::io::ErrorKind::NotFound => "no such file".to_string(),
                std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
                _ => e.to_string(),
            };
            Unreadable::whole(
                "dice::input::unreadable",
                format!("cannot read {file}: {why}"),
            )
        })?;
    if bytes.len() > MAX_FILE_BYTES {
        let size = match std::fs::metadata(path) {
            Ok(m) if m.is_file() => format!("is {} bytes", m.len()),
            _ => format!("holds more than {MAX_FILE_BYTES} bytes"),
        };
        return Err(too_large(file, &size));
    }
    text_of(bytes, file)
}

/// Whether standard input was read as a rule file already: it can be read
/// only once.
static STDIN_READ: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// The rule file on standard input (`-`), shown as `file`.
fn read_stdin(file: &str) -> Result<String, Unreadable> {
    if STDIN_READ.swap(true, std::sync::atomic::Ordering::SeqCst) {
        return Err(Unreadable::whole(
            "dice::input::unreadable",
            "standard input is read once: `-` is given more than once".to_string(),
        ));
    }
    let bytes = read_bounded(std::io::stdin().lock()).map_err(|e| {
        Unreadable::whole(
            "dice::input::unreadable",
            format!("cannot read {file}: {e}"),
        )
    })?;
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_large(
            file,
            &format!("holds more than {MAX_FILE_BYTES} bytes"),
        ));
    }
    text_of(bytes, file)
}

/// At most one byte more than a rule file may hold, from `input`.
fn read_bounded(input: impl Read) -> std::io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    input
        .take(MAX_FILE_BYTES as u64 + 1)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A rule file larger than [`MAX_FILE_BYTES`]: `size` says how large
/// (`is N bytes`, `holds more than N bytes`).
pub fn too_large(file: &str, size: &str) -> Unreadable {
    Unreadable::whole(
        "dice::input::too_large",
        format!(
            "{file} {size}: a rule file may be at most {} KiB ({MAX_FILE_BYTES} bytes)",
            MAX_FILE_BYTES >> 10
        ),
    )
}

/// The text of a rule file's bytes, a byte-order mark at the start
/// dropped, or where it is not UTF-8, a diagnostic at the first byte that
/// is not.
fn text_of(mut bytes: Vec<u8>, file: &str) -> Result<String, Unreadable> {
    if bytes.starts_with(b"\xef\xbb\xbf") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let offset = e.utf8_error().valid_up_to();
        let broken = e
            .utf8_error()
            .error_len()
            .unwrap_or(e.as_bytes().len() - offset);
        let byte = e.as_bytes()[offset];
        let text = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let width = text[offset..].chars().next().map_or(1, char::len_utf8);
        let diagnostic = NotUtf8 {
            offset,
            byte,
            span: Span::new(offset, offset + width),
        };
        // Lines and columns as shown (the broken sequence one character,
        // U+FFFD); the bytes the file's own.
        let at = Location {
            end: offset + broken,
            ..Location::of(&text, diagnostic.span)
        };
        Unreadable {
            code: "dice::input::not_utf8",
            message: diagnostic.to_string(),
            at: Box::new(at),
            shown: render(diagnostic, file, &text),
        }
    })
}

/// A rule file that is not UTF-8 text, shown against its text with each
/// broken sequence replaced by U+FFFD (before the first, the offsets are
/// the file's own).
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error(
    "not UTF-8 text: the byte 0x{byte:02x} at offset {offset} does not begin a UTF-8 character"
)]
#[diagnostic(code(dice::input::not_utf8), help("save the file as UTF-8 text"))]
struct NotUtf8 {
    offset: usize,
    byte: u8,
    #[label("not UTF-8")]
    span: Span,
}

/// A rule file to read (its path, and its name as shown: the path, with
/// any byte that is not UTF-8 replaced), or an argument that names none:
/// the argument and why.
pub type RuleFile = Result<(PathBuf, String), (String, Unreadable)>;

/// The rule files named by `check`'s arguments, in order: a file as given;
/// for a directory, the `.dice` files in it and in its subdirectories
/// (hidden ones, and links to directories, are not entered), sorted by
/// path. A directory holding none, or that cannot be listed, is an error in
/// its place. The flag says whether any argument was a directory.
pub fn rule_files(args: &[String]) -> (Vec<RuleFile>, bool) {
    let mut out = Vec::new();
    let mut any_directory = false;
    for arg in args {
        let root = Path::new(arg);
        if arg == STDIN {
            out.push(Ok((PathBuf::from(STDIN), STDIN_NAME.to_string())));
            continue;
        }
        if !root.is_dir() {
            out.push(Ok((PathBuf::from(arg), arg.clone())));
            continue;
        }
        any_directory = true;
        let mut found: Vec<PathBuf> = Vec::new();
        let mut pending = vec![root.to_path_buf()];
        let mut failed = None;
        while let Some(dir) = pending.pop() {
            let entries = match std::fs::read_dir(&dir) {
                Ok(entries) => entries,
                Err(e) => {
                    failed.get_or_insert(format!("cannot list {}: {e}", dir.display()));
                    continue;
                }
            };
            for entry in entries.flatten() {
                let path = entry.path();
                let hidden = entry.file_name().to_string_lossy().starts_with('.');
                let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
                if is_dir && !hidden {
                    pending.push(path);
                } else if !is_dir && path.extension().is_some_and(|x| x == "dice") && path.is_file()
                {
                    found.push(path);
                }
            }
        }
        found.sort();
        if let Some(message) = failed {
            out.push(Err((
                arg.clone(),
                Unreadable::whole("dice::input::unreadable", message),
            )));
        }
        if found.is_empty() {
            out.push(Err((
                arg.clone(),
                Unreadable::whole(
                    "dice::input::no_rule_files",
                    format!("{arg} is a directory with no .dice file in it"),
                ),
            )));
        }
        out.extend(
            found
                .into_iter()
                .map(|p| Ok((p.clone(), p.to_string_lossy().into_owned()))),
        );
    }
    (out, any_directory)
}

/// Parses the `--set` overrides; diagnostics go to stderr.
pub fn overrides(set: &[String], stderr: &mut String) -> Option<Overrides> {
    match Overrides::parse(set) {
        Ok(overrides) => Some(overrides),
        Err(errors) => {
            for (i, error) in errors {
                stderr.push_str(&render_override_error(error, set, i));
            }
            None
        }
    }
}

/// The `--set` names none of the files checked declares (those in
/// `known`), as diagnostics.
pub fn unused_overrides(sweep: &Sweep, known: &BTreeSet<String>) -> String {
    let mut out = String::new();
    for name in sweep.names().filter(|n| !known.contains(*n)) {
        let help = crate::suggest::did_you_mean(name, known.iter().map(String::as_str))
            .map(|s| format!("did you mean `{s}`?"));
        let error = CheckError::UnusedOverride {
            name: name.to_string(),
            help,
        };
        out.push_str(&render(error, "--set", ""));
    }
    out
}

/// Parses the `--set`s of a command that sweeps (`check`, `compare`);
/// diagnostics go to stderr.
pub fn sweep(set: &[String], max_settings: usize, stderr: &mut String) -> Option<Sweep> {
    match Sweep::parse(set, max_settings) {
        Ok(sweep) => Some(sweep),
        Err(errors) => {
            for (i, error) in errors {
                stderr.push_str(&render_override_error(error, set, i));
            }
            None
        }
    }
}

fn render_override_error(error: OverrideError, set: &[String], i: usize) -> String {
    match error {
        OverrideError::Form(e) => render(e, "--set", set.get(i).map_or("", String::as_str)),
        OverrideError::Value { value, error } => {
            render(error, &format!("--set #{}", i + 1), &value)
        }
    }
}

/// A file analysed at one setting of a sweep.
pub struct AtSetting {
    /// The values of the swept names the file declares, as `--set` writes
    /// them (`decks=6, tie_odds=8`); empty when nothing swept applies.
    pub label: String,
    /// The analysis at that setting.
    pub analysis: Analysis,
}

/// Parses `source` once and analyses it at each distinct setting of
/// `sweep` it sees (a swept name the file does not declare makes no
/// setting of its own when `options` ignores undeclared names). The names
/// of the parameters it declares go in `known` once it parses, whether or
/// not it then checks, so that a `--set` is an error only when no file
/// declares it ([`unused_overrides`]). On failure, the errors with the
/// label of the setting they are at.
pub fn analyse_swept(
    source: &str,
    sweep: &Sweep,
    options: &Options,
    known: &mut BTreeSet<String>,
) -> Result<Vec<AtSetting>, (String, Vec<crate::Error>)> {
    let parsed = Parsed::new(source).map_err(|errors| (String::new(), errors))?;
    let declared: BTreeSet<String> = parsed.params().map(String::from).collect();
    known.extend(declared.iter().cloned());
    let swept: Vec<&str> = sweep.swept().collect();
    let mut seen: Vec<Overrides> = Vec::new();
    let mut evaluated = Evaluated::default();
    let mut out = Vec::new();
    for point in sweep.points() {
        let overrides =
            point.overrides(|name| declared.contains(name), options.overrides.undeclared);
        if seen.contains(&overrides) {
            continue;
        }
        seen.push(overrides.clone());
        let label = overrides
            .settings
            .iter()
            .filter(|(name, _)| swept.contains(&name.as_str()))
            .map(|(name, value)| setting_label(name, value))
            .collect::<Vec<_>>()
            .join(", ");
        let at = Options {
            overrides,
            ..options.clone()
        };
        let analysis = parsed
            .clone()
            .check_for(&at)
            .and_then(|game| {
                game.analyse_sharing(&at, &mut evaluated)
                    .map_err(|e| vec![e])
            })
            .map_err(|errors| (label.clone(), errors))?;
        out.push(AtSetting { label, analysis });
    }
    Ok(out)
}

/// Reads, checks and evaluates `file` for the commands that play it; on
/// failure, the diagnostics are written to stderr and the exit code is
/// returned.
pub fn load(file: &str, game: &GameArgs, removed: &[String]) -> Result<Analysis, u8> {
    let mut stderr = String::new();
    let result = (|| {
        let overrides = overrides(&game.set, &mut stderr).ok_or(())?;
        let removed = (RemovedArgs {
            removed: removed.to_vec(),
        })
        .parse(&mut stderr)
        .ok_or(())?;
        let source = read_source(file).map_err(|u| stderr.push_str(&u.shown))?;
        let file = super::diagnostics::shown_name(file);
        let options = Options {
            overrides,
            removed,
            ..Options::default()
        };
        let loaded = Parsed::new(source.as_str())
            .and_then(|parsed| parsed.check_for(&options))
            .map_err(|errors| {
                let count = errors.len();
                stderr.push_str(&render_all(errors, file, &source, "error").0);
                let _ = writeln!(stderr, "error: {file}: {count} error(s)");
            })?;
        let options = Options {
            overrides: Overrides::default(),
            limits: game.limits(),
            lint: false,
            strict: false,
            // Playing prints no verdicts, nor a split's nets.
            skip_pinned: true,
            hands_alike: true,
            max_tables: None,
            shows: Shows::default(),
            removed: Vec::new(),
            effects_of_removal: None,
        };
        loaded
            .analyse(&options)
            .map_err(|e| stderr.push_str(&render(e, file, &source)))
    })();
    result.map_err(|()| super::output::finish(super::exit::INPUT, "", &stderr))
}
