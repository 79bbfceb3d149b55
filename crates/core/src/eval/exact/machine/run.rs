//! A state run through the round by `eval::round`, the machine its
//! [`Chance`]: a state waits at a throw or a draw, every option of a
//! decision is taken (its information set recorded), an end adds the
//! state's weight to its outcome; the steps between throws remembered by
//! what they read (`exact::paths`) are replayed or recorded here.

use std::collections::hash_map::Entry;

use smallvec::SmallVec;

use super::super::decisions::{Decisions, LocalInfo, State, Unlisted, MOST_LISTED_HERE};
use super::super::ends::{sequence, End, Ends};
use super::super::paths::{Key, Looked, Path};
use super::super::tree::Agreed;
use super::super::{InfoSet, LONE_SIDE_INFOSETS};
use super::Machine;
use crate::ast::Span;
use crate::eval::frontier::Waiting;
use crate::eval::round::{self, Chance, Code, Pick, Picked, Went};
use crate::eval::value::{Context, Env, Pools, Value};
use crate::eval::weight::{Factor, Memo, Weight};
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::{Bet, Decision, Draw, Throw};

impl Machine<'_> {
    /// Runs one state, of weight `weight` times `factor`, from `pc` through
    /// the steps without chance, until it waits at a throw (merged there) or
    /// ends (added to its outcome). The product is taken only where it lands,
    /// straight into the sum when the state merges.
    pub(super) fn advance(
        &mut self,
        mut pc: usize,
        env: &mut [Value],
        weight: &Weight,
        factor: &Factor,
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        // The steps from here, when remembered, are taken at once; when
        // not, they are recorded as they run.
        let mut recording = None;
        match self.paths.look(pc, env) {
            Looked::Hit(i) => {
                let path = self.paths.path(i);
                for &(slot, value) in &path.writes {
                    env[slot] = value;
                }
                pc = path.stop;
            }
            Looked::Miss(h, key) => recording = Some((pc, h, key, SmallVec::new())),
            Looked::Skip => {}
        }
        let code = self.code;
        let mut run = Run {
            m: self,
            weight,
            factor,
            outcomes,
            recording,
        };
        round::run(code, &mut run, pc, env)
    }

    /// Takes every option of a decision, each with weight 1, recording the
    /// information set and the chooser's new sequence.
    #[allow(clippy::too_many_arguments)]
    fn decide(
        &mut self,
        pc: usize,
        env: &mut [Value],
        weight: &Weight,
        factor: &Factor,
        outcomes: &mut Ends,
        pick: &Pick,
    ) -> Result<(), EvalError> {
        if self.local[pick.decision] {
            return self.decide_here(pc, env, weight, factor, outcomes, pick);
        }
        let program = self.program;
        let decision = pick.decision;
        let d = &program.decisions[decision];
        let own = sequence(program, env, d.side);
        // The other side's, or 0 when it is alone (sides are at most two).
        let other = sequence(program, env, 1 - d.side);
        // A lone side's best response is one pass over its information
        // sets: its bound is wider than the equilibrium solver's.
        let lone = program.sides.len() == 1;
        let (bound, sequence_bound) = if lone {
            (
                self.limits.max_infosets.saturating_mul(LONE_SIDE_INFOSETS),
                self.limits.max_sequences.saturating_mul(LONE_SIDE_INFOSETS),
            )
        } else {
            (self.limits.max_infosets, self.limits.max_sequences)
        };
        let ds = &mut self.decisions;
        let id = match ds.index.entry((decision, pick.key.clone())) {
            Entry::Occupied(e) => *e.get(),
            Entry::Vacant(e) => {
                if ds.infosets.len() >= bound {
                    let count = ds
                        .infosets
                        .iter()
                        .filter(|i| i.decision == decision)
                        .count();
                    return Err(EvalError::SolveTooLarge {
                        name: d.name.clone(),
                        count: count + 1,
                        limit: bound,
                        span: d.span,
                    });
                }
                let key = e.key().1.to_vec();
                let options = d.offered(&key).count();
                // The sequences the solver works over, checked before the
                // evaluation takes each of these options (and keeps an
                // end for each pair of the sides' sequences).
                // (Each side's empty sequence is not counted.)
                let sequences = ds
                    .sequences
                    .iter()
                    .map(|&n| n as usize - 1)
                    .sum::<usize>()
                    .saturating_add(options);
                if sequences > sequence_bound {
                    let count = ds
                        .infosets
                        .iter()
                        .filter(|i| i.decision == decision)
                        .count();
                    return Err(EvalError::SolveTooManySequences {
                        name: d.name.clone(),
                        options,
                        count: count + 1,
                        sequences,
                        limit: sequence_bound,
                        span: d.span,
                    });
                }
                e.insert(ds.infosets.len());
                ds.infosets.push(InfoSet {
                    decision,
                    key,
                    side: d.side,
                    parent: own,
                    parents: Vec::new(),
                    first: ds.sequences[d.side],
                    options,
                    reach: Vec::new(),
                });
                ds.sequences[d.side] += options as u32;
                ds.infosets.len() - 1
            }
        };
        let info = &mut ds.infosets[id];
        // Two sides must remember their own choices; a lone side may come
        // with several sequences if it forgets nothing that matters, which
        // the states it comes in decide once the evaluation is over
        // (`Decisions::forgets_nothing`).
        if info.parent != own && !lone {
            return Err(EvalError::ImperfectRecall {
                name: d.name.clone(),
                span: d.span,
            });
        }
        let arrived = weight.scaled_in(factor, &mut self.memo);
        match info.parents.iter_mut().find(|(s, _)| *s == own) {
            Some((_, w)) => w.add(&arrived),
            None => info.parents.push((own, arrived.clone())),
        }
        if lone {
            let state = self.chooser_state(pc, env, d.side);
            self.decisions
                .arrivals
                .entry((id, own))
                .or_default()
                .entry(state)
                .or_insert_with(Weight::zero)
                .add(&arrived);
        }
        let info = &mut self.decisions.infosets[id];
        match info.reach.iter_mut().find(|(s, _)| *s == other) {
            Some((_, w)) => w.add(&arrived),
            None => info.reach.push((other, arrived)),
        }
        let first = info.first;
        let side_slot = program.sides[d.side].slot;
        // Only the options offered here: for a choice among the faces
        // shown, those faces.
        let offered: SmallVec<[i64; 8]> = pick.offered(program).collect();
        for (a, v) in offered.into_iter().enumerate() {
            let mut next = Env::from_slice(env);
            self.set(&mut next, pick.slot, pick.value(v))?;
            next[side_slot] = Value::Int(i64::from(first) + a as i64);
            self.advance(self.code.next[pc], &mut next, weight, factor, outcomes)?;
        }
        Ok(())
    }
}

