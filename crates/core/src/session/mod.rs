//! The session (`dicerules session`, and the `at` of `expect` and `claim`
//! lines): a table's rounds followed exactly, as a Markov chain over the
//! seats' chips ([`run`]), or estimated from sessions played
//! ([`sampled`]). It sits beside the evaluator and the solver it is fed
//! by, one layer above `play`, whose table's rules it reads.
//!
//! The exact session: the table is `play`'s own ([`Table`]): its
//! rules bet, cover, settle, pass the bank and deal new games, on a state
//! the chain restores, and each run of the round ends as the chain picks
//! from the run's law (the exact distribution of the round's ends, grouped
//! by what they pay every bet) instead of being played, so every branch is
//! settled by the same code `play` settles a session with. A table round
//! that plays several runs (a seat bank plays one against each punter in
//! turn) pauses before each; the tables paused at the same point are
//! merged, and each goes on once for every ending of its run.
//!
//! After each step the states reached are merged, with their
//! probabilities summed exactly; the figures are each round's probability
//! that the bank is put out of business (`play`'s bank that cannot cover
//! the table minimum at a bet), each seat's expected net (the sum of its
//! settlements) and its chips after the last round.

use std::cell::RefCell;

use crate::ast::Span;
use crate::eval::exact::{Distribution, End};
use crate::number::Exact;
use crate::play::round::{MAX_DICE, MAX_REROLLS};
use crate::play::table::{self, Flow, Table, TableError, TableEvent, Tally};
use crate::program::{Bank, Figure, Program};
pub use crate::report::session::{ChipsRow, FirstBank, Heading, RoundRow, SeatRow, Session};

mod chain;
mod law;
mod masses;
pub mod sampled;

use chain::Chain;
use law::RunLaw;

/// The table the chain runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// Seats at the table, the banker's included.
    pub seats: usize,
    /// Starting chips of every seat, instead of the file's.
    pub chips: Option<u64>,
    /// Table rounds.
    pub rounds: u64,
    /// Which of the file's stake rules the table agrees on, from 0.
    pub stake: usize,
    /// What each seat stakes ([`table::Options::stakes`]).
    pub stakes: Vec<u64>,
    /// The most distinct tables alive after a round.
    pub max_states: usize,
    /// Follow only the first bank, until its expected tenure is known
    /// within this much (or `rounds` are run, or the tables pass
    /// `max_states`): the tables where it has passed are dropped, and the
    /// session's other figures are not given.
    pub tenure: Option<f64>,
}

/// The default of [`Options::max_states`].
pub const MAX_STATES: u64 = 200_000;

/// The default of [`Options::max_states`] for the sessions `check` runs for
/// the `at` of `expect` and `claim` lines (`check --max-tables`): 2 x
/// 10^6 units of work ([`WORK_PER_TABLE`]), about two seconds, so that no
/// rule file makes `check` run long; the shipped games' tables take at
/// most a few hundred.
pub const CHECK_TABLES: u64 = 10_000;

/// Units of work the chain may do per table [`Options::max_states`]
/// allows: 4 x 10^7 by default, 2 x 10^6 for `check`. A unit is a step of
/// a table round (a table round's start, or a run of it from where it
/// paused), one more for every [`SEAT_WORDS_PER_UNIT`] words of the
/// step's chips and every [`EVENTS_PER_UNIT`] events of its play; or
/// [`WORDS_PER_UNIT`] word operations of the exact arithmetic on the
/// probabilities (a product of `a` and `b` words counting `a * b`, a
/// figure reported the squares of its words): long sessions carry long
/// numbers, and their arithmetic, not their steps, takes their time. A
/// unit takes 0.25 to 1.5 microseconds (release build), so the default is
/// at most about a minute; twenty-six's table of the rule book (4 seats,
/// 10 rounds) counts 3.85 x 10^7 and passes within it.
pub const WORK_PER_TABLE: u64 = 200;

/// Word operations of the chain's arithmetic a unit of work stands for.
pub const WORDS_PER_UNIT: u64 = 256;

/// Words of a table's chips (numerators and denominators, over every
/// seat) a step counts one more unit for.
pub const SEAT_WORDS_PER_UNIT: u64 = 8;

