//! Where a round's dice, cards and choices come from, and what a round
//! played with events tells.

use crate::program::card::Card;

/// Where the dice, the cards and the choices come from.
pub trait Source {
    /// One die of `sides` sides: a face from 1 to `sides`.
    fn die(&mut self, sides: u32) -> u32;
    /// `count` dice of `sides` sides at once, as one number below
    /// `sides^count`: die `i` (from 0) shows `(n / sides^i) % sides + 1`.
    /// By default, the dice one by one.
    fn dice(&mut self, count: u32, sides: u32) -> u64 {
        let mut n = 0;
        let mut place = 1;
        for _ in 0..count {
            n += u64::from(self.die(sides) - 1) * place;
            place *= u64::from(sides);
        }
        n
    }
    /// [`Source::dice`] where `results` is `sides^count`, worked out.
    #[inline]
    fn results(&mut self, count: u32, sides: u32, results: u64) -> u64 {
        let _ = results;
        self.dice(count, sides)
    }
    /// One card of the `left` cards left in a shoe, by its place from 0:
    /// as likely as a die of `left` sides.
    fn card(&mut self, left: u32) -> u32 {
        self.die(left) - 1
    }
    /// A reroll's attempt is about to be thrown.
    fn begin_attempt(&mut self) {}
    /// The value the round's announced choice takes among `options` (never
    /// empty); the first by default.
    fn choose(&mut self, options: &[i64]) -> i64 {
        options[0]
    }
    /// The value `Program::decisions[decision]` takes among `options`, its
    /// chooser knowing `key` (the values of its `knowing`, or a draw
    /// table's row and column); by default as [`Source::choose`].
    fn decide(&mut self, decision: usize, key: &[i64], options: &[i64]) -> i64 {
        let _ = (decision, key);
        self.choose(options)
    }
    /// The attempt failed its condition: `true` to throw again, `false` to
    /// abandon the round (the scripted source, which enumerates attempts).
    fn retry(&mut self) -> bool {
        true
    }
}

/// Something that happened during a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A throw bound to a name; `attempt` counts rerolls from 1.
    Throw {
        name: String,
        faces: Vec<u32>,
        attempt: u64,
        accepted: bool,
    },
    /// Cards dealt into a hand: their values and the cards, in the order
    /// dealt (each card known by rank and suit in a round with named
    /// cards, see `Round::with_named_cards`).
    Draw {
        name: String,
        values: Vec<u32>,
        cards: Vec<Card>,
        /// Dealt `face down`: not for the table's eyes until
        /// [`Event::TurnUp`].
        face_down: bool,
    },
    /// Cards dealt face down turned up, as the round ends (before its
    /// [`Event::End`]).
    TurnUp {
        name: String,
        values: Vec<u32>,
        cards: Vec<Card>,
    },
    /// A side chose an option.
    Choose { name: String, option: String },
    /// The round ended with an outcome.
    End { outcome: String },
}
