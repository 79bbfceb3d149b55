//! Each seat decides for itself (issue 19): through the binary, a person
//! and automatic seats at one house-banked table choose apart, every seat
//! sees the same cards, and each is settled on its own path, the figures
//! worked out here from the cards by the game's rules; a table of one hand
//! (`choices by the largest stake`) never parts.

use serde_json::Value;

use super::dicerules;
use crate::common::binary;

/// The table rounds of a JSON transcript, each its events (the `round`
/// event first).
fn rounds(stdout: &str) -> Vec<Vec<Value>> {
    let mut rounds: Vec<Vec<Value>> = Vec::new();
    for line in stdout.lines() {
        let event: Value = serde_json::from_str(line).expect("a JSON line");
        match event["event"].as_str() {
            Some("round") => rounds.push(vec![event]),
            Some("summary") | Some("game") => {}
            _ => rounds.last_mut().expect("a round began").push(event),
        }
    }
    rounds
}

/// Seat `seat`'s round: the events before the first `part` and after each
/// `part` naming the seat, up to the next `part`.
fn seat_round(round: &[Value], seat: u64) -> Vec<&Value> {
    let mut mine = true;
    let mut out = Vec::new();
    for e in round {
        if e["event"] == "part" {
            let seats = e["path_seats"].as_array().expect("the path's seats");
            mine = seats.iter().any(|s| s.as_u64() == Some(seat));
            continue;
        }
        if mine && e["event"] != "settle" && e["event"] != "house" {
            out.push(e);
        }
    }
    out
}

/// The first card of the draw named `name` among `events`.
fn card(events: &[&Value], name: &str) -> Option<u64> {
    events
        .iter()
        .find(|e| e["event"] == "draw" && e["name"] == name)
        .and_then(|e| e["cards"][0].as_u64())
}

/// The option of the choice named `name`, and the seats that chose it.
fn chosen<'v>(events: &[&'v Value], name: &str) -> Option<(&'v str, Vec<u64>)> {
    let e = events
        .iter()
        .find(|e| e["event"] == "choose" && e["name"] == name)?;
    let seats = e["chosen_by"]
        .as_array()
        .expect("chosen_by")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    Some((e["option"].as_str().expect("an option"), seats))
}

/// Seat `seat`'s net in the round, as an exact string.
fn net(round: &[Value], seat: u64) -> String {
    let e = round
        .iter()
        .find(|e| e["event"] == "settle" && e["seat"] == seat)
        .unwrap_or_else(|| panic!("seat {seat} is settled: {round:?}"));
    e["net"].as_str().expect("a net").to_string()
}

fn ends(round: &[Value]) -> usize {
    round.iter().filter(|e| e["event"] == "end").count()
}

/// Red Dog by its rules, counted here: the net of a stake of 1 after the
/// two cards, the third (if dealt) and a raise.
fn red_dog_net(first: u64, second: u64, third: Option<u64>, raised: bool) -> i64 {
    let (low, high) = (first.min(second), first.max(second));
    if low == high {
        return if third == Some(low) { 11 } else { 0 };
    }
    let spread = high - low - 1;
    if spread == 0 {
        return 0;
    }
    let third = third.expect("a third card");
    let stakes = if raised { 2 } else { 1 };
    if third <= low || third >= high {
        return -stakes;
    }
    let odds = match spread {
        1 => 5,
        2 => 4,
        3 => 2,
        _ => 1,
    };
    odds * stakes
}

