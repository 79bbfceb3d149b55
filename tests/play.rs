//! Tables and simulations of every shipped game: the invariants of a
//! session (chips conserved, stakes within chips and limits, the same seed
//! giving the same transcript), a short session of each game snapshotted,
//! a person's answers, and simulations landing near the exact figures.

use std::collections::VecDeque;

mod random_banking;
mod seats;

use dicerules::number::Exact;
use dicerules::play::round::{MAX_DICE, MAX_REROLLS};
use dicerules::play::simulate::{simulate, Options as SimOptions};
use dicerules::play::table::{Flow, Options, Person, Table, TableEvent};
use dicerules::render::transcript;
use dicerules_core::eval::exact::{Distribution, Limits};
use dicerules_core::program::Program;
use dicerules_core::solve::evaluate;

use crate::common::binary;
use crate::common::table::check_invariants;

fn load(path: &std::path::Path) -> (Program, Distribution) {
    let source = std::fs::read_to_string(path).expect("the game reads");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("the game checks");
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
        stakes: Vec::new(),
        cut: None,
    }
}

/// Every game, evaluated once for all the tests (the slow ones take
/// seconds, caribbean stud minutes: tests/common/fixture.rs::shipped): its sessions conserve chips and
/// respect stakes, and its simulation lands within four standard errors
/// of its exact edges.
#[test]
fn every_game_plays_soundly_and_simulates_to_its_exact_edges() {
    insta::glob!("../games", "*.dice", |path| {
        // Shared with the tests of the game's report and counts.
        let analysis = crate::common::fixture::shipped(path);
        let (program, distribution) = (&analysis.game.program, &analysis.distribution);
        sessions_conserve_chips_and_respect_stakes(path, program, distribution);
        simulation_lands_within_four_standard_errors(path, program, distribution);
    });
}

fn sessions_conserve_chips_and_respect_stakes(
    path: &std::path::Path,
    program: &Program,
    distribution: &Distribution,
) {
    let name = path.display().to_string();
    for seed in 1..=3 {
        let events = session(program, distribution, options(4, 60, seed), None);
        check_invariants(&name, program, &events, true);
    }
}

