//! `dicerules session`: a table's rounds as an exact Markov chain, through
//! the real binary, against a count by hand of a small table, against the
//! symmetry of a rotating bank, and against `play`'s own sessions on real
//! dice.

use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::common::binary::{exact, json, root, run};

type Q = BigRational;

/// The two-seat heist table counted by hand below: 2 chips each, two rounds
/// (`tests/html.rs` charts it too).
pub(crate) const TWO_SEATS: [&str; 8] = [
    "session",
    "games/heist.dice",
    "--seats",
    "2",
    "--chips",
    "2",
    "--rounds",
    "2",
];

fn q(n: i64, d: i64) -> Q {
    Q::new(n.into(), d.into())
}

/// A heist punter's net on a stake of 1, by every throw of the four dice:
/// the banker's 6-6 wins, the player's 6-6 is paid 2 to 1, a higher total
/// 1 to 1, anything else loses. `(P(+2), P(+1), P(-1))`.
fn heist_law() -> (Q, Q, Q) {
    let (mut two, mut one, mut lose) = (0i64, 0i64, 0i64);
    for b1 in 1..=6 {
        for b2 in 1..=6 {
            for p1 in 1..=6 {
                for p2 in 1..=6 {
                    if b1 + b2 == 12 {
                        lose += 1;
                    } else if p1 + p2 == 12 {
                        two += 1;
                    } else if p1 + p2 > b1 + b2 {
                        one += 1;
                    } else {
                        lose += 1;
                    }
                }
            }
        }
    }
    (q(two, 1296), q(one, 1296), q(lose, 1296))
}

fn chips_of(seat: &serde_json::Value) -> Vec<(Q, Q)> {
    seat["chips_after"]
        .as_array()
        .expect("chips")
        .iter()
        .map(|c| {
            (
                exact(c["chips"].as_str().expect("chips")),
                exact(c["probability"].as_str().expect("p")),
            )
        })
        .collect()
}

/// Two seats of 2 chips, the bank rotating, two rounds, counted by hand.
/// A bank seat covers a stake while its chips pay the largest win (2 to
/// 1): 2 chips cover 1, 1 chip covers nothing, and the bank is put out of
/// business. Round 1: seat 1 banks, seat 2 stakes 1: +2 leaves (0, 4), +1
/// (1, 3), -1 (3, 1). Round 2, seat 2 banks: from (0, 4) seat 1 cannot
/// bet and the session is over; from (1, 3) seat 1 stakes 1 again; from
/// (3, 1) the bank of 1 chip cannot cover it.
#[test]
fn a_two_seat_heist_table_against_a_count_by_hand() {
    let (two, one, lose) = heist_law();
    let out = json(&TWO_SEATS);
    let rounds = out["by_round"].as_array().expect("rounds");
    assert_eq!(exact(rounds[0]["bank_broke"].as_str().unwrap()), Q::zero());
    assert_eq!(exact(rounds[1]["bank_broke"].as_str().unwrap()), lose);
    assert_eq!(exact(rounds[1]["bank_broke_by"].as_str().unwrap()), lose);
    // Over by round 2: seat 1 left with nothing, or the bank broke (and
    // passed to no one: the bank rotates, and seat 2 stops playing).
    let none_left = &two + &one * &lose;
    assert_eq!(
        exact(rounds[1]["over_by"].as_str().unwrap()),
        &none_left + &lose
    );
    let seats = out["by_seat"].as_array().expect("seats");
    let want_chips = vec![
        (q(0, 1), none_left.clone()),
        (q(2, 1), &one * &one),
        (q(3, 1), &lose + &one * &two),
    ];
    assert_eq!(chips_of(&seats[0]), want_chips);
    // Seat 1's net: the bank's side of round 1, then its own stake from
    // (1, 3) in round 2.
    let mean = &two * q(2, 1) + &one - &lose;
    let net = -&mean + &one * &mean;
    assert_eq!(exact(seats[0]["expected_net"].as_str().unwrap()), net);
    assert_eq!(exact(seats[1]["expected_net"].as_str().unwrap()), -net);
}

