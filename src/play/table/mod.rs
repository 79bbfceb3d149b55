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
mod paths;
mod script;
mod seat;
mod session;

pub use error::TableError;
pub use script::{RunEnding, TableState};
pub(crate) use seat::punter_bets;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

use super::money::{self, Ledger};
use super::round::Round;
use super::strategy::Strategy;
use crate::eval::exact::Distribution;
use crate::eval::figures::BetFigures;
use crate::number::Exact;
use crate::program::Program;
use crate::report::contract::whole_chips;
use seat::Seat;

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

/// One line of the transcript, sent to the sink as it happens. Seats are
/// numbered from 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TableEvent {
    /// A game starts: chips are dealt. Sent first, and again when a
    /// bankrupt banker starts a new game (`bankrupt banker => new game`).
    Game {
        /// The game's number in the session, from 1.
        game_number: u64,
        /// How many seats are dealt chips.
        seats: usize,
        /// What each seat is dealt, in seat order.
        seat_chips: Vec<Exact>,
        /// The seat that banks; `None` when the house does.
        banker: Option<usize>,
    },
    /// A table round starts: sent before its bets.
    Round {
        /// The table round's number in the session, from 1 (a new game
        /// does not restart it).
        round: u64,
        /// The seat that banks; `None` when the house does.
        banker: Option<usize>,
    },
    /// A banker names the house limit: sent when a seat takes the bank
    /// with `limit set by the banker`.
    Limit {
        /// The banker.
        seat: usize,
        /// The limit on any one bet, in chips (a string in JSON, as every
        /// amount of chips).
        #[serde(serialize_with = "whole_chips")]
        chips: u64,
    },
    /// The bank puts up a stake: with `stake set by the bank`, at the start
    /// of each table round, before the punters cover it.
    BankStake {
        /// The banker.
        seat: usize,
        /// The bank's stake, in chips (a string in JSON).
        #[serde(serialize_with = "whole_chips")]
        stake: u64,
    },
    /// A seat bets: sent as the bet is placed, before the round that
    /// settles it is played.
    Bet {
        /// The bettor.
        seat: usize,
        /// The bet's name.
        bet: String,
        /// The stake, in chips, after any cut to what the bank covers (a
        /// string in JSON).
        #[serde(serialize_with = "whole_chips")]
        stake: u64,
        /// Whether the seat called "banco", covering the bank's whole
        /// stake alone.
        banco: bool,
    },
    /// A throw of dice: sent as the round throws, once per attempt of a
    /// reroll.
    Throw {
        /// The name the throw binds.
        name: String,
        /// The faces thrown, lowest first.
        faces: Vec<u32>,
        /// The attempt, from 1: a reroll (`until`) throws again while its
        /// condition fails.
        attempt: u64,
        /// Whether the throw stands: false for an attempt whose `until`
        /// condition failed, thrown again.
        accepted: bool,
    },
    /// Cards dealt: sent as the round deals them.
    Draw {
        /// The name the hand binds.
        name: String,
        /// The cards' values (as the shoe values them), in the order dealt.
        cards: Vec<u32>,
        /// The cards as players name them (`Q♠`), in the order dealt.
        names: Vec<String>,
        /// Dealt face down (`draw ... face down`): `cards` and `names` are
        /// empty until the cards are turned up.
        face_down: bool,
    },
    /// Cards dealt face down turned up: sent as the round ends, before its
    /// `End`.
    TurnUp {
        /// The name the hand binds.
        name: String,
        /// The cards' values, in the order dealt.
        cards: Vec<u32>,
        /// The cards as players name them.
        names: Vec<String>,
    },
    /// A choice made: sent as the round makes it.
    Choose {
        /// The choice: the name a `choose` binds, or a draw table's name.
        name: String,
        /// The option taken, as the file writes it.
        option: String,
        /// The first of `chosen_by`; `None` for a choice the strategy makes for
        /// a side no seat plays.
        seat: Option<usize>,
        /// The seats that chose this option: every seat on the choosing
        /// side's bet that took it (`choices by each seat`), or the largest
        /// stake on it (`choices by the largest stake`); the bank seat for
        /// the bank's bet; empty when no seat plays that side.
        chosen_by: Vec<usize>,
    },
    /// The round parts: seats on one bet chose differently. What follows,
    /// up to the next `Part` or the round's end, is the round of `path_seats`
    /// alone, from their choice on; a `Part` after an end goes back to the
    /// choice where its seats parted from the others, with the same dice
    /// and cards from there wherever both paths deal them.
    Part {
        /// The seats whose round this is.
        path_seats: Vec<usize>,
    },
    /// The round's outcome: sent when the round ends, before its
    /// settlements.
    End {
        /// The outcome's name; `None` for a round that ends without one
        /// (its bets settled on a value).
        outcome: Option<String>,
    },
    /// A seat's bet settled: its net and the chips it then holds. Sent
    /// after [`TableEvent::End`] for each bet placed, then once for a bank
    /// seat.
    Settle {
        /// The seat settled.
        seat: usize,
        /// The bet's name; for the bank seat, the bank's own bet (`bank
        /// bets BET`) or `bank`.
        bet: String,
        /// The payout as the bet writes it (`win 1 to 1`, `lose`); `bank`
        /// for the bank seat.
        payout: String,
        /// Chips won (above 0) or lost (below 0), exactly.
        net: Exact,
        /// The seat's chips after the settlement.
        chips: Exact,
    },
    /// What the house took from a round (its banking result, or the
    /// commission), and its total. Sent after the settlements: on every
    /// round the house banks, and on a round a seat banks when the house
    /// took something.
    House {
        /// What the house took from the round; below 0 when it paid.
        net: Exact,
        /// What it took since the session started.
        total: Exact,
    },
    /// The bank moves to the next seat in play, as the `bank` clause says
    /// or after a bankrupt banker leaves.
    BankPasses {
        /// The banker until now.
        from: usize,
        /// The new banker.
        to: usize,
    },
    /// The banker cannot cover a bet: sent when the bank's chips cannot pay
    /// the table minimum on the bet a punter places (or, with `stake set by
    /// the bank`, cannot put up the minimum); the `bankrupt banker` clause
    /// then decides.
    BankerBroke {
        /// The banker.
        seat: usize,
    },
    /// A seat with too few chips to bet leaves: sent after a table round
    /// for a seat that cannot stake the table minimum, and for a bankrupt
    /// banker with `bankrupt banker => bank passes`.
    Leaves {
        /// The seat leaving.
        seat: usize,
    },
    /// The session ends: every seat's chips and the house's. Sent last,
    /// unless the sink answered [`Flow::Stop`] or the session failed.
    Summary {
        /// Table rounds played.
        rounds: u64,
        /// Every seat's chips, in seat order.
        seat_chips: Vec<Exact>,
        /// What the house took since the session started.
        house: Exact,
        /// Why the session ended (`the rounds asked for were played`).
        reason: String,
    },
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
        let (most_won, most_lost) = money::extremes(program);
        let bank_risk = money::bank_risk(program, &most_won, &most_lost);
        let cost = most_lost.into_iter().map(|l| l.max(Exact::one())).collect();
        Table {
            program,
            strategy: Strategy::new(distribution),
            round: Round::new(program)
                .with_named_cards()
                .with_max_rerolls(options.max_rerolls)
                .with_max_dice(options.max_dice),
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