#[test]
fn a_seed_gives_the_same_transcript() {
    insta::glob!("../games", "*.dice", |path| {
        // The slow games (tests/common/fixture.rs) are played and
        // simulated by the test above, which evaluates each game once.
        if crate::common::fixture::is_slow_game(path) {
            return;
        }
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
        if crate::common::fixture::is_slow_game(path) {
            return;
        }
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
/// automatic seats stake the minimum of 1 and a person's 7 is refused. Its
/// bank covers every bet, so their 6 is taken whole; without that clause
/// it is cut to the 5 the bank's 50 chips can pay at 10 to 1, and they are
/// told.
/// (The person then names the face they play for, and their input ends.)
#[test]
fn the_table_plays_the_stake_rule_it_agreed_on() {
    let source = std::fs::read_to_string(game("twenty_six.dice")).expect("the game reads");
    let covering = source.replace("bank covers every bet", "");
    assert_ne!(source, covering);
    for (source, stake, answers, told, placed_by_person, automatic) in [
        (&source, 0, ["3", "2", "1"], &["from 2 to 2"][..], 2, 2),
        (&source, 1, ["7", "6", "1"], &["from 1 to 6"][..], 6, 1),
        (
            &covering,
            1,
            ["7", "6", "1"],
            &["from 1 to 6", "cover 5 of your 6"][..],
            5,
            1,
        ),
    ] {
        let program = dicerules::Game::load(source.as_str())
            .map(|g| g.program)
            .expect("the game checks");
        let distribution = evaluate(&program, Limits::default()).expect("the game evaluates");
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

fn simulation_lands_within_four_standard_errors(
    path: &std::path::Path,
    program: &Program,
    distribution: &Distribution,
) {
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
        cut: None,
    };
    let sim = simulate(program, distribution, options, &|_| {}).expect("simulates");
    for b in &sim.bets {
        let z = b.z.expect("results vary");
        assert!(z.abs() < 4.0, "{name} {}: z = {z}", b.bet);
        assert!(b.std_error > 0.0 && b.std_error < 0.05, "{name} {}", b.bet);
    }
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
            cut: None,
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
    let wrong = dicerules::Game::load(source.replace("win 2 to 1", "win 3 to 1"))
        .map(|g| g.program)
        .expect("checks");
    let wrong_distribution = evaluate(&wrong, Limits::default()).expect("evaluates");
    let options = SimOptions {
        rounds: 400_000,
        seed: 9,
        threads: 2,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
        cut: None,
    };
    let truth = simulate(&program, &distribution, options, &|_| {}).expect("simulates");
    let sim = simulate(&wrong, &wrong_distribution, options, &|_| {}).expect("simulates");
    let (b, true_edge) = (&sim.bets[0], truth.bets[0].house_edge.to_f64());
    assert!(b.z.expect("results vary").abs() < 4.0);
    let z = (b.house_edge_estimate.to_f64() - true_edge) / b.std_error;
    assert!(z < -8.0, "3 to 1 pays more than 2 to 1: z = {z}");
}

// Money at the table through the real binary (issue 15, items 2, 5 and 7):
// the files are in tests/fixtures/table/.

/// Runs `dicerules ARGS` from the crate root with `stdin`, colour off;
/// killed (code `None`) after a minute.
fn dicerules(args: &[&str], stdin: &str) -> binary::Run {
    binary::run(binary::root(), args, stdin.as_bytes())
}

/// A number of chips as the transcript prints it: `-2`, `+0.95`, `7/3`.
fn amount(text: &str) -> Exact {
    let text = text.trim().trim_start_matches('+');
    Exact::parse_literal(text).unwrap_or_else(|| panic!("not an amount: {text}"))
}

/// The text transcript of a session of one game: no line about chips shows
/// a negative count, and the summary's seats and house add up to the chips
/// dealt.
fn assert_money_sound(stdout: &str) {
    for line in stdout.lines().filter(|l| l.contains("chips")) {
        assert!(
            !line.contains(": -") && !line.contains(", -") && !line.contains("with -"),
            "a negative count of chips: {line}\n{stdout}"
        );
    }
    let games: Vec<&str> = stdout.lines().filter(|l| l.contains(", game ")).collect();
    assert_eq!(games.len(), 1, "one game: {stdout}");
    let dealt = games[0]
        .split_once(" seats with ")
        .and_then(|(_, rest)| rest.split_once(" chips"))
        .map(|(list, _)| list.split(", ").map(amount).collect::<Vec<_>>())
        .expect("the deal");
    let dealt = dealt.iter().fold(Exact::zero(), |a, b| &a + b);
    let summary = stdout
        .split_once("\nafter ")
        .map(|(_, s)| s)
        .expect("a summary");
    let mut held = Exact::zero();
    for line in summary.lines().skip(1) {
        let (_, value) = line.split_once(": ").expect("seat: chips");
        held = &held + &amount(value.trim_end_matches(" chips"));
    }
    assert_eq!(held, dealt, "seats and house hold what was dealt: {stdout}");
}

/// Issue 15, 2 (a): a bank paying 5 to 1 puts up no stake it cannot pay 5
/// times over; with 2 chips it cannot cover one chip and passes the bank
/// (the default `bankrupt banker => bank passes`). It once put up 1 and
/// ended at -2.
#[test]
fn a_bank_stake_is_covered_at_the_bets_odds() {
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/table/bank_stake_5_to_1.dice",
            "--seats",
            "2",
            "--rounds",
            "4",
            "--seed",
            "3",
        ],
        "",
    );
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
    assert_eq!(
        run.stdout,
        "Bank stake, 5 to 1, game 1: 2 seats with 2, 10 chips; seat 1 banks
round 1 (seat 1 banks)
  seat 1 cannot cover the bet
  seat 1 has too few chips and leaves
  the bank passes from seat 1 to seat 2
after 1 round(s), too few seats have chips to play:
  seat 1: 2 chips
  seat 2: 10 chips
  house: +0
"
    );
    assert_money_sound(&run.stdout);
}

/// With 12 chips the same bank covers two chips at 5 to 1, puts up the
/// table minimum, and plays; every seed keeps every count at zero or more.
#[test]
fn a_bank_stake_plays_when_the_bank_can_pay_it() {
    for seed in 1..=8 {
        let seed = seed.to_string();
        let run = dicerules(
            &[
                "play",
                "tests/fixtures/table/bank_stake_5_to_1.dice",
                "--seats",
                "3",
                "--rounds",
                "30",
                "--seed",
                &seed,
                "--chips",
                "12",
            ],
            "",
        );
        assert_eq!(run.code, Some(0), "{}", run.stderr);
        assert!(
            run.stdout.contains("seat 1 puts up 1 in the bank"),
            "{}",
            run.stdout
        );
        assert_money_sound(&run.stdout);
    }
}

/// Issue 15, 2 (b): with `bank bets banker` the bank risks what `banker`
/// loses (the stake), not what `player` wins (half of it): a bank of 1
/// chip cannot cover the fixed stake of 2. It once covered it and ended at
/// -1.
#[test]
fn a_bank_with_its_own_bet_covers_what_that_bet_loses() {
    for seed in ["1", "2", "3", "4", "5"] {
        let run = dicerules(
            &[
                "play",
                "tests/fixtures/table/bank_bets_cover.dice",
                "--seats",
                "2",
                "--rounds",
                "4",
                "--seed",
                seed,
            ],
            "",
        );
        assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
        assert_eq!(
            run.stdout,
            "Bank bets, covered by its own loss, game 1: 2 seats with 1, 10 chips; seat 1 banks
round 1 (seat 1 banks)
  seat 1 cannot cover the bet
  seat 1 has too few chips and leaves
  the bank passes from seat 1 to seat 2
after 1 round(s), too few seats have chips to play:
  seat 1: 1 chips
  seat 2: 10 chips
  house: +0
"
        );
    }
}

/// Issue 15, 5: 18446744073709551615 chips each are dealt as such (they
/// were dealt as -1), and the session keeps them exactly.
#[test]
fn chips_of_64_bits_are_dealt_whole() {
    let run = dicerules(
        &[
            "play",
            "games/heist.dice",
            "--chips",
            "18446744073709551615",
            "--seats",
            "2",
        ],
        "",
    );
    assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""));
    assert!(
        run.stdout.starts_with(
            "Heist, game 1: 2 seats with 18446744073709551615, 18446744073709551615 chips; seat 1 banks\n"
        ),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("after 10 round(s), the rounds asked for were played:"),
        "{}",
        run.stdout
    );
    assert_money_sound(&run.stdout);
}

