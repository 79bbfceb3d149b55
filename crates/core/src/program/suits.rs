//! Suit symmetry: a round that never reads which suit a card is, only
//! whether cards share one (poker's flushes), deals alike whatever the
//! suits are called. Renaming the four suits (24 ways) then changes no
//! chance and no settlement, so that states which differ only by a
//! renaming are one (the exact evaluator keeps one of each kind), and a
//! chooser who knows a hand knows it up to a renaming (`Q♠ 6♥ 4♦` is the
//! situation of `Q♥ 6♣ 4♠`).
//!
//! A round is symmetric when some shoe tells suits apart, nothing reads a
//! card's suit as a number (`suit(c)`) but to ask whether two single
//! cards share one (`suit(a) = suit(b)`, `suit(a) != suit(b)`), and no
//! card was taken out of a shoe telling suits apart (cards removed are
//! spread over the suits, clubs first).

use smallvec::SmallVec;

use super::builtin::Builtin;
use super::card::Card;
use super::{Cmp, Expr, ExprKind, Instr, Program, Shoe};

/// The 24 renamings of the suits: `PERMUTATIONS[p][s]` is the new name of
/// suit `s` (1 to 4; index 0 unused), the identity first.
pub const PERMUTATIONS: [[u32; 5]; 24] = permutations();

