//! The built-in functions of the rules language, as data.
//!
//! One table ([`Builtin::spec`]) gives each built-in its name, its
//! arguments and what each must be, its result and a line of
//! documentation. The checker resolves and types a call by it (and offers
//! its names for a misspelt one); the evaluators compute a call with
//! [`Builtin::apply`]; the projection of throws asks [`Builtin::stat`]
//! which statistic a call reads; the language reference's list is
//! [`markdown`], which `tests/builtins.rs` compares with docs/language.md.
//!
//! [`Stat`] is a statistic of a throw, computed in two forms kept side by
//! side: whole, from the sorted faces ([`Stat::of`]: the tree evaluator, the
//! stack machine and the player), and face by face ([`Stat::step`]: the
//! grouping of `eval::pool`, which never lists the faces).
//!
//! To add a built-in: a variant of [`Builtin`] (and of [`Builtin::ALL`]),
//! its row in [`Builtin::spec`], its value in [`Builtin::apply`] and its
//! statistic in [`Builtin::stat`] (a new statistic: a variant of [`Stat`]
//! with its arms in [`Stat::of`], [`Stat::step`] and the small matches
//! beside them). Every match over them is exhaustive, so a path left out
//! does not compile; then docs/language.md's list, which `tests/builtins.rs`
//! prints.

use crate::program::card::Card;
use crate::program::{poker, HandTable};

/// A built-in function.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Builtin {
    Total,
    Count,
    Highest,
    Lowest,
    MostFrequent,
    HighestCount,
    Rank,
    Suit,
    /// `rank(card)`: written as [`Builtin::Rank`], on a hand of cards (its
    /// highest card).
    CardRank,
    /// `suit(card)`: written as [`Builtin::Suit`], on a hand of cards (its
    /// highest card).
    CardSuit,
    /// `category(hand)`: the poker category, a label of
    /// [`poker::CATEGORIES`].
    Category,
    /// `poker(hand)`: the poker value, ordering hands of one size.
    Poker,
    Value,
    Size,
    /// `pairs(throw)`: how many faces show at least twice.
    Pairs,
    /// `faces(throw)`: the set of faces shown, as a mask (bit `f` for face
    /// `f`); only the options of a `choose`.
    Faces,
    Min,
    Max,
    /// The rank of a hand's `i`-th card from the lowest (by rank, then
    /// suit): never written, only made by the exact evaluator where it
    /// deals cards dealt one at a time as one hand (`eval::exact::singles`).
    RankAt,
    /// The suit of a hand's `i`-th card, as [`Builtin::RankAt`] orders them.
    SuitAt,
}

/// What an argument of a built-in must be. A built-in reads at most one
/// throw or hand, its first argument, and at most two numbers (checked by a
/// test of every row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A number.
    Number,
    /// A throw of dice or a hand of cards.
    Throw,
    /// A throw of one die or a hand of one card.
    One,
    /// A throw the `hands` table ranks: of as many dice as its hands, every
    /// result listed.
    Ranked,
    /// A hand of cards, or hands joined with `+` (`mine + board`): the
    /// call's first arguments are then each hand's, its cards read whole.
    Hand,
}

impl Arg {
    /// Whether the argument is a throw or a hand.
    pub fn is_throw(self) -> bool {
        match self {
            Arg::Number => false,
            Arg::Throw | Arg::One | Arg::Ranked | Arg::Hand => true,
        }
    }

    /// Whether a call reading a throw here only observes it (see
    /// `check::projection`), so that the throw need not be kept. A one-die
    /// throw read by `value` is kept whole, as hands are.
    pub fn observes(self) -> bool {
        match self {
            Arg::Throw | Arg::Ranked => true,
            Arg::Number | Arg::One | Arg::Hand => false,
        }
    }

    /// The kind, as the reference writes it.
    pub fn describe(self) -> &'static str {
        match self {
            Arg::Number => "a number",
            Arg::Throw => "a throw, a hand, or hands joined with `+`",
            Arg::One => "one die or one card",
            Arg::Ranked => "a throw the `hands` table ranks",
            Arg::Hand => "a hand of cards, or hands joined with `+`",
        }
    }
}

