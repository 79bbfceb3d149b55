//! The results of each throw as the round observes them, computed once and
//! shared by every state (and every option of a choice) that throws alike.
//!
//! A throw the round sees whole has one result per multiset of faces, kept
//! in its slot. A projected throw (see `check::projection`) has one result
//! per distinct value of its observations, stored in their slots; the dice
//! themselves are never kept. Its observations are counted face by face
//! when they are statistics [`pool::grouped`] knows, and by listing the
//! multisets otherwise (hands, `is` patterns).

use std::rc::Rc;

use num_bigint::BigUint;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use super::fives::Deck;
use super::pool;
use super::shoe;
use super::value::{eval, Context, Pools, Value};
use super::weight::Factor;
use super::EvalError;
use crate::ast::Span;
use crate::program::builtin::Stat;
use crate::program::{Draw, Expr, Instr, Program, Projection, Shoe, Throw};

/// Grouping one throw by its statistics may always hold this many states,
/// whatever the limit on the round's states: it is transient, and small
/// limits are meant for the round.
const MIN_GROUPING: usize = 1 << 16;

/// The multisets of one throw that may always be listed: the checker's
/// bound on a throw the round reads whole.
pub(crate) const MAX_LISTED: u64 = 1_000_000;

/// One distinct result of a throw: the values it puts in slots, and its
/// probability as a factor whose numerator is its number of ordered ways.
#[derive(Debug)]
pub struct ThrowResult {
    pub sets: Sets,
    pub factor: Factor,
}

/// The values a result puts in slots.
type Sets = SmallVec<[(usize, Value); 2]>;

/// Every multiset result of some dice: (interned throw, ordered ways).
type Multisets = Rc<[(u32, BigUint)]>;

/// How the throws reading an interchangeable slot are observed under one
/// of its values.
type Signature = Vec<Rc<[ThrowResult]>>;

/// A throw's results depend on its slot, its dice, and the values of its
/// context.
type ThrowKey = (usize, u32, u32, SmallVec<[Value; 2]>);

/// The throws of one game, computed once.
#[derive(Default)]
pub struct Throws {
    /// Every multiset of faces met, interned.
    pub pools: Pools,
    /// Every multiset result of some dice: (interned throw, ordered ways).
    raw: FxHashMap<(u32, u32), Multisets>,
    results: FxHashMap<ThrowKey, Rc<[ThrowResult]>>,
    /// The chance of each hand from each infinite shoe, by number of cards.
    infinite: FxHashMap<(usize, u32), Rc<[Option<Factor>]>>,
    /// Every hand of each shoe and number of cards.
    hands: FxHashMap<(usize, u32), Rc<[DealtHand]>>,
    /// How each shoe's dealt cards are packed, once known.
    packings: Vec<Option<u32>>,
    /// The representative of each value of an interchangeable slot.
    canonical: FxHashMap<(usize, Value), Value>,
    /// For each interchangeable slot, its classes of values: how the throws
    /// reading it are observed, and the first value seen so.
    classes: Vec<(usize, Signature, Value)>,
    /// Each one-deck shoe's five-card hands by value, once asked for (see
    /// [`Throws::deck`]).
    decks: FxHashMap<usize, Option<Rc<Deck>>>,
    /// Each first deal dealt up to the suits' names, by shoe and number of
    /// cards (see [`Throws::deal_by_suits`]).
    by_suits: FxHashMap<(usize, u32), Option<Rc<[Dealt]>>>,
}

/// One hand a draw deals in some state.
#[derive(Clone)]
pub struct Dealt {
    /// The hand's place among every hand of the draw (as `shoe::hands`
    /// lists them), the same in every state.
    pub index: usize,
    pub factor: Factor,
    /// The hand, for the draw's slot.
    pub hand: Value,
    /// For a finite shoe, every card dealt so far, for the shoe's slot
    /// (unless the deal was asked not to track them).
    pub dealt: Option<Value>,
}

/// A hand a draw may deal, with its values interned and, when the shoe's
/// dealt cards are packed, what it adds to them.
struct DealtHand {
    hand: shoe::Hand,
    pool: u32,
    packed: Option<i64>,
    /// For a hand of distinct kinds, all below 128: its kinds, bit k for
    /// kind k (see [`shoe::Odds::of_distinct`]).
    distinct: Option<u128>,
}

