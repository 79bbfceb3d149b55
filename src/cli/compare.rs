//! `dicerules compare FILE FILE...`: the bets of several rule files side by
//! side, each edge exact, and its change from the first file; with a sweep
//! (`--set decks=6,8`), one column per file and setting.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use clap::Args;

use super::diagnostics::render_all;
use super::html;
use super::input::{analyse_swept, read_source, sweep, unused_overrides, GameArgs};
use super::{exit, output, Format};
use crate::check::{Overrides, Undeclared, DEFAULT_MAX_SETTINGS};
use crate::render::compare::{self, Layout};
use crate::render::html::GameInput;
use crate::render::{rows, serial};
use crate::report::compare::{Comparison, Document};
use crate::report::{FormatVersion, Report};
use crate::{Options, Shows};

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// Rule files to compare; the first is the one the others are measured
    /// against.
    #[arg(required = true, num_args = 2.., value_name = "FILE")]
    pub files: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = super::Format::Text)]
    pub format: Format,
    /// Also print each bet's settlement probabilities side by side.
    #[arg(long, short)]
    pub verbose: bool,
    /// The most settings a sweep (`--set NAME=V1,V2` or `NAME=A..B`) may
    /// make, all swept names together.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SETTINGS)]
    pub max_settings: usize,
    /// Also write an HTML report into this directory (made if missing):
    /// index.html with the comparison, and a page per rule file.
    #[arg(long, value_name = "DIR")]
    pub html: Option<String>,
    #[command(flatten)]
    pub cards: super::input::RemovedArgs,
    #[command(flatten)]
    pub game: GameArgs,
}

pub fn run(args: &CompareArgs) -> u8 {
    let mut stderr = String::new();
    let Some(sweep) = sweep(&args.game.set, args.max_settings, &mut stderr) else {
        return output::finish(exit::INPUT, "", &stderr);
    };
    let Some(removed) = args.cards.parse(&mut stderr) else {
        return output::finish(exit::INPUT, "", &stderr);
    };
    if let Some(dir) = &args.html {
        if let Err(shown) = html::prepare(dir) {
            return output::finish(exit::INPUT, "", &shown);
        }
    }
    let options = Options {
        // Each file applies the overrides of the parameters it declares.
        overrides: Overrides {
            settings: Vec::new(),
            undeclared: Undeclared::Ignored,
        },
        limits: args.game.limits(),
        lint: false,
        strict: false,
        skip_pinned: false,
        max_tables: None,
        shows: Shows::default(),
        removed,
        effects_of_removal: None,
        hands_alike: false,
    };
    let mut known = BTreeSet::new();
    let mut reports = Vec::new();
    let mut names = Vec::new();
    let mut labels_of: Vec<String> = Vec::new();
    // Each file, its text, and where its reports start.
    let mut pages: Vec<(&str, String, usize)> = Vec::new();
    let mut failed = false;
    for file in &args.files {
        let source = match read_source(file) {
            Ok(source) => source,
            Err(unreadable) => {
                stderr.push_str(&unreadable.shown);
                failed = true;
                continue;
            }
        };
        match analyse_swept(&source, &sweep, &options, &mut known) {
            Ok(settings) => {
                let from = reports.len();
                let labels: Vec<String> = settings.iter().map(|at| at.label.clone()).collect();
                for at in settings {
                    let mut report = at.analysis.report;
                    report.file = Some(file.clone());
                    names.push(if at.label.is_empty() {
                        file.clone()
                    } else {
                        format!("{file} {}", at.label)
                    });
                    reports.push(report);
                }
                labels_of.extend(labels);
                pages.push((file, source, from));
            }
            Err((at, errors)) => {
                let count = errors.len();
                stderr.push_str(&render_all(errors, file, &source, "error").0);
                let at = if at.is_empty() {
                    String::new()
                } else {
                    format!(" at {at}")
                };
                let _ = writeln!(
                    stderr,
                    "error: {file}: {count} error(s){at}; nothing compared"
                );
                failed = true;
            }
        }
    }
    stderr.push_str(&unused_overrides(&sweep, &known));
    if failed || !stderr.is_empty() {
        return output::finish(exit::INPUT, "", &stderr);
    }
    let named: Vec<(String, &Report)> = names.into_iter().zip(&reports).collect();
    let comparison = Comparison::new(&named);
    let document = Document {
        format_version: FormatVersion,
        reports: &reports,
        comparison: &comparison,
    };
    if let Some(dir) = &args.html {
        let ends = pages
            .iter()
            .skip(1)
            .map(|(_, _, from)| *from)
            .chain(std::iter::once(reports.len()));
        let games: Vec<GameInput> = pages
            .iter()
            .zip(ends)
            .map(|((file, source, from), to)| GameInput {
                file,
                source: Some(source),
                reports: labels_of[*from..to]
                    .iter()
                    .map(String::as_str)
                    .zip(&reports[*from..to])
                    .collect(),
                errors: &[],
            })
            .collect();
        if let Err(shown) = html::write(dir, &crate::render::html::compare(&games, &comparison)) {
            stderr.push_str(&shown);
        }
    }
    let code = if stderr.is_empty() {
        exit::OK
    } else {
        exit::INPUT
    };
    let stdout = match args.format {
        Format::Text => {
            let verbose: Vec<&Report> = reports.iter().collect();
            let text = compare::styled(
                &comparison,
                args.verbose.then_some(&verbose[..]),
                Layout {
                    changes: true,
                    width: output::width(),
                },
            );
            super::paint::stdout(text)
        }
        Format::Json => serial::json(&document),
        Format::Ron => serial::ron(&document),
        Format::Csv => output::csv(&rows::comparison(&comparison)),
    };
    output::finish(code, &stdout, &stderr)
}
