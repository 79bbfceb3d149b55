//! An exact linear programme solver: the simplex method on a dense tableau
//! of rationals.
//!
//! Pivots take the most promising column (Dantzig's rule) until a run of
//! degenerate pivots as long as the tableau is tall; from then on Bland's
//! rule, which cannot cycle, so the method always ends. Every number is an
//! exact fraction: the optimum is exact, not rounded.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// `a · z (≤ or =) rhs`, with `a` sparse.
#[derive(Clone, Debug)]
pub struct Row {
    pub coefs: Vec<(usize, BigRational)>,
    pub equal: bool,
    pub rhs: BigRational,
}

/// Maximise `objective · z` subject to `rows`, with every `z ≥ 0`.
#[derive(Clone, Debug)]
pub struct Lp {
    pub columns: usize,
    pub rows: Vec<Row>,
    pub objective: Vec<(usize, BigRational)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpError {
    Infeasible,
    Unbounded,
}

/// The optimum: its value and a point reaching it.
#[derive(Clone, Debug)]
pub struct Optimum {
    pub value: BigRational,
    pub point: Vec<BigRational>,
}

struct Tableau {
    /// Rows of coefficients, the right-hand side last.
    rows: Vec<Vec<BigRational>>,
    /// The reduced costs, and minus the objective's value last.
    costs: Vec<BigRational>,
    basis: Vec<usize>,
    /// Columns that may not enter (artificial ones, in the second phase).
    barred: Vec<bool>,
    bland: bool,
    degenerate_run: usize,
}

impl Tableau {
    fn rhs(&self) -> usize {
        self.costs.len() - 1
    }

    fn pivot(&mut self, r: usize, c: usize) {
        let inverse = self.rows[r][c].recip();
        for x in self.rows[r].iter_mut() {
            if !x.is_zero() {
                *x *= &inverse;
            }
        }
        let nonzero: Vec<usize> = (0..self.rows[r].len())
            .filter(|&j| !self.rows[r][j].is_zero())
            .collect();
        let pivot_row = std::mem::take(&mut self.rows[r]);
        let eliminate = |row: &mut Vec<BigRational>| {
            let f = row[c].clone();
            if f.is_zero() {
                return;
            }
            for &j in &nonzero {
                let d = &f * &pivot_row[j];
                row[j] -= d;
            }
        };
        for (i, row) in self.rows.iter_mut().enumerate() {
            if i != r {
                eliminate(row);
            }
        }
        eliminate(&mut self.costs);
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
                candidates.max_by(|&a, &b| self.costs[a].cmp(&self.costs[b]).then(b.cmp(&a)))
            };
            let Some(c) = entering else {
                return Ok(());
            };
            let mut leaving: Option<(usize, BigRational)> = None;
            for (i, row) in self.rows.iter().enumerate() {
                if !row[c].is_positive() {
                    continue;
                }
                let ratio = &row[rhs] / &row[c];
                let better = match &leaving {
                    None => true,
                    Some((l, best)) => {
                        ratio < *best || (ratio == *best && self.basis[i] < self.basis[*l])
                    }
                };
                if better {
                    leaving = Some((i, ratio));
                }
            }
            let Some((r, ratio)) = leaving else {
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
        }
    }
}

/// Solves `lp` exactly.
pub fn maximise(lp: &Lp) -> Result<Optimum, LpError> {
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
    let zero = BigRational::zero();
    let mut rows = vec![vec![zero.clone(); width + 1]; m];
    let mut basis = vec![0; m];
    let mut slack = n;
    let mut artificial = n + slacks;
    for (i, row) in lp.rows.iter().enumerate() {
        let sign = if row.rhs.is_negative() {
            -BigRational::one()
        } else {
            BigRational::one()
        };
        for (j, a) in &row.coefs {
            rows[i][*j] += a * &sign;
        }
        rows[i][width] = &row.rhs * &sign;
        if !row.equal {
            rows[i][slack] = sign.clone();
            if !row.rhs.is_negative() {
                basis[i] = slack;
            }
            slack += 1;
        }
        if row.equal || row.rhs.is_negative() {
            rows[i][artificial] = BigRational::one();
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
                costs[j] += &rows[i][j];
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
    };
    t.optimise().map_err(|_| LpError::Infeasible)?;
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
    // Phase 2: the objective, in terms of the non-basic variables.
    for j in 0..width {
        t.barred[j] = is_artificial(j);
    }
    t.bland = false;
    t.degenerate_run = 0;
    let mut costs = vec![zero.clone(); width + 1];
    for (j, c) in &lp.objective {
        costs[*j] += c;
    }
    for (i, &b) in t.basis.iter().enumerate() {
        let c = costs[b].clone();
        if c.is_zero() {
            continue;
        }
        for (cost, x) in costs.iter_mut().zip(&t.rows[i]) {
            *cost -= &c * x;
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
        value: -t.costs[width].clone(),
        point,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64, d: i64) -> BigRational {
        BigRational::new(n.into(), d.into())
    }

    fn row(coefs: &[(usize, i64)], equal: bool, rhs: i64) -> Row {
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
