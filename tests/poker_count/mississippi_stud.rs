//! Mississippi stud counted by hand, apart from the interpreter.
//!
//! The rules: one deck, fresh each round. The player antes and gets two
//! cards; three community cards are turned one at a time. Before each of
//! them (two, three and four cards seen) the player folds, losing every
//! bet placed so far, or bets 1 or 3 times the ante. On the final five
//! cards every bet (the ante too) pays: royal flush 500, straight flush
//! 100, four of a kind 40, full house 10, flush 6, straight 4, three of a
//! kind 3, two pair 2, a pair of jacks or better 1 to 1; a pair of sixes to
//! tens pushes; anything else loses. Figures are per ante.
//!
//! The method: backward induction over the cards seen, the bets placed
//! so far part of the state (folding loses them, so the best choice depends
//! on them): with four cards seen and `S` antes placed, betting `b` is worth
//! `(S + b) ×` the mean pay over the 48 last cards, folding `−S`; with
//! three, each choice is worth the mean of the next street's best; with
//! two, likewise. Equal choices take the smaller wager or the larger, as
//! asked (the edge is the same; the average wager is not). The player's 1,326
//! first hands fall into 169 classes up to a renaming of suits (each
//! weighted by its size); for each, the C(50, 3) = 19,600 sets of community
//! cards are looked up in the table of all five-card values and tallied by
//! the order they come in, in whole numbers over 1,326 × 50 × 49 × 48
//! deals.

use std::collections::BTreeMap;

use num_rational::BigRational;

use super::cards::{classes, colex, rest, values5, Card, Five};
use super::{ratio, Nets};

/// What each class of final hand pays to 1: lost, pushed (sixes to tens),
/// jacks or better, two pair, trips, straight, flush, full house, quads,
/// straight flush, royal flush.
const PAYS: [i64; 11] = [-1, 0, 1, 2, 3, 4, 6, 10, 40, 100, 500];

/// A choice on a street.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Bet {
    Fold,
    One,
    Three,
}

impl Bet {
    /// The antes a choice adds (folding: none).
    fn antes(self) -> i64 {
        match self {
            Bet::Fold => 0,
            Bet::One => 1,
            Bet::Three => 3,
        }
    }
}

/// The bets placed before the third street's choice (the ante and the
/// first bet) and before the fourth's: the states `placed` may take.
const BEFORE_THIRD: [i64; 2] = [2, 4];
const BEFORE_FOURTH: [i64; 3] = [3, 5, 7];

/// The best play of one starting hand, street by street.
pub struct Solved {
    /// The cards the community cards come from, increasing.
    others: Vec<Card>,
    /// The final hands by class, by the order the community cards come
    /// (see [`tally`]).
    by_order: Vec<[u16; 11]>,
    /// The choice on two cards.
    pub first: Bet,
    /// The choice on three cards: by the third card's place in `others`,
    /// then by the antes placed (2 or 4).
    second: Vec<[Bet; 2]>,
    /// The choice on four: by the third's and fourth's places (50 × 50),
    /// then by the antes placed (3, 5 or 7).
    third: Vec<[Bet; 3]>,
    /// The expected net per ante, in units of 1 / (50 × 49 × 48).
    pub value: i64,
    /// Choices as good as the next better one (taken smaller), at every
    /// street and every state of the bets, reached or not.
    pub exact_ties: u64,
}

impl Solved {
    fn place(&self, c: Card) -> usize {
        self.others.binary_search(&c).expect("a card not held")
    }

    /// The choice with three cards seen (`third` the first community card)
    /// and `placed` antes on the table (2 or 4).
    pub fn second(&self, third: Card, placed: i64) -> Bet {
        let s = BEFORE_THIRD
            .iter()
            .position(|&p| p == placed)
            .expect("2 or 4");
        self.second[self.place(third)][s]
    }

