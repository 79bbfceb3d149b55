//! A strategy solved for, played: each situation's option as the solution
//! took it. The round of a split played in turn
//! ([`crate::program::hands::in_turn`]) is evaluated so, each hand choosing
//! as the best play of one hand alone that the solution holds.

use rustc_hash::FxHashMap;

use super::decisions::{Solution, Unlisted};
use crate::eval::round::Pick;
use crate::eval::EvalError;
use crate::program::Program;

/// The option taken in each situation of a solution.
#[derive(Default)]
pub struct Policy {
    /// By (decision, what the chooser knows): the option's index among
    /// those offered there.
    listed: FxHashMap<(usize, Vec<i64>), usize>,
    /// The decisions of too many situations to list, looked up there.
    unlisted: std::sync::Arc<Vec<Unlisted>>,
}

impl Policy {
    /// The options `solution` takes; `None` where it mixes two in some
    /// situation (two sides' equilibrium), which a policy does not play.
    pub fn of(solution: &Solution) -> Option<Policy> {
        let mut listed = FxHashMap::default();
        for info in &solution.infosets {
            let taken = info
                .options
                .iter()
                .position(|o| o.probability == crate::number::Exact::one())?;
            listed.insert((info.decision, info.key.clone()), taken);
        }
        Some(Policy {
            listed,
            unlisted: solution.unlisted.clone(),
        })
    }

    /// The value the policy binds at `pick`: the option taken there.
    pub fn value(&self, program: &Program, pick: &Pick) -> Result<i64, EvalError> {
        let d = &program.decisions[pick.decision];
        let taken = match self.unlisted.iter().find(|u| u.decision == pick.decision) {
            Some(u) => u.option(&pick.key),
            None => self
                .listed
                .get(&(pick.decision, pick.key.to_vec()))
                .copied(),
        };
        let option = taken.and_then(|i| d.offered(&pick.key).nth(i));
        option.map(|i| d.values[i]).ok_or(EvalError::Internal {
            what: "a situation the best play of one hand never met",
            span: d.span,
        })
    }
}
