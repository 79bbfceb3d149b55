//! The checked game: what `check` produces and `eval` runs.
//!
//! Names are resolved to indices, every expression is typed, and the round
//! is compiled to a flat list of instructions with jumps. `live_in[pc]` says
//! which slots hold a value still needed at `pc`; the evaluator clears the
//! others, so that states differing only in dead values merge.

use std::borrow::Cow;

use serde::Serialize;

use crate::ast::Span;
mod assertions;
mod banking;
pub mod builtin;
pub mod card;
pub mod hands;
pub mod liveness;
pub mod local;
pub mod poker;
mod round;
pub mod suits;
pub mod together;

pub use assertions::{Assertion, Figure, SessionTable, ShoeDeal};
pub use banking::{Bank, Banking, BankruptBanker, Chips, Limit, Stake};
pub use hands::{OtherHand, Split};
pub use round::{Arith, Cmp, Draw, Expr, ExprKind, Instr, Pat, Projection, Throw};

use crate::number::Exact;

/// A game ready to evaluate or play.
#[derive(Clone, Debug)]
pub struct Program {
    pub name: String,
    pub params: Vec<Param>,
    pub outcomes: Vec<Named>,
    pub hands: Option<HandTable>,
    pub tables: Vec<DrawTable>,
    pub shoes: Vec<Shoe>,
    pub slots: Vec<Named>,
    pub code: Vec<Instr>,
    /// For each instruction, the slots live on entry to it.
    pub live_in: Vec<SlotSet>,
    /// For each instruction, the slots live on entry to it were nothing
    /// shown: `live_in` less what only `check --show` reads (the shows
    /// never change how a round is played). Empty without shows, where it
    /// is `live_in`.
    pub live_unshown: Vec<SlotSet>,
    /// Slots the round reads only as the face of counts of throws (`face`
    /// in `count(t, face)`), with no other name: two values of such a slot
    /// under which every throw reading it is observed alike lead to the same
    /// round (see `check::projection`).
    pub interchangeable: SlotSet,
    pub bets: Vec<Bet>,
    /// The round's announced choice, if it has one.
    pub choice: Option<Choice>,
    /// The choices made during the round (empty with an announced choice).
    pub decisions: Vec<Decision>,
    /// The sides that make `decisions`, at most two.
    pub sides: Vec<ChoosingSide>,
    /// The names bets are settled on, recorded when a round ends.
    pub finals: Vec<Final>,
    pub expects: Vec<Assertion>,
    pub claims: Vec<Assertion>,
    /// The game at each setting some `expect` or `claim` lines name with
    /// `with`, other than the one checked here; an [`Assertion::setting`]
    /// indexes it. Empty in a pinned game itself.
    pub pinned: Vec<Pinned>,
    /// The table rules `play` runs the game by.
    pub banking: Banking,
    pub round_span: Span,
    /// Where each statement and branch of the round was compiled.
    pub source_map: SourceMap,
    /// Each `turn up`: before the instruction at the first index, a table
    /// shows the hand dealt face down into the slot at the second.
    pub turn_ups: Vec<(usize, usize)>,
    /// The round's `split`, if it has one (see [`hands`]).
    pub split: Option<Split>,
    /// Where the round splits: the round with its hands played in turn,
    /// made once it is asked for ([`Program::played`]).
    pub played: std::sync::OnceLock<Box<Program>>,
    /// Whether the round is symmetric in the suits where a lowering pass
    /// rewrote its reads of suits past what [`suits::symmetric`] can follow
    /// (and found it on the round as written); `None`: read off the code.
    pub symmetric_suits: Option<bool>,
}

/// Where the compiled round comes from, for findings that point at the
/// source (`lint`): the step each statement starts at and the branch of
/// each `if` and `compare`. A statement inside a `repeat` is compiled once
/// per pass, so it appears once per pass, in order.
#[derive(Clone, Debug, Default)]
pub struct SourceMap {
    /// Each statement, by its span, and the step it starts at; a statement
    /// compiled to no step (an empty `repeat`) is left out.
    pub stmts: Vec<(Span, usize)>,
    /// Each `if` and `else if`, by the span of its statement (from its
    /// `if`), and its branch step.
    pub ifs: Vec<(Span, usize)>,
    /// Each `compare`, by its span, and its two branch steps: the test for
    /// `higher`, then the test for `equal` (which `lower` fails).
    pub compares: Vec<(Span, usize, usize)>,
}

#[derive(Clone, Debug)]
pub struct Named {
    pub name: String,
    pub span: Span,
}

