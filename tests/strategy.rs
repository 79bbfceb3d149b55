//! Choices solved: small games whose best strategy or equilibrium is known
//! on paper (each file in tests/fixtures/strategy says how), and the
//! published equilibrium of chemin de fer (Kemeny and Snell, 1957).

use dicerules::number::Exact;
use dicerules_core::eval::exact::Kind;
use dicerules_core::eval::exact::{Distribution, Limits};
use dicerules_core::figures::BetFigures;
use dicerules_core::program::Program;
use dicerules_core::solve::evaluate;

fn solved(path: &str) -> (Program, Distribution) {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let source = std::fs::read_to_string(full).expect("the file reads");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("the file checks");
    let d = evaluate(&program, Limits::default()).expect("the file evaluates");
    (program, d)
}

fn strategy(program: &Program, d: &Distribution, name: &str, option: &str, key: &[i64]) -> Exact {
    d.solution
        .as_ref()
        .expect("a solution")
        .probability(program, name, option, key)
        .unwrap_or_else(|| panic!("no choice {name} {option} {key:?}"))
}

fn ev(program: &Program, d: &Distribution, bet: &str) -> Exact {
    let bet = program
        .bets
        .iter()
        .find(|b| b.name == bet)
        .expect("the bet");
    BetFigures::new(bet, d).ev
}

#[test]
fn one_side_keeps_a_high_die_and_throws_a_low_one_again() {
    let (p, d) = solved("tests/fixtures/strategy/keep_or_again.dice");
    for face in 1..=6 {
        let keep = if face >= 4 {
            Exact::one()
        } else {
            Exact::zero()
        };
        assert_eq!(
            strategy(&p, &d, "move", "keep", &[face]),
            keep,
            "face {face}"
        );
    }
    // Wins 3/4 of rounds at even money.
    assert_eq!(ev(&p, &d, "player"), Exact::ratio(1, 2));
    assert_eq!(d.solution.as_ref().unwrap().kind, Kind::Best);
}

/// A lone side coming to one situation after different choices of its own,
/// where nothing it forgets matters: every option's value at every score is
/// the recursion's (the best throw by a player who remembers everything).
#[test]
fn a_lone_side_may_forget_what_cannot_matter() {
    let (p, d) = solved("tests/fixtures/strategy/five_to_seven.dice");
    let third = |s: i64| {
        Exact::ratio(
            (1..=3).filter(|t| (5..=7).contains(&(s + t))).count() as i64,
            3,
        )
    };
    let stop = |s: i64| {
        if (5..=7).contains(&s) {
            Exact::one()
        } else {
            Exact::zero()
        }
    };
    let best = |a: Exact, b: Exact| if b > a { b } else { a };
    // Winning chances, then nets: 2 × chance − 1.
    let net = |x: &Exact| &(x * &Exact::int(2)) - &Exact::one();
    let solution = d.solution.as_ref().expect("a solution");
    assert_eq!(solution.kind, Kind::Best);
    for info in &solution.infosets {
        let name = &p.decisions[info.decision].name;
        let s = info.key[0];
        let (again, stay) = if name == "twice" {
            (third(s), stop(s))
        } else {
            let next = (1..=3).fold(Exact::zero(), |sum, t| {
                &sum + &(&best(third(s + t), stop(s + t)) * &Exact::ratio(1, 3))
            });
            (next, stop(s))
        };
        assert_eq!(info.options[0].value, Some(net(&again)), "{name} {s}");
        assert_eq!(info.options[1].value, Some(net(&stay)), "{name} {s}");
    }
    assert_eq!(strategy(&p, &d, "twice", "again", &[4]), Exact::one());
    assert_eq!(strategy(&p, &d, "twice", "stop", &[5]), Exact::one());
    assert_eq!(ev(&p, &d, "player"), Exact::ratio(19, 27));
}

#[test]
fn a_matrix_game_mixes_two_fifths_and_is_worth_one_fifteenth() {
    let (p, d) = solved("tests/fixtures/strategy/high_or_low.dice");
    assert_eq!(strategy(&p, &d, "call", "high", &[]), Exact::ratio(2, 5));
    assert_eq!(strategy(&p, &d, "guess", "high", &[]), Exact::ratio(2, 5));
    assert_eq!(ev(&p, &d, "player"), Exact::ratio(1, 15));
    assert_eq!(
        d.solution.as_ref().unwrap().kind,
        Kind::ZeroSum {
            value: Exact::ratio(1, 15)
        }
    );
}

#[test]
fn a_low_hand_bluffs_half_the_time_and_the_bank_calls_half() {
    let (p, d) = solved("tests/fixtures/strategy/bluff.dice");
    assert_eq!(strategy(&p, &d, "play", "raise", &[1]), Exact::one());
    assert_eq!(strategy(&p, &d, "play", "raise", &[0]), Exact::ratio(1, 2));
    assert_eq!(strategy(&p, &d, "answer", "call", &[]), Exact::ratio(1, 2));
    assert_eq!(ev(&p, &d, "player"), Exact::ratio(1, 6));
    assert_eq!(ev(&p, &d, "bank"), Exact::ratio(-1, 6));
}

