//! `dicerules shoe`: one seeded shoe dealt to the cut card through the real
//! binary. Each coup's exact edges against `check` (the full shoe) and
//! `check --removed` (the cards dealt so far), an independent path through
//! the command line; a pre-coup shoe against `simulate --removed`; the
//! cards dealt against the counts and marks printed; bad inputs as a user
//! meets them.

use std::sync::OnceLock;

use crate::common::binary::{self, json, root, run};
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};
use serde_json::Value;

/// An exact number of a report's JSON as a fraction.
fn exact(value: &Value) -> BigRational {
    binary::exact(value.as_str().expect("an exact number is a string"))
}

/// A bet's exact house edge in a `check` report.
fn check_edge(report: &Value, bet: &str) -> BigRational {
    let rows = report["bets"].as_array().expect("bets");
    let row = rows.iter().find(|r| r["bet"] == bet).expect(bet);
    exact(&row["house_edge"])
}

/// Punto banco's whole 8-deck shoe, seed 1, as JSON (run once).
fn eight_decks() -> &'static Value {
    static RUN: OnceLock<Value> = OnceLock::new();
    RUN.get_or_init(|| json(&["shoe", "games/punto_banco.dice", "--seed", "1"]))
}

/// One deck, seed 3, cut at 5: short, and a coup favours the tie.
const ONE_DECK: [&str; 9] = [
    "shoe",
    "games/punto_banco.dice",
    "--seed",
    "3",
    "--set",
    "decks=1",
    "--cut",
    "5",
    "--format",
];

fn one_deck() -> &'static Value {
    static RUN: OnceLock<Value> = OnceLock::new();
    RUN.get_or_init(|| json(&ONE_DECK[..8]))
}

/// The bets of a run, and a coup's edges by bet.
fn edges(run: &Value, coup: &Value) -> Vec<(String, BigRational)> {
    let bets = run["bets"].as_array().expect("bets");
    let edges = coup["house_edges"].as_array().expect("edges");
    assert_eq!(bets.len(), edges.len());
    bets.iter()
        .zip(edges)
        .map(|(b, e)| (b.as_str().expect("bet").to_string(), exact(e)))
        .collect()
}

fn coups(run: &Value) -> &Vec<Value> {
    run["coups"].as_array().expect("coups")
}

/// A card's rank as `--removed` writes it: `Q♠` is `Q`.
fn rank(card: &str) -> String {
    let mut chars: Vec<char> = card.chars().collect();
    chars.pop();
    chars.into_iter().collect()
}

#[test]
fn the_same_seed_deals_the_same_shoe_and_another_seed_another() {
    let args = [
        "shoe",
        "games/punto_banco.dice",
        "--seed",
        "7",
        "--set",
        "decks=1",
    ];
    let first = run(root(), &args, b"");
    let again = run(root(), &args, b"");
    assert_eq!(first.code, Some(0), "{}", first.stderr);
    assert_eq!(first.stdout, again.stdout);
    let mut other = args;
    other[3] = "8";
    let other = run(root(), &other, b"");
    assert_ne!(first.stdout, other.stdout);
}

#[test]
fn a_whole_eight_deck_shoe_is_dealt_to_the_cut_card() {
    let run = eight_decks();
    assert_eq!(run["shoe_cards"], 416);
    assert_eq!(run["cut"], 14);
    assert_eq!(run["stopped"], "cut card");
    let coups = coups(run);
    // A coup deals 4 to 6 cards: (416 - 14) / 6 to (416 - 14) / 4 coups.
    assert!((67..=101).contains(&coups.len()), "{}", coups.len());
    let last = coups.last().expect("a coup");
    let left = last["cards_left"].as_u64().expect("left");
    let dealt = last["dealt"].as_array().expect("dealt").len() as u64;
    assert!(left > 14 && left - dealt <= 14, "{left} {dealt}");
}

#[test]
fn the_first_coup_s_edges_are_check_s_full_shoe_edges() {
    let report = json(&["check", "games/punto_banco.dice"]);
    let run = eight_decks();
    let first = &coups(run)[0];
    assert_eq!(first["dealt_so_far"], "");
    for (bet, edge) in edges(run, first) {
        assert_eq!(edge, check_edge(&report, &bet), "{bet}");
    }
}

