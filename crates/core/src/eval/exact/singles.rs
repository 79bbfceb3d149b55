//! Cards dealt one at a time and read alike in every order: a file written
//! the plain way deals three card poker's hands as `draw p1 = 1 from
//! cards`, `draw p2 = ...`, `draw p3 = ...`, and ranks them by hand from
//! `rank(p1)`, `suit(p2)`, ... The order of the three cards then matters
//! to nothing the round reads, yet the evaluator would keep each order of
//! them apart (six states for every hand) and would deal the last one
//! card at a time, where a hand of three is dealt as a multiset and its
//! states grouped by what the round reads of it ([`super::observed`]).
//!
//! So a run of one-card draws from one shoe is lowered to one draw of a
//! hand of as many cards, where:
//!
//! - the round reads the cards only in the `let`s right after the run
//!   (before any branch or jump target), each binding a name written
//!   nowhere else, and each of those reads only the cards and the names
//!   bound so before it, and reads a card only as `rank(c)` or `suit(c)`;
//! - the values those `let`s bind are the same for every order of the
//!   cards: checked by evaluating them for every order of every multiset of
//!   the shoe's kinds (up to the suits' names, where the round is
//!   symmetric in them), within a bound of work.
//!
//! The hand is dealt into the first card's slot, the others bound to a
//! constant no one reads, and each `rank(c)` and `suit(c)` of the `i`-th
//! card becomes the rank and suit of the hand's `i`-th card from the lowest
//! ([`Builtin::RankAt`], [`Builtin::SuitAt`]): one order of each multiset,
//! which by the check is as good as any, and the multiset's chance is the
//! sum of its orders'. The steps keep their places, so nothing that points
//! at a step moves. `tests/fast_paths.rs` compares the lowered round with
//! the one as written (the plain path) on the fixtures that have one.

use crate::eval::value::{eval, Context, Pools, Value};
use crate::program::builtin::Builtin;
use crate::program::{suits, Draw, Expr, Instr, Program, Shoe};

/// The most expressions evaluated to check that a run's cards are read
/// alike in every order (multisets x orders x `let`s): about a second of
/// the tree evaluator at worst. Past it, the run is dealt as written.
const MOST_CHECKED: u64 = 2_000_000;

/// The most cards in a run lowered.
const MOST_CARDS: usize = 5;

/// `program` with each run of one-card draws it may deal as one hand so
/// dealt (see the module); `None` where it has none.
pub(super) fn lower(program: &Program) -> Option<Program> {
    let mut lowered: Option<Program> = None;
    let symmetric = (program.symmetric_suits).unwrap_or_else(|| suits::symmetric(program));
    if !program.code.iter().any(|i| single(i).is_some()) {
        return None;
    }
    let landed = program.jumped_to();
    let mut pc = 0;
    while pc < program.code.len() {
        let end = run_end(program, &landed, pc);
        if end - pc >= 2 {
            let current = lowered.as_ref().unwrap_or(program);
            if let Some(rewritten) = lower_run(current, symmetric, &landed, pc, end) {
                lowered = Some(rewritten);
            }
        }
        pc = end.max(pc + 1);
    }
    let mut lowered = lowered?;
    lowered.symmetric_suits = Some(symmetric);
    // The cards after the first, and the shoe's cards dealt, are read no
    // more: the states forget them where the hand is dealt.
    crate::program::liveness::refresh(&mut lowered);
    Some(lowered)
}

/// A draw of one card that may start or go on a run.
fn single(instr: &Instr) -> Option<&Draw> {
    instr
        .as_draw()
        .filter(|d| d.count == 1 && !d.face_down && !d.for_each_seat)
}

