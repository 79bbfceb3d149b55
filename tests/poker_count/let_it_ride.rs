//! Let it ride counted by hand, apart from the interpreter.
//!
//! The rules: one deck, fresh each round. The player places three equal
//! bets and gets three cards; two community cards complete his five. After
//! his three cards he may pull back the first bet; after the first
//! community card (four cards seen) the second; the third always stays. On
//! the final five cards each bet left pays: royal flush 1000, straight
//! flush 200, four of a kind 50, full house 11, flush 8, straight 5, three
//! of a kind 3, two pair 2, a pair of tens or better 1 to 1; anything else
//! loses every bet left. Figures are per unit (one of the three bets).
//!
//! The method: the bets are paid alike, so each pull-back is decided on
//! its own: a bet rides where its expected pay, over the cards still to
//! come, is above nothing (equal: pulled back). The player's 22,100 first
//! hands fall into 1,755 classes up to a renaming of suits, each weighted
//! by its size; for each, the C(49, 2) = 1,176 pairs of community cards
//! are looked up in the table of all five-card values and tallied by the
//! first community card, in whole numbers over 22,100 × 49 × 48 deals.

use std::collections::BTreeMap;

use num_rational::BigRational;

use super::cards::{classes, colex, rest, values5, Card, Five};
use super::{ratio, Nets};

/// What each class of final hand pays to 1: lost, a pair of tens or
/// better, two pair, trips, straight, flush, full house, quads, straight
/// flush, royal flush.
const PAYS: [i64; 10] = [-1, 1, 2, 3, 5, 8, 11, 50, 200, 1000];

/// The figures of let it ride.
pub struct LetItRide {
    /// The nets per unit, under the best pull-backs.
    pub player: Nets,
    /// The average total wager in units (1 to 3).
    pub average_wager: BigRational,
    /// How many first hands (of 22,100) let the first bet ride.
    pub first_rides: u64,
    /// How many (first hand, first community card) deals, of 22,100 × 49,
    /// let the second bet ride.
    pub second_rides: u64,
    /// How many decisions, weighted as above, are as good either way (pulled
    /// back): first bets and second bets.
    pub exact_ties: (u64, u64),
}

/// The class of a five-card value (an index of [`PAYS`]).
fn class(value: u32) -> usize {
    match Five::of(value) {
        // The pair's rank is the value's first nibble; index 8 is the ten.
        Five::Pair if (value >> 16 & 0xf) >= 8 => 1,
        Five::HighCard | Five::Pair => 0,
        Five::TwoPair => 2,
        Five::Trips => 3,
        Five::Straight => 4,
        Five::Flush => 5,
        Five::FullHouse => 6,
        Five::Quads => 7,
        Five::StraightFlush => 8,
        Five::Royal => 9,
    }
}

/// The pay (to 1) of five cards.
fn pay(cards: [Card; 5]) -> i64 {
    let mut sorted = cards;
    sorted.sort_unstable();
    PAYS[class(values5()[colex(&sorted)])]
}

/// Whether the first bet rides on three cards: its pay summed over the
/// 49 × 48 ways the two community cards come is above nothing.
pub fn rides_first(hand: [Card; 3]) -> bool {
    let [a, b, c] = hand;
    let others = rest(&hand);
    let mut sum = 0;
    for (i, &d) in others.iter().enumerate() {
        for &e in &others[i + 1..] {
            sum += pay([a, b, c, d, e]);
        }
    }
    sum > 0
}

/// Whether the second bet rides on four cards: its pay summed over the 48
/// last cards is above nothing.
pub fn rides_second(hand: [Card; 4]) -> bool {
    let [a, b, c, d] = hand;
    let sum: i64 = rest(&hand).iter().map(|&e| pay([a, b, c, d, e])).sum();
    sum > 0
}

/// Counts let it ride under the best pull-backs.
pub fn count() -> LetItRide {
    let values = values5();
    // counts[k][class]: deals ending in `class` with `k` bets left.
    let mut counts = [[0u64; 10]; 4];
    let (mut first_rides, mut second_rides) = (0, 0);
    let mut exact_ties = (0, 0);
    for (hand, weight) in classes(3) {
        let others = rest(&hand);
        // by_fourth[i][class]: final hands with the community card
        // `others[i]` first, over the 48 that may follow it.
        let mut by_fourth = vec![[0u64; 10]; others.len()];
        for i in 0..others.len() {
            for j in i + 1..others.len() {
                let mut five = [hand[0], hand[1], hand[2], others[i], others[j]];
                five.sort_unstable();
                let k = class(values[colex(&five)]);
                by_fourth[i][k] += 1;
                by_fourth[j][k] += 1;
            }
        }
        let sums: Vec<i64> = by_fourth
            .iter()
            .map(|h| h.iter().zip(PAYS).map(|(&n, p)| n as i64 * p).sum())
            .collect();
        let first: i64 = sums.iter().sum();
        let rides = first > 0;
        exact_ties.0 += u64::from(first == 0) * weight;
        first_rides += u64::from(rides) * weight;
        for (h, &sum) in by_fourth.iter().zip(&sums) {
            let second = sum > 0;
            exact_ties.1 += u64::from(sum == 0) * weight;
            second_rides += u64::from(second) * weight;
            let left = 1 + usize::from(rides) + usize::from(second);
            for (k, &n) in h.iter().enumerate() {
                counts[left][k] += n * weight;
            }
        }
    }
    let deals = 22_100 * 49 * 48;
    let mut nets: BTreeMap<i64, u64> = BTreeMap::new();
    let mut wagered = 0;
    for (left, row) in counts.iter().enumerate() {
        for (&n, p) in row.iter().zip(PAYS) {
            *nets.entry(left as i64 * p).or_insert(0) += n;
            wagered += left as u64 * n;
        }
    }
    LetItRide {
        player: Nets::from_counts(&nets, deals),
        average_wager: ratio(wagered, deals),
        first_rides,
        second_rides,
        exact_ties,
    }
}
