//! `tests/fixtures/poker/three_streets.dice` counted by hand: one card,
//! raise or fold; a second, raise or fold knowing both; a third, and the
//! three cards paid by their three-card poker category on the four units
//! staked. Backward induction over every deal of one deck, the cards kept
//! apart (no renaming of suits), a choice worth no more than folding
//! folded.

use num_rational::BigRational;

/// What the fixture pays to 1 on a category: straight flush 20, three of
/// a kind 10, a straight or a flush 3, a pair 1; a high card loses.
fn pays(cards: [(u8, u8); 3]) -> i64 {
    let mut ranks = cards.map(|c| c.0);
    ranks.sort_unstable();
    let flush = cards.iter().all(|c| c.1 == cards[0].1);
    let straight = (ranks[1] == ranks[0] + 1 && ranks[2] == ranks[1] + 1) || ranks == [2, 3, 14];
    match (straight, flush) {
        (true, true) => 20,
        _ if ranks[0] == ranks[2] => 10,
        (true, false) | (false, true) => 3,
        _ if ranks[0] == ranks[1] || ranks[1] == ranks[2] => 1,
        _ => -1,
    }
}

/// The player's expected net per unit of ante under the best play.
pub fn expected_net() -> BigRational {
    let deck: Vec<(u8, u8)> = (2..=14).flat_map(|r| (0..4).map(move |s| (r, s))).collect();
    // In 52 x 51 x 50 parts of a unit: each first card's best, summed.
    let mut total = 0i64;
    for &first in &deck {
        // Raising the first: every second card's best, in 51 x 50 parts.
        let mut raised = 0i64;
        for &second in deck.iter().filter(|&&c| c != first) {
            let paid: i64 = (deck.iter())
                .filter(|&&c| c != first && c != second)
                .map(|&third| 4 * pays([first, second, third]))
                .sum();
            // Folding the second loses the two units staked, 50 times.
            raised += paid.max(-2 * 50);
        }
        // Folding the first loses the ante, 51 x 50 times.
        total += raised.max(-51 * 50);
    }
    BigRational::new(total.into(), (52i64 * 51 * 50).into())
}
