//! Red Dog counted by hand, apart from the interpreter: ranks 2 to 14
//! (aces high), `4 × decks` cards of each, three cards dealt without
//! replacement, the player raising where a raise is worth more.

use num_rational::BigRational;
use num_traits::Zero;

use super::{q, Nets};

/// The figures of one shoe.
pub struct RedDog {
    /// The player's bet: each net per initial stake with its chance.
    pub player: Nets,
    /// The spreads (1 to 11) on which the player raises.
    pub raises: Vec<i64>,
}

/// What a card strictly between pays, by spread: 5, 4, 2, then 1 to 1.
fn odds(spread: i64) -> i64 {
    match spread {
        1 => 5,
        2 => 4,
        3 => 2,
        _ => 1,
    }
}

/// Counts Red Dog from `decks` decks.
pub fn count(decks: i64) -> RedDog {
    let per_rank = 4 * decks;
    let cards = 52 * decks;
    let ranks: Vec<i64> = (2..=14).collect();
    let mut player = Nets::default();
    let mut raises = Vec::new();
    for &a in &ranks {
        for &b in &ranks {
            let left_b = if a == b { per_rank - 1 } else { per_rank };
            let p = q(per_rank, cards) * q(left_b, cards - 1);
            if a == b {
                // A third card of the same rank: two of it are out.
                let trips = q(per_rank - 2, cards - 2);
                player.add(11, &(&p * &trips));
                player.add(0, &(&p * (BigRational::from_integer(1.into()) - trips)));
                continue;
            }
            let spread = (a - b).abs() - 1;
            if spread == 0 {
                player.add(0, &p);
                continue;
            }
            // Every rank strictly between still has all its cards.
            let between = q(spread * per_rank, cards - 2);
            let miss = BigRational::from_integer(1.into()) - &between;
            let pays = odds(spread);
            let stay = &between * BigRational::from_integer(pays.into()) - &miss;
            let raise = stay > BigRational::zero();
            if raise && !raises.contains(&spread) {
                raises.push(spread);
            }
            let k = if raise { 2 } else { 1 };
            player.add(k * pays, &(&p * &between));
            player.add(-k, &(&p * &miss));
        }
    }
    raises.sort_unstable();
    RedDog { player, raises }
}
