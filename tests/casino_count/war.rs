//! Casino War counted by hand, apart from the interpreter: ranks 2 to 14
//! (aces high), `4 × decks` cards of each, dealt without replacement; the
//! three burn cards are not dealt (unseen cards change no chance).

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::{q, Nets};

/// The figures of one shoe.
pub struct War {
    /// The player's bet: each net (per initial stake) with its chance,
    /// the player choosing the better of war and surrender at each tie.
    pub player: Nets,
    /// The player's bet when he always surrenders on a tie.
    pub surrendering: Nets,
    /// The tie bet at `tie_odds` to 1.
    pub tie: Nets,
    /// Whether war is the better choice at each tied rank, 2 to 14.
    pub war_at: Vec<(i64, bool)>,
    /// War's and surrender's value at a tie, per initial stake.
    pub war_value: BigRational,
}

/// Counts Casino War from `decks` decks, the tie bet paying `tie_odds` to 1.
pub fn count(decks: i64, tie_odds: i64) -> War {
    let per_rank = 4 * decks;
    let cards = 52 * decks;
    let ranks: Vec<i64> = (2..=14).collect();
    let mut player = Nets::default();
    let mut surrendering = Nets::default();
    let mut tie = Nets::default();
    let mut war_at = Vec::new();
    let mut war_value = BigRational::zero();
    for &a in &ranks {
        for &b in &ranks {
            // The player's card, then the dealer's, in order.
            let left_b = if a == b { per_rank - 1 } else { per_rank };
            let p = q(per_rank, cards) * q(left_b, cards - 1);
            if a > b {
                player.add(1, &p);
                surrendering.add(1, &p);
                tie.add(-1, &p);
                continue;
            }
            if a < b {
                player.add(-1, &p);
                surrendering.add(-1, &p);
                tie.add(-1, &p);
                continue;
            }
            tie.add(tie_odds, &p);
            // War: two more cards from the cards left, the tied rank two short.
            let mut higher_or_equal = BigRational::zero();
            let mut lower = BigRational::zero();
            for &c in &ranks {
                for &d in &ranks {
                    let left = |r: i64, taken: i64| {
                        let base = if r == a { per_rank - 2 } else { per_rank };
                        base - taken
                    };
                    let pc = q(left(c, 0), cards - 2);
                    let pd = q(left(d, i64::from(c == d)), cards - 3);
                    let w = pc * pd;
                    if c >= d {
                        higher_or_equal += w;
                    } else {
                        lower += w;
                    }
                }
            }
            let war = &higher_or_equal - &lower * BigRational::from_integer(2.into());
            let surrender = q(-1, 2);
            let goes = war > surrender;
            war_at.push((a, goes));
            war_value = war.clone();
            if goes {
                player.add(1, &(&p * &higher_or_equal));
                player.add(-2, &(&p * &lower));
            } else {
                player.add_net(surrender.clone(), &p);
            }
            surrendering.add_net(surrender, &p);
        }
    }
    debug_assert!(player.total() == BigRational::one());
    War {
        player,
        surrendering,
        tie,
        war_at,
        war_value,
    }
}