impl DealtHand {
    /// The hand's chance at `odds`; on the `fast` path, a hand of distinct
    /// kinds by a test of bits (`Odds::of_distinct`), its plain twin
    /// [`shoe::Odds::of`].
    #[inline]
    fn chance(&self, odds: &shoe::Odds, fast: bool) -> Option<Factor> {
        match fast {
            true => odds.of_distinct(self.distinct, &self.hand),
            false => odds.of(&self.hand),
        }
    }
}

/// What a draw of one card from a finite shoe needs to deal it by the
/// counts alone (see `exact::linear`).
pub struct OneCard {
    /// Bits of each kind's field in the packed dealt cards.
    pub bits: u32,
    /// The cards of each kind in the full shoe.
    pub full: Vec<u64>,
    /// The one-card hand of each kind, as the draw's slot holds it.
    pub hands: Vec<Value>,
}

/// The odds of a draw of `count` cards from finite `shoe` holding `left`
/// cards of each kind; the shoe's emptiness an error at the draw, `span`.
fn finite_odds<'a>(
    shoe: &Shoe,
    left: &'a [u64],
    count: u32,
    span: Span,
) -> Result<shoe::Odds<'a>, EvalError> {
    shoe::Odds::new(shoe::Source::Finite(left), count).map_err(|short| EvalError::ShoeEmpty {
        shoe: shoe.name.clone(),
        count,
        left: short.left,
        span,
    })
}

/// The parts of a throw instruction its results depend on.
#[derive(Clone, Copy)]
pub struct Dice<'a> {
    pub slot: usize,
    pub count: u32,
    pub sides: u32,
    pub observe: Option<&'a Projection>,
    pub span: Span,
}

impl<'a> Dice<'a> {
    /// The dice of a throw.
    pub fn of(throw: &'a Throw) -> Dice<'a> {
        let &Throw {
            slot,
            count,
            sides,
            ref observe,
            span,
            ..
        } = throw;
        Dice {
            slot,
            count,
            sides,
            observe: observe.as_ref(),
            span,
        }
    }
}

impl Throws {
    /// The hands of the draw `draw` in state `env`,
    /// into `out`: each with its chance, the hand, and for a finite shoe,
    /// when `track` asks, the cards dealt so far with it. Each state deals
    /// afresh: a deal is a few products, cheaper than keeping every deal
    /// met.
    pub fn deal(
        &mut self,
        program: &Program,
        draw: &Draw,
        env: &[Value],
        out: &mut Vec<Dealt>,
        track: bool,
    ) -> Result<(), EvalError> {
        let &Draw {
            count,
            shoe: index,
            dealt,
            span,
            ..
        } = draw;
        out.clear();
        let shoe = &program.shoes[index];
        let hands = self.hands(program, index, count);
        let Some(decks) = shoe.decks else {
            // The infinite shoe deals alike in every state.
            let odds = self.infinite_odds(program, index, count);
            for (index, (hand, factor)) in hands.iter().zip(odds.iter()).enumerate() {
                if let Some(factor) = factor {
                    out.push(Dealt {
                        index,
                        factor: factor.clone(),
                        hand: Value::Pool(hand.pool),
                        dealt: None,
                    });
                }
            }
            return Ok(());
        };
        let before = env.get(dealt).copied().unwrap_or_default();
        let packing = self.packing(program, index);
        let fast = crate::eval::fast_paths();
        if let (1, Some(bits), Value::Int(_) | Value::Unset, true) = (count, packing, before, fast)
        {
            return deal_one_packed(shoe, decks, bits, before, &hands, out, track, span);
        }
        let left = self.left(program, index, decks, before);
        if count == 1 {
            // One card: each kind's chance is the cards of that kind left
            // over the cards left.
            let all: u64 = left.iter().sum();
            if all == 0 {
                return Err(EvalError::ShoeEmpty {
                    shoe: shoe.name.clone(),
                    count,
                    left: 0,
                    span,
                });
            }
            for (index, (hand, &n)) in hands.iter().zip(&left).enumerate() {
                // One-card hands are listed kind by kind.
                debug_assert_eq!(hand.hand.kinds, [(index, 1)]);
                if n > 0 {
                    out.push(Dealt {
                        index,
                        factor: Factor::Small(u128::from(n), u128::from(all)),
                        hand: Value::Pool(hand.pool),
                        dealt: track.then(|| self.after(before, hand)),
                    });
                }
            }
            return Ok(());
        }
        let odds = finite_odds(shoe, &left, count, span)?;
        for (index, hand) in hands.iter().enumerate() {
            let Some(factor) = hand.chance(&odds, fast) else {
                continue;
            };
            let after = track.then(|| self.after(before, hand));
            out.push(Dealt {
                index,
                factor,
                hand: Value::Pool(hand.pool),
                dealt: after,
            });
        }
        Ok(())
    }

