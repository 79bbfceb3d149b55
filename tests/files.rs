//! A user's files are sacred: every file the tool writes (`fmt`, `check
//! --bless`, `--snapshots`, `--html`, `--plot`) goes through one writer, and
//! these tests hold its guarantees through the real binary
//! (docs/robustness.md, "Writing files"): only regular files, an exclusive
//! temporary file renamed over the target, mode and owner kept, a named
//! link's target written, no link in an output folder followed, hard links
//! not split, a read-only file refused, a file killed mid-write left whole,
//! and distinct snapshot names for distinct rule files.

#![cfg(unix)]

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::common::binary::{as_a_user, root, run};

/// A directory of its own under the system's temporary one, removed when
/// dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("dicerules-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch directory");
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }

    fn arg(&self, name: &str) -> String {
        self.path(name).to_string_lossy().into_owned()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A rule file that parses but is not in the canonical layout.
const UNFORMATTED: &str = "game \"G\"\noutcomes a,b\nround { throw x = 1d6\n if x is 6 { end a } end b }\nbet p { a => win 4 to 1\n b => lose }\n";

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).expect("reads")
}

fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).expect("reads")
}

/// Whether the tests run as root (CI does): the owner of a new file.
fn as_root(dir: &Scratch) -> bool {
    let probe = dir.path("probe");
    std::fs::write(&probe, "").expect("writes");
    let root = std::fs::metadata(&probe).expect("stat").uid() == 0;
    let _ = std::fs::remove_file(probe);
    root
}

/// The hidden files a run left in `dir` (temporary files not cleaned up).
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("lists")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect()
}

#[test]
fn fmt_rewrites_a_file_keeping_its_mode_and_owner() {
    let dir = Scratch::new("mode");
    let file = dir.path("g.dice");
    std::fs::write(&file, UNFORMATTED).expect("writes");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let root_user = as_root(&dir);
    if root_user {
        // Another user's file, rewritten by root: it stays theirs.
        std::os::unix::fs::chown(&file, Some(12345), Some(23456)).expect("chown");
    }
    let inode = std::fs::metadata(&file).expect("stat").ino();
    let out = run(root(), &["fmt", &dir.arg("g.dice")], b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let meta = std::fs::metadata(&file).expect("stat");
    assert_eq!(meta.mode() & 0o7777, 0o640);
    assert_ne!(
        meta.ino(),
        inode,
        "replaced by a rename, not written in place"
    );
    if root_user {
        assert_eq!((meta.uid(), meta.gid()), (12345, 23456));
    }
    assert!(read(&file).contains("round {\n"), "{}", read(&file));
    assert!(leftovers(&dir.0).is_empty(), "{:?}", leftovers(&dir.0));
    if root_user {
        a_user_may_not_take_another_s_file(&dir);
    }
}

/// Another user's file that anyone may write (0666, in a folder anyone may
/// write), formatted by a user who is not root: the rename would make it
/// theirs, so it is refused and left as it was. Run where the tests are
/// root (CI), which may run the binary as another user.
fn a_user_may_not_take_another_s_file(dir: &Scratch) {
    use std::os::unix::process::CommandExt;
    // Another user reaches the scratch folder only through folders anyone
    // may enter (the system's temporary folder is; a TMPDIR may not be).
    let reachable = dir
        .0
        .ancestors()
        .skip(1)
        .all(|a| std::fs::metadata(a).is_ok_and(|m| m.mode() & 0o001 != 0));
    if !reachable {
        eprintln!("skipped: {} is closed to other users", dir.0.display());
        return;
    }
    std::fs::set_permissions(&dir.0, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let shared = dir.path("shared");
    std::fs::create_dir_all(&shared).expect("mkdir");
    std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).expect("chmod");
    let file = shared.join("theirs.dice");
    std::fs::write(&file, UNFORMATTED).expect("writes");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o666)).expect("chmod");
    std::os::unix::fs::chown(&file, Some(12345), Some(12345)).expect("chown");
    // A copy of the binary the other user may run (the build's folder may
    // be closed to them, as a fresh clone under `mktemp -d` is).
    let binary = dir.path("dicerules");
    std::fs::copy(env!("CARGO_BIN_EXE_dicerules"), &binary).expect("copies");
    std::fs::set_permissions(&binary, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let out = as_a_user(&mut Command::new(&binary))
        .args(["fmt", &file.to_string_lossy()])
        .current_dir(&shared)
        .uid(23456)
        .gid(23456)
        .stdin(Stdio::null())
        .output()
        .expect("runs as another user");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("belongs to another user (uid 12345)"),
        "{stderr}"
    );
    assert_eq!(read(&file), UNFORMATTED);
    let meta = std::fs::metadata(&file).expect("stat");
    assert_eq!((meta.uid(), meta.mode() & 0o777), (12345, 0o666));
    assert!(leftovers(&shared).is_empty(), "{:?}", leftovers(&shared));
}

