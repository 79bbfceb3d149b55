//! Hand-written Monte Carlo simulators of heist and punto banco: the
//! yardstick issue 5 sets beside the tool's own simulator ("about 137
//! million heist rounds/s and 35 million 8-deck punto banco coups/s with a
//! small fast RNG", one core). They are written the way a quick simulator
//! is: a tight loop over rounds, the rules written out by hand, no tricks
//! that change the game.
//!
//! The dice and cards come from the caller's RNG the way the tool's
//! simulator takes them (its `Source::die` and `Source::card`), so the two are timed on the
//! same footing: a die is `rng.gen_range(1..=sides)` with `sides: u32`, and
//! a card is one of the `left` cards left in the shoe, `gen_range(0..left)`,
//! found by walking the counts by value. The benchmark and the tests use
//! `rand_xoshiro::Xoshiro256PlusPlus` seeded with `seed_from_u64`, as the
//! tool's simulator does.
//!
//! [`die`] and [`card`] make `gen_range`'s own call,
//! `SampleRange::sample_single` (`gen_range` is that after a check that
//! the range is not empty), and give the same numbers (a test checks). In
//! rand 0.8 everything under `gen_range` is `#[inline]` but `gen_range`
//! itself is not, so whether it is inlined into a loop depends on how the
//! crate is split into codegen units: in this bench's release build it was
//! not, and heist ran at two thirds of the speed. Calling `sample_single`
//! keeps the yardstick from depending on that.
//!
//! Drawing this way costs more than the generator itself: rand 0.8 rejects
//! by a conservative zone (`range << range.leading_zeros()`), so a `1..=6`
//! die throws away a quarter of the words it draws, on an unpredictable
//! branch, and a card from a full 8-deck shoe (`0..416`) almost a fifth. A
//! `rand::distributions::Uniform` built once rejects almost none; it is
//! not used here, to keep to the tool's way of drawing.
//!
//! Results are summed exactly in a [`Tally`], in twentieths of a unit
//! staked ([`UNIT`]), so the banker's 0.95 is 19; floats appear only in the
//! mean and standard error it reports.
//!
//! How the games read (games/heist.dice, games/punto_banco.dice):
//!
//! - **Heist.** The banker throws 2d6; 6-6 wins for him at once. Else the
//!   player throws 2d6: 6-6 is paid 2 to 1, a higher total than the
//!   banker's 1 to 1, an equal or lower total loses.
//! - **Punto banco.** Each coup is dealt from a fresh shoe of `decks`
//!   decks (16 cards of value 0 and 4 of each of 1 to 9 per deck), so the
//!   long-run means are the exact per-coup figures the tool computes. The
//!   player gets two cards, the banker two; a two-card 8 or 9 on either
//!   side is a natural; else the player draws on 0 to 5, and the banker
//!   draws on 0 to 5 if the player stood, or by the tableau against the
//!   player's third card. The hand nearer 9 wins. The player bet wins 1 to
//!   1, the banker bet 0.95 to 1, both push on a tie; the tie bet wins 8 to
//!   1 and loses otherwise.

use rand::distributions::uniform::SampleRange;
use rand::Rng;

/// The unit results are summed in, per unit staked: twentieths, so that
/// every payout of these games is a whole number (0.95 is 19).
pub const UNIT: i64 = 20;

/// Results of one bet over many rounds, summed exactly in [`UNIT`]s.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Rounds settled.
    pub count: u64,
    /// Sum of the net results, in [`UNIT`]s.
    pub sum: i128,
    /// Sum of the squared net results, in [`UNIT`]s squared.
    pub sum_sq: u128,
}

impl Tally {
    /// Adds one round's net result, in [`UNIT`]s.
    #[inline]
    pub fn add(&mut self, result: i64) {
        self.count += 1;
        self.sum += i128::from(result);
        self.sum_sq += u128::from(result.unsigned_abs()).pow(2);
    }

    /// The mean net result per unit staked (the bettor's EV estimate, minus
    /// the house edge); NaN with no rounds.
    pub fn mean(&self) -> f64 {
        self.sum as f64 / self.count as f64 / UNIT as f64
    }

    /// The standard error of [`Tally::mean`], per unit staked: the sample
    /// standard deviation (with `n - 1`) over `sqrt(n)`; NaN under two
    /// rounds.
    pub fn standard_error(&self) -> f64 {
        let n = self.count as f64;
        let sum = self.sum as f64;
        let variance = (self.sum_sq as f64 - sum * sum / n) / (n - 1.0);
        (variance / n).sqrt() / UNIT as f64
    }
}

/// One die of `sides` sides (`sides >= 1`): a face from 1 to `sides`, the
/// same as `rng.gen_range(1..=sides)`.
#[inline]
pub fn die<R: Rng + ?Sized>(rng: &mut R, sides: u32) -> u32 {
    (1..=sides).sample_single(rng)
}

