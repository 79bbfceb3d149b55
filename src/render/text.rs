//! The report as aligned text, the default format of `dicerules check`.

use std::collections::BTreeMap;
use std::fmt::Write;

pub use super::shown::render_shown;
use crate::report::{
    settings, BetReport, HandRun, HandSummary, InfoSetRow, Report, StrategyReport,
    UnlistedDecision, Verdict,
};

use super::grid::{self, Grids};
use super::layout::{header_row, percent, styled_table, unstyled};
pub use super::layout::{short, trim_float};
use super::styled::{Style, Styled};

/// Renders a report; `file` is shown in the title when given.
pub fn render(report: &Report, file: Option<&str>) -> String {
    render_showing(report, file, &[])
}

/// The note under a text with an exact number cut short, or nothing.
pub fn footnote(text: &str) -> &'static str {
    if text.contains('…') {
        "\n…: an exact number too long to print here; `--format json` gives it whole\n"
    } else {
        ""
    }
}

/// Renders a report with the distributions named in `show` (the names of
/// [`Report::values`]: a name, or a `--show` expression as given), in
/// its order.
pub fn render_showing(report: &Report, file: Option<&str>, show: &[String]) -> String {
    styled(report, file, show).into_plain()
}

/// [`render_showing`] with the style of each part: the headings, the
/// verdicts, the footnote.
pub fn styled(report: &Report, file: Option<&str>, show: &[String]) -> Styled {
    styled_listing(report, file, show, false)
}

/// [`styled`]; with `verbose` (`check --verbose`), the situations of a
/// decision drawn as a grid are listed too, each option with its
/// probability and value.
pub fn styled_listing(
    report: &Report,
    file: Option<&str>,
    show: &[String],
    verbose: bool,
) -> Styled {
    let mut out = Styled::new();
    match file {
        Some(f) => out.heading(format_args!("{} ({f})", report.game)),
        None => out.heading(&report.game),
    }
    if !report.params.is_empty() {
        let params: Vec<String> = report
            .params
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        out.heading(format_args!("parameters: {}", params.join(", ")));
    }
    if let Some(table) = &report.table {
        out.heading(format_args!("table: {}", table.line()));
    }
    for r in &report.removed {
        out.heading(r.line());
    }
    if let Some(c) = &report.choice {
        render_choice(&mut out, c);
    }
    if let Some(s) = &report.strategies {
        render_strategies(&mut out, s, verbose);
    }
    if !report.results.is_empty() {
        out.push("\n");
        out.heading("round outcomes");
        let mut rows = vec![vec![
            "outcome".to_string(),
            "probability".to_string(),
            "percent".to_string(),
        ]];
        for r in &report.results {
            rows.push(vec![
                r.outcome.clone(),
                short(&r.probability.to_string()),
                percent(r.percent),
            ]);
        }
        styled_table(&mut out, "  ", &rows, &[2], &unstyled);
    }
    out.append(render_shown(report, show));
    // A distribution shown gives its mean with it.
    for v in report.values.iter().filter(|v| !show.contains(&v.name)) {
        if let Some(mean) = &v.mean {
            out.push("\n");
            out.heading(format_args!(
                "mean {}: {} = {}",
                v.name,
                short(&mean.to_string()),
                trim_float(mean.to_f64())
            ));
        }
    }
    for bet in &report.bets {
        out.push("\n");
        render_bet(&mut out, bet);
    }
    if let Some(effects) = &report.effects_of_removal {
        super::removal::render(&mut out, effects);
    }
    if !report.expects.is_empty() {
        out.push("\n");
        out.heading("expect");
        let verdicts = [Style::Holds, Style::Failed];
        render_verdicts(
            &mut out,
            report,
            &report.expects,
            ["ok", "FAILED"],
            verdicts,
        );
    }
    if !report.claims.is_empty() {
        out.push("\n");
        out.heading("claims of the rule book");
        let verdicts = [Style::Holds, Style::Wrong];
        render_verdicts(
            &mut out,
            report,
            &report.claims,
            ["right", "wrong"],
            verdicts,
        );
    }
    push_footnote(&mut out);
    out
}

