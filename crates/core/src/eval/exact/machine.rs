//! The machine that runs a round's states exactly: from throw to throw,
//! merging the states waiting at each.

mod fuse;
mod run;

use std::sync::Arc;

use num_bigint::BigUint;
use num_traits::Zero;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::ends::{check_settled, Ends};
use super::linear::Linear;
use super::paths::Paths;
use super::{Decisions, Distribution, Limits, WORK_PER_STATE};
use crate::ast::Span;
use crate::eval::coverage::Coverage;
use crate::eval::frontier::Waiting;
use crate::eval::observe::{Dealt, Dice, ThrowResult, Throws};
use crate::eval::round::Code;
use crate::eval::value::{Env, Value};
use crate::eval::weight::{Factor, Memo, Weight};
use crate::eval::EvalError;
use crate::program::{Draw, Program};

struct Machine<'p> {
    program: &'p Program,
    /// The round's meaning (`eval::round`), compiled once.
    code: &'p Code<'p>,
    /// Every throw's results, shared with the other options of a choice.
    throws: Throws,
    /// The value of the round's choice in this evaluation.
    option: Option<i64>,
    /// The states waiting at each throw, by position. The round only jumps
    /// forward, so a throw's states are all there when its turn comes.
    frontier: Vec<Waiting>,
    /// The frontiers of the runs of [`Machine::run_alone`] ended, emptied,
    /// for the next.
    alone: Vec<Vec<Waiting>>,
    /// How many runs of [`Machine::run_alone`] are under way, one inside
    /// another: inside one, a shoe's last card is dealt without summing
    /// states (`linear` is for the evaluation as a whole).
    depth: usize,
    /// The slots live at each position, in order: a waiting state keeps
    /// only their values, so that it is small to hash and to compare.
    live: Vec<Vec<usize>>,
    /// For each draw after which its shoe's dealt cards are dead (its last
    /// draw on every path): the positions, among the values live at the
    /// draw, of those still live after it, which are all but the dealt
    /// cards (a draw reads nothing else). States alike in those are dealt
    /// as one (see [`Machine::deal_merged`]).
    forgets: Vec<Option<Vec<usize>>>,
    /// The live values of a state being pushed, a buffer reused.
    key: Vec<Value>,
    /// The hands of the draw being dealt, a buffer reused.
    deals: Vec<Dealt>,
    /// The runs of counting throws thrown as one, at their first throw
    /// (see [`fuse`]).
    fused: Vec<Option<fuse::Run>>,
    /// Whether any slot is interchangeable (see [`Machine::set`]).
    interchangeable: bool,
    /// The position being thrown, once throwing has begun: states may only
    /// wait further on.
    current: Option<usize>,
    alive: usize,
    peak: usize,
    /// The steps taken so far, by this evaluation and those of the
    /// choice's other options (see [`WORK_PER_STATE`]).
    work: u64,
    limits: Limits,
    memo: Memo,
    decisions: Decisions,
    /// What the evaluation reaches, when asked for.
    coverage: Option<Box<Coverage>>,
    /// The steps between throws, remembered by what they read.
    paths: Paths,
    /// For each draw of a shoe's last card, its states summed as they
    /// arrive (see [`Linear`]).
    linear: Vec<Option<Linear>>,
    /// In a round symmetric in the suits, the renaming of each state to a
    /// canonical one (see [`suits`](super::suits)).
    renaming: Option<super::suits::Renaming>,
    /// A state renamed, a buffer reused.
    renamed: Vec<Value>,
    /// Where the round reads hands only joined, the joining of each state
    /// there (see [`joining`](super::joining)).
    joining: Option<super::joining::Joining>,
    /// Whether a waiting state is kept as [`Machine::canonical`] makes it
    /// (the fast paths); a lone chooser's recall is judged on that form
    /// either way.
    keeps_canonical: bool,
    /// A state joined, a buffer reused.
    joined: Vec<Value>,
    /// For each decision, whether it is solved where it stands (see
    /// [`local`](crate::program::local)): on the fast paths.
    local: Vec<bool>,
    /// In a round symmetric in the suits, the round's first draw, dealt
    /// one hand of each set alike up to the suits' names (see
    /// [`by_suits`](crate::eval::by_suits)).
    by_suits: Option<usize>,
    /// For each shoe's last draw whose hand the round reads only through a
    /// few expressions, those expressions (see [`observed`](super::observed)):
    /// its hands go on grouped by their values.
    observed: Vec<Option<super::observed::Observed>>,
    /// Where a lone side's every choice is solved where it stands, choices
    /// followed by choices too: each state solved once (see
    /// [`tree`](super::tree)).
    tree: Option<super::tree::Tree>,
    /// With `tree`, the draws between the first choice and the last: each
    /// state waiting there is dealt alone, once (see
    /// [`tree`](super::tree)).
    deals_here: Vec<bool>,
    /// Every choice made as this strategy solved for makes it, in place of
    /// taking every option (see [`policy`](super::policy)).
    policy: Option<&'p super::policy::Policy>,
    /// With `policy`, each state of a round that split, run on alone once:
    /// its ends from weight one.
    splits: FxHashMap<super::decisions::State, Vec<super::End>>,
}

