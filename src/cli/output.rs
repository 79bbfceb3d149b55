//! Writing to stdout and stderr without panicking. `print!` panics when a
//! write fails; every command writes through here instead. A closed pipe
//! (`dicerules check games/ | head`) ends the command at once and quietly,
//! as ripgrep does; any other failure (`> /dev/full`) is one line on stderr
//! and exit 2.

use std::io::{self, Write};

use super::exit;

/// Why a command stopped writing.
#[derive(Debug)]
pub enum Stop {
    /// The reader went away: end quietly, with the code found so far.
    Closed,
    /// Another write error, on stdout or stderr.
    Failed {
        stream: &'static str,
        error: io::Error,
    },
}

impl Stop {
    /// Why a write to `stream` failed.
    pub fn from(stream: &'static str, error: io::Error) -> Stop {
        if error.kind() == io::ErrorKind::BrokenPipe {
            Stop::Closed
        } else {
            Stop::Failed { stream, error }
        }
    }

    /// The exit code of a command stopped by this, which had found `code`
    /// so far; a failure is reported on stderr (if stderr still works).
    pub fn exit_code(self, code: u8) -> u8 {
        match self {
            Stop::Closed => code,
            Stop::Failed { stream, error } => {
                let _ = writeln!(io::stderr(), "error: cannot write to {stream}: {error}");
                exit::INPUT
            }
        }
    }
}

/// Writes a command's stdout, then its stderr, and returns its exit code:
/// `code`, or what a failed write makes it.
pub fn finish(code: u8, stdout: &str, stderr: &str) -> u8 {
    match out(stdout).and_then(|()| err(stderr)) {
        Ok(()) => code,
        Err(stop) => stop.exit_code(code),
    }
}

/// Whether stdout is silenced (`--quiet`).
static QUIET: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Silences stdout for the whole run (`--quiet`).
pub fn be_quiet(quiet: bool) {
    QUIET.store(quiet, std::sync::atomic::Ordering::Relaxed);
}

fn quiet() -> bool {
    QUIET.load(std::sync::atomic::Ordering::Relaxed)
}

/// Writes `text` to stdout and flushes it.
pub fn out(text: &str) -> Result<(), Stop> {
    if quiet() {
        return Ok(());
    }
    write_to(&mut io::stdout().lock(), "stdout", text)
}

/// Writes `text` to stderr.
pub fn err(text: &str) -> Result<(), Stop> {
    write_to(&mut io::stderr().lock(), "stderr", text)
}

fn write_to(w: &mut dyn Write, stream: &'static str, text: &str) -> Result<(), Stop> {
    if text.is_empty() {
        return Ok(());
    }
    w.write_all(text.as_bytes())
        .and_then(|()| w.flush())
        .map_err(|e| Stop::from(stream, e))
}

/// Writes `text` to stdout through a locked, buffered handle a command
/// keeps for many lines (a transcript); flushed by the caller.
pub fn line(w: &mut dyn Write, text: &str) -> Result<(), Stop> {
    if quiet() {
        return Ok(());
    }
    w.write_all(text.as_bytes())
        .and_then(|()| w.write_all(b"\n"))
        .map_err(|e| Stop::from("stdout", e))
}

/// Flushes a handle kept by a command.
pub fn flush(w: &mut dyn Write) -> Result<(), Stop> {
    w.flush().map_err(|e| Stop::from("stdout", e))
}

/// The width to fit wide tables to: `COLUMNS` when set to a number, else
/// the terminal's when stdout is one; `None` (no limit) when stdout is a
/// pipe or a file, so that what a script reads does not depend on the
/// window it ran in.
pub fn width() -> Option<usize> {
    if let Some(columns) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|&c| c > 0)
    {
        return Some(columns);
    }
    terminal_size::terminal_size_of(io::stdout()).map(|(w, _)| usize::from(w.0))
}

/// Rows as CSV: the header, then each row; cells quoted where they must be.
pub fn csv(rows: &crate::render::rows::Rows) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    let written = writer.write_record(&rows.header).and_then(|()| {
        rows.rows
            .iter()
            .try_for_each(|row| writer.write_record(row))
    });
    match (written, writer.into_inner()) {
        (Ok(()), Ok(bytes)) => String::from_utf8(bytes).unwrap_or_default(),
        _ => String::new(),
    }
}

/// Whether the terminal's character set is UTF-8, as the locale says
/// (`LC_ALL`, else `LC_CTYPE`, else `LANG`; unset is not): else the text
/// writes cards in ASCII (`Qs` for `Q♠`).
pub fn utf8() -> bool {
    ["LC_ALL", "LC_CTYPE", "LANG"]
        .iter()
        .filter_map(|name| std::env::var(name).ok())
        .find(|value| !value.is_empty())
        .is_some_and(|value| {
            let value = value.to_ascii_lowercase();
            value.contains("utf-8") || value.contains("utf8")
        })
}
