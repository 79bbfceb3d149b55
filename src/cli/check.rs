//! `dicerules check FILE...`: the exact edge report of each file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use clap::Args;
use serde::Serialize;

use super::diagnostics::render_all;
use super::input::{analyse_among, overrides, read_path, rule_files, unused_overrides, GameArgs};
use super::{exit, output, Format};
use crate::check::Undeclared;
use crate::eval::exact::Limits;
use crate::report::{self, DiagnosticEntry, FormatVersion, Report};
use crate::{Analysis, Options};

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Rule files to check; a directory stands for the .dice files in it
    /// and its subdirectories.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = super::Format::Text)]
    pub format: Format,
    /// Print the distribution of a name some bet is settled on (or `mean`
    /// names), as a table and a histogram: `--show score` (repeatable).
    #[arg(long, value_name = "NAME")]
    pub show: Vec<String>,
    /// Make lint findings errors (exit 1): `warnings` for every lint, or a
    /// lint's name, such as `unreachable_rule` (repeatable).
    #[arg(long, value_name = "LINT", value_parser = super::lints::deny_values())]
    pub deny: Vec<String>,
    #[command(flatten)]
    pub game: GameArgs,
}

/// The JSON/RON form of a file that could not be reported: every key of a
/// [`Report`], in its order, so that a script reads both alike
/// (docs/json.md); `game` and the other objects `null`, the lists and
/// `params` empty, beside the diagnostics.
#[derive(Serialize)]
struct Failed<'a> {
    format_version: FormatVersion,
    file: &'a str,
    game: Option<String>,
    params: BTreeMap<String, String>,
    table: Option<()>,
    results: Vec<()>,
    values: Vec<()>,
    choice: Option<()>,
    strategies: Option<()>,
    bets: Vec<()>,
    expects: Vec<()>,
    claims: Vec<()>,
    diagnostics: Vec<DiagnosticEntry>,
}

impl<'a> Failed<'a> {
    /// The entry of `file`, which could not be reported.
    fn output(file: &'a str, diagnostics: Vec<DiagnosticEntry>) -> Output<'a> {
        Output::Failed(Box::new(Failed {
            format_version: FormatVersion,
            file,
            game: None,
            params: BTreeMap::new(),
            table: None,
            results: Vec::new(),
            values: Vec::new(),
            choice: None,
            strategies: None,
            bets: Vec::new(),
            expects: Vec::new(),
            claims: Vec::new(),
            diagnostics,
        }))
    }
}

#[derive(Serialize)]
#[serde(untagged)]
enum Output<'a> {
    Report(Box<Report>),
    Failed(Box<Failed<'a>>),
}

pub fn run(args: &CheckArgs) -> u8 {
    let mut stderr = String::new();
    let Some(mut overrides) = overrides(&args.game.set, &mut stderr) else {
        return output::finish(exit::INPUT, "", &stderr);
    };
    let limits = Limits {
        max_states: args.game.max_states,
        max_infosets: args.game.max_infosets,
    };
    let (files, any_directory) = rule_files(&args.files);
    // Several reports: a JSON/RON array, and a summary after the text.
    let several = any_directory || files.len() > 1;
    let mut worst = exit::OK;
    let mut codes = [0usize; 3];
    // With several files, each applies the overrides of the parameters it
    // declares; a name none declares is an error at the end.
    if several {
        overrides.undeclared = Undeclared::Ignored;
    }
    let options = Options {
        overrides,
        limits,
        lint: true,
    };
    let mut known = BTreeSet::new();
    let mut outputs = Vec::new();
    let mut text = String::new();
    for file in &files {
        let read = match file {
            Ok((path, file)) => read_path(path, file)
                .map(|source| (file, source))
                .map_err(|unreadable| (file, unreadable)),
            Err((file, unreadable)) => Err((file, unreadable.clone())),
        };
        let (file, source) = match read {
            Ok(read) => read,
            Err((file, unreadable)) => {
                stderr.push_str(&unreadable.shown);
                worst = worst.max(exit::INPUT);
                codes[usize::from(exit::INPUT)] += 1;
                outputs.push(Failed::output(file, vec![unreadable.entry(file)]));
                continue;
            }
        };
        // Within the loop `worst` is this file's code; it is folded into
        // the run's at the end of the iteration.
        let worst_before = worst;
        worst = exit::OK;
        match analyse_among(&source, &options, &mut known) {
            Ok(analysis) => {
                let failures = analysis.expect_failures();
                let Analysis {
                    mut report, lints, ..
                } = analysis;
                report.file = Some(file.clone());
                let code =
                    super::lints::note(lints, &args.deny, file, &source, &mut report, &mut stderr);
                worst = worst.max(code);
                if !failures.is_empty() {
                    worst = worst.max(exit::FINDING);
                    report.note_expect_failures(&failures, file, &source);
                    let count = failures.len();
                    stderr.push_str(&render_all(failures, file, &source, "error").0);
                    let _ = writeln!(
                        stderr,
                        "error: {count} of {} expect line(s) failed in {file}",
                        report.expects.len()
                    );
                }
                if !text.is_empty() {
                    text.push('\n');
                }
                let unknown: Vec<&String> = args
                    .show
                    .iter()
                    .filter(|s| !report.values.iter().any(|v| &v.name == *s))
                    .collect();
                for name in unknown {
                    let known: Vec<&str> = report.values.iter().map(|v| v.name.as_str()).collect();
                    let _ = writeln!(
                        stderr,
                        "error: `--show {name}`: {file} settles no bet on `{name}`{}",
                        if known.is_empty() {
                            String::new()
                        } else {
                            format!(" (it can show: {})", known.join(", "))
                        }
                    );
                    worst = worst.max(exit::INPUT);
                }
                text.push_str(&report::text::render_showing(
                    &report,
                    Some(file),
                    &args.show,
                ));
                outputs.push(Output::Report(Box::new(report)));
            }
            Err(errors) => {
                worst = worst.max(exit::INPUT);
                let count = errors.len();
                let (shown, diagnostics) = render_all(errors, file, &source, "error");
                stderr.push_str(&shown);
                let _ = writeln!(stderr, "error: {file}: {count} error(s); no report");
                outputs.push(Failed::output(file, diagnostics));
            }
        }
        codes[usize::from(worst)] += 1;
        worst = worst.max(worst_before);
    }
    if several {
        let unused = unused_overrides(&options.overrides, &known);
        if !unused.is_empty() {
            stderr.push_str(&unused);
            worst = worst.max(exit::INPUT);
        }
    }
    if several && files.len() > 1 {
        let _ = writeln!(
            text,
            "\n{} file(s) checked: {} passed, {} failed an expect, {} had errors",
            codes.iter().sum::<usize>(),
            codes[usize::from(exit::OK)],
            codes[usize::from(exit::FINDING)],
            codes[usize::from(exit::INPUT)]
        );
    }
    let stdout = match args.format {
        Format::Text => text,
        Format::Json => {
            let json = if !several && outputs.len() == 1 {
                serde_json::to_string_pretty(&outputs[0])
            } else {
                serde_json::to_string_pretty(&outputs)
            };
            json.map(|s| s + "\n").unwrap_or_default()
        }
        Format::Ron => {
            let config = ron::ser::PrettyConfig::default();
            let ron = if !several && outputs.len() == 1 {
                ron::ser::to_string_pretty(&outputs[0], config)
            } else {
                ron::ser::to_string_pretty(&outputs, config)
            };
            ron.map(|s| s + "\n").unwrap_or_default()
        }
    };
    output::finish(worst, &stdout, &stderr)
}
