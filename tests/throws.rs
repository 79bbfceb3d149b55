//! Repeated throws and throws read only by counts: the fast paths of the
//! exact evaluator against the plain ones and against hand counts.
//!
//! A run of `throw t = XdY; set acc = acc + count(t, face)` is thrown as one
//! throw of all its dice (`eval::exact::machine::fuse`); the same round with
//! `* 1` after the count is not, and must give the same ends exactly. A
//! throw read only by counts is enumerated by the counts (binomial), however
//! many multisets it has: `40d6` (1,221,759 multisets) is checked against
//! the binomial law computed here.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use dicerules::number::Exact;
use dicerules_core::eval::exact::{Distribution, Limits};
use dicerules_core::solve::evaluate;

use crate::common::binary;

fn evaluated(source: &str) -> Distribution {
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .unwrap_or_else(|e| panic!("checks: {e:?}\n{source}"));
    evaluate(&program, Limits::default()).expect("evaluates")
}

/// Every end (outcome, final values, probability) and every outcome's
/// probability.
type Ends = (Vec<(Option<usize>, Vec<Option<i64>>, Exact)>, Vec<Exact>);

fn ends(d: &Distribution) -> Ends {
    let ends = d
        .ends
        .iter()
        .map(|e| (e.outcome, e.values.clone(), e.probability()))
        .collect();
    (ends, d.outcomes.clone())
}

/// Twenty-six with `n` throws; `plain` keeps the throws apart.
fn twenty_six(n: u32, dice: u32, plain: bool) -> String {
    let add = if plain {
        "score + count(t, face) * 1"
    } else {
        "score + count(t, face)"
    };
    format!(
        "game \"t\"\nround {{\n  choose face from 1..6 by player\n  let score = 0\n  repeat {n} {{\n    throw t = {dice}d6\n    set score = {add}\n  }}\n}}\nbet player on score {{\n  13 => win 5 to 1\n  <= 10 => win 10 to 1\n  >= 30 => win 10 to 1\n  else => lose\n}}\n"
    )
}

/// Quatorze with `n` later throws; `plain` keeps the throws apart.
fn quatorze(n: u32, plain: bool) -> String {
    let add = if plain {
        "count(t, face) * 1 + later"
    } else {
        "count(t, face) + later"
    };
    format!(
        "game \"q\"\noutcomes fourteen, blank, other\nround {{\n  throw first = 6d4\n  let face = most_frequent(first)\n  let score = max(highest_count(first), 3)\n  let later = 0\n  repeat {n} {{\n    throw t = 3d4\n    set later = {add}\n  }}\n  if later = 0 {{\n    end blank\n  }}\n  if score + later >= 8 {{\n    end fourteen\n  }}\n  end other\n}}\nbet player {{\n  fourteen => win 8 to 1\n  blank => win 8 to 1\n  other => lose\n}}\n"
    )
}

/// A run thrown as one gives the same ends, exactly, as its throws one by
/// one: twenty-six and quatorze at several lengths, the count on either
/// side of the sum.
#[test]
fn fused_runs_equal_the_throws_one_by_one() {
    for n in [2, 3, 13, 40] {
        let fused = evaluated(&twenty_six(n, 10, false));
        let plain = evaluated(&twenty_six(n, 10, true));
        assert_eq!(ends(&fused), ends(&plain), "twenty-six with {n} throws");
        assert_eq!(fused.ends.len(), 10 * n as usize + 1);
    }
    for n in [2, 4, 17] {
        let fused = evaluated(&quatorze(n, false));
        let plain = evaluated(&quatorze(n, true));
        assert_eq!(ends(&fused), ends(&plain), "quatorze with {n} throws");
    }
}

/// A game with its sum written as given.
type Variant = dyn Fn(&str) -> String;

