//! The decisions of a round as the exact evaluation meets them (the game
//! in sequence form), and the strategies [`crate::solve`] finds for them.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::eval::value::Value;
use crate::eval::weight::Weight;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::{Decision, Program};

/// The information sets of a round's decisions, as the exact evaluation
/// meets them.
///
/// A side's choices so far are its *sequence*: 0 before any, else the
/// number of its last (information set, option). The evaluation takes every
/// option of every decision with weight 1, and records at each end the
/// sequence of each side: the game in sequence form.
#[derive(Clone, Debug, Default)]
pub struct Decisions {
    pub infosets: Vec<InfoSet>,
    /// How many sequences each side has, the empty one included.
    pub sequences: Vec<u32>,
    pub(super) index: FxHashMap<(usize, SmallVec<[i64; 4]>), usize>,
    /// For a lone side: the states (the values live at the choice, its
    /// sequence and what only a `--show` keeps aside) in which it comes to
    /// each information set, with
    /// their weights, by the sequence it comes with (see [`Decisions::forgets_nothing`]).
    pub(super) arrivals: FxHashMap<(usize, u32), FxHashMap<State, Weight>>,
    /// The situations of the decisions solved where they stand
    /// (`program::local`), apart from the sequence form.
    pub local: Vec<LocalInfo>,
    pub(super) local_index: FxHashMap<(usize, SmallVec<[i64; 4]>), usize>,
    /// The options of `local`, summed (of `unlisted`, each arrival's).
    pub(super) local_options: usize,
    /// The decisions solved where they stand come to in more than
    /// [`MOST_LISTED_HERE`] situations: those situations, kept apart from
    /// `local` and smaller (each decision's at most once).
    pub unlisted: Vec<Unlisted>,
    /// The situations of each decision (by index) in `local`.
    pub(super) listed_here: FxHashMap<usize, usize>,
    /// For each of `Program::finals`, the values the options of the
    /// decisions solved where they stand end with, the options not taken
    /// too (see [`Solution::finals_met`]).
    pub finals_met: Vec<std::collections::BTreeSet<i64>>,
}

/// A situation of a decision solved where it stands: its chooser knows the
/// whole state, so each option's value is that of the option's rest of the
/// round from the state.
#[derive(Clone, Debug)]
pub struct LocalInfo {
    /// Index into `Program::decisions`.
    pub decision: usize,
    /// The values the chooser knows.
    pub key: Vec<i64>,
    pub side: usize,
    /// The chance of coming here, by the side's sequence on arrival (every
    /// option of its earlier decisions taken with weight 1).
    pub parents: Vec<(u32, Weight)>,
    /// Each option's value from here.
    pub values: Vec<Exact>,
}

impl LocalInfo {
    /// The option taken: the first of the best.
    pub fn taken(&self) -> usize {
        let top = self.values.iter().max();
        self.values.iter().position(|v| Some(v) == top).unwrap_or(0)
    }
}

/// The most situations of one decision solved where it stands that the
/// evaluation keeps whole, with their options' values and chances of
/// coming there ([`LocalInfo`]), and the report lists; past it, each
/// situation keeps what the chooser knows and the option taken
/// ([`Unlisted`]): caribbean stud's player comes to about five million.
pub const MOST_LISTED_HERE: usize = 100_000;

/// The situations of a decision solved where it stands, past
/// [`MOST_LISTED_HERE`] of them: what the chooser knows in each and the
/// option it takes there (its best, the first of equally good ones), but
/// neither the options' values nor the chance of coming there.
#[derive(Clone, Debug, Default)]
pub struct Unlisted {
    /// Index into `Program::decisions`.
    pub decision: usize,
    pub side: usize,
    /// How many values the chooser knows: each key's length.
    pub width: usize,
    /// The keys, end to end; in the order met (a situation once for each
    /// time the evaluation comes to it), then, in a [`Solution`], sorted
    /// and each once.
    pub keys: Vec<i64>,
    /// The option taken at each key, by its index among those offered.
    pub taken: Vec<u32>,
}

impl Unlisted {
    /// The option taken where the chooser knows `key`, by its index among
    /// those offered; `None` for a key never met.
    pub fn option(&self, key: &[i64]) -> Option<usize> {
        if key.len() != self.width || self.width == 0 {
            return None;
        }
        let (mut lo, mut hi) = (0, self.taken.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            match self.key(mid).cmp(key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => return Some(self.taken[mid] as usize),
            }
        }
        None
    }