#[test]
fn what_is_not_a_regular_file_is_refused_and_left_alone() {
    let dir = Scratch::new("kinds");
    // A FIFO: fmt must not even open it (opening would block).
    let fifo = dir.path("pipe.dice");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let mut child = as_a_user(&mut Command::new(env!("CARGO_BIN_EXE_dicerules")))
        .args(["fmt", &dir.arg("pipe.dice")])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let status = crate::common::binary::wait(&mut child);
    if status.is_none() {
        let _ = child.kill();
        panic!("fmt of a FIFO blocked");
    }
    let out = child.wait_with_output().expect("output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is a FIFO, not a regular file"), "{stderr}");
    let kind = std::fs::symlink_metadata(&fifo).expect("stat").file_type();
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&kind));
    // A link to a device (never the device itself in a test: a regression
    // would replace it) is refused the same way.
    let device = dir.path("null.dice");
    std::os::unix::fs::symlink("/dev/null", &device).expect("symlink");
    let out = run(root(), &["fmt", &dir.arg("null.dice")], b"");
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("is a character device, not a regular file"),
        "{}",
        out.stderr
    );
    assert!(!out.stdout.contains("formatted"), "{}", out.stdout);
}

#[test]
fn a_read_only_file_and_hard_links_are_refused() {
    let dir = Scratch::new("refused");
    let locked = dir.path("locked.dice");
    std::fs::write(&locked, UNFORMATTED).expect("writes");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let out = run(root(), &["fmt", &dir.arg("locked.dice")], b"");
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(out.stderr.contains("is read-only"), "{}", out.stderr);
    assert_eq!(read(&locked), UNFORMATTED);
    assert_eq!(
        std::fs::metadata(&locked).expect("stat").mode() & 0o777,
        0o444
    );

    let a = dir.path("a.dice");
    let b = dir.path("b.dice");
    std::fs::write(&a, UNFORMATTED).expect("writes");
    std::fs::hard_link(&a, &b).expect("links");
    let out = run(root(), &["fmt", &dir.arg("a.dice")], b"");
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(out.stderr.contains("has 2 hard links"), "{}", out.stderr);
    let (ma, mb) = (
        std::fs::metadata(&a).unwrap(),
        std::fs::metadata(&b).unwrap(),
    );
    assert_eq!((ma.ino(), ma.nlink()), (mb.ino(), 2), "the links are kept");
    assert_eq!(read(&a), UNFORMATTED);
    assert!(leftovers(&dir.0).is_empty(), "{:?}", leftovers(&dir.0));
}

