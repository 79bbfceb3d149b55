//! Whole numbers of a few hundred bits without allocation: the numerators
//! of the evaluator's weights. A long game's numerators outgrow `u128`
//! (thirteen throws of ten dice count up to `6^130`, 336 bits) but stay far
//! below a kilobit, so their limbs are kept inline; only the few operations
//! the evaluator's inner loop needs are written here, and everything else
//! goes through `BigUint`.

use num_bigint::BigUint;
use smallvec::SmallVec;

/// Limbs kept inline: up to 512 bits without allocating.
const INLINE: usize = 8;

/// A whole number as 64-bit limbs, least significant first, with no
/// trailing zero limbs (zero has none).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Nat(SmallVec<[u64; INLINE]>);

impl Nat {
    pub fn from_u128(x: u128) -> Nat {
        let mut limbs: SmallVec<[u64; INLINE]> = SmallVec::new();
        limbs.push(x as u64);
        limbs.push((x >> 64) as u64);
        let mut n = Nat(limbs);
        n.trim();
        n
    }

    pub fn from_big(x: &BigUint) -> Nat {
        Nat(x.iter_u64_digits().collect())
    }

    pub fn to_big(&self) -> BigUint {
        let mut digits: Vec<u32> = Vec::with_capacity(self.0.len() * 2);
        for &limb in &self.0 {
            digits.push(limb as u32);
            digits.push((limb >> 32) as u32);
        }
        BigUint::new(digits)
    }

    /// How many 64-bit words the number takes.
    pub fn words(&self) -> usize {
        self.0.len()
    }

    pub fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    fn trim(&mut self) {
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
    }

    /// `self * m`.
    pub fn mul_u128(&self, m: u128) -> Nat {
        let lo = m as u64;
        let hi = (m >> 64) as u64;
        let mut out = self.mul_u64(lo);
        if hi != 0 {
            let mut high = self.mul_u64(hi);
            high.0.insert(0, 0);
            out.add_assign(&high);
        }
        out
    }

    fn mul_u64(&self, m: u64) -> Nat {
        if m == 0 {
            return Nat::default();
        }
        let len = self.0.len();
        if len < INLINE {
            // On the stack, then kept as it is.
            let mut buf = [0u64; INLINE];
            let mut carry = 0u64;
            for (out, &limb) in buf.iter_mut().zip(&self.0) {
                let p = u128::from(limb) * u128::from(m) + u128::from(carry);
                *out = p as u64;
                carry = (p >> 64) as u64;
            }
            buf[len] = carry;
            let used = if carry == 0 { len } else { len + 1 };
            return Nat(SmallVec::from_buf_and_len(buf, used));
        }
        let mut limbs: SmallVec<[u64; INLINE]> = SmallVec::from_elem(0, len + 1);
        let mut carry = 0u64;
        for (out, &limb) in limbs.iter_mut().zip(&self.0) {
            let p = u128::from(limb) * u128::from(m) + u128::from(carry);
            *out = p as u64;
            carry = (p >> 64) as u64;
        }
        // The product of non-zero numbers has no zero limb on top but the
        // carry's.
        if carry == 0 {
            limbs.truncate(len);
        } else {
            limbs[len] = carry;
        }
        Nat(limbs)
    }

    /// `self += x * m`, without building the product.
    pub fn add_mul_u64(&mut self, x: &Nat, m: u64) {
        if m == 0 || x.is_zero() {
            return;
        }
        let len = x.0.len();
        if self.0.len() < len {
            self.0.resize(len, 0);
        }
        let mut carry = 0u64;
        for (out, &limb) in self.0.iter_mut().zip(&x.0) {
            // At most (2^64 - 1) + (2^64 - 1)^2 + (2^64 - 1) = 2^128 - 1.
            let t = u128::from(*out) + u128::from(limb) * u128::from(m) + u128::from(carry);
            *out = t as u64;
            carry = (t >> 64) as u64;
        }
        for out in &mut self.0[len..] {
            if carry == 0 {
                break;
            }
            let (s, c) = out.overflowing_add(carry);
            *out = s;
            carry = u64::from(c);
        }
        if carry != 0 {
            self.0.push(carry);
        }
        // No zero limb on top: `x * m` alone has none (its top limb is at
        // least `x`'s, or it carried into a new one), and adding `self`
        // only carries further.
        debug_assert!(self.0.last() != Some(&0));
    }

    /// `self += other`.
    pub fn add_assign(&mut self, other: &Nat) {
        if self.0.len() < other.0.len() {
            self.0.resize(other.0.len(), 0);
        }
        let mut carry = false;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let b = other.0.get(i).copied().unwrap_or(0);
            if i >= other.0.len() && !carry {
                break;
            }
            let (s1, c1) = limb.overflowing_add(b);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            *limb = s2;
            carry = c1 || c2;
        }
        if carry {
            self.0.push(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::{One, Zero};

    fn big(n: &Nat) -> BigUint {
        n.to_big()
    }

    #[test]
    fn products_and_sums_agree_with_big_integers() {
        let factors: [u128; 6] = [1, 2, 60_466_176, u64::MAX as u128, u128::MAX, 1 << 100];
        let mut n = Nat::from_u128(1);
        let mut b = BigUint::one();
        for _ in 0..4 {
            for &f in &factors {
                n = n.mul_u128(f);
                b *= f;
                assert_eq!(big(&n), b);
                let m = Nat::from_big(&b);
                assert_eq!(m, n);
                n.add_assign(&m);
                b = &b + &b;
                assert_eq!(big(&n), b);
            }
        }
        // Beyond the inline limbs, still exact.
        assert!(b.bits() > 64 * INLINE as u64);
    }

    #[test]
    fn fused_products_agree_with_big_integers() {
        let factors: [u64; 5] = [1, 7, 60_466_176, u64::MAX - 1, u64::MAX];
        let mut x = Nat::from_u128(u128::MAX);
        let mut sum = Nat::from_u128(3);
        let mut expected = BigUint::from(3u32);
        for _ in 0..6 {
            for &m in &factors {
                sum.add_mul_u64(&x, m);
                expected += x.to_big() * m;
                assert_eq!(sum.to_big(), expected);
            }
            x = x.mul_u128(u128::from(u64::MAX));
        }
        // A short sum grows to the product's length; zero adds nothing.
        let mut short = Nat::from_u128(1);
        short.add_mul_u64(&x, 0);
        assert_eq!(short.to_big(), BigUint::one());
        short.add_mul_u64(&Nat::default(), 5);
        assert_eq!(short.to_big(), BigUint::one());
    }

    #[test]
    fn zero_and_carries() {
        let zero = Nat::from_u128(0);
        assert!(zero.is_zero());
        assert_eq!(big(&zero), BigUint::zero());
        assert!(zero.mul_u128(12345).is_zero());
        let mut all_ones = Nat::from_u128(u128::MAX);
        all_ones.add_assign(&Nat::from_u128(1));
        assert_eq!(big(&all_ones), BigUint::one() << 128);
        let mut small = Nat::from_u128(5);
        small.add_assign(&all_ones);
        assert_eq!(big(&small), (BigUint::one() << 128) + 5u32);
    }
}
