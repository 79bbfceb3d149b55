//! No input breaks `check`: a seeded mutation fuzzer over the whole check
//! pipeline, and a property test over every prefix of every game.
//!
//! The fuzzer runs on stable Rust (cargo-fuzz needs nightly). Its corpus is
//! every `games/*.dice` and every `tests/fixtures/**/*.dice`; each input is
//! one of them (or an input found earlier, see below) under one seeded
//! mutation (half the time; two a quarter of the time, ... at most six): bytes flipped, ranges deleted, duplicated or repeated
//! hundreds of times, lines deleted, duplicated or swapped, text spliced in
//! from another file, a keyword, a bracket, a non-ASCII character or a
//! hostile number (`99999999999999999999`, `1000000d6`, `1/0`...) inserted,
//! a number or a name replaced, the input truncated; a few inputs also get a
//! `--set` override. Each input goes through the library functions
//! `dicerules check` calls, in process: [`dicerules::load`] (parse and
//! check), [`exact::evaluate`] under a low state limit (so that no
//! mutation runs for minutes), the report with its expects located and
//! every value shown, the text, JSON and RON renderings, and every
//! diagnostic rendered by miette as the command renders it. Each input runs
//! on a worker thread with the main thread's stack (8 MiB) under
//! `catch_unwind`; the runner waits at most [`hang_limit`] for it.
//!
//! A finding is a panic, an input that gives neither a diagnostic nor a
//! report, an input still running after the hang limit, or a file that
//! parses but whose printed tree parses differently (the round trip of
//! `tests/round_trip.rs`, on every input). A panic is
//! minimised (chunks deleted while the same panic location remains) and
//! written to `target/tmp/fuzz/finding-N.dice`; the test fails listing
//! them. A stack overflow aborts the process and cannot be caught: the
//! input being run is always in `target/tmp/fuzz/current.dice`, which is
//! then the finding.
//!
//! The corpus grows as it runs: an input whose diagnostics (their codes, or
//! a report) make a combination not seen before joins the inputs to mutate;
//! half the parents are inputs that reached the evaluator, so that mutations
//! work past the parser and the checker.
//!
//! Settings (environment variables):
//!
//! - `DICERULES_FUZZ_SECONDS`: how long to run (default 10; `.ci/run` runs
//!   60);
//! - `DICERULES_FUZZ_SEED`: the seed (default 1): the same seed gives the
//!   same sequence of inputs;
//! - `DICERULES_FUZZ_HANG_SECONDS`: the hang limit per input (default 10);
//! - `DICERULES_PREFIX_STEP`: the prefix test's step in bytes (default 7,
//!   every 7th prefix, 9 s; `.ci/run` runs 1, every character boundary, a
//!   minute).
//!
//! Test builds are optimised with overflow checks (Cargo.toml's test
//! profile: an arithmetic overflow panics, and is a finding). `.ci/run` runs
//! it for a minute:
//!
//! ```text
//! DICERULES_FUZZ_SECONDS=60 DICERULES_PREFIX_STEP=1 cargo test --test fuzz -- --nocapture
//! ```
//!
//! `--nocapture` prints the run's figures (inputs, inputs per second,
//! findings).

use std::cell::{Cell, RefCell};
use std::collections::BTreeSet;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::mpsc;
use std::sync::Once;
use std::time::{Duration, Instant};

mod common;

use common::fixture::{dice_files, is_slow_game};
use common::tree::without_spans;
use dicerules::cli::diagnostics::render_all;
use dicerules::render::{failures, text};
use dicerules::report::Report;
use dicerules_core::eval::exact::{self, Limits};
use dicerules_core::program::Setting;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The evaluation's state limit for fuzzed inputs: low, so that a mutation
/// that makes a game huge is refused quickly.
const MAX_STATES: usize = 20_000;

/// The stack of a worker thread: the size of a main thread's on Linux,
/// where `dicerules` runs.
const STACK: usize = 8 << 20;

/// The largest input tried, in bytes; longer mutants are cut.
const MAX_INPUT: usize = 64 << 10;

/// How many inputs the corpus may grow to.
const MAX_POOL: usize = 4096;

/// Stop after this many findings: the first few say what to fix.
const MAX_FINDINGS: usize = 8;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// The longest any one input may run before it counts as a hang.
fn hang_limit() -> Duration {
    Duration::from_secs(env_number("DICERULES_FUZZ_HANG_SECONDS", 10))
}

fn crate_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The seed corpus: every game and every fixture.
fn corpus() -> Vec<String> {
    let root = crate_root();
    let mut files = dice_files(root.join("games"));
    files.retain(|f| !is_slow_game(f));
    files.extend(dice_files(root.join("tests/fixtures")));
    let corpus: Vec<String> = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .collect();
    assert!(corpus.len() > 100, "the corpus is {} files", corpus.len());
    corpus
}

