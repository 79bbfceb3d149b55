//! `dicerules fmt` through the real binary: every game and every fixture
//! that parses laid out to the same tree, every comment kept in order,
//! formatting twice the same as once; a file of every place a comment can
//! be, against its layout written by hand; `--check`; files with syntax
//! errors left alone.

use dicerules_core::syntax::format::SKIP;
use dicerules_core::syntax::parse;

use crate::common::binary::{root, run};
use crate::common::fixture::dice_files;
use crate::common::tree::without_spans;

/// The comments of a text, in order, as the formatter reads them: `//` to
/// the end of the line, outside quoted text, trailing spaces dropped.
fn comments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut in_string = false;
        let bytes = line.as_bytes();
        for i in 0..bytes.len() {
            match bytes[i] {
                b'"' => in_string = !in_string,
                b'/' if !in_string && bytes.get(i + 1) == Some(&b'/') => {
                    out.push(line[i..].trim_end().to_string());
                    break;
                }
                _ => {}
            }
        }
    }
    out
}

#[test]
fn every_file_that_parses_keeps_its_tree_and_comments() {
    let mut files = dice_files("games");
    files.extend(dice_files("tests/fixtures"));
    files.sort();
    let mut formatted_files = 0;
    for path in &files {
        // A fixture that opts out of `fmt` (its layout is what it tests,
        // or it does not parse) is formatted here without its marker.
        let source = std::fs::read_to_string(path)
            .unwrap_or_default()
            .replace(&format!("{SKIP}\n"), "");
        let (tree, errors) = parse(&source);
        let out = run(root(), &["fmt", "-"], source.as_bytes());
        if !errors.is_empty() || source.is_empty() && out.code != Some(0) {
            // Left as it is, with its diagnostics.
            assert_eq!(out.code, Some(2), "{}", path.display());
            assert!(out.stdout.is_empty(), "{}", path.display());
            continue;
        }
        assert_eq!(out.code, Some(0), "{}: {}", path.display(), out.stderr);
        let (again, errors) = parse(&out.stdout);
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        assert_eq!(
            without_spans(&tree),
            without_spans(&again),
            "{}",
            path.display()
        );
        assert_eq!(
            comments(&source),
            comments(&out.stdout),
            "{}",
            path.display()
        );
        let twice = run(root(), &["fmt", "-"], out.stdout.as_bytes());
        assert_eq!(
            twice.stdout,
            out.stdout,
            "{}: not a fixed point",
            path.display()
        );
        formatted_files += 1;
    }
    assert!(formatted_files > 150, "only {formatted_files} files parsed");
}

