//! Money is sacred, whatever a `banking` block says: random files, each a
//! short round with random payouts (odds above and below 1, commissions,
//! pushes) and a random `banking` block (every clause the language allows,
//! in any combination `check` accepts; chips from 1 to 2^64 - 1), played
//! for many rounds by the code `dicerules play` runs, sometimes with a
//! person giving random answers; in half of them the first bet's side (and
//! sometimes the second's) chooses before the throw, so that seats, mixing
//! their calls or a person answering, part and are settled on the same die
//! under their own calls (`choices by each seat`, or the largest stake's for
//! all). Every session must keep every seat at
//! zero chips or more and conserve chips between rounds (the table also
//! audits every settlement itself in debug builds), keep every stake within
//! its seat's chips and the limit, and end with a summary that is true.
//!
//! Seeded and deterministic. `DICERULES_TABLE_CASES=N` plays N files
//! instead of the default.

use std::collections::{BTreeSet, VecDeque};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use dicerules::play::round::{MAX_DICE, MAX_REROLLS};
use dicerules::play::table::{Flow, Options, Person, Table, TableEvent};
use dicerules_core::eval::exact::Limits;
use dicerules_core::solve::evaluate;

use crate::common::table::check_invariants;

/// Files played by default: a few seconds in a debug build.
const CASES: u64 = 500;

/// What the cases are made of: every clause of a `banking` block, and the
/// ways of playing.
const TAGS: [&str; 29] = [
    "--chips",
    "--stakes",
    "a choice",
    "a person",
    "a round that parts",
    "banco",
    "bank bets",
    "bank covers every bet",
    "bank house",
    "bank kept for the game",
    "bank kept until",
    "bank passes when",
    "bank rotates",
    "bankrupt banker => bank passes",
    "bankrupt banker => new game",
    "bankrupt player => leaves",
    "chips each",
    "chips players, banker",
    "choices by each seat",
    "choices by the largest stake",
    "limit =",
    "limit = param",
    "limit set by the banker",
    "limit set by the banker up to",
    "stake A or B",
    "stake fixed",
    "stake free",
    "stake set by the bank",
    "stake up to",
];

/// A random file and how to play it.
struct Case {
    source: String,
    options: Options,
    /// The person's answers, when a person sits.
    answers: Vec<String>,
    /// The clauses written, by kind (`bank rotates`, `stake up to`...).
    clauses: Vec<&'static str>,
}

/// Chips, stakes and limits: tiny, ordinary and as large as a `u64`.
fn amount(rng: &mut impl Rng) -> u64 {
    match rng.gen_range(0..10) {
        0..=2 => rng.gen_range(1..=3),
        3..=5 => rng.gen_range(1..=20),
        6 | 7 => rng.gen_range(20..=5000),
        _ => [
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) - 1,
            u64::MAX / 3,
            1 << 40,
        ][rng.gen_range(0..6)],
    }
}

/// One payout line's right side; with `low`, odds below 1 only.
fn payout(rng: &mut impl Rng, low: bool) -> String {
    const ODDS: [(u64, u64); 9] = [
        (1, 1),
        (2, 1),
        (5, 1),
        (35, 1),
        (1, 2),
        (1, 3),
        (3, 7),
        (1000000007, 3),
        (0, 1),
    ];
    let (a, b) = match low {
        true => ODDS[rng.gen_range(4..7)],
        false => ODDS[rng.gen_range(0..ODDS.len())],
    };
    match rng.gen_range(0..12) {
        0 | 1 => "lose".to_string(),
        // A share of the stake, or several stakes (a war, a double).
        2 => {
            ["lose 1/2", "lose 2", "lose 3/2", "lose 1000000007/3"][rng.gen_range(0..4)].to_string()
        }
        3 => "push".to_string(),
        // A payment that includes the stake.
        10 | 11 if !low => {
            ["win 10 for 1", "win 3 for 2", "win 1000000007 for 3"][rng.gen_range(0..3)].to_string()
        }
        4 | 5 => {
            let commission = ["5%", "1.25%", "50%", "0.05"][rng.gen_range(0..4)];
            format!("win {a} to {b} less {commission}")
        }
        _ => format!("win {a} to {b}"),
    }
}

