//! A lone side's choices followed by choices, solved where they stand by
//! backward induction over the states it comes to, each state once.
//!
//! `program::local` finds, before the evaluation, the choices after which
//! nothing is chosen and whose chooser knows the whole state. A player
//! hitting until he stands chooses again after each card; when what he
//! knows (his cards as a multiset, the dealer's up card) still determines
//! the state of the round, each of his situations is one state, and its
//! best option is that of the best rest of the round from the state, later
//! choices solved the same way inside it. Where a situation holds several
//! states (blackjack from an infinite deck meets a hard 15 in the pass of
//! the loop after one hit and in that after two: the same state at another
//! step), each is solved where it stands, and they must agree: the same
//! best option in each, and where the situation's options are listed with
//! their values, the same values. The best play knowing everything is then
//! a play of what the chooser knows, so no play of what he knows does
//! better, and the figures are the sequence form's. Where two disagree
//! the evaluation stops ([`EvalError::NotAlone`]) and solves the round in
//! sequence form as before (`machine::evaluate_fixed`).
//!
//! Each state is solved once: its best option's ends, from a state of
//! weight one, are remembered by (step, what the chooser knows, the state),
//! and a state met again, after other cards in another order or inside
//! another option's rest, adds them times its chance. The cards dealt
//! between the first choice and the last, and the first after a choice,
//! are dealt so too, each state waiting there alone and once
//! ([`deals_here`]; not where its states are rarely met again, judged on
//! the first 4,096): the dealer's draws from a hand come to in several ways
//! are dealt once (6 decks: 8.3 s to 5.2 s), and where a chart written as
//! tables plays instead of the choices (blackjack's `basic_strategy = 1`),
//! its weights stay those of one deal, not of the whole round: 6 decks are
//! dealt within the default bounds, where the round dealt as a whole
//! passed the bound of work (and needed four times the states to finish).
//!
//! The chance of coming to each situation under the solved strategy, which
//! the report gives, is found once the evaluation is over: each situation
//! records the chance of coming to it from the round's start and from each
//! option of each situation whose rest comes to it, and the chances flow
//! from the first situations to the later ones along the options taken.

use std::collections::hash_map::Entry;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::decisions::{Decisions, State};
use super::ends::End;
use crate::eval::weight::{Factor, Memo, Weight};
use crate::program::{Instr, Program};

/// Whether a round's choices are first solved by backward induction over
/// its states: on the fast paths, where one side chooses, every choice is
/// a `choose` during the round (no `?` cell), and some choice is followed
/// by another (a choice followed by none is solved where it stands by
/// `program::local` when it can be, and is bounded as such).
pub(super) fn applies(program: &Program) -> bool {
    if !crate::eval::fast_paths() || program.sides.len() != 1 || program.decisions.is_empty() {
        return false;
    }
    let decides = |i: &Instr| matches!(i, Instr::Decide { .. });
    let cells = program.code.iter().any(|i| matches!(i, Instr::Cell { .. }));
    let first = program.code.iter().position(decides);
    let followed = first.is_some_and(|pc| program.code[pc + 1..].iter().any(decides));
    !cells && followed
}

/// What a chooser knows in a situation (empty at a draw).
type Known = SmallVec<[i64; 4]>;

/// The situations of a round solved by backward induction (see the module).
#[derive(Default)]
pub(super) struct Tree {
    /// Each state solved, by (step, what the chooser knows, the state): its
    /// situation's index in `situations`.
    solved: FxHashMap<(usize, Known, State), usize>,
    /// The situations, by (decision, what the chooser knows): the best
    /// option of the first of its states solved.
    met: FxHashMap<(usize, Known), usize>,
    /// The situations solved, each after every situation its options'
    /// rests come to (in the order they are solved).
    situations: Vec<Solved>,
    /// The situations being solved, innermost last: the option being run
    /// and the situations its rest has come to so far.
    solving: Vec<Frame>,
    /// What is remembered: each situation's ends and the situations its
    /// options' rests come to, one each (see [`Tree::remembered`]).
    remembered: usize,
    /// At each draw of [`deals_here`], the states met there and how many
    /// were met before; `None` once judged rarely met again: its states
    /// then wait there as any others (a poker game's last card, each hand
    /// its own).
    trials: FxHashMap<usize, Option<(u32, u32)>>,
}

