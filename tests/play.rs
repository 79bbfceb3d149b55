//! Tables and simulations of every shipped game: the invariants of a
//! session (chips conserved, stakes within chips and limits, the same seed
//! giving the same transcript), a short session of each game snapshotted,
//! a person's answers, and simulations landing near the exact figures.

use std::collections::VecDeque;

mod common;
use common::table::check_invariants;

use dicerules::eval::exact::{evaluate, Distribution, Limits};
use dicerules::play::round::{MAX_DICE, MAX_REROLLS};
use dicerules::play::simulate::{simulate, Options as SimOptions};
use dicerules::play::table::{Flow, Options, Person, Table, TableEvent};
use dicerules::play::transcript;
use dicerules::program::Program;

fn load(path: &std::path::Path) -> (Program, Distribution) {
    let source = std::fs::read_to_string(path).expect("the game reads");
    let program = dicerules::load(&source, &[]).expect("the game checks");
    let distribution = evaluate(&program, Limits::default()).expect("the game evaluates");
    (program, distribution)
}

fn session(
    program: &Program,
    distribution: &Distribution,
    options: Options,
    person: Option<&mut dyn Person>,
) -> Vec<TableEvent> {
    let mut events = Vec::new();
    let mut emit = |e: TableEvent| {
        events.push(e);
        Flow::Continue
    };
    // A shorter-lived person for the table's one lifetime.
    let person = person.map(|p| -> &mut dyn Person { p });
    Table::new(program, distribution, options, person, &mut emit)
        .run()
        .expect("the session plays");
    events
}

fn options(seats: usize, rounds: u64, seed: u64) -> Options {
    Options {
        seats,
        chips: None,
        rounds,
        seed,
        person: None,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
        stake: 0,
    }
}

#[test]
fn sessions_conserve_chips_and_respect_stakes() {
    insta::glob!("../games", "*.dice", |path| {
        let (program, distribution) = load(path);
        let name = path.display().to_string();
        for seed in 1..=3 {
            let events = session(&program, &distribution, options(4, 60, seed), None);
            check_invariants(&name, &program, &events, true);
        }
    });
}

#[test]
fn a_seed_gives_the_same_transcript() {
    insta::glob!("../games", "*.dice", |path| {
        let (program, distribution) = load(path);
        let once = session(&program, &distribution, options(3, 20, 7), None);
        let again = session(&program, &distribution, options(3, 20, 7), None);
        assert_eq!(once, again);
        let other = session(&program, &distribution, options(3, 20, 8), None);
        assert_ne!(once, other, "another seed plays another session");
    });
}

#[test]
fn short_sessions() {
    insta::glob!("../games", "*.dice", |path| {
        let (program, distribution) = load(path);
        let events = session(&program, &distribution, options(3, 3, 1), None);
        let text: Vec<String> = events
            .iter()
            .map(|e| transcript::line(&program, e))
            .collect();
        insta::assert_snapshot!(text.join("\n"));
    });
}

/// Answers from a script; records what it was told.
struct Script {
    answers: VecDeque<&'static str>,
    asked: Vec<String>,
    told: Vec<String>,
}

impl Person for Script {
    fn ask(&mut self, question: &str) -> Option<String> {
        self.asked.push(question.to_string());
        self.answers.pop_front().map(str::to_string)
    }
    fn tell(&mut self, message: &str) {
        self.told.push(message.to_string());
    }
}

/// The bets of a session: (seat, stake, bet).
fn bets(events: &[TableEvent]) -> Vec<(usize, u64, &str)> {
    events
        .iter()
        .filter_map(|e| match e {
            TableEvent::Bet {
                seat, stake, bet, ..
            } => Some((*seat, *stake, bet.as_str())),
            _ => None,
        })
        .collect()
}

fn game(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("games")
        .join(name)
}

