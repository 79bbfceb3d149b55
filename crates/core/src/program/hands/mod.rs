//! A round that splits: after `split` the rest of the round is played by
//! two hands, each settled on a stake of its own (docs/language.md,
//! section 4.10).
//!
//! As the checker compiles it, `split` is one step that marks the round
//! split (its flag), and the hands are *alike*: each end after it settles
//! two hands with the same outcome. That round gives each hand's best play
//! (a hand plays as one hand alone from where the split leaves it, knowing
//! what its own `knowing` names) and the mean of every figure: the cards of
//! a shoe are exchangeable, so each of two hands, each drawing by its own
//! cards, ends as one hand alone would.
//!
//! [`in_turn`] gives the round's meaning at a table, the hands dealt as a
//! dealer deals them: the first hand plays up to the table's next card (a
//! draw or throw not `for each seat`: the dealer's), or to its end; then
//! the second hand plays from the split on, from the shoe as the first
//! left it, dealing the table's cards when it comes to them; then the first
//! goes on from where it stopped, given the same table cards (a table card
//! no hand has come to yet is dealt then). Each end settles both hands.
//! `play` runs it so, and the exact evaluation runs it with each hand's
//! choices those of the best play above, for the distribution of the two
//! hands' nets together.

mod stretches;
mod turn;

pub use turn::in_turn;

use super::Program;
use crate::ast::Span;

/// The round's `split`.
#[derive(Clone, Debug)]
pub struct Split {
    /// The step of the `split`: it sets `flag`.
    pub at: usize,
    /// The slot that holds true once the round has split.
    pub flag: usize,
    pub span: Span,
    /// In the round played in turn ([`in_turn`]): the slots where an end
    /// finds the other hand's settlement. `None` as checked, where the
    /// hands are alike.
    pub other: Option<OtherHand>,
    /// In the round played in turn: the steps where the first hand comes
    /// to a stretch of the table's play the second played, each with the
    /// pairs of slots that must hold the same values (the first hand's,
    /// and the second's as it came there); where they differ, the
    /// evaluation stops (`dice::eval::split_table`).
    pub checks: Vec<(usize, Vec<(usize, usize)>)>,
}

/// The slots of the other hand's settlement, in the round played in turn.
#[derive(Clone, Debug)]
pub struct OtherHand {
    /// Its outcome's index, or -1 where it ended without one.
    pub outcome: usize,
    /// Its value of each of [`Program::finals`].
    pub finals: Vec<usize>,
}

impl Split {
    /// The steps that compare values ([`Split::checks`]), each with the
    /// slots it reads.
    pub fn compared(&self) -> Vec<(usize, Vec<usize>)> {
        let slots = |pairs: &[(usize, usize)]| pairs.iter().flat_map(|&(a, b)| [a, b]).collect();
        self.checks
            .iter()
            .map(|(at, pairs)| (*at, slots(pairs)))
            .collect()
    }

    /// The slots an end reads to settle the other hand.
    pub fn read_at_end(&self) -> Vec<usize> {
        let other = self
            .other
            .iter()
            .flat_map(|o| std::iter::once(o.outcome).chain(o.finals.iter().copied()));
        std::iter::once(self.flag).chain(other).collect()
    }
}

/// An end's code for the outcome of a hand: its index, or -1 for none.
pub fn outcome_code(outcome: Option<usize>) -> i64 {
    outcome.map_or(-1, |o| o as i64)
}

/// The other hand an end's `values` settle where they hold it at `at`:
/// its outcome ([`outcome_code`]) and its values from there on (its finals
/// first); `None` where the round did not split. The one reading of the
/// layout [`Program::other_width`] describes.
pub fn other_at(values: &[Option<i64>], at: usize) -> Option<(Option<usize>, &[Option<i64>])> {
    let code = (*values.get(at)?)?;
    Some((usize::try_from(code).ok(), values.get(at + 1..)?))
}

impl Program {
    /// The round as a table plays it: where it splits, with its hands
    /// played in turn ([`in_turn`]), made once; else the round itself.
    pub fn played(&self) -> &Program {
        match &self.split {
            Some(split) if split.other.is_none() => self.played.get_or_init(|| {
                let mut lowered = in_turn(self).unwrap_or_else(|| self.clone());
                super::liveness::refresh(&mut lowered);
                Box::new(lowered)
            }),
            _ => self,
        }
    }

    /// How many of an end's values settle the other hand of a split: its
    /// outcome's code ([`outcome_code`]) and its finals, after the end's
    /// own finals and before each side's sequence; none without a split.
    pub fn other_width(&self) -> usize {
        if self.split.is_some() {
            1 + self.finals.len()
        } else {
            0
        }
    }

    /// Where an end's values give each side's sequence: after the finals
    /// and the other hand's settlement.
    pub fn sequences_at(&self) -> usize {
        self.finals.len() + self.other_width()
    }

    /// The other hand an end of a round that split settles: its outcome
    /// and its final values; `None` where the round did not split.
    pub fn other_hand<'v>(
        &self,
        values: &'v [Option<i64>],
    ) -> Option<(Option<usize>, &'v [Option<i64>])> {
        self.split.as_ref()?;
        let (outcome, rest) = other_at(values, self.finals.len())?;
        Some((outcome, rest.get(..self.finals.len())?))
    }

    /// The slots an end's settlement reads, in the order of its values
    /// (the sides' sequences aside): each final, then, in the round played
    /// in turn, the other hand's outcome and finals.
    pub fn settled_slots(&self) -> impl Iterator<Item = usize> + '_ {
        let other = (self.split.iter())
            .flat_map(|s| &s.other)
            .flat_map(|o| std::iter::once(o.outcome).chain(o.finals.iter().copied()));
        self.finals.iter().map(|f| f.slot).chain(other)
    }
}
