//! The sections of a game's report as HTML: the key figures, the round's
//! outcomes, each bet (its settlement bars beside the exact table and its
//! figures), each distribution `--show` names (columns, with the chance of
//! at least and at most each value), the choice and the strategies (a
//! decision known by two or three values as grids, [`super::grid`]), and
//! the verdicts of `expect` and `claim` lines. Every number a chart draws
//! is also in a table beside it; exact figures are written whole.

use super::markup::{escape, Markup};
use super::page::chart_with_table;
use super::svg::{self, Bar, Chart, Column};
use crate::number::Exact;
use crate::render::grid;
use crate::render::layout::{percent, short};
use crate::render::text::{
    listed, situations, summary_sentence, unchecked_detail, unlisted, verdict_detail, MOST_LISTED,
};
use crate::report::{
    BetReport, ChoiceReport, InfoSetRow, Report, StrategyReport, ValueDistribution, Verdict,
};

/// The longest exact number a chart writes beside its percentage; a
/// longer one is in the table only.
const CHART_EXACT: usize = 12;

/// A probability as a chart writes it: `35/1296 = 2.7006%`, or the
/// percentage alone when the fraction is long.
fn figure(p: &Exact, percent_value: f64) -> String {
    let exact = p.to_string();
    if exact.len() <= CHART_EXACT {
        format!("{exact} = {}", percent(percent_value))
    } else {
        percent(percent_value)
    }
}

/// `percent(x × 100)`.
fn pct(x: &Exact) -> String {
    percent(x.to_f64() * 100.0)
}

/// The key figures of every bet: a table of house edges (with the edge
/// excluding pushes where there is one) and standard deviations.
pub fn key_figures(report: &Report, id: &str) -> String {
    let mut m = Markup::new();
    m.open("table", &[("class", "key-figures"), ("id", id)])
        .line()
        .row(
            "th",
            &[
                ("", "bet"),
                ("", "house edge"),
                ("num", "percent"),
                ("", "excluding pushes"),
                ("num", "std dev (float)"),
            ],
        );
    for bet in &report.bets {
        let pushes = bet
            .house_edge_excluding_pushes
            .as_ref()
            .map_or("-".to_string(), |e| format!("{e} = {}", pct(e)));
        m.row(
            "td",
            &[
                ("", &bet.bet),
                ("exact", &bet.house_edge.to_string()),
                ("num", &percent(bet.house_edge_percent)),
                ("exact", &pushes),
                ("num", &format!("{:.6}", bet.std_dev)),
            ],
        );
    }
    m.close("table").line();
    m.finish()
}

/// The probability of each outcome of a round: bars and their table.
pub fn outcomes(report: &Report, id: &str) -> String {
    let bars: Vec<Bar> = report
        .results
        .iter()
        .map(|r| Bar {
            label: r.outcome.clone(),
            value: r.percent,
            text: figure(&r.probability, r.percent),
            class: String::new(),
        })
        .collect();
    let chart = svg::bars(
        &Chart {
            id,
            title: &format!("{}: the outcomes of a round", report.game),
            description: "One bar per outcome, as long as its probability; the table beside gives each exactly.",
        },
        &bars,
    );
    let mut m = Markup::new();
    m.open("table", &[("class", "outcomes")]).line().row(
        "th",
        &[("", "outcome"), ("", "probability"), ("num", "percent")],
    );
    for r in &report.results {
        m.row(
            "td",
            &[
                ("", &r.outcome),
                ("exact", &r.probability.to_string()),
                ("num", &percent(r.percent)),
            ],
        );
    }
    m.close("table").line();
    chart_with_table(&chart, "The probability of each outcome.", &m.finish())
}

