//! A shoe's last draw whose hand the rest of the round reads only through
//! a few expressions: the hands dealt to a state are grouped by the values
//! of those expressions, and each group goes on once, with one of its hands
//! and the chances of all of them. Two hands alike in every expression that
//! reads the hand lead to the same future, so the round runs on once per
//! group rather than once per hand: three card poker's dealer deals 18,424
//! hands to each state, which go on as a few dozen.
//!
//! An expression is read where the round reads it, but its value is
//! computed when the cards are dealt: that is its value there only if
//! nothing it reads besides the hand changes in between. So every other
//! name it reads must be written nowhere after the draw, and the hand's
//! name nowhere else; a name bound right after the draw from the cards
//! (`let hand = category(mine + river)`, then `hand is pair and ...`) is
//! read as its expression. An expression that fails to evaluate at the deal
//! (`mod 0`, an overflow) counts as one more value: where the round does
//! read it, it fails alike for every hand of the group, as it would for each.
//!
//! The groups depend only on the cards dealt before and on the other names
//! the expressions read, so they are remembered by those: the states a
//! choice's options lead to, alike in what the expressions read, are dealt
//! once (three card poker's play and fold). And an expression's parts that
//! read only the hand (`poker(dealer)`) are computed once per hand for the
//! whole evaluation, those that read only the other names (`poker(player)`)
//! once per state: what is left to compute for each hand of each state
//! reads both (`category(player + dealer)`, `poker(player) >
//! poker(dealer)` with both sides looked up), the common shapes of it read
//! without the tree evaluator (`Quick`). Where a part fails to
//! evaluate, the expressions are evaluated whole for that hand, so that
//! what fails is what the round would evaluate.

use std::rc::Rc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::counted::Counted;
use super::residual::{lift, Group, Lifted, Quick, Values};
use crate::eval::observe::{Dealt, Throws};
use crate::eval::value::{eval, Context, Value};
use crate::eval::EvalError;
use crate::program::{Draw, Expr, Program};

/// The most groups remembered at once, of all states: past it the memory
/// is emptied and fills again. A group takes about a hundred bytes, so
/// this bounds the memory at about 100 MB.
const REMEMBERED: usize = 1_000_000;

/// The expressions after a last draw that read its hand, and what is
/// remembered of them.
pub(super) struct Observed {
    shape: Shape,
    /// The slots the draw and the expressions read besides the hand: a
    /// state's groups are remembered by their values.
    key: Vec<usize>,
    /// For each hand met, the values of the parts that read only it.
    by_hand: ByHand,
    /// For each state met, by the values of [`Observed::key`], its groups.
    groups: FxHashMap<SmallVec<[Value; 8]>, Rc<[Group]>>,
    /// The groups in [`Observed::groups`], of all states.
    remembered: usize,
    /// Where the hand is read only as part of a five-card poker hand, the
    /// expressions so (see [`counted`](super::counted)): its groups are
    /// counted, not listed.
    counted: Option<Counted>,
}

/// The expressions, as the round reads them and with their parts computed
/// apart.
struct Shape {
    /// The hand's slot.
    hand: usize,
    /// The expressions as the round reads them.
    exprs: Vec<Expr>,
    /// The same, their parts reading only the hand or only other names
    /// replaced by slots past the round's own: `lifted[i]` in slot
    /// `base + i`.
    residual: Vec<Expr>,
    lifted: Vec<Lifted>,
    /// Each of `residual` in the shape evaluated for every hand, where it
    /// has one of the few the parts leave (see [`Quick`]).
    quick: Vec<Quick>,
    base: usize,
    /// The slots of the lifted parts that read the hand, in order.
    hand_slots: Vec<usize>,
}

