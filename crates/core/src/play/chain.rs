//! The exact session (`dicerules session`): a table's rounds as a Markov
//! chain over the seats' chips. The table is `play`'s own ([`Table`]): its
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

use num_bigint::BigUint;
use num_traits::One;
use rustc_hash::FxHashMap;

use super::round::{MAX_DICE, MAX_REROLLS};
use super::table::{self, Flow, RunEnding, Table, TableError, TableEvent, TableState, Tally};
use crate::ast::Span;
use crate::eval::exact::{shared_after_seat, split_round, Distribution, End, Limits, Split};
use crate::number::Exact;
use crate::program::{Bank, Figure, Instr, Program, Stake};
pub use crate::report::session::{ChipsRow, FirstBank, Heading, RoundRow, SeatRow, Session};
use crate::report::FormatVersion;

mod masses;

use masses::{exact_words, Mass, Masses};

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

/// Tables with their mass, each with whether a bank has been put out of
/// business yet and whether the first bank still holds.
type Frontier = FxHashMap<(TableState, bool, bool), Mass>;

/// The law of the runs of one table round, each ending one of what they
/// pay every bet (and its outcome where the bank passes on one).
#[derive(Default)]
struct RunLaw {
    endings: Vec<RunEnding>,
    /// Each ending's probability for the table round's first run.
    first: Vec<Exact>,
    /// Each ending's probability for a later run of the same table round,
    /// given the part of the round the first fell in: the same as `first`
    /// for a round of no throw for each seat, whose runs are independent.
    later: Vec<Exact>,
    /// The endings of each part of a split round (`RunEnding::part`); one
    /// part of every ending for a round not split.
    parts: Vec<Vec<usize>>,
    /// Every ending, in order.
    all: Vec<usize>,
}

impl RunLaw {
    /// A round of no throw for each seat: every run of the table round
    /// ends by the round's own law.
    fn whole(program: &Program, distribution: &Distribution) -> RunLaw {
        let mut law = RunLaw::default();
        let ends = distribution.ends.iter().map(|e| (e, e.probability()));
        let grouped = group(program, ends);
        law.parts.push((0..grouped.len()).collect());
        for (ending, p) in grouped {
            law.endings.push(ending);
            law.later.push(p.clone());
            law.first.push(p);
        }
        law
    }

    /// A round split where its seats throw for themselves: the table
    /// round's first run falls in one part of the round (an end of the
    /// table's, which every later run shares, or a way the table's throws
    /// leave it), and each later run ends by that part's law.
    fn split(program: &Program, split: &Split) -> RunLaw {
        let mut law = RunLaw::default();
        let table_ends = split.table_ends.iter().map(|e| (e, e.probability()));
        for (mut ending, p) in group(program, table_ends) {
            ending.part = Some(law.parts.len());
            law.parts.push(vec![law.endings.len()]);
            law.endings.push(ending);
            law.first.push(p);
            law.later.push(Exact::one());
        }
        for part in &split.parts {
            let ends = part.ends.iter().map(|e| (e, e.probability()));
            let mut indices = Vec::new();
            for (mut ending, p) in group(program, ends) {
                ending.part = Some(law.parts.len());
                indices.push(law.endings.len());
                law.endings.push(ending);
                law.first.push(&p * &part.probability);
                law.later.push(p);
            }
            law.parts.push(indices);
        }
        law.all = (0..law.endings.len()).collect();
        law
    }

    /// The endings a run may have from a table paused in `part` (`None`
    /// before the round's first run), and whether it is the first.
    fn picks(&self, part: Option<usize>) -> (&[usize], bool) {
        match part {
            Some(p) => (&self.parts[p], false),
            None if self.parts.len() == 1 => (&self.parts[0], true),
            None => (&self.all, true),
        }
    }
}

/// `ends` grouped by what they pay every bet (and by outcome where the
/// bank passes on one): a representative ending and the probability of
/// each group.
fn group<'a>(
    program: &Program,
    ends: impl Iterator<Item = (&'a End, Exact)>,
) -> Vec<(RunEnding, Exact)> {
    let by_outcome = matches!(program.banking.bank, Bank::PassesWhen(_));
    let mut index: FxHashMap<(Vec<Option<Exact>>, Option<usize>), usize> = FxHashMap::default();
    let mut grouped: Vec<(RunEnding, Exact)> = Vec::new();
    for (end, p) in ends {
        let pays = program
            .bets
            .iter()
            .map(|b| b.payout(end.outcome, &end.values).map(|p| p.net.clone()))
            .collect();
        let key = (pays, end.outcome.filter(|_| by_outcome));
        match index.get(&key) {
            Some(&i) => grouped[i].1 = &grouped[i].1 + &p,
            None => {
                index.insert(key, grouped.len());
                let ending = RunEnding {
                    outcome: end.outcome,
                    values: end.values.clone(),
                    part: None,
                };
                grouped.push((ending, p));
            }
        }
    }
    grouped
}

