//! The states waiting at one throw of the round, merged when equal.
//!
//! A state waiting at a step is the values of the slots live there, and its
//! weight. The exact evaluator meets the same state many times (punto banco
//! merges about 70,000 arrivals into 5,500 states at one draw), so the store
//! is built for arrivals: the values of all states sit in flat chunks, their
//! weights in others, and the hash table holds only each state's number
//! and hash. Growing the store copies nothing, growing the table moves
//! twelve bytes a state, and states are taken out in the order they first
//! arrived.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::value::Value;
use super::weight::{Factor, Memo, Weight};

/// States are stored in chunks of this many, so that a growing store never
/// copies what it holds.
const CHUNK: usize = 1024;

pub struct Waiting {
    /// How many values a state has.
    width: usize,
    /// State `i`'s values are `values[i / CHUNK][(i % CHUNK) * width..]`,
    /// `width` of them; its weight is `weights[i / CHUNK][i % CHUNK]`.
    values: Vec<Vec<Value>>,
    weights: Vec<Vec<Weight>>,
    len: usize,
    /// Each state's number and hash.
    index: HashTable<(u32, u64)>,
}

fn hash(values: &[Value]) -> u64 {
    FxBuildHasher.hash_one(values)
}

impl Waiting {
    pub fn new(width: usize) -> Waiting {
        Waiting {
            width,
            values: Vec::new(),
            weights: Vec::new(),
            len: 0,
            index: HashTable::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn values_of(&self, i: usize) -> &[Value] {
        let at = (i % CHUNK) * self.width;
        &self.values[i / CHUNK][at..at + self.width]
    }

    /// Adds `weight` times `factor` to the state with `values`; returns
    /// whether the state is new.
    pub fn add(
        &mut self,
        values: &[Value],
        weight: &Weight,
        factor: &Factor,
        memo: &mut Memo,
    ) -> bool {
        debug_assert_eq!(values.len(), self.width);
        let h = hash(values);
        let found = (self.index)
            .find(h, |&(i, hi)| {
                hi == h && self.values_of(i as usize) == values
            })
            .map(|&(i, _)| i as usize);
        if let Some(i) = found {
            self.weights[i / CHUNK][i % CHUNK].add_product(weight, factor, memo);
            return false;
        }
        let i = self.len;
        if i % CHUNK == 0 {
            // The first chunk grows as it fills, so that the many small
            // stores of a round stay small.
            let room = if i == 0 { 0 } else { CHUNK };
            self.values.push(Vec::with_capacity(room * self.width));
            self.weights.push(Vec::with_capacity(room));
        }
        self.values[i / CHUNK].extend_from_slice(values);
        self.weights[i / CHUNK].push(weight.scaled_in(factor, memo));
        self.len += 1;
        self.index.insert_unique(h, (i as u32, h), |&(_, h)| h);
        true
    }

    /// Empties the store, keeping its first chunk's room for the states
    /// of another run.
    pub fn clear(&mut self) {
        self.values.truncate(1);
        self.weights.truncate(1);
        self.values.iter_mut().for_each(Vec::clear);
        self.weights.iter_mut().for_each(Vec::clear);
        self.len = 0;
        self.index.clear();
    }

    /// State `i`, in the order of arrival: its values and weight.
    pub fn get(&self, i: usize) -> (&[Value], &Weight) {
        (self.values_of(i), &self.weights[i / CHUNK][i % CHUNK])
    }

    /// Every state, with its values and weight, in the order of arrival.
    pub fn iter(&self) -> impl Iterator<Item = (&[Value], &Weight)> {
        (0..self.len).map(|i| self.get(i))
    }
}
