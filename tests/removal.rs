//! Card analysis through the binary: `--removed CARDS` (the shoe less
//! those cards) and `check --effects-of-removal`, against hand counts
//! written apart from the interpreter, a published table, and the identity
//! every effects-of-removal table keeps (the changes, weighted by the cards
//! of each rank left, sum to zero); and each bad `--removed` as a user sees
//! it.

use crate::common::binary::{exact, json, root, run};
use crate::punto_banco_count::punto_banco;
use num_rational::BigRational;
use serde_json::Value;

/// A round outcome's probability in a report.
fn probability(report: &Value, outcome: &str) -> BigRational {
    let rows = report["results"].as_array().expect("results");
    let row = rows
        .iter()
        .find(|r| r["outcome"] == outcome)
        .expect(outcome);
    exact(row["probability"].as_str().expect("exact"))
}

/// A bet's house edge in a report.
fn house_edge(report: &Value, bet: &str) -> BigRational {
    let rows = report["bets"].as_array().expect("bets");
    let row = rows.iter().find(|r| r["bet"] == bet).expect(bet);
    exact(row["house_edge"].as_str().expect("exact"))
}

/// Eight decks of punto banco by value (0 for tens and faces).
fn eight_decks() -> [u128; 10] {
    [128, 32, 32, 32, 32, 32, 32, 32, 32, 32]
}

/// The shoe less the named cards gives the hand count's probabilities of
/// that shoe, fraction for fraction, and the report says which cards.
#[test]
fn the_shoe_less_removed_cards_is_the_hand_count_s_shoe() {
    let mut five_kings = eight_decks();
    five_kings[5] -= 32;
    five_kings[0] -= 2;
    let mut mixed = eight_decks();
    mixed[9] -= 3;
    mixed[1] -= 1;
    mixed[0] -= 1;
    for (cards, left, written) in [
        (&["--removed", "5x32,K,K"][..], five_kings, "5x32,Kx2"),
        (
            &["--removed", "9x2,a,t", "--removed", "cards:9"][..],
            mixed,
            "A,9x3,10",
        ),
    ] {
        let mut args = vec!["check", "games/punto_banco.dice"];
        args.extend(cards);
        let report = json(&args);
        let count = punto_banco::coup_from(left);
        assert_eq!(probability(&report, "player"), count.player, "{cards:?}");
        assert_eq!(probability(&report, "banker"), count.banker, "{cards:?}");
        assert_eq!(probability(&report, "tie"), count.tie, "{cards:?}");
        let removed = &report["removed"][0];
        assert_eq!(removed["shoe"], "cards");
        assert_eq!(removed["written"], written);
        let gone: u128 = eight_decks().iter().sum::<u128>() - left.iter().sum::<u128>();
        assert_eq!(removed["cards_removed"], gone as u64);
        assert_eq!(removed["cards_left"], left.iter().sum::<u128>() as u64);
        // The expect lines, written for the full shoe, are not checked.
        assert!(report["expects"]
            .as_array()
            .expect("expects")
            .iter()
            .all(|v| v["checked"] == false));
    }
}

/// The change in the player's chance of winning with one card of a value
/// removed from eight decks, as published by Excel Punks, "Concepts 16:
/// Baccarat – Effects of Card Removal"
/// (https://excelpunks.com/concepts-16-baccarat-effects-of-card-removal/),
/// to ten decimals: 4 −0.0000435175, 0 (10, J, Q, K) −0.0000373810, 1
/// −0.0000295798, 3 −0.0000217068.
#[test]
fn one_card_removed_moves_the_player_s_chance_as_published() {
    let full = json(&["check", "games/punto_banco.dice"]);
    let base = probability(&full, "player");
    for (rank, published) in [
        ("4", -0.0000435175),
        ("10", -0.0000373810),
        ("K", -0.0000373810),
        ("A", -0.0000295798),
        ("3", -0.0000217068),
    ] {
        let less = json(&["check", "games/punto_banco.dice", "--removed", rank]);
        let change = probability(&less, "player") - &base;
        let change: f64 = num_traits::ToPrimitive::to_f64(&change).expect("finite");
        assert!((change - published).abs() < 5e-11, "{rank}: {change}");
    }
}

