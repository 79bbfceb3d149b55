//! Poker hands ranked as casinos rank them: a hand's category (`pair`,
//! `straight`, ...) and a value that orders hands of one size, ties broken
//! by ranks as in poker. Read by `category(h)`, `poker(h)` and `compare` of
//! two hands.
//!
//! Three cards rank by the three-card order, where a straight beats a
//! flush (there are fewer of them): high card, pair, flush, straight,
//! three of a kind, straight flush. Five cards rank by the standard order:
//! high card, pair, two pair, three of a kind, straight, flush, full
//! house, four of a kind, straight flush (the ace-high one a royal flush).
//! Six or seven cards rank as the best five of them. The ace is high,
//! and low in the lowest straight (A-2-3, A-2-3-4-5); suits never break a
//! tie. From several decks a hand may hold one card twice: five of a rank
//! ranks as four of a kind.
//!
//! A value is `order × 10^10` plus the ranks that break ties, most
//! significant first, two decimal digits each (`r1 × 10^8 + r2 × 10^6 +
//! ...`), where `order` is the category's place in the hand's own order:
//! Q-6-4 of three cards is `1206040000`, easy to read in a report.

use super::card::Card;

/// The categories, as a bet names them (`straight => win 6 to 1`), in the
/// five-card order: a category's number is its index here.
pub const CATEGORIES: [&str; 10] = [
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
];

const HIGH: usize = 0;
const PAIR: usize = 1;
const TWO_PAIR: usize = 2;
const TRIPS: usize = 3;
const STRAIGHT: usize = 4;
const FLUSH: usize = 5;
const FULL_HOUSE: usize = 6;
const QUADS: usize = 7;
const STRAIGHT_FLUSH: usize = 8;
const ROYAL: usize = 9;

/// The most cards poker ranks in one hand.
pub const MOST_RANKED: usize = 7;

/// The sizes of hand poker ranks.
pub fn ranks_size(size: usize) -> bool {
    size == 3 || (5..=7).contains(&size)
}

/// A hand ranked: its category (an index into [`CATEGORIES`]) and its
/// value (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ranked {
    pub category: usize,
    pub value: i64,
}

/// Ranks a hand of 3, or 5 to 7, cards (each a [`Card`] as a hand holds
/// it, rank and suit known); `None` for another size or a card whose rank
/// or suit is not known.
pub fn rank(cards: &[u32]) -> Option<Ranked> {
    if !ranks_size(cards.len()) {
        return None;
    }
    Hand::of(cards)?.ranked()
}

/// A hand's category alone (an index into [`CATEGORIES`]), as [`rank`]
/// gives it, without the ranks that break ties.
pub fn category(cards: &[u32]) -> Option<usize> {
    if !ranks_size(cards.len()) {
        return None;
    }
    Hand::of(cards)?.category()
}

/// What ranking reads of a hand: the ranks held at least once, twice,
/// three and four times (bit r for rank r), and each suit's cards and
/// ranks. Two hands' join is their union's, so a hand's may be computed
/// once and joined to others' (`category(mine + board)`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hand {
    held: [u16; 4],
    suits: [u8; 4],
    by_suit: [u16; 4],
}

impl Hand {
    /// The union of two hands: a rank is held at least n times where the
    /// two hold it i and n - i times.
    #[inline]
    pub fn join(&self, other: &Hand) -> Hand {
        let ([a1, a2, a3, a4], [b1, b2, b3, b4]) = (self.held, other.held);
        Hand {
            held: [
                a1 | b1,
                a2 | b2 | (a1 & b1),
                a3 | b3 | (a2 & b1) | (a1 & b2),
                a4 | b4 | (a3 & b1) | (a2 & b2) | (a1 & b3),
            ],
            suits: std::array::from_fn(|s| self.suits[s].saturating_add(other.suits[s])),
            by_suit: std::array::from_fn(|s| self.by_suit[s] | other.by_suit[s]),
        }
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.suits.iter().map(|&n| usize::from(n)).sum()
    }