/// What a built-in gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// A number.
    Number,
    /// A set of faces, held as a mask (bit `f` set for face `f`): only the
    /// options of `choose NAME from faces(T)`.
    Faces,
    /// A poker category: the index of its name in
    /// [`poker::CATEGORIES`], a label tested with `is` and paid on by name.
    Category,
}

impl Output {
    /// The kind, as the reference writes it.
    pub fn describe(self) -> &'static str {
        match self {
            Output::Number => "a number",
            Output::Faces => "a set of faces",
            Output::Category => "a poker category",
        }
    }
}

/// A built-in's row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    pub name: &'static str,
    /// Each argument: its name in the usage (`count(throw, face)`) and what
    /// it must be.
    pub args: &'static [(&'static str, Arg)],
    pub output: Output,
    /// One line for the reference.
    pub doc: &'static str,
}

/// The row of a built-in giving a number.
const fn number(
    name: &'static str,
    args: &'static [(&'static str, Arg)],
    doc: &'static str,
) -> Spec {
    Spec {
        name,
        args,
        output: Output::Number,
        doc,
    }
}

const THROW: &[(&str, Arg)] = &[("throw", Arg::Throw)];
const RANKED: &[(&str, Arg)] = &[("throw", Arg::Ranked)];
const THROW_AND_FACE: &[(&str, Arg)] = &[("throw", Arg::Throw), ("face", Arg::Number)];
const ONE: &[(&str, Arg)] = &[("card", Arg::One)];
const HAND: &[(&str, Arg)] = &[("hand", Arg::Hand)];
const TWO_NUMBERS: &[(&str, Arg)] = &[("a", Arg::Number), ("b", Arg::Number)];
const HAND_AND_PLACE: &[(&str, Arg)] = &[("hand", Arg::Hand), ("i", Arg::Number)];

impl Builtin {
    /// Every built-in a rule file may call, in the reference's order
    /// ([`Builtin::RankAt`] and [`Builtin::SuitAt`] are the evaluator's).
    pub const ALL: [Builtin; 18] = [
        Builtin::Total,
        Builtin::Count,
        Builtin::Highest,
        Builtin::Lowest,
        Builtin::MostFrequent,
        Builtin::HighestCount,
        Builtin::Rank,
        Builtin::Suit,
        Builtin::CardRank,
        Builtin::CardSuit,
        Builtin::Category,
        Builtin::Poker,
        Builtin::Value,
        Builtin::Size,
        Builtin::Pairs,
        Builtin::Faces,
        Builtin::Min,
        Builtin::Max,
    ];

