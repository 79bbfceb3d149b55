//! The decisions of a round as the exact evaluation meets them (the game
//! in sequence form), and the strategies [`crate::solve`] finds for them.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::eval::weight::Weight;
use crate::number::Exact;
use crate::program::Program;

/// The information sets of a round's decisions, as the exact evaluation
/// meets them.
///
/// A side's choices so far are its *sequence*: 0 before any, else the
/// number of its last (information set, option). The evaluation takes every
/// option of every decision with weight 1, and records at each end the
/// sequence of each side: the game in sequence form.
#[derive(Clone, Debug, Default)]
pub struct Decisions {
    pub infosets: Vec<InfoSet>,
    /// How many sequences each side has, the empty one included.
    pub sequences: Vec<u32>,
    pub(super) index: FxHashMap<(usize, SmallVec<[i64; 4]>), usize>,
}

/// A decision as its chooser sees it: the statement and the known values.
#[derive(Clone, Debug)]
pub struct InfoSet {
    /// Index into `Program::decisions`.
    pub decision: usize,
    /// The values the chooser knows, in the decision's `knowing` order.
    pub key: Vec<i64>,
    pub side: usize,
    /// The side's sequence whenever it comes here (perfect recall).
    pub parent: u32,
    /// The sequence of option 0; option `a` is `first + a`.
    pub first: u32,
    pub options: usize,
    /// The chance of coming here, by the other side's sequence on arrival.
    pub reach: Vec<(u32, Weight)>,
}

/// How the decisions were solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One side chooses: its best strategy.
    Best,
    /// Two sides, zero-sum: the value of the game for the first side.
    ZeroSum { value: Exact },
    /// Two sides, not zero-sum: an equilibrium.
    GeneralSum,
}

/// The strategies solved for, information set by information set.
#[derive(Clone, Debug)]
pub struct Solution {
    pub kind: Kind,
    /// The bet of each side, by index into `Program::bets`.
    pub sides: Vec<usize>,
    /// In the order the evaluation met them.
    pub infosets: Vec<InfoSetReport>,
}

/// One information set: where it is, how often it is reached, and each
/// option's value and probability.
#[derive(Clone, Debug)]
pub struct InfoSetReport {
    /// Index into `Program::decisions`.
    pub decision: usize,
    pub side: usize,
    /// The values the chooser knows.
    pub key: Vec<i64>,
    /// The probability of coming here under the strategies solved for.
    pub reach: Exact,
    pub options: Vec<OptionReport>,
}

#[derive(Clone, Debug)]
pub struct OptionReport {
    /// The expected net of the side's bet per unit staked, given that the
    /// round comes here and the side takes this option, against the other
    /// side's strategy (and its own elsewhere); `None` where the other
    /// side's strategy never lets the round come here.
    pub value: Option<Exact>,
    /// The probability the strategy gives it.
    pub probability: Exact,
    /// Whether it is a best response here.
    pub best: bool,
}

impl Solution {
    /// The probability the strategy gives `option` of decision `name`
    /// where the chooser knows `key`: `strategy(name, option, key...)`.
    pub fn probability(
        &self,
        program: &Program,
        name: &str,
        option: &str,
        key: &[i64],
    ) -> Option<Exact> {
        self.infosets.iter().find_map(|info| {
            let d = &program.decisions[info.decision];
            if d.name != name || info.key != key {
                return None;
            }
            let a = d.options.iter().position(|o| o == option)?;
            Some(info.options[a].probability.clone())
        })
    }
}