/// Heaven and Nine's bank is "kept until the banker loses a round": with
/// two seats and chips that never run short in twelve rounds, the first
/// bank holds each next round with the chance q that the punter does not
/// win (the round's law, from `check`), so it is held sum q^r (r < 12)
/// rounds on average counting these twelve, still held after them with
/// q^12, and its banker nets the bet's edge every round it holds (Wald).
#[test]
fn heaven_and_nine_tenure_of_the_first_bank_is_geometric() {
    let report = json(&["check", "games/heaven_and_nine.dice"]);
    let outcomes = report["results"].as_array().expect("results");
    let win = outcomes
        .iter()
        .find(|o| o["outcome"] == "player_wins")
        .map(|o| exact(o["probability"].as_str().unwrap()))
        .expect("player_wins");
    let edge = report["bets"]
        .as_array()
        .expect("bets")
        .iter()
        .find(|b| b["bet"] == "player")
        .map(|b| exact(b["house_edge"].as_str().unwrap()))
        .expect("player");
    let q = Q::one() - win;
    let mut held = Q::zero();
    let mut power = Q::one();
    for _ in 0..12 {
        held += &power;
        power *= &q;
    }
    let out = json(&[
        "session",
        "games/heaven_and_nine.dice",
        "--seats",
        "2",
        "--rounds",
        "12",
    ]);
    let first = &out["first_bank"];
    assert_eq!(first["seat"], 1);
    assert_eq!(exact(first["expected_rounds"].as_str().unwrap()), held);
    assert_eq!(exact(first["held_after_last"].as_str().unwrap()), power);
    assert_eq!(exact(first["banker_net"].as_str().unwrap()), &held * &edge);
}

/// A twenty-six thrower's net per chip staked, by its law: each score is
/// binomial (130 dice, one face), paid by the seed's table.
fn twenty_six_law() -> std::collections::BTreeMap<i64, Q> {
    // P(score = k) = C(130, k) 5^(130 - k) / 6^130.
    let mut binomial = vec![num_bigint::BigInt::one()];
    for k in 1..=130u32 {
        let c = &binomial[k as usize - 1] * (131 - k) / k;
        binomial.push(c);
    }
    let total = num_traits::pow(num_bigint::BigInt::from(6), 130);
    let p = |k: usize| {
        Q::new(
            &binomial[k] * num_traits::pow(num_bigint::BigInt::from(5), 130 - k),
            total.clone(),
        )
    };
    let wins = |score: usize| -> i64 {
        match score {
            13 | 27 => 5,
            0..=10 | 30.. => 10,
            26 => 4,
            28 => 6,
            29 => 8,
            _ => -1,
        }
    };
    let mut law: std::collections::BTreeMap<i64, Q> = Default::default();
    for k in 0..=130 {
        *law.entry(wins(k)).or_insert_with(Q::zero) += p(k);
    }
    law
}

/// The first round's ruin at the seed's twenty-six table (a bank of 50,
/// three throwers of 20), counted over every three throwers' results. The
/// file's bank covers every bet: it is put out of business when a win takes
/// all it holds (at a stake of 2, three wins worth 25 stakes; at 6, one win
/// at 10 to 1). Without that clause, `play`'s bank covers a stake only while
/// its chips pay 10 to 1 on it: at a stake of 2 it is out when the first two
/// throwers win 16 chips a chip or more between them.
#[test]
fn twenty_six_ruin_in_the_first_round_against_the_binomial_law() {
    let law = twenty_six_law();
    // The bank that covers every bet, at stakes 2 and 6.
    for (stake, low, high) in [(2i64, 0.057, 0.059), (6, 13.41, 13.42)] {
        let mut ruin = Q::zero();
        for (a, pa) in &law {
            for (b, pb) in &law {
                for (c, pc) in &law {
                    let mut bank = 50;
                    let out = [a, b, c].iter().any(|&&net| {
                        let pay = stake * net;
                        let out = pay >= bank;
                        bank -= pay;
                        out
                    });
                    if out {
                        ruin += pa * pb * pc;
                    }
                }
            }
        }
        let setting = format!("fixed_stake={stake}");
        let out = json(&[
            "session",
            "games/twenty_six.dice",
            "--seats",
            "4",
            "--rounds",
            "1",
            "--set",
            &setting,
        ]);
        let round = &out["by_round"][0];
        assert_eq!(exact(round["bank_broke"].as_str().unwrap()), ruin);
        assert_eq!(exact(round["bank_broke_by"].as_str().unwrap()), ruin);
        let percent = round["bank_broke_percent"].as_f64().unwrap();
        assert!((low..high).contains(&percent), "{stake}: {percent}");
    }
    // The same table under play's cover rule: the file without the clause.
    let source = std::fs::read_to_string(root().join("games/twenty_six.dice")).expect("the game");
    let covering = source.replace("bank covers every bet", "");
    assert_ne!(covering, source);
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("session");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("twenty_six_covering.dice");
    std::fs::write(&file, covering).expect("written");
    let mut ruin = Q::zero();
    for (a, pa) in &law {
        for (b, pb) in &law {
            if a + b >= 16 {
                ruin += pa * pb;
            }
        }
    }
    let file = file.to_str().expect("a UTF-8 path");
    let out = json(&["session", file, "--seats", "4", "--rounds", "1"]);
    let round = &out["by_round"][0];
    assert_eq!(exact(round["bank_broke"].as_str().unwrap()), ruin);
    let percent = round["bank_broke_percent"].as_f64().unwrap();
    assert!((0.59..0.60).contains(&percent), "{percent}");
}

