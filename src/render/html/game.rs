//! The page of one rule file: its reports (one, or one per setting of a
//! sweep, after a chart of each bet's edge against the swept parameter),
//! what was found about it, and the file itself with those findings at
//! their lines. A file that could not be reported gets a page of its
//! errors, marked in its text.

use std::collections::BTreeSet;

use super::markup::{escape, Markup};
use super::page::{chart_with_table, document};
use super::sections;
use super::source::{listing, Mark};
use super::svg::{self, Axis, Chart, Lines, Series};
use crate::render::layout::percent;
use crate::report::{DiagnosticEntry, Report};

/// One rule file, as a page shows it.
pub struct GameInput<'a> {
    /// The rule file, as the command line names it.
    pub file: &'a str,
    /// Its text; `None` when it could not be read.
    pub source: Option<&'a str>,
    /// Its reports: one per setting of a sweep, with the setting's label
    /// (`decks=6`), or one with an empty label; none when it failed.
    pub reports: Vec<(&'a str, &'a Report)>,
    /// Why it has no report (its errors); empty when it has one.
    pub errors: &'a [DiagnosticEntry],
}

impl GameInput<'_> {
    /// The game's name, or the file's when it has no report.
    pub fn title(&self) -> &str {
        self.reports
            .first()
            .map_or(self.file, |(_, r)| r.game.as_str())
    }

    /// Whether the file's reports are the settings of a sweep.
    pub fn swept(&self) -> bool {
        self.reports.len() > 1 || self.reports.iter().any(|(label, _)| !label.is_empty())
    }
}

/// The page of a rule file; `show` the names whose distributions to draw.
pub fn page(game: &GameInput, show: &[String]) -> String {
    let mut body = Markup::new();
    let swept = game.swept();
    let meta = match game.reports.first() {
        Some((_, first)) => meta_line(game, first),
        None => format!("{}: no report", game.file),
    };
    if !game.errors.is_empty() {
        body.element("h2", &[("id", "errors")], "errors").line();
        body.raw(&sections::paragraph(&format!(
            "{} could not be reported: {} error(s).",
            game.file,
            game.errors.len()
        )));
        body.raw(&findings(
            game.errors.iter().map(|d| (d, Vec::new())),
            game.source.is_some(),
        ));
    }
    if swept {
        body.raw(&sweep(game));
    }
    for (i, (label, report)) in game.reports.iter().enumerate() {
        let prefix = if swept {
            format!("s{}-", i + 1)
        } else {
            String::new()
        };
        if swept {
            body.open(
                "section",
                &[("class", "setting"), ("id", &format!("s{}", i + 1))],
            )
            .line()
            .element("h2", &[], &format!("at {label}"))
            .line();
        }
        body.raw(&report_sections(
            report,
            &prefix,
            show,
            swept,
            game.source.is_some(),
        ));
        if swept {
            body.close("section").line();
        }
    }
    let found = diagnostics(game);
    if !found.is_empty() && game.errors.is_empty() {
        body.element("h2", &[("id", "findings")], "findings").line();
        body.raw(&findings(
            found.iter().map(|(d, at)| (*d, at.clone())),
            game.source.is_some(),
        ));
    }
    if let Some(source) = game.source {
        body.element("h2", &[("id", "source")], "the rule file")
            .line();
        body.raw(&sections::paragraph(game.file));
        body.raw(&listing(source, &marks(game, &found), ""));
    }
    document(game.title(), &meta, &body.finish(), false)
}

/// The line under the title: the file, the parameters (those every
/// setting shares) and the table rules.
fn meta_line(game: &GameInput, first: &Report) -> String {
    let fixed: Vec<String> = first
        .params
        .iter()
        .filter(|(name, value)| {
            game.reports
                .iter()
                .all(|(_, r)| r.params.get(*name) == Some(*value))
        })
        .map(|(name, value)| format!("{name} = {value}"))
        .collect();
    let mut meta = game.file.to_string();
    if !fixed.is_empty() {
        meta.push_str(&format!("; parameters: {}", fixed.join(", ")));
    }
    if game.swept() {
        let labels: Vec<&str> = game.reports.iter().map(|(l, _)| *l).collect();
        meta.push_str(&format!("; settings: {}", labels.join("; ")));
    }
    if let Some(table) = &first.table {
        meta.push_str(&format!("; table: {}", table.line()));
    }
    meta
}