impl Machine<'_> {
    /// Solves a decision where it stands ([`local`](crate::program::local)):
    /// each option's rest of the round run from the state alone, its value
    /// the chooser's bet's expected net there, and the best option's ends
    /// (the first of equal ones) added to the round's, times the state's
    /// chance; the situation recorded with each option's value.
    #[allow(clippy::too_many_arguments)]
    fn decide_here(
        &mut self,
        pc: usize,
        env: &mut [Value],
        weight: &Weight,
        factor: &Factor,
        outcomes: &mut Ends,
        pick: &Pick,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let d = &program.decisions[pick.decision];
        let bet = &program.bets[program.sides[d.side].bet];
        // Choices followed by choices: each state solved once (`tree`).
        let state = match self.tree.is_some() {
            true => Some(self.chooser_state(pc, env, d.side)),
            false => None,
        };
        if let (Some(tree), Some(state)) = (&mut self.tree, &state) {
            match tree.meet(pc, &pick.key, state) {
                Some((i, ends)) => {
                    let arrived = weight.scaled_in(factor, &mut self.memo);
                    let work = add_ends(outcomes, ends, &arrived, &mut self.memo);
                    tree.came(i, arrived);
                    return self.ended(work);
                }
                None => tree.begin(),
            }
        }
        let offered: SmallVec<[i64; 8]> = pick.offered(program).collect();
        let mut options: Vec<Vec<End>> = Vec::with_capacity(offered.len());
        for (a, v) in offered.into_iter().enumerate() {
            if let Some(tree) = &mut self.tree {
                tree.option(a);
            }
            let mut next = Env::from_slice(env);
            self.set(&mut next, pick.slot, pick.value(v))?;
            let mut ends = Ends::new(program);
            self.run_alone(pc, self.code.next[pc], &mut next, &mut ends)?;
            options.push(ends.into_ends());
        }
        // What every option comes to, as the sequence form would have kept
        // it: the values a name may end with, and what the round reaches.
        let finals = program.finals.len();
        let met = &mut self.decisions.finals_met;
        met.resize(finals, Default::default());
        for end in options.iter().flatten() {
            for (f, v) in end.values[..finals].iter().enumerate() {
                met[f].extend(*v);
            }
            if let Some(c) = self.coverage.as_deref_mut() {
                c.add_end(program, end.outcome, &end.values);
            }
        }
        let unlisted = (self.decisions.unlisted.iter()).any(|u| u.decision == pick.decision);
        let (best, values) = best_of(bet, &options, !unlisted);
        let arrived = weight.scaled_in(factor, &mut self.memo);
        let work = add_ends(outcomes, &options[best], &arrived, &mut self.memo);
        self.ended(work)?;
        let mut again = false;
        if let (Some(tree), Some(state)) = (&mut self.tree, state) {
            let ends = options[best].clone();
            let (i, agreed) = tree.solved(pick.decision, pc, &pick.key, state, best, ends);
            match agreed {
                Agreed::First => {}
                Agreed::Again => again = true,
                Agreed::Disagrees => return Err(not_alone(d)),
            }
            tree.came(i, arrived.clone());
            self.remembered_within(d.span)?;
        }
        let own = sequence(program, env, d.side);
        let here = Here {
            own,
            arrived,
            options: options.len(),
            best,
            again,
        };
        self.situation(pick, here, values)
    }

    /// Runs a state of a round that split at `pc` (its hands played in
    /// turn, by a policy) on alone, of weight one, once: its ends added
    /// times its chance here and wherever the state is met again. So each
    /// split's states wait in a frontier of their own, as many as one
    /// split's hands make.
    fn split_alone(
        &mut self,
        pc: usize,
        env: &mut [Value],
        weight: &Weight,
        factor: &Factor,
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        let next = self.code.next[pc];
        let state = self.kept(next, env, |_| true);
        let arrived = weight.scaled_in(factor, &mut self.memo);
        if let Some(ends) = self.splits.get(&state) {
            let work = add_ends(outcomes, ends, &arrived, &mut self.memo);
            return self.ended(work);
        }
        let ends = self.ends_alone(Start::After(pc, next), env, &arrived, outcomes)?;
        self.splits.insert(state, ends);
        Ok(())
    }

    /// The ends of the state `env` run on alone from `start`, of weight
    /// one, each also added to `outcomes` times `arrived`, its chance.
    fn ends_alone(
        &mut self,
        start: Start,
        env: &mut [Value],
        arrived: &Weight,
        outcomes: &mut Ends,
    ) -> Result<Vec<End>, EvalError> {
        let mut ends = Ends::new(self.program);
        self.alone_from(start, env, &mut ends)?;
        let ends = ends.into_ends();
        let work = add_ends(outcomes, &ends, arrived, &mut self.memo);
        self.ended(work)?;
        Ok(ends)
    }

    /// Deals a state waiting at the draw at `pc`, between a lone side's
    /// choices solved state by state ([`tree`](super::super::tree)): its
    /// rest of the round is run from the state alone, of weight one, once,
    /// and its ends added times its chance here and wherever the state is
    /// met again.
    fn deal_here(
        &mut self,
        pc: usize,
        env: &mut [Value],
        weight: &Weight,
        factor: &Factor,
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        let state = self.kept(pc, env, |_| true);
        let arrived = weight.scaled_in(factor, &mut self.memo);
        if let Some(tree) = &mut self.tree {
            if let Some((i, ends)) = tree.dealt(pc, &state) {
                let work = add_ends(outcomes, ends, &arrived, &mut self.memo);
                tree.came(i, arrived);
                return self.ended(work);
            }
            tree.begin();
        }
        let ends = self.ends_alone(Start::At(pc), env, &arrived, outcomes)?;
        if let Some(tree) = &mut self.tree {
            let i = tree.solved_deal(pc, state, ends);
            tree.came(i, arrived);
            let span = self.program.code[pc].as_draw().map(|d| d.span);
            self.remembered_within(span.unwrap_or(self.program.round_span))?;
        }
        Ok(())
    }

    /// Within the bound on what a lone side's choices solved state by state
    /// remember ([`REMEMBERED_PER_STATE`]); else the error at `span`.
    fn remembered_within(&self, span: Span) -> Result<(), EvalError> {
        let limit = self.limits.max_states;
        match self.tree.as_ref().map_or(0, |t| t.remembered()) {
            n if n > limit.saturating_mul(REMEMBERED_PER_STATE) => {
                Err(EvalError::StateLimit { limit, span })
            }
            _ => Ok(()),
        }
    }

    /// The state a lone chooser comes to at `pc`, as play sees it and as it
    /// is kept (alike in what its future reads: see
    /// [`Machine::canonical`]): what only a show keeps is left out, so that
    /// a show never makes the chooser remember.
    fn chooser_state(&mut self, pc: usize, env: &[Value], side: usize) -> State {
        let side_slot = self.program.sides[side].slot;
        let played = self.program.live_unshown.get(pc);
        self.kept(pc, env, |s| {
            s != side_slot && played.is_none_or(|l| l.contains(s))
        })
    }

    /// The values of the slots live at `pc` that `keep` keeps, of `env` as
    /// it is kept ([`Machine::canonical`]).
    fn kept(&mut self, pc: usize, env: &[Value], keep: impl Fn(usize) -> bool) -> State {
        let (mut joined, mut renamed) = (
            std::mem::take(&mut self.joined),
            std::mem::take(&mut self.renamed),
        );
        let kept = self.canonical(pc, env, &mut joined, &mut renamed);
        let state = self.live[pc]
            .iter()
            .filter(|&&s| keep(s))
            .map(|&s| kept[s])
            .collect();
        (self.joined, self.renamed) = (joined, renamed);
        state
    }

    /// Runs the state `env`, of weight one, from `to` (the step after the
    /// decision at `at`) to its ends alone, into `outcomes`: its states wait
    /// in a frontier of their own (and its last cards are dealt without
    /// summing states: `Linear` is for the evaluation as a whole), so that
    /// the states waiting in the evaluation are left as they are.
    fn run_alone(
        &mut self,
        at: usize,
        to: usize,
        env: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        self.alone_from(Start::After(at, to), env, outcomes)
    }

    /// Runs the state `env`, of weight one, from `start` to its ends alone,
    /// into `outcomes` (see [`Machine::run_alone`]).
    fn alone_from(
        &mut self,
        start: Start,
        env: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        // The frontiers of the runs before, emptied, serve again (caribbean
        // stud runs two options from each of six million states; a player
        // hitting until he stands runs options inside options).
        let fresh = match self.alone.pop() {
            Some(spare) => spare,
            None => self.live.iter().map(|l| Waiting::new(l.len())).collect(),
        };
        let frontier = std::mem::replace(&mut self.frontier, fresh);
        self.depth += 1;
        let (current, alive) = (self.current, self.alive);
        let result = self.run_from(start, env, outcomes);
        let used = std::mem::replace(&mut self.frontier, frontier);
        if result.is_ok() && used.iter().all(Waiting::is_empty) {
            self.alone.push(used);
        }
        self.depth -= 1;
        (self.current, self.alive) = (current, alive);
        result
    }

    /// [`Machine::alone_from`]'s run, in the frontier it set.
    fn run_from(
        &mut self,
        start: Start,
        env: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        let first = match start {
            Start::After(at, to) => {
                self.advance(to, env, &Weight::one(), &Factor::one(), outcomes)?;
                at + 1
            }
            Start::At(pc) => {
                self.current = None;
                let span = self.program.round_span;
                self.push(pc, env, &Weight::one(), &Factor::one(), span)?;
                pc
            }
        };
        let (mut state, mut next) = (env.to_vec(), env.to_vec());
        for pc in first..self.program.code.len() {
            if self.frontier[pc].is_empty() {
                continue;
            }
            self.current = Some(pc);
            let mut states = std::mem::replace(&mut self.frontier[pc], Waiting::new(0));
            self.alive -= states.len();
            self.step(pc, &states, &mut state, &mut next, outcomes)?;
            if self.frontier[pc].is_empty() {
                states.clear();
                self.frontier[pc] = states;
            }
        }
        Ok(())
    }

    /// Records a situation of a decision solved where it stands, as `here`
    /// says, with its options' values; met before in another state
    /// (`here.again`) with other values listed, its chooser does not know
    /// enough there: [`EvalError::NotAlone`].
    fn situation(&mut self, pick: &Pick, here: Here, values: Vec<Exact>) -> Result<(), EvalError> {
        let Here {
            own,
            arrived,
            options,
            best,
            again,
        } = here;
        let program = self.program;
        let d = &program.decisions[pick.decision];
        let bound = (self.limits.max_states).saturating_mul(LOCAL_OPTIONS_PER_STATE);
        let ds = &mut self.decisions;
        let too_many = |ds: &Decisions| EvalError::SolveTooManyHere {
            name: d.name.clone(),
            options,
            count: ds.local.len() + ds.unlisted.iter().map(Unlisted::len).sum::<usize>() + 1,
            sequences: ds.local_options,
            limit: bound,
            span: d.span,
        };
        if let Some(u) = ds.unlisted.iter_mut().find(|u| u.decision == pick.decision) {
            // Kept once, with the option its first state took (the same).
            if again {
                return Ok(());
            }
            ds.local_options += options;
            u.keys.extend_from_slice(&pick.key);
            u.taken.push(best as u32);
            return match ds.local_options > bound {
                true => Err(too_many(ds)),
                false => Ok(()),
            };
        }
        let id = match ds.local_index.entry((pick.decision, pick.key.clone())) {
            Entry::Occupied(e) => {
                let id = *e.get();
                if again && ds.local[id].values != values {
                    return Err(not_alone(d));
                }
                id
            }
            Entry::Vacant(e) => {
                ds.local_options += options;
                if ds.local_options > bound {
                    return Err(too_many(ds));
                }
                let key = e.key().1.to_vec();
                e.insert(ds.local.len());
                ds.local.push(LocalInfo {
                    decision: pick.decision,
                    key,
                    side: d.side,
                    parents: Vec::new(),
                    values,
                });
                // Past the most listed, the decision's situations keep
                // only what their chooser knows and the option taken (its
                // keys are all as long where no faces are shown).
                if d.faces.is_none() {
                    let listed = ds.listed_here.entry(pick.decision).or_default();
                    *listed += 1;
                    if *listed > MOST_LISTED_HERE {
                        ds.unlist(pick.decision, d.side, pick.key.len());
                        return Ok(());
                    }
                }
                ds.local.len() - 1
            }
        };
        let info = &mut ds.local[id];
        match info.parents.iter_mut().find(|(s, _)| *s == own) {
            Some((_, w)) => w.add(&arrived),
            None => info.parents.push((own, arrived)),
        }
        Ok(())
    }
}

