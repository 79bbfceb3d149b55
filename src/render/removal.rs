//! The effects of removal (`check --effects-of-removal`) as text: the
//! table of each rank's change in every bet's house edge, then the sum
//! check.

use std::fmt::Write as _;

use super::styled::Styled;
use crate::report::removal::EffectsReport;

/// Percentage points with a sign, to 4 decimals: `+0.0123`.
fn points(p: f64) -> String {
    format!("{p:+.4}")
}

/// The effects of removal as text: the table, then the sum check.
pub fn render(out: &mut Styled, e: &EffectsReport) {
    let from = if e.written.is_empty() {
        format!("the full shoe `{}`", e.shoe)
    } else {
        format!("shoe `{}` less {}", e.shoe, e.written)
    };
    out.push("\n");
    out.heading(format_args!(
        "effects of removal: one card of each rank taken from {from} ({} cards)",
        e.cards_left
    ));
    let _ = writeln!(
        out,
        "  change in house edge, percentage points (exact figures in JSON/RON)"
    );
    let mut rows = vec![{
        let mut header = vec!["rank".to_string(), "left".to_string()];
        header.extend(e.base.iter().map(|b| b.bet.clone()));
        header
    }];
    let mut base = vec!["none".to_string(), String::new()];
    base.extend(
        e.base
            .iter()
            .map(|b| format!("{:.4}%", b.house_edge_percent)),
    );
    rows.push(base);
    for row in &e.ranks {
        let mut cells = vec![
            match row.same_as {
                Some(first) => format!("{}={first}", row.rank),
                None => row.rank.to_string(),
            },
            row.left.to_string(),
        ];
        if row.cells.is_empty() {
            cells.extend(e.base.iter().map(|_| "none left".to_string()));
        } else {
            cells.extend(row.cells.iter().map(|c| points(c.change_percent)));
        }
        rows.push(cells);
    }
    let numeric: Vec<usize> = (1..rows[0].len()).collect();
    super::layout::styled_table(out, "  ", &rows, &numeric, &super::layout::unstyled);
    let alike: Vec<String> = e
        .ranks
        .iter()
        .filter_map(|r| Some(format!("{} as {}", r.rank, r.same_as?)))
        .collect();
    if !alike.is_empty() {
        let _ = writeln!(
            out,
            "  ({}: the round reads only their values, so each row is the first's, evaluated once)",
            alike.join(", ")
        );
    }
    let _ = writeln!(
        out,
        "  the row `none` is each bet's house edge from the shoe as it stands"
    );
    let sums: Vec<String> = e
        .sum_check
        .iter()
        .map(|s| format!("{} {}", s.bet, s.sum))
        .collect();
    let zero = e.sum_check.iter().all(|s| s.zero);
    let verdict = match (zero, e.fixed_play) {
        (true, true) => "zero, exactly, as it must be",
        (true, false) => "zero, exactly",
        (false, false) => {
            "not zero: the round's decisions are solved again for each shoe, as no player who did not see the card could"
        }
        (false, true) => "NOT ZERO: an internal error",
    };
    let _ = writeln!(
        out,
        "  sum check (cards left × change, over the ranks): {}: {verdict}",
        sums.join(", ")
    );
}
