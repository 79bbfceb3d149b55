//! Card analysis in the report: the shoe analysed when cards were removed
//! (`--removed`), and the effects of removal (`check
//! --effects-of-removal`): each bet's exact house edge with one card of
//! each rank taken out, its change from the shoe as it stands, and the
//! check that the changes, weighted by the cards of each rank left, sum to
//! zero (a card burned unseen does not change the next coup).

use miette::Diagnostic;
use serde::Serialize;
use thiserror::Error;

use crate::number::Exact;

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
