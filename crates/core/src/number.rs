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
use smallvec::SmallVec;
use std::fmt;
use std::str::FromStr;

mod decimal;

/// An exact rational number, always reduced.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Exact(pub BigRational);

impl Exact {
    /// The number 0.
    pub fn zero() -> Self {
        Exact(BigRational::zero())
    }

    /// The number 1.
    pub fn one() -> Self {
        Exact(BigRational::one())
    }

    /// The whole number `n`. (A `u64` goes through `From<u64>`, which
    /// takes all of it.)
    pub fn int(n: i64) -> Self {
        Exact(BigRational::from_integer(BigInt::from(n)))
    }

    /// `n / d`, reduced, the sign carried by the numerator. Panics when
    /// `d` is 0.
    pub fn ratio(n: i64, d: i64) -> Self {
        Exact(BigRational::new(BigInt::from(n), BigInt::from(d)))
    }

    /// Whether the number is 0.
    pub fn is_zero(&self) -> bool {
        self.0.is_zero()
    }

    /// Whether the number is whole (its denominator is 1), of any size.
    pub fn is_integer(&self) -> bool {
        self.0.is_integer()
    }

    /// Whether the number is below 0.
    pub fn is_negative(&self) -> bool {
        self.0.is_negative()
    }

    /// Whether the number is above 0.
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

    /// The nearest float, for display only. Where the numerator or the
    /// denominator is too large for a float (over 1024 bits), both are cut
    /// to their top 64 bits first: a number then beyond about 2^63 in size
    /// comes out as ± infinity, one below about 2^-63 as 0.
    pub fn to_f64(&self) -> f64 {
        ratio_to_f64(&self.0)
    }

    /// The absolute value, exactly.
    pub fn abs(&self) -> Self {
        Exact(self.0.abs())
    }

    /// The number as an exact decimal (`12.95`, `-3`) when its denominator
    /// has no prime but 2 and 5; else as a fraction (`1/3`).
    pub fn decimal(&self) -> String {
        let mut d = self.0.denom().clone();
        let (two, five) = (BigInt::from(2), BigInt::from(5));
        let (mut twos, mut fives) = (0u32, 0u32);
        while (&d % &two).is_zero() {
            d /= &two;
            twos += 1;
        }
        while (&d % &five).is_zero() {
            d /= &five;
            fives += 1;
        }
        if !d.is_one() {
            return self.to_string();
        }
        let places = twos.max(fives);
        let scaled = &self.0 * BigRational::from_integer(BigInt::from(10).pow(places));
        let digits = scaled.to_integer().abs().to_string();
        let sign = if self.0.is_negative() { "-" } else { "" };
        if places == 0 {
            return format!("{sign}{digits}");
        }
        let places = places as usize;
        let padded = format!("{digits:0>width$}", width = places + 1);
        let (whole, frac) = padded.split_at(padded.len() - places);
        format!("{sign}{whole}.{frac}")
    }