    /// The option taken in situation `i`, by its index among the options
    /// of `decision` (this one's), not only those offered there.
    pub fn taken_at(&self, decision: &Decision, i: usize) -> Option<usize> {
        decision.offered(self.key(i)).nth(self.taken[i] as usize)
    }

    /// The key of situation `i`.
    pub fn key(&self, i: usize) -> &[i64] {
        &self.keys[i * self.width..(i + 1) * self.width]
    }

    /// How many situations.
    pub fn len(&self) -> usize {
        self.taken.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.taken.is_empty()
    }

    /// Sorted by key, each situation once.
    pub fn sorted(&self) -> Unlisted {
        let mut order: Vec<usize> = (0..self.len()).collect();
        order.sort_by(|&a, &b| self.key(a).cmp(self.key(b)));
        order.dedup_by(|a, b| self.key(*a) == self.key(*b));
        Unlisted {
            keys: order
                .iter()
                .flat_map(|&i| self.key(i).iter().copied())
                .collect(),
            taken: order.iter().map(|&i| self.taken[i]).collect(),
            ..*self
        }
    }
}

/// A state of the round at a choice: the values live there, the chooser's
/// sequence aside.
pub(super) type State = SmallVec<[Value; 8]>;

/// A decision as its chooser sees it: the statement and the known values.
#[derive(Clone, Debug)]
pub struct InfoSet {
    /// Index into `Program::decisions`.
    pub decision: usize,
    /// The values the chooser knows, in the decision's `knowing` order.
    pub key: Vec<i64>,
    pub side: usize,
    /// The side's sequence when it first came here: its sequence whenever
    /// it comes here, under perfect recall.
    pub parent: u32,
    /// Every sequence of the side's on arriving here, with the chance of
    /// coming here with it (every option taken with weight 1). Only a lone
    /// side may come with several, when it forgets nothing that matters
    /// (`Decisions::forgets_nothing`).
    pub parents: Vec<(u32, Weight)>,
    /// The sequence of option 0; option `a` is `first + a`.
    pub first: u32,
    pub options: usize,
    /// The chance of coming here, by the other side's sequence on arrival.
    pub reach: Vec<(u32, Weight)>,
}

/// How the decisions were solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One side chooses: its best strategy.
    Best,
    /// Two sides, zero-sum: the value of the game for the first side.
    ZeroSum { value: Exact },
    /// Two sides, not zero-sum: an equilibrium.
    GeneralSum,
}

/// The strategies solved for, information set by information set.
#[derive(Clone, Debug)]
pub struct Solution {
    pub kind: Kind,
    /// The bet of each side, by index into `Program::bets`.
    pub sides: Vec<usize>,
    /// In the order the evaluation met them.
    pub infosets: Vec<InfoSetReport>,
    /// The decisions solved where they stand in more than
    /// [`MOST_LISTED_HERE`] situations, which `infosets` leaves out: their
    /// situations sorted by key, each once, the best option taken in each.
    pub unlisted: std::sync::Arc<Vec<Unlisted>>,
    /// For each of `Program::finals`, the values it ends with under any
    /// strategy (every option of every decision, where the solved
    /// distribution keeps only what the strategies reach), ascending: what
    /// a person at a table may come to by choosing otherwise.
    pub finals_met: Vec<Vec<i64>>,
}

/// One information set: where it is, how often it is reached, and each
/// option's value and probability.
#[derive(Clone, Debug)]
pub struct InfoSetReport {
    /// Index into `Program::decisions`.
    pub decision: usize,
    pub side: usize,
    /// The values the chooser knows.
    pub key: Vec<i64>,
    /// The probability of coming here under the strategies solved for.
    pub reach: Exact,
    pub options: Vec<OptionReport>,
}

#[derive(Clone, Debug)]
pub struct OptionReport {
    /// The expected net of the side's bet per unit staked, given that the
    /// round comes here and the side takes this option, against the other
    /// side's strategy (and its own elsewhere); `None` where the other
    /// side's strategy never lets the round come here.
    pub value: Option<Exact>,
    /// The probability the strategy gives it.
    pub probability: Exact,
    /// Whether it is a best response here.
    pub best: bool,
}

