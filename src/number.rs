//! Exact numbers: the rationals every figure of the tool is computed in.
//!
//! [`Exact`] wraps a reduced big rational; it prints as `n/d` (or `n` when
//! whole) and serialises as that string. Floats appear only through
//! [`Exact::to_f64`], for display.

use num_bigint::BigInt;
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
