//! `--html DIR` and `--plot FILE.svg` on the command line: the directory
//! made (or found) before any work, the report's files written into it at
//! the end, a chart written alone; what goes wrong a diagnostic pointing at
//! the argument, and exit 2. The pages themselves are the report layer's
//! ([`crate::render::html`]); the play and simulation data they draw is
//! gathered here from the play layer's types.

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

use super::diagnostics::render;
use crate::ast::Span;
use crate::render::html::Files;

/// Why a report or a chart could not be written.
#[derive(Debug, Error, Diagnostic)]
pub enum WriteError {
    /// `--html DIR` names something that is not a directory.
    #[error("{path} is not a directory: the HTML report is a directory of pages")]
    #[diagnostic(
        code(dice::html::not_a_directory),
        help("name a directory to create, or an existing one")
    )]
    NotADirectory {
        /// The argument.
        path: String,
        /// All of it.
        #[label("a file, not a directory")]
        span: Span,
    },
    /// The directory or a file could not be made or written.
    #[error("cannot write {what}: {why}")]
    #[diagnostic(code(dice::html::unwritable), help("choose a place you can write to"))]
    Unwritable {
        /// What could not be written (`report/index.html`).
        what: String,
        /// The system's reason.
        why: String,
        /// The argument.
        #[label("here")]
        span: Span,
    },
    /// `--plot` has nothing to draw.
    #[error("--plot has nothing to draw: {why}")]
    #[diagnostic(
        code(dice::plot::nothing),
        help("`check --plot FILE.svg` draws the first `--show NAME` distribution, or a sweep (`--set NAME=A..B`)")
    )]
    Nothing {
        /// Why.
        why: String,
        /// The argument.
        #[label("nothing to draw")]
        span: Span,
    },
}

/// The diagnostic rendered against the argument of `flag`.
pub fn shown(error: WriteError, flag: &str, argument: &str) -> String {
    render(error, flag, argument)
}

/// The span of a whole argument.
fn whole(argument: &str) -> Span {
    Span::new(0, argument.len())
}

/// Makes the report's directory (with its parents) unless it exists; an
/// error if it is a file or cannot be made. Called before any work, so
/// that a wrong `--html` costs nothing.
pub fn prepare(dir: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(dir);
    if path.exists() && !path.is_dir() {
        let error = WriteError::NotADirectory {
            path: dir.to_string(),
            span: whole(dir),
        };
        return Err(shown(error, "--html", dir));
    }
    std::fs::create_dir_all(&path).map_err(|e| {
        let error = WriteError::Unwritable {
            what: dir.to_string(),
            why: why(&e),
            span: whole(dir),
        };
        shown(error, "--html", dir)
    })?;
    Ok(path)
}

/// The system's reason, in the words `check` uses for files.
fn why(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::NotFound => "no such directory".to_string(),
        _ => e.to_string(),
    }
}

/// Writes the report's files into `dir` (made by [`prepare`]) through the
/// one writer ([`super::files`]: a symbolic link in `dir` is refused, a
/// page replaced whole or not at all); the rendered diagnostic of the
/// first that fails.
pub fn write(dir: &str, files: &Files) -> Result<(), String> {
    for (name, contents) in files {
        let path = Path::new(dir).join(name);
        super::files::write(&path, contents.as_bytes(), super::files::Name::InFolder).map_err(
            |refused| {
                let error = WriteError::Unwritable {
                    what: path.display().to_string(),
                    why: refused.why,
                    span: whole(dir),
                };
                shown(error, "--html", dir)
            },
        )?;
    }
    Ok(())
}

/// Writes a chart to `file` (`--plot`), through the one writer.
pub fn plot(file: &str, svg: &str) -> Result<(), String> {
    super::files::write(Path::new(file), svg.as_bytes(), super::files::Name::Named).map_err(
        |refused| {
            let error = WriteError::Unwritable {
                what: file.to_string(),
                why: refused.why,
                span: whole(file),
            };
            shown(error, "--plot", file)
        },
    )
}

/// `--plot` with nothing to draw.
pub fn nothing(file: &str, why: &str) -> String {
    let error = WriteError::Nothing {
        why: why.to_string(),
        span: whole(file),
    };
    shown(error, "--plot", file)
}
