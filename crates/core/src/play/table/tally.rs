//! The one fold of a table's events: what a session's events have told so
//! far (every seat's chips and nets, the round under way and its banker,
//! the first bank's tenure, the house's take, the session's end). Whatever
//! follows a session from its events reads it: the history the HTML report
//! draws ([`super::record`]), the exact session's steps (`session`) and
//! the sessions played for estimates (`session::sampled`).

use crate::number::Exact;
use crate::report::events::TableEvent;

/// What the events of a session have told so far. Seats are numbered from
/// 1, as the events number them; index `i` of a list is seat `i + 1`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Events seen since the start or the last [`Tally::clear`].
    pub events: u64,
    /// Games dealt: the first, and each new game dealing the chips again.
    pub games: u64,
    /// The chips each seat was dealt by the first game.
    pub dealt: Vec<Exact>,
    /// The seat banking the first game; `None` for the house.
    pub first_banker: Option<usize>,
    /// The table round under way, 0 before the first.
    pub round: u64,
    /// Its banker; `None` for the house.
    pub banker: Option<usize>,
    /// Every seat's chips now.
    pub chips: Vec<Exact>,
    /// Every seat's settlements summed since the start or the last
    /// [`Tally::clear`] (as many seats as [`Tally::new`] was given).
    pub nets: Vec<Exact>,
    /// The round in which the first bank stopped holding (the bank passed,
    /// or a new game was dealt); `None` while it holds.
    pub first_bank_until: Option<u64>,
    /// The first banker's settlements summed while it held the bank.
    pub held_net: Exact,
    /// The first round in which a banker could not cover a bet.
    pub first_broke: Option<u64>,
    /// Whether the bank passed or a game was dealt since the start or the
    /// last [`Tally::clear`].
    pub bank_moved: bool,
    /// Whether a banker could not cover a bet since the start or the last
    /// [`Tally::clear`].
    pub banker_broke: bool,
    /// What the house took since the session started.
    pub house: Exact,
    /// The session's end, when it came: the table rounds played and why.
    pub ended: Option<(u64, String)>,
}

impl Tally {
    /// The tally of a session of `seats` seats, before its first event.
    pub fn new(seats: usize) -> Tally {
        Tally {
            nets: vec![Exact::zero(); seats],
            ..Tally::default()
        }
    }

    /// Counts the events, the nets, the bank's moves and a broke banker
    /// afresh (the exact session's steps each count their own).
    pub fn clear(&mut self) {
        self.events = 0;
        self.bank_moved = false;
        self.banker_broke = false;
        self.nets.iter_mut().for_each(|n| *n = Exact::zero());
    }

    /// Takes in one event of the session.
    pub fn see(&mut self, event: &TableEvent) {
        self.events += 1;
        let held = self.first_bank_until.is_none();
        match event {
            TableEvent::Game {
                seat_chips, banker, ..
            } => {
                self.games += 1;
                self.bank_moved = true;
                if self.games == 1 {
                    self.dealt.clone_from(seat_chips);
                    self.first_banker = *banker;
                } else if held {
                    self.first_bank_until = Some(self.round);
                }
                self.chips.clone_from(seat_chips);
            }
            TableEvent::Round { round, banker } => {
                self.round = *round;
                self.banker = *banker;
            }
            TableEvent::BankPasses { .. } => {
                self.bank_moved = true;
                if held {
                    self.first_bank_until = Some(self.round);
                }
            }
            TableEvent::BankerBroke { .. } => {
                self.banker_broke = true;
                self.first_broke.get_or_insert(self.round);
            }
            TableEvent::Settle {
                seat, net, chips, ..
            } => {
                let Some(s) = seat.checked_sub(1) else {
                    return;
                };
                if let Some(n) = self.nets.get_mut(s) {
                    *n = &*n + net;
                }
                if let Some(c) = self.chips.get_mut(s) {
                    c.clone_from(chips);
                }
                if held && self.first_banker == Some(*seat) {
                    self.held_net = &self.held_net + net;
                }
            }
            TableEvent::House { total, .. } => self.house.clone_from(total),
            TableEvent::Summary {
                rounds,
                seat_chips,
                house,
                reason,
            } => {
                self.chips.clone_from(seat_chips);
                self.house.clone_from(house);
                self.ended = Some((*rounds, reason.clone()));
            }
            _ => {}
        }
    }
}
