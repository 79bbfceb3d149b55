//! A lone side's choices followed by choices, solved where they stand by
//! backward induction over the states it comes to, each state once.
//!
//! `program::local` finds, before the evaluation, the choices after which
//! nothing is chosen and whose chooser knows the whole state. A player
//! hitting until he stands chooses again after each card; when what he
//! knows (his cards as a multiset, the dealer's up card) still determines
//! the state of the round, each of his situations is one state, and its
//! best option is that of the best rest of the round from the state, later
//! choices solved the same way inside it. Whether each situation is one
//! state is told by the evaluation itself: the first state met in a
//! situation is kept, and a second one stops the evaluation
//! ([`EvalError::NotAlone`]), which then solves the round in sequence form
//! as before (`machine::evaluate_fixed`).
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
    /// The situations, by (decision, what the chooser knows): the step and
    /// state first met there.
    met: FxHashMap<(usize, Known), (usize, State)>,
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

/// What a decision met in a state comes to.
pub(super) enum Met<'t> {
    /// The state was solved before: its best option's ends.
    Solved(usize, &'t [End]),
    /// A new state of a situation not met before: to be solved.
    New,
    /// A second state in a situation: the chooser does not know the whole
    /// state there.
    Another,
}

impl Tree {
    /// What the decision `decision` met at step `pc`, its chooser knowing
    /// `key`, in `state`, comes to (see [`Met`]).
    pub(super) fn meet(&self, decision: usize, pc: usize, key: &[i64], state: &State) -> Met<'_> {
        let id = (pc, SmallVec::from_slice(key), state.clone());
        if let Some(&i) = self.solved.get(&id) {
            return Met::Solved(i, &self.situations[i].ends);
        }
        match self
            .met
            .contains_key(&(decision, SmallVec::from_slice(key)))
        {
            true => Met::Another,
            false => Met::New,
        }
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
    /// index.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn solved(
        &mut self,
        decision: usize,
        pc: usize,
        key: &[i64],
        state: State,
        best: usize,
        ends: Vec<End>,
    ) -> usize {
        let key_small: Known = SmallVec::from_slice(key);
        self.met.insert((decision, key_small), (pc, state.clone()));
        self.finish(Some(decision), pc, key, state, best, ends)
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
        for (s, r) in self.situations.iter().zip(reach) {
            let Some(decision) = s.decision else { continue };
            let key: Known = SmallVec::from_slice(&s.key);
            if let Some(&id) = decisions.local_index.get(&(decision, key)) {
                decisions.local[id].parents = vec![(0, r)];
            }
        }
    }
}