    /// The built-in's row of the table.
    pub const fn spec(self) -> Spec {
        match self {
            Builtin::Total => number(
                "total",
                THROW,
                "the sum of the faces of a throw, or of the card values of a hand",
            ),
            Builtin::Count => number(
                "count",
                THROW_AND_FACE,
                "how many dice of the throw (or cards of the hand) show the face",
            ),
            Builtin::Highest => number("highest", THROW, "the highest face of the throw"),
            Builtin::Lowest => number("lowest", THROW, "the lowest face of the throw"),
            Builtin::MostFrequent => number(
                "most_frequent",
                THROW,
                "the face the throw shows most often; of tied faces, the highest",
            ),
            Builtin::HighestCount => number(
                "highest_count",
                THROW,
                "how many dice show `most_frequent` of the throw",
            ),
            Builtin::Rank => number(
                "rank",
                RANKED,
                "the rank of the throw's hand within its suit; larger is better",
            ),
            Builtin::Suit => number(
                "suit",
                RANKED,
                "the suit of the throw's hand, as a number to compare",
            ),
            Builtin::CardRank => number(
                "rank",
                HAND,
                "the card's rank: 2 to 10, J 11, Q 12, K 13, the ace 1 (14 with `aces high`); of several cards, the highest card's",
            ),
            Builtin::CardSuit => number(
                "suit",
                HAND,
                "the card's suit: clubs 1, diamonds 2, hearts 3, spades 4; of several cards, the highest card's (of two of one rank, the later suit)",
            ),
            Builtin::Category => Spec {
                name: "category",
                args: HAND,
                output: Output::Category,
                doc: "the hand's poker category, `high_card` to `royal_flush`: of 3 cards by the three-card order, of 5 by the standard one, of 6 or 7 the best five's",
            },
            Builtin::Poker => number(
                "poker",
                HAND,
                "the hand's poker value: the higher, the better the hand, equal for hands that tie (hands of one size)",
            ),
            Builtin::Value => number(
                "value",
                ONE,
                "the value of a one-card hand, or the face of a one-die throw",
            ),
            Builtin::Size => number(
                "size",
                THROW,
                "how many dice the throw holds, or cards the hand",
            ),
            Builtin::Pairs => number(
                "pairs",
                THROW,
                "how many distinct faces the throw shows at least twice (three of a kind is one)",
            ),
            Builtin::Faces => Spec {
                name: "faces",
                args: THROW,
                output: Output::Faces,
                doc: "the distinct faces the throw shows (faces 0 to 62): only the options of `choose NAME from faces(throw)`",
            },
            Builtin::Min => number("min", TWO_NUMBERS, "the smaller of two numbers"),
            Builtin::Max => number("max", TWO_NUMBERS, "the larger of two numbers"),
            Builtin::RankAt => number(
                "rank_at",
                HAND_AND_PLACE,
                "the rank of the hand's i-th card from the lowest, by rank then suit",
            ),
            Builtin::SuitAt => number(
                "suit_at",
                HAND_AND_PLACE,
                "the suit of the hand's i-th card from the lowest, by rank then suit",
            ),
        }
    }