    /// The first deal of the round, `draw`, one hand of each set alike up
    /// to the suits' names (see [`by_suits`](super::by_suits)), with the
    /// chance of the set and the cards dealt: alike in every state (nothing
    /// was dealt before), listed once. `None` where the shoe is not one
    /// deck of 52 cards told apart ([`by_suits::applies`](super::by_suits::applies)).
    pub fn deal_by_suits(&mut self, program: &Program, draw: &Draw) -> Option<Rc<[Dealt]>> {
        if let Some(dealt) = self.by_suits.get(&(draw.shoe, draw.count)) {
            return dealt.clone();
        }
        let shoe = &program.shoes[draw.shoe];
        let dealt = super::by_suits::hands(shoe, draw.count).map(|hands| {
            let all: u64 = hands.iter().map(|(_, n)| n).sum();
            let packing = self.packing(program, draw.shoe);
            let mut out = Vec::with_capacity(hands.len());
            for (index, (hand, n)) in hands.into_iter().enumerate() {
                let hand = DealtHand {
                    pool: self.pools.intern_hand(&hand.values, &hand.cards),
                    packed: packing.map(|bits| shoe::pack_add(0, bits, &hand.kinds)),
                    distinct: None,
                    hand,
                };
                out.push(Dealt {
                    index,
                    factor: Factor::Small(u128::from(n), u128::from(all)),
                    hand: Value::Pool(hand.pool),
                    dealt: Some(self.after(Value::Unset, &hand)),
                });
            }
            out.into()
        });
        self.by_suits.insert((draw.shoe, draw.count), dealt.clone());
        dealt
    }

    /// Deals the draw `draw` in state `env` as [`Throws::deal`] does, not
    /// tracking the cards dealt, on every core: `run` is handed the hands in
    /// runs of `size` (in the order of the shoe's hands, and the interned
    /// multisets to read them by), and its results are returned in order.
    /// Each run's chances are computed where it runs.
    pub fn deal_runs<R: Send>(
        &mut self,
        program: &Program,
        draw: &Draw,
        env: &[Value],
        size: usize,
        run: impl Fn(&Pools, &mut dyn Iterator<Item = Dealt>) -> R + Sync,
    ) -> Result<Vec<R>, EvalError> {
        use rayon::prelude::*;
        let &Draw {
            count,
            shoe: index,
            dealt,
            span,
            ..
        } = draw;
        let shoe = &program.shoes[index];
        let before = env.get(dealt).copied().unwrap_or_default();
        let general = count > 1 && shoe.decks.is_some() && crate::eval::fast_paths();
        if !general {
            let mut out = Vec::new();
            self.deal(program, draw, env, &mut out, false)?;
            let pools = &self.pools;
            return Ok(out
                .par_chunks(size.max(1))
                .map(|chunk| run(pools, &mut chunk.iter().cloned()))
                .collect());
        }
        let hands = self.hands(program, index, count);
        let left = self.left(program, index, shoe.decks.unwrap_or(0), before);
        let odds = finite_odds(shoe, &left, count, span)?;
        let pools = &self.pools;
        Ok(hands
            .par_chunks(size.max(1))
            .enumerate()
            .map(|(n, chunk)| {
                let mut dealt = chunk.iter().enumerate().filter_map(|(i, hand)| {
                    Some(Dealt {
                        index: n * size + i,
                        factor: hand.chance(&odds, true)?,
                        hand: Value::Pool(hand.pool),
                        dealt: None,
                    })
                });
                run(pools, &mut dealt)
            })
            .collect())
    }

    /// The five-card hands of shoe `index` by value, when it is one deck
    /// of cards of rank and suit known (less any taken out): built once, on
    /// the first call (about a second and 310 MB for 52 cards).
    pub(crate) fn deck(&mut self, program: &Program, index: usize) -> Option<Rc<Deck>> {
        self.decks
            .entry(index)
            .or_insert_with(|| {
                let shoe = &program.shoes[index];
                Deck::of(shoe, shoe.decks?).map(Rc::new)
            })
            .clone()
    }