/// Evaluates a round whose choice, if any, is fixed to `option`, adding
/// what it reaches to `coverage` when there is one.
pub(super) fn evaluate_fixed(
    program: &Program,
    limits: Limits,
    option: Option<i64>,
    throws: &mut Throws,
    coverage: &mut Option<Box<Coverage>>,
    work: &mut u64,
) -> Result<Distribution, EvalError> {
    // A lone side's choices followed by choices are first solved where
    // they stand (`tree`): where a situation holds two states, the round
    // is solved in sequence form, from the start again.
    if super::tree::applies(program) {
        let mut tried = coverage.clone();
        let reach = Reach {
            tree: true,
            ..Reach::default()
        };
        match evaluate_reach(program, limits, option, throws, &mut tried, work, reach) {
            Err(EvalError::NotAlone { .. }) => {}
            result => {
                *coverage = tried;
                return result.map(|(distribution, _)| distribution);
            }
        }
    }
    let (distribution, _) = evaluate_reach(
        program,
        limits,
        option,
        throws,
        coverage,
        work,
        Reach::default(),
    )?;
    Ok(distribution)
}

/// Where an evaluation starts and where its states stop (see
/// [`super::split`]).
#[derive(Clone, Copy, Default)]
pub(super) struct Reach<'a> {
    /// One state waiting at a step, its values live there, of weight one,
    /// instead of the round's start.
    pub from: Option<(usize, &'a [Value])>,
    /// The steps at which states stop instead of going on: they are
    /// returned, and the distribution holds only the ends reached without
    /// passing one.
    pub stop_at: Option<&'a [bool]>,
    /// Every choice solved where it stands, by backward induction over the
    /// states (see [`tree`](super::tree)); it stops with
    /// [`EvalError::NotAlone`] where a situation holds two states.
    pub tree: bool,
    /// Every choice made as this policy makes it.
    pub policy: Option<&'a super::policy::Policy>,
}

/// A state stopped at a step of [`Reach::stop_at`]: the step, its values
/// live there, and its weight.
pub(super) type Stopped = (usize, Vec<Value>, Weight);