/// Where a lone chooser, solved state by state, does not know enough:
/// two states of a situation of `d` disagree.
fn not_alone(d: &Decision) -> EvalError {
    EvalError::NotAlone {
        name: d.name.clone(),
        span: d.span,
    }
}

/// A situation of a decision solved where it stands, met in one state: come
/// to with the side's sequence `own` and chance `arrived`, its `options`,
/// the best of them, and whether the situation was met before in another
/// state (or at another step) whose best option was the same.
struct Here {
    own: u32,
    arrived: Weight,
    options: usize,
    best: usize,
    again: bool,
}

/// Adds `ends` (of another collection, from a state of weight one) times
/// `weight` to `outcomes`; the work it took.
fn add_ends(outcomes: &mut Ends, ends: &[End], weight: &Weight, memo: &mut Memo) -> u64 {
    (ends.iter()).fold(0u64, |work, end| {
        work.saturating_add(outcomes.add_end(end, weight, memo))
    })
}

/// Where a state run alone starts: after a decision at the first step,
/// from the second; or waiting at a draw.
#[derive(Clone, Copy)]
enum Start {
    After(usize, usize),
    At(usize),
}

/// The best option for `bet` of `options` (each option's ends, from a
/// state of weight one), the first of equally good ones, and with `exact`
/// the options' values: in floats first where they are not asked for
/// (the situation is not listed, and keeps only its best), exactly where
/// they are, or where the floats leave the best in doubt.
fn best_of(bet: &Bet, options: &[Vec<End>], exact: bool) -> (usize, Vec<Exact>) {
    if !exact {
        let floats = options.iter().map(|ends| {
            (ends.iter())
                .filter_map(|end| {
                    let pay = bet.payout(end.outcome, &end.values)?;
                    Some(end.weight.to_f64() * pay.net.to_f64())
                })
                .sum()
        });
        if let Some(best) = clearly_best(floats) {
            return (best, Vec::new());
        }
    }
    let values: Vec<Exact> = (options.iter())
        .map(|ends| {
            ends.iter().fold(Exact::zero(), |sum, end| {
                match bet.payout(end.outcome, &end.values) {
                    Some(pay) => &sum + &(&end.probability() * &pay.net),
                    None => sum,
                }
            })
        })
        .collect();
    let mut best = 0;
    for (a, value) in values.iter().enumerate() {
        if *value > values[best] {
            best = a;
        }
    }
    (best, values)
}

