//! The JSON contract (docs/json.md) against what the real binary prints:
//! every JSON document of every command, for every shipped game (and the
//! fixtures' broken, linted, strategic and table files), validated against
//! its JSON Schema under `docs/schema/`. Beside it: the schemas are valid
//! draft 2020-12 schemas, strict (a wrong document is rejected); a key has
//! one type across every document; `format_version` comes first; a failed
//! file's entry has every key of a report; a diagnostic's lines, columns
//! and byte offsets agree with its file; every key and event of the
//! schemas is documented in docs/json.md.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use jsonschema::{Registry, Validator};
use serde_json::{json, Value};

use crate::common::binary::{self, root};

/// The schema files, `docs/schema/NAME.schema.json`.
const SCHEMAS: [&str; 9] = [
    "common",
    "report",
    "check",
    "compare",
    "simulate",
    "shoe",
    "session",
    "session-simulated",
    "play-event",
];

/// Which schema a document answers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    /// `check`'s output: a report, or an array of them.
    Check,
    /// `compare`'s document.
    Compare,
    /// `simulate`'s document.
    Simulate,
    /// `shoe`'s document.
    Shoe,
    /// `session`'s document.
    Session,
    /// `session --simulate`'s document.
    SessionSimulated,
    /// One line of `play`'s transcript.
    PlayEvent,
}

impl Kind {
    fn schema(self) -> &'static str {
        match self {
            Kind::Check => "check",
            Kind::Compare => "compare",
            Kind::Simulate => "simulate",
            Kind::Shoe => "shoe",
            Kind::Session => "session",
            Kind::SessionSimulated => "session-simulated",
            Kind::PlayEvent => "play-event",
        }
    }
}

/// One document a command printed: the command, its text and its value.
struct Document {
    command: String,
    kind: Kind,
    text: String,
    value: Value,
}

fn schema_path(name: &str) -> PathBuf {
    root()
        .join("docs/schema")
        .join(format!("{name}.schema.json"))
}

/// Where a schema is registered: the relative `$ref`s between the files
/// (`common.schema.json#/$defs/exact`) resolve against it as they do
/// against the files on disk.
fn schema_uri(name: &str) -> String {
    format!("file:///dicerules/docs/schema/{name}.schema.json")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?} is not JSON: {e}"))
}

/// The validator of each schema, its references resolved among the files,
/// nothing fetched.
fn validators() -> BTreeMap<&'static str, Validator> {
    let registry = Registry::new()
        .extend(
            SCHEMAS
                .iter()
                .map(|name| (schema_uri(name), read_json(&schema_path(name)))),
        )
        .and_then(|builder| builder.prepare())
        .expect("the schemas register");
    SCHEMAS
        .iter()
        .map(|&name| {
            let validator = jsonschema::options()
                .offline()
                .with_registry(&registry)
                .with_base_uri(schema_uri(name))
                .build(&read_json(&schema_path(name)))
                .unwrap_or_else(|e| panic!("{name}.schema.json does not build: {e}"));
            (name, validator)
        })
        .collect()
}

/// Why `value` fails `validator`, one line per error; empty when it is valid.
fn errors(validator: &Validator, value: &Value) -> Vec<String> {
    validator
        .iter_errors(value)
        .map(|e| format!("at {}: {e}", e.instance_path()))
        .collect()
}

fn games() -> Vec<String> {
    let mut games: Vec<String> = std::fs::read_dir(root().join("games"))
        .expect("games/ lists")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".dice"))
        .map(|name| format!("games/{name}"))
        // Each is checked and simulated alone; the slow ones only among
        // all of them (below), with every other.
        .filter(|name| !crate::common::fixture::is_slow_game(std::path::Path::new(name)))
        .collect();
    games.sort();
    assert!(games.len() >= 10, "the shipped games: {games:?}");
    games
}