/// A parameter with the value in force (its default or a `--set`).
#[derive(Clone, Debug, Serialize)]
pub struct Param {
    pub name: String,
    /// The value in force; zero when `infinite`.
    pub value: Exact,
    /// The value the file gives it.
    pub default: Exact,
    /// Set to `infinite`, which only a shoe's deck count may be.
    pub infinite: bool,
    pub overridden: bool,
    #[serde(skip)]
    pub span: Span,
}

impl Param {
    /// Whether the value in force differs from the file's (a `--set` of
    /// the value the file gives changes nothing).
    pub fn changed(&self) -> bool {
        self.infinite || self.value != self.default
    }

    /// The value in force, as `--set` takes it.
    pub fn setting(&self) -> Setting {
        if self.infinite {
            Setting::Infinite
        } else {
            Setting::Number(self.value.clone())
        }
    }
}

/// A game checked at the setting of some `with` lines: the parameters that
/// setting gives other values than the run's, and the game at it.
#[derive(Clone, Debug)]
pub struct Pinned {
    /// Each parameter whose value differs from the run's, with its value,
    /// by name.
    pub settings: Vec<(String, Setting)>,
    /// The game checked at this setting (its own `pinned` empty).
    pub program: Program,
}

/// Why a game has not the one finite shoe that whole shoes are dealt
/// from (`dicerules shoe`, `shoe_margin`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotOneShoe {
    /// The game has no shoe.
    NoShoe,
    /// Its one shoe is infinite.
    Infinite,
    /// It has several (the second is `shoes[1]`).
    Several,
}

impl Program {
    /// The index of the game's one shoe, where it has one and it is finite.
    pub fn one_finite_shoe(&self) -> Result<usize, NotOneShoe> {
        match self.shoes.as_slice() {
            [] => Err(NotOneShoe::NoShoe),
            [shoe] if shoe.decks.is_none() => Err(NotOneShoe::Infinite),
            [_] => Ok(0),
            _ => Err(NotOneShoe::Several),
        }
    }

    /// Whether each seat plays a run of the round of its own at a table
    /// (a `draw` or a `throw ... for each seat`): its other throws and
    /// draws are then the table's, made once and shared by every run.
    pub fn runs_for_each_seat(&self) -> bool {
        self.hands_for_each_seat() || self.throws_for_each_seat()
    }

    /// Whether every seat throws dice of its own at a table (`throw ...
    /// for each seat`).
    pub fn throws_for_each_seat(&self) -> bool {
        self.code.iter().any(|i| {
            matches!(
                i,
                Instr::Throw(Throw {
                    for_each_seat: true,
                    ..
                })
            )
        })
    }

    /// Whether a table deals each seat a hand of its own (`draw ... for
    /// each seat`).
    pub fn hands_for_each_seat(&self) -> bool {
        self.code.iter().any(|i| {
            matches!(
                i,
                Instr::Draw(Draw {
                    for_each_seat: true,
                    ..
                })
            )
        })
    }

    /// Where a jump to each step lands, past any jumps there. Jumps go
    /// forward only (the checker emits no other), so following them from
    /// the end resolves chains; a jump that does not go forward is left
    /// where it is.
    pub fn landings(&self) -> Vec<usize> {
        let mut landing: Vec<usize> = (0..self.code.len()).collect();
        for pc in (0..self.code.len()).rev() {
            if let Instr::Jump(target) = self.code[pc] {
                if target > pc {
                    landing[pc] = landing.get(target).copied().unwrap_or(target);
                }
            }
        }
        landing
    }

    /// Whether a jump or a branch goes to each step: where a run of steps
    /// right after one another may be entered other than from its first.
    pub fn jumped_to(&self) -> Vec<bool> {
        let mut jumped = vec![false; self.code.len()];
        for target in self.code.iter().filter_map(Instr::jumps_to) {
            if let Some(j) = jumped.get_mut(target) {
                *j = true;
            }
        }
        jumped
    }

    /// Whether one step only, wherever the round goes, writes `slot`.
    pub fn written_once(&self, slot: usize) -> bool {
        (self.code.iter())
            .filter(|i| i.writes().contains(&slot))
            .count()
            == 1
    }

    /// Where the round goes after each step, past jumps.
    pub fn nexts(&self, landing: &[usize]) -> Vec<usize> {
        (0..self.code.len())
            .map(|pc| landing.get(pc + 1).copied().unwrap_or(pc + 1))
            .collect()
    }

    /// Whether some bet is settled on the outcome, so that every round must
    /// end with one.
    pub fn settles_on_outcomes(&self) -> bool {
        self.bets
            .iter()
            .any(|b| matches!(b.settle, Settle::Outcomes(_)))
    }