#[test]
fn a_person_is_asked_again_and_the_end_of_input_ends_the_session() {
    let (program, distribution) = load(&game("punto_banco.dice"));
    let mut script = Script {
        answers: VecDeque::from(["lots", "5", "3 baccarat", "999999 tie", "3 tie", "0"]),
        asked: Vec::new(),
        told: Vec::new(),
    };
    let events = {
        let options = Options {
            person: Some(0),
            ..options(2, 50, 3)
        };
        session(&program, &distribution, options, Some(&mut script))
    };
    // Four bad answers, each explained, then a bet, a pass, and the end.
    assert_eq!(script.told.len(), 4, "{:?}", script.told);
    assert_eq!(script.asked.len(), 7);
    let bets = bets(&events);
    assert_eq!(bets[0], (1, 3, "tie"));
    assert!(bets[1..].iter().all(|b| b.0 == 2), "{bets:?}");
    match events.last() {
        Some(TableEvent::Summary { rounds, reason, .. }) => {
            assert_eq!(*rounds, 3);
            assert_eq!(reason, "the input ended");
        }
        other => panic!("no summary: {other:?}"),
    }
    check_invariants("punto_banco", &program, &events, true);
}

/// Bets one chip on `player` and answers each choice with a wrong word
/// first, then `stand`, for `questions` questions.
struct Punter {
    questions: usize,
    asked: usize,
    wrong: bool,
    told: Vec<String>,
}

impl Person for Punter {
    fn ask(&mut self, question: &str) -> Option<String> {
        self.asked += 1;
        if self.asked > self.questions {
            return None;
        }
        if question.contains("your bet") {
            return Some("1 player".to_string());
        }
        if question.contains("stake") || question.contains("cover") {
            return Some("1".to_string());
        }
        self.wrong = !self.wrong;
        Some(if self.wrong { "hold" } else { "stand" }.to_string())
    }
    fn tell(&mut self, message: &str) {
        self.told.push(message.to_string());
    }
}

#[test]
fn a_person_makes_the_choices_of_the_bet_they_play() {
    let (program, distribution) = load(&game("chemin_de_fer_free.dice"));
    let mut punter = Punter {
        questions: 1000,
        asked: 0,
        wrong: false,
        told: Vec::new(),
    };
    let options = Options {
        person: Some(0),
        ..options(2, 40, 11)
    };
    let events = session(&program, &distribution, options, Some(&mut punter));
    let mine: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            TableEvent::Choose {
                seat: Some(1),
                option,
                ..
            } => Some(option.as_str()),
            _ => None,
        })
        .collect();
    assert!(!mine.is_empty(), "the person chose: {events:?}");
    assert!(mine.iter().all(|o| *o == "stand"), "{mine:?}");
    assert_eq!(
        punter.told.len(),
        mine.len(),
        "each wrong word was explained once: {:?} {events:?}",
        punter.told
    );
    assert!(
        punter.told.iter().all(|t| t.contains("draw, stand")),
        "{:?}",
        punter.told
    );
    check_invariants("chemin_de_fer_free", &program, &events, true);
}

/// A person at seat 3 bets for seat 3 only; the automatic seats bet
/// around them.
#[test]
fn a_person_plays_the_seat_they_sit_at() {
    let (program, distribution) = load(&game("punto_banco.dice"));
    let mut script = Script {
        answers: VecDeque::from(["7 banker", "2 tie"]),
        asked: Vec::new(),
        told: Vec::new(),
    };
    let options = Options {
        person: Some(2),
        ..options(3, 5, 8)
    };
    let events = session(&program, &distribution, options, Some(&mut script));
    let bets = bets(&events);
    let mine: Vec<_> = bets.iter().filter(|b| b.0 == 3).collect();
    assert_eq!(mine, [&(3, 7, "banker"), &(3, 2, "tie")], "{bets:?}");
    assert!(bets.iter().any(|b| b.0 == 1) && bets.iter().any(|b| b.0 == 2));
    check_invariants("punto_banco", &program, &events, true);
}

