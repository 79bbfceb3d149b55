//! Card analysis in the report: the shoe analysed when cards were removed
//! (`--removed`), and the effects of removal (`check
//! --effects-of-removal`): each bet's exact house edge with one card of
//! each rank taken out, its change from the shoe as it stands, and the
//! check that the changes, weighted by the cards of each rank left, sum to
//! zero (a card burned unseen does not change the next coup).

use std::fmt::Write as _;

use miette::Diagnostic;
use serde::Serialize;
use thiserror::Error;

use crate::check::removed::written;
use crate::eval::exact::{Distribution, Limits};
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::card::RANKS;
use crate::program::Program;

use super::figures::BetFigures;

/// A shoe the round is dealt from with cards taken out first.
#[derive(Clone, Debug, Serialize)]
pub struct RemovedShoe {
    /// The shoe, as the file names it.
    pub shoe: String,
    /// The cards taken out, as `--removed` writes them: `5x2,K`.
    pub written: String,
    /// How many cards were taken out.
    pub cards_removed: u64,
    /// How many cards the shoe holds after them.
    pub cards_left: u64,
}

impl RemovedShoe {
    /// The shoe as a report's line: `shoe cards: less 5x2,K (413 of 416 cards)`.
    pub fn line(&self) -> String {
        format!(
            "shoe {}: less {} ({} of {} cards)",
            self.shoe,
            self.written,
            self.cards_left,
            self.cards_left + self.cards_removed
        )
    }
}

/// The shoes with cards removed, in the file's order.
pub fn removed_shoes(program: &Program) -> Vec<RemovedShoe> {
    program
        .shoes
        .iter()
        .filter(|s| s.removed.iter().any(|&n| n > 0))
        .map(|s| RemovedShoe {
            shoe: s.name.clone(),
            written: written(&s.removed),
            cards_removed: s.removed.iter().map(|&n| u64::from(n)).sum(),
            cards_left: s.cards_held(),
        })
        .collect()
}

/// The effects of removal of one shoe: the table card counters use.
#[derive(Clone, Debug, Serialize)]
pub struct EffectsReport {
    /// The shoe whose cards are removed.
    pub shoe: String,
    /// The cards taken out before (`--removed`), as it writes them; empty
    /// for the full shoe.
    pub written: String,
    /// The cards the shoe holds as analysed.
    pub cards_left: u64,
    /// Each bet's house edge from the shoe as it stands, in the file's
    /// order: the order of each row's cells.
    pub base: Vec<BaseEdge>,
    /// Whether the bets' play is fixed by the rules: false when the
    /// round's decisions are solved again for each shoe, and then the sum
    /// check need not give zero.
    pub fixed_play: bool,
    /// One row per rank, the ace first: thirteen rows, also where ranks
    /// share a value.
    pub ranks: Vec<EffectRow>,
    /// Each bet's weighted sum of changes, in the order of `bets`.
    pub sum_check: Vec<SumCheck>,
}

/// One bet's house edge from the shoe as it stands.
#[derive(Clone, Debug, Serialize)]
pub struct BaseEdge {
    /// The bet.
    pub bet: String,
    /// Its house edge.
    pub house_edge: Exact,
    /// The same, × 100.
    pub house_edge_percent: f64,
}

/// One rank's row.
#[derive(Clone, Debug, Serialize)]
pub struct EffectRow {
    /// The rank: `A`, `2`... `K`.
    pub rank: &'static str,
    /// How many cards of it the shoe holds as analysed.
    pub left: u64,
    /// The first rank whose cards the round cannot tell from this one's
    /// (they share a value it alone reads), whose figures these are;
    /// `None` (`null`) for the first of its kind.
    pub same_as: Option<&'static str>,
    /// Each bet's figures with one card of the rank removed, in the order
    /// of the report's `bets`; empty when none is left.
    pub cells: Vec<EffectCell>,
}

/// One bet with one card of a rank removed.
#[derive(Clone, Debug, Serialize)]
pub struct EffectCell {
    /// The bet.
    pub bet: String,
    /// Its house edge.
    pub house_edge: Exact,
    /// The same, × 100.
    pub house_edge_percent: f64,
    /// The change from the shoe as it stands (positive: better for the
    /// house).
    pub change: Exact,
    /// The change in percentage points (× 100).
    pub change_percent: f64,
}

/// One bet's sum over the ranks of the cards left of each times its
/// change.
#[derive(Clone, Debug, Serialize)]
pub struct SumCheck {
    /// The bet.
    pub bet: String,
    /// The sum: exactly zero where the play is fixed.
    pub sum: Exact,
    /// Whether it is zero.
    pub zero: bool,
}