/// The sections of one report (at one setting): ids begin with `prefix`.
fn report_sections(
    report: &Report,
    prefix: &str,
    show: &[String],
    swept: bool,
    linked: bool,
) -> String {
    let level = if swept { "h3" } else { "h2" };
    let mut m = Markup::new();
    m.element(level, &[], "house edges").line();
    m.raw(&sections::key_figures(
        report,
        &format!("{prefix}key-figures"),
    ));
    if let Some(c) = &report.choice {
        m.raw(&sections::choice(c));
    }
    if let Some(s) = &report.strategies {
        m.raw(&sections::strategies(s));
    }
    if !report.results.is_empty() {
        m.element(level, &[], "round outcomes").line();
        m.raw(&sections::outcomes(report, &format!("{prefix}outcomes")));
    }
    for (i, v) in report.values.iter().enumerate() {
        if show.contains(&v.name) {
            m.raw(&sections::distribution(
                v,
                &format!("{prefix}value{}", i + 1),
            ));
        }
    }
    for v in &report.values {
        if let (Some(mean), false) = (&v.mean, show.contains(&v.name)) {
            m.open("p", &[])
                .text(&format!("mean {}: ", v.name))
                .element("span", &[("class", "exact")], &mean.to_string())
                .text(&format!(
                    " = {}",
                    crate::render::layout::trim_float(mean.to_f64())
                ))
                .close("p")
                .line();
        }
    }
    m.element(level, &[], "bets").line();
    for (i, bet) in report.bets.iter().enumerate() {
        m.raw(&sections::bet(bet, &format!("{prefix}bet{}", i + 1)));
    }
    let anchor = linked.then_some("");
    if !report.expects.is_empty() {
        m.element(level, &[], "expect").line();
        m.raw(&sections::verdicts(report, &report.expects, false, anchor));
    }
    if !report.claims.is_empty() {
        m.element(level, &[], "claims of the rule book").line();
        m.raw(&sections::verdicts(report, &report.claims, true, anchor));
    }
    m.finish()
}

/// Every diagnostic of the file's reports, once, with the settings of a
/// sweep it was found at (none when found at every setting).
fn diagnostics<'a>(game: &'a GameInput) -> Vec<(&'a DiagnosticEntry, Vec<&'a str>)> {
    let mut out: Vec<(&DiagnosticEntry, Vec<&str>)> = Vec::new();
    for (label, report) in &game.reports {
        for d in &report.diagnostics {
            match out.iter_mut().find(|(e, _)| *e == d) {
                Some((_, at)) => at.push(label),
                None => out.push((d, vec![label])),
            }
        }
    }
    let settings = game.reports.len();
    for (_, at) in &mut out {
        if at.len() == settings || !game.swept() {
            at.clear();
        }
    }
    out
}

/// A list of findings, each with a link to its line.
fn findings<'a>(
    found: impl Iterator<Item = (&'a DiagnosticEntry, Vec<&'a str>)>,
    linked: bool,
) -> String {
    let mut m = Markup::new();
    m.open("ul", &[("class", "findings")]).line();
    for (d, at) in found {
        let class = if d.severity == "warning" {
            "warn"
        } else {
            "bad"
        };
        m.open("li", &[])
            .element(
                "span",
                &[("class", &format!("verdict {class}"))],
                &d.severity,
            )
            .text(" ");
        if linked {
            m.element(
                "a",
                &[("href", &format!("#L{}", d.line))],
                &format!("line {}:{}", d.line, d.column),
            );
        } else {
            m.text(&format!("line {}:{}", d.line, d.column));
        }
        if !d.code.is_empty() {
            m.text(" ").element("code", &[], &d.code);
        }
        m.text(&format!(" {}", d.message));
        if !at.is_empty() {
            m.text(&format!(" (at {})", at.join("; ")));
        }
        m.close("li").line();
    }
    m.close("ul").line();
    m.finish()
}

