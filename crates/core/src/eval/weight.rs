//! Exact probability weights, fast in the common case.
//!
//! A weight is a fraction `num/den` left unreduced: states merging at one
//! point of a round have almost always thrown the same dice, so they share a
//! denominator and merge with one addition. Machine integers (`u128`) hold
//! the fraction while they can; a product or sum that would overflow moves it
//! to big integers, still unreduced. The fraction is reduced once, when it
//! leaves the evaluator ([`Weight::to_exact`]); the value is exact throughout.

use std::sync::Arc;

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;

use super::nat::Nat;
use crate::number::Exact;

/// Above this many bits, a big denominator is reduced after an addition of
/// fractions with different denominators, so that repeated cross products
/// cannot grow without bound.
const REDUCE_BITS: u64 = 4096;

/// `a * b` when it fits: one widening multiplication when both fit 64
/// bits, as the weights of a round almost always do (a checked product of
/// two 128-bit numbers costs several).
#[inline(always)]
pub(crate) fn mul(a: u128, b: u128) -> Option<u128> {
    if (a | b) >> 64 == 0 {
        Some(a * b)
    } else {
        a.checked_mul(b)
    }
}

#[derive(Clone, Debug)]
pub enum Weight {
    /// `num / den`, `den > 0`, not necessarily reduced.
    Small(u128, u128),
    /// The same with wider integers: the numerator inline ([`Nat`]), the
    /// denominator shared, since states waiting at one throw almost always
    /// have the same one.
    Wide(Nat, Arc<BigUint>),
}

/// Remembers the last product "denominator times a throw's total", which
/// every result of every state waiting at that throw needs: one
/// multiplication then serves them all.
#[derive(Default)]
pub struct Memo {
    last: Option<(Arc<BigUint>, u128, Arc<BigUint>)>,
    /// The same for a machine denominator that overflows: its product
    /// becomes the shared wide denominator.
    widened: Option<(u128, u128, Arc<BigUint>)>,
}

impl Memo {
    fn widen(&mut self, den: u128, by: u128) -> Arc<BigUint> {
        if let Some((d, b, product)) = &self.widened {
            if (*d, *b) == (den, by) {
                return product.clone();
            }
        }
        let product = Arc::new(BigUint::from(den) * by);
        self.widened = Some((den, by, product.clone()));
        product
    }

    fn times(&mut self, den: &Arc<BigUint>, by: u128) -> Arc<BigUint> {
        if let Some((d, b, product)) = &self.last {
            if *b == by && (Arc::ptr_eq(d, den) || **d == **den) {
                return product.clone();
            }
        }
        let product = Arc::new(&**den * by);
        self.last = Some((den.clone(), by, product.clone()));
        product
    }
}

/// A factor to scale weights by: `num / den`, deliberately not reduced, so
/// that all the results of one throw keep the throw's total as their common
/// denominator and the states they lead to still merge by one addition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Factor {
    Small(u128, u128),
    Wide(BigUint, BigUint),
}

impl Factor {
    pub fn one() -> Factor {
        Factor::Small(1, 1)
    }

    /// `num / den` for non-negative `num` and positive `den`.
    pub fn new(n: &BigUint, d: &BigUint) -> Factor {
        match (u128::try_from(n), u128::try_from(d)) {
            (Ok(n), Ok(d)) => Factor::Small(n, d),
            _ => Factor::Wide(n.clone(), d.clone()),
        }
    }

    /// `|x|` as a factor.
    pub fn magnitude(x: &Exact) -> Factor {
        Factor::new(x.0.numer().magnitude(), x.0.denom().magnitude())
    }

    /// The numerator: for a throw's result, its number of ways.
    pub fn ways(&self) -> BigUint {
        match self {
            Factor::Small(n, _) => BigUint::from(*n),
            Factor::Wide(n, _) => n.clone(),
        }
    }

    fn wide(&self) -> (BigUint, BigUint) {
        match self {
            Factor::Small(n, d) => (BigUint::from(*n), BigUint::from(*d)),
            Factor::Wide(n, d) => (n.clone(), d.clone()),
        }
    }