/// One bet: its figures, and its settlements as bars beside their table.
pub fn bet(bet: &BetReport, id: &str) -> String {
    let mut m = Markup::new();
    m.open("section", &[("class", "bet"), ("id", id)])
        .line()
        .element("h3", &[], &format!("bet {}", bet.bet))
        .line();
    m.open("dl", &[("class", "figures")]).line();
    let mut item = |term: &str, class: &str, value: &str| {
        m.element("dt", &[], term)
            .element("dd", &[("class", class)], value)
            .line();
    };
    item(
        "house edge",
        "exact house-edge",
        &bet.house_edge.to_string(),
    );
    item(
        "house edge, percent",
        "house-edge-percent",
        &percent(bet.house_edge_percent),
    );
    if let (Some(e), Some(p)) = (
        &bet.house_edge_excluding_pushes,
        bet.house_edge_excluding_pushes_percent,
    ) {
        item(
            "excluding pushes",
            "exact",
            &format!("{e} = {}", percent(p)),
        );
    }
    if let Some(staking) = &bet.staking {
        let average = match (&bet.average_wager, bet.average_wager_float) {
            (Some(a), Some(f)) => format!("{a} = {f:.6} (staking {staking})"),
            _ => format!("- (staking {staking})"),
        };
        item("average wager", "exact average-wager", &average);
        let risk = match (&bet.element_of_risk, bet.element_of_risk_percent) {
            (Some(r), Some(p)) => format!("{r} = {}", percent(p)),
            _ => "- (no average wager)".to_string(),
        };
        item("element of risk", "exact element-of-risk", &risk);
    }
    item(
        "expected value",
        "exact ev",
        &format!("{} = {}", bet.ev, pct(&bet.ev)),
    );
    item(
        "hit frequency",
        "exact",
        &format!("{} = {}", bet.hit_frequency, pct(&bet.hit_frequency)),
    );
    item("variance", "exact variance", &bet.variance.to_string());
    item(
        "standard deviation",
        "",
        &format!("{:.6} (float)", bet.std_dev),
    );
    m.close("dl").line();
    let bars: Vec<Bar> = bet
        .outcomes
        .iter()
        .map(|o| Bar {
            label: o.outcome.clone(),
            value: o.percent,
            text: figure(&o.probability, o.percent),
            class: if o.net.is_negative() {
                "neg".to_string()
            } else {
                String::new()
            },
        })
        .collect();
    let chart = svg::bars(
        &Chart {
            id: &format!("{id}-chart"),
            title: &format!("bet {}: its settlements", bet.bet),
            description: "One bar per settlement, as long as its probability (losses in the second colour); the table beside gives each exactly.",
        },
        &bars,
    );
    let mut t = Markup::new();
    t.open("table", &[("class", "settlements")]).line().row(
        "th",
        &[
            ("", "settlement"),
            ("num", "net"),
            ("", "probability"),
            ("num", "percent"),
        ],
    );
    for o in &bet.outcomes {
        t.row(
            "td",
            &[
                ("", &o.outcome),
                ("num exact", &o.net.to_string()),
                ("exact", &o.probability.to_string()),
                ("num", &percent(o.percent)),
            ],
        );
    }
    t.close("table").line();
    m.raw(&chart_with_table(
        &chart,
        &format!("The settlements of bet {}.", bet.bet),
        &t.finish(),
    ));
    m.close("section").line();
    m.finish()
}

/// The smallest percentage that widens a distribution's chart: the
/// values beyond the last (and before the first) as large are left out of
/// the chart, not of the table.
const CHARTED_PERCENT: f64 = 0.01;

/// The rows a distribution's chart draws: from the first to the last
/// whose percentage is at least [`CHARTED_PERCENT`] (every row when none
/// is).
fn charted(v: &ValueDistribution) -> std::ops::Range<usize> {
    let big = |r: &&crate::report::ValueRow| r.percent >= CHARTED_PERCENT;
    match (
        v.rows.iter().position(|r| big(&r)),
        v.rows.iter().rposition(|r| big(&r)),
    ) {
        (Some(first), Some(last)) => first..last + 1,
        _ => 0..v.rows.len(),
    }
}

