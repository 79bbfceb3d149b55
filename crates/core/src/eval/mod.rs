//! Running a checked [`Program`](crate::program::Program): exactly, as a
//! distribution over interpreter states ([`exact`]), or one round at a time
//! with dice from a source ([`play`](crate::play)). Both share [`value`]'s semantics;
//! [`compiled`] is a faster path to the same values.

pub mod by_suits;
pub mod compiled;
pub mod coverage;
pub mod exact;
pub mod fives;
pub mod frontier;
pub mod nat;
pub mod observe;
pub mod pool;
pub mod round;
pub mod shoe;
pub mod value;
pub mod weight;

use std::cell::Cell;

use miette::Diagnostic;
use thiserror::Error;

use crate::ast::Span;

thread_local! {
    static PLAIN: Cell<bool> = const { Cell::new(false) };
}

/// Runs `f` with the exact evaluator's fast paths off on this thread
/// (steps remembered by what they read, one card dealt straight off the
/// packed shoe, states renamed in a round symmetric in the suits): the
/// plain path each fast one must agree with, for the differential tests.
#[doc(hidden)]
pub fn plain<R>(f: impl FnOnce() -> R) -> R {
    let before = PLAIN.with(|p| p.replace(true));
    let result = f();
    PLAIN.with(|p| p.set(before));
    result
}

/// Whether the fast paths are on (see [`plain`]).
pub(crate) fn fast_paths() -> bool {
    !PLAIN.with(Cell::get)
}