/// The marks of the rule file: every finding, and the verdict of each
/// `expect` and `claim` line (a failed expect is a finding already).
fn marks(game: &GameInput, found: &[(&DiagnosticEntry, Vec<&str>)]) -> Vec<Mark> {
    let mut out: Vec<Mark> = game.errors.iter().map(|d| Mark::of(d, &[])).collect();
    out.extend(found.iter().map(|(d, at)| Mark::of(d, at)));
    let Some((_, first)) = game.reports.first() else {
        return out;
    };
    let kinds = [
        (false, "expect", "ok", "FAILED"),
        (true, "claim", "right", "wrong"),
    ];
    for (claims, kind, yes, no) in kinds {
        let count = if claims {
            first.claims.len()
        } else {
            first.expects.len()
        };
        for i in 0..count {
            // The verdict at each setting, and the settings of each.
            let mut words: Vec<(&str, &str, Vec<&str>)> = Vec::new();
            let mut line = 0;
            for (label, report) in &game.reports {
                let verdicts = if claims {
                    &report.claims
                } else {
                    &report.expects
                };
                let Some(v) = verdicts.get(i) else { continue };
                line = v.line;
                let (word, class, _) = sections::verdict_status(report, v, yes, no);
                match words.iter_mut().find(|(w, _, _)| *w == word) {
                    Some((_, _, at)) => at.push(label),
                    None => words.push((word, class, vec![label])),
                }
            }
            if line == 0 || (!claims && words.iter().all(|(w, _, _)| *w == no)) {
                continue;
            }
            let note = if words.len() == 1 || !game.swept() {
                let (word, _, _) = &words[0];
                let detail = game.reports.first().and_then(|(_, r)| {
                    let v = if claims {
                        r.claims.get(i)
                    } else {
                        r.expects.get(i)
                    }?;
                    Some(sections::verdict_status(r, v, yes, no).2)
                });
                format!("{kind}: {word}, {}", detail.unwrap_or_default())
            } else {
                let parts: Vec<String> = words
                    .iter()
                    .map(|(w, _, at)| format!("{w} at {}", at.join(", ")))
                    .collect();
                format!("{kind}: {}", parts.join("; "))
            };
            let class = if words.iter().any(|(_, c, _)| *c == "bad") {
                if claims {
                    "warning"
                } else {
                    "error"
                }
            } else if words.iter().all(|(_, c, _)| *c == "ok") {
                "ok"
            } else {
                "muted"
            };
            // A failed claim is noted, not shaded: it fails nothing.
            let class = if claims && class == "warning" {
                "muted"
            } else {
                class
            };
            out.push(Mark {
                line,
                end_line: line,
                class,
                note,
            });
        }
    }
    out
}

/// The bets of a sweep's reports, in the order they first appear.
fn swept_bets<'a>(reports: &[&'a Report]) -> Vec<&'a str> {
    let mut bets: Vec<&str> = Vec::new();
    for r in reports {
        for b in &r.bets {
            if !bets.contains(&b.bet.as_str()) {
                bets.push(&b.bet);
            }
        }
    }
    bets
}

