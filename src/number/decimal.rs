//! Whole numbers written in decimal, fast. An exact report writes hundreds
//! of fractions of a few hundred bits (twenty-six's distribution of its
//! score: 393 of them), and num-bigint's general radix conversion, behind
//! `Display`, spent about 4,000 instructions on each number. Here the
//! number's 32-bit digits are divided in place by 10^9 (a division by a
//! constant, which the compiler makes a multiply), giving nine decimal
//! digits a pass, written two at a time from a table.

use num_bigint::{BigInt, BigUint, Sign};

/// The two-digit strings "00" to "99", back to back.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// Nine decimal digits a chunk.
const CHUNK: u64 = 1_000_000_000;

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
    // The digits are made from the lowest chunk up, each pass of long
    // division over the 32-bit digits giving the next nine, written into
    // room enough for them all (log10(2) < 1234/4096, and the highest
    // chunk's nine digits may be eight zeros), then the leading zeros are
    // dropped.
    let room = ((n.bits() as usize * 1234) >> 12) + 10;
    let start = out.len();
    out.resize(start + room, b'0');
    let mut at = out.len();
    let mut digits = n.to_u32_digits();
    while !digits.is_empty() {
        let mut rest = 0u64;
        for d in digits.iter_mut().rev() {
            let current = (rest << 32) | u64::from(*d);
            *d = (current / CHUNK) as u32;
            rest = current % CHUNK;
        }
        while digits.last() == Some(&0) {
            digits.pop();
        }
        at -= 9;
        write_nine(&mut out[at..at + 9], rest as u32);
    }
    let first = out[start..]
        .iter()
        .position(|&b| b != b'0')
        .unwrap_or(room - 1);
    out.drain(start..start + first);
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
        for k in 0..400u32 {
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