/// Red Dog at three seats, the person at seat 2 raising whenever asked:
/// the person is asked at every raise, seats 1 and 3 raise by the strategy
/// (on a spread of 7 or more, the published strategy), and where they stay
/// the round parts, every seat seeing the same third card, the raiser paid
/// on two stakes and the others on one.
#[test]
fn red_dog_seats_raise_or_stay_each_for_itself_on_the_same_cards() {
    let answers = "1\nraise\n".repeat(60);
    let args = [
        "play",
        "games/red_dog.dice",
        "--seats",
        "3",
        "--rounds",
        "40",
        "--interactive",
        "--seat",
        "2",
        "--format",
        "json",
    ];
    let run = dicerules(&args, &answers);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let (mut parted, mut together, mut asked) = (0, 0, 0);
    for round in rounds(&run.stdout) {
        let views: Vec<Vec<&Value>> = (1..=3).map(|s| seat_round(&round, s)).collect();
        let first = card(&views[0], "first").expect("a first card");
        let second = card(&views[0], "second").expect("a second card");
        // The game's spread: the ranks strictly between the two cards.
        let spread = (first.max(second) - first.min(second)).saturating_sub(1);
        let chooses = first != second && spread > 0;
        let mut thirds = Vec::new();
        for (i, view) in views.iter().enumerate() {
            let seat = i as u64 + 1;
            assert_eq!(card(view, "first"), Some(first));
            assert_eq!(card(view, "second"), Some(second));
            let choice = chosen(view, "wager");
            assert_eq!(choice.is_some(), chooses, "seat {seat}: {round:?}");
            let raised = match choice {
                Some((option, seats)) => {
                    assert!(seats.contains(&seat), "seat {seat} chose: {round:?}");
                    let raises = if seat == 2 { true } else { spread >= 7 };
                    assert_eq!(option == "raise", raises, "seat {seat}: {round:?}");
                    raises
                }
                None => false,
            };
            let third = card(view, "third");
            thirds.push(third);
            let expected = red_dog_net(first, second, third, raised);
            assert_eq!(
                net(&round, seat),
                expected.to_string(),
                "seat {seat}: {round:?}"
            );
        }
        // The same third card on every path.
        assert!(thirds.windows(2).all(|w| w[0] == w[1]), "{round:?}");
        if chooses {
            asked += 1;
            if spread >= 7 {
                together += 1;
                assert_eq!(ends(&round), 1, "{round:?}");
            } else {
                parted += 1;
                assert_eq!(ends(&round), 2, "{round:?}");
            }
        }
    }
    assert!(
        parted > 0 && together > 0,
        "{parted} parted, {together} together"
    );
    // The person is asked at every raise, and at nothing else.
    let questions = run.stderr.matches("wager: stay or raise").count();
    assert_eq!(questions, asked, "{}", run.stderr);
}

/// Casino War at three seats, each dealt a card of its own against the
/// dealer's one (`for each seat`), the person at seat 3 surrendering on
/// every tie while seats 1 and 2 go to war: the person's seat plays first;
/// a surrendering seat's round ends and it loses half its stake; a warring
/// seat is dealt its own war cards and settled on them.
#[test]
fn casino_war_a_seat_surrenders_while_the_others_go_to_war() {
    let answers = "1 player\nsurrender\n".repeat(120);
    let args = [
        "play",
        "games/casino_war.dice",
        "--seats",
        "3",
        "--rounds",
        "100",
        "--seed",
        "3",
        "--interactive",
        "--seat",
        "3",
        "--format",
        "json",
    ];
    let run = dicerules(&args, &answers);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let (mut surrendered, mut wars) = (0, 0);
    for round in rounds(&run.stdout) {
        // A run for each seat, the person's first; the dealer's card dealt
        // once, in it.
        let parts: Vec<u64> = (round.iter())
            .filter(|e| e["event"] == "part")
            .filter_map(|e| e["path_seats"][0].as_u64())
            .collect();
        assert_eq!(parts, [3, 1, 2], "{round:?}");
        assert_eq!(ends(&round), 3, "{round:?}");
        let all: Vec<&Value> = round.iter().collect();
        let dealer = card(&all, "dealer_card").expect("the dealer's card");
        for seat in [1, 2, 3] {
            let view = seat_round(&round, seat);
            let player = card(&view, "player_card").expect("the seat's card");
            if player != dealer {
                let expected = if player > dealer { "1" } else { "-1" };
                assert_eq!(net(&round, seat), expected, "seat {seat}: {round:?}");
                assert_eq!(chosen(&view, "move"), None, "{round:?}");
                continue;
            }
            if seat == 3 {
                surrendered += 1;
                assert_eq!(chosen(&view, "move").map(|c| c.0), Some("surrender"));
                assert_eq!(card(&view, "player_war"), None, "{round:?}");
                assert_eq!(net(&round, 3), "-1/2");
                continue;
            }
            wars += 1;
            assert_eq!(chosen(&view, "move").map(|c| c.0), Some("war"));
            let war = (card(&view, "player_war"), card(&view, "dealer_war"));
            let (Some(p), Some(d)) = war else {
                panic!("the war cards: {round:?}");
            };
            let expected = if p >= d { "1" } else { "-2" };
            assert_eq!(net(&round, seat), expected, "seat {seat}: {round:?}");
        }
    }
    assert!(
        surrendered > 0 && wars > 0,
        "{surrendered} surrendered, {wars} wars: choose another seed"
    );
}