fn case(seed: u64) -> Case {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let rng = &mut rng;
    let mut clauses = Vec::new();
    let outcomes: Vec<String> = (0..rng.gen_range(2..=4)).map(|i| format!("o{i}")).collect();
    let sides = [2, 6, 10][rng.gen_range(0..3)];
    let mut round = format!("round {{\n  throw d = d{sides}\n");
    for (i, o) in outcomes.iter().enumerate().take(outcomes.len() - 1) {
        let at = (i as u32 + 1) * sides / outcomes.len() as u32;
        round.push_str(&format!(
            "  if total(d) <= {} {{\n    end {o}\n  }}\n",
            at.max(1)
        ));
    }
    round.push_str(&format!("  end {}\n}}\n", outcomes[outcomes.len() - 1]));
    let bets: Vec<String> = (0..rng.gen_range(1..=3)).map(|i| format!("b{i}")).collect();
    // A choice before the throw moves the thresholds, drawn apart so that
    // the rest of the case is what it was without one.
    let mut other = Xoshiro256PlusPlus::seed_from_u64(seed ^ 0x0c40_1ce5);
    let choosing = other.gen_bool(0.5);
    let guessing = choosing && bets.len() > 1 && other.gen_bool(0.6);
    if choosing {
        clauses.push("a choice");
        let mut choice = format!(
            "round {{\n  choose call from [high, low] by {} knowing nothing\n",
            bets[0]
        );
        if guessing {
            choice.push_str(&format!(
                "  choose guess from [high, low] by {} knowing nothing\n",
                bets[1]
            ));
        }
        choice.push_str(&format!("  throw d = d{sides}\n  let shift = 0\n"));
        let matched = if guessing {
            "call is high and guess is high"
        } else {
            "call is high"
        };
        choice.push_str(&format!("  if {matched} {{\n    set shift = 1\n  }}\n"));
        round = round
            .replacen(&format!("round {{\n  throw d = d{sides}\n"), &choice, 1)
            .replace("if total(d) <=", "if total(d) + shift <=");
    }
    let mut source = format!(
        "game \"Random table {seed}\"\noutcomes {}\n{round}",
        outcomes.join(", ")
    );
    for b in &bets {
        source.push_str(&format!("bet {b} {{\n"));
        // Some bets pay less than the stake whatever happens: a bank that
        // bets its own bet then risks more than they can win.
        let low = rng.gen_bool(0.5);
        for o in &outcomes {
            source.push_str(&format!("  {o} => {}\n", payout(rng, low)));
        }
        source.push_str("}\n");
    }

    // The banking block, clause by clause, as `check` allows them.
    let mut block: Vec<String> = Vec::new();
    let house = rng.gen_bool(0.25);
    let bank = if house {
        clauses.push("bank house");
        "bank house".to_string()
    } else {
        match rng.gen_range(0..4) {
            0 => {
                clauses.push("bank rotates");
                "bank rotates every round".to_string()
            }
            1 => {
                clauses.push("bank kept until");
                "bank kept until the banker loses a round".to_string()
            }
            2 => {
                clauses.push("bank kept for the game");
                "bank kept for the game".to_string()
            }
            _ => {
                clauses.push("bank passes when");
                let mut when: Vec<&str> = outcomes
                    .iter()
                    .filter(|_| rng.gen_bool(0.5))
                    .map(String::as_str)
                    .collect();
                if when.is_empty() {
                    when.push(&outcomes[0]);
                }
                format!("bank passes when {}", when.join(" | "))
            }
        }
    };
    block.push(bank);
    let mut bank_bet = None;
    if !house && bets.len() > 1 && rng.gen_bool(0.4) {
        clauses.push("bank bets");
        let b = rng.gen_range(0..bets.len());
        bank_bet = Some(b);
        block.push(format!("bank bets {}", bets[b]));
    }
    // A punter's bet chooses unless the bank's is the only one that does.
    if choosing && (bank_bet != Some(0) || guessing) && other.gen_bool(0.6) {
        if other.gen_bool(0.5) {
            clauses.push("choices by the largest stake");
            block.push("choices by the largest stake".to_string());
        } else {
            clauses.push("choices by each seat");
            block.push("choices by each seat".to_string());
        }
    }
    let mut fixed = Vec::new();
    let mut stakes = 1;
    if !house && rng.gen_bool(0.3) {
        clauses.push("stake set by the bank");
        block.push("stake set by the bank".to_string());
        if rng.gen_bool(0.5) {
            clauses.push("banco");
            block.push("banco".to_string());
        }
    } else if rng.gen_bool(0.85) {
        let mut kinds = vec![0, 1, 2];
        let mut written: Vec<String> = Vec::new();
        for _ in 0..rng.gen_range(1..=3) {
            let kind = kinds.remove(rng.gen_range(0..kinds.len()));
            written.push(match kind {
                0 => {
                    clauses.push("stake fixed");
                    let v = amount(rng);
                    fixed.push(v);
                    format!("fixed {v}")
                }
                1 => {
                    clauses.push("stake up to");
                    format!("up to {}", amount(rng))
                }
                _ => {
                    clauses.push("stake free");
                    "free".to_string()
                }
            });
        }
        stakes = written.len();
        if stakes > 1 {
            clauses.push("stake A or B");
        }
        block.push(format!("stake {}", written.join(" or ")));
    }
    // A bank that takes every stake, where the bank neither sets the stake
    // nor bets a bet of its own (drawn from the second generator, which
    // leaves the cases drawn from the first as they were).
    let bank_stake = clauses.contains(&"stake set by the bank");
    if !house && bank_bet.is_none() && !bank_stake && other.gen_bool(0.5) {
        clauses.push("bank covers every bet");
        block.push("bank covers every bet".to_string());
    }
    let most_fixed = fixed.iter().copied().max().unwrap_or(1);
    let mut params = String::new();
    match rng.gen_range(0..if house { 3 } else { 5 }) {
        0 => {}
        1 => {
            clauses.push("limit =");
            block.push(format!("limit = {}", amount(rng).max(most_fixed)));
        }
        2 => {
            clauses.push("limit = param");
            params.push_str(&format!("param cap = {}\n", amount(rng).max(most_fixed)));
            block.push("limit = cap".to_string());
        }
        3 => {
            clauses.push("limit set by the banker");
            block.push("limit set by the banker".to_string());
        }
        _ => {
            clauses.push("limit set by the banker up to");
            block.push(format!(
                "limit set by the banker up to {}",
                amount(rng).max(most_fixed)
            ));
        }
    }
    match rng.gen_range(0..if house { 2 } else { 3 }) {
        0 => {}
        1 => {
            clauses.push("chips each");
            block.push(format!("chips each = {}", amount(rng)));
        }
        _ => {
            clauses.push("chips players, banker");
            block.push(format!(
                "chips players = {}, banker = {}",
                amount(rng),
                amount(rng)
            ));
        }
    }
    if !house && rng.gen_bool(0.6) {
        if rng.gen_bool(0.5) {
            clauses.push("bankrupt banker => new game");
            block.push("bankrupt banker => new game".to_string());
        } else {
            clauses.push("bankrupt banker => bank passes");
            block.push("bankrupt banker => bank passes".to_string());
        }
    }
    if rng.gen_bool(0.3) {
        clauses.push("bankrupt player => leaves");
        block.push("bankrupt player => leaves".to_string());
    }
    // Clauses come in any order.
    for i in (1..block.len()).rev() {
        block.swap(i, rng.gen_range(0..=i));
    }
    source.push_str(&params);
    source.push_str(&format!("banking {{\n  {}\n}}\n", block.join("\n  ")));

    let seats = rng.gen_range(1..=6);
    let person = rng.gen_bool(0.25).then(|| rng.gen_range(0..seats));
    let mut answers = Vec::new();
    if person.is_some() {
        clauses.push("a person");
        for _ in 0..rng.gen_range(0..40) {
            answers.push(match rng.gen_range(0..8) {
                0 => "0".to_string(),
                1 => rng.gen_range(1..=5).to_string(),
                2 => amount(rng).to_string(),
                3 => "18446744073709551616".to_string(),
                4 => format!("{} {}", amount(rng), bets[rng.gen_range(0..bets.len())]),
                5 => format!(
                    "{} {}",
                    rng.gen_range(1..=3),
                    bets[rng.gen_range(0..bets.len())]
                ),
                6 => "lots".to_string(),
                _ => u64::MAX.to_string(),
            });
            if choosing && other.gen_bool(0.5) {
                answers.push(["high", "low", "middle"][other.gen_range(0..3)].to_string());
            }
        }
    }
    let chips = rng.gen_bool(0.2).then(|| amount(rng));
    if chips.is_some() {
        clauses.push("--chips");
    }
    // What the automatic seats stake: the minimum, or any amount (0 and
    // beyond the limits included: the table cuts it to what it allows).
    let seat_stakes: Vec<u64> = match rng.gen_range(0..4) {
        0 => vec![amount(rng)],
        1 => (0..seats).map(|_| rng.gen_range(0..=4)).collect(),
        _ => Vec::new(),
    };
    if !seat_stakes.is_empty() {
        clauses.push("--stakes");
    }
    let options = Options {
        seats,
        chips,
        rounds: rng.gen_range(20..=120),
        seed: rng.gen(),
        person,
        max_rerolls: MAX_REROLLS,
        max_dice: MAX_DICE,
        stake: rng.gen_range(0..stakes),
        stakes: seat_stakes,
        cut: None,
    };
    Case {
        source,
        options,
        answers,
        clauses,
    }
}