impl Decisions {
    /// Keeps the situations of `decision` (of `side`, its keys `width`
    /// long) in `local` as [`Unlisted`] from now on.
    pub(super) fn unlist(&mut self, decision: usize, side: usize, width: usize) {
        let mut unlisted = Unlisted {
            decision,
            side,
            width,
            ..Unlisted::default()
        };
        self.local.retain(|info| {
            if info.decision != decision {
                return true;
            }
            unlisted.keys.extend_from_slice(&info.key);
            unlisted.taken.push(info.taken() as u32);
            false
        });
        self.local_index = (self.local.iter().enumerate())
            .map(|(i, info)| ((info.decision, info.key.iter().copied().collect()), i))
            .collect();
        self.unlisted.push(unlisted);
    }

    /// Whether a lone side that comes to an information set with several
    /// sequences of its own forgets nothing that matters there: the states
    /// of the round it may be in have the same chances, up to a common
    /// factor, whatever it chose before. The round's future depends only on
    /// its state, so the side's past then changes neither what each option
    /// is worth nor how likely it is to come there, and one strategy per
    /// information set is as good as one that remembers (blackjack: a hard
    /// 15 after hitting a 10 or a 12 deals the same cards). A state is
    /// taken up to what its future cannot tell apart (`Machine::canonical`):
    /// mississippi stud's player who knows `mine + flop + turn` comes to the
    /// same four cards whichever came last, and the round reads them only
    /// together from there. Otherwise the game as written forgets:
    /// `dice::eval::imperfect_recall`. The states recorded for the check
    /// are dropped.
    pub(super) fn forgets_nothing(&mut self, program: &Program) -> Result<(), EvalError> {
        // A side that comes back to a situation on one path, after choosing
        // there, forgets it was there (a `choose` in a loop whose chooser
        // knows the same at two passes): no sequence form has it.
        if let Err(id) = self.parents_first() {
            let d = &program.decisions[self.infosets[id].decision];
            return Err(EvalError::ImperfectRecall {
                name: d.name.clone(),
                span: d.span,
            });
        }
        let arrivals = std::mem::take(&mut self.arrivals);
        for (id, info) in self.infosets.iter().enumerate() {
            let [(first, _), rest @ ..] = info.parents.as_slice() else {
                continue;
            };
            if rest.is_empty() {
                continue;
            }
            let states = |parent: u32| arrivals.get(&(id, parent));
            let scaled = |parent: u32| -> Option<Vec<(&State, Exact)>> {
                let states = states(parent)?;
                // One state (the common case: mississippi stud's four cards
                // whichever came last) is all of its parent's chance.
                if states.len() == 1 {
                    let (state, w) = states.iter().next()?;
                    return (!w.is_zero()).then(|| vec![(state, Exact::one())]);
                }
                let total = states
                    .values()
                    .fold(Exact::zero(), |sum, w| &sum + &w.to_exact());
                if total.is_zero() {
                    return None;
                }
                let mut out: Vec<_> = states
                    .iter()
                    .map(|(k, w)| (k, &w.to_exact() / &total))
                    .filter(|(_, w)| !w.is_zero())
                    .collect();
                out.sort_by(|a, b| a.0.cmp(b.0));
                Some(out)
            };
            let reference = scaled(*first);
            if rest.iter().any(|(p, _)| scaled(*p) != reference) {
                let d = &program.decisions[info.decision];
                return Err(EvalError::ImperfectRecall {
                    name: d.name.clone(),
                    span: d.span,
                });
            }
        }
        Ok(())
    }
}

impl Decisions {
    /// For each side, the information set each of its sequences is an
    /// option of (`usize::MAX` for the empty sequence).
    fn owners(&self) -> [Vec<usize>; 2] {
        let mut owner: [Vec<usize>; 2] = [Vec::new(), Vec::new()];
        for (i, info) in self.infosets.iter().enumerate() {
            let own = &mut owner[info.side.min(1)];
            let end = info.first as usize + info.options;
            if own.len() < end {
                own.resize(end, usize::MAX);
            }
            own[info.first as usize..end].fill(i);
        }
        owner
    }