// ---------------------------------------------------------------- the pipeline

/// What one input came to.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Outcome {
    /// How far it went: 0 a `--set` error, 1 parse or check errors, 2 an
    /// evaluation error, 3 a report.
    stage: u8,
    /// The codes of its diagnostics, sorted, without repeats.
    codes: Vec<String>,
}

/// Renders the diagnostics as `dicerules check` does (miette's report and
/// the JSON entries, the first 100); returns their codes. Panics when there
/// is none: every failure must say why.
fn diagnose<D>(errors: Vec<D>, source: &str) -> Vec<String>
where
    D: miette::Diagnostic + Send + Sync + 'static,
{
    assert!(!errors.is_empty(), "a failure without a diagnostic");
    let (text, entries) = render_all(errors, "fuzz.dice", source, "error");
    assert!(!text.is_empty(), "diagnostics rendered as nothing");
    let mut codes = BTreeSet::new();
    for e in entries {
        assert!(!e.message.is_empty(), "a diagnostic without a message");
        codes.insert(e.code);
    }
    codes.into_iter().collect()
}

/// A file that parses prints as text that parses to the same tree.
fn round_trip(source: &str) {
    let (tree, errors) = dicerules_core::syntax::parse(source);
    if !errors.is_empty() {
        return;
    }
    let printed = dicerules_core::ast::print::file(&tree);
    let (again, errors) = dicerules_core::syntax::parse(&printed);
    assert!(
        errors.is_empty(),
        "the printed tree does not parse: {errors:?}\n{printed}"
    );
    assert!(
        without_spans(&tree) == without_spans(&again),
        "printing and parsing changed the tree:\n{printed}"
    );
}

/// The whole `check` pipeline on one input, its outputs rendered and
/// dropped.
fn pipeline(source: &str, set: &[(String, String)], table: bool) -> Outcome {
    let mut overrides: Vec<(String, Setting)> = Vec::new();
    let mut bad = Vec::new();
    for (name, value) in set {
        match dicerules_core::syntax::parse_override(value) {
            Ok(setting) => overrides.push((name.clone(), setting)),
            Err(e) => bad.push((e, value.clone())),
        }
    }
    if !bad.is_empty() {
        let mut codes = BTreeSet::new();
        for (e, value) in bad {
            codes.extend(diagnose(vec![e], &value));
        }
        return Outcome {
            stage: 0,
            codes: codes.into_iter().collect(),
        };
    }
    round_trip(source);
    let overrides: dicerules::Overrides = overrides.into();
    let program = match dicerules::Game::load_with(source, &overrides).map(|g| g.program) {
        Ok(program) => program,
        Err(errors) => {
            return Outcome {
                stage: 1,
                codes: diagnose(errors, source),
            }
        }
    };
    let limits = Limits {
        max_states: MAX_STATES,
        ..Limits::default()
    };
    let distribution = match dicerules_core::solve::evaluate(&program, limits) {
        Ok(distribution) => distribution,
        Err(e) => {
            return Outcome {
                stage: 2,
                codes: diagnose(vec![dicerules::Error::from(e)], source),
            }
        }
    };
    let mut report = Report::new(&program, &distribution);
    report.locate(&program, source);
    let failures = failures::expect_failures(&report, &program);
    failures::note_expect_failures(&mut report, &failures, "fuzz.dice", source);
    let codes = if failures.is_empty() {
        Vec::new()
    } else {
        diagnose(failures, source)
    };
    let show: Vec<String> = report.values.iter().map(|v| v.name.clone()).collect();
    let text = text::render_showing(&report, Some("fuzz.dice"), &show);
    assert!(!text.is_empty(), "an empty report");
    let json = serde_json::to_string_pretty(&report).expect("the report serialises to JSON");
    let _: serde_json::Value = serde_json::from_str(&json).expect("the JSON parses");
    ron::ser::to_string_pretty(&report, ron::ser::PrettyConfig::default())
        .expect("the report serialises to RON");
    let mut codes = codes;
    if program.code.len() <= MAX_TABLE_CODE {
        shows_change_nothing(source, &overrides, &report, limits);
    }
    // A round unrolled into tens of thousands of instructions takes seconds
    // to set up for play in a debug build, three times over (the table, and
    // simulations on one thread and three): `tests/hostile.rs` plays such
    // rounds through the binary.
    if table && program.code.len() <= MAX_TABLE_CODE {
        codes.extend(play_and_simulate(&program, &distribution, source));
    }
    Outcome { stage: 3, codes }
}

