//! Bounds that bound what they claim (issue 32), each through the real
//! binary with a family of inputs on both sides of it, measured in the
//! bound's own units (never the clock): the solver's options over every
//! situation (`--max-sequences`), cards removed past what a shoe holds
//! (reported once), the cards `shoe` deals (`--max-cards`), the rounds a
//! `play --html` page keeps in detail (`--html-rounds`); and a table where
//! no seat can ever stake, which plays 0 rounds.

use std::path::{Path, PathBuf};

use scraper::{Html, Selector};

use crate::common::binary::{self, root, Run};

/// Runs `dicerules ARGS` in `dir`, colour off.
fn dicerules(dir: &Path, args: &[&str]) -> Run {
    binary::run(dir, args, b"")
}

/// A fresh directory for one test, under `target/tmp/bounds/`.
fn scratch(case: &str) -> PathBuf {
    crate::common::binary::scratch("bounds", case)
}

/// No panic, no abort, no backtrace: a diagnostic or a report.
fn assert_clean(run: &Run, args: &[&str]) {
    let t = run.transcript(args);
    assert!(run.code == Some(0) || run.code == Some(2), "{t}");
    for bad in ["panicked", "memory allocation", "stack backtrace"] {
        assert!(!run.stderr.contains(bad), "{t}");
    }
}

/// Two sides choosing from `1..n`, each knowing a `d6` total: 12
/// situations, `12 n` options over them. With `lone`, the player alone
/// chooses: 6 situations, `6 n` options. The round reads the player's die
/// again after his choice (`total(p)`, which he knows as `pv`), so that
/// the choice is solved in the sequence form, not where it stands.
fn choosing(n: u32, lone: bool) -> String {
    let banker = if lone {
        "  let c = 1\n".to_string()
    } else {
        format!("  choose c from 1..{n} by banker knowing qv\n")
    };
    format!(
        "game \"Wide\"\noutcomes pw, bw, tie\nround {{\n  throw p = d6\n  let pv = total(p)\n  \
         choose a from 1..{n} by player knowing pv\n  throw q = d6\n  let qv = total(q)\n{banker}  \
         compare total(p) * a with qv * c {{\n    higher => end pw\n    equal => end tie\n    \
         lower => end bw\n  }}\n}}\nbet player {{\n  pw => win 1 to 1\n  bw => lose\n  \
         tie => push\n}}\nbet banker {{\n  bw => win 1 to 1\n  pw => lose\n  tie => push\n}}\n"
    )
}

/// A lone side choosing from `1..n` knowing a `d6` total, and the round
/// holding nothing else it does not know: solved where it stands
/// (`program::local`).
fn choosing_here(n: u32) -> String {
    format!(
        "game \"Here\"\noutcomes pw, bw, tie\nround {{\n  throw p = d6\n  let pv = total(p)\n  \
         choose a from 1..{n} by player knowing pv\n  throw q = d6\n  \
         compare pv * a with total(q) * 3 {{\n    higher => end pw\n    equal => end tie\n    \
         lower => end bw\n  }}\n}}\nbet player {{\n  pw => win 1 to 1\n  bw => lose\n  \
         tie => push\n}}\n"
    )
}

/// A lone side's choice solved where it stands is bounded by its options
/// over every situation, 16 for each state `--max-states` allows: 6
/// situations of 266 options (1,596) are solved at `--max-states 100`
/// (1,600), of 267 (1,602) refused at the choice.
#[test]
fn a_choice_solved_where_it_stands_is_bounded_by_its_options() {
    let dir = scratch("here");
    for (n, solved) in [(266, true), (267, false)] {
        let file = format!("here_{n}.dice");
        std::fs::write(dir.join(&file), choosing_here(n)).expect("written");
        let args = ["check", &file, "--max-states", "100"];
        let Some((text, t)) = solved_or_refused(&dir, &args, solved) else {
            continue;
        };
        let brought = number_after(&text, "where they stand to ")
            .unwrap_or_else(|| panic!("a count of options: {t}"));
        assert_eq!(brought, 1_602, "{t}");
        assert!(text.contains("at most 1600 are kept"), "{t}");
        assert!(text.contains("--max-states"), "{t}");
    }
}

