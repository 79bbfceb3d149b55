//! A shoe's last draw whose hand the round reads only as part of one
//! five-card poker hand joined with cards dealt before (caribbean stud's
//! dealer, `up + hole`), and only through what that hand's poker value
//! tells (its category, its ranks: `qualifies(up + hole)`) or through its
//! value compared with values the rest of the state gives (`compare mine
//! with up + hole`). The hands dealt to a state are not listed: they fall in
//! a few ranges of value, bounded by the values compared and by where what
//! is read of the hand changes, in each of which the round reads them
//! alike; the hands of each range are counted (`eval::fives`), by inclusion
//! and exclusion over the cards dealt elsewhere, as sums of the hands
//! holding a set of cards below a value. Each range goes on as one group,
//! with one of its hands, as [`observed`](super::observed) groups hands
//! alike: caribbean stud's dealer deals 163,185 hands to each of millions
//! of states, counted in a few dozen binary searches each.
//!
//! Within one deck a five-card hand's poker value tells its category, its
//! ranks and so its values (a straight's, a pair's kickers), not its suits:
//! so the joined hand may be read by `category`, `poker`, `rank` (its
//! highest card's), `count`, `total`, `highest`, `lowest`,
//! `most_frequent`, `highest_count` and `size`, and by nothing else.
//!
//! It applies to a draw of three or more cards (of fewer, listing the
//! hands is quicker) where the shoe is one deck of cards of rank and suit
//! known (each kind one card, less any taken out). In a state where the cards
//! joined were not dealt from it, or so many cards were dealt elsewhere
//! that the sums would be longer than the list, or an expression fails to
//! evaluate, the hands are listed as `observed` lists them.

use std::rc::Rc;

use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::residual::{lift, Group, Lifted, Quick, Values};
use crate::eval::fives::{binomial, Deck, Fixed, Signed};
use crate::eval::observe::Throws;
use crate::eval::value::{eval, Context, Value};
use crate::eval::weight::Factor;
use crate::program::builtin::Builtin;
use crate::program::{Draw, Expr, Instr, Program};

/// What may read the joined hand: each tells no more than its poker value.
const READS_VALUE: [Builtin; 10] = [
    Builtin::Category,
    Builtin::Poker,
    Builtin::CardRank,
    Builtin::Count,
    Builtin::Total,
    Builtin::Highest,
    Builtin::Lowest,
    Builtin::MostFrequent,
    Builtin::HighestCount,
    Builtin::Size,
];

/// The most places where what is read of the joined hand changes with its
/// value: past it, every state would have that many ranges to count.
const MOST_CHANGES: usize = 64;

/// The fewest cards of a draw counted rather than listed.
const FEWEST_COUNTED: u32 = 3;

/// The most sets a state's count sums (the sets of the joined cards and
/// up to five less of the cards dealt elsewhere): past it, the hands are
/// listed.
const MOST_SETS: u64 = 1_024;

/// The expressions reading a last draw's hand, when they read it only as
/// part of one five-card poker hand (see the module).
pub(super) struct Counted {
    /// The slots of the hands joined with the draw's, sorted.
    with: Vec<usize>,
    /// How many cards the draw deals.
    count: usize,
    /// The slot holding the joined hand while the parts reading it are
    /// computed; the lifted parts follow it.
    joined: usize,
    residual: Vec<Expr>,
    quick: Vec<Quick>,
    lifted: Vec<Lifted>,
    /// What each lifted part is.
    parts: Vec<Part>,
    /// The expressions compared with the joined hand's poker value (reading
    /// nothing of the hand): where its ranges are bounded.
    compared: Vec<Expr>,
    /// Whether each residual expression reads nothing but [`Part::Of`]
    /// parts: a function of the joined hand's value alone.
    of_only: Vec<bool>,
    /// The deck and what the parts reading the hand are worth by value,
    /// once built; `Some(None)` where the shoe is not one deck.
    ready: Option<Option<Ready>>,
    /// The hands dealt, interned, by their cards' numbers (six bits each,
    /// plus one).
    hands: FxHashMap<u32, Value>,
}

