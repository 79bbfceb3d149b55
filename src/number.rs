//! Exact numbers: the rationals every figure of the tool is computed in.
//!
//! [`Exact`] wraps a reduced big rational; it prints as `n/d` (or `n` when
//! whole) and serialises as that string. Floats appear only through
//! [`Exact::to_f64`], for display.

use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// An exact rational number, always reduced.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Exact(pub BigRational);

impl Exact {
    pub fn zero() -> Self {
        Exact(BigRational::zero())
    }

    pub fn one() -> Self {
        Exact(BigRational::one())
    }

    pub fn int(n: i64) -> Self {
        Exact(BigRational::from_integer(BigInt::from(n)))
    }

    pub fn ratio(n: i64, d: i64) -> Self {
        Exact(BigRational::new(BigInt::from(n), BigInt::from(d)))
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    pub fn is_integer(&self) -> bool {
        self.0.is_integer()
    }

    pub fn is_negative(&self) -> bool {
        self.0.is_negative()
    }

    pub fn is_positive(&self) -> bool {
        self.0.is_positive()
    }

    /// The value as an `i64` when it is whole and fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.0.is_integer() {
            self.0.to_integer().to_i64()
        } else {
            None
        }
    }

    /// The nearest float, for display only.
    pub fn to_f64(&self) -> f64 {
        ratio_to_f64(&self.0)
    }

    pub fn abs(&self) -> Self {
        Exact(self.0.abs())
    }

    /// Parses `7`, `0.95`, `37/432`; with `percent`, divides by 100.
    /// Returns `None` for a zero denominator or text that is not a number.
    pub fn parse_literal(text: &str) -> Option<Exact> {
        let (body, percent) = match text.strip_suffix('%') {
            Some(body) => (body, true),
            None => (text, false),
        };
        let value = if let Some((n, d)) = body.split_once('/') {
            let n = BigInt::from_str(n).ok()?;
            let d = BigInt::from_str(d).ok()?;
            if d.is_zero() {
                return None;
            }
            BigRational::new(n, d)
        } else if let Some((whole, frac)) = body.split_once('.') {
            let digits = format!("{whole}{frac}");
            let n = BigInt::from_str(&digits).ok()?;
            let d = num_traits::pow(BigInt::from(10), frac.len());
            BigRational::new(n, d)
        } else {
            BigRational::from_integer(BigInt::from_str(body).ok()?)
        };
        Some(if percent {
            Exact(value / BigInt::from(100))
        } else {
            Exact(value)
        })
    }
}

/// The small primes dice denominators are made of (sides, and the totals of
/// conditioned throws, are products of these far more often than not).
const SMALL_PRIMES: [u64; 15] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47];

/// The divisors to take out a prime `p` with: its largest power that fits in
/// 32 bits first, then `p` itself.
fn steps(p: u64) -> [u64; 2] {
    let mut power = p;
    while power * p <= u64::from(u32::MAX) {
        power *= p;
    }
    [power, p]
}

/// `x mod q`, without building a quotient.
fn rem(x: &BigUint, q: u64) -> u64 {
    x.iter_u64_digits().rev().fold(0u128, |r, digit| {
        ((r << 64) | u128::from(digit)) % u128::from(q)
    }) as u64
}

/// Divides `n` and `d` by `p` as long as both are multiples of it.
fn strip_common(n: &mut BigUint, d: &mut BigUint, p: u64) {
    if p == 2 {
        let shift = n.trailing_zeros().min(d.trailing_zeros()).unwrap_or(0);
        *n >>= shift;
        *d >>= shift;
        return;
    }
    if rem(d, p) != 0 {
        return;
    }
    for q in steps(p) {
        while rem(d, q) == 0 && rem(n, q) == 0 {
            *n /= q;
            *d /= q;
        }
    }
}

/// Whether `d` is a product of [`SMALL_PRIMES`] only.
fn smooth(d: &BigUint) -> bool {
    let mut d = d >> d.trailing_zeros().unwrap_or(0);
    for p in &SMALL_PRIMES[1..] {
        if rem(&d, *p) != 0 {
            continue;
        }
        for q in steps(*p) {
            while rem(&d, q) == 0 {
                d /= q;
            }
        }
    }
    d.is_one()
}

impl Exact {
    /// `n / d` reduced, for `d > 0`. Denominators made of small primes, as
    /// dice give, are reduced by division alone; others by a gcd.
    pub fn from_fraction(mut n: BigUint, mut d: BigUint) -> Exact {
        if n.is_zero() {
            return Exact::zero();
        }
        // Once the small primes common to both are gone, a fraction over a
        // product of small primes is reduced.
        let smooth = smooth_cached(&d);
        for p in SMALL_PRIMES {
            strip_common(&mut n, &mut d, p);
        }
        if !smooth {
            let g = n.gcd(&d);
            n /= &g;
            d /= &g;
        }
        Exact(BigRational::new_raw(BigInt::from(n), BigInt::from(d)))
    }
}

