//! What an exact evaluation reached, for the lints ([`crate::lint`]).
//!
//! The exact evaluator runs every state a round can be in, each with a
//! positive weight, so what it never ran no round can run: a step no state
//! reaches, a branch whose condition never holds, an `until` that keeps
//! every result. [`exact::evaluate_covered`](super::exact::evaluate_covered)
//! records that as it goes, over every option of a choice.
//!
//! A [`Probe`] asks more: at one step, which of a list of conditions hold
//! together. The lints put one at the first of several rules written one
//! after another, with the conditions of them all, to learn whether two of
//! them take the same round.
//!
//! The lookups of draw tables are recorded too: at each step that looks a
//! table up, the row and column values of every state coming there.

use std::collections::BTreeSet;

use rustc_hash::FxHashSet;

use super::compiled::Compiled;
use super::value::{Context, Value};
use crate::program::{Expr, Program};

/// The most conditions one probe tests (one bit each).
pub const MAX_PROBED: usize = 64;

/// Conditions to test on every state that reaches step `at`, before the
/// step runs. Each must read only values live at `at`; a condition whose
/// evaluation fails there (a `mod` by zero, a table without the cell) counts
/// as not holding.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    pub at: usize,
    /// At most [`MAX_PROBED`]; later ones are ignored.
    pub conditions: Vec<Expr>,
}

/// What the evaluation reached.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    /// For each step: whether some state ran it.
    pub reached: Vec<bool>,
    /// For each branch step: whether its condition held for some state,
    /// and whether it failed for some state.
    pub branched: Vec<[bool; 2]>,
    /// For each throw with `until`: whether some result failed the
    /// condition, so that the dice were thrown again.
    pub rerolled: Vec<bool>,
    pub probes: Vec<Probe>,
    /// For each probe, every combination of its conditions that held
    /// together on some state (bit `i` for condition `i`).
    together: Vec<FxHashSet<u64>>,
    /// The combination each probe found last: most states coming to a
    /// step one after another find the same.
    last: Vec<Option<u64>>,
    /// Each probe's conditions, compiled.
    compiled: Vec<Vec<Compiled>>,
    /// The probes at each step, by index.
    probes_at: Vec<Vec<usize>>,
    /// The draw tables each step looks up: the table, and its row and
    /// column, each compiled.
    lookups_at: Vec<Vec<Lookup>>,
    /// Whether a step has probes or lookups.
    watched: Vec<bool>,
    /// For each draw table, the (row, column) values it was looked up with.
    looked_up: Vec<FxHashSet<(i64, i64)>>,
    /// The values each table was looked up with last.
    last_lookup: Vec<Option<(i64, i64)>>,
    /// For each draw table, whether some lookup of it is not recorded (in
    /// an `until`, tested after the dice land), so that `looked_up` may
    /// miss some.
    pub unrecorded: Vec<bool>,
    /// Every way a round ended, under any option: its outcome and the
    /// values of `Program::finals`.
    pub ends: BTreeSet<(Option<usize>, Vec<Option<i64>>)>,
}

impl Coverage {
    /// Nothing reached yet, with `probes` to test.
    pub fn new(program: &Program, probes: Vec<Probe>) -> Coverage {
        let steps = program.code.len();
        let mut probes_at = vec![Vec::new(); steps];
        for (i, p) in probes.iter().enumerate() {
            if let Some(at) = probes_at.get_mut(p.at) {
                at.push(i);
            }
        }
        let mut unrecorded = vec![false; program.tables.len()];
        let lookups_at: Vec<Vec<Lookup>> = program
            .code
            .iter()
            .map(|instr| {
                let mut found = Vec::new();
                if let Some(e) = instr.expr() {
                    lookups(e, &mut found);
                }
                if let Some((table, row, column)) = instr.as_cell() {
                    found.push(Lookup::new(table, row, column));
                }
                if let Some(e) = instr.as_throw().and_then(|t| t.until.as_ref()) {
                    let mut missed = Vec::new();
                    lookups(e, &mut missed);
                    for l in missed {
                        if let Some(u) = unrecorded.get_mut(l.table) {
                            *u = true;
                        }
                    }
                }
                found
            })
            .collect();
        let watched = (0..steps)
            .map(|pc| !probes_at[pc].is_empty() || !lookups_at[pc].is_empty())
            .collect();
        Coverage {
            lookups_at,
            watched,
            looked_up: vec![FxHashSet::default(); program.tables.len()],
            last_lookup: vec![None; program.tables.len()],
            unrecorded,
            reached: vec![false; steps],
            branched: vec![[false; 2]; steps],
            rerolled: vec![false; steps],
            together: vec![FxHashSet::default(); probes.len()],
            last: vec![None; probes.len()],
            compiled: probes
                .iter()
                .map(|p| {
                    let conditions = p.conditions.iter().take(MAX_PROBED);
                    conditions.map(Compiled::new).collect()
                })
                .collect(),
            probes,
            probes_at,
            ends: BTreeSet::new(),
        }
    }