    /// The choice with four cards seen and `placed` antes (3, 5 or 7).
    pub fn third(&self, third: Card, fourth: Card, placed: i64) -> Bet {
        let s = BEFORE_FOURTH
            .iter()
            .position(|&p| p == placed)
            .expect("3, 5 or 7");
        self.third[self.place(third) * 50 + self.place(fourth)][s]
    }
}

/// The class of a five-card value (an index of [`PAYS`]).
fn class(value: u32) -> usize {
    let pair = (value >> 16 & 0xf) as usize;
    match Five::of(value) {
        // The pair's rank is the value's first nibble: 4 a six, 9 a jack.
        Five::Pair if pair >= 9 => 2,
        Five::Pair if pair >= 4 => 1,
        Five::HighCard | Five::Pair => 0,
        Five::TwoPair => 3,
        Five::Trips => 4,
        Five::Straight => 5,
        Five::Flush => 6,
        Five::FullHouse => 7,
        Five::Quads => 8,
        Five::StraightFlush => 9,
        Five::Royal => 10,
    }
}

/// Which of two equally good choices the player takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ties {
    /// The smaller wager.
    Smaller,
    /// The larger wager.
    Larger,
}

/// The best of fold, 1 and 3 antes, ties broken by `ties`: the choice, its
/// value, and whether another choice was as good.
fn best(options: [(Bet, i64); 3], ties: Ties) -> (Bet, i64, bool) {
    let top = options.iter().map(|o| o.1).max().expect("three options");
    let mut equal = options.iter().filter(|o| o.1 == top);
    let chosen = match ties {
        Ties::Smaller => equal.next(),
        Ties::Larger => equal.next_back(),
    }
    .expect("the best");
    let tied = options.iter().filter(|o| o.1 == top).count() > 1;
    (chosen.0, chosen.1, tied)
}

/// How the final hands fall, by the order the community cards come:
/// `[third * 50 + fourth][class]`, over the 48 last cards.
fn tally(hand: [Card; 2], others: &[Card]) -> Vec<[u16; 11]> {
    let values = values5();
    let mut by_order = vec![[0u16; 11]; 50 * 50];
    for i in 0..50 {
        for j in i + 1..50 {
            for k in j + 1..50 {
                let mut five = [hand[0], hand[1], others[i], others[j], others[k]];
                five.sort_unstable();
                let c = class(values[colex(&five)]);
                for (x, y) in [(i, j), (j, i), (i, k), (k, i), (j, k), (k, j)] {
                    by_order[x * 50 + y][c] += 1;
                }
            }
        }
    }
    by_order
}

/// The best play of a starting hand.
pub fn solve(hand: [Card; 2], ties: Ties) -> Solved {
    let others = rest(&hand);
    let by_order = tally(hand, &others);
    let mut exact_ties = 0;
    // Four cards seen: values in units of 1/48.
    let mut third = vec![[Bet::Fold; 3]; 50 * 50];
    let mut fourth_values = vec![[0i64; 3]; 50 * 50];
    for i in 0..50 {
        for j in (0..50).filter(|&j| j != i) {
            let sum: i64 = by_order[i * 50 + j]
                .iter()
                .zip(PAYS)
                .map(|(&n, p)| i64::from(n) * p)
                .sum();
            for (s, &placed) in BEFORE_FOURTH.iter().enumerate() {
                let (bet, v, tied) = best(
                    [
                        (Bet::Fold, -48 * placed),
                        (Bet::One, (placed + 1) * sum),
                        (Bet::Three, (placed + 3) * sum),
                    ],
                    ties,
                );
                third[i * 50 + j][s] = bet;
                fourth_values[i * 50 + j][s] = v;
                exact_ties += u64::from(tied);
            }
        }
    }
    // Three cards seen: units of 1/(49 × 48).
    let mut second = vec![[Bet::Fold; 2]; 50];
    let mut third_values = vec![[0i64; 2]; 50];
    for i in 0..50 {
        for (s, &placed) in BEFORE_THIRD.iter().enumerate() {
            let after = |b: i64| -> i64 {
                let next = BEFORE_FOURTH
                    .iter()
                    .position(|&p| p == placed + b)
                    .expect("a state");
                (0..50)
                    .filter(|&j| j != i)
                    .map(|j| fourth_values[i * 50 + j][next])
                    .sum()
            };
            let (bet, v, tied) = best(
                [
                    (Bet::Fold, -49 * 48 * placed),
                    (Bet::One, after(1)),
                    (Bet::Three, after(3)),
                ],
                ties,
            );
            second[i][s] = bet;
            third_values[i][s] = v;
            exact_ties += u64::from(tied);
        }
    }
    // Two cards seen: units of 1/(50 × 49 × 48).
    let after = |b: i64| -> i64 {
        let next = BEFORE_THIRD
            .iter()
            .position(|&p| p == 1 + b)
            .expect("a state");
        third_values.iter().map(|v| v[next]).sum()
    };
    let (first, value, tied) = best(
        [
            (Bet::Fold, -50 * 49 * 48),
            (Bet::One, after(1)),
            (Bet::Three, after(3)),
        ],
        ties,
    );
    exact_ties += u64::from(tied);
    Solved {
        others,
        by_order,
        first,
        second,
        third,
        value,
        exact_ties,
    }
}