/// A person stakes all of 18446744073709551615 chips (it once lost "1"): a
/// six pays 1000000007 to 3 on it, far beyond 64 bits, exactly; then they
/// lose the whole stake. A stake beyond 64 bits is refused and asked again.
#[test]
fn stakes_and_payouts_beyond_64_bits_are_exact() {
    let max = "18446744073709551615";
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/table/huge_odds.dice",
            "--seats",
            "2",
            "--rounds",
            "2",
            "--seed",
            "11",
            "--interactive",
        ],
        "18446744073709551616\n18446744073709551615\n18446744073709551615\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(
        run.stdout,
        format!(
            "Huge odds, game 1: 2 seats with {max}, {max} chips; the house banks
round 1
  seat 1 bets {max} on player
  seat 2 bets 1 on player
  d: 6
  => six
  seat 1 wins 6148914734278920043655620435 on player (win 1000000007 to 3): 6148914752725664117365172050 chips
  seat 2 wins 1000000007/3 on player (win 1000000007 to 3): 55340232222128654852/3 chips
  house -18446744202836760131966861312/3: -18446744202836760131966861312/3 in all
round 2
  seat 1 bets {max} on player
  seat 2 bets 1 on player
  d: 4
  => other
  seat 1 loses {max} on player (lose): 6148914734278920043655620435 chips
  seat 2 loses 1 on player (lose): 55340232222128654849/3 chips
  house +18446744073709551616: -18446744147496527910838206464/3 in all
after 2 round(s), the rounds asked for were played:
  seat 1: 6148914734278920043655620435 chips
  seat 2: 55340232222128654849/3 chips
  house: -18446744147496527910838206464/3
"
        )
    );
    assert_eq!(
        run.stderr
            .matches("the stake must be from 1 to 18446744073709551615")
            .count(),
        1,
        "{}",
        run.stderr
    );
    assert_money_sound(&run.stdout);
}