/// States met at a draw of [`deals_here`] after which how often they are
/// met again is judged: under a quarter, they are no longer dealt alone.
const TRIAL: u32 = 4096;

/// The draws where each state is dealt alone with its rest of the round and
/// remembered: those between a round's first choice and its last (in the
/// order of its steps: a player's card between two of his choices, whatever
/// plays them, a chart written as tables as well as his choices), and the
/// first draw after a choice on any way from it (the dealer's second card
/// after the player's play: a hand come to by cards in other orders, or by
/// a hit and by a double, is dealt to the dealer once). `next` and
/// `landing` say where each step goes (see [`crate::eval::round::Code`]).
pub(super) fn deals_here(program: &Program, next: &[usize], landing: &[usize]) -> Vec<bool> {
    let decides = |i: &Instr| matches!(i, Instr::Decide { .. });
    let first = program.code.iter().position(decides);
    let last = program.code.iter().rposition(decides);
    let mut here: Vec<bool> = (program.code.iter().enumerate())
        .map(|(pc, i)| {
            i.as_draw().is_some() && first.is_some_and(|f| f < pc) && last.is_some_and(|l| pc < l)
        })
        .collect();
    let steps = program.code.len();
    let mut seen = vec![false; steps];
    let mut todo: Vec<usize> = (0..steps)
        .filter(|&pc| decides(&program.code[pc]))
        .map(|pc| next[pc])
        .collect();
    while let Some(pc) = todo.pop() {
        if pc >= steps || std::mem::replace(&mut seen[pc], true) {
            continue;
        }
        let instr = &program.code[pc];
        if instr.waits() || instr.ends() {
            here[pc] |= instr.as_draw().is_some();
            continue;
        }
        todo.push(next[pc]);
        if let Some(target) = instr.jumps_to() {
            todo.push(landing[target]);
        }
    }
    here
}

/// A situation solved, or a state dealt alone at a draw (`decision`
/// `None`: its one option always taken).
struct Solved {
    decision: Option<usize>,
    key: Vec<i64>,
    /// The option taken, by its index among those offered.
    best: usize,
    /// The best option's ends from the state, of weight one.
    ends: Vec<End>,
    /// The chance of coming here straight from the round's start.
    start: Weight,
    /// The situations the options' rests come to: (the later situation,
    /// the option, the chance of coming there in that rest).
    to: Vec<(usize, usize, Weight)>,
}

/// A situation being solved: the option whose rest is being run, and the
/// situations that rest came to, with their chances.
struct Frame {
    option: usize,
    came: Vec<(usize, usize, Weight)>,
}

/// How a state of a situation, solved, stands with the situation's other
/// states solved before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Agreed {
    /// The situation's first state.
    First,
    /// Another state (or step) of a situation met before, with the same
    /// best option.
    Again,
    /// Another state whose best option is not the first's: the chooser
    /// forgets something that matters there.
    Disagrees,
}

impl Tree {
    /// The state met at step `pc`, its chooser knowing `key`, solved
    /// before: its index and its best option's ends; `None` when it is to
    /// be solved.
    pub(super) fn meet(&self, pc: usize, key: &[i64], state: &State) -> Option<(usize, &[End])> {
        let id = (pc, SmallVec::from_slice(key), state.clone());
        let &i = self.solved.get(&id)?;
        Some((i, &self.situations[i].ends))
    }

    /// The ends, from a state of weight one, of `state` dealt alone at the
    /// draw at `pc` before, with its index.
    pub(super) fn dealt(&mut self, pc: usize, state: &State) -> Option<(usize, &[End])> {
        let found = self
            .solved
            .get(&(pc, SmallVec::new(), state.clone()))
            .copied();
        let trial = self.trials.entry(pc).or_insert(Some((0, 0)));
        if let Some((met, again)) = trial {
            *met += 1;
            *again += u32::from(found.is_some());
            if *met == TRIAL && *again < TRIAL / 4 {
                *trial = None;
            }
        }
        let i = found?;
        Some((i, &self.situations[i].ends))
    }

    /// Whether states waiting at the draw at `pc` (one of [`deals_here`])
    /// are still dealt alone: not once they have been judged rarely met
    /// again.
    pub(super) fn deals_alone(&self, pc: usize) -> bool {
        !matches!(self.trials.get(&pc), Some(None))
    }