    /// The closing brace of the round, where a round without `end` stops.
    pub fn round_close(&self) -> Span {
        Span::new(self.round_span.end.saturating_sub(1), self.round_span.end)
    }
}

/// A hand table resolved: every combination to its hand.
#[derive(Clone, Debug)]
pub struct HandTable {
    pub name: String,
    pub suits: Vec<String>,
    pub hands: Vec<Hand>,
    /// Sorted faces to hand index.
    pub combos: std::collections::BTreeMap<Vec<u32>, usize>,
    /// How many faces each combination has.
    pub dice: usize,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Hand {
    pub name: String,
    pub suit: usize,
    /// Larger is better: the last hand of a suit has rank 1.
    pub rank: i64,
    pub span: Span,
}

/// A draw table: `draws(row, column)` is true when the cell says D.
#[derive(Clone, Debug)]
pub struct DrawTable {
    pub name: String,
    pub columns: Vec<(i64, i64)>,
    pub rows: Vec<((i64, i64), Vec<Cell>)>,
    /// The names of the row and column keys, as the header writes them.
    pub keys: (String, String),
    /// `decided by BET`: the bet whose bettor picks in the `?` cells.
    pub decided_by: Option<Named>,
    pub span: Span,
}

/// A cell of a draw table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Draw,
    Stand,
    /// `?`: the deciding side draws or stands.
    Choice,
}

impl DrawTable {
    /// Whether some cell is a choice.
    pub fn has_choices(&self) -> bool {
        self.rows
            .iter()
            .any(|(_, cells)| cells.contains(&Cell::Choice))
    }

    /// The cell for (row, column), or `None` when no row or column holds it.
    pub fn lookup(&self, row: i64, column: i64) -> Option<Cell> {
        let col = self
            .columns
            .iter()
            .position(|&(lo, hi)| lo <= column && column <= hi)?;
        let (_, cells) = self
            .rows
            .iter()
            .find(|((lo, hi), _)| *lo <= row && row <= *hi)?;
        cells.get(col).copied()
    }
}

/// A set of slots, as a bit set.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlotSet(pub Vec<u64>);

impl SlotSet {
    pub fn with_capacity(slots: usize) -> Self {
        SlotSet(vec![0; slots.div_ceil(64)])
    }
    pub fn insert(&mut self, slot: usize) {
        self.0[slot / 64] |= 1 << (slot % 64);
    }
    pub fn remove(&mut self, slot: usize) {
        self.0[slot / 64] &= !(1 << (slot % 64));
    }
    pub fn contains(&self, slot: usize) -> bool {
        self.0[slot / 64] & (1 << (slot % 64)) != 0
    }
    /// Adds `other`; returns whether anything was new.
    pub fn union_with(&mut self, other: &SlotSet) -> bool {
        let mut changed = false;
        for (a, b) in self.0.iter_mut().zip(&other.0) {
            let next = *a | *b;
            changed |= next != *a;
            *a = next;
        }
        changed
    }
}

/// A value given with `--set NAME=VALUE`; it lives in [`crate::ast`].
pub use crate::ast::Setting;

/// A shoe of standard 52-card decks, each card worth a value.
#[derive(Clone, Debug)]
pub struct Shoe {
    pub name: String,
    /// `None`: the infinite shoe, every card dealt independently with the
    /// frequencies of one deck.
    pub decks: Option<u32>,
    /// The value of each rank, the ace first (see [`card::RANKS`]).
    pub ranks: [u32; 13],
    /// `aces high`: `rank` gives an ace 14, not 1.
    pub aces_high: bool,
    /// The cards of each rank taken out before the round (`--removed`),
    /// the ace first: the round is dealt from the shoe less these. Only a
    /// finite shoe has any ([`Shoe::remove`]).
    pub removed: [u32; 13],
    /// The kinds of card the round tells apart, ascending by value (see
    /// [`Shoe::tell_apart`]): a hand is a multiset of kinds.
    pub kinds: Vec<card::Kind>,
    pub span: Span,
}

/// A bet and how it is settled.
#[derive(Clone, Debug)]
pub struct Bet {
    pub name: String,
    pub span: Span,
    pub settle: Settle,
    /// `staking wager`: the index into [`Program::finals`] of the name
    /// holding what a round stakes, per unit put down before it.
    pub staking: Option<usize>,
    /// In a round that splits: where an end's values give the other
    /// hand's settlement ([`Program::other_hand`]), which the bet settles
    /// too.
    pub other_hand_at: Option<usize>,
}

