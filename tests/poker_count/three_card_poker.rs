//! Three card poker counted by hand, apart from the interpreter.
//!
//! The rules: one deck, fresh each round; the player and the dealer get
//! three cards each, ranked by three-card poker (a straight beats a flush).
//!
//! - *Ante and play*: the player sees his three cards and folds (losing
//!   the ante) or plays (a play bet equal to the ante). The dealer qualifies
//!   with queen high or better. Not qualifying: the ante wins 1 to 1 and the
//!   play pushes. Qualifying: the higher hand wins both bets 1 to 1, a tie
//!   pushes both. The ante bonus pays on the ante whenever the player plays,
//!   whatever the dealer holds: straight 1, three of a kind 4, straight
//!   flush 5 to 1.
//! - *Pair plus*, on the player's three cards alone: straight flush 40,
//!   three of a kind 30, straight 6, flush 4, pair 1 to 1, else lost.
//! - *Six-card bonus*, on the best five of the player's and the dealer's
//!   six cards: royal flush 1000, straight flush 200, four of a kind 50,
//!   full house 25, flush 15, straight 10, three of a kind 5, else lost.
//!
//! The method: the player's 22,100 hands fall into 1,755 classes the same
//! up to a renaming of suits (each weighted by its size); for each, every
//! one of the dealer's C(49, 3) = 18,424 hands is looked up in a table of
//! three-card values, and the player plays where playing's total is above
//! folding's. The six-card bonus visits all C(52, 6) = 20,358,520 sets of
//! six cards, each ranked from its suit masks.

use std::collections::BTreeMap;

use super::cards::{
    best_category, card, classes, colex, for_each_subset, mask, rank_name, rest, value3, Card,
    Five, Three, BINOMIAL,
};
use super::{ratio, Nets};
use num_rational::BigRational;

/// The figures of the three bets.
pub struct ThreeCardPoker {
    /// Ante and play, per ante, the player playing his best.
    pub ante_play: Nets,
    /// Pair plus, per unit.
    pub pair_plus: Nets,
    /// The six-card bonus, per unit.
    pub six_card: Nets,
    /// The average of ante plus play, per ante.
    pub average_wager: BigRational,
    /// How many of the player's 22,100 hands play.
    pub hands_played: u64,
    /// How many of them are as good played as folded, to the fraction
    /// (folded).
    pub exact_ties: u64,
    /// Whether the player plays, by the value of each hand he may hold
    /// (see [`value3`]): a value is played for every suit pattern or none
    /// (`None`: it depends on the suits).
    plays_by_value: BTreeMap<u32, Option<bool>>,
    /// Player hands by category (the 22,100 three-card hands).
    pub categories: BTreeMap<Three, u64>,
    /// Six-card sets by the category of their best five.
    pub six_categories: BTreeMap<Five, u64>,
}

impl ThreeCardPoker {
    /// Whether the player plays `hand`.
    pub fn plays(&self, hand: [Card; 3]) -> bool {
        self.plays_by_value[&value3(hand)].expect("one choice whatever the suits")
    }

    /// The least hand played, written as its ranks ("Q-6-4"), and whether
    /// every hand at least as good is played and every worse one folded.
    pub fn lowest_played(&self) -> (String, bool) {
        let (&lowest, _) = self
            .plays_by_value
            .iter()
            .find(|(_, &plays)| plays != Some(false))
            .expect("some hand plays");
        let threshold = self
            .plays_by_value
            .iter()
            .all(|(&v, &plays)| plays == Some(v >= lowest));
        let ranks: Vec<&str> = (0..3)
            .map(|i| rank_name((lowest >> (8 - 4 * i) & 0xf) as u8))
            .collect();
        (ranks.join("-"), threshold)
    }
}

/// What the ante bonus pays to 1.
fn ante_bonus(category: Three) -> i64 {
    match category {
        Three::StraightFlush => 5,
        Three::Trips => 4,
        Three::Straight => 1,
        _ => 0,
    }
}

/// What pair plus pays to 1 (-1: lost).
fn pair_plus(category: Three) -> i64 {
    match category {
        Three::StraightFlush => 40,
        Three::Trips => 30,
        Three::Straight => 6,
        Three::Flush => 4,
        Three::Pair => 1,
        Three::HighCard => -1,
    }
}

