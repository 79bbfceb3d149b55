//! An independent check of the exact evaluator: every raw sequence of die
//! faces is run through the *play* path of the interpreter (dice read from a
//! script instead of a generator), and the outcome distribution this gives
//! must equal the exact evaluator's, fraction for fraction.
//!
//! The play path shares only expression semantics with the evaluator: no
//! state merging, no liveness, no multisets (dice are ordered sequences),
//! no conditioning for rerolls. A reroll is enumerated as a single attempt;
//! a rejected attempt ends its branch, and an accepted path's weight is
//! divided by the chance of acceptance after the same prefix, which is what
//! rerolling until acceptance means.

use std::collections::BTreeMap;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use dicerules::eval::exact::{evaluate, Limits};
use dicerules::eval::play::{play_round, Played, Source};
use dicerules::number::Exact;
use dicerules::program::Program;

/// Faces from a script, extended with 1s when the script runs out; records
/// the sides of every die read and where each reroll attempt began.
#[derive(Default)]
struct Script {
    faces: Vec<u32>,
    sides: Vec<u32>,
    pos: usize,
    attempts: Vec<usize>,
}

impl Source for Script {
    fn die(&mut self, sides: u32) -> u32 {
        if self.pos == self.faces.len() {
            self.faces.push(1);
        }
        if self.pos == self.sides.len() {
            self.sides.push(sides);
        }
        assert_eq!(
            self.sides[self.pos], sides,
            "the same prefix must ask for the same dice"
        );
        self.pos += 1;
        self.faces[self.pos - 1]
    }
    fn begin_attempt(&mut self) {
        self.attempts.push(self.pos);
    }
    fn retry(&mut self) -> bool {
        false
    }
}

/// One complete run: the dice it read, the reroll starts, how it ended.
struct Leaf {
    faces: Vec<u32>,
    sides: Vec<u32>,
    attempts: Vec<usize>,
    played: Played,
}

/// Runs the round on every raw sequence of faces, in odometer order.
fn enumerate(program: &Program) -> Vec<Leaf> {
    let mut leaves = Vec::new();
    let mut prefix: Vec<u32> = Vec::new();
    let mut prefix_sides: Vec<u32> = Vec::new();
    loop {
        let mut script = Script {
            faces: prefix.clone(),
            sides: prefix_sides.clone(),
            ..Script::default()
        };
        let played = play_round(program, &mut script, |_| {}).expect("the round plays");
        script.faces.truncate(script.pos);
        script.sides.truncate(script.pos);
        let (faces, sides) = (script.faces.clone(), script.sides.clone());
        leaves.push(Leaf {
            faces: script.faces,
            sides: script.sides,
            attempts: script.attempts,
            played,
        });
        // The next sequence: bump the last die that can still grow.
        let Some(i) = (0..faces.len()).rev().find(|&i| faces[i] < sides[i]) else {
            return leaves;
        };
        prefix = faces[..=i].to_vec();
        prefix[i] += 1;
        prefix_sides = sides[..=i].to_vec();
    }
}

fn probability(sides: &[u32]) -> BigRational {
    let d: BigInt = sides.iter().map(|&s| BigInt::from(s)).product();
    BigRational::new(BigInt::one(), d)
}

/// How a round ended: its outcome and the final values bets settle on.
type EndKey = (Option<usize>, Vec<Option<i64>>);

/// The outcome distribution of the enumerated leaves, rerolls normalised.
fn brute_force(program: &Program) -> Vec<Exact> {
    let ends = brute_force_ends(program);
    let mut outcomes = vec![Exact::zero(); program.outcomes.len()];
    for ((outcome, _), p) in ends {
        if let Some(o) = outcome {
            outcomes[o] = &outcomes[o] + &p;
        }
    }
    outcomes
}

/// The distribution of ends (outcome and final values) of the leaves.
fn brute_force_ends(program: &Program) -> BTreeMap<EndKey, Exact> {
    let leaves = enumerate(program);
    // The chance that an attempt starting after `prefix` is rejected.
    let mut rejected: BTreeMap<Vec<u32>, BigRational> = BTreeMap::new();
    for leaf in &leaves {
        if leaf.played == Played::Abandoned {
            let start = *leaf
                .attempts
                .last()
                .expect("a rejection follows an attempt");
            let p = probability(&leaf.sides[start..]);
            *rejected
                .entry(leaf.faces[..start].to_vec())
                .or_insert_with(BigRational::zero) += p;
        }
    }
    let mut ends: BTreeMap<EndKey, BigRational> = BTreeMap::new();
    for leaf in &leaves {
        let Played::Ended { outcome, values } = &leaf.played else {
            continue;
        };
        let mut p = probability(&leaf.sides);
        for &start in &leaf.attempts {
            let r = rejected
                .get(&leaf.faces[..start])
                .cloned()
                .unwrap_or_else(BigRational::zero);
            p /= BigRational::one() - r;
        }
        *ends
            .entry((*outcome, values.clone()))
            .or_insert_with(BigRational::zero) += p;
    }
    ends.into_iter().map(|(k, p)| (k, Exact(p))).collect()
}

