//! The exact evaluator: a distribution over interpreter states.
//!
//! A state is a position in the compiled round and the values of the slots
//! live there. Each state runs straight through the steps without chance
//! (`let`, `set`, `if`, jumps) until it reaches a throw or an `end`. States
//! waiting at the same throw are merged when equal (dead values cleared
//! first), and throws are processed in order of position, so every state
//! reaching a throw is merged before the throw multiplies it. An `end` adds
//! the state's weight to its outcome. Weights are exact (`Weight`).

mod choices;
mod counted;
mod decisions;
mod ends;
pub mod figures;
mod joining;
mod linear;
mod machine;
mod observed;
mod paths;
mod policy;
mod residual;
mod singles;
mod split;
mod suits;
mod tree;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::coverage::{Coverage, Probe};
use super::observe::Throws;
use super::EvalError;
use crate::number::Exact;
use crate::program::Program;

pub use decisions::{
    Decisions, InfoSet, InfoSetReport, Kind, LocalInfo, OptionReport, Solution, Unlisted,
    MOST_LISTED_HERE,
};
pub use ends::{end_key, End};
pub use policy::Policy;
pub use split::{shared_after_seat, split_round, Part, Split};

/// The default bound on states alive at once.
/// Measured: a round that hits this bound stops after about 1 s and 600 MB.
pub const DEFAULT_MAX_STATES: usize = 1_000_000;

/// The default bound on the information sets of a round's decisions, of
/// the two sides together, when two sides choose. Measured (release build): Tails
/// (`tests/fixtures/limits/`), two choices each knowing a total of `d200`
/// (400 information sets), is solved in 3 s, and at `d250` its float
/// programme fails and the exact one stops at the work limit after 15 s;
/// the largest game shipped has about a hundred.
pub const DEFAULT_MAX_INFOSETS: usize = 400;

/// The default bound on the sequences of a round's decisions (each
/// option of each information set, summed: situations times options), of
/// the two sides together, when two sides choose. What the solver builds
/// grows with them, not with the information sets alone: the evaluation
/// keeps an end for each pair of the two sides' sequences reached, and
/// the linear programme's tableau has a row for each sequence of one side
/// and a column for each of both. Measured (release build): two sides
/// choosing from `1..83` knowing a `d6` total each (996 sequences, about
/// 250,000 pairs) are solved in 1.4 s and 174 MB, from `1..84` refused at
/// once; from `1..166` (1,992), 13 s and 646 MB; from `1..1000` (12,000)
/// took 8.7 GB and aborted before this bound. Tails of `d200`
/// (`tests/fixtures/limits/`, 400 information sets) has 800: 1.4 s and
/// 122 MB.
pub const DEFAULT_MAX_SEQUENCES: usize = 1_000;

/// A lone side's information sets may be this many times
/// [`Limits::max_infosets`] (160,000 by default), and its sequences this
/// many times [`Limits::max_sequences`] (400,000): its best response is one
/// pass over them, not a linear programme, and what bounds it is memory,
/// about 6 KB an information set with its report. Measured (release
/// build): blackjack's 490 in 0.6 s; let it ride knowing the player's four
/// cards (`benches/poker/let_it_ride.dice`, 126,386 situations) in 8 s and
/// 745 MB; a choice knowing one of 90,000 values took 5.6 s and 350 MB.
pub const LONE_SIDE_INFOSETS: usize = 400;

/// How the evaluation may grow.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub max_states: usize,
    /// The most information sets of a round's decisions (`choose ... by`,
    /// `?` cells), the two sides together, when two sides choose;
    /// [`LONE_SIDE_INFOSETS`] times it when one does.
    pub max_infosets: usize,
    /// The most sequences (options summed over the information sets, each
    /// side's empty sequence not counted) of a round's decisions, the two sides
    /// together, when two sides choose; [`LONE_SIDE_INFOSETS`] times it
    /// when one does.
    pub max_sequences: usize,
    /// A flag another thread sets to stop the evaluation: once it is set,
    /// the evaluation ends with [`EvalError::Cancelled`] at the next state
    /// it makes. `None` (the default): never cancelled. A reference to a
    /// flag that lives as long as the program (a `static`, or one leaked
    /// once), so that the bounds stay `Copy`: the language server keeps one
    /// for the evaluation it runs, and sets it when the text changes.
    pub cancel: Option<&'static AtomicBool>,
}

/// The steps an evaluation may take for each state [`Limits::max_states`]
/// allows. A step is a state run through one instruction; a state merged
/// at a throw, or added to its end, counted once per 64-bit word of its
/// weight (an end whose sum changes denominator, by the square of its
/// words, times 64 past 64 words: a binary gcd reduces it); four values
/// copied when a result lands. Measured (release build, issue 20): every
/// game takes under 200,000 steps; an evaluation takes 1.5 to 10 times
/// 10^8 steps a second (many small states, and few states with weights of
/// thousands of words, at the two ends), so the default bound (2.5 x 10^9)
/// refuses no round that would finish in 2 s, and stops a round that would
/// run for hours (`repeat 2000 { throw ... }` over thousands of states,
/// with weights of thousands of digits) after 3 to 17 s.
pub const WORK_PER_STATE: u64 = 2_500;

/// The work of the exact fallback solve of a zero-sum round for each state
/// [`Limits::max_states`] allows (10^9 by default, 10 to 15 s).
pub const SOLVE_WORK_PER_STATE: u64 = 1_000;