/// What the six-card bonus pays to 1 (-1: lost).
fn six_card(category: Five) -> i64 {
    match category {
        Five::Royal => 1000,
        Five::StraightFlush => 200,
        Five::Quads => 50,
        Five::FullHouse => 25,
        Five::Flush => 15,
        Five::Straight => 10,
        Five::Trips => 5,
        _ => -1,
    }
}

/// Counts the three bets.
pub fn count() -> ThreeCardPoker {
    let mut values = vec![0u32; BINOMIAL[52][3] as usize];
    let mut categories = BTreeMap::new();
    let mut pair_plus_counts: BTreeMap<i64, u64> = BTreeMap::new();
    for_each_subset(3, |cards, index| {
        let v = value3([cards[0], cards[1], cards[2]]);
        values[index] = v;
        *categories.entry(Three::of(v)).or_insert(0) += 1;
        *pair_plus_counts.entry(pair_plus(Three::of(v))).or_insert(0) += 1;
    });
    let qualifies = value3([card(12, 0), card(3, 1), card(2, 1)]);

    // Ante and play: counts of (player hand, dealer hand) pairs by net.
    let dealer_hands = i64::from(BINOMIAL[49][3]);
    let mut ante: BTreeMap<i64, u64> = BTreeMap::new();
    let mut plays_by_value: BTreeMap<u32, Option<bool>> = BTreeMap::new();
    let (mut hands_played, mut exact_ties) = (0, 0);
    for (hand, weight) in classes(3) {
        let mine = values[colex(&hand)];
        let bonus = ante_bonus(Three::of(mine));
        let others = rest(&hand);
        // The dealer's hands by outcome: not qualifying, lower, equal, higher.
        let mut outcomes = [0i64; 4];
        for (i, &a) in others.iter().enumerate() {
            for (j, &b) in others.iter().enumerate().skip(i + 1) {
                for &c in &others[j + 1..] {
                    let theirs = values[colex(&[a, b, c])];
                    let k = if theirs < qualifies {
                        0
                    } else if theirs < mine {
                        1
                    } else if theirs == mine {
                        2
                    } else {
                        3
                    };
                    outcomes[k] += 1;
                }
            }
        }
        let nets = [1 + bonus, 2 + bonus, bonus, -2 + bonus];
        let play: i64 = nets.iter().zip(outcomes).map(|(n, k)| n * k).sum();
        let plays = play > -dealer_hands;
        exact_ties += u64::from(play == -dealer_hands) * weight;
        let seen = plays_by_value.entry(mine).or_insert(Some(plays));
        if *seen != Some(plays) {
            *seen = None;
        }
        if plays {
            hands_played += weight;
            for (net, k) in nets.iter().zip(outcomes) {
                *ante.entry(*net).or_insert(0) += weight * k as u64;
            }
        } else {
            *ante.entry(-1).or_insert(0) += weight * dealer_hands as u64;
        }
    }
    let deals = u64::from(BINOMIAL[52][3]) * dealer_hands as u64;

    // The six-card bonus: every six cards, by the category of the best five.
    let mut six_categories: BTreeMap<Five, u64> = BTreeMap::new();
    let mut by_category = [0u64; 10];
    for a in 0..52 {
        let ma = mask(&[a]);
        for b in a + 1..52 {
            let mb = ma | mask(&[b]);
            for c in b + 1..52 {
                let mc = mb | mask(&[c]);
                for d in c + 1..52 {
                    let md = mc | mask(&[d]);
                    for e in d + 1..52 {
                        let me = md | mask(&[e]);
                        for f in e + 1..52 {
                            by_category[best_category(me | mask(&[f])) as usize] += 1;
                        }
                    }
                }
            }
        }
    }
    let mut six: BTreeMap<i64, u64> = BTreeMap::new();
    for (category, n) in Five::ALL.into_iter().zip(by_category) {
        six_categories.insert(category, n);
        *six.entry(six_card(category)).or_insert(0) += n;
    }

    ThreeCardPoker {
        ante_play: Nets::from_counts(&ante, deals),
        pair_plus: Nets::from_counts(&pair_plus_counts, u64::from(BINOMIAL[52][3])),
        six_card: Nets::from_counts(&six, u64::from(BINOMIAL[52][6])),
        average_wager: ratio(
            u64::from(BINOMIAL[52][3]) + hands_played,
            u64::from(BINOMIAL[52][3]),
        ),
        hands_played,
        exact_ties,
        plays_by_value,
        categories,
        six_categories,
    }
}