/// A person asked in text sees where the round parts: each path's choice
/// and what followed, then every settlement.
#[test]
fn the_text_transcript_shows_each_path() {
    let answers = "1\nraise\n".repeat(10);
    let args = [
        "play",
        "games/red_dog.dice",
        "--seats",
        "3",
        "--rounds",
        "4",
        "--interactive",
        "--seat",
        "2",
    ];
    let run = binary::run(binary::root(), &args, answers.as_bytes());
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let lines: Vec<&str> = run.stdout.lines().collect();
    let at = |line: &str| {
        lines
            .iter()
            .position(|l| *l == line)
            .unwrap_or_else(|| panic!("no line {line:?}:\n{}", run.stdout))
    };
    let (ours, theirs) = (at("  for seats 1 and 3:"), at("  for seat 2:"));
    assert!(ours < theirs);
    assert_eq!(lines[ours + 1], "  seats 1 and 3 choose wager: stay");
    assert_eq!(lines[theirs + 1], "  seat 2 chooses wager: raise");
    // Each path's third card, the same, and its end.
    assert_eq!(lines[ours + 2], lines[theirs + 2]);
    assert!(lines[ours + 2].starts_with("  third: "));
    assert!(lines[ours + 3].starts_with("  => "));
    assert!(lines[theirs + 3].starts_with("  => raised_"));
}

/// `choices by the largest stake`: three punters cover the bank's stake
/// together, and the largest of their stakes makes the mixed call for all
/// of them: one path, one end, every punter settled on it.
#[test]
fn one_hand_for_the_table_never_parts() {
    let answers = "7\nhigh\n".repeat(30);
    let args = [
        "play",
        "tests/fixtures/table/one_hand.dice",
        "--seats",
        "4",
        "--rounds",
        "1",
        "--interactive",
        "--seat",
        "1",
        "--format",
        "json",
    ];
    let run = dicerules(&args, &answers);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let rounds = rounds(&run.stdout);
    let round = &rounds[0];
    let bets: Vec<(u64, String)> = round
        .iter()
        .filter(|e| e["event"] == "bet")
        .map(|e| {
            (
                e["seat"].as_u64().unwrap(),
                e["stake"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(
        bets,
        [(2, "3".into()), (3, "3".into()), (4, "1".into())],
        "{round:?}"
    );
    assert!(round.iter().all(|e| e["event"] != "part"), "{round:?}");
    assert_eq!(ends(round), 1);
    let all: Vec<&Value> = round.iter().collect();
    assert_eq!(chosen(&all, "call").map(|c| c.1), Some(vec![2]));
    // The bank seat, a person, makes the bank's guess.
    assert_eq!(chosen(&all, "guess"), Some(("high", vec![1])));
    let nets: Vec<String> = [2, 3, 4].iter().map(|&s| net(round, s)).collect();
    let won = nets[0] == "3";
    let expected = if won {
        ["3", "3", "1"]
    } else {
        ["-3", "-3", "-1"]
    };
    assert_eq!(nets, expected);
}