/// Evaluates a round as [`evaluate_fixed`] does, from and to where `reach`
/// says.
pub(super) fn evaluate_reach(
    program: &Program,
    limits: Limits,
    option: Option<i64>,
    throws: &mut Throws,
    coverage: &mut Option<Box<Coverage>>,
    work: &mut u64,
    reach: Reach<'_>,
) -> Result<(Distribution, Vec<Stopped>), EvalError> {
    // A jump backwards is an internal error when a state is pushed.
    let code = Code::new(program);
    let mut m = Machine::new(&code, limits, option, throws, coverage, *work);
    m.policy = reach.policy;
    if reach.tree {
        m.local = vec![true; program.decisions.len()];
        m.tree = Some(super::tree::Tree::default());
        m.deals_here = super::tree::deals_here(program, &code.next, &code.landing);
    }
    let mut start: Env = std::iter::repeat_n(Value::Unset, program.slots.len()).collect();
    let mut outcomes = Ends::new(program);
    let mut stopped = Vec::new();
    if let Some(stop_at) = reach.stop_at {
        // A state stops at its step as it arrives there, not within a run
        // of throws thrown as one or summed into a shoe's last card.
        for (pc, &stops) in stop_at.iter().enumerate() {
            if stops {
                m.linear[pc] = None;
            }
        }
        m.fused.iter_mut().for_each(|f| *f = None);
    }
    match reach.from {
        None => m.advance(0, &mut start, &Weight::one(), &Factor::one(), &mut outcomes)?,
        Some((pc, values)) => {
            let mut env = start.clone();
            for (&slot, &value) in m.live[pc].iter().zip(values) {
                env[slot] = value;
            }
            m.push(pc, &env, &Weight::one(), &Factor::one(), program.round_span)?;
        }
    }
    // One buffer for the state waiting at a throw, and one for the state
    // each result leads to.
    let mut next = start.clone();
    let mut env = start;
    for pc in 0..program.code.len() {
        m.current = Some(pc);
        let states = std::mem::replace(&mut m.frontier[pc], Waiting::new(0));
        m.alive -= states.len();

        env.fill(Value::Unset);
        if reach.stop_at.is_some_and(|s| s.get(pc) == Some(&true)) {
            stopped.extend(
                states
                    .iter()
                    .map(|(live, w)| (pc, live.to_vec(), w.clone())),
            );
            continue;
        }
        m.step(pc, &states, &mut env, &mut next, &mut outcomes)?;
    }
    let distribution = m.finish(outcomes, throws, coverage, work)?;
    Ok((distribution, stopped))
}

impl<'p> Machine<'p> {
    /// A machine for the round `code`, the throws computed so far taken
    /// from `throws`, the coverage recorded into (when there is one) from
    /// `coverage`, `work` steps already taken.
    fn new(
        code: &'p Code<'p>,
        limits: Limits,
        option: Option<i64>,
        throws: &mut Throws,
        coverage: &mut Option<Box<Coverage>>,
        work: u64,
    ) -> Machine<'p> {
        let program = code.program;
        let live: Vec<Vec<usize>> = (0..program.code.len())
            .map(|pc| {
                (0..program.slots.len())
                    .filter(|&slot| program.live_in.get(pc).is_none_or(|l| l.contains(slot)))
                    .collect()
            })
            .collect();
        let (landing, next) = (&code.landing, &code.next);
        let forgets: Vec<Option<Vec<usize>>> = (0..program.code.len())
            .map(|pc| {
                let to = next[pc];
                match (program.code[pc].as_draw(), program.live_in.get(to)) {
                    (Some(_), Some(after)) => {
                        let keep: Vec<usize> = (live[pc].iter().enumerate())
                            .filter(|&(_, &slot)| after.contains(slot))
                            .map(|(i, _)| i)
                            .collect();
                        (keep.len() < live[pc].len()).then_some(keep)
                    }
                    _ => None,
                }
            })
            .collect();
        let paths = Paths::new(program, next, landing, |pc, out| {
            if let Some(c) = coverage.as_deref() {
                c.probe_reads(pc, out);
            }
        });
        let linear = (0..program.code.len())
            .map(|pc| {
                let keep = forgets[pc].as_ref()?;
                let draw = program.code[pc].as_draw()?;
                let card = throws.one_card(program, draw)?;
                crate::eval::fast_paths().then(|| Linear::new(card, draw.dealt, keep.clone()))
            })
            .collect();
        let renaming = super::suits::Renaming::new(program, throws, code.symmetric);
        let observed = (0..program.code.len())
            .map(|pc| {
                forgets[pc].as_ref()?;
                crate::eval::fast_paths()
                    .then(|| super::observed::observed(program, pc))
                    .flatten()
            })
            .collect();
        let joining = super::joining::Joining::new(program);
        let by_suits = (renaming.is_some() && crate::eval::fast_paths())
            .then(|| program.code.iter().position(|i| i.as_draw().is_some()))
            .flatten()
            .filter(|&pc| {
                let draw = program.code[pc].as_draw();
                draw.is_some_and(|d| {
                    super::super::by_suits::applies(&program.shoes[d.shoe], d.count)
                })
            });
        let local = match crate::eval::fast_paths() {
            true => crate::program::local::local_decisions(program),
            false => vec![false; program.decisions.len()],
        };
        Machine {
            local,
            by_suits,
            observed,
            tree: None,
            deals_here: Vec::new(),
            policy: None,
            splits: FxHashMap::default(),
            renaming,
            renamed: Vec::new(),
            joining,
            joined: Vec::new(),
            keeps_canonical: crate::eval::fast_paths(),
            linear,
            paths,
            forgets,
            code,
            program,
            throws: std::mem::take(throws),
            option,
            frontier: live.iter().map(|l| Waiting::new(l.len())).collect(),
            alone: Vec::new(),
            depth: 0,
            deals: Vec::new(),
            key: Vec::new(),
            fused: fuse::runs(program),
            interchangeable: program.interchangeable.0.iter().any(|&w| w != 0),
            live,
            current: None,
            alive: 0,
            peak: 0,
            work,
            limits,
            memo: Memo::default(),
            decisions: Decisions {
                sequences: vec![1; program.sides.len()],
                ..Decisions::default()
            },
            coverage: coverage.take(),
        }
    }

    /// The distribution of the ends reached, the throws, the coverage and
    /// the work given back to the caller.
    fn finish(
        mut self,
        outcomes: Ends,
        throws: &mut Throws,
        coverage: &mut Option<Box<Coverage>>,
        work: &mut u64,
    ) -> Result<Distribution, EvalError> {
        let program = self.program;
        let mut ends = outcomes.into_ends();
        ends.sort_by(|a, b| (a.outcome, &a.values).cmp(&(b.outcome, &b.values)));
        check_settled(program, &ends)?;
        *coverage = self.coverage.take();
        if let Some(c) = coverage.as_deref_mut() {
            for end in &ends {
                c.add_end(program, end.outcome, &end.values);
            }
        }
        // Per round: a round that split counts each hand's outcome.
        let mut by_outcome = vec![Weight::zero(); program.outcomes.len()];
        for end in &ends {
            let other = program.other_hand(&end.values).and_then(|(o, _)| o);
            for o in end.outcome.into_iter().chain(other) {
                by_outcome[o].add(&end.weight);
            }
        }
        let by_outcome = by_outcome.iter().map(Weight::to_exact).collect();
        *throws = std::mem::take(&mut self.throws);
        *work = self.work;
        if let Some(tree) = self.tree.take() {
            tree.reach(&mut self.decisions, &mut self.memo);
        }
        self.decisions.forgets_nothing(program)?;
        let decisions = (!program.decisions.is_empty()).then(|| Arc::new(self.decisions));
        let distribution = Distribution {
            outcomes: by_outcome,
            ends,
            peak_states: self.peak,
            choice: None,
            decisions,
            solution: None,
        };
        Ok(distribution)
    }
}