    /// The built-in's name in the language.
    pub const fn name(self) -> &'static str {
        self.spec().name
    }

    /// The built-in called `name`; of two of one name, the one on throws
    /// (see [`Builtin::on_cards`]).
    pub fn named(name: &str) -> Option<Builtin> {
        Builtin::ALL.into_iter().find(|b| b.name() == name)
    }

    /// The built-in of the same name that reads a card, where one exists:
    /// `rank` and `suit` of a hand of one card read the card, not the
    /// `hands` table.
    pub fn on_cards(self) -> Builtin {
        match self {
            Builtin::Rank => Builtin::CardRank,
            Builtin::Suit => Builtin::CardSuit,
            other => other,
        }
    }

    /// Whether the built-in reads what is known of its hand's cards
    /// ([`crate::program::card::Card`]) rather than their values; its hand
    /// may be several joined with `+`.
    pub fn reads_cards(self) -> bool {
        self.args().iter().any(|(_, arg)| *arg == Arg::Hand)
    }

    /// Whether the built-in ranks its hand as poker does: of 3, or 5 to 7,
    /// cards whose ranks and suits are both known.
    pub fn ranks_poker(self) -> bool {
        matches!(self, Builtin::Category | Builtin::Poker)
    }

    /// What each argument must be.
    pub const fn args(self) -> &'static [(&'static str, Arg)] {
        self.spec().args
    }

    /// How a call is written: `count(throw, face)`.
    pub fn usage(self) -> String {
        let args: Vec<&str> = self.args().iter().map(|(name, _)| *name).collect();
        format!("{}({})", self.name(), args.join(", "))
    }

    /// Whether the built-in reads the `hands` table.
    pub fn reads_hands(self) -> bool {
        self.args().iter().any(|(_, arg)| *arg == Arg::Ranked)
    }

    /// The statistic of its throw the built-in is, given its number
    /// arguments (`count`'s face); `None` for a built-in that is none.
    #[inline]
    pub fn stat(self, numbers: [i64; 2]) -> Option<Stat> {
        match self {
            Builtin::Total => Some(Stat::Total),
            Builtin::Count => Some(Stat::Count(numbers[0])),
            Builtin::Highest => Some(Stat::Highest),
            Builtin::Lowest => Some(Stat::Lowest),
            Builtin::MostFrequent => Some(Stat::MostFrequent),
            Builtin::HighestCount => Some(Stat::HighestCount),
            Builtin::Pairs => Some(Stat::Pairs),
            Builtin::Rank
            | Builtin::Suit
            | Builtin::CardRank
            | Builtin::CardSuit
            | Builtin::Category
            | Builtin::Poker
            | Builtin::Value
            | Builtin::Size
            | Builtin::Faces
            | Builtin::Min
            | Builtin::Max
            | Builtin::RankAt
            | Builtin::SuitAt => None,
        }
    }

    /// The built-in's value: `faces` are the sorted faces of its throw or
    /// hand (empty when it takes none; for one that [reads
    /// cards](Builtin::reads_cards), the hand's cards), `numbers` its number arguments in
    /// order (zero past the last), `hands` the game's hand table.
    #[inline]
    pub fn apply(
        self,
        faces: &[u32],
        numbers: [i64; 2],
        hands: Option<&HandTable>,
    ) -> Result<i64, Failure> {
        let stat = |s: Stat| s.of(faces).ok_or(Failure::Overflow);
        let hand = || {
            hands
                .and_then(|t| Some(&t.hands[*t.combos.get(faces)?]))
                .ok_or(Failure::Unranked)
        };
        match self {
            Builtin::Total => stat(Stat::Total),
            Builtin::Count => stat(Stat::Count(numbers[0])),
            Builtin::Highest => stat(Stat::Highest),
            Builtin::Lowest => stat(Stat::Lowest),
            Builtin::MostFrequent => stat(Stat::MostFrequent),
            Builtin::HighestCount => stat(Stat::HighestCount),
            Builtin::Rank => Ok(hand()?.rank),
            Builtin::Suit => Ok(hand()?.suit as i64),
            Builtin::CardRank => Ok(i64::from(highest_card(faces)?.rank())),
            Builtin::CardSuit => Ok(i64::from(highest_card(faces)?.suit())),
            Builtin::Category => Ok(poker::category(faces).ok_or(Failure::Unranked)? as i64),
            Builtin::Poker => Ok(ranked(faces)?.value),
            Builtin::Value => single(faces).ok_or(Failure::NotOne),
            Builtin::Size => Ok(faces.len() as i64),
            Builtin::Pairs => stat(Stat::Pairs),
            Builtin::Faces => faces_mask(faces).ok_or(Failure::Overflow),
            Builtin::Min => Ok(numbers[0].min(numbers[1])),
            Builtin::Max => Ok(numbers[0].max(numbers[1])),
            Builtin::RankAt => Ok(i64::from(card_at(faces, numbers[0])?.rank())),
            Builtin::SuitAt => Ok(i64::from(card_at(faces, numbers[0])?.suit())),
        }
    }
}

/// Why a built-in has no value where the checker let it be called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A sum beyond 64-bit whole numbers.
    Overflow,
    /// `value` of a hand that is not one card.
    NotOne,
    /// `rank` or `suit` of a throw the hand table does not list; a hand
    /// poker does not rank.
    Unranked,
}

/// The largest face `faces(T)` can hold: its mask is one `i64`.
pub const MAX_FACE: u32 = 62;

/// The set of `faces` as a mask, bit `f` for face `f`; `None` for a face
/// beyond [`MAX_FACE`].
pub fn faces_mask(faces: &[u32]) -> Option<i64> {
    faces
        .iter()
        .try_fold(0i64, |mask, &f| (f <= MAX_FACE).then(|| mask | (1i64 << f)))
}

/// The faces of a mask made by [`faces_mask`], ascending.
pub fn mask_faces(mask: i64) -> impl Iterator<Item = i64> {
    (0..=i64::from(MAX_FACE)).filter(move |f| mask & (1i64 << f) != 0)
}