/// The option whose value, of `values` in floats, is above every other's by
/// more than floats can err (the values are sums of a few products of
/// chances and nets: off by far less than a millionth of the largest);
/// `None` where two are that close.
fn clearly_best(values: impl Iterator<Item = f64>) -> Option<usize> {
    let values: SmallVec<[f64; 8]> = values.collect();
    let (best, top) = (values.iter().copied().enumerate()).max_by(|a, b| a.1.total_cmp(&b.1))?;
    let scale = values.iter().fold(1.0f64, |m, v| m.max(v.abs()));
    let near = values.iter().filter(|&&v| top - v <= 1e-9 * scale).count();
    (top.is_finite() && near == 1).then_some(best)
}

/// What a lone side's choices solved state by state remember (`tree`:
/// each situation, each end of its best option, each situation its options'
/// rests come to, about 100 bytes each) may be this many times
/// [`Limits::max_states`](super::super::Limits::max_states): blackjack from
/// 6 decks remembers about 400,000, mississippi stud's three streets about
/// 1.5 million (385 MB in all).
pub(crate) const REMEMBERED_PER_STATE: usize = 4;

/// The options of the situations of the decisions solved where they stand,
/// summed, may be this many times
/// [`Limits::max_states`](super::super::Limits::max_states) (16,000,000 by
/// default: caribbean stud's player has about 10 million): each situation
/// is a state, and keeps its options' values (about 200 bytes each).
pub(crate) const LOCAL_OPTIONS_PER_STATE: usize = 16;

