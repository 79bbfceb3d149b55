//! Throws of identical dice as multisets: every distinct result of
//! `count`d`sides`, sorted ascending, with how many ordered throws show it.

use num_bigint::BigUint;
use num_traits::One;

/// Calls `f` with each multiset of `count` faces from 1 to `sides`, sorted
/// ascending, in lexicographic order.
pub fn for_each_multiset(count: u32, sides: u32, mut f: impl FnMut(&[u32])) {
    if count == 0 || sides == 0 {
        return;
    }
    let mut faces = vec![1u32; count as usize];
    loop {
        f(&faces);
        // The rightmost face that can still grow.
        let Some(i) = faces.iter().rposition(|&x| x < sides) else {
            return;
        };
        let next = faces[i] + 1;
        for x in &mut faces[i..] {
            *x = next;
        }
    }
}

/// Every result of a throw with its multiplicity (the number of ordered
/// sequences of dice showing it); the multiplicities sum to `sides^count`.
pub fn outcomes(count: u32, sides: u32) -> Vec<(Vec<u32>, BigUint)> {
    let factorials = factorials(count);
    let mut out = Vec::new();
    for_each_multiset(count, sides, |faces| {
        let mut ways = factorials[count as usize].clone();
        let mut run = 1usize;
        for i in 1..=faces.len() {
            if i < faces.len() && faces[i] == faces[i - 1] {
                run += 1;
            } else {
                ways /= &factorials[run];
                run = 1;
            }
        }
        out.push((faces.to_vec(), ways));
    });
    out
}

fn factorials(n: u32) -> Vec<BigUint> {
    let mut f = vec![BigUint::one()];
    for i in 1..=n {
        let next = &f[(i - 1) as usize] * i;
        f.push(next);
    }
    f
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_dice_have_21_results_over_36_throws() {
        let all = outcomes(2, 6);
        assert_eq!(all.len(), 21);
        let total: BigUint = all.iter().map(|(_, w)| w.clone()).sum();
        assert_eq!(total, BigUint::from(36u32));
        assert_eq!(all[0], (vec![1, 1], BigUint::from(1u32)));
        assert_eq!(all[1], (vec![1, 2], BigUint::from(2u32)));
    }

    #[test]
    fn ten_dice_multiplicities_sum_to_six_to_the_ten() {
        let all = outcomes(10, 6);
        assert_eq!(all.len(), 3003);
        let total: BigUint = all.iter().map(|(_, w)| w.clone()).sum();
        assert_eq!(total, BigUint::from(6u64.pow(10)));
    }
}