/// `check --show` of every name the round binds at its top level, its
/// total where it is a throw or a hand, and `1`: each show checks, and the
/// report's figures are those without shows (an evaluation the shows make
/// pass the low state limit is not a finding).
fn shows_change_nothing(
    source: &str,
    overrides: &dicerules::Overrides,
    plain: &Report,
    limits: Limits,
) {
    use dicerules_core::ast::{Item, Stmt};
    let Ok(parsed) = dicerules::Parsed::new(source) else {
        return;
    };
    let mut texts = vec!["1".to_string()];
    for item in &parsed.file.items {
        let Item::Round(round) = item else { continue };
        for stmt in &round.body.stmts {
            let (name, total) = match stmt {
                Stmt::Throw(t) => (&t.name.name, true),
                Stmt::Draw(d) => (&d.name.name, true),
                Stmt::Let(l) => (&l.name.name, false),
                Stmt::Choose(c) => (&c.name.name, false),
                _ => continue,
            };
            texts.push(name.clone());
            if total {
                texts.push(format!("total({name})"));
            }
        }
    }
    let shows = dicerules::Shows::parse(&texts).expect("a name parses as an expression");
    let game = match parsed.check_showing(overrides, &shows) {
        Ok(game) => game,
        // Every name bound at the top level is seen where the round ends;
        // only the bound on what the shows compile to may stop them.
        Err(errors) => {
            let bounded = |e: &dicerules::Error| {
                use miette::Diagnostic;
                e.code()
                    .is_some_and(|c| c.to_string() == "dice::check::show_too_large")
            };
            assert!(
                errors.iter().all(bounded),
                "shows of the top-level names do not check: {errors:?}"
            );
            return;
        }
    };
    let Ok(distribution) = dicerules_core::solve::evaluate(&game.program, limits) else {
        return;
    };
    let mut shown = Report::new(&game.program, &distribution);
    shown.locate(&game.program, source);
    let without_values = |r: &Report| {
        let mut v = serde_json::to_value(r).expect("a report serialises");
        // The failed expects are noted in the diagnostics of `plain`.
        v["values"].take();
        v["diagnostics"].take();
        v
    };
    assert!(
        without_values(plain) == without_values(&shown),
        "the shows {texts:?} changed the figures"
    );
    let text = text::render_showing(&shown, Some("fuzz.dice"), &texts);
    assert!(!text.is_empty(), "an empty report");
}

/// The longest round (in instructions) that is played and simulated.
const MAX_TABLE_CODE: usize = 5_000;

/// The most dice and cards a fuzzed round throws: low, so that no input
/// plays for long (the default, 10^7, is about a second).
const MAX_DICE: u64 = 100_000;

/// `play` and `simulate` of an input that checks, with table settings drawn
/// from the input's hash (so that a finding replays): a session at a table
/// of 1 to 6 seats with the file's chips, one chip, three or 2^64 - 1 each,
/// under the invariants of [`common::table`] (chips conserved, none below
/// zero, stakes within chips and limits), whether it ends or fails; and a
/// simulation on one thread and on three, which must agree. Returns the
/// codes of the errors they stopped with, as `play:CODE` and `simulate:CODE`.
fn play_and_simulate(
    program: &dicerules_core::program::Program,
    distribution: &exact::Distribution,
    source: &str,
) -> Vec<String> {
    use dicerules::play::round::MAX_REROLLS;
    use dicerules::play::simulate::{simulate, Options as SimOptions};
    use dicerules::play::table::{Flow, Options, Table, TableEvent};
    use std::hash::{Hash, Hasher};

    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    source.hash(&mut hasher);
    let mut rng = ChaCha8Rng::seed_from_u64(hasher.finish());
    let mut codes = Vec::new();
    let seats = rng.gen_range(1..=6);
    // Rounds from full shoes, or from one shoe to a cut card (none left
    // behind it: a round may run out of cards).
    let cut = [None, Some(0), Some(12)][rng.gen_range(0..3)];
    let options = Options {
        cut,
        seats,
        chips: [None, Some(1), Some(3), Some(u64::MAX)][rng.gen_range(0..4)],
        rounds: 25,
        seed: rng.gen(),
        person: None,
        max_rerolls: 1_000,
        max_dice: MAX_DICE,
        stake: rng.gen_range(0..program.banking.stakes.len().max(1)),
        stakes: [vec![], vec![2], vec![u64::MAX], vec![0, 3, 1, 2, 5, 1]][rng.gen_range(0..4)]
            .iter()
            .copied()
            .cycle()
            .take(seats)
            .collect(),
    };
    let mut events: Vec<TableEvent> = Vec::new();
    let mut emit = |e: TableEvent| {
        events.push(e);
        Flow::Continue
    };
    let name = format!("a table of {seats} ({options:?})");
    let played = Table::new(program, distribution, options, None, &mut emit).run();
    common::table::check_invariants(&name, program, &events, played.is_ok());
    if let Err(e) = played {
        let code = diagnose(vec![dicerules::Error::from(e)], source);
        codes.extend(code.into_iter().map(|c| format!("play:{c}")));
    }
    let simulated = |threads: usize| {
        let options = SimOptions {
            rounds: 1_000,
            seed: 7,
            threads,
            max_rerolls: MAX_REROLLS.min(1_000),
            max_dice: MAX_DICE,
            cut,
        };
        simulate(program, distribution, options, &|_| {})
    };
    match (simulated(1), simulated(3)) {
        (Ok(one), Ok(three)) => {
            let (one, three) = (
                serde_json::to_string(&one).expect("the simulation serialises"),
                serde_json::to_string(&three).expect("the simulation serialises"),
            );
            assert_eq!(one, three, "the simulation depends on the threads");
        }
        (Err(one), Err(three)) => {
            let code = diagnose(vec![dicerules::Error::from(one)], source);
            let again = diagnose(vec![dicerules::Error::from(three)], source);
            assert_eq!(
                code, again,
                "the simulation fails otherwise on three threads"
            );
            codes.extend(code.into_iter().map(|c| format!("simulate:{c}")));
        }
        (one, three) => panic!(
            "the simulation ends otherwise on three threads: {:?} against {:?}",
            one.err(),
            three.err()
        ),
    }
    codes
}

