//! Cards: a shoe's kinds of card, as finely as the round tells them apart,
//! and each card's rank and suit as one small number.
//!
//! A round that reads only card values treats every card of a value alike
//! (eight decks of baccarat are ten kinds); one that reads `rank(c)` tells
//! the thirteen ranks apart, and one that reads `suit(c)` the four suits.
//! The fewer the kinds, the fewer the states of the exact evaluation, so a
//! shoe has the coarsest kinds its round needs ([`Shoe::tell_apart`]).

use super::Shoe;

/// The ranks of a standard deck, ace first; four cards of each.
pub const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// The most cards a hand known to a chooser may hold: six bits a card in
/// one key ([`Shoe::hand_key`]).
pub const MOST_KEYED_CARDS: usize = 10;

/// The suits, in bridge order (the numbers `suit(c)` gives, from 1).
pub const SUITS: [Suit; 4] = [
    Suit {
        name: "clubs",
        symbol: "♣",
        letter: "c",
    },
    Suit {
        name: "diamonds",
        symbol: "♦",
        letter: "d",
    },
    Suit {
        name: "hearts",
        symbol: "♥",
        letter: "h",
    },
    Suit {
        name: "spades",
        symbol: "♠",
        letter: "s",
    },
];

/// A suit's names.
#[derive(Clone, Copy, Debug)]
pub struct Suit {
    pub name: &'static str,
    pub symbol: &'static str,
    /// The ASCII form, after the rank: `Qs`.
    pub letter: &'static str,
}

/// What is known of a card: its rank (1 to 13 with the ace 1, or 14 for an
/// ace ranking high; 0 when ranks are alike) and its suit (1 to 4; 0 when
/// suits are alike), packed as `rank * 8 + suit`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(pub u32);

impl Card {
    /// The card of `rank` (see [`Card`]) and `suit`.
    pub const fn new(rank: u32, suit: u32) -> Card {
        Card(rank * 8 + suit)
    }

    /// Its rank, as `rank(c)` gives it (0 when not told apart).
    pub const fn rank(self) -> u32 {
        self.0 / 8
    }

    /// Its suit, as `suit(c)` gives it (0 when not told apart).
    pub const fn suit(self) -> u32 {
        self.0 % 8
    }

    /// The card as players name it, `Q♠` (or `Qs`, in ASCII); `None`
    /// unless its rank and suit are both known.
    pub fn name(self, unicode: bool) -> Option<String> {
        let rank = match self.rank() {
            14 => 0,
            r @ 1..=13 => r as usize - 1,
            _ => return None,
        };
        let suit = SUITS.get((self.suit() as usize).checked_sub(1)?)?;
        let mark = if unicode { suit.symbol } else { suit.letter };
        Some(format!("{}{mark}", RANKS[rank]))
    }
}

/// One kind of card of a shoe: the cards it holds are alike for the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kind {
    /// The value the file maps its rank to.
    pub value: u32,
    /// How many of one deck's 52 cards are of this kind.
    pub per_deck: u32,
    /// How many of its cards the shoe has had taken out before the round
    /// ([`Shoe::removed`]).
    pub removed: u32,
    /// What is known of its cards.
    pub card: Card,
}

impl Kind {
    /// The cards of this kind a shoe of `decks` decks holds before the
    /// round: its decks' less those removed.
    pub fn full(&self, decks: u32) -> u64 {
        (u64::from(self.per_deck) * u64::from(decks)).saturating_sub(u64::from(self.removed))
    }
}

impl Shoe {
    /// The rank number `rank(c)` gives rank index `i` (0 for the ace).
    fn rank_number(&self, i: usize) -> u32 {
        match i {
            0 if self.aces_high => 14,
            _ => i as u32 + 1,
        }
    }

