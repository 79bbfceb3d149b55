//! Rendering diagnostics for a terminal or a snapshot: miette's graphical
//! report, with colour only when stderr is a terminal and `NO_COLOR` is unset.

use std::io::IsTerminal;

use miette::{Diagnostic, GraphicalReportHandler, GraphicalTheme, NamedSource};

use crate::ast::Span;
use crate::report::{DiagnosticEntry, Location};

/// When to colour (`--color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum Colour {
    // Where the output is a terminal, unless the environment says
    // otherwise: `CLICOLOR_FORCE` (not 0) colours, then `NO_COLOR` (set,
    // not empty) or `CLICOLOR=0` does not. (Not a doc comment: clap would
    // list every value with its help, and lay all of `--help` out long.)
    #[default]
    Auto,
    Always,
    Never,
}

/// The `--color` the command line gave (`Auto` until it is set).
static CHOSEN: std::sync::OnceLock<Colour> = std::sync::OnceLock::new();

/// Sets `--color` for the whole run, once.
pub fn choose_colour(colour: Colour) {
    let _ = CHOSEN.set(colour);
}

/// Whether to colour what goes to stderr.
pub fn colour() -> bool {
    colour_for(std::io::stderr().is_terminal())
}

/// Whether to colour an output that is a terminal or not, by `--color`
/// and the environment (<https://bixense.com/clicolors/>, <https://no-color.org>).
pub fn colour_for(terminal: bool) -> bool {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    match CHOSEN.get().copied().unwrap_or_default() {
        Colour::Always => true,
        Colour::Never => false,
        Colour::Auto if var("CLICOLOR_FORCE").is_some_and(|v| v != "0") => true,
        Colour::Auto if var("NO_COLOR").is_some() => false,
        Colour::Auto if var("CLICOLOR").is_some_and(|v| v == "0") => false,
        Colour::Auto => terminal,
    }
}

/// How a file is named to a reader: `-`, standard input, as `<stdin>`.
pub fn shown_name(file: &str) -> &str {
    if file == super::STDIN {
        super::STDIN_NAME
    } else {
        file
    }
}

/// Renders one diagnostic against its source.
pub fn render<D>(diagnostic: D, name: &str, source: &str) -> String
where
    D: Diagnostic + Send + Sync + 'static,
{
    let theme = if colour() {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    let handler = GraphicalReportHandler::new_themed(theme).with_width(100);
    let name = shown_name(name);
    let report = miette::Report::new(diagnostic)
        .with_source_code(NamedSource::new(name, source.to_string()));
    let mut out = String::new();
    if handler.render_report(&mut out, report.as_ref()).is_err() {
        out = format!("{report}\n");
    }
    out
}

/// The most diagnostics shown for one file; a line says how many more
/// there are. Each rendering reads the source up to its span, so this also
/// bounds the time a file of thousands of errors takes.
pub const MAX_SHOWN: usize = 100;

/// The diagnostics of one file, rendered for stderr, with their JSON
/// entries: the first [`MAX_SHOWN`] of them, and a line counting the rest.
pub fn render_all<D>(
    diagnostics: Vec<D>,
    name: &str,
    source: &str,
    severity: &str,
) -> (String, Vec<DiagnosticEntry>)
where
    D: Diagnostic + Send + Sync + 'static,
{
    let total = diagnostics.len();
    let mut text = String::new();
    let mut entries = Vec::new();
    for d in diagnostics.into_iter().take(MAX_SHOWN) {
        entries.push(entry(&d, name, source, severity));
        text.push_str(&render(d, name, source));
    }
    if total > MAX_SHOWN {
        text.push_str(&format!(
            "{severity}: {name}: {} more {severity}(s) not shown\n",
            total - MAX_SHOWN
        ));
    }
    (text, entries)
}

/// A diagnostic about `file` in the JSON contract's form, located at its
/// first label (the whole file, 1:1, without one, and for a diagnostic
/// whose labels point into a text of its own, a `--show` expression's).
pub fn entry(
    diagnostic: &dyn Diagnostic,
    file: &str,
    source: &str,
    severity: &str,
) -> DiagnosticEntry {
    let file = shown_name(file);
    let at = diagnostic
        .labels()
        .filter(|_| diagnostic.source_code().is_none())
        .and_then(|mut labels| labels.next())
        .map_or(Location::WHOLE_FILE, |l| {
            Location::of(source, Span::new(l.offset(), l.offset() + l.len()))
        });
    let code = diagnostic.code().map(|c| c.to_string()).unwrap_or_default();
    DiagnosticEntry::new(severity, &code, diagnostic.to_string(), file, at)
}