/// The round split where its seats throw for themselves, where the chain
/// can follow it: against a bank seat taking each punter's stake (the
/// house's and the bank's stakes play one run for every seat), no table
/// throw after a seat's own, no choices.
fn split(program: &Program) -> Result<Split, ChainError> {
    let seat_throw = program
        .code
        .iter()
        .filter_map(Instr::as_throw)
        .find(|t| t.for_each_seat)
        .map(|t| t.span);
    let one_run =
        program.banking.bank == Bank::House || program.banking.stakes.contains(&Stake::SetByBank);
    if let (Some(span), true) = (seat_throw, one_run) {
        return Err(ChainError::SeatThrows { span });
    }
    if let Some(span) = shared_after_seat(program) {
        return Err(ChainError::SharedAfterSeat { span });
    }
    if program.choice.is_some() || !program.decisions.is_empty() {
        return Err(ChainError::Choices {
            span: program.round_span,
        });
    }
    Ok(split_round(program, Limits::default())?)
}

/// Runs the table of `options` for its rounds, exactly.
pub fn run(
    program: &Program,
    distribution: &Distribution,
    options: &Options,
) -> Result<Session, ChainError> {
    if program.hands_for_each_seat() {
        return Err(ChainError::SeatHands {
            span: program.round_span,
        });
    }
    let law = if program.throws_for_each_seat() {
        RunLaw::split(program, &split(program)?)
    } else {
        RunLaw::whole(program, distribution)
    };
    // A `choose` is made alike by every automatic seat, the value the
    // distribution's ends are of (`Strategy::choose`); decisions are drawn
    // from a strategy per situation, which the run's law does not follow.
    if distribution.decisions.is_some() {
        return Err(ChainError::Choices {
            span: program.round_span,
        });
    }
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
    };
    let mut table = Table::new(program, distribution, table_options, None, &mut sink);
    let start = table.chain_start(law.endings.clone());
    let dealt: Vec<Exact> = start.seats.iter().map(|(c, _)| c.clone()).collect();
    let banker = start.banker.map(|b| b + 1);
    let mut masses = Masses::new(&law);
    // Each table after a round, with whether a bank has been put out of
    // business yet.
    let first_banker = start.banker;
    let mut frontier: Frontier = FxHashMap::default();
    frontier.insert(
        (start, false, first_banker.is_some()),
        Mass {
            n: BigUint::one(),
            e: 0,
        },
    );
    // Each seat's settlements: the mass of the branches that settled it
    // so, by net.
    let mut nets: Vec<FxHashMap<Exact, Mass>> = vec![FxHashMap::default(); options.seats];
    let mut by_round = Vec::new();
    let mut peak_states = 1;
    // The first bank's rounds held after each round but the last run (it
    // holds the first round too), and its banker's settlements while it
    // holds, by net: those of the rounds run, and of the round under way.
    let mut tenure = Mass::default();
    let mut tenure_nets: FxHashMap<Exact, Mass> = FxHashMap::default();
    let mut round_tenure_nets: FxHashMap<Exact, Mass> = FxHashMap::default();
    let work_limit = (options.max_states as u64).saturating_mul(WORK_PER_TABLE);
    // Steps, and the units of the tables they ran ([`step_units`]); the
    // arithmetic is counted by `masses`.
    let mut steps = 0u64;
    let units = |steps: u64, masses: &Masses| steps.saturating_add(masses.words / WORDS_PER_UNIT);
    // The probability that no punter's win (or pass) ends a bank's tenure
    // in a round, at most; what the first bank's tenure beyond the rounds
    // run is bounded by.
    let hazard = hazard_floor(program, distribution);
    let mut rounds_run = 0;
    let mut stopped = None;
    let mut last_held = Exact::one();
    let mut last_holds = Mass::one();
    'rounds: for round in 1..=options.rounds {
        let work_limit_passed = || ChainError::WorkLimit {
            limit: work_limit,
            round,
            span: program.round_span,
        };
        // The tables after the round, and those paused within it before a
        // run (each then goes on once for every ending of that run); the
        // first step starts each table's round and picks no ending.
        let mut next: Frontier = FxHashMap::default();
        let mut broke = Mass::default();
        let mut open = std::mem::take(&mut frontier);
        let mut first_step = true;
        round_tenure_nets.clear();
        while !open.is_empty() {
            let mut paused: Frontier = FxHashMap::default();
            for ((state, ever, held), weight) in &open {
                let (endings, first_run) = law.picks(state.part());
                let picks: Vec<Option<usize>> = if first_step {
                    vec![None]
                } else {
                    endings.iter().copied().map(Some).collect()
                };
                for pick in picks {
                    let mass = match pick {
                        Some(k) => masses.then(weight, k, first_run),
                        None => weight.clone(),
                    };
                    steps = steps.saturating_add(step_units(state));
                    if units(steps, &masses) > work_limit {
                        if options.tenure.is_some() {
                            stopped = Some(Stop::WorkLimit);
                            break 'rounds;
                        }
                        return Err(work_limit_passed());
                    }
                    recorder.borrow_mut().clear();
                    let after = table.chain_step(state, pick.as_slice())?;
                    let seen = recorder.borrow();
                    steps = steps.saturating_add(seen.events / EVENTS_PER_UNIT);
                    if seen.banker_broke {
                        masses.add(&mut broke, &mass);
                    }
                    for (by_net, net) in nets.iter_mut().zip(&seen.nets) {
                        if !net.is_zero() {
                            masses.add(by_net.entry(net.clone()).or_default(), &mass);
                        }
                    }
                    // The first banker's settlements while the first bank
                    // holds.
                    if let (true, Some(b)) = (*held, first_banker) {
                        let net = &seen.nets[b];
                        if !net.is_zero() {
                            let sum = round_tenure_nets.entry(net.clone()).or_default();
                            masses.add(sum, &mass);
                        }
                    }
                    // A session over holds no bank in the rounds it does
                    // not play.
                    let still = *held
                        && !seen.bank_moved
                        && after.banker == first_banker
                        && after.over.is_none();
                    // A round that ran no run settled nothing: a table back
                    // where it was so would go round for ever, and `play`
                    // ends it there.
                    let after = if first_step && after.paused.is_none() && after == *state {
                        after.came_back()
                    } else {
                        after
                    };
                    let to = if after.paused.is_some() {
                        &mut paused
                    } else {
                        &mut next
                    };
                    masses.add(
                        to.entry((after, *ever || seen.banker_broke, still))
                            .or_default(),
                        &mass,
                    );
                }
                if next.len().max(paused.len()) > options.max_states && options.tenure.is_some() {
                    stopped = Some(Stop::StateLimit);
                    break 'rounds;
                }
                if next.len().max(paused.len()) > options.max_states {
                    return Err(ChainError::StateLimit {
                        limit: options.max_states,
                        round,
                        span: program.banking.span,
                    });
                }
            }
            open = paused;
            first_step = false;
        }
        if options.tenure.is_some() {
            next.retain(|(.., held), _| *held);
        }
        peak_states = peak_states.max(next.len());
        let (mut broke_by, mut over_by) = (Mass::default(), Mass::default());
        let mut holds = Mass::default();
        for ((state, ever, held), m) in &next {
            if *ever {
                masses.add(&mut broke_by, m);
            }
            if *held {
                masses.add(&mut holds, m);
            }
            if state.over.is_some() {
                masses.add(&mut over_by, m);
            }
        }
        let broke = masses.exact(&broke);
        let first_bank_held = masses.exact(&holds);
        let row = RoundRow {
            round,
            bank_broke_percent: broke.to_f64() * 100.0,
            bank_broke: broke,
            bank_broke_by: masses.exact(&broke_by),
            over_by: masses.exact(&over_by),
            first_bank_held: first_bank_held.clone(),
        };
        // The round's figures, reduced (and written) are work too.
        if units(steps, &masses) > work_limit {
            if options.tenure.is_some() {
                stopped = Some(Stop::WorkLimit);
                break 'rounds;
            }
            return Err(work_limit_passed());
        }
        for (net, m) in round_tenure_nets.drain() {
            masses.add(tenure_nets.entry(net).or_default(), &m);
        }
        // The rounds held: 1, and the chance it holds after each round
        // but the last.
        if round > 1 {
            masses.add(&mut tenure, &last_holds);
        }
        last_holds = holds;
        last_held = first_bank_held;
        rounds_run = round;
        by_round.push(row);
        frontier = next;
        if let (Some(precision), Some(h)) = (options.tenure, &hazard) {
            if last_held.is_zero() || last_held.to_f64() / h.to_f64() < precision {
                stopped = Some(Stop::Precise);
                break;
            }
        }
    }
    if options.tenure.is_some() {
        by_round.clear();
        frontier.clear();
    }
    // The seats' figures and the first bank's, reduced and written, are
    // work too: each seat's chips over every table. (Following the first
    // bank, the tables are dropped and the figures are few: what it has
    // is given, however it stopped.)
    let finished = |masses: &Masses| {
        if units(steps, masses) > work_limit && options.tenure.is_none() {
            return Err(ChainError::WorkLimit {
                limit: work_limit,
                round: rounds_run,
                span: program.round_span,
            });
        }
        Ok(())
    };
    let mut by_seat = Vec::with_capacity(options.seats);
    for seat in 0..options.seats {
        by_seat.push({
            let mut chips: FxHashMap<Exact, Mass> = FxHashMap::default();
            for ((state, ..), m) in &frontier {
                masses.add(chips.entry(state.seats[seat].0.clone()).or_default(), m);
            }
            let mut chips: Vec<ChipsRow> = chips
                .iter()
                .map(|(chips, m)| ChipsRow {
                    chips: chips.clone(),
                    probability: masses.exact(m),
                })
                .collect();
            chips.sort_by(|a, b| a.chips.cmp(&b.chips));
            let net = masses.weighted(nets[seat].iter());
            SeatRow {
                seat: seat + 1,
                chips_dealt: dealt[seat].clone(),
                expected_net_decimal: net.to_f64(),
                expected_net: net,
                chips_after: chips,
            }
        });
        finished(&masses)?;
    }
    let chips = dealt.iter().fold(Exact::zero(), |t, c| &t + c);
    let round_bound = table.round_bound(&chips);
    let first_bank = first_banker.map(|b| {
        let banker_net = masses.weighted(tenure_nets.iter());
        let expected_rounds = if rounds_run == 0 {
            Exact::zero()
        } else {
            masses.add(&mut tenure, &Mass::one());
            masses.exact(&tenure)
        };
        // Beyond the rounds run, each round ends the tenure with
        // probability at least `h`, and a banker's net in a round is at
        // most `round_bound`: five sums and products of the figures, each
        // reduced by factoring its denominator again (a pass over the
        // words for each word of it, about).
        let longest = [&expected_rounds, &banker_net, &last_held]
            .map(exact_words)
            .into_iter()
            .max()
            .unwrap_or(1);
        masses.words += 5 * 128 * longest * longest;
        let tail = hazard.as_ref().map(|h| &last_held / h);
        let net_tail = tail.as_ref().map(|t| t * &round_bound);
        FirstBank {
            seat: b + 1,
            tenure_upper: tail.as_ref().map(|t| &expected_rounds + t),
            expected_rounds,
            held_after_last: last_held.clone(),
            banker_net_lower: net_tail.as_ref().map(|t| &banker_net - t),
            banker_net_upper: net_tail.as_ref().map(|t| &banker_net + t),
            banker_net_decimal: banker_net.to_f64(),
            banker_net,
            hazard_floor: hazard.clone(),
        }
    });
    finished(&masses)?;
    Ok(Session {
        heading: Heading {
            format_version: FormatVersion,
            game: program.name.clone(),
            seats: options.seats,
            rounds: rounds_run,
            stake_rule: options.stake + 1,
            banker,
        },
        first_bank,
        stopped: stopped.map(|s| s.to_string()),
        peak_states,
        work: units(steps, &masses),
        by_round,
        by_seat,
    })
}

/// The units a step from `state` counts before it is run: one, and one
/// for every [`SEAT_WORDS_PER_UNIT`] words of the seats' chips the table
/// restores, audits and hashes (and after it, one for every
/// [`EVENTS_PER_UNIT`] events it played: bets placed, covered and settled).
fn step_units(state: &TableState) -> u64 {
    let chips: u64 = (state.seats.iter()).map(|(c, _)| exact_words(c)).sum();
    1 + chips / SEAT_WORDS_PER_UNIT
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
