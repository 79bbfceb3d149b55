//! Dealing from a card shoe: the distinct hands a `draw` can give, as sorted
//! multisets of card values, with the number of ways each is dealt.
//!
//! From a finite shoe holding `r_v` cards of each value `v` (its decks less
//! the cards the round has dealt), a hand of `n` cards holding `m_v` of each
//! value is dealt in `prod_v C(r_v, m_v)` of the `C(R, n)` ways to take `n`
//! of the `R` cards left (the multivariate hypergeometric law). From the
//! infinite shoe, where each card is worth `v` with probability `c_v / 52`
//! (`c_v` cards of one deck), it is `n! / prod_v m_v! * prod_v c_v^m_v` of
//! `52^n`.

use num_bigint::BigUint;
use num_traits::One;

use super::pool::for_each_multiset;
use crate::program::Shoe;

/// The hands of one draw and the ways to deal them.
pub struct Deal {
    /// Each hand with its ways; none has none.
    pub hands: Vec<(Hand, BigUint)>,
    /// The ways to deal the draw at all: the hands' ways sum to it.
    pub total: BigUint,
}

/// A hand: its card values, ascending, and how many cards of each kind
/// (each of `Shoe::values`) it holds.
#[derive(Debug)]
pub struct Hand {
    pub values: Vec<u32>,
    pub held: Vec<u32>,
}

/// The shoe holds fewer cards than the draw asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Short {
    pub left: u64,
}

/// How many cards of each kind (each of `shoe.values`) `values` holds.
pub fn counts(shoe: &Shoe, values: &[u32]) -> Vec<u64> {
    shoe.values
        .iter()
        .map(|&(value, _)| values.iter().filter(|&&v| v == value).count() as u64)
        .collect()
}

/// The cards of each kind left in a finite shoe of `decks` decks after
/// `gone` of each kind were dealt.
pub fn left(shoe: &Shoe, decks: u32, gone: &[u64]) -> Vec<u64> {
    shoe.values
        .iter()
        .zip(gone)
        .map(|(&(_, per_deck), &g)| (u64::from(per_deck) * u64::from(decks)).saturating_sub(g))
        .collect()
}

/// How a round's dealt cards fit one whole number: each kind's count in a
/// field of `bits` bits, when `kinds` fields of counts up to `most` fit in
/// 62 bits. The exact evaluator keeps a shoe's dealt cards so, which is far
/// cheaper than a multiset to extend and to compare.
pub fn packing(kinds: usize, most: u64) -> Option<u32> {
    let bits = (u64::BITS - most.leading_zeros()).max(1);
    (kinds as u64 * u64::from(bits) <= 62).then_some(bits)
}

/// The counts of each of `kinds` kinds packed in `packed` (see [`packing`]).
pub fn unpack(packed: i64, bits: u32, kinds: usize) -> Vec<u64> {
    let mask = (1u64 << bits) - 1;
    (0..kinds)
        .map(|k| (packed as u64 >> (bits * k as u32)) & mask)
        .collect()
}

/// `packed` with a hand's cards added.
pub fn pack_add(packed: i64, bits: u32, held: &[u32]) -> i64 {
    held.iter().enumerate().fold(packed as u64, |p, (k, &m)| {
        p + (u64::from(m) << (bits * k as u32))
    }) as i64
}

/// `C(n, k)` as a machine number, when it fits.
fn choose(n: u64, k: u32) -> Option<u128> {
    if u64::from(k) > n {
        return Some(0);
    }
    let mut c: u128 = 1;
    for i in 0..u128::from(k) {
        // Exact: the product of i + 1 consecutive numbers is divisible by
        // (i + 1)!.
        c = c.checked_mul(u128::from(n) - i)? / (i + 1);
    }
    Some(c)
}

fn choose_big(n: u64, k: u32) -> BigUint {
    let mut c = BigUint::one();
    for i in 0..u64::from(k) {
        c = c * (n - i) / (i + 1);
    }
    c
}