/// A lifted part of the expressions.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    /// It reads the rest of the state, not the hand.
    Context,
    /// The joined hand's poker value (`poker(up + hole)`), read only as
    /// compared.
    Value,
    /// Something else of the joined hand, a function of its value.
    Of,
}

/// The deck, and what the [`Part::Of`] parts are worth by value.
struct Ready {
    deck: Rc<Deck>,
    /// For each value (by its place in `Fives::values`), the values of the
    /// [`Part::Of`] parts, in order.
    of: Vec<Values>,
    /// The hands holding each set below the places where what the round
    /// reads of the joined hand changes (and the first and past the last).
    fixed: Fixed,
}

impl Counted {
    /// The counted form of `exprs` (those reading the draw's hand, names
    /// bound after it read as their expressions), when they read the hand as
    /// the module says; `base` is the first slot past the round's own.
    pub(super) fn new(
        program: &Program,
        draw: &Draw,
        exprs: &[Expr],
        base: usize,
    ) -> Option<Counted> {
        // Of one or two cards, the hands (47, or 1,081) are listed sooner
        // than counted, and the table is not built for them.
        if draw.count < FEWEST_COUNTED {
            return None;
        }
        let hand = draw.slot;
        let joined = base;
        let mut with = None;
        let mut rewritten = exprs.to_vec();
        for e in &mut rewritten {
            if !join(e, hand, joined, &mut with) {
                return None;
            }
        }
        let with = with?;
        if rewritten.iter().any(|e| e.reads(hand)) {
            return None;
        }
        let dealt_before: Option<usize> = with.iter().map(|&s| drawn(program, s, draw.shoe)).sum();
        if dealt_before? + draw.count as usize != 5 {
            return None;
        }
        let mut lifted = Vec::new();
        let mut residual = rewritten;
        for e in &mut residual {
            lift(e, joined, joined + 1, &mut lifted);
        }
        if residual.iter().any(|e| e.reads(joined)) {
            return None;
        }
        let value = |e: &Expr| match e.as_call() {
            Some((Builtin::Poker, [arg])) => arg.as_slot() == Some(joined),
            _ => false,
        };
        let parts: Vec<Part> = (lifted.iter())
            .map(|l| match (l.reads_hand, value(&l.expr)) {
                (false, _) => Part::Context,
                (true, true) => Part::Value,
                (true, false) => Part::Of,
            })
            .collect();
        let slots = |kind: &[Part]| -> Vec<usize> {
            (parts.iter().enumerate())
                .filter(|(_, p)| kind.contains(p))
                .map(|(i, _)| joined + 1 + i)
                .collect()
        };
        let (values, of_hand) = (slots(&[Part::Value]), slots(&[Part::Value, Part::Of]));
        let mut compared = Vec::new();
        if !(residual.iter()).all(|e| compared_only(e, &values, &of_hand, &mut compared)) {
            return None;
        }
        let of_slots = slots(&[Part::Of]);
        let of_only = (residual.iter())
            .map(|e| {
                let mut read = Vec::new();
                e.slots_read(&mut read);
                read.iter().all(|s| of_slots.contains(s))
            })
            .collect();
        Some(Counted {
            with,
            count: draw.count as usize,
            joined,
            quick: residual.iter().map(Quick::of).collect(),
            residual,
            lifted,
            parts,
            compared,
            of_only,
            ready: None,
            hands: FxHashMap::default(),
        })
    }