    /// Adds `other`: where both have one denominator (results of one
    /// throw), their numerators are added and the denominator kept.
    pub fn add(&mut self, other: &Factor) {
        if let (Factor::Small(n, d), Factor::Small(m, e)) = (&mut *self, other) {
            if d == e {
                if let Some(sum) = n.checked_add(*m) {
                    *n = sum;
                    return;
                }
            }
        }
        let ((n, d), (m, e)) = (self.wide(), other.wide());
        *self = if d == e {
            Factor::new(&(n + m), &d)
        } else {
            Factor::new(&(n * &e + m * &d), &(d * e))
        };
    }
}

impl Weight {
    /// The numerator's size in 64-bit words: what adding or scaling the
    /// weight costs.
    pub fn words(&self) -> usize {
        match self {
            Weight::Small(..) => 1,
            Weight::Wide(n, _) => n.words().max(1),
        }
    }

    pub fn one() -> Weight {
        Weight::Small(1, 1)
    }

    pub fn zero() -> Weight {
        Weight::Small(0, 1)
    }

    fn wide(&self) -> (BigUint, BigUint) {
        match self {
            Weight::Small(n, d) => (BigUint::from(*n), BigUint::from(*d)),
            Weight::Wide(n, d) => (n.to_big(), (**d).clone()),
        }
    }

    /// A non-negative exact number as a weight.
    pub fn from_exact(x: &Exact) -> Weight {
        Weight::one().scaled(&Factor::magnitude(x))
    }

    /// The weight as a factor, to scale another by.
    pub fn as_factor(&self) -> Factor {
        match self {
            Weight::Small(n, d) => Factor::Small(*n, *d),
            Weight::Wide(n, d) => Factor::Wide(n.to_big(), (**d).clone()),
        }
    }

    /// The weight as a float (rounded).
    pub fn to_f64(&self) -> f64 {
        match self {
            Weight::Small(n, d) => *n as f64 / *d as f64,
            Weight::Wide(..) => self.to_exact().to_f64(),
        }
    }

    /// The exact value, reduced.
    pub fn to_exact(&self) -> Exact {
        match self {
            Weight::Small(n, d) => Exact(BigRational::new(BigInt::from(*n), BigInt::from(*d))),
            Weight::Wide(n, d) => Exact::from_fraction(n.to_big(), (**d).clone()),
        }
    }

    /// This weight times `factor`.
    pub fn scaled(&self, factor: &Factor) -> Weight {
        self.scaled_in(factor, &mut Memo::default())
    }

    /// This weight times `factor`, the denominator's product looked up in
    /// `memo` first.
    pub fn scaled_in(&self, factor: &Factor, memo: &mut Memo) -> Weight {
        match (self, factor) {
            (Weight::Small(n, d), Factor::Small(a, b)) => match (mul(*n, *a), mul(*d, *b)) {
                (Some(n2), Some(d2)) => Weight::Small(n2, d2),
                _ => Weight::Wide(Nat::from_u128(*n).mul_u128(*a), memo.widen(*d, *b)),
            },
            (Weight::Wide(n, d), Factor::Small(a, 1)) => Weight::Wide(n.mul_u128(*a), d.clone()),
            (Weight::Wide(n, d), Factor::Small(a, b)) => {
                Weight::Wide(n.mul_u128(*a), memo.times(d, *b))
            }
            (w, f) => {
                let (n, d) = w.wide();
                let (a, b) = f.wide();
                Weight::Wide(Nat::from_big(&(n * a)), Arc::new(d * b))
            }
        }
    }

    /// Adds `weight` times `factor` to this weight: when the product has
    /// this weight's denominator (states merging after the same throw), its
    /// numerator is multiplied straight into the sum, without building it.
    pub fn add_product(&mut self, weight: &Weight, factor: &Factor, memo: &mut Memo) {
        match (&mut *self, weight, factor) {
            (Weight::Wide(sum, den), Weight::Wide(n, d), Factor::Small(a, b)) => {
                if let Ok(a) = u64::try_from(*a) {
                    if Arc::ptr_eq(den, &memo.times(d, *b)) {
                        sum.add_mul_u64(n, a);
                        return;
                    }
                }
            }
            (Weight::Small(sum, den), Weight::Small(n, d), Factor::Small(a, b))
                if mul(*d, *b) == Some(*den) =>
            {
                if let Some(s) = mul(*n, *a).and_then(|p| p.checked_add(*sum)) {
                    *sum = s;
                    return;
                }
            }
            _ => {}
        }
        self.add(&weight.scaled_in(factor, memo));
    }