    /// The kinds that tell ranks apart when `rank` holds, and suits when
    /// `suit` holds, ordered by value, then rank, then suit.
    pub fn kinds_telling(&self, rank: bool, suit: bool) -> Vec<Kind> {
        let mut kinds: Vec<Kind> = Vec::with_capacity(52);
        for (i, &value) in self.ranks.iter().enumerate() {
            for s in 1..=4 {
                let card = Card::new(
                    if rank { self.rank_number(i) } else { 0 },
                    if suit { s } else { 0 },
                );
                match kinds
                    .iter_mut()
                    .find(|k| k.value == value && k.card == card)
                {
                    Some(kind) => kind.per_deck += 1,
                    None => kinds.push(Kind {
                        value,
                        per_deck: 1,
                        removed: 0,
                        card,
                    }),
                }
                // The removed cards of a rank are spread over its suits,
                // clubs first, when the kinds tell suits apart.
                let removed = self.removed[i];
                let share = if suit {
                    (removed + 4 - s) / 4
                } else {
                    removed * u32::from(s == 1)
                };
                if let Some(kind) = kinds
                    .iter_mut()
                    .find(|k| k.value == value && k.card == card)
                {
                    kind.removed += share;
                }
            }
        }
        kinds.sort_by_key(|k| (k.value, k.card));
        kinds
    }

    /// Makes the shoe's kinds tell ranks apart when `rank` holds, and suits
    /// when `suit` holds.
    pub fn tell_apart(&mut self, rank: bool, suit: bool) {
        self.kinds = self.kinds_telling(rank, suit);
    }

    /// Whether the shoe's kinds tell ranks apart, and suits.
    pub fn telling(&self) -> (bool, bool) {
        let rank = self.kinds.iter().any(|k| k.card.rank() != 0);
        let suit = self.kinds.iter().any(|k| k.card.suit() != 0);
        (rank, suit)
    }

    /// Takes `removed` cards of each rank (the ace first) out of the shoe
    /// before the round, its kinds kept as fine as they are. The caller
    /// sees that the shoe is finite and holds them
    /// (`check::removed`).
    pub fn remove(&mut self, removed: [u32; 13]) {
        self.removed = removed;
        let (rank, suit) = self.telling();
        self.tell_apart(rank, suit);
    }

    /// The cards of rank `i` (0 for the ace) the shoe holds before the
    /// round: its decks' less those removed; `None` for the infinite shoe.
    pub fn rank_count(&self, i: usize) -> Option<u64> {
        let decks = u64::from(self.decks?);
        Some((4 * decks).saturating_sub(u64::from(self.removed[i])))
    }

    /// The cards the shoe holds before the round, every rank's; 0 for the
    /// infinite shoe.
    pub fn cards_held(&self) -> u64 {
        (0..13).filter_map(|i| self.rank_count(i)).sum()
    }

    /// The index in [`Shoe::kinds`] of the kind that holds cards of rank
    /// `i` (0 for the ace), when the kinds do not tell suits apart.
    pub fn kind_of_rank(&self, i: usize) -> Option<usize> {
        let number = self.rank_number(i);
        self.kinds.iter().position(|k| {
            k.value == self.ranks[i]
                && k.card.suit() == 0
                && (k.card.rank() == 0 || k.card.rank() == number)
        })
    }

    /// The kind (index into [`Shoe::kinds`]) of a card of `value` known as
    /// `card`, as finely as the shoe's kinds tell cards apart (a card a
    /// table names by rank and suit is of the kind that holds it).
    pub fn kind_of(&self, value: u32, card: Card) -> Option<usize> {
        let (rank, suit) = self.telling();
        let card = Card::new(
            if rank { card.rank() } else { 0 },
            if suit { card.suit() } else { 0 },
        );
        self.kinds
            .binary_search_by_key(&(value, card), |k| (k.value, k.card))
            .ok()
    }

    /// A hand a chooser knows as one number: its cards' kinds, ascending,
    /// each plus one in six bits; `values` its cards' values and `cards`
    /// what is known of them (empty for a hand dealt by values alone).
    /// `None` past [`MOST_KEYED_CARDS`] cards, or for a card of no kind.
    pub fn hand_key(&self, values: &[u32], cards: &[u32]) -> Option<i64> {
        if values.len() > MOST_KEYED_CARDS || self.kinds.len() >= 63 {
            return None;
        }
        let mut kinds: Vec<usize> = Vec::with_capacity(values.len());
        for (i, &value) in values.iter().enumerate() {
            let card = Card(cards.get(i).copied().unwrap_or(0));
            kinds.push(self.kind_of(value, card)?);
        }
        kinds.sort_unstable();
        Some(
            kinds
                .iter()
                .rev()
                .fold(0i64, |key, &k| (key << 6) | (k as i64 + 1)),
        )
    }

    /// The kinds of a hand's key ([`Shoe::hand_key`]), ascending.
    pub fn key_kinds(&self, key: i64) -> Vec<usize> {
        let mut kinds = Vec::new();
        let mut rest = key;
        while rest > 0 {
            kinds.push((rest & 63) as usize - 1);
            rest >>= 6;
        }
        kinds
    }

