//! Errors of the checking stage: names, types and the shape of declarations.
//! Each variant says which input triggers it.

mod at;
mod banking;
mod figure;
mod payout;
mod show;
mod with;

pub use at::AtError;
pub use banking::BankingError;
pub use figure::FigureError;
pub use payout::PayoutError;
pub use show::ShowFailure;
pub use with::WithError;

use miette::Diagnostic;
use thiserror::Error;

use super::limits::{
    MAX_CODE, MAX_OPTIONS, MAX_REPEAT, MAX_THROW_BITS, MAX_THROW_DICE, MAX_THROW_RESULTS,
};
use crate::ast::Span;
use crate::number::Exact;
use crate::program::builtin::MAX_FACE;

/// A rule file that parses but does not make sense.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum CheckError {
    /// A name used but never declared: a misspelt outcome, bet, hand,
    /// variable, function, parameter or table.
    #[error("unknown {kind} `{name}`")]
    #[diagnostic(code(dice::check::unknown_name))]
    Unknown {
        kind: &'static str,
        name: String,
        #[label("not declared")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// Two declarations of the same name: two hands `heaven`, two bets
    /// `player`, `let x` when `x` is already bound.
    #[error("{kind} `{name}` is declared twice")]
    #[diagnostic(code(dice::check::duplicate), help("{help}"))]
    Duplicate {
        kind: &'static str,
        name: String,
        #[label("first declared here")]
        first: Span,
        #[label("declared again here")]
        second: Span,
        help: &'static str,
    },
    /// One combination listed under two hands, or twice under one.
    #[error("the combination {combo} is listed twice")]
    #[diagnostic(
        code(dice::check::duplicate_combination),
        help("a throw belongs to exactly one hand: remove one of the two")
    )]
    DuplicateCombo {
        combo: String,
        #[label("first listed here")]
        first: Span,
        #[label("listed again here")]
        second: Span,
    },
    /// A hand table used on a throw it does not fully rank.
    #[error("the hand table `{table}` leaves {count} throw(s) of {dice} unranked: {missing}")]
    #[diagnostic(
        code(dice::check::unranked_throw),
        help("every combination of the dice thrown must belong to a hand")
    )]
    Unranked {
        table: String,
        dice: String,
        count: usize,
        missing: String,
        #[label("this throw can show a combination with no hand")]
        span: Span,
        #[label("the hand table")]
        table_span: Span,
    },
    /// A combination with a face 0.
    #[error("a die has no face 0")]
    #[diagnostic(code(dice::check::combination), help("faces are numbered from 1"))]
    ZeroFace {
        #[label("this combination")]
        span: Span,
    },
    /// A combination of a hand table with another number of faces than the
    /// table's first.
    #[error("this combination has {faces} faces, the table's first has {first_faces}")]
    #[diagnostic(
        code(dice::check::combination),
        help("every hand of a table is a throw of the same number of dice")
    )]
    ComboFaces {
        faces: usize,
        first_faces: usize,
        #[label("this combination")]
        span: Span,
        #[label("the table's first combination")]
        first: Span,
    },
    /// A combination tested against a throw it cannot show: `t is 7-1` on
    /// `2d6`, `t is 1-1-1` on two dice.
    #[error("{combo} can never match a throw of {count}d{sides}")]
    #[diagnostic(
        code(dice::check::combination),
        help("a combination lists one face from 1 to {sides} for each of the {count} dice")
    )]
    ComboNeverMatches {
        combo: String,
        count: u32,
        sides: u32,
        #[label("this combination")]
        span: Span,
    },
    /// A hand table used on a throw of another number of dice.
    #[error("the hand table `{table}` ranks throws of {table_dice} dice, this throw has {count}")]
    #[diagnostic(
        code(dice::check::hand_dice),
        help(
            "rank this throw with a table of {count}-face combinations, or throw {table_dice} dice"
        )
    )]
    HandDice {
        table: String,
        table_dice: usize,
        count: u32,
        #[label("a throw of {count} dice")]
        span: Span,
        #[label("the hand table")]
        table_span: Span,
    },
    /// `x mod 0`, written as a constant.
    #[error("`mod` by zero")]
    #[diagnostic(
        code(dice::check::mod_zero),
        help("`x mod 0` has no value: use a divisor other than 0")
    )]
    ModZero {
        #[label("this is 0")]
        span: Span,
    },
    /// A file with no items at all (empty, or only comments).
    #[error("the file has no rules")]
    #[diagnostic(
        code(dice::check::empty),
        help("a game needs at least `game \"Name\"`, an `outcomes` line, a `round {{ ... }}` and a `bet`; see games/heist.dice")
    )]
    Empty {
        #[label("the file")]
        span: Span,
    },
    /// A value of the wrong type: `total(3)`, `if total(x)`, `x + y` on throws.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(dice::check::type_mismatch))]
    Type {
        expected: &'static str,
        found: &'static str,
        #[label("this is {found}")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// A built-in called with the wrong number of arguments.
    #[error("`{func}` takes {expected} argument(s), found {found}")]
    #[diagnostic(code(dice::check::arity))]
    Arity {
        func: String,
        expected: usize,
        found: usize,
        #[label("this call")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// Something every game needs is missing: `game`, `outcomes`, `round`, a `bet`.
    #[error("the file has no {what}")]
    #[diagnostic(code(dice::check::missing))]
    Missing {
        what: &'static str,
        #[label("in this file")]
        span: Span,
        #[help]
        help: String,
    },
    /// An item that may appear once (`game`, `round`) appears again.
    #[error("a second `{what}`")]
    #[diagnostic(code(dice::check::repeated_item), help("a file has one `{what}`"))]
    Repeated {
        what: &'static str,
        #[label("first here")]
        first: Span,
        #[label("again here")]
        second: Span,
    },
    /// A bet that says nothing for an outcome the round can end with.
    #[error("bet `{bet}` does not settle outcome `{outcome}`")]
    #[diagnostic(
        code(dice::check::unsettled_outcome),
        help("add a line `{outcome} => win 1 to 1` (or `lose`, or `push`) to the bet")
    )]
    Unsettled {
        bet: String,
        outcome: String,
        #[label("this bet")]
        span: Span,
        #[label("the outcome")]
        outcome_span: Span,
    },
    /// A throw of no dice: `0d6`.
    #[error("0d{sides} throws no dice")]
    #[diagnostic(code(dice::check::dice), help("throw at least one die: `2d6`"))]
    NoDice {
        sides: u64,
        #[label("these dice")]
        span: Span,
    },
    /// Dice without sides: `2d0`.
    #[error("a die with 0 sides cannot be thrown")]
    #[diagnostic(code(dice::check::dice), help("a die has at least one side: `2d6`"))]
    NoSides {
        #[label("these dice")]
        span: Span,
    },
    /// A throw with more than `MAX_THROW_RESULTS` multisets of faces that
    /// the round reads other than by statistics (`40d6` read by an `is`
    /// pattern), or with more dice than 32 bits count, or wider than
    /// `MAX_THROW_BITS` as well: `1000000d6`.
    #[error("{count}d{sides} has too many different results to evaluate exactly")]
    #[diagnostic(
        code(dice::check::dice),
        help("one throw the round reads whole, or by `is` patterns and hands, may have at most {max} different results (as multisets of faces); a throw read only by statistics (`count`, `total`, `highest`, ...) is counted by their values instead", max = MAX_THROW_RESULTS)
    )]
    TooManyResults {
        count: u64,
        sides: u64,
        #[label("these dice")]
        span: Span,
    },
    /// A throw whose ordered results (sides to the power of the dice) need
    /// more than `MAX_THROW_BITS` bits: `2000d6`.
    #[error("{count}d{sides} has too many ordered results to weigh exactly")]
    #[diagnostic(
        code(dice::check::dice),
        help("a throw's number of ordered results (sides to the power of the dice) may have at most {max} bits", max = MAX_THROW_BITS)
    )]
    TooManyOrdered {
        count: u64,
        sides: u64,
        #[label("these dice")]
        span: Span,
    },
    /// A throw of more than `MAX_THROW_DICE` dice of one side, whose one
    /// result no other bound limits: `300000d1`.
    #[error("{count}d{sides} is more dice than one throw may have")]
    #[diagnostic(
        code(dice::check::dice),
        help("one throw may have at most {max} dice", max = MAX_THROW_DICE)
    )]
    TooManyDice {
        count: u64,
        sides: u64,
        #[label("these dice")]
        span: Span,
    },
    /// A `choose` whose options are a backwards or too long range: `6..1`.
    #[error("the options {options} are not a range of 1 to {max} values", max = MAX_OPTIONS)]
    #[diagnostic(
        code(dice::check::choice),
        help("write the smaller number first: `1..6`")
    )]
    OptionsRange {
        options: String,
        #[label("this choice")]
        span: Span,
    },
    /// A `choose` offering more than `MAX_OPTIONS` options in all.
    #[error("more than {max} options", max = MAX_OPTIONS)]
    #[diagnostic(code(dice::check::choice), help("offer fewer options"))]
    TooManyOptions {
        #[label("this choice")]
        span: Span,
    },
    /// `choose NAME from faces(T)` where `T` may show a face beyond the
    /// largest a set of faces holds.
    #[error("`faces({throw})` may show {largest}, beyond the largest face a choice may offer ({max})", max = MAX_FACE)]
    #[diagnostic(
        code(dice::check::choice),
        help("offer the faces as a range instead: `choose NAME from 1..N by ... knowing ...`")
    )]
    FacesTooLarge {
        throw: String,
        largest: i64,
        #[label("its faces")]
        span: Span,
    },
    /// A choice among the faces shown in a round where two sides choose.
    #[error("`{name}` chooses among the faces shown, and two sides choose in this round")]
    #[diagnostic(
        code(dice::check::choice),
        help("a choice `from faces(T)` is solved for a side choosing alone; with two sides, offer fixed options (`from 1..6`)")
    )]
    FacesTwoSides {
        name: String,
        #[label("a choice among the faces shown")]
        span: Span,
        #[label("the other side chooses here")]
        other: Span,
    },
    /// `faces(T)`, a set of faces, written where a value is wanted.
    #[error("`faces` gives a set of faces, not a value")]
    #[diagnostic(
        code(dice::check::type_mismatch),
        help("a set of faces is only the options of a choice: `choose NAME from faces(T) by BET`; to test one face, `count(T, face) > 0`")
    )]
    FacesAsValue {
        #[label("a set of faces")]
        span: Span,
    },
    /// `knowing` a hand of more cards than a key holds.
    #[error("`{name}` holds {cards} cards; a chooser may know a hand of at most {most}")]
    #[diagnostic(
        code(dice::check::choice),
        help(
            "bind what the chooser sees of the hand first: `let mine = total(hand)`, `poker(hand)`"
        )
    )]
    KnownHandTooLarge {
        name: String,
        cards: u32,
        most: usize,
        #[label("{cards} cards")]
        span: Span,
    },
    /// `category` or `poker` of a hand poker does not rank.
    #[error("`{func}` ranks hands of 3, or 5 to 7, cards; this holds {cards}")]
    #[diagnostic(
        code(dice::check::type_mismatch),
        help("poker ranks three cards (three card poker), five, or the best five of six or seven: join hands with `+` (`{func}(mine + board)`)")
    )]
    PokerHand {
        func: &'static str,
        cards: u32,
        #[label("{cards} cards")]
        span: Span,
    },
    /// A `define` that calls itself, directly or through others.
    #[error("`{name}` is defined in terms of itself")]
    #[diagnostic(
        code(dice::check::define),
        help("a definition is written once and expanded where it is called, so it may not reach itself: write the value out")
    )]
    DefineRecursive {
        name: String,
        #[label("`{name}` reaches itself through {through}")]
        span: Span,
        through: String,
    },
    /// A `define` whose body reads a name that is neither one of its
    /// arguments nor a parameter of the file.
    #[error("`{name}` is not an argument of `{define}`")]
    #[diagnostic(
        code(dice::check::define),
        help("a definition reads only its arguments and the file's parameters: add `{name}` to its arguments, `define {define}(..., {name})`")
    )]
    DefineReads {
        name: String,
        define: String,
        #[label("not an argument")]
        span: Span,
    },
    /// A `define` named as a built-in or a draw table is.
    #[error("`{name}` is already {what}")]
    #[diagnostic(code(dice::check::duplicate), help("give the definition another name"))]
    DefineShadows {
        name: String,
        what: &'static str,
        #[label("defined again here")]
        span: Span,
    },
    /// Definitions nested past the bound, or expanding past it.
    #[error("`{name}` expands too far: {why}")]
    #[diagnostic(
        code(dice::check::define),
        help("definitions may call one another {depth} deep and expand to {nodes} operations in one round")
    )]
    DefineTooLarge {
        name: String,
        why: String,
        depth: usize,
        nodes: usize,
        #[label("here")]
        span: Span,
    },
    /// A `choose` made during the round without `knowing`.
    #[error("this choice does not say what its chooser sees")]
    #[diagnostic(
        code(dice::check::choice),
        help("a choice made during the round lists what the chooser knows: `choose {name} from ... by {by} knowing NAME, ...`, or `knowing nothing`")
    )]
    ChooserSeesNothing {
        name: String,
        by: String,
        #[label("this choice")]
        span: Span,
    },
    /// The bettors of a third bet choosing in one round (`sides` chose
    /// before).
    #[error("a third side chooses: {side} (after {})", .sides.join(" and "))]
    #[diagnostic(
        code(dice::check::choice),
        help("at most two bets' bettors make choices in one round")
    )]
    ThirdSide {
        side: String,
        sides: Vec<String>,
        #[label("this choice")]
        span: Span,
    },
    /// A count of passes (`repeat N`, or a loop's `at most N`) outside 1
    /// to `MAX_REPEAT`; `words` are the words before the count.
    #[error("`{words} {count}` is not a count from 1 to {max}", max = MAX_REPEAT)]
    #[diagnostic(
        code(dice::check::repeat),
        help(
            "a round is unrolled before it is evaluated; keep its repeats to what the game needs"
        )
    )]
    RepeatCount {
        words: &'static str,
        count: i64,
        #[label("here")]
        span: Span,
    },
    /// Repeats unrolling the round to more than `MAX_CODE` steps.
    #[error("the round repeats to more than {max} steps", max = MAX_CODE)]
    #[diagnostic(
        code(dice::check::repeat),
        help(
            "a round is unrolled before it is evaluated; keep its repeats to what the game needs"
        )
    )]
    RepeatTooLong {
        #[label("here")]
        span: Span,
    },
    /// A `split` where the language does not give it a meaning: a second
    /// one, one inside a loop, a round of two choosing sides.
    #[error("{message}")]
    #[diagnostic(code(dice::check::split), help("{help}"))]
    Split {
        message: String,
        #[label("split here")]
        span: Span,
        #[label("and here")]
        other: Option<Span>,
        help: &'static str,
    },
    /// A shoe of no decks, or of more than a million (written, or the
    /// value of a parameter).
    #[error("a shoe of {decks} decks")]
    #[diagnostic(
        code(dice::check::shoe),
        help("a shoe holds from 1 to 1000000 decks, or `infinite`")
    )]
    ShoeDecks {
        decks: Exact,
        #[label("here")]
        span: Span,
    },
    /// `decks = NAME` with a parameter that is not a whole number.
    #[error("`{param}` is {value}, not a whole number of decks")]
    #[diagnostic(
        code(dice::check::shoe),
        help("give it a whole number, or `--set NAME=infinite`")
    )]
    DecksNotWhole {
        param: String,
        value: Exact,
        #[label("here")]
        span: Span,
    },
    /// `for each seat` where seats cannot each have a hand.
    #[error("a hand for each seat cannot be dealt here: {reason}")]
    #[diagnostic(code(dice::check::seat_hands))]
    SeatHands {
        reason: &'static str,
        #[help]
        help: &'static str,
        #[label("for each seat")]
        span: Span,
    },
    /// `turn up` of a name not dealt face down.
    #[error("`{name}` was not dealt face down, so there is nothing to turn up")]
    #[diagnostic(
        code(dice::check::turn_up),
        help("deal it face down (`draw {name} = 1 from cards face down`), or leave out the `turn up`")
    )]
    NotFaceDown {
        name: String,
        #[label("dealt face up")]
        span: Span,
    },
    /// A card rank that is none of A, 2 to 10, J, Q, K.
    #[error("`{rank}` is not a rank")]
    #[diagnostic(code(dice::check::shoe), help("the ranks are A, 2 to 10, J, Q and K"))]
    NotARank {
        rank: String,
        #[label("here")]
        span: Span,
    },
    /// A range of ranks not between numbered ranks: `1..5`, `9..3`.
    #[error("`{lo}..{hi}` is not a range of ranks")]
    #[diagnostic(
        code(dice::check::shoe),
        help("a range of ranks runs between numbered ranks: `2..9`")
    )]
    RankRange {
        lo: i64,
        hi: i64,
        #[label("here")]
        span: Span,
    },
    /// A face card mapped to `pip`.
    #[error("`{rank}` has no pips")]
    #[diagnostic(
        code(dice::check::shoe),
        help("give the face cards a number: `J Q K => 0`")
    )]
    NoPips {
        rank: &'static str,
        #[label("here")]
        span: Span,
    },
    /// A card value below 0 or above a million.
    #[error("a card worth {value}")]
    #[diagnostic(
        code(dice::check::shoe),
        help("a card is worth a whole number from 0 to 1000000")
    )]
    CardValue {
        value: i64,
        #[label("here")]
        span: Span,
    },
    /// A shoe that leaves ranks without a value.
    #[error("the shoe gives no value to {}", .ranks.join(", "))]
    #[diagnostic(
        code(dice::check::shoe),
        help("map every rank: `values A => 1, 2..9 => pip, 10 J Q K => 0`")
    )]
    UnmappedRanks {
        ranks: Vec<&'static str>,
        #[label("here")]
        span: Span,
    },
    /// A draw of no cards, of more than the shoe holds, or of more than
    /// `MAX_DRAW` (`most` is the lesser of the two).
    #[error("a draw of {count} cards")]
    #[diagnostic(code(dice::check::shoe), help("draw from 1 to {most} cards at once"))]
    DrawCount {
        count: i64,
        most: i64,
        #[label("here")]
        span: Span,
    },
    /// A draw with more than `MAX_THROW_RESULTS` hands as multisets of
    /// card values.
    #[error("a draw of {count} cards has too many different hands to evaluate exactly")]
    #[diagnostic(
        code(dice::check::shoe),
        help("one draw may have at most {max} different hands (as multisets of cards, told apart as far as the round reads them); draw in smaller steps, map fewer values or read fewer ranks and suits", max = MAX_THROW_RESULTS)
    )]
    DrawHands {
        count: i64,
        #[label("here")]
        span: Span,
    },
    /// A parameter set to `infinite` used where a number is needed.
    #[error("the parameter `{name}` is `infinite`, which only a shoe's deck count can be")]
    #[diagnostic(
        code(dice::check::infinite),
        help("give `{name}` a number with `--set {name}=N`, or use it only as `decks = {name}`")
    )]
    Infinite {
        name: String,
        #[label("used as a number here")]
        span: Span,
    },
    /// A row or column range of a draw table written backwards: `7..5`.
    /// `what` is "row" or "column".
    #[error("the {what} range {lo}..{hi} is empty")]
    #[diagnostic(code(dice::check::draw_table), help("write the smaller number first"))]
    EmptyKey {
        what: &'static str,
        lo: i64,
        hi: i64,
        #[label("here")]
        span: Span,
    },
    /// Two rows (or two columns) of a draw table sharing a value.
    #[error("the {what} {key} overlaps the {what} {other}")]
    #[diagnostic(code(dice::check::draw_table), help("each value must have one {what}"))]
    KeysOverlap {
        what: &'static str,
        key: String,
        other: String,
        #[label("here")]
        span: Span,
    },
    /// A row of a draw table with more or fewer cells than columns.
    #[error("this row has {cells} cell(s) but the table has {columns} column(s)")]
    #[diagnostic(
        code(dice::check::draw_table),
        help("give one `D`, `S` or `?` per column")
    )]
    RowCells {
        cells: usize,
        columns: usize,
        #[label("here")]
        span: Span,
    },
    /// A draw table with a `?` cell and no `decided by`.
    #[error("the table {table} has a `?` cell but no side deciding it")]
    #[diagnostic(
        code(dice::check::draw_table),
        help("say whose choice it is after the keys: `table {table}({row_key}, {column_key}) decided by BET {{`")
    )]
    Undecided {
        table: String,
        row_key: String,
        column_key: String,
        #[label("here")]
        span: Span,
    },
    /// A draw table `decided by` a bet with no `?` cell.
    #[error("the table {table} is decided by {by} but has no `?` cell")]
    #[diagnostic(
        code(dice::check::draw_table),
        help("mark the cells the side chooses with `?`, or drop `decided by`")
    )]
    NoChoiceCell {
        table: String,
        by: String,
        #[label("here")]
        span: Span,
    },
    /// A draw table with `?` cells looked up as a value, not as the whole
    /// condition of an `if`.
    #[error("the table {table} has `?` cells, so it can only decide an `if`")]
    #[diagnostic(
        code(dice::check::draw_table),
        help("write it as the whole condition: `if {table}(row, column) {{ ... }}`")
    )]
    ChoiceTableValue {
        table: String,
        #[label("here")]
        span: Span,
    },
    /// A payout line of a bet that cannot pay as written.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Payout(#[from] PayoutError),
    /// An `expect` or `claim` line's figure named with the wrong arguments,
    /// or a tolerance after a relation other than `~`.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Figure(#[from] FigureError),
    /// Table rules of a `banking` item that do not fit together.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Banking(#[from] BankingError),
    /// The `with` of an `expect` or `claim` line that names no setting
    /// the file can be checked at. Boxed: its texts would make every
    /// `CheckError` larger.
    #[error(transparent)]
    #[diagnostic(transparent)]
    With(Box<WithError>),
    /// The table a figure of a session holds at (`at seats = N`), or the
    /// figure's arguments, that cannot be. Boxed like `With`.
    #[error(transparent)]
    #[diagnostic(transparent)]
    At(Box<AtError>),
    /// A `check --show` expression that cannot be shown in this file; its
    /// spans point into the expression's text. Boxed like `With`.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Show(Box<ShowFailure>),
    /// A `--show` expression reading a name the round binds only in blocks
    /// that close before any `end` (or the round's last statement) comes.
    #[error("no end of the round sees `{name}`")]
    #[diagnostic(code(dice::check::show_unbound), help("{help}"))]
    Unseen {
        name: String,
        #[label("no `end` sees it")]
        span: Span,
        help: String,
    },
    /// `--show` expressions compiled at so many ends of the round that
    /// together they pass `MAX_SHOW_PARTS` parts.
    #[error("this `--show` is computed at too many ends of the round")]
    #[diagnostic(
        code(dice::check::show_too_large),
        help("the shows, compiled at every end of the round, would take more than {most} parts: show fewer or shorter expressions, or bind the value with `let` and show its name")
    )]
    ShowTooLarge {
        most: usize,
        #[label("its parts at every end pass the bound")]
        span: Span,
    },
    /// A `--set` that is not `NAME=VALUE`.
    #[error("`--set {text}`: expected NAME=VALUE, as in `--set tie_odds=7`")]
    #[diagnostic(code(dice::check::override_form))]
    OverrideForm { text: String },
    /// The same parameter given twice with `--set`.
    #[error("`--set {name}=...` is given twice")]
    #[diagnostic(
        code(dice::check::override_repeated),
        help("give each parameter one value; to see several settings, run once per setting")
    )]
    OverrideRepeated { name: String },
    /// A `--set` list or range that does not make a sweep: a range whose
    /// ends are not whole numbers or come high first, a value listed twice.
    #[error("`--set {text}`: {reason}")]
    #[diagnostic(
        code(dice::check::sweep_form),
        help(
            "sweep a list, `--set tie_odds=5,8,9`, or a range of whole numbers, `--set decks=1..8`"
        )
    )]
    SweepForm { text: String, reason: String },
    /// A sweep of more settings than `--max-settings` allows.
    #[error(
        "the sweep makes {} settings, more than the {max} allowed",
        count.map_or_else(|| "too many".to_string(), |c| c.to_string())
    )]
    #[diagnostic(
        code(dice::check::sweep_too_large),
        help("sweep fewer values, or raise the bound with `--max-settings N`")
    )]
    SweepTooLarge { count: Option<usize>, max: usize },
    /// A list or range given to a command that takes one value per name.
    #[error("`--set {text}`: this command takes one value per parameter")]
    #[diagnostic(
        code(dice::check::sweep_here),
        help("`check` and `compare` sweep lists and ranges; run `play` and `simulate` once per setting")
    )]
    SweepHere { text: String },
    /// `--set NAME=VALUE` naming a parameter that none of the files
    /// checked declares (`check` of several files).
    #[error("`--set {name}=...`: none of the files checked has a parameter `{name}`")]
    #[diagnostic(code(dice::check::unknown_parameter))]
    UnusedOverride {
        name: String,
        #[help]
        help: Option<String>,
    },
    /// `--set NAME=VALUE` naming no parameter of the file.
    #[error("`--set {name}=...`: the game has no parameter `{name}`")]
    #[diagnostic(code(dice::check::unknown_parameter))]
    UnknownOverride {
        name: String,
        #[help]
        help: String,
    },
}

impl From<AtError> for CheckError {
    fn from(e: AtError) -> CheckError {
        CheckError::At(Box::new(e))
    }
}

impl From<WithError> for CheckError {
    fn from(e: WithError) -> CheckError {
        CheckError::With(Box::new(e))
    }
}

/// The error for a name that is not among `known`, with a suggestion.
pub(in crate::check) fn unknown<'a>(
    kind: &'static str,
    name: &crate::ast::Ident,
    known: impl IntoIterator<Item = &'a str>,
) -> CheckError {
    CheckError::Unknown {
        kind,
        name: name.name.clone(),
        span: name.span,
        help: crate::suggest::did_you_mean(&name.name, known)
            .map(|s| format!("did you mean `{s}`?")),
    }
}
