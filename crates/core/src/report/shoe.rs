//! One whole shoe dealt to the cut card (`dicerules shoe`): each coup with
//! each bet's exact house edge from the cards left before it, and how each
//! bet fared over the shoe.

use serde::Serialize;

use super::FormatVersion;
use crate::number::Exact;

/// One shoe dealt, coup by coup.
#[derive(Clone, Debug, Serialize)]
pub struct ShoeRun {
    /// The version of the JSON contract.
    pub format_version: FormatVersion,
    /// The game's name.
    pub game: String,
    /// The shoe dealt.
    pub shoe: String,
    /// The seed of the deal.
    pub seed: u64,
    /// The cut card: cards left at which no coup starts.
    pub cut: u64,
    /// The cards the shoe held before the first coup.
    pub shoe_cards: u64,
    /// The bets, in the file's order: the order of each coup's edges.
    pub bets: Vec<String>,
    /// Every coup dealt.
    pub coups: Vec<Coup>,
    /// Why the deal stopped: `cut card`, `too few cards left for a coup`
    /// (the round asked for more cards than were left before the cut), or
    /// `as many coups as the shoe has cards` (coups that deal no card).
    pub stopped: String,
    /// Per bet, how often and how much it favoured its bettor.
    pub summary: Vec<BetSummary>,
}

/// One coup: the shoe before it, each bet's exact house edge there, and
/// what was dealt.
#[derive(Clone, Debug, Serialize)]
pub struct Coup {
    /// The coup's number, from 1.
    pub coup: u64,
    /// The cards left before it.
    pub cards_left: u64,
    /// The cards dealt before it, as `--removed` writes them (`5x2,K`;
    /// empty before the first coup): `check --removed` with these gives
    /// the same edges.
    pub dealt_so_far: String,
    /// Each bet's house edge from the cards left, in the order of `bets`.
    pub house_edges: Vec<Exact>,
    /// The same, × 100 (decimal, rounded).
    pub house_edges_percent: Vec<f64>,
    /// The bets whose house edge is below zero: they favour the bettor.
    pub favourable: Vec<String>,
    /// The cards the coup dealt, in order (`Q♠`).
    pub dealt: Vec<String>,
    /// The outcome it ended with (`None` when it ran to its last
    /// statement).
    pub outcome: Option<String>,
}

/// How one bet fared over the shoe.
#[derive(Clone, Debug, Serialize)]
pub struct BetSummary {
    /// The bet.
    pub bet: String,
    /// The coups where it favoured its bettor (house edge below zero).
    pub favourable_coups: u64,
    /// The bettor's mean advantage (minus the house edge) over those
    /// coups, × 100; `None` (`null`) when there was none.
    pub mean_advantage_percent: Option<f64>,
    /// The bettor's largest advantage over those coups, exact.
    pub best_advantage: Option<Exact>,
    /// The same, × 100.
    pub best_advantage_percent: Option<f64>,
}