/// Answers from a list, then the end of input.
struct Answers(VecDeque<String>);

impl Person for Answers {
    fn ask(&mut self, _question: &str) -> Option<String> {
        self.0.pop_front()
    }
    fn tell(&mut self, _message: &str) {}
}

/// Plays a case; the events of its session.
fn play(case: &Case) -> Vec<TableEvent> {
    let program = dicerules::Game::load(&case.source)
        .map(|g| g.program)
        .unwrap_or_else(|e| panic!("the generated file checks: {e:?}\n{}", case.source));
    let distribution = evaluate(&program, Limits::default()).expect("the file evaluates");
    let mut events = Vec::new();
    let mut emit = |e: TableEvent| {
        events.push(e);
        Flow::Continue
    };
    let mut person = Answers(case.answers.iter().cloned().collect());
    let person = case
        .options
        .person
        .map(|_| -> &mut dyn Person { &mut person });
    Table::new(
        &program,
        &distribution,
        case.options.clone(),
        person,
        &mut emit,
    )
    .run()
    .expect("the session plays");
    check_invariants(&case.source, &program, &events, true);
    // The summary is true: a session that says it played the rounds asked
    // for played them; one that counts rounds began that many.
    let begun = events
        .iter()
        .filter(|e| matches!(e, TableEvent::Round { .. }))
        .count() as u64;
    match events.last() {
        Some(TableEvent::Summary { rounds, reason, .. }) => {
            assert_eq!(*rounds, begun, "{}", case.source);
            assert!(*rounds <= case.options.rounds, "{}", case.source);
            if reason == "the rounds asked for were played" {
                assert_eq!(*rounds, case.options.rounds, "{}", case.source);
            }
        }
        other => panic!("no summary: {other:?}\n{}", case.source),
    }
    events
}