/// The rule book's claim that the passing of the bank equalises the
/// banker's advantage: four seats, one rotation, every seat banks once
/// and stakes 1 three times, so each seat's expected net is zero; and no
/// chips are made or lost.
#[test]
fn a_rotation_of_the_heist_bank_equalises_every_seat() {
    let out = json(&[
        "session",
        "games/heist.dice",
        "--seats",
        "4",
        "--rounds",
        "4",
    ]);
    let mut held = Q::zero();
    // The bank rotates: the first bank holds one round.
    let first = &out["first_bank"];
    assert_eq!(exact(first["expected_rounds"].as_str().unwrap()), Q::one());
    assert_eq!(exact(first["held_after_last"].as_str().unwrap()), Q::zero());
    for seat in out["by_seat"].as_array().expect("seats") {
        assert_eq!(exact(seat["expected_net"].as_str().unwrap()), Q::zero());
        let chips = chips_of(seat);
        let total: Q = chips.iter().map(|(_, p)| p.clone()).sum();
        assert_eq!(total, Q::one());
        held += chips.iter().map(|(c, p)| c * p).sum::<Q>();
    }
    assert_eq!(held, q(400, 1));
}

/// `play`'s own sessions on real dice put the bank of the two-seat table
/// out of business in round 2 about as often as the chain says (within 4
/// standard errors of 400 sessions).
#[test]
fn plays_of_the_two_seat_table_agree_with_the_chain() {
    let (_, _, lose) = heist_law();
    let p: f64 = num_traits::ToPrimitive::to_f64(&lose).unwrap();
    let sessions = 400;
    let mut broke = 0;
    for seed in 1..=sessions {
        let seed = seed.to_string();
        // The same table, played.
        let mut args = TWO_SEATS.to_vec();
        args[0] = "play";
        args.extend(["--seed", &seed, "--format", "json"]);
        let out = run(root(), &args, b"");
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        if out.stdout.contains("\"banker_broke\"") {
            broke += 1;
        }
    }
    let seen = f64::from(broke) / f64::from(sessions);
    let se = (p * (1.0 - p) / f64::from(sessions)).sqrt();
    assert!(
        (seen - p).abs() < 4.0 * se,
        "{broke} of {sessions} sessions broke the bank; the chain says {p}"
    );
}

/// What the chain cannot follow yet is refused with its code and exit 2:
/// a round's choices, a hand for each seat, a throw for each seat where
/// one run serves every seat or before a throw of the table's, more tables
/// or more work than allowed.
#[test]
fn what_the_chain_cannot_follow_is_refused() {
    for (args, code) in [
        (
            vec!["session", "games/chemin_de_fer.dice"],
            "dice::session::choices",
        ),
        (
            vec!["session", "games/casino_war.dice"],
            "dice::session::seat_hands",
        ),
        (
            vec![
                "session",
                "tests/fixtures/table/seat_throws_at_the_house.dice",
            ],
            "dice::session::seat_throws",
        ),
        (
            vec![
                "session",
                "tests/fixtures/table/table_throw_after_seat_throw.dice",
            ],
            "dice::session::shared_after_seat",
        ),
        (
            vec!["session", "games/heist.dice", "--max-tables", "10"],
            "dice::session::state_limit",
        ),
        // Nineteen punters against one bank: the tables part six ways at
        // each.
        (
            vec![
                "session",
                "games/twenty_six.dice",
                "--seats",
                "20",
                "--max-tables",
                "1000",
            ],
            "dice::session::state_limit",
        ),
        // One table (the bank of 1 cannot cover a bet at 2 to 1, and the
        // session is over at once), a step a round: 200 steps pass the 150
        // one table allows.
        (
            vec![
                "session",
                "games/heist.dice",
                "--seats",
                "2",
                "--chips",
                "1",
                "--max-tables",
                "1",
                "--rounds",
                "200",
            ],
            "dice::session::work_limit",
        ),
    ] {
        refused(&args, code);
    }
}

