//! The shell's conventions through the real binary: `-` as standard input,
//! `--color` with `NO_COLOR` and `CLICOLOR_FORCE`, `--quiet`, completion
//! scripts, the manual page, and an example in every subcommand's help.

use crate::common::binary::{command, root, run, run_command, Run};

/// `dicerules ARGS` with the environment changed: `set` added, `unset`
/// removed (after the test's own colour-off defaults).
fn run_env(args: &[&str], stdin: &[u8], set: &[(&str, &str)], unset: &[&str]) -> Run {
    let mut c = command(root(), args);
    for name in unset {
        c.env_remove(name);
    }
    for (name, value) in set {
        c.env(name, value);
    }
    run_command(c, stdin)
}

const ESC: char = '\u{1b}';

/// Flags, variables set, variables removed, and whether stderr is coloured.
type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a [&'a str], bool);

/// A broken file: the type error of `if p > d` with two throws.
const BROKEN: &str = "game \"g\"\noutcomes high, low\nround {\n  throw p = 1d6\n  if p > 3 { end high }\n  end low\n}\nbet b {\n  high => win 1 to 1\n  low => lose\n}\n";

#[test]
fn a_rule_file_on_standard_input() {
    let heist = std::fs::read(root().join("games/heist.dice")).expect("heist");
    let piped = run(root(), &["check", "-"], &heist);
    let named = run(root(), &["check", "games/heist.dice"], b"");
    assert_eq!(piped.code, Some(0), "{}", piped.stderr);
    assert!(
        piped.stdout.starts_with("Heist (<stdin>)\n"),
        "{}",
        piped.stdout
    );
    assert_eq!(
        piped.stdout.replace("<stdin>", "games/heist.dice"),
        named.stdout
    );
    // Every command that reads a rule file reads `-`.
    for args in [
        &["play", "-", "--rounds", "1"][..],
        &["simulate", "-", "--rounds", "100"],
        &["session", "-", "--seats", "2", "--rounds", "1"],
        &["compare", "-", "games/heist_a.dice"],
    ] {
        let out = run(root(), args, &heist);
        assert_eq!(out.code, Some(0), "{args:?}: {}", out.stderr);
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    // Its diagnostics name it `<stdin>`, at the line and column.
    let broken = run(root(), &["check", "-"], BROKEN.as_bytes());
    assert_eq!(broken.code, Some(2));
    assert!(broken.stderr.contains("[<stdin>:5:6]"), "{}", broken.stderr);
    let json = run(
        root(),
        &["check", "-", "--format", "json"],
        BROKEN.as_bytes(),
    );
    assert!(
        json.stdout.contains("\"file\": \"<stdin>\""),
        "{}",
        json.stdout
    );
    // It is read once, and never for a person's answers as well.
    let twice = run(root(), &["check", "-", "-"], &heist);
    assert_eq!(twice.code, Some(2));
    assert!(
        twice.stderr.contains("standard input is read once"),
        "{}",
        twice.stderr
    );
    let answers = run(root(), &["play", "-", "--interactive"], &heist);
    assert_eq!(answers.code, Some(2));
    assert!(
        answers.stderr.contains("--interactive"),
        "{}",
        answers.stderr
    );
    assert!(answers.stdout.is_empty());
}

#[test]
fn colour_follows_the_flag_then_the_environment() {
    let coloured = |out: &Run| out.stderr.contains(ESC);
    let cases: [Case; 7] = [
        // The tests' default: NO_COLOR=1, stderr a pipe.
        (&[], &[], &[], false),
        (&[], &[], &["NO_COLOR"], false),
        (&["--color", "always"], &[], &[], true),
        (
            &["--color", "never"],
            &[("CLICOLOR_FORCE", "1")],
            &[],
            false,
        ),
        (&[], &[("CLICOLOR_FORCE", "1")], &["NO_COLOR"], true),
        (&[], &[("CLICOLOR_FORCE", "0")], &["NO_COLOR"], false),
        (&["--color", "auto"], &[("CLICOLOR_FORCE", "1")], &[], true),
    ];
    for (flags, set, unset, wanted) in cases {
        let mut args = flags.to_vec();
        args.extend(["check", "-"]);
        let out = run_env(&args, BROKEN.as_bytes(), set, unset);
        assert_eq!(out.code, Some(2));
        assert_eq!(coloured(&out), wanted, "{args:?} {set:?} {unset:?}");
        // Colour or not, the same words.
        assert!(out.stderr.contains("expected a number, found a throw"));
    }
    let wrong = run(root(), &["--color", "sometimes", "check", "-"], b"");
    assert_eq!(wrong.code, Some(2));
}

/// `check`'s text report follows `--color` as the diagnostics do (its own
/// output, stdout, decides `auto`): the verdicts and headings coloured, the
/// words and columns the same; JSON never.
#[test]
fn the_report_is_coloured_like_the_diagnostics() {
    let strip = |text: &str| {
        let mut out = String::new();
        let mut rest = text;
        while let Some(at) = rest.find(ESC) {
            out.push_str(&rest[..at]);
            let code = &rest[at..];
            rest = &code[code.find('m').expect("an escape ends") + 1..];
        }
        out + rest
    };
    let heist = ["check", "games/heist.dice"];
    let plain = run(root(), &heist, b"");
    assert_eq!(plain.code, Some(0));
    assert!(!plain.stdout.contains(ESC));
    let always = [&["--color", "always"][..], &heist].concat();
    let never = [&["--color", "never"][..], &heist].concat();
    for (args, set, wanted) in [
        (&always[..], &[][..], true),
        (&heist[..], &[("CLICOLOR_FORCE", "1")][..], true),
        (&never[..], &[("CLICOLOR_FORCE", "1")][..], false),
    ] {
        let out = run_env(args, b"", set, &["NO_COLOR"]);
        assert_eq!(out.code, Some(0), "{args:?}");
        assert_eq!(out.stdout.contains(ESC), wanted, "{args:?} {set:?}");
        assert_eq!(strip(&out.stdout), plain.stdout, "{args:?}");
        if wanted {
            assert!(out.stdout.contains("\x1b[32mok\x1b[0m  line 38"));
            assert!(out.stdout.contains("\x1b[33mwrong\x1b[0m  line 40"));
            assert!(out.stdout.contains("\x1b[1mbet player\x1b[0m"));
        }
    }
    let json = run(
        root(),
        &[
            "--color",
            "always",
            "check",
            "games/heist.dice",
            "--format",
            "json",
        ],
        b"",
    );
    assert!(!json.stdout.contains(ESC));
    assert!(serde_json::from_str::<serde_json::Value>(&json.stdout).is_ok());
}

#[test]
fn quiet_prints_nothing_on_stdout_and_keeps_the_exit_code() {
    let failing = "game \"g\"\noutcomes high, low\nround {\n  throw d = 1d6\n  if total(d) > 3 { end high }\n  end low\n}\nbet b {\n  high => win 1 to 1\n  low => lose\n}\nexpect house_edge(b) = 1/3\n";
    let out = run(root(), &["-q", "check", "-"], failing.as_bytes());
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert!(out.stderr.contains("expect failed"), "{}", out.stderr);
    let passing = run(root(), &["check", "games/heist.dice", "--quiet"], b"");
    assert_eq!((passing.code, passing.stdout.as_str()), (Some(0), ""));
    let play = run(root(), &["play", "games/heist.dice", "--quiet"], b"");
    assert_eq!((play.code, play.stdout.as_str()), (Some(0), ""));
}

#[test]
fn completion_scripts_and_the_manual_page() {
    let subcommands = [
        "check",
        "compare",
        "play",
        "session",
        "shoe",
        "simulate",
        "completions",
        "man",
    ];
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = run(root(), &["completions", shell], b"");
        assert_eq!(out.code, Some(0), "{shell}: {}", out.stderr);
        for sub in subcommands {
            assert!(out.stdout.contains(sub), "{shell} completes {sub}");
        }
        assert!(out.stdout.contains("--tenure"), "{shell}");
    }
    // The bash script is bash.
    let bash = run(root(), &["completions", "bash"], b"");
    let path =
        std::env::temp_dir().join(format!("dicerules-completion-{}.bash", std::process::id()));
    std::fs::write(&path, &bash.stdout).expect("writes");
    let syntax = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .output()
        .expect("bash runs");
    let _ = std::fs::remove_file(&path);
    assert!(
        syntax.status.success(),
        "{}",
        String::from_utf8_lossy(&syntax.stderr)
    );
    let man = run(root(), &["man"], b"");
    assert_eq!(man.code, Some(0));
    assert!(man.stdout.starts_with(".ie") || man.stdout.contains(".TH dicerules 1"));
    assert!(
        man.stdout.contains(".TH dicerules 1"),
        "{}",
        &man.stdout[..200]
    );
    for sub in subcommands {
        assert!(man.stdout.contains(sub), "the manual names {sub}");
    }
    let bad = run(root(), &["completions", "tcsh"], b"");
    assert_eq!(bad.code, Some(2));
}

/// Every subcommand's `--help` ends with examples, and each example's
/// arguments are ones the command line takes (clap reads them before
/// `--help`, so a flag it does not know fails).
#[test]
fn every_subcommand_shows_examples_that_parse() {
    for sub in [
        "check",
        "compare",
        "play",
        "session",
        "shoe",
        "simulate",
        "completions",
        "man",
    ] {
        let out = run(root(), &[sub, "--help"], b"");
        assert_eq!(out.code, Some(0), "{sub}");
        let examples: Vec<&str> = out
            .stdout
            .split("Examples:\n")
            .nth(1)
            .unwrap_or_else(|| panic!("{sub} --help has examples"))
            .lines()
            .filter_map(|l| l.trim().strip_prefix("dicerules "))
            .collect();
        assert!(!examples.is_empty(), "{sub}");
        for example in examples {
            // What the shell does with the line is the shell's.
            let command = example.split(['>', '|', '&']).next().unwrap_or("");
            let mut args: Vec<&str> = command.split_whitespace().collect();
            args.push("--help");
            let parsed = run(root(), &args, b"");
            assert_eq!(parsed.code, Some(0), "{example}: {}", parsed.stderr);
        }
    }
}

/// `text` without its escape codes.
fn strip(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(ESC) {
        out.push_str(&rest[..at]);
        let code = &rest[at..];
        rest = &code[code.find('m').expect("an escape ends") + 1..];
    }
    out + rest
}

/// Colour comes from what each part of the output is, not from how its
/// text reads: a game titled like the summary line is a title (bold, its
/// words not counts), the summary's counts and a failed verdict are
/// coloured, and so are `compare`'s header row and the lines of `fmt
/// --check`'s diff; stripped of colour, every output is the plain one.
#[test]
fn colour_comes_from_the_structure_not_the_words() {
    let dir = std::env::temp_dir().join(format!("dicerules-colour-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    let body = BROKEN.replace("if p > 3", "if total(p) > 3");
    let titled = body.replace("game \"g\"", "game \"All checked: 1 passed\"");
    std::fs::write(dir.join("a.dice"), &titled).expect("writes");
    let failing = format!("{body}expect house_edge(b) = 1/3\n");
    std::fs::write(dir.join("b.dice"), failing).expect("writes");
    let arg = dir.to_string_lossy().into_owned();
    let plain = run(root(), &["check", &arg], b"");
    assert_eq!(plain.code, Some(1), "{}", plain.stderr);
    let coloured = run(root(), &["--color", "always", "check", &arg], b"");
    assert_eq!(strip(&coloured.stdout), plain.stdout);
    let title = format!("\x1b[1mAll checked: 1 passed ({arg}/a.dice)\x1b[0m\n");
    for part in [
        title.as_str(),
        "  \x1b[1;31mFAILED\x1b[0m  line 12",
        "checked: \x1b[32m1 passed\x1b[0m, \x1b[1;31m1 failed an expect\x1b[0m, 0 had errors\n",
    ] {
        assert!(
            coloured.stdout.contains(part),
            "{part:?}\n{}",
            coloured.stdout
        );
    }
    // `compare`: its header row, the file names, in bold; its bets plain.
    let (a, b) = (format!("{arg}/a.dice"), format!("{arg}/b.dice"));
    let plain = run(root(), &["compare", &a, &b], b"");
    assert_eq!(plain.code, Some(0), "{}", plain.stderr);
    let coloured = run(root(), &["--color", "always", "compare", &a, &b], b"");
    assert_eq!(strip(&coloured.stdout), plain.stdout);
    assert!(
        coloured
            .stdout
            .starts_with("\x1b[1mhouse edge\x1b[0m  \x1b[1m"),
        "{}",
        coloured.stdout
    );
    assert!(coloured.stdout.contains("\nb  "), "{}", coloured.stdout);
    let unformatted = body.replace("  throw p = 1d6", "throw   p = 1d6");
    std::fs::write(dir.join("c.dice"), unformatted).expect("writes");
    let file = dir.join("c.dice").to_string_lossy().into_owned();
    let plain = run(root(), &["fmt", "--check", &file], b"");
    assert_eq!(plain.code, Some(1), "{}", plain.stderr);
    let coloured = run(root(), &["--color", "always", "fmt", "--check", &file], b"");
    assert_eq!(strip(&coloured.stdout), plain.stdout);
    for part in [
        format!("\x1b[1m--- {file}\x1b[0m\n"),
        "\x1b[2m@@ ".to_string(),
        "\x1b[1;31m-throw   p = 1d6\x1b[0m\n".to_string(),
        "\x1b[32m+  throw p = d6\x1b[0m\n".to_string(),
    ] {
        assert!(
            coloured.stdout.contains(&part),
            "{part:?}\n{}",
            coloured.stdout
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
