//! The independent count of punto banco (`benches/handwritten/punto_banco.rs`,
//! written apart from the interpreter) against the published house edges
//! issue 4 quotes, and games/punto_banco.dice against the count, fraction
//! for fraction, for several shoes.

#[path = "../benches/handwritten/punto_banco.rs"]
pub(crate) mod punto_banco;

use dicerules_core::program::Setting;
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive};
use punto_banco::{coup, coup_grouped, house_edges};

fn percent(x: &BigRational) -> f64 {
    x.to_f64().expect("a finite edge") * 100.0
}

/// Published figures are rounded to four decimals of a percent.
fn assert_published(edges: (BigRational, BigRational, BigRational), published: [f64; 3]) {
    let got = [percent(&edges.0), percent(&edges.1), percent(&edges.2)];
    for (g, p) in got.iter().zip(published) {
        assert!((g - p).abs() < 0.00005, "{got:?} against {published:?}");
    }
}

#[test]
fn every_shoe_s_probabilities_sum_to_one() {
    for decks in [Some(1), Some(6), Some(8), None] {
        let c = coup(decks);
        assert_eq!(
            &c.player + &c.banker + &c.tie,
            BigRational::one(),
            "{decks:?}"
        );
    }
}

/// The fast count, by unordered pairs of values, gives the ordered count's
/// fractions exactly for every shoe.
#[test]
fn the_grouped_count_agrees_with_the_ordered_count() {
    for decks in [Some(1), Some(6), Some(8), None] {
        assert_eq!(coup_grouped(decks), coup(decks), "{decks:?}");
    }
}

#[test]
fn eight_and_six_decks_give_the_published_edges() {
    assert_published(house_edges(&coup(Some(8)), 8), [1.0579, 1.2351, 14.3596]);
    assert_published(house_edges(&coup(Some(6)), 8), [1.0558, 1.2374, 14.4382]);
}

#[test]
fn the_seed_s_figures_do_not_hold_as_ties_counted_as_pushes() {
    // The seed prints banker 1.17%, player 1.36%, tie 14.12% (8 to 1).
    let (banker, player, tie) = house_edges(&coup(Some(8)), 8);
    assert!((percent(&banker) - 1.17).abs() > 0.1);
    assert!((percent(&player) - 1.36).abs() > 0.1);
    assert!((percent(&tie) - 14.12).abs() > 0.2);
}

#[test]
fn one_deck_differs_from_the_infinite_deck() {
    // Without replacement the shoe's composition matters: the counts differ
    // by deck, and tend to the infinite deck as decks are added.
    let one = coup(Some(1));
    let eight = coup(Some(8));
    let infinite = coup(None);
    assert_ne!(one, infinite);
    let gap = |c: &punto_banco::Coup| (&c.tie - &infinite.tie).to_f64().unwrap().abs();
    assert!(gap(&eight) < gap(&one));
    // Each probability is a fraction over (N)_6 or 13^6.
    let thirteen = BigInt::from(13u32).pow(6);
    assert_eq!(
        (&infinite.tie * BigRational::from_integer(thirteen.clone())).denom(),
        &BigInt::one()
    );
}

#[test]
fn the_seed_s_figures_hold_excluding_ties_and_for_the_infinite_deck() {
    // Banker 1.17% and player 1.36% are 8-deck edges over the coups that
    // do not tie (1.1692% and 1.3650%); the tie's 14.12% at 8 to 1 is the
    // infinite deck's (14.1170%), not 8 decks' (14.3596%).
    let c = coup(Some(8));
    let (banker, player, _) = house_edges(&c, 8);
    let resolved = BigRational::one() - &c.tie;
    assert!((percent(&(&banker / &resolved)) - 1.17).abs() < 0.005);
    assert!((percent(&(&player / &resolved)) - 1.36).abs() < 0.0051);
    let (_, _, tie) = house_edges(&coup(None), 8);
    assert!((percent(&tie) - 14.12).abs() < 0.005);
}

