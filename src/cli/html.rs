//! `--html DIR` and `--plot FILE.svg` on the command line: the directory
//! made (or found) before any work, the report's files written into it at
//! the end, a chart written alone; what goes wrong a diagnostic pointing at
//! the argument, and exit 2. The pages themselves are the report layer's
//! ([`crate::report::html`]); the play and simulation data they draw is
//! gathered here from the play layer's types.

use std::path::{Path, PathBuf};

use miette::Diagnostic;
use thiserror::Error;

use super::diagnostics::render;
use crate::ast::Span;
use crate::number::Exact;
use crate::play::simulate::Simulation;
use crate::play::table::TableEvent;
use crate::report::html::{
    Beyond, Convergence, Files, Handover, Point, RoundChips, Running, Session,
};

/// Why a report or a chart could not be written.
#[derive(Debug, Error, Diagnostic)]
pub enum WriteError {
    /// `--html DIR` names something that is not a directory.
    #[error("{path} is not a directory: the HTML report is a directory of pages")]
    #[diagnostic(
        code(dice::html::not_a_directory),
        help("name a directory to create, or an existing one")
    )]
    NotADirectory {
        /// The argument.
        path: String,
        /// All of it.
        #[label("a file, not a directory")]
        span: Span,
    },
    /// The directory or a file could not be made or written.
    #[error("cannot write {what}: {why}")]
    #[diagnostic(code(dice::html::unwritable), help("choose a place you can write to"))]
    Unwritable {
        /// What could not be written (`report/index.html`).
        what: String,
        /// The system's reason.
        why: String,
        /// The argument.
        #[label("here")]
        span: Span,
    },
    /// `--plot` has nothing to draw.
    #[error("--plot has nothing to draw: {why}")]
    #[diagnostic(
        code(dice::plot::nothing),
        help("`check --plot FILE.svg` draws the first `--show NAME` distribution, or a sweep (`--set NAME=A..B`)")
    )]
    Nothing {
        /// Why.
        why: String,
        /// The argument.
        #[label("nothing to draw")]
        span: Span,
    },
}

/// The diagnostic rendered against the argument of `flag`.
pub fn shown(error: WriteError, flag: &str, argument: &str) -> String {
    render(error, flag, argument)
}

/// The span of a whole argument.
fn whole(argument: &str) -> Span {
    Span::new(0, argument.len())
}

/// Makes the report's directory (with its parents) unless it exists; an
/// error if it is a file or cannot be made. Called before any work, so
/// that a wrong `--html` costs nothing.
pub fn prepare(dir: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(dir);
    if path.exists() && !path.is_dir() {
        let error = WriteError::NotADirectory {
            path: dir.to_string(),
            span: whole(dir),
        };
        return Err(shown(error, "--html", dir));
    }
    std::fs::create_dir_all(&path).map_err(|e| {
        let error = WriteError::Unwritable {
            what: dir.to_string(),
            why: why(&e),
            span: whole(dir),
        };
        shown(error, "--html", dir)
    })?;
    Ok(path)
}

/// The system's reason, in the words `check` uses for files.
fn why(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::NotFound => "no such directory".to_string(),
        _ => e.to_string(),
    }
}

/// Writes the report's files into `dir` (made by [`prepare`]) through the
/// one writer ([`super::files`]: a symbolic link in `dir` is refused, a
/// page replaced whole or not at all); the rendered diagnostic of the
/// first that fails.
pub fn write(dir: &str, files: &Files) -> Result<(), String> {
    for (name, contents) in files {
        let path = Path::new(dir).join(name);
        super::files::write(&path, contents.as_bytes(), super::files::Name::InFolder).map_err(
            |refused| {
                let error = WriteError::Unwritable {
                    what: path.display().to_string(),
                    why: refused.why,
                    span: whole(dir),
                };
                shown(error, "--html", dir)
            },
        )?;
    }
    Ok(())
}

/// Writes a chart to `file` (`--plot`), through the one writer.
pub fn plot(file: &str, svg: &str) -> Result<(), String> {
    super::files::write(Path::new(file), svg.as_bytes(), super::files::Name::Named).map_err(
        |refused| {
            let error = WriteError::Unwritable {
                what: file.to_string(),
                why: refused.why,
                span: whole(file),
            };
            shown(error, "--plot", file)
        },
    )
}

/// `--plot` with nothing to draw.
pub fn nothing(file: &str, why: &str) -> String {
    let error = WriteError::Nothing {
        why: why.to_string(),
        span: whole(file),
    };
    shown(error, "--plot", file)
}

