//! Whole numbers written in decimal, fast. An exact report writes hundreds
//! of fractions of a few hundred bits (twenty-six's distribution of its
//! score: 393 of them), and num-bigint's general radix conversion, behind
//! `Display`, spent about 4,000 instructions on each number. Here the
//! number's 64-bit digits are divided in place by 10^19 through its
//! reciprocal (two multiplications, no hardware division), giving nineteen
//! decimal digits a pass, written two at a time from a table.

use num_bigint::{BigInt, BigUint, Sign};

/// The two-digit strings "00" to "99", back to back.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Appends `n` in decimal, with a leading `-` when negative.
pub(crate) fn push_int(out: &mut Vec<u8>, n: &BigInt) {
    if n.sign() == Sign::Minus {
        out.push(b'-');
    }
    push_uint(out, n.magnitude());
}

/// Appends `n` in decimal.
pub(crate) fn push_uint(out: &mut Vec<u8>, n: &BigUint) {
    if let Ok(small) = u64::try_from(n) {
        push_u64(out, small);
        return;
    }
    // Past 32 words, num-bigint's divide and conquer (by 10^19 squared,
    // and squared again) beats any pass over every word: twenty-six with
    // 400 throws writes 24,000 numbers of about 3,100 digits.
    if n.bits() > LONG_BITS {
        out.extend_from_slice(n.to_str_radix(10).as_bytes());
        return;
    }
    // The digits are made from the lowest chunk up, each pass of long
    // division over the 64-bit digits giving the next nineteen, written
    // into room enough for them all (log10(2) < 1234/4096, and the highest
    // chunk's nineteen digits may be eighteen zeros), then the leading
    // zeros are dropped.
    let room = ((n.bits() as usize * 1234) >> 12) + 20;
    let start = out.len();
    out.resize(start + room, b'0');
    let mut at = out.len();
    let mut digits = n.to_u64_digits();
    while !digits.is_empty() {
        let mut rest = 0u64;
        for d in digits.iter_mut().rev() {
            (*d, rest) = divide(rest, *d);
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        at -= 19;
        let (high, low) = (rest / NINE, rest % NINE);
        out[at] = b'0' + (high / NINE) as u8;
        write_nine(&mut out[at + 1..at + 10], (high % NINE) as u32);
        write_nine(&mut out[at + 10..at + 19], low as u32);
    }
    let first = out[start..]
        .iter()
        .position(|&b| b != b'0')
        .unwrap_or(room - 1);
    out.drain(start..start + first);
}

/// Numbers longer than this are converted by num-bigint.
const LONG_BITS: u64 = 32 * 64;

/// 10^9: nine digits.
const NINE: u64 = 1_000_000_000;

/// 10^19, the chunk a pass of division gives: the largest power of ten in
/// a word, and with its top bit set, as [`divide`] needs.
const CHUNK: u64 = 10_000_000_000_000_000_000;

/// The reciprocal of [`CHUNK`]: `(2^128 - 1) / CHUNK - 2^64`.
const RECIPROCAL: u64 = (u128::MAX / CHUNK as u128 - (1u128 << 64)) as u64;

/// `(high * 2^64 + low) / CHUNK` and its remainder, for `high < CHUNK`:
/// two multiplications by the reciprocal instead of a hardware division
/// (Möller and Granlund, "Improved division by invariant integers", 2011,
/// algorithm 4), which made a long number's conversion four times faster
/// than dividing 32-bit digits by 10^9.
#[inline(always)]
fn divide(high: u64, low: u64) -> (u64, u64) {
    let product = u128::from(RECIPROCAL) * u128::from(high);
    let q = product.wrapping_add((u128::from(high) << 64) | u128::from(low));
    let (mut q1, q0) = (((q >> 64) as u64).wrapping_add(1), q as u64);
    let mut r = low.wrapping_sub(q1.wrapping_mul(CHUNK));
    if r > q0 {
        q1 = q1.wrapping_sub(1);
        r = r.wrapping_add(CHUNK);
    }
    if r >= CHUNK {
        q1 += 1;
        r -= CHUNK;
    }
    (q1, r)
}

/// Appends `n` in decimal, without leading zeros.
fn push_u64(out: &mut Vec<u8>, mut n: u64) {
    let mut buf = [0u8; 20];
    let mut at = buf.len();
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        buf[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    if n >= 10 {
        at -= 2;
        let pair = n as usize * 2;
        buf[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        at -= 1;
        buf[at] = b'0' + n as u8;
    }
    out.extend_from_slice(&buf[at..]);
}

/// Writes a chunk below 10^9 as exactly nine digits.
fn write_nine(buf: &mut [u8], mut n: u32) {
    let mut at = 9;
    while at > 1 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        buf[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    buf[0] = b'0' + n as u8;
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::{One, Pow};
    use rand::{Rng, SeedableRng};

    fn ours(n: &BigInt) -> String {
        let mut s = Vec::new();
        push_int(&mut s, n);
        String::from_utf8(s).unwrap()
    }

    #[test]
    fn agrees_with_num_bigint_at_every_chunk_edge() {
        let ten = BigInt::from(10);
        for k in 0..60u32 {
            let p: BigInt = Pow::pow(&ten, k);
            let one = BigInt::one();
            for n in [&p - &one, p.clone(), &p + &one, -&p, &one - &p] {
                assert_eq!(ours(&n), n.to_string());
            }
        }
        let two = BigInt::from(2);
        for k in 0..2200u32 {
            let p: BigInt = Pow::pow(&two, k);
            for n in [p.clone() - BigInt::one(), p.clone(), -p] {
                assert_eq!(ours(&n), n.to_string());
            }
        }
    }

    #[test]
    fn agrees_with_num_bigint_on_a_hundred_thousand_digits() {
        // Where 1233/4096, just under log10(2), would leave too little room.
        let n: BigInt = Pow::pow(&BigInt::from(7), 120_000u32);
        assert_eq!(ours(&n), n.to_string());
    }

    #[test]
    fn divides_by_the_chunk_as_u128_does() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(19);
        let edges = [0, 1, CHUNK - 1, u64::MAX, u64::MAX - 1, CHUNK / 2];
        for high in edges.iter().copied().filter(|&h| h < CHUNK) {
            for low in edges {
                let n = (u128::from(high) << 64) | u128::from(low);
                let want = (
                    (n / u128::from(CHUNK)) as u64,
                    (n % u128::from(CHUNK)) as u64,
                );
                assert_eq!(divide(high, low), want, "{high} {low}");
            }
        }
        for _ in 0..100_000 {
            let (high, low) = (rng.gen_range(0..CHUNK), rng.gen::<u64>());
            let n = (u128::from(high) << 64) | u128::from(low);
            let want = (
                (n / u128::from(CHUNK)) as u64,
                (n % u128::from(CHUNK)) as u64,
            );
            assert_eq!(divide(high, low), want, "{high} {low}");
        }
    }

    #[test]
    fn agrees_with_num_bigint_on_random_numbers() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(20);
        for _ in 0..2_000 {
            let words = rng.gen_range(1..12);
            let digits: Vec<u32> = (0..words).map(|_| rng.gen()).collect();
            let mut n = BigInt::from(BigUint::new(digits));
            if rng.gen_bool(0.5) {
                n = -n;
            }
            assert_eq!(ours(&n), n.to_string());
        }
    }
}
