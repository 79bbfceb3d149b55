//! The table driven by the exact session (`play::chain`): the table's own
//! rules (bets, covers, settlements, the bank passing, bankruptcy, new
//! games) run on a state the chain restores, and each run of the round
//! ends as the chain picks from the run's law instead of being played. A
//! table round that plays more runs than were picked stops with
//! [`TableError::Unpicked`]; the chain picks the next run's ending and
//! replays it.

use super::seat::{Placed, Seat};
use super::session::PathEnd;
use super::{Table, TableError};
use crate::number::Exact;
use crate::play::money::Ledger;

/// How one run of the round ends: its outcome (none where it ran to its
/// last statement) and the final values its bets are settled on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunEnding {
    /// The outcome, an index into `Program::outcomes`.
    pub outcome: Option<usize>,
    /// The values of `Program::finals`, in order.
    pub values: Vec<Option<i64>>,
}

/// The table between two table rounds: all that decides the later ones.
/// Seats are numbered from 0.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableState {
    /// Each seat's chips, and whether it still plays.
    pub seats: Vec<(Exact, bool)>,
    /// The seat that banks; `None` when the house does.
    pub banker: Option<usize>,
    named_limit: Option<u64>,
    first: usize,
    /// Why the session ended, once it has (as `play`'s summary says it):
    /// no table round is played after.
    pub over: Option<String>,
}

impl TableState {
    /// The table over: it came back where it was with nothing settled.
    pub fn came_back(mut self) -> TableState {
        self.over = Some(super::session::Ending::CameBack.to_string());
        self
    }
}

impl Table<'_, '_> {
    /// The table as [`Table::run`] starts it, the first game dealt, with
    /// the ways a run of the round may end; nothing is played.
    pub fn chain_start(&mut self, endings: Vec<RunEnding>) -> TableState {
        self.endings = endings;
        self.script = None;
        self.new_game(0);
        self.state_after()
    }

    /// One table round from `state` as [`Table::run`] plays it, the `i`th
    /// run of the round ending as `endings[picks[i]]`: the state after it,
    /// or `None` where the round plays more runs than `picks` has.
    pub fn chain_round(
        &mut self,
        state: &TableState,
        picks: &[usize],
    ) -> Result<Option<TableState>, TableError> {
        if state.over.is_some() {
            return Ok(Some(state.clone()));
        }
        self.restore(state);
        self.script = Some((picks.to_vec(), 0));
        let played = self.table_round();
        self.script = None;
        match played {
            Ok(()) => Ok(Some(self.state_after())),
            Err(TableError::Unpicked) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The state after a table round, the session over where [`Table::run`]
    /// would end it before the next: no round can be played, or too few
    /// seats can bet.
    fn state_after(&mut self) -> TableState {
        let over = match self.unplayable.take() {
            Some(why) => Some(why.to_string()),
            None if self.too_few_seats() => Some(super::session::Ending::TooFewSeats.to_string()),
            None => None,
        };
        TableState {
            seats: self
                .seats
                .iter()
                .map(|s| (s.chips.clone(), s.playing))
                .collect(),
            banker: self.banker,
            named_limit: self.named_limit,
            first: self.first,
            over,
        }
    }

    /// Puts the table in `state`; the ledger audits from here.
    fn restore(&mut self, state: &TableState) {
        self.seats = state
            .seats
            .iter()
            .map(|(chips, playing)| Seat {
                chips: chips.clone(),
                playing: *playing,
            })
            .collect();
        self.banker = state.banker;
        self.named_limit = state.named_limit;
        self.first = state.first;
        self.unplayable = None;
        self.house = Exact::zero();
        let held: Vec<Exact> = self.seats.iter().map(|s| s.chips.clone()).collect();
        self.ledger = Ledger::new(&held, &self.house);
    }

    /// Where the chain drives the table: how this run ends, from the next
    /// pick (every seat of the run alike).
    pub(super) fn scripted(
        &mut self,
        placed: &[Placed],
    ) -> Result<Option<Vec<PathEnd>>, TableError> {
        let Some((picks, used)) = self.script.as_mut() else {
            return Ok(None);
        };
        let pick = *picks.get(*used).ok_or(TableError::Unpicked)?;
        *used += 1;
        let ending = self.endings.get(pick).ok_or(TableError::Unpicked)?;
        let seats = placed.iter().map(|p| p.seat).collect();
        Ok(Some(vec![(seats, ending.outcome, ending.values.clone())]))
    }
}