/// The note [`footnote`] gives the text so far, appended in
/// [`Style::Note`].
pub fn push_footnote(out: &mut Styled) {
    let note = footnote(out.as_str());
    if let Some(line) = note.strip_prefix('\n').and_then(|n| n.strip_suffix('\n')) {
        out.push("\n");
        out.line_in(Style::Note, line);
    }
}

fn render_choice(out: &mut Styled, c: &crate::report::ChoiceReport) {
    out.push("\n");
    out.heading(format_args!("choice `{}`, made by {}", c.name, c.by));
    let header = c.header();
    let mut rows = vec![header];
    for o in &c.options {
        let mut row = vec![o.value.to_string()];
        row.extend(
            o.house_edges.iter().map(|(_, e)| {
                format!("{}  {}", percent(e.to_f64() * 100.0), short(&e.to_string()))
            }),
        );
        rows.push(row);
    }
    styled_table(out, "  ", &rows, &[], &unstyled);
    if c.matters {
        let _ = writeln!(
            out,
            "  best for bet {}: {} = {}; the figures below are for it",
            c.for_bet, c.name, c.chosen
        );
    } else {
        let _ = writeln!(
            out,
            "  the choice does not matter: every option gives the same distribution; the figures below are for {} = {}",
            c.name, c.chosen
        );
    }
}

/// The strategies: how they were solved, each summary along the hands,
/// each decision a grid tells as its grids ([`grid`]), then the others'
/// situations listed (with `verbose`, every decision's), each option with
/// its probability and value.
fn render_strategies(out: &mut Styled, s: &StrategyReport, verbose: bool) {
    let title = match s.solution {
        "best" => format!("strategy: the best for bet {}", s.sides.join(", ")),
        "zero_sum" => format!(
            "strategies: the equilibrium of {} against {} (zero-sum)",
            s.sides[0], s.sides[1]
        ),
        _ => format!(
            "strategies: an equilibrium of {} against {} (not zero-sum: each side plays best against the other)",
            s.sides[0], s.sides[1]
        ),
    };
    out.push("\n");
    out.heading(title);
    if let Some(v) = &s.game_value {
        let _ = writeln!(
            out,
            "  value of the game for {}: {} = {} per unit staked",
            s.sides[0],
            short(&v.to_string()),
            percent(v.to_f64() * 100.0)
        );
    }
    for summary in &s.summaries {
        let _ = writeln!(
            out,
            "  `{}`: {}",
            summary.decision,
            summary_sentence(summary)
        );
    }
    let grids = grid::grids(s);
    let drawn = |decision: &str| grids.iter().any(|g| g.decision == decision);
    let counts = situations(s);
    let too_many_listed =
        |(decision, n): &&(String, usize)| *n > MOST_LISTED && (verbose || !drawn(decision));
    for (decision, n) in counts.iter().filter(too_many_listed) {
        let _ = writeln!(out, "  {}", too_many(decision, *n));
    }
    for u in &s.unlisted {
        let _ = writeln!(out, "  {}", unlisted(u));
    }
    for g in &grids {
        render_grids(out, g);
    }
    if !grids.is_empty() && !verbose {
        let _ = writeln!(out, "  {EVERY_SITUATION}");
    }
    let shown =
        |d: &&InfoSetRow| listed(&counts, d, MOST_LISTED) && (verbose || !drawn(&d.decision));
    let mut rows = vec![vec![
        "choice".to_string(),
        "by".to_string(),
        "knowing".to_string(),
        "reach".to_string(),
        "option".to_string(),
        "probability".to_string(),
        "value".to_string(),
        String::new(),
    ]];
    for d in s.decisions.iter().filter(shown) {
        let knowing = d.known();
        for (i, o) in d.options.iter().enumerate() {
            let first = i == 0;
            let cell = |text: String| if first { text } else { String::new() };
            rows.push(vec![
                cell(d.decision.clone()),
                cell(d.by.clone()),
                cell(if knowing.is_empty() {
                    "nothing".to_string()
                } else {
                    knowing.join(", ")
                }),
                cell(short(&d.reach.to_string())),
                o.option.clone(),
                short(&o.probability.to_string()),
                o.ev.as_ref()
                    .map_or("never reached".to_string(), |v| short(&v.to_string())),
                if o.best {
                    "best".to_string()
                } else {
                    String::new()
                },
            ]);
        }
    }
    if rows.len() == 1 {
        return;
    }
    styled_table(out, "  ", &rows, &[], &unstyled);
    let _ = writeln!(
        out,
        "  value: the chooser's expected net per unit staked, given the round comes here and it takes the option"
    );
}