/// A problem found while running a round.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum EvalError {
    /// A draw asks for more cards than the round has left in the shoe.
    #[error("the shoe `{shoe}` runs out: {count} cards asked, {left} left")]
    #[diagnostic(
        code(dice::eval::shoe_empty),
        help("some way through the round deals more cards than the shoe holds; add decks or draw fewer")
    )]
    ShoeEmpty {
        shoe: String,
        count: u32,
        left: u64,
        #[label("this draw")]
        span: Span,
    },
    /// A `throw ... until` whose condition holds for no result of the throw
    /// in some state the round reaches.
    #[error("this reroll can never succeed")]
    #[diagnostic(
        code(dice::eval::reroll_never_succeeds),
        help(
            "no result of the throw meets the `until` condition here, so the round would never end"
        )
    )]
    RerollNeverSucceeds {
        #[label("the condition is false for every result")]
        span: Span,
    },
    /// The player rerolled more than the limit allows (a condition that
    /// almost never holds).
    #[error("this reroll failed {attempts} times in a row")]
    #[diagnostic(
        code(dice::eval::reroll_limit),
        help("the `until` condition is (almost) never met: check it, or allow more attempts with `--max-rerolls N`")
    )]
    RerollLimit {
        attempts: u64,
        #[label("rerolled here")]
        span: Span,
    },
    /// One round of play or simulation threw more dice (rerolls included)
    /// or dealt more cards than the limit allows.
    #[error("one round threw or dealt more than {limit} dice and cards")]
    #[diagnostic(
        code(dice::eval::round_limit),
        help("a round of play would run for minutes: check its `repeat`s and `until`s, or allow more with `--max-dice N`")
    )]
    RoundLimit {
        limit: u64,
        #[label("the limit was passed here")]
        span: Span,
    },
    /// After a split, the table's play reads what the two hands hold
    /// differently, so that the hands in turn cannot be dealt its cards
    /// alike.
    #[error("after this split, the table's play reads what the hands hold differently")]
    #[diagnostic(
        code(dice::eval::split_table),
        help("the table's draws after a split are dealt once for both hands: let the dealer's play read the table's cards and what was bound before the split, and settle each hand after it")
    )]
    SplitTable {
        #[label("split here")]
        span: Span,
    },
    /// A round reached its last statement without `end`.
    #[error("some rounds end without an outcome")]
    #[diagnostic(
        code(dice::eval::no_outcome),
        help("every path through the round must reach an `end OUTCOME`: add an `else` or a last `end`")
    )]
    NoOutcome {
        #[label("a round can reach the end of the round here without an `end`")]
        span: Span,
    },
    /// A bet settled on a value that no line of the bet takes, or on a name
    /// (it is `on`, or it `pays`) not bound when the round ends.
    #[error("bet `{bet}` does not settle a round ending with {name} {value}")]
    #[diagnostic(
        code(dice::eval::unsettled_value),
        help("add a line for this value, or a last line `else => lose`; a name a bet reads is bound before any `end` a round can reach")
    )]
    UnsettledValue {
        bet: String,
        name: String,
        /// `= 12`, or `unbound`.
        value: String,
        #[label("this bet")]
        span: Span,
    },
    /// A bet `staking` a name some round ends without: bound at the top of
    /// the round after an `end` that a round can reach first.
    #[error("bet `{bet}` stakes `{name}`, which a round can end without")]
    #[diagnostic(
        code(dice::eval::unstaked),
        help("bind the stake before the first `end`: `let wager = 1` at the top of the round, `set` later")
    )]
    Unstaked {
        bet: String,
        name: String,
        #[label("not bound when some round ends")]
        span: Span,
    },
    /// A draw table looked up with a value no row or column covers.
    #[error("the draw table `{table}` has no cell for ({row}, {column})")]
    #[diagnostic(
        code(dice::eval::no_cell),
        help("add a row or a column covering these values")
    )]
    NoCell {
        table: String,
        row: i64,
        column: i64,
        #[label("looked up here")]
        span: Span,
        #[label("the table")]
        table_span: Span,
    },
    /// Arithmetic beyond 64-bit whole numbers.
    #[error("arithmetic overflow")]
    #[diagnostic(code(dice::eval::overflow))]
    Overflow {
        #[label("this overflows a 64-bit whole number")]
        span: Span,
    },
    /// `x mod 0`.
    #[error("`mod` by zero")]
    #[diagnostic(code(dice::eval::mod_zero))]
    ModZero {
        #[label("this is 0")]
        span: Span,
    },
    /// The exact evaluation would take more steps than allowed: many
    /// throws, each over many states or with weights of many digits.
    #[error("the evaluation takes more than {limit} steps")]
    #[diagnostic(
        code(dice::eval::work_limit),
        help("the round throws too often, over too many states, to evaluate exactly in reasonable time; throw less, keep fewer values alive, or raise --max-states (the limit is {per_state} steps per state allowed)")
    )]
    WorkLimit {
        limit: u64,
        per_state: u64,
        #[label("the limit was passed at this throw")]
        span: Span,
    },
    /// The exact evaluation would hold more states than allowed.
    #[error("the evaluation needs more than {limit} states")]
    #[diagnostic(
        code(dice::eval::state_limit),
        help("the game is too large to evaluate exactly as written; raise the limit or keep fewer values alive")
    )]
    StateLimit {
        limit: usize,
        #[label("the states waiting for this throw pass the limit")]
        span: Span,
    },
    /// The statistics read of one throw take more combinations of values
    /// than the state limit allows.
    #[error("the results of this throw fall into more than {limit} groups")]
    #[diagnostic(
        code(dice::eval::throw_limit),
        help("the round reads too many things of this throw at once to evaluate it exactly; raise the limit with --max-states or read less of it")
    )]
    ThrowLimit {
        limit: usize,
        #[label("this throw")]
        span: Span,
    },
    /// A side meets one information set after different choices of its
    /// own: the game as written forgets, and has no sequence form. A lone
    /// side may, where the states it may be in there have the same chances
    /// whatever it chose before (`Decisions::forgets_nothing`).
    #[error(
        "the chooser of `{name}` can be in the same situation after different choices of its own"
    )]
    #[diagnostic(
        code(dice::eval::imperfect_recall),
        help("a side remembers what it chose before, unless it is the only side choosing and its past changes no chance of the round from there: add what tells the situations apart to `knowing`")
    )]
    ImperfectRecall {
        name: String,
        #[label("this choice")]
        span: Span,
    },
    /// A lone side's situation holds two states of the round: its choices
    /// cannot all be solved where they stand (`exact::tree`). Never
    /// reported: the evaluation then solves the round in sequence form.
    #[error("the chooser of `{name}` does not know the whole state of the round")]
    #[diagnostic(code(dice::eval::internal), help("please report this file as a bug"))]
    NotAlone {
        name: String,
        #[label("this choice")]
        span: Span,
    },
    /// Two sides that are not zero-sum, with too many pure strategies to
    /// search for an equilibrium.
    #[error("the two sides have {strategies} pure strategies; an equilibrium of a game that is not zero-sum is searched for among at most {limit}")]
    #[diagnostic(
        code(dice::eval::too_many_strategies),
        help("make the bets' nets add to zero (no commission) for the linear programme, or leave fewer cells to choice")
    )]
    TooManyStrategies {
        strategies: usize,
        limit: usize,
        #[label("the first choice")]
        span: Span,
    },
    /// A round's decisions met in more situations (information sets) than
    /// the solver takes: a choice knowing a value of many possibilities.
    #[error("`{name}` is chosen in {count} different situations, and the round's choices in more than {limit} in all")]
    #[diagnostic(
        code(dice::solve::too_large),
        help("the choices are solved over every situation a chooser tells apart (each combination of the values it knows); let it know fewer values, or raise the limit with --max-infosets (a lone chooser may have 400 times as many)")
    )]
    SolveTooLarge {
        name: String,
        /// This decision's information sets so far.
        count: usize,
        limit: usize,
        #[label("this choice is met in too many situations")]
        span: Span,
    },
    /// A choice solved where it stands (its chooser knows the whole state)
    /// with more options, summed over its situations, than the evaluation
    /// keeps: 16 for each state `--max-states` allows.
    #[error("`{name}` offers {options} options in situation {count}, which brings the choices solved where they stand to {sequences} options over all their situations: at most {limit} are kept")]
    #[diagnostic(
        code(dice::solve::too_large),
        help("a choice whose chooser knows the whole state is solved state by state, each situation keeping its options' values; offer fewer options, let the chooser know fewer values, or raise the limit with --max-states (16 options a state)")
    )]
    SolveTooManyHere {
        name: String,
        /// The options of this situation.
        options: usize,
        /// This decision's situations so far, this one included.
        count: usize,
        /// The options with this situation's.
        sequences: usize,
        limit: usize,
        #[label("this choice has too many options in all its situations")]
        span: Span,
    },
    /// A round's decisions with more options, summed over the situations
    /// each is met in (sequences), than the solver takes: a choice of many
    /// options, or knowing a value of many possibilities.
    #[error("`{name}` offers {options} options in situation {count}, which brings the round's choices to {sequences} options over all their situations: the solver takes at most {limit}")]
    #[diagnostic(
        code(dice::solve::too_large),
        help("the choices are solved over every option in every situation a chooser tells apart, and the work and memory grow with their number (the evaluation keeps the round's ends by the options taken on each side); offer fewer options, let the chooser know fewer values, or raise the limit with --max-sequences (a lone chooser may have 400 times as many)")
    )]
    SolveTooManySequences {
        name: String,
        /// The options of this situation.
        options: usize,
        /// This decision's information sets so far, this one included.
        count: usize,
        /// The sequences with this situation's.
        sequences: usize,
        limit: usize,
        #[label("this choice has too many options in all its situations")]
        span: Span,
    },
    /// The linear programme of a zero-sum round would need a tableau
    /// larger than allowed: refused before it is made.
    #[error("solving the choices needs a tableau of {rows} rows and {columns} columns, more than the {megabytes} MB the solver may take")]
    #[diagnostic(
        code(dice::solve::too_large),
        help("the equilibrium is a linear programme over every option in every situation of both sides; offer fewer options or let the choosers know fewer values, or raise --max-sequences (the tableau may take 256 bytes times its square)")
    )]
    SolveTableauTooLarge {
        rows: usize,
        columns: usize,
        megabytes: u64,
        #[label("the first choice")]
        span: Span,
    },
    /// The exact linear programme of a zero-sum round would take more steps
    /// than allowed (the float one having misled).
    #[error("solving the choices exactly takes more than {limit} steps ({infosets} situations)")]
    #[diagnostic(
        code(dice::solve::work_limit),
        help("the equilibrium of these choices is too costly to solve in exact fractions; let the choosers know fewer values, or raise --max-states (the limit is {per_state} steps per state allowed)")
    )]
    SolveWorkLimit {
        limit: u64,
        per_state: u64,
        /// The information sets of the two sides.
        infosets: usize,
        #[label("the first choice")]
        span: Span,
    },
    /// The evaluation was stopped by its caller ([`crate::Limits::cancel`]
    /// set): the language server's, when the text it evaluates changes.
    #[error("the evaluation was cancelled before it finished")]
    #[diagnostic(
        code(dice::eval::cancelled),
        help("the caller stopped it (a newer text replaced the one evaluated); evaluate again")
    )]
    Cancelled {
        #[label("stopped at this throw")]
        span: Span,
    },
    /// A broken promise of the checker: a bug, reported rather than a panic.
    #[error("internal error: {what}")]
    #[diagnostic(code(dice::eval::internal), help("please report this file as a bug"))]
    Internal {
        what: &'static str,
        #[label("here")]
        span: Span,
    },
}

impl From<Box<EvalError>> for EvalError {
    fn from(boxed: Box<EvalError>) -> Self {
        *boxed
    }
}
