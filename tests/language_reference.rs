//! The examples of docs/language.md run, the way jaq runs its manual's: a
//! change to the language that breaks the reference fails here.
//!
//! Every ```` ```dice ```` block of the reference is one of (its info
//! string, after `dice`, says which; the reference's preface says it too):
//!
//! - a complete game (a `game "..."` line, no word): checked as written, exit
//!   0 (so every `expect` in it held) and no diagnostic at all;
//! - `fragment`: statements of a round, wrapped in `FRAGMENT_HEAD` and
//!   `FRAGMENT_TAIL` (tests/common/reference.rs) (lines starting `expect` or `claim` are moved after the
//!   round); exit 0, warnings allowed;
//! - `error=CODE`: a file, as written (or with `fragment`, wrapped), that
//!   `check` rejects with CODE: exit 2, or 1 for `dice::expect::failed`;
//! - `warn=CODE` (repeatable): exit 0, and the lint warnings are exactly
//!   these codes;
//! - `ignore`: not run (counted, so none is skipped silently).
//!
//! Each block is written under `CARGO_TARGET_TMPDIR` and run through the real
//! binary with `check FILE --format json`, colour off; a failure names the
//! block's line in docs/language.md. Every failing block is reported, not
//! only the first.

use std::path::Path;
use std::process::Command;

use crate::common::reference::{dice_blocks, reference_path, Block, Mode, FRAGMENT_HEAD};

