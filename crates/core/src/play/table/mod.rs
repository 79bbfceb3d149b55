//! A table: seats with chips playing a game for many rounds by its
//! `banking` rules (docs/language.md §11).
//!
//! A *table round* is one of:
//!
//! - with the house banking, every seat bets and one round is played for
//!   all of them, each seat making the choices of its own bet (`paths`: the
//!   round parts where they choose apart, every path on the same dice and
//!   cards);
//! - with a seat banking, the banker plays the round once against each
//!   other seat in turn, clockwise from his left, covering each bet while
//!   his chips allow;
//! - with `stake set by the bank`, the banker puts up a stake, punters
//!   cover it in seat order (or one calls "banco" and covers it all), and
//!   one round is played against all of them.
//!
//! Chips are exact numbers: a bet paid 0.95 to 1 pays 0.95 of its stake.
//! What seats lose and do not win back goes to the house (its banking
//! result, or the commission), so that the seats' chips plus the house's
//! always equal the chips dealt. No seat goes below zero: a stake is put
//! down from the seat's chips, and a bank seat covers a bet only as far as
//! its chips pay what it risks per chip (`money::bank_risk`); a bank
//! that cannot cover the table minimum is bankrupt, and the `bankrupt
//! banker` clause decides. Every settlement is audited in debug builds.
//! A session ends at once when no round can ever be played.
//!
//! Automatic seats bet the table minimum (one chip, or the fixed stake) on
//! the bet with the lowest house edge, and choose by the strategies of the
//! exact evaluation. One seat may be a person ([`Person`]), asked for its
//! bets and choices.
//!
//! The session's loop, its events and the settling of a round are in
//! `session`; one round for seats choosing apart in `paths`; who banks, what the bank covers and its bankruptcy in `bank`;
//! the seats' stakes and bets, a person's or an automatic seat's, in `seat`;
//! what goes wrong (an answer refused, a round failing, money not sound) is
//! a [`TableError`].

mod bank;
mod error;
mod money;
mod paths;
pub mod record;
mod script;
mod seat;
mod session;
mod tally;

pub use error::TableError;
pub use script::{RunEnding, TableState};
pub(crate) use seat::punter_bets;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::round::Round;
use super::strategy::Strategy;
use crate::eval::exact::figures::BetFigures;
use crate::eval::exact::Distribution;
use crate::number::Exact;
use crate::program::Program;
pub use crate::report::events::TableEvent;
use money::Ledger;
use seat::Seat;
pub use tally::Tally;

/// How the session runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// How many seats play, the person's included.
    pub seats: usize,
    /// Starting chips of every seat, instead of the file's.
    pub chips: Option<u64>,
    /// Table rounds to play.
    pub rounds: u64,
    /// The seed of the table's generator: the same program, options and
    /// answers give the same transcript.
    pub seed: u64,
    /// The seat (from 0) a person plays, if any.
    pub person: Option<usize>,
    /// The most dice and cards one round throws and deals before it fails.
    pub max_dice: u64,
    /// The most attempts of a reroll before the session fails.
    pub max_rerolls: u64,
    /// Which of the file's stake rules (`stake A or B`) the table agrees
    /// on, from 0; the first where there is no such rule.
    pub stake: usize,
    /// What each automatic seat stakes, by seat (one value: every seat's);
    /// empty: the table minimum. A seat stakes no more than the table and
    /// its chips allow, and no less than the minimum
    /// ([`Banking::seat_stakes_error`](crate::program::Banking::seat_stakes_error) refuses values the stake rule never allows).
    pub stakes: Vec<u64>,
    /// The cut card: round after round is dealt from one shoe, and a new
    /// one shuffled before a round where a finite shoe has this many
    /// cards left or fewer ([`Round::dealing_to`]); `None`: every round
    /// from full shoes, as the exact figures assume.
    pub cut: Option<u64>,
}

impl Default for Options {
    /// The table `dicerules play` sets by default: four automatic seats
    /// with the file's chips, ten rounds from seed 1, the first stake rule,
    /// the default bounds.
    fn default() -> Options {
        Options {
            seats: 4,
            chips: None,
            rounds: 10,
            seed: 1,
            person: None,
            max_dice: super::round::MAX_DICE,
            max_rerolls: super::round::MAX_REROLLS,
            stake: 0,
            stakes: Vec::new(),
            cut: None,
        }
    }
}

/// Asks a person for bets and choices.
pub trait Person {
    /// Asks a question; `None` at the end of input.
    fn ask(&mut self, question: &str) -> Option<String>;
    /// Says why an answer was not taken.
    fn tell(&mut self, message: &str);
}

/// What the reader of the transcript says after each event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// End the session at the end of this round, with its summary (Ctrl-C).
    Interrupt,
    /// Stop at once, without a summary: nobody reads the transcript any
    /// more (a closed pipe, a full disk).
    Stop,
}

/// Sends an event to the sink, seats numbered from 1 as the table calls
/// them, unless it asked to stop; keeps what it asks for.
fn send(sink: &mut dyn FnMut(TableEvent) -> Flow, flow: &mut Flow, event: TableEvent) {
    if *flow == Flow::Stop {
        return;
    }
    match sink(event.numbered_from_one()) {
        Flow::Continue => {}
        asked => *flow = asked,
    }
}