/// The chart of a distribution: a column per value (the rare values at
/// either end left out).
pub fn distribution_chart(v: &ValueDistribution, id: &str) -> String {
    let range = charted(v);
    let cut = range.len() < v.rows.len();
    let columns: Vec<Column> = v.rows[range.clone()]
        .iter()
        .map(|r| Column {
            label: r.value.to_string(),
            value: r.percent,
            title: format!(
                "{} = {}: {} = {}; at least {}: {}; at most {}: {}",
                v.name,
                r.value,
                short(&r.probability.to_string()),
                percent(r.percent),
                r.value,
                pct(&r.at_least),
                r.value,
                pct(&r.at_most)
            ),
        })
        .collect();
    let description = format!(
        "One column per value of {}{}, as tall as the percentage of rounds ending with it; the table beside gives each exactly, with the chance of at least and at most it.",
        v.name,
        if cut {
            format!(
                " from {} to {} (the values beyond, each under {CHARTED_PERCENT}%, are in the table only)",
                v.rows[range.start].value,
                v.rows[range.end - 1].value
            )
        } else {
            String::new()
        }
    );
    svg::columns(
        &Chart {
            id,
            title: &format!("the distribution of {}", v.name),
            description: &description,
        },
        &columns,
        &v.name,
        "percent of rounds",
    )
}

/// A distribution `--show` names: a column per value beside the table of
/// each value's probability, the chance of at least and at most it, and
/// what it pays.
pub fn distribution(v: &ValueDistribution, id: &str) -> String {
    let chart = distribution_chart(v, &format!("{id}-chart"));
    let mut t = Markup::new();
    t.open("div", &[("class", "scroll")])
        .open("table", &[("class", "distribution")])
        .line()
        .row(
            "th",
            &[
                ("num", &v.name),
                ("", "probability"),
                ("num", "percent"),
                ("", "at least"),
                ("", "at most"),
                ("", "pays"),
            ],
        );
    for r in &v.rows {
        t.row(
            "td",
            &[
                ("num", &r.value.to_string()),
                ("exact", &r.probability.to_string()),
                ("num", &percent(r.percent)),
                ("exact", &format!("{} = {}", r.at_least, pct(&r.at_least))),
                ("exact", &format!("{} = {}", r.at_most, pct(&r.at_most))),
                ("", &r.pays.join(", ")),
            ],
        );
    }
    t.close("table").close("div").line();
    let mut m = Markup::new();
    m.open("section", &[("class", "distribution"), ("id", id)])
        .line()
        .element("h3", &[], &format!("distribution of {}", v.name))
        .line();
    if let Some(mean) = &v.mean {
        m.open("p", &[])
            .text("mean: ")
            .element("span", &[("class", "exact")], &mean.to_string())
            .text(&format!(
                " = {}",
                crate::render::layout::trim_float(mean.to_f64())
            ))
            .close("p")
            .line();
    }
    let range = charted(v);
    let caption = if range.len() < v.rows.len() {
        format!(
            "The distribution of {}: the chart shows {} to {}; the values beyond, each under {CHARTED_PERCENT}% of rounds, are in the table.",
            v.name,
            v.rows[range.start].value,
            v.rows[range.end - 1].value
        )
    } else {
        format!("The distribution of {}.", v.name)
    };
    m.raw(&chart_with_table(&chart, &caption, &t.finish()));
    m.close("section").line();
    m.finish()
}

/// The round's announced choice: each option's house edge for every bet,
/// the chosen one marked.
pub fn choice(c: &ChoiceReport) -> String {
    let mut m = Markup::new();
    m.element("h3", &[], &format!("choice {}, made by {}", c.name, c.by))
        .line();
    m.open("table", &[("class", "choice")]).line();
    let mut header = c.header();
    header.push(String::new());
    let cells: Vec<(&str, &str)> = header.iter().map(|h| ("", h.as_str())).collect();
    m.row("th", &cells);
    for o in &c.options {
        let mut row: Vec<String> = vec![o.value.to_string()];
        row.extend(
            o.house_edges
                .iter()
                .map(|(_, e)| format!("{e} = {}", pct(e))),
        );
        row.push(if o.value == c.chosen {
            "chosen".to_string()
        } else {
            String::new()
        });
        let cells: Vec<(&str, &str)> = row
            .iter()
            .enumerate()
            .map(|(i, t)| (if i == 0 { "num" } else { "exact" }, t.as_str()))
            .collect();
        m.row("td", &cells);
    }
    m.close("table").line();
    let said = if c.matters {
        format!(
            "The best option for bet {} is {} = {}; the figures of this report are for it.",
            c.for_bet, c.name, c.chosen
        )
    } else {
        format!(
            "The choice does not matter: every option gives the same distribution; the figures are for {} = {}.",
            c.name, c.chosen
        )
    };
    m.element("p", &[], &said).line();
    m.finish()
}