    /// A state runs step `pc`: records it, tests the probes there and
    /// records its lookups.
    #[inline]
    pub(super) fn reach(&mut self, pc: usize, context: Context, env: &[Value]) {
        self.reached[pc] = true;
        if self.watched[pc] {
            self.watch(pc, context, env);
        }
    }

    #[inline(never)]
    fn watch(&mut self, pc: usize, context: Context, env: &[Value]) {
        for l in &self.lookups_at[pc] {
            // A lookup the step skips (after an `and` that fails) may be
            // recorded, or fail here: findings may be missed, never made up.
            let row = l.compiled.0.value(context, env, &l.row);
            let column = l.compiled.1.value(context, env, &l.column);
            if let (Ok(Value::Int(r)), Ok(Value::Int(c))) = (row, column) {
                if self.last_lookup[l.table] != Some((r, c)) {
                    self.last_lookup[l.table] = Some((r, c));
                    self.looked_up[l.table].insert((r, c));
                }
            }
        }
        for &i in &self.probes_at[pc] {
            let mut mask = 0u64;
            let conditions = self.probes[i].conditions.iter();
            for (bit, (cond, compiled)) in conditions.zip(&self.compiled[i]).enumerate() {
                if compiled.holds(context, env, cond).unwrap_or(false) {
                    mask |= 1 << bit;
                }
            }
            if self.last[i] != Some(mask) {
                self.last[i] = Some(mask);
                self.together[i].insert(mask);
            }
        }
    }

    /// Adds the slots the probes at step `pc` read.
    pub(super) fn probe_reads(&self, pc: usize, out: &mut Vec<usize>) {
        for &i in self.probes_at.get(pc).into_iter().flatten() {
            for cond in self.probes[i].conditions.iter().take(MAX_PROBED) {
                cond.slots_read(out);
            }
        }
    }

    /// The (row, column) values draw table `t` was looked up with, in
    /// order.
    pub fn looked_up(&self, t: usize) -> Vec<(i64, i64)> {
        let mut pairs: Vec<(i64, i64)> = self
            .looked_up
            .get(t)
            .into_iter()
            .flatten()
            .copied()
            .collect();
        pairs.sort_unstable();
        pairs
    }

    /// Every combination of probe `i`'s conditions that held together on
    /// some state (bit `j` for condition `j`), in order.
    pub fn together(&self, i: usize) -> Vec<u64> {
        let mut masks: Vec<u64> = self
            .together
            .get(i)
            .into_iter()
            .flatten()
            .copied()
            .collect();
        masks.sort_unstable();
        masks
    }

    /// The branch at `pc` went one way.
    #[inline]
    pub(super) fn branch(&mut self, pc: usize, held: bool) {
        self.branched[pc][usize::from(!held)] = true;
    }

    /// An end of an evaluation (its outcome, and the final values first
    /// among its values), added to those of the others.
    pub(super) fn add_end(
        &mut self,
        program: &Program,
        outcome: Option<usize>,
        values: &[Option<i64>],
    ) {
        let finals = program.finals.len();
        let values = values.iter().take(finals).copied().collect();
        self.ends.insert((outcome, values));
    }
}

/// A lookup of a draw table at some step.
#[derive(Clone, Debug)]
struct Lookup {
    table: usize,
    row: Expr,
    column: Expr,
    compiled: (Compiled, Compiled),
}

impl Lookup {
    fn new(table: usize, row: &Expr, column: &Expr) -> Lookup {
        Lookup {
            table,
            row: row.clone(),
            column: column.clone(),
            compiled: (Compiled::new(row), Compiled::new(column)),
        }
    }
}

/// The draw-table lookups in `e`.
fn lookups(e: &Expr, found: &mut Vec<Lookup>) {
    if let Some((t, row, column)) = e.as_table() {
        found.push(Lookup::new(t, row, column));
    }
    for child in e.children() {
        lookups(child, found);
    }
}