/// The exact evaluator's ends, in the same form.
fn exact_ends(program: &Program) -> BTreeMap<EndKey, Exact> {
    let exact = evaluate(program, Limits::default()).expect("evaluates");
    exact
        .ends
        .into_iter()
        .map(|e| ((e.outcome, e.values), e.probability))
        .collect()
}

fn check_game(name: &str) {
    let path = format!("{}/games/{name}.dice", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("the game file reads");
    let program = dicerules::load(&source, &[]).expect("the game checks");
    let exact = evaluate(&program, Limits::default()).expect("the game evaluates");
    let enumerated = brute_force(&program);
    for (i, outcome) in program.outcomes.iter().enumerate() {
        assert_eq!(
            exact.outcomes[i], enumerated[i],
            "{name}: P({}) differs between the exact evaluator and the enumeration",
            outcome.name
        );
    }
    let total = enumerated.iter().fold(Exact::zero(), |a, b| &a + b);
    assert_eq!(
        total,
        Exact::one(),
        "{name}: the enumerated outcomes sum to 1"
    );
}

#[test]
fn heist() {
    check_game("heist");
}

#[test]
fn heist_a() {
    check_game("heist_a");
}

#[test]
fn heist_b() {
    check_game("heist_b");
}

#[test]
fn heist_c() {
    check_game("heist_c");
}

#[test]
fn baccarat_dice() {
    check_game("baccarat_dice");
}

#[test]
fn heaven_and_nine() {
    check_game("heaven_and_nine");
}

/// The enumeration itself is checked on a case worked by hand: a reroll of
/// one d6 until it shows 5 or 6, then "high" on 6: P(high) = 1/2.
#[test]
fn enumeration_normalises_rerolls() {
    let source = "game \"t\"\noutcomes high, low\nround {\n  throw d = 1d6 until highest(d) >= 5\n  if d is 6 { end high }\n  end low\n}\nbet b {\n  high => win 1 to 1\n  low => lose\n}\n";
    let program = dicerules::load(source, &[]).expect("checks");
    let got = brute_force(&program);
    assert_eq!(got, vec![Exact::ratio(1, 2), Exact::ratio(1, 2)]);
    let exact = evaluate(&program, Limits::default()).expect("evaluates");
    assert_eq!(exact.outcomes, got);
}

/// Throws the evaluator may not project (copied into another name, counted
/// for a face held in a variable) beside one it may: the same agreement.
#[test]
fn projected_and_unprojected_throws_agree_with_the_enumeration() {
    let source = "game \"t\"\noutcomes a, b, c\nround {\n  throw x = 2d6\n  let f = highest(x)\n  throw y = 3d4\n  let z = y\n  if count(z, f) >= 1 and total(x) > 6 { end a }\n  if x is 1-2 | 3-3 { end b }\n  end c\n}\nbet p {\n  a => win 1 to 1\n  b => push\n  c => lose\n}\n";
    let program = dicerules::load(source, &[]).expect("checks");
    let exact = evaluate(&program, Limits::default()).expect("evaluates");
    assert_eq!(exact.outcomes, brute_force(&program));
}

/// `repeat` accumulating a count over throws of a pool: 3 throws of 3d4,
/// counting fours, against all 4^9 raw sequences.
#[test]
fn repeat_accumulates_like_the_enumeration() {
    let source = "game \"t\"\noutcomes many, some, none\nround {\n  let score = 0\n  repeat 3 {\n    throw t = 3d4\n    set score = score + count(t, 4)\n  }\n  if score >= 3 { end many }\n  if score >= 1 { end some }\n  end none\n}\nbet p {\n  many => win 2 to 1\n  some => push\n  none => lose\n}\n";
    let program = dicerules::load(source, &[]).expect("checks");
    let exact = evaluate(&program, Limits::default()).expect("evaluates");
    assert_eq!(exact.outcomes, brute_force(&program));
    assert_eq!(exact_ends(&program), brute_force_ends(&program));
    // P(no 4 in 9 dice) = (3/4)^9.
    assert_eq!(exact.outcomes[2], Exact::ratio(19683, 262144));
}

/// A bet settled on a value accumulated by `repeat`, with no outcomes: the
/// distribution of the final score against the enumeration.
#[test]
fn bets_on_a_final_value_agree_with_the_enumeration() {
    let source = "game \"t\"\nround {\n  let score = 0\n  repeat 3 {\n    throw t = 3d3\n    set score = score + count(t, 3)\n  }\n}\nbet p on score {\n  0 => win 5 to 1\n  <= 2 => lose\n  3..5 => push\n  else => win 1 to 1\n}\n";
    let program = dicerules::load(source, &[]).expect("checks");
    let ends = exact_ends(&program);
    assert_eq!(ends, brute_force_ends(&program));
    // Nine dice, each a 3 with probability 1/3: P(score = 0) = (2/3)^9.
    assert_eq!(ends[&(None, vec![Some(0)])], Exact::ratio(512, 19683));
    assert_eq!(ends.len(), 10);
}
