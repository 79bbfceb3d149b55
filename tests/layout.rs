//! The test tree itself: every `.rs` file under `tests/` is part of a test
//! crate, and every file under `tests/snapshots/` is the snapshot of a test
//! that still exists. Without these a file nobody declared would never run
//! (Cargo finds no test by its file name: `autotests = false`), and a stale
//! snapshot would never be read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use crate::common::binary;

/// The crate root, canonical so that paths found different ways compare.
fn crate_root() -> PathBuf {
    binary::root()
        .canonicalize()
        .expect("the crate root exists")
}

/// The value of `key = "value"` on a line of `Cargo.toml`.
fn value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let (k, v) = line.split_once('=')?;
    (k.trim() == key).then(|| v.trim().trim_matches('"'))
}

/// The `[[test]]` targets of `Cargo.toml`: each crate's name and root file.
fn test_crates(root: &Path) -> Vec<(String, PathBuf)> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml reads");
    let mut crates: Vec<(String, PathBuf)> = Vec::new();
    let mut in_test = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_test = line == "[[test]]";
            if in_test {
                crates.push((String::new(), PathBuf::new()));
            }
        } else if let (true, Some(last)) = (in_test, crates.last_mut()) {
            if let Some(name) = value(line, "name") {
                last.0 = name.to_string();
            }
            if let Some(path) = value(line, "path") {
                last.1 = root.join(path);
            }
        }
    }
    assert!(
        crates.iter().any(|(name, _)| name == "main"),
        "Cargo.toml declares no `[[test]]` named main: {crates:?}"
    );
    crates
}

/// Every source file the test crates are built from, reached from their
/// roots by `mod NAME;` lines (with or without `#[path = "..."]`), with the
/// module paths it is compiled as (`common` is in both crates).
fn wired(root: &Path) -> BTreeMap<PathBuf, Vec<String>> {
    let mut found: BTreeMap<PathBuf, Vec<String>> = BTreeMap::new();
    // (file, its module path, the folder of its own `mod NAME;` files)
    let mut queue: Vec<(PathBuf, String, PathBuf)> = test_crates(root)
        .into_iter()
        .map(|(name, file)| {
            let dir = file.parent().expect("a folder").to_path_buf();
            (file, name, dir)
        })
        .collect();
    while let Some((file, module, dir)) = queue.pop() {
        let file = file
            .canonicalize()
            .unwrap_or_else(|_| panic!("{} is declared but missing", file.display()));
        let source = std::fs::read_to_string(&file).expect("a test file reads");
        let here = file.parent().expect("a folder").to_path_buf();
        found.entry(file).or_default().push(module.clone());
        let mut path_attribute: Option<String> = None;
        for line in source.lines().map(str::trim) {
            if let Some(rest) = line.strip_prefix("#[path") {
                path_attribute = rest.split('"').nth(1).map(str::to_string);
                continue;
            }
            let declaration = line
                .strip_prefix("pub(crate) ")
                .or_else(|| line.strip_prefix("pub "))
                .unwrap_or(line);
            let Some(name) = declaration
                .strip_prefix("mod ")
                .and_then(|rest| rest.strip_suffix(';'))
            else {
                if !line.starts_with("#[") && !line.starts_with("//") {
                    path_attribute = None;
                }
                continue;
            };
            let name = name.trim();
            let child = format!("{module}::{name}");
            // A file named by `#[path]`, or a `mod.rs`, keeps its modules
            // beside it; `play.rs` keeps them in `play/`.
            match path_attribute.take() {
                Some(path) => {
                    let target = here.join(path);
                    let dir = target.parent().expect("a folder").to_path_buf();
                    queue.push((target, child, dir));
                }
                None => {
                    let flat = dir.join(format!("{name}.rs"));
                    let (target, own) = if flat.exists() {
                        (flat, dir.join(name))
                    } else {
                        (dir.join(name).join("mod.rs"), dir.join(name))
                    };
                    queue.push((target, child, own));
                }
            }
        }
    }
    found
}