/// Every hand of `count` cards dealt from `shoe` after `gone` cards of each
/// kind were dealt (ignored for the infinite shoe).
pub fn deal(shoe: &Shoe, gone: &[u64], count: u32) -> Result<Deal, Short> {
    let kinds = shoe.values.len() as u32;
    let mut hands = Vec::new();
    // A hand as counts of each kind and as values, from its sorted kinds.
    let held_of = |kinds_held: &[u32]| {
        let mut held = vec![0u32; shoe.values.len()];
        for &k in kinds_held {
            held[k as usize - 1] += 1;
        }
        held
    };
    let values_of = |kinds_held: &[u32]| {
        kinds_held
            .iter()
            .map(|&k| shoe.values[k as usize - 1].0)
            .collect()
    };
    match shoe.decks {
        Some(decks) => {
            let left = left(shoe, decks, gone);
            let all: u64 = left.iter().sum();
            if all < u64::from(count) {
                return Err(Short { left: all });
            }
            for_each_multiset(count, kinds, |kinds_held| {
                let held = held_of(kinds_held);
                let small = held
                    .iter()
                    .zip(&left)
                    .try_fold(1u128, |w, (&m, &r)| w.checked_mul(choose(r, m)?));
                let ways = match small {
                    Some(w) => BigUint::from(w),
                    None => held
                        .iter()
                        .zip(&left)
                        .map(|(&m, &r)| choose_big(r, m))
                        .product(),
                };
                if ways != BigUint::ZERO {
                    let values = values_of(kinds_held);
                    hands.push((Hand { values, held }, ways));
                }
            });
            let total = match choose(all, count) {
                Some(t) => BigUint::from(t),
                None => choose_big(all, count),
            };
            Ok(Deal { hands, total })
        }
        None => {
            // Multinomial coefficients from factorials, which stay small:
            // a draw deals at most a few dozen cards.
            let mut factorial = vec![BigUint::one()];
            for i in 1..=u64::from(count) {
                let next = &factorial[i as usize - 1] * i;
                factorial.push(next);
            }
            for_each_multiset(count, kinds, |kinds_held| {
                let held = held_of(kinds_held);
                let mut ways = factorial[count as usize].clone();
                for (&m, &(_, per_deck)) in held.iter().zip(&shoe.values) {
                    ways /= &factorial[m as usize];
                    ways *= BigUint::from(per_deck).pow(m);
                }
                let values = values_of(kinds_held);
                hands.push((Hand { values, held }, ways));
            });
            Ok(Deal {
                hands,
                total: BigUint::from(52u32).pow(count),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ast::Span;

    fn baccarat(decks: Option<u32>) -> Shoe {
        let mut values = vec![(0, 16)];
        values.extend((1..=9).map(|v| (v, 4)));
        Shoe {
            name: "cards".to_string(),
            decks,
            values,
            span: Span::default(),
        }
    }

    /// Two cards from one deck, counted over every ordered pair of the 52
    /// cards.
    #[test]
    fn two_cards_match_the_ordered_pairs_of_a_deck() {
        let shoe = baccarat(Some(1));
        let deck: Vec<u32> = (0..52u32)
            .map(|i| if i < 16 { 0 } else { (i - 16) / 4 + 1 })
            .collect();
        let deal = deal(&shoe, &[0; 10], 2).expect("cards");
        assert_eq!(deal.total, BigUint::from(52u32 * 51 / 2));
        let mut sum = BigUint::ZERO;
        for (hand, ways) in &deal.hands {
            let mut ordered = 0u32;
            for i in 0..52 {
                for j in 0..52 {
                    let mut pair = [deck[i], deck[j]];
                    pair.sort_unstable();
                    if i != j && pair[..] == hand.values[..] {
                        ordered += 1;
                    }
                }
            }
            // Unordered hands: each is two ordered pairs.
            assert_eq!(ways * 2u32, BigUint::from(ordered), "{hand:?}");
            sum += ways;
        }
        assert_eq!(sum, deal.total);
    }

    #[test]
    fn dealt_cards_leave_the_shoe() {
        let shoe = baccarat(Some(1));
        // Every nine gone: none can be dealt.
        let gone = counts(&shoe, &[9, 9, 9, 9]);
        let deal = deal(&shoe, &gone, 1).expect("cards");
        assert!(deal.hands.iter().all(|(h, _)| h.values != vec![9]));
        assert_eq!(deal.total, BigUint::from(48u32));
        let zero = deal.hands.iter().find(|(h, _)| h.values == vec![0]);
        assert_eq!(zero.map(|(_, w)| w.clone()), Some(BigUint::from(16u32)));
        // Asking for more than is left.
        let gone = counts(&shoe, &[0; 16]);
        assert_eq!(
            super::deal(&shoe, &gone, 40).err(),
            Some(Short { left: 36 })
        );
    }

    #[test]
    fn counts_pack_and_unpack() {
        // Ten kinds of counts up to 7 fit 3 bits each; 21 kinds of up to
        // 7 do not fit 62 bits.
        assert_eq!(packing(10, 7), Some(3));
        assert_eq!(packing(21, 7), None);
        let packed = pack_add(0, 3, &[1, 0, 2, 0, 0, 0, 0, 0, 0, 7]);
        let packed = pack_add(packed, 3, &[0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(unpack(packed, 3, 10), vec![1, 0, 3, 0, 0, 0, 0, 0, 0, 7]);
    }

    #[test]
    fn the_infinite_shoe_deals_with_one_deck_s_frequencies() {
        let shoe = baccarat(None);
        let deal = deal(&shoe, &[0; 10], 2).expect("cards");
        assert_eq!(deal.total, BigUint::from(52u32 * 52));
        let ways = |hand: Vec<u32>| {
            deal.hands
                .iter()
                .find(|(h, _)| h.values == hand)
                .map(|(_, w)| w.clone())
        };
        assert_eq!(ways(vec![0, 0]), Some(BigUint::from(16u32 * 16)));
        assert_eq!(ways(vec![0, 5]), Some(BigUint::from(2 * 16u32 * 4)));
        let sum: BigUint = deal.hands.iter().map(|(_, w)| w.clone()).sum();
        assert_eq!(sum, deal.total);
    }
}