/// A commission on a stake of 64 bits: 1 to 1 less 5% pays 0.95 of it,
/// to the quarter chip.
#[test]
fn a_commission_on_a_stake_of_64_bits_is_exact() {
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/table/huge_odds.dice",
            "--seats",
            "1",
            "--rounds",
            "1",
            "--seed",
            "1",
            "--interactive",
        ],
        "18446744073709551615\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout.contains(
            "  seat 1 wins 17524406870024074034.25 on player (win 1 to 1 less 5%): 35971150943733625649.25 chips\n  house -17524406870024074034.25: -17524406870024074034.25 in all\n"
        ),
        "{}",
        run.stdout
    );
    assert_money_sound(&run.stdout);
}

/// Chips the table cannot be dealt, from the command line, `--set` or the
/// file: exit 2 and one clear error, no session.
#[test]
fn chips_beyond_64_bits_are_an_input_error() {
    for (args, says) in [
        (
            &["play", "games/heist.dice", "--chips", "18446744073709551616"][..],
            "error: invalid value '18446744073709551616' for '--chips <CHIPS>': the starting chips must be a whole number from 1 to 18446744073709551615\n",
        ),
        (
            &["play", "games/heist.dice", "--chips", "0"][..],
            "error: invalid value '0' for '--chips <CHIPS>': the starting chips must be a whole number from 1 to 18446744073709551615\n",
        ),
        (
            &[
                "play",
                "games/heist.dice",
                "--set",
                "starting_chips=18446744073709551616",
            ][..],
            "the starting chips must be a positive whole number, and `starting_chips` is\n  │ 18446744073709551616",
        ),
        (
            &["play", "tests/fixtures/table/chips_beyond_64_bits.dice"][..],
            "the starting chips must be a positive whole number, not 18446744073709551616",
        ),
    ] {
        let run = dicerules(args, "");
        assert_eq!(run.code, Some(2), "{args:?}: {}", run.stderr);
        assert_eq!(run.stdout, "", "{args:?}");
        assert!(run.stderr.contains(says), "{args:?}: {}", run.stderr);
        assert!(!run.stderr.contains("panicked"), "{}", run.stderr);
    }
}

/// Issue 15, 7: a bank of 19 chips that covers only what it can pay (as
/// twenty-six's did before `bank covers every bet`) cannot cover a stake of
/// 2 paid 10 to 1, and every new game deals it again: the session ends at
/// once, says so, and counts no round (it once "played" every round asked
/// for, or never stopped).
#[test]
fn a_session_that_can_never_play_ends_at_once() {
    let expected = "Ten to one, game 1: 4 seats with 19, 20, 20, 20 chips; seat 1 banks
after 0 round(s), no round can be played: a bank of 19 chips cannot cover the smallest bet, which can cost it 20, and every new game deals the same:
  seat 1: 19 chips
  seat 2: 20 chips
  seat 3: 20 chips
  seat 4: 20 chips
  house: +0
";
    for rounds in ["3", "1000000000000000"] {
        let run = dicerules(
            &[
                "play",
                "tests/fixtures/table/covers_what_it_can_pay.dice",
                "--set",
                "banker_chips=19",
                "--rounds",
                rounds,
            ],
            "",
        );
        assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "{rounds}");
        assert_eq!(run.stdout, expected, "{rounds}");
    }
    // With 20 chips the bank covers one stake, and the game is played.
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/table/covers_what_it_can_pay.dice",
            "--set",
            "banker_chips=20",
            "--rounds",
            "3",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(
        run.stdout
            .contains("after 3 round(s), the rounds asked for were played:"),
        "{}",
        run.stdout
    );
}