/// The exit code and the diagnostics `(severity, code)` of `check`.
fn check(path: &Path) -> Result<(i32, Vec<(String, String)>), String> {
    let output = Command::new(env!("CARGO_BIN_EXE_dicerules"))
        .arg("check")
        .arg(path)
        .args(["--format", "json"])
        .env("NO_COLOR", "1")
        .output()
        .map_err(|e| format!("cannot run dicerules: {e}"))?;
    let code = output.status.code().unwrap_or(-1);
    let stdout = String::from_utf8_lossy(&output.stdout);
    let report: serde_json::Value = serde_json::from_str(&stdout).map_err(|e| {
        format!(
            "exit {code}, stdout is not JSON ({e}); stderr:\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    })?;
    let diagnostics = report["diagnostics"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|d| {
                    let field = |k: &str| d[k].as_str().unwrap_or_default().to_string();
                    (field("severity"), field("code"))
                })
                .collect()
        })
        .unwrap_or_default();
    Ok((code, diagnostics))
}

/// Runs one block; `Err` says what went wrong.
fn run(block: &Block, mode: &Mode, dir: &Path) -> Result<(), String> {
    let path = dir.join(format!("line_{}.dice", block.line));
    std::fs::write(&path, block.source(mode)).map_err(|e| format!("cannot write: {e}"))?;
    let (code, diagnostics) = check(&path)?;
    let codes = |severity: &str| -> Vec<&str> {
        diagnostics
            .iter()
            .filter(|(s, _)| s == severity)
            .map(|(_, c)| c.as_str())
            .collect()
    };
    let (errors, warnings) = (codes("error"), codes("warning"));
    if let Some(expected) = &mode.error {
        let exit = if expected == "dice::expect::failed" {
            1
        } else {
            2
        };
        if code != exit || !errors.contains(&expected.as_str()) {
            return Err(format!(
                "expected {expected} and exit {exit}, got exit {code} with errors {errors:?}"
            ));
        }
        return Ok(());
    }
    if code != 0 || !errors.is_empty() {
        return Err(format!("exit {code}, errors {errors:?}"));
    }
    let mut expected: Vec<&str> = mode.warnings.iter().map(String::as_str).collect();
    let mut found = warnings.clone();
    expected.sort_unstable();
    found.sort_unstable();
    found.dedup();
    if (!mode.fragment || !expected.is_empty()) && found != expected {
        return Err(format!("lint warnings {warnings:?}, expected {expected:?}"));
    }
    Ok(())
}

#[test]
fn every_dice_block_of_the_reference_runs() {
    let doc = std::fs::read_to_string(reference_path()).expect("docs/language.md is readable");
    let blocks = match dice_blocks(&doc) {
        Ok(blocks) => blocks,
        Err(problems) => panic!("{}", problems.join("\n")),
    };
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("language_reference");
    std::fs::create_dir_all(&dir).expect("the temporary directory can be made");

    let mut failures = Vec::new();
    let (mut ran, mut ignored) = (0, 0);
    for block in &blocks {
        let result = block.mode().and_then(|mode| {
            if mode.ignore {
                ignored += 1;
                Ok(())
            } else {
                ran += 1;
                run(block, &mode, &dir)
            }
        });
        if let Err(why) = result {
            failures.push(format!("docs/language.md:{}: {why}", block.line));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} ```dice block(s) failed:\n{}",
        failures.len(),
        blocks.len(),
        failures.join("\n")
    );

    // Counted apart from the parser above: every ```dice fence was either
    // run or marked `ignore`, none dropped on the way.
    let fences = doc.lines().filter(|l| l.starts_with("```dice")).count();
    assert_eq!(
        ran + ignored,
        fences,
        "{fences} ```dice blocks, {ran} run and {ignored} ignored"
    );
    assert!(
        ran >= 40,
        "only {ran} ```dice blocks ran: the reference's examples are its test"
    );
    assert!(
        ignored * 10 <= fences,
        "{ignored} of {fences} ```dice blocks are ignored: mark few"
    );
}

#[test]
fn the_block_reader_sees_every_kind_of_block() {
    let doc = "text\n```dice\ngame \"A\"\n```\n```dice fragment error=dice::check::unknown_name\nend x\n```\n```text\ngame \"B\"\n```\n```dice ignore\nnothing\n```\n";
    let blocks = dice_blocks(doc).expect("well-formed");
    assert_eq!(
        blocks.iter().map(|b| b.line).collect::<Vec<_>>(),
        [2, 5, 11]
    );
    let mode = blocks[1].mode().expect("known words");
    assert!(mode.fragment);
    assert_eq!(mode.error.as_deref(), Some("dice::check::unknown_name"));
    let source = blocks[1].source(&mode);
    assert!(source.starts_with(FRAGMENT_HEAD) && source.contains("end x\n}"));
    assert!(blocks[2].mode().expect("known").ignore);
    // An untagged rule file, and a ```dice block that is neither a game nor
    // marked, are both refused.
    assert!(dice_blocks("```\ngame \"C\"\n```\n").is_err());
    let unmarked = dice_blocks("```dice\nthrow t = 2d6\n```\n").expect("well-formed");
    assert!(unmarked[0].mode().is_err());
}

/// The reference shows the layout `dicerules fmt` gives: every block that is
/// a whole file and parses is laid out as `fmt` lays it.
#[test]
fn every_whole_file_of_the_reference_is_in_the_canonical_layout() {
    let doc = std::fs::read_to_string(reference_path()).expect("docs/language.md is readable");
    let blocks = dice_blocks(&doc).expect("well-formed");
    let mut laid_out = 0;
    let mut failures = Vec::new();
    for block in &blocks {
        let mode = block.mode().expect("known words");
        if mode.fragment || mode.ignore {
            continue;
        }
        let (tree, errors) = dicerules_core::syntax::parse(&block.text);
        if !errors.is_empty() {
            continue;
        }
        if dicerules_core::syntax::format::format(&tree, &block.text) != block.text {
            failures.push(format!("docs/language.md:{}", block.line));
        }
        laid_out += 1;
    }
    assert!(
        failures.is_empty(),
        "not in `dicerules fmt`'s layout (run the block through `dicerules fmt -`):\n{}",
        failures.join("\n")
    );
    assert!(laid_out >= 40, "only {laid_out} whole files");
}
