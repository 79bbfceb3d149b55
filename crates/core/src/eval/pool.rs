//! Throws of identical dice as multisets: every distinct result of
//! `count`d`sides`, sorted ascending, with how many ordered throws show it;
//! or, for the statistics a round reads of a throw, the distinct values of
//! those statistics with how many ordered throws give them, without
//! listing the multisets.

use num_bigint::BigUint;
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::program::builtin::{self, Stat};

pub use crate::multiset::for_each_multiset;

/// Every result of a throw with its multiplicity (the number of ordered
/// sequences of dice showing it); the multiplicities sum to `sides^count`.
pub fn outcomes(count: u32, sides: u32) -> Vec<(Vec<u32>, BigUint)> {
    let factorials = factorials(count);
    let mut out = Vec::new();
    for_each_multiset(count, sides, |faces| {
        let mut ways = factorials[count as usize].clone();
        let mut run = 1usize;
        for i in 1..=faces.len() {
            if i < faces.len() && faces[i] == faces[i - 1] {
                run += 1;
            } else {
                ways /= &factorials[run];
                run = 1;
            }
        }
        out.push((faces.to_vec(), ways));
    });
    out
}

fn factorials(n: u32) -> Vec<BigUint> {
    let mut f = vec![<BigUint as One>::one()];
    for i in 1..=n {
        let next = &f[(i - 1) as usize] * i;
        f.push(next);
    }
    f
}

/// How many transitions [`grouped`] may make per state it may hold.
const WORK_PER_STATE: usize = 64;

/// Why [`grouped`] gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TooMany {
    /// More than the limit of states alive at once.
    States,
    /// A sum beyond 64-bit whole numbers.
    Sum,
}

/// The number of ordered results of `count`d`sides`: `sides^count`.
pub fn total(count: u32, sides: u32) -> BigUint {
    num_traits::pow(BigUint::from(sides), count as usize)
}

/// What the trackers know after some faces, each a [`builtin::Partial`].
type Partial = SmallVec<[builtin::Partial; 4]>;

/// The distinct values of `stats` over every throw of `count`d`sides`, with
/// how many ordered throws give each, sorted by value. Faces are taken in
/// turn, from 1 to `sides`, choosing how many dice show each; a state is
/// the dice left and what the statistics know so far, so the work grows
/// with the statistics' values, not with the number of multisets.
pub fn grouped(
    count: u32,
    sides: u32,
    stats: &[Stat],
    limit: usize,
) -> Result<Vec<(Vec<i64>, BigUint)>, TooMany> {
    // Machine integers while every number of ways fits, with room for the
    // products that build the binomials: each binomial C(count, k) is at
    // most 2^count, whatever the sides (one-sided dice included).
    let fits = u128::from(sides.max(2))
        .checked_pow(count)
        .and_then(|t| t.checked_mul(u128::from(count) + 1))
        .is_some();
    if fits {
        grouped_in::<u128>(count, sides, stats, limit).map(|groups| {
            groups
                .into_iter()
                .map(|(v, w)| (v, BigUint::from(w)))
                .collect()
        })
    } else {
        grouped_in::<BigUint>(count, sides, stats, limit)
    }
}

/// A number of ways: machine or big integers.
trait Ways: Clone {
    fn one() -> Self;
    fn is_zero(&self) -> bool;
    /// `self * a / b`, exact by construction.
    fn mul_div(&self, a: u64, b: u64) -> Self;
    fn add(&mut self, other: &Self);
    fn mul(&self, other: &Self) -> Self;
    fn power(base: u64, exp: u32) -> Self;
}

