//! The evaluation of open files, on a thread of its own, so that the
//! server answers hover, completion and the rest from the last syntax tree
//! and the last finished evaluation while a slow file evaluates.
//!
//! One file is evaluated at a time, the latest text of each file queued
//! once: a change replaces the text waiting for that file, and cancels the
//! evaluation running for it, through the cancel flag of
//! [`Limits::cancel`] that the exact evaluator reads at each new state.
//! What a cancelled evaluation found is never handed over; a finished one
//! goes back to the server's inbox, where the server publishes it only if
//! its text is still the file's.

use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex, MutexGuard, PoisonError};

use lsp_types::Uri;
use miette::Diagnostic;

use super::{capped, figure_key, Incoming};
use crate::cli::diagnostics::entry;
use crate::report::{BetReport, DiagnosticEntry, Verdict};
use crate::{ast, Game, Limits, Options};

/// Set to stop the evaluation running: the worker evaluates one text at a
/// time, so one flag serves, reset (under the queue's lock) as each
/// evaluation starts.
static CANCEL: AtomicBool = AtomicBool::new(false);

/// A checked text to evaluate.
pub struct Job {
    pub uri: Uri,
    /// The server's number for the text: the result is published only if
    /// the file still has it.
    pub serial: u64,
    /// The file's name in diagnostics.
    pub name: String,
    pub game: Game,
}

/// What an evaluation found.
pub struct Evaluated {
    pub uri: Uri,
    pub serial: u64,
    /// The lint findings and failed `expect` lines, capped; or the error
    /// that stopped the evaluation.
    pub entries: Vec<DiagnosticEntry>,
    /// The figures, when the evaluation finished.
    pub figures: Option<Figures>,
}

/// The figures of an evaluation that hover shows.
#[derive(Clone, Debug)]
pub struct Figures {
    /// The version of the text they were computed for.
    pub version: i32,
    pub bets: Vec<BetReport>,
    /// Each `expect` and `claim` line's verdict, by its figure as written
    /// ([`figure_key`]).
    pub lines: Vec<(String, Verdict)>,
}

/// The queue and the evaluation running.
#[derive(Default)]
struct State {
    queue: VecDeque<(Job, i32)>,
    /// The file whose text is being evaluated.
    running: Option<Uri>,
}

/// The handle of the evaluating thread.
pub struct Worker {
    shared: Arc<(Mutex<State>, Condvar)>,
}

impl Worker {
    /// Starts the thread; what it finds goes to `done`.
    pub fn spawn(done: mpsc::SyncSender<Incoming>) -> Worker {
        let shared = Arc::new((Mutex::new(State::default()), Condvar::new()));
        let theirs = Arc::clone(&shared);
        std::thread::spawn(move || work(&theirs, &done));
        Worker { shared }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared.0.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Queues `job` (of the text of `version`) in place of any text of its
    /// file waiting, and cancels the file's evaluation running.
    pub fn submit(&self, job: Job, version: i32) {
        let mut state = self.state();
        stop(&mut state, &job.uri);
        state.queue.push_back((job, version));
        self.shared.1.notify_one();
    }

    /// Forgets the text of `uri` waiting, and cancels its evaluation.
    pub fn cancel(&self, uri: &Uri) {
        stop(&mut self.state(), uri);
    }

    /// Forgets every text waiting, and cancels the evaluation running.
    pub fn cancel_all(&self) {
        let mut state = self.state();
        state.queue.clear();
        if state.running.is_some() {
            CANCEL.store(true, Ordering::Relaxed);
        }
    }
}

fn stop(state: &mut State, uri: &Uri) {
    state.queue.retain(|(job, _)| job.uri != *uri);
    if state.running.as_ref() == Some(uri) {
        CANCEL.store(true, Ordering::Relaxed);
    }
}

/// The thread: evaluates each text queued, until the server is gone.
fn work(shared: &(Mutex<State>, Condvar), done: &mpsc::SyncSender<Incoming>) {
    let lock = || shared.0.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        let (job, version) = {
            let mut state = lock();
            loop {
                if let Some(next) = state.queue.pop_front() {
                    state.running = Some(next.0.uri.clone());
                    CANCEL.store(false, Ordering::Relaxed);
                    break next;
                }
                state = shared.1.wait(state).unwrap_or_else(PoisonError::into_inner);
            }
        };
        let (uri, serial, name) = (job.uri.clone(), job.serial, job.name.clone());
        // A panic is a bug of the evaluator: the file gets a diagnostic
        // saying so (the panic's message is on stderr, the client's log),
        // and the next file is evaluated.
        let evaluated = std::panic::catch_unwind(AssertUnwindSafe(|| evaluate(job, version)))
            .unwrap_or_else(|_| {
                let message =
                    "internal error: the evaluation of this file failed; please report it as a bug";
                let at = crate::report::Location::WHOLE_FILE;
                let entry = DiagnosticEntry::new(
                    "error",
                    "dice::eval::internal",
                    message.to_string(),
                    &name,
                    at,
                );
                Evaluated {
                    uri,
                    serial,
                    entries: vec![entry],
                    figures: None,
                }
            });
        let cancelled = {
            let mut state = lock();
            state.running = None;
            CANCEL.load(Ordering::Relaxed)
        };
        if !cancelled && done.send(Incoming::Evaluated(Box::new(evaluated))).is_err() {
            return;
        }
    }
}

/// Evaluates a text as `check` does (within its bound on the tables of a
/// session), linted.
fn evaluate(job: Job, version: i32) -> Evaluated {
    let Job {
        uri,
        serial,
        name,
        game,
    } = job;
    let options = Options {
        lint: true,
        max_tables: Some(crate::session::CHECK_TABLES as usize),
        limits: Limits {
            cancel: Some(&CANCEL),
            ..Limits::default()
        },
        ..Options::default()
    };
    let text = game.source.clone();
    let (entries, figures) = match game.analyse(&options) {
        Ok(analysis) => {
            let failures = crate::render::failures::failures_of(&analysis);
            let found = (analysis.lints.iter())
                .map(|l| (l as &dyn Diagnostic, "warning"))
                .chain(failures.iter().map(|f| (f as &dyn Diagnostic, "error")));
            let entries = capped(found, &name, &text);
            let items = &analysis.game.file.items;
            let expects = items.iter().filter_map(|item| match item {
                ast::Item::Expect(e) => Some(figure_key(&text, &e.quantity, &e.with, &e.at)),
                _ => None,
            });
            let claims = items.iter().filter_map(|item| match item {
                ast::Item::Claim(c) => Some(figure_key(&text, &c.quantity, &c.with, &c.at)),
                _ => None,
            });
            let report = analysis.report;
            let lines = (expects.zip(report.expects))
                .chain(claims.zip(report.claims))
                .collect();
            let figures = Figures {
                version,
                bets: report.bets,
                lines,
            };
            (entries, Some(figures))
        }
        Err(e) => (vec![entry(&e, &name, &text, "error")], None),
    };
    Evaluated {
        uri,
        serial,
        entries,
        figures,
    }
}
