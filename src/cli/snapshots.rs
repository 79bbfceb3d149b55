//! `check --snapshots DIR`: a rules repository's CI without Rust. Each rule
//! file's text report is compared with a stored snapshot, one file per rule
//! file in insta's `.snap` format (a YAML header between `---` lines, then
//! the report), so that where insta is installed `cargo insta review` reviews
//! a change as it reviews any snapshot: a report that moved is written
//! beside the stored one as `NAME.snap.new` and shown as a unified diff, and
//! the run fails; `--bless` writes the `.snap` files instead.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use crate::render::styled::Styled;

/// The snapshots of one run of `check`.
pub struct Snapshots {
    dir: PathBuf,
    bless: bool,
    /// The diffs and what was written, for stdout.
    pub text: Styled,
    matched: usize,
    moved: usize,
    new: usize,
    written: usize,
    /// Each snapshot's name taken in this run, with its rule file.
    names: std::collections::HashMap<String, String>,
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
            text: Styled::new(),
            matched: 0,
            moved: 0,
            new: 0,
            written: 0,
            names: std::collections::HashMap::new(),
        }
    }

    /// Compares `report`, the text report of `file`, with its snapshot.
    /// Two rule files of one run whose snapshots would share a name (`a/b.dice`
    /// and `a__b.dice`) are an error naming both, and so is a stored
    /// snapshot written for another file, unless blessed over.
    pub fn compare(&mut self, file: &str, report: &str) -> Result<Compared, String> {
        let snap = name(file);
        let path = self.dir.join(&snap);
        if let Some(other) = self.names.insert(snap, file.to_string()) {
            if other != file {
                return Err(format!(
                    "error: {other} and {file} would share the snapshot {}: rename one of them, or check them with two folders\n",
                    path.display()
                ));
            }
        }
        let text = read(&path)?;
        let written_for = text.as_deref().and_then(source_of);
        if let Some(other) = written_for.filter(|other| other != file) {
            if !self.bless {
                return Err(format!(
                    "error: the snapshot {} was written for {other}, not {file}: their snapshots would share a name (remove it, or bless it over with --bless)\n",
                    path.display()
                ));
            }
        }
        let stored = text.map(|text| contents(&text).to_string());
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
                let (from, to) = (path.display().to_string(), pending.display().to_string());
                let diff = super::diff::unified(&old, &new, &from, &to);
                let _ = writeln!(self.text, "the report of {file} moved:");
                self.text.append(diff);
                self.text.push("\n");
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

/// Writes a snapshot through the one writer ([`super::files`]): a symbolic
/// link in the folder is refused, a snapshot replaced whole or not at all.
fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("error: cannot make {}: {e}\n", dir.display()))?;
    }
    super::files::write(path, text.as_bytes(), super::files::Name::InFolder)
        .map_err(|refused| format!("error: {refused}\n"))
}

/// A stored snapshot's text, `None` where there is none; a symbolic link
/// in the folder is refused as [`write`] refuses it, never read through.
fn read(path: &Path) -> Result<Option<String>, String> {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(format!(
                "error: cannot read {}: is a symbolic link inside the snapshot folder: it is not followed (remove it)\n",
                path.display()
            ))
        }
        // A FIFO would block the read, a device never end it.
        Ok(meta) if !meta.is_file() => {
            return Err(format!(
                "error: cannot read {}: is {}, not a regular file\n",
                path.display(),
                super::files::kind_of(&meta)
            ))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        _ => {}
    }
    std::fs::read_to_string(path)
        .map(Some)
        .map_err(|e| format!("error: cannot read {}: {e}\n", path.display()))
}

/// The rule file a snapshot says it was written for: its header's
/// `source`, as [`serialize`] writes it.
fn source_of(text: &str) -> Option<String> {
    let header = text.strip_prefix("---\n")?.split_once("\n---\n")?.0;
    let quoted = header.lines().find_map(|l| l.strip_prefix("source: "))?;
    serde_json::from_str(quoted).ok()
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
