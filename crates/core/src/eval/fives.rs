//! Every five-card hand of a shoe of distinct cards (one deck), numbered in
//! order of poker value, and for every set of up to four cards the hands
//! that hold it: how many hands holding a set rank below a value is one
//! binary search. The exact evaluator counts a dealer's hidden cards so
//! (`exact::counted`): how many of the hands it may be dealt rank below the
//! player's is a sum, by inclusion and exclusion over the cards dealt
//! elsewhere, of such counts.
//!
//! Numbered by value, a hand's number is its place among all of them, so a
//! value is a boundary between numbers (`start`), and the hands holding a
//! set, listed by number, are listed by value: those below a value are
//! those before the boundary. A set's list holds `C(n - s, 5 - s)` hands
//! for a set of `s` of the `n` cards; the lists of one size are laid end to
//! end, a set's at its colex number (`colex`). For one deck, 30 lists per
//! hand: about 310 MB, built in about a second.

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::program::card::Card;
use crate::program::poker;
use crate::program::Shoe;

/// `BINOMIAL[n][k]`: `n` choose `k`, for `n` up to 64 and `k` up to 5.
const BINOMIAL: [[u64; 6]; 65] = binomials();

const fn binomials() -> [[u64; 6]; 65] {
    let mut t = [[0u64; 6]; 65];
    let mut n = 0;
    while n <= 64 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= 5 && k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
}

/// `n` choose `k`, for `n` up to 64 and `k` up to 5.
pub fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL[n][k]
}

/// The colex number of a set of cards, increasing: its place among the sets
/// of its size ordered by their highest card, then the next, ...
#[inline]
pub fn colex(cards: &[u8]) -> usize {
    cards
        .iter()
        .enumerate()
        .map(|(i, &c)| BINOMIAL[usize::from(c)][i + 1] as usize)
        .sum()
}

/// The five-card hands of `n` distinct cards, by value.
pub struct Fives {
    /// The cards, as poker reads them (rank and suit known).
    pub cards: Vec<Card>,
    /// Each hand's cards (increasing), by number.
    hands: Vec<[u8; 5]>,
    /// The distinct values, increasing.
    values: Vec<i64>,
    /// For each value (by its place in `values`), the number of its first
    /// hand; one more, the number of hands.
    start: Vec<u32>,
    /// Each hand's value's place in `values`, by number.
    value_of: Vec<u16>,
    /// Each hand's number, by its colex number.
    number: Vec<u32>,
    /// For sets of one to four cards: the lists of the hands holding each,
    /// end to end.
    lists: [Vec<u32>; 4],
    /// For sets of one and two cards, the hands holding each below each
    /// value (see [`prefix`]): a lookup for the longest lists.
    prefix: [Vec<u32>; 2],
    /// For sets of three cards, the hands holding each below every
    /// [`COARSE`]-th value (see [`coarse`]): where a search in a set's
    /// list starts and ends, a few hands apart rather than a thousand.
    coarse: Vec<u16>,
}

/// The values apart at which [`Fives`] counts the hands holding a set of
/// three cards.
const COARSE: usize = 32;

impl Fives {
    /// The table of the hands of `cards` (at most 64, distinct, each of
    /// rank and suit known; at least five); `None` otherwise.
    pub fn new(cards: Vec<Card>) -> Option<Fives> {
        let n = cards.len();
        if !(5..=64).contains(&n) {
            return None;
        }
        let total = BINOMIAL[n][5] as usize;
        // (value, colex number) of every hand, sorted.
        let mut by_value: Vec<(i64, u32)> = Vec::with_capacity(total);
        let mut hand = [0u8; 5];
        for_each_five(n, &mut hand, |h| {
            let held = h.map(|c| cards[usize::from(c)].0);
            let value = poker::rank(&held)?.value;
            by_value.push((value, colex(h) as u32));
            Some(())
        })?;
        by_value.sort_unstable();
        let mut hands = vec![[0u8; 5]; total];
        let mut number = vec![0u32; total];
        let (mut values, mut start, mut value_of) =
            (Vec::new(), Vec::new(), Vec::with_capacity(total));
        for (i, &(value, c)) in by_value.iter().enumerate() {
            if values.last() != Some(&value) {
                values.push(value);
                start.push(i as u32);
            }
            value_of.push(u16::try_from(values.len() - 1).ok()?);
            number[c as usize] = i as u32;
            hands[i] = unrank(c as usize);
        }
        start.push(total as u32);
        drop(by_value);
        let mut lists: [Vec<u32>; 4] = [1, 2, 3, 4]
            .map(|s| vec![0u32; BINOMIAL[n][s] as usize * BINOMIAL[n - s][5 - s] as usize]);
        let mut filled: [Vec<u32>; 4] = [1, 2, 3, 4].map(|s| vec![0u32; BINOMIAL[n][s] as usize]);
        let mut set = [0u8; 4];
        for (i, h) in hands.iter().enumerate() {
            // The 30 sets of one to four of the hand's cards.
            for mask in 1u32..31 {
                let s = mask.count_ones() as usize;
                let mut k = 0;
                for (place, &c) in h.iter().enumerate() {
                    if mask >> place & 1 == 1 {
                        set[k] = c;
                        k += 1;
                    }
                }
                let at = colex(&set[..s]);
                let len = BINOMIAL[n - s][5 - s] as usize;
                lists[s - 1][at * len + filled[s - 1][at] as usize] = i as u32;
                filled[s - 1][at] += 1;
            }
        }
        let prefix = [1, 2].map(|s| prefix(n, s, &lists, &value_of, &start));
        let coarse = coarse(n, &lists[2], &value_of, start.len());
        Some(Fives {
            cards,
            hands,
            values,
            start,
            value_of,
            number,
            lists,
            prefix,
            coarse,
        })
    }