/// The expressions reading the hand of the draw at `pc`, when the round
/// reads it only through expressions whose other names stay as they are
/// (see the module); `None` otherwise.
pub(super) fn observed(program: &Program, pc: usize) -> Option<Observed> {
    let draw = program.code.get(pc)?.as_draw()?;
    let hand = draw.slot;
    if program.finals.iter().any(|f| f.slot == hand) {
        return None;
    }
    let mut exprs: Vec<Expr> = Vec::new();
    for (j, instr) in program.code.iter().enumerate() {
        if (j != pc && instr.writes().contains(&hand)) || instr.knows().contains(&hand) {
            return None;
        }
        // A throw's `until` or observations reading the hand are not
        // expressions read where the round reads them; a draw table's row
        // and column are read together.
        let read = instr.exprs();
        if read.iter().any(|e| e.reads(hand)) {
            if instr.as_throw().is_some() {
                return None;
            }
            exprs.extend(read.into_iter().cloned());
        }
    }
    // Names bound right after the draw from what it deals (`let hand =
    // category(mine + river)`) are read as their expressions.
    let defined = bound_after(program, pc, hand);
    for e in &mut exprs {
        e.substitute(&defined);
    }
    let mut context = Vec::new();
    for e in &exprs {
        e.slots_read(&mut context);
    }
    context.retain(|&s| s != hand);
    let changed = program.code[pc + 1..]
        .iter()
        .any(|instr| instr.writes().iter().any(|w| context.contains(w)));
    if changed {
        return None;
    }
    let base = program.slots.len();
    let mut lifted = Vec::new();
    let mut residual = exprs.clone();
    for e in &mut residual {
        lift(e, hand, base, &mut lifted);
    }
    let hand_slots = (lifted.iter().enumerate())
        .filter(|(_, part)| part.reads_hand)
        .map(|(i, _)| base + i)
        .collect();
    let mut key = vec![draw.dealt];
    key.extend(context);
    key.sort_unstable();
    key.dedup();
    Some(Observed {
        counted: Counted::new(program, draw, &exprs, base),
        shape: Shape {
            hand,
            exprs,
            quick: residual.iter().map(Quick::of).collect(),
            residual,
            lifted,
            base,
            hand_slots,
        },
        key,
        by_hand: ByHand::default(),
        groups: FxHashMap::default(),
        remembered: 0,
    })
}

/// The names bound by the steps right after the draw at `pc`, before any
/// branch or jump target, from expressions reading its `hand`, each with
/// its expression (those of the names before it in place), where nothing
/// else in the round binds it: wherever the round reads such a name, it
/// holds that expression's value for the cards just dealt.
fn bound_after(program: &Program, pc: usize, hand: usize) -> Vec<(usize, Expr)> {
    let mut defined: Vec<(usize, Expr)> = Vec::new();
    let jumped_to = program.jumped_to();
    for (q, instr) in program.code.iter().enumerate().skip(pc + 1) {
        let Some((slot, value)) = instr.as_assign() else {
            break;
        };
        if jumped_to[q] {
            break;
        }
        if program.written_once(slot) && value.reads(hand) {
            let mut value = value.clone();
            value.substitute(&defined);
            defined.push((slot, value));
        }
    }
    defined
}

impl Observed {
    /// The groups of the hands the draw deals to the state `env`,
    /// remembered by what they depend on (see the module).
    pub(super) fn groups(
        &mut self,
        program: &Program,
        throws: &mut Throws,
        draw: &Draw,
        env: &[Value],
    ) -> Result<Rc<[Group]>, EvalError> {
        // Counted, the groups are as quick to count again as to look up.
        if let Some(counted) = &mut self.counted {
            if let Some(groups) = counted.groups(program, throws, draw, env) {
                return Ok(groups.into());
            }
        }
        let key: SmallVec<[Value; 8]> = self.key.iter().map(|&s| env[s]).collect();
        if let Some(groups) = self.groups.get(&key) {
            return Ok(groups.clone());
        }
        let mut scratch = env.to_vec();
        scratch.resize(self.shape.base + self.shape.lifted.len(), Value::Unset);
        // The parts that read only other names, once for the state.
        let mut whole = false;
        let c = Context {
            program,
            pools: &throws.pools,
        };
        for (i, part) in self.shape.lifted.iter().enumerate() {
            if !part.reads_hand {
                match eval(c, &scratch, &part.expr) {
                    Ok(v) => scratch[self.shape.base + i] = v,
                    Err(_) => whole = true,
                }
            }
        }
        // The rest for each hand, the hands in runs on every core, each
        // run's groups then joined in the order of the hands; the parts
        // that read only the hand once for each hand.
        let (shape, by_hand) = (&self.shape, &self.by_hand);
        let runs = throws.deal_runs(program, draw, env, RUN, |pools, hands| {
            let c = Context { program, pools };
            shape.group(by_hand, c, scratch.clone(), whole, hands)
        })?;
        let mut runs_groups = Vec::with_capacity(runs.len());
        for (groups, parts) in runs {
            for (hand, parts) in parts {
                self.by_hand.insert(hand, parts);
            }
            runs_groups.push(groups);
        }
        let runs = runs_groups;
        let mut index: FxHashMap<Values, usize> = FxHashMap::default();
        let mut groups: Vec<Group> = Vec::new();
        for group in runs.into_iter().flatten() {
            match index.get(&group.values) {
                Some(&g) => groups[g].factor.add(&group.factor),
                None => {
                    index.insert(group.values.clone(), groups.len());
                    groups.push(group);
                }
            }
        }
        let groups: Rc<[Group]> = groups.into();
        self.remembered += groups.len();
        if self.remembered > REMEMBERED {
            self.groups.clear();
            self.remembered = groups.len();
        }
        self.groups.insert(key, groups.clone());
        Ok(groups)
    }
}

