//! The figures `expect` and `claim` lines name, and the tables and shoes of
//! a session's figures.

use serde::Serialize;

use super::{Param, Setting};
use crate::ast::Span;
use crate::number::Exact;

/// A figure of the report named by an `expect` or a `claim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Figure {
    HouseEdge,
    HouseEdgeExcludingPushes,
    Ev,
    StdDev,
    Variance,
    WinProbability,
    PushProbability,
    LoseProbability,
    Probability,
    /// The mean final value of a name some bet is settled on.
    Mean,
    /// A bet `staking` a name: the mean of what a round stakes on it, per
    /// unit put down before the round.
    AverageWager,
    /// A bet `staking` a name: its house edge per unit of its average
    /// wager.
    ElementOfRisk,
    /// The probability a solved strategy gives an option where the chooser
    /// knows given values: `strategy(action, draw, 5)`.
    Strategy,
    /// A session's: the probability that a bank is put out of business
    /// within the first R table rounds, `ruin(R)`.
    Ruin,
    /// A session's: seat S's expected net over its rounds, `net(S)`.
    Net,
    /// A session's: the largest seat's expected net less the smallest's.
    NetSpread,
    /// A session's: the expected table rounds the first bank is held
    /// within the session's rounds.
    Tenure,
    /// A session's: the first banker's expected net over those rounds.
    TenureNet,
    /// Whole shoes dealt to the cut card: the mean, per shoe, of the coups
    /// ending one outcome less those ending another, estimated by dealing
    /// them, `shoe_margin(banker, player)`.
    ShoeMargin,
}

impl Figure {
    pub const ALL: &'static [(&'static str, Figure)] = &[
        ("house_edge", Figure::HouseEdge),
        (
            "house_edge_excluding_pushes",
            Figure::HouseEdgeExcludingPushes,
        ),
        ("ev", Figure::Ev),
        ("std_dev", Figure::StdDev),
        ("variance", Figure::Variance),
        ("win_probability", Figure::WinProbability),
        ("push_probability", Figure::PushProbability),
        ("lose_probability", Figure::LoseProbability),
        ("probability", Figure::Probability),
        ("mean", Figure::Mean),
        ("average_wager", Figure::AverageWager),
        ("element_of_risk", Figure::ElementOfRisk),
        ("strategy", Figure::Strategy),
        ("ruin", Figure::Ruin),
        ("net", Figure::Net),
        ("net_spread", Figure::NetSpread),
        ("tenure", Figure::Tenure),
        ("tenure_net", Figure::TenureNet),
        ("shoe_margin", Figure::ShoeMargin),
    ];

    /// Whether it is a figure of a session (at a table, `at seats = N`;
    /// or of whole shoes, `at shoes = N`), not of one round.
    pub fn of_session(self) -> bool {
        matches!(
            self,
            Figure::Ruin
                | Figure::Net
                | Figure::NetSpread
                | Figure::Tenure
                | Figure::TenureNet
                | Figure::ShoeMargin
        )
    }

    pub fn name(self) -> &'static str {
        Figure::ALL
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("figure", |(n, _)| n)
    }
}

/// An `expect` or `claim`, resolved.
#[derive(Clone, Debug)]
pub struct Assertion {
    pub figure: Figure,
    /// A bet index; an outcome index for [`Figure::Probability`]; a final
    /// index for [`Figure::Mean`]; the rounds of [`Figure::Ruin`]; the
    /// seat (from 0) of [`Figure::Net`].
    pub target: usize,
    /// The source text of the quantity: `house_edge(player)`.
    pub quantity: String,
    pub op: crate::ast::RelOp,
    pub value: Exact,
    /// The text as written, with `%` if any.
    pub value_text: String,
    pub tolerance: Exact,
    /// The rule book's words, for claims.
    pub text: Option<String>,
    /// For [`Figure::Strategy`]: the choice's name, the option and the
    /// known values.
    pub strategy: Option<(String, String, Vec<i64>)>,
    /// The parameters its `with` names, each with its value, by name;
    /// empty without `with`.
    pub with: Vec<(String, Setting)>,
    /// The `with`, where there is one.
    pub with_span: Option<Span>,
    /// The parameters its figure can depend on, by name: those the round,
    /// the shoes and the choosing sides' bets read, and its own bet's.
    pub depends_on: Vec<String>,
    /// The setting it is checked at: an index into [`Program::pinned`](super::Program::pinned), or
    /// `None` for the setting the program was checked at.
    pub setting: Option<usize>,
    /// For a figure of a session: the table its `at` names.
    pub table: Option<SessionTable>,
    /// For [`Figure::ShoeMargin`]: the shoes its `at` deals.
    pub shoes: Option<ShoeDeal>,
    pub span: Span,
}

/// Whole shoes dealt to the cut card, for [`Figure::ShoeMargin`]:
/// `shoe_margin(banker, player) ~ 3.5 at shoes = 10000, seed = 1, cut = 14`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShoeDeal {
    /// The outcome counted for, and the one counted against (indices into
    /// `Program::outcomes`).
    pub plus: usize,
    pub minus: usize,
    /// Shoes dealt.
    pub shoes: u64,
    /// The seed of the deal.
    pub seed: u64,
    /// The cut card: no coup starts with this many cards left or fewer.
    pub cut: u64,
}

impl std::fmt::Display for ShoeDeal {
    /// As an `at` writes it: `shoes = 10000, seed = 1, cut = 14`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "shoes = {}, seed = {}, cut = {}",
            self.shoes, self.seed, self.cut
        )
    }
}

impl std::fmt::Display for SessionTable {
    /// As an `at` writes it, every setting the session ran with that is
    /// not the default: `seats = 4, rounds = 4, stakes = [2, 1, 1, 1]`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seats = {}, rounds = {}", self.seats, self.rounds)?;
        if self.stake > 0 {
            write!(f, ", stake = {}", self.stake + 1)?;
        }
        if !self.stakes.is_empty() {
            let stakes: Vec<String> = self.stakes.iter().map(u64::to_string).collect();
            write!(f, ", stakes = [{}]", stakes.join(", "))?;
        }
        if let Some(chips) = self.chips {
            write!(f, ", chips = {chips}")?;
        }
        Ok(())
    }
}

/// The table a figure of a session holds at (`at seats = 4, rounds = 4`),
/// as `dicerules session` takes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SessionTable {
    /// Seats, the banker's included.
    pub seats: usize,
    /// Table rounds.
    pub rounds: u64,
    /// The stake rule, from 0.
    pub stake: usize,
    /// What each seat stakes (one value: every seat's; none: the table
    /// minimum).
    pub stakes: Vec<u64>,
    /// Every seat's starting chips, instead of the file's.
    pub chips: Option<u64>,
}

impl Assertion {
    /// The parameters the run gives other values than the file's that the
    /// figure depends on and the line's `with` does not name: where there
    /// are any, the line was written for other values and is not checked.
    pub fn moved<'p>(&self, params: &'p [Param]) -> Vec<&'p Param> {
        params
            .iter()
            .filter(|p| p.changed())
            .filter(|p| self.depends_on.contains(&p.name))
            .filter(|p| !self.with.iter().any(|(n, _)| *n == p.name))
            .collect()
    }
}
