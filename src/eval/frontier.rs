//! The states waiting at one throw of the round, merged when equal.
//!
//! A state waiting at a step is the values of the slots live there, and its
//! weight. The exact evaluator meets the same state many times (punto banco
//! merges about 70,000 arrivals into 5,500 states at one draw), so the store
//! is built for arrivals: the values of all states sit in one flat vector,
//! their weights in another, and the hash table holds only each state's
//! number. Growing the table moves four bytes a state, and states are taken
//! out in the order they first arrived.

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use super::value::Value;
use super::weight::{Factor, Memo, Weight};

pub struct Waiting {
    /// How many values a state has.
    width: usize,
    /// State `i`'s values are `values[i * width..(i + 1) * width]`.
    values: Vec<Value>,
    weights: Vec<Weight>,
    index: HashTable<u32>,
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
            index: HashTable::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.weights.len()
    }

    pub fn is_empty(&self) -> bool {
        self.weights.is_empty()
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
        let width = self.width;
        let stored = &self.values;
        let found = self.index.find(hash(values), |&i| {
            let at = i as usize * width;
            stored[at..at + width] == *values
        });
        if let Some(&i) = found {
            self.weights[i as usize].add_product(weight, factor, memo);
            return false;
        }
        let i = self.weights.len() as u32;
        self.values.extend_from_slice(values);
        self.weights.push(weight.scaled_in(factor, memo));
        let stored = &self.values;
        self.index.insert_unique(hash(values), i, |&j| {
            let at = j as usize * width;
            hash(&stored[at..at + width])
        });
        true
    }

    /// State `i`, in the order of arrival: its values and weight.
    pub fn get(&self, i: usize) -> (&[Value], &Weight) {
        let at = i * self.width;
        (&self.values[at..at + self.width], &self.weights[i])
    }

    /// Every state, with its values and weight, in the order of arrival.
    pub fn iter(&self) -> impl Iterator<Item = (&[Value], &Weight)> {
        let width = self.width;
        (self.weights.iter().enumerate())
            .map(move |(i, w)| (&self.values[i * width..(i + 1) * width], w))
    }
}
