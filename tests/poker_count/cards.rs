//! One deck of 52 cards and poker's ranking of hands, written out by hand
//! for the counts: no interpreter involved.
//!
//! A card is a number `0..52`: `4 × (rank − 2) + suit`, ranks 2 to 14 (the
//! ace high), suits 0 to 3. A hand of 3 or 5 cards gets a *value*, a `u32`
//! that orders hands as poker does: its category in the high bits, then the
//! ranks that break ties (the ranks of the biggest group first, e.g. a full
//! house's three then its two; a straight's top card only, A-2-3(-4-5)
//! being the lowest straight, topped by its 3 or 5). Equal hands have equal
//! values and suits never break a tie.
//!
//! Sets of cards are also numbered in the combinatorial number system
//! (`colex`), so that a table of all 2,598,960 five-card hands is a plain
//! vector, and suit masks (13 rank bits per suit) serve for symmetry: two
//! hands that differ by a renaming of suits are counted once, weighted by
//! how many hands are the same up to suits (`classes`).

use std::sync::OnceLock;

/// A card, `0..52`.
pub type Card = u8;

/// The card of `rank` (2 to 14, the ace 14) and `suit` (0 to 3).
pub fn card(rank: u8, suit: u8) -> Card {
    assert!(
        (2..=14).contains(&rank) && suit < 4,
        "no card {rank}/{suit}"
    );
    4 * (rank - 2) + suit
}

/// A card's rank less two: 0 for a deuce, 12 for an ace.
pub fn rank(c: Card) -> u8 {
    c / 4
}

/// A card's suit, 0 to 3.
pub fn suit(c: Card) -> u8 {
    c % 4
}

/// `BINOMIAL[n][k]` is n choose k, for n up to 52 and k up to 6.
pub const BINOMIAL: [[u32; 7]; 53] = binomials();

const fn binomials() -> [[u32; 7]; 53] {
    let mut t = [[0u32; 7]; 53];
    let mut n = 0;
    while n < 53 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 7 {
            if n > 0 {
                t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            }
            k += 1;
        }
        n += 1;
    }
    t
}

/// The number of a set of distinct cards, given in increasing order, among
/// the sets of its size: `Σ C(c_i, i + 1)` (the colex order).
pub fn colex(sorted: &[Card]) -> usize {
    sorted
        .iter()
        .enumerate()
        .map(|(i, &c)| BINOMIAL[usize::from(c)][i + 1] as usize)
        .sum()
}

/// The categories of a five-card hand (or the best five of more), lowest
/// first; a royal flush is the ace-high straight flush.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Five {
    HighCard,
    Pair,
    TwoPair,
    Trips,
    Straight,
    Flush,
    FullHouse,
    Quads,
    StraightFlush,
    Royal,
}

impl Five {
    /// Every category, lowest first.
    pub const ALL: [Five; 10] = [
        Five::HighCard,
        Five::Pair,
        Five::TwoPair,
        Five::Trips,
        Five::Straight,
        Five::Flush,
        Five::FullHouse,
        Five::Quads,
        Five::StraightFlush,
        Five::Royal,
    ];

    /// The category of a five-card value.
    pub fn of(value: u32) -> Five {
        match value >> 20 {
            0 => Five::HighCard,
            1 => Five::Pair,
            2 => Five::TwoPair,
            3 => Five::Trips,
            4 => Five::Straight,
            5 => Five::Flush,
            6 => Five::FullHouse,
            7 => Five::Quads,
            _ if value & 0xf == 12 => Five::Royal,
            _ => Five::StraightFlush,
        }
    }
}

/// The categories of a three-card hand, lowest first: with three cards a
/// straight is rarer than a flush and beats it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Three {
    HighCard,
    Pair,
    Flush,
    Straight,
    Trips,
    StraightFlush,
}

impl Three {
    /// Every category, lowest first.
    pub const ALL: [Three; 6] = [
        Three::HighCard,
        Three::Pair,
        Three::Flush,
        Three::Straight,
        Three::Trips,
        Three::StraightFlush,
    ];

    /// The category of a three-card value.
    pub fn of(value: u32) -> Three {
        Three::ALL[(value >> 12) as usize]
    }
}

