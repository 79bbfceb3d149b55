//! Exact linear systems, by Gaussian elimination over rationals.

use num_rational::BigRational;
use num_traits::Zero;

/// A solution of `a x = b` (free unknowns set to 0), or `None` when the
/// equations contradict each other.
pub fn solve(mut a: Vec<Vec<BigRational>>, mut b: Vec<BigRational>) -> Option<Vec<BigRational>> {
    let rows = a.len();
    let columns = a.first().map_or(0, Vec::len);
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut r = 0;
    for c in 0..columns {
        let Some(p) = (r..rows).find(|&i| !a[i][c].is_zero()) else {
            continue;
        };
        a.swap(r, p);
        b.swap(r, p);
        let inverse = a[r][c].recip();
        for x in a[r].iter_mut() {
            *x *= &inverse;
        }
        b[r] *= &inverse;
        for i in 0..rows {
            if i == r || a[i][c].is_zero() {
                continue;
            }
            let f = a[i][c].clone();
            let pivot_row = a[r].clone();
            for (x, p) in a[i].iter_mut().zip(&pivot_row).skip(c) {
                *x -= &f * p;
            }
            let d = &f * &b[r];
            b[i] -= d;
        }
        pivots.push((r, c));
        r += 1;
        if r == rows {
            break;
        }
    }
    if b[r..].iter().any(|x| !x.is_zero()) {
        return None;
    }
    let mut x = vec![BigRational::zero(); columns];
    for (r, c) in pivots {
        x[c] = b[r].clone();
    }
    Some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64) -> BigRational {
        BigRational::from_integer(n.into())
    }

    #[test]
    fn solves_contradicts_and_leaves_free_unknowns_at_zero() {
        // x + y = 3, x - y = 1.
        let x = solve(vec![vec![q(1), q(1)], vec![q(1), q(-1)]], vec![q(3), q(1)]).unwrap();
        assert_eq!(x, vec![q(2), q(1)]);
        // x + y = 1, 2x + 2y = 3.
        assert!(solve(vec![vec![q(1), q(1)], vec![q(2), q(2)]], vec![q(1), q(3)]).is_none());
        // x + y = 2 alone: y free.
        assert_eq!(
            solve(vec![vec![q(1), q(1)]], vec![q(2)]).unwrap(),
            vec![q(2), q(0)]
        );
    }
}