impl Shape {
    /// The groups of the hands `run`, in the order of their first hands:
    /// `scratch` holds the state and the values of the parts reading only
    /// other names (`whole` where one of them failed).
    fn group(
        &self,
        by_hand: &ByHand,
        c: Context,
        mut scratch: Vec<Value>,
        whole: bool,
        run: &mut dyn Iterator<Item = Dealt>,
    ) -> (Vec<Group>, Vec<(Value, Option<Values>)>) {
        let mut index: FxHashMap<Values, usize> = FxHashMap::default();
        let mut groups: Vec<Group> = Vec::new();
        let mut values = Values::new();
        let mut met = Vec::new();
        let mut last = 0;
        for d in run {
            scratch[self.hand] = d.hand;
            let parts = match by_hand.get(d.hand) {
                Some(parts) => parts.as_ref(),
                None => {
                    let parts: Option<Values> = (self.lifted.iter())
                        .filter(|part| part.reads_hand)
                        .map(|part| eval(c, &scratch, &part.expr).ok())
                        .collect();
                    met.push((d.hand, parts));
                    met.last().and_then(|(_, p)| p.as_ref())
                }
            };
            values.clear();
            match (parts, whole) {
                (Some(parts), false) => {
                    for (&slot, &v) in self.hand_slots.iter().zip(parts.iter()) {
                        scratch[slot] = v;
                    }
                    for (e, quick) in self.residual.iter().zip(&self.quick) {
                        values.push(quick.value(c, &scratch, e));
                    }
                }
                _ => {
                    for e in &self.exprs {
                        values.push(eval(c, &scratch, e).unwrap_or(Value::Unset));
                    }
                }
            }
            // Hands dealt one after another differ in a card or two, and
            // often fall in the group of the one before: tried before the
            // hash.
            let found = match groups.get(last) {
                Some(g) if g.values == values => Some(last),
                _ => index.get(&values).copied(),
            };
            match found {
                Some(g) => {
                    groups[g].factor.add(&d.factor);
                    last = g;
                }
                None => {
                    last = groups.len();
                    index.insert(values.clone(), groups.len());
                    groups.push(Group {
                        values: values.clone(),
                        factor: d.factor.clone(),
                        hand: d.hand,
                    });
                }
            }
        }
        (groups, met)
    }
}

/// The hands grouped on one core at a time: enough that a run's work
/// (about a millisecond) outweighs handing it to another core.
const RUN: usize = 2_048;

/// The values of the parts reading only the hand, for each hand met
/// (`None` where one fails): by its interned multiset's number, counted from
/// the first met (a draw's hands are interned together, so their numbers
/// are dense), for at most [`DENSE`] numbers; any other in a map.
#[derive(Default)]
struct ByHand {
    first: Option<u32>,
    pools: Vec<Option<Option<Values>>>,
    others: FxHashMap<Value, Option<Values>>,
}

/// The most hands [`ByHand`] keeps in a table by number: about 80 bytes a
/// hand, and a draw lists at most a million hands (`observe::MAX_LISTED`).
const DENSE: usize = 1 << 20;

impl ByHand {
    /// The hand's place in the table, if it has one.
    fn place(&self, hand: Value) -> Option<usize> {
        match (hand, self.first) {
            (Value::Pool(id), Some(first)) => {
                let i = id.checked_sub(first)? as usize;
                (i < DENSE).then_some(i)
            }
            _ => None,
        }
    }

    /// The values for `hand`, if computed.
    fn get(&self, hand: Value) -> Option<&Option<Values>> {
        match self.place(hand) {
            Some(i) => self.pools.get(i)?.as_ref(),
            None => self.others.get(&hand),
        }
    }

    fn insert(&mut self, hand: Value, parts: Option<Values>) {
        if let (None, Value::Pool(id)) = (self.first, hand) {
            self.first = Some(id);
        }
        match self.place(hand) {
            Some(i) => {
                if self.pools.len() <= i {
                    self.pools.resize(i + 1, None);
                }
                self.pools[i] = Some(parts);
            }
            None => {
                self.others.insert(hand, parts);
            }
        }
    }
}
