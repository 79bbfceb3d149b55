//! An exact linear programme solver: the simplex method on a dense tableau
//! of rationals.
//!
//! Pivots take the most promising column (Dantzig's rule) until a run of
//! degenerate pivots as long as the tableau is tall; from then on Bland's
//! rule, which cannot cycle, so the method always ends. Every number is an
//! exact fraction: the optimum is exact, not rounded.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// The numbers a programme is solved over: exact fractions, or floats
/// (within a tolerance) to find an optimal basis fast.
pub trait Scalar: Clone + std::fmt::Debug {
    /// Exact fractions, not floats.
    const EXACT: bool;
    fn zero() -> Self;
    fn one() -> Self;
    fn is_zero(&self) -> bool;
    fn is_positive(&self) -> bool;
    fn is_negative(&self) -> bool;
    fn recip(&self) -> Self;
    fn times(&self, other: &Self) -> Self;
    fn minus(&self, other: &Self) -> Self;
    fn negated(&self) -> Self;
    /// Whether `self < other`, beyond the tolerance.
    fn below(&self, other: &Self) -> bool {
        other.minus(self).is_positive()
    }
    /// Whether a coefficient may be pivoted on: positive, and for floats
    /// not so small that dividing by it would magnify rounding.
    fn pivotable(&self) -> bool {
        self.is_positive()
    }
    /// The 64-bit words of an exact number (of its numerator and
    /// denominator); 1 for a float. The cost of arithmetic on it grows with
    /// its square.
    fn words(&self) -> u64 {
        1
    }
    /// The bytes an entry of the tableau takes, as the tableau bound
    /// counts them ([`Budget::bytes`]).
    const BYTES: u64;
    /// A tiny distinct amount for the right-hand side of inequality `i`,
    /// which keeps a float programme from cycling through degenerate
    /// pivots; zero for exact numbers.
    fn perturbation(i: usize) -> Self;
}