impl Bet {
    /// The net of every payout line, in order; none for a bet that `pays`
    /// a name (its nets are its values: [`Bet::pays`]).
    pub fn nets(&self) -> impl Iterator<Item = &Exact> {
        let (outcomes, lines) = match &self.settle {
            Settle::Outcomes(pays) => (&pays[..], &[][..]),
            Settle::Value { .. } if self.pays().is_some() => (&[][..], &[][..]),
            Settle::Value { lines, .. } => (&[][..], &lines[..]),
        };
        outcomes
            .iter()
            .map(|p| &p.net)
            .chain(lines.iter().map(|(_, p)| &p.net))
    }

    /// For a bet that `pays` a name, the index into [`Program::finals`] of
    /// that name.
    pub fn pays(&self) -> Option<usize> {
        match &self.settle {
            Settle::Value { final_index, lines } if matches!(lines[..], [(ValueMatch::Net, _)]) => {
                Some(*final_index)
            }
            _ => None,
        }
    }

    /// What the bet pays at an end: its outcome and final values, and
    /// where the round split, what it pays the other hand too (the sum,
    /// labelled with both).
    pub fn payout(
        &self,
        outcome: Option<usize>,
        values: &[Option<i64>],
    ) -> Option<Cow<'_, Payout>> {
        let own = self.hand_payout(outcome, values)?;
        let other_hand = self
            .other_hand_at
            .and_then(|at| hands::other_at(values, at));
        let Some((other_outcome, other_values)) = other_hand else {
            return Some(own);
        };
        let other = self.hand_payout(other_outcome, other_values)?;
        // The hands in one order, whichever ended first.
        let (first, second) = match (&own.net, &own.label) >= (&other.net, &other.label) {
            true => (&own, &other),
            false => (&other, &own),
        };
        Some(Cow::Owned(Payout {
            net: &own.net + &other.net,
            label: format!("{} and {}", first.label, second.label),
        }))
    }

    /// What the bet pays one hand: its outcome and final values.
    fn hand_payout(
        &self,
        outcome: Option<usize>,
        values: &[Option<i64>],
    ) -> Option<Cow<'_, Payout>> {
        match &self.settle {
            Settle::Outcomes(pays) => pays.get(outcome?).map(Cow::Borrowed),
            Settle::Value { final_index, lines } => {
                let v = (*values.get(*final_index)?)?;
                Some(Self::line_payout(lines, v)?)
            }
        }
    }

    /// What a bet on a value pays for the value `v`, if it is one of its
    /// values (the first line that takes it).
    pub fn value_payout(&self, v: i64) -> Option<Cow<'_, Payout>> {
        match &self.settle {
            Settle::Outcomes(_) => None,
            Settle::Value { lines, .. } => Self::line_payout(lines, v),
        }
    }

    /// The payout of the first of `lines` that takes `v`: its own, or for
    /// the line of a bet that `pays` a name, `v`'s.
    fn line_payout(lines: &[(ValueMatch, Payout)], v: i64) -> Option<Cow<'_, Payout>> {
        match lines.iter().find(|(m, _)| m.matches(v))? {
            (ValueMatch::Net, _) => Some(Cow::Owned(Payout::of_net(v))),
            (_, pay) => Some(Cow::Borrowed(pay)),
        }
    }
}

/// What a bet is settled on.
#[derive(Clone, Debug)]
pub enum Settle {
    /// The round's outcome: the payout of each, indexed by outcome.
    Outcomes(Vec<Payout>),
    /// The final value of a name (`Program::finals[final_index]`): the
    /// payout of the first line that matches. A bet that `pays` the name
    /// has the one line [`ValueMatch::Net`].
    Value {
        final_index: usize,
        lines: Vec<(ValueMatch, Payout)>,
    },
}

/// Which final values a payout line takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueMatch {
    Key(crate::ast::ValueKey),
    /// `[3, 4, 9..11]`: any of the keys.
    Set(Vec<crate::ast::ValueKey>),
    Else,
    /// `bet ride pays net`: every value, the bettor's net in stakes. The
    /// line's payout is computed from the value ([`Payout::of_net`], read
    /// through [`Bet::payout`] and [`Bet::value_payout`]); the one written
    /// beside it only names the line (`pays net`).
    Net,
}

impl ValueMatch {
    pub fn matches(&self, v: i64) -> bool {
        match self {
            ValueMatch::Key(k) => k.matches(v),
            ValueMatch::Set(keys) => keys.iter().any(|k| k.matches(v)),
            ValueMatch::Else | ValueMatch::Net => true,
        }
    }
}

/// `choose face from 1..6 by player`, made before anything is thrown.
#[derive(Clone, Debug)]
pub struct Choice {
    pub name: String,
    /// The side that chooses.
    pub by: String,
    pub slot: usize,
    pub options: Vec<i64>,
    pub span: Span,
}

