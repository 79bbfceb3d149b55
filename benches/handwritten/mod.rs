//! Hand-written exact computations of the issue-3 games, the yardstick the
//! issue compares `dicerules` with ("a hand-written Rust computation", about
//! 11 µs for twenty-six and 10 µs for quatorze on this kind of machine).
//!
//! Each function builds everything it needs from scratch on every call
//! (binomial coefficients, powers, the multiplicity counts of 10d6) and
//! returns the house edge of the player's bet as an exact, reduced fraction,
//! the same number `dicerules` reports. `benches/evaluate.rs` checks them
//! against the tool once at start (exact equality, numerator and
//! denominator) and times them in the group `handwritten/<game>`.
//!
//! This file lives in a sub-directory (`benches/handwritten/mod.rs`) so that
//! cargo does not mistake it for a bench target of its own.
//!
//! How the games read (games/twenty_six.dice, games/quatorze.dice):
//!
//! - **Twenty-six.** score ~ Binomial(130, 1/6) whichever face is announced
//!   (the six options are alike by symmetry, so one is computed). Net payout
//!   per unit: 13 -> +5; <= 10 -> +10; 26 -> +4; 27 -> +5; 28 -> +6;
//!   29 -> +8; >= 30 -> +10; every other score -> -1.
//! - **Quatorze.** m = the largest multiplicity of a face in 10d6; score0 =
//!   max(m, 3); later ~ Binomial(40, 1/6), independent of the first throw;
//!   the bettor wins 8 to 1 when later = 0 or score0 + later >= 14.

pub mod punto_banco;

use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;

/// `(v2, v3, rest)`: `n = 2^v2 * 3^v3 * rest`, `rest` coprime to 6.
/// `n` must be non-zero.
fn strip_2_3(mut n: u128) -> (u32, u32, u128) {
    debug_assert!(n != 0);
    let v2 = n.trailing_zeros();
    n >>= v2;
    let mut v3 = 0;
    while n % 3 == 0 {
        n /= 3;
        v3 += 1;
    }
    (v2, v3, n)
}

/// `2^a * 3^b` as a big integer.
fn pow_2_3(a: u32, b: u32) -> BigUint {
    BigUint::from(3u32).pow(b) << a
}

fn big(n: BigUint, negative: bool) -> BigInt {
    BigInt::from_biguint(if negative { Sign::Minus } else { Sign::Plus }, n)
}

/// `C(130, k)` for `k = 0..=29`, in `u128` (`C(130, 29) < 2^96`).
fn binomials_130() -> [u128; 30] {
    let mut c = [0u128; 30];
    c[0] = 1;
    for k in 0..29 {
        // exact: C(n, k+1) = C(n, k) * (n - k) / (k + 1); the product is
        // below 2^101.
        c[k + 1] = c[k] * (130 - k as u128) / (k as u128 + 1);
    }
    c
}

/// Twenty-six: the exact house edge of the player's bet, `-EV`.
///
/// With `P(k) = C(130,k) 5^(130-k) / 6^130` and `P(>= 30) = 1 - P(<= 29)`,
/// `EV = 10 - sum_{k=11}^{29} a_k P(k)` where `a_k = 11 - (net_k + 1)` for the
/// winning scores 13 and 26..29 (5, 6, 5, 4, 2) and 11 for the losing ones.
/// Every `P(k)` with `k <= 29` has the factor `5^101`, so
/// `S = sum a_k C(130,k) 5^(29-k)` fits in a `u128` (105 bits) and
/// `house edge = (5^101 S - 10 * 6^130) / 6^130`. Only `S` can share factors
/// 2 or 3 with the denominator (`5^101` is coprime to 6, and `10 * 6^130`
/// has more of each than `S < 2^128`), so the fraction is reduced by
/// stripping 2s and 3s from `S` alone; no big gcd is needed.
pub fn twenty_six_house_edge() -> BigRational {
    let c = binomials_130();
    let mut s: u128 = 0;
    let mut pow5: u128 = 1; // 5^(29-k)
    for k in (11..=29).rev() {
        let a: u128 = match k {
            13 => 5,
            26 => 6,
            27 => 5,
            28 => 4,
            29 => 2,
            _ => 11,
        };
        s += a * c[k] * pow5;
        pow5 *= 5;
    }
    let (v2, v3, rest) = strip_2_3(s);
    let denom = pow_2_3(130 - v2, 130 - v3);
    // numerator = 5^101 * rest - 10 * denom, negative (the game favours the
    // bettor as the file reads it).
    let pays = BigUint::from(5u32).pow(101) * rest;
    let owed = &denom * 10u32;
    let numer = if pays >= owed {
        big(pays - owed, false)
    } else {
        big(owed - pays, true)
    };
    BigRational::new_raw(numer, BigInt::from(denom))
}

/// Twenty-six: the exact probability that the player's bet wins (scores
/// <= 10, 13, >= 26), `1 - 5^105 L / 6^130` with
/// `L = sum_{k in 11,12,14..=25} C(130,k) 5^(25-k)`. Checked at start, not timed.
pub fn twenty_six_win_probability() -> BigRational {
    let c = binomials_130();
    let mut l: u128 = 0;
    let mut pow5: u128 = 1; // 5^(25-k)
    for k in (11..=25).rev() {
        if k != 13 {
            l += c[k] * pow5;
        }
        pow5 *= 5;
    }
    let (v2, v3, rest) = strip_2_3(l);
    let denom = pow_2_3(130 - v2, 130 - v3);
    let lose = BigUint::from(5u32).pow(105) * rest;
    BigRational::new_raw(BigInt::from(&denom - lose), BigInt::from(denom))
}