/// The strategies solved for: every information set, its options with the
/// probability the strategy takes each and what it is worth there.
pub fn strategies(s: &StrategyReport) -> String {
    let title = match s.solution {
        "best" => format!("strategy: the best for bet {}", s.sides.join(", ")),
        "zero_sum" => format!(
            "strategies: the equilibrium of {} against {} (zero-sum)",
            s.sides.first().map_or("", String::as_str),
            s.sides.get(1).map_or("", String::as_str)
        ),
        _ => format!(
            "strategies: an equilibrium of {} against {} (each side plays its best against the other)",
            s.sides.first().map_or("", String::as_str),
            s.sides.get(1).map_or("", String::as_str)
        ),
    };
    let mut m = Markup::new();
    m.element("h3", &[], &title).line();
    if let Some(v) = &s.game_value {
        m.open("p", &[])
            .text(&format!(
                "The value of the game for {}: ",
                s.sides.first().map_or("", String::as_str)
            ))
            .element("span", &[("class", "exact")], &v.to_string())
            .text(&format!(" = {} per unit staked.", pct(v)))
            .close("p")
            .line();
    }
    for summary in &s.summaries {
        m.open("p", &[("class", "summary")])
            .element("code", &[], &summary.decision)
            .text(&format!(": {}.", summary_sentence(summary)))
            .close("p")
            .line();
    }
    for u in &s.unlisted {
        m.element("p", &[("class", "muted")], &format!("{}.", unlisted(u)))
            .line();
    }
    let counts = situations(s);
    let grids = grid::grids(s);
    let drawn = |decision: &str| grids.iter().any(|g| g.decision == decision);
    let mut tables = false;
    for g in &grids {
        super::grid::grids(&mut m, g);
        let n = (counts.iter())
            .find(|(decision, _)| decision == g.decision)
            .map_or(0, |(_, n)| *n);
        tables |= all_situations(
            &mut m,
            s,
            g.decision,
            n,
            "every situation, each option with its probability and value",
        );
    }
    let mut shown = (s.decisions.iter())
        .filter(|d| listed(&counts, d, MOST_LISTED) && !drawn(&d.decision))
        .peekable();
    if shown.peek().is_some() {
        strategy_table(&mut m, shown);
        tables = true;
    }
    let folded = |(decision, n): &&(String, usize)| *n > MOST_LISTED && !drawn(decision);
    for (decision, n) in counts.iter().filter(folded) {
        tables |= all_situations(&mut m, s, decision, *n, &format!("all {n} situations"));
    }
    if !tables {
        return m.finish();
    }
    m.element(
        "p",
        &[("class", "muted")],
        "value: the chooser's expected net per unit staked, given the round comes here and it takes the option.",
    )
    .line();
    m.finish()
}

/// A decision's `n` situations folded under a `<details>` whose summary
/// says `what` they are (`all 1820 situations`), each option a row; past
/// [`MOST_IN_PAGE`], a line saying how many there are. Whether a table
/// was written.
fn all_situations(
    m: &mut Markup,
    s: &StrategyReport,
    decision: &str,
    n: usize,
    what: &str,
) -> bool {
    if n > MOST_IN_PAGE {
        m.open("p", &[("class", "muted")])
            .element("code", &[], decision)
            .text(&format!(
                ": {n} situations, more than {MOST_IN_PAGE} to show in a page; "
            ))
            .element("code", &[], "--format json")
            .text(" lists them all.")
            .close("p")
            .line();
        return false;
    }
    m.open("details", &[])
        .open("summary", &[])
        .element("code", &[], decision)
        .text(&format!(": {what}"))
        .close("summary")
        .line();
    strategy_table(m, s.decisions.iter().filter(|d| d.decision == decision));
    m.close("details").line();
    true
}

