//! Caribbean stud counted by hand, apart from the interpreter.
//!
//! The rules: one deck, fresh each round. The player antes and gets five
//! cards, the dealer five, one of them face up. Seeing his cards and the
//! dealer's up card, the player folds (losing the ante) or raises twice
//! the ante. The dealer qualifies with ace-king high or better. Not
//! qualifying: the ante wins 1 to 1 and the raise pushes. Qualifying: a
//! higher player hand wins the ante 1 to 1 and the raise by the player's
//! hand: royal flush 100, straight flush 50, four of a kind 20, full house
//! 7, flush 5, straight 4, three of a kind 3, two pair 2, a pair or less 1
//! to 1; a tie pushes both; a lower hand loses both (−3). Figures are per
//! ante.
//!
//! The method: every (player hand, up card) needs the dealer's C(46, 4) =
//! 163,185 hidden hands split four ways (not qualifying, qualifying and
//! lower, equal, higher); enumerating them is 2.6 million × 47 × 163,185
//! deals. Instead:
//!
//! - all 2,598,960 hands are swept in the order of their values; a table
//!   counts, for every set `A` of up to three cards and every card `u`, the
//!   hands swept so far that hold `A` and `u`;
//! - the hands holding `u` and none of the player's five are then had by
//!   inclusion and exclusion over the player's cards,
//!   `Σ_{A ⊆ P} (−1)^|A| N(A ∪ {u})`: 26 rows of the table for every `u` at
//!   once, and the five sets of four (a single hand each) looked up in the
//!   table of values;
//! - read before the player's group of equal values is swept, this counts
//!   the lower hands; after, the lower or equal; at the first qualifying
//!   value (A-K-4-3-2), kept, the non-qualifying;
//! - only one player hand of each class the same up to suits is read
//!   (134,459 of them), weighted by its class's size.
//!
//! The player raises where raising's total over the hidden hands is above
//! folding's (equal: folds; none is). All in whole numbers over
//! C(52, 5) × 47 × C(46, 4) deals.

use std::collections::BTreeMap;

use num_rational::BigRational;

use super::cards::{
    canonical_suits, card, is_canonical, mask, multiplicity, renamed, suit_masks, value5, values5,
    Card, Five, BINOMIAL,
};
use super::{ratio, Nets};

/// The dealer's hidden hands for one (player hand, up card).
const HIDDEN: i64 = 163_185;

/// What the raise pays to 1 on a winning player hand.
fn raise_pays(value: u32) -> i64 {
    match Five::of(value) {
        Five::Royal => 100,
        Five::StraightFlush => 50,
        Five::Quads => 20,
        Five::FullHouse => 7,
        Five::Flush => 5,
        Five::Straight => 4,
        Five::Trips => 3,
        Five::TwoPair => 2,
        Five::Pair | Five::HighCard => 1,
    }
}

/// For each set `A` of `k` cards (k = 0 to 3, by colex number) and each
/// card `u`, how many of the hands added hold `A` and `u` (`u ∉ A`): four
/// tables of rows of 52.
#[derive(Clone)]
struct Table([Vec<u32>; 4]);

/// The sets of up to three of a hand's cards: for each, its size, where
/// its row starts in the table of its size, and which of the five cards
/// it holds (a bit per place).
type Subsets = [(usize, usize, u32); 26];

/// The 26 sets of up to three cards of a hand (cards increasing).
fn subsets(hand: &[Card; 5]) -> Subsets {
    let c = hand.map(usize::from);
    let b = |n: usize, k: usize| BINOMIAL[n][k] as usize;
    let mut out = [(0, 0, 0); 26];
    let mut i = 1;
    for x in 0..5 {
        out[i] = (1, c[x] * 52, 1 << x);
        i += 1;
        for y in x + 1..5 {
            out[i] = (2, (c[x] + b(c[y], 2)) * 52, 1 << x | 1 << y);
            i += 1;
            for z in y + 1..5 {
                let row = c[x] + b(c[y], 2) + b(c[z], 3);
                out[i] = (3, row * 52, 1 << x | 1 << y | 1 << z);
                i += 1;
            }
        }
    }
    out
}

impl Table {
    fn new() -> Table {
        Table([0, 1, 2, 3].map(|k| vec![0; BINOMIAL[52][k] as usize * 52]))
    }

    /// Counts a hand (cards increasing).
    fn add(&mut self, hand: &[Card; 5]) {
        for (k, row, held) in subsets(hand) {
            let table = &mut self.0[k];
            for (place, &u) in hand.iter().enumerate() {
                if held >> place & 1 == 0 {
                    table[row + usize::from(u)] += 1;
                }
            }
        }
    }