    /// The state `state` waiting at the draw at `pc` is dealt alone: its
    /// ends from weight one are `ends`. Its index.
    pub(super) fn solved_deal(&mut self, pc: usize, state: State, ends: Vec<End>) -> usize {
        self.finish(None, pc, &[], state, 0, ends)
    }

    /// A situation starts being solved: its options' rests are run in turn.
    pub(super) fn begin(&mut self) {
        self.solving.push(Frame {
            option: 0,
            came: Vec::new(),
        });
    }

    /// The rest of the option `option` of the situation being solved runs.
    pub(super) fn option(&mut self, option: usize) {
        if let Some(frame) = self.solving.last_mut() {
            frame.option = option;
        }
    }

    /// The situation being solved is solved: met at step `pc` in `state`,
    /// its best option `best`, whose ends from the state are `ends`. Its
    /// index, and how it stands with the situation's other states.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn solved(
        &mut self,
        decision: usize,
        pc: usize,
        key: &[i64],
        state: State,
        best: usize,
        ends: Vec<End>,
    ) -> (usize, Agreed) {
        let agreed = match self.met.entry((decision, SmallVec::from_slice(key))) {
            Entry::Vacant(e) => {
                e.insert(best);
                Agreed::First
            }
            Entry::Occupied(e) if *e.get() == best => Agreed::Again,
            Entry::Occupied(_) => Agreed::Disagrees,
        };
        (
            self.finish(Some(decision), pc, key, state, best, ends),
            agreed,
        )
    }

    /// The situation being solved, or the state being dealt alone
    /// (`decision` `None`), is solved: remembered by (step, what the chooser
    /// knows, the state), after every situation its rests came to. Its
    /// index.
    fn finish(
        &mut self,
        decision: Option<usize>,
        pc: usize,
        key: &[i64],
        state: State,
        best: usize,
        ends: Vec<End>,
    ) -> usize {
        let frame = self.solving.pop().unwrap_or(Frame {
            option: 0,
            came: Vec::new(),
        });
        let i = self.situations.len();
        self.remembered += 1 + ends.len() + frame.came.len();
        self.solved
            .insert((pc, SmallVec::from_slice(key), state), i);
        self.situations.push(Solved {
            decision,
            key: key.to_vec(),
            best,
            ends,
            start: Weight::zero(),
            to: frame.came,
        });
        i
    }

    /// How much is remembered: each situation, each of its best option's
    /// ends and each situation its options' rests come to count one
    /// (bounded by `--max-states`: `machine::run::REMEMBERED_PER_STATE`).
    pub(super) fn remembered(&self) -> usize {
        self.remembered
    }

    /// The situation `i` is come to with chance `chance`: from the round's
    /// start, or in the rest of an option being run.
    pub(super) fn came(&mut self, i: usize, chance: Weight) {
        match self.solving.last_mut() {
            Some(frame) => frame.came.push((i, frame.option, chance)),
            None => self.situations[i].start.add(&chance),
        }
    }

    /// The chance of coming to each situation under the strategy solved,
    /// written into the situations the decisions list (their chance by the
    /// side's empty sequence: nothing is taken in sequence form).
    pub(super) fn reach(self, decisions: &mut Decisions, memo: &mut Memo) {
        let n = self.situations.len();
        let mut reach: Vec<Weight> = self.situations.iter().map(|s| s.start.clone()).collect();
        // A situation is solved after every situation its options' rests
        // come to: the later in that order come first in the round.
        for i in (0..n).rev() {
            let here = reach[i].clone();
            if here.is_zero() {
                continue;
            }
            let s = &self.situations[i];
            for (later, _, chance) in s.to.iter().filter(|(_, o, _)| *o == s.best) {
                let factor: Factor = chance.as_factor();
                reach[*later].add_product(&here, &factor, memo);
            }
        }
        // A situation's states (or steps) each add their chance.
        let mut listed: FxHashMap<usize, Weight> = FxHashMap::default();
        for (s, r) in self.situations.iter().zip(reach) {
            let Some(decision) = s.decision else { continue };
            let key: Known = SmallVec::from_slice(&s.key);
            if let Some(&id) = decisions.local_index.get(&(decision, key)) {
                listed.entry(id).or_insert_with(Weight::zero).add(&r);
            }
        }
        for (id, r) in listed {
            decisions.local[id].parents = vec![(0, r)];
        }
    }
}