/// A value recorded when the round ends: a name some bet is settled on
/// (or a `mean` figure names), or an expression `check --show` asks for.
#[derive(Clone, Debug)]
pub struct Final {
    /// The name, or the `--show` expression as written.
    pub name: String,
    pub slot: usize,
    /// Where a bet names it (`on score`); for a `--show` expression, where
    /// it is in the expression's own text.
    pub span: Span,
    /// Whether `--show` asked for its distribution.
    pub shown: Shown,
    /// What its values are.
    pub kind: ValueKind,
}

/// Whether `check --show` asked for a final value, and whether anything
/// else reads it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shown {
    /// No: a bet is settled on it, or a `mean` figure names it.
    #[default]
    No,
    /// Asked for, and a bet or figure reads it too.
    Also,
    /// Asked for only: the round records it for the show alone.
    Only,
}

/// What the values of a [`Final`] are, for the report to read them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ValueKind {
    /// Numbers.
    #[default]
    Number,
    /// A condition: 1 where it holds, 0 where it does not.
    Condition,
    /// The total of a throw or, `hand`, of a hand of cards, shown for the
    /// throw or hand named alone (`--show banker`).
    Total { hand: bool },
    /// A choice among labels: the index of the label chosen, from 0.
    Labels(Vec<String>),
}

/// A settlement: the bettor's net result per unit staked, and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Payout {
    pub net: Exact,
    pub label: String,
}

impl Payout {
    /// The settlement of a net of `v` stakes, labelled as its pay line
    /// would be written: `win 24 to 1`, `push`, `lose`, `lose 3`. The one
    /// meaning of `bet NAME pays VALUE`, for every engine.
    pub fn of_net(v: i64) -> Payout {
        let label = match v {
            0 => "push".to_string(),
            -1 => "lose".to_string(),
            v if v < 0 => format!("lose {}", v.unsigned_abs()),
            v => format!("win {v} to 1"),
        };
        Payout {
            net: Exact::int(v),
            label,
        }
    }
}

/// A choice made during the round: a `choose` statement, or a call of a
/// draw table with `?` cells.
#[derive(Clone, Debug)]
pub struct Decision {
    /// The chosen name, or the table's.
    pub name: String,
    /// Index into `Program::sides`.
    pub side: usize,
    /// The options' labels, as the file writes them.
    pub options: Vec<String>,
    /// The value each option binds (a number, or a label's index); a table
    /// cell binds true for its first option, draw.
    pub values: Vec<i64>,
    /// The names of what the chooser sees, in the order of the key.
    pub knowing: Vec<String>,
    /// For each of `knowing`, the shoe of a known hand of cards, whose key
    /// is its cards ([`Shoe::hand_key`]); `None` for a value.
    pub hands: Vec<Option<usize>>,
    /// For each of `knowing`, how many of the step's slots it reads: one,
    /// or for hands joined with `+` (`mine + board`, seen as one hand), as
    /// many as are joined.
    pub members: Vec<usize>,
    /// `from faces(T)`: the name of `T`. The decision's last `knowing` slot
    /// then holds the mask of the faces shown (never in `knowing`'s names);
    /// the key is the known values followed by those faces, ascending, and
    /// the options there are those faces alone ([`Decision::offered`]).
    pub faces: Option<String>,
    pub span: Span,
}

impl Decision {
    /// The key of an information set from the values read at the
    /// decision's `knowing` slots, in place: for a choice among the faces
    /// shown, the mask read last becomes those faces, ascending.
    pub fn expand_key<A: smallvec::Array<Item = i64>>(&self, key: &mut smallvec::SmallVec<A>) {
        if self.faces.is_some() {
            let mask = key.pop().unwrap_or(0);
            key.extend(builtin::mask_faces(mask));
        }
    }

    /// The options (indices into `values`) offered where the chooser knows
    /// `key`: every option, or for a choice among the faces shown, the
    /// faces listed after the known values.
    pub fn offered<'a>(&'a self, key: &'a [i64]) -> impl Iterator<Item = usize> + 'a {
        let shown = key.get(self.knowing.len()..).unwrap_or(&[]);
        (0..self.values.len())
            .filter(move |&i| self.faces.is_none() || shown.contains(&self.values[i]))
    }
}

/// The bettor of a bet, choosing to raise its expected value.
#[derive(Clone, Debug)]
pub struct ChoosingSide {
    /// Index into `Program::bets`.
    pub bet: usize,
    /// The hidden slot holding the side's last choice (its sequence), which
    /// the evaluator keeps until the round ends.
    pub slot: usize,
}