/// The figures of mississippi stud.
pub struct MississippiStud {
    /// The nets per ante, under the best play.
    pub player: Nets,
    /// The average total wager in antes.
    pub average_wager: BigRational,
    /// The choice on two cards, by class of starting hand (its two cards,
    /// one of each class the same up to suits), with the class's size.
    pub first: Vec<([Card; 2], u64, Bet)>,
    /// Ties among the choices (see [`Solved::exact_ties`]), weighted.
    pub exact_ties: u64,
    /// The expected net per ante as the backward induction found it.
    pub solved_value: BigRational,
}

/// Counts mississippi stud under the best play, equal choices broken by
/// `ties` (which changes the wager, never the edge).
pub fn count(ties: Ties) -> MississippiStud {
    let mut nets: BTreeMap<i64, u64> = BTreeMap::new();
    let mut wagered = 0u64;
    let mut first = Vec::new();
    let mut exact_ties = 0;
    let mut solved_value = 0;
    for (hand, weight) in classes(2) {
        let hand = [hand[0], hand[1]];
        let solved = solve(hand, ties);
        exact_ties += solved.exact_ties * weight;
        first.push((hand, weight, solved.first));
        solved_value += solved.value * weight as i64;
        let by_order = &solved.by_order;
        let mut add = |net: i64, wager: i64, n: u64| {
            *nets.entry(net).or_insert(0) += n * weight;
            wagered += wager as u64 * n * weight;
        };
        if solved.first == Bet::Fold {
            add(-1, 1, 50 * 49 * 48);
            continue;
        }
        let placed = 1 + solved.first.antes();
        for i in 0..50 {
            let s = BEFORE_THIRD
                .iter()
                .position(|&p| p == placed)
                .expect("2 or 4");
            let bet = solved.second[i][s];
            if bet == Bet::Fold {
                add(-placed, placed, 49 * 48);
                continue;
            }
            let placed = placed + bet.antes();
            let s = BEFORE_FOURTH
                .iter()
                .position(|&p| p == placed)
                .expect("a state");
            for j in (0..50).filter(|&j| j != i) {
                let bet = solved.third[i * 50 + j][s];
                if bet == Bet::Fold {
                    add(-placed, placed, 48);
                    continue;
                }
                let wager = placed + bet.antes();
                for (&n, p) in by_order[i * 50 + j].iter().zip(PAYS) {
                    add(wager * p, wager, u64::from(n));
                }
            }
        }
    }
    let deals = 1326 * 50 * 49 * 48;
    MississippiStud {
        player: Nets::from_counts(&nets, deals),
        average_wager: ratio(wagered, deals),
        first,
        exact_ties,
        solved_value: BigRational::new(solved_value.into(), (deals as i64).into()),
    }
}