/// Runs that must not be fused, each against its plain twin: the count read
/// again after each addition (the last throw's, not the sum), a face that changes along
/// the run, a jump into the run.
#[test]
fn runs_read_otherwise_are_thrown_one_by_one() {
    let read_after = |add: &str| {
        format!("game \"r\"\nround {{\n  let s = 0\n  let last = 0\n  repeat 3 {{\n    throw t = 2d6\n    set s = {add}\n    set last = count(t, 6)\n  }}\n  let v = s + 10 * last\n}}\nbet b on v {{\n  >= 12 => win 5 to 1\n  else => lose\n}}\n")
    };
    let moving_face = |add: &str| {
        format!("game \"m\"\nround {{\n  let s = 0\n  let f = 1\n  repeat 3 {{\n    throw t = 3d6\n    set s = {add}\n    set f = f + 1\n  }}\n}}\nbet b on s {{\n  >= 2 => win 2 to 1\n  else => lose\n}}\n")
    };
    let skipping = |add: &str| {
        format!("game \"j\"\nround {{\n  throw d = 1d2\n  let s = 0\n  if total(d) = 1 {{\n    throw t = 2d6\n    set s = {add}\n  }}\n  throw t2 = 2d6\n  set s = s + count(t2, 6)\n}}\nbet b on s {{\n  >= 2 => win 2 to 1\n  else => lose\n}}\n")
    };
    let cases: [(&Variant, &str, &str); 3] = [
        (&read_after, "s + count(t, 6)", "s + count(t, 6) * 1"),
        (&moving_face, "s + count(t, f)", "s + count(t, f) * 1"),
        (&skipping, "s + count(t, 6)", "s + count(t, 6) * 1"),
    ];
    for (game, fusable, plain) in cases {
        let a = evaluated(&game(fusable));
        let b = evaluated(&game(plain));
        assert_eq!(ends(&a), ends(&b), "{}", game(fusable));
    }
}

/// P(score = k) for a count of one face of `sides` over `dice` dice:
/// C(dice, k) (sides - 1)^(dice - k) / sides^dice, computed here.
fn binomial(dice: u32, sides: u32) -> Vec<BigRational> {
    let total = num_traits::pow(BigInt::from(sides), dice as usize);
    let mut c = BigInt::one();
    (0..=dice)
        .map(|k| {
            if k > 0 {
                c = &c * BigInt::from(dice - k + 1) / BigInt::from(k);
            }
            let ways = &c * num_traits::pow(BigInt::from(sides - 1), (dice - k) as usize);
            BigRational::new(ways, total.clone())
        })
        .collect()
}

/// Twenty-six with 400 throws (4,000 dice) is the binomial law of 4,000
/// dice, every score's probability exactly.
#[test]
fn four_hundred_throws_follow_the_binomial_law() {
    let d = evaluated(&twenty_six(400, 10, false));
    let law = binomial(4000, 6);
    assert_eq!(d.ends.len(), law.len());
    for end in &d.ends {
        let k = end.values[0].expect("the score is bound") as usize;
        assert_eq!(end.probability(), Exact(law[k].clone()), "score {k}");
    }
}

/// A game that reads only counts of one throw of 40d6 (more than 1,000,000
/// multisets): checked, evaluated by the counts, and every figure is the
/// binomial law's.
const FORTY: &str = "game \"Forty\"\noutcomes many, few\nround {\n  throw t = 40d6\n  if count(t, 6) >= 10 {\n    end many\n  }\n  end few\n}\nbet player {\n  many => win 3 to 1\n  few => lose\n}\n";

#[test]
fn forty_dice_read_by_a_count_follow_the_binomial_law() {
    let d = evaluated(FORTY);
    let law = binomial(40, 6);
    let many = law[10..].iter().fold(BigRational::zero(), |a, p| a + p);
    assert_eq!(d.outcomes[0], Exact(many.clone()));
    assert_eq!(d.outcomes[1], Exact(BigRational::one() - many));
}

/// Through the binary: the count-only 40d6 game checks (exit 0); the same
/// dice read whole by an `is` pattern are refused at the dice (exit 2).
#[test]
fn forty_dice_are_refused_only_when_read_whole() {
    let dir = std::env::temp_dir().join(format!("dicerules-throws-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    std::fs::write(dir.join("forty.dice"), FORTY).expect("writes");
    let counted = binary::run(&dir, &["check", "forty.dice"], b"");
    assert_eq!(counted.code, Some(0), "{}", counted.transcript(&[]));
    let whole = FORTY.replace(
        "count(t, 6) >= 10",
        "t is 6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6-6",
    );
    std::fs::write(dir.join("whole.dice"), whole).expect("writes");
    let refused = binary::run(&dir, &["check", "whole.dice"], b"");
    assert_eq!(refused.code, Some(2), "{}", refused.transcript(&[]));
    assert!(refused
        .stderr
        .contains("40d6 has too many different results"));
    let _ = std::fs::remove_dir_all(&dir);
}