/// Where the run of one-card draws from one shoe starting at `pc` ends
/// (`pc` itself where none starts there), no step of it but the first
/// landed on by a jump, at most [`MOST_CARDS`] long.
fn run_end(program: &Program, landed: &[bool], pc: usize) -> usize {
    let Some(first) = single(&program.code[pc]) else {
        return pc;
    };
    let mut end = pc + 1;
    while end < program.code.len()
        && end - pc < MOST_CARDS
        && !landed[end]
        && single(&program.code[end]).is_some_and(|d| d.shoe == first.shoe)
    {
        end += 1;
    }
    end
}

/// The round with the run of draws at `pc..end` dealt as one hand, where
/// the module's conditions hold; `symmetric`: whether the round as written
/// is symmetric in the suits.
fn lower_run(
    program: &Program,
    symmetric: bool,
    landed: &[bool],
    pc: usize,
    end: usize,
) -> Option<Program> {
    let cards: Vec<usize> = program.code[pc..end]
        .iter()
        .filter_map(|i| i.as_draw().map(|d| d.slot))
        .collect();
    let mut distinct = cards.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() != cards.len()
        || cards.iter().any(|&c| !program.written_once(c))
        || program.finals.iter().any(|f| cards.contains(&f.slot))
        || program.turn_ups.iter().any(|(_, s)| cards.contains(s))
    {
        return None;
    }
    // The lets right after the run that read the cards, in order.
    let mut bound: Vec<usize> = Vec::new();
    let mut lets: Vec<usize> = Vec::new();
    for (q, instr) in program.code.iter().enumerate().skip(end) {
        let Some((slot, value)) = instr.as_assign() else {
            break;
        };
        if landed[q] {
            break;
        }
        let mut read = Vec::new();
        value.slots_read(&mut read);
        if !read.iter().any(|s| cards.contains(s) || bound.contains(s)) {
            continue;
        }
        if !program.written_once(slot)
            || !read.iter().all(|s| cards.contains(s) || bound.contains(s))
            || !cards_read_as_cards(value, &cards)
        {
            return None;
        }
        bound.push(slot);
        lets.push(q);
    }
    // Nothing else reads the cards.
    let elsewhere = program
        .code
        .iter()
        .enumerate()
        .any(|(q, instr)| !lets.contains(&q) && cards.iter().any(|&c| instr_reads(instr, c)));
    if elsewhere || lets.is_empty() {
        return None;
    }
    let shoe = &program.shoes[program.code[pc].as_draw()?.shoe];
    if !alike_in_every_order(program, symmetric, shoe, &cards, &lets)? {
        return None;
    }
    let mut lowered = program.clone();
    let first = program.code[pc].as_draw()?;
    lowered.code[pc] = Instr::draw(Draw {
        count: cards.len() as u32,
        ..first.clone()
    });
    for (q, &card) in (pc + 1..end).zip(&cards[1..]) {
        let span = program.code[q].as_draw()?.span;
        lowered.code[q] = Instr::assign(card, Expr::int(0, span));
    }
    for &q in &lets {
        if let Some(value) = lowered.code[q].assigned_mut() {
            at_places(value, &cards);
        }
    }
    Some(lowered)
}

/// Whether `e` reads each of `cards` only as `rank(c)` or `suit(c)`.
fn cards_read_as_cards(e: &Expr, cards: &[usize]) -> bool {
    if let Some((Builtin::CardRank | Builtin::CardSuit, [arg])) = e.as_call() {
        if arg.as_slot().is_some_and(|s| cards.contains(&s)) {
            return true;
        }
    }
    if e.as_slot().is_some_and(|s| cards.contains(&s)) {
        return false;
    }
    e.children().all(|c| cards_read_as_cards(c, cards))
}

/// Each `rank(c)` and `suit(c)` of the `i`-th of `cards` made the rank and
/// suit of the `i`-th card of the hand dealt into the first.
fn at_places(e: &mut Expr, cards: &[usize]) {
    if let Some((b, [arg])) = e.as_call() {
        if let Some(i) = arg
            .as_slot()
            .and_then(|s| cards.iter().position(|&c| c == s))
        {
            let at = match b {
                Builtin::CardRank => Builtin::RankAt,
                _ => Builtin::SuitAt,
            };
            let args = vec![
                Expr::slot(cards[0], arg.span),
                Expr::int(i as i64, arg.span),
            ];
            *e = Expr::call(at, args, e.span);
            return;
        }
    }
    for child in e.children_mut() {
        at_places(child, cards);
    }
}