const fn permutations() -> [[u32; 5]; 24] {
    let mut out = [[0u32; 5]; 24];
    let mut n = 0;
    let mut a = 1;
    while a <= 4 {
        let mut b = 1;
        while b <= 4 {
            let mut c = 1;
            while c <= 4 {
                let d = if a + b + c < 10 { 10 - a - b - c } else { 0 };
                if a != b && a != c && b != c && d >= 1 && d <= 4 && d != a && d != b && d != c {
                    out[n] = [0, a, b, c, d];
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    out
}

/// A card with its suit renamed by permutation `p`.
#[inline]
pub fn renamed(card: u32, p: usize) -> u32 {
    let c = Card(card);
    match c.suit() {
        s @ 1..=4 => Card::new(c.rank(), PERMUTATIONS[p][s as usize]).0,
        _ => card,
    }
}

/// Whether `program`'s round is symmetric in the suits (see the module).
pub fn symmetric(program: &Program) -> bool {
    let suited: Vec<&Shoe> = (program.shoes.iter()).filter(|s| s.telling().1).collect();
    !suited.is_empty()
        && suited.iter().all(|s| s.removed.iter().all(|&r| r == 0))
        && !program.code.iter().any(|i| instr_reads_suit(program, i))
}

fn instr_reads_suit(program: &Program, instr: &Instr) -> bool {
    instr.exprs().into_iter().any(|e| reads_suit(program, e))
}

/// Whether `e` reads a suit as more than the same as another card's or
/// not: `suit(a) = suit(b)` of two one-card hands is the same whatever the
/// suits are called, where `suit(a) = 4`, `suit(a) > suit(b)` or the
/// suit of a hand of several cards (its highest card's, ties broken by
/// suit) are not.
fn reads_suit(program: &Program, e: &Expr) -> bool {
    let one_card_suit = |e: &Expr| match &e.kind {
        ExprKind::Call(Builtin::CardSuit, args) => match &args[..] {
            [Expr {
                kind: ExprKind::Slot(s),
                ..
            }] => one_card(program, *s),
            _ => false,
        },
        _ => false,
    };
    match &e.kind {
        ExprKind::Cmp(Cmp::Eq | Cmp::Ne, a, b) if one_card_suit(a) && one_card_suit(b) => false,
        ExprKind::Call(Builtin::CardSuit | Builtin::SuitAt, _) => true,
        _ => e.children().any(|c| reads_suit(program, c)),
    }
}

/// Whether `slot` holds a hand of one card wherever the round deals it.
fn one_card(program: &Program, slot: usize) -> bool {
    let mut draws = program
        .code
        .iter()
        .filter_map(Instr::as_draw)
        .filter(|d| d.slot == slot);
    let first = draws.next();
    first.is_some_and(|d| d.count == 1) && draws.all(|d| d.count == 1)
}

/// For each renaming, where each kind of `shoe` goes (an index into its
/// kinds); `None` when a renamed card is of no kind (never, for a shoe's
/// kinds hold every suit of a rank they tell apart).
pub fn kind_maps(shoe: &Shoe) -> Option<Vec<Vec<usize>>> {
    (0..PERMUTATIONS.len())
        .map(|p| {
            (shoe.kinds.iter())
                .map(|k| shoe.kind_of(k.value, Card(renamed(k.card.0, p))))
                .collect()
        })
        .collect()
}

/// The keys of known hands (`(shoe, values, cards)` each, in the order of
/// the decision's `knowing`) renamed as one, the least of the 24 renamings
/// (compared card list by card list): a chooser knows hands up to the
/// suits' names. `None` for a hand of no key (see [`Shoe::hand_key`]).
pub fn canonical_keys(shoes: &[Shoe], hands: &[(usize, &[u32], &[u32])]) -> Option<Vec<i64>> {
    // The hands' (value, card) pairs end to end, each hand's sorted: the
    // hands have the same lengths under every renaming, so comparing them
    // end to end compares them hand by hand.
    type Pairs = SmallVec<[(u32, u32); 16]>;
    let mut best: Option<Pairs> = None;
    let mut renamed_hands = Pairs::new();
    for p in 0..PERMUTATIONS.len() {
        renamed_hands.clear();
        for &(_, values, cards) in hands {
            let from = renamed_hands.len();
            renamed_hands.extend(
                (values.iter().enumerate())
                    .map(|(i, &v)| (v, renamed(cards.get(i).copied().unwrap_or(0), p))),
            );
            renamed_hands[from..].sort_unstable();
        }
        if best.as_ref().is_none_or(|b| renamed_hands < *b) {
            best = Some(renamed_hands.clone());
        }
    }
    let best = best?;
    let mut at = 0;
    hands
        .iter()
        .map(|&(shoe, values, _)| {
            let pairs = &best[at..at + values.len()];
            at += values.len();
            let values: SmallVec<[u32; 8]> = pairs.iter().map(|&(v, _)| v).collect();
            let cards: SmallVec<[u32; 8]> = pairs.iter().map(|&(_, c)| c).collect();
            shoes[shoe].hand_key(&values, &cards)
        })
        .collect()
}

/// How many hands of `count` cards one deck of 52 (13 ranks of 4 suits)
/// holds up to the suits' names: by Burnside's lemma, the mean over the 24
/// renamings of the hands each leaves as they are (for each rank, a union
/// of the renaming's cycles of suits). 134,459 of five cards of 2,598,960.
pub fn hands_up_to_suits(count: u32) -> u64 {
    let n = count as usize;
    // The cycles of each kind of renaming, and how many renamings have them.
    let kinds: [(&[usize], u128); 5] = [
        (&[1, 1, 1, 1], 1),
        (&[2, 1, 1], 6),
        (&[2, 2], 3),
        (&[3, 1], 8),
        (&[4], 6),
    ];
    let mut sum: u128 = 0;
    for (cycles, renamings) in kinds {
        // One rank: a product of (1 + x^len) over the cycles.
        let mut rank = vec![0u128; n + 1];
        rank[0] = 1;
        for &len in cycles {
            for d in (len..=n).rev() {
                rank[d] = rank[d].saturating_add(rank[d - len]);
            }
        }
        // Thirteen ranks.
        let mut all = vec![0u128; n + 1];
        all[0] = 1;
        for _ in 0..13 {
            let mut next = vec![0u128; n + 1];
            for (i, &a) in all.iter().enumerate() {
                for (j, &r) in rank.iter().enumerate().take(n + 1 - i) {
                    next[i + j] = next[i + j].saturating_add(a.saturating_mul(r));
                }
            }
            all = next;
        }
        sum = sum.saturating_add(all[n].saturating_mul(renamings));
    }
    u64::try_from(sum / 24).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_renamings_are_the_24_permutations_identity_first() {
        assert_eq!(PERMUTATIONS[0], [0, 1, 2, 3, 4]);
        let mut seen = std::collections::BTreeSet::new();
        for p in PERMUTATIONS {
            let mut suits = p[1..].to_vec();
            suits.sort_unstable();
            assert_eq!(suits, [1, 2, 3, 4]);
            seen.insert(p);
        }
        assert_eq!(seen.len(), 24);
        // A card renamed keeps its rank.
        let q_spades = Card::new(12, 4).0;
        for p in 0..24 {
            assert_eq!(Card(renamed(q_spades, p)).rank(), 12);
        }
    }

    #[test]
    fn hands_up_to_suits_are_counted_as_published() {
        // Five-card hands up to suits: 134,459; three cards, 1,755.
        assert_eq!(hands_up_to_suits(5), 134_459);
        assert_eq!(hands_up_to_suits(3), 1_755);
        assert_eq!(hands_up_to_suits(1), 13);
    }
}