/// Events of a step's play (a bet placed, covered, settled) it counts one
/// more unit for: a step of 64 seats, each betting and settled against the
/// house, takes about 50 microseconds.
pub const EVENTS_PER_UNIT: u64 = 4;

/// Why the chain cannot be run.
#[derive(Clone, Debug, PartialEq, thiserror::Error, miette::Diagnostic)]
pub enum ChainError {
    /// A round with decisions (choices knowing part of the round, by
    /// strategies per situation): the chain does not follow them yet.
    #[error("the exact session does not yet follow a round's choices")]
    #[diagnostic(
        code(dice::session::choices),
        help("`session --simulate N` estimates this table's figures from sessions `play` plays; `check` analyses the round")
    )]
    Choices {
        /// The round.
        #[label("this round chooses")]
        span: Span,
    },
    /// A round that splits: its runs settle two hands' stakes.
    #[error("the exact session does not yet follow a round that splits")]
    #[diagnostic(
        code(dice::session::split),
        help("`session --simulate N` estimates this table's figures from sessions `play` plays")
    )]
    SplitHands {
        /// The `split`.
        #[label("this round splits")]
        span: Span,
    },
    /// Hands dealt for each seat from one shoe: the seats' runs are not
    /// alike.
    #[error("the exact session does not yet deal a hand for each seat")]
    #[diagnostic(
        code(dice::session::seat_hands),
        help("`session --simulate N` estimates this table's figures from sessions `play` plays; a house-banked table's seats can be analysed one at a time with `check`")
    )]
    SeatHands {
        /// The round.
        #[label("this round deals each seat a hand")]
        span: Span,
    },
    /// A table throw or draw after a seat's own throw: the seats' runs
    /// are not independent given the table's part of the round.
    #[error("the exact session does not follow the table's throws after a seat's own")]
    #[diagnostic(
        code(dice::session::shared_after_seat),
        help("`session --simulate N` estimates this table's figures from sessions `play` plays; the exact session follows rounds whose seats throw for themselves after every throw of the table's")
    )]
    SharedAfterSeat {
        /// The table's throw or draw.
        #[label("the table's, after a seat's own throw")]
        span: Span,
    },
    /// Throws for each seat where one run serves every seat (the house
    /// bank, a stake set by the bank): the exact session follows them
    /// only against a bank seat.
    #[error("the exact session follows a throw for each seat only against a bank seat")]
    #[diagnostic(
        code(dice::session::seat_throws),
        help("`session --simulate N` estimates this table's figures from sessions `play` plays; `check` analyses one seat's round")
    )]
    SeatThrows {
        /// The seat's throw.
        #[label("each seat throws here")]
        span: Span,
    },
    /// The round could not be split where its seats part.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Split(#[from] crate::eval::EvalError),
    /// More distinct tables after a round than allowed.
    #[error("more than {limit} different tables after round {round}")]
    #[diagnostic(
        code(dice::session::state_limit),
        help("fewer seats, rounds or chips keep the chain smaller; raise the bound with --max-tables, or estimate the figures with --simulate N")
    )]
    StateLimit {
        /// The bound ([`Options::max_states`]).
        limit: usize,
        /// The table round that passed it, from 1.
        round: u64,
        /// The `banking` item.
        #[label("this game's table")]
        span: Span,
    },
    /// More work than allowed: a table round of many runs against a bank
    /// (each run's endings times the next's), or many rounds, whose exact
    /// probabilities grow longer with each.
    #[error("the chain passed {limit} units of work by round {round}: steps of table rounds, and a unit per {WORDS_PER_UNIT} word operations of their exact arithmetic")]
    #[diagnostic(
        code(dice::session::work_limit),
        help("fewer seats or rounds keep the chain smaller (its numbers grow with the rounds); the work allowed is {WORK_PER_TABLE} units per table --max-tables allows; --simulate N estimates the figures instead")
    )]
    WorkLimit {
        /// The bound: [`WORK_PER_TABLE`] times [`Options::max_states`].
        limit: u64,
        /// The table round that passed it, from 1.
        round: u64,
        /// The round of the game.
        #[label("each run of this round against the bank is a branch")]
        span: Span,
    },
    /// The table's own error (a bug where money is not sound).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Table(#[from] TableError),
}