/// Whether `instr` reads `slot`.
fn instr_reads(instr: &Instr, slot: usize) -> bool {
    instr.knows().contains(&slot) || instr.exprs().iter().any(|e| e.reads(slot))
}

/// Whether the `let`s at `lets` bind the same values for every order of
/// every multiset of `shoe`'s kinds dealt into `cards`; `None` past
/// [`MOST_CHECKED`].
fn alike_in_every_order(
    program: &Program,
    symmetric: bool,
    shoe: &Shoe,
    cards: &[usize],
    lets: &[usize],
) -> Option<bool> {
    let k = cards.len();
    let maps = symmetric.then(|| suits::kind_maps(shoe)).flatten();
    let multisets = multisets(shoe, k)?;
    let orders: u64 = (1..=k as u64).product();
    let classes = match &maps {
        // About one in 24 of the multisets up to the suits' names.
        Some(_) => multisets.len() as u64 / 20 + 1,
        None => multisets.len() as u64,
    };
    if classes * orders * lets.len() as u64 > MOST_CHECKED {
        return None;
    }
    let mut pools = Pools::default();
    let card_values: Vec<Value> = (shoe.kinds.iter())
        .map(|kind| Value::Pool(pools.intern_hand(&[kind.value], &[kind.card.0])))
        .collect();
    let mut env = vec![Value::Unset; program.slots.len()];
    let c = Context {
        program,
        pools: &pools,
    };
    let mut order: Vec<usize> = Vec::with_capacity(k);
    for multiset in &multisets {
        if let Some(maps) = &maps {
            let least = maps.iter().all(|map| {
                let mut renamed: Vec<usize> = multiset.iter().map(|&kind| map[kind]).collect();
                renamed.sort_unstable();
                renamed >= *multiset
            });
            if !least {
                continue;
            }
        }
        order.clear();
        order.extend(multiset.iter().copied());
        let mut first: Option<Vec<Option<Value>>> = None;
        loop {
            for (&slot, &kind) in cards.iter().zip(&order) {
                env[slot] = card_values[kind];
            }
            let mut values = Vec::with_capacity(lets.len());
            for &q in lets {
                if let Some((slot, value)) = program.code[q].as_assign() {
                    let v = eval(c, &env, value).ok();
                    env[slot] = v.unwrap_or(Value::Unset);
                    values.push(v);
                }
            }
            match &first {
                Some(f) if *f != values => return Some(false),
                Some(_) => {}
                None => first = Some(values),
            }
            if !next_order(&mut order) {
                break;
            }
        }
    }
    Some(true)
}

/// Every multiset of `k` of `shoe`'s kinds it can deal (a kind at most as
/// many times as it holds cards of it), each as its kinds ascending;
/// `None` past [`MOST_CHECKED`] of them.
fn multisets(shoe: &Shoe, k: usize) -> Option<Vec<Vec<usize>>> {
    let held: Vec<u64> = (shoe.kinds.iter())
        .map(|kind| match shoe.decks {
            Some(decks) => (u64::from(decks) * u64::from(kind.per_deck))
                .saturating_sub(u64::from(kind.removed)),
            None => k as u64,
        })
        .collect();
    let mut out = Vec::new();
    let mut current = Vec::with_capacity(k);
    fn go(
        held: &[u64],
        from: usize,
        k: usize,
        current: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) -> bool {
        if current.len() == k {
            out.push(current.clone());
            return (out.len() as u64) <= MOST_CHECKED;
        }
        for kind in from..held.len() {
            let taken = current.iter().filter(|&&c| c == kind).count() as u64;
            if taken < held[kind] {
                current.push(kind);
                if !go(held, kind, k, current, out) {
                    return false;
                }
                current.pop();
            }
        }
        true
    }
    go(&held, 0, k, &mut current, &mut out).then_some(out)
}