/// The steps from a remembered start being recorded: (start, hash, key,
/// writes so far).
type Recording = Option<(usize, u64, Key, SmallVec<[(usize, Value); 4]>)>;

/// One state run by the machine through the round's steps (see
/// [`Machine::advance`]): the machine as the round's [`Chance`], with the
/// state's weight.
struct Run<'r, 'p> {
    m: &'r mut Machine<'p>,
    weight: &'r Weight,
    factor: &'r Factor,
    outcomes: &'r mut Ends,
    recording: Recording,
}

impl Run<'_, '_> {
    /// The steps recorded since the start end at `pc` (a throw, a draw or
    /// an end): they are remembered.
    #[inline]
    fn stop_recording(&mut self, pc: usize) {
        if let Some((start, h, key, writes)) = self.recording.take() {
            self.m
                .paths
                .insert(start, h, key, Path { writes, stop: pc });
        }
    }
}

impl Chance for Run<'_, '_> {
    #[inline(always)]
    fn pools(&self) -> &Pools {
        &self.m.throws.pools
    }

    #[inline(always)]
    fn at(&mut self, pc: usize, env: &[Value]) -> Result<(), EvalError> {
        let m = &mut *self.m;
        m.work += 1;
        if m.work > m.limits.max_work() {
            return Err(m.work_limit());
        }
        if let Some(c) = m.coverage.as_deref_mut() {
            let context = Context {
                program: m.program,
                pools: &m.throws.pools,
            };
            c.reach(pc, context, env);
        }
        Ok(())
    }