/// Every `.rs` file under `dir`, canonical.
fn rust_files(dir: &Path, into: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a folder of tests reads") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, into);
        } else if path.extension().is_some_and(|e| e == "rs") {
            into.push(path.canonicalize().expect("the file exists"));
        }
    }
}

/// A path as the tests name it: relative to the crate root.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn every_test_file_is_wired_in() {
    let root = crate_root();
    let wired = wired(&root);
    let mut files = Vec::new();
    rust_files(&root.join("tests"), &mut files);
    files.sort();
    let missing: Vec<String> = files
        .iter()
        .filter(|file| !wired.contains_key(*file))
        .map(|file| {
            let stem = file.file_stem().unwrap_or_default().to_string_lossy();
            format!(
                "{} is not part of any test crate, so it never runs: add `mod {stem};` to \
                 tests/main.rs (or declare it in the module that uses it)",
                shown(&root, file)
            )
        })
        .collect();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}

/// Whether `word` occurs in `text` as a whole identifier.
fn has_identifier(text: &str, word: &str) -> bool {
    let identifier = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(identifier) && !after.is_some_and(identifier)
    })
}

/// The value of `key:` in a snapshot's header.
fn header<'a>(snapshot: &'a str, key: &str) -> Option<&'a str> {
    snapshot
        .split("\n---\n")
        .next()?
        .lines()
        .find_map(|line| line.strip_prefix(key)?.strip_prefix(':'))
        .map(|v| v.trim().trim_matches('"'))
}

/// Every file in `tests/snapshots/` is a `.snap` (no `.snap.new` left by a
/// failed run), named for the module of the file its header gives as its
/// source and for a test in that file, and a globbed one's input still
/// exists. (insta finds unreferenced snapshots only through cargo-insta.)
#[test]
fn every_snapshot_belongs_to_a_test() {
    let root = crate_root();
    let wired = wired(&root);
    let mut names: Vec<String> = std::fs::read_dir(root.join("tests/snapshots"))
        .expect("tests/snapshots reads")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    let mut problems = Vec::new();
    for name in &names {
        let Some(stem) = name.strip_suffix(".snap") else {
            problems.push(format!(
                "{name}: not a snapshot (left by a failed run? review it with \
                 `cargo insta review`, or delete it)"
            ));
            continue;
        };
        let text = std::fs::read_to_string(root.join("tests/snapshots").join(name))
            .expect("a snapshot reads");
        let Some(source) = header(&text, "source") else {
            problems.push(format!("{name}: no `source:` in its header"));
            continue;
        };
        let Some((file, modules)) = root
            .join(source)
            .canonicalize()
            .ok()
            .and_then(|file| wired.get_key_value(&file))
        else {
            problems.push(format!(
                "{name}: its source {source} is not a test file of any crate"
            ));
            continue;
        };
        let Some(rest) = modules
            .iter()
            .find_map(|m| stem.strip_prefix(&format!("{}__", m.replace("::", "__"))))
        else {
            problems.push(format!(
                "{name}: not named for the module of {source} ({})",
                modules.join(", ")
            ));
            continue;
        };
        let (test, input) = match rest.split_once('@') {
            Some((test, input)) => (test, Some(input)),
            None => (rest, None),
        };
        let code = std::fs::read_to_string(file).expect("a test file reads");
        // A test's second unnamed snapshot is `NAME-2`.
        let bare = test
            .rsplit_once('-')
            .filter(|(_, n)| n.parse::<u32>().is_ok())
            .map_or(test, |(bare, _)| bare);
        if !has_identifier(&code, test) && !has_identifier(&code, bare) {
            problems.push(format!("{name}: {source} has no test `{test}`"));
        }
        if input.is_some() {
            match header(&text, "input_file") {
                Some(input) if root.join(input).is_file() => {}
                Some(input) => problems.push(format!("{name}: its input {input} is gone")),
                None => problems.push(format!("{name}: no `input_file:` in its header")),
            }
        }
    }
    assert!(
        problems.is_empty(),
        "stale snapshots in tests/snapshots:\n{}",
        problems.join("\n")
    );
}
