//! `--cut N`: `play` and `simulate` deal round after round from one shoe to
//! a cut card, as blackjack and baccarat tables do, instead of each round
//! from full shoes. As a user meets it: the real binary, colour off.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::binary::{root, run};

/// `play ... --format json` run, its events.
fn events(args: &[&str]) -> Vec<Value> {
    let run = run(root(), args, b"");
    assert_eq!(run.code, Some(0), "{}", run.transcript(args));
    (run.stdout.lines())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

/// `play` of punto banco from one deck at one seat, `rounds` coups, the
/// cut card at `cut`.
fn one_deck(rounds: &'static str, cut: &'static str) -> Vec<&'static str> {
    vec![
        "play",
        "games/punto_banco.dice",
        "--set",
        "decks=1",
        "--seats",
        "1",
        "--rounds",
        rounds,
        "--cut",
        cut,
    ]
}

/// The cards each shoe dealt, by name, shoe after shoe (a `shuffle` event
/// starts one).
fn shoes(events: &[Value]) -> Vec<Vec<String>> {
    let mut shoes: Vec<Vec<String>> = Vec::new();
    for e in events {
        match e["event"].as_str() {
            Some("shuffle") => shoes.push(Vec::new()),
            Some("draw") => {
                let shoe = shoes.last_mut().expect("a shuffle before any card");
                let names = e["names"].as_array().expect("the cards' names");
                shoe.extend(
                    names
                        .iter()
                        .map(|n| n.as_str().expect("a name").to_string()),
                );
            }
            _ => {}
        }
    }
    shoes
}

/// One deck of punto banco, 400 coups, the cut card at 10 cards: a new shoe
/// of 52 cards comes before the first coup and then whenever 10 or fewer
/// are left, never before; within a shoe no card is dealt twice, and every
/// shoe but the last deals more than 42 cards. With 8 decks no card is
/// dealt more than 8 times a shoe. The same seed deals the same session.
#[test]
fn play_deals_round_after_round_from_one_shoe_to_the_cut_card() {
    let mut args = one_deck("400", "10");
    args.extend(["--seed", "4", "--format", "json"]);
    let played = events(&args);
    let first = played.iter().position(|e| e["event"] == "shuffle");
    let first_draw = played.iter().position(|e| e["event"] == "draw");
    assert!(first < first_draw, "a new shoe before the first card");
    assert!(played
        .iter()
        .filter(|e| e["event"] == "shuffle")
        .all(|e| e["shoe_cards"] == 52));
    let dealt = shoes(&played);
    assert!(dealt.len() > 40, "{} shoes in 400 coups", dealt.len());
    for (i, shoe) in dealt.iter().enumerate() {
        let mut seen = std::collections::BTreeSet::new();
        for card in shoe {
            assert!(seen.insert(card), "shoe {i} dealt {card} twice: {shoe:?}");
        }
        if i + 1 < dealt.len() {
            // Shuffled only once the cut card came out, and no coup (at
            // most 6 cards) started past it.
            assert!(
                shoe.len() >= 42 && shoe.len() <= 48,
                "shoe {i}: {}",
                shoe.len()
            );
        }
    }
    assert_eq!(events(&args), played, "the same seed, the same session");

    let eight = [
        "play",
        "games/punto_banco.dice",
        "--seats",
        "2",
        "--rounds",
        "300",
        "--cut",
        "14",
        "--format",
        "json",
    ];
    let dealt = shoes(&events(&eight));
    assert!(dealt.len() >= 2, "the cut card came out");
    for shoe in &dealt {
        let mut counts: BTreeMap<&str, u32> = BTreeMap::new();
        for card in shoe {
            *counts.entry(card).or_default() += 1;
        }
        assert!(counts.values().all(|&n| n <= 8), "{counts:?}");
        assert!(shoe.len() <= 416);
    }
    // Without the cut card every coup is dealt from full shoes: no shuffle.
    let full: Vec<&str> = (eight.iter().copied())
        .filter(|&a| a != "--cut" && a != "14")
        .collect();
    assert!(events(&full).iter().all(|e| e["event"] != "shuffle"));
}