    /// The groups of the hands the draw deals to the state `env`, counted;
    /// `None` where they must be listed (see the module).
    pub(super) fn groups(
        &mut self,
        program: &Program,
        throws: &mut Throws,
        draw: &Draw,
        env: &[Value],
    ) -> Option<Vec<Group>> {
        let decks = program.shoes[draw.shoe].decks?;
        if self.ready.is_none() {
            self.ready = Some(self.build(program, throws, draw));
        }
        let ready = self.ready.as_ref()?.as_ref()?;
        let deck = ready.deck.clone();
        let fives = &deck.fives;
        // The cards left, a bit for each.
        let left = throws.left(program, draw.shoe, decks, env[draw.dealt]);
        let mut available = 0u64;
        for (i, &k) in deck.kind.iter().enumerate() {
            match left[k] {
                0 => {}
                1 => available |= 1 << i,
                _ => return None,
            }
        }
        // The cards joined, dealt before from this deck.
        let mut held: SmallVec<[u8; 5]> = SmallVec::new();
        for &s in &self.with {
            let Value::Pool(id) = env[s] else {
                return None;
            };
            for card in throws.pools.cards(id) {
                let &n = deck.number.get(card)?;
                if available >> n & 1 == 1 || held.contains(&n) {
                    return None;
                }
                held.push(n);
            }
        }
        if held.len() + self.count != 5 {
            return None;
        }
        held.sort_unstable();
        let gone: SmallVec<[u8; 16]> = (0..deck.kind.len() as u8)
            .filter(|&n| available >> n & 1 == 0 && !held.contains(&n))
            .collect();
        let room = 5 - held.len();
        let sets: u64 = (0..=room).map(|k| binomial(gone.len().min(64), k)).sum();
        let total = binomial(available.count_ones() as usize, self.count);
        if sets > MOST_SETS || total == 0 {
            return None;
        }
        let mut scratch = env.to_vec();
        scratch.resize(self.joined + 1 + self.lifted.len(), Value::Unset);
        let c = Context {
            program,
            pools: &throws.pools,
        };
        for (i, (part, l)) in self.parts.iter().zip(&self.lifted).enumerate() {
            if *part == Part::Context {
                scratch[self.joined + 1 + i] = eval(c, &scratch, &l.expr).ok()?;
            }
        }
        // The ranges' bounds, as places of values: those of every state,
        // and those of the values compared here.
        let fixed = &ready.fixed;
        let mut bounds: SmallVec<[usize; 8]> = SmallVec::new();
        for e in &self.compared {
            let Ok(Value::Int(t)) = eval(c, &scratch, e) else {
                return None;
            };
            bounds.extend([fives.at_least(t), fives.above(t)]);
        }
        bounds.sort_unstable();
        bounds.dedup();
        bounds.retain(|p| fixed.places.binary_search(p).is_err());
        // The hands dealt below each bound: those holding the joined cards
        // less those holding one of the cards gone too, plus ...
        let mut below: SmallVec<[i64; 8]> = smallvec::smallvec![0; bounds.len()];
        let mut below_fixed: SmallVec<[i64; 8]> = smallvec::smallvec![0; fixed.places.len()];
        let mut sets: SmallVec<[Signed; 32]> = SmallVec::new();
        for_each_set(&held, &gone, room, &mut |set, sign| {
            fixed.add_below(fives, set, sign, &mut below_fixed);
            sets.push((set.into(), sign));
        });
        fives.add_below_sets(&sets, &bounds, &mut below);
        let mut bounds: SmallVec<[(usize, i64); 16]> = (bounds.into_iter().zip(below))
            .chain(fixed.places.iter().copied().zip(below_fixed))
            .collect();
        bounds.sort_unstable_by_key(|b| b.0);
        // Each range with hands, read through one of them.
        let mut ranges: Vec<(Values, u64, u32)> = Vec::new();
        for w in bounds.windows(2) {
            let n = w[1].1 - w[0].1;
            if n <= 0 {
                continue;
            }
            let to = fives.start(w[1].0);
            let number = representative(&held, fives, available, w[0].0, to)?;
            let place = fives.value_place(number);
            let mut of = ready.of[place].iter();
            for (i, part) in self.parts.iter().enumerate() {
                match part {
                    Part::Context => {}
                    Part::Value => scratch[self.joined + 1 + i] = Value::Int(fives.values()[place]),
                    Part::Of => scratch[self.joined + 1 + i] = *of.next()?,
                }
            }
            let values = (self.residual.iter().zip(&self.quick))
                .map(|(e, q)| q.value(c, &scratch, e))
                .collect();
            ranges.push((values, n as u64, number));
        }
        debug_assert_eq!(ranges.iter().map(|r| r.1).sum::<u64>(), total);
        // Ranges alike in what the round reads are one group.
        let mut index: FxHashMap<Values, usize> = FxHashMap::default();
        let mut groups: Vec<Group> = Vec::new();
        for (values, n, number) in ranges {
            match index.get(&values) {
                Some(&g) => groups[g]
                    .factor
                    .add(&Factor::Small(u128::from(n), u128::from(total))),
                None => {
                    // The hand dealt, its cards six bits each (a few hundred
                    // thousand of them at most), interned once.
                    let hole = fives.hand(number).into_iter().filter(|c| !held.contains(c));
                    let packed = hole.clone().fold(0u32, |p, c| p << 6 | (u32::from(c) + 1));
                    let hand = match self.hands.get(&packed) {
                        Some(&hand) => hand,
                        None => {
                            let mut pairs = deck.pairs(&program.shoes[draw.shoe], hole);
                            let hand = Value::Pool(throws.pools.intern_pairs(&mut pairs));
                            self.hands.insert(packed, hand);
                            hand
                        }
                    };
                    index.insert(values.clone(), groups.len());
                    groups.push(Group {
                        values,
                        factor: Factor::Small(u128::from(n), u128::from(total)),
                        hand,
                    });
                }
            }
        }
        Some(groups)
    }

