//! `dicerules check FILE...`: the exact edge report of each file.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use clap::Args;
use serde::Serialize;

use super::diagnostics::{render, render_all};
use super::html;
use super::input::{analyse_swept, read_path, rule_files, sweep, unused_overrides, AtSetting};
use super::input::{GameArgs, RemovedArgs, RuleFile};
use super::{exit, output, paint, CheckFormat as Format};
use crate::check::removed::Removal;
use crate::check::{Overrides, Sweep, Undeclared, DEFAULT_MAX_SETTINGS};
use crate::lint::Lint;
use crate::render::failures::note_expect_failures;
use crate::render::html::GameInput;
use crate::render::styled::{Style, Styled};
use crate::render::{rows, serial};
use crate::report::{DiagnosticEntry, Report, Unreported};
use crate::{Analysis, Error, Options, Shows};

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Rule files to check; a directory stands for the .dice files in it
    /// and its subdirectories.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print the distribution of an expression when the round ends: a name
    /// (`--show score`), a statistic of a throw (`--show "total(banker)"`,
    /// `--show "count(x, 6)"`), a condition; a throw named alone shows its
    /// total. Exact and percent, at least and at most, a bar, and what a bet
    /// on the name pays (repeatable). With `--format csv`, the distributions
    /// alone.
    #[arg(long, value_name = "EXPR")]
    pub show: Vec<String>,
    /// Also list every situation of a choice the text draws as a grid (a
    /// choice known by two values, or three of which one takes few), each
    /// option with its probability and value, as the text lists every
    /// other choice's.
    #[arg(long, short)]
    pub verbose: bool,
    /// Make lint findings errors (exit 1): `warnings` for every lint, or a
    /// lint's name, such as `unreachable_rule` (repeatable).
    #[arg(long, value_name = "LINT", value_parser = super::lints::deny_values())]
    pub deny: Vec<String>,
    /// The most settings a sweep (`--set NAME=V1,V2` or `NAME=A..B`) may
    /// make, all swept names together.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_MAX_SETTINGS)]
    pub max_settings: usize,
    /// The most different tables after a round of the session an `at` of
    /// an `expect` or `claim` line names (its work too: 200 units a table,
    /// counting its steps and the size of its numbers).
    #[arg(long, value_name = "N", default_value_t = crate::session::CHECK_TABLES,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub max_tables: u64,
    /// Check every `expect` and `claim` line at this run's `--set` values,
    /// also those written for the file's values (without it, a line whose
    /// figure depends on a parameter `--set` changes and its `with` does
    /// not name is reported as not checked).
    #[arg(long)]
    pub strict: bool,
    /// Also write an HTML report into this directory (made if missing):
    /// index.html and a page per rule file, with charts.
    #[arg(long, value_name = "DIR")]
    pub html: Option<String>,
    /// Write one chart as an SVG file: the first `--show` distribution,
    /// or else a sweep's house edges.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<String>,
    /// Also give the effects of removal: each bet's exact house edge with
    /// one card of each rank taken from the shoe (as `--removed` leaves
    /// it), its change, and the check that the changes, weighted by the
    /// cards of each rank, sum to zero (exit 1 if not, an internal error).
    /// Where the file has several shoes, name one: `--effects-of-removal=cards`.
    #[arg(long, value_name = "SHOE", num_args = 0..=1, default_missing_value = "", require_equals = true)]
    pub effects_of_removal: Option<String>,
    /// Rewrite each `expect` line whose figure moved to the figure now
    /// computed (an `=` line exactly, a `~` line to the digits it was
    /// written with), in place, keeping every other character of the file;
    /// print what changed. Lines of `<`, `>`, estimates and claims are left
    /// (exit 1 if any fails). At the file's own values: not with `--set` or
    /// `--removed`.
    #[arg(long, conflicts_with_all = ["html", "plot", "show", "effects_of_removal"])]
    pub bless: bool,
    /// Compare each file's text report with its snapshot in DIR (insta's
    /// `.snap` format, one file per rule file): a report that moved is
    /// shown as a diff and written beside as `.snap.new` (`cargo insta
    /// review` reviews it), and the run fails (exit 1); with `--bless`,
    /// the snapshots are written instead (and no `expect` line is).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["html", "plot", "format"])]
    pub snapshots: Option<String>,
    #[command(flatten)]
    pub cards: RemovedArgs,
    #[command(flatten)]
    pub game: GameArgs,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Output<'a> {
    Report(Box<Report>),
    Failed(Box<Unreported<'a>>),
}

