//! `check --snapshots DIR`: a rules repository's CI without Rust. Each rule
//! file's text report is compared with a stored snapshot, one file per rule
//! file in insta's `.snap` format (a YAML header between `---` lines, then
//! the report), so that where insta is installed `cargo insta review` reviews
//! a change as it reviews any snapshot: a report that moved is written
//! beside the stored one as `NAME.snap.new` and shown as a unified diff, and
//! the run fails; `--bless` writes the `.snap` files instead.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use similar::TextDiff;

/// The snapshots of one run of `check`.
pub struct Snapshots {
    dir: PathBuf,
    bless: bool,
    /// The diffs and what was written, for stdout.
    pub text: String,
    matched: usize,
    moved: usize,
    new: usize,
    written: usize,
}

/// How a file's report compared with its snapshot.
#[derive(Debug, PartialEq, Eq)]
pub enum Compared {
    Matched,
    /// Different, or missing: a `.snap.new` written (or with `--bless`, the
    /// `.snap`).
    Moved,
}

impl Snapshots {
    pub fn new(dir: &str, bless: bool) -> Snapshots {
        Snapshots {
            dir: PathBuf::from(dir),
            bless,
            text: String::new(),
            matched: 0,
            moved: 0,
            new: 0,
            written: 0,
        }
    }

    /// Compares `report`, the text report of `file`, with its snapshot.
    pub fn compare(&mut self, file: &str, report: &str) -> Result<Compared, String> {
        let path = self.dir.join(name(file));
        let stored = match std::fs::read_to_string(&path) {
            Ok(text) => Some(contents(&text).to_string()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(format!("error: cannot read {}: {e}\n", path.display())),
        };
        let now = report.trim_end_matches('\n');
        let pending = path.with_extension("snap.new");
        if stored.as_deref() == Some(now) {
            self.matched += 1;
            remove_if_there(&pending)?;
            return Ok(Compared::Matched);
        }
        let written = serialize(file, now);
        if self.bless {
            write(&path, &written)?;
            remove_if_there(&pending)?;
            self.written += 1;
            let _ = writeln!(self.text, "wrote {}", path.display());
            return Ok(Compared::Matched);
        }
        write(&pending, &written)?;
        match stored {
            Some(stored) => {
                self.moved += 1;
                let (old, new) = (format!("{stored}\n"), format!("{now}\n"));
                let diff = TextDiff::from_lines(old.as_str(), new.as_str())
                    .unified_diff()
                    .context_radius(2)
                    .header(&path.display().to_string(), &pending.display().to_string())
                    .to_string();
                let _ = writeln!(self.text, "the report of {file} moved:\n{diff}");
            }
            None => {
                self.new += 1;
                let _ = writeln!(
                    self.text,
                    "no snapshot of {file} yet: wrote {}",
                    pending.display()
                );
            }
        }
        Ok(Compared::Moved)
    }

    /// The last line: how many matched, moved, were new or written.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "snapshots: {} matched, {} moved, {} new",
            self.matched, self.moved, self.new
        );
        if self.bless {
            let _ = write!(out, ", {} written", self.written);
        } else if self.moved + self.new > 0 {
            out.push_str(
                " (review with `cargo insta review`, or accept with `dicerules check ... --snapshots DIR --bless`)",
            );
        }
        out.push('\n');
        out
    }
}

/// The snapshot's file name of a rule file: its path as given, its
/// directories joined by `__` (`.` left out, `..` as `up`), `.dice` left
/// out.
fn name(file: &str) -> String {
    let stem = file.strip_suffix(".dice").unwrap_or(file);
    let parts: Vec<&str> = stem
        .split(['/', '\\'])
        .filter(|p| !p.is_empty() && *p != ".")
        .map(|p| if p == ".." { "up" } else { p })
        .collect();
    format!("{}.snap", parts.join("__"))
}

/// A snapshot file as insta writes one.
fn serialize(file: &str, report: &str) -> String {
    let quoted = serde_json::to_string(&format!("dicerules check {file}")).unwrap_or_default();
    let source = serde_json::to_string(file).unwrap_or_default();
    format!("---\nsource: {source}\nexpression: {quoted}\n---\n{report}\n")
}

/// The report a snapshot file holds: what follows its header.
fn contents(text: &str) -> &str {
    let body = text
        .strip_prefix("---\n")
        .and_then(|rest| rest.split_once("\n---\n"))
        .map_or(text, |(_, body)| body);
    body.trim_end_matches('\n')
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("error: cannot make {}: {e}\n", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("error: cannot write {}: {e}\n", path.display()))
}

fn remove_if_there(path: &Path) -> Result<(), String> {
    match std::fs::remove_file(path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("error: cannot remove {}: {e}\n", path.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_is_named_by_its_rule_files_path() {
        assert_eq!(name("games/heist.dice"), "games__heist.snap");
        assert_eq!(name("./heist.dice"), "heist.snap");
        assert_eq!(name("../rules/a.dice"), "up__rules__a.snap");
    }

    #[test]
    fn a_snapshot_reads_back_what_was_written() {
        let written = serialize("games/heist.dice", "Heist\n  line: 1\n---\nafter");
        assert!(written.starts_with("---\nsource: \"games/heist.dice\"\n"));
        assert_eq!(contents(&written), "Heist\n  line: 1\n---\nafter");
    }
}