/// The line under the grids of a text report without `--verbose`.
pub const EVERY_SITUATION: &str = "every situation of the grids above, each option with its probability and value: `--verbose` (or `--format json`)";

/// A decision's grids: each with its heading (`` `first_action` by
/// player, soft = 0 ``), the rows' and columns' names in its corner
/// (`points \ dealer_up`), a row for each value of the rows and a column
/// for each value of the columns; then the legend (each option's code,
/// why codes sharing a letter are longer, the mixed cells' mark and the
/// unmet cells') and each mixed cell's options with their probabilities.
fn render_grids(out: &mut Styled, g: &Grids) {
    for grid in &g.grids {
        let _ = writeln!(out, "  `{}` {}", g.decision, g.heading(grid));
        let mut rows = vec![std::iter::once(g.corner())
            .chain(g.column_values.iter().map(i64::to_string))
            .collect::<Vec<String>>()];
        for (value, cells) in &grid.rows {
            let mut row = vec![value.to_string()];
            row.extend(cells.iter().map(|c| g.label(c)));
            rows.push(row);
        }
        let right: Vec<usize> = (0..rows[0].len()).collect();
        styled_table(out, "    ", &rows, &right, &header_row);
    }
    let _ = writeln!(out, "    {}", legend(g).join("; "));
    for situation in g.mixed() {
        let _ = writeln!(
            out,
            "    mixed at {}: {}",
            situation.known().join(", "),
            grid::mix(situation)
        );
    }
}

/// The legend of a decision's grids, in parts: `H hit, S stand, D
/// double`, why codes sharing a letter are longer, the mark of a mixed
/// cell (its first's: `R/C mixed, ...`) and of an unmet one where there
/// are some.
fn legend(g: &Grids) -> Vec<String> {
    let options: Vec<String> = (g.codes.iter().zip(&g.options))
        .map(|(code, name)| format!("{code} {name}"))
        .collect();
    let mut parts = vec![options.join(", ")];
    parts.extend(g.clashes());
    if let Some(mixed) = g.first_mixed() {
        parts.push(format!("{} {}", g.label(mixed), grid::MIXED));
    }
    if g.any_unmet() {
        parts.push(format!(". {}", grid::UNMET));
    }
    parts
}

/// The most situations (information sets) of one decision the text report
/// lists; past it the report says how many there are (docs/language.md
/// section 10.4). Blackjack's 260 are listed with `--verbose` (without
/// it, its grids tell them).
pub const MOST_LISTED: usize = 500;

/// The most runs of hands a summary names before `and N more runs`.
pub const MOST_RUNS: usize = 12;

/// Each decision of a strategy report and its number of situations, in
/// the order the decisions are first met.
pub fn situations(s: &StrategyReport) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for d in &s.decisions {
        match counts.iter_mut().find(|(name, _)| *name == d.decision) {
            Some((_, n)) => *n += 1,
            None => counts.push((d.decision.clone(), 1)),
        }
    }
    counts
}

/// Whether the situation `d` is listed: its decision has at most `most`
/// situations by `counts` ([`situations`]).
pub fn listed(counts: &[(String, usize)], d: &InfoSetRow, most: usize) -> bool {
    (counts.iter()).any(|(name, n)| *name == d.decision && *n <= most)
}