    #[inline(always)]
    fn set(&mut self, env: &mut [Value], slot: usize, value: Value) -> Result<(), EvalError> {
        self.m.set(env, slot, value)?;
        if let Some((_, _, _, writes)) = &mut self.recording {
            writes.push((slot, env[slot]));
        }
        Ok(())
    }

    #[inline(always)]
    fn branched(&mut self, pc: usize, held: bool) {
        if let Some(c) = self.m.coverage.as_deref_mut() {
            c.branch(pc, held);
        }
    }

    fn throw(
        &mut self,
        _code: &Code,
        pc: usize,
        throw: &Throw,
        env: &mut [Value],
    ) -> Result<Went, EvalError> {
        self.stop_recording(pc);
        self.m.push(pc, env, self.weight, self.factor, throw.span)?;
        Ok(Went::Stop)
    }

    fn draw(
        &mut self,
        _code: &Code,
        pc: usize,
        draw: &Draw,
        env: &mut [Value],
    ) -> Result<Went, EvalError> {
        self.stop_recording(pc);
        let alone = |t: &super::super::tree::Tree| t.deals_alone(pc);
        if self.m.deals_here.get(pc) == Some(&true) && self.m.tree.as_ref().is_some_and(alone) {
            let (weight, factor) = (self.weight, self.factor);
            self.m.deal_here(pc, env, weight, factor, self.outcomes)?;
            return Ok(Went::Stop);
        }
        self.m.push(pc, env, self.weight, self.factor, draw.span)?;
        Ok(Went::Stop)
    }