/// Runs `args` in `dir`, cleanly: exit 0 where `solved`, and `None`; else
/// exit 2 with `dice::solve::too_large`, and its stderr unwrapped (the
/// message wraps at the terminal's width) with the run's transcript.
fn solved_or_refused(dir: &Path, args: &[&str], solved: bool) -> Option<(String, String)> {
    let run = dicerules(dir, args);
    let t = run.transcript(args);
    assert_clean(&run, args);
    if solved {
        assert_eq!(run.code, Some(0), "{t}");
        return None;
    }
    assert_eq!(run.code, Some(2), "{t}");
    assert!(run.stderr.contains("dice::solve::too_large"), "{t}");
    let words: Vec<&str> = (run.stderr.split_whitespace())
        .filter(|w| *w != "│")
        .collect();
    Some((words.join(" "), t))
}

/// The number after `text` in `haystack`.
fn number_after(haystack: &str, text: &str) -> Option<usize> {
    let rest = &haystack[haystack.find(text)? + text.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// Finding 6: the solver's bound counts options over every situation, not
/// situations alone. Two sides with `12 n` options are solved at
/// `--max-sequences 12n` and refused at `12n - 1`, at the choice, the
/// count it names the first past the bound; a lone side likewise at
/// `LONE_SIDE_INFOSETS` (400) times the bound.
#[test]
fn the_solver_is_bounded_by_options_over_every_situation() {
    let dir = scratch("sequences");
    for (n, lone) in [(2, false), (5, false), (9, false), (70, true), (100, true)] {
        let file = format!("wide_{n}_{lone}.dice");
        std::fs::write(dir.join(&file), choosing(n, lone)).expect("written");
        let options = if lone { 6 * n } else { 12 * n } as usize;
        let per_bound = if lone {
            dicerules_core::eval::exact::LONE_SIDE_INFOSETS
        } else {
            1
        };
        // The smallest bound that takes every option, and the one below.
        let fits = options.div_ceil(per_bound);
        for (bound, solved) in [(fits, true), (fits - 1, false)] {
            let bound_text = bound.to_string();
            let args = ["check", &file, "--max-sequences", &bound_text];
            let Some((text, t)) = solved_or_refused(&dir, &args, solved) else {
                continue;
            };
            // The choice that passes it, the count just past the bound:
            // one situation's options more than it allows.
            let brought = number_after(&text, "brings the round's choices to ")
                .unwrap_or_else(|| panic!("a count of options: {t}"));
            let limit = bound * per_bound;
            assert!(brought > limit && brought <= limit + n as usize, "{t}");
            assert!(text.contains(&format!("at most {limit}")), "{t}");
        }
    }
}

/// Finding 6 at the default bound: the file of 12 situations and 12,000
/// options that took 8.7 GB stops at the choice in `check`, `play` and
/// `simulate`, before its options are taken.
#[test]
fn twelve_situations_of_a_thousand_options_stop_at_the_choice() {
    let file = "tests/fixtures/limits/options_too_large.dice";
    for args in [
        vec!["check", file],
        vec!["play", file, "--rounds", "1"],
        vec!["simulate", file, "--rounds", "100"],
    ] {
        let run = dicerules(root(), &args);
        let t = run.transcript(&args);
        assert_clean(&run, &args);
        assert_eq!(run.code, Some(2), "{t}");
        assert!(run.stderr.contains("dice::solve::too_large"), "{t}");
        assert!(run.stderr.contains("--max-sequences"), "{t}");
        if args[0] == "check" {
            insta::assert_snapshot!(t);
        }
    }
}

/// Finding 9: cards removed past what the shoe holds are reported once per
/// rank, however many cards or flags pass it, with every flag's total; the
/// diagnostics do not grow with the cards past the bound.
#[test]
fn cards_removed_past_the_shoe_are_reported_once() {
    // Punto banco's eight decks hold 32 aces and 32 kings.
    let aces = |n: usize| vec!["A"; n].join(",");
    let mut sizes = Vec::new();
    for n in [32, 33, 34, 100, 40_000] {
        let flag = aces(n);
        let args = ["check", "games/punto_banco.dice", "--removed", &flag];
        let run = dicerules(root(), &args);
        assert_clean(&run, &args);
        let reports = run.stderr.matches("dice::removed::too_many").count();
        if n <= 32 {
            assert_eq!((run.code, reports), (Some(0), 0), "{}", run.stderr);
            continue;
        }
        assert_eq!((run.code, reports), (Some(2), 1), "{n} aces");
        assert!(
            run.stderr.contains(&format!(
                "{n} card(s) of rank A removed, but shoe `cards` holds 32"
            )),
            "{}",
            &run.stderr[..run.stderr.len().min(2000)]
        );
        sizes.push(run.stderr.len() - flag.len());
    }
    // What is said beside the flag's own text is the same for 33 aces and
    // for 40,000 (a line of context for the label, and the message).
    let spread = sizes.iter().max().unwrap() - sizes.iter().min().unwrap();
    assert!(spread < 200, "{sizes:?}");
    // Across flags: 40 flags of an ace each and two ranks past, reported
    // once each.
    let mut args = vec!["check", "games/punto_banco.dice"];
    for _ in 0..40 {
        args.extend(["--removed", "A"]);
    }
    args.extend(["--removed", "Kx30", "--removed", "Kx3,Kx5"]);
    let run = dicerules(root(), &args);
    assert_clean(&run, &args);
    assert_eq!(run.code, Some(2));
    assert_eq!(
        run.stderr.matches("dice::removed::too_many").count(),
        2,
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("40 card(s) of rank A"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains("38 card(s) of rank K"),
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("brings it to 33"), "{}", run.stderr);
}

/// Finding 11: `shoe` deals at most `--max-cards` cards, refused before the
/// deal: a shoe of `52 d` cards is dealt at `--max-cards 52d` and refused
/// at `52d - 1`; a million decks (an allowed value) is refused at once.
#[test]
fn a_shoe_past_its_cards_is_refused_before_the_deal() {
    for decks in [1u64, 2, 3] {
        let set = format!("decks={decks}");
        for (bound, dealt) in [(52 * decks, true), (52 * decks - 1, false)] {
            let bound_text = bound.to_string();
            let args = [
                "shoe",
                "games/punto_banco.dice",
                "--seed",
                "1",
                "--set",
                &set,
                "--max-cards",
                &bound_text,
            ];
            let run = dicerules(root(), &args);
            let t = run.transcript(&args);
            assert_clean(&run, &args);
            if dealt {
                assert_eq!(run.code, Some(0), "{t}");
                assert!(run.stdout.contains("coups"), "{t}");
            } else {
                assert_eq!(run.code, Some(2), "{t}");
                assert!(run.stdout.is_empty(), "{t}");
                assert!(run.stderr.contains("dice::shoe::too_large"), "{t}");
                let held = format!("holds {} cards", 52 * decks);
                assert!(run.stderr.contains(&held), "{t}");
            }
        }
    }
    let args = [
        "shoe",
        "games/punto_banco.dice",
        "--seed",
        "1",
        "--set",
        "decks=1000000",
    ];
    let run = dicerules(root(), &args);
    assert_clean(&run, &args);
    insta::assert_snapshot!(run.transcript(&args));
}

/// The rows of a session page's chips table, each as its cells' text.
fn chip_rows(page: &str) -> Vec<Vec<String>> {
    let doc = Html::parse_document(page);
    let rows = Selector::parse("table.chips tr").expect("a selector");
    let cells = Selector::parse("td").expect("a selector");
    doc.select(&rows)
        .skip(1)
        .map(|tr| tr.select(&cells).map(|td| td.text().collect()).collect())
        .collect()
}

/// Finding 12: `play --html` keeps the first `--html-rounds` rounds in
/// detail and summarises the rest: at `K - 1`, `K` rounds every round is a
/// row; past `K`, `K` rows, the last round's, and the summary saying how
/// many rounds it holds. The page's rows never pass `K + 2`.
#[test]
fn play_html_keeps_its_rounds_in_detail_up_to_the_bound() {
    let dir = scratch("html_rounds");
    let keep = 6u64;
    for rounds in [keep - 1, keep, keep + 1, keep + 7, 400] {
        let out = dir.join(format!("r{rounds}"));
        let (rounds_text, keep_text) = (rounds.to_string(), keep.to_string());
        let args = [
            "play",
            "games/heaven_and_nine.dice",
            "--rounds",
            &rounds_text,
            "--chips",
            "1000000",
            "--html-rounds",
            &keep_text,
            "--html",
            out.to_str().expect("UTF-8"),
        ];
        let run = dicerules(root(), &args);
        let t = run.transcript(&args);
        assert_eq!(run.code, Some(0), "{t}");
        let page = std::fs::read_to_string(out.join("heaven_and_nine.html")).expect("the page");
        let rows = chip_rows(&page);
        let said = format!("{rounds} table round(s) from seed 1");
        assert!(page.contains(&said), "{said}");
        // The dealt row, then a row per round kept, then the last.
        let detailed = rounds.min(keep);
        let beyond = rounds > keep;
        assert_eq!(
            rows.len() as u64,
            1 + detailed + u64::from(beyond),
            "{rounds} rounds"
        );
        let numbers: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
        assert_eq!(numbers[detailed as usize], detailed.to_string());
        let summary = format!(
            "keeps the first {keep} table round(s) in detail (--html-rounds): the {} after them are summarised",
            rounds.saturating_sub(keep)
        );
        assert_eq!(page.contains(&summary), beyond, "{rounds} rounds");
        if beyond {
            assert_eq!(numbers.last(), Some(&format!("{rounds} (last)").as_str()));
            // The last row's chips are the session's at the end.
            let json = [
                "play",
                "games/heaven_and_nine.dice",
                "--rounds",
                &rounds_text,
                "--chips",
                "1000000",
                "--format",
                "json",
            ];
            let run = dicerules(root(), &json);
            let last = run.stdout.lines().last().unwrap_or_default();
            let summary: serde_json::Value = serde_json::from_str(last).expect("a JSON line");
            assert_eq!(summary["rounds"], rounds, "{last}");
            let end: Vec<String> = summary["seat_chips"]
                .as_array()
                .expect("chips")
                .iter()
                .map(|c| c.as_str().expect("exact").to_string())
                .collect();
            assert_eq!(rows.last().expect("a row")[2..], end[..], "{rounds}");
        }
    }
}

/// Finding 13: a house-banked table where no seat can ever stake plays 0
/// rounds, as its seat-banked twin does: every seat leaves before the
/// first round, and the summary (text and JSON) counts no round.
#[test]
fn a_table_where_no_seat_can_stake_plays_no_round() {
    let fixture = "tests/fixtures/table/no_seat_can_stake.dice";
    let dir = scratch("no_stake");
    let house = std::fs::read_to_string(root().join(fixture)).expect("the fixture");
    let twin = house.replace("bank house", "bank kept for the game");
    assert_ne!(house, twin);
    let twin_path = dir.join("seat_banked.dice");
    std::fs::write(&twin_path, twin).expect("written");
    let twin_path = twin_path.to_str().expect("UTF-8").to_string();
    for (file, leaving) in [(fixture, 4), (twin_path.as_str(), 3)] {
        for rounds in ["1", "5"] {
            let args = ["play", file, "--rounds", rounds];
            let run = dicerules(root(), &args);
            let t = run.transcript(&args);
            assert_eq!((run.code, run.stderr.as_str()), (Some(0), ""), "{t}");
            assert!(!run.stdout.contains("round 1"), "{t}");
            assert_eq!(run.stdout.matches("leaves").count(), leaving, "{t}");
            assert!(
                run.stdout
                    .contains("after 0 round(s), too few seats have chips to play"),
                "{t}"
            );
            let args = ["play", file, "--rounds", rounds, "--format", "json"];
            let run = dicerules(root(), &args);
            let last = run.stdout.lines().last().unwrap_or_default();
            let summary: serde_json::Value = serde_json::from_str(last).expect("a JSON line");
            assert_eq!(summary["event"], "summary", "{last}");
            assert_eq!(summary["rounds"], 0, "{last}");
        }
    }
    let args = ["play", fixture, "--rounds", "3"];
    let run = dicerules(root(), &args);
    insta::assert_snapshot!(run.transcript(&args));
}

/// Finding 6 in the language server, which aborted on opening the file of
/// 12 situations and 12,000 options: it publishes the bound's diagnostic at
/// the choice, and shuts down cleanly.
#[test]
fn the_language_server_publishes_the_solver_bound() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::Stdio;

    let text = std::fs::read_to_string(root().join("tests/fixtures/limits/options_too_large.dice"))
        .expect("the fixture");
    let mut child = binary::command(root(), &["lsp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("dicerules lsp runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut out = BufReader::new(child.stdout.take().expect("stdout"));
    let mut send = |message: serde_json::Value| {
        let body = message.to_string();
        write!(stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("writes");
        stdin.flush().expect("flushes");
    };
    // The next message, `None` when the server has gone.
    let mut next = move || -> Option<serde_json::Value> {
        let mut length = 0;
        loop {
            let mut header = String::new();
            if out.read_line(&mut header).ok()? == 0 {
                return None;
            }
            match header.trim_end() {
                "" => break,
                h => {
                    if let Some(n) = h.strip_prefix("Content-Length: ") {
                        length = n.parse().ok()?;
                    }
                }
            }
        }
        let mut body = vec![0; length];
        out.read_exact(&mut body).ok()?;
        serde_json::from_slice(&body).ok()
    };
    let init = serde_json::json!({ "processId": null, "rootUri": null, "capabilities": {} });
    send(serde_json::json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init }));
    send(serde_json::json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }));
    let document = serde_json::json!({ "textDocument": {
        "uri": "file:///wide.dice", "languageId": "dice", "version": 1, "text": text } });
    send(
        serde_json::json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": document }),
    );
    let diagnostics = loop {
        let m = next().expect("the server answers (it aborted on this file)");
        if m["method"] == "textDocument/publishDiagnostics" {
            let d = m["params"]["diagnostics"].clone();
            if d.as_array().is_some_and(|d| !d.is_empty()) {
                break d;
            }
        }
    };
    assert_eq!(
        diagnostics[0]["code"], "dice::solve::too_large",
        "{diagnostics}"
    );
    // At a `choose`.
    let line = diagnostics[0]["range"]["start"]["line"]
        .as_u64()
        .expect("a line");
    let at = text.lines().nth(line as usize).unwrap_or_default();
    assert!(at.trim_start().starts_with("choose"), "{at}: {diagnostics}");
    send(serde_json::json!({ "jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": null }));
    while let Some(m) = next() {
        if m["id"] == 2 {
            break;
        }
    }
    send(serde_json::json!({ "jsonrpc": "2.0", "method": "exit", "params": null }));
    let status = binary::wait(&mut child).expect("the server exits");
    assert!(status.success(), "{status:?}");
}