    /// Numbers as numerators over one denominator, the least, when all fit
    /// machine words: `(numerators, denominator)`.
    pub fn over_common_denominator<'a>(
        values: impl IntoIterator<Item = &'a Exact>,
    ) -> Option<(Vec<i64>, i64)> {
        let values: Vec<&Exact> = values.into_iter().collect();
        let mut d = BigInt::one();
        for v in &values {
            d = d.lcm(v.0.denom());
        }
        let numerators = values
            .iter()
            .map(|v| (v.0.numer() * (&d / v.0.denom())).to_i64())
            .collect::<Option<Vec<i64>>>()?;
        Some((numerators, d.to_i64()?))
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

impl Exact {
    /// `n / d` reduced, for `d > 0`. A denominator made of small primes, as
    /// dice give, is factored once (the last few are remembered: the
    /// fractions reduced one after another mostly share them), and the
    /// numerator is divided only by the primes of that factorisation; any
    /// other denominator is reduced by a gcd.
    pub fn from_fraction(mut n: BigUint, mut d: BigUint) -> Exact {
        if n.is_zero() {
            return Exact::zero();
        }
        match factors_cached(&d) {
            Some(factors) => {
                // The common part, divided out of the denominator in
                // machine words.
                let mut common = 1u64;
                for (p, e) in factors {
                    if p == 2 {
                        d >>= take_out(&mut n, p, e);
                        continue;
                    }
                    for _ in 0..take_out(&mut n, p, e) {
                        common = common.checked_mul(p).unwrap_or_else(|| {
                            d /= common;
                            p
                        });
                    }
                }
                if common > 1 {
                    d /= common;
                }
            }
            None => {
                let g = n.gcd(&d);
                n /= &g;
                d /= &g;
            }
        }
        Exact(BigRational::new_raw(BigInt::from(n), BigInt::from(d)))
    }

    /// `n / d` reduced, `d` given as its factorisation ([`Exact::factors_below`]):
    /// each prime is divided out of the numerator as far as both hold it,
    /// and the denominator is made of what is left. A power of a dice
    /// denominator (`d^e`, its factorisation `e` times `d`'s) is so reduced
    /// in time that grows with the numerator's words and the primes taken
    /// out, where [`Exact::from_fraction`] would first factor the power
    /// again, dividing it by a machine word of each prime at a time.
    pub fn over_factors(n: BigInt, d: &[(u64, u32)]) -> Exact {
        let (sign, mut n) = n.into_parts();
        if n.is_zero() {
            return Exact::zero();
        }
        let mut denominator = BigUint::one();
        for &(p, e) in d {
            let left = e - take_out(&mut n, p, e);
            if left > 0 {
                denominator *= num_traits::pow(BigUint::from(p), left as usize);
            }
        }
        Exact(BigRational::new_raw(
            BigInt::from_biguint(sign, n),
            BigInt::from(denominator),
        ))
    }

    /// The factorisation of `d > 0` (prime, exponent), when it has no
    /// prime from `bound` (at most 2^32) up: trial division by 2 and each
    /// odd number below `bound`, stopping when what is left is 1 or a
    /// prime (one below its square). A law's common denominator is found
    /// so once per session: a shoe's has the primes below its cards.
    pub fn factors_below(d: &BigUint, bound: u64) -> Option<Factors> {
        let bound = bound.min(1 << 32);
        let mut d = d.clone();
        let mut found = Factors::new();
        let mut p = 2;
        while p < bound && !d.is_one() {
            if BigUint::from(p * p) > d {
                // What is left is a prime.
                let q = u64::try_from(&d).ok().filter(|&q| q < bound)?;
                found.push((q, 1));
                return Some(found);
            }
            let e = take_out(&mut d, p, u32::MAX);
            if e > 0 {
                found.push((p, e));
            }
            p += if p == 2 { 1 } else { 2 };
        }
        d.is_one().then_some(found)
    }

    /// `n / d` reduced, for `d != 0`.
    fn reduced(n: BigInt, d: BigInt) -> Exact {
        let negative = n.is_negative() != d.is_negative();
        let r = Exact::from_fraction(n.into_parts().1, d.into_parts().1);
        if negative {
            -&r
        } else {
            r
        }
    }
}

/// The small primes dice denominators are made of (sides, and the totals of
/// conditioned throws, are products of these far more often than not).
const SMALL_PRIMES: [u64; 15] = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47];

/// A denominator as (prime, exponent) pairs, each prime below 2^32.
pub type Factors = SmallVec<[(u64, u32); 4]>;

/// How many factored denominators are remembered.
const REMEMBERED: usize = 8;

/// Denominators factored lately, with the answers, and the next to replace.
type Factored = (usize, Vec<(BigUint, Option<Factors>)>);

thread_local! {
    /// The denominators last factored by [`factors_cached`], and the
    /// answers, the oldest replaced first: the fractions reduced one after
    /// another mostly share a few.
    static FACTORED: std::cell::RefCell<Factored> =
        const { std::cell::RefCell::new((0, Vec::new())) };
}

/// [`factors`], remembering the last few answers.
fn factors_cached(d: &BigUint) -> Option<Factors> {
    FACTORED.with(|cache| {
        let (next, entries) = &mut *cache.borrow_mut();
        if let Some((_, answer)) = entries.iter().find(|(x, _)| x == d) {
            return answer.clone();
        }
        let answer = factors(d);
        if entries.len() < REMEMBERED {
            entries.push((d.clone(), answer.clone()));
        } else {
            entries[*next] = (d.clone(), answer.clone());
            *next = (*next + 1) % REMEMBERED;
        }
        answer
    })
}

/// The factorisation of `d > 0` when it is a product of [`SMALL_PRIMES`]
/// only.
fn factors(d: &BigUint) -> Option<Factors> {
    let mut d = d.clone();
    let mut found = Factors::new();
    for p in SMALL_PRIMES {
        let e = take_out(&mut d, p, u32::MAX);
        if e > 0 {
            found.push((p, e));
        }
    }
    d.is_one().then_some(found)
}