#[test]
fn kemeny_and_snell_the_player_draws_on_five_with_probability_nine_elevenths() {
    let (p, d) = solved("games/chemin_de_fer_free.dice");
    assert_eq!(
        strategy(&p, &d, "action", "draw", &[5]),
        Exact::ratio(9, 11)
    );
    // Zero-sum: the two bets' values are opposite, and the value reported
    // is the player's expected value.
    let value = ev(&p, &d, "player");
    assert_eq!(ev(&p, &d, "banker"), -&value);
    assert_eq!(d.solution.as_ref().unwrap().kind, Kind::ZeroSum { value });
}

#[test]
fn with_the_commission_the_equilibrium_is_the_punto_banco_tableau() {
    let (p, d) = solved("games/chemin_de_fer.dice");
    assert_eq!(d.solution.as_ref().unwrap().kind, Kind::GeneralSum);
    assert_eq!(strategy(&p, &d, "action", "draw", &[5]), Exact::one());
    assert_eq!(
        strategy(&p, &d, "bank_draws", "draw", &[3, 9]),
        Exact::one()
    );
    assert_eq!(
        strategy(&p, &d, "bank_draws", "draw", &[5, 4]),
        Exact::one()
    );
    // The same coup as punto banco's, bet for bet.
    let (pb, pd) = solved("games/punto_banco.dice");
    assert_eq!(ev(&p, &d, "player"), ev(&pb, &pd, "player"));
    assert_eq!(ev(&p, &d, "banker"), ev(&pb, &pd, "banker"));
}

/// The distribution of the total of `n` six-sided dice, by convolution:
/// `chances[t]` is the probability of total `t`.
fn totals(n: usize) -> Vec<Exact> {
    let mut ways: Vec<u64> = vec![1];
    for _ in 0..n {
        let mut next = vec![0u64; ways.len() + 6];
        for (t, w) in ways.iter().enumerate() {
            for face in 1..=6 {
                next[t + face] += w;
            }
        }
        ways = next;
    }
    let all = 6i64.pow(n as u32);
    ways.iter().map(|&w| Exact::ratio(w as i64, all)).collect()
}

/// The player's net in Tails (`hi` is option 0): the player adds 20 with
/// `hi`, the banker 13, and the player loses 10 when both choose alike.
fn tails_net(pv: usize, a: usize, qv: usize, c: usize) -> Exact {
    let p = pv as i64 + if a == 0 { 20 } else { 0 } - if a == c { 10 } else { 0 };
    let q = qv as i64 + if c == 0 { 13 } else { 0 };
    Exact::int((p - q).signum())
}

/// Tails (tests/fixtures/strategy/tails.dice, and at 3d6), its equilibrium
/// checked by an enumeration of its own: against the banker's strategy as
/// solved, every option the player plays with positive probability has the
/// best value the player can get at that total, and the other way round;
/// the value of the game is the player's expected value. At 10d6 the
/// chances of the information sets range from 1 to 6^-10.
#[test]
fn tails_strategies_are_mutual_best_responses_by_enumeration() {
    let source = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/strategy/tails.dice"),
    )
    .expect("the file reads");
    for dice in [3usize, 10] {
        let source = source.replace("10d6", &format!("{dice}d6"));
        let program = dicerules::Game::load(&source)
            .map(|g| g.program)
            .expect("the file checks");
        let d = evaluate(&program, Limits::default()).expect("the file evaluates");
        let chances = totals(dice);
        let range = dice..=6 * dice;
        let options = ["hi", "lo"];
        // Each side's strategy as solved, by total and option.
        let play = |name: &str, t: usize| -> [Exact; 2] {
            let p = |o: &str| strategy(&program, &d, name, o, &[t as i64]);
            let s = [p(options[0]), p(options[1])];
            assert_eq!(&s[0] + &s[1], Exact::one(), "{name} at {t}");
            assert!(!s[0].is_negative() && !s[1].is_negative());
            s
        };
        // By total, from 0: nothing at totals the dice cannot make.
        let by_total = |name: &str| -> Vec<[Exact; 2]> {
            (0..=6 * dice)
                .map(|t| {
                    if range.contains(&t) {
                        play(name, t)
                    } else {
                        [Exact::zero(), Exact::zero()]
                    }
                })
                .collect()
        };
        let (player, banker) = (by_total("a"), by_total("c"));
        let mut value = Exact::zero();
        for pv in range.clone() {
            // The player's expected net at `pv` with each option.
            let net = |a: usize| {
                range.clone().fold(Exact::zero(), |sum, qv| {
                    (0..2).fold(sum, |sum, c| {
                        &sum + &(&(&chances[qv] * &banker[qv][c]) * &tails_net(pv, a, qv, c))
                    })
                })
            };
            let nets = [net(0), net(1)];
            let best = nets.iter().max().unwrap().clone();
            for a in 0..2 {
                if player[pv][a].is_positive() {
                    assert_eq!(
                        nets[a], best,
                        "{dice}d6: the player at {pv} plays {} but it is not best",
                        options[a]
                    );
                }
                value = &value + &(&(&chances[pv] * &player[pv][a]) * &nets[a]);
            }
        }
        for qv in range.clone() {
            // The banker's expected net (minus the player's) at `qv`.
            let net = |c: usize| {
                range.clone().fold(Exact::zero(), |sum, pv| {
                    (0..2).fold(sum, |sum, a| {
                        &sum - &(&(&chances[pv] * &player[pv][a]) * &tails_net(pv, a, qv, c))
                    })
                })
            };
            let nets = [net(0), net(1)];
            let best = nets.iter().max().unwrap().clone();
            for c in 0..2 {
                if banker[qv][c].is_positive() {
                    assert_eq!(
                        nets[c], best,
                        "{dice}d6: the banker at {qv} plays {} but it is not best",
                        options[c]
                    );
                }
            }
        }
        assert_eq!(ev(&program, &d, "player"), value, "{dice}d6");
        assert_eq!(
            d.solution.as_ref().unwrap().kind,
            Kind::ZeroSum {
                value: value.clone()
            }
        );
    }
}