/// Blackjack from one deck at three seats: every seat's cards and the
/// dealer's come from the one shoe, round after round, no card twice.
#[test]
fn every_seat_s_hand_is_dealt_from_the_table_s_shoe() {
    let args = [
        "play",
        "games/blackjack_shoe.dice",
        "--set",
        "decks=1",
        "--seats",
        "3",
        "--rounds",
        "40",
        "--cut",
        "15",
        "--format",
        "json",
    ];
    let dealt = shoes(&events(&args));
    assert!(dealt.len() >= 5, "{} shoes", dealt.len());
    for shoe in &dealt {
        let distinct: std::collections::BTreeSet<_> = shoe.iter().collect();
        assert_eq!(distinct.len(), shoe.len(), "{shoe:?}");
    }
}

/// `simulate --cut`: each chunk of rounds dealt from one shoe to the cut
/// card; the same figures on one thread and on two, other figures than
/// from full shoes, and still within four standard errors of the exact
/// edges (a cut card changes a shoe's coups, not the chance of each).
#[test]
fn simulate_deals_to_the_cut_card() {
    let simulate = |threads: &str, cut: Option<&str>| -> Value {
        let mut args = vec![
            "simulate",
            "games/punto_banco.dice",
            "--rounds",
            "300000",
            "--seed",
            "11",
            "--threads",
            threads,
            "--format",
            "json",
        ];
        if let Some(cut) = cut {
            args.extend(["--cut", cut]);
        }
        let run = run(root(), &args, b"");
        assert_eq!(run.code, Some(0), "{}", run.transcript(&args));
        serde_json::from_str(&run.stdout).expect("JSON")
    };
    let edges = |v: &Value| -> Vec<f64> {
        (v["bets"].as_array().expect("bets").iter())
            .map(|b| {
                b["house_edge_estimate_percent"]
                    .as_f64()
                    .expect("an estimate")
            })
            .collect()
    };
    let one = simulate("1", Some("14"));
    assert_eq!(edges(&one), edges(&simulate("2", Some("14"))));
    assert_ne!(edges(&one), edges(&simulate("1", None)));
    for b in one["bets"].as_array().expect("bets") {
        let z = b["z"].as_f64().expect("a z-score");
        assert!(z.abs() < 4.0, "{b}");
    }
}

/// A cut card outside the shoe, or a game of no finite shoe: a message
/// naming the flag, and exit 2, before anything is dealt.
#[test]
fn a_cut_card_the_game_cannot_take_is_refused() {
    for (args, says) in [
        (
            vec!["play", "games/punto_banco.dice", "--cut", "416"],
            "the cut card is not inside shoe `cards` of 416 cards: give a cut below 416",
        ),
        (
            vec!["simulate", "games/heist.dice", "--cut", "5"],
            "games/heist.dice deals from no finite shoe",
        ),
        (
            vec!["play", "games/blackjack.dice", "--cut", "5"],
            "deals from no finite shoe",
        ),
    ] {
        let run = run(root(), &args, b"");
        let t = run.transcript(&args);
        assert_eq!(run.code, Some(2), "{t}");
        assert!(run.stderr.contains(says), "{t}");
        assert!(run.stderr.contains("--cut"), "{t}");
        assert!(run.stdout.is_empty(), "{t}");
    }
    // A cut card no round fits behind: the round that runs out of cards
    // stops the session with its diagnostic, after the rounds played.
    let args = one_deck("40", "0");
    let run = run(root(), &args, b"");
    let t = run.transcript(&args);
    assert_eq!(run.code, Some(2), "{t}");
    assert!(run.stderr.contains("dice::eval::shoe_empty"), "{t}");
    assert!(run.stdout.contains("round 2\n"), "{t}");
    assert!(!run.stderr.contains("panicked"), "{t}");
}