    /// Whether the hand holds no card.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The hand ranked, as [`rank`] ranks its cards.
    pub fn ranked(&self) -> Option<Ranked> {
        match self.len() {
            3 => Some(three(self)),
            n if ranks_size(n) => Some(five(self)),
            _ => None,
        }
    }

    /// The hand's category, as [`category`] gives its cards'.
    pub fn category(&self) -> Option<usize> {
        match self.len() {
            3 => Some(three(self).category),
            n if ranks_size(n) => Some(five_category(self)),
            _ => None,
        }
    }

    /// The hand of `cards`; `None` where a rank or suit is not known.
    #[inline]
    pub fn of(cards: &[u32]) -> Option<Hand> {
        let mut hand = Hand::default();
        for &c in cards {
            let card = Card(c);
            let r = match card.rank() {
                1 | 14 => 14,
                r @ 2..=13 => r,
                _ => return None,
            };
            let s = card.suit() as usize;
            if !(1..=4).contains(&s) {
                return None;
            }
            let bit = 1u16 << r;
            // Each rank's bit climbs one mask a card: `held[n - 1]` has the
            // ranks held at least n times.
            hand.held[3] |= hand.held[2] & bit;
            hand.held[2] |= hand.held[1] & bit;
            hand.held[1] |= hand.held[0] & bit;
            hand.held[0] |= bit;
            hand.suits[s - 1] = hand.suits[s - 1].saturating_add(1);
            hand.by_suit[s - 1] |= bit;
        }
        Some(hand)
    }
}

/// The category of five to seven cards, as [`five`] ranks them.
fn five_category(hand: &Hand) -> usize {
    let flush = (0..4).find(|&s| hand.suits[s] >= 5);
    if let Some(s) = flush {
        if let Some(top) = straight(hand.by_suit[s], 5) {
            return if top == 14 { ROYAL } else { STRAIGHT_FLUSH };
        }
    }
    let [mask, twos, threes, fours] = hand.held;
    if fours != 0 {
        QUADS
    } else if threes != 0 && (twos & !(1 << (15 - threes.leading_zeros()))) != 0 {
        FULL_HOUSE
    } else if flush.is_some() {
        FLUSH
    } else if straight(mask, 5).is_some() {
        STRAIGHT
    } else if threes != 0 {
        TRIPS
    } else if twos.count_ones() >= 2 {
        TWO_PAIR
    } else if twos != 0 {
        PAIR
    } else {
        HIGH
    }
}

/// The value of `order` and the tie-breaking `ranks`, most significant
/// first.
fn value(order: i64, ranks: &[u32]) -> i64 {
    let mut v = order;
    for i in 0..5 {
        v = v * 100 + ranks.get(i).map_or(0, |&r| i64::from(r));
    }
    v
}

/// Up to `k` ranks present in `mask` (bit r for rank r), highest first,
/// into `out` from `at`; returns where they end.
fn highest(mask: u16, k: usize, out: &mut [u32; 5], at: usize) -> usize {
    let mut n = at;
    let mut rest = mask;
    while n < at + k && rest != 0 {
        let r = 15 - rest.leading_zeros();
        out[n] = r;
        n += 1;
        rest &= !(1 << r);
    }
    n
}

/// The top card of the highest straight of `len` (3 or 5) cards in `mask`,
/// the ace also low.
fn straight(mask: u16, len: u32) -> Option<u32> {
    let mask = mask | ((mask >> 14) & 1) << 1;
    // Bit r of `runs`: ranks r to r + len - 1 all held.
    let mut runs = mask;
    for shift in 1..len {
        runs &= mask >> shift;
    }
    top(runs).map(|low| low + len - 1)
}

/// The highest rank of `mask`, if any.
fn top(mask: u16) -> Option<u32> {
    (mask != 0).then(|| 15 - mask.leading_zeros())
}