impl<'a> Output<'a> {
    /// The entry of `file`, which could not be reported.
    fn unreported(file: &'a str, diagnostics: Vec<DiagnosticEntry>) -> Output<'a> {
        Output::Failed(Box::new(Unreported::new(file, diagnostics)))
    }
}

impl CheckArgs {
    /// Whether `--bless` rewrites `expect` lines (without `--snapshots`).
    fn blesses_lines(&self) -> bool {
        self.bless && self.snapshots.is_none()
    }
}

pub fn run(args: &CheckArgs) -> u8 {
    let (sweep, shows, removed, stderr) = match prepare(args) {
        Ok(prepared) => prepared,
        Err(stderr) => return output::finish(exit::INPUT, "", &stderr),
    };
    let (files, any_directory) = rule_files(&args.files);
    // Several files: a summary after the text. Several files or a sweep: a
    // JSON/RON array, one report per file and setting.
    let several = any_directory || files.len() > 1;
    let options = options(args, several, shows, removed);
    let mut run = Run::new(args, &options, several, stderr);
    let mut known = BTreeSet::new();
    for file in &files {
        let code = run.file(file, &sweep, &options, &mut known);
        run.codes[usize::from(code)] += 1;
        run.worst = run.worst.max(code);
    }
    if several {
        let unused = unused_overrides(&sweep, &known);
        if !unused.is_empty() {
            run.stderr.push_str(&unused);
            run.worst = run.worst.max(exit::INPUT);
        }
        run.shown_nowhere();
    }
    if several && files.len() > 1 {
        run.summary();
    }
    run.write_pages();
    run.finish(several || sweep.sweeps())
}

/// What a run needs before it reads a file: the sweep, the shows, the
/// cards removed, and the notes so far; or, where the arguments cannot
/// run, what stderr says.
fn prepare(args: &CheckArgs) -> Result<(Sweep, Shows, Vec<Removal>, String), String> {
    let mut stderr = String::new();
    if args.bless && args.files.iter().any(|f| f == super::STDIN) {
        return Err(
            "error: --bless rewrites rule files in place: standard input (`-`) cannot be\n".into(),
        );
    }
    if args.bless && (!args.game.set.is_empty() || !args.cards.removed.is_empty()) {
        return Err("error: --bless rewrites the lines at the file's own values: leave out --set and --removed (a line for another value says so with `with`)\n".into());
    }
    let Some(sweep) = sweep(&args.game.set, args.max_settings, &mut stderr) else {
        return Err(stderr);
    };
    let Some(removed) = args.cards.parse(&mut stderr) else {
        return Err(stderr);
    };
    let shows = match Shows::parse(&args.show) {
        Ok(shows) => shows,
        Err(errors) => {
            for e in errors {
                stderr.push_str(&render(e, "--show", ""));
            }
            return Err(stderr);
        }
    };
    if let Some(plot) = &args.plot {
        if args.show.is_empty() && !sweep.sweeps() {
            return Err(html::nothing(plot, "no `--show NAME` and no sweep"));
        }
    }
    if let Some(dir) = &args.html {
        html::prepare(dir)?;
    }
    Ok((sweep, shows, removed, stderr))
}

/// The analysis's options for every file of the run.
fn options(args: &CheckArgs, several: bool, shows: Shows, removed: Vec<Removal>) -> Options {
    Options {
        // With several files, each applies the overrides of the parameters
        // it declares; a name none declares is an error at the end.
        overrides: Overrides {
            settings: Vec::new(),
            undeclared: if several {
                Undeclared::Ignored
            } else {
                Undeclared::Error
            },
        },
        limits: args.game.limits(),
        lint: true,
        strict: args.strict,
        skip_pinned: false,
        max_tables: Some(usize::try_from(args.max_tables).unwrap_or(usize::MAX)),
        shows,
        removed,
        effects_of_removal: args.effects_of_removal.clone(),
        hands_alike: false,
    }
}

impl<'a> Run<'a> {
    fn new(args: &'a CheckArgs, options: &Options, several: bool, stderr: String) -> Run<'a> {
        Run {
            args,
            show: options.shows.texts().map(String::from).collect(),
            several,
            shown_somewhere: BTreeSet::new(),
            left_out: BTreeMap::new(),
            width: output::width(),
            worst: exit::OK,
            codes: [0; 3],
            outputs: Vec::new(),
            pages: Vec::new(),
            text: Styled::new(),
            stderr,
            blessed: String::new(),
            blessed_lines: 0,
            declarations: BTreeMap::new(),
            snapshots: args
                .snapshots
                .as_deref()
                .map(|dir| super::snapshots::Snapshots::new(dir, args.bless)),
        }
    }

    /// Checks one rule file: reads it, reports it at each setting, then
    /// blesses it or compares it with its snapshot; returns its exit code.
    fn file(
        &mut self,
        file: &'a RuleFile,
        sweep: &Sweep,
        options: &Options,
        known: &mut BTreeSet<String>,
    ) -> u8 {
        let from = self.outputs.len();
        let read = match file {
            Ok((path, file)) => read_path(path, file)
                .map(|source| (path.as_path(), file.as_str(), source))
                .map_err(|unreadable| (file.as_str(), unreadable)),
            Err((file, unreadable)) => Err((file.as_str(), unreadable.clone())),
        };
        let (path, file, source) = match read {
            Ok(read) => read,
            Err((file, unreadable)) => {
                self.pages.push((file, None, from));
                self.stderr.push_str(&unreadable.shown);
                self.outputs.push((
                    String::new(),
                    Output::unreported(file, vec![unreadable.entry(file)]),
                ));
                return exit::INPUT;
            }
        };
        let text_from = self.text.as_str().len();
        let mut code = match self.analyse(file, &source, sweep, options, known) {
            Ok(settings) => self.report(file, &source, settings),
            Err((at, errors)) => self.failed(file, &source, &at, errors),
        };
        if self.args.blesses_lines() && code == exit::FINDING {
            code = self.bless(path, file, &source, from);
        }
        if code != exit::INPUT {
            code = code.max(self.compare_snapshot(file, text_from));
        }
        self.pages.push((file, Some(source), from));
        code
    }

    /// With `--snapshots`: the text report of `file` (from `text_from` in
    /// the text) compared with its snapshot; the exit code it makes.
    fn compare_snapshot(&mut self, file: &str, text_from: usize) -> u8 {
        let Some(snapshots) = self.snapshots.as_mut() else {
            return exit::OK;
        };
        let report = self.text.as_str()[text_from..].trim_start_matches('\n');
        match snapshots.compare(file, report) {
            Ok(super::snapshots::Compared::Matched) => exit::OK,
            Ok(super::snapshots::Compared::Moved) => exit::FINDING,
            Err(shown) => {
                self.stderr.push_str(&shown);
                exit::INPUT
            }
        }
    }

    /// The last line of the text after several files: how many passed,
    /// failed an expect, had errors; each count not zero styled.
    fn summary(&mut self) {
        let codes = self.codes;
        let checked = codes.iter().sum::<usize>();
        self.text.push(&format!("\n{checked} file(s) checked: "));
        let parts = [
            (exit::OK, "passed", Style::Passed),
            (exit::FINDING, "failed an expect", Style::Failing),
            (exit::INPUT, "had errors", Style::Failing),
        ];
        for (i, (code, words, style)) in parts.into_iter().enumerate() {
            if i > 0 {
                self.text.push(", ");
            }
            let count = codes[usize::from(code)];
            let part = format!("{count} {words}");
            if count == 0 {
                self.text.push(&part);
            } else {
                self.text.push_in(style, &part);
            }
        }
        self.text.push("\n");
    }

    /// With `--html` and `--plot`: the pages and the chart written.
    fn write_pages(&mut self) {
        let args = self.args;
        if let Some(dir) = &args.html {
            let pages = crate::render::html::check(&self.games(), &args.show);
            if let Err(shown) = html::write(dir, &pages) {
                self.stderr.push_str(&shown);
                self.worst = exit::INPUT;
            }
        }
        if let Some(file) = &args.plot {
            let written = match self.plot() {
                Some(svg) => html::plot(file, &svg),
                None => Err(html::nothing(
                    file,
                    "no rule file has the distribution `--show` names, or a sweep",
                )),
            };
            if let Err(shown) = written {
                self.stderr.push_str(&shown);
                self.worst = exit::INPUT;
            }
        }
    }

    /// Writes what the run gives: the snapshots' diffs, what `--bless`
    /// did, or the reports in their format (an `array` of them where
    /// several files or settings were checked); returns the exit code.
    fn finish(mut self, array: bool) -> u8 {
        if let Some(snapshots) = self.snapshots.take() {
            let summary = snapshots.summary();
            let mut out = snapshots.text;
            out.push(&summary);
            return output::finish(self.worst, &paint::stdout(out), &self.stderr);
        }
        if self.args.bless {
            let files = self.codes.iter().sum::<usize>();
            let _ = writeln!(
                self.blessed,
                "blessed {} line(s) in {files} file(s)",
                self.blessed_lines
            );
            return output::finish(self.worst, &self.blessed, &self.stderr);
        }
        let stdout = match self.args.format {
            Format::Text => paint::stdout(std::mem::take(&mut self.text)),
            Format::Json | Format::Ron => self.serialised(array),
            Format::Csv => self.csv(),
            Format::Github => self.annotations(),
        };
        output::finish(self.worst, &stdout, &self.stderr)
    }

    /// The reports as JSON or RON: one report where one file was checked
    /// at one setting, else an array.
    fn serialised(&self, array: bool) -> String {
        let one = (!array && self.outputs.len() == 1).then(|| &self.outputs[0].1);
        let all: Vec<&Output> = self.outputs.iter().map(|(_, output)| output).collect();
        match (self.args.format, one) {
            (Format::Ron, Some(output)) => serial::ron(output),
            (Format::Ron, None) => serial::ron(&all),
            (_, Some(output)) => serial::json(output),
            (_, None) => serial::json(&all),
        }
    }

    /// The reports as CSV rows: each bet's, or with `--show` each
    /// distribution's.
    fn csv(&self) -> String {
        // The file of a report that does not name it: the one file checked.
        let single = self.args.files.first().map_or("", String::as_str);
        let reports: Vec<(&str, &str, &Report)> = self
            .outputs
            .iter()
            .filter_map(|(setting, output)| match output {
                Output::Report(report) => Some((
                    report.file.as_deref().unwrap_or(single),
                    setting.as_str(),
                    &**report,
                )),
                Output::Failed(_) => None,
            })
            .collect();
        if self.show.is_empty() {
            output::csv(&rows::bets(&reports))
        } else {
            output::csv(&rows::shown(&reports, &self.show))
        }
    }
}

impl Run<'_> {
    /// Every file's diagnostics (errors, failed expects, lint findings) as
    /// GitHub workflow commands, and its wrong claims as notices, once
    /// each.
    fn annotations(&self) -> String {
        let mut out = String::new();
        let mut seen = BTreeSet::new();
        for (setting, output) in &self.outputs {
            let (diagnostics, claims) = match output {
                Output::Report(report) => (&report.diagnostics, &report.claims[..]),
                Output::Failed(failed) => (&failed.diagnostics, &[][..]),
            };
            for d in diagnostics {
                let line = super::github::annotation(d, setting);
                if seen.insert(line.clone()) {
                    out.push_str(&line);
                }
            }
            let file = match output {
                Output::Report(report) => report.file.as_deref().unwrap_or(""),
                Output::Failed(failed) => failed.file,
            };
            for claim in claims.iter().filter(|c| c.checked && !c.holds) {
                let line = super::github::claim(file, claim, setting);
                if seen.insert(line.clone()) {
                    out.push_str(&line);
                }
            }
        }
        out
    }

