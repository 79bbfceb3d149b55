//! Exact probability weights, fast in the common case.
//!
//! A weight is a fraction `num/den` of machine integers, left unreduced:
//! states merging at one point of a round have almost always thrown the same
//! dice, so they share a denominator and merge with one integer addition.
//! When a product or sum would overflow, the weight becomes a big rational;
//! the value is exact either way.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::Zero;

use crate::number::Exact;

#[derive(Clone, Debug)]
pub enum Weight {
    /// `num / den`, `den > 0`, not necessarily reduced.
    Small(u128, u128),
    Big(BigRational),
}

/// A factor to scale weights by: `num / den`, as machine or big integers.
#[derive(Clone, Debug)]
pub enum Factor {
    Small(u128, u128),
    Big(BigInt, BigInt),
}

impl Factor {
    pub fn new(num: &BigInt, den: &BigInt) -> Factor {
        match (u128::try_from(num), u128::try_from(den)) {
            (Ok(n), Ok(d)) => {
                let g = n.gcd(&d).max(1);
                Factor::Small(n / g, d / g)
            }
            _ => Factor::Big(num.clone(), den.clone()),
        }
    }
}

fn big(n: u128, d: u128) -> BigRational {
    BigRational::new(BigInt::from(n), BigInt::from(d))
}

impl Weight {
    pub fn one() -> Weight {
        Weight::Small(1, 1)
    }

    pub fn zero() -> Weight {
        Weight::Small(0, 1)
    }

    fn to_big(&self) -> BigRational {
        match self {
            Weight::Small(n, d) => big(*n, *d),
            Weight::Big(r) => r.clone(),
        }
    }

    /// The exact value, reduced.
    pub fn to_exact(&self) -> Exact {
        Exact(self.to_big())
    }

    /// This weight times `factor`.
    pub fn scaled(&self, factor: &Factor) -> Weight {
        match (self, factor) {
            (Weight::Small(n, d), Factor::Small(a, b)) => {
                if let (Some(n2), Some(d2)) = (n.checked_mul(*a), d.checked_mul(*b)) {
                    return Weight::Small(n2, d2);
                }
                // Reduce across before giving up on machine integers.
                let g1 = n.gcd(b).max(1);
                let g2 = a.gcd(d).max(1);
                let (n, b) = (n / g1, b / g1);
                let (a, d) = (a / g2, d / g2);
                match (n.checked_mul(a), d.checked_mul(b)) {
                    (Some(n2), Some(d2)) => Weight::Small(n2, d2),
                    _ => Weight::Big(big(n, d) * big(a, b)),
                }
            }
            (w, Factor::Small(a, b)) => Weight::Big(w.to_big() * big(*a, *b)),
            (w, Factor::Big(a, b)) => {
                Weight::Big(w.to_big() * BigRational::new(a.clone(), b.clone()))
            }
        }
    }

    /// Adds `other` to this weight.
    pub fn add(&mut self, other: &Weight) {
        if let (Weight::Small(n1, d1), Weight::Small(n2, d2)) = (&*self, other) {
            if d1 == d2 {
                if let Some(n) = n1.checked_add(*n2) {
                    *self = Weight::Small(n, *d1);
                    return;
                }
            } else {
                let g = d1.gcd(d2);
                let sum = (d1 / g).checked_mul(*d2).and_then(|l| {
                    let a = n1.checked_mul(l / d1)?;
                    let b = n2.checked_mul(l / d2)?;
                    Some((a.checked_add(b)?, l))
                });
                if let Some((n, l)) = sum {
                    *self = Weight::Small(n, l);
                    return;
                }
            }
        }
        *self = Weight::Big(self.to_big() + other.to_big());
    }

    pub fn is_zero(&self) -> bool {
        match self {
            Weight::Small(n, _) => *n == 0,
            Weight::Big(r) => r.is_zero(),
        }
    }
}

impl Default for Weight {
    fn default() -> Self {
        Weight::zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::One;

    #[test]
    fn sums_and_products_are_exact() {
        let mut w = Weight::one().scaled(&Factor::Small(1, 36));
        w.add(&Weight::one().scaled(&Factor::Small(1, 1296)));
        assert_eq!(w.to_exact(), Exact::ratio(37, 1296));
    }

    #[test]
    fn overflow_falls_back_to_big_rationals() {
        let f = Factor::Small(1, 6u128.pow(10));
        let mut w = Weight::one();
        for _ in 0..13 {
            w = w.scaled(&f);
        }
        assert!(matches!(w, Weight::Big(_)));
        let expected = BigRational::new(BigInt::one(), num_traits::pow(BigInt::from(6), 130));
        assert_eq!(w.to_exact(), Exact(expected.clone()));
        let mut twice = w.clone();
        twice.add(&w);
        assert_eq!(twice.to_exact(), Exact(expected * BigInt::from(2)));
    }

    #[test]
    fn different_denominators_add() {
        let mut w = Weight::Small(1, 6);
        w.add(&Weight::Small(1, 4));
        assert_eq!(w.to_exact(), Exact::ratio(5, 12));
    }
}
