//! A rules repository's CI without Rust, through the real binary: `check
//! --snapshots DIR` against insta-format snapshots (new, matched, moved
//! with a diff, blessed), and `--format github` annotations.

use std::path::PathBuf;

use crate::common::binary::{run, Run};

/// A rules repository under the system's temporary directory: `rules/`
/// with two shipped games, removed when dropped.
struct Repo(PathBuf);

impl Repo {
    fn new(name: &str) -> Repo {
        let dir = std::env::temp_dir().join(format!("dicerules-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("rules")).expect("a repository");
        for game in ["heist.dice", "heaven_and_nine.dice"] {
            let from = crate::common::binary::root().join("games").join(game);
            std::fs::copy(from, dir.join("rules").join(game)).expect("copies");
        }
        Repo(dir)
    }

    fn check(&self, args: &[&str]) -> Run {
        let mut all = vec!["check"];
        all.extend(args);
        run(&self.0, &all, b"")
    }

    fn snaps(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.0.join("snaps"))
            .map(|d| {
                d.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect()
            })
            .unwrap_or_default();
        names.sort();
        names
    }
}

impl Drop for Repo {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn snapshots_fail_with_a_diff_when_a_figure_moves() {
    let repo = Repo::new("snapshots");
    // None stored yet: each report is written as pending, and CI fails.
    let first = repo.check(&["rules", "--snapshots", "snaps"]);
    assert_eq!(first.code, Some(1), "{}", first.stderr);
    assert!(first.stdout.contains("no snapshot of rules/heist.dice yet"));
    assert!(first.stdout.ends_with("snapshots: 0 matched, 0 moved, 2 new (review with `cargo insta review`, or accept with `dicerules check ... --snapshots DIR --bless`)\n"));
    assert_eq!(
        repo.snaps(),
        ["rules__heaven_and_nine.snap.new", "rules__heist.snap.new"]
    );
    // Blessed: stored in insta's format, the report after its header.
    let blessed = repo.check(&["rules", "--snapshots", "snaps", "--bless"]);
    assert_eq!(blessed.code, Some(0), "{}", blessed.stderr);
    assert_eq!(
        repo.snaps(),
        ["rules__heaven_and_nine.snap", "rules__heist.snap"]
    );
    let stored = std::fs::read_to_string(repo.0.join("snaps/rules__heist.snap")).expect("reads");
    let report = repo.check(&["rules/heist.dice"]).stdout;
    assert_eq!(
        stored,
        format!(
            "---\nsource: \"rules/heist.dice\"\nexpression: \"dicerules check rules/heist.dice\"\n---\n{}\n",
            report.trim_end()
        )
    );
    let matched = repo.check(&["rules", "--snapshots", "snaps"]);
    assert_eq!(matched.code, Some(0));
    assert_eq!(matched.stdout, "snapshots: 2 matched, 0 moved, 0 new\n");
    // A house rule moves the edge: the diff says where, and CI fails.
    let heist = repo.0.join("rules/heist.dice");
    let text = std::fs::read_to_string(&heist).expect("reads");
    std::fs::write(&heist, text.replacen("win 2 to 1", "win 3 to 1", 1)).expect("writes");
    let moved = repo.check(&["rules", "--snapshots", "snaps"]);
    assert_eq!(moved.code, Some(1));
    for line in [
        "the report of rules/heist.dice moved:",
        "--- snaps/rules__heist.snap",
        "+++ snaps/rules__heist.snap.new",
        "-  house edge      37/432          8.5648%",
        "+  house edge      19/324          5.8642%",
        "snapshots: 1 matched, 1 moved, 0 new",
    ] {
        assert!(moved.stdout.contains(line), "{line}\n{}", moved.stdout);
    }
    assert!(!moved.stdout.contains("No newline"));
    assert!(repo.snaps().contains(&"rules__heist.snap.new".to_string()));
    // Put back: it matches again and the pending file goes.
    std::fs::write(&heist, text).expect("writes");
    let back = repo.check(&["rules", "--snapshots", "snaps"]);
    assert_eq!(back.code, Some(0), "{}", back.stdout);
    assert_eq!(
        repo.snaps(),
        ["rules__heaven_and_nine.snap", "rules__heist.snap"]
    );
}

#[test]
fn github_annotations_of_errors_failed_expects_lints_and_wrong_claims() {
    let repo = Repo::new("github");
    let heist = repo.0.join("rules/heist.dice");
    let text = std::fs::read_to_string(&heist).expect("reads");
    std::fs::write(
        &heist,
        text.replacen(
            "expect house_edge(player) = 37/432",
            "expect house_edge(player) = 1/10",
            1,
        ),
    )
    .expect("writes");
    std::fs::write(
        repo.0.join("rules/broken.dice"),
        "game \"x\"\nround {\n  end\n}\n",
    )
    .expect("writes");
    let out = repo.check(&["rules", "--format", "github"]);
    assert_eq!(out.code, Some(2));
    let lines: Vec<&str> = out.stdout.lines().collect();
    for wanted in [
        "::error file=rules/broken.dice,line=4,endLine=4,col=1,endColumn=2,title=dice%3A%3Asyntax%3A%3Aunexpected::expected a name, found `}`",
        "::error file=rules/heist.dice,line=38,endLine=38,col=1,endColumn=33,title=dice%3A%3Aexpect%3A%3Afailed::expect failed: house_edge(player) = 1/10",
    ] {
        assert!(lines.contains(&wanted), "{wanted}\n{}", out.stdout);
    }
    assert!(
        lines.iter().any(|l| l.starts_with("::notice file=rules/heist.dice,line=40,title=dice%3A%3Aclaim%3A%3Awrong::claim wrong: house_edge(player) ~ 10%25")),
        "{}",
        out.stdout
    );
    // Every line is a workflow command.
    assert!(lines.iter().all(|l| l.starts_with("::")), "{}", out.stdout);
    let lint = run(
        crate::common::binary::root(),
        &[
            "check",
            "tests/fixtures/lint/unreachable_rule.dice",
            "--format",
            "github",
        ],
        b"",
    );
    assert!(
        lint.stdout
            .starts_with("::warning file=tests/fixtures/lint/unreachable_rule.dice,line=13,"),
        "{}",
        lint.stdout
    );
}