/// One card of the `left` cards left in a shoe (`left >= 1`), by its place
/// from 0: the same as `rng.gen_range(0..left)`.
#[inline]
pub fn card<R: Rng + ?Sized>(rng: &mut R, left: u32) -> u32 {
    (0..left).sample_single(rng)
}

/// `n` rounds of heist, the player's bet settled each round.
pub fn heist_rounds<R: Rng + ?Sized>(rng: &mut R, n: u64) -> Tally {
    let mut tally = Tally::default();
    for _ in 0..n {
        tally.add(heist_round(rng));
    }
    tally
}

/// One round of heist: the player's net result in [`UNIT`]s.
#[inline]
fn heist_round<R: Rng + ?Sized>(rng: &mut R) -> i64 {
    let (b1, b2) = (die(rng, 6), die(rng, 6));
    if b1 == 6 && b2 == 6 {
        return -UNIT;
    }
    let (p1, p2) = (die(rng, 6), die(rng, 6));
    if p1 == 6 && p2 == 6 {
        2 * UNIT
    } else if p1 + p2 > b1 + b2 {
        UNIT
    } else {
        -UNIT
    }
}

/// The cards left in a shoe, by value.
#[derive(Clone, Copy)]
struct Shoe {
    counts: [u32; 10],
    left: u32,
}

impl Shoe {
    fn new(decks: u32) -> Shoe {
        let mut counts = [4 * decks; 10];
        counts[0] = 16 * decks;
        Shoe {
            counts,
            left: 52 * decks,
        }
    }

    /// Deals one card: the value of one of the cards left, each as likely.
    /// Always inlined: a coup calls it from six places, and with `#[inline]`
    /// LLVM kept it out of line, 15 to 25% slower.
    #[inline(always)]
    fn draw<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        let mut place = card(rng, self.left);
        let mut value = 0;
        while place >= self.counts[value] {
            place -= self.counts[value];
            value += 1;
        }
        self.counts[value] -= 1;
        self.left -= 1;
        value as u32
    }
}

/// Results of a coup, indexing [`PAYS`]' rows.
const PLAYER: usize = 0;
const BANKER: usize = 1;
const TIE: usize = 2;

/// Net results in [`UNIT`]s of the player, banker and tie bets (columns)
/// for each result of the coup (rows: player, banker, tie).
const PAYS: [[i64; 3]; 3] = [[UNIT, -UNIT, -UNIT], [-UNIT, 19, -UNIT], [0, 0, 8 * UNIT]];

/// `n` coups of punto banco, each from a fresh shoe of `decks` decks
/// (`decks >= 1`): the tallies of the player, banker and tie bets.
pub fn punto_banco_coups<R: Rng + ?Sized>(rng: &mut R, n: u64, decks: u32) -> [Tally; 3] {
    assert!(decks >= 1, "a shoe needs a deck");
    let full = Shoe::new(decks);
    let mut tallies = [Tally::default(); 3];
    for _ in 0..n {
        let mut shoe = full;
        let pays = &PAYS[coup(rng, &mut shoe)];
        for (tally, &pay) in tallies.iter_mut().zip(pays) {
            tally.add(pay);
        }
    }
    tallies
}

/// Deals one coup from `shoe`: [`PLAYER`], [`BANKER`] or [`TIE`].
#[inline]
fn coup<R: Rng + ?Sized>(rng: &mut R, shoe: &mut Shoe) -> usize {
    let mut player = (shoe.draw(rng) + shoe.draw(rng)) % 10;
    let mut banker = (shoe.draw(rng) + shoe.draw(rng)) % 10;
    if player <= 7 && banker <= 7 {
        if player <= 5 {
            let third = shoe.draw(rng);
            player = (player + third) % 10;
            if banker_draws(banker, third) {
                banker = (banker + shoe.draw(rng)) % 10;
            }
        } else if banker <= 5 {
            banker = (banker + shoe.draw(rng)) % 10;
        }
    }
    match player.cmp(&banker) {
        std::cmp::Ordering::Greater => PLAYER,
        std::cmp::Ordering::Less => BANKER,
        std::cmp::Ordering::Equal => TIE,
    }
}

/// Whether a banker on `banker` (0 to 7) draws when the player drew a third
/// card of value `third`.
#[inline]
fn banker_draws(banker: u32, third: u32) -> bool {
    match banker {
        0..=2 => true,
        3 => third != 8,
        4 => !matches!(third, 0 | 1 | 8 | 9),
        5 => matches!(third, 4..=7),
        6 => matches!(third, 6 | 7),
        _ => false,
    }
}