    /// For every card `u` not in the hand of `subsets`: the hands added
    /// that hold `u` and no card of the hand, less those that are the hand
    /// less one card plus `u` (the caller counts those from the values).
    fn avoiding(&self, subsets: &Subsets) -> [i32; 52] {
        let mut n = [0i32; 52];
        for &(k, start, _) in subsets {
            let row = &self.0[k][start..start + 52];
            if k % 2 == 0 {
                n.iter_mut().zip(row).for_each(|(x, &m)| *x += m as i32);
            } else {
                n.iter_mut().zip(row).for_each(|(x, &m)| *x -= m as i32);
            }
        }
        n
    }
}

/// For the player's hand (cards increasing): the value of each hand of
/// four of his cards and a card `u` he does not hold, by the card he
/// leaves out and `u`. The colex number of the five is had without
/// sorting: the four kept, then `u` at its place among them.
fn swaps(hand: &[Card; 5]) -> [[u32; 52]; 5] {
    let values = values5();
    let b = |c: Card, k: usize| BINOMIAL[usize::from(c)][k] as usize;
    let mut out = [[0; 52]; 5];
    for (left_out, row) in out.iter_mut().enumerate() {
        let kept: Vec<Card> = (0..5).filter(|&i| i != left_out).map(|i| hand[i]).collect();
        // below[i]: the kept cards before place i at their places; above[i]:
        // those from place i on, one place up.
        let mut below = [0; 5];
        let mut above = [0; 5];
        for i in 0..4 {
            below[i + 1] = below[i] + b(kept[i], i + 1);
        }
        for i in (0..4).rev() {
            above[i] = above[i + 1] + b(kept[i], i + 2);
        }
        let mut place = 0;
        for u in 0..52 {
            while place < 4 && kept[place] < u {
                place += 1;
            }
            if !hand.contains(&u) {
                row[usize::from(u)] = values[below[place] + b(u, place + 1) + above[place]];
            }
        }
    }
    out
}

/// For every card `u` not in the player's hand: the dealer's hands
/// holding `u` and none of the player's cards among those in `table`, the hands of four of
/// the player's cards and `u` counted where `counted` says (they are in the
/// table exactly then).
fn dealer_hands(
    table: &Table,
    subsets: &Subsets,
    swaps: &[[u32; 52]; 5],
    counted: impl Fn(u32) -> bool,
) -> [i32; 52] {
    let mut n = table.avoiding(subsets);
    // The player's own cards get numbers too: nobody reads them.
    for row in swaps {
        n.iter_mut()
            .zip(row)
            .for_each(|(x, &v)| *x += i32::from(counted(v)));
    }
    n
}

/// The dealer's hidden hands for one (player hand, up card): not
/// qualifying, qualifying and lower, equal, higher.
pub type Split = [i64; 4];

/// The figures of caribbean stud.
pub struct CaribbeanStud {
    /// The nets per ante, under the best play.
    pub player: Nets,
    /// The average total wager in antes.
    pub average_wager: BigRational,
    /// The (player hand, up card) deals, of 2,598,960 × 47, that raise.
    pub raised: u64,
    /// Those where raising and folding are worth the same (folded).
    pub exact_ties: u64,
    /// The up cards the player raises on, as a bit per card, by class of
    /// player hand (its suit masks, greatest first).
    raises: BTreeMap<u64, u64>,
    /// Some (player hand, up card) deals with the dealer's hidden hands
    /// split as the count found, for a test to enumerate.
    pub samples: Vec<([Card; 5], Card, Split)>,
}

impl CaribbeanStud {
    /// Whether the player raises holding `hand` with the dealer's `up`.
    pub fn raises(&self, hand: [Card; 5], up: Card) -> bool {
        let suits = canonical_suits(suit_masks(mask(&hand)));
        let canonical = mask(&hand.map(|c| renamed(c, suits)));
        self.raises[&canonical] >> renamed(up, suits) & 1 == 1
    }

    /// The classes of player hands with the up cards they raise on: the
    /// hand's value, and a bit per card.
    pub fn raising(&self) -> impl Iterator<Item = (u32, u64)> + '_ {
        self.raises.iter().map(|(&m, &up)| {
            let cards: Vec<Card> = (0..52)
                .filter(|&c| m >> (16 * (c % 4) + c / 4) & 1 == 1)
                .collect();
            (
                value5([cards[0], cards[1], cards[2], cards[3], cards[4]]),
                up,
            )
        })
    }
}

/// Every hand, by value: its value in the high half, its five cards (six
/// bits each, increasing) in the low.
fn swept() -> Vec<u64> {
    let values = values5();
    let mut hands = Vec::with_capacity(values.len());
    super::cards::for_each_subset(5, |cards, index| {
        let packed = cards
            .iter()
            .enumerate()
            .fold(0u64, |p, (i, &c)| p | u64::from(c) << (6 * i));
        hands.push(u64::from(values[index]) << 32 | packed);
    });
    hands.sort_unstable();
    hands
}

/// The five cards of a key of [`swept`].
fn unpack(key: u64) -> [Card; 5] {
    [0, 1, 2, 3, 4].map(|i| (key >> (6 * i) & 63) as Card)
}