/// A scratch directory of this module, under `target/tmp/`.
fn scratch() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("json_schema");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// A rule file that is not UTF-8: the byte 0xff at offset 9, line 2.
/// Written once, before any run reads it.
fn not_utf8() -> &'static str {
    static PATH: OnceLock<String> = OnceLock::new();
    PATH.get_or_init(|| {
        let path = scratch().join("not_utf8.dice");
        std::fs::write(&path, b"game \"x\"\n\xff round\n").expect("the file is written");
        path.to_string_lossy().into_owned()
    })
}

/// Runs `dicerules ARGS` from the crate root; its stdout, which must be
/// JSON (or JSON lines) with the exit code one of `codes`.
fn run(args: &[String], codes: &[i32]) -> String {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let run = binary::run(root(), &args, b"");
    assert!(
        run.code.is_some_and(|c| codes.contains(&c)),
        "{}",
        run.transcript(&args)
    );
    assert!(!run.stdout.is_empty(), "{}", run.transcript(&args));
    run.stdout
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

/// Every document of every command, run once for the whole module.
fn documents() -> &'static [Document] {
    static DOCUMENTS: OnceLock<Vec<Document>> = OnceLock::new();
    DOCUMENTS.get_or_init(|| {
        let games = games();
        let mut runs: Vec<(Kind, Vec<String>, &[i32])> = Vec::new();
        let check = |files: &[String]| {
            let mut args = strings(&["check", "--format", "json"]);
            args.extend(files.iter().cloned());
            args
        };
        for game in &games {
            runs.push((Kind::Check, check(std::slice::from_ref(game)), &[0]));
            runs.push((
                Kind::Simulate,
                strings(&["simulate", game, "--rounds", "300", "--format", "json"]),
                &[0],
            ));
        }
        runs.push((Kind::Check, check(&games), &[0]));
        // Broken files, lint findings, strategies, table rules: every
        // failure among reports.
        let fixtures = strings(&[
            "tests/fixtures/invalid",
            "tests/fixtures/lint",
            "tests/fixtures/strategy",
            "tests/fixtures/table",
        ]);
        runs.push((Kind::Check, check(&fixtures), &[2]));
        // A bet `staking` a name: its average wager and element of risk.
        let staked = strings(&["tests/fixtures/poker/play_or_fold_staked.dice"]);
        runs.push((Kind::Check, check(&staked), &[0]));
        // One file that fails alone; files that cannot be read.
        let broken = strings(&["tests/fixtures/invalid/unknown_outcome_in_end.dice"]);
        runs.push((Kind::Check, check(&broken), &[2]));
        let unreadable = strings(&["games/no_such_game.dice", not_utf8()]);
        runs.push((Kind::Check, check(&unreadable), &[2]));
        runs.push((Kind::Check, check(&unreadable[1..]), &[2]));
        // A failed expect; a finding denied.
        let mut expect = check(&strings(&["games/baccarat_dice.dice"]));
        expect.extend(strings(&["--set", "tie_odds=7", "--strict"]));
        runs.push((Kind::Check, expect, &[1]));
        let mut denied = check(&strings(&["tests/fixtures/lint/unused_name.dice"]));
        denied.extend(strings(&["--deny", "warnings"]));
        runs.push((Kind::Check, denied, &[1]));
        // `--show`: a throw's total, a name bound on some paths, a
        // condition, the throw alone, choices among labels, a sweep; one
        // that cannot be shown, alone and among several files.
        let show = |file: &str, shows: &[&str]| {
            let mut args = check(&strings(&[file]));
            for s in shows {
                args.extend(strings(&["--show", s]));
            }
            args
        };
        runs.push((
            Kind::Check,
            show(
                "games/heist.dice",
                &["total(banker)", "total(player)", "player is 6-6", "banker"],
            ),
            &[0],
        ));
        runs.push((
            Kind::Check,
            show(
                "tests/fixtures/strategy/high_or_low.dice",
                &["call", "needed"],
            ),
            &[0],
        ));
        let mut swept = show("games/punto_banco.dice", &["player_value"]);
        swept.extend(strings(&["--set", "decks=1,infinite"]));
        runs.push((Kind::Check, swept, &[0]));
        runs.push((Kind::Check, show("games/heist.dice", &["bankr"]), &[2]));
        let mut several = show("games/heist.dice", &["score"]);
        several.push("games/quatorze.dice".to_string());
        runs.push((Kind::Check, several, &[0]));
        // Card analysis: a reduced shoe's effects of removal, and a
        // simulation from it.
        let mut removal = check(&strings(&["games/punto_banco.dice"]));
        removal.extend(strings(&[
            "--set",
            "decks=1",
            "--removed",
            "9x4,K",
            "--effects-of-removal",
        ]));
        runs.push((Kind::Check, removal, &[0]));
        runs.push((
            Kind::Simulate,
            strings(&[
                "simulate",
                "games/punto_banco.dice",
                "--removed",
                "5x3",
                "--rounds",
                "300",
                "--format",
                "json",
            ]),
            &[0],
        ));
        // Exact sessions: a seat bank broke, a rotation, the house banking,
        // a bank kept until the banker loses followed alone (its bounds).
        for args in [
            &[
                "session",
                "games/heist.dice",
                "--seats",
                "2",
                "--chips",
                "2",
                "--rounds",
                "2",
            ][..],
            &["session", "games/twenty_six.dice", "--rounds", "1"],
            &[
                "session",
                "games/heaven_and_nine.dice",
                "--seats",
                "2",
                "--tenure",
                "1e-3",
            ],
            &[
                "session",
                "games/baccarat_dice.dice",
                "--seats",
                "2",
                "--chips",
                "3",
                "--rounds",
                "2",
            ],
        ] {
            let mut args = args.to_vec();
            args.extend(["--format", "json"]);
            runs.push((Kind::Session, strings(&args), &[0]));
        }
        // Estimated sessions: a seat bank, and chemin de fer's decisions.
        for game in ["games/heist.dice", "games/chemin_de_fer.dice"] {
            runs.push((
                Kind::SessionSimulated,
                strings(&[
                    "session",
                    game,
                    "--seats",
                    "3",
                    "--rounds",
                    "2",
                    "--simulate",
                    "50",
                    "--format",
                    "json",
                ]),
                &[0],
            ));
        }
        // A shoe dealt to the cut card: one deck of each game with a finite
        // shoe whose suits the round does not read (a coup that favours a
        // bet in the first).
        for (game, seed) in [
            ("games/punto_banco.dice", "3"),
            ("games/chemin_de_fer.dice", "1"),
            ("games/casino_war.dice", "1"),
            ("games/red_dog.dice", "1"),
        ] {
            runs.push((
                Kind::Shoe,
                strings(&[
                    "shoe", game, "--seed", seed, "--set", "decks=1", "--cut", "5", "--format",
                    "json",
                ]),
                &[0],
            ));
        }
        // Each game beside the next; the four heists together.
        for pair in games.windows(2) {
            let mut args = strings(&["compare", "--format", "json"]);
            args.extend(pair.iter().cloned());
            runs.push((Kind::Compare, args, &[0]));
        }
        let mut heists = strings(&["compare", "--format", "json"]);
        heists.extend(games.iter().filter(|g| g.contains("heist")).cloned());
        runs.push((Kind::Compare, heists, &[0]));
        // Sweeps: one report per setting (with lines left unchecked), and
        // a column per file and setting.
        runs.push((
            Kind::Check,
            strings(&[
                "check",
                "--format",
                "json",
                "games/punto_banco.dice",
                "--set",
                "decks=1,infinite",
            ]),
            &[0],
        ));
        runs.push((
            Kind::Compare,
            strings(&[
                "compare",
                "--format",
                "json",
                "games/baccarat_dice.dice",
                "games/punto_banco.dice",
                "--set",
                "tie_odds=8..9",
            ]),
            &[0],
        ));
        // Sessions of every game and of the table fixtures (banks that
        // break, seats that leave, bank stakes, limits a banker names).
        let tables = std::fs::read_dir(root().join("tests/fixtures/table"))
            .expect("the table fixtures list")
            .filter_map(|e| e.ok())
            .map(|e| format!("tests/fixtures/table/{}", e.file_name().to_string_lossy()))
            // Its chips do not fit: an error, before any line.
            .filter(|f| f.ends_with(".dice") && !f.contains("chips_beyond_64_bits"));
        let mut tables: Vec<String> = tables.collect();
        tables.sort();
        // A card dealt face down and turned up.
        tables.push("tests/fixtures/slow/blackjack_face_down.dice".to_string());
        for file in games.iter().chain(&tables) {
            runs.push((
                Kind::PlayEvent,
                strings(&["play", file, "--rounds", "20", "--format", "json"]),
                &[0],
            ));
        }
        // Rounds dealt from one shoe to a cut card: its shuffles.
        runs.push((
            Kind::PlayEvent,
            strings(&[
                "play",
                "games/punto_banco.dice",
                "--set",
                "decks=1",
                "--rounds",
                "20",
                "--cut",
                "10",
                "--format",
                "json",
            ]),
            &[0],
        ));
        // The most chips a seat can be dealt: still exact strings.
        runs.push((
            Kind::PlayEvent,
            strings(&[
                "play",
                "games/heist.dice",
                "--chips",
                "18446744073709551615",
                "--rounds",
                "3",
                "--format",
                "json",
            ]),
            &[0],
        ));
        let mut documents = Vec::new();
        for (kind, args, codes) in runs {
            let stdout = run(&args, codes);
            let command = format!("dicerules {}", args.join(" "));
            let texts: Vec<&str> = match kind {
                Kind::PlayEvent => stdout.lines().collect(),
                _ => vec![&stdout],
            };
            for text in texts {
                let value = serde_json::from_str(text)
                    .unwrap_or_else(|e| panic!("{command}: not JSON ({e}): {text}"));
                documents.push(Document {
                    command: command.clone(),
                    kind,
                    text: text.to_string(),
                    value,
                });
            }
        }
        documents
    })
}