    /// The distinct values, increasing.
    pub fn values(&self) -> &[i64] {
        &self.values
    }

    /// The number of the first hand of the value at `place` in
    /// [`Fives::values`] (the number of hands for one past the last).
    pub fn start(&self, place: usize) -> u32 {
        self.start[place]
    }

    /// The place in [`Fives::values`] of the first value at least `value`
    /// (the number of values where there is none).
    pub fn at_least(&self, value: i64) -> usize {
        self.values.partition_point(|&v| v < value)
    }

    /// The place in [`Fives::values`] of the first value above `value`.
    pub fn above(&self, value: i64) -> usize {
        self.values.partition_point(|&v| v <= value)
    }

    /// The cards of hand `number`, increasing.
    pub fn hand(&self, number: u32) -> [u8; 5] {
        self.hands[number as usize]
    }

    /// The place in [`Fives::values`] of hand `number`'s value.
    pub fn value_place(&self, number: u32) -> usize {
        usize::from(self.value_of[number as usize])
    }

    /// The hands holding every card of `set` (increasing, at most five),
    /// by number; for five cards the one hand.
    pub fn holding(&self, set: &[u8]) -> &[u32] {
        match set.len() {
            0 => &[],
            5 => std::slice::from_ref(&self.number[colex(set)]),
            s => {
                let n = self.cards.len();
                let len = BINOMIAL[n - s][5 - s] as usize;
                let at = colex(set) * len;
                &self.lists[s - 1][at..at + len]
            }
        }
    }

    /// The hands holding every card of `set` (increasing, one to five), by
    /// number, from the first of a value at `place` in [`Fives::values`] or
    /// above: for one or two cards where the table of counts says, else
    /// searched.
    pub fn holding_from(&self, set: &[u8], place: usize) -> &[u32] {
        let list = self.holding(set);
        let from = match set.len() {
            s @ 1..=2 => self.prefix[s - 1][colex(set) * self.start.len() + place] as usize,
            _ => list.partition_point(|&h| h < self.start[place]),
        };
        &list[from..]
    }

    /// How many hands holding each set of one to four cards rank below
    /// each of `places` (increasing, at most [`Fives::values`]' length):
    /// where what a round reads of a hand changes, the same in every state,
    /// looked up then rather than searched.
    pub fn fixed(&self, places: Vec<usize>) -> Fixed {
        let n = self.cards.len();
        let tables = [1usize, 2, 3, 4].map(|s| {
            let len = BINOMIAL[n - s][5 - s] as usize;
            let mut out = Vec::with_capacity(BINOMIAL[n][s] as usize * places.len());
            for list in self.lists[s - 1].chunks(len) {
                let mut j = 0;
                for &p in &places {
                    let bound = self.start[p];
                    while j < list.len() && list[j] < bound {
                        j += 1;
                    }
                    out.push(j as u32);
                }
            }
            out
        });
        Fixed { places, tables }
    }

    /// How many hands holding every card of `set` (increasing, at most
    /// five) have a value below the one at `place` in [`Fives::values`]
    /// (any value, for the number of values).
    pub fn below(&self, set: &[u8], place: usize) -> u32 {
        let mut out = [0];
        self.add_below(set, &[place], 1, &mut out);
        out[0] as u32
    }

