//! Running the real binary as a user meets it: colour off, every stream
//! captured, killed after [`TIME_LIMIT`] (a hang is a failure, not a wait).
//! Every test that runs `dicerules` runs it through here.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How long a run may take before it is killed.
pub const TIME_LIMIT: Duration = Duration::from_secs(60);

/// How a run of the binary ended: its exit code (`None` when it was killed)
/// and what it printed (bytes that are not UTF-8 replaced).
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The run as a user reads it, the form of the command line's snapshots:
    /// the command, the exit code, stdout and stderr.
    pub fn transcript(&self, args: &[&str]) -> String {
        let code = self
            .code
            .map_or("none (killed: it hung)".to_string(), |c| c.to_string());
        format!(
            "$ dicerules {}\nexit: {code}\n--- stdout\n{}--- stderr\n{}",
            args.join(" "),
            self.stdout,
            self.stderr
        )
    }
}

/// The crate root, where most runs start (so that paths such as
/// `games/heist.dice` read as in the README).
pub fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Sets what a user's terminal would not: colour off, no backtraces, no
/// width to fit tables to (stdout is a pipe); a UTF-8 terminal, whatever
/// the machine running the tests says (cards are named `Q♠`).
pub fn as_a_user(command: &mut Command) -> &mut Command {
    command
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C.UTF-8")
        .env_remove("COLUMNS")
        .env_remove("CLICOLOR_FORCE")
        .env_remove("FORCE_COLOR")
        .env_remove("RUST_BACKTRACE")
}

/// `dicerules ARGS` in `dir`, as a user runs it; the caller chooses the
/// streams and spawns it (and waits with [`wait`]).
pub fn command(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_dicerules"));
    command.args(args).current_dir(dir);
    as_a_user(&mut command);
    command
}

/// Runs `dicerules ARGS` in `dir` with `stdin` as its input.
pub fn run(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    run_within(dir, args, stdin, TIME_LIMIT)
}

/// How long a run over every shipped game may take before it is killed:
/// caribbean stud alone takes about three minutes in the tests' build.
pub const GAMES_TIME_LIMIT: Duration = Duration::from_secs(15 * 60);

/// [`run`], killed after `limit` rather than [`TIME_LIMIT`].
pub fn run_within(dir: &Path, args: &[&str], stdin: &[u8], limit: Duration) -> Run {
    run_command_within(command(dir, args), stdin, limit)
}

/// Runs `command` (of [`command`], its environment changed) with `stdin`
/// as its input.
pub fn run_command(command: Command, stdin: &[u8]) -> Run {
    run_command_within(command, stdin, TIME_LIMIT)
}

/// [`run_command`], killed after `limit`.
fn run_command_within(mut command: Command, stdin: &[u8], limit: Duration) -> Run {
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the dicerules binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = read_all(child.stdout.take().expect("stdout is piped"));
    let err = read_all(child.stderr.take().expect("stderr is piped"));
    let status = wait_within(&mut child, limit);
    let _ = writer.join();
    Run {
        code: status.and_then(|s| s.code()),
        stdout: out.join().unwrap_or_default(),
        stderr: err.join().unwrap_or_default(),
    }
}

/// Reads a stream to its end on a thread of its own.
pub fn read_all(mut stream: impl Read + Send + 'static) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    })
}

/// Waits for `child` at most [`TIME_LIMIT`]; `None` when it had to be
/// killed.
pub fn wait(child: &mut Child) -> Option<ExitStatus> {
    wait_within(child, TIME_LIMIT)
}

/// [`wait`], at most `limit`.
fn wait_within(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let started = Instant::now();
    loop {
        if let Some(status) = child.try_wait().expect("waiting on dicerules") {
            return Some(status);
        }
        if started.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// `dicerules ARGS` from the crate's root, which exits 0: its stdout.
pub fn stdout(args: &[&str]) -> String {
    let out = run(root(), args, b"");
    assert_eq!(out.code, Some(0), "{args:?}: {}", out.stderr);
    out.stdout
}

/// A fresh, empty directory for the case `case` of the test module
/// `module`, under `target/tmp/MODULE/`.
pub fn scratch(module: &str, case: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(module)
        .join(case);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `dicerules ARGS --format json`, run from the crate's root, which exits
/// 0: its document.
pub fn json(args: &[&str]) -> serde_json::Value {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = run(root(), &all, b"");
    assert_eq!(out.code, Some(0), "{all:?}: {}", out.stderr);
    serde_json::from_str(&out.stdout).expect("JSON")
}

/// An exact number as the reports write it, `n/d` or `n`, as a fraction.
pub fn exact(text: &str) -> num_rational::BigRational {
    match text.split_once('/') {
        Some((n, d)) => {
            num_rational::BigRational::new(n.parse().expect("n"), d.parse().expect("d"))
        }
        None => num_rational::BigRational::from_integer(text.parse().expect("n")),
    }
}