#[test]
fn a_symlinked_rule_file_is_written_at_its_target() {
    let dir = Scratch::new("link");
    std::fs::create_dir_all(dir.path("real")).expect("mkdir");
    let target = dir.path("real/g.dice");
    std::fs::write(&target, UNFORMATTED).expect("writes");
    let link = dir.path("g.dice");
    std::os::unix::fs::symlink("real/g.dice", &link).expect("symlink");
    let out = run(root(), &["fmt", &dir.arg("g.dice")], b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_link(&link).unwrap(), Path::new("real/g.dice"));
    assert!(read(&target).contains("round {\n"), "{}", read(&target));
    // A dangling link is refused.
    std::os::unix::fs::symlink("nowhere.dice", dir.path("dangling.dice")).expect("symlink");
    let out = run(root(), &["fmt", &dir.arg("dangling.dice")], b"");
    assert_eq!(out.code, Some(2), "{}", out.stderr);
}

/// Symbolic links planted at every name a temporary file of the writer
/// could be thought to take (the old predictable `.NAME.bless-PID` for a
/// range of process ids, and likely names of the new scheme), each to a
/// victim: fmt and bless write the rule file, and no victim changes.
#[test]
fn planted_links_at_temporary_names_are_never_written_through() {
    let dir = Scratch::new("planted");
    let victim = dir.path("victim.txt");
    std::fs::write(&victim, "precious").expect("writes");
    let file = dir.path("g.dice");
    let mut game = std::fs::read_to_string(root().join("games/heist.dice")).expect("reads");
    game = game.replacen(
        "expect house_edge(player) = 37/432",
        "expect house_edge(player) = 1/3",
        1,
    );
    std::fs::write(&file, format!("{game}\n\n\n")).expect("writes");
    let mut planted = Vec::new();
    let low = std::process::id().saturating_sub(200);
    for pid in low..low + 2000 {
        planted.push(dir.path(&format!(".g.dice.bless-{pid}")));
    }
    for name in [
        ".g.dice.tmp",
        ".g.dice.",
        ".g.dice.bless",
        "g.dice.tmp",
        "g.dice~",
    ] {
        planted.push(dir.path(name));
    }
    for link in &planted {
        std::os::unix::fs::symlink(&victim, link).expect("symlink");
    }
    let out = run(root(), &["fmt", &dir.arg("g.dice")], b"");
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let out = run(root(), &["check", &dir.arg("g.dice"), "--bless"], b"");
    assert!(
        out.stdout.contains("-> 37/432"),
        "{}\n{}",
        out.stdout,
        out.stderr
    );
    assert_eq!(read(&victim), "precious");
    for link in &planted {
        assert!(std::fs::symlink_metadata(link)
            .unwrap()
            .file_type()
            .is_symlink());
    }
    let meta = std::fs::symlink_metadata(&file).unwrap();
    assert!(meta.file_type().is_file());
    assert!(read(&file).contains("expect house_edge(player) = 37/432"));
    let hidden = planted
        .iter()
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with('.'));
    assert_eq!(leftovers(&dir.0).len(), hidden.count());
}