impl TableEvent {
    /// The event with seats numbered from 1 instead of 0.
    fn numbered_from_one(mut self) -> TableEvent {
        match &mut self {
            TableEvent::Game { banker, .. } | TableEvent::Round { banker, .. } => {
                *banker = banker.map(|b| b + 1)
            }
            TableEvent::Limit { seat, .. }
            | TableEvent::BankStake { seat, .. }
            | TableEvent::Bet { seat, .. }
            | TableEvent::Settle { seat, .. }
            | TableEvent::BankerBroke { seat }
            | TableEvent::Leaves { seat } => *seat += 1,
            TableEvent::Choose {
                seat, chosen_by, ..
            } => {
                *seat = seat.map(|s| s + 1);
                chosen_by.iter_mut().for_each(|s| *s += 1);
            }
            TableEvent::Part { path_seats } => path_seats.iter_mut().for_each(|s| *s += 1),
            TableEvent::BankPasses { from, to } => {
                *from += 1;
                *to += 1;
            }
            TableEvent::Throw { .. }
            | TableEvent::Shuffle { .. }
            | TableEvent::Draw { .. }
            | TableEvent::TurnUp { .. }
            | TableEvent::End { .. }
            | TableEvent::House { .. }
            | TableEvent::Summary { .. } => {}
        }
        self
    }
}

/// The session.
pub struct Table<'p, 'e> {
    program: &'p Program,
    strategy: Strategy,
    options: Options,
    round: Round<'p>,
    rng: Xoshiro256PlusPlus,
    /// What automatic seats' choices draw from: apart from the dice and
    /// cards, so that the paths of seats choosing differently see the same.
    choice_rng: Xoshiro256PlusPlus,
    seats: Vec<Seat>,
    banker: Option<usize>,
    /// The limit the current banker named, with `limit set by the banker`.
    named_limit: Option<u64>,
    house: Exact,
    /// The bet automatic punters make: the lowest house edge.
    best_bet: usize,
    /// What a chip staked on each bet can cost its bettor (at least the
    /// chip: a stake is put down in chips).
    cost: Vec<Exact>,
    /// The most the bank seat can lose per chip staked on each bet.
    bank_risk: Vec<Exact>,
    /// What the game was dealt, to audit every settlement against.
    ledger: Ledger,
    /// Why no round can ever be played, once that is known.
    unplayable: Option<session::Ending>,
    /// Bets settled, and questions put to the person, in the session:
    /// while neither moves, the table plays no dice and asks no one.
    settled: u64,
    questions: u64,
    game: u64,
    /// The seat that starts the next table round against the banker.
    first: usize,
    person: Option<&'e mut dyn Person>,
    /// The person's input ended.
    ended: bool,
    /// What the transcript's reader last asked for.
    flow: Flow,
    sink: &'e mut dyn FnMut(TableEvent) -> Flow,
    /// For the exact session: how the runs of the round may end, and the
    /// picks of this table round's runs with how many were used.
    endings: Vec<RunEnding>,
    script: Option<(Vec<usize>, usize)>,
    /// Where the exact session paused the table round: before a run it
    /// had no ending picked for.
    paused: Option<script::Paused>,
    /// For the exact session: the part of a split round the table's
    /// throws fell in this table round ([`RunEnding::part`]).
    part: Option<usize>,
}

impl<'p, 'e> Table<'p, 'e> {
    /// A table playing `program`. Its exact `distribution` gives the
    /// automatic seats their bet (the lowest house edge) and their
    /// strategies; `person`, if any, plays the seat `options.person`; every
    /// event goes to `emit`, whose [`Flow`] says whether to go on. Nothing
    /// is dealt until [`Table::run`].
    pub fn new(
        program: &'p Program,
        distribution: &Distribution,
        options: Options,
        person: Option<&'e mut dyn Person>,
        emit: &'e mut dyn FnMut(TableEvent) -> Flow,
    ) -> Table<'p, 'e> {
        let edges: Vec<Exact> = program
            .bets
            .iter()
            .map(|b| -&BetFigures::new(b, distribution).ev)
            .collect();
        let best_bet = punter_bets(program)
            .into_iter()
            .min_by(|&a, &b| edges[a].cmp(&edges[b]))
            .unwrap_or(0);
        let (most_won, most_lost) = money::extremes(program, distribution);
        let bank_risk = money::bank_risk(program, &most_won, &most_lost);
        let cost = most_lost.into_iter().map(|l| l.max(Exact::one())).collect();
        Table {
            program,
            strategy: Strategy::new(distribution),
            round: {
                let round = Round::new(program)
                    .with_named_cards()
                    .with_max_rerolls(options.max_rerolls)
                    .with_max_dice(options.max_dice);
                match options.cut {
                    Some(cut) => round.dealing_to(cut),
                    None => round,
                }
            },
            rng: Xoshiro256PlusPlus::seed_from_u64(options.seed),
            choice_rng: {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
                rng.long_jump();
                rng
            },
            seats: Vec::new(),
            banker: None,
            named_limit: None,
            house: Exact::zero(),
            best_bet,
            cost,
            bank_risk,
            ledger: Ledger::default(),
            unplayable: None,
            settled: 0,
            questions: 0,
            game: 0,
            first: 0,
            options,
            person,
            ended: false,
            flow: Flow::Continue,
            sink: emit,
            endings: Vec::new(),
            script: None,
            paused: None,
            part: None,
        }
    }

    pub(super) fn banking(&self) -> &'p crate::program::Banking {
        &self.program.banking
    }
}