    /// Blesses the file whose reports start at `from`: its failing
    /// `expect` lines rewritten; the file's exit code after.
    fn bless(&mut self, path: &std::path::Path, file: &str, source: &str, from: usize) -> u8 {
        let mut lines: Vec<super::bless::Line> = Vec::new();
        for (at, (_, output)) in self.outputs.iter().enumerate().skip(from) {
            let Output::Report(report) = output else {
                continue;
            };
            let declared = self.declarations.get(&at).map_or(&[][..], Vec::as_slice);
            for (i, verdict) in report.expects.iter().enumerate() {
                lines.push((verdict, declared.get(i).and_then(Option::as_ref)));
            }
        }
        match super::bless::file(path, file, source, &lines) {
            Ok(blessed) => {
                self.blessed.push_str(&blessed.text);
                self.blessed_lines += blessed.changed;
                // Nothing to bless: the finding was another (a lint denied).
                if blessed.left > 0 || blessed.changed == 0 {
                    exit::FINDING
                } else {
                    exit::OK
                }
            }
            Err(shown) => {
                self.stderr.push_str(&shown);
                exit::INPUT
            }
        }
    }
}

/// What a run of `check` has gathered so far.
struct Run<'a> {
    args: &'a CheckArgs,
    /// The `--show` expressions, as the reports name their distributions.
    show: Vec<String>,
    /// Whether several files are checked: a show some file cannot show is
    /// then left out of its report, not an error of the file.
    several: bool,
    /// The shows some file's report gives.
    shown_somewhere: BTreeSet<String>,
    /// The first reason a file could not show each show left out.
    left_out: BTreeMap<String, Error>,
    width: Option<usize>,
    worst: u8,
    /// How many files ended with each exit code.
    codes: [usize; 3],
    /// Each report or failure, with the setting of the sweep it is at.
    outputs: Vec<(String, Output<'a>)>,
    /// Each rule file: its name, its text when it could be read, and
    /// where its entries start in `outputs` (they run to the next file's).
    pages: Vec<(&'a str, Option<String>, usize)>,
    /// The text report so far, styled.
    text: Styled,
    stderr: String,
    /// With `--bless`: what was rewritten and left, and how many lines.
    blessed: String,
    blessed_lines: usize,
    /// With `--bless`: the declaration of each `expect` line of each
    /// report, by the report's place in `outputs`.
    declarations: BTreeMap<usize, Vec<Option<crate::ast::ExpectDecl>>>,
    /// With `--snapshots`: the reports compared so far.
    snapshots: Option<super::snapshots::Snapshots>,
}

impl<'a> Run<'a> {
    /// Each rule file as the HTML report shows it.
    fn games(&self) -> Vec<GameInput<'_>> {
        let ends = self
            .pages
            .iter()
            .skip(1)
            .map(|(_, _, from)| *from)
            .chain(std::iter::once(self.outputs.len()));
        self.pages
            .iter()
            .zip(ends)
            .map(|((file, source, from), to)| {
                let mut game = GameInput {
                    file,
                    source: source.as_deref(),
                    reports: Vec::new(),
                    errors: &[],
                };
                for (label, output) in &self.outputs[*from..to] {
                    match output {
                        Output::Report(report) => game.reports.push((label.as_str(), &**report)),
                        Output::Failed(failed) => game.errors = &failed.diagnostics,
                    }
                }
                game
            })
            .collect()
    }

    /// The chart `--plot` asks for: the first `--show` distribution of
    /// the first file that has it, or else the first file's sweep.
    fn plot(&self) -> Option<String> {
        let games = self.games();
        if let Some(name) = self.args.show.first() {
            return games
                .iter()
                .flat_map(|g| g.reports.first())
                .find_map(|(_, report)| crate::render::html::distribution_svg(report, name));
        }
        games
            .iter()
            .find(|g| g.swept())
            .map(|g| crate::render::html::sweep_svg(g.file, &g.reports))
    }

    /// Reports a file analysed at each of its settings; returns the file's
    /// exit code.
    fn report(&mut self, file: &'a str, source: &str, settings: Vec<AtSetting>) -> u8 {
        let mut worst = exit::OK;
        let swept = settings.len() > 1;
        // Lint findings are the file's: each found at any setting, once.
        let mut lints: Vec<Lint> = Vec::new();
        // Those found already, by their debug form (thousands of findings
        // compared each with each took seconds).
        let mut seen = BTreeSet::new();
        let mut reports = Vec::new();
        let mut labels = Vec::new();
        for at in settings {
            let failures = crate::render::failures::failures_of(&at.analysis);
            if self.args.blesses_lines() {
                let place = self.outputs.len() + reports.len();
                let declared = super::bless::declarations(&at.analysis);
                self.declarations.insert(place, declared);
            }
            let Analysis {
                mut report,
                lints: found,
                ..
            } = at.analysis;
            for lint in found {
                if seen.insert(format!("{lint:?}")) {
                    lints.push(lint);
                }
            }
            report.file = Some(file.to_string());
            if let Some(failed) = report.effects_of_removal.as_ref().and_then(|e| e.failure()) {
                worst = worst.max(exit::FINDING);
                self.stderr.push_str(&render(failed, file, source));
            }
            if !failures.is_empty() && self.args.blesses_lines() {
                // Blessed (or said to be left) after the report.
                worst = worst.max(exit::FINDING);
            } else if !failures.is_empty() {
                worst = worst.max(exit::FINDING);
                note_expect_failures(&mut report, &failures, file, source);
                let count = failures.len();
                self.stderr
                    .push_str(&render_all(failures, file, source, "error").0);
                let at = if at.label.is_empty() {
                    String::new()
                } else {
                    format!(" at {}", at.label)
                };
                let _ = writeln!(
                    self.stderr,
                    "error: {count} of {} expect line(s) failed in {file}{at}",
                    report.expects.len()
                );
            }
            labels.push(at.label);
            reports.push(report);
        }
        let Some(first) = reports.first_mut() else {
            return worst;
        };
        let code = super::lints::note(
            lints,
            &self.args.deny,
            file,
            source,
            first,
            &mut self.stderr,
        );
        worst = worst.max(code);
        let found = first.diagnostics.clone();
        for report in &mut reports[1..] {
            report.diagnostics.splice(0..0, found.iter().cloned());
        }
        self.stderr
            .push_str(&unchecked_note(&reports, &labels, file));
        if !self.text.is_empty() {
            self.text.push("\n");
        }
        if swept {
            let sweep =
                crate::render::sweep::styled(&reports, &labels, file, &self.show, self.width);
            self.text.append(sweep);
        } else {
            let text = crate::render::text::styled_listing(
                &reports[0],
                Some(file),
                &self.show,
                self.args.verbose,
            );
            self.text.append(text);
        }
        self.outputs.extend(
            labels
                .into_iter()
                .zip(reports)
                .map(|(label, r)| (label, Output::Report(Box::new(r)))),
        );
        worst
    }

    /// Analyses a file at each setting of the sweep. With several files, a
    /// show the file cannot show is left out of its report, with a note,
    /// and the file analysed again without it.
    fn analyse(
        &mut self,
        file: &str,
        source: &str,
        sweep: &crate::check::Sweep,
        options: &Options,
        known: &mut BTreeSet<String>,
    ) -> Result<Vec<AtSetting>, (String, Vec<Error>)> {
        let mut options = options.clone();
        loop {
            match analyse_swept(source, sweep, &options, known) {
                Err((_, errors))
                    if self.several
                        && !errors.is_empty()
                        && errors.iter().all(|e| matches!(e, Error::Show(_))) =>
                {
                    let mut texts = Vec::new();
                    for e in errors {
                        let Error::Show(show) = &e else { continue };
                        texts.push(show.expression.clone());
                        let _ = writeln!(self.stderr, "note: {file}: {e}; left out of its report");
                        self.left_out.entry(show.expression.clone()).or_insert(e);
                    }
                    options.shows = options.shows.without(&texts);
                }
                result => {
                    if result.is_ok() {
                        self.shown_somewhere
                            .extend(options.shows.texts().map(String::from));
                    }
                    return result;
                }
            }
        }
    }

    /// With several files, each show no file could show, as an error.
    fn shown_nowhere(&mut self) {
        for text in &self.show {
            if self.shown_somewhere.contains(text) {
                continue;
            }
            if let Some(e) = self.left_out.remove(text) {
                let option = match &e {
                    Error::Show(show) => show.option(),
                    _ => format!("`--show {text}`"),
                };
                self.stderr.push_str(&render(e, "--show", ""));
                let _ = writeln!(
                    self.stderr,
                    "error: {option}: none of the files checked can show it"
                );
                self.worst = self.worst.max(exit::INPUT);
            }
        }
    }

    /// A file that could not be checked or evaluated (at the setting `at`
    /// of a sweep); returns its exit code.
    fn failed(&mut self, file: &'a str, source: &str, at: &str, errors: Vec<crate::Error>) -> u8 {
        let count = errors.len();
        let (shown, diagnostics) = render_all(errors, file, source, "error");
        self.stderr.push_str(&shown);
        let at = if at.is_empty() {
            String::new()
        } else {
            format!(" at {at}")
        };
        let _ = writeln!(
            self.stderr,
            "error: {file}: {count} error(s){at}; no report"
        );
        self.outputs
            .push((String::new(), Output::unreported(file, diagnostics)));
        exit::INPUT
    }
}

/// The note on the lines not checked at this run's settings: as the report
/// words it for one setting; for a sweep, the first setting's, and how many
/// settings left lines unchecked.
fn unchecked_note(reports: &[Report], labels: &[String], file: &str) -> String {
    let unchecked: Vec<(&String, &Report)> = labels
        .iter()
        .zip(reports)
        .filter(|(_, r)| r.expects.iter().chain(&r.claims).any(|v| !v.checked))
        .collect();
    let Some((_, first)) = unchecked.first() else {
        return String::new();
    };
    let mut note = crate::render::text::unchecked_note(first, file);
    if reports.len() > 1 && unchecked.len() > 1 {
        let at: Vec<&str> = unchecked.iter().map(|(l, _)| l.as_str()).collect();
        let _ = writeln!(
            note,
            "note: {file}: lines were not checked at {} of {} settings: {}",
            unchecked.len(),
            reports.len(),
            at.join("; ")
        );
    }
    note
}