    fn choose(&mut self, code: &Code) -> Result<i64, EvalError> {
        self.m.option.ok_or(EvalError::Internal {
            what: "a choice with no option fixed",
            span: code.program.round_span,
        })
    }

    fn pick(
        &mut self,
        _code: &Code,
        pc: usize,
        pick: &Pick,
        env: &mut [Value],
    ) -> Result<Picked, EvalError> {
        // Steps are never remembered across a choice.
        self.recording = None;
        if let Some(policy) = self.m.policy {
            return Ok(Picked::Option(policy.value(self.m.program, pick)?));
        }
        self.m
            .decide(pc, env, self.weight, self.factor, self.outcomes, pick)?;
        Ok(Picked::Taken)
    }

    fn split(&mut self, _code: &Code, pc: usize, env: &mut [Value]) -> Result<Went, EvalError> {
        if self.m.policy.is_none() {
            return Ok(Went::On);
        }
        self.recording = None;
        let (weight, factor) = (self.weight, self.factor);
        self.m.split_alone(pc, env, weight, factor, self.outcomes)?;
        Ok(Went::Stop)
    }

    fn end(
        &mut self,
        code: &Code,
        pc: usize,
        outcome: Option<usize>,
        env: &[Value],
    ) -> Result<(), EvalError> {
        self.stop_recording(pc);
        let m = &mut *self.m;
        let words = self.outcomes.add(
            code.program,
            outcome,
            env,
            self.weight,
            self.factor,
            &mut m.memo,
        );
        m.ended(words)
    }
}

#[cfg(test)]
mod tests {
    use super::clearly_best;

    /// Floats decide only where one option is ahead by far more than they
    /// can err; a near tie is left to the exact values.
    #[test]
    fn floats_decide_only_a_clear_best() {
        let best = |v: &[f64]| clearly_best(v.iter().copied());
        assert_eq!(best(&[-1.0, 0.25]), Some(1));
        assert_eq!(best(&[0.5, -1.0, 0.25]), Some(0));
        assert_eq!(best(&[0.25, 0.25 - 1e-13]), None);
        assert_eq!(best(&[200.0, 200.0 - 1e-8]), None);
        assert_eq!(best(&[200.0, 200.0 - 1e-4]), Some(0));
        assert_eq!(best(&[f64::NAN, 1.0]), None);
        assert_eq!(best(&[]), None);
    }
}