/// Counts caribbean stud under the best play.
pub fn count() -> CaribbeanStud {
    let qualifies = value5([card(14, 0), card(13, 1), card(4, 2), card(3, 3), card(2, 0)]);
    let hands = swept();
    let mut table = Table::new();
    let mut not_qualifying: Option<Table> = None;
    // Player hands below qualifying, waiting for the table of them.
    let mut below: Vec<[Card; 5]> = Vec::new();
    let mut tally = Tally::default();
    let mut start = 0;
    while start < hands.len() {
        let value = (hands[start] >> 32) as u32;
        let end = start + hands[start..].partition_point(|&h| (h >> 32) as u32 == value);
        if value >= qualifies && not_qualifying.is_none() {
            let nq = table.clone();
            for hand in below.drain(..) {
                let (subsets, swaps) = (subsets(&hand), swaps(&hand));
                let n = dealer_hands(&nq, &subsets, &swaps, |v| v < qualifies);
                tally.settle(&hand, value5(hand), &n, None);
            }
            not_qualifying = Some(nq);
        }
        let players: Vec<[Card; 5]> = hands[start..end]
            .iter()
            .map(|&h| unpack(h))
            .filter(|h| is_canonical(suit_masks(mask(h))))
            .collect();
        match &not_qualifying {
            None => {
                below.extend(&players);
                for &h in &hands[start..end] {
                    table.add(&unpack(h));
                }
            }
            Some(nq) => {
                let mut lower = Vec::with_capacity(players.len());
                for hand in &players {
                    let (subsets, swaps) = (subsets(hand), swaps(hand));
                    let n = dealer_hands(&table, &subsets, &swaps, |v| v < value);
                    lower.push((subsets, swaps, n));
                }
                for &h in &hands[start..end] {
                    table.add(&unpack(h));
                }
                for (hand, (subsets, swaps, lower)) in players.iter().zip(lower) {
                    let at_most = dealer_hands(&table, &subsets, &swaps, |v| v <= value);
                    let n = dealer_hands(nq, &subsets, &swaps, |v| v < qualifies);
                    tally.settle(hand, value, &n, Some((&lower, &at_most)));
                }
            }
        }
        start = end;
    }
    let deals = u64::from(BINOMIAL[52][5]) * 47 * HIDDEN as u64;
    CaribbeanStud {
        player: Nets::from_counts(&tally.nets, deals),
        average_wager: ratio(tally.wagered, deals),
        raised: tally.raised,
        exact_ties: tally.exact_ties,
        raises: tally.raises,
        samples: tally.samples,
    }
}

/// The count's running totals.
#[derive(Default)]
struct Tally {
    nets: BTreeMap<i64, u64>,
    wagered: u64,
    raised: u64,
    exact_ties: u64,
    raises: BTreeMap<u64, u64>,
    samples: Vec<([Card; 5], Card, Split)>,
    seen: u64,
}

impl Tally {
    /// Settles a class of player hands (`hand` its representative), given
    /// for each up card the dealer's hands not qualifying and, if the
    /// player's hand would qualify, those below it and those at most equal
    /// to it.
    fn settle(
        &mut self,
        hand: &[Card; 5],
        value: u32,
        not_qualifying: &[i32; 52],
        qualifying: Option<(&[i32; 52], &[i32; 52])>,
    ) {
        let weight = multiplicity(suit_masks(mask(hand)));
        let pays = raise_pays(value);
        let mut raises = 0u64;
        self.seen += 1;
        for u in (0..52).filter(|u| !hand.contains(u)) {
            let i = usize::from(u);
            let nq = i64::from(not_qualifying[i]);
            // Below qualifying, a qualifying dealer is higher.
            let (ql, tie) = match qualifying {
                Some((lower, at_most)) => {
                    (i64::from(lower[i]) - nq, i64::from(at_most[i] - lower[i]))
                }
                None => (0, 0),
            };
            let split = [nq, ql, tie, HIDDEN - nq - ql - tie];
            let raise = split[0] + split[1] * (1 + 2 * pays) - 3 * split[3];
            self.exact_ties += u64::from(raise == -HIDDEN) * weight;
            // A few deals for the test that enumerates the dealer's hands:
            // some below qualifying (settled first), some above.
            if self.seen % 9973 == 1 && u % 26 == 0 {
                self.samples.push((*hand, u, split));
            }
            if raise > -HIDDEN {
                raises |= 1 << u;
                self.raised += weight;
                self.wagered += 3 * weight * HIDDEN as u64;
                for (n, net) in split.iter().zip([1, 1 + 2 * pays, 0, -3]) {
                    *self.nets.entry(net).or_insert(0) += weight * *n as u64;
                }
            } else {
                self.wagered += weight * HIDDEN as u64;
                *self.nets.entry(-1).or_insert(0) += weight * HIDDEN as u64;
            }
        }
        self.raises.insert(mask(hand), raises);
    }
}