/// The highest card of a hand, by rank and then suit.
fn highest_card(cards: &[u32]) -> Result<Card, Failure> {
    let key = |c: &&u32| (Card(**c).rank(), Card(**c).suit());
    cards
        .iter()
        .max_by_key(key)
        .map(|&c| Card(c))
        .ok_or(Failure::NotOne)
}

/// The `i`-th card of `cards` from the lowest, by rank then suit.
fn card_at(cards: &[u32], i: i64) -> Result<Card, Failure> {
    let mut sorted: smallvec::SmallVec<[Card; 8]> = cards.iter().map(|&c| Card(c)).collect();
    sorted.sort_unstable_by_key(|c| (c.rank(), c.suit()));
    let i = usize::try_from(i).map_err(|_| Failure::NotOne)?;
    sorted.get(i).copied().ok_or(Failure::NotOne)
}

/// A hand ranked as poker ranks it.
fn ranked(cards: &[u32]) -> Result<poker::Ranked, Failure> {
    poker::rank(cards).ok_or(Failure::Unranked)
}

/// The value of a one-card hand or a one-die throw.
#[inline(always)]
pub fn single(faces: &[u32]) -> Option<i64> {
    match faces {
        [one] => Some(i64::from(*one)),
        _ => None,
    }
}

/// A statistic of a throw (or a hand), computed from its faces alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stat {
    /// How many dice show this face.
    Count(i64),
    /// The sum of the faces.
    Total,
    /// The highest face (0 for no dice).
    Highest,
    /// The lowest face (0 for no dice).
    Lowest,
    /// The face shown by the most dice, the highest on a tie (0 for no dice).
    MostFrequent,
    /// How many dice show the most frequent face.
    HighestCount,
    /// How many distinct faces at least two dice show.
    Pairs,
}

/// What a statistic knows after some faces, face by face: two numbers (a
/// count, sum or face; and for the most frequent face, the face of that
/// count).
pub type Partial = (i64, i64);

impl Stat {
    /// The statistic of sorted `faces`; `None` when a sum overflows.
    #[inline(always)]
    pub fn of(self, faces: &[u32]) -> Option<i64> {
        Some(match self {
            Stat::Count(face) => faces.iter().filter(|&&f| i64::from(f) == face).count() as i64,
            Stat::Total => faces
                .iter()
                .try_fold(0i64, |s, &f| s.checked_add(i64::from(f)))?,
            Stat::Highest => faces.last().map_or(0, |&f| i64::from(f)),
            Stat::Lowest => faces.first().map_or(0, |&f| i64::from(f)),
            Stat::MostFrequent | Stat::HighestCount => {
                // Runs of equal faces: the longest wins, the later (higher)
                // run on a tie.
                let (mut face, mut run) = (0u32, 0usize);
                let mut i = 0;
                while i < faces.len() {
                    let n = faces[i..].iter().take_while(|&&f| f == faces[i]).count();
                    if n >= run {
                        (face, run) = (faces[i], n);
                    }
                    i += n;
                }
                if self == Stat::MostFrequent {
                    i64::from(face)
                } else {
                    run as i64
                }
            }
            Stat::Pairs => {
                let mut pairs = 0;
                let mut i = 0;
                while i < faces.len() {
                    let n = faces[i..].iter().take_while(|&&f| f == faces[i]).count();
                    pairs += i64::from(n >= 2);
                    i += n;
                }
                pairs
            }
        })
    }

    /// The face a count counts; `None` for every other statistic.
    pub fn counted(self) -> Option<i64> {
        match self {
            Stat::Count(face) => Some(face),
            Stat::Total
            | Stat::Highest
            | Stat::Lowest
            | Stat::MostFrequent
            | Stat::HighestCount
            | Stat::Pairs => None,
        }
    }