impl Machine<'_> {
    /// Adds a state at `pc`, keeping only the values live there.
    fn push(
        &mut self,
        pc: usize,
        env: &[Value],
        weight: &Weight,
        factor: &Factor,
        span: Span,
    ) -> Result<(), EvalError> {
        if self.current.is_some_and(|c| pc <= c) {
            return Err(EvalError::Internal {
                what: "a jump backwards in the round",
                span,
            });
        }
        self.work += weight.words() as u64;
        if self.work > self.limits.max_work() {
            return Err(self.work_limit());
        }
        let (mut joined, mut renamed) = (
            std::mem::take(&mut self.joined),
            std::mem::take(&mut self.renamed),
        );
        let env = match self.keeps_canonical {
            true => self.canonical(pc, env, &mut joined, &mut renamed),
            false => env,
        };
        let result = self.push_as_is(pc, env, weight, factor, span);
        (self.joined, self.renamed) = (joined, renamed);
        result
    }

    /// The state `env` at `pc` up to what its future cannot tell apart: its
    /// hands read only joined put together, and in a round symmetric in the
    /// suits, its suits renamed; states alike in it have one future. The
    /// fast paths keep waiting states so; a lone chooser's recall is judged
    /// on it on either path (`Decisions::forgets_nothing`). `joined` and
    /// `renamed` are buffers.
    pub(super) fn canonical<'e>(
        &mut self,
        pc: usize,
        env: &'e [Value],
        joined: &'e mut Vec<Value>,
        renamed: &'e mut Vec<Value>,
    ) -> &'e [Value] {
        let joins = match &mut self.joining {
            Some(j) => j.join(pc, env, &mut self.throws, joined),
            None => false,
        };
        let env = if joins { &joined[..] } else { env };
        match &self.renaming {
            Some(r) if r.rename(&self.live[pc], env, &mut self.throws, renamed) => &renamed[..],
            _ => env,
        }
    }

    /// Adds a state at `pc` as it is, keeping only the values live there.
    fn push_as_is(
        &mut self,
        pc: usize,
        env: &[Value],
        weight: &Weight,
        factor: &Factor,
        span: Span,
    ) -> Result<(), EvalError> {
        if let Some(linear) = self.linear[pc].as_mut().filter(|_| self.depth == 0) {
            if let Some(new) = linear.add(&self.live[pc], env, weight, factor) {
                return self.arrived(new, span);
            }
        }
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        key.extend(self.live[pc].iter().map(|&slot| env[slot]));
        let new = self.frontier[pc].add(&key, weight, factor, &mut self.memo);
        self.key = key;
        self.arrived(new, span)
    }

    /// Throws the dice, or deals the cards, of the step at `pc` for the
    /// `states` waiting there; `env` and `next` are buffers.
    fn step(
        &mut self,
        pc: usize,
        states: &Waiting,
        env: &mut [Value],
        next: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        // One draw's hands bounded once for all the states waiting there
        // (the one-card draws summed by `Linear` are always within it).
        if let Some(draw) = self.program.code[pc].as_draw() {
            if self.by_suits != Some(pc) && !states.is_empty() {
                self.listable(draw)?;
            }
        }
        if let Some(linear) = (self.depth == 0).then(|| self.linear[pc].take()).flatten() {
            self.alive -= linear.len();
            self.deal_merged(pc, states, env, next, outcomes)?;
            return self.deal_linear(pc, &linear, next, outcomes);
        }
        if self.forgets[pc].is_some() {
            return self.deal_merged(pc, states, env, next, outcomes);
        }
        env.fill(Value::Unset);
        for (live, weight) in states.iter() {
            for (&slot, &value) in self.live[pc].iter().zip(live) {
                env[slot] = value;
            }
            self.throw(pc, env, weight, next, outcomes)?;
        }
        Ok(())
    }

    /// Counts a state that arrived at a throw, when it is `new` there.
    fn arrived(&mut self, new: bool, span: Span) -> Result<(), EvalError> {
        if new {
            if self.limits.cancelled() {
                return Err(EvalError::Cancelled { span });
            }
            self.alive += 1;
            self.peak = self.peak.max(self.alive);
            if self.alive > self.limits.max_states {
                return Err(EvalError::StateLimit {
                    limit: self.limits.max_states,
                    span,
                });
            }
        }
        Ok(())
    }

    /// Deals the last card of the draw at `pc` to the groups `linear`
    /// summed, going on from each group and kind once.
    fn deal_linear(
        &mut self,
        pc: usize,
        linear: &Linear,
        next: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let Some(&Draw {
            slot, shoe, span, ..
        }) = program.code[pc].as_draw()
        else {
            return Ok(());
        };
        let keep = self.forgets[pc].clone().unwrap_or_default();
        let mut memo = std::mem::take(&mut self.memo);
        let result = linear.deal(
            &mut memo,
            |kept, hand, weight| {
                next.fill(Value::Unset);
                for (&k, &value) in keep.iter().zip(kept) {
                    next[self.live[pc][k]] = value;
                }
                self.set(next, slot, hand)?;
                self.advance(self.code.next[pc], next, weight, &Factor::one(), outcomes)
            },
            || EvalError::ShoeEmpty {
                shoe: program.shoes[shoe].name.clone(),
                count: 1,
                left: 0,
                span,
            },
        );
        self.memo = memo;
        result
    }

    /// Counts the work of adding an end to a sum, `work` as
    /// `Ends::add` measured it.
    fn ended(&mut self, work: u64) -> Result<(), EvalError> {
        self.work = self.work.saturating_add(work);
        if self.work > self.limits.max_work() {
            return Err(self.work_limit());
        }
        Ok(())
    }

    /// The error of an evaluation past its work limit, at the throw being
    /// thrown (the round, before the first).
    #[cold]
    fn work_limit(&self) -> EvalError {
        let span = match self.current.and_then(|pc| self.program.code[pc].chance()) {
            Some((_, span)) => span,
            None => self.program.round_span,
        };
        EvalError::WorkLimit {
            limit: self.limits.max_work(),
            per_state: WORK_PER_STATE,
            span,
        }
    }

    /// Sets `slot` to `value`, or, when the slot is interchangeable, to the
    /// representative of its class. Inlined, with the value stored at once:
    /// the common case then never passes a value through memory.
    #[inline(always)]
    fn set(&mut self, env: &mut [Value], slot: usize, value: Value) -> Result<(), EvalError> {
        env[slot] = value;
        if self.interchangeable
            && self.program.interchangeable.contains(slot)
            && value != Value::Unset
        {
            env[slot] = self.representative(slot, value)?;
        }
        Ok(())
    }

    #[inline(never)]
    fn representative(&mut self, slot: usize, value: Value) -> Result<Value, EvalError> {
        self.throws
            .canonical(self.program, slot, value, self.limits.max_states)
    }

    /// Sets `next` to the state after a throw's result lands.
    fn land(
        &mut self,
        env: &[Value],
        result: &ThrowResult,
        next: &mut [Value],
    ) -> Result<(), EvalError> {
        // Copying the values is work too: a round of thousands of names.
        self.work += 1 + env.len() as u64 / 4;
        next.copy_from_slice(env);
        for &(slot, value) in &result.sets {
            self.set(next, slot, value)?;
        }
        Ok(())
    }

    /// Deals the draw at `pc` to every state waiting there, when the draw
    /// forgets a value the states hold (the shoe, after its last draw).
    /// States alike in the rest are dealt as one: for each hand, the chances
    /// of all of them are summed, and the round goes on from that hand
    /// once. Punto banco's last cards so reach their ends from about 1,000
    /// states instead of 58,000, with no merging of each result.
    fn deal_merged(
        &mut self,
        pc: usize,
        states: &Waiting,
        env: &mut [Value],
        next: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let (Some(draw), Some(keep)) = (program.code[pc].as_draw(), self.forgets[pc].take()) else {
            return Err(EvalError::Internal {
                what: "a merged deal where there is no draw",
                span: program.round_span,
            });
        };
        // The states alike in the values kept, in order of arrival.
        let mut groups: Vec<Vec<usize>> = Vec::new();
        let mut group_of: FxHashMap<SmallVec<[Value; 8]>, usize> = FxHashMap::default();
        for (i, (values, _)) in states.iter().enumerate() {
            let key = keep.iter().map(|&k| values[k]).collect();
            let n = groups.len();
            let g = *group_of.entry(key).or_insert(n);
            if g == n {
                groups.push(Vec::new());
            }
            groups[g].push(i);
        }
        let mut deals = std::mem::take(&mut self.deals);
        let mut observed = self.observed[pc].take();
        // Each hand's summed chance, and the hand; or where the hand is
        // read through a few expressions, each group's of hands alike in
        // their values, and one hand of it.
        let mut sums: Vec<Option<(Weight, Value)>> = Vec::new();
        let mut by_value: FxHashMap<super::residual::Values, usize> = FxHashMap::default();
        for group in &groups {
            by_value.clear();
            for &i in group {
                let (values, weight) = states.get(i);
                env.fill(Value::Unset);
                for (&s, &value) in self.live[pc].iter().zip(values) {
                    env[s] = value;
                }
                let mut sum = |index: usize, factor: &Factor, hand: Value| {
                    if sums.len() <= index {
                        sums.resize(index + 1, None);
                    }
                    match &mut sums[index] {
                        Some((sum, _)) => sum.add_product(weight, factor, &mut self.memo),
                        none => *none = Some((weight.scaled_in(factor, &mut self.memo), hand)),
                    }
                };
                match observed.as_mut() {
                    None => {
                        self.throws.deal(program, draw, env, &mut deals, false)?;
                        for d in &deals {
                            sum(d.index, &d.factor, d.hand);
                        }
                    }
                    Some(o) => {
                        let dealt = o.groups(program, &mut self.throws, draw, env)?;
                        for g in dealt.iter() {
                            let n = by_value.len();
                            let index = *by_value.entry(g.values.clone()).or_insert(n);
                            sum(index, &g.factor, g.hand);
                        }
                    }
                }
            }
            // The values kept are those of any state of the group.
            let (values, _) = states.get(group[0]);
            for (weight, hand) in sums.iter_mut().filter_map(Option::take) {
                next.fill(Value::Unset);
                for &k in &keep {
                    next[self.live[pc][k]] = values[k];
                }
                self.set(next, draw.slot, hand)?;
                self.advance(self.code.next[pc], next, &weight, &Factor::one(), outcomes)?;
            }
        }
        self.deals = deals;
        self.forgets[pc] = Some(keep);
        self.observed[pc] = observed;
        Ok(())
    }

    /// Whether the hands of `draw` may be listed: at most as many as the
    /// bound of states allows, or the checker's bound (which only the
    /// round's first deal, dealt up to the suits' names, passes); else the
    /// error of too many states, at the draw.
    fn listable(&self, draw: &Draw) -> Result<(), EvalError> {
        let kinds = self.program.shoes[draw.shoe].kinds.len() as u64;
        let hands = crate::multiset::count(u64::from(draw.count), kinds);
        let limit = (self.limits.max_states as u64).max(crate::eval::observe::MAX_LISTED);
        match hands > limit {
            true => Err(EvalError::StateLimit {
                limit: self.limits.max_states,
                span: draw.span,
            }),
            false => Ok(()),
        }
    }

    /// Throws the dice, or deals the cards, of the step at `pc` for one
    /// state.
    fn throw(
        &mut self,
        pc: usize,
        env: &[Value],
        weight: &Weight,
        next: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        if let Some(run) = self.fused[pc] {
            if fuse::covered(self.coverage.as_deref_mut(), pc, run) {
                return self.throw_fused(pc, run, env, weight, next, outcomes);
            }
        }
        let program = self.program;
        let instr = &program.code[pc];
        let (results, until) = match (instr.as_throw(), instr.as_draw()) {
            (Some(throw), _) => (
                self.throws
                    .results(program, Dice::of(throw), env, self.limits.max_states)?,
                throw.until.as_ref(),
            ),
            (_, Some(draw)) => {
                let mut deals = std::mem::take(&mut self.deals);
                let by_suits = match self.by_suits == Some(pc) {
                    true => self.throws.deal_by_suits(program, draw),
                    false => None,
                };
                if by_suits.is_none() {
                    self.throws.deal(program, draw, env, &mut deals, true)?;
                }
                for d in by_suits.as_deref().unwrap_or(&deals) {
                    next.copy_from_slice(env);
                    self.set(next, draw.slot, d.hand)?;
                    if let Some(after) = d.dealt {
                        self.set(next, draw.dealt, after)?;
                    }
                    self.advance(self.code.next[pc], next, weight, &d.factor, outcomes)?;
                }
                self.deals = deals;
                return Ok(());
            }
            _ => {
                return Err(EvalError::Internal {
                    what: "a state waiting where there is no throw",
                    span: program.round_span,
                })
            }
        };
        let Some(cond) = until else {
            for r in results.iter() {
                self.land(env, r, next)?;
                self.advance(self.code.next[pc], next, weight, &r.factor, outcomes)?;
            }
            return Ok(());
        };
        // A reroll: the results meeting the condition, renormalised.
        let mut kept: Vec<(Env, BigUint)> = Vec::with_capacity(results.len());
        let mut accepted = BigUint::zero();
        for r in results.iter() {
            self.land(env, r, next)?;
            if self
                .code
                .accepts(pc, Some(cond), &self.throws.pools, next)?
            {
                let ways = r.factor.ways();
                accepted += &ways;
                kept.push((Env::from_slice(next), ways));
            } else if let Some(c) = self.coverage.as_deref_mut() {
                c.rerolled[pc] = true;
            }
        }
        if accepted.is_zero() {
            return Err(EvalError::RerollNeverSucceeds { span: cond.span });
        }
        for (mut state, ways) in kept {
            let factor = Factor::new(&ways, &accepted);
            self.advance(self.code.next[pc], &mut state, weight, &factor, outcomes)?;
        }
        Ok(())
    }
}
