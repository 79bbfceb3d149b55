//! A shoe's last card, dealt to every state waiting for it at once.
//!
//! When a draw deals one card and the shoe is not read again (its dealt
//! cards are dead after it), the states waiting there matter only through
//! the values they keep: the machine deals them together
//! ([`deal_merged`](super::machine)). The chance that the card is of kind
//! `k` is `(full_k - d_k) / (n - m)`, where `d_k` cards of kind `k` and `m`
//! in all were dealt before, so the chance summed over the states of a
//! group, each of weight `w`, is
//!
//! ```text
//!     (full_k * W - D_k) / (n - m),   W = sum of w,   D_k = sum of w * d_k
//! ```
//!
//! A [`Linear`] keeps `W` and each `D_k` of every group (the values kept,
//! and `m`) as the states arrive, so that a state costs a few
//! multiply-adds and is never stored, merged nor dealt alone: punto banco's
//! third card for the bank comes to 13,770 states a coup, which merge into
//! 5,462 and then cost ten products each. The sums are machine integers
//! over one denominator; a state whose weight does not fit them is left to
//! the plain path, which deals it as before.

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use smallvec::SmallVec;

use crate::eval::observe::OneCard;
use crate::eval::value::Value;
use crate::eval::weight::{mul, Factor, Memo, Weight};

/// The values a group keeps.
type Kept = SmallVec<[Value; 8]>;

pub(super) struct Linear {
    card: OneCard,
    /// The slot of the shoe's dealt cards.
    dealt: usize,
    /// Positions, among the values live at the draw, of those kept.
    keep: Vec<usize>,
    /// Each group's number, by the hash of its kept values and `m`.
    index: HashTable<(u64, usize)>,
    groups: Vec<Group>,
}

struct Group {
    kept: Kept,
    /// The cards dealt before, in every state of the group.
    m: u64,
    /// The common denominator of the group's weights.
    den: u128,
    /// `W` and each `D_k`, over `den`.
    w: u128,
    d: SmallVec<[u128; 16]>,
}

impl Linear {
    pub fn new(card: OneCard, dealt: usize, keep: Vec<usize>) -> Linear {
        Linear {
            card,
            dealt,
            keep,
            index: HashTable::new(),
            groups: Vec::new(),
        }
    }

    /// The groups so far, which the state limit counts.
    pub fn len(&self) -> usize {
        self.groups.len()
    }

    /// Adds the state `env` (whose values live at the draw are in `slots`),
    /// of weight `weight` times `factor`: `Some(began a group)` when taken,
    /// `None` when it is for the plain path (a weight past machine
    /// integers, or over another denominator than its group's).
    pub fn add(
        &mut self,
        slots: &[usize],
        env: &[Value],
        weight: &Weight,
        factor: &Factor,
    ) -> Option<bool> {
        let (Weight::Small(n, d), Factor::Small(a, b)) = (weight, factor) else {
            return None;
        };
        let n = mul(*n, *a)?;
        let den = mul(*d, *b)?;
        let packed = match env[self.dealt] {
            Value::Int(p) => p as u64,
            Value::Unset => 0,
            _ => return None,
        };
        let bits = self.card.bits;
        let mask = (1u64 << bits) - 1;
        let field = |k: usize| (packed >> (bits * k as u32)) & mask;
        let kinds = self.card.full.len();
        let m: u64 = (0..kinds).map(field).sum();
        // The group is found by its values in place: a key is built only
        // for a new group.
        let mut hasher = FxHasher::default();
        for &i in &self.keep {
            env[slots[i]].hash(&mut hasher);
        }
        m.hash(&mut hasher);
        let h = hasher.finish();
        let groups = &self.groups;
        let same = |&(gh, g): &(u64, usize)| {
            let group = &groups[g];
            gh == h
                && group.m == m
                && (self.keep.iter().zip(&group.kept)).all(|(&i, &v)| env[slots[i]] == v)
        };
        let (i, new) = match self.index.find(h, same) {
            Some(&(_, i)) => (i, false),
            None => {
                self.groups.push(Group {
                    kept: self.keep.iter().map(|&i| env[slots[i]]).collect(),
                    m,
                    den,
                    w: 0,
                    d: smallvec::smallvec![0; kinds],
                });
                let i = self.groups.len() - 1;
                self.index.insert_unique(h, (h, i), |&(h, _)| h);
                (i, true)
            }
        };
        let g = &mut self.groups[i];
        if g.den != den {
            return None;
        }
        // Every sum checked before any is changed.
        let w = g.w.checked_add(n)?;
        for k in (0..kinds).filter(|&k| field(k) > 0) {
            n.checked_mul(u128::from(field(k)))?.checked_add(g.d[k])?;
        }
        g.w = w;
        for k in (0..kinds).filter(|&k| field(k) > 0) {
            g.d[k] += n * u128::from(field(k));
        }
        Some(new)
    }

    /// Each group's kept values, with every kind's hand and summed chance:
    /// `(kept, hand, weight)`, as the plain path would have dealt them.
    pub fn deal(
        &self,
        memo: &mut Memo,
        mut each: impl FnMut(&Kept, Value, &Weight) -> Result<(), crate::eval::EvalError>,
        empty: impl Fn() -> crate::eval::EvalError,
    ) -> Result<(), crate::eval::EvalError> {
        let total: u64 = self.card.full.iter().sum();
        for g in &self.groups {
            let left = total.saturating_sub(g.m);
            if left == 0 {
                return Err(empty());
            }
            for (k, (&full, &hand)) in self.card.full.iter().zip(&self.card.hands).enumerate() {
                let weight = match u128::from(full)
                    .checked_mul(g.w)
                    .zip(g.den.checked_mul(u128::from(left)))
                {
                    Some((all, den)) => Weight::Small(all - g.d[k], den),
                    None => {
                        let num = num_bigint::BigUint::from(full) * g.w
                            - num_bigint::BigUint::from(g.d[k]);
                        let den = num_bigint::BigUint::from(g.den) * left;
                        Weight::one().scaled_in(&Factor::new(&num, &den), memo)
                    }
                };
                if !weight.is_zero() {
                    each(&g.kept, hand, &weight)?;
                }
            }
        }
        Ok(())
    }
}