    /// The deck, and what the parts reading the joined hand are worth at
    /// each value (read off one hand of it); `None` where the shoe is not
    /// one deck, a part fails to evaluate, or the parts change too often.
    fn build(&self, program: &Program, throws: &mut Throws, draw: &Draw) -> Option<Ready> {
        let deck = throws.deck(program, draw.shoe)?;
        let fives = &deck.fives;
        let mut scratch = vec![Value::Unset; self.joined + 1 + self.lifted.len()];
        let mut of: Vec<Values> = Vec::with_capacity(fives.values().len());
        let mut changes = Vec::new();
        let mut last: Option<Values> = None;
        for place in 0..fives.values().len() {
            let first = fives.start(place);
            let mut pairs = deck.pairs(&program.shoes[draw.shoe], fives.hand(first).into_iter());
            scratch[self.joined] = Value::Pool(throws.pools.intern_pairs(&mut pairs));
            let c = Context {
                program,
                pools: &throws.pools,
            };
            let values: Option<Values> = (self.parts.iter().zip(&self.lifted))
                .filter(|(p, _)| **p == Part::Of)
                .map(|(_, l)| eval(c, &scratch, &l.expr).ok())
                .collect();
            let values = values?;
            let read = self.read_of(c, &mut scratch, &values)?;
            if last.as_ref().is_some_and(|last| *last != read) {
                changes.push(place);
            }
            last = Some(read);
            of.push(values);
        }
        if changes.len() > MOST_CHANGES {
            return None;
        }
        let mut places = vec![0];
        places.extend(changes);
        places.push(fives.values().len());
        let fixed = fives.fixed(places);
        Some(Ready { deck, of, fixed })
    }

    /// What the residual expressions read of the [`Part::Of`] parts'
    /// `values` (in order): the value of each expression that reads
    /// nothing else, the parts themselves that the others read. Where it
    /// does not change, neither does the round: `qualifies(up + hole)`
    /// reads the hand's category, its highest rank and its kings, which
    /// change at hundreds of values, but is itself false up to A-K-4-3-2
    /// and true from there.
    fn read_of(&self, c: Context, scratch: &mut [Value], values: &Values) -> Option<Values> {
        let mut of = values.iter();
        for (i, part) in self.parts.iter().enumerate() {
            if *part == Part::Of {
                scratch[self.joined + 1 + i] = *of.next()?;
            }
        }
        let mut read = Values::new();
        for (e, only) in self.residual.iter().zip(&self.of_only) {
            if *only {
                read.push(eval(c, scratch, e).ok()?);
                continue;
            }
            let mut of = values.iter();
            for (i, part) in self.parts.iter().enumerate() {
                if *part == Part::Of {
                    let v = *of.next()?;
                    if e.reads(self.joined + 1 + i) {
                        read.push(v);
                    }
                }
            }
        }
        Some(read)
    }
}

