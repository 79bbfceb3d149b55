//! `bet NAME pays VALUE`: a bet settled by a number of the round, its net
//! in stakes. The same game written with a line for every net
//! (tests/fixtures/poker/ride_lines.dice) gives the same report through the
//! real binary; the edge is counted by hand here; simulations and tables
//! settle it as the exact figures do, chips conserved; the printer, the
//! formatter and the lint keep and read the clause. The errors are
//! tests/fixtures/invalid/'s (`pays_*.dice`).

use dicerules::play::round::{MAX_DICE, MAX_REROLLS};
use dicerules::play::simulate::{simulate, Options as SimOptions};
use dicerules::play::table::{Flow, Options, Person, Table, TableEvent};
use dicerules_core::eval::exact::Limits;
use dicerules_core::program::Program;
use dicerules_core::solve::evaluate;

use crate::common::binary::{self, exact, json};
use crate::common::table::check_invariants;

const PAYS: &str = "tests/fixtures/poker/ride_pays.dice";
const LINES: &str = "tests/fixtures/poker/ride_lines.dice";

/// What the fixtures pay a unit for the total of the two dice.
fn pays(sum: i64) -> i64 {
    match sum {
        ..=3 => -2,
        8 => 0,
        9 | 10 => 1,
        11.. => 2,
        _ => -1,
    }
}

fn gcd(a: i64, b: i64) -> i64 {
    if b == 0 {
        a.abs()
    } else {
        gcd(b, a % b)
    }
}

/// The fixtures' house edge counted apart from the interpreter: for each
/// die seen, the player raises (2 units) where a unit's expected net is
/// positive, and stakes 1 otherwise.
fn edge_by_hand() -> String {
    let mut net = 0; // in 36ths of a unit
    for known in 1..=6 {
        let unit: i64 = (1..=6).map(|other| pays(known + other)).sum();
        net += if unit > 0 { 2 * unit } else { unit };
    }
    let g = gcd(net, 36);
    format!("{}/{}", -net / g, 36 / g)
}

#[test]
fn a_bet_that_pays_its_net_settles_as_its_lines_do() {
    assert_eq!(edge_by_hand(), "1/9");
    let (pays, lines) = (json(&["check", PAYS]), json(&["check", LINES]));
    let (bet, written) = (&pays["bets"][0], &lines["bets"][0]);
    assert_eq!(bet["house_edge"], "1/9");
    assert_eq!(
        exact(bet["house_edge"].as_str().expect("exact")),
        exact(&edge_by_hand())
    );
    for key in [
        "house_edge",
        "house_edge_excluding_pushes",
        "ev",
        "variance",
        "hit_frequency",
        "staking",
        "average_wager",
        "element_of_risk",
        "outcomes",
    ] {
        assert_eq!(bet[key], written[key], "{key}");
    }
    // One settlement per value, written as its line would be.
    let settlements: Vec<&str> = (bet["outcomes"].as_array().expect("settlements").iter())
        .map(|o| o["outcome"].as_str().expect("a label"))
        .collect();
    assert_eq!(
        settlements,
        [
            "win 4 to 1",
            "win 2 to 1",
            "win 1 to 1",
            "push",
            "lose",
            "lose 2"
        ]
    );
    assert_eq!(bet["average_wager"], "4/3");
    // `check --show` pays each value as the bet does.
    let shown = json(&["check", PAYS, "--show", "net"]);
    let text = shown.to_string();
    assert!(text.contains("player: lose 2") && text.contains("player: win 4 to 1"));
}

fn load(path: &str) -> (Program, dicerules_core::eval::exact::Distribution) {
    let source = std::fs::read_to_string(binary::root().join(path)).expect("the fixture");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("it checks");
    let distribution = evaluate(&program, Limits::default()).expect("it evaluates");
    (program, distribution)
}

#[test]
fn a_simulation_lands_on_the_exact_edge_and_agrees_with_the_lines() {
    let options = SimOptions {
        rounds: 200_000,
        seed: 5,
        threads: 2,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
        cut: None,
    };
    let run = |path| {
        let (program, distribution) = load(path);
        simulate(&program, &distribution, options, &|_| {}).expect("it simulates")
    };
    let (pays, lines) = (run(PAYS), run(LINES));
    let (bet, written) = (&pays.bets[0], &lines.bets[0]);
    assert!(bet.z.expect("results vary").abs() < 4.0, "z = {:?}", bet.z);
    // The same seed draws the same rounds: the same estimate.
    assert_eq!(bet.house_edge_estimate, written.house_edge_estimate);
}

/// A seat that answers `stake` and raises whatever it sees: a person's
/// choices the solved strategy never makes (a net of -4 stakes).
struct Raiser {
    stake: &'static str,
}

impl Person for Raiser {
    fn ask(&mut self, question: &str) -> Option<String> {
        Some(
            if question.starts_with("raise") {
                "yes"
            } else {
                self.stake
            }
            .to_string(),
        )
    }
    fn tell(&mut self, _: &str) {}
}

fn session(path: &str, options: Options, person: Option<&mut dyn Person>) -> Vec<TableEvent> {
    let (program, distribution) = load(path);
    let mut events = Vec::new();
    let mut emit = |e: TableEvent| {
        events.push(e);
        Flow::Continue
    };
    // A shorter-lived person for the table's one lifetime.
    let person = person.map(|p| -> &mut dyn Person { p });
    Table::new(&program, &distribution, options, person, &mut emit)
        .run()
        .expect("the session plays");
    check_invariants(path, &program, &events, true);
    events
}

