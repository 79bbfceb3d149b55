//! Punto banco (seed 003), counted by hand: the exact probabilities of one
//! coup from a full shoe, written apart from the interpreter. It is the
//! independent count behind issue 4's published figures (a test checks
//! them) and, in its fast form, the hand-written yardstick of its
//! benchmark. It is counted twice: `coup` is written to be plainly right
//! rather than fast, walking every ordered sequence of point values (about
//! 3.5 to 4 ms for 8 decks); `coup_grouped` groups two-card hands by value
//! as the yardstick does (about 0.14 ms with the house edges, where
//! the issue quotes 0.12 ms), and a test checks that the two agree,
//! fraction for fraction.
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
//!
//! The grouped count deals the same cards by value rather than one by one:
//! the player's two cards as one of 55 unordered pairs of values, the
//! banker's as one of 55 from what is left, each pair weighted by its
//! ordered ways (`n_a * (n_a - 1)` for a pair of equal values, `2 * n_a *
//! n_b` otherwise), so the weights are the ordered count's sums and the
//! common denominator is the same. Once the four cards are dealt, the
//! counts left are summed by the banker's final total, and each of the
//! player's third cards (10 values) settles against the banker's third card
//! at once. A four-card deal's weights fit in `u64`; the sums over deals
//! are kept in `u128`, and the fractions are built once at the end.

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
    match decks {
        Some(d) => coup_from(per_deck.map(|c| c * u128::from(d))),
        None => count(&mut [4, 1, 1, 1, 1, 1, 1, 1, 1, 1], 13, true),
    }
}

/// One coup dealt without replacement from a shoe holding `left[v]` cards
/// of each value `v` (0 for the tens and faces): a shoe with cards taken
/// out.
#[allow(dead_code)]
pub fn coup_from(mut left: [u128; 10]) -> Coup {
    let total = left.iter().sum();
    count(&mut left, total, false)
}