/// Twenty-six offers `stake fixed 2 or up to 6 or free`: the table agrees
/// on one. Fixed, every stake is 2, and a person's 3 is refused; up to 6,
/// automatic seats stake the minimum of 1 and a person's 7 is refused, and
/// their 6 is cut to the 5 the bank's 50 chips can pay at 10 to 1, and
/// they are told.
/// (The person then names the face they play for, and their input ends.)
#[test]
fn the_table_plays_the_stake_rule_it_agreed_on() {
    let (program, distribution) = load(&game("twenty_six.dice"));
    for (stake, answers, told, placed_by_person, automatic) in [
        (0, ["3", "2", "1"], &["from 2 to 2"][..], 2, 2),
        (
            1,
            ["7", "6", "1"],
            &["from 1 to 6", "cover 5 of your 6"][..],
            5,
            1,
        ),
    ] {
        let mut script = Script {
            answers: VecDeque::from(answers),
            asked: Vec::new(),
            told: Vec::new(),
        };
        // Seat 1 banks: the person punts at seat 2.
        let options = Options {
            person: Some(1),
            stake,
            ..options(3, 1, 5)
        };
        let events = session(&program, &distribution, options, Some(&mut script));
        let placed: Vec<(usize, u64)> = bets(&events).iter().map(|b| (b.0, b.1)).collect();
        assert_eq!(script.told.len(), told.len(), "{:?}", script.told);
        for (message, expected) in script.told.iter().zip(told) {
            assert!(message.contains(expected), "{:?}", script.told);
        }
        let (mine, others): (Vec<&(usize, u64)>, Vec<_>) = placed.iter().partition(|b| b.0 == 2);
        assert_eq!(mine, [&(2, placed_by_person)], "{placed:?}");
        assert!(
            !others.is_empty() && others.iter().all(|b| b.1 == automatic),
            "{placed:?}"
        );
        check_invariants("twenty_six", &program, &events, true);
    }
}

/// Rounds of each game for the simulation test: enough for a standard
/// error well under the edges, few enough for a debug build.
fn rounds(name: &str) -> u64 {
    match name {
        "twenty_six.dice" | "quatorze.dice" => 20_000,
        _ => 200_000,
    }
}

#[test]
fn simulations_land_within_four_standard_errors_of_the_exact_edges() {
    insta::glob!("../games", "*.dice", |path| {
        let (program, distribution) = load(path);
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let options = SimOptions {
            rounds: rounds(&name),
            seed: 2026,
            threads: 2,
            max_rerolls: MAX_REROLLS,
            max_dice: MAX_DICE,
        };
        let sim = simulate(&program, &distribution, options, &|_| {}).expect("simulates");
        for b in &sim.bets {
            let z = b.z.expect("results vary");
            assert!(z.abs() < 4.0, "{name} {}: z = {z}", b.bet);
            assert!(b.std_error > 0.0 && b.std_error < 0.05, "{name} {}", b.bet);
        }
    });
}

#[test]
fn the_figures_do_not_depend_on_the_threads() {
    let (program, distribution) = load(&game("heist.dice"));
    let run = |threads| {
        let options = SimOptions {
            rounds: 300_001,
            seed: 5,
            threads,
            max_rerolls: MAX_REROLLS,
            max_dice: MAX_DICE,
        };
        let sim = simulate(&program, &distribution, options, &|_| {}).expect("simulates");
        serde_json::to_string(&sim).expect("serialises")
    };
    let one = run(1);
    assert_eq!(one, run(2));
    assert_eq!(one, run(3));
}

#[test]
fn a_wrong_figure_is_caught() {
    // Heist paying boxcars 3 to 1 instead of 2 to 1: its simulation agrees
    // with its own exact figure and is far from the true game's.
    let (program, distribution) = load(&game("heist.dice"));
    let source = std::fs::read_to_string(game("heist.dice")).expect("reads");
    let wrong = dicerules::load(&source.replace("win 2 to 1", "win 3 to 1"), &[]).expect("checks");
    let wrong_distribution = evaluate(&wrong, Limits::default()).expect("evaluates");
    let options = SimOptions {
        rounds: 400_000,
        seed: 9,
        threads: 2,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
    };
    let truth = simulate(&program, &distribution, options, &|_| {}).expect("simulates");
    let sim = simulate(&wrong, &wrong_distribution, options, &|_| {}).expect("simulates");
    let (b, true_edge) = (&sim.bets[0], truth.bets[0].exact_house_edge_float);
    assert!(b.z.expect("results vary").abs() < 4.0);
    let z = (b.house_edge - true_edge) / b.std_error;
    assert!(z < -8.0, "3 to 1 pays more than 2 to 1: z = {z}");
}