impl Scalar for BigRational {
    const EXACT: bool = true;
    /// The fraction (two big integers, 64 bytes) and its denominator's
    /// word on the heap, even for a zero (32 bytes with the allocator's
    /// overhead).
    const BYTES: u64 = 96;
    fn zero() -> Self {
        Zero::zero()
    }
    fn one() -> Self {
        One::one()
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn is_positive(&self) -> bool {
        Signed::is_positive(self)
    }
    fn is_negative(&self) -> bool {
        Signed::is_negative(self)
    }
    fn recip(&self) -> Self {
        BigRational::recip(self)
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn negated(&self) -> Self {
        -self
    }
    fn words(&self) -> u64 {
        (self.numer().bits() + self.denom().bits()) / 64 + 1
    }
    fn perturbation(_: usize) -> Self {
        Zero::zero()
    }
}

/// Below this, a float is taken for zero.
const TOLERANCE: f64 = 1e-11;

/// The work of updating one exact entry of the tableau, beyond the
/// arithmetic's words: allocations, and a gcd however small the numbers.
/// Measured: an update of small fractions takes about a microsecond, and
/// the budget's unit is meant to be about 10 ns (10^8 a second).
const UPDATE_WORK: u64 = 100;

/// The smallest float pivoted on.
const PIVOT_TOLERANCE: f64 = 1e-9;

impl Scalar for f64 {
    const EXACT: bool = false;
    const BYTES: u64 = 8;
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn is_zero(&self) -> bool {
        self.abs() <= TOLERANCE
    }
    fn is_positive(&self) -> bool {
        *self > TOLERANCE
    }
    fn is_negative(&self) -> bool {
        *self < -TOLERANCE
    }
    fn recip(&self) -> Self {
        1.0 / self
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn negated(&self) -> Self {
        -self
    }
    fn pivotable(&self) -> bool {
        *self > PIVOT_TOLERANCE
    }
    fn perturbation(i: usize) -> Self {
        // Distinct for every row, between 1e-9 and 2e-9.
        let mixed = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 11;
        1e-9 * (1.0 + mixed as f64 / (1u64 << 53) as f64)
    }
}

/// `a · z (≤ or =) rhs`, with `a` sparse.
#[derive(Clone, Debug)]
pub struct Row<T> {
    pub coefs: Vec<(usize, T)>,
    pub equal: bool,
    pub rhs: T,
}

/// Maximise `objective · z` subject to `rows`, with every `z ≥ 0`.
#[derive(Clone, Debug)]
pub struct Lp<T> {
    pub columns: usize,
    pub rows: Vec<Row<T>>,
    pub objective: Vec<(usize, T)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpError {
    Infeasible,
    Unbounded,
    /// The pivots took more than the budget of work (see [`maximise_within`]).
    TooLong,
    /// The tableau would take more than the budget of bytes: refused before
    /// it is made.
    TooLarge {
        rows: usize,
        columns: usize,
    },
}

/// What solving a programme may cost.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The work of the pivots (see [`maximise_within`]).
    pub work: u64,
    /// The bytes of the dense tableau (rows times columns, each entry
    /// [`Scalar::BYTES`]).
    pub bytes: u64,
}

#[cfg(test)]
impl Budget {
    /// No bound.
    pub const UNBOUNDED: Budget = Budget {
        work: u64::MAX,
        bytes: u64::MAX,
    };
}

/// The optimum: its value and a point reaching it.
#[derive(Clone, Debug)]
pub struct Optimum<T> {
    pub value: T,
    pub point: Vec<T>,
}

struct Tableau<T> {
    /// Rows of coefficients, the right-hand side last.
    rows: Vec<Vec<T>>,
    /// The reduced costs, and minus the objective's value last.
    costs: Vec<T>,
    basis: Vec<usize>,
    /// Columns that may not enter (artificial ones, in the second phase).
    barred: Vec<bool>,
    bland: bool,
    degenerate_run: usize,
    /// Work done by the pivots so far, and the most allowed.
    work: u64,
    budget: u64,
}

impl<T: Scalar> Tableau<T> {
    fn rhs(&self) -> usize {
        self.costs.len() - 1
    }

    fn pivot(&mut self, r: usize, c: usize) {
        let inverse = self.rows[r][c].recip();
        for x in self.rows[r].iter_mut() {
            if !x.is_zero() {
                *x = x.times(&inverse);
            }
        }
        self.rows[r][c] = T::one();
        let nonzero: Vec<usize> = (0..self.rows[r].len())
            .filter(|&j| !self.rows[r][j].is_zero())
            .collect();
        let pivot_row = std::mem::take(&mut self.rows[r]);
        let sizes: Vec<u64> = if T::EXACT {
            nonzero.iter().map(|&j| pivot_row[j].words()).collect()
        } else {
            Vec::new()
        };
        let mut work = 0u64;
        let mut eliminate = |row: &mut Vec<T>| {
            let f = row[c].clone();
            if f.is_zero() {
                return;
            }
            for (k, &j) in nonzero.iter().enumerate() {
                row[j] = row[j].minus(&f.times(&pivot_row[j]));
                if T::EXACT {
                    // A product, then a sum reduced by a gcd, each
                    // allocating.
                    let w = row[j].words();
                    work = work.saturating_add(UPDATE_WORK + f.words() * sizes[k] + w * w);
                }
            }
            // What the pivot column must be, whatever the rounding.
            row[c] = T::zero();
        };
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i != r {
                eliminate(row);
            }
        }
        eliminate(&mut self.costs);
        self.work = self.work.saturating_add(work);
        self.rows[r] = pivot_row;
        self.basis[r] = c;
    }

    /// Pivots until optimal; `Err` when unbounded.
    fn optimise(&mut self) -> Result<(), LpError> {
        let rhs = self.rhs();
        loop {
            let candidates = (0..rhs).filter(|&j| !self.barred[j] && self.costs[j].is_positive());
            let entering = if self.bland {
                candidates.min()
            } else {
                candidates.reduce(|a, b| {
                    if self.costs[a].below(&self.costs[b]) {
                        b
                    } else {
                        a
                    }
                })
            };
            let Some(c) = entering else {
                return Ok(());
            };
            let mut leaving: Option<(usize, T)> = None;
            for (i, row) in self.rows.iter().enumerate() {
                if !row[c].pivotable() {
                    continue;
                }
                let ratio = row[rhs].times(&row[c].recip());
                let better = match &leaving {
                    None => true,
                    Some((l, best)) => {
                        ratio.below(best) || (!best.below(&ratio) && self.basis[i] < self.basis[*l])
                    }
                };
                if better {
                    leaving = Some((i, ratio));
                }
            }
            let Some((r, ratio)) = leaving else {
                if !T::EXACT {
                    // Only entries too small to pivot on, or a reduced
                    // cost that is rounding: the column is left out of
                    // this phase.
                    self.barred[c] = true;
                    continue;
                }
                return Err(LpError::Unbounded);
            };
            if ratio.is_zero() {
                self.degenerate_run += 1;
                if self.degenerate_run > self.rows.len() {
                    self.bland = true;
                }
            } else {
                self.degenerate_run = 0;
            }
            self.pivot(r, c);
            if self.work > self.budget {
                return Err(LpError::TooLong);
            }
        }
    }
}

/// Solves `lp` exactly.
#[cfg(test)]
pub fn maximise<T: Scalar>(lp: &Lp<T>) -> Result<Optimum<T>, LpError> {
    maximise_within(lp, Budget::UNBOUNDED)
}

/// Solves `lp`, or gives up with [`LpError::TooLong`] once the pivots'
/// work passes `budget.work`, or at once with [`LpError::TooLarge`] when its
/// tableau would take more than `budget.bytes`. Work is counted on exact
/// fractions only: for each entry a pivot updates, the product of the
/// words of the two numbers multiplied and the square of the words of the
/// result (its gcd), plus a fixed [`UPDATE_WORK`]. Measured (release
/// build): about 10^8 a second.
pub fn maximise_within<T: Scalar>(lp: &Lp<T>, budget: Budget) -> Result<Optimum<T>, LpError> {
    let m = lp.rows.len();
    let n = lp.columns;
    // Columns: the variables, one slack per inequality, one artificial per
    // row that has no slack to start the basis with.
    let slacks = lp.rows.iter().filter(|r| !r.equal).count();
    let mut artificial_rows = Vec::new();
    for (i, row) in lp.rows.iter().enumerate() {
        if row.equal || row.rhs.is_negative() {
            artificial_rows.push(i);
        }
    }
    let width = n + slacks + artificial_rows.len();
    // The dense tableau, and the costs' row, before it is made.
    let entries = (m as u64 + 1).saturating_mul(width as u64 + 1);
    if entries.saturating_mul(T::BYTES) > budget.bytes {
        return Err(LpError::TooLarge {
            rows: m,
            columns: width,
        });
    }
    let budget = budget.work;
    let zero = T::zero();
    let mut rows = vec![vec![zero.clone(); width + 1]; m];
    let mut basis = vec![0; m];
    let mut slack = n;
    let mut artificial = n + slacks;
    for (i, row) in lp.rows.iter().enumerate() {
        let sign = if row.rhs.is_negative() {
            T::one().negated()
        } else {
            T::one()
        };
        for (j, a) in &row.coefs {
            rows[i][*j] = rows[i][*j].minus(&a.times(&sign).negated());
        }
        rows[i][width] = row.rhs.times(&sign);
        if !row.equal {
            rows[i][slack] = sign.clone();
            if !row.rhs.is_negative() {
                basis[i] = slack;
            }
            slack += 1;
        }
        if row.equal || row.rhs.is_negative() {
            rows[i][artificial] = T::one();
            basis[i] = artificial;
            artificial += 1;
        }
    }
    let is_artificial = |j: usize| j >= n + slacks && j < width;
    // Phase 1: maximise minus the sum of the artificial variables.
    let mut costs = vec![zero.clone(); width + 1];
    for &i in &artificial_rows {
        for j in 0..=width {
            if !is_artificial(j) {
                costs[j] = costs[j].minus(&rows[i][j].negated());
            }
        }
    }
    let mut t = Tableau {
        rows,
        costs,
        basis,
        barred: vec![false; width],
        bland: false,
        degenerate_run: 0,
        work: 0,
        budget,
    };
    t.optimise().map_err(|e| match e {
        LpError::TooLong | LpError::TooLarge { .. } => e,
        _ => LpError::Infeasible,
    })?;
    if !t.costs[width].is_zero() {
        return Err(LpError::Infeasible);
    }
    // Artificial variables left in the basis are zero: pivot them out, or
    // drop their rows when every other coefficient is zero (redundant).
    let mut i = 0;
    while i < t.rows.len() {
        if is_artificial(t.basis[i]) {
            match (0..width).find(|&j| !is_artificial(j) && !t.rows[i][j].is_zero()) {
                Some(j) => t.pivot(i, j),
                None => {
                    t.rows.remove(i);
                    t.basis.remove(i);
                    continue;
                }
            }
        }
        i += 1;
    }
    if t.work > t.budget {
        return Err(LpError::TooLong);
    }
    // Phase 2: the objective, in terms of the non-basic variables.
    for j in 0..width {
        t.barred[j] = is_artificial(j);
    }
    t.bland = false;
    t.degenerate_run = 0;
    let mut costs = vec![zero.clone(); width + 1];
    for (j, c) in &lp.objective {
        costs[*j] = costs[*j].minus(&c.negated());
    }
    for (i, &b) in t.basis.iter().enumerate() {
        let c = costs[b].clone();
        if c.is_zero() {
            continue;
        }
        for (cost, x) in costs.iter_mut().zip(&t.rows[i]) {
            *cost = cost.minus(&c.times(x));
        }
    }
    t.costs = costs;
    t.optimise()?;
    let mut point = vec![zero; n];
    for (i, &b) in t.basis.iter().enumerate() {
        if b < n {
            point[b] = t.rows[i][width].clone();
        }
    }
    Ok(Optimum {
        value: t.costs[width].negated(),
        point,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn row(coefs: &[(usize, i64)], equal: bool, rhs: i64) -> Row<BigRational> {
        Row {
            coefs: coefs.iter().map(|&(j, a)| (j, q(a, 1))).collect(),
            equal,
            rhs: q(rhs, 1),
        }
    }

    #[test]
    fn solves_a_textbook_programme() {
        // max 3x + 5y, x ≤ 4, 2y ≤ 12, 3x + 2y ≤ 18: x = 2, y = 6, 36.
        let lp = Lp {
            columns: 2,
            rows: vec![
                row(&[(0, 1)], false, 4),
                row(&[(1, 2)], false, 12),
                row(&[(0, 3), (1, 2)], false, 18),
            ],
            objective: vec![(0, q(3, 1)), (1, q(5, 1))],
        };
        let o = maximise(&lp).unwrap();
        assert_eq!(o.value, q(36, 1));
        assert_eq!(o.point, vec![q(2, 1), q(6, 1)]);
    }

    #[test]
    fn handles_equalities_and_negative_right_hand_sides() {
        // max x + y, x + y = 3/2 written as 2x + 2y = 3, -x ≤ -1 (x ≥ 1).
        let lp = Lp {
            columns: 2,
            rows: vec![row(&[(0, 2), (1, 2)], true, 3), row(&[(0, -1)], false, -1)],
            objective: vec![(0, q(1, 1)), (1, q(1, 1))],
        };
        let o = maximise(&lp).unwrap();
        assert_eq!(o.value, q(3, 2));
        assert!(o.point[0] >= q(1, 1));
    }

    #[test]
    fn reports_infeasible_and_unbounded() {
        let infeasible = Lp {
            columns: 1,
            rows: vec![row(&[(0, 1)], false, 1), row(&[(0, -1)], false, -2)],
            objective: vec![(0, q(1, 1))],
        };
        assert_eq!(maximise(&infeasible).unwrap_err(), LpError::Infeasible);
        let unbounded = Lp {
            columns: 2,
            rows: vec![row(&[(0, 1), (1, -1)], false, 1)],
            objective: vec![(0, q(1, 1))],
        };
        assert_eq!(maximise(&unbounded).unwrap_err(), LpError::Unbounded);
    }

    /// The tableau bound, in its own unit: a programme of `k` variables
    /// and `k` inequalities has a tableau of `k + 1` rows (the costs') and
    /// `2k + 1` columns (a slack each, the right-hand side); it is solved
    /// with exactly its bytes allowed, and refused before it is made with
    /// one byte fewer, in fractions and in floats alike.
    #[test]
    fn the_tableau_is_refused_just_past_its_bytes() {
        for k in [1usize, 2, 7, 40] {
            let rows: Vec<Row<BigRational>> = (0..k)
                .map(|i| row(&[(i, 1)], false, i as i64 + 1))
                .collect();
            let lp = Lp {
                columns: k,
                rows,
                objective: (0..k).map(|i| (i, q(1, 1))).collect(),
            };
            let entries = ((k + 1) * (2 * k + 1)) as u64;
            let within = |bytes| Budget {
                work: u64::MAX,
                bytes,
            };
            let o = maximise_within(&lp, within(entries * 96)).expect("solved at its bytes");
            let sum = (k * (k + 1) / 2) as i64;
            assert_eq!(o.value, q(sum, 1));
            assert_eq!(
                maximise_within(&lp, within(entries * 96 - 1)).unwrap_err(),
                LpError::TooLarge {
                    rows: k,
                    columns: 2 * k
                }
            );
            let floats = Lp {
                columns: k,
                rows: (lp.rows.iter())
                    .map(|r| Row {
                        coefs: r.coefs.iter().map(|(j, _)| (*j, 1.0)).collect(),
                        equal: false,
                        rhs: r.rhs.to_integer().to_string().parse().unwrap(),
                    })
                    .collect(),
                objective: (0..k).map(|i| (i, 1.0)).collect(),
            };
            assert!(maximise_within(&floats, within(entries * 8)).is_ok());
            assert!(matches!(
                maximise_within(&floats, within(entries * 8 - 1)),
                Err(LpError::TooLarge { .. })
            ));
        }
    }

    #[test]
    fn solves_a_matrix_game() {
        // Rows' value of [[2/3, -1/3], [-1/3, 1/3]]: the row player mixes
        // 2/5 and 3/5, the value is 1/15. Variables p1, p2, v+, v-.
        let a = [[q(2, 3), q(-1, 3)], [q(-1, 3), q(1, 3)]];
        let mut rows = vec![Row {
            coefs: vec![(0, q(1, 1)), (1, q(1, 1))],
            equal: true,
            rhs: q(1, 1),
        }];
        for (first, second) in a[0].iter().zip(&a[1]) {
            rows.push(Row {
                coefs: vec![
                    (0, -first.clone()),
                    (1, -second.clone()),
                    (2, q(1, 1)),
                    (3, q(-1, 1)),
                ],
                equal: false,
                rhs: q(0, 1),
            });
        }
        let lp = Lp {
            columns: 4,
            rows,
            objective: vec![(2, q(1, 1)), (3, q(-1, 1))],
        };
        let o = maximise(&lp).unwrap();
        assert_eq!(o.value, q(1, 15));
        assert_eq!(o.point[0], q(2, 5));
        assert_eq!(o.point[1], q(3, 5));
    }
}