/// The top of the straight among the ranks of `mask` (bit `r` for rank
/// `r + 2`), if the ranks are five in a row (`span` 5) or three (`span`
/// 3), the ace also below the deuce: rank index of the top card.
fn straight_top(mask: u16, span: u32) -> Option<u8> {
    // Bit 0 is the ace played low; bit r + 1 the rank r.
    let low = (u32::from(mask) << 1) | (u32::from(mask) >> 12 & 1);
    let mut run = low;
    for shift in 1..span {
        run &= low >> shift;
    }
    (run != 0).then(|| (31 - run.leading_zeros() + span - 2) as u8)
}

/// The ranks of a hand, the biggest groups first and higher ranks first
/// within a group size, as nibbles; with the number of distinct ranks and
/// the size of the biggest group.
fn grouped(counts: &[u8; 13]) -> (u32, u32, u8) {
    let mut nibbles = 0;
    let mut distinct = 0;
    let mut most = 0;
    for want in (1..=4).rev() {
        for r in (0..13u8).rev() {
            if counts[usize::from(r)] == want {
                distinct += 1;
                most = most.max(want);
                for _ in 0..want {
                    nibbles = nibbles << 4 | u32::from(r);
                }
            }
        }
    }
    (nibbles, distinct, most)
}

/// How many cards of each rank, the ranks held (a bit each) and the suits
/// held (a bit each).
fn tally(cards: &[Card]) -> ([u8; 13], u16, u8) {
    let mut counts = [0u8; 13];
    let mut mask = 0u16;
    let mut suits = 0u8;
    for &c in cards {
        counts[usize::from(rank(c))] += 1;
        mask |= 1 << rank(c);
        suits |= 1 << suit(c);
    }
    (counts, mask, suits)
}

/// The value of a five-card hand: greater is better, equal is a tie.
pub fn value5(cards: [Card; 5]) -> u32 {
    let (counts, mask, suits) = tally(&cards);
    let (nibbles, distinct, most) = grouped(&counts);
    let flush = suits.count_ones() == 1;
    let category = match (distinct, most) {
        (5, _) => {
            if let Some(top) = straight_top(mask, 5) {
                return (if flush { 8 } else { 4 }) << 20 | u32::from(top);
            }
            if flush {
                5
            } else {
                0
            }
        }
        (4, _) => 1,
        (3, 2) => 2,
        (3, _) => 3,
        (_, 3) => 6,
        _ => 7,
    };
    category << 20 | nibbles
}

/// The value of a three-card hand: greater is better, equal is a tie.
pub fn value3(cards: [Card; 3]) -> u32 {
    let (counts, mask, suits) = tally(&cards);
    let (nibbles, distinct, _) = grouped(&counts);
    let flush = suits.count_ones() == 1;
    let category = match distinct {
        3 => {
            if let Some(top) = straight_top(mask, 3) {
                return (if flush { 5 } else { 3 }) << 12 | u32::from(top);
            }
            if flush {
                2
            } else {
                0
            }
        }
        2 => 1,
        _ => 4,
    };
    category << 12 | nibbles
}

/// A card set as suit masks: 13 rank bits in each of four 16-bit fields.
pub fn mask(cards: &[Card]) -> u64 {
    cards
        .iter()
        .fold(0, |m, &c| m | 1 << (16 * suit(c) + rank(c)))
}

/// The four suits' rank masks of a card set.
pub fn suit_masks(mask: u64) -> [u16; 4] {
    [0, 1, 2, 3].map(|s| (mask >> (16 * s)) as u16)
}

/// The category of the best five cards among five or more, from their
/// suit masks (the six-card bonus reads nothing else).
pub fn best_category(mask: u64) -> Five {
    let [a, b, c, d] = suit_masks(mask);
    for m in [a, b, c, d] {
        if m.count_ones() >= 5 {
            return match straight_top(m, 5) {
                Some(12) => Five::Royal,
                Some(_) => Five::StraightFlush,
                None => flush_or_better(a, b, c, d),
            };
        }
    }
    let (any, two, three, four) = groups(a, b, c, d);
    if four != 0 {
        Five::Quads
    } else if three != 0 && two.count_ones() >= 2 {
        Five::FullHouse
    } else if straight_top(any, 5).is_some() {
        Five::Straight
    } else if three != 0 {
        Five::Trips
    } else if two.count_ones() >= 2 {
        Five::TwoPair
    } else if two != 0 {
        Five::Pair
    } else {
        Five::HighCard
    }
}