// ---------------------------------------------------------------- catching panics

thread_local! {
    /// Whether this thread runs inputs: its panics are findings, kept quiet.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// The last panic on this thread: its location and message.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs, once, a panic hook that keeps the panics of input-running
/// threads for the report and leaves every other panic to the default hook.
fn install_hook() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.with(Cell::get) {
                LAST_PANIC.with(|p| *p.borrow_mut() = Some(info.to_string()));
            } else {
                previous(info);
            }
        }));
    });
}

/// Runs the pipeline, catching a panic: `Err` holds its location and
/// message.
fn run_caught(source: &str, set: &[(String, String)], table: bool) -> Result<Outcome, String> {
    CATCHING.with(|c| c.set(true));
    let result = panic::catch_unwind(AssertUnwindSafe(|| pipeline(source, set, table)));
    CATCHING.with(|c| c.set(false));
    result.map_err(|_| {
        LAST_PANIC
            .with(|p| p.borrow_mut().take())
            .unwrap_or_else(|| "a panic without a message".to_string())
    })
}

/// Where a panic happened: the first line of its report.
fn panic_site(panic: &str) -> &str {
    panic.lines().next().unwrap_or(panic)
}

/// An input to run, and its answer.
struct Job {
    source: String,
    set: Vec<(String, String)>,
    /// Whether an input that checks is also played and simulated.
    table: bool,
}

struct Done {
    result: Result<Outcome, String>,
    took: Duration,
}

/// A thread that runs inputs one at a time.
struct Worker {
    jobs: mpsc::Sender<Job>,
    done: mpsc::Receiver<Done>,
}

impl Worker {
    fn new() -> Worker {
        install_hook();
        let (jobs, job_rx) = mpsc::channel::<Job>();
        let (done_tx, done) = mpsc::channel();
        std::thread::Builder::new()
            .name("fuzz worker".to_string())
            .stack_size(STACK)
            .spawn(move || {
                for job in job_rx {
                    let start = Instant::now();
                    let result = run_caught(&job.source, &job.set, job.table);
                    let took = start.elapsed();
                    if done_tx.send(Done { result, took }).is_err() {
                        break;
                    }
                }
            })
            .expect("a worker thread starts");
        Worker { jobs, done }
    }

    /// Runs one input; `None` when it is still running after `limit` (the
    /// worker is then lost: make a new one).
    fn run(&self, source: &str, set: &[(String, String)], limit: Duration) -> Option<Done> {
        self.run_job(source, set, true, limit)
    }

    /// Runs one input, played and simulated or not.
    fn run_job(
        &self,
        source: &str,
        set: &[(String, String)],
        table: bool,
        limit: Duration,
    ) -> Option<Done> {
        let job = Job {
            source: source.to_string(),
            set: set.to_vec(),
            table,
        };
        self.jobs.send(job).ok()?;
        self.done.recv_timeout(limit).ok()
    }
}