/// A choice among the faces shown (`choose point from faces(first)`),
/// simulated: the strategy takes only shown faces, and the estimate agrees
/// with the exact edge.
#[test]
fn a_choice_among_the_faces_shown_simulates_to_its_exact_edge() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/strategy/twice_the_point.dice");
    let (program, distribution) = load(&path);
    let options = SimOptions {
        rounds: 200_000,
        seed: 3,
        threads: 2,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
        cut: None,
    };
    let sim = simulate(&program, &distribution, options, &|_| {}).expect("simulates");
    let z = sim.bets[0].z.expect("results vary");
    assert!(z.abs() < 4.0, "z = {z}");
}

/// The person asked at a choice among the faces shown is offered those
/// faces, and an answer naming another face is refused and asked again.
#[test]
fn a_person_chooses_only_among_the_faces_shown() {
    // Seed 1 throws 2 5 6, then 4 6 6: a bet of 1, a face not shown (1)
    // refused, then 5; a bet of 1, 7 and 3 refused, then 6. The input then
    // ends the session.
    let answers = "1\n1\n5\n1\n7\n3\n6\n";
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/strategy/twice_the_point.dice",
            "--seats",
            "1",
            "--rounds",
            "3",
            "--interactive",
        ],
        answers,
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    // The questions and refusals, on stderr.
    let asked: Vec<&str> = run
        .stderr
        .lines()
        .map(|l| l.trim_start_matches("> "))
        .filter(|l| l.starts_with("point") || l.starts_with("answer"))
        .collect();
    let first = "point: 2 or 5 or 6 (you know faces(first) = {2, 5, 6})";
    let second = "point: 4 or 6 (you know faces(first) = {4, 6})";
    assert_eq!(
        asked,
        [
            first,
            "answer one of: 2, 5, 6",
            first,
            second,
            "answer one of: 4, 6",
            second,
            "answer one of: 4, 6",
            second,
        ],
        "{}",
        run.stderr
    );
    // The transcript: the dice the questions offered, and the faces taken.
    let out = &run.stdout;
    for line in [
        "first: 2 5 6",
        "seat 1 chooses point: 5",
        "first: 4 6 6",
        "seat 1 chooses point: 6",
    ] {
        assert!(out.contains(line), "{line}: {out}");
    }
}

/// `bank covers every bet`: the bank takes the stake whatever it holds,
/// pays a win it cannot pay in full with all it holds, and is then out of
/// business; a new game deals again. Seed 2 throws the first six at seat
/// 4's bet in round 2, when the bank of 3 has won five stakes of 2 (13
/// chips) against a win of 20.
#[test]
fn a_bank_that_covers_every_bet_pays_all_it_holds_and_is_out() {
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/table/covers_every_bet.dice",
            "--rounds",
            "3",
            "--seed",
            "2",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for line in [
        "  seat 4 wins 13 on player (win 10 to 1, all the bank holds): 31 chips",
        "  seat 1, the bank, loses 13: 0 chips",
        "  seat 1 cannot cover the bet",
        "Ten to one, covered, game 2: 4 seats with 20, 3, 20, 20 chips; seat 2 banks",
    ] {
        assert!(run.stdout.contains(line), "{line}\n{}", run.stdout);
    }
    // Without the clause the bank of 3 could not cover a stake of 2 at 10
    // to 1, and no round could be played.
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/table/covers_what_it_can_pay.dice",
            "--set",
            "banker_chips=3",
        ],
        "",
    );
    assert!(
        run.stdout.contains("no round can be played"),
        "{}",
        run.stdout
    );
}

/// An answer holding control characters (NUL, a terminal's escape
/// sequences, a bell) is shown escaped when it is refused: it was echoed
/// raw into the message, so that the terminal ran the sequence. (Seat 1
/// banks heist: the person is seat 2.)
#[test]
fn a_refused_answer_is_shown_escaped() {
    let run = dicerules(
        &[
            "play",
            "games/heist.dice",
            "--seats",
            "2",
            "--seat",
            "2",
            "--rounds",
            "1",
            "--seed",
            "1",
            "--interactive",
        ],
        "\0\u{1b}[2J\u{7}\n5 pl\0ayer\u{1b}]0;title\u{7}\n\u{1b}[31m1\n0\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    for shown in [
        "`\\0\\u{1b}[2J\\u{7}` is not a whole number of chips",
        "there is no bet `pl\\0ayer\\u{1b}]0;title\\u{7}`",
        "`\\u{1b}[31m1` is not a whole number of chips",
    ] {
        assert!(run.stderr.contains(shown), "{shown}: {}", run.stderr);
    }
    assert!(
        !run.stderr.contains(['\0', '\u{1b}', '\u{7}']),
        "{:?}",
        run.stderr
    );
}

