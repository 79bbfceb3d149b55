//! Lint findings: rule files that check and evaluate but do not say what
//! their writer meant, and exactly what `dicerules check` warns about each.
//!
//! Every file in `tests/fixtures/lint/` is a small variant named after the
//! finding it shows (`unreachable_rule_else.dice` shows
//! `dice::lint::unreachable_rule`), except `clean.dice`, the control, which
//! shows none. Each is run through the real binary from the crate root,
//! colour off; the snapshot holds the exit code and stderr (the report on
//! stdout is the games' tests' business), and its `description` is the
//! fixture's opening comment. Besides the snapshot, every fixture must
//! exit 0 with its report printed, and find exactly the lint its name
//! gives (matched by code, not by message), at least once.
//!
//! To review a change of wording: `cargo insta test --review --test main -- lint::`.

use std::path::{Path, PathBuf};

use dicerules_core::lint::{Lint, NAMES};

use crate::common::binary;
use crate::common::fixture::{opening_comment, unused_names};

/// The crate root, canonical so that it strips the prefix of glob's paths.
fn crate_root() -> PathBuf {
    let root = binary::root();
    root.canonicalize().unwrap_or_else(|_| root.to_path_buf())
}

/// Runs `dicerules check ARGS` from the crate root, colour off: the exit
/// code, stdout and stderr.
fn check(args: &[&str]) -> (Option<i32>, String, String) {
    let args: Vec<&str> = ["check"].iter().chain(args).copied().collect();
    let run = binary::run(binary::root(), &args, b"");
    (run.code, run.stdout, run.stderr)
}

/// The findings about a rule file, through the library.
fn lints(path: &Path) -> Vec<Lint> {
    let source = std::fs::read_to_string(path).expect("the file reads");
    let options = dicerules::Options {
        lint: true,
        ..Default::default()
    };
    dicerules::Analysis::new(source, &options)
        .expect("the file checks and evaluates")
        .lints
}

/// The lint a fixture's name says it shows; `None` for the control.
fn expected(stem: &str) -> Option<&'static str> {
    NAMES
        .iter()
        .copied()
        .filter(|n| stem == *n || stem.starts_with(&format!("{n}_")))
        .max_by_key(|n| n.len())
}