/// The line of a decision with too many situations to list:
/// `` `action`: 22100 situations, more than 500 to list here; `--format json` lists them all ``.
pub fn too_many(decision: &str, n: usize) -> String {
    format!(
        "`{decision}`: {n} situations, more than {MOST_LISTED} to list here; `--format json` lists them all"
    )
}

/// The line of a decision with too many situations to keep each:
/// `` `action`: 5105368 situations (raise in 3013486, fold in 2091882), too many to list one by one ``.
pub fn unlisted(u: &UnlistedDecision) -> String {
    let taken: Vec<String> = (u.options.iter())
        .map(|o| format!("{} in {}", o.option, o.situations))
        .collect();
    format!(
        "`{}`: {} situations ({}), too many to list one by one",
        u.decision,
        u.situations,
        taken.join(", ")
    )
}

/// A summary in words: `play with 5-2 or better, else fold` where the
/// strategy switches once along the hands, else its runs, the worst hands
/// first (`fold up to 4-4; play from 5-2 to 9-9; ...`), at most
/// [`MOST_RUNS`] of them.
pub fn summary_sentence(s: &HandSummary) -> String {
    let single = |r: &HandRun| r.options.len() == 1;
    match s.runs.as_slice() {
        [only] => format!("{} with every hand", run_options(s, only)),
        [low, high] if single(low) && single(high) => format!(
            "{} with {} or better, else {}",
            high.options[0], high.lowest, low.options[0]
        ),
        runs => {
            let last = runs.len().saturating_sub(1);
            let mut parts: Vec<String> = (runs.iter().enumerate().take(MOST_RUNS))
                .map(|(i, r)| {
                    let hands = if r.lowest == r.highest {
                        format!("with {}", r.lowest)
                    } else if i == 0 {
                        format!("up to {}", r.highest)
                    } else if i == last {
                        format!("from {}", r.lowest)
                    } else {
                        format!("from {} to {}", r.lowest, r.highest)
                    };
                    format!("{} {hands}", run_options(s, r))
                })
                .collect();
            if runs.len() > MOST_RUNS {
                parts.push(format!("and {} more runs", runs.len() - MOST_RUNS));
            }
            parts.join("; ")
        }
    }
}

/// What a run's hands take: `play`, or `play or fold by the suits` where
/// hands equal in the order take different options (`by the suits and
/// up` where the chooser knows more).
fn run_options(s: &HandSummary, r: &HandRun) -> String {
    let by = match s.also_knows.as_slice() {
        [] => "the suits".to_string(),
        more => format!("the suits and {}", more.join(", ")),
    };
    match r.options.as_slice() {
        [one] => one.clone(),
        [first @ .., last] => format!("{} or {last} by {by}", first.join(", ")),
        [] => String::new(),
    }
}

fn render_bet(out: &mut Styled, bet: &BetReport) {
    out.heading(format_args!("bet {}", bet.bet));
    let mut rows = vec![vec![
        "settlement".to_string(),
        "net".to_string(),
        "probability".to_string(),
        "percent".to_string(),
    ]];
    for o in &bet.outcomes {
        rows.push(vec![
            o.outcome.clone(),
            short(&o.net.to_string()),
            short(&o.probability.to_string()),
            percent(o.percent),
        ]);
    }
    styled_table(out, "  ", &rows, &[1, 3], &unstyled);
    out.push("\n");
    let mut rows = vec![vec![
        "house edge".to_string(),
        short(&bet.house_edge.to_string()),
        percent(bet.house_edge_percent),
    ]];
    if let (Some(e), Some(p)) = (
        &bet.house_edge_excluding_pushes,
        bet.house_edge_excluding_pushes_percent,
    ) {
        rows.push(vec![
            "  excluding pushes".to_string(),
            short(&e.to_string()),
            percent(p),
        ]);
    }
    if let Some(staking) = &bet.staking {
        let (average, float) = match (&bet.average_wager, bet.average_wager_float) {
            (Some(a), Some(f)) => (short(&a.to_string()), format!("{f:.6}")),
            _ => ("-".to_string(), String::new()),
        };
        rows.push(vec![
            "average wager".to_string(),
            average,
            float,
            format!("(staking `{staking}`)"),
        ]);
        rows.push(match (&bet.element_of_risk, bet.element_of_risk_percent) {
            (Some(r), Some(p)) => vec![
                "element of risk".to_string(),
                short(&r.to_string()),
                percent(p),
            ],
            _ => vec![
                "element of risk".to_string(),
                "-".to_string(),
                String::new(),
                "(no average wager)".to_string(),
            ],
        });
    }
    rows.push(vec![
        "expected value".to_string(),
        short(&bet.ev.to_string()),
        percent(bet.ev.to_f64() * 100.0),
    ]);
    rows.push(vec![
        "hit frequency".to_string(),
        short(&bet.hit_frequency.to_string()),
        percent(bet.hit_frequency.to_f64() * 100.0),
    ]);
    rows.push(vec![
        "variance".to_string(),
        short(&bet.variance.to_string()),
        String::new(),
    ]);
    rows.push(vec![
        "std dev".to_string(),
        format!("{:.6}", bet.std_dev),
        "(float)".to_string(),
    ]);
    styled_table(out, "  ", &rows, &[2], &unstyled);
}