fn options(seed: u64, chips: Option<u64>, person: Option<usize>) -> Options {
    Options {
        seats: 3,
        chips,
        rounds: 40,
        seed,
        person,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
        stake: 0,
        stakes: vec![2],
        cut: None,
    }
}

/// The settlements of a session: (seat, net, label).
fn settlements(events: &[TableEvent]) -> Vec<(usize, String, String)> {
    (events.iter())
        .filter_map(|e| match e {
            TableEvent::Settle {
                seat, net, payout, ..
            } => Some((*seat, net.to_string(), payout.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn a_table_settles_the_net_in_chips_and_conserves_them() {
    for seed in 1..=4 {
        let pays = session(PAYS, options(seed, Some(400), None), None);
        let lines = session(LINES, options(seed, Some(400), None), None);
        // Two stakes that net -2 a stake lose 4, as the line `lose 2` does
        // (chips enough that no stake is cut: both ask a seat to hold 4 a
        // stake, the worst line, and the worst net any choice comes to).
        assert_eq!(settlements(&pays), settlements(&lines), "seed {seed}");
        assert!(settlements(&pays)
            .iter()
            .any(|(_, net, label)| net == "-4" && label == "lose 2"));
    }
}

/// A person raising on every die reaches nets the strategy never does
/// (-4 stakes on a raise and a total of 2 or 3): the table asked the seat
/// to hold enough for them (the values the name ends with under every
/// choice, not only the strategy's), so it loses 4 a stake in full, never
/// more than it holds, and chips are conserved (`check_invariants`).
#[test]
fn a_person_raising_on_every_die_loses_what_the_table_covered() {
    let mut lost_four = false;
    for seed in 1..=30 {
        let mut person = Raiser { stake: "1" };
        let events = session(PAYS, options(seed, Some(9), Some(0)), Some(&mut person));
        for (seat, net, label) in settlements(&events) {
            lost_four |= seat == 1 && label == "lose 4" && net == "-4";
            assert!(
                !label.contains("all the seat holds"),
                "seed {seed}: {label}"
            );
        }
    }
    assert!(lost_four);
}

#[test]
fn the_printer_and_the_formatter_keep_the_clause() {
    let source = std::fs::read_to_string(binary::root().join(PAYS)).expect("the fixture");
    let (file, errors) = dicerules_core::syntax::parse(&source);
    assert!(errors.is_empty(), "{errors:?}");
    let printed = dicerules_core::ast::print::file(&file);
    assert!(
        printed.contains("\nbet player pays net staking units\n"),
        "{printed}"
    );
    let (again, errors) = dicerules_core::syntax::parse(&printed);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(dicerules_core::ast::print::file(&again), printed);
    let formatted = dicerules_core::syntax::format::format(&file, &source);
    assert_eq!(formatted, source);
}

/// `pays` is a word only after a bet's name: the fixture binds a number
/// `pays`, and a bet may be called so.
#[test]
fn pays_is_not_a_reserved_word() {
    let source = std::fs::read_to_string(binary::root().join(PAYS))
        .expect("the fixture")
        .replace("bet player pays net", "bet pays pays pays")
        .replace("by player", "by pays")
        .replace("(player)", "(pays)");
    let report = dicerules::Analysis::new(source.as_str(), &dicerules::Options::default())
        .expect("it checks and evaluates")
        .report;
    assert_eq!(report.bets[0].bet, "pays");
    // Paid a unit's net, not the raised one: the edge is no longer 1/9.
    assert!(report.expects.iter().any(|e| !e.holds));
}

/// The name a bet pays is read: no `unused_name` finding for it, where the
/// file without the bet has one.
#[test]
fn the_paid_name_is_read() {
    let run = |source: &str| binary::run(binary::root(), &["check", "-"], source.as_bytes());
    let source = std::fs::read_to_string(binary::root().join(PAYS)).expect("the fixture");
    let paid = run(&source);
    assert_eq!(paid.code, Some(0), "{}", paid.stderr);
    assert!(!paid.stderr.contains("unused_name"), "{}", paid.stderr);
    let unpaid = source.replace(
        "bet player pays net staking units",
        "bet player on units staking units {\n  else => lose\n}",
    );
    let unpaid = run(&unpaid);
    assert!(
        unpaid.stderr.contains("the name `net` is never read"),
        "{}",
        unpaid.stderr
    );
}

/// The HTML report lists the bet's settlements, one per value, as the JSON
/// does.
#[test]
fn the_html_report_lists_a_settlement_per_value() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pays_html");
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().expect("a UTF-8 path");
    let run = binary::run(binary::root(), &["check", PAYS, "--html", out], b"");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let page = std::fs::read_to_string(dir.join("ride_pays.html")).expect("the page");
    let page = scraper::Html::parse_document(&page);
    let bet = scraper::Selector::parse("section.bet").expect("a selector");
    let text: String = page
        .select(&bet)
        .flat_map(|s| s.text())
        .collect::<Vec<_>>()
        .join(" ");
    let report = json(&["check", PAYS]);
    for row in report["bets"][0]["outcomes"]
        .as_array()
        .expect("settlements")
    {
        let label = row["outcome"].as_str().expect("a label");
        assert!(text.contains(label), "{label}: {text}");
    }
}
