//! Cards as players meet them at the table: named by rank and suit (`Q♠`)
//! where the terminal is UTF-8 and by letter (`Qs`) where it is not, the
//! JSON transcript giving both values and names, and every card of the
//! shoe dealt alike.

use std::collections::BTreeMap;
use std::process::Stdio;

use crate::common::binary;

/// `play` of Dragon Tiger under the locale `vars` set (and every other
/// locale variable unset): the card lines of its transcript.
fn card_lines(vars: &[(&str, &str)], format: &str) -> Vec<String> {
    let args = [
        "play",
        "games/dragon_tiger.dice",
        "--seats",
        "1",
        "--rounds",
        "40",
        "--seed",
        "3",
        "--format",
        format,
    ];
    let mut command = binary::command(binary::root(), &args);
    for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
        command.env_remove(name);
    }
    command.envs(vars.iter().copied());
    let out = command
        .stderr(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .expect("UTF-8 output")
        .lines()
        .filter(|l| l.contains("_card") || l.contains("\"draw\""))
        .map(str::to_string)
        .collect()
}

/// The name of each card line: `  dragon_card: Q♠` gives `Q♠`.
fn names(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter_map(|l| l.split(": ").nth(1).map(str::to_string))
        .collect()
}

#[test]
fn cards_are_named_by_symbol_in_utf_8_and_by_letter_elsewhere() {
    let unicode = names(&card_lines(&[("LANG", "en_GB.UTF-8")], "text"));
    assert_eq!(unicode.len(), 80);
    let suit = |name: &str| name.chars().last().expect("a suit");
    assert!(
        unicode.iter().all(|n| "♣♦♥♠".contains(suit(n))),
        "{unicode:?}"
    );
    // LC_ALL before LC_CTYPE before LANG; no locale at all is not UTF-8.
    for vars in [
        &[][..],
        &[("LANG", "C")],
        &[("LC_ALL", "POSIX"), ("LANG", "en_GB.UTF-8")],
        &[("LC_CTYPE", "C"), ("LANG", "en_GB.utf8")],
    ] {
        let ascii = names(&card_lines(vars, "text"));
        let expected: Vec<String> = unicode
            .iter()
            .map(|n| {
                n.replace('♣', "c")
                    .replace('♦', "d")
                    .replace('♥', "h")
                    .replace('♠', "s")
            })
            .collect();
        assert_eq!(ascii, expected, "{vars:?}");
    }
    let utf8 = names(&card_lines(&[("LC_ALL", "C.UTF-8"), ("LANG", "C")], "text"));
    assert_eq!(utf8, unicode);
}

/// JSON is UTF-8 whatever the terminal: each draw gives the values and the
/// names, the name's rank agreeing with the value Dragon Tiger maps it to.
#[test]
fn json_draws_give_values_and_names() {
    for lines in [
        card_lines(&[], "json"),
        card_lines(&[("LANG", "en_GB.UTF-8")], "json"),
    ] {
        assert_eq!(lines.len(), 80);
        for line in &lines {
            let event: serde_json::Value = serde_json::from_str(line).expect("JSON");
            let values = event["cards"].as_array().expect("cards");
            let names = event["names"].as_array().expect("names");
            assert_eq!(values.len(), names.len());
            for (value, name) in values.iter().zip(names) {
                let name = name.as_str().expect("a name");
                let rank = &name[..name.len() - '♠'.len_utf8()];
                let mapped = match rank {
                    "A" => 1,
                    "J" => 11,
                    "Q" => 12,
                    "K" => 13,
                    n => n.parse().expect("a numbered rank"),
                };
                assert_eq!(value.as_u64(), Some(mapped), "{line}");
            }
        }
    }
}