thread_local! {
    /// The last denominator tested by [`smooth_cached`] and the answer: the
    /// fractions reduced one after another mostly share one.
    static LAST_SMOOTH: std::cell::RefCell<Option<(BigUint, bool)>> =
        const { std::cell::RefCell::new(None) };
}

/// [`smooth`], remembering the last answer.
fn smooth_cached(d: &BigUint) -> bool {
    LAST_SMOOTH.with(|last| {
        let mut last = last.borrow_mut();
        match &*last {
            Some((x, answer)) if x == d => *answer,
            _ => {
                let answer = smooth(d);
                *last = Some((d.clone(), answer));
                answer
            }
        }
    })
}

/// A big rational to the nearest `f64`, also when numerator and
/// denominator are each too large for a float.
pub fn ratio_to_f64(r: &BigRational) -> f64 {
    if let (Some(n), Some(d)) = (r.numer().to_f64(), r.denom().to_f64()) {
        if n.is_finite() && d.is_finite() && d != 0.0 {
            return n / d;
        }
    }
    // Scale both down to 64 significant bits first.
    let bits = r.numer().bits().max(r.denom().bits());
    let shift = bits.saturating_sub(64);
    let n = (r.numer() >> shift).to_f64().unwrap_or(0.0);
    let d = (r.denom() >> shift).to_f64().unwrap_or(1.0);
    if d == 0.0 {
        return f64::INFINITY * n.signum();
    }
    n / d
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_integer() {
            write!(f, "{}", self.0.numer())
        } else {
            write!(f, "{}/{}", self.0.numer(), self.0.denom())
        }
    }
}

impl fmt::Debug for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Exact {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Exact::parse_literal(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not an exact number: {text}")))
    }
}

impl std::ops::Add for &Exact {
    type Output = Exact;
    fn add(self, rhs: &Exact) -> Exact {
        Exact(&self.0 + &rhs.0)
    }
}

impl std::ops::Sub for &Exact {
    type Output = Exact;
    fn sub(self, rhs: &Exact) -> Exact {
        Exact(&self.0 - &rhs.0)
    }
}

impl std::ops::Mul for &Exact {
    type Output = Exact;
    fn mul(self, rhs: &Exact) -> Exact {
        Exact(&self.0 * &rhs.0)
    }
}

impl std::ops::Div for &Exact {
    type Output = Exact;
    /// Panics on a zero divisor; callers check first.
    fn div(self, rhs: &Exact) -> Exact {
        Exact(&self.0 / &rhs.0)
    }
}

impl std::ops::Neg for &Exact {
    type Output = Exact;
    fn neg(self) -> Exact {
        Exact(-&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_parse_exactly() {
        assert_eq!(Exact::parse_literal("0.95"), Some(Exact::ratio(19, 20)));
        assert_eq!(Exact::parse_literal("37/432"), Some(Exact::ratio(37, 432)));
        assert_eq!(Exact::parse_literal("8.5%"), Some(Exact::ratio(17, 200)));
        assert_eq!(Exact::parse_literal("1/0"), None);
        assert_eq!(Exact::parse_literal("x"), None);
    }

    #[test]
    fn fractions_reduce_like_a_gcd_would() {
        let six = BigUint::from(6u32);
        for (n, d) in [
            (222u64, 2592u64),
            (35, 1296),
            (0, 7),
            (14, 49),
            (1_000_003 * 6, 1_000_003 * 36),
        ] {
            let expected = Exact(BigRational::new(BigInt::from(n), BigInt::from(d)));
            assert_eq!(
                Exact::from_fraction(BigUint::from(n), BigUint::from(d)),
                expected
            );
        }
        let d = num_traits::pow(six, 130);
        let n = BigUint::from(3u32).pow(129) * BigUint::from(5u32);
        let expected = Exact(BigRational::new(
            BigInt::from(n.clone()),
            BigInt::from(d.clone()),
        ));
        assert_eq!(Exact::from_fraction(n, d), expected);
    }

    #[test]
    fn prints_reduced() {
        assert_eq!(Exact::ratio(222, 2592).to_string(), "37/432");
        assert_eq!(Exact::int(-3).to_string(), "-3");
    }

    #[test]
    fn huge_ratios_convert_to_float() {
        let big = num_traits::pow(BigInt::from(6), 400);
        let r = BigRational::new(big.clone(), big * BigInt::from(4));
        assert!((ratio_to_f64(&r) - 0.25).abs() < 1e-12);
    }
}