/// The smallest input found, by deleting chunks, that still panics at
/// `site`; at most `budget` long.
fn minimise(
    worker: &Worker,
    source: &str,
    set: &[(String, String)],
    site: &str,
    budget: Duration,
) -> String {
    let start = Instant::now();
    let same = |candidate: &str| match worker.run(candidate, set, hang_limit()) {
        Some(Done { result: Err(p), .. }) => panic_site(&p) == site,
        _ => false,
    };
    let mut best: Vec<char> = source.chars().collect();
    let mut chunk = best.len().div_ceil(2).max(1);
    loop {
        let mut i = 0;
        let mut shrank = false;
        while i < best.len() && start.elapsed() < budget {
            let end = (i + chunk).min(best.len());
            let candidate: String = best[..i].iter().chain(&best[end..]).collect();
            if same(&candidate) {
                best.drain(i..end);
                shrank = true;
            } else {
                i += chunk;
            }
        }
        if start.elapsed() >= budget || (chunk == 1 && !shrank) {
            break;
        }
        if !shrank {
            chunk = chunk.div_ceil(2);
        }
    }
    best.into_iter().collect()
}

// ---------------------------------------------------------------- mutations

/// Words and punctuation of the language, inserted whole.
const TOKENS: &[&str] = &[
    "game",
    "param",
    "outcomes",
    "hands",
    "table",
    "columns",
    "shoe",
    "round",
    "throw",
    "draw",
    "until",
    "let",
    "set",
    "if",
    "else",
    "end",
    "compare",
    "with",
    "higher",
    "equal",
    "lower",
    "repeat",
    "choose",
    "from",
    "by",
    "knowing",
    "nothing",
    "decided",
    "bet",
    "on",
    "win",
    "lose",
    "push",
    "to",
    "less",
    "expect",
    "claim",
    "banking",
    "bank",
    "stake",
    "limit",
    "chips",
    // Whole banking clauses, so that mutations reach the table's rules.
    " bank house ",
    " bank rotates every round ",
    " bank kept until the banker loses a round ",
    " bank kept for the game ",
    " bank bets banker ",
    " bank bets player ",
    " stake free ",
    " stake fixed 2 ",
    " stake up to 6 ",
    " stake set by the bank ",
    " stake fixed 1 or up to 100 or free ",
    " limit = 1 ",
    " limit = 18446744073709551615 ",
    " limit set by the banker up to 5 ",
    " chips each = 1 ",
    " chips each = 18446744073709551615 ",
    " chips players = 10, banker = 1 ",
    " chips players = 1, banker = 18446744073709551615 ",
    " banker => new game ",
    " banker => bank passes ",
    " win 5 to 1 ",
    " win 1 to 2 ",
    " win 1000000007 to 3 ",
    " win 1 to 1 less 5% ",
    " win 10 for 1 ",
    " lose 1/2 ",
    " lose 2 ",
    " less commission ",
    " [3, 4, 9..11] => ",
    " else => lose ",
    " burn 3 from cards ",
    // Conditions used as numbers (issue 19).
    " (total(t) > 3) + ",
    " + (x is 6) ",
    " let n = (a > b) + (c = d) ",
    "and",
    "or",
    "not",
    "is",
    "in",
    "mod",
    "true",
    "false",
    "total",
    "count",
    "highest",
    "lowest",
    "value",
    "suit",
    "rank",
    "decks",
    "values",
    "pip",
    "infinite",
    "A",
    "K",
    "D",
    "S",
    "?",
    "house_edge",
    "probability",
    "strategy",
    "std_dev",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "=>",
    "=",
    "==",
    ",",
    "|",
    "..",
    "+",
    "-",
    "*",
    "<",
    ">",
    "<=",
    ">=",
    "!=",
    "~",
    "±",
    "+-",
    "%",
    "\"",
    "//",
    "\n",
    " ",
    "\n}\n",
    "{\n",
    "end x\n",
];

/// Numbers that stress the bounds.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "6",
    "13",
    "64",
    "65",
    "1000",
    "65536",
    "1000000",
    "1000001",
    "4294967296",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999",
    "1/0",
    "0/0",
    "1/3",
    "0.5",
    "0.000000000000000000000000000000000000001",
    "99999999999999999999/7",
    "100%",
    "1000%",
    "1000000d6",
    "0d6",
    "2d0",
    "d1",
    "130d6",
    "64d2",
    "2d1000000000",
    "6-6",
    "1-1-1-1-1-1-1-1",
    "1..1000000000",
    "0..0",
    "9223372036854775807..9223372036854775807",
    "-9223372036854775808..9223372036854775807",
];

/// Characters a byte-level view gets wrong.
const UNICODE: &[&str] = &[
    "é", "±", "\u{201c}", "\u{201d}", "\u{200b}", "\t", "\r\n", "\r", "ß", "日本", "\u{feff}",
    "🎲", "\0", "\u{2028}", "\u{0301}",
];