/// Rewrites each call reading `hand` joined with other hands into the same
/// call of the slot `joined`, where it is one of [`READS_VALUE`] and the
/// hands joined are names, the same in every call (`with`); `false` where
/// the hand is read otherwise in a call.
fn join(e: &mut Expr, hand: usize, joined: usize, with: &mut Option<Vec<usize>>) -> bool {
    if let Some((b, args)) = e.as_call() {
        let reads = |a: &Expr| a.as_slot() == Some(hand);
        if args.iter().any(reads) {
            if !READS_VALUE.contains(&b) {
                return false;
            }
            let numbers = b.args().len().saturating_sub(1);
            let (hands, rest) = args.split_at(args.len().saturating_sub(numbers));
            let mut others = Vec::new();
            for a in hands {
                match a.as_slot() {
                    Some(s) if s != hand => others.push(s),
                    Some(_) => {}
                    None => return false,
                }
            }
            if hands.iter().filter(|a| reads(a)).count() != 1 || rest.iter().any(|a| a.reads(hand))
            {
                return false;
            }
            others.sort_unstable();
            match with {
                Some(w) if *w != others => return false,
                Some(_) => {}
                None => *with = Some(others),
            }
            let mut args: Vec<Expr> = vec![Expr::slot(joined, e.span)];
            args.extend(rest.iter().cloned());
            *e = Expr::call(b, args, e.span);
            return true;
        }
    }
    e.children_mut()
        .all(|child| join(child, hand, joined, with))
}

/// How many cards `slot` holds, where the round binds it once, by a draw
/// from `shoe`.
fn drawn(program: &Program, slot: usize, shoe: usize) -> Option<usize> {
    let mut writers = program.code.iter().filter(|i| i.writes().contains(&slot));
    match (writers.next().and_then(Instr::as_draw), writers.next()) {
        (Some(d), None) if d.shoe == shoe => Some(d.count as usize),
        _ => None,
    }
}

/// Whether `e` reads the slots `values` only each compared with an
/// expression reading none of the slots `of_hand` (added to `compared`).
fn compared_only(e: &Expr, values: &[usize], of_hand: &[usize], compared: &mut Vec<Expr>) -> bool {
    let is_value = |x: &Expr| x.as_slot().is_some_and(|s| values.contains(&s));
    if let Some((_, a, b)) = e.as_cmp().filter(|(_, a, b)| is_value(a) || is_value(b)) {
        let other = if is_value(a) { b } else { a };
        if of_hand.iter().any(|&s| other.reads(s)) {
            return false;
        }
        if !compared.contains(other) {
            compared.push(other.clone());
        }
        return true;
    }
    match e.as_slot() {
        Some(s) => !values.contains(&s),
        None => e
            .children()
            .all(|c| compared_only(c, values, of_hand, compared)),
    }
}

/// Calls `f` with each set of the cards `held` and up to `room` of `gone`
/// (both increasing; each set increasing), and its sign in inclusion and
/// exclusion: +1 with an even number of `gone`, -1 with an odd.
fn for_each_set(held: &[u8], gone: &[u8], room: usize, f: &mut dyn FnMut(&[u8], i64)) {
    fn go(
        chosen: &mut SmallVec<[u8; 5]>,
        held: &[u8],
        gone: &[u8],
        room: usize,
        sign: i64,
        f: &mut dyn FnMut(&[u8], i64),
    ) {
        // The set: `held` and `chosen` merged.
        let mut set = [0u8; 10];
        let (mut i, mut j) = (0, 0);
        for out in set.iter_mut().take(held.len() + chosen.len()) {
            if j == chosen.len() || (i < held.len() && held[i] < chosen[j]) {
                *out = held[i];
                i += 1;
            } else {
                *out = chosen[j];
                j += 1;
            }
        }
        f(&set[..held.len() + chosen.len()], sign);
        if room == 0 {
            return;
        }
        for (k, &c) in gone.iter().enumerate() {
            chosen.push(c);
            go(chosen, held, &gone[k + 1..], room - 1, -sign, f);
            chosen.pop();
        }
    }
    go(&mut SmallVec::new(), held, gone, room, 1, f);
}