/// The most situations of one decision a page lists, folded in a
/// `<details>` past [`MOST_LISTED`]; past it the page says how many there
/// are (docs/language.md section 10.4).
pub const MOST_IN_PAGE: usize = 2000;

/// A table of information sets, a row for each option.
fn strategy_table<'a>(m: &mut Markup, decisions: impl Iterator<Item = &'a InfoSetRow>) {
    m.open("div", &[("class", "scroll")])
        .open("table", &[("class", "strategies")])
        .line()
        .row(
            "th",
            &[
                ("", "choice"),
                ("", "by"),
                ("", "knowing"),
                ("", "reach"),
                ("", "option"),
                ("", "probability"),
                ("", "value"),
                ("", ""),
            ],
        );
    for d in decisions {
        let knowing = d.known();
        let knowing = if knowing.is_empty() {
            "nothing".to_string()
        } else {
            knowing.join(", ")
        };
        let reach = d.reach.to_string();
        for (i, o) in d.options.iter().enumerate() {
            let first = i == 0;
            let cell = |t: &str| if first { t.to_string() } else { String::new() };
            let ev =
                o.ev.as_ref()
                    .map_or("never reached".to_string(), |v| v.to_string());
            let probability = o.probability.to_string();
            let mixed = !o.probability.is_zero() && o.probability != Exact::one();
            let best = match (o.best, mixed) {
                (true, true) => "best, mixed",
                (true, false) => "best",
                (false, _) => "",
            };
            m.row(
                "td",
                &[
                    ("", &cell(&d.decision)),
                    ("", &cell(&d.by)),
                    ("", &cell(&knowing)),
                    ("exact", &cell(&reach)),
                    ("", &o.option),
                    ("exact", &probability),
                    ("exact", &ev),
                    ("", best),
                ],
            );
        }
    }
    m.close("table").close("div").line();
}

/// The verdict of a line in a word, its class and what it found.
pub fn verdict_status(
    report: &Report,
    v: &Verdict,
    yes: &'static str,
    no: &'static str,
) -> (&'static str, &'static str, String) {
    if !v.checked {
        ("not checked", "muted", unchecked_detail(report, v))
    } else if v.holds {
        (yes, "ok", verdict_detail(v))
    } else {
        (no, "bad", verdict_detail(v))
    }
}

/// The verdicts of `expect` or `claim` lines: a table with each line's
/// number (a link to it in the rule file below), statement, verdict and
/// what the figure is.
pub fn verdicts(
    report: &Report,
    verdicts: &[Verdict],
    claims: bool,
    source_prefix: Option<&str>,
) -> String {
    let (yes, no) = if claims {
        ("right", "wrong")
    } else {
        ("ok", "FAILED")
    };
    let mut m = Markup::new();
    m.open(
        "table",
        &[("class", if claims { "claims" } else { "expects" })],
    )
    .line();
    let mut header = vec!["line", "statement", "verdict", "found"];
    if claims {
        header.push("the rule book says");
    }
    m.open("tr", &[]);
    for h in header {
        m.element("th", &[], h);
    }
    m.close("tr").line();
    for v in verdicts {
        let (word, class, detail) = verdict_status(report, v, yes, no);
        m.open("tr", &[]).open("td", &[("class", "num")]);
        match source_prefix {
            Some(prefix) => {
                m.element(
                    "a",
                    &[("href", &format!("#{prefix}L{}", v.line))],
                    &v.line.to_string(),
                );
            }
            None => {
                m.text(&v.line.to_string());
            }
        }
        m.close("td")
            .element("td", &[("class", "exact")], &v.written())
            .element("td", &[("class", &format!("verdict {class}"))], word)
            .element("td", &[("class", "exact")], &detail);
        if claims {
            m.element("td", &[], &v.text.clone().unwrap_or_default());
        }
        m.close("tr").line();
    }
    m.close("table").line();
    m.finish()
}

/// A paragraph of text, escaped.
pub fn paragraph(text: &str) -> String {
    format!("<p>{}</p>\n", escape(text))
}