    /// The information sets, each after every set one of whose options is
    /// a parent sequence of it (Kahn's algorithm): the order the sequence
    /// form solves them in (a `choose` in a loop is one decision met at
    /// every pass, so the order of the decisions in the round does not
    /// tell). Where there is none, a set its side comes back to after an
    /// option of its own or of a later one.
    pub(crate) fn parents_first(&self) -> Result<Vec<usize>, usize> {
        let n = self.infosets.len();
        let owner = self.owners();
        let mut children: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut waiting = vec![0usize; n];
        for (i, info) in self.infosets.iter().enumerate() {
            let mut parents: Vec<u32> = std::iter::once(info.parent)
                .chain(info.parents.iter().map(|p| p.0))
                .collect();
            parents.sort_unstable();
            parents.dedup();
            for p in parents {
                if let Some(&o) = owner[info.side.min(1)].get(p as usize) {
                    if o != usize::MAX {
                        children[o].push(i);
                        waiting[i] += 1;
                    }
                }
            }
        }
        let mut ready: Vec<usize> = (0..n).filter(|&i| waiting[i] == 0).collect();
        let mut order = Vec::with_capacity(n);
        while let Some(i) = ready.pop() {
            order.push(i);
            for &c in &children[i] {
                waiting[c] -= 1;
                if waiting[c] == 0 {
                    ready.push(c);
                }
            }
        }
        match (0..n).find(|&i| waiting[i] > 0) {
            Some(back) => Err(back),
            None => Ok(order),
        }
    }
}

impl Solution {
    /// The probability the strategy gives `option` of decision `name`
    /// where the chooser knows `key`: `strategy(name, option, key...)`.
    pub fn probability(
        &self,
        program: &Program,
        name: &str,
        option: &str,
        key: &[i64],
    ) -> Option<Exact> {
        let unlisted = self.unlisted.iter().find_map(|u| {
            let d = &program.decisions[u.decision];
            if d.name != name {
                return None;
            }
            let taken = u.option(key)?;
            let i = d.options.iter().position(|o| o == option)?;
            Some(match d.offered(key).position(|o| o == i) == Some(taken) {
                true => Exact::one(),
                false => Exact::zero(),
            })
        });
        if unlisted.is_some() {
            return unlisted;
        }
        self.infosets.iter().find_map(|info| {
            let d = &program.decisions[info.decision];
            if d.name != name || info.key != key {
                return None;
            }
            let i = d.options.iter().position(|o| o == option)?;
            // Among the options offered here; one not offered is never taken.
            match d.offered(&info.key).position(|o| o == i) {
                Some(a) => Some(info.options[a].probability.clone()),
                None => Some(Exact::zero()),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(decision: usize, key: &[i64], values: &[i64]) -> LocalInfo {
        LocalInfo {
            decision,
            key: key.to_vec(),
            side: 0,
            parents: Vec::new(),
            values: values.iter().map(|&v| Exact::ratio(v, 7)).collect(),
        }
    }

    /// A decision's situations moved out of `local` keep the first best
    /// option of each; met again, a situation is one situation once
    /// sorted, and a key never met has no option.
    #[test]
    fn unlisted_situations_keep_the_first_best_option_each_once() {
        let mut ds = Decisions {
            local: vec![
                info(1, &[5, 2], &[-1, 3, 3]),
                info(0, &[9, 9], &[0, 1]),
                info(1, &[1, 8], &[4, -2, 4]),
            ],
            ..Decisions::default()
        };
        ds.unlist(1, 0, 2);
        assert_eq!(ds.local.len(), 1);
        assert_eq!(ds.local_index.len(), 1);
        assert_eq!(ds.local_index[&(0, [9, 9][..].into())], 0);
        let u = &mut ds.unlisted[0];
        // Come to again later, as the evaluation appends.
        u.keys.extend([5, 2, 0, 0]);
        u.taken.extend([1, 0]);
        let sorted = u.sorted();
        assert_eq!(sorted.len(), 3);
        assert_eq!(sorted.keys, [0, 0, 1, 8, 5, 2]);
        assert_eq!(sorted.option(&[5, 2]), Some(1));
        assert_eq!(sorted.option(&[1, 8]), Some(0));
        assert_eq!(sorted.option(&[0, 0]), Some(0));
        assert_eq!(sorted.option(&[5, 3]), None);
        assert_eq!(sorted.option(&[5]), None);
    }
}
