//! The table driven by the exact session (`session`): the table's own
//! rules (bets, covers, settlements, the bank passing, bankruptcy, new
//! games) run on a state the chain restores, and each run of the round
//! ends as the chain picks from the run's law instead of being played. A
//! table round pauses before a run it has no ending picked for: the state
//! says where ([`TableState::paused`]), and the chain goes on from it once
//! for each ending of that run, so a round against a bank of K punters is
//! K steps, each merged with every other table at the same point.

use super::money::Ledger;
use super::seat::{Placed, Seat};
use super::session::PathEnd;
use super::{Table, TableError};
use crate::number::Exact;

/// How one run of the round ends: its outcome (none where it ran to its
/// last statement) and the final values its bets are settled on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RunEnding {
    /// The outcome, an index into `Program::outcomes`.
    pub outcome: Option<usize>,
    /// The values of `Program::finals`, in order.
    pub values: Vec<Option<i64>>,
    /// Where each seat throws dice of its own after the table's throws
    /// (`throw ... for each seat`): which of the ways the table's throws
    /// fall this ending belongs to (every later run of the same table
    /// round ends in the same part); `None` for a round not split.
    pub part: Option<usize>,
}

/// The table between two table rounds, or paused within one before a run:
/// all that decides what follows. Seats are numbered from 0.
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
    /// Where the table round is paused, before a run; `None` between
    /// table rounds.
    pub paused: Option<Paused>,
}

/// Where a table round paused, before a run it had no ending for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Paused {
    /// Before the one run of a round (the house's, or a bank's stake
    /// covered): the round is played again from its start.
    Restart,
    /// Before a punter's run against the bank seat.
    Punter(PunterTurn),
}

/// A bank seat's round between two punters: the turn order's start, the
/// punters already passed in it, and what the round has told so far.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PunterTurn {
    pub(super) start: usize,
    pub(super) done: usize,
    pub(super) banker_lost: bool,
    pub(super) passes: bool,
    /// Which part of a split round ([`RunEnding::part`]) the table's
    /// throws fell in, once a run of the round has ended.
    pub(super) part: Option<usize>,
}

impl TableState {
    /// The part of a split round the table's throws fell in, where the
    /// round paused after a run of it ended; `None` before the round's
    /// first run.
    pub fn part(&self) -> Option<usize> {
        match &self.paused {
            Some(Paused::Punter(p)) => p.part,
            _ => None,
        }
    }

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

    /// The table round from `state` as [`Table::run`] plays it (from where
    /// it paused, if it did), the `i`th run from here ending as
    /// `endings[picks[i]]`: the state after the round, or where it paused
    /// before a run beyond `picks` ([`TableState::paused`]).
    pub fn chain_step(
        &mut self,
        state: &TableState,
        picks: &[usize],
    ) -> Result<TableState, TableError> {
        if state.over.is_some() {
            return Ok(state.clone());
        }
        self.restore(state);
        self.script = Some((picks.to_vec(), 0));
        let played = self.table_round();
        self.script = None;
        match played {
            Ok(()) => {
                self.paused = None;
                Ok(self.state_after())
            }
            Err(TableError::Unpicked) => {
                let paused = self.paused.take().unwrap_or(Paused::Restart);
                let mut state = self.state_within();
                state.paused = Some(paused);
                Ok(state)
            }
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
            over,
            ..self.state_within()
        }
    }

    /// The table as it stands, the session not over and the round not
    /// paused.
    fn state_within(&self) -> TableState {
        TableState {
            seats: self
                .seats
                .iter()
                .map(|s| (s.chips.clone(), s.playing))
                .collect(),
            banker: self.banker,
            named_limit: self.named_limit,
            first: self.first,
            over: None,
            paused: None,
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
        self.paused = state.paused.clone();
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
        if self.part.is_none() {
            self.part = ending.part;
        }
        let seats = placed.iter().map(|p| p.seat).collect();
        Ok(Some(vec![(seats, ending.outcome, ending.values.clone())]))
    }
}