#[test]
fn random_banking_blocks_keep_money_sacred() {
    let cases = std::env::var("DICERULES_TABLE_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(CASES);
    let mut clauses = BTreeSet::new();
    let mut reasons = BTreeSet::new();
    let (mut settled, mut beyond_64_bits) = (0, 0);
    for seed in 0..cases {
        let case = case(seed);
        let events = std::panic::catch_unwind(|| play(&case)).unwrap_or_else(|panic| {
            eprintln!("case {seed} failed: {:?}\n{}", case.options, case.source);
            std::panic::resume_unwind(panic)
        });
        clauses.extend(case.clauses.iter().copied());
        if events.iter().any(|e| matches!(e, TableEvent::Part { .. })) {
            clauses.insert("a round that parts");
        }
        for e in &events {
            match e {
                TableEvent::Settle { chips, .. } => {
                    settled += 1;
                    if *chips > dicerules::number::Exact::from(u64::MAX) {
                        beyond_64_bits += 1;
                    }
                }
                TableEvent::Summary { reason, .. } => {
                    // The reason without its numbers.
                    let words = reason
                        .split_whitespace()
                        .take_while(|w| !w.contains(|c: char| c.is_ascii_digit()));
                    reasons.insert(words.collect::<Vec<_>>().join(" "));
                }
                _ => {}
            }
        }
    }
    eprintln!(
        "{cases} files, {settled} settlements ({beyond_64_bits} leaving more than 64 bits); \
         clauses {clauses:?}; endings {reasons:?}"
    );
    // A table that can never play is known when its game is dealt: the
    // table's last resort (a table back where it was with nothing settled)
    // never has to end a session.
    assert!(
        reasons.iter().all(|r| !r.contains("came back")),
        "{reasons:?}"
    );
    // The default run reaches every clause, and sessions end every way.
    if cases >= CASES {
        let every: BTreeSet<&str> = TAGS.iter().copied().collect();
        assert_eq!(clauses, every);
        assert_eq!(reasons.len(), 4, "{reasons:?}");
        assert!(beyond_64_bits > 0);
    }
}
