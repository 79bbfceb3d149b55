//! The chain under way: the tables stepped run by run through each table
//! round (each table's step played by `play`'s [`Table`], its events read
//! by the [`Tally`]), merged with their masses summed after every step, and
//! the session's figures gathered from them: each round's row, each seat's
//! net and chips, the first bank's tenure.

use std::cell::RefCell;
use std::ops::ControlFlow;

use num_bigint::BigUint;
use num_traits::One;
use rustc_hash::FxHashMap;

use super::law::RunLaw;
use super::masses::{exact_words, Mass, Masses};
use super::{
    ChainError, Options, Stop, EVENTS_PER_UNIT, SEAT_WORDS_PER_UNIT, WORDS_PER_UNIT, WORK_PER_TABLE,
};
use crate::number::Exact;
use crate::play::table::{Table, TableState, Tally};
use crate::program::Program;
use crate::report::session::{ChipsRow, FirstBank, Heading, RoundRow, SeatRow, Session};
use crate::report::FormatVersion;

/// Tables with their mass, each with whether a bank has been put out of
/// business yet and whether the first bank still holds.
type Frontier = FxHashMap<(TableState, bool, bool), Mass>;

/// Whether the chain goes on to its next step or round, or stops (the
/// tenure mode, [`Options::tenure`], at a bound or its precision).
type Next = ControlFlow<()>;

/// The chain under way: the tables after the rounds run, and the sums the
/// session's figures are made of.
pub(super) struct Chain<'a> {
    program: &'a Program,
    options: &'a Options,
    law: &'a RunLaw,
    /// What one step's events told (counted afresh for each step).
    recorder: &'a RefCell<Tally>,
    masses: Masses,
    /// Each table after a round.
    frontier: Frontier,
    /// Each seat's settlements: the mass of the branches that settled it
    /// so, by net.
    nets: Vec<FxHashMap<Exact, Mass>>,
    by_round: Vec<RoundRow>,
    peak_states: usize,
    /// The first bank's rounds held after each round but the last run (it
    /// holds the first round too).
    tenure: Mass,
    /// The first bank's banker's settlements while it holds, by net: those
    /// of the rounds run, and of the round under way.
    tenure_nets: FxHashMap<Exact, Mass>,
    round_tenure_nets: FxHashMap<Exact, Mass>,
    /// [`WORK_PER_TABLE`] times [`Options::max_states`].
    work_limit: u64,
    /// Steps, and the units of the tables they ran ([`step_units`]); the
    /// arithmetic is counted by `masses`.
    steps: u64,
    /// The probability that no punter's win (or pass) ends a bank's tenure
    /// in a round, at most; what the first bank's tenure beyond the rounds
    /// run is bounded by.
    hazard: Option<Exact>,
    rounds_run: u64,
    stopped: Option<Stop>,
    last_held: Exact,
    last_holds: Mass,
    /// Each seat's chips at the start.
    dealt: Vec<Exact>,
    first_banker: Option<usize>,
}

/// One table round under way.
struct RoundSteps {
    round: u64,
    /// The first step starts each table's round and picks no ending.
    first_step: bool,
    /// The tables after the round.
    next: Frontier,
    /// The tables paused within it before a run: each then goes on once
    /// for every ending of that run.
    paused: Frontier,
    /// The mass of the branches where a bank was put out of business in
    /// this round.
    broke: Mass,
}

