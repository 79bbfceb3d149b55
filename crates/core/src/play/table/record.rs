//! A session's history as its events tell it, for the HTML report
//! (`play --html`): every seat's chips after each table round, who banked
//! it, the bank's hand-overs and what else happened, in words; the first
//! rounds in detail and the rest summarised, so that a long session's
//! record stays bounded. Gathered on the table's one fold of its events
//! ([`Tally`]).

use super::tally::Tally;
use crate::number::Exact;
use crate::report::events::TableEvent;

/// The table rounds a `play --html` report keeps in detail by default
/// (`--html-rounds`): the rounds after them are summarised, so that the
/// report's memory and its page stay bounded however long the session.
/// Measured (release build, 4 seats): a page of 1,000 rounds is about
/// 700 KB; keeping every round of 100,000 took 240 MB and a 68 MB page.
pub const DEFAULT_HTML_ROUNDS: u64 = 1_000;

/// A session's history: the chips of every seat after every table round.
#[derive(Clone, Debug, Default)]
pub struct History {
    /// The game's name.
    pub game: String,
    /// The seed the session was played from.
    pub seed: u64,
    /// What each seat was dealt at the start, in seat order.
    pub dealt: Vec<Exact>,
    /// The seat banking at the start (from 1); `None` for the house.
    pub first_banker: Option<usize>,
    /// Every table round played, in order.
    pub rounds: Vec<RoundChips>,
    /// Each time the bank passed, in order.
    pub handovers: Vec<Handover>,
    /// What else happened, in words, with the round it happened in (0
    /// before the first): a seat leaving, a new game.
    pub notes: Vec<(u64, String)>,
    /// What the house took over the session.
    pub house: Exact,
    /// Why the session ended, when it did (`the rounds asked for were
    /// played`).
    pub reason: String,
    /// The rounds played after those kept in `rounds` (a session longer
    /// than the report keeps in detail), summarised.
    pub beyond: Option<Beyond>,
}

/// The table rounds of a session after those the report shows one by one:
/// how many, what happened in them (counted), and the chips at the end.
#[derive(Clone, Debug)]
pub struct Beyond {
    /// Table rounds played after those shown.
    pub rounds: u64,
    /// Hand-overs of the bank in them.
    pub handovers: u64,
    /// Other events in them (seats leaving, new games).
    pub notes: u64,
    /// The last of them: its banker and every seat's chips after it.
    pub last: RoundChips,
}

/// The chips of every seat after one table round.
#[derive(Clone, Debug)]
pub struct RoundChips {
    /// The table round's number, from 1.
    pub round: u64,
    /// The seat that banked it (from 1); `None` for the house.
    pub banker: Option<usize>,
    /// Every seat's chips after it, in seat order.
    pub chips: Vec<Exact>,
}

/// The bank passing from one seat to another.
#[derive(Clone, Debug)]
pub struct Handover {
    /// The table round it passed in (or after).
    pub round: u64,
    /// The banker until then (from 1).
    pub from: usize,
    /// The new banker (from 1).
    pub to: usize,
}

/// Gathers a session's history from its events as they are sent: the
/// first `keep` table rounds in detail, the rest summarised ([`Beyond`]).
pub struct Recorder {
    history: History,
    /// What the events have told so far.
    tally: Tally,
    /// The table round under way was ended (its chips recorded).
    ended: bool,
    /// The table rounds kept in detail.
    keep: u64,
}

impl Recorder {
    /// A recorder for a session of `game` from `seed`, keeping the first
    /// `keep` table rounds in detail.
    pub fn new(game: &str, seed: u64, keep: u64) -> Recorder {
        Recorder {
            history: History {
                game: game.to_string(),
                seed,
                ..History::default()
            },
            tally: Tally::default(),
            ended: true,
            keep,
        }
    }

    /// Whether the round under way is past those kept in detail.
    fn past(&self) -> bool {
        self.tally.round > self.keep
    }

    /// Ends the round under way: every seat's chips after it, kept, or
    /// summarised past the rounds kept.
    fn end_round(&mut self) {
        if std::mem::replace(&mut self.ended, true) {
            return;
        }
        let chips = RoundChips {
            round: self.tally.round,
            banker: self.tally.banker,
            chips: self.tally.chips.clone(),
        };
        if chips.round <= self.keep {
            self.history.rounds.push(chips);
            return;
        }
        let beyond = self.beyond();
        beyond.rounds += 1;
        beyond.last = chips;
    }

    /// Notes what happened in the round under way, or counts it past the
    /// rounds kept.
    fn note(&mut self, what: String) {
        if self.past() {
            self.beyond().notes += 1;
        } else {
            let now = self.tally.round;
            self.history.notes.push((now, what));
        }
    }

    /// The summary of the rounds past those kept (the round under way is
    /// one of them).
    fn beyond(&mut self) -> &mut Beyond {
        let last = RoundChips {
            round: self.tally.round,
            banker: self.tally.banker,
            chips: self.tally.chips.clone(),
        };
        self.history.beyond.get_or_insert(Beyond {
            rounds: 0,
            handovers: 0,
            notes: 0,
            last,
        })
    }

    /// Takes in one event of the session.
    pub fn see(&mut self, event: &TableEvent) {
        match event {
            TableEvent::Game { game_number, .. } => {
                let first = *game_number == 1 && self.tally.games == 0;
                self.tally.see(event);
                if !first {
                    self.note(format!("game {game_number} starts: chips dealt again"));
                }
            }
            TableEvent::Round { .. } => {
                self.end_round();
                self.tally.see(event);
                self.ended = false;
            }
            TableEvent::BankPasses { from, to } => {
                self.tally.see(event);
                if self.past() {
                    self.beyond().handovers += 1;
                } else {
                    let round = self.tally.round;
                    self.history.handovers.push(Handover {
                        round,
                        from: *from,
                        to: *to,
                    });
                }
            }
            TableEvent::BankerBroke { seat } => {
                self.tally.see(event);
                self.note(format!("the banker, seat {seat}, cannot cover a bet"));
            }
            TableEvent::Leaves { seat } => {
                self.tally.see(event);
                self.note(format!("seat {seat} leaves the table"));
            }
            TableEvent::Summary { .. } => {
                self.tally.see(event);
                self.end_round();
            }
            _ => self.tally.see(event),
        }
    }

    /// The session's history (a round still under way counted as ended).
    pub fn finish(mut self) -> History {
        self.end_round();
        self.history.dealt = std::mem::take(&mut self.tally.dealt);
        self.history.first_banker = self.tally.first_banker;
        self.history.house = std::mem::take(&mut self.tally.house);
        self.history.reason = self
            .tally
            .ended
            .take()
            .map(|(_, why)| why)
            .unwrap_or_default();
        self.history
    }
}