    /// The cards of each kind left in finite shoe `index` of `decks` decks,
    /// `before` the cards dealt so far: packed in a whole number when they
    /// fit one, else a multiset of kinds.
    pub(crate) fn left(
        &mut self,
        program: &Program,
        index: usize,
        decks: u32,
        before: Value,
    ) -> shoe::Counts {
        let shoe = &program.shoes[index];
        let kinds = shoe.kinds.len();
        let gone = match (before, self.packing(program, index)) {
            (Value::Int(p), Some(bits)) => shoe::unpack(p, bits, kinds),
            (Value::Pool(id), _) => shoe::counts(shoe, self.pools.faces(id)),
            _ => smallvec::smallvec![0; kinds],
        };
        shoe::left(shoe, decks, &gone)
    }

    /// The draw `draw`, when it deals one card from a finite shoe
    /// whose dealt cards are packed in a number: the shoe's counts and the
    /// one-card hands.
    pub fn one_card(&mut self, program: &Program, draw: &Draw) -> Option<OneCard> {
        let &Draw {
            count: 1,
            shoe: index,
            ..
        } = draw
        else {
            return None;
        };
        let shoe = &program.shoes[index];
        let decks = shoe.decks?;
        let bits = self.packing(program, index)?;
        let hands = self.hands(program, index, 1);
        Some(OneCard {
            bits,
            full: (shoe.kinds.iter()).map(|k| k.full(decks)).collect(),
            hands: hands.iter().map(|h| Value::Pool(h.pool)).collect(),
        })
    }

    /// The cards dealt from a finite shoe once `hand` is dealt after
    /// `before`.
    fn after(&mut self, before: Value, hand: &DealtHand) -> Value {
        match (hand.packed, before) {
            // Nothing dealt yet is the packed number 0. No count overflows
            // its field (see `packing`), so the fields add as one number.
            (Some(added), Value::Int(p)) => Value::Int(p + added),
            (Some(added), _) => Value::Int(added),
            (None, _) => {
                // The kinds dealt (indices into the shoe's kinds), sorted.
                let mut after: Vec<u32> = match before {
                    Value::Pool(id) => self.pools.faces(id).to_vec(),
                    _ => Vec::new(),
                };
                for &(k, m) in &hand.hand.kinds {
                    after.extend(std::iter::repeat_n(k as u32, m as usize));
                }
                after.sort_unstable();
                Value::Pool(self.pools.intern(&after))
            }
        }
    }

    /// The chance of each hand of `count` cards from infinite shoe `index`
    /// (`None` for a hand it cannot deal), computed once.
    fn infinite_odds(
        &mut self,
        program: &Program,
        index: usize,
        count: u32,
    ) -> Rc<[Option<Factor>]> {
        if let Some(odds) = self.infinite.get(&(index, count)) {
            return odds.clone();
        }
        let shoe = &program.shoes[index];
        let hands = self.hands(program, index, count);
        let odds: Rc<[Option<Factor>]> = match shoe::Odds::new(shoe::Source::Infinite(shoe), count)
        {
            Ok(odds) => hands.iter().map(|h| odds.of(&h.hand)).collect(),
            // The infinite shoe never runs short.
            Err(_) => Rc::new([]),
        };
        self.infinite.insert((index, count), odds.clone());
        odds
    }

    /// Every hand of `count` cards from shoe `index`, its values interned,
    /// listed once.
    fn hands(&mut self, program: &Program, index: usize, count: u32) -> Rc<[DealtHand]> {
        if let Some(hands) = self.hands.get(&(index, count)) {
            return hands.clone();
        }
        let packing = self.packing(program, index);
        let hands: Rc<[DealtHand]> = shoe::hands(&program.shoes[index], count)
            .into_iter()
            .map(|hand| DealtHand {
                // Cards alike but for their values are interned as a throw.
                pool: if hand.cards.iter().all(|&c| c == 0) {
                    self.pools.intern(&hand.values)
                } else {
                    self.pools.intern_hand(&hand.values, &hand.cards)
                },
                packed: packing.map(|bits| shoe::pack_add(0, bits, &hand.kinds)),
                distinct: (hand.kinds.iter())
                    .all(|&(k, m)| m == 1 && k < 128)
                    .then(|| (hand.kinds.iter()).fold(0u128, |mask, &(k, _)| mask | 1 << k)),
                hand,
            })
            .collect();
        self.hands.insert((index, count), hands.clone());
        hands
    }

