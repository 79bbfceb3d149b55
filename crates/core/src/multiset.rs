//! Multisets of faces: the results of a throw of identical dice, read
//! by the checker (a hand table's gaps) and the evaluator (a pool's
//! results, a shoe's hands).

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

/// How many multisets of `count` faces from 1 to `sides` there are,
/// `C(count + sides - 1, sides - 1)`, saturating at `u64::MAX` (0 for no
/// dice or no sides).
pub fn count(count: u64, sides: u64) -> u64 {
    if count == 0 || sides == 0 {
        return 0;
    }
    let k = (sides - 1).min(count);
    let n = count.saturating_add(sides - 1);
    let mut result: u128 = 1;
    for i in 0..k {
        // Exact: a product of i + 1 consecutive numbers is divisible by
        // (i + 1)!.
        result = result * u128::from(n - i) / u128::from(i + 1);
        if result > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    result as u64
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn counts_multisets() {
        assert_eq!(count(2, 6), 21);
        assert_eq!(count(10, 6), 3003);
        assert_eq!(count(1, 20), 20);
        assert!(count(1_000_000, 6) > 1_000_000);
        assert_eq!(count(u64::MAX, u64::MAX), u64::MAX);
    }
}