/// What a verdict found: `is 37/432 = 8.5648%, off by -1.4352 points`.
pub fn verdict_detail(v: &Verdict) -> String {
    // An estimate (`shoe_margin`) says itself, its interval included.
    if v.estimated {
        return if v.holds {
            format!("is {}", v.actual)
        } else {
            format!("is {}, off by {}", v.actual, v.difference)
        };
    }
    let shown = if v.statement.contains('%') {
        percent(v.actual_float * 100.0)
    } else {
        short(&v.actual)
    };
    let mut detail = format!("is {shown}");
    if v.statement.contains('%') && v.actual.contains('/') {
        detail = format!("is {} = {shown}", short(&v.actual));
    }
    if !v.holds {
        let off = if v.statement.contains('%') {
            format!("{:+.4} points", v.difference_float * 100.0)
        } else if v.difference.starts_with('-') {
            short(&v.difference)
        } else {
            format!("+{}", short(&v.difference))
        };
        detail = format!("{detail}, off by {off}");
    }
    detail
}

/// Why a line was not checked: `written for the file's decks = 8, not
/// decks = 6`.
pub fn unchecked_detail(report: &Report, v: &Verdict) -> String {
    if v.written_for.is_empty() && !report.removed.is_empty() {
        return format!(
            "written for the full shoe, not less {}",
            report.removed_cards()
        );
    }
    format!(
        "written for the file's {}, not {}",
        settings(&v.written_for),
        settings(&in_force(report, &v.written_for))
    )
}

/// The values in force of the parameters named in `names`.
fn in_force(report: &Report, names: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    report
        .params
        .iter()
        .filter(|(name, _)| names.contains_key(*name))
        .map(|(name, value)| (name.clone(), value.clone()))
        .collect()
}

/// A note for stderr on the lines of a report that were not checked
/// (empty when every line was): how many, and the values they were
/// written for.
pub fn unchecked_note(report: &Report, file: &str) -> String {
    let mut written_for = BTreeMap::new();
    let (mut expects, mut claims) = (0, 0);
    for v in report.expects.iter().filter(|v| !v.checked) {
        expects += 1;
        written_for.extend(v.written_for.clone());
    }
    for v in report.claims.iter().filter(|v| !v.checked) {
        claims += 1;
        written_for.extend(v.written_for.clone());
    }
    let lines = match (expects, claims) {
        (0, 0) => return String::new(),
        (e, 0) => format!("{e} expect line(s)"),
        (0, c) => format!("{c} claim line(s)"),
        (e, c) => format!("{e} expect and {c} claim line(s)"),
    };
    if written_for.is_empty() && !report.removed.is_empty() {
        return format!(
            "note: {file}: {lines} not checked: written for the full shoe, dealt here less {} (check them anyway with `--strict`)\n",
            report.removed_cards()
        );
    }
    let how = "pin them with `with`, or check them anyway with `--strict`";
    format!(
        "note: {file}: {lines} not checked at {}: written for the file's {} ({how})\n",
        settings(&in_force(report, &written_for)),
        settings(&written_for)
    )
}