    /// How the cards dealt from shoe `index` are packed (see
    /// [`shoe::packing`]): the round deals at most the sum of its draws
    /// from the shoe, since it only jumps forward.
    pub(crate) fn packing(&mut self, program: &Program, index: usize) -> Option<u32> {
        if self.packings.is_empty() {
            self.packings = (0..program.shoes.len())
                .map(|i| {
                    let most: u64 = program
                        .code
                        .iter()
                        .filter_map(Instr::as_draw)
                        .filter(|draw| draw.shoe == i)
                        .map(|draw| u64::from(draw.count))
                        .sum();
                    shoe::packing(program.shoes[i].kinds.len(), most)
                })
                .collect();
        }
        self.packings.get(index).copied().flatten()
    }

    /// The results of `dice` thrown in state `env`.
    pub fn results(
        &mut self,
        program: &Program,
        dice: Dice,
        env: &[Value],
        limit: usize,
    ) -> Result<Rc<[ThrowResult]>, EvalError> {
        let context = dice
            .observe
            .iter()
            .flat_map(|p| &p.context)
            .map(|&s| env.get(s).copied().unwrap_or_default())
            .collect();
        let key = (dice.slot, dice.count, dice.sides, context);
        if let Some(results) = self.results.get(&key) {
            return Ok(results.clone());
        }
        let groups = match dice.observe {
            None => self
                .raw(dice, limit)?
                .iter()
                .map(|(id, ways)| {
                    let sets = SmallVec::from_slice(&[(dice.slot, Value::Pool(*id))]);
                    (sets, ways.clone())
                })
                .collect(),
            Some(p) => self.observed(program, dice, p, env, limit)?,
        };
        let total = pool::total(dice.count, dice.sides);
        let results: Rc<[ThrowResult]> = groups
            .into_iter()
            .map(|(sets, ways)| ThrowResult {
                factor: Factor::new(&ways, &total),
                sets,
            })
            .collect();
        self.results.insert(key, results.clone());
        Ok(results)
    }

    /// The results of a projected throw, grouped by its observations, in
    /// order of their values.
    fn observed(
        &mut self,
        program: &Program,
        dice: Dice,
        projection: &Projection,
        env: &[Value],
        limit: usize,
    ) -> Result<Vec<(Sets, BigUint)>, EvalError> {
        let slots: Vec<usize> = projection.observations.iter().map(|(s, _)| *s).collect();
        let with_slots = |values: Vec<Value>| slots.iter().copied().zip(values).collect();
        let stats = {
            let context = Context {
                program,
                pools: &self.pools,
            };
            projection
                .observations
                .iter()
                .map(|(_, e)| stat(context, env, e))
                .collect::<Result<Option<Vec<Stat>>, _>>()?
        };
        if let Some(stats) = stats {
            let groups = pool::grouped(dice.count, dice.sides, &stats, limit.max(MIN_GROUPING))
                .map_err(|e| match e {
                    pool::TooMany::States => EvalError::ThrowLimit {
                        limit: limit.max(MIN_GROUPING),
                        span: dice.span,
                    },
                    pool::TooMany::Sum => EvalError::Overflow { span: dice.span },
                })?;
            return Ok(groups
                .into_iter()
                .map(|(values, ways)| {
                    (
                        with_slots(values.into_iter().map(Value::Int).collect()),
                        ways,
                    )
                })
                .collect());
        }
        // Listing the multisets, each observed by the interpreter.
        let raw = self.raw(dice, limit)?;
        let context = Context {
            program,
            pools: &self.pools,
        };
        let mut env: SmallVec<[Value; 8]> = SmallVec::from_slice(env);
        let mut groups: FxHashMap<Vec<Value>, BigUint> = FxHashMap::default();
        for (id, ways) in raw.iter() {
            env[dice.slot] = Value::Pool(*id);
            let key = projection
                .observations
                .iter()
                .map(|(_, e)| eval(context, &env, e))
                .collect::<Result<Vec<Value>, _>>()?;
            *groups.entry(key).or_default() += ways;
        }
        let mut groups: Vec<(Vec<Value>, BigUint)> = groups.into_iter().collect();
        groups.sort_by(|a, b| a.0.cmp(&b.0));
        Ok(groups
            .into_iter()
            .map(|(values, ways)| (with_slots(values), ways))
            .collect())
    }

    /// Every multiset of `dice`, interned, with its ordered ways. The
    /// checker lets a throw of more multisets than one throw may list
    /// through only when the round reads nothing of it but statistics
    /// (counted face by face, never listed); one listed all the same is
    /// refused here rather than listed for ever.
    fn raw(&mut self, dice: Dice, limit: usize) -> Result<Multisets, EvalError> {
        let (count, sides) = (dice.count, dice.sides);
        if let Some(raw) = self.raw.get(&(count, sides)) {
            return Ok(raw.clone());
        }
        let most = (MAX_LISTED as usize).max(limit);
        if crate::multiset::count(u64::from(count), u64::from(sides)) > most as u64 {
            return Err(EvalError::ThrowLimit {
                limit: most,
                span: dice.span,
            });
        }
        let raw: Multisets = pool::outcomes(count, sides)
            .into_iter()
            .map(|(faces, ways)| (self.pools.intern(&faces), ways))
            .collect();
        self.raw.insert((count, sides), raw.clone());
        Ok(raw)
    }