/// A person who knows hands joined and an earlier choice is asked with
/// the hands named as joined and the choice by its option: in
/// tests/fixtures/poker/three_streets.dice, raising the first card, then
/// folding the second.
#[test]
fn a_person_is_told_the_earlier_choice_by_its_option() {
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/poker/three_streets.dice",
            "--seats",
            "1",
            "--rounds",
            "1",
            "--interactive",
        ],
        "1\nraise\nfold\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let asked: Vec<&str> = (run.stderr.lines())
        .map(|l| l.trim_start_matches("> "))
        .filter(|l| l.starts_with("first") || l.starts_with("second"))
        .collect();
    assert_eq!(
        asked,
        [
            "first: fold or raise (you know mine as dealt)",
            "second: fold or raise (you know mine + flop as dealt, first = raise)"
        ],
        "{}",
        run.stderr
    );
    assert!(
        run.stdout.contains("seat 1 loses 2 on ante"),
        "{}",
        run.stdout
    );
}

/// A person who knows a hand is asked after the transcript deals it, and
/// the question names the hand (its cards are the line above, as dealt:
/// the key of a round symmetric in the suits is renamed, no card to show).
/// Seed 3 deals 2♥ 10♥ and then 10♣ 3♦; the person plays, then folds.
#[test]
fn a_person_knowing_a_hand_is_asked_after_seeing_it() {
    let run = dicerules(
        &[
            "play",
            "tests/fixtures/poker/play_or_fold_suited.dice",
            "--seats",
            "1",
            "--rounds",
            "2",
            "--seed",
            "3",
            "--interactive",
        ],
        "1\nplay\n1\nfold\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let asked: Vec<&str> = (run.stderr.lines())
        .map(|l| l.trim_start_matches("> "))
        .filter(|l| l.starts_with("action"))
        .collect();
    let question = "action: play or fold (you know player as dealt)";
    assert_eq!(asked, [question, question], "{}", run.stderr);
    let out = &run.stdout;
    let dealt = out.find("player: ").expect("the hand dealt");
    let chose = out.find("seat 1 chooses action: play").expect("played");
    assert!(dealt < chose, "{out}");
    assert!(out.contains("seat 1 chooses action: fold"), "{out}");
}

/// Blackjack from a shoe at a table, played by a person: each round the
/// hand is dealt in the transcript first, then the question offers hit,
/// stand or double and says what the player knows, his cards as counts of
/// each value and the dealer's up card, which are the cards the transcript
/// just dealt (an ace 1, a face 10). Seed 5 deals 8♠ 2♦ against a 4, then
/// Q♦ Q♣ against an ace; the person stands on both.
#[test]
fn a_blackjack_player_is_asked_with_his_hand_as_dealt() {
    let run = dicerules(
        &[
            "play",
            "games/blackjack_shoe.dice",
            "--seats",
            "1",
            "--rounds",
            "2",
            "--seed",
            "5",
            "--interactive",
        ],
        "1\nstand\n1\nstand\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let value = |card: &str| -> i64 {
        let rank = card.trim_end_matches(['♠', '♥', '♦', '♣']);
        match rank {
            "A" => 1,
            "J" | "Q" | "K" => 10,
            pips => pips.parse().expect("a card's pips"),
        }
    };
    let dealt = |prefix: &str| -> Vec<Vec<i64>> {
        (run.stdout.lines())
            .filter_map(|l| l.trim_start().strip_prefix(prefix))
            .map(|cards| cards.split_whitespace().map(value).collect())
            .collect()
    };
    let (ups, hands) = (dealt("up_card: "), dealt("player_cards: "));
    assert_eq!((ups.len(), hands.len()), (2, 2), "{}", run.stdout);
    let asked: Vec<&str> = (run.stderr.lines())
        .map(|l| l.trim_start_matches("> "))
        .filter(|l| l.starts_with("first_action"))
        .collect();
    assert_eq!(asked.len(), 2, "{}", run.stderr);
    for ((question, hand), up) in asked.iter().zip(&hands).zip(&ups) {
        let counts: Vec<String> = (1..=10)
            .map(|v| format!("n{v} = {}", hand.iter().filter(|&&c| c == v).count()))
            .collect();
        let expected = format!(
            "first_action: hit or stand or double (you know {}, dealer_up = {}, pair = 0)",
            counts.join(", "),
            up[0]
        );
        assert_eq!(question, &expected);
    }
    let first = run.stdout.find("player_cards: ").expect("a hand");
    let chose = (run.stdout.find("seat 1 chooses first_action: stand")).expect("stood");
    assert!(first < chose, "{}", run.stdout);
}

/// A split at a table, through the real binary: each seat's run that
/// splits throws a die of its own for each hand, and its settlement is
/// the two hands' together (`win 1 to 1 and lose`, net 0), a run that does
/// not split one stake; chips are conserved and never negative.
#[test]
fn a_split_hand_is_settled_on_both_hands() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("split_at_a_table");
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("two_coins.dice");
    let game = "game \"Two coins\"\noutcomes won, lost\nround {\n  throw c = d2\n  if total(c) = 2 {\n    split\n    throw own = d2 for each seat\n    if total(own) = 2 {\n      end won\n    }\n    end lost\n  }\n  end lost\n}\nbet player {\n  won => win 1 to 1\n  lost => lose\n}\n";
    std::fs::write(&file, game).expect("the game is written");
    let path = file.to_str().expect("a path");
    let args = [
        "play", path, "--seats", "2", "--rounds", "300", "--seed", "11",
    ];
    let text = dicerules(&args, "");
    assert_eq!(text.code, Some(0), "{}", text.stderr);
    assert_money_sound(&text.stdout);
    let json = dicerules(&[&args[..], &["--format", "json"]].concat(), "");
    assert_eq!(json.code, Some(0), "{}", json.stderr);
    // Each seat's own throws in the round, by the parts of the table
    // round that seat plays in.
    let mut own: std::collections::BTreeMap<u64, Vec<i64>> = Default::default();
    let mut playing: Vec<u64> = Vec::new();
    let (mut splits, mut settled) = (0, 0);
    for line in json.stdout.lines() {
        let event: serde_json::Value = serde_json::from_str(line).expect("a JSON event");
        match event["event"].as_str() {
            Some("round") => own.clear(),
            Some("part") => {
                let seats = event["path_seats"].as_array().expect("the seats");
                playing = seats.iter().filter_map(|s| s.as_u64()).collect();
            }
            Some("throw") if event["name"] == "own" => {
                for seat in &playing {
                    own.entry(*seat)
                        .or_default()
                        .push(event["faces"][0].as_i64().expect("a face"));
                }
            }
            Some("settle") => {
                let seat = event["seat"].as_u64().expect("a seat");
                let net = event["net"].as_str().expect("a net");
                let payout = event["payout"].as_str().expect("a payout");
                // This seat's own throws, one for each hand where it split.
                let throws = own.get(&seat).cloned().unwrap_or_default();
                let expected: i64 = match throws.len() {
                    0 => -1,
                    _ => throws.iter().map(|&f| if f == 2 { 1 } else { -1 }).sum(),
                };
                assert_eq!(net, expected.to_string(), "{payout}: {throws:?}");
                assert_eq!(payout.contains(" and "), throws.len() == 2, "{payout}");
                assert!(throws.is_empty() || throws.len() == 2, "{throws:?}");
                splits += usize::from(throws.len() == 2);
                settled += 1;
            }
            _ => {}
        }
    }
    // The seats lose half a stake a round on average: they play until
    // their chips run out.
    assert!(settled > 100, "{settled}");
    assert!(
        splits * 4 > settled,
        "about half the runs split: {splits} of {settled}"
    );
}