    /// Adds `other` to this weight.
    pub fn add(&mut self, other: &Weight) {
        if self.is_zero() {
            // A sum begins as its first term, denominator and all.
            *self = other.clone();
            return;
        }
        match (&mut *self, other) {
            (Weight::Small(n1, d1), Weight::Small(n2, d2)) => {
                if d1 == d2 {
                    if let Some(n) = n1.checked_add(*n2) {
                        *n1 = n;
                        return;
                    }
                } else {
                    let g = d1.gcd(d2);
                    let sum = (*d1 / g).checked_mul(*d2).and_then(|l| {
                        let a = n1.checked_mul(l / *d1)?;
                        let b = n2.checked_mul(l / *d2)?;
                        Some((a.checked_add(b)?, l))
                    });
                    if let Some((n, l)) = sum {
                        *self = Weight::Small(n, l);
                        return;
                    }
                }
            }
            (Weight::Wide(n1, d1), Weight::Wide(n2, d2)) if Arc::ptr_eq(d1, d2) || d1 == d2 => {
                n1.add_assign(n2);
                return;
            }
            _ => {}
        }
        let (n1, d1) = self.wide();
        let (n2, d2) = other.wide();
        let (n, d) = if d1 == d2 {
            (n1 + n2, d1)
        } else {
            (n1 * &d2 + n2 * &d1, d1 * d2)
        };
        *self = if d.bits() > REDUCE_BITS {
            let g = n.gcd(&d);
            Weight::Wide(Nat::from_big(&(n / &g)), Arc::new(d / &g))
        } else {
            Weight::Wide(Nat::from_big(&n), Arc::new(d))
        };
    }

    /// Whether two weights are the same number (compared by cross products,
    /// without reducing).
    pub fn same_value(&self, other: &Weight) -> bool {
        if let (Weight::Small(n1, d1), Weight::Small(n2, d2)) = (self, other) {
            if d1 == d2 {
                return n1 == n2;
            }
        }
        let (n1, d1) = self.wide();
        let (n2, d2) = other.wide();
        n1 * d2 == n2 * d1
    }

    pub fn is_zero(&self) -> bool {
        match self {
            Weight::Small(n, _) => *n == 0,
            Weight::Wide(n, _) => n.is_zero(),
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
    fn overflow_moves_to_big_integers_exactly() {
        let f = Factor::Small(1, 6u128.pow(10));
        let mut w = Weight::one();
        for _ in 0..13 {
            w = w.scaled(&f);
        }
        assert!(matches!(w, Weight::Wide(..)));
        let expected = BigRational::new(BigInt::one(), num_traits::pow(BigInt::from(6), 130));
        assert_eq!(w.to_exact(), Exact(expected.clone()));
        let mut twice = w.clone();
        twice.add(&w);
        assert_eq!(twice.to_exact(), Exact(expected.clone() * BigInt::from(2)));
        // A small weight added to a wide one with another denominator.
        twice.add(&Weight::Small(1, 2));
        assert_eq!(
            twice.to_exact(),
            Exact(expected * BigInt::from(2) + BigRational::new(BigInt::one(), BigInt::from(2)))
        );
    }

    #[test]
    fn fused_products_are_the_sum_of_the_product() {
        let mut memo = Memo::default();
        let f = Factor::Small(7, 6u128.pow(10));
        // Wide and small sums, with the same or another denominator.
        let wide = Weight::one().scaled(&Factor::Small(5, 6u128.pow(30)));
        let small = Weight::Small(3, 36);
        for base in [&wide, &small] {
            for start in [base.scaled_in(&f, &mut memo), Weight::Small(1, 2)] {
                let mut fused = start.clone();
                fused.add_product(base, &f, &mut memo);
                let mut plain = start.clone();
                plain.add(&base.scaled(&f));
                assert_eq!(fused.to_exact(), plain.to_exact());
                assert!(fused.same_value(&plain));
            }
        }
    }

    #[test]
    fn different_denominators_add() {
        let mut w = Weight::Small(1, 6);
        w.add(&Weight::Small(1, 4));
        assert_eq!(w.to_exact(), Exact::ratio(5, 12));
    }
}