/// A choice among the faces shown (`from faces(first)`), against a count
/// by hand: every ordered 3d6 throw, the best face it shows by the
/// banker's chance of totalling twice it (counted over his 36 throws), ties
/// to the lower face. The strategy takes that face at every set of faces,
/// offers nothing else there, and the bet's value is the count's.
#[test]
fn a_choice_among_the_faces_shown_takes_the_best_face_shown() {
    let (p, d) = solved("tests/fixtures/strategy/twice_the_point.dice");
    // The banker's ways of totalling twice each face.
    let ways = |face: i64| -> i64 {
        let mut n = 0;
        for a in 1..=6 {
            for b in 1..=6 {
                n += i64::from(a + b == 2 * face);
            }
        }
        n
    };
    let mut wins = 0i64;
    let mut best_at = std::collections::BTreeMap::new();
    for x in 1..=6i64 {
        for y in 1..=6i64 {
            for z in 1..=6i64 {
                let mut faces = vec![x, y, z];
                faces.sort_unstable();
                faces.dedup();
                // Ascending, so the first of the most ways is the lower.
                let best = faces
                    .iter()
                    .copied()
                    .reduce(|a, b| if ways(b) > ways(a) { b } else { a })
                    .unwrap();
                wins += ways(best);
                best_at.insert(faces, best);
            }
        }
    }
    // 10 to 1: a win nets 10, a loss 1, over 216 × 36 equally likely rounds.
    let rounds = 216 * 36;
    assert_eq!(Exact::ratio(wins, rounds), Exact::ratio(13, 108));
    assert_eq!(
        ev(&p, &d, "player"),
        Exact::ratio(10 * wins - (rounds - wins), rounds)
    );
    let solution = d.solution.as_ref().unwrap();
    assert_eq!(solution.kind, Kind::Best);
    assert_eq!(solution.infosets.len(), best_at.len());
    for (faces, best) in &best_at {
        for face in 1..=6 {
            let expected = if face == *best {
                Exact::one()
            } else {
                Exact::zero()
            };
            assert_eq!(
                strategy(&p, &d, "point", &face.to_string(), faces),
                expected,
                "{face} at {faces:?}"
            );
        }
    }
    // Each information set offers the faces it shows, and only those.
    let decision = &p.decisions[0];
    for info in &solution.infosets {
        let offered: Vec<String> = decision
            .offered(&info.key)
            .map(|i| decision.options[i].clone())
            .collect();
        let shown: Vec<String> = info.key.iter().map(i64::to_string).collect();
        assert_eq!(offered, shown);
        assert_eq!(info.options.len(), info.key.len());
    }
}

/// `pairs(t)` against a count of the 6^4 ordered throws of 4d6: a round
/// won on exactly one pair (a face shown two or more times, once).
#[test]
fn pairs_counts_the_faces_shown_twice_or_more() {
    let source = r#"game "pairs"
outcomes one, two, none
round {
  throw t = 4d6
  if pairs(t) = 1 { end one }
  if pairs(t) = 2 { end two }
  end none
}
bet b { one => win 1 to 1
        two => win 2 to 1
        none => lose }
"#;
    let program = dicerules::Game::load(source)
        .map(|g| g.program)
        .expect("the file checks");
    let d = evaluate(&program, Limits::default()).expect("it evaluates");
    let (mut one, mut two) = (0i64, 0i64);
    for code in 0..6i64.pow(4) {
        let mut counts = [0; 6];
        for k in 0..4 {
            counts[(code / 6i64.pow(k) % 6) as usize] += 1;
        }
        match counts.iter().filter(|&&c| c >= 2).count() {
            1 => one += 1,
            2 => two += 1,
            _ => {}
        }
    }
    // 6·5·4·3 = 360 throws show no pair; 90 show two.
    assert_eq!((one, two), (1296 - 360 - 90, 90));
    let net = one + 2 * two - (1296 - one - two);
    assert_eq!(ev(&program, &d, "b"), Exact::ratio(net, 1296));
}