#[test]
fn a_link_inside_an_output_folder_is_not_followed_out_of_it() {
    let dir = Scratch::new("folder");
    let victim = dir.path("victim.txt");
    std::fs::write(&victim, "precious").expect("writes");
    // --html DIR holding index.html -> victim.
    std::fs::create_dir_all(dir.path("html")).expect("mkdir");
    std::os::unix::fs::symlink(&victim, dir.path("html/index.html")).expect("symlink");
    let out = run(
        root(),
        &["check", "games/heist.dice", "--html", &dir.arg("html")],
        b"",
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("dice::html::unwritable"),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
    // --snapshots DIR holding the snapshot's name -> victim, with --bless.
    std::fs::create_dir_all(dir.path("snaps")).expect("mkdir");
    std::os::unix::fs::symlink(&victim, dir.path("snaps/games__heist.snap")).expect("symlink");
    let snaps = dir.arg("snaps");
    let out = run(
        root(),
        &[
            "check",
            "games/heist.dice",
            "--snapshots",
            &snaps,
            "--bless",
        ],
        b"",
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(out.stderr.contains("symbolic link"), "{}", out.stderr);
    // ... and the pending `.snap.new` too.
    std::fs::remove_file(dir.path("snaps/games__heist.snap")).expect("rm");
    std::os::unix::fs::symlink(&victim, dir.path("snaps/games__heist.snap.new")).expect("symlink");
    let out = run(
        root(),
        &["check", "games/heist.dice", "--snapshots", &snaps],
        b"",
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert_eq!(read(&victim), "precious");
}

/// Runs dicerules with `args` as a user would, failing the test if it has
/// not ended within the binary's time limit (a FIFO opened would block).
fn run_unblocked(args: &[&str]) -> (Option<i32>, String) {
    let mut child = as_a_user(&mut Command::new(env!("CARGO_BIN_EXE_dicerules")))
        .args(args)
        .current_dir(root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    if crate::common::binary::wait(&mut child).is_none() {
        let _ = child.kill();
        panic!("{args:?} blocked");
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `check` of heist drawing its banker's total (`--plot FILE`), as
/// [`run_unblocked`] runs it.
fn plot(file: &str) -> (Option<i32>, String) {
    run_unblocked(&[
        "check",
        "games/heist.dice",
        "--show",
        "total(banker)",
        "--plot",
        file,
    ])
}

/// Every writer, not only `fmt`'s, keeps the same guarantees: `--plot
/// FILE` at a FIFO (never opened: the run does not block) or at a link to
/// a device is refused, and at a link to a regular file writes the
/// target; `check --bless` refuses a read-only file and a hard-linked
/// one, and writes a linked file's target; a FIFO at a snapshot's name is
/// refused before it is read.
#[test]
fn every_writer_refuses_what_is_not_a_regular_file() {
    let dir = Scratch::new("writers");
    let fifo = dir.path("plot.svg");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let (code, stderr) = plot(&dir.arg("plot.svg"));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is a FIFO, not a regular file"), "{stderr}");
    std::os::unix::fs::symlink("/dev/null", dir.path("null.svg")).expect("symlink");
    let (code, stderr) = plot(&dir.arg("null.svg"));
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is a character device"), "{stderr}");
    std::fs::write(dir.path("chart.svg"), "old").expect("writes");
    std::os::unix::fs::symlink("chart.svg", dir.path("linked.svg")).expect("symlink");
    let (code, stderr) = plot(&dir.arg("linked.svg"));
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        read(&dir.path("chart.svg")).contains("<svg"),
        "the link's target is the chart"
    );
    assert!(std::fs::symlink_metadata(dir.path("linked.svg"))
        .expect("stat")
        .file_type()
        .is_symlink());

    // A rule file whose expect line --bless rewrites.
    let heist = read(&root().join("games/heist.dice"));
    let wrong = heist.replace(
        "expect house_edge(player) = 37/432",
        "expect house_edge(player) = 1/2",
    );
    assert_ne!(heist, wrong);
    let locked = dir.path("locked.dice");
    std::fs::write(&locked, &wrong).expect("writes");
    std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let (code, stderr) = run_unblocked(&["check", &dir.arg("locked.dice"), "--bless"]);
    assert_ne!(code, Some(0), "{stderr}");
    assert!(stderr.contains("is read-only"), "{stderr}");
    assert_eq!(read(&locked), wrong);
    let (a, b) = (dir.path("a.dice"), dir.path("b.dice"));
    std::fs::write(&a, &wrong).expect("writes");
    std::fs::hard_link(&a, &b).expect("links");
    let (code, stderr) = run_unblocked(&["check", &dir.arg("a.dice"), "--bless"]);
    assert_ne!(code, Some(0), "{stderr}");
    assert!(stderr.contains("has 2 hard links"), "{stderr}");
    assert_eq!(read(&a), wrong);
    std::fs::create_dir_all(dir.path("real")).expect("mkdir");
    std::fs::write(dir.path("real/g.dice"), &wrong).expect("writes");
    std::os::unix::fs::symlink("real/g.dice", dir.path("g.dice")).expect("symlink");
    let (code, stderr) = run_unblocked(&["check", &dir.arg("g.dice"), "--bless"]);
    assert_eq!(code, Some(0), "{stderr}");
    assert_eq!(
        read(&dir.path("real/g.dice")),
        heist,
        "the target is blessed"
    );
    assert!(std::fs::symlink_metadata(dir.path("g.dice"))
        .expect("stat")
        .file_type()
        .is_symlink());
    assert!(leftovers(&dir.0).is_empty(), "{:?}", leftovers(&dir.0));

    // A FIFO at a snapshot's name.
    std::fs::create_dir_all(dir.path("snaps")).expect("mkdir");
    let made = Command::new("mkfifo")
        .arg(dir.path("snaps/games__heist.snap"))
        .status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let (code, stderr) = run_unblocked(&[
        "check",
        "games/heist.dice",
        "--snapshots",
        &dir.arg("snaps"),
    ]);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(stderr.contains("is a FIFO, not a regular file"), "{stderr}");
}

#[test]
fn rule_files_that_would_share_a_snapshot_are_named_both() {
    let dir = Scratch::new("names");
    std::fs::create_dir_all(dir.path("rules")).expect("mkdir");
    let heist = read(&root().join("games/heist.dice"));
    std::fs::write(dir.path("rules/heist.dice"), &heist).expect("writes");
    std::fs::write(dir.path("rules__heist.dice"), &heist).expect("writes");
    let snaps = dir.arg("snaps");
    let out = run(
        &dir.0,
        &[
            "check",
            "rules/heist.dice",
            "rules__heist.dice",
            "--snapshots",
            &snaps,
            "--bless",
        ],
        b"",
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("rules/heist.dice and rules__heist.dice would share the snapshot"),
        "{}",
        out.stderr
    );
    // Across runs: the stored snapshot says whose it is.
    let out = run(
        &dir.0,
        &[
            "check",
            "rules/heist.dice",
            "--snapshots",
            &snaps,
            "--bless",
        ],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let out = run(
        &dir.0,
        &["check", "rules__heist.dice", "--snapshots", &snaps],
        b"",
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr
            .contains("was written for rules/heist.dice, not rules__heist.dice"),
        "{}",
        out.stderr
    );
    let out = run(
        &dir.0,
        &["check", "rules/heist.dice", "--snapshots", &snaps],
        b"",
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

/// Killed at every moment of a run that rewrites snapshots and an HTML
/// report over old ones: each file is, afterwards, its old contents or its
/// new ones whole, never empty or cut.
#[test]
fn a_run_killed_mid_write_leaves_every_file_old_or_whole() {
    let dir = Scratch::new("killed");
    let games = [
        "games/heist.dice",
        "games/quatorze.dice",
        "games/punto_banco.dice",
    ];
    // The files a whole run writes: snapshots, then an HTML report (one
    // run cannot ask for both).
    let whole = dir.arg("whole");
    let runs = |into: &str| -> [Vec<String>; 2] {
        let mut snapshots: Vec<String> = vec!["check".into()];
        snapshots.extend(games.iter().map(|g| g.to_string()));
        let mut html = snapshots.clone();
        snapshots.extend(["--snapshots".into(), into.to_string(), "--bless".into()]);
        html.extend(["--html".into(), into.to_string()]);
        [snapshots, html]
    };
    for args in runs(&whole) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = run(root(), &args, b"");
        assert_eq!(out.code, Some(0), "{}", out.stderr);
    }
    let names: Vec<String> = std::fs::read_dir(&whole)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.len() >= 7, "{names:?}");
    let old = b"old contents\n".to_vec();
    // Steps at which none, some and all of the files were written.
    let mut outcomes = [0; 3];
    for step in 0..40u64 {
        let target = dir.path("target");
        let _ = std::fs::remove_dir_all(&target);
        std::fs::create_dir_all(&target).unwrap();
        for name in &names {
            std::fs::write(target.join(name), &old).unwrap();
        }
        let target_arg = target.to_string_lossy().into_owned();
        for args in runs(&target_arg) {
            let mut child = as_a_user(&mut Command::new(env!("CARGO_BIN_EXE_dicerules")))
                .args(&args)
                .current_dir(root())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("runs");
            std::thread::sleep(Duration::from_millis(step * step / 8));
            let _ = child.kill();
            let _ = child.wait();
        }
        let mut written = 0;
        for name in &names {
            let now = bytes(&target.join(name));
            let new = bytes(&Path::new(&whole).join(name));
            assert!(
                now == old || now == new,
                "step {step}: {name} is neither old nor whole"
            );
            written += usize::from(now == new && now != old);
        }
        outcomes[usize::from(written > 0) + usize::from(written == names.len())] += 1;
    }
    // The kills landed on both sides of the writing: before any file was
    // written, and after some were (else the test tried nothing).
    assert!(
        outcomes[0] > 0 && outcomes[1] + outcomes[2] > 0,
        "none, some, all written: {outcomes:?}"
    );
}

#[test]
fn bless_of_a_standard_deviation_writes_a_figure_the_line_accepts() {
    let dir = Scratch::new("std-dev");
    let file = dir.path("heist.dice");
    let game = read(&root().join("games/heist.dice"));
    // The figure, then a byte-order mark kept through the rewrite.
    let text = format!("\u{feff}{game}\nexpect std_dev(player) ~ 1.3\nexpect std_dev(player) ~ 1 ± 0.0000001\nexpect std_dev(player) = 1\n");
    std::fs::write(&file, &text).expect("writes");
    let out = run(root(), &["check", &dir.arg("heist.dice"), "--bless"], b"");
    assert!(
        out.stdout.contains("blessed 2 line(s)"),
        "{}\n{}",
        out.stdout,
        out.stderr
    );
    assert!(
        out.stdout
            .contains("left: std_dev(player) = 1 (a square root that is not a fraction"),
        "{}",
        out.stdout
    );
    let blessed = bytes(&file);
    assert!(
        blessed.starts_with("\u{feff}".as_bytes()),
        "the byte-order mark is kept"
    );
    let blessed = String::from_utf8(blessed).unwrap();
    // Every byte but the two figures as before.
    let (a, b) = (text.lines().count(), blessed.lines().count());
    assert_eq!(a, b);
    let changed: Vec<(&str, &str)> = text
        .lines()
        .zip(blessed.lines())
        .filter(|(x, y)| x != y)
        .collect();
    assert_eq!(changed.len(), 2, "{changed:?}");
    // The variance of heist's player bet: a hand count. Net +2 with
    // probability 35/1296, +1 with 540/1296, -1 with 721/1296.
    let p = [
        (2.0, 35.0 / 1296.0),
        (1.0, 540.0 / 1296.0),
        (-1.0, 721.0 / 1296.0),
    ];
    let mean: f64 = p.iter().map(|(x, q)| x * q).sum();
    let var: f64 = p.iter().map(|(x, q)| (x - mean) * (x - mean) * q).sum();
    let sd = var.sqrt();
    let line = blessed
        .lines()
        .find(|l| l.starts_with("expect std_dev(player) ~ ") && !l.contains('±'))
        .unwrap();
    let written: f64 = line.rsplit(' ').next().unwrap().parse().unwrap();
    assert!((written - sd).abs() <= 0.05, "{line} vs {sd}");
    assert_eq!(line, format!("expect std_dev(player) ~ {sd:.1}"));
    let tight = blessed.lines().find(|l| l.contains('±')).unwrap();
    assert!(
        tight.starts_with(&format!("expect std_dev(player) ~ {sd:.7} ±")),
        "{tight} vs {sd}"
    );
    // Blessed once, the lines hold: a second bless changes nothing more.
    let again = run(root(), &["check", &dir.arg("heist.dice"), "--bless"], b"");
    assert!(!again.stdout.contains("->"), "{}", again.stdout);
    assert_eq!(bytes(&file), blessed.as_bytes());
}