/// A flush that is no straight flush: better only a full house or quads.
fn flush_or_better(a: u16, b: u16, c: u16, d: u16) -> Five {
    let (_, two, three, four) = groups(a, b, c, d);
    if four != 0 {
        Five::Quads
    } else if three != 0 && two.count_ones() >= 2 {
        Five::FullHouse
    } else {
        Five::Flush
    }
}

/// The ranks held at least once, twice, three and four times.
fn groups(a: u16, b: u16, c: u16, d: u16) -> (u16, u16, u16, u16) {
    let any = a | b | c | d;
    let two = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    let three = (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d);
    (any, two, three, a & b & c & d)
}

/// Every five-card hand's value, by colex number.
pub fn values5() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0; BINOMIAL[52][5] as usize];
        for_each_subset(5, |cards, index| {
            table[index] = value5([cards[0], cards[1], cards[2], cards[3], cards[4]]);
        });
        table
    })
}

/// Calls `f` with every set of `k` cards (increasing) and its colex
/// number, in colex order.
pub fn for_each_subset(k: usize, mut f: impl FnMut(&[Card], usize)) {
    let mut cards: Vec<Card> = (0..k as Card).collect();
    let mut index = 0;
    loop {
        f(&cards, index);
        index += 1;
        // The next set in colex order: raise the first card that can rise,
        // the ones below it back to their least.
        let mut i = 0;
        while i + 1 < k && cards[i] + 1 == cards[i + 1] {
            i += 1;
        }
        if i + 1 == k && usize::from(cards[i]) + 1 == 52 {
            return;
        }
        cards[i] += 1;
        for (j, c) in cards.iter_mut().enumerate().take(i) {
            *c = j as Card;
        }
    }
}

/// How many card sets are the same as one of suit masks `masks` up to a
/// renaming of suits: 24 over the orders of the suits that give it again.
pub fn multiplicity(masks: [u16; 4]) -> u64 {
    let mut sorted = masks;
    sorted.sort_unstable();
    let mut fixing = 1;
    let mut run = 1;
    for i in 1..4 {
        if sorted[i] == sorted[i - 1] {
            run += 1;
            fixing *= run;
        } else {
            run = 1;
        }
    }
    24 / fixing
}

/// Whether a set is the representative of its class: suit masks from the
/// greatest down.
pub fn is_canonical(masks: [u16; 4]) -> bool {
    masks[0] >= masks[1] && masks[1] >= masks[2] && masks[2] >= masks[3]
}

/// The suits renamed so that the masks go from the greatest down: the new
/// suit of each old suit.
pub fn canonical_suits(masks: [u16; 4]) -> [u8; 4] {
    let mut order = [0u8, 1, 2, 3];
    order.sort_by(|&x, &y| masks[usize::from(y)].cmp(&masks[usize::from(x)]));
    let mut new = [0u8; 4];
    for (to, &from) in order.iter().enumerate() {
        new[usize::from(from)] = to as u8;
    }
    new
}

/// A card with its suit renamed.
pub fn renamed(c: Card, suits: [u8; 4]) -> Card {
    4 * rank(c) + suits[usize::from(suit(c))]
}

/// One representative of every class of `k`-card sets the same up to
/// suits, with the number of sets in its class (the weights sum to
/// C(52, k)).
pub fn classes(k: usize) -> Vec<(Vec<Card>, u64)> {
    let mut out = Vec::new();
    for_each_subset(k, |cards, _| {
        let masks = suit_masks(mask(cards));
        if is_canonical(masks) {
            out.push((cards.to_vec(), multiplicity(masks)));
        }
    });
    out
}

/// The cards not in `hand`, in increasing order.
pub fn rest(hand: &[Card]) -> Vec<Card> {
    (0..52).filter(|c| !hand.contains(c)).collect()
}

/// A rank as poker writes it.
pub fn rank_name(r: u8) -> &'static str {
    [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ][usize::from(r)]
}