/// Every way to deal a coup from `left` (of `total` cards).
fn count(left: &mut [u128; 10], total: u128, replace: bool) -> Coup {
    let mut sums = [0u128; 3];
    let mut cards = Vec::with_capacity(6);
    deal(left, total, replace, 1, &mut cards, &mut sums);
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

/// The same count as [`coup`], the way a fast hand-written one goes: the
/// player's two cards as an unordered pair of values (55 pairs), the
/// banker's from what is left (55), then the third cards by value from
/// what is left. A pair of values `a < b` stands for its two orders,
/// `2 * n_a * n_b` ways, and `a, a` for `n_a * (n_a - 1)` (`n_a^2` with
/// replacement), so every weight counts ordered sequences over the same
/// common denominator `(N)_6` (or `13^6`) as [`coup`], and the result is the
/// same, fraction for fraction. Allocation-free until the three fractions
/// are built.
pub fn coup_grouped(decks: Option<u32>) -> Coup {
    // The shoe, as in `coup`.
    let per_deck: [u64; 10] = [16, 4, 4, 4, 4, 4, 4, 4, 4, 4];
    let (mut left, total, replace) = match decks {
        Some(d) => (per_deck.map(|c| c * u64::from(d)), 52 * u64::from(d), false),
        None => ([4, 1, 1, 1, 1, 1, 1, 1, 1, 1], 13, true),
    };
    // How many of a value a dealt card takes from the shoe.
    let take = u64::from(!replace);
    // The factor of the common denominator for the `i`-th card (from 0).
    let factor = |i: u64| if replace { total } else { total - i };
    let shoe = Shoe {
        take,
        // The cards a coup does not deal, filling the common denominator.
        rest4: factor(4) * factor(5),
        rest5: factor(5),
    };
    let denominator: u128 = (0..6).map(|i| u128::from(factor(i))).product();
    // One deal's weights stay within `u64` (at most 2 N^2 for a pair, N^2
    // for the third cards and the rest); their products and sums are `u128`.
    let mut sums = [0u128; 3];
    for p1 in 0..10 {
        for p2 in p1..10 {
            let player_ways = pair_ways(&left, p1, p2, replace);
            if player_ways == 0 {
                continue;
            }
            left[p1] -= take;
            left[p2] -= take;
            let player = (p1 + p2) % 10;
            for b1 in 0..10 {
                for b2 in b1..10 {
                    let banker_ways = pair_ways(&left, b1, b2, replace);
                    if banker_ways == 0 {
                        continue;
                    }
                    left[b1] -= take;
                    left[b2] -= take;
                    let banker = (b1 + b2) % 10;
                    let weight = u128::from(player_ways) * u128::from(banker_ways);
                    let settled = third_cards(&left, &shoe, player, banker);
                    for (sum, s) in sums.iter_mut().zip(settled) {
                        *sum += weight * u128::from(s);
                    }
                    left[b1] += take;
                    left[b2] += take;
                }
            }
            left[p1] += take;
            left[p2] += take;
        }
    }
    let fraction = |n: u128| BigRational::new(BigInt::from(n), BigInt::from(denominator));
    Coup {
        player: fraction(sums[0]),
        banker: fraction(sums[1]),
        tie: fraction(sums[2]),
    }
}

/// What `coup_grouped` needs of the shoe beyond the counts left: how many
/// cards a deal removes of its value (1, or 0 with replacement), and the
/// common denominator's factors for the cards a four- or five-card coup
/// does not deal.
struct Shoe {
    take: u64,
    rest4: u64,
    rest5: u64,
}

/// The ordered ways to deal the values `a <= b` as two cards from `left`.
fn pair_ways(left: &[u64; 10], a: usize, b: usize, replace: bool) -> u64 {
    let n = left[a];
    if a != b {
        2 * n * left[b]
    } else if replace {
        n * n
    } else {
        n * n.saturating_sub(1)
    }
}

/// The coup's results `[player, banker, tie]` once its four cards are
/// dealt, with two-card totals `player` and `banker`: the ways of the third
/// cards times the rest of the common denominator.
///
/// A banker's third card is not walked value by value: the counts left are
/// summed by the banker's final total once, so the ways he ends below, on
/// or above any player total are read off at once, less the player's third
/// card when it was dealt from the shoe.
fn third_cards(left: &[u64; 10], shoe: &Shoe, player: usize, banker: usize) -> [u64; 3] {
    let mut sums = [0u64; 3];
    if player >= 8 || banker >= 8 || (player >= 6 && banker >= 6) {
        // A natural, or both stand.
        sums[outcome(player, banker)] = shoe.rest4;
        return sums;
    }
    // ends[v]: the cards left that bring the banker to `v`;
    // below[v]: those that bring him under `v`.
    let mut ends = [0u64; 10];
    for (u, &count) in left.iter().enumerate() {
        ends[(banker + u) % 10] += count;
    }
    let mut below = [0u64; 11];
    for v in 0..10 {
        below[v + 1] = below[v] + ends[v];
    }
    // The banker's third card against a player's final total `p`.
    let against = |p: usize| [below[p], below[10] - below[p + 1], ends[p]];
    if player >= 6 {
        // The player stands; the banker draws on 0 to 5.
        return against(player).map(|c| c * shoe.rest5);
    }
    // The player draws; the banker by the tableau.
    let draws: [bool; 10] = std::array::from_fn(|t| banker_draws(banker, t));
    for (t, &count) in left.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let p = (player + t) % 10;
        if draws[t] {
            let mut ways = against(p);
            // The player's third card is no longer in the shoe.
            ways[outcome(p, (banker + t) % 10)] -= shoe.take;
            for (sum, w) in sums.iter_mut().zip(ways) {
                *sum += count * w;
            }
        } else {
            sums[outcome(p, banker)] += count * shoe.rest5;
        }
    }
    sums
}

/// Whether a banker with two-card total `banker` (0 to 6) draws when the
/// player's third card has value `third`.
fn banker_draws(banker: usize, third: usize) -> bool {
    match banker {
        0..=2 => true,
        3 => third != 8,
        4 => !matches!(third, 0 | 1 | 8 | 9),
        5 => matches!(third, 4..=7),
        6 => matches!(third, 6 | 7),
        _ => false,
    }
}

/// 0 when the player's total beats the banker's, 1 the reverse, 2 a tie.
fn outcome(player: usize, banker: usize) -> usize {
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
