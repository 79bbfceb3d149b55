//! Dragon Tiger counted by hand, apart from the interpreter: every ordered
//! pair of two different cards of the shoe, each card a (rank, suit) with
//! `decks` copies, the dragon's card first.

use super::{q, Nets};

/// The figures of one shoe.
pub struct DragonTiger {
    pub dragon: Nets,
    pub tie: Nets,
    pub suited_tie: Nets,
}

/// Counts Dragon Tiger from `decks` decks: the tie pays 8 to 1, the suited
/// tie 50 to 1, the dragon loses half on a tie.
pub fn count(decks: i64) -> DragonTiger {
    // One deck's 52 cards, `decks` copies of each.
    let cards: Vec<(i64, i64)> = (1..=13)
        .flat_map(|rank| (1..=4).map(move |suit| (rank, suit)))
        .collect();
    let all = 52 * decks;
    let mut dragon = Nets::default();
    let mut tie = Nets::default();
    let mut suited_tie = Nets::default();
    for &(rank_d, suit_d) in &cards {
        for &(rank_t, suit_t) in &cards {
            // The tiger's card from the cards left: one copy fewer of the
            // dragon's own card.
            let copies = if (rank_d, suit_d) == (rank_t, suit_t) {
                decks - 1
            } else {
                decks
            };
            let p = q(decks, all) * q(copies, all - 1);
            if rank_d != rank_t {
                dragon.add(if rank_d > rank_t { 1 } else { -1 }, &p);
                tie.add(-1, &p);
                suited_tie.add(-1, &p);
                continue;
            }
            dragon.add_net(q(-1, 2), &p);
            tie.add(8, &p);
            suited_tie.add(if suit_d == suit_t { 50 } else { -1 }, &p);
        }
    }
    DragonTiger {
        dragon,
        tie,
        suited_tie,
    }
}