/// The bytes a zero-sum round's linear programme may take, times the
/// square of [`Limits::max_sequences`]: its tableau grows with the square of
/// the sequences (a row for each of one side's, a column for each of both
/// sides'). 256 MB at the default bound.
pub const SOLVE_BYTES_PER_SEQUENCE: u64 = 256;

impl Limits {
    /// Whether the evaluation has been asked to stop ([`Limits::cancel`]).
    #[inline]
    pub fn cancelled(&self) -> bool {
        self.cancel.is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// The most steps an evaluation may take.
    pub fn max_work(&self) -> u64 {
        (self.max_states as u64).saturating_mul(WORK_PER_STATE)
    }

    /// The most bytes a zero-sum round's linear programme may take (its
    /// dense tableau, or its system of equations): [`SOLVE_BYTES_PER_SEQUENCE`]
    /// times the square of [`Limits::max_sequences`].
    pub fn max_solve_bytes(&self) -> u64 {
        let s = self.max_sequences as u64;
        s.saturating_mul(s).saturating_mul(SOLVE_BYTES_PER_SEQUENCE)
    }

    /// The most work the exact fallback solve of a zero-sum round may take.
    pub fn max_solve_work(&self) -> u64 {
        (self.max_states as u64).saturating_mul(SOLVE_WORK_PER_STATE)
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: DEFAULT_MAX_STATES,
            max_infosets: DEFAULT_MAX_INFOSETS,
            max_sequences: DEFAULT_MAX_SEQUENCES,
            cancel: None,
        }
    }
}

/// The exact probability of each way a round ends.
#[derive(Clone, Debug)]
pub struct Distribution {
    /// The probability of each outcome, indexed by outcome.
    pub outcomes: Vec<Exact>,
    /// Every distinct end: its outcome (none when the round ran to its last
    /// statement) and the values of `Program::finals`, in a fixed order.
    pub ends: Vec<End>,
    /// The most states alive at once, a measure of the work done.
    pub peak_states: usize,
    /// For a round with a choice: the value chosen for the figures above
    /// (the best for the chooser's bet), and every option's distribution.
    pub choice: Option<Chosen>,
    /// For a round with decisions: before solving, every option taken (the
    /// ends carry each side's choices after the final values); after, the
    /// strategies solved for.
    pub decisions: Option<Arc<Decisions>>,
    pub solution: Option<Arc<Solution>>,
}

/// The options of a round's choice, each evaluated.
#[derive(Clone, Debug)]
pub struct Chosen {
    pub value: i64,
    /// The bet whose expected value the choice maximises.
    pub for_bet: usize,
    /// Options that share an evaluation share one distribution.
    pub options: Vec<(i64, Arc<Distribution>)>,
}

/// Evaluates a round exactly. With a choice, every option is evaluated and
/// the distribution returned is that of the option with the highest expected
/// value for the chooser's bet (the bet named like the side that chooses, or
/// the first bet), the first such option on a tie. With decisions (`choose
/// ... by`, `?` cells), every option of each is taken with weight 1: the
/// game in sequence form, which [`crate::solve`] solves.
pub fn evaluate_round(program: &Program, limits: Limits) -> Result<Distribution, EvalError> {
    evaluate_with(program, limits, &mut None)
}

/// Evaluates a round exactly, as [`evaluate_round`] does, and records what
/// the evaluation reached (under every option of its choices) and what the
/// `probes` found.
pub fn evaluate_covered(
    program: &Program,
    limits: Limits,
    probes: Vec<Probe>,
) -> Result<(Distribution, Coverage), EvalError> {
    let mut coverage = Some(Box::new(Coverage::new(program, probes)));
    let distribution = evaluate_with(program, limits, &mut coverage)?;
    Ok((distribution, coverage.map(|c| *c).unwrap_or_default()))
}

fn evaluate_with(
    program: &Program,
    limits: Limits,
    coverage: &mut Option<Box<Coverage>>,
) -> Result<Distribution, EvalError> {
    // Cards dealt one at a time and read alike in every order, dealt as
    // one hand (`singles`); the plain path deals them as written.
    if crate::eval::fast_paths() {
        if let Some(lowered) = singles::lower(program) {
            return evaluate_as_written(&lowered, limits, coverage);
        }
    }
    evaluate_as_written(program, limits, coverage)
}

/// Evaluates a round that splits, its hands played in turn
/// ([`crate::program::hands::in_turn`]): every choice made as `policy`
/// makes it, the round's announced choice, if any, fixed to `option`.
pub fn evaluate_played(
    program: &Program,
    limits: Limits,
    policy: &Policy,
    option: Option<i64>,
) -> Result<Distribution, EvalError> {
    let lowered = crate::eval::fast_paths()
        .then(|| singles::lower(program))
        .flatten();
    let reach = machine::Reach {
        policy: Some(policy),
        ..machine::Reach::default()
    };
    let (distribution, _) = machine::evaluate_reach(
        lowered.as_ref().unwrap_or(program),
        limits,
        option,
        &mut Throws::default(),
        &mut None,
        &mut 0,
        reach,
    )?;
    Ok(distribution)
}

/// [`evaluate_with`] of `program` as it stands.
fn evaluate_as_written(
    program: &Program,
    limits: Limits,
    coverage: &mut Option<Box<Coverage>>,
) -> Result<Distribution, EvalError> {
    match &program.choice {
        Some(choice) if program.decisions.is_empty() => {
            choices::evaluate(program, choice, limits, coverage)
        }
        _ => machine::evaluate_fixed(
            program,
            limits,
            None,
            &mut Throws::default(),
            coverage,
            &mut 0,
        ),
    }
}