    /// Adds `sign` times [`Fives::below`] of `set` at each of `places`
    /// (increasing) to `out`: for up to two cards read off a table, for
    /// more searched in their list ([`Fives::add_below_sets`] of the one
    /// set).
    #[inline]
    pub fn add_below(&self, set: &[u8], places: &[usize], sign: i64, out: &mut [i64]) {
        match set.len() {
            0..=2 => self.add_below_by_table(set, places, sign, out),
            _ => self.add_below_sets(&[(set.into(), sign)], places, out),
        }
    }

    /// [`Fives::add_below`] of a set of up to two cards, read off the
    /// table of counts by value (every hand, for none).
    fn add_below_by_table(&self, set: &[u8], places: &[usize], sign: i64, out: &mut [i64]) {
        match set.len() {
            0 => {
                for (o, &p) in out.iter_mut().zip(places) {
                    *o += sign * i64::from(self.start[p]);
                }
            }
            s => {
                let row = &self.prefix[s - 1][colex(set) * self.start.len()..];
                for (o, &p) in out.iter_mut().zip(places) {
                    *o += sign * i64::from(row[p]);
                }
            }
        }
    }

    /// Adds, for each of `sets` (its cards increasing, and a sign), the
    /// sign times [`Fives::below`] at each of `places` (increasing) to
    /// `out`: as [`Fives::add_below`] of each, but with the searches in
    /// the lists of sets of three to five cards made side by side, a step
    /// of each in turn, so that their reads from memory (a few hundred
    /// megabytes of lists, read nowhere near one another) overlap rather
    /// than wait one for another.
    pub fn add_below_sets(&self, sets: &[Signed], places: &[usize], out: &mut [i64]) {
        let last = self.start.len() - 1;
        let width = self.start.len().div_ceil(COARSE) + 1;
        // The lists searched, each with its sign, its row of coarse counts
        // and the count below the place before.
        type Searched<'a> = (&'a [u32], i64, Option<&'a [u16]>, usize);
        let mut searched: SmallVec<[Searched; 32]> = SmallVec::new();
        for (set, sign) in sets {
            match set.len() {
                0..=2 => self.add_below_by_table(set, places, *sign, out),
                s => searched.push((
                    self.holding(set),
                    *sign,
                    (s == 3).then(|| &self.coarse[colex(set) * width..][..width]),
                    0,
                )),
            }
        }
        let mut base: SmallVec<[usize; 32]> = smallvec::smallvec![0; searched.len()];
        let mut size: SmallVec<[usize; 32]> = smallvec::smallvec![0; searched.len()];
        for (o, &p) in out.iter_mut().zip(places) {
            if p == 0 {
                continue;
            }
            if p == last {
                *o += searched
                    .iter()
                    .map(|(l, sign, ..)| sign * l.len() as i64)
                    .sum::<i64>();
                continue;
            }
            let bound = self.start[p];
            for (i, (list, _, coarse, from)) in searched.iter().enumerate() {
                let (mut lo, mut hi) = (*from, list.len());
                // Just past the place before (the hands equal to a value),
                // the count is where it was, or a few hands on.
                if lo > 0 && (lo == hi || list[lo] >= bound) {
                    (base[i], size[i]) = (lo, 0);
                    continue;
                }
                if let Some(c) = coarse {
                    lo = lo.max(usize::from(c[p / COARSE]));
                    hi = usize::from(c[p / COARSE + 1]);
                }
                (base[i], size[i]) = (lo, hi - lo);
            }
            loop {
                let mut any = false;
                for (i, (list, ..)) in searched.iter().enumerate() {
                    if size[i] > 1 {
                        let half = size[i] / 2;
                        if list[base[i] + half] < bound {
                            base[i] += half;
                        }
                        size[i] -= half;
                        any = true;
                    }
                }
                if !any {
                    break;
                }
            }
            for (i, (list, sign, _, from)) in searched.iter_mut().enumerate() {
                *from = base[i] + usize::from(size[i] == 1 && list[base[i]] < bound);
                *o += *sign * *from as i64;
            }
        }
    }
}

/// A set of cards (increasing) and its sign in a sum.
pub type Signed = (SmallVec<[u8; 5]>, i64);

/// Counts of the hands holding each set of one to four cards below a few
/// fixed places ([`Fives::fixed`]).
pub struct Fixed {
    /// The places, increasing.
    pub places: Vec<usize>,
    /// For sets of one to four cards, by colex number, a row of counts,
    /// one per place (about 3.5 MB for 52 cards and three places: read in
    /// one place, where the table of counts by value has a row 30 KB long).
    tables: [Vec<u32>; 4],
}