    /// A hand's key written as its cards, highest first: `Q♠ 6♥ 4♦` where
    /// ranks and suits are told apart, `Q 6 4` where ranks are, the values
    /// (`10 6 4`) otherwise.
    pub fn key_hand(&self, key: i64, unicode: bool) -> String {
        let mut kinds: Vec<&Kind> = (self.key_kinds(key).into_iter())
            .filter_map(|k| self.kinds.get(k))
            .collect();
        kinds.sort_by_key(|k| std::cmp::Reverse((k.card.rank(), k.value, k.card.suit())));
        let names: Vec<String> = kinds
            .iter()
            .map(|k| match (k.card.name(unicode), k.card.rank()) {
                (Some(name), _) => name,
                (None, 14) => "A".to_string(),
                (None, r @ 1..=13) => RANKS[r as usize - 1].to_string(),
                (None, _) => k.value.to_string(),
            })
            .collect();
        names.join(" ")
    }

    /// Every card of one deck as a kind of its own, by rank and suit: the
    /// kinds a table deals, so that a transcript names each card.
    pub fn cards(&self) -> Vec<Kind> {
        self.kinds_telling(true, true)
    }
}

/// A shoe of `decks` decks (`None`: infinite) with baccarat's values, its
/// cards alike but for their values: for the tests of the shoe's users.
#[cfg(test)]
pub(crate) fn baccarat(decks: Option<u32>) -> Shoe {
    let mut ranks = [0; 13];
    for (i, r) in ranks.iter_mut().enumerate().take(9) {
        *r = i as u32 + 1;
    }
    let mut shoe = Shoe {
        name: "cards".to_string(),
        decks,
        ranks,
        aces_high: false,
        removed: [0; 13],
        kinds: Vec::new(),
        span: crate::ast::Span::default(),
    };
    shoe.tell_apart(false, false);
    shoe
}

#[cfg(test)]
mod tests {
    use super::*;

    fn baccarat() -> Shoe {
        super::baccarat(Some(8))
    }

    #[test]
    fn kinds_are_as_fine_as_asked() {
        let shoe = baccarat();
        // Ten values; the zero holds 10, J, Q, K: 16 cards.
        assert_eq!(shoe.kinds.len(), 10);
        assert_eq!(shoe.kinds[0].per_deck, 16);
        assert!(shoe.kinds.iter().all(|k| k.card == Card(0)));
        let by_rank = shoe.kinds_telling(true, false);
        assert_eq!(by_rank.len(), 13);
        assert!(by_rank.iter().all(|k| k.per_deck == 4));
        let by_suit = shoe.kinds_telling(false, true);
        assert_eq!(by_suit.len(), 40);
        assert_eq!(by_suit[0].per_deck, 4);
        let cards = shoe.cards();
        assert_eq!(cards.len(), 52);
        for kinds in [&shoe.kinds, &by_rank, &by_suit, &cards] {
            assert_eq!(kinds.iter().map(|k| k.per_deck).sum::<u32>(), 52);
            // Ordered by value: a hand's kinds sorted are its values sorted.
            assert!(kinds
                .windows(2)
                .all(|w| (w[0].value, w[0].card) < (w[1].value, w[1].card)));
        }
    }

    #[test]
    fn cards_are_named_as_players_name_them() {
        assert_eq!(Card::new(12, 4).name(true).as_deref(), Some("Q♠"));
        assert_eq!(Card::new(12, 4).name(false).as_deref(), Some("Qs"));
        assert_eq!(Card::new(14, 3).name(true).as_deref(), Some("A♥"));
        assert_eq!(Card::new(1, 1).name(false).as_deref(), Some("Ac"));
        assert_eq!(Card::new(10, 2).name(true).as_deref(), Some("10♦"));
        assert_eq!(Card::new(10, 0).name(true), None);
        assert_eq!(Card::new(0, 2).name(true), None);
    }

    #[test]
    fn aces_rank_high_when_the_shoe_says_so() {
        let mut shoe = baccarat();
        shoe.aces_high = true;
        let ranks: Vec<u32> = shoe.cards().iter().map(|k| k.card.rank()).collect();
        assert!(ranks.contains(&14) && !ranks.contains(&1));
    }
}
