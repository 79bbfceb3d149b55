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