/// Three cards: the three-card order, a straight above a flush.
fn three(hand: &Hand) -> Ranked {
    const ORDER: [usize; 6] = [HIGH, PAIR, FLUSH, STRAIGHT, TRIPS, STRAIGHT_FLUSH];
    let mask = hand.held[0];
    let flush = hand.suits.contains(&3);
    let run = straight(mask, 3).filter(|_| mask.count_ones() == 3);
    let ranked = |category: usize, ranks: &[u32]| Ranked {
        category,
        value: value(
            ORDER.iter().position(|&c| c == category).unwrap_or(0) as i64,
            ranks,
        ),
    };
    let mut ranks = [0u32; 5];
    if let (Some(top), true) = (run, flush) {
        ranked(STRAIGHT_FLUSH, &[top])
    } else if let Some(r) = top(hand.held[2]) {
        ranked(TRIPS, &[r])
    } else if let Some(top) = run {
        ranked(STRAIGHT, &[top])
    } else if let Some(p) = top(hand.held[1]) {
        if flush {
            // Never: a pair of one suit needs two decks; ranked as a flush.
            let n = highest(mask, 3, &mut ranks, 0);
            return ranked(FLUSH, &ranks[..n]);
        }
        let n = highest(mask & !(1 << p), 1, &mut ranks, 1);
        ranks[0] = p;
        ranked(PAIR, &ranks[..n])
    } else {
        let n = highest(mask, 3, &mut ranks, 0);
        ranked(if flush { FLUSH } else { HIGH }, &ranks[..n])
    }
}