#[test]
fn each_fixture_warns_of_its_finding() {
    let root = crate_root();
    let mut problems: Vec<String> = Vec::new();
    let mut shown: Vec<&str> = Vec::new();
    insta::glob!("fixtures/lint/*.dice", |path| {
        let relative = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let source = std::fs::read_to_string(path).unwrap_or_default();
        let (code, stdout, stderr) = check(&[&relative]);
        let code_text = code.map_or("none".to_string(), |c| c.to_string());
        insta::with_settings!({
            input_file => path,
            prepend_module_to_snapshot => true,
            description => opening_comment(&source),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(format!("exit: {code_text}\n--- stderr\n{stderr}"));
        });

        if code != Some(0) {
            problems.push(format!("{relative}: exit {code_text}, expected 0"));
        }
        if stdout.is_empty() {
            problems.push(format!("{relative}: no report on stdout"));
        }
        let found: Vec<&str> = lints(path).iter().map(Lint::name).collect();
        match expected(&stem) {
            None if stem == "clean" => {
                if !found.is_empty() {
                    problems.push(format!("{relative}: the control finds {found:?}"));
                }
            }
            None => problems.push(format!(
                "{relative}: the name starts with no lint's name ({NAMES:?})"
            )),
            Some(want) => {
                shown.push(want);
                if found.is_empty() || found.iter().any(|f| *f != want) {
                    problems.push(format!("{relative}: finds {found:?}, expected {want} only"));
                }
                let code = format!("dice::lint::{want}");
                if !stderr.contains(&code) {
                    problems.push(format!("{relative}: stderr does not show {code}"));
                }
            }
        }
    });
    for name in NAMES {
        if !shown.contains(name) {
            problems.push(format!("no fixture shows {name}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_shipped_game_is_lint_clean() {
    // The slow games (tests/common/fixture.rs) are checked lint-clean by
    // tests/hostile.rs's run of `check games/`.
    insta::glob!("../games", "*.dice", |path| {
        if crate::common::fixture::is_slow_game(path) {
            return;
        }
        let found = lints(path);
        assert!(found.is_empty(), "{}: {found:?}", path.display());
    });
}

#[test]
fn deny_warnings_exits_1_with_the_findings_as_errors() {
    let file = "tests/fixtures/lint/unused_param.dice";
    let (code, _, stderr) = check(&[file]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.contains("⚠"), "{stderr}");

    let (code, _, stderr) = check(&[file, "--deny", "warnings"]);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("×"), "{stderr}");
    assert!(stderr.contains("dice::lint::unused_param"), "{stderr}");
}

#[test]
fn deny_names_one_lint() {
    let file = "tests/fixtures/lint/unused_param.dice";
    let (code, _, _) = check(&[file, "--deny", "unused_param"]);
    assert_eq!(code, Some(1));
    let (code, _, _) = check(&[file, "--deny", "unreachable_rule"]);
    assert_eq!(code, Some(0));
    let (code, _, stderr) = check(&[file, "--deny", "unused_parameter"]);
    assert_eq!(code, Some(2), "{stderr}");
}

#[test]
fn a_clean_file_passes_deny_warnings() {
    let (code, _, stderr) = check(&["tests/fixtures/lint/clean.dice", "--deny", "warnings"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn the_worst_code_of_several_files_wins() {
    let (code, _, _) = check(&[
        "games/heist.dice",
        "tests/fixtures/lint/unused_name.dice",
        "--deny",
        "warnings",
    ]);
    assert_eq!(code, Some(1));
    let (code, _, _) = check(&[
        "tests/fixtures/lint/unused_name.dice",
        "games/no_such_game.dice",
        "--deny",
        "warnings",
    ]);
    assert_eq!(code, Some(2));
}

#[test]
fn json_lists_findings_with_their_severity() {
    let file = "tests/fixtures/lint/unused_name.dice";
    let (_, stdout, _) = check(&[file, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    let d = &v["diagnostics"][0];
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["code"], "dice::lint::unused_name");
    assert_eq!(d["line"], 10);

    let (_, stdout, _) = check(&[file, "--format", "json", "--deny", "warnings"]);
    let v: serde_json::Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(v["diagnostics"][0]["severity"], "error");
}

/// Lint findings are shown as errors are: the first 100, then a line
/// counting the rest, on stderr and in the JSON's diagnostics (12,000
/// `unused_name` findings were all rendered, each reading the file up to
/// its place: 12.9 s). Counted in findings rendered: 100, 101, 102, 1,000
/// and 12,000 findings; denied, the rest are counted as errors.
#[test]
fn lint_findings_are_capped_as_errors_are() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lint_cap");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for unused in [100, 101, 102, 1000, 12_000] {
        let file = dir.join(format!("unused_{unused}.dice"));
        std::fs::write(&file, unused_names(unused)).expect("written");
        let file = file.to_str().expect("a UTF-8 path");
        let (code, _, stderr) = check(&[file]);
        assert_eq!(code, Some(0), "{stderr}");
        let rendered = stderr.matches("dice::lint::unused_name").count();
        assert_eq!(rendered, unused.min(100), "{unused}");
        let more = format!(
            "warning: {file}: {} more warning(s) not shown\n",
            unused - 100
        );
        assert_eq!(stderr.contains(&more), unused > 100, "{unused}: {more}");
        assert!(
            stderr.ends_with(&format!("warning: {file}: {unused} lint finding(s)\n")),
            "{unused}"
        );
        let (_, stdout, _) = check(&[file, "--format", "json"]);
        let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
        let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
        assert_eq!(diagnostics.len(), unused.min(100), "{unused}");
        let (code, _, stderr) = check(&[file, "--deny", "warnings"]);
        assert_eq!(code, Some(1), "{stderr}");
        assert_eq!(
            stderr.matches("dice::lint::unused_name").count(),
            unused.min(100)
        );
        let more = format!("error: {file}: {} more error(s) not shown\n", unused - 100);
        assert_eq!(stderr.contains(&more), unused > 100, "{unused}: {more}");
    }
}