/// A simulation's running estimates, as the report draws them.
pub fn convergence(s: &Simulation) -> Convergence {
    let bets = s
        .bets
        .iter()
        .enumerate()
        .map(|(i, b)| Running {
            bet: b.bet.clone(),
            house_edge: b.house_edge.clone(),
            z: b.z,
            points: s
                .checkpoints
                .iter()
                .filter_map(|c| {
                    let e = c.bets.get(i)?;
                    Some(Point {
                        rounds: c.rounds,
                        estimate: e.house_edge_estimate.clone(),
                        ci95_percent: e.house_edge_ci95_percent,
                    })
                })
                .collect(),
        })
        .collect();
    Convergence {
        game: s.game.clone(),
        rounds: s.rounds,
        seed: s.seed,
        bets,
    }
}

/// The table rounds a `play --html` report keeps in detail by default
/// (`--html-rounds`): the rounds after them are summarised, so that the
/// report's memory and its page stay bounded however long the session.
/// Measured (release build, 4 seats): a page of 1,000 rounds is about
/// 700 KB; keeping every round of 100,000 took 240 MB and a 68 MB page.
pub const DEFAULT_HTML_ROUNDS: u64 = 1_000;

/// Gathers a session's chips from its events as they are sent: the first
/// `keep` table rounds in detail, the rest summarised ([`Beyond`]).
pub struct Recorder {
    session: Session,
    /// The chips of every seat now.
    chips: Vec<Exact>,
    /// The table round under way and its banker.
    round: Option<(u64, Option<usize>)>,
    /// The table rounds kept in detail.
    keep: u64,
}

impl Recorder {
    /// A recorder for a session of `game` from `seed`, keeping the first
    /// `keep` table rounds in detail.
    pub fn new(game: &str, seed: u64, keep: u64) -> Recorder {
        Recorder {
            session: Session {
                game: game.to_string(),
                seed,
                ..Session::default()
            },
            chips: Vec::new(),
            round: None,
            keep,
        }
    }

    /// The round under way, 0 before the first.
    fn now(&self) -> u64 {
        self.round.map_or(0, |(r, _)| r)
    }

    /// Whether the round under way is past those kept in detail.
    fn past(&self) -> bool {
        self.now() > self.keep
    }

    /// Ends the round under way: every seat's chips after it, kept, or
    /// summarised past the rounds kept.
    fn end_round(&mut self) {
        if let Some((round, banker)) = self.round.take() {
            let chips = RoundChips {
                round,
                banker,
                chips: self.chips.clone(),
            };
            if round <= self.keep {
                self.session.rounds.push(chips);
                return;
            }
            let beyond = self.beyond();
            beyond.rounds += 1;
            beyond.last = chips;
        }
    }

    /// Notes what happened in the round under way, or counts it past the
    /// rounds kept.
    fn note(&mut self, what: String) {
        if self.past() {
            self.beyond().notes += 1;
        } else {
            let now = self.now();
            self.session.notes.push((now, what));
        }
    }

    /// The summary of the rounds past those kept (the round under way is
    /// one of them).
    fn beyond(&mut self) -> &mut Beyond {
        let (round, banker) = self.round.unwrap_or((0, None));
        let chips = self.chips.clone();
        self.session.beyond.get_or_insert(Beyond {
            rounds: 0,
            handovers: 0,
            notes: 0,
            last: RoundChips {
                round,
                banker,
                chips,
            },
        })
    }

    /// Takes in one event of the session.
    pub fn see(&mut self, event: &TableEvent) {
        match event {
            TableEvent::Game {
                game_number,
                seat_chips,
                banker,
                ..
            } => {
                if *game_number == 1 && self.session.dealt.is_empty() {
                    self.session.dealt = seat_chips.clone();
                    self.session.first_banker = *banker;
                } else {
                    self.note(format!("game {game_number} starts: chips dealt again"));
                }
                self.chips = seat_chips.clone();
            }
            TableEvent::Round { round, banker } => {
                self.end_round();
                self.round = Some((*round, *banker));
            }
            TableEvent::Settle { seat, chips, .. } => {
                if let Some(c) = seat.checked_sub(1).and_then(|i| self.chips.get_mut(i)) {
                    *c = chips.clone();
                }
            }
            TableEvent::BankPasses { from, to } => {
                if self.past() {
                    self.beyond().handovers += 1;
                } else {
                    let round = self.now();
                    self.session.handovers.push(Handover {
                        round,
                        from: *from,
                        to: *to,
                    });
                }
            }
            TableEvent::BankerBroke { seat } => {
                self.note(format!("the banker, seat {seat}, cannot cover a bet"));
            }
            TableEvent::Leaves { seat } => self.note(format!("seat {seat} leaves the table")),
            TableEvent::House { total, .. } => self.session.house = total.clone(),
            TableEvent::Summary {
                seat_chips,
                house,
                reason,
                ..
            } => {
                self.chips = seat_chips.clone();
                self.end_round();
                self.session.house = house.clone();
                self.session.reason = reason.clone();
            }
            _ => {}
        }
    }

    /// The session gathered (a round still under way counted as ended).
    pub fn finish(mut self) -> Session {
        self.end_round();
        self.session
    }
}