impl Fixed {
    /// Adds `sign` times [`Fives::below`] of `set` at each of the fixed
    /// places to `out`.
    #[inline]
    pub fn add_below(&self, fives: &Fives, set: &[u8], sign: i64, out: &mut [i64]) {
        match set.len() {
            s @ 1..=4 => {
                let k = self.places.len();
                let row = &self.tables[s - 1][colex(set) * k..][..k];
                for (o, &c) in out.iter_mut().zip(row) {
                    *o += sign * i64::from(c);
                }
            }
            _ => fives.add_below(set, &self.places, sign, out),
        }
    }
}

/// For each set of `s` cards, how many of the hands holding it have a
/// value below each place (from none to every value): a row of
/// `start.len()` numbers per set, by its colex number.
fn prefix(n: usize, s: usize, lists: &[Vec<u32>; 4], value_of: &[u16], start: &[u32]) -> Vec<u32> {
    let len = BINOMIAL[n - s][5 - s] as usize;
    let places = start.len();
    let mut out = vec![0u32; BINOMIAL[n][s] as usize * places];
    for (list, row) in lists[s - 1].chunks(len).zip(out.chunks_mut(places)) {
        let mut j = 0;
        for (place, cell) in row.iter_mut().enumerate() {
            while j < list.len() && usize::from(value_of[list[j] as usize]) < place {
                j += 1;
            }
            *cell = j as u32;
        }
    }
    out
}

/// For each set of three cards, how many of the hands holding it (`lists`,
/// by colex number) have a value below every [`COARSE`]-th place: a row
/// of `places.div_ceil(COARSE) + 1` counts per set, the last all of them.
fn coarse(n: usize, lists: &[u32], value_of: &[u16], places: usize) -> Vec<u16> {
    let len = BINOMIAL[n - 3][2] as usize;
    let width = places.div_ceil(COARSE) + 1;
    let mut out = Vec::with_capacity(BINOMIAL[n][3] as usize * width);
    for list in lists.chunks(len) {
        let mut j = 0;
        for k in 0..width {
            let place = (k * COARSE).min(places);
            while j < list.len() && usize::from(value_of[list[j] as usize]) < place {
                j += 1;
            }
            // At most C(61, 2) hands hold a set of three.
            out.push(j as u16);
        }
    }
    out
}

/// A one-deck shoe's cards numbered for [`Fives`]: a draw of the shoe read
/// only as part of a five-card poker hand may be counted by value.
pub struct Deck {
    pub fives: Fives,
    /// The shoe's kind of each card.
    pub kind: Vec<usize>,
    /// Each card's number, by the card (`Card.0`).
    pub number: FxHashMap<u32, u8>,
}

impl Deck {
    /// The cards numbered `cards` as a hand of `shoe` holds them: each
    /// card's value, then the card (for `Pools::intern_pairs`).
    pub fn pairs(&self, shoe: &Shoe, cards: impl Iterator<Item = u8>) -> SmallVec<[(u32, u32); 5]> {
        cards
            .map(|c| {
                let kind = &shoe.kinds[self.kind[usize::from(c)]];
                (kind.value, kind.card.0)
            })
            .collect()
    }

    /// The deck of a shoe of `decks` decks whose every kind holds at most
    /// one card, each of rank and suit known (one deck, less any cards
    /// taken out); `None` otherwise.
    pub fn of(shoe: &Shoe, decks: u32) -> Option<Deck> {
        let mut cards = Vec::new();
        let mut kind = Vec::new();
        for (k, kd) in shoe.kinds.iter().enumerate() {
            match kd.full(decks) {
                0 => {}
                1 if poker::Hand::of(&[kd.card.0]).is_some() => {
                    cards.push(kd.card);
                    kind.push(k);
                }
                _ => return None,
            }
        }
        let number = (cards.iter().enumerate())
            .map(|(i, c)| (c.0, i as u8))
            .collect::<FxHashMap<_, _>>();
        if number.len() != cards.len() {
            return None;
        }
        Some(Deck {
            fives: Fives::new(cards)?,
            kind,
            number,
        })
    }
}

/// Calls `f` with every set of five of `n` cards, increasing; stops at the
/// first `None`.
fn for_each_five(
    n: usize,
    hand: &mut [u8; 5],
    mut f: impl FnMut(&[u8; 5]) -> Option<()>,
) -> Option<()> {
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        *hand = [a, b, c, d, e].map(|x| x as u8);
                        f(hand)?;
                    }
                }
            }
        }
    }
    Some(())
}

