//! Repeated counting throws thrown as one: `repeat N { throw t = 10d6;
//! set score = score + count(t, face) }` counts the face over `10 N` dice,
//! which is one throw of `(10 N)d6` counted once.
//!
//! The machine runs a round throw by throw, so a score summed over N throws
//! goes through N throws of `10N` states each, with weights of `N` words: a
//! cost of `N^3`. The count over the union of the dice is the binomial law,
//! which `pool::grouped` gives at once (counts alone take only the faces
//! they count), so the run is one throw of the union and one addition: the
//! score has its distribution after a single step, and the cost of the
//! weights is that of writing them.
//!
//! A run is fused when, after the checker's projection, it is pairs of
//!
//! ```text
//! Throw { slot t, count c, sides s, observe: [o = count(t, F)], until: none }
//! Assign { slot acc, value: acc + o }          (or o + acc)
//! ```
//!
//! alike in `t`, `c`, `s`, `o`, `F` and `acc`, at least two, with no jump
//! landing inside it, `F` reading neither `acc`, `o` nor `t` (so that the
//! face stays the same along the run), and neither `o` nor `t` live after
//! it (so that only the sum is read). The sum of counts of one face over
//! independent throws of identical dice is the count over all of them, so
//! the fused run gives every state the same ends with the same weights;
//! `tests/throws.rs` checks it against the plain run and a hand binomial.

use std::sync::Arc;

use num_bigint::BigUint;

use super::{Ends, Machine};
use crate::eval::compiled;
use crate::eval::coverage::Coverage;
use crate::eval::nat::Nat;
use crate::eval::observe::Dice;
use crate::eval::pool;
use crate::eval::value::Value;
use crate::eval::weight::{Factor, Weight};
use crate::eval::EvalError;
use crate::program::{Expr, Instr, Program, Throw};

/// A run of counting throws thrown as one, found at its first throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Run {
    /// The dice of the whole run.
    pub count: u32,
    /// The last addition of the run: the machine throws the union, then
    /// adds its count there once.
    pub assign: usize,
}

/// The run starting at each step, if one does.
pub(super) fn runs(program: &Program) -> Vec<Option<Run>> {
    let code = &program.code;
    if !crate::eval::fast_paths() {
        return vec![None; code.len()];
    }
    // A step some jump lands on: a run may begin there, not go through it.
    let mut landed = vec![false; code.len() + 1];
    for t in code.iter().filter_map(Instr::jumps_to) {
        if let Some(l) = landed.get_mut(t) {
            *l = true;
        }
    }
    let mut out = vec![None; code.len()];
    let mut pc = 0;
    while pc < code.len() {
        let Some(first) = pair(code, pc) else {
            pc += 1;
            continue;
        };
        if landed[pc + 1] {
            pc += 1;
            continue;
        }
        let mut end = pc + 2;
        let mut count = u64::from(first.count);
        while end + 1 < code.len() && !landed[end] && !landed[end + 1] {
            match pair(code, end) {
                Some(p) if p == first => {
                    count += u64::from(first.count);
                    end += 2;
                }
                _ => break,
            }
        }
        let dead = |slot: usize| program.live_in.get(end).is_some_and(|l| !l.contains(slot));
        let pairs = (end - pc) / 2;
        if pairs >= 2 && dead(first.obs) && dead(first.thrown) {
            if let Ok(count) = u32::try_from(count) {
                out[pc] = Some(Run {
                    count,
                    assign: end - 1,
                });
            }
        }
        pc = end;
    }
    out
}

/// One pair of a run: what must be alike from pair to pair.
#[derive(Clone, Copy, PartialEq)]
struct Pair<'a> {
    thrown: usize,
    count: u32,
    sides: u32,
    obs: usize,
    face: &'a Expr,
    acc: usize,
}

/// The pair of a counting throw and its addition at `pc`, if there is one.
fn pair(code: &[Instr], pc: usize) -> Option<Pair<'_>> {
    let Some(&Throw {
        slot: thrown,
        count,
        sides,
        observe: Some(ref p),
        until: None,
        ..
    }) = code.get(pc)?.as_throw()
    else {
        return None;
    };
    let [(obs, e)] = &p.observations[..] else {
        return None;
    };
    let (counted, face) = compiled::count_of(e)?;
    if counted != thrown {
        return None;
    }
    let (acc, value) = code.get(pc + 1)?.as_assign()?;
    let (x, y) = compiled::sum_of_two(value)?;
    let summed = (x == acc && y == *obs) || (x == *obs && y == acc);
    let distinct = acc != *obs && acc != thrown;
    if !summed || !distinct || [acc, *obs, thrown].iter().any(|&s| face.reads(s)) {
        return None;
    }
    Some(Pair {
        thrown,
        count,
        sides,
        obs: *obs,
        face,
        acc,
    })
}

/// Whether the run at `pc` may be fused while `coverage` is recorded: no
/// probe asks about a step inside it (the lints' probes see states as the
/// plain run has them). Its steps are then marked reached, as every state
/// reaching the first reaches them all.
pub(super) fn covered(coverage: Option<&mut Coverage>, pc: usize, run: Run) -> bool {
    let Some(c) = coverage else {
        return true;
    };
    let inside = pc + 1..=run.assign;
    if c.probes.iter().any(|p| inside.contains(&p.at)) {
        return false;
    }
    for reached in c.reached.get_mut(pc..=run.assign).into_iter().flatten() {
        *reached = true;
    }
    true
}

impl Machine<'_> {
    /// Throws the run at `pc` for one state as one throw of all its dice,
    /// each result going on from the run's last addition.
    pub(super) fn throw_fused(
        &mut self,
        pc: usize,
        run: Run,
        env: &[Value],
        weight: &Weight,
        next: &mut [Value],
        outcomes: &mut Ends,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let Some(mut dice) = program.code[pc].as_throw().map(Dice::of) else {
            return Err(EvalError::Internal {
                what: "a fused run that starts with no throw",
                span: program.round_span,
            });
        };
        dice.count = run.count;
        // The results' weights are counted as work before they are made:
        // `count + 1` counts of the face, each a number of about
        // `count * log2(sides)` bits. A run of thousands of big throws is
        // refused by the work limit, as thrown one by one it would be,
        // not grown until memory runs out.
        let bits = f64::from(run.count) * f64::from(dice.sides.max(2)).log2();
        let words = (bits / 64.0).ceil() as u64 + 1;
        self.work = self
            .work
            .saturating_add(u64::from(run.count).saturating_add(1).saturating_mul(words));
        if self.work > self.limits.max_work() {
            return Err(self.work_limit());
        }
        let results = self
            .throws
            .results(program, dice, env, self.limits.max_states)?;
        // Every result's weight over one denominator, shared, as the
        // results of a plain throw share theirs: the ends they reach then
        // add by one pass over their numerators.
        let (n, d) = match weight {
            Weight::Small(n, d) => (BigUint::from(*n), BigUint::from(*d)),
            Weight::Wide(n, d) => (n.to_big(), (**d).clone()),
        };
        let total = pool::total(run.count, dice.sides);
        let den = Arc::new(d * &total);
        for r in results.iter() {
            self.land(env, r, next)?;
            let scaled = match &r.factor {
                Factor::Wide(ways, t) if *t == total => {
                    Weight::Wide(Nat::from_big(&(&n * ways)), den.clone())
                }
                _ => weight.scaled(&r.factor),
            };
            self.advance(run.assign, next, &scaled, &Factor::one(), outcomes)?;
        }
        Ok(())
    }
}