/// The cards left and the cards dealt so far follow from the cards each
/// coup dealt, counted here from their names.
#[test]
fn each_coup_starts_from_the_cards_the_coups_before_it_left() {
    for run in [eight_decks(), one_deck()] {
        let mut left = run["shoe_cards"].as_u64().expect("cards");
        let mut dealt: Vec<(String, u32)> = Vec::new();
        for coup in coups(run) {
            assert_eq!(coup["cards_left"], left);
            // `--removed` writes the ranks from the ace up, each with its
            // count.
            let order = [
                "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
            ];
            dealt.sort_by_key(|(r, _)| order.iter().position(|o| o == r));
            let written: Vec<String> = (dealt.iter())
                .map(|(r, n)| match n {
                    1 => r.clone(),
                    n => format!("{r}x{n}"),
                })
                .collect();
            assert_eq!(coup["dealt_so_far"], written.join(","));
            let cards = coup["dealt"].as_array().expect("dealt");
            assert!((4..=6).contains(&cards.len()), "{coup}");
            for card in cards {
                let r = rank(card.as_str().expect("card"));
                match dealt.iter_mut().find(|(d, _)| *d == r) {
                    Some((_, n)) => *n += 1,
                    None => dealt.push((r, 1)),
                }
            }
            left -= cards.len() as u64;
        }
    }
}

/// Every coup's edges, against `check --removed` with the cards dealt so
/// far: the same exact fractions.
#[test]
fn a_coup_s_edges_are_check_s_edges_less_the_cards_dealt_so_far() {
    let run = one_deck();
    for coup in coups(run).iter().skip(1) {
        let removed = coup["dealt_so_far"].as_str().expect("written");
        let report = json(&[
            "check",
            "games/punto_banco.dice",
            "--set",
            "decks=1",
            "--removed",
            removed,
        ]);
        for (bet, edge) in edges(run, coup) {
            assert_eq!(edge, check_edge(&report, &bet), "{bet} less {removed}");
        }
    }
    // Two of the eight-deck shoe's, deep in the shoe.
    let run = eight_decks();
    for coup in [&coups(run)[40], coups(run).last().expect("a coup")] {
        let removed = coup["dealt_so_far"].as_str().expect("written");
        let report = json(&["check", "games/punto_banco.dice", "--removed", removed]);
        for (bet, edge) in edges(run, coup) {
            assert_eq!(edge, check_edge(&report, &bet), "{bet} less {removed}");
        }
    }
}

/// A simulation of `dicerules simulate --removed` from the cards dealt
/// before `coup` of the eight-deck shoe: each estimate within 4 standard
/// errors of the exact edge the shoe printed. The player's path deals the
/// cards, not the evaluator's.
fn simulation_agrees(coup: &Value) {
    let run = eight_decks();
    let removed = coup["dealt_so_far"].as_str().expect("written");
    let mut args = vec!["simulate", "games/punto_banco.dice"];
    if !removed.is_empty() {
        args.extend(["--removed", removed]);
    }
    args.extend(["--rounds", "200000", "--seed", "11"]);
    let sim = json(&args);
    let rows = sim["bets"].as_array().expect("bets");
    for (bet, edge) in edges(run, coup) {
        let row = rows.iter().find(|r| r["bet"] == bet.as_str()).expect("bet");
        let estimate = exact(&row["house_edge_estimate"]).to_f64().expect("f64");
        let se = row["std_error"].as_f64().expect("se");
        let edge = edge.to_f64().expect("f64");
        assert!(
            (estimate - edge).abs() < 4.0 * se,
            "{bet} less {removed}: {estimate} vs {edge} (se {se})"
        );
    }
}

#[test]
fn simulating_a_pre_coup_shoe_agrees_with_its_exact_edges() {
    let coups = coups(eight_decks());
    simulation_agrees(&coups[0]);
    simulation_agrees(&coups[30]);
}

/// The last coup's shoe, 20-odd cards left: the exact tie edge printed is
/// 7.56%, the simulation's 0.5% (se 0.63%). The evaluator's one-card draw
/// counts each kind's cards as its decks' (`per_deck * decks`, in
/// `crates/core/src/eval/observe.rs`, `OneCard::full` and the `left` of the deal off
/// the packed shoe), not less the cards removed (`Kind::full`): the third
/// card of punto banco, and Casino War's and Red Dog's every card, are dealt
/// as from the full shoe. With `Kind::full` there, the tie's edge is
/// -0.53%, within 2 standard errors.
#[test]
fn simulating_the_last_pre_coup_shoe_agrees_with_its_exact_edges() {
    simulation_agrees(coups(eight_decks()).last().expect("a coup"));
}