/// `check --effects-of-removal` as a document: its rows and sum check.
struct Effects {
    bets: Vec<String>,
    base: Vec<BigRational>,
    /// Each rank, its cards left, and each bet's house edge with one removed
    /// (none when no card of it is left).
    rows: Vec<(String, u64, Vec<BigRational>)>,
    sums_zero: bool,
}

fn effects(args: &[&str]) -> Effects {
    let mut all = vec!["check"];
    all.extend(args);
    all.push("--effects-of-removal");
    let report = json(&all);
    let e = &report["effects_of_removal"];
    let bets: Vec<String> = (e["base"].as_array().expect("base").iter())
        .map(|b| b["bet"].as_str().expect("name").to_string())
        .collect();
    let base = bets.iter().map(|b| house_edge(&report, b)).collect();
    let rows = (e["ranks"].as_array().expect("ranks").iter())
        .map(|r| {
            let cells = (r["cells"].as_array().expect("cells").iter())
                .map(|c| exact(c["house_edge"].as_str().expect("exact")))
                .collect();
            (
                r["rank"].as_str().expect("rank").to_string(),
                r["left"].as_u64().expect("left"),
                cells,
            )
        })
        .collect();
    let sums_zero = (e["sum_check"].as_array().expect("sums").iter())
        .all(|s| s["zero"] == true && s["sum"] == "0");
    Effects {
        bets,
        base,
        rows,
        sums_zero,
    }
}

impl Effects {
    /// The identity, summed here from the rows: for each bet, the cards
    /// left of each rank times its change sum to zero.
    fn assert_sums_to_zero(&self) {
        assert!(self.sums_zero);
        assert_eq!(self.rows.len(), 13);
        for (b, bet) in self.bets.iter().enumerate() {
            let mut sum = BigRational::from_integer(0.into());
            for (_, left, cells) in &self.rows {
                if let Some(edge) = cells.get(b) {
                    sum += BigRational::from_integer((*left).into()) * (edge - &self.base[b]);
                }
            }
            assert_eq!(sum, BigRational::from_integer(0.into()), "{bet}");
        }
    }
}

/// Punto banco, eight decks and one: thirteen rows whose weighted changes
/// sum to zero; each row's edges are the hand count's of the shoe less one
/// card of that value.
#[test]
fn punto_banco_s_effects_sum_to_zero_and_match_the_count() {
    let tie_odds = BigRational::from_integer(8.into());
    for (decks, per_value) in [("8", 32u128), ("1", 4)] {
        let e = effects(&["games/punto_banco.dice", "--set", &format!("decks={decks}")]);
        e.assert_sums_to_zero();
        assert_eq!(e.bets, ["player", "banker", "tie"]);
        for (i, (rank, left, cells)) in e.rows.iter().enumerate() {
            let value = if i >= 9 { 0 } else { i + 1 };
            let mut shoe = [per_value; 10];
            shoe[0] *= 4;
            assert_eq!(
                u128::from(*left),
                if value == 0 { per_value } else { shoe[value] }
            );
            shoe[value] -= 1;
            let c = punto_banco::coup_from(shoe);
            let (banker, player, tie) = punto_banco::house_edges(&c, 8);
            let _ = &tie_odds;
            assert_eq!(cells, &vec![player, banker, tie], "{decks} decks, {rank}");
        }
    }
}

/// The effects of removal from a shoe with cards out already: the rows are
/// those of the reduced shoe, a rank with none left has no row figures,
/// and the identity holds there too.
#[test]
fn effects_of_removal_from_a_reduced_shoe() {
    let e = effects(&[
        "games/punto_banco.dice",
        "--set",
        "decks=1",
        "--removed",
        "9x4,5x3",
    ]);
    e.assert_sums_to_zero();
    let nine = e.rows.iter().find(|r| r.0 == "9").expect("9");
    assert_eq!((nine.1, nine.2.len()), (0, 0));
    let five = e.rows.iter().find(|r| r.0 == "5").expect("5");
    let mut shoe = [4u128; 10];
    shoe[0] = 16;
    shoe[9] = 0;
    shoe[5] = 0;
    let (banker, player, tie) = punto_banco::house_edges(&punto_banco::coup_from(shoe), 8);
    assert_eq!(five.1, 1);
    assert_eq!(five.2, vec![player, banker, tie]);
}