    /// The statistic whose [`Partial`] this one reads: the most frequent
    /// face and its count are followed together.
    pub fn tracker(self) -> Stat {
        match self {
            Stat::MostFrequent => Stat::HighestCount,
            Stat::Count(_)
            | Stat::Total
            | Stat::Highest
            | Stat::Lowest
            | Stat::HighestCount
            | Stat::Pairs => self,
        }
    }

    /// Adds `k` dice showing face `f` to what the statistic knows; faces
    /// come in ascending order, each once. `None` when a sum overflows.
    #[inline]
    pub fn step(self, f: i64, k: i64, partial: &mut Partial) -> Option<()> {
        let (a, b) = partial;
        match self {
            Stat::Count(v) if v == f => *a = k,
            Stat::Count(_) => {}
            Stat::Total => *a = a.checked_add(f.checked_mul(k)?)?,
            Stat::Highest if k > 0 => *a = f,
            Stat::Lowest if k > 0 && *a == 0 => *a = f,
            Stat::Highest | Stat::Lowest => {}
            // A later face with as many dice takes the place, as in `of`.
            Stat::MostFrequent | Stat::HighestCount if k > 0 && k >= *a => (*a, *b) = (k, f),
            Stat::MostFrequent | Stat::HighestCount => {}
            Stat::Pairs if k >= 2 => *a += 1,
            Stat::Pairs => {}
        }
        Some(())
    }

    /// The statistic's value from what its tracker knows after every face.
    pub fn value(self, partial: Partial) -> i64 {
        match self {
            Stat::MostFrequent => partial.1,
            Stat::Count(_)
            | Stat::Total
            | Stat::Highest
            | Stat::Lowest
            | Stat::HighestCount
            | Stat::Pairs => partial.0,
        }
    }

    /// Bounds of the two numbers of a [`Partial`] over `count` dice of
    /// `sides` sides: each stays below its bound.
    pub fn bounds(self, count: u32, sides: u32) -> (i64, i64) {
        let (n, s) = (i64::from(count), i64::from(sides));
        match self {
            Stat::Count(_) => (n + 1, 1),
            Stat::Total => (n.saturating_mul(s).saturating_add(1), 1),
            Stat::Highest | Stat::Lowest => (s + 1, 1),
            Stat::MostFrequent | Stat::HighestCount => (n + 1, s + 1),
            Stat::Pairs => (n / 2 + 1, 1),
        }
    }

    /// At least how many distinct values the statistic takes over every
    /// throw of `count`d`sides` (every total from `count` to
    /// `count * sides`, every face as the highest, ...): a grouping with
    /// more values than it may hold is refused before it starts.
    pub fn distinct_at_least(self, count: u32, sides: u32) -> u64 {
        let (n, s) = (u64::from(count), u64::from(sides));
        match self {
            _ if n == 0 || s == 0 => 1,
            Stat::Total => n.saturating_mul(s - 1).saturating_add(1),
            Stat::Highest | Stat::Lowest | Stat::MostFrequent => s,
            Stat::Count(_) | Stat::HighestCount | Stat::Pairs => 1,
        }
    }
}