/// The largest power of a prime `p` that fits in 32 bits, and its exponent.
fn step(p: u64) -> (u64, u32) {
    let (mut power, mut k) = (p, 1);
    while power * p <= u64::from(u32::MAX) {
        power *= p;
        k += 1;
    }
    (power, k)
}

/// `x mod q` for `0 < q < 2^32`, in 32-bit digits so that each step is one
/// machine division.
fn rem(x: &BigUint, q: u64) -> u64 {
    x.iter_u32_digits()
        .rev()
        .fold(0u64, |r, digit| ((r << 32) | u64::from(digit)) % q)
}

/// Divides the prime `p` out of `x`, at most `limit` times; returns how
/// many times it did (none for zero).
fn take_out(x: &mut BigUint, p: u64, limit: u32) -> u32 {
    if x.is_zero() {
        return 0;
    }
    if p == 2 {
        let k = x
            .trailing_zeros()
            .map_or(0, |z| z.min(u64::from(limit)) as u32);
        *x >>= k;
        return k;
    }
    // The remainder by the step `p^k` tells how many `p` divide `x` when
    // fewer than `k` do: as many as divide the remainder. So each step is
    // one remainder and at most one division.
    let (q, k) = step(p);
    let mut taken = 0;
    while taken < limit {
        let r = rem(x, q);
        let (mut divisor, mut j) = (1u64, 0u32);
        if r == 0 {
            (divisor, j) = (q, k);
        } else {
            let mut r = r;
            while r % p == 0 {
                r /= p;
                divisor *= p;
                j += 1;
            }
        }
        while taken + j > limit {
            divisor /= p;
            j -= 1;
        }
        if j == 0 {
            break;
        }
        *x /= divisor;
        taken += j;
        if j < k {
            break;
        }
    }
    taken
}

/// A big rational to the nearest `f64`, also when numerator and
/// denominator are each too large for a float; [`Exact::to_f64`] says
/// where it gives ± infinity or 0.
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

/// A whole number, all of `u64` (`Exact::int` takes an `i64`: a cast from
/// `u64` to it would wrap 18446744073709551615 to -1).
impl From<u64> for Exact {
    fn from(n: u64) -> Self {
        Exact(BigRational::from_integer(BigInt::from(n)))
    }
}

impl Exact {
    /// The number as it prints, `n/d` or `n` when whole, in ASCII.
    fn ascii(&self) -> Vec<u8> {
        let mut text = Vec::new();
        decimal::push_int(&mut text, self.0.numer());
        if !self.0.is_integer() {
            text.push(b'/');
            decimal::push_int(&mut text, self.0.denom());
        }
        text
    }
}

impl fmt::Display for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Only ASCII digits, a sign and a slash are written.
        f.write_str(std::str::from_utf8(&self.ascii()).unwrap_or_default())
    }
}

impl fmt::Debug for Exact {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Exact {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(std::str::from_utf8(&self.ascii()).unwrap_or_default())
    }
}

impl<'de> Deserialize<'de> for Exact {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Exact::parse_literal(&text)
            .ok_or_else(|| serde::de::Error::custom(format!("not an exact number: {text}")))
    }
}

// Arithmetic reduces its results as `from_fraction` does: dice fractions
// have denominators of small primes, which factoring reduces far faster than
// the binary gcd `BigRational` would run on a few hundred bits.

impl std::ops::Add for &Exact {
    type Output = Exact;
    fn add(self, rhs: &Exact) -> Exact {
        let (a, b) = (self.0.numer(), self.0.denom());
        let (c, d) = (rhs.0.numer(), rhs.0.denom());
        if b == d {
            Exact::reduced(a + c, b.clone())
        } else {
            Exact::reduced(a * d + c * b, b * d)
        }
    }
}

impl std::ops::Sub for &Exact {
    type Output = Exact;
    fn sub(self, rhs: &Exact) -> Exact {
        self + &-rhs
    }
}

impl std::ops::Mul for &Exact {
    type Output = Exact;
    fn mul(self, rhs: &Exact) -> Exact {
        Exact::reduced(
            self.0.numer() * rhs.0.numer(),
            self.0.denom() * rhs.0.denom(),
        )
    }
}