/// The effects of removal whose weighted sum is not zero though the play
/// is fixed: a fault of the program, not of the file.
#[derive(Debug, Clone, Error, Diagnostic)]
#[error(
    "internal error: the effects of removal of bet `{bet}` do not sum to zero (the sum is {sum})"
)]
#[diagnostic(
    code(dice::removed::sum_check),
    help("a card burned unseen cannot change the next coup, so this sum is zero for every game whose play the rules fix: please report this with the file")
)]
pub struct SumCheckFailed {
    /// The bet.
    pub bet: String,
    /// Its sum.
    pub sum: Exact,
}

impl EffectsReport {
    /// The effects of removal of shoe `shoe` of `program`, the cards it
    /// holds as the program deals (its `--removed` out): one exact
    /// evaluation for the shoe as it stands, and one for each kind of card
    /// the round tells apart (ranks sharing a kind share it). The shoe is
    /// finite and its suits unread (`check::removed::analysable`).
    pub fn new(
        program: &Program,
        shoe: usize,
        base: &Distribution,
        limits: Limits,
    ) -> Result<EffectsReport, EvalError> {
        let edges = |d: &Distribution| -> Vec<Exact> {
            (program.bets.iter())
                .map(|bet| BetFigures::new(bet, d).house_edge())
                .collect()
        };
        let house_edges = edges(base);
        let the_shoe = &program.shoes[shoe];
        let mut firsts: Vec<(Option<usize>, usize)> = Vec::new();
        let mut by_kind: Vec<Option<Vec<Exact>>> = Vec::new();
        let mut ranks = Vec::with_capacity(13);
        let mut sums = vec![Exact::zero(); program.bets.len()];
        for (i, rank) in RANKS.iter().enumerate() {
            let left = the_shoe.rank_count(i).unwrap_or(0);
            let kind = the_shoe.kind_of_rank(i);
            let first = firsts.iter().find(|(k, _)| *k == kind && kind.is_some());
            let same_as = first.map(|&(_, r)| RANKS[r]);
            let row_edges = match first {
                Some(&(_, r)) if left > 0 && by_kind[r].is_some() => by_kind[r].clone(),
                _ if left == 0 => None,
                _ => {
                    let mut fewer = program.clone();
                    let mut removed = the_shoe.removed;
                    removed[i] += 1;
                    fewer.shoes[shoe].remove(removed);
                    let d = crate::solve::evaluate(&fewer, limits)?;
                    Some(edges(&d))
                }
            };
            if first.is_none() {
                firsts.push((kind, i));
            }
            by_kind.push(row_edges.clone());
            let cells = row_edges
                .into_iter()
                .flatten()
                .zip(&program.bets)
                .zip(&house_edges)
                .enumerate()
                .map(|(b, ((edge, bet), base))| {
                    let change = &edge - base;
                    sums[b] = &sums[b] + &(&Exact::from(left) * &change);
                    EffectCell {
                        bet: bet.name.clone(),
                        house_edge_percent: edge.to_f64() * 100.0,
                        house_edge: edge,
                        change_percent: change.to_f64() * 100.0,
                        change,
                    }
                })
                .collect();
            ranks.push(EffectRow {
                rank,
                left,
                same_as,
                cells,
            });
        }
        Ok(EffectsReport {
            shoe: the_shoe.name.clone(),
            written: written(&the_shoe.removed),
            cards_left: the_shoe.cards_held(),
            base: (program.bets.iter())
                .zip(house_edges)
                .map(|(bet, edge)| BaseEdge {
                    bet: bet.name.clone(),
                    house_edge_percent: edge.to_f64() * 100.0,
                    house_edge: edge,
                })
                .collect(),
            fixed_play: base.solution.is_none() && base.choice.is_none(),
            ranks,
            sum_check: (program.bets.iter())
                .zip(sums)
                .map(|(bet, sum)| SumCheck {
                    bet: bet.name.clone(),
                    zero: sum.is_zero(),
                    sum,
                })
                .collect(),
        })
    }

    /// The first bet whose sum is not zero though the play is fixed.
    pub fn failure(&self) -> Option<SumCheckFailed> {
        if !self.fixed_play {
            return None;
        }
        self.sum_check
            .iter()
            .find(|s| !s.zero)
            .map(|s| SumCheckFailed {
                bet: s.bet.clone(),
                sum: s.sum.clone(),
            })
    }
}

/// Percentage points with a sign, to 4 decimals: `+0.0123`.
fn points(p: f64) -> String {
    format!("{p:+.4}")
}

/// The effects of removal as text: the table, then the sum check.
pub fn render(out: &mut String, e: &EffectsReport) {
    let from = if e.written.is_empty() {
        format!("the full shoe `{}`", e.shoe)
    } else {
        format!("shoe `{}` less {}", e.shoe, e.written)
    };
    let _ = writeln!(
        out,
        "\neffects of removal: one card of each rank taken from {from} ({} cards)",
        e.cards_left
    );
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
    super::text::table(out, "  ", &rows, &numeric);
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
