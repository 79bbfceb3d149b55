//! Broken rule files, as a variant writer would write them, and exactly what
//! `dicerules check` says about each.
//!
//! Every file in `tests/fixtures/invalid/` is run through the real binary as
//! `dicerules check tests/fixtures/invalid/NAME.dice` from the crate root, with
//! colour off. The snapshot holds the exit code, stdout and stderr; the
//! snapshot's `description` is the fixture's opening comment, which says what
//! is wrong and what the tool should say. Besides the snapshot, every fixture
//! must:
//!
//! - exit 2 (an input error), or 1 for a `failing_expect*` fixture (a valid
//!   file whose `expect` line does not hold);
//! - print no report on stdout when it exits 2;
//! - never panic, hang, or show grammar rule names (`Rule::`, `kw_game`,
//!   `throw_stmt`, `bet_decl`, `op_eq`, ...) in its messages.
//!
//! To review a change of wording: `cargo insta test --review --test main -- invalid_files::`.

use std::path::PathBuf;

use crate::common::binary::{self, Run, TIME_LIMIT};
use crate::common::fixture::opening_comment;

/// Words that only a grammar rule name would contain.
const RULE_NAME_MARKERS: &[&str] = &["Rule::", "kw_", "_stmt", "_decl", "op_", "RUST_BACKTRACE"];

/// The crate root, canonical so that it strips the prefix of glob's paths.
fn crate_root() -> PathBuf {
    let root = binary::root();
    root.canonicalize().unwrap_or_else(|_| root.to_path_buf())
}

/// Runs `dicerules check RELATIVE` from the crate root, killing it after
/// [`TIME_LIMIT`].
fn check(relative: &str) -> Run {
    let mut run = binary::run(binary::root(), &["check", relative], b"");
    if run.code.is_none() {
        run.stderr.push_str(&format!(
            "\n[killed after {} s: the check hung]\n",
            TIME_LIMIT.as_secs()
        ));
    }
    run
}

/// The fixture's opening `//` comment, without the slashes.
/// The lines of stderr that are the tool's words, not quoted source lines
/// (` 12 │ ...`), which may legitimately contain any identifier.
fn message_lines(stderr: &str) -> impl Iterator<Item = &str> {
    stderr.lines().filter(|line| {
        let t = line.trim_start();
        let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        !(digits > 0 && t[digits..].starts_with(" │"))
    })
}

#[test]
fn invalid_files() {
    let root = crate_root();
    let mut problems: Vec<String> = Vec::new();
    let mut seen = 0usize;
    insta::glob!("fixtures/invalid/*.dice", |path| {
        seen += 1;
        let relative = path
            .strip_prefix(&root)
            .unwrap_or(path)
            .to_string_lossy()
            .replace('\\', "/");
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let source = std::fs::read_to_string(path).unwrap_or_default();
        if !source.starts_with("//") {
            problems.push(format!(
                "{relative}: does not open with a `//` comment saying what is wrong"
            ));
        }

        let run = check(&relative);
        let code = run.code.map_or_else(
            || "none (killed or signalled)".to_string(),
            |c| c.to_string(),
        );
        let snapshot = format!(
            "exit: {code}\n--- stdout\n{}--- stderr\n{}",
            run.stdout, run.stderr
        );
        insta::with_settings!({
            input_file => path,
            prepend_module_to_snapshot => true,
            description => opening_comment(&source),
            omit_expression => true,
        }, {
            insta::assert_snapshot!(snapshot);
        });

        let want = if name.starts_with("failing_expect") {
            1
        } else {
            2
        };
        if run.code != Some(want) {
            problems.push(format!("{relative}: exit code {code}, expected {want}"));
        }
        if want == 2 && !run.stdout.is_empty() {
            problems.push(format!(
                "{relative}: exit 2 but a report was printed on stdout"
            ));
        }
        if run.stderr.is_empty() {
            problems.push(format!("{relative}: nothing on stderr"));
        }
        if run.stderr.contains("panicked") {
            problems.push(format!("{relative}: the tool panicked"));
        }
        for line in message_lines(&run.stderr) {
            if let Some(marker) = RULE_NAME_MARKERS.iter().find(|m| line.contains(*m)) {
                problems.push(format!("{relative}: `{marker}` in a message: {line}"));
            }
        }
        if run.stderr.contains(root.to_string_lossy().as_ref()) {
            problems.push(format!("{relative}: stderr holds an absolute path"));
        }
    });
    assert!(seen >= 30, "expected at least 30 fixtures, found {seen}");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