/// The chart of a sweep: each bet's house edge against the swept
/// parameter (or the settings in order, when several are swept or a value
/// is not a number).
pub fn sweep_chart(game: &GameInput) -> String {
    let reports: Vec<&Report> = game.reports.iter().map(|(_, r)| *r).collect();
    let labels: Vec<String> = game.reports.iter().map(|(l, _)| l.to_string()).collect();
    let (axis, xs, x_label) = sweep_axis(&reports, &labels);
    let series: Vec<Series> = swept_bets(&reports)
        .iter()
        .enumerate()
        .map(|(i, name)| Series {
            name: format!("bet {name}"),
            points: reports
                .iter()
                .zip(&xs)
                .filter_map(|(r, x)| {
                    let b = r.bets.iter().find(|b| b.bet == *name)?;
                    Some((*x, b.house_edge_percent))
                })
                .collect(),
            band: Vec::new(),
            class: format!("s{}", i % 8),
            dots: true,
        })
        .collect();
    svg::lines(
        &Chart {
            id: "sweep-chart",
            title: &format!("{}: each bet's house edge at each setting", game.title()),
            description: &format!(
                "One line per bet: its house edge in percent against {x_label}; the table beside gives each exactly."
            ),
        },
        &Lines {
            axis,
            x_label,
            y_label: "house edge (%)".to_string(),
            series,
            y_range: None,
            spans: Vec::new(),
            marks: Vec::new(),
        },
    )
}

/// The sweep's section: its chart beside the table of each bet's house
/// edge at each setting.
fn sweep(game: &GameInput) -> String {
    let reports: Vec<&Report> = game.reports.iter().map(|(_, r)| *r).collect();
    let bets = swept_bets(&reports);
    let mut t = Markup::new();
    t.open("div", &[("class", "scroll")])
        .open("table", &[("class", "sweep")])
        .line()
        .open("tr", &[])
        .element("th", &[], "setting");
    for (i, b) in bets.iter().enumerate() {
        t.open("th", &[])
            .element("span", &[("class", &format!("key s{}", i % 8))], "")
            .text(&format!("{b}: house edge"))
            .close("th");
    }
    t.close("tr").line();
    for (i, (label, report)) in game.reports.iter().enumerate() {
        t.open("tr", &[])
            .open("td", &[])
            .element("a", &[("href", &format!("#s{}", i + 1))], label)
            .close("td");
        for b in &bets {
            let cell = report
                .bets
                .iter()
                .find(|x| x.bet == *b)
                .map_or("-".to_string(), |x| {
                    format!("{} = {}", x.house_edge, percent(x.house_edge_percent))
                });
            t.element("td", &[("class", "exact")], &cell);
        }
        t.close("tr").line();
    }
    t.close("table").close("div").line();
    let mut m = Markup::new();
    m.open("section", &[("class", "sweep"), ("id", "sweep")])
        .line()
        .element("h2", &[], "sweep")
        .line();
    m.raw(&chart_with_table(
        &sweep_chart(game),
        "Each bet's house edge at each setting.",
        &t.finish(),
    ));
    m.close("section").line();
    m.finish()
}

/// The axis of a sweep: the swept parameter's values when one parameter
/// changes and every value is a number, else the settings in order.
pub fn sweep_axis(reports: &[&Report], labels: &[String]) -> (Axis, Vec<f64>, String) {
    let names: BTreeSet<&String> = reports
        .iter()
        .flat_map(|r| r.params.keys())
        .filter(|name| {
            let first = reports.first().and_then(|r| r.params.get(*name));
            reports.iter().any(|r| r.params.get(*name) != first)
        })
        .collect();
    if let [name] = names.into_iter().collect::<Vec<_>>()[..] {
        let values: Option<Vec<f64>> = reports
            .iter()
            .map(|r| {
                let v = r.params.get(name)?;
                crate::number::Exact::parse_literal(v).map(|e| e.to_f64())
            })
            .collect();
        if let Some(values) = values {
            return (Axis::Linear, values, name.clone());
        }
    }
    (
        Axis::Labels(labels.to_vec()),
        (0..labels.len()).map(|i| i as f64).collect(),
        "setting".to_string(),
    )
}

/// A short summary of a game for the index: each bet's house edge.
pub fn edges(report: &Report) -> String {
    let parts: Vec<String> = report
        .bets
        .iter()
        .map(|b| format!("{} {}", b.bet, percent(b.house_edge_percent)))
        .collect();
    escape(&parts.join(", "))
}