/// The events of `dicerules play GAME --format json` at `seats` seats for
/// `rounds` rounds from `seed`, with `more` arguments.
fn events(
    game: &str,
    seats: &str,
    rounds: &str,
    seed: &str,
    more: &[&str],
) -> Vec<serde_json::Value> {
    let mut args = vec![
        "play", game, "--seats", seats, "--rounds", rounds, "--seed", seed, "--format", "json",
    ];
    args.extend(more);
    let run = binary::run(binary::root(), &args, b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    run.stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect()
}

/// Over many rounds from one deck, every one of the 52 cards comes, each
/// about as often as the others: no card is favoured by its rank or suit.
#[test]
fn every_card_is_dealt_alike() {
    let events = events(
        "games/dragon_tiger.dice",
        "1",
        "5200",
        "11",
        &["--set", "decks=1"],
    );
    let mut seen: BTreeMap<String, u64> = BTreeMap::new();
    for event in events.iter().filter(|e| e["event"] == "draw") {
        for name in event["names"].as_array().expect("names") {
            *seen
                .entry(name.as_str().expect("a name").to_string())
                .or_default() += 1;
        }
    }
    assert_eq!(seen.len(), 52, "{seen:?}");
    // 10,400 cards, 200 expected of each: a chi-square with 51 degrees of
    // freedom is above 100 with chance below 1 in 10,000.
    let chi: f64 = seen
        .values()
        .map(|&n| (n as f64 - 200.0).powi(2) / 200.0)
        .sum();
    assert!(chi < 100.0, "chi-square {chi}: {seen:?}");
}

/// Blackjack's hole card is dealt face down: no card is shown with it, it
/// is turned up once a round, after every choice of the seat whose run
/// turns it up and before the dealer draws; where every seat's run ended
/// before the dealer's turn (a natural, a bust), it is turned up when every
/// seat has played, and the dealer drew nothing.
#[test]
fn the_hole_card_is_face_down_until_the_dealer_turns_it_up() {
    let events = events(
        "tests/fixtures/slow/blackjack_face_down.dice",
        "2",
        "300",
        "5",
        &[],
    );
    let rounds: Vec<&[serde_json::Value]> =
        events.split(|e| e["event"] == "round").skip(1).collect();
    assert_eq!(rounds.len(), 300);
    let (mut in_a_run, mut at_the_end) = (0, 0);
    for round in rounds {
        let all = |pred: &dyn Fn(&serde_json::Value) -> bool| -> Vec<usize> {
            (0..round.len()).filter(|&i| pred(&round[i])).collect()
        };
        let dealt = all(&|e| e["event"] == "draw" && e["name"] == "hole_card");
        assert_eq!(dealt.len(), 1, "{round:?}");
        let dealt = dealt[0];
        assert_eq!(round[dealt]["face_down"], true);
        assert_eq!(round[dealt]["cards"], serde_json::json!([]));
        assert_eq!(round[dealt]["names"], serde_json::json!([]));
        let turned = all(&|e| e["event"] == "turn_up");
        assert_eq!(turned.len(), 1, "{round:?}");
        let turned = turned[0];
        assert_eq!(round[turned]["name"], "hole_card");
        assert_eq!(round[turned]["names"].as_array().map(Vec::len), Some(1));
        assert!(dealt < turned, "{round:?}");
        let dealer = all(&|e| e["event"] == "draw" && e["name"] == "dealer_card");
        assert!(dealer.iter().all(|&d| turned < d), "{round:?}");
        let last_end = *all(&|e| e["event"] == "end").last().expect("an end");
        if turned > last_end {
            assert!(dealer.is_empty(), "{round:?}");
            at_the_end += 1;
            continue;
        }
        in_a_run += 1;
        // No choice after it in its run (up to the run's end).
        let run_end = (turned..round.len())
            .find(|&i| round[i]["event"] == "end")
            .expect("its run's end");
        assert!(
            (turned..run_end).all(|i| round[i]["event"] != "choose"),
            "{round:?}"
        );
    }
    assert!(in_a_run > 200 && at_the_end > 0, "{in_a_run} {at_the_end}");
}

/// Casino War deals each seat its own card, and its own war cards, from one
/// shoe against the dealer's one card: from a single deck no card comes
/// twice in a table round, the dealer's card is dealt once for the table,
/// and every seat that bets has a card of its own.
#[test]
fn each_seat_is_dealt_its_own_hand_from_the_one_shoe() {
    let events = events(
        "games/casino_war.dice",
        "6",
        "400",
        "8",
        &["--set", "decks=1"],
    );
    let rounds: Vec<&[serde_json::Value]> =
        events.split(|e| e["event"] == "round").skip(1).collect();
    assert_eq!(rounds.len(), 400);
    let mut wars = 0;
    for round in rounds {
        let bettors: Vec<&serde_json::Value> = round
            .iter()
            .filter(|e| e["event"] == "bet")
            .map(|e| &e["seat"])
            .collect();
        let parts: Vec<&serde_json::Value> = round
            .iter()
            .filter(|e| e["event"] == "part")
            .map(|e| &e["path_seats"][0])
            .collect();
        assert_eq!(parts.len(), bettors.len(), "a run for each seat: {round:?}");
        let drawn = |name: &str| round.iter().filter(|e| e["name"] == name).count();
        assert_eq!(drawn("dealer_card"), 1, "{round:?}");
        assert_eq!(drawn("player_card"), bettors.len(), "{round:?}");
        wars += drawn("player_war");
        let mut names: Vec<&str> = round
            .iter()
            .filter(|e| e["event"] == "draw")
            .flat_map(|e| e["names"].as_array().expect("names"))
            .map(|n| n.as_str().expect("a name"))
            .collect();
        let dealt = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), dealt, "a card dealt twice: {round:?}");
    }
    assert!(wars > 20, "{wars} wars");
}