/// Casino War's edges move as the shoe runs down: the tie's exact edge
/// before each coup, by hand (a tie pays 10 to 1: 11 × P(same rank) − 1,
/// negated), from the cards left.
#[test]
fn casino_war_s_tie_follows_the_cards_left() {
    let run = json(&[
        "shoe",
        "games/casino_war.dice",
        "--seed",
        "1",
        "--set",
        "decks=1",
        "--cut",
        "20",
    ]);
    let tie = (run["bets"].as_array().expect("bets").iter())
        .position(|b| b == "tie")
        .expect("a tie bet");
    let order = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    let mut left = [4i64; 13];
    for coup in coups(&run) {
        let n: i64 = left.iter().sum();
        let same: i64 = left.iter().map(|c| c * (c - 1)).sum();
        let p = BigRational::new(same.into(), (n * (n - 1)).into());
        let edge = BigRational::from_integer(1.into()) - p * BigRational::from_integer(11.into());
        assert_eq!(exact(&coup["house_edges"][tie]), edge, "{coup}");
        for card in coup["dealt"].as_array().expect("dealt") {
            let r = rank(card.as_str().expect("card"));
            left[order.iter().position(|o| *o == r).expect("rank")] -= 1;
        }
    }
}

/// The marks and the summary say what the edges say: a bet is favourable
/// where its exact edge is below zero; the summary's count, mean and best
/// computed here from the coups' exact edges.
#[test]
fn favourable_coups_are_marked_and_summarised() {
    let run = one_deck();
    let coups = coups(run);
    let summary = run["summary"].as_array().expect("summary");
    let mut any = false;
    for (b, bet) in run["bets"].as_array().expect("bets").iter().enumerate() {
        let bet = bet.as_str().expect("bet");
        let mut advantages = Vec::new();
        for coup in coups {
            let edge = exact(&coup["house_edges"][b]);
            let marked = (coup["favourable"].as_array().expect("favourable"))
                .iter()
                .any(|f| f == bet);
            assert_eq!(marked, edge.is_negative(), "{bet} at {coup}");
            if edge.is_negative() {
                advantages.push(-edge);
            }
        }
        let row = &summary[b];
        assert_eq!(row["bet"], bet);
        assert_eq!(row["favourable_coups"], advantages.len());
        if advantages.is_empty() {
            assert!(row["best_advantage"].is_null() && row["mean_advantage_percent"].is_null());
            continue;
        }
        any = true;
        let best = advantages.iter().max().expect("one");
        assert_eq!(&exact(&row["best_advantage"]), best);
        let sum = advantages.iter().fold(BigRational::zero(), |s, a| s + a);
        let mean = (sum / BigRational::from_integer(advantages.len().into()))
            .to_f64()
            .expect("f64")
            * 100.0;
        let printed = row["mean_advantage_percent"].as_f64().expect("mean");
        assert!((printed - mean).abs() < 1e-9, "{printed} vs {mean}");
    }
    assert!(any, "seed 3 of one deck has a coup that favours a bet");
    // The text marks the same coups: a `*` after each favourable edge.
    let mut args = ONE_DECK.to_vec();
    args.push("text");
    let text = crate::common::binary::run(root(), &args, b"").stdout;
    let marked: Vec<&str> = text.lines().filter(|l| l.contains("%*")).collect();
    let favourable = coups
        .iter()
        .filter(|c| !c["favourable"].as_array().expect("list").is_empty())
        .count();
    assert_eq!(marked.len(), favourable, "{text}");
}

/// What a user sees for a game `shoe` cannot deal, or a cut card outside
/// the shoe: a diagnostic pointing at the cause, exit 2.
#[test]
fn bad_inputs_are_diagnosed() {
    let cases: [&[&str]; 6] = [
        &["shoe", "games/heist.dice", "--seed", "1"],
        &["shoe", "games/blackjack.dice", "--seed", "1"],
        &[
            "shoe",
            "games/punto_banco.dice",
            "--seed",
            "1",
            "--set",
            "decks=infinite",
        ],
        &["shoe", "games/dragon_tiger.dice", "--seed", "1"],
        &[
            "shoe",
            "tests/fixtures/lint/unused_shoe.dice",
            "--seed",
            "1",
        ],
        &[
            "shoe",
            "games/punto_banco.dice",
            "--seed",
            "1",
            "--set",
            "decks=1",
            "--cut",
            "52",
        ],
    ];
    let mut all = String::new();
    for args in cases {
        let out = run(root(), args, b"");
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
        assert!(out.stdout.is_empty());
        all.push_str(&out.transcript(args));
        all.push('\n');
    }
    insta::assert_snapshot!(all);
}