/// The five cards of colex number `c`.
fn unrank(mut c: usize) -> [u8; 5] {
    let mut out = [0u8; 5];
    for k in (1..=5).rev() {
        // The largest card x with C(x, k) <= c.
        let mut x = k - 1;
        while (BINOMIAL[x + 1][k] as usize) <= c {
            x += 1;
        }
        out[k - 1] = x as u8;
        c -= BINOMIAL[x][k] as usize;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deck of `ranks` ranks from the ace down, four suits each.
    fn deck(ranks: u32) -> Vec<Card> {
        (0..ranks)
            .flat_map(|r| (1..=4).map(move |s| Card::new(14 - r, s)))
            .collect()
    }

    #[test]
    fn colex_numbers_every_set_once_and_unrank_inverts_it() {
        let mut hand = [0u8; 5];
        let mut seen = 0;
        for_each_five(9, &mut hand, |h| {
            assert_eq!(unrank(colex(h)), *h);
            seen += 1;
            Some(())
        });
        assert_eq!(seen, binomial(9, 5));
    }

    #[test]
    fn the_hands_below_a_value_holding_a_set_are_counted_as_listed_one_by_one() {
        let fives = Fives::new(deck(4)).expect("16 cards rank");
        let n = fives.cards.len() as u8;
        for place in [0, 3, fives.values().len() / 2, fives.values().len()] {
            let bound = fives.start(place);
            for set in [
                vec![],
                vec![0],
                vec![1, 5],
                vec![0, 4, 8],
                vec![2, 3, 9, 15],
            ] {
                let mut by_hand = 0;
                let mut hand = [0u8; 5];
                for_each_five(usize::from(n), &mut hand, |h| {
                    let number = fives.number[colex(h)];
                    let value = poker::rank(&h.map(|c| fives.cards[usize::from(c)].0))
                        .expect("ranks")
                        .value;
                    assert_eq!(value, fives.values()[fives.value_place(number)]);
                    let holds = set.iter().all(|c| h.contains(c));
                    by_hand += u32::from(holds && number < bound);
                    Some(())
                });
                assert_eq!(fives.below(&set, place), by_hand, "{set:?} below {bound}");
            }
        }
    }

    /// The counts below fixed places, looked up, and below several places
    /// at once, searched one after the other, are those below each place.
    #[test]
    fn counts_below_fixed_and_several_places_are_those_below_each() {
        let fives = Fives::new(deck(5)).expect("20 cards rank");
        let last = fives.values().len();
        let places = vec![0, 1, 2, 33, 34, last / 2, last - 1, last];
        let fixed = fives.fixed(places.clone());
        for set in [
            vec![],
            vec![3],
            vec![1, 5],
            vec![0, 4, 8],
            vec![2, 3, 9, 15],
            vec![0, 6, 7, 12, 19],
        ] {
            let each: Vec<i64> = (places.iter())
                .map(|&p| i64::from(fives.below(&set, p)))
                .collect();
            let mut looked_up = vec![0; places.len()];
            fixed.add_below(&fives, &set, 1, &mut looked_up);
            assert_eq!(looked_up, each, "{set:?} by the table");
            let mut searched = vec![0; places.len()];
            fives.add_below(&set, &places, -1, &mut searched);
            assert_eq!(
                searched.iter().map(|c| -c).collect::<Vec<_>>(),
                each,
                "{set:?}"
            );
        }
        // Side by side, with signs: the sum of each.
        let sets: Vec<Signed> = [
            (vec![2], 1),
            (vec![0, 4, 8], -1),
            (vec![1, 4, 8], 1),
            (vec![2, 3, 9, 15], -1),
            (vec![0, 1, 2, 3], 1),
            (vec![0, 6, 7, 12, 19], 1),
            (vec![5, 6, 7], 1),
        ]
        .into_iter()
        .map(|(set, sign)| (set.into_iter().collect(), sign))
        .collect();
        for places in [places.clone(), vec![5, 6], vec![40, 41, 42, last]] {
            let mut each = vec![0; places.len()];
            for (set, sign) in &sets {
                for (e, &p) in each.iter_mut().zip(&places) {
                    *e += sign * i64::from(fives.below(set, p));
                }
            }
            let mut side_by_side = vec![0; places.len()];
            fives.add_below_sets(&sets, &places, &mut side_by_side);
            assert_eq!(side_by_side, each, "{places:?}");
        }
    }
}
