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

use dicerules::number::Exact;
use dicerules::play::round::{Round, Source};
use dicerules_core::eval::exact::Limits;
use dicerules_core::program::Program;
use dicerules_core::solve::evaluate;

/// Faces from a script, extended with 1s when the script runs out; records
/// the sides of every die read and where each reroll attempt began.
#[derive(Default)]
struct Script {
    /// The option this script takes at a `choose`.
    option: Option<i64>,
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
    fn choose(&mut self, options: &[i64]) -> i64 {
        self.option.unwrap_or(options[0])
    }
    fn begin_attempt(&mut self) {
        self.attempts.push(self.pos);
    }
    fn retry(&mut self) -> bool {
        false
    }
}

/// How a scripted round finished.
#[derive(Debug, PartialEq, Eq)]
enum Played {
    /// The round ended: with an outcome, or at its last statement; with the
    /// values of `Program::finals`.
    Ended {
        outcome: Option<usize>,
        values: Vec<Option<i64>>,
    },
    /// The script declined to retry a failed reroll.
    Abandoned,
}

/// One complete run: the dice it read, the reroll starts, how it ended.
struct Leaf {
    faces: Vec<u32>,
    sides: Vec<u32>,
    attempts: Vec<usize>,
    played: Played,
}

/// Runs the round on every raw sequence of faces, in odometer order, taking
/// `option` at the round's `choose`.
fn enumerate_option(program: &Program, option: Option<i64>) -> Vec<Leaf> {
    let mut leaves = Vec::new();
    let mut round = Round::new(program);
    let mut prefix: Vec<u32> = Vec::new();
    let mut prefix_sides: Vec<u32> = Vec::new();
    loop {
        let mut script = Script {
            option,
            faces: prefix.clone(),
            sides: prefix_sides.clone(),
            ..Script::default()
        };
        let played = match round.play(&mut script, None).expect("the round plays") {
            Some(outcome) => Played::Ended {
                outcome,
                values: round.finals().collect(),
            },
            None => Played::Abandoned,
        };
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
    brute_force_option(program, None)
}

/// The same, taking `option` at the round's `choose`.
fn brute_force_option(program: &Program, option: Option<i64>) -> BTreeMap<EndKey, Exact> {
    let leaves = enumerate_option(program, option);
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
    ends_of(&evaluate(program, Limits::default()).expect("evaluates"))
}

/// A distribution's ends as a map from (outcome, final values).
fn ends_of(distribution: &dicerules_core::eval::exact::Distribution) -> BTreeMap<EndKey, Exact> {
    distribution
        .ends
        .iter()
        .map(|e| ((e.outcome, e.values.clone()), e.probability()))
        .collect()
}

/// Checks the game `source`, and asserts that its exact outcome
/// distribution equals the enumeration's; returns both for further checks.
fn agrees_with_the_enumeration(
    source: &str,
) -> (Program, dicerules_core::eval::exact::Distribution) {
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("checks");
    let exact = evaluate(&program, Limits::default()).expect("evaluates");
    assert_eq!(exact.outcomes, brute_force(&program));
    (program, exact)
}

fn check_game(name: &str) {
    let path = format!("{}/games/{name}.dice", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("the game file reads");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("the game checks");
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
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("checks");
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
    agrees_with_the_enumeration(source);
}

/// `repeat` accumulating a count over throws of a pool: 3 throws of 3d4,
/// counting fours, against all 4^9 raw sequences.
#[test]
fn repeat_accumulates_like_the_enumeration() {
    let source = "game \"t\"\noutcomes many, some, none\nround {\n  let score = 0\n  repeat 3 {\n    throw t = 3d4\n    set score = score + count(t, 4)\n  }\n  if score >= 3 { end many }\n  if score >= 1 { end some }\n  end none\n}\nbet p {\n  many => win 2 to 1\n  some => push\n  none => lose\n}\n";
    let (program, exact) = agrees_with_the_enumeration(source);
    assert_eq!(exact_ends(&program), brute_force_ends(&program));
    // P(no 4 in 9 dice) = (3/4)^9.
    assert_eq!(exact.outcomes[2], Exact::ratio(19683, 262144));
}

/// `while`: rethrow 2d3 while the score is under 5, at most 3 passes,
/// counting the passes, against all 3^6 raw sequences (the enumeration plays
/// the rounds by the player's steps, which run the unrolled passes as they
/// come).
#[test]
fn while_stops_like_the_enumeration() {
    let source = "game \"t\"\noutcomes first, later, never\nround {\n  let score = 0\n  let passes = 0\n  while score < 5 at most 3 {\n    throw t = 2d3\n    set score = total(t)\n    set passes = passes + 1\n  }\n  if score < 5 { end never }\n  if passes = 1 { end first }\n  end later\n}\nbet p {\n  first => win 2 to 1\n  later => push\n  never => lose\n}\n";
    let (program, exact) = agrees_with_the_enumeration(source);
    assert_eq!(exact_ends(&program), brute_force_ends(&program));
    // 2d3 totals 5 or 6 with probability 3/9 = 1/3: first 1/3, never
    // (2/3)^3 = 8/27, later the rest, 1 - 9/27 - 8/27 = 10/27.
    assert_eq!(exact.outcomes[0], Exact::ratio(1, 3));
    assert_eq!(exact.outcomes[1], Exact::ratio(10, 27));
    assert_eq!(exact.outcomes[2], Exact::ratio(8, 27));
}

/// A bet settled on a value accumulated by `repeat`, with no outcomes: the
/// distribution of the final score against the enumeration.
#[test]
fn bets_on_a_final_value_agree_with_the_enumeration() {
    let source = "game \"t\"\nround {\n  let score = 0\n  repeat 3 {\n    throw t = 3d3\n    set score = score + count(t, 3)\n  }\n}\nbet p on score {\n  0 => win 5 to 1\n  <= 2 => lose\n  3..5 => push\n  else => win 1 to 1\n}\n";
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("checks");
    let ends = exact_ends(&program);
    assert_eq!(ends, brute_force_ends(&program));
    // Nine dice, each a 3 with probability 1/3: P(score = 0) = (2/3)^9.
    assert_eq!(ends[&(None, vec![Some(0)])], Exact::ratio(512, 19683));
    assert_eq!(ends.len(), 10);
}

/// Conditions used as numbers (`tests/fixtures/numbers/`): in arithmetic,
/// `set`, a built-in, `compare` and a bet on a condition, every end (outcome
/// and final values) against the enumeration of the dice.
#[test]
fn conditions_used_as_numbers_agree_with_the_enumeration() {
    let path = format!(
        "{}/tests/fixtures/numbers/conditions_as_numbers.dice",
        env!("CARGO_MANIFEST_DIR")
    );
    let source = std::fs::read_to_string(path).expect("the fixture reads");
    let (program, _) = agrees_with_the_enumeration(&source);
    let ends = exact_ends(&program);
    assert_eq!(ends, brute_force_ends(&program));
    // 36 throws, each its own end but for the ones the values cannot tell
    // apart; every end a condition bet on reads 0 or 1.
    let alike = program
        .finals
        .iter()
        .position(|f| f.name == "alike")
        .expect("a final");
    assert!(ends
        .keys()
        .all(|(_, values)| matches!(values[alike], Some(0 | 1))));
}

/// A scaled-down Twenty-six (a face chosen from 1 to 3, three throws of two
/// three-sided dice): every option's distribution against the enumeration.
#[test]
fn each_option_of_a_choice_agrees_with_the_enumeration() {
    let source = "game \"t\"\nround {\n  choose face from 1..3 by p\n  let score = 0\n  repeat 3 {\n    throw t = 2d3\n    set score = score + count(t, face)\n  }\n}\nbet p on score {\n  >= 4 => win 3 to 1\n  0 => push\n  else => lose\n}\n";
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("checks");
    let exact = evaluate(&program, Limits::default()).expect("evaluates");
    let chosen = exact.choice.as_ref().expect("the choice is analysed");
    assert_eq!(chosen.options.len(), 3);
    for (value, distribution) in &chosen.options {
        let ends = ends_of(distribution);
        assert_eq!(
            ends,
            brute_force_option(&program, Some(*value)),
            "face {value}"
        );
    }
}

/// A variant where announcing 2 earns a bonus point: the analysis must find
/// that 2 is best and say that the choice matters.
#[test]
fn the_best_option_of_an_asymmetric_choice_is_found() {
    let source = "game \"t\"\nround {\n  choose face from 1..3 by p\n  let score = 0\n  if face = 2 { set score = 1 }\n  throw t = 3d3\n  set score = score + count(t, face)\n}\nbet p on score {\n  >= 2 => win 1 to 1\n  else => lose\n}\n";
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("checks");
    let distribution = evaluate(&program, Limits::default()).expect("evaluates");
    let report = dicerules::report::Report::new(&program, &distribution);
    let choice = report.choice.expect("a choice report");
    assert_eq!(choice.chosen, 2);
    assert!(choice.matters);
    // Face 2: win when at least one of three dice shows 2: 1 - (2/3)^3.
    assert_eq!(report.bets[0].hit_frequency, Exact::ratio(19, 27));
    // Faces 1 and 3: at least two of three dice: 7/27.
    let edge_of = |v: i64| {
        choice
            .options
            .iter()
            .find(|o| o.value == v)
            .expect("option")
            .house_edges[0]
            .1
            .clone()
    };
    assert_eq!(edge_of(1), Exact::ratio(13, 27));
    assert_eq!(edge_of(2), Exact::ratio(-11, 27));
}

/// Twenty-six against the binomial law, computed here independently: the
/// score counts one face over 130 dice, so P(score = k) = C(130, k) 5^(130-k)
/// / 6^130. Every settlement of the bet must match.
#[test]
fn twenty_six_follows_the_binomial_law() {
    let path = format!("{}/games/twenty_six.dice", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("reads");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("checks");
    let distribution = evaluate(&program, Limits::default()).expect("evaluates");
    let n = 130u32;
    let denominator = num_traits::pow(BigInt::from(6), n as usize);
    let mut binomial = BigInt::one();
    let mut ev = BigRational::zero();
    let mut win = BigRational::zero();
    for k in 0..=n {
        if k > 0 {
            binomial = binomial * BigInt::from(n - k + 1) / BigInt::from(k);
        }
        let p = BigRational::new(
            &binomial * num_traits::pow(BigInt::from(5), (n - k) as usize),
            denominator.clone(),
        );
        // The seed's table of odds; every other score loses.
        let net: i64 = match k {
            13 => 5,
            0..=10 => 10,
            26 => 4,
            27 => 5,
            28 => 6,
            29 => 8,
            30.. => 10,
            _ => -1,
        };
        if net > 0 {
            win += p.clone();
        }
        ev += p * BigInt::from(net);
    }
    let report = dicerules::report::Report::new(&program, &distribution);
    assert_eq!(report.bets[0].ev, Exact(ev));
    assert_eq!(report.bets[0].hit_frequency, Exact(win));
}

/// A scaled-down Quatorze (4d3 first, the most frequent face credited at
/// least 2, then two throws of 2d3 counting it), through the play path.
#[test]
fn most_frequent_face_rules_agree_with_the_enumeration() {
    let source = "game \"t\"\noutcomes hit, blank, other\nround {\n  throw first = 4d3\n  let face = most_frequent(first)\n  let score = max(highest_count(first), 2)\n  let later = 0\n  repeat 2 {\n    throw t = 2d3\n    set later = later + count(t, face)\n  }\n  if later = 0 { end blank }\n  if score + later >= 5 { end hit }\n  end other\n}\nbet p {\n  hit => win 8 to 1\n  blank => win 8 to 1\n  other => lose\n}\n";
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("checks");
    assert_eq!(exact_ends(&program), brute_force_ends(&program));
}

/// Quatorze against a count made here without the interpreter. The first
/// throw's largest count m has N(m) = #{sequences with every count <= m} -
/// #{... <= m - 1}, where #{every count <= m} = 10! [x^10] (sum_{k<=m}
/// x^k/k!)^6; the later 40 dice show the face Binomial(40, 1/6) times; the
/// bettor wins when they never show it, or when max(m, 3) + later >= 14.
#[test]
fn quatorze_matches_an_independent_count() {
    fn at_most(m: usize) -> BigRational {
        // Coefficients of (sum_{k<=m} x^k / k!)^6 up to x^10.
        let mut fact = vec![BigRational::one()];
        for k in 1..=10u32 {
            let next = fact[(k - 1) as usize].clone() * BigInt::from(k);
            fact.push(next);
        }
        let term: Vec<BigRational> = (0..=10)
            .map(|k| {
                if k <= m {
                    BigRational::one() / fact[k].clone()
                } else {
                    BigRational::zero()
                }
            })
            .collect();
        let mut poly = vec![BigRational::zero(); 11];
        poly[0] = BigRational::one();
        for _ in 0..6 {
            let mut next = vec![BigRational::zero(); 11];
            for (i, a) in poly.iter().enumerate() {
                for (j, b) in term.iter().enumerate() {
                    if i + j <= 10 {
                        next[i + j] += a * b;
                    }
                }
            }
            poly = next;
        }
        poly[10].clone() * fact[10].clone()
    }
    let all = BigRational::from_integer(num_traits::pow(BigInt::from(6), 10));
    let later_total = num_traits::pow(BigInt::from(6), 40);
    let mut binomial = vec![BigInt::one()];
    for k in 1..=40u32 {
        let next = binomial[(k - 1) as usize].clone() * BigInt::from(40 - k + 1) / BigInt::from(k);
        binomial.push(next);
    }
    let later = |k: usize| {
        BigRational::new(
            binomial[k].clone() * num_traits::pow(BigInt::from(5), 40 - k),
            later_total.clone(),
        )
    };
    let mut win = BigRational::zero();
    for m in 2..=10 {
        let p_m = (at_most(m) - at_most(m - 1)) / all.clone();
        for k in 0..=40 {
            if k == 0 || m.max(3) + k >= 14 {
                win += p_m.clone() * later(k);
            }
        }
    }
    let path = format!("{}/games/quatorze.dice", env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(&path).expect("reads");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("checks");
    let distribution = evaluate(&program, Limits::default()).expect("evaluates");
    let report = dicerules::report::Report::new(&program, &distribution);
    assert_eq!(report.bets[0].hit_frequency, Exact(win));
}

/// Options that only the throws observe are evaluated once when the throws
/// group alike; a face the dice do not have (4 on three-sided dice) groups
/// differently and must get its own figures.
#[test]
fn options_share_an_evaluation_only_when_their_throws_group_alike() {
    let source = "game \"t\"\nround {\n  choose face from 1..4 by p\n  let score = 0\n  repeat 2 {\n    throw t = 2d3\n    set score = score + count(t, face)\n  }\n}\nbet p on score {\n  0 => lose\n  else => win 1 to 1\n}\n";
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("checks");
    let exact = evaluate(&program, Limits::default()).expect("evaluates");
    let chosen = exact.choice.as_ref().expect("the choice is analysed");
    for (value, distribution) in &chosen.options {
        let ends = ends_of(distribution);
        assert_eq!(
            ends,
            brute_force_option(&program, Some(*value)),
            "face {value}"
        );
    }
    // Face 4 never shows: the bettor always loses with it, and 1 is best.
    assert_eq!(chosen.options[3].1.ends.len(), 1);
    assert_eq!(chosen.value, 1);
}

/// A count whose face is set again after the throw, before it is read: the
/// count must use the face at the read, not at the throw (it cannot be
/// computed when the dice land).
#[test]
fn a_face_set_after_the_throw_is_read_where_the_count_is() {
    let source = "game \"t\"\noutcomes a, b, c\nround {\n  let face = 1\n  throw t = 3d3\n  if count(t, face) >= 1 {\n    set face = 2\n  }\n  if count(t, face) >= 2 { end a }\n  set face = 3\n  if count(t, face) = 0 { end b }\n  end c\n}\nbet p {\n  a => win 1 to 1\n  b => push\n  c => lose\n}\n";
    let (_, exact) = agrees_with_the_enumeration(source);
    // Face 2 shows at least twice after a 1 showed: (1,2,2) in 3 orders of 27.
    assert_eq!(exact.outcomes[0], Exact::ratio(1, 9));
}

/// The statistics counted face by face, on pools large enough that each has
/// many results, beside a hand table read by listing: all against the
/// enumeration.
#[test]
fn statistics_counted_face_by_face_agree_with_the_enumeration() {
    let source = "game \"t\"\noutcomes a, b, c\nround {\n  throw t = 4d4\n  let f = most_frequent(t)\n  throw u = 3d4 until highest(u) > lowest(u)\n  if count(u, f) + highest_count(t) >= 4 and total(u) > 6 { end a }\n  if count(u, f) = 0 { end b }\n  end c\n}\nbet p {\n  a => win 2 to 1\n  b => push\n  c => lose\n}\n";
    agrees_with_the_enumeration(source);
}

/// Cards dealt without replacement, through the play path: every ordered
/// sequence of the 52 cards a round deals (one card, then two), each as
/// likely as the next, against the exact evaluator's multisets of values.
#[test]
fn dealing_from_a_deck_agrees_with_every_sequence_of_cards() {
    let source = "game \"t\"\noutcomes a, b, c\nshoe cards {\n  decks = 1\n  values A 2..4 => 1, 5..9 => 2, 10 J Q K => 0\n}\nround {\n  draw first = 1 from cards\n  draw pair = 2 from cards\n  let v = total(pair) mod 3\n  if value(first) > v { end a }\n  if value(first) = v { end b }\n  end c\n}\nbet p {\n  a => win 1 to 1\n  b => push\n  c => lose\n}\n";
    agrees_with_the_enumeration(source);
}

/// The infinite shoe: every card independent, as likely as one of the 52
/// cards of one deck.
#[test]
fn the_infinite_shoe_agrees_with_every_sequence_of_cards() {
    let source = "game \"t\"\noutcomes a, b\nshoe cards {\n  decks = infinite\n  values A => 1, 2..9 => pip, 10 J Q K => 0\n}\nround {\n  draw h = 2 from cards\n  if total(h) mod 10 >= 8 { end a }\n  end b\n}\nbet p {\n  a => win 1 to 1\n  b => lose\n}\n";
    agrees_with_the_enumeration(source);
}

/// `burn N from SHOE` is compiled to nothing: the burned cards are seen by
/// no one and a shoe's cards are exchangeable. Dealing them for real into
/// a name nobody reads gives the same figures, fraction for fraction, from
/// one deck (where a burn changes the most) as from six.
#[test]
fn a_burn_changes_no_figure() {
    let war = |burn: &str, decks: u32| {
        format!(
            "game \"War\"
outcomes player, dealer, war_won, war_lost
shoe cards {{
  decks = {decks}
  values A => 14, 2..10 => pip, J => 11, Q => 12, K => 13
}}
round {{
  draw p = 1 from cards
  draw d = 1 from cards
  compare value(p) with value(d) {{
    higher => end player
    lower => end dealer
    equal => {{
      {burn}
      draw p2 = 1 from cards
      draw d2 = 1 from cards
      if value(p2) >= value(d2) {{ end war_won }}
      end war_lost
    }}
  }}
}}
bet player {{
  player => win 1 to 1
  dealer => lose
  war_won => win 1 to 1
  war_lost => lose 2
}}
"
        )
    };
    for decks in [1, 6] {
        let report = |burn: &str| {
            dicerules::Analysis::new(war(burn, decks), &dicerules::Options::default())
                .expect("the game evaluates")
                .report
        };
        let burned = report("burn 3 from cards");
        let dealt = report("draw burned = 3 from cards");
        assert_eq!(burned.results.len(), dealt.results.len());
        for (b, d) in burned.results.iter().zip(&dealt.results) {
            assert_eq!(
                b.probability, d.probability,
                "{decks} deck(s): {}",
                b.outcome
            );
        }
        assert_eq!(
            burned.bets[0].house_edge, dealt.bets[0].house_edge,
            "{decks} deck(s)"
        );
    }
}

/// Dragon Tiger reads each card's rank and suit: its eight-deck shoe
/// dealt card by card (416 × 415 sequences) gives the evaluator's figures.
#[test]
fn dragon_tiger() {
    check_game("dragon_tiger");
}

/// Ranks with aces high, suits, a pair and a flush read from cards dealt
/// one at a time, beside a hand's values and its size: every sequence of
/// the 52 cards of one deck, against the evaluator's kinds.
#[test]
fn ranks_and_suits_agree_with_every_sequence_of_cards() {
    let source = r#"game "three cards"
outcomes flush, pair, ace_first, high_rest, other
shoe cards {
  decks = 1
  values A => 1, 2..10 => pip, J Q K => 10
  aces high
}
round {
  draw a = 1 from cards
  draw b = 1 from cards
  draw c = 1 from cards
  if suit(a) = suit(b) and suit(b) = suit(c) { end flush }
  if rank(a) = rank(b) or rank(b) = rank(c) or rank(a) = rank(c) { end pair }
  if rank(a) = 14 { end ace_first }
  if size(b) = 1 and value(b) + suit(c) > 12 { end high_rest }
  end other
}
bet p {
  flush => win 5 to 1
  pair => win 1 to 1
  ace_first => push
  else => lose
}
"#;
    let (_, exact) = agrees_with_the_enumeration(source);
    // A flush of three from one deck: 4 × C(13, 3) / C(52, 3) = 22/425.
    assert_eq!(exact.outcomes[0], Exact::ratio(22, 425));
}