/// The count of a face's largest multiplicity in 10d6, by multisets: walks
/// the partitions of 10 into at most 6 parts `l1 >= l2 >= ...` (the sorted
/// face counts of a throw; 35 of them) and adds each one's ordered throws,
/// `10! / prod(li!)` (carried as a product of binomials, dice chosen for
/// each part in turn) times the ways to give the parts distinct faces,
/// `6! / (6 - k)! / prod(r!)` over runs of `r` equal parts, to `by_max[l1]`.
struct Partitions<'a> {
    binom: &'a [[u64; 11]; 11],
    by_max: [u64; 11],
}

impl Partitions<'_> {
    /// `rem` dice left, next part at most `cap`; `len` parts placed, the
    /// first `first`; `dice` = ways to pick the dice so far; `faces` =
    /// 6 * 5 * ... over the parts; `runs` = product of `r!` over runs of
    /// equal parts, the current run `run` long.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        rem: usize,
        cap: usize,
        len: u64,
        first: usize,
        dice: u64,
        faces: u64,
        runs: u64,
        run: u64,
    ) {
        if rem == 0 {
            self.by_max[first] += dice * (faces / runs);
            return;
        }
        if len == 6 {
            return;
        }
        for p in (1..=cap.min(rem)).rev() {
            let (run, runs) = if p == cap && len > 0 {
                (run + 1, runs * (run + 1))
            } else {
                (1, runs)
            };
            let first = if len == 0 { p } else { first };
            self.walk(
                rem - p,
                p,
                len + 1,
                first,
                dice * self.binom[rem][p],
                faces * (6 - len),
                runs,
                run,
            );
        }
    }
}

/// Quatorze: the exact house edge of the player's bet, `1 - 9 P(win)`.
///
/// `P(win) = sum_s P(score0 = s) * q_s / 6^40` with
/// `q_s = 5^40 + #{40 dice: later >= 14 - s}` (the two winning events are
/// disjoint since `14 - s >= 4`), and `P(score0 = s) = n_s / 6^10` from the
/// multiplicity counts. Every `n_s` is a multiple of 6 (turning every face
/// up by one is a free action of Z/6 on the throws), so the whole sum is
/// over `6^49 < 2^128` and everything stays in `u128`.
pub fn quatorze_house_edge() -> BigRational {
    // 9 W < 6^49 since P(win) < 1/9.
    reduce_6_49(6u128.pow(49) - 9 * quatorze_wins())
}

/// Quatorze: the exact probability that the player's bet wins. Checked at
/// start, not timed.
pub fn quatorze_win_probability() -> BigRational {
    reduce_6_49(quatorze_wins())
}

/// `numer / 6^49`, reduced; `0 < numer < 6^49`.
fn reduce_6_49(numer: u128) -> BigRational {
    let (a, b, rest) = strip_2_3(numer);
    // numer < 6^49 cannot hold 2^49 * 3^49, but may hold more than 49 of
    // one prime: keep those in the numerator.
    let (a2, b2) = (a.min(49), b.min(49));
    let rest = (rest << (a - a2)) * 3u128.pow(b - b2);
    let denom = 2u128.pow(49 - a2) * 3u128.pow(49 - b2);
    BigRational::new_raw(BigInt::from(rest), BigInt::from(denom))
}

/// `W` where `P(win) = W / 6^49`.
fn quatorze_wins() -> u128 {
    // Pascal's triangle up to 10.
    let mut binom = [[0u64; 11]; 11];
    for n in 0..=10 {
        binom[n][0] = 1;
        for k in 1..=n {
            binom[n][k] = binom[n - 1][k - 1] + if k < n { binom[n - 1][k] } else { 0 };
        }
    }
    // by_max[m] = ordered throws of 10d6 whose largest multiplicity is m.
    let mut parts = Partitions {
        binom: &binom,
        by_max: [0; 11],
    };
    parts.walk(10, 10, 0, 0, 1, 1, 1, 1);
    let by_max = parts.by_max;
    debug_assert_eq!(by_max.iter().sum::<u64>(), 6u64.pow(10));
    // n[s] = throws with score0 = max(m, 3) = s.
    let mut n = [0u64; 11];
    n[3] = by_max[1] + by_max[2] + by_max[3];
    n[4..].copy_from_slice(&by_max[4..]);

    // Later throws: t_j = C(40, j) 5^(40 - j), for j = 0..=10; their prefix
    // sums give #{later < t}; #{later >= t} = 6^40 - #{later < t}.
    let mut c40 = [0u64; 11]; // C(40, j) < 2^30 for j <= 10
    c40[0] = 1;
    for j in 0..10 {
        c40[j + 1] = c40[j] * (40 - j as u64) / (j as u64 + 1);
    }
    let blank = 5u128.pow(40);
    let mut pow5 = 5u128.pow(30); // 5^(40 - j), j = 10 first
    let mut t = [0u128; 11];
    for j in (0..=10).rev() {
        t[j] = c40[j] as u128 * pow5;
        pow5 *= 5;
    }
    let six40 = 6u128.pow(40);
    let mut below = [0u128; 12]; // below[t] = #{later < t}
    for j in 0..=10 {
        below[j + 1] = below[j] + t[j];
    }

    let mut w: u128 = 0;
    for s in 3..=10usize {
        let n_s = n[s];
        debug_assert_eq!(n_s % 6, 0);
        let q_s = blank + (six40 - below[14 - s]);
        w += (n_s / 6) as u128 * q_s;
    }
    w
}