/// Five to seven cards: the best five, by the standard order.
fn five(hand: &Hand) -> Ranked {
    let ranked = |category: usize, ranks: &[u32]| Ranked {
        category,
        value: value(category.min(STRAIGHT_FLUSH) as i64, ranks),
    };
    let mask = hand.held[0];
    let flush = (0..4).find(|&s| hand.suits[s] >= 5);
    if let Some(s) = flush {
        if let Some(top) = straight(hand.by_suit[s], 5) {
            return ranked(if top == 14 { ROYAL } else { STRAIGHT_FLUSH }, &[top]);
        }
    }
    let mut ranks = [0u32; 5];
    let [_, twos, threes, fours] = hand.held;
    if let Some(q) = top(fours) {
        ranks[0] = q;
        let n = highest(mask & !(1 << q), 1, &mut ranks, 1);
        return ranked(QUADS, &ranks[..n]);
    }
    if let Some(t) = top(threes) {
        if let Some(p) = top(twos & !(1 << t)) {
            return ranked(FULL_HOUSE, &[t, p]);
        }
    }
    if let Some(s) = flush {
        // The five highest cards of the suit, a rank held twice (from
        // several decks) counted once: never a straight, so at most one.
        highest(hand.by_suit[s], 5, &mut ranks, 0);
        return ranked(FLUSH, &ranks);
    }
    if let Some(top) = straight(mask, 5) {
        return ranked(STRAIGHT, &[top]);
    }
    if let Some(t) = top(threes) {
        ranks[0] = t;
        let n = highest(mask & !(1 << t), 2, &mut ranks, 1);
        return ranked(TRIPS, &ranks[..n]);
    }
    match top(twos) {
        Some(high) => match top(twos & !(1 << high)) {
            Some(low) => {
                ranks[0] = high;
                ranks[1] = low;
                let n = highest(mask & !(1 << high) & !(1 << low), 1, &mut ranks, 2);
                ranked(TWO_PAIR, &ranks[..n])
            }
            None => {
                ranks[0] = high;
                let n = highest(mask & !(1 << high), 3, &mut ranks, 1);
                ranked(PAIR, &ranks[..n])
            }
        },
        None => {
            let n = highest(mask, 5, &mut ranks, 0);
            ranked(HIGH, &ranks[..n])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A card from its name: `Qs`, `10h`, `Ad`.
    fn card(name: &str) -> u32 {
        let (rank, suit) = name.split_at(name.len() - 1);
        let rank = match rank {
            "A" => 14,
            "K" => 13,
            "Q" => 12,
            "J" => 11,
            n => n.parse().expect("a rank"),
        };
        let suit = "cdhs".find(suit).expect("a suit") as u32 + 1;
        Card::new(rank, suit).0
    }

    fn ranked(hand: &str) -> Ranked {
        let cards: Vec<u32> = hand.split(' ').map(card).collect();
        rank(&cards).expect("a ranked hand")
    }

    fn category(hand: &str) -> &'static str {
        CATEGORIES[ranked(hand).category]
    }

    #[test]
    fn three_cards_rank_straights_above_flushes() {
        assert_eq!(category("Qs 6h 4d"), "high_card");
        assert_eq!(ranked("Qs 6h 4d").value, 1206040000);
        assert_eq!(category("Qs Qh 4d"), "pair");
        assert_eq!(category("Qs 6s 4s"), "flush");
        assert_eq!(category("As 2h 3d"), "straight");
        assert_eq!(category("As Kh Qd"), "straight");
        assert_eq!(category("4s 4h 4d"), "three_of_a_kind");
        assert_eq!(category("As Ks Qs"), "straight_flush");
        let order = [
            "Qs 6h 4d", "Ks 2h 3d", "2s 2h 3d", "2s 2h Ad", "5s 3s 2s", "As 2h 3d", "2h 3d 4c",
            "Qs Kh Ad", "2s 2h 2d", "As Ah Ad", "As 2s 3s", "Qs Ks As",
        ];
        for w in order.windows(2) {
            assert!(ranked(w[0]).value < ranked(w[1]).value, "{w:?}");
        }
        // Suits never break a tie.
        assert_eq!(ranked("Qs 6h 4d").value, ranked("Qh 6d 4c").value);
    }

    #[test]
    fn five_cards_rank_in_the_standard_order() {
        assert_eq!(category("As Ks Qs Js 10s"), "royal_flush");
        assert_eq!(category("5s 4s 3s 2s As"), "straight_flush");
        assert_eq!(category("9h 9d 9s 9c 2d"), "four_of_a_kind");
        assert_eq!(category("9h 9d 9s 2c 2d"), "full_house");
        assert_eq!(category("9h 7h 5h 3h 2h"), "flush");
        assert_eq!(category("5s 4h 3s 2d Ac"), "straight");
        assert_eq!(category("9h 9d 9s Kc 2d"), "three_of_a_kind");
        assert_eq!(category("9h 9d 2s Kc 2d"), "two_pair");
        assert_eq!(category("9h 9d 3s Kc 2d"), "pair");
        assert_eq!(category("9h 8d 3s Kc 2d"), "high_card");
        assert_eq!(category("Ks Qh Jd 10c 9c"), "straight");
        // Not a straight around the corner.
        assert_eq!(category("Qs Kh Ad 2c 3c"), "high_card");
        let order = [
            "Ks Qh 9d 7c 5c",
            "As 2h 3d 4c 6c",
            "2s 2h 4d 5c 6c",
            "2s 2h 3d 3c 4c",
            "As Ah Kd Kc Qc",
            "2s 2h 2d 3c 4c",
            "As 2h 3d 4c 5c",
            "2s 3h 4d 5c 6c",
            "As Kh Qd Jc 10c",
            "2s 3s 4s 5s 7s",
            "2s 2h 2d 3c 3d",
            "2s 2h 2d 2c 3d",
            "As 2s 3s 4s 5s",
            "9s 10s Js Qs Ks",
            "10s Js Qs Ks As",
        ];
        for w in order.windows(2) {
            assert!(ranked(w[0]).value < ranked(w[1]).value, "{w:?}");
        }
        // Kickers decide: a pair of nines with an ace beats it with a king.
        assert!(ranked("9h 9d As 3c 2d").value > ranked("9s 9c Ks Qc Jd").value);
    }

    #[test]
    fn seven_cards_rank_as_their_best_five() {
        assert_eq!(category("2s 3s 4s 5s 6s 6h 6d"), "straight_flush");
        assert_eq!(category("9h 9d 9s 2c 2d 2h Ks"), "full_house");
        assert_eq!(
            ranked("9h 9d 9s 2c 2d 2h Ks").value,
            ranked("9h 9d 9s 2c 2d").value
        );
        assert_eq!(category("9h 8h 3h Kh 2h 7c 6d"), "flush");
        assert_eq!(
            ranked("Ah 8h 3h Kh 2h 7h").value,
            ranked("Ah Kh 8h 7h 3h").value
        );
        // Three pairs: the best two and the best kicker.
        assert_eq!(
            ranked("9h 9d 4s 4c 3d 3h 2s").value,
            ranked("9h 9d 4s 4c 3d").value
        );
        assert_eq!(category("As Ks Qs Js 10s 9s 8s"), "royal_flush");
        assert_eq!(category("Ah 2d 3c 4s 5h Kd Kc"), "straight");
    }

    /// Every hand of one deck counted by category, against the counts every
    /// table of poker odds gives.
    #[test]
    fn every_hand_of_one_deck_counts_as_the_tables_say() {
        let deck: Vec<u32> = (2..=14)
            .flat_map(|r| (1..=4).map(move |s| Card::new(r, s).0))
            .collect();
        let mut three = [0u32; 10];
        for a in 0..52 {
            for b in a + 1..52 {
                for c in b + 1..52 {
                    three[rank(&[deck[a], deck[b], deck[c]]).unwrap().category] += 1;
                }
            }
        }
        assert_eq!(three, [16440, 3744, 0, 52, 720, 1096, 0, 0, 48, 0]);
        let mut five = [0u32; 10];
        let mut hand = [0u32; 5];
        let mut idx = [0usize, 1, 2, 3, 4];
        loop {
            for (h, &i) in hand.iter_mut().zip(&idx) {
                *h = deck[i];
            }
            let ranked = rank(&hand).unwrap();
            assert_eq!(super::category(&hand), Some(ranked.category), "{hand:?}");
            five[ranked.category] += 1;
            // The next combination of five of 52.
            let Some(k) = (0..5).rev().find(|&k| idx[k] < 52 - 5 + k) else {
                break;
            };
            idx[k] += 1;
            for j in k + 1..5 {
                idx[j] = idx[j - 1] + 1;
            }
        }
        assert_eq!(
            five,
            [1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 36, 4]
        );
    }

    /// The category alone is the ranking's, on six and seven cards drawn
    /// by a fixed sequence (a linear congruential one) from two decks.
    #[test]
    fn the_category_alone_is_the_ranking_s() {
        let deck: Vec<u32> = (2..=14)
            .flat_map(|r| (1..=4).map(move |s| Card::new(r, s).0))
            .collect();
        let mut x: u64 = 1;
        let mut seen = [0u32; 10];
        for n in 0..400_000 {
            let size = 6 + n % 2;
            let hand: Vec<u32> = (0..size)
                .map(|_| {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    deck[(x >> 33) as usize % 52]
                })
                .collect();
            let ranked = rank(&hand).unwrap();
            assert_eq!(super::category(&hand), Some(ranked.category), "{hand:?}");
            // Two parts joined are the whole (a pair may fall in either).
            let (a, b) = hand.split_at(n % 4 + 1);
            let joined = Hand::of(a).unwrap().join(&Hand::of(b).unwrap());
            assert_eq!(joined, Hand::of(&hand).unwrap(), "{a:?} {b:?}");
            assert_eq!(joined.ranked(), Some(ranked), "{hand:?}");
            assert_eq!(joined.category(), Some(ranked.category), "{hand:?}");
            seen[ranked.category] += 1;
        }
        // Every category met, so that each was compared.
        assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
        assert_eq!(super::category(&[card("As"), card("Ks")]), None);
    }

    #[test]
    fn other_sizes_and_unknown_cards_are_not_ranked() {
        assert_eq!(rank(&[card("As"), card("Ks")]), None);
        assert_eq!(
            rank(&[card("As"), card("Ks"), card("Qs"), card("Js")]),
            None
        );
        assert_eq!(rank(&[Card::new(12, 0).0, card("Ks"), card("Qs")]), None);
    }
}
