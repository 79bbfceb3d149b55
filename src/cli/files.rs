//! Every file the tool writes goes through [`write`]: a rule file rewritten
//! (`fmt`, `check --bless`), a snapshot (`--snapshots`), a page of an HTML
//! report (`--html`) and a chart (`--plot`).
//!
//! What it guarantees (docs/robustness.md, "Writing files"):
//!
//! - only a regular file is written: a device, a FIFO, a socket or a
//!   directory at the name is refused;
//! - a reader never sees half a file, and a process killed mid-write leaves
//!   the old file whole: the new contents go to a temporary file created
//!   exclusively (`O_EXCL`, an unpredictable name, beside the target),
//!   written, synced, and renamed over the target;
//! - the file stays what it was: its mode is kept, and its owner and group
//!   (where the user may set them; a file of another user's that cannot be
//!   kept theirs is refused); a read-only file (no write permission for
//!   anyone) is refused, and so is a file with several hard links, which a
//!   rename would split;
//! - a file the user named (a rule file, `--plot FILE`) that is a symbolic
//!   link is written at its target, the link left as it is; a name inside an
//!   output folder (`--html DIR`, `--snapshots DIR`) that is a symbolic link
//!   is refused, never followed out of the folder.
//!
//! Written by hand around `tempfile` (which makes the exclusive temporary
//! file and renames it): the checks before, and the mode and owner kept,
//! are what no crate does for us.

use std::fs::{Metadata, Permissions};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// How the name given to [`write`] is taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Name {
    /// A file that must exist, rewritten: a rule file (`fmt`, `--bless`).
    Existing,
    /// A file the user named, made or replaced: `--plot FILE`.
    Named,
    /// A file inside an output folder the user named, made or replaced:
    /// a symbolic link at its name is refused.
    InFolder,
}

/// Why a file was not written: its path, and the reason in a few words
/// (`is a FIFO, not a regular file`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub path: PathBuf,
    pub why: String,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot write {}: {}", self.path.display(), self.why)
    }
}

/// Writes `contents` to `path`, taken as `name` says, safely (the module's
/// guarantees); the file is either as it was or wholly `contents`.
pub fn write(path: &Path, contents: &[u8], name: Name) -> Result<(), Refused> {
    let refused = |why: String| Refused {
        path: path.to_path_buf(),
        why,
    };
    let target = target(path, name).map_err(refused)?;
    let before = match std::fs::symlink_metadata(&target) {
        Ok(meta) => Some(meta),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && name != Name::Existing => None,
        Err(e) => return Err(refused(reason(&e))),
    };
    if let Some(meta) = &before {
        writable(&target, meta).map_err(refused)?;
    }
    replace(&target, contents, before.as_ref()).map_err(refused)
}

/// `Err` when [`write`] would refuse to rewrite the existing file `path`
/// (`fmt` asks before reading, so that a FIFO is never opened).
pub fn rewritable(path: &Path) -> Result<(), Refused> {
    let refused = |why: String| Refused {
        path: path.to_path_buf(),
        why,
    };
    let target = target(path, Name::Existing).map_err(refused)?;
    let meta = std::fs::symlink_metadata(&target).map_err(|e| refused(reason(&e)))?;
    writable(&target, &meta).map_err(refused)
}

/// The file to write for `path`: `path` itself, or a named link's target.
fn target(path: &Path, name: Name) -> Result<PathBuf, String> {
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return match name {
                Name::Existing => Err("no such file".to_string()),
                _ => Ok(path.to_path_buf()),
            };
        }
        Err(e) => return Err(reason(&e)),
    };
    if !meta.file_type().is_symlink() {
        return Ok(path.to_path_buf());
    }
    if name == Name::InFolder {
        return Err(
            "is a symbolic link inside the output folder: it is not followed (remove it, or choose another folder)"
                .to_string(),
        );
    }
    match std::fs::canonicalize(path) {
        Ok(resolved) => Ok(resolved),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Err("is a symbolic link to a file that does not exist".to_string())
        }
        Err(e) => Err(format!(
            "is a symbolic link that cannot be followed: {}",
            reason(&e)
        )),
    }
}

/// `Err` with the reason when the existing file `meta` (of `path`) must not
/// be replaced.
fn writable(path: &Path, meta: &Metadata) -> Result<(), String> {
    let kind = meta.file_type();
    if !kind.is_file() {
        return Err(format!("is {}, not a regular file", kind_of(meta)));
    }
    if meta.permissions().readonly() {
        return Err("is read-only: no one may write it".to_string());
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if meta.nlink() > 1 {
            return Err(format!(
                "has {} hard links: replacing it would split them (write a copy, or unlink the others)",
                meta.nlink()
            ));
        }
    }
    // The system's own answer for a user who may not write it (root may
    // write anything but a file that no one may, refused above).
    std::fs::OpenOptions::new()
        .write(true)
        .open(path)
        .map(drop)
        .map_err(|e| reason(&e))
}

/// What a file that is not a regular file is, in words.
pub fn kind_of(meta: &Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    "not a file"
}

/// Writes `contents` into an exclusive temporary file beside `target`,
/// with what `before` (the file there now) had, and renames it over.
fn replace(target: &Path, contents: &[u8], before: Option<&Metadata>) -> Result<(), String> {
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let file_name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{file_name}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp").rand_bytes(12);
    // A new file gets the mode any new file gets (0666 less the umask).
    #[cfg(unix)]
    if before.is_none() {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(Permissions::from_mode(0o666));
    }
    let mut temporary = builder.tempfile_in(dir).map_err(|e| reason(&e))?;
    let file = temporary.as_file_mut();
    file.write_all(contents).map_err(|e| reason(&e))?;
    if let Some(before) = before {
        keep_owner(file, before)?;
        file.set_permissions(before.permissions())
            .map_err(|e| reason(&e))?;
    }
    file.sync_all().map_err(|e| reason(&e))?;
    temporary.persist(target).map_err(|e| reason(&e.error))?;
    // The rename made durable, where the system allows a folder synced.
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// Gives the new file the owner and group of the old; `Err` when the owner
/// would change and cannot be kept.
#[cfg(unix)]
fn keep_owner(file: &std::fs::File, before: &Metadata) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let mine = file.metadata().map_err(|e| reason(&e))?;
    if (mine.uid(), mine.gid()) == (before.uid(), before.gid()) {
        return Ok(());
    }
    if std::os::unix::fs::fchown(file, Some(before.uid()), Some(before.gid())).is_ok() {
        return Ok(());
    }
    if mine.uid() != before.uid() {
        return Err(format!(
            "belongs to another user (uid {}): rewriting it would make it yours",
            before.uid()
        ));
    }
    // The group alone may stay ours where we are not in the old one, as
    // any editor's save does.
    Ok(())
}

#[cfg(not(unix))]
fn keep_owner(_: &std::fs::File, _: &Metadata) -> Result<(), String> {
    Ok(())
}

/// The system's reason, in the words the tool uses for files.
pub fn reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::NotFound => "no such file or directory".to_string(),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_the_file_and_why() {
        let r = Refused {
            path: PathBuf::from("a.dice"),
            why: "is a FIFO, not a regular file".to_string(),
        };
        assert_eq!(
            r.to_string(),
            "cannot write a.dice: is a FIFO, not a regular file"
        );
    }
}