/// `// dicerules fmt: skip` among a file's opening comments keeps the file
/// as it is, in `fmt`, `fmt --check` and `fmt -`, whether it parses or not;
/// after code, or as part of a longer word, it is an ordinary comment.
#[test]
fn a_file_may_opt_out_of_the_layout() {
    let dir = std::env::temp_dir().join(format!("dicerules-fmt-skip-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory");
    let body = "game \"m\"\noutcomes won, lost\nround { throw t = 2d6  if total(t) = 12 { end won }  end lost }\nbet player { won => win 30 to 1\n lost => lose }\n";
    let kept = [
        format!("{SKIP}\n{body}"),
        format!("// A one-line round.\n\n{SKIP}: the layout is the test\n{body}"),
        format!("\u{feff}  {SKIP}\n{body}"),
        format!("{SKIP}\ngame \"broken\"\nround {{\n  end\n}}\n"),
    ];
    let formatted = [
        format!("{body}{SKIP}\n"),
        format!("// dicerules fmt: skipped by nobody\n{body}"),
        format!("game \"m\" {SKIP}\n{}", &body[9..]),
    ];
    for (i, text) in kept.iter().enumerate() {
        std::fs::write(dir.join(format!("kept{i}.dice")), text).expect("writes");
        let out = run(root(), &["fmt", "-"], text.as_bytes());
        assert_eq!(out.code, Some(0), "{text}: {}", out.stderr);
        // As it is, but for the byte-order mark, which reading drops.
        assert_eq!(out.stdout, text.trim_start_matches('\u{feff}'));
    }
    let d = dir.to_string_lossy().into_owned();
    let check = run(root(), &["fmt", "--check", &d], b"");
    assert_eq!(check.code, Some(0), "{}{}", check.stdout, check.stderr);
    for (i, text) in formatted.iter().enumerate() {
        std::fs::write(dir.join(format!("formatted{i}.dice")), text).expect("writes");
    }
    let check = run(root(), &["fmt", "--check", &d], b"");
    assert_eq!(check.code, Some(1), "{}", check.stderr);
    assert!(
        check.stdout.contains("3 file(s) would be formatted"),
        "{}",
        check.stdout
    );
    let write = run(root(), &["fmt", &d], b"");
    assert_eq!(write.code, Some(0), "{}", write.stderr);
    for (i, text) in kept.iter().enumerate() {
        let now = std::fs::read_to_string(dir.join(format!("kept{i}.dice"))).unwrap();
        assert_eq!(&now, text);
    }
    for i in 0..formatted.len() {
        let now = std::fs::read_to_string(dir.join(format!("formatted{i}.dice"))).unwrap();
        assert!(now.contains("round {\n  throw t = 2d6\n"), "{now}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_shipped_game_is_formatted() {
    let out = run(root(), &["fmt", "--check", "games/"], b"");
    assert_eq!(out.code, Some(0), "{}", out.stdout);
    assert!(out.stdout.is_empty());
}

/// A comment in every place: before the file's first item, after code,
/// alone in a block, before a closing brace, after one, in a bet, at the
/// end; `//` in a quoted text is text; the author's blank lines kept (one),
/// none added, none after an opening brace.
#[test]
fn comments_stay_where_they_were() {
    let source = r#"// header comment
game "C // not a comment"   // trailing on game


// grouped params
param a = 1
param b = 2  // b's note
outcomes won, lost
round {

  // before the throw
  throw t = d6 // trailing throw
  if total(t) > 4 { // opening
    end won
  } else if total(t) = 1 {
    // inside else-if
    end lost
  } else {
        end lost  // last
  }   // after the if
  // before the end of the round
}
bet player { won => win 1 to 1  // pays
  lost => lose }

banking {
  bank rotates every round  // who banks
  stake free
}
claim house_edge(player) ~ 33% "see http://example.org//x"
// the end
"#;
    let laid_out = r#"// header comment
game "C // not a comment" // trailing on game

// grouped params
param a = 1
param b = 2 // b's note
outcomes won, lost
round {
  // before the throw
  throw t = d6 // trailing throw
  if total(t) > 4 { // opening
    end won
  } else if total(t) = 1 {
    // inside else-if
    end lost
  } else {
    end lost // last
  } // after the if
  // before the end of the round
}
bet player {
  won  => win 1 to 1 // pays
  lost => lose
}

banking {
  bank rotates every round // who banks
  stake free
}
claim house_edge(player) ~ 33% "see http://example.org//x"
// the end
"#;
    let out = run(root(), &["fmt", "-"], source.as_bytes());
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(out.stdout, laid_out);
}

#[test]
fn check_shows_a_diff_and_fmt_writes_the_layout() {
    let dir = std::env::temp_dir().join(format!("dicerules-fmt-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a directory");
    let messy = "game \"m\"\noutcomes won, lost\nround { throw t = d6  if total(t) = 6 { end won }  end lost }\nbet player { won => win 5 to 1\n lost => lose }\n";
    let broken = "game \"b\"\nround {\n  end\n}\n";
    std::fs::write(dir.join("messy.dice"), messy).expect("writes");
    std::fs::write(dir.join("broken.dice"), broken).expect("writes");
    let d = dir.to_string_lossy().into_owned();
    let check = run(root(), &["fmt", "--check", &d], b"");
    assert_eq!(check.code, Some(2), "the broken file: {}", check.stderr);
    assert!(
        check.stdout.contains("messy.dice is not formatted:"),
        "{}",
        check.stdout
    );
    assert!(
        check.stdout.contains("+  if total(t) = 6 {"),
        "{}",
        check.stdout
    );
    assert!(check.stdout.contains("1 file(s) would be formatted"));
    assert!(
        check
            .stderr
            .contains("broken.dice: 1 syntax error(s); left as it is"),
        "{}",
        check.stderr
    );
    assert_eq!(
        std::fs::read_to_string(dir.join("messy.dice")).unwrap(),
        messy
    );
    let write = run(root(), &["fmt", &d], b"");
    assert_eq!(write.code, Some(2));
    assert!(write.stdout.contains("formatted"), "{}", write.stdout);
    assert_eq!(
        std::fs::read_to_string(dir.join("broken.dice")).unwrap(),
        broken
    );
    let messy_path = dir.join("messy.dice");
    let file = messy_path.to_string_lossy().into_owned();
    let again = run(root(), &["fmt", "--check", &file], b"");
    assert_eq!(again.code, Some(0), "{}", again.stdout);
    assert_eq!(
        std::fs::read_to_string(&messy_path).unwrap(),
        "game \"m\"\noutcomes won, lost\nround {\n  throw t = d6\n  if total(t) = 6 {\n    end won\n  }\n  end lost\n}\nbet player {\n  won  => win 5 to 1\n  lost => lose\n}\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