/// The table of built-ins as the language reference's Markdown table
/// (name, arguments, result, meaning), one line each, ending in a newline.
pub fn markdown() -> String {
    let mut out =
        String::from("| name | arguments | result | meaning |\n| --- | --- | --- | --- |\n");
    for b in Builtin::ALL {
        let spec = b.spec();
        let args: Vec<String> = spec
            .args
            .iter()
            .map(|(name, arg)| format!("`{name}`: {}", arg.describe()))
            .collect();
        out.push_str(&format!(
            "| `{}` | {} | {} | {} |\n",
            b.usage(),
            args.join("; "),
            spec.output.describe(),
            spec.doc
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every built-in once in `ALL`, under its own name, reading at most one
    /// throw (first) and two numbers, as `apply` takes them.
    #[test]
    fn every_row_fits_the_calling_convention() {
        for (i, b) in Builtin::ALL.into_iter().enumerate() {
            assert_eq!(
                Builtin::named(b.name()).map(Builtin::on_cards),
                Some(b.on_cards())
            );
            assert!(!Builtin::ALL[..i].contains(&b), "{b:?} twice");
            let args = b.args();
            assert!(!args.is_empty(), "{b:?}");
            assert!(args.iter().skip(1).all(|(_, a)| !a.is_throw()), "{b:?}");
            let numbers = args.iter().filter(|(_, a)| *a == Arg::Number).count();
            assert!(numbers <= 2, "{b:?}");
            assert!(!b.spec().doc.contains('|'), "{b:?}");
        }
    }

    /// Every multiset of `count` faces from 1 to `sides`, sorted.
    fn multisets(count: u32, sides: u32) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new()];
        for _ in 0..count {
            out = out
                .into_iter()
                .flat_map(|faces: Vec<u32>| {
                    let from = faces.last().copied().unwrap_or(1);
                    (from..=sides).map(move |f| [&faces[..], &[f]].concat())
                })
                .collect();
        }
        out
    }

    /// A statistic's two forms agree: whole, and face by face.
    #[test]
    fn whole_and_face_by_face_agree() {
        let stats = [
            Stat::Count(1),
            Stat::Count(3),
            Stat::Count(9),
            Stat::Total,
            Stat::Highest,
            Stat::Lowest,
            Stat::MostFrequent,
            Stat::HighestCount,
            Stat::Pairs,
        ];
        for (count, sides) in [(1, 6), (2, 6), (3, 4), (5, 6), (4, 2)] {
            for faces in multisets(count, sides) {
                for stat in stats {
                    let tracker = stat.tracker();
                    let mut partial = (0, 0);
                    let (lo, hi) = tracker.bounds(count, sides);
                    for f in 1..=sides {
                        let k = faces.iter().filter(|&&x| x == f).count() as i64;
                        tracker.step(i64::from(f), k, &mut partial).unwrap();
                        assert!((0..lo).contains(&partial.0) && (0..hi).contains(&partial.1));
                    }
                    assert_eq!(
                        Some(stat.value(partial)),
                        stat.of(&faces),
                        "{stat:?} of {faces:?}"
                    );
                }
            }
        }
    }

    /// A statistic built-in's value is its statistic's.
    #[test]
    fn statistics_apply_as_their_stat() {
        for b in Builtin::ALL {
            for faces in multisets(3, 6) {
                if let Some(stat) = b.stat([2, 0]) {
                    assert_eq!(b.apply(&faces, [2, 0], None).ok(), stat.of(&faces));
                }
            }
        }
        assert_eq!(Builtin::Value.apply(&[4], [0, 0], None), Ok(4));
        assert_eq!(
            Builtin::Value.apply(&[4, 5], [0, 0], None),
            Err(Failure::NotOne)
        );
        assert_eq!(
            Builtin::Rank.apply(&[4, 5], [0, 0], None),
            Err(Failure::Unranked)
        );
        assert_eq!(Builtin::Min.apply(&[], [3, -2], None), Ok(-2));
        // Pairs by hand: a face shown two, three or four times is one pair.
        for (faces, pairs) in [
            (&[1, 2, 3][..], 0),
            (&[2, 2, 5], 1),
            (&[4, 4, 4], 1),
            (&[1, 1, 6, 6], 2),
            (&[3, 3, 3, 3, 5], 1),
            (&[], 0),
        ] {
            assert_eq!(Builtin::Pairs.apply(faces, [0, 0], None), Ok(pairs));
        }
        assert_eq!(
            Builtin::Faces.apply(&[1, 3, 3, 6], [0, 0], None),
            Ok(0b100_1010)
        );
        assert_eq!(mask_faces(0b100_1010).collect::<Vec<_>>(), [1, 3, 6]);
        assert_eq!(
            Builtin::Faces.apply(&[63], [0, 0], None),
            Err(Failure::Overflow)
        );
        assert_eq!(Builtin::Max.apply(&[], [3, -2], None), Ok(3));
    }
}