    /// The representative of `value` in the interchangeable slot `slot`: the
    /// first value seen under which every throw reading the slot is observed
    /// alike.
    pub fn canonical(
        &mut self,
        program: &Program,
        slot: usize,
        value: Value,
        limit: usize,
    ) -> Result<Value, EvalError> {
        if let Some(&v) = self.canonical.get(&(slot, value)) {
            return Ok(v);
        }
        let mut env = vec![Value::Unset; program.slots.len()];
        env[slot] = value;
        let mut signature: Signature = Vec::new();
        let mut seen: Vec<(usize, u32, u32)> = Vec::new();
        for dice in program
            .code
            .iter()
            .filter_map(Instr::as_throw)
            .map(Dice::of)
        {
            let reads = dice.observe.is_some_and(|p| p.context == [slot]);
            if reads && !seen.contains(&(dice.slot, dice.count, dice.sides)) {
                seen.push((dice.slot, dice.count, dice.sides));
                signature.push(self.results(program, dice, &env, limit)?);
            }
        }
        let same = |a: &[ThrowResult], b: &[ThrowResult]| {
            a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|(x, y)| x.sets == y.sets && x.factor == y.factor)
        };
        let class = self.classes.iter().find(|(s, sig, _)| {
            *s == slot
                && sig.len() == signature.len()
                && sig.iter().zip(&signature).all(|(a, b)| same(a, b))
        });
        let representative = match class {
            Some((_, _, v)) => *v,
            None => {
                self.classes.push((slot, signature, value));
                value
            }
        };
        self.canonical.insert((slot, value), representative);
        Ok(representative)
    }
}

/// One card dealt from a finite shoe whose dealt cards are packed in a
/// number (`before`, or nothing dealt yet): each kind's chance is the cards
/// of it left over the cards left, read straight off the packed counts.
/// The common draw of a card game, so it builds nothing on the way.
#[allow(clippy::too_many_arguments)]
fn deal_one_packed(
    shoe: &crate::program::Shoe,
    decks: u32,
    bits: u32,
    before: Value,
    hands: &[DealtHand],
    out: &mut Vec<Dealt>,
    track: bool,
    span: Span,
) -> Result<(), EvalError> {
    let packed = match before {
        Value::Int(p) => p as u64,
        _ => 0,
    };
    let mask = (1u64 << bits) - 1;
    let left = |k: usize| {
        let gone = (packed >> (bits * k as u32)) & mask;
        shoe.kinds[k].full(decks).saturating_sub(gone)
    };
    let all: u64 = (0..shoe.kinds.len()).map(left).sum();
    if all == 0 {
        return Err(EvalError::ShoeEmpty {
            shoe: shoe.name.clone(),
            count: 1,
            left: 0,
            span,
        });
    }
    // One-card hands are listed kind by kind.
    for (index, hand) in hands.iter().enumerate() {
        let n = left(index);
        if n > 0 {
            out.push(Dealt {
                index,
                factor: Factor::Small(u128::from(n), u128::from(all)),
                hand: Value::Pool(hand.pool),
                dealt: track.then(|| Value::Int(packed as i64 + hand.packed.unwrap_or(0))),
            });
        }
    }
    Ok(())
}

/// The statistic an observation computes, with its context (`count`'s
/// face) evaluated; `None` when it is not one [`pool::grouped`] counts.
fn stat(context: Context, env: &[Value], e: &Expr) -> Result<Option<Stat>, EvalError> {
    let Some((b, args)) = e.as_call() else {
        return Ok(None);
    };
    if b.stat([0, 0]).is_none() {
        return Ok(None);
    }
    let mut numbers = [0i64; 2];
    let given = args
        .iter()
        .zip(b.args())
        .filter(|(_, (_, kind))| !kind.is_throw());
    for (number, (arg, _)) in numbers.iter_mut().zip(given) {
        match eval(context, env, arg)? {
            Value::Int(n) => *number = n,
            _ => return Ok(None),
        }
    }
    Ok(b.stat(numbers))
}