impl<'a> Chain<'a> {
    /// The chain at the table `start`, with mass 1.
    pub(super) fn new(
        program: &'a Program,
        options: &'a Options,
        law: &'a RunLaw,
        recorder: &'a RefCell<Tally>,
        start: TableState,
        hazard: Option<Exact>,
    ) -> Chain<'a> {
        let dealt: Vec<Exact> = start.seats.iter().map(|(c, _)| c.clone()).collect();
        let first_banker = start.banker;
        let mut frontier: Frontier = FxHashMap::default();
        frontier.insert(
            (start, false, first_banker.is_some()),
            Mass {
                n: BigUint::one(),
                e: 0,
            },
        );
        Chain {
            program,
            options,
            law,
            recorder,
            masses: Masses::new(law),
            frontier,
            nets: vec![FxHashMap::default(); options.seats],
            by_round: Vec::new(),
            peak_states: 1,
            tenure: Mass::default(),
            tenure_nets: FxHashMap::default(),
            round_tenure_nets: FxHashMap::default(),
            work_limit: (options.max_states as u64).saturating_mul(WORK_PER_TABLE),
            steps: 0,
            hazard,
            rounds_run: 0,
            stopped: None,
            last_held: Exact::one(),
            last_holds: Mass::one(),
            dealt,
            first_banker,
        }
    }

    /// The units of work done: the steps' and the arithmetic's.
    fn units(&self) -> u64 {
        (self.steps).saturating_add(self.masses.words / WORDS_PER_UNIT)
    }

    /// Past the work bound in `round`: following the first bank, the chain
    /// stops there; else the error.
    fn within_work(&mut self, round: u64) -> Result<Next, ChainError> {
        if self.units() <= self.work_limit {
            return Ok(Next::Continue(()));
        }
        if self.options.tenure.is_some() {
            self.stopped = Some(Stop::WorkLimit);
            return Ok(Next::Break(()));
        }
        Err(ChainError::WorkLimit {
            limit: self.work_limit,
            round,
            span: self.program.round_span,
        })
    }

    /// Runs table round `round` from every table, step by step, and
    /// gathers its row.
    pub(super) fn round(
        &mut self,
        table: &mut Table<'_, '_>,
        round: u64,
    ) -> Result<Next, ChainError> {
        let mut r = RoundSteps {
            round,
            first_step: true,
            next: FxHashMap::default(),
            paused: FxHashMap::default(),
            broke: Mass::default(),
        };
        let mut open = std::mem::take(&mut self.frontier);
        self.round_tenure_nets.clear();
        while !open.is_empty() {
            for (key, weight) in &open {
                if self.table_steps(table, &mut r, key, weight)?.is_break() {
                    return Ok(Next::Break(()));
                }
            }
            open = std::mem::take(&mut r.paused);
            r.first_step = false;
        }
        self.close_round(r)
    }

    /// The steps from one table `key` of mass `weight`: one for each ending
    /// its next run may have (one that picks none at the round's start);
    /// then the bound on the tables alive.
    fn table_steps(
        &mut self,
        table: &mut Table<'_, '_>,
        r: &mut RoundSteps,
        key: &(TableState, bool, bool),
        weight: &Mass,
    ) -> Result<Next, ChainError> {
        let (endings, first_run) = self.law.picks(key.0.part());
        let picks: Vec<Option<usize>> = if r.first_step {
            vec![None]
        } else {
            endings.iter().copied().map(Some).collect()
        };
        for pick in picks {
            if self
                .step(table, r, key, weight, pick, first_run)?
                .is_break()
            {
                return Ok(Next::Break(()));
            }
        }
        if r.next.len().max(r.paused.len()) > self.options.max_states {
            if self.options.tenure.is_some() {
                self.stopped = Some(Stop::StateLimit);
                return Ok(Next::Break(()));
            }
            return Err(ChainError::StateLimit {
                limit: self.options.max_states,
                round: r.round,
                span: self.program.banking.span,
            });
        }
        Ok(Next::Continue(()))
    }

    /// One step: the table `key` played on with its run ending as `pick`
    /// (none at the round's start), its events read, the table it leaves
    /// added to the round's next or paused tables.
    fn step(
        &mut self,
        table: &mut Table<'_, '_>,
        r: &mut RoundSteps,
        (state, ever, held): &(TableState, bool, bool),
        weight: &Mass,
        pick: Option<usize>,
        first_run: bool,
    ) -> Result<Next, ChainError> {
        let mass = match pick {
            Some(k) => self.masses.then(weight, k, first_run),
            None => weight.clone(),
        };
        self.steps = self.steps.saturating_add(step_units(state));
        if self.within_work(r.round)?.is_break() {
            return Ok(Next::Break(()));
        }
        self.recorder.borrow_mut().clear();
        let after = table.chain_step(state, pick.as_slice())?;
        let seen = self.recorder.borrow();
        self.steps = self.steps.saturating_add(seen.events / EVENTS_PER_UNIT);
        if seen.banker_broke {
            self.masses.add(&mut r.broke, &mass);
        }
        for (by_net, net) in self.nets.iter_mut().zip(&seen.nets) {
            if !net.is_zero() {
                self.masses
                    .add(by_net.entry(net.clone()).or_default(), &mass);
            }
        }
        // The first banker's settlements while the first bank holds.
        if let (true, Some(b)) = (*held, self.first_banker) {
            let net = &seen.nets[b];
            if !net.is_zero() {
                let sum = self.round_tenure_nets.entry(net.clone()).or_default();
                self.masses.add(sum, &mass);
            }
        }
        // A session over holds no bank in the rounds it does not play.
        let still =
            *held && !seen.bank_moved && after.banker == self.first_banker && after.over.is_none();
        // A round that ran no run settled nothing: a table back where it
        // was so would go round for ever, and `play` ends it there.
        let after = if r.first_step && after.paused.is_none() && after == *state {
            after.came_back()
        } else {
            after
        };
        let to = if after.paused.is_some() {
            &mut r.paused
        } else {
            &mut r.next
        };
        let key = (after, *ever || seen.banker_broke, still);
        self.masses.add(to.entry(key).or_default(), &mass);
        Ok(Next::Continue(()))
    }

    /// The round's end: its row (the bank's ruin in it and by it, the
    /// sessions over, the first bank's hold), the first bank's sums, and
    /// the tables it leaves; following the first bank, whether its tenure
    /// is known precisely enough.
    fn close_round(&mut self, r: RoundSteps) -> Result<Next, ChainError> {
        let RoundSteps {
            round,
            mut next,
            broke,
            ..
        } = r;
        if self.options.tenure.is_some() {
            next.retain(|(.., held), _| *held);
        }
        self.peak_states = self.peak_states.max(next.len());
        let (mut broke_by, mut over_by) = (Mass::default(), Mass::default());
        let mut holds = Mass::default();
        for ((state, ever, held), m) in &next {
            if *ever {
                self.masses.add(&mut broke_by, m);
            }
            if *held {
                self.masses.add(&mut holds, m);
            }
            if state.over.is_some() {
                self.masses.add(&mut over_by, m);
            }
        }
        let broke = self.masses.exact(&broke);
        let first_bank_held = self.masses.exact(&holds);
        let row = RoundRow {
            round,
            bank_broke_percent: broke.to_f64() * 100.0,
            bank_broke: broke,
            bank_broke_by: self.masses.exact(&broke_by),
            over_by: self.masses.exact(&over_by),
            first_bank_held: first_bank_held.clone(),
        };
        // The round's figures, reduced (and written) are work too.
        if self.within_work(round)?.is_break() {
            return Ok(Next::Break(()));
        }
        for (net, m) in self.round_tenure_nets.drain() {
            self.masses
                .add(self.tenure_nets.entry(net).or_default(), &m);
        }
        // The rounds held: 1, and the chance it holds after each round but
        // the last.
        if round > 1 {
            self.masses.add(&mut self.tenure, &self.last_holds);
        }
        self.last_holds = holds;
        self.last_held = first_bank_held;
        self.rounds_run = round;
        self.by_round.push(row);
        self.frontier = next;
        if let (Some(precision), Some(h)) = (self.options.tenure, &self.hazard) {
            if self.last_held.is_zero() || self.last_held.to_f64() / h.to_f64() < precision {
                self.stopped = Some(Stop::Precise);
                return Ok(Next::Break(()));
            }
        }
        Ok(Next::Continue(()))
    }

    /// The seats' figures and the first bank's, reduced and written, are
    /// work too: past the bound, the error. (Following the first bank, the
    /// tables are dropped and the figures are few: what it has is given,
    /// however it stopped.)
    fn finished(&self) -> Result<(), ChainError> {
        if self.units() > self.work_limit && self.options.tenure.is_none() {
            return Err(ChainError::WorkLimit {
                limit: self.work_limit,
                round: self.rounds_run,
                span: self.program.round_span,
            });
        }
        Ok(())
    }

    /// The session's figures from the rounds run.
    pub(super) fn finish(mut self, table: &Table<'_, '_>) -> Result<Session, ChainError> {
        if self.options.tenure.is_some() {
            self.by_round.clear();
            self.frontier.clear();
        }
        let mut by_seat = Vec::with_capacity(self.options.seats);
        for seat in 0..self.options.seats {
            by_seat.push(self.seat_row(seat));
            self.finished()?;
        }
        let chips = self.dealt.iter().fold(Exact::zero(), |t, c| &t + c);
        let round_bound = table.round_bound(&chips);
        let first_bank = self.first_banker.map(|b| self.first_bank(b, &round_bound));
        self.finished()?;
        Ok(Session {
            heading: Heading {
                format_version: FormatVersion,
                game: self.program.name.clone(),
                seats: self.options.seats,
                rounds: self.rounds_run,
                stake_rule: self.options.stake + 1,
                banker: self.first_banker.map(|b| b + 1),
            },
            first_bank,
            stopped: self.stopped.map(|s| s.to_string()),
            peak_states: self.peak_states,
            work: self.units(),
            by_round: self.by_round,
            by_seat,
        })
    }

    /// A seat's figures: its chips dealt, its expected net, its chips after
    /// the last round over every table.
    fn seat_row(&mut self, seat: usize) -> SeatRow {
        let mut chips: FxHashMap<Exact, Mass> = FxHashMap::default();
        for ((state, ..), m) in &self.frontier {
            (self.masses).add(chips.entry(state.seats[seat].0.clone()).or_default(), m);
        }
        let mut chips: Vec<ChipsRow> = chips
            .iter()
            .map(|(chips, m)| ChipsRow {
                chips: chips.clone(),
                probability: self.masses.exact(m),
            })
            .collect();
        chips.sort_by(|a, b| a.chips.cmp(&b.chips));
        let net = self.masses.weighted(self.nets[seat].iter());
        SeatRow {
            seat: seat + 1,
            chips_dealt: self.dealt[seat].clone(),
            expected_net_decimal: net.to_f64(),
            expected_net: net,
            chips_after: chips,
        }
    }

    /// The first bank's figures (its banker the seat `b`): its expected
    /// tenure and its banker's net over the rounds run, bounded beyond them
    /// by the hazard floor and `round_bound`, the most a banker nets in a
    /// round.
    fn first_bank(&mut self, b: usize, round_bound: &Exact) -> FirstBank {
        let banker_net = self.masses.weighted(self.tenure_nets.iter());
        let expected_rounds = if self.rounds_run == 0 {
            Exact::zero()
        } else {
            self.masses.add(&mut self.tenure, &Mass::one());
            self.masses.exact(&self.tenure)
        };
        // Beyond the rounds run, each round ends the tenure with
        // probability at least `h`, and a banker's net in a round is at
        // most `round_bound`: five sums and products of the figures, each
        // reduced by factoring its denominator again (a pass over the
        // words for each word of it, about).
        let longest = [&expected_rounds, &banker_net, &self.last_held]
            .map(exact_words)
            .into_iter()
            .max()
            .unwrap_or(1);
        self.masses.words += 5 * 128 * longest * longest;
        let tail = self.hazard.as_ref().map(|h| &self.last_held / h);
        let net_tail = tail.as_ref().map(|t| t * round_bound);
        FirstBank {
            seat: b + 1,
            tenure_upper: tail.as_ref().map(|t| &expected_rounds + t),
            expected_rounds,
            held_after_last: self.last_held.clone(),
            banker_net_lower: net_tail.as_ref().map(|t| &banker_net - t),
            banker_net_upper: net_tail.as_ref().map(|t| &banker_net + t),
            banker_net_decimal: banker_net.to_f64(),
            banker_net,
            hazard_floor: self.hazard.clone(),
        }
    }
}

/// The units a step from `state` counts before it is run: one, and one
/// for every [`SEAT_WORDS_PER_UNIT`] words of the seats' chips the table
/// restores, audits and hashes (and after it, one for every
/// [`EVENTS_PER_UNIT`] events it played: bets placed, covered and settled).
fn step_units(state: &TableState) -> u64 {
    let chips: u64 = (state.seats.iter()).map(|(c, _)| exact_words(c)).sum();
    1 + chips / SEAT_WORDS_PER_UNIT
}