/// The game file's round outcomes, evaluated by the interpreter, equal the
/// count's for one deck, six, eight and the infinite shoe.
#[test]
fn the_game_file_gives_the_count_s_probabilities_for_every_shoe() {
    let source = std::fs::read_to_string("games/punto_banco.dice").expect("the game file");
    for (decks, setting) in [
        (Some(1), Setting::Number(dicerules::number::Exact::int(1))),
        (Some(6), Setting::Number(dicerules::number::Exact::int(6))),
        (Some(8), Setting::Number(dicerules::number::Exact::int(8))),
        (None, Setting::Infinite),
    ] {
        let report = dicerules::Analysis::new(
            source.as_str(),
            &dicerules::Options {
                overrides: vec![("decks".to_string(), setting)].into(),
                ..Default::default()
            },
        )
        .expect("the game evaluates")
        .report;
        let count = coup(decks);
        let by_name = |name: &str| {
            report
                .results
                .iter()
                .find(|r| r.outcome == name)
                .map(|r| r.probability.0.clone())
        };
        assert_eq!(by_name("player"), Some(count.player.clone()), "{decks:?}");
        assert_eq!(by_name("banker"), Some(count.banker.clone()), "{decks:?}");
        assert_eq!(by_name("tie"), Some(count.tie.clone()), "{decks:?}");
    }
}

/// `check --set decks=1,2,4,6,8,infinite`: one report per shoe through the
/// binary, each bet's edge the count's at that shoe (and at 1, 6 and 8
/// decks, the published figures the tests above hold the count to).
#[test]
fn a_sweep_over_the_shoe_gives_the_count_s_edges_at_every_setting() {
    use crate::common::binary::{root, run};
    let out = run(
        root(),
        &[
            "check",
            "games/punto_banco.dice",
            "--set",
            "decks=1,2,4,6,8,infinite",
            "--format",
            "json",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let reports: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    let reports = reports.as_array().expect("one report per setting");
    let shoes = [Some(1), Some(2), Some(4), Some(6), Some(8), None];
    assert_eq!(reports.len(), shoes.len());
    for (report, decks) in reports.iter().zip(shoes) {
        let setting = decks.map_or("infinite".to_string(), |d| d.to_string());
        assert_eq!(report["params"]["decks"], setting.as_str());
        let (banker, player, tie) = house_edges(&coup(decks), 8);
        let edge = |bet: &str| {
            let bets = report["bets"].as_array().expect("bets");
            let b = bets.iter().find(|b| b["bet"] == bet).expect("the bet");
            let text = b["house_edge"].as_str().expect("exact");
            dicerules::number::Exact::parse_literal(text)
                .expect("a fraction")
                .0
        };
        assert_eq!(edge("banker"), banker, "{setting}");
        assert_eq!(edge("player"), player, "{setting}");
        assert_eq!(edge("tie"), tie, "{setting}");
    }
}

/// The six-deck edges games/punto_banco.dice pins `with decks = 6` are the
/// count's, fraction for fraction (and the published 1.0558%, 1.2374%,
/// 14.4382% above).
#[test]
fn the_game_file_pins_the_count_s_six_deck_edges() {
    let source = std::fs::read_to_string("games/punto_banco.dice").expect("the game file");
    let pinned = |bet: &str| {
        let prefix = format!("expect house_edge({bet}) = ");
        source
            .lines()
            .find_map(|l| l.strip_prefix(&prefix)?.strip_suffix(" with decks = 6"))
            .and_then(dicerules_core::syntax::parse_exact)
            .map(|e| e.0)
    };
    let (banker, player, tie) = house_edges(&coup(Some(6)), 8);
    assert_eq!(pinned("banker"), Some(banker));
    assert_eq!(pinned("player"), Some(player));
    assert_eq!(pinned("tie"), Some(tie));
}