impl Session {
    /// The figure of a session an `expect` or `claim` line names, with its
    /// target (the rounds of `ruin`, the seat from 0 of `net`); `None`
    /// where the session does not have it (a house bank's tenure, a round
    /// or seat beyond the session's).
    pub fn figure(&self, figure: Figure, target: usize) -> Option<Exact> {
        let nets = || self.by_seat.iter().map(|s| &s.expected_net);
        match figure {
            Figure::Ruin => Some(
                self.by_round
                    .get(target.checked_sub(1)?)?
                    .bank_broke_by
                    .clone(),
            ),
            Figure::Net => Some(self.by_seat.get(target)?.expected_net.clone()),
            Figure::NetSpread => Some(nets().max()? - nets().min()?),
            Figure::Tenure => Some(self.first_bank.as_ref()?.expected_rounds.clone()),
            Figure::TenureNet => Some(self.first_bank.as_ref()?.banker_net.clone()),
            _ => None,
        }
    }
}

/// Runs the table of `options` for its rounds, exactly.
pub fn run(
    program: &Program,
    distribution: &Distribution,
    options: &Options,
) -> Result<Session, ChainError> {
    let law = RunLaw::of(program, distribution)?;
    // What one step's events told (counted afresh for each step).
    let recorder = RefCell::new(Tally::new(options.seats));
    let mut sink = |event: TableEvent| {
        recorder.borrow_mut().see(&event);
        Flow::Continue
    };
    let table_options = table::Options {
        seats: options.seats,
        chips: options.chips,
        rounds: options.rounds,
        seed: 1,
        person: None,
        max_dice: MAX_DICE,
        max_rerolls: MAX_REROLLS,
        stake: options.stake,
        stakes: options.stakes.clone(),
        // Sessions are of rounds dealt from full shoes, as the chain's.
        cut: None,
    };
    let mut table = Table::new(program, distribution, table_options, None, &mut sink);
    let start = table.chain_start(law.endings.clone());
    let hazard = hazard_floor(program, distribution);
    let mut chain = Chain::new(program, options, &law, &recorder, start, hazard);
    for round in 1..=options.rounds {
        if chain.round(&mut table, round)?.is_break() {
            break;
        }
    }
    chain.finish(&table)
}

/// Why the tenure mode ([`Options::tenure`]) stopped.
#[derive(Clone, Copy, Debug)]
enum Stop {
    Precise,
    StateLimit,
    WorkLimit,
}

impl std::fmt::Display for Stop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Stop::Precise => "the tenure is known within the precision asked",
            Stop::StateLimit => "the next round passes the table limit (--max-tables)",
            Stop::WorkLimit => "the next round passes the work limit (--max-tables)",
        })
    }
}

/// The least probability that a round played against a bank ends its
/// tenure, whatever the chips, where the bank rule gives one: a bank kept
/// until the banker loses a round is lost at least when the round's first
/// punter wins, whose run ends by the round's own law (the smallest chance
/// of a win of any bet a punter makes); one that rotates is held one round;
/// one passed on an outcome, at least as often as the first run ends so.
/// A round no punter can play ends the session, and the tenure with it.
fn hazard_floor(program: &Program, distribution: &Distribution) -> Option<Exact> {
    let p = |holds: &dyn Fn(&End) -> bool| {
        (distribution.ends.iter())
            .filter(|e| holds(e))
            .fold(Exact::zero(), |t, e| &t + &e.probability())
    };
    let h = match &program.banking.bank {
        Bank::KeptUntilBankerLoses => table::punter_bets(program)
            .into_iter()
            .map(|b| {
                let bet = &program.bets[b];
                p(&|e: &End| {
                    bet.payout(e.outcome, &e.values)
                        .is_some_and(|pay| pay.net > Exact::zero())
                })
            })
            .min()?,
        Bank::RotatesEveryRound => Exact::one(),
        Bank::PassesWhen(outcomes) => {
            p(&|e: &End| e.outcome.is_some_and(|o| outcomes.contains(&o)))
        }
        Bank::House | Bank::KeptForGame => return None,
    };
    (!h.is_zero()).then_some(h)
}
