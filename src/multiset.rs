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
