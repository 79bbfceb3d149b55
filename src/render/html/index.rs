//! The index of a report: a row per page with the game's key figures,
//! and for `compare` the comparison itself (each bet's edge in every file
//! as bars beside the table).

use super::game::{edges, GameInput};
use super::markup::Markup;
use super::page::{chart_with_table, document};
use super::svg::{self, Bar, Chart};
use crate::number::Exact;
use crate::render::layout::percent;
use crate::report::compare::Comparison;

/// A page of the report and what the index says of it.
pub struct Entry<'a> {
    /// The page's file name (`heist.html`).
    pub href: String,
    /// The game, as the file names it.
    pub game: &'a GameInput<'a>,
}

/// The index of `check`'s (or `compare`'s) pages; `before` is markup put
/// above the list (the comparison); `linted` whether the files were
/// linted (`compare` does not lint).
pub fn index(title: &str, meta: &str, entries: &[Entry], before: &str, linted: bool) -> String {
    let mut m = Markup::new();
    m.raw(before);
    m.element("h2", &[], "pages").line();
    m.open("table", &[("class", "index")]).line().row(
        "th",
        &[
            ("", "game"),
            ("", "file"),
            ("", "house edges"),
            ("", "expect"),
            ("", "claims"),
            ("", "findings"),
        ],
    );
    for e in entries {
        let g = e.game;
        m.open("tr", &[])
            .open("td", &[])
            .element("a", &[("href", &e.href)], g.title())
            .close("td")
            .element("td", &[], g.file);
        match g.reports.first() {
            None => {
                m.element(
                    "td",
                    &[("class", "bad")],
                    &format!("no report: {} error(s)", g.errors.len()),
                )
                .element("td", &[], "")
                .element("td", &[], "")
                .element("td", &[], "");
            }
            Some((_, first)) => {
                let settings = if g.swept() {
                    format!(" (at {}; {} settings)", g.reports[0].0, g.reports.len())
                } else {
                    String::new()
                };
                m.open("td", &[("class", "edges")])
                    .raw(&edges(first))
                    .text(&settings)
                    .close("td");
                let (mut ok, mut failed, mut unchecked) = (0, 0, 0);
                let (mut right, mut wrong) = (0, 0);
                for (_, r) in &g.reports {
                    for v in &r.expects {
                        match (v.checked, v.holds) {
                            (false, _) => unchecked += 1,
                            (true, true) => ok += 1,
                            (true, false) => failed += 1,
                        }
                    }
                    for v in r.claims.iter().filter(|v| v.checked) {
                        if v.holds {
                            right += 1;
                        } else {
                            wrong += 1;
                        }
                    }
                }
                let mut expect = format!("{ok} ok");
                if failed > 0 {
                    expect.push_str(&format!(", {failed} failed"));
                }
                if unchecked > 0 {
                    expect.push_str(&format!(", {unchecked} not checked"));
                }
                let class = if failed > 0 { "bad" } else { "" };
                m.element("td", &[("class", class)], &expect).element(
                    "td",
                    &[],
                    &format!("{right} right, {wrong} wrong"),
                );
                let findings = first
                    .diagnostics
                    .iter()
                    .filter(|d| d.code.starts_with("dice::lint"))
                    .count();
                let findings = if linted {
                    findings.to_string()
                } else {
                    "not linted".to_string()
                };
                m.element("td", &[], &findings);
            }
        }
        m.close("tr").line();
    }
    m.close("table").line();
    document(title, meta, &m.finish(), true)
}

/// A table of the bets (rows) in every file (columns), each cell `-` where
/// the file has none.
fn bet_table<'c>(
    m: &mut Markup,
    files: &[String],
    rows: impl Iterator<Item = (&'c str, Vec<Option<String>>)>,
) {
    m.open("div", &[("class", "scroll")])
        .open("table", &[("class", "comparison")])
        .line()
        .open("tr", &[])
        .element("th", &[], "bet");
    for f in files {
        m.element("th", &[], f);
    }
    m.close("tr").line();
    for (bet, cells) in rows {
        m.open("tr", &[]).element("td", &[], bet);
        for cell in cells {
            let cell = cell.unwrap_or_else(|| "-".to_string());
            m.element("td", &[("class", "exact")], &cell);
        }
        m.close("tr").line();
    }
    m.close("table").close("div").line();
}

/// An exact figure as a cell: `x = p%`, with its change from the first
/// file's (`d`, exactly) where there is one.
fn figure_cell(x: &Exact, percent_of_x: f64, change: Option<&Exact>) -> String {
    let change = change.map_or(String::new(), |d| {
        format!(" (change {d} = {:+.4} points)", d.to_f64() * 100.0)
    });
    format!("{x} = {}{change}", percent(percent_of_x))
}

/// The element of risk of each bet that stakes a name in some file, in
/// every file (with each change from the first file), as the edges are.
fn risks(m: &mut Markup, comparison: &Comparison) {
    let staked: Vec<_> = (comparison.bets.iter())
        .filter(|b| {
            b.files
                .iter()
                .flatten()
                .any(|e| e.element_of_risk.is_some())
        })
        .collect();
    if staked.is_empty() {
        return;
    }
    m.element("h3", &[], "element of risk").line();
    let rows = staked.into_iter().map(|b| {
        let cells = (b.files.iter())
            .map(|e| {
                let e = e.as_ref()?;
                let risk = e.element_of_risk.as_ref()?;
                let percent_of_risk = e.element_of_risk_percent.unwrap_or(0.0);
                Some(figure_cell(
                    risk,
                    percent_of_risk,
                    e.element_of_risk_difference.as_ref(),
                ))
            })
            .collect();
        (b.bet.as_str(), cells)
    });
    bet_table(m, &comparison.files, rows);
}

/// The comparison of `compare`: per bet, its edge in every file as bars
/// beside the table (with each change from the first file).
pub fn comparison(comparison: &Comparison) -> String {
    let mut m = Markup::new();
    m.element("h2", &[], "comparison").line();
    let rows = comparison.bets.iter().map(|b| {
        let cells = (b.files.iter())
            .map(|e| {
                let e = e.as_ref()?;
                Some(figure_cell(
                    &e.house_edge,
                    e.house_edge_percent,
                    e.difference.as_ref(),
                ))
            })
            .collect();
        (b.bet.as_str(), cells)
    });
    bet_table(&mut m, &comparison.files, rows);
    risks(&mut m, comparison);
    for (i, b) in comparison.bets.iter().enumerate() {
        let bars: Vec<Bar> = comparison
            .files
            .iter()
            .zip(&b.files)
            .filter_map(|(f, e)| {
                let e = e.as_ref()?;
                Some(Bar {
                    label: f.clone(),
                    value: e.house_edge_percent,
                    text: percent(e.house_edge_percent),
                    class: if e.house_edge.is_negative() {
                        "neg".to_string()
                    } else {
                        String::new()
                    },
                })
            })
            .collect();
        let chart = svg::bars(
            &Chart {
                id: &format!("compare-bet{}", i + 1),
                title: &format!("bet {}: its house edge in each file", b.bet),
                description: "One bar per file, as long as the bet's house edge in percent (below zero: the bettor is ahead); the table above gives each exactly.",
            },
            &bars,
        );
        m.element("h3", &[], &format!("bet {}", b.bet)).line();
        m.raw(&chart_with_table(
            &chart,
            &format!("The house edge of bet {} in each file.", b.bet),
            "",
        ));
    }
    m.finish()
}