/// A hand of a value at `place` or above, numbered before `to`, holding
/// `held` (any hand when it is empty), whose other cards are all
/// `available`.
fn representative(
    held: &[u8],
    fives: &crate::eval::fives::Fives,
    available: u64,
    place: usize,
    to: u32,
) -> Option<u32> {
    let dealt = |number: u32| {
        (fives.hand(number).iter()).all(|c| held.contains(c) || available >> c & 1 == 1)
    };
    if held.is_empty() {
        return (fives.start(place)..to).find(|&n| dealt(n));
    }
    fives
        .holding_from(held, place)
        .iter()
        .copied()
        .take_while(|&n| n < to)
        .find(|&n| dealt(n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::fives::Fives;
    use crate::program::card::Card;

    /// The hands of four of the `available` cards that, joined with
    /// `held`, are below the value at `place`, counted two ways: one by
    /// one, and by inclusion and exclusion as [`Counted::groups`] sums them.
    #[test]
    fn hands_avoiding_the_cards_gone_are_counted_by_inclusion_and_exclusion() {
        // Six ranks, ace down to nine, of four suits: 24 cards.
        let cards: Vec<Card> = (0..6)
            .flat_map(|r| (1..=4).map(move |s| Card::new(14 - r, s)))
            .collect();
        let fives = Fives::new(cards).expect("24 cards rank");
        let n = 24u8;
        for (held, gone) in [
            (vec![0u8], vec![1u8, 5, 9, 13, 22]),
            (vec![7], vec![0, 1, 2, 3, 4]),
            (vec![3, 17], vec![2, 8, 20]),
            (vec![], vec![4, 5, 6, 7, 10, 11]),
        ] {
            let available: u64 = (0..n)
                .filter(|c| !held.contains(c) && !gone.contains(c))
                .fold(0, |m, c| m | 1 << c);
            let room = 5 - held.len();
            let places = fives.values().len();
            let bounds = [0, 1, places / 3, places / 2, places - 7, places];
            // All the bounds at once, as `groups` counts them.
            let mut at_once = [0i64; 6];
            for_each_set(&held, &gone, room, &mut |set, sign| {
                fives.add_below(set, &bounds, sign, &mut at_once);
            });
            for (b, place) in bounds.into_iter().enumerate() {
                let mut counted = 0i64;
                for_each_set(&held, &gone, room, &mut |set, sign| {
                    counted += sign * i64::from(fives.below(set, place));
                });
                assert_eq!(
                    at_once[b], counted,
                    "{held:?} less {gone:?}, all bounds at once"
                );
                let free: Vec<u8> = (0..n).filter(|c| available >> c & 1 == 1).collect();
                let mut listed = 0i64;
                each_subset(&free, room, &mut Vec::new(), &mut |hole| {
                    let mut hand: Vec<u8> = held.iter().chain(hole).copied().collect();
                    hand.sort_unstable();
                    let number = fives.holding(&hand)[0];
                    listed += i64::from(number < fives.start(place));
                });
                assert_eq!(
                    counted, listed,
                    "{held:?} less {gone:?} below place {place}"
                );
                if place > 0 && listed > 0 {
                    let number = representative(&held, &fives, available, 0, fives.start(place))
                        .expect("a hand dealt below the bound");
                    let hand = fives.hand(number);
                    assert!(held.iter().all(|c| hand.contains(c)));
                    assert!(hand
                        .iter()
                        .all(|c| held.contains(c) || available >> c & 1 == 1));
                    assert!(number < fives.start(place));
                }
            }
        }
    }

    fn each_subset(from: &[u8], k: usize, set: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        if k == 0 {
            f(set);
            return;
        }
        for (i, &c) in from.iter().enumerate() {
            set.push(c);
            each_subset(&from[i + 1..], k - 1, set, f);
            set.pop();
        }
    }
}
