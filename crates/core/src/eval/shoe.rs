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
use smallvec::SmallVec;

use super::pool::for_each_multiset;
use super::weight::Factor;
use crate::program::Shoe;

/// A hand: its card values, ascending, what is known of each card (in the
/// same order), and the kinds of card (indices into `Shoe::kinds`) it
/// holds, each with how many.
#[derive(Debug)]
pub struct Hand {
    pub values: Vec<u32>,
    pub cards: Vec<u32>,
    pub kinds: Vec<(usize, u32)>,
}

/// The shoe holds fewer cards than the draw asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Short {
    pub left: u64,
}

/// A number for each kind of card.
pub type Counts = SmallVec<[u64; 16]>;

/// How many cards of each kind of `shoe` the cards `kinds` (each an index
/// into `shoe.kinds`) hold.
pub fn counts(shoe: &Shoe, kinds: &[u32]) -> Counts {
    let mut counts: Counts = smallvec::smallvec![0; shoe.kinds.len()];
    for &k in kinds {
        counts[k as usize] += 1;
    }
    counts
}

/// The cards of each kind left in a finite shoe of `decks` decks after
/// the cards removed before the round and `gone` of each kind were dealt.
pub fn left(shoe: &Shoe, decks: u32, gone: &[u64]) -> Counts {
    shoe.kinds
        .iter()
        .zip(gone)
        .map(|(kind, &g)| kind.full(decks).saturating_sub(g))
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
pub fn unpack(packed: i64, bits: u32, kinds: usize) -> Counts {
    let mask = (1u64 << bits) - 1;
    (0..kinds)
        .map(|k| (packed as u64 >> (bits * k as u32)) & mask)
        .collect()
}

/// `packed` with a hand's cards (its kinds, each with how many) added.
pub fn pack_add(packed: i64, bits: u32, kinds: &[(usize, u32)]) -> i64 {
    kinds.iter().fold(packed as u64, |p, &(k, m)| {
        p + (u64::from(m) << (bits * k as u32))
    }) as i64
}

/// `C(n, k)` as a machine number, when it fits.
fn choose(n: u64, k: u32) -> Option<u128> {
    if u64::from(k) > n {
        return Some(0);
    }
    // The common small cases in machine words, without a wide division.
    match k {
        0 => return Some(1),
        1 => return Some(u128::from(n)),
        2 if n < 1 << 32 => return Some(u128::from(n * (n - 1) / 2)),
        _ => {}
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
    if u64::from(k) > n {
        return BigUint::ZERO;
    }
    let mut c = BigUint::one();
    for i in 0..u64::from(k) {
        c = c * (n - i) / (i + 1);
    }
    c
}

/// Every hand of `count` cards the shoe may deal, whatever it still holds,
/// in lexicographic order of kinds (so one-card hands come kind by kind).
pub fn hands(shoe: &Shoe, count: u32) -> Vec<Hand> {
    let mut hands = Vec::new();
    for_each_multiset(count, shoe.kinds.len() as u32, |kinds_held| {
        let kind = |k: u32| &shoe.kinds[k as usize - 1];
        let values = kinds_held.iter().map(|&k| kind(k).value).collect();
        let cards = kinds_held.iter().map(|&k| kind(k).card.0).collect();
        // The kinds come sorted, from 1: each run is one kind held.
        let mut kinds: Vec<(usize, u32)> = Vec::new();
        for &k in kinds_held {
            match kinds.last_mut() {
                Some((last, m)) if *last == k as usize - 1 => *m += 1,
                _ => kinds.push((k as usize - 1, 1)),
            }
        }
        hands.push(Hand {
            values,
            cards,
            kinds,
        });
    });
    hands
}

/// What a draw of `count` cards is dealt from: a finite shoe holding `left`
/// cards of each kind, or the infinite shoe.
pub enum Source<'a> {
    Finite(&'a [u64]),
    Infinite(&'a Shoe),
}

/// The chance of each hand of a draw, as a factor left unreduced: ways to
/// deal the hand over the ways to deal the draw.
pub struct Odds<'a> {
    source: Source<'a>,
    total: BigUint,
    small: Option<u128>,
    /// For a finite shoe of at most 128 kinds, none with more than one
    /// card left (one deck): the kinds with one left, bit k for kind k.
    ones: Option<u128>,
    /// `i!` for the infinite shoe's multinomial coefficients.
    factorials: Vec<BigUint>,
}

impl<'a> Odds<'a> {
    /// The odds of a draw of `count` cards from `source`; `Short` when a
    /// finite shoe holds fewer.
    pub fn new(source: Source<'a>, count: u32) -> Result<Odds<'a>, Short> {
        let mut factorials = Vec::new();
        let total = match source {
            Source::Finite(left) => {
                let all: u64 = left.iter().sum();
                if all < u64::from(count) {
                    return Err(Short { left: all });
                }
                choose(all, count).map_or_else(|| choose_big(all, count), BigUint::from)
            }
            Source::Infinite(_) => {
                // Multinomial coefficients from factorials, which stay
                // small: a draw deals at most a few dozen cards.
                factorials.push(BigUint::one());
                for i in 1..=u64::from(count) {
                    let next = &factorials[i as usize - 1] * i;
                    factorials.push(next);
                }
                BigUint::from(52u32).pow(count)
            }
        };
        let small = u128::try_from(&total).ok();
        let ones = match source {
            Source::Finite(left) if left.len() <= 128 && left.iter().all(|&n| n <= 1) => Some(
                (left.iter().enumerate())
                    .filter(|&(_, &n)| n == 1)
                    .fold(0u128, |mask, (k, _)| mask | 1 << k),
            ),
            _ => None,
        };
        Ok(Odds {
            source,
            total,
            small,
            ones,
            factorials,
        })
    }

    /// The ways to deal the draw at all.
    pub fn total(&self) -> &BigUint {
        &self.total
    }

    /// The chance of `hand`, or `None` when it cannot be dealt, as
    /// [`Odds::of`] gives it, where no kind has more than one card left
    /// (one deck) by a test of bits: `kinds` has bit k for kind k of a hand
    /// of distinct kinds (`None` for a hand holding a kind twice, which
    /// cannot be dealt then).
    #[inline]
    pub fn of_distinct(&self, kinds: Option<u128>, hand: &Hand) -> Option<Factor> {
        match (self.ones, self.small, kinds) {
            (Some(ones), Some(total), Some(kinds)) => {
                (kinds & !ones == 0).then_some(Factor::Small(1, total))
            }
            (Some(_), _, None) if hand.kinds.iter().any(|&(_, m)| m > 1) => None,
            _ => self.of(hand),
        }
    }

    /// The chance of `hand`, or `None` when it cannot be dealt.
    pub fn of(&self, hand: &Hand) -> Option<Factor> {
        match self.source {
            Source::Finite(left) => {
                let mut small = Some(1u128);
                for &(k, m) in &hand.kinds {
                    small = small.and_then(|w| w.checked_mul(choose(left[k], m)?));
                }
                match (small, self.small) {
                    (Some(0), _) => None,
                    (Some(w), Some(t)) => Some(Factor::Small(w, t)),
                    _ => {
                        let ways: BigUint = (hand.kinds.iter())
                            .map(|&(k, m)| choose_big(left[k], m))
                            .product();
                        (ways != BigUint::ZERO).then(|| Factor::new(&ways, &self.total))
                    }
                }
            }
            Source::Infinite(shoe) => {
                let count: u32 = hand.kinds.iter().map(|&(_, m)| m).sum();
                let mut ways = self.factorials[count as usize].clone();
                for &(k, m) in &hand.kinds {
                    ways /= &self.factorials[m as usize];
                    ways *= BigUint::from(shoe.kinds[k].per_deck).pow(m);
                }
                (ways != BigUint::ZERO).then(|| Factor::new(&ways, &self.total))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::card::baccarat;

    struct Deal {
        hands: Vec<(Hand, BigUint)>,
        total: BigUint,
    }

    /// Every hand of `count` cards that can be dealt after `gone`, with its
    /// ways, and the ways to deal the draw at all.
    fn deal(shoe: &Shoe, gone: &[u64], count: u32) -> Result<Deal, Short> {
        let left = shoe.decks.map(|decks| left(shoe, decks, gone));
        let source = match &left {
            Some(left) => Source::Finite(left),
            None => Source::Infinite(shoe),
        };
        let odds = Odds::new(source, count)?;
        let hands = hands(shoe, count)
            .into_iter()
            .filter_map(|hand| {
                let factor = odds.of(&hand)?;
                // Every hand's chance has the draw's ways as denominator.
                assert_eq!(factor, Factor::new(&factor.ways(), odds.total()));
                Some((hand, factor.ways()))
            })
            .collect();
        Ok(Deal {
            hands,
            total: odds.total().clone(),
        })
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
        // Every nine gone (kind 9: the zeros are kind 0): none can be dealt.
        let gone = counts(&shoe, &[9, 9, 9, 9]);
        let one = deal(&shoe, &gone, 1).expect("cards");
        assert!(one.hands.iter().all(|(h, _)| h.values != vec![9]));
        assert_eq!(one.total, BigUint::from(48u32));
        let zero = one.hands.iter().find(|(h, _)| h.values == vec![0]);
        assert_eq!(zero.map(|(_, w)| w.clone()), Some(BigUint::from(16u32)));
        // Asking for more than is left.
        let gone = counts(&shoe, &[0; 16]);
        assert_eq!(deal(&shoe, &gone, 40).err(), Some(Short { left: 36 }));
    }

    /// A hand of more cards of a kind than are left cannot be dealt, also
    /// when the other kinds' ways overflow machine words.
    #[test]
    fn a_kind_short_of_cards_stops_a_wide_hand() {
        let left = [5, 1_000_000_000];
        let odds = Odds::new(Source::Finite(&left), 20).expect("cards");
        let hand = Hand {
            values: [vec![0; 10], vec![1; 10]].concat(),
            cards: vec![0; 20],
            kinds: vec![(0, 10), (1, 10)],
        };
        assert!(odds.of(&hand).is_none());
        // Enough of both: the ways are the product, wide.
        let hand = Hand {
            values: [vec![0; 5], vec![1; 15]].concat(),
            cards: vec![0; 20],
            kinds: vec![(0, 5), (1, 15)],
        };
        let ways = odds.of(&hand).expect("dealt").ways();
        assert_eq!(ways, choose_big(1_000_000_000, 15));
    }

    /// One card of a kind at most, as one deck less some cards: a hand of
    /// distinct kinds is weighed by its bits as by its kinds, every hand of
    /// three of eight kinds.
    #[test]
    fn distinct_kinds_weigh_alike_both_ways() {
        let left = [1, 0, 1, 1, 0, 1, 1, 1];
        let odds = Odds::new(Source::Finite(&left), 3).expect("cards");
        let mut dealt = 0;
        for a in 0..8 {
            for b in a + 1..8 {
                for c in b + 1..8 {
                    let hand = Hand {
                        values: vec![a as u32, b as u32, c as u32],
                        cards: vec![0; 3],
                        kinds: vec![(a, 1), (b, 1), (c, 1)],
                    };
                    let bits = (1u128 << a) | (1 << b) | (1 << c);
                    assert_eq!(
                        odds.of_distinct(Some(bits), &hand),
                        odds.of(&hand),
                        "{hand:?}"
                    );
                    dealt += usize::from(odds.of(&hand).is_some());
                }
            }
        }
        // Three of the six kinds left.
        assert_eq!(dealt, 20);
        // A kind twice: never, where no kind has two left.
        let twice = Hand {
            values: vec![0, 0, 2],
            cards: vec![0; 3],
            kinds: vec![(0, 2), (2, 1)],
        };
        assert_eq!(odds.of_distinct(None, &twice), None);
        assert_eq!(odds.of(&twice), None);
    }

    #[test]
    fn counts_pack_and_unpack() {
        // Ten kinds of counts up to 7 fit 3 bits each; 21 kinds of up to
        // 7 do not fit 62 bits.
        assert_eq!(packing(10, 7), Some(3));
        assert_eq!(packing(21, 7), None);
        let packed = pack_add(0, 3, &[(0, 1), (2, 2), (9, 7)]);
        let packed = pack_add(packed, 3, &[(2, 1)]);
        assert_eq!(
            unpack(packed, 3, 10).to_vec(),
            vec![1, 0, 3, 0, 0, 0, 0, 0, 0, 7]
        );
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
