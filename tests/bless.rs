//! `check --bless` through the real binary: failing `expect` lines
//! rewritten to the figures computed, and not one other byte of the file.

use std::path::{Path, PathBuf};

use crate::common::binary::{root, run};

/// A directory of its own under the system's temporary one, removed when
/// dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("dicerules-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }

    /// `game` copied in, with each `(from, to)` replaced once.
    fn game(&self, game: &str, changes: &[(&str, &str)]) -> PathBuf {
        let mut text = std::fs::read_to_string(root().join("games").join(game)).expect("the game");
        for (from, to) in changes {
            assert_eq!(text.matches(from).count(), 1, "{from}");
            text = text.replacen(from, to, 1);
        }
        let path = self.0.join(game);
        std::fs::write(&path, text).expect("writes");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("reads")
}

#[test]
fn bless_puts_back_the_figures_and_nothing_else() {
    let dir = Scratch::new("bless");
    let heist = dir.game(
        "heist.dice",
        &[
            (
                "expect house_edge(player) = 37/432",
                "expect house_edge(player) = 1/3",
            ),
            ("expect net(1) = -37/216 at", "expect net(1) = -0.5 at"),
        ],
    );
    let heaven = dir.game(
        "heaven_and_nine.dice",
        &[("expect tenure ~ 2.270921 at", "expect tenure ~ 2.370921 at")],
    );
    let untouched = dir.game("twenty_six.dice", &[]);
    let before = read(&untouched);
    let dir_arg = dir.0.to_string_lossy().into_owned();
    let failing = run(root(), &["check", &dir_arg], b"");
    assert_eq!(failing.code, Some(1));
    let out = run(root(), &["check", &dir_arg, "--bless"], b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    for said in [
        "heist.dice:38: expect house_edge(player) = 1/3 -> 37/432",
        "heist.dice:61: expect net(1) = -0.5 -> -37/216",
        "heaven_and_nine.dice:87: expect tenure ~ 2.370921 -> 2.270921",
        "blessed 3 line(s) in 3 file(s)",
    ] {
        assert!(out.stdout.contains(said), "{said}\n{}", out.stdout);
    }
    // Every byte as shipped: comments, layout, the other lines.
    assert_eq!(read(&heist), read(&root().join("games/heist.dice")));
    assert_eq!(
        read(&heaven),
        read(&root().join("games/heaven_and_nine.dice"))
    );
    assert_eq!(read(&untouched), before);
    let after = run(root(), &["check", &dir_arg], b"");
    assert_eq!(after.code, Some(0), "{}", after.stderr);
    // Blessing again changes nothing.
    let again = run(root(), &["check", &dir_arg, "--bless"], b"");
    assert_eq!(again.code, Some(0));
    assert_eq!(again.stdout, "blessed 0 line(s) in 3 file(s)\n");
}

#[test]
fn bless_leaves_bounds_and_claims_to_their_writer() {
    let dir = Scratch::new("bless-bounds");
    let path = dir.game(
        "heist.dice",
        &[
            (
                "expect house_edge(player) = 37/432",
                "expect house_edge(player) < 5%",
            ),
            (
                "claim house_edge(player) ~ 10%",
                "claim house_edge(player) ~ 20%",
            ),
        ],
    );
    let before = read(&path);
    let file = path.to_string_lossy().into_owned();
    let out = run(root(), &["check", &file, "--bless"], b"");
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stdout
            .contains(":38: left: house_edge(player) < 5% (a bound"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("blessed 0 line(s)"));
    assert_eq!(read(&path), before);
    for args in [
        vec!["check", file.as_str(), "--bless", "--set", "house_limit=5"],
        vec!["check", "-", "--bless"],
        vec!["check", file.as_str(), "--bless", "--html", "out"],
    ] {
        let refused = run(root(), &args, b"");
        assert_eq!(refused.code, Some(2), "{args:?}");
        assert!(refused.stdout.is_empty());
    }
    assert_eq!(read(&path), before);
}

/// A game of even money on a die's high half: `house_edge(b)` is 0,
/// `probability(high)` is 1/2.
const EVEN: &str = "game \"even\"\noutcomes high, low\nround {\n  throw d = 1d6\n  if total(d) > 3 { end high }\n  end low\n}\nbet b {\n  high => win 1 to 1\n  low => lose\n}\n";

/// Two `expect` lines on one line of text, the first holding and the
/// second failing: the second's number is rewritten, by its span, and the
/// first (on the line the failing verdict names) is left.
#[test]
fn bless_rewrites_the_failing_line_of_two_on_one_line() {
    let dir = Scratch::new("bless-one-line");
    let path = dir.0.join("even.dice");
    let line = "expect probability(high) = 1/2  expect house_edge(b) = 1/3 // not 1/2\n";
    std::fs::write(&path, format!("{EVEN}{line}")).expect("writes");
    let file = path.to_string_lossy().into_owned();
    let out = run(root(), &["check", &file, "--bless"], b"");
    assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("even.dice:12: expect house_edge(b) = 1/3 -> 0\n"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.ends_with("blessed 1 line(s) in 1 file(s)\n"));
    assert_eq!(
        read(&path),
        format!("{EVEN}expect probability(high) = 1/2  expect house_edge(b) = 0 // not 1/2\n")
    );
    let after = run(root(), &["check", &file], b"");
    assert_eq!(after.code, Some(0), "{}", after.stderr);
}

/// A file with a byte-order mark and CRLF line ends, its failing `expect`
/// written over three lines after a comment that spells another: the
/// number alone is rewritten, every other byte (the mark, each `\r`, the
/// comments) kept.
#[test]
fn bless_keeps_a_byte_order_mark_crlf_and_a_line_spread_over_lines() {
    let dir = Scratch::new("bless-crlf");
    let path = dir.0.join("even.dice");
    let body = format!(
        "{EVEN}// expect house_edge(b) = 1/3 is an old figure\nexpect\n  house_edge(b)\n  = 1/3 // the line to bless\nexpect probability(high) = 1/2\n"
    );
    let crlf = body.replace('\n', "\r\n");
    let mut bytes = b"\xef\xbb\xbf".to_vec();
    bytes.extend_from_slice(crlf.as_bytes());
    std::fs::write(&path, &bytes).expect("writes");
    let file = path.to_string_lossy().into_owned();
    let out = run(root(), &["check", &file, "--bless"], b"");
    assert_eq!(out.code, Some(0), "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("even.dice:13: expect house_edge(b) = 1/3 -> 0\n"),
        "{}",
        out.stdout
    );
    let want = crlf.replace("  = 1/3 // the line", "  = 0 // the line");
    let mut wanted = b"\xef\xbb\xbf".to_vec();
    wanted.extend_from_slice(want.as_bytes());
    assert_eq!(std::fs::read(&path).expect("reads"), wanted);
    let again = run(root(), &["check", &file, "--bless"], b"");
    assert_eq!(again.stdout, "blessed 0 line(s) in 1 file(s)\n");
    assert_eq!(std::fs::read(&path).expect("reads"), wanted);
}