impl std::ops::Div for &Exact {
    type Output = Exact;
    /// Panics on a zero divisor; callers check first.
    fn div(self, rhs: &Exact) -> Exact {
        assert!(!rhs.is_zero(), "division of an exact number by zero");
        Exact::reduced(
            self.0.numer() * rhs.0.denom(),
            self.0.denom() * rhs.0.numer(),
        )
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

    /// A power of a denominator with primes of a shoe (415 = 5 x 83),
    /// factored by trial division and reduced by its factors, as
    /// `from_fraction` reduces it; a prime past the bound is not factored.
    #[test]
    fn powers_are_reduced_by_their_factors() {
        let d = BigUint::from(415u32 * 416);
        let factors = Exact::factors_below(&d, 1 << 16).expect("small primes");
        assert_eq!(factors.as_slice(), &[(2, 5), (5, 1), (13, 1), (83, 1)]);
        let d7 = num_traits::pow(d.clone(), 7);
        for n in [
            BigUint::from(1u32),
            d.clone() * 3u32,
            d7.clone(),
            d7.clone() + 1u32,
        ] {
            let power: Factors = factors.iter().map(|&(p, e)| (p, e * 7)).collect();
            let by_factors = Exact::over_factors(BigInt::from(n.clone()), &power);
            assert_eq!(by_factors, Exact::from_fraction(n, d7.clone()));
        }
        let negative = Exact::over_factors(BigInt::from(-830), &[(2, 1), (83, 1)]);
        assert_eq!(negative, Exact::int(-5));
        assert_eq!(
            Exact::factors_below(&BigUint::from(65_537u32 * 2), 1 << 16),
            None
        );
        assert_eq!(
            Exact::factors_below(&BigUint::from(1u32), 1 << 16),
            Some(Factors::new())
        );
    }

    #[test]
    fn decimals_are_exact_or_fractions() {
        assert_eq!(Exact::ratio(259, 20).decimal(), "12.95");
        assert_eq!(Exact::ratio(-1, 20).decimal(), "-0.05");
        assert_eq!(Exact::int(-3).decimal(), "-3");
        assert_eq!(Exact::ratio(1, 3).decimal(), "1/3");
        assert_eq!(Exact::ratio(3, 8).decimal(), "0.375");
    }

    #[test]
    fn common_denominators_are_the_least() {
        let values = [Exact::ratio(19, 20), Exact::int(-1), Exact::ratio(1, 8)];
        assert_eq!(
            Exact::over_common_denominator(&values),
            Some((vec![38, -40, 5], 40))
        );
        let huge = [Exact::ratio(1, i64::MAX), Exact::ratio(1, i64::MAX - 1)];
        assert_eq!(Exact::over_common_denominator(&huge), None);
    }

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
    fn fractions_over_many_denominators_reduce_like_a_gcd_would() {
        // Smooth denominators with high powers, denominators with a large
        // prime, and numerators sharing some or all of their factors; the
        // same denominator one after another and alternating.
        let big = |base: u32, e: usize| num_traits::pow(BigUint::from(base), e);
        let denominators = [
            big(6, 130),
            big(2, 70) * big(3, 45) * big(47, 3),
            big(6, 10) * BigUint::from(1_000_003u32),
            BigUint::from(1u32),
            big(5, 30),
        ];
        let numerators = [
            BigUint::from(1u32),
            big(2, 69) * big(3, 44) * 7u32,
            big(3, 129) * 5u32,
            big(6, 131),
            big(47, 4) * big(5, 31) * 1_000_003u32,
            big(2, 200) + 1u32,
        ];
        for _ in 0..2 {
            for d in &denominators {
                for n in &numerators {
                    let expected = Exact(BigRational::new(
                        BigInt::from(n.clone()),
                        BigInt::from(d.clone()),
                    ));
                    assert_eq!(Exact::from_fraction(n.clone(), d.clone()), expected);
                }
            }
        }
    }

    #[test]
    fn arithmetic_agrees_with_big_rationals() {
        let big = |base: i64, e: usize| num_traits::pow(BigInt::from(base), e);
        let values = [
            BigRational::new(BigInt::from(-3), BigInt::from(7)),
            BigRational::new(big(5, 40) + 1, big(6, 130)),
            BigRational::new(-big(5, 40) * 3, big(6, 129) * 2),
            BigRational::new(BigInt::from(19), BigInt::from(1_000_003)),
            BigRational::new(BigInt::from(4), BigInt::from(1)),
            BigRational::new(BigInt::from(0), BigInt::from(1)),
        ];
        for x in &values {
            for y in &values {
                let (a, b) = (Exact(x.clone()), Exact(y.clone()));
                assert_eq!((&a + &b).0, x + y);
                assert_eq!((&a - &b).0, x - y);
                assert_eq!((&a * &b).0, x * y);
                if !y.is_zero() {
                    assert_eq!((&a / &b).0, x / y);
                }
            }
        }
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
