//! Punto banco (seed 003), counted by hand: the exact probabilities of one
//! coup from a full shoe, written apart from the interpreter. It is the
//! independent count behind issue 4's published figures (a test checks
//! them) and, for now, the hand-written yardstick of its benchmark. It is
//! written to be plainly right rather than fast: it walks every ordered
//! sequence of point values (about 3.9 ms for 8 decks), where the issue's
//! yardstick groups two-card hands by value (about 0.12 ms).
//!
//! Cards are point values 0 to 9: a deck has 16 zeros (10, J, Q, K) and 4
//! of every other value. The coup deals the player two cards and the banker
//! two, then third cards by the tableau:
//!
//! - a two-card total of 8 or 9 on either side is a natural: no card more;
//! - the player draws on 0 to 5 and stands on 6 or 7;
//! - a banker whose player stood draws on 0 to 5;
//! - a banker whose player drew a third card of value `t` draws on 0 to 2;
//!   on 3 unless `t` is 8; on 4 unless `t` is 0, 1, 8 or 9; on 5 if `t` is
//!   4 to 7; on 6 if `t` is 6 or 7; never on 7.
//!
//! Dealing without replacement, the cards of a coup are exchangeable, so
//! the order of the deal does not change any probability: the count takes
//! the player's two cards, the banker's two, then the third cards, each as
//! a draw from what is left. Every sequence of `k` cards has probability
//! `prod (count left of its value) / (N)_k`; all are put over the common
//! denominator `(N)_6` (six cards at most), so the sums are exact in `u128`.

use num_bigint::BigInt;
use num_rational::BigRational;

/// The probabilities of a coup's three results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coup {
    pub player: BigRational,
    pub banker: BigRational,
    pub tie: BigRational,
}

/// The shoe: `Some(decks)` standard decks dealt without replacement, or
/// `None` for the infinite deck (every card independent, value 0 with
/// probability 4/13 and each other value 1/13).
pub fn coup(decks: Option<u32>) -> Coup {
    // Counts of each value per deck; an infinite deck is weighted per 13
    // cards with replacement.
    let per_deck: [u128; 10] = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4];
    let (mut left, total, replace) = match decks {
        Some(d) => (
            per_deck.map(|c| c * u128::from(d)),
            52 * u128::from(d),
            false,
        ),
        None => ([4, 1, 1, 1, 1, 1, 1, 1, 1, 1], 13, true),
    };
    let mut sums = [0u128; 3];
    let mut cards = Vec::with_capacity(6);
    deal(&mut left, total, replace, 1, &mut cards, &mut sums);
    // (N)_6, or 13^6 with replacement.
    let denominator: u128 = (0..6)
        .map(|i| if replace { total } else { total - i })
        .product();
    let fraction = |n: u128| BigRational::new(BigInt::from(n), BigInt::from(denominator));
    Coup {
        player: fraction(sums[0]),
        banker: fraction(sums[1]),
        tie: fraction(sums[2]),
    }
}

/// Deals the next card in every way, `weight` being the product of the
/// counts so far, and settles the coup once its cards are all dealt.
fn deal(
    left: &mut [u128; 10],
    total: u128,
    replace: bool,
    weight: u128,
    cards: &mut Vec<u32>,
    sums: &mut [u128; 3],
) {
    let need = cards_needed(cards);
    if cards.len() == need {
        // Fill the common denominator: the cards not dealt.
        let dealt = cards.len() as u128;
        let rest: u128 = (dealt..6)
            .map(|i| if replace { total } else { total - i })
            .product();
        sums[settle(cards)] += weight * rest;
        return;
    }
    for value in 0..10 {
        let count = left[value];
        if count == 0 {
            continue;
        }
        if !replace {
            left[value] -= 1;
        }
        cards.push(value as u32);
        deal(left, total, replace, weight * count, cards, sums);
        cards.pop();
        if !replace {
            left[value] += 1;
        }
    }
}

/// The player's two cards, the banker's two, then the third cards:
/// `[p1, p2, b1, b2, (player third), (banker third)]`.
fn cards_needed(cards: &[u32]) -> usize {
    if cards.len() < 4 {
        return 4;
    }
    let player = (cards[0] + cards[1]) % 10;
    let banker = (cards[2] + cards[3]) % 10;
    if player >= 8 || banker >= 8 {
        return 4;
    }
    if player >= 6 {
        // The player stands; the banker draws on 0 to 5.
        return if banker <= 5 { 5 } else { 4 };
    }
    if cards.len() < 5 {
        return 5;
    }
    let third = cards[4];
    let banker_draws = match banker {
        0..=2 => true,
        3 => third != 8,
        4 => !matches!(third, 0 | 1 | 8 | 9),
        5 => matches!(third, 4..=7),
        6 => matches!(third, 6 | 7),
        _ => false,
    };
    if banker_draws {
        6
    } else {
        5
    }
}

/// 0 when the player wins, 1 the banker, 2 a tie.
fn settle(cards: &[u32]) -> usize {
    let player = (cards[0] + cards[1]) % 10;
    let banker = (cards[2] + cards[3]) % 10;
    let (player, banker) = match cards.len() {
        4 => (player, banker),
        // Five cards: the player's third when he drew (0 to 5).
        5 if player <= 5 => ((player + cards[4]) % 10, banker),
        // The player stood and the banker drew.
        5 => (player, (banker + cards[4]) % 10),
        _ => ((player + cards[4]) % 10, (banker + cards[5]) % 10),
    };
    match player.cmp(&banker) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => 1,
        std::cmp::Ordering::Equal => 2,
    }
}

/// The house edges `(banker, player, tie)` with ties counted as pushes for
/// banker and player, the banker's wins paying 0.95 to 1 and the tie
/// `tie_odds` to 1.
pub fn house_edges(c: &Coup, tie_odds: i64) -> (BigRational, BigRational, BigRational) {
    let r = |n: i64, d: i64| BigRational::new(BigInt::from(n), BigInt::from(d));
    let banker = &c.player - &c.banker * r(19, 20);
    let player = &c.banker - &c.player;
    let tie = (&c.player + &c.banker) - &c.tie * r(tie_odds, 1);
    (banker, player, tie)
}