/// The next order of `order` (lexicographically, equal kinds not told
/// apart); `false` after the last.
fn next_order(order: &mut [usize]) -> bool {
    let Some(i) = (1..order.len()).rev().find(|&i| order[i - 1] < order[i]) else {
        return false;
    };
    let j = (i..order.len())
        .rev()
        .find(|&j| order[j] > order[i - 1])
        .unwrap_or(i);
    order.swap(i - 1, j);
    order[i..].reverse();
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::exact::{evaluate_round, Limits};

    fn program(src: &str) -> Program {
        crate::check::load(src, &Default::default())
            .expect("checks")
            .1
    }

    /// Three cards ranked by hand (tests/fixtures/poker has the whole
    /// pair plus): `RANKED` is replaced to try other reads of them.
    const SOURCE: &str = r#"game "G"
shoe cards {
  decks = 1
  values A => 14, 2..10 => pip, J => 11, Q => 12, K => 13
  aces high
}
round {
  draw c1 = 1 from cards
  draw c2 = 1 from cards
  draw c3 = 1 from cards
  let high = max(rank(c1), max(rank(c2), rank(c3)))
  RANKED
  let flush = suit(c1) = suit(c2) and suit(c2) = suit(c3)
  let pays = -1
  if flush and high > 12 {
    set pays = 5
  }
}
bet b pays pays
"#;

    fn with(ranked: &str) -> Program {
        program(&SOURCE.replace("RANKED", ranked))
    }

    /// The mean net of `p`'s bet, as a fraction.
    fn mean(p: &Program) -> crate::number::Exact {
        let d = evaluate_round(p, Limits::default()).expect("evaluates");
        let slot = p
            .finals
            .iter()
            .position(|f| f.name == "pays")
            .expect("pays");
        (d.ends.iter()).fold(crate::number::Exact::zero(), |t, end| {
            let n = end.values[slot].expect("a number");
            &t + &(&end.probability() * &crate::number::Exact::int(n))
        })
    }

    #[test]
    fn cards_read_alike_in_every_order_are_dealt_as_one_hand() {
        let p = with("let total = rank(c1) + rank(c2) + rank(c3)");
        let lowered = lower(&p).expect("lowered");
        let draws: Vec<u32> = (lowered.code.iter())
            .filter_map(|i| i.as_draw().map(|d| d.count))
            .collect();
        assert_eq!(draws, [3]);
        assert_eq!(lowered.code.len(), p.code.len(), "no step moves");
        assert_eq!(lowered.symmetric_suits, Some(true));
        // The same figures either way (the plain path deals one at a time).
        assert_eq!(mean(&p), crate::eval::plain(|| mean(&p)));
    }

    #[test]
    fn cards_read_in_an_order_are_dealt_as_written() {
        for ranked in [
            // The first card apart from the others.
            "let first = rank(c1)",
            // A difference, whose sign follows the order.
            "let total = rank(c1) - rank(c2) + rank(c3)",
            // A suit read as a number is fine (suit_at), but not in an
            // order: clubs first.
            "let total = suit(c1)",
        ] {
            assert!(lower(&with(ranked)).is_none(), "{ranked}");
        }
        // A card read after a branch, or read whole, is not lowered
        // either.
        let branch = SOURCE
            .replace("RANKED", "")
            .replace("if flush and high > 12", "if flush and rank(c1) > 12");
        assert!(lower(&program(&branch)).is_none());
        let whole = SOURCE.replace("RANKED", "let n = value(c1) + value(c2) + value(c3)");
        assert!(lower(&program(&whole)).is_none());
    }
}
