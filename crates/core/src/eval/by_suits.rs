//! The hands of a first deal from one deck of 52 cards, one of each set of
//! hands alike up to the suits' names: in a round symmetric in the suits
//! (`program::suits`) such hands lead to states alike but for the names,
//! which the exact evaluator keeps as one anyway, so it deals one of each
//! set with the chance of all of them. Five cards: 134,459 hands for
//! 2,598,960 (caribbean stud's player).
//!
//! A hand is four sets of ranks, one per suit; of the hands alike up to
//! the suits' names, the one dealt has them in decreasing order (as
//! numbers, a bit per rank), and its set holds 24 over the renamings that
//! leave it as it is: those that swap suits of equal sets.

use super::shoe::Hand;
use crate::program::Shoe;

/// The hands of `count` cards of `shoe` up to the suits' names, each with
/// how many hands it stands for, when the shoe is one deck of 52 cards told
/// apart by rank and suit (13 ranks of 4 suits, each once); `None`
/// otherwise.
pub fn hands(shoe: &Shoe, count: u32) -> Option<Vec<(Hand, u64)>> {
    let grid = grid(shoe).filter(|_| applies(shoe, count))?;
    // The sets of ranks by how many they hold, each increasing.
    let mut by_size: Vec<Vec<u16>> = vec![Vec::new(); 14];
    for m in 0u16..1 << 13 {
        by_size[m.count_ones() as usize].push(m);
    }
    let mut out = Vec::new();
    let mut sets = [0u16; 4];
    each_decreasing(
        &by_size,
        count as usize,
        0,
        u16::MAX,
        &mut sets,
        &mut |sets| {
            let mut kinds: Vec<usize> = Vec::with_capacity(count as usize);
            for (s, &m) in sets.iter().enumerate() {
                kinds.extend((0..13).filter(|b| m >> b & 1 == 1).map(|b| grid[b][s]));
            }
            kinds.sort_unstable();
            let values = kinds.iter().map(|&k| shoe.kinds[k].value).collect();
            let cards = kinds.iter().map(|&k| shoe.kinds[k].card.0).collect();
            let hand = Hand {
                values,
                cards,
                kinds: kinds.iter().map(|&k| (k, 1)).collect(),
            };
            out.push((hand, 24 / fixed(sets)));
        },
    );
    Some(out)
}

/// Whether a first deal of `count` cards of `shoe` is dealt up to the
/// suits' names: the shoe one deck of 52 cards told apart by rank and suit,
/// and at most 13 cards.
pub fn applies(shoe: &Shoe, count: u32) -> bool {
    count <= 13 && grid(shoe).is_some()
}

/// The kind of each rank (a bit from 0 to 12) and suit (1 to 4) of `shoe`,
/// when it is one deck of 52 cards told apart by rank and suit; `None`
/// otherwise.
fn grid(shoe: &Shoe) -> Option<[[usize; 4]; 13]> {
    let mut grid = [[usize::MAX; 4]; 13];
    if shoe.decks != Some(1) || shoe.kinds.len() != 52 {
        return None;
    }
    for (k, kind) in shoe.kinds.iter().enumerate() {
        let (rank, suit) = (kind.card.rank(), kind.card.suit());
        let bit = match rank {
            14 => 0,
            1..=13 => rank as usize - 1,
            _ => return None,
        };
        if kind.full(1) != 1 || !(1..=4).contains(&suit) {
            return None;
        }
        let cell = &mut grid[bit][suit as usize - 1];
        if *cell != usize::MAX {
            return None;
        }
        *cell = k;
    }
    Some(grid)
}

/// Calls `f` with every four sets of ranks, decreasing (as numbers), that
/// hold `left` ranks together, the first `suit` already in `sets`, the
/// next at most `most`.
fn each_decreasing(
    by_size: &[Vec<u16>],
    left: usize,
    suit: usize,
    most: u16,
    sets: &mut [u16; 4],
    f: &mut dyn FnMut(&[u16; 4]),
) {
    if suit == 3 {
        // The last suit holds what is left.
        for &m in by_size.get(left).into_iter().flatten() {
            if m > most {
                break;
            }
            sets[3] = m;
            f(sets);
        }
        return;
    }
    for size in 0..=left.min(13) {
        for &m in &by_size[size] {
            if m > most {
                break;
            }
            sets[suit] = m;
            each_decreasing(by_size, left - size, suit + 1, m, sets, f);
        }
    }
}

/// How many renamings of the suits leave `sets` as they are: those that
/// swap suits of equal sets.
fn fixed(sets: &[u16; 4]) -> u64 {
    let mut n = 1;
    let mut run = 1;
    for w in sets.windows(2) {
        if w[0] == w[1] {
            run += 1;
            n *= run;
        } else {
            run = 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::card::{Card, Kind};

    fn deck() -> Shoe {
        let mut kinds = Vec::new();
        for rank in 2..=14 {
            for suit in 1..=4 {
                kinds.push(Kind {
                    value: rank,
                    per_deck: 1,
                    removed: 0,
                    card: Card::new(rank, suit),
                });
            }
        }
        Shoe {
            name: "cards".to_string(),
            decks: Some(1),
            ranks: [14, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13],
            aces_high: true,
            removed: [0; 13],
            kinds,
            span: crate::ast::Span::new(0, 0),
        }
    }

    #[test]
    fn the_hands_up_to_suits_stand_for_every_hand_once() {
        let shoe = deck();
        for count in [1, 2, 3, 5] {
            let hands = hands(&shoe, count).expect("one deck");
            let all: u64 = hands.iter().map(|(_, n)| n).sum();
            let expected = (0..count as u64).fold(1u64, |c, i| c * (52 - i) / (i + 1));
            assert_eq!(all, expected, "{count} cards");
            assert_eq!(
                hands.len() as u64,
                crate::program::suits::hands_up_to_suits(count),
                "{count} cards"
            );
        }
    }
}
