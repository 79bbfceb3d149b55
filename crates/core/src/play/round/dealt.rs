//! What a round has dealt: the cards left in each shoe, and the dice and
//! cards counted against the round's limit.

use super::Source;
#[cfg(doc)]
use super::MAX_DICE;
use crate::eval::EvalError;
use crate::program::Program;

/// The cards left in each shoe of a round: how many of each kind, and in
/// all. Each round is dealt from full shoes, as the exact evaluation
/// assumes, unless the round deals on (`Round::dealing_on`).
#[derive(Clone, Debug)]
pub(super) struct Shoes {
    /// Each shoe full, kind by kind (one deck's for the infinite shoe),
    /// one shoe after another.
    full: Vec<u64>,
    left: Vec<u64>,
    /// Where each shoe's kinds start in `left`, and where the last ends.
    starts: Vec<usize>,
    full_totals: Vec<u64>,
    totals: Vec<u64>,
    finite: Vec<bool>,
    /// Each kind's value and card ([`crate::program::card::Card`]), as
    /// `full` lists the kinds.
    values: Vec<u32>,
    cards: Vec<u32>,
}

impl Shoes {
    /// The program's shoes, full; with `named`, every card a kind of its
    /// own, known by rank and suit, else the kinds the round tells apart.
    /// Both list the kinds by value first, so a card's place among the
    /// cards left gives the same value either way: a seed deals the same
    /// values named or not.
    pub(super) fn new(program: &Program, named: bool) -> Shoes {
        let mut shoes = Shoes {
            full: Vec::new(),
            left: Vec::new(),
            starts: vec![0],
            full_totals: Vec::new(),
            totals: Vec::new(),
            finite: Vec::new(),
            values: Vec::new(),
            cards: Vec::new(),
        };
        for shoe in &program.shoes {
            let decks = shoe.decks.unwrap_or(1);
            let kinds = if named {
                shoe.cards()
            } else {
                shoe.kinds.clone()
            };
            shoes.values.extend(kinds.iter().map(|k| k.value));
            shoes.cards.extend(kinds.iter().map(|k| k.card.0));
            let counts = kinds.iter().map(|k| k.full(decks));
            shoes.full.extend(counts);
            shoes.starts.push(shoes.full.len());
            let start = shoes.starts[shoes.starts.len() - 2];
            shoes.full_totals.push(shoes.full[start..].iter().sum());
            shoes.finite.push(shoe.decks.is_some());
        }
        shoes.left = shoes.full.clone();
        shoes.totals = shoes.full_totals.clone();
        shoes
    }

    /// Fills every shoe again.
    #[inline]
    pub(super) fn refill(&mut self) {
        if self.full.is_empty() {
            return;
        }
        self.left.copy_from_slice(&self.full);
        self.totals.copy_from_slice(&self.full_totals);
    }

    /// Whether a finite shoe has `cut` cards left or fewer: a cut card
    /// reached.
    pub(super) fn at_cut(&self, cut: u64) -> bool {
        (self.totals.iter().zip(&self.finite)).any(|(&left, &finite)| finite && left <= cut)
    }

    /// The cards of every finite shoe full, together.
    pub(super) fn finite_cards(&self) -> u64 {
        (self.full_totals.iter().zip(&self.finite))
            .filter(|(_, &finite)| finite)
            .map(|(&n, _)| n)
            .sum()
    }

    /// The cards left in `shoe`.
    pub(super) fn left(&self, shoe: usize) -> u64 {
        self.totals[shoe]
    }

    /// Whether `count` cards can be dealt from `shoe` by [`Shoes::deal`]:
    /// as many are left, and fewer than 2^32.
    #[inline(always)]
    pub(super) fn can_deal(&self, shoe: usize, count: u32) -> bool {
        let left = self.totals[shoe];
        u64::from(count) <= left && left <= u64::from(u32::MAX)
    }

    /// Deals `count` cards from `shoe` ([`Shoes::can_deal`]), each one a
    /// card of the cards left, as likely as any other; `each` gets each
    /// card's value and card.
    #[inline(always)]
    pub(super) fn deal(
        &mut self,
        shoe: usize,
        count: u32,
        source: &mut impl Source,
        mut each: impl FnMut(u32, u32),
    ) {
        let kinds = self.starts[shoe]..self.starts[shoe + 1];
        let values = &self.values[kinds.clone()];
        let cards = &self.cards[kinds.clone()];
        let left = &mut self.left[kinds];
        let finite = self.finite[shoe];
        let mut all = self.totals[shoe] as u32;
        for _ in 0..count {
            let kind = kind_at(left, u64::from(source.card(all)));
            if finite {
                left[kind] -= 1;
                all -= 1;
            }
            each(values[kind], cards[kind]);
        }
        self.totals[shoe] = u64::from(all);
    }
}

/// How the round keeps to [`MAX_DICE`]. The steps that throw or deal
/// without rerolling (tabulated throws, draws) run at most once each, so
/// together they throw at most `fast_most` dice and cards, known before the
/// round. Where that is small against the limit they count nothing, and
/// the instructions count against the limit less `fast_most` (`slow_limit`):
/// the round stays within the limit, and a simulated round of heist pays
/// nothing for it. Otherwise every throw counts against the whole limit.
#[derive(Clone, Copy, Debug)]
pub(super) struct DiceLimit {
    max_dice: u64,
    /// The most dice and cards the steps that never reroll throw in a round.
    pub(super) fast_most: u64,
    count_fast: bool,
    /// What the instructions may count up to.
    slow_limit: u64,
}

impl DiceLimit {
    pub(super) fn new(max_dice: u64, fast_most: u64) -> DiceLimit {
        let count_fast = fast_most > max_dice / 2;
        DiceLimit {
            max_dice,
            fast_most,
            count_fast,
            slow_limit: if count_fast {
                max_dice
            } else {
                max_dice - fast_most
            },
        }
    }

    /// Whether the steps that never reroll count their dice and cards.
    pub(super) fn counts_fast(&self) -> bool {
        self.count_fast
    }

    /// Counts `count` dice or cards a step throws or deals; `false`, with
    /// nothing counted, when they would pass the limit (the instruction
    /// then gives the error).
    #[inline(always)]
    pub(super) fn fast(&self, dealt: &mut u64, count: u32) -> bool {
        if !self.count_fast {
            return true;
        }
        if *dealt + u64::from(count) > self.max_dice {
            return false;
        }
        *dealt += u64::from(count);
        true
    }

    /// Counts `count` dice or cards an instruction throws or deals: the
    /// error at `span` once the round has passed the limit.
    #[inline(always)]
    pub(super) fn slow(
        &self,
        dealt: &mut u64,
        count: u32,
        span: crate::ast::Span,
    ) -> Result<(), EvalError> {
        *dealt += u64::from(count);
        if *dealt > self.slow_limit {
            return Err(EvalError::RoundLimit {
                limit: self.max_dice,
                span,
            });
        }
        Ok(())
    }
}

/// The kind of the card at `place` (below the sum of `left`) when the
/// cards left lie kind after kind, `left[k]` of kind `k`; the last kind for
/// a place past them all.
pub(crate) fn kind_at<T: Copy + PartialOrd + std::ops::SubAssign>(
    left: &[T],
    mut place: T,
) -> usize {
    for (k, &n) in left.iter().enumerate() {
        if place < n {
            return k;
        }
        place -= n;
    }
    left.len() - 1
}