/// `args` exit 2 with nothing on stdout, and stderr saying `says`.
fn refused(args: &[&str], says: &str) {
    let out = run(root(), args, b"");
    assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
    assert!(out.stdout.is_empty(), "{args:?}");
    assert!(out.stderr.contains(says), "{args:?}: {}", out.stderr);
}

/// The text a host reads: the rounds, the first bank, the seats.
#[test]
fn the_text_of_a_two_seat_session() {
    let out = run(root(), &TWO_SEATS, b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(out.stderr.is_empty(), "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
}

/// One seat staking double over a rotation of the heist bank, counted by
/// hand from the edge e = 37/432 of a stake of 1: at four seats seat 1
/// pays the edge on 2 chips in three rounds and takes it on 1 chip from
/// three punters in one, -6e + 3e = -3e; each other seat pays it on 1 chip
/// three times and takes it from seat 1 on 2 chips and two others on 1,
/// -3e + 4e = +e. Through `--stakes` of `session`, and as `play` sees it.
#[test]
fn one_seat_staking_double_breaks_the_rotations_balance() {
    let (two, one, lose) = heist_law();
    let e = -(&two * q(2, 1) + &one - &lose);
    assert_eq!(e, q(37, 432));
    let out = json(&[
        "session",
        "games/heist.dice",
        "--seats",
        "4",
        "--rounds",
        "4",
        "--stakes",
        "2,1,1,1",
    ]);
    let nets: Vec<Q> = (out["by_seat"].as_array().expect("seats").iter())
        .map(|s| exact(s["expected_net"].as_str().unwrap()))
        .collect();
    let third = &e * q(3, 1);
    assert_eq!(nets, vec![-third, e.clone(), e.clone(), e.clone()]);
    // `play` stakes them so: seat 1 bets 2 when seat 2 banks.
    let played = run(
        root(),
        &[
            "play",
            "games/heist.dice",
            "--rounds",
            "2",
            "--stakes",
            "2,1,1,1",
        ],
        b"",
    );
    assert_eq!(played.code, Some(0), "{}", played.stderr);
    assert!(
        played.stdout.contains("seat 1 bets 2 on player"),
        "{}",
        played.stdout
    );
    assert!(
        played.stdout.contains("seat 3 bets 1 on player"),
        "{}",
        played.stdout
    );
}

/// Stakes a table cannot take are refused before any round, exit 2: a
/// count other than one or the seats', a stake the rule never allows.
#[test]
fn stakes_the_table_cannot_take_are_refused() {
    for (command, args, says) in [
        (
            "play",
            ["games/heist.dice", "--stakes", "2,1"],
            "2 stakes for 4 seats",
        ),
        (
            "session",
            ["games/heist.dice", "--stakes", "11"],
            "the house limit is 10",
        ),
        (
            "play",
            ["games/twenty_six.dice", "--stakes", "3"],
            "the stake is fixed at 2",
        ),
        (
            "session",
            ["games/heist.dice", "--stakes", "0"],
            "at least 1",
        ),
    ] {
        let mut all = vec![command];
        all.extend(args);
        refused(&all, says);
    }
}

/// The rule books' session claims, judged by `check` from the game files'
/// `at` lines, against the figures counted here: heist's rotation is
/// balanced at equal stakes and off by 3e = 37/144 with one double stake;
/// twenty-six's bank of 50 is broken in the first round at a stake of 2
/// only by three wins worth 25 stakes (the binomial test above counts it),
/// under 1%; heaven and nine's first banker gains.
#[test]
fn the_rule_books_session_claims_are_judged_by_check() {
    let claims = |game: &str| {
        let out = run(root(), &["check", game, "--format", "json"], b"");
        assert_eq!(out.code, Some(0), "{game}: {}", out.stderr);
        let report: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
        let mut lines = report["claims"].as_array().expect("claims").clone();
        lines.extend(
            report["expects"]
                .as_array()
                .expect("expects")
                .iter()
                .cloned(),
        );
        lines
    };
    let find = |lines: &[serde_json::Value], start: &str| {
        lines
            .iter()
            .find(|l| l["statement"].as_str().unwrap().starts_with(start))
            .unwrap_or_else(|| panic!("no line {start}"))
            .clone()
    };
    let heist = claims("games/heist.dice");
    let at_equal = heist
        .iter()
        .find(|l| l["statement"] == "net_spread = 0 at seats = 3, rounds = 3")
        .expect("the equal stakes line");
    assert_eq!(at_equal["holds"], true);
    let double = find(
        &heist,
        "net_spread = 0 at seats = 3, rounds = 3, stakes = [2, 1, 1]",
    );
    assert_eq!(double["holds"], false);
    assert_eq!(exact(double["actual"].as_str().unwrap()), q(37, 144));
    let twenty_six = claims("games/twenty_six.dice");
    let ruin = find(&twenty_six, "ruin(1) < 1% at seats = 4");
    assert_eq!(ruin["holds"], true);
    let heaven = claims("games/heaven_and_nine.dice");
    assert_eq!(find(&heaven, "tenure_net > 0")["holds"], true);
}

/// Punto banco's "three to four hands more" per 8-deck shoe, as the game
/// file's `shoe_margin` line estimates it, against shoes dealt here by hand
/// (the third-card rules written out, cards by value, a cut card 14 from
/// the end, another generator): the two estimates agree within 4 standard
/// errors of their difference, and both are near 1, far from 3.5.
#[test]
fn the_shoe_margin_of_punto_banco_against_shoes_dealt_by_hand() {
    use rand::{Rng, SeedableRng};
    let out = run(
        root(),
        &["check", "games/punto_banco.dice", "--format", "json"],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let report: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let line = (report["claims"].as_array().expect("claims").iter())
        .find(|c| c["statement"].as_str().unwrap().starts_with("shoe_margin"))
        .expect("the shoe_margin claim")
        .clone();
    assert_eq!(line["holds"], false);
    let tool = line["actual_float"].as_f64().unwrap();
    let actual = line["actual"].as_str().unwrap();
    let tool_se: f64 = actual
        .split(" ± ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .and_then(|r| r.parse().ok())
        .expect("the standard error");

    // 8 decks by value: 128 of value 0 (tens and faces), 32 of each other.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2026);
    let shoes = 4000;
    let (mut sum, mut squares) = (0f64, 0f64);
    for _ in 0..shoes {
        let mut left = [128u32, 32, 32, 32, 32, 32, 32, 32, 32, 32];
        let mut total: u32 = left.iter().sum();
        let mut margin = 0i32;
        while total > 14 {
            let mut card = || {
                let mut i = rng.gen_range(0..total);
                let mut v = 0;
                while i >= left[v] {
                    i -= left[v];
                    v += 1;
                }
                left[v] -= 1;
                total -= 1;
                v as u32
            };
            let (p1, b1, p2, b2) = (card(), card(), card(), card());
            let (mut p, mut b) = ((p1 + p2) % 10, (b1 + b2) % 10);
            if p < 8 && b < 8 {
                let third = if p <= 5 { Some(card()) } else { None };
                if let Some(t) = third {
                    p = (p + t) % 10;
                }
                let draws = match third {
                    None => b <= 5,
                    Some(t) => match b {
                        0..=2 => true,
                        3 => t != 8,
                        4 => (2..=7).contains(&t),
                        5 => (4..=7).contains(&t),
                        6 => (6..=7).contains(&t),
                        _ => false,
                    },
                };
                if draws {
                    b = (b + card()) % 10;
                }
            }
            margin += i32::from(b > p) - i32::from(p > b);
        }
        let m = f64::from(margin);
        sum += m;
        squares += m * m;
    }
    let n = f64::from(shoes);
    let mean = sum / n;
    let se = ((squares - n * mean * mean) / (n - 1.0) / n).sqrt();
    let both = (se * se + tool_se * tool_se).sqrt();
    assert!(
        (tool - mean).abs() < 4.0 * both,
        "the tool {tool} ± {tool_se}, by hand {mean} ± {se}"
    );
    for m in [tool, mean] {
        assert!((0.5..1.5).contains(&m), "{m}");
    }
}

/// Every shipped game's table the exact chain follows, 3 seats and 3
/// rounds: the figures estimated from 3,000 sessions `play` plays on real
/// dice (`session --simulate`) lie within 4 standard errors of the exact
/// ones (a figure with no spread in the sessions, exactly on it): the
/// bank's ruin by round 3, the first bank still held after it, and every
/// seat's net. The tables the chain refuses are estimated all the same.
#[test]
fn simulated_sessions_agree_with_the_exact_chain_on_every_game() {
    let mut games: Vec<String> = std::fs::read_dir(root().join("games"))
        .expect("games/")
        .map(|e| {
            format!(
                "games/{}",
                e.expect("an entry").file_name().to_string_lossy()
            )
        })
        .filter(|name| name.ends_with(".dice"))
        .filter(|name| !crate::common::fixture::is_slow_game(std::path::Path::new(name)))
        .collect();
    games.sort();
    let table = ["--seats", "3", "--rounds", "3"];
    let mut compared = 0;
    for game in &games {
        let mut args = vec!["session", game.as_str()];
        args.extend(table);
        let mut simulated = args.clone();
        simulated.extend(["--simulate", "3000", "--seed", "11", "--format", "json"]);
        let sampled = run(root(), &simulated, b"");
        assert_eq!(sampled.code, Some(0), "{game}: {}", sampled.stderr);
        let sampled: serde_json::Value = serde_json::from_str(&sampled.stdout).expect("JSON");
        args.extend(["--format", "json"]);
        let exact = run(root(), &args, b"");
        if exact.code == Some(2) && exact.stderr.contains("dice::session::") {
            continue;
        }
        assert_eq!(exact.code, Some(0), "{game}: {}", exact.stderr);
        let exact: serde_json::Value = serde_json::from_str(&exact.stdout).expect("JSON");
        let close = |what: &str, x: &serde_json::Value, e: &serde_json::Value| {
            let x = num_traits::ToPrimitive::to_f64(&crate::common::binary::exact(
                x.as_str().expect("an exact figure"),
            ))
            .unwrap();
            let (m, se) = (
                e["estimate"].as_f64().unwrap(),
                e["std_error"].as_f64().unwrap(),
            );
            assert!(
                (x - m).abs() <= 4.0 * se + 1e-9,
                "{game}, {what}: exact {x}, simulated {m} ± {se}"
            );
        };
        let (last, sampled_last) = (&exact["by_round"][2], &sampled["by_round"][2]);
        close(
            "ruin by round 3",
            &last["bank_broke_by"],
            &sampled_last["bank_out_by"],
        );
        close(
            "first bank held after round 3",
            &last["first_bank_held"],
            &sampled_last["first_bank_held_after"],
        );
        for s in 0..3 {
            close(
                &format!("seat {}'s net", s + 1),
                &exact["by_seat"][s]["expected_net"],
                &sampled["by_seat"][s]["net_over_session"],
            );
        }
        compared += 1;
    }
    assert!(compared >= 10, "{compared} games compared");
}

/// `check` runs the sessions its lines name within tight bounds: a line
/// asking for 10,000 rounds of a two-seat table stops at the work bound
/// (about two seconds), and `--max-tables` moves the bound, exit 2 either
/// way; the shipped heist's tables fit well within.
#[test]
fn check_bounds_the_sessions_its_lines_name() {
    let source = std::fs::read_to_string(root().join("games/heist.dice")).expect("the game");
    let long = format!("{source}\nexpect tenure = 1 at seats = 2, rounds = 10000\n");
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("session");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("heist_ten_thousand_rounds.dice");
    std::fs::write(&file, long).expect("written");
    let file = file.to_str().expect("a UTF-8 path");
    refused(&["check", file], "dice::session::work_limit");
    refused(
        &["check", "games/heist.dice", "--max-tables", "3"],
        "dice::session::state_limit",
    );
}

/// Issue 32, finding 7: a chain of at most ten tables whose exact
/// probabilities grow by two or three bits a round.
const LONG: &str = "tests/fixtures/table/one_die_long_session.dice";

/// `session LONG` over `rounds` rounds with `--max-tables` at `tables`.
fn long_session(rounds: u64, tables: u64) -> Vec<String> {
    ["session", LONG, "--seats", "2", "--rounds"]
        .map(String::from)
        .into_iter()
        .chain([
            rounds.to_string(),
            "--max-tables".into(),
            tables.to_string(),
        ])
        .collect()
}

/// The session's work bound counts the size of its numbers, not only its
/// steps: on a table of at most ten tables the units counted grow far
/// faster than the rounds (a step a table a round would double with
/// them). For each session of a family, a bound one table below its work
/// (`WORK_PER_TABLE` units a table) refuses it, exit 2 with `dice::session::work_limit`
/// naming that many units, and the bound that covers its work lets it
/// through, counting the same units: the work is measured in the bound's
/// own units, not by the clock.
#[test]
fn the_session_work_bound_counts_the_size_of_its_numbers() {
    let mut last: Option<u64> = None;
    for rounds in [400, 800, 1600, 3200] {
        let args = long_session(rounds, 1_000_000);
        let unbounded = json(&args.iter().map(String::as_str).collect::<Vec<_>>());
        let work = unbounded["work"].as_u64().expect("work");
        assert!(unbounded["peak_states"].as_u64().expect("peak") <= 10);
        if let Some(before) = last {
            assert!(
                work > 3 * before,
                "{rounds} rounds: {work} units, half as many {before}"
            );
        }
        last = Some(work);
        let per_table = dicerules::session::WORK_PER_TABLE;
        let under = (work - 1) / per_table;
        let args = long_session(rounds, under);
        let out = run(
            root(),
            &args.iter().map(String::as_str).collect::<Vec<_>>(),
            b"",
        );
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            out.stderr.contains("dice::session::work_limit"),
            "{}",
            out.stderr
        );
        let passed = format!("passed {} units of work", under * per_table);
        assert!(out.stderr.contains(&passed), "{args:?}: {}", out.stderr);
        let args = long_session(rounds, work.div_ceil(per_table));
        let bounded = json(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(bounded, unbounded, "{args:?}");
    }
}

/// The inputs of the finding, stopped by the work bound: the `at` line of
/// 10,000 rounds by `check`'s bound (2 x 10^6 units), and the first
/// bank followed over a billion chips a seat, by a bound of 400 tables
/// (80,000 units), which it names as why it stopped.
#[test]
fn long_sessions_stop_at_the_work_bound() {
    let out = run(root(), &["check", LONG], b"");
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("dice::session::work_limit"),
        "{}",
        out.stderr
    );
    let passed = dicerules::session::CHECK_TABLES * dicerules::session::WORK_PER_TABLE;
    assert!(
        out.stderr
            .contains(&format!("passed {passed} units of work")),
        "{}",
        out.stderr
    );
    let tenure = json(&[
        "session",
        LONG,
        "--seats",
        "2",
        "--tenure",
        "--chips",
        "1000000000",
        "--max-tables",
        "400",
    ]);
    // A table more a round (the chips spread), the work growing faster:
    // the work limit comes first, past round 200.
    let stopped = tenure["stopped"].as_str().expect("stopped");
    assert!(stopped.contains("work limit"), "{stopped}");
    let budget = 400 * dicerules::session::WORK_PER_TABLE;
    assert!(tenure["work"].as_u64().expect("work") >= budget);
    assert!(tenure["rounds"].as_u64().expect("rounds") < 10_000);
}

/// Heaven and Nine's hands, as the seed's chart ranks them (best first in
/// each suit): `(suit, rank)` of a throw of two dice, 0 the civil suit.
fn heaven_and_nine_hand(a: u8, b: u8) -> (u8, u8) {
    let (hi, lo) = (a.max(b), a.min(b));
    let civil = [
        (6, 6),
        (1, 1),
        (4, 4),
        (3, 1),
        (5, 5),
        (3, 3),
        (2, 2),
        (6, 5),
        (6, 4),
        (6, 1),
        (5, 1),
    ];
    if let Some(rank) = civil.iter().position(|&h| h == (hi, lo)) {
        return (0, rank as u8);
    }
    let military: [&[(u8, u8)]; 6] = [
        &[(5, 4), (6, 3)],
        &[(5, 3), (6, 2)],
        &[(4, 3), (5, 2)],
        &[(4, 2)],
        &[(3, 2), (4, 1)],
        &[(2, 1)],
    ];
    let rank = military.iter().position(|hs| hs.contains(&(hi, lo)));
    (1, rank.expect("every throw is a hand") as u8)
}

/// The chance that the banker of Heaven and Nine loses no bet to `punters`
/// punters in a round, counted by hand from the chart: the banker's throw
/// is one for the table; heaven or nines wins every bet, red mallet six or
/// final three loses every bet, and otherwise each punter throws until his
/// hand is of the banker's suit and wins with a better one, independently
/// of the others given the banker's throw.
fn heaven_and_nine_no_loss(punters: u32) -> Q {
    let throws: Vec<(u8, u8)> = (1..=6)
        .flat_map(|a| (1..=6).map(move |b| heaven_and_nine_hand(a, b)))
        .collect();
    let mut sum = Q::zero();
    for &(suit, rank) in &throws {
        let at_once_wins = (suit, rank) == (0, 0) || (suit, rank) == (1, 0);
        let at_once_loses = (suit, rank) == (0, 10) || (suit, rank) == (1, 5);
        let holds = if at_once_wins {
            Q::one()
        } else if at_once_loses {
            Q::zero()
        } else {
            let same: Vec<&(u8, u8)> = throws.iter().filter(|h| h.0 == suit).collect();
            let better = same.iter().filter(|h| h.1 < rank).count() as i64;
            let not_win = Q::one() - q(better, same.len() as i64);
            num_traits::pow(not_win, punters as usize)
        };
        sum += holds * q(1, 36);
    }
    sum
}

/// "The banker throws two dice ... then each player in turn settles the
/// bet by throwing the dice": the banker's throw is the table's, shared
/// by every punter (`throw player = 2d6 for each seat`). With chips that
/// never run short, the first bank is held into each next round with the
/// chance q counted by hand above, so over R rounds it holds sum q^r (r <
/// R) on average, is still held after them with q^R, and its banker nets
/// the edge 11/960 on each punter's chip every round it holds (Wald). Were
/// the banker's throw thrown again for each punter, q would be (1613/2880)
/// to the power of the punters, which the chain is also told apart from.
#[test]
fn heaven_and_nine_shares_the_bankers_throw_among_the_punters() {
    assert_eq!(heaven_and_nine_no_loss(1), q(1613, 2880));
    assert_eq!(heaven_and_nine_no_loss(2), q(94277, 230400));
    let edge = q(11, 960);
    for seats in [2u32, 3, 4] {
        let q = heaven_and_nine_no_loss(seats - 1);
        let rounds = 5;
        let (mut held, mut power) = (Q::zero(), Q::one());
        for _ in 0..rounds {
            held += &power;
            power *= &q;
        }
        let out = json(&[
            "session",
            "games/heaven_and_nine.dice",
            "--seats",
            &seats.to_string(),
            "--rounds",
            &rounds.to_string(),
        ]);
        let first = &out["first_bank"];
        assert_eq!(
            exact(first["expected_rounds"].as_str().unwrap()),
            held,
            "{seats} seats"
        );
        assert_eq!(exact(first["held_after_last"].as_str().unwrap()), power);
        let net = &held * &edge * Q::from_integer((seats - 1).into());
        assert_eq!(exact(first["banker_net"].as_str().unwrap()), net);
        if seats > 2 {
            let independent = num_traits::pow(heaven_and_nine_no_loss(1), seats as usize - 1);
            assert_ne!(q, independent);
        }
    }
}

/// `--tenure` follows the first bank until its tenure is known within the
/// precision asked: the exact tenure of three seats, 1/(1 - q) with q
/// counted by hand, lies within the bounds given, which are that close;
/// the banker's net over it, (1/(1 - q)) 2 (11/960), too.
#[test]
fn the_tenure_of_the_first_bank_without_a_limit_of_rounds() {
    let out = json(&[
        "session",
        "games/heaven_and_nine.dice",
        "--seats",
        "3",
        "--tenure",
        "1e-6",
    ]);
    assert!(out["by_round"].as_array().unwrap().is_empty());
    assert!(out["stopped"].as_str().unwrap().contains("precision"));
    let first = &out["first_bank"];
    let tenure = Q::one() / (Q::one() - heaven_and_nine_no_loss(2));
    let lower = exact(first["expected_rounds"].as_str().unwrap());
    let upper = exact(first["tenure_upper"].as_str().unwrap());
    assert!(
        lower <= tenure && tenure <= upper,
        "{lower} {tenure} {upper}"
    );
    assert!(&upper - &lower < q(1, 1_000_000));
    let net = &tenure * q(22, 960);
    let (lo, hi) = (
        exact(first["banker_net_lower"].as_str().unwrap()),
        exact(first["banker_net_upper"].as_str().unwrap()),
    );
    assert!(lo <= net && net <= hi, "{lo} {net} {hi}");
    assert_eq!(
        exact(first["hazard_floor"].as_str().unwrap()),
        q(1267, 2880)
    );
}

/// At `play`'s table, the banker of Heaven and Nine throws once a round,
/// and every punter throws for himself against it.
#[test]
fn heaven_and_nine_is_played_with_one_banker_throw_a_round() {
    let out = run(
        root(),
        &[
            "play",
            "games/heaven_and_nine.dice",
            "--seats",
            "4",
            "--rounds",
            "30",
            "--seed",
            "5",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let rounds: Vec<&str> = out.stdout.split("\nround ").skip(1).collect();
    assert_eq!(rounds.len(), 30);
    let mut punters = 0;
    for round in rounds {
        assert_eq!(round.matches("  banker: ").count(), 1, "{round}");
        punters += round.matches("\n  for seat ").count();
    }
    assert!(punters > 30, "{punters}");
}