impl Ways for u128 {
    fn one() -> Self {
        1
    }
    fn is_zero(&self) -> bool {
        *self == 0
    }
    fn mul_div(&self, a: u64, b: u64) -> Self {
        self * u128::from(a) / u128::from(b)
    }
    fn add(&mut self, other: &Self) {
        *self += other;
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn power(base: u64, exp: u32) -> Self {
        u128::from(base).pow(exp)
    }
}

impl Ways for BigUint {
    fn one() -> Self {
        One::one()
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn mul_div(&self, a: u64, b: u64) -> Self {
        self * a / b
    }
    fn add(&mut self, other: &Self) {
        *self += other;
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn power(base: u64, exp: u32) -> Self {
        num_traits::pow(BigUint::from(base), exp as usize)
    }
}

fn grouped_in<W: Ways>(
    count: u32,
    sides: u32,
    stats: &[Stat],
    limit: usize,
) -> Result<Vec<(Vec<i64>, W)>, TooMany> {
    // A face's count takes `count + 1` values, each a binomial kept in a
    // row: more of them than the states allowed is refused before the row
    // is built (`1000000000d1` read by a count would fill any memory).
    if (count as usize).saturating_add(1) > limit {
        return Err(TooMany::States);
    }
    // So is a statistic with more values than the groups allowed (the
    // total of `3d2^32` would otherwise be refused only after seconds).
    if stats
        .iter()
        .any(|s| s.distinct_at_least(count, sides) > limit as u64)
    {
        return Err(TooMany::States);
    }
    // Counts alone read only the faces they count: the other faces are
    // alike, and the dice left after the counted faces show any of them.
    let counts_only = stats.iter().all(|s| s.counted().is_some());
    // Other statistics read every face, taken in turn and never listed: a
    // die of 2^32 sides is refused by the work bound below, face by face,
    // not by filling memory with its faces first.
    let counted: Option<Vec<u32>> = counts_only.then(|| {
        let mut counted: Vec<u32> = stats
            .iter()
            .filter_map(|s| u32::try_from(s.counted()?).ok())
            .filter(|v| (1..=sides).contains(v))
            .collect();
        counted.sort_unstable();
        counted.dedup();
        counted
    });
    let faces = counted.as_ref().map_or(sides as usize, Vec::len);
    let face_at = |i: usize| counted.as_ref().map_or(i as u32 + 1, |c| c[i]);
    let others = sides - faces as u32;
    // Statistics that know the same things share one tracker: the most
    // frequent face and its count are followed together.
    let mut trackers: Vec<Stat> = Vec::new();
    let index: Vec<usize> = stats
        .iter()
        .map(|s| {
            let t = s.tracker();
            trackers.iter().position(|x| *x == t).unwrap_or_else(|| {
                trackers.push(t);
                trackers.len() - 1
            })
        })
        .collect();
    let start: Partial = trackers.iter().map(|_| (0, 0)).collect();
    // The rows C(n, 0..=n) met so far.
    let mut binomials: FxHashMap<u32, Vec<W>> = FxHashMap::default();
    // Transitions made, bounded like the states.
    let mut work = 0usize;
    let mut table = Table::new(count, sides, &trackers);
    table.add((count, start), W::one());
    for i in 0..faces {
        let f = i64::from(face_at(i));
        let last = others == 0 && i + 1 == faces;
        for ((left, partial), ways) in table.drain() {
            // `k` dice show this face, in C(left, k) ways; the last face
            // takes every die left.
            let first = if last { left } else { 0 };
            work = work.saturating_add((left - first) as usize + 1);
            if work > limit.saturating_mul(WORK_PER_STATE) {
                return Err(TooMany::States);
            }
            let row = binomials.entry(left).or_insert_with(|| {
                let mut row = vec![W::one()];
                for k in 1..=left {
                    let c = row[k as usize - 1].mul_div(u64::from(left - k + 1), u64::from(k));
                    row.push(c);
                }
                row
            });
            for k in first..=left {
                let choose = &row[k as usize];
                let mut p = partial.clone();
                for (stat, known) in trackers.iter().zip(p.iter_mut()) {
                    stat.step(f, i64::from(k), known).ok_or(TooMany::Sum)?;
                }
                table.add((left - k, p), ways.mul(choose));
            }
            if table.len() > limit {
                return Err(TooMany::States);
            }
        }
    }
    let states = table.drain();
    let mut groups: FxHashMap<Vec<i64>, W> = FxHashMap::default();
    for ((left, partial), mut ways) in states {
        if others > 0 {
            ways = ways.mul(&W::power(u64::from(others), left));
        } else if left > 0 {
            continue;
        }
        if ways.is_zero() {
            continue;
        }
        let values: Vec<i64> = stats
            .iter()
            .zip(&index)
            .map(|(stat, &t)| stat.value(partial[t]))
            .collect();
        match groups.get_mut(&values) {
            Some(w) => w.add(&ways),
            None => {
                groups.insert(values, ways);
            }
        }
    }
    let mut out: Vec<(Vec<i64>, W)> = groups.into_iter().collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(out)
}

/// The most cells a dense [`Table`] may have.
const MAX_DENSE: usize = 4096;

/// The states of a grouping and their ways. When what the trackers know
/// has small bounds (a count, a face, a total of a few dice), the states are
/// cells of an array indexed by it, reused from face to face; otherwise a
/// hash map.
enum Table<W> {
    Dense {
        /// The bound of the dice left, then of each tracker's two numbers.
        bounds: SmallVec<[i64; 9]>,
        cells: Vec<Option<W>>,
        /// The cells holding ways and their states, in the order they were
        /// first reached.
        touched: Vec<(usize, (u32, Partial))>,
    },
    Sparse(FxHashMap<(u32, Partial), W>),
}

impl<W: Ways> Table<W> {
    fn new(count: u32, sides: u32, trackers: &[Stat]) -> Self {
        let mut bounds: SmallVec<[i64; 9]> = SmallVec::new();
        bounds.push(i64::from(count) + 1);
        for t in trackers {
            let (a, b) = t.bounds(count, sides);
            bounds.extend([a, b]);
        }
        let cells = bounds
            .iter()
            .try_fold(1usize, |c, &b| c.checked_mul(usize::try_from(b).ok()?))
            .filter(|&c| c <= MAX_DENSE);
        match cells {
            Some(cells) => Table::Dense {
                bounds,
                cells: vec![None; cells],
                touched: Vec::new(),
            },
            None => Table::Sparse(FxHashMap::default()),
        }
    }

    fn add(&mut self, key: (u32, Partial), ways: W) {
        match self {
            Table::Dense {
                bounds,
                cells,
                touched,
            } => {
                let numbers = key.1.iter().flat_map(|&(a, b)| [a, b]);
                let (mut index, mut scale) = (0usize, 1usize);
                for (x, &bound) in std::iter::once(i64::from(key.0))
                    .chain(numbers)
                    .zip(&*bounds)
                {
                    debug_assert!((0..bound).contains(&x), "a tracker beyond its bound");
                    index += x as usize * scale;
                    scale *= bound as usize;
                }
                match &mut cells[index] {
                    Some(w) => w.add(&ways),
                    empty => {
                        *empty = Some(ways);
                        touched.push((index, key));
                    }
                }
            }
            Table::Sparse(map) => match map.entry(key) {
                std::collections::hash_map::Entry::Occupied(mut e) => e.get_mut().add(&ways),
                std::collections::hash_map::Entry::Vacant(e) => {
                    e.insert(ways);
                }
            },
        }
    }

    fn len(&self) -> usize {
        match self {
            Table::Dense { touched, .. } => touched.len(),
            Table::Sparse(map) => map.len(),
        }
    }

    /// Every state with its ways, leaving the table empty.
    fn drain(&mut self) -> Vec<((u32, Partial), W)> {
        match self {
            Table::Dense { cells, touched, .. } => touched
                .drain(..)
                .filter_map(|(index, key)| Some((key, cells[index].take()?)))
                .collect(),
            Table::Sparse(map) => map.drain().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_have_21_results_over_36_throws() {
        let all = outcomes(2, 6);
        assert_eq!(all.len(), 21);
        let total: BigUint = all.iter().map(|(_, w)| w.clone()).sum();
        assert_eq!(total, BigUint::from(36u32));
        assert_eq!(all[0], (vec![1, 1], BigUint::from(1u32)));
        assert_eq!(all[1], (vec![1, 2], BigUint::from(2u32)));
    }

    #[test]
    fn ten_dice_multiplicities_sum_to_six_to_the_ten() {
        let all = outcomes(10, 6);
        assert_eq!(all.len(), 3003);
        let total: BigUint = all.iter().map(|(_, w)| w.clone()).sum();
        assert_eq!(total, BigUint::from(6u64.pow(10)));
    }

    /// Grouping face by face against listing every multiset, for every
    /// statistic alone and in combinations, on several pools.
    #[test]
    fn grouping_by_statistics_agrees_with_listing_the_multisets() {
        let all = [
            Stat::Count(2),
            Stat::Count(7),
            Stat::Total,
            Stat::Highest,
            Stat::Lowest,
            Stat::MostFrequent,
            Stat::HighestCount,
        ];
        let mut sets: Vec<Vec<Stat>> = all.iter().map(|s| vec![*s]).collect();
        sets.push(vec![Stat::MostFrequent, Stat::HighestCount]);
        sets.push(vec![Stat::Total, Stat::Count(1), Stat::Highest]);
        sets.push(all.to_vec());
        sets.push(Vec::new());
        // Counts alone take the shortcut over the faces they do not count.
        sets.push(vec![Stat::Count(1), Stat::Count(3), Stat::Count(1)]);
        sets.push(vec![Stat::Count(0), Stat::Count(6)]);
        for (count, sides) in [(1, 6), (2, 6), (3, 4), (5, 6), (10, 6), (4, 2), (6, 3)] {
            for stats in &sets {
                let mut expected: std::collections::BTreeMap<Vec<i64>, BigUint> =
                    Default::default();
                for (faces, ways) in outcomes(count, sides) {
                    let key = stats.iter().map(|s| s.of(&faces).unwrap()).collect();
                    *expected.entry(key).or_default() += ways;
                }
                let expected: Vec<(Vec<i64>, BigUint)> = expected.into_iter().collect();
                let got = grouped(count, sides, stats, usize::MAX).expect("groups");
                assert_eq!(got, expected, "{count}d{sides} {stats:?}");
            }
        }
    }

    /// Big integers when the number of ways does not fit a machine word:
    /// 60d20 counted for one face is the binomial law.
    #[test]
    fn grouping_large_pools_uses_big_integers_exactly() {
        let got = grouped(60, 20, &[Stat::Count(20)], usize::MAX).expect("groups");
        assert_eq!(got.len(), 61);
        let (values, ways) = &got[0];
        assert_eq!(values, &vec![0]);
        assert_eq!(*ways, num_traits::pow(BigUint::from(19u32), 60));
        let sum: BigUint = got.iter().map(|(_, w)| w.clone()).sum();
        assert_eq!(sum, total(60, 20));
    }

    /// The limit on states stops a grouping that would grow too large.
    #[test]
    fn grouping_stops_at_the_limit() {
        assert_eq!(
            grouped(10, 6, &[Stat::Total, Stat::MostFrequent], 5),
            Err(TooMany::States)
        );
    }
}