/// A position in `s` on a character boundary.
fn boundary(s: &str, rng: &mut ChaCha8Rng) -> usize {
    let mut at = rng.gen_range(0..=s.len());
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// A range of `s` on character boundaries, at most `max` bytes long.
fn range(s: &str, rng: &mut ChaCha8Rng, max: usize) -> (usize, usize) {
    let start = boundary(s, rng);
    let mut end = (start + rng.gen_range(0..=max.max(1))).min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    (start, end)
}

/// The runs of characters of `s` that `pred` accepts, as ranges.
fn runs(s: &str, pred: impl Fn(char) -> bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (pred(c), start) {
            (true, None) => start = Some(i),
            (false, Some(st)) => {
                out.push((st, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((st, s.len()));
    }
    out
}

fn is_word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// One seeded mutation of `s`; `pool` lends text to splice in.
fn mutate_once(s: &mut String, pool: &[String], rng: &mut ChaCha8Rng) {
    match rng.gen_range(0..16) {
        // A token, a number or a character, inserted.
        0 | 1 => {
            let list = match rng.gen_range(0..3) {
                0 => TOKENS,
                1 => NUMBERS,
                _ => UNICODE,
            };
            let word = list.choose(rng).copied().unwrap_or(" ");
            let at = boundary(s, rng);
            let pad = if rng.gen_bool(0.7) { " " } else { "" };
            s.insert_str(at, &format!("{pad}{word}{pad}"));
        }
        // A number replaced by a hostile one, or by one near it.
        2..=4 => {
            let numbers = runs(s, |c| c.is_ascii_digit());
            if let Some(&(a, b)) = numbers.choose(rng) {
                let near = s[a..b].parse::<u64>().ok().filter(|_| rng.gen_bool(0.5));
                let n = match near {
                    Some(n) => match rng.gen_range(0..4) {
                        0 => n.saturating_sub(1),
                        1 => n.saturating_add(1),
                        2 => n.saturating_mul(2),
                        _ => 0,
                    }
                    .to_string(),
                    None => NUMBERS.choose(rng).copied().unwrap_or("0").to_string(),
                };
                s.replace_range(a..b, &n);
            }
        }
        // A name replaced by another word of the file or of the language.
        5 | 6 => {
            let words = runs(s, is_word_char);
            if let (Some(&(a, b)), Some(&(c, d))) = (words.choose(rng), words.choose(rng)) {
                let other = if rng.gen_bool(0.5) {
                    s[c..d].to_string()
                } else {
                    TOKENS.choose(rng).copied().unwrap_or("x").to_string()
                };
                s.replace_range(a..b, &other);
            }
        }
        // A range deleted.
        7 => {
            let (a, b) = range(s, rng, 40);
            s.replace_range(a..b, "");
        }
        // A range copied elsewhere.
        8 => {
            let (a, b) = range(s, rng, 200);
            let piece = s[a..b].to_string();
            let at = boundary(s, rng);
            s.insert_str(at, &piece);
        }
        // A short range repeated many times: deep nesting, long chains.
        9 => {
            let (a, b) = range(s, rng, 16);
            let times = *[2usize, 10, 70, 300, 3000].choose(rng).unwrap_or(&2);
            let piece = s[a..b].repeat(times);
            s.insert_str(b, &piece);
        }
        // Text from another file spliced in.
        10 => {
            if let Some(other) = pool.choose(rng) {
                let (a, b) = range(other, rng, 400);
                let at = boundary(s, rng);
                s.insert_str(at, &other[a..b]);
            }
        }
        // Lines deleted, duplicated, swapped or taken from another file.
        11 | 12 => {
            let mut lines: Vec<String> = s.split('\n').map(str::to_string).collect();
            if lines.is_empty() {
                return;
            }
            let i = rng.gen_range(0..lines.len());
            let j = rng.gen_range(0..lines.len());
            match rng.gen_range(0..4) {
                0 => {
                    lines.remove(i);
                }
                1 => {
                    let line = lines[i].clone();
                    lines.insert(j, line);
                }
                2 => lines.swap(i, j),
                _ => {
                    if let Some(other) = pool.choose(rng) {
                        let theirs: Vec<&str> = other.split('\n').collect();
                        if let Some(line) = theirs.choose(rng) {
                            lines[i] = (*line).to_string();
                        }
                    }
                }
            }
            *s = lines.join("\n");
        }
        // Bytes changed at random (the text stays UTF-8: a broken sequence
        // becomes U+FFFD, as a file that is not UTF-8 never reaches the
        // parser).
        13 => {
            let mut bytes = std::mem::take(s).into_bytes();
            for _ in 0..rng.gen_range(1..4) {
                if bytes.is_empty() {
                    break;
                }
                let i = rng.gen_range(0..bytes.len());
                bytes[i] = if rng.gen_bool(0.5) {
                    bytes[i] ^ (1 << rng.gen_range(0..8))
                } else {
                    rng.gen()
                };
            }
            *s = String::from_utf8_lossy(&bytes).into_owned();
        }
        // Cut short.
        14 => {
            let at = boundary(s, rng);
            s.truncate(at);
        }
        // A whole item from another file appended.
        _ => {
            if let Some(other) = pool.choose(rng) {
                let lines: Vec<&str> = other.lines().collect();
                if !lines.is_empty() {
                    let i = rng.gen_range(0..lines.len());
                    let n = rng.gen_range(1..8);
                    s.push('\n');
                    s.push_str(&lines[i..(i + n).min(lines.len())].join("\n"));
                    s.push('\n');
                }
            }
        }
    }
}

/// A `--set` for some inputs: a parameter of the file (or a name it does
/// not have) and a value, hostile or not.
fn overrides(source: &str, rng: &mut ChaCha8Rng) -> Vec<(String, String)> {
    if !rng.gen_bool(0.15) {
        return Vec::new();
    }
    let params: Vec<&str> = source
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("param "))
        .filter_map(|rest| rest.split([' ', '=']).next())
        .filter(|n| !n.is_empty())
        .collect();
    let name = params
        .choose(rng)
        .copied()
        .unwrap_or("tie_odds")
        .to_string();
    let name = if rng.gen_bool(0.1) {
        "no_such_parameter".to_string()
    } else {
        name
    };
    let value = match rng.gen_range(0..4) {
        0 => "infinite".to_string(),
        1 => TOKENS.choose(rng).copied().unwrap_or("x").to_string(),
        _ => NUMBERS.choose(rng).copied().unwrap_or("7").to_string(),
    };
    vec![(name, value)]
}

// ---------------------------------------------------------------- the tests

/// A finding of the fuzzer.
struct Finding {
    kind: &'static str,
    message: String,
    input: String,
    set: Vec<(String, String)>,
    file: PathBuf,
}

#[test]
fn fuzz_the_check_pipeline() {
    let seconds = env_number("DICERULES_FUZZ_SECONDS", 10);
    let seed = env_number("DICERULES_FUZZ_SEED", 1);
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("fuzz");
    std::fs::create_dir_all(&dir).expect("the fuzz directory");
    let current = dir.join("current.dice");

    let seeds = corpus();
    let mut pool = seeds.clone();
    // The inputs that reached the evaluator: half the parents, so that
    // mutations work past the parser and the checker.
    let mut deep: Vec<String> = Vec::new();
    let mut seen: BTreeSet<Outcome> = BTreeSet::new();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut worker = Worker::new();
    let mut findings: Vec<Finding> = Vec::new();
    let mut sites: BTreeSet<String> = BTreeSet::new();
    let mut stages = [0u64; 4];
    let mut slowest = (Duration::ZERO, String::new());
    let mut tried = 0u64;

    // The seeds themselves first, then mutants.
    let start = Instant::now();
    let deadline = start + Duration::from_secs(seconds);
    while (tried as usize) < seeds.len() || Instant::now() < deadline {
        let (input, set) = if let Some(s) = seeds.get(tried as usize) {
            (s.clone(), Vec::new())
        } else {
            let parents = if deep.is_empty() || rng.gen_bool(0.5) {
                &pool
            } else {
                &deep
            };
            let mut s = parents.choose(&mut rng).cloned().unwrap_or_default();
            // One mutation half the time, two a quarter, ... at most six.
            let count = 1 + rng.gen::<u32>().trailing_zeros().min(5);
            for _ in 0..count {
                mutate_once(&mut s, &pool, &mut rng);
            }
            if s.len() > MAX_INPUT {
                let mut cut = MAX_INPUT;
                while !s.is_char_boundary(cut) {
                    cut -= 1;
                }
                s.truncate(cut);
            }
            let set = overrides(&s, &mut rng);
            (s, set)
        };
        tried += 1;
        // Kept on disk while it runs: a stack overflow aborts the process.
        let _ = std::fs::write(&current, &input);
        let Some(done) = worker.run(&input, &set, hang_limit()) else {
            let file = dir.join(format!("hang-{}.dice", findings.len() + 1));
            let _ = std::fs::write(&file, &input);
            findings.push(Finding {
                kind: "hang",
                message: format!("still running after {:?}", hang_limit()),
                input,
                set,
                file,
            });
            worker = Worker::new();
            if findings.len() >= MAX_FINDINGS {
                break;
            }
            continue;
        };
        if done.took > slowest.0 {
            slowest = (done.took, input.clone());
        }
        match done.result {
            Ok(outcome) => {
                stages[usize::from(outcome.stage)] += 1;
                if !seen.contains(&outcome) {
                    if outcome.stage >= 2 && deep.len() < MAX_POOL {
                        deep.push(input.clone());
                    }
                    seen.insert(outcome);
                    // A seed is in the pool already.
                    let is_seed = (tried as usize) <= seeds.len();
                    if !is_seed && pool.len() < MAX_POOL {
                        pool.push(input);
                    } else if !is_seed {
                        let i = rng.gen_range(seeds.len()..MAX_POOL);
                        pool[i] = input;
                    }
                }
            }
            Err(panic) => {
                let site = panic_site(&panic).to_string();
                if !sites.insert(site.clone()) {
                    continue;
                }
                let small = minimise(&worker, &input, &set, &site, Duration::from_secs(30));
                let file = dir.join(format!("finding-{}.dice", findings.len() + 1));
                let _ = std::fs::write(&file, &small);
                findings.push(Finding {
                    kind: "panic",
                    message: panic,
                    input: small,
                    set,
                    file,
                });
                if findings.len() >= MAX_FINDINGS {
                    break;
                }
            }
        }
    }
    let elapsed = start.elapsed();
    let _ = std::fs::remove_file(&current);
    let _ = std::fs::write(dir.join("slowest.dice"), &slowest.1);

    println!(
        "fuzz: seed {seed}, {tried} inputs in {:.1} s ({:.0} per second), {} findings",
        elapsed.as_secs_f64(),
        tried as f64 / elapsed.as_secs_f64().max(1e-9),
        findings.len()
    );
    println!(
        "fuzz: {} --set errors, {} parse or check errors, {} evaluation errors, {} reports; \
         {} kinds of outcome; corpus grew from {} to {} inputs",
        stages[0],
        stages[1],
        stages[2],
        stages[3],
        seen.len(),
        seeds.len(),
        pool.len()
    );
    println!(
        "fuzz: the slowest input took {:.3} s ({} bytes)",
        slowest.0.as_secs_f64(),
        slowest.1.len()
    );
    let report: Vec<String> = findings
        .iter()
        .map(|f| {
            format!(
                "{} ({}), --set {:?}, input (its first 2,000 characters) {:?}:\n{}\n",
                f.kind,
                f.file.display(),
                f.set,
                f.input.chars().take(2000).collect::<String>(),
                f.message
            )
        })
        .collect();
    assert!(findings.is_empty(), "{}", report.join("\n"));
}

/// Every prefix of every game (each character boundary, or every
/// `DICERULES_PREFIX_STEP` bytes; see the module's settings) gives a
/// diagnostic or a report, never a panic. A prefix whose syntax tree and syntax errors are those of the
/// previous prefix (it only adds spaces or a comment) is not checked again.
#[test]
fn every_prefix_of_every_game_gives_a_diagnostic_or_a_report() {
    let step = usize::try_from(env_number("DICERULES_PREFIX_STEP", 7))
        .unwrap_or(1)
        .max(1);
    let mut games = dice_files(crate_root().join("games"));
    games.retain(|g| !is_slow_game(g));
    assert!(games.len() >= 10, "{games:?}");
    let worker = Worker::new();
    let mut panics = Vec::new();
    let mut tried = 0usize;
    let mut evaluated = 0usize;
    let start = Instant::now();
    for game in &games {
        let source = std::fs::read_to_string(game).expect("a game reads");
        let mut previous = None;
        let mut at = 0;
        while at <= source.len() {
            if source.is_char_boundary(at) {
                let prefix = &source[..at];
                let parsed = dicerules_core::syntax::parse(prefix);
                tried += 1;
                if previous.as_ref() != Some(&parsed) {
                    evaluated += 1;
                    match worker.run_job(prefix, &[], false, hang_limit()) {
                        Some(Done { result: Ok(_), .. }) => {}
                        Some(Done { result: Err(p), .. }) => {
                            panics.push(format!("{} up to byte {at}: {p}", game.display()))
                        }
                        None => panics.push(format!(
                            "{} up to byte {at}: still running after {:?}",
                            game.display(),
                            hang_limit()
                        )),
                    }
                    previous = Some(parsed);
                }
            }
            at += step;
        }
    }
    println!(
        "prefixes: {tried} prefixes of {} games, {evaluated} run through the pipeline, in {:.1} s",
        games.len(),
        start.elapsed().as_secs_f64()
    );
    assert!(panics.is_empty(), "{}", panics.join("\n"));
}