/// Dragon tiger, without its suited tie (whose suits card analysis cannot
/// leave unsaid): each row's dragon edge is half the chance of a tie from
/// the shoe less that card, counted here; the weighted changes sum to zero.
#[test]
fn dragon_tiger_s_effects_are_half_the_tie_s_and_sum_to_zero() {
    let source = std::fs::read_to_string(root().join("games/dragon_tiger.dice")).expect("game");
    // The rounds and bets without suits: a suited tie is a tie.
    let source = source
        .replace(
            "  if suit(dragon_card) = suit(tiger_card) {\n    end suited_tie\n  }\n",
            "",
        )
        .replace(
            "bet suited_tie {\n  suited_tie => win suited_tie_odds to 1\n  else => lose\n}\n",
            "",
        )
        .lines()
        .filter(|l| !l.starts_with("expect") && !l.starts_with("claim"))
        .collect::<Vec<_>>()
        .join("\n");
    let dir = std::env::temp_dir().join(format!("dicerules-removal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("dragon_tiger_unsuited.dice");
    std::fs::write(&file, source).expect("written");
    let path = file.to_str().expect("a UTF-8 path");
    for decks in [8u64, 1] {
        let e = effects(&[path, "--set", &format!("decks={decks}")]);
        e.assert_sums_to_zero();
        let dragon = e.bets.iter().position(|b| b == "dragon").expect("dragon");
        for (i, (rank, left, cells)) in e.rows.iter().enumerate() {
            assert_eq!(*left, 4 * decks);
            let mut shoe = [4 * decks; 13];
            shoe[i] -= 1;
            let n: u64 = shoe.iter().sum();
            let ties: u64 = shoe.iter().map(|c| c * (c - 1)).sum();
            let tie = BigRational::new(ties.into(), (n * (n - 1)).into());
            let half = BigRational::new(1.into(), 2.into());
            assert_eq!(cells[dragon], tie * half, "{decks} decks, {rank}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// `simulate --removed` deals from the reduced shoe: with every card of
/// value 1 to 9 but the zeros gone... too few cards for a coup; with the
/// nines gone, the simulated edges sit around the exact ones of that shoe.
#[test]
fn simulate_deals_from_the_reduced_shoe() {
    let sim = json(&[
        "simulate",
        "games/punto_banco.dice",
        "--set",
        "decks=1",
        "--removed",
        "9x4,8x4",
        "--rounds",
        "20000",
        "--seed",
        "7",
    ]);
    let bets = sim["bets"].as_array().expect("bets");
    let mut shoe = [4u128; 10];
    shoe[0] = 16;
    shoe[9] = 0;
    shoe[8] = 0;
    let (banker, player, _) = punto_banco::house_edges(&punto_banco::coup_from(shoe), 8);
    for (name, edge) in [("player", player), ("banker", banker)] {
        let row = bets.iter().find(|b| b["bet"] == name).expect(name);
        assert_eq!(exact(row["house_edge"].as_str().expect("exact")), edge);
        let z = row["z"].as_f64().expect("z");
        assert!(z.abs() < 4.0, "{name}: z = {z}");
    }
}

/// Each bad `--removed` and `--effects-of-removal`: its diagnostic, with
/// the span in the flag's text, and exit 2.
#[test]
fn bad_removals_are_diagnosed() {
    let cases: &[&[&str]] = &[
        &["check", "games/punto_banco.dice", "--removed", "5,Z"],
        &["check", "games/punto_banco.dice", "--removed", "5x0"],
        &["check", "games/punto_banco.dice", "--removed", "5x,K"],
        &["check", "games/punto_banco.dice", "--removed", "Kx20,Kx13"],
        &["check", "games/punto_banco.dice", "--removed", "shoe:K"],
        &["check", "games/blackjack.dice", "--removed", "A"],
        &["check", "games/heist.dice", "--removed", "A"],
        &["check", "games/dragon_tiger.dice", "--removed", "A"],
        &["check", "games/heist.dice", "--effects-of-removal"],
        &[
            "check",
            "games/punto_banco.dice",
            "--effects-of-removal=crads",
        ],
        &["simulate", "games/punto_banco.dice", "--removed", "Q,j,11"],
    ];
    let mut all = String::new();
    for args in cases {
        let out = run(root(), args, b"");
        assert_eq!(out.code, Some(2), "{args:?}: {}", out.stderr);
        all.push_str(&out.transcript(args));
        all.push('\n');
    }
    insta::assert_snapshot!(all);
}