/// The reports among the documents: each of check's, and compare's.
fn reports() -> impl Iterator<Item = (&'static Document, &'static Value)> {
    documents().iter().flat_map(|d| {
        let reports: Vec<&Value> = match (d.kind, &d.value) {
            (Kind::Check, Value::Array(reports)) => reports.iter().collect(),
            (Kind::Check, report) => vec![report],
            (Kind::Compare, document) => document["reports"]
                .as_array()
                .map(|r| r.iter().collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        reports.into_iter().map(move |r| (d, r))
    })
}

#[test]
fn every_document_of_every_command_validates_against_its_schema() {
    let validators = validators();
    let mut failures = Vec::new();
    let mut seen: BTreeMap<Kind, usize> = BTreeMap::new();
    for d in documents() {
        *seen.entry(d.kind).or_default() += 1;
        for e in errors(&validators[d.kind.schema()], &d.value) {
            failures.push(format!("{}:\n  {e}", d.command));
        }
        // A single report validates against the report schema alone, as
        // compare's reports do.
        if d.kind == Kind::Check && d.value.is_object() {
            for e in errors(&validators["report"], &d.value) {
                failures.push(format!("{} (report):\n  {e}", d.command));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failure(s):\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Every game in every command: a check, a simulation and a session
    // each, and compare's pairs.
    let games = games().len();
    let commands = |word: &str| {
        documents()
            .iter()
            .filter(|d| d.command.starts_with(&format!("dicerules {word} ")))
            .map(|d| d.command.as_str())
            .collect::<BTreeSet<_>>()
            .len()
    };
    assert!(commands("check") >= games + 6);
    // Each game, and one from a shoe with cards removed.
    assert_eq!(commands("simulate"), games + 1);
    assert_eq!(commands("compare"), games + 1);
    assert!(commands("play") > games);
    assert!(seen.len() == 7, "{seen:?}");
}

#[test]
fn every_kind_of_event_and_entry_is_met() {
    // The schemas are exercised, not only satisfied: each event kind is
    // printed by some session, and the reports hold failed files, warnings,
    // errors, strategies, choices and table rules.
    let schema = read_json(&schema_path("play-event"));
    let kinds: BTreeSet<&str> = schema["properties"]["event"]["enum"]
        .as_array()
        .expect("the event kinds")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let met: BTreeSet<&str> = documents()
        .iter()
        .filter(|d| d.kind == Kind::PlayEvent)
        .filter_map(|d| d.value["event"].as_str())
        .collect();
    assert_eq!(met, kinds, "events met and events the schema lists");
    let reports: Vec<&Value> = reports().map(|(_, r)| r).collect();
    let some = |what: &str, test: &dyn Fn(&Value) -> bool| {
        assert!(reports.iter().any(|r| test(r)), "no report has {what}");
    };
    some("a failed file", &|r| r["game"].is_null());
    some("a warning", &|r| {
        r["diagnostics"]
            .as_array()
            .is_some_and(|d| d.iter().any(|d| d["severity"] == "warning"))
    });
    some("an error beside a report", &|r| {
        r["game"].is_string()
            && r["diagnostics"]
                .as_array()
                .is_some_and(|d| d.iter().any(|d| d["severity"] == "error"))
    });
    some("strategies", &|r| r["strategies"].is_object());
    some("a zero-sum game's value", &|r| {
        r["strategies"]["game_value"].is_string()
    });
    some("a choice", &|r| r["choice"].is_object());
    let values = |r: &Value| r["values"].as_array().cloned().unwrap_or_default();
    for kind in ["number", "condition", "total", "label"] {
        some(&format!("a shown distribution of kind {kind}"), &|r| {
            values(r)
                .iter()
                .any(|v| v["shown"] == true && v["kind"] == kind)
        });
    }
    some("a distribution with rounds of no value", &|r| {
        values(r).iter().any(|v| v["no_value"] != "0")
    });
    some("table rules", &|r| r["table"].is_object());
    some("a claim", &|r| {
        r["claims"].as_array().is_some_and(|c| !c.is_empty())
    });
}

/// The JSON type of a value, integers told from floats.
fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "float",
        Value::Number(_) => "integer",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Every key under `value` with the types it holds (null aside), where it
/// was met; the names inside `params` are the file's, not the contract's.
fn key_types(
    value: &Value,
    path: &str,
    out: &mut BTreeMap<String, BTreeMap<&'static str, String>>,
) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let here = format!("{path}.{key}");
                if v.is_null() {
                    continue;
                }
                out.entry(key.clone())
                    .or_default()
                    .entry(type_of(v))
                    .or_insert_with(|| here.clone());
                if key != "params" {
                    key_types(v, &here, out);
                }
            }
        }
        Value::Array(items) => {
            for v in items {
                key_types(v, &format!("{path}[]"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn a_key_has_one_type_in_every_document() {
    let mut types = BTreeMap::new();
    for d in documents() {
        let root = match d.kind {
            Kind::PlayEvent => format!("play/{}", d.value["event"].as_str().unwrap_or("?")),
            kind => kind.schema().to_string(),
        };
        key_types(&d.value, &root, &mut types);
    }
    let clashes: Vec<String> = types
        .iter()
        .filter(|(_, t)| t.len() > 1)
        .map(|(key, t)| format!("`{key}`: {t:?}"))
        .collect();
    assert!(clashes.is_empty(), "{}", clashes.join("\n"));
    // The test sees the keys it is about.
    for key in [
        "house_edge",
        "chips",
        "stake",
        "value",
        "ev",
        "game",
        "limit",
    ] {
        assert!(types.contains_key(key), "no `{key}` met");
    }
    for key in ["house_edge", "chips", "stake"] {
        assert_eq!(types[key].keys().copied().collect::<Vec<_>>(), ["string"]);
    }
}

#[test]
fn format_version_is_the_first_key_of_every_document() {
    for d in documents() {
        match (&d.kind, &d.value) {
            (Kind::PlayEvent, _) => assert!(
                d.text.starts_with(r#"{"format_version":1,"event":""#),
                "{}: {}",
                d.command,
                d.text
            ),
            (_, Value::Array(items)) => {
                let first = d
                    .text
                    .matches("\n  {\n    \"format_version\": 1,\n")
                    .count();
                assert_eq!(first, items.len(), "{}", d.command);
            }
            _ => assert!(
                d.text.starts_with("{\n  \"format_version\": 1,\n"),
                "{}: {}",
                d.command,
                d.text
            ),
        }
    }
}

#[test]
fn a_failed_file_has_every_key_of_a_report() {
    let keys = |r: &Value| -> Vec<String> {
        r.as_object()
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default()
    };
    let (mut failed, mut good) = (0, 0);
    for (d, report) in reports() {
        let first = reports().next().map(|(_, r)| keys(r)).unwrap_or_default();
        assert_eq!(keys(report), first, "{}", d.command);
        if report["game"].is_null() {
            failed += 1;
            assert!(report["bets"].as_array().is_some_and(Vec::is_empty));
        } else {
            good += 1;
        }
    }
    assert!(
        failed > 100 && good > 30,
        "{failed} failed, {good} reported"
    );
}

/// The 1-based line and column (in characters) of a byte offset, counted
/// here from the text.
fn line_and_column(source: &str, offset: usize) -> (u64, u64) {
    let before = &source[..offset];
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line as u64, column as u64)
}

#[test]
fn a_diagnostic_points_at_its_file_by_line_column_and_byte() {
    let mut checked = 0;
    for (d, report) in reports() {
        for diagnostic in report["diagnostics"].as_array().into_iter().flatten() {
            let file = diagnostic["file"].as_str().expect("a file");
            assert_eq!(report["file"], file, "{}", d.command);
            let Ok(source) = std::fs::read_to_string(root().join(file)) else {
                continue;
            };
            let number = |key: &str| diagnostic[key].as_u64().expect(key);
            let (start, end) = (number("start") as usize, number("end") as usize);
            assert!(start <= end && end <= source.len(), "{diagnostic}");
            assert!(source.is_char_boundary(start) && source.is_char_boundary(end));
            assert_eq!(
                line_and_column(&source, start),
                (number("line"), number("column")),
                "{}: {diagnostic}",
                d.command
            );
            assert_eq!(
                line_and_column(&source, end),
                (number("end_line"), number("end_column")),
                "{}: {diagnostic}",
                d.command
            );
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} diagnostics checked");
    // A file that is not UTF-8: the first broken byte, by its offset in
    // the file.
    let file = not_utf8();
    let stdout = run(&strings(&["check", file, "--format", "json"]), &[2]);
    let report: Value = serde_json::from_str(&stdout).expect("JSON");
    let d = &report["diagnostics"][0];
    assert_eq!(d["code"], "dice::input::not_utf8");
    let at = ["line", "column", "end_line", "end_column", "start", "end"].map(|k| d[k].as_u64());
    assert_eq!(at, [2, 1, 2, 2, 9, 10].map(Some), "{d}");
}

/// Every schema object under `value` that names its properties, with the
/// path to it.
fn object_schemas<'v>(value: &'v Value, path: String, out: &mut Vec<(String, &'v Value)>) {
    match value {
        Value::Object(map) => {
            if map.contains_key("properties") {
                out.push((path.clone(), value));
            }
            for (key, v) in map {
                object_schemas(v, format!("{path}/{key}"), out);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                object_schemas(v, format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

#[test]
fn the_schemas_are_valid_and_strict() {
    for name in SCHEMAS {
        let schema = read_json(&schema_path(name));
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{name}"
        );
        if let Err(e) = jsonschema::meta::validate(&schema) {
            panic!("{name}.schema.json is not a valid schema: {e}");
        }
        // An object whose keys are fixed admits no other key and requires
        // every one (a key that does not apply is null, never absent).
        let mut objects = Vec::new();
        object_schemas(&schema, name.to_string(), &mut objects);
        for (path, object) in objects {
            if object["type"] != "object" || object.get("oneOf").is_some() {
                continue;
            }
            let keys: BTreeSet<&String> = object["properties"]
                .as_object()
                .map(|p| p.keys().collect())
                .unwrap_or_default();
            let required: BTreeSet<&String> = object["required"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|k| keys.iter().find(|key| **key == k).copied())
                .collect();
            assert_eq!(required, keys, "{path}: a key not required");
            assert_eq!(
                object["additionalProperties"],
                Value::Bool(false),
                "{path}: other keys admitted"
            );
        }
    }
}

/// The real report of heist, and a copy changed by `change`, which must
/// fail the check schema.
fn rejected(what: &str, validators: &BTreeMap<&str, Validator>, change: impl Fn(&mut Value)) {
    let document = documents()
        .iter()
        .find(|d| d.command == "dicerules check --format json games/heist.dice")
        .expect("heist is checked");
    assert!(errors(&validators["check"], &document.value).is_empty());
    let mut wrong = document.value.clone();
    change(&mut wrong);
    assert!(
        !errors(&validators["check"], &wrong).is_empty(),
        "{what} is accepted"
    );
}

#[test]
fn a_wrong_document_is_rejected() {
    let v = validators();
    rejected("house_edge as a float", &v, |r| {
        r["bets"][0]["house_edge"] = json!(0.08564814814814815)
    });
    rejected("a figure as a decimal string", &v, |r| {
        r["bets"][0]["house_edge"] = json!("0.0856")
    });
    rejected("a key left out", &v, |r| {
        r.as_object_mut().map(|m| m.remove("table"));
    });
    rejected("a key the contract does not have", &v, |r| {
        r["bets"][0]["edge"] = json!("37/432")
    });
    rejected("another version", &v, |r| r["format_version"] = json!(2));
    rejected("a failed file with figures", &v, |r| {
        r["game"] = Value::Null
    });
    rejected("a limit as a number", &v, |r| {
        r["table"]["limit"]["chips"] = json!(10)
    });
    rejected("a diagnostic without its end", &v, |r| {
        r["diagnostics"] = json!([{"severity": "warning", "code": "dice::lint::unused_name",
            "message": "m", "file": "f", "line": 1, "column": 1, "start": 0, "end": 0}])
    });
    // simulate's house edge as it was before the contract: a float.
    let simulation = documents()
        .iter()
        .find(|d| d.kind == Kind::Simulate)
        .expect("a simulation");
    let mut wrong = simulation.value.clone();
    wrong["bets"][0]["house_edge"] = json!(0.0805);
    assert!(!errors(&v["simulate"], &wrong).is_empty());
    // A play line: a stake as a number; an event the contract lacks.
    let bet = documents()
        .iter()
        .find(|d| d.value["event"] == "bet")
        .expect("a bet");
    let mut wrong = bet.value.clone();
    wrong["stake"] = json!(1);
    assert!(!errors(&v["play-event"], &wrong).is_empty());
    wrong = bet.value.clone();
    wrong["event"] = json!("wager");
    assert!(!errors(&v["play-event"], &wrong).is_empty());
}

/// Every key named in a schema's `properties`.
fn schema_keys(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            if let Some(Value::Object(properties)) = map.get("properties") {
                out.extend(properties.keys().cloned());
            }
            for v in map.values() {
                schema_keys(v, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| schema_keys(v, out)),
        _ => {}
    }
}

#[test]
fn docs_json_md_documents_every_key_and_event() {
    let docs = std::fs::read_to_string(root().join("docs/json.md")).expect("docs/json.md reads");
    let mut keys = BTreeSet::new();
    for name in SCHEMAS {
        schema_keys(&read_json(&schema_path(name)), &mut keys);
        assert!(
            docs.contains(&format!("docs/schema/{name}.schema.json")),
            "docs/json.md does not name {name}.schema.json"
        );
    }
    let events = read_json(&schema_path("play-event"));
    let events = events["properties"]["event"]["enum"]
        .as_array()
        .expect("the event kinds")
        .iter()
        .filter_map(|e| e.as_str().map(|e| format!("\"event\": \"{e}\"")));
    let missing: Vec<String> = keys
        .iter()
        .map(|k| format!("`{k}`"))
        .chain(events)
        .filter(|k| !docs.contains(k.as_str()))
        .collect();
    assert!(missing.is_empty(), "docs/json.md lacks {missing:?}");
}