/// The verdict lines of a section: `words` and `styles` say a line that
/// holds and one that does not.
fn render_verdicts(
    out: &mut Styled,
    report: &Report,
    verdicts: &[Verdict],
    [yes, no]: [&str; 2],
    [holds, fails]: [Style; 2],
) {
    let mut rows = Vec::new();
    let mut styles = Vec::new();
    for v in verdicts {
        let (status, style, detail) = if !v.checked {
            ("not checked", Style::Unchecked, unchecked_detail(report, v))
        } else if v.holds {
            (yes, holds, verdict_detail(v))
        } else {
            (no, fails, verdict_detail(v))
        };
        styles.push(style);
        let mut row = vec![
            status.to_string(),
            format!("line {}", v.line),
            v.written(),
            detail,
        ];
        if let Some(text) = &v.text {
            row.push(format!("\"{text}\""));
        }
        rows.push(row);
    }
    let style = |r: usize, c: usize| (c == 0).then(|| styles[r]);
    styled_table(out, "  ", &rows, &[], &style);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(runs: &[(&[&str], &str, &str)]) -> HandSummary {
        HandSummary {
            decision: "action".to_string(),
            by: "ante".to_string(),
            knows: "player".to_string(),
            also_knows: Vec::new(),
            order: "ranks",
            situations: runs.len(),
            runs: (runs.iter())
                .map(|(options, lowest, highest)| HandRun {
                    options: options.iter().map(|o| o.to_string()).collect(),
                    lowest: lowest.to_string(),
                    highest: highest.to_string(),
                    situations: 1,
                })
                .collect(),
        }
    }

    #[test]
    fn a_summary_says_one_switch_in_a_sentence_and_more_as_runs() {
        let once = summary(&[(&["fold"], "2-2", "4-4"), (&["play"], "5-2", "A-A")]);
        assert_eq!(
            summary_sentence(&once),
            "play with 5-2 or better, else fold"
        );
        let never = summary(&[(&["play"], "2-2", "A-A")]);
        assert_eq!(summary_sentence(&never), "play with every hand");
        let by_suits = summary(&[
            (&["fold"], "2-2", "5-5"),
            (&["hit", "play", "fold"], "6-2", "6-2"),
            (&["play"], "6-3", "A-A"),
        ]);
        assert_eq!(
            summary_sentence(&by_suits),
            "fold up to 5-5; hit, play or fold by the suits with 6-2; play from 6-3"
        );
        let knowing_more = HandSummary {
            also_knows: vec!["up".to_string()],
            ..summary(&[
                (&["fold"], "A-Q-J-10-9", "A-Q-J-10-9"),
                (&["raise", "fold"], "A-K-4-3-2", "A-K-Q-10-9"),
                (&["raise"], "A-K-Q-J-2", "A-A"),
            ])
        };
        assert_eq!(
            summary_sentence(&knowing_more),
            "fold with A-Q-J-10-9; raise or fold by the suits and up from A-K-4-3-2 to A-K-Q-10-9; raise from A-K-Q-J-2"
        );
    }

    #[test]
    fn a_summary_names_at_most_twelve_runs() {
        let names = [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "A-A",
        ];
        let runs: Vec<(&[&str], &str, &str)> = (names.iter().enumerate())
            .map(|(i, n)| -> (&[&str], &str, &str) {
                let option: &[&str] = if i % 2 == 0 { &["fold"] } else { &["play"] };
                (option, n, n)
            })
            .collect();
        let said = summary_sentence(&summary(&runs));
        assert!(
            said.starts_with("fold with 2; play with 3; fold with 4"),
            "{said}"
        );
        assert!(said.ends_with("; play with K; and 2 more runs"), "{said}");
    }
}
