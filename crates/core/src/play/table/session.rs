//! The session: table rounds until one of its endings, each event sent to
//! the transcript's sink (which answers with a [`Flow`]), and one round of
//! the game played for the bets placed and settled.

use std::fmt;

use std::cell::RefCell;

use super::money::chips;
use super::paths::{Fork, Out, PathSource, Seats, Shared};
use super::seat::{Placed, Seat};
use super::{send, Flow, Table, TableError, TableEvent};
use crate::number::Exact;
use crate::play::round::Event;
use crate::play::strategy::Automatic;

impl<'p, 'e> Table<'p, 'e> {
    /// Plays the session; the summary is the last event, unless the sink
    /// asked to stop.
    pub fn run(&mut self) -> Result<(), TableError> {
        self.new_game(0);
        let mut played = 0;
        // The table at the start of each round since a bet was last settled
        // or the person last asked: a table back where it was would go
        // round so forever, throwing no dice.
        let mut seen: Vec<Snapshot> = Vec::new();
        let mut moved = (self.settled, self.questions);
        let ending = loop {
            match self.flow {
                Flow::Stop => return Ok(()),
                Flow::Interrupt => break Ending::Interrupted,
                Flow::Continue => {}
            }
            if let Some(why) = self.unplayable.take() {
                break why;
            }
            if played == self.options.rounds {
                break Ending::Played;
            }
            if self.ended {
                break Ending::InputEnded;
            }
            if self.too_few_seats() {
                break Ending::TooFewSeats;
            }
            if moved != (self.settled, self.questions) {
                moved = (self.settled, self.questions);
                seen.clear();
            }
            let now = self.snapshot();
            if seen.contains(&now) {
                break Ending::CameBack;
            }
            seen.push(now);
            played += 1;
            self.emit(TableEvent::Round {
                round: played,
                banker: self.banker,
            });
            self.table_round()?;
        };
        self.emit(TableEvent::Summary {
            rounds: played,
            seat_chips: self.seats.iter().map(|s| s.chips.clone()).collect(),
            house: self.house.clone(),
            reason: ending.to_string(),
        });
        Ok(())
    }

    /// Whether fewer seats play than a round needs: two with a seat
    /// banking (the bank and a punter), one with the house.
    pub(super) fn too_few_seats(&self) -> bool {
        let needed = if self.banker.is_some() { 2 } else { 1 };
        self.seats.iter().filter(|s| s.playing).count() < needed
    }

    /// What decides the next table round, when no dice are thrown.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            seats: self.seats.clone(),
            banker: self.banker,
            named_limit: self.named_limit,
            first: self.first,
        }
    }

    /// Emits an event, seats numbered from 1 as the table calls them.
    pub(super) fn emit(&mut self, event: TableEvent) {
        send(&mut *self.sink, &mut self.flow, event);
    }

    /// Plays one table round for `placed` and settles it: once per path of
    /// seats whose choices differ (`paths`), every path from the round's
    /// random state; `(whether the banker lost a bet, the outcome of the
    /// first bet's path)`.
    pub(super) fn play(
        &mut self,
        placed: &[Placed],
        banker: Option<usize>,
    ) -> Result<(bool, Option<usize>), TableError> {
        // The exact session gives the run's ending instead of playing it.
        if let Some(ends) = self.scripted(placed)? {
            return self.settle(placed, banker, &ends);
        }
        let program = self.program;
        let person_seat = self.options.person.filter(|_| self.person.is_some());
        let start = self.rng.clone();
        // Where each seat has a hand of its own, each seat plays the round
        // in turn, seat by seat, against the table's cards (the dealer's
        // hand played out in the first seat's run: the person's seat runs
        // first, so that the person sees none of the dealer's cards before
        // choosing); else one run for every seat, parting where their
        // choices differ.
        // Dealing to a cut card: a new shoe where it has come out, and the
        // cards left saved, for a fork to replay the round from them.
        self.round.shuffle_at_cut();
        if let Some(cards) = self.round.shuffled().filter(|_| self.options.cut.is_some()) {
            send(
                &mut *self.sink,
                &mut self.flow,
                TableEvent::Shuffle { shoe_cards: cards },
            );
        }
        let saved = self.options.cut.map(|_| self.round.saved_shoes());
        let mut after_first = None;
        let seat_hands = self.round.start_seat_hands();
        let mut pending = if seat_hands {
            let mut seats = Fork::all(placed).seats;
            if let Some(i) = seats.iter().position(|&s| Some(s) == person_seat) {
                let person = seats.remove(i);
                seats.insert(0, person);
            }
            (seats.iter().rev())
                .map(|&seat| Fork {
                    seats: vec![seat],
                    chose: Vec::new(),
                    forced: Vec::new(),
                })
                .collect()
        } else {
            vec![Fork::all(placed)]
        };
        let mut shared = Shared::new();
        // Each path's ending: its seats, outcome and final values.
        let mut ends: Vec<PathEnd> = Vec::new();
        while let Some(path) = pending.pop() {
            // The first run goes on with the table's generator; a fork
            // replays the round's dice and cards from where they started.
            let mut replay = start.clone();
            let forked = !(ends.is_empty() || seat_hands);
            let dice = if forked { &mut replay } else { &mut self.rng };
            if let (true, Some(saved)) = (forked, &saved) {
                self.round.restore_shoes(saved);
            }
            if seat_hands {
                send(
                    &mut *self.sink,
                    &mut self.flow,
                    TableEvent::Part {
                        path_seats: path.seats.clone(),
                    },
                );
            }
            let out = RefCell::new(Out {
                sink: &mut *self.sink,
                flow: &mut self.flow,
                muted: !path.forced.is_empty(),
            });
            let mut source = PathSource {
                dice: Automatic {
                    rng: dice,
                    strategy: &self.strategy,
                },
                choices: &mut self.choice_rng,
                strategy: &self.strategy,
                table: Seats {
                    program,
                    placed,
                    banker,
                    largest: program.banking.largest_stake_chooses,
                    person_seat,
                },
                person: self.person.as_deref_mut(),
                ended: &mut self.ended,
                out: &out,
                path,
                made: Vec::new(),
                forks: Vec::new(),
                shared: &mut shared,
                met: Shared::new(),
            };
            // The round's events go out as they happen: a round of many
            // throws is never held in memory. The choices are told by the
            // source, which knows who made them.
            let mut record = |e: Event| {
                if let Some(event) = round_event(e) {
                    out.borrow_mut().send(event);
                }
            };
            let ended = self.round.play(&mut source, Some(&mut record))?;
            let outcome = ended.unwrap_or(None);
            let (seats, forks) = (source.path.seats, source.forks);
            let mut out = out.into_inner();
            out.muted = false;
            out.send(TableEvent::End {
                outcome: outcome.map(|o| program.outcomes[o].name.clone()),
            });
            if saved.is_some() && ends.is_empty() && !seat_hands {
                after_first = Some(self.round.saved_shoes());
            }
            ends.push((seats, outcome, self.round.finals().collect()));
            pending.extend(forks);
        }
        // The shoe goes on from the first run's cards, as the dice do.
        if let Some(first) = &after_first {
            self.round.restore_shoes(first);
        }
        for turned in self.round.end_seat_hands() {
            if let Some(event) = round_event(turned) {
                send(&mut *self.sink, &mut self.flow, event);
            }
        }
        self.settle(placed, banker, &ends)
    }

    /// Settles `placed` by how each seat's path ended (`ends`); as
    /// [`Table::play`] returns.
    fn settle(
        &mut self,
        placed: &[Placed],
        banker: Option<usize>,
        ends: &[PathEnd],
    ) -> Result<(bool, Option<usize>), TableError> {
        let program = self.program;
        let ending = |seat: usize| {
            ends.iter()
                .find(|(seats, ..)| seats.contains(&seat))
                .or(ends.first())
                .map(|(_, outcome, values)| (*outcome, values))
        };
        let first = placed.first().and_then(|p| ending(p.seat));
        let outcome = first.and_then(|(o, _)| o);
        let mut house = Exact::zero();
        let mut banker_net = Exact::zero();
        let mut banker_lost = false;
        for p in placed {
            let Some((outcome, values)) = ending(p.seat) else {
                continue;
            };
            let bet = &program.bets[p.bet];
            let payout = bet
                .payout(outcome, values)
                .ok_or_else(|| TableError::Unsettled {
                    bet: bet.name.clone(),
                    bank: false,
                    span: bet.span,
                })?;
            let mut net = &chips(p.stake) * &payout.net;
            let mut label = payout.label.clone();
            // A bank that covers every bet pays no more than it holds.
            if let (Some(b), true) = (banker, self.banking().covers_every_bet) {
                let holds = &self.seats[b].chips + &banker_net;
                if net > holds {
                    net = holds;
                    label.push_str(", all the bank holds");
                }
            }
            banker_lost |= net.is_positive();
            self.seats[p.seat].chips = &self.seats[p.seat].chips + &net;
            self.emit(TableEvent::Settle {
                seat: p.seat,
                bet: bet.name.clone(),
                payout: label,
                net: net.clone(),
                chips: self.seats[p.seat].chips.clone(),
            });
            // What the punter won, the bank pays; with a bet of its own,
            // the bank is settled by it and the house keeps the rest.
            let bank_side = match (banker, self.banking().bank_bets) {
                (Some(_), Some(b)) => {
                    let own = &program.bets[b];
                    let own = own
                        .payout(outcome, values)
                        .ok_or_else(|| TableError::Unsettled {
                            bet: own.name.clone(),
                            bank: true,
                            span: own.span,
                        })?;
                    &chips(p.stake) * &own.net
                }
                _ => -&net,
            };
            house = &house - &(&net + &bank_side);
            banker_net = &banker_net + &bank_side;
        }
        match banker {
            Some(b) => {
                self.seats[b].chips = &self.seats[b].chips + &banker_net;
                let bet = self
                    .banking()
                    .bank_bets
                    .map_or("bank".to_string(), |x| program.bets[x].name.clone());
                self.emit(TableEvent::Settle {
                    seat: b,
                    bet,
                    payout: "bank".to_string(),
                    net: banker_net,
                    chips: self.seats[b].chips.clone(),
                });
            }
            None => house = &house + &banker_net,
        }
        if !house.is_zero() || banker.is_none() {
            self.house = &self.house + &house;
            self.emit(TableEvent::House {
                net: house,
                total: self.house.clone(),
            });
        }
        self.settled += placed.len() as u64;
        debug_assert_eq!(
            self.ledger
                .audit(self.seats.iter().map(|s| &s.chips), &self.house),
            Ok(()),
            "money is not sound after settling {placed:?}"
        );
        Ok((banker_lost, outcome))
    }
}

/// How a path of a table round ended: its seats, outcome and final values.
pub(super) type PathEnd = (Vec<usize>, Option<usize>, Vec<Option<i64>>);

/// Why a session ends: its summary's reason.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Ending {
    /// The sink asked for the end (Ctrl-C).
    Interrupted,
    /// `Options::rounds` were played.
    Played,
    /// The person's input ended.
    InputEnded,
    /// Fewer seats have chips to bet than a round needs.
    TooFewSeats,
    /// The table came back to where it was at the start of an earlier
    /// round with no bet settled and no one asked: it would go round so
    /// for ever.
    CameBack,
    /// A bankrupt banker starts a new game, and the bank every game deals
    /// cannot cover the smallest bet, which can cost it `cost`.
    NeverCovered { bank_chips: u64, cost: Exact },
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Interrupted => write!(f, "the session was interrupted"),
            Ending::Played => write!(f, "the rounds asked for were played"),
            Ending::InputEnded => write!(f, "the input ended"),
            Ending::TooFewSeats => write!(f, "too few seats have chips to play"),
            Ending::CameBack => write!(
                f,
                "no round can be played: the table came back to where it was with no bet settled"
            ),
            Ending::NeverCovered { bank_chips, cost } => write!(
                f,
                "no round can be played: a bank of {bank_chips} chips cannot cover the smallest \
                 bet, which can cost it {}, and every new game deals the same",
                cost.decimal()
            ),
        }
    }
}

/// The table at the start of a round, as far as it decides the round when
/// no dice are thrown and no one is asked.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    seats: Vec<Seat>,
    banker: Option<usize>,
    named_limit: Option<u64>,
    first: usize,
}

/// The table's event for an event of the round: a throw or a draw; the
/// choices are told by the round's source, the end by the table.
pub(super) fn round_event(e: Event) -> Option<TableEvent> {
    Some(match e {
        Event::Throw {
            name,
            faces,
            attempt,
            accepted,
        } => TableEvent::Throw {
            name,
            faces,
            attempt,
            accepted,
        },
        // Cards dealt face down are told as dealt, and shown when turned up.
        Event::Draw {
            name,
            face_down: true,
            ..
        } => TableEvent::Draw {
            name,
            cards: Vec::new(),
            names: Vec::new(),
            face_down: true,
        },
        Event::Draw {
            name,
            values,
            cards,
            face_down: false,
        } => TableEvent::Draw {
            name,
            cards: values,
            names: card_names(&cards),
            face_down: false,
        },
        Event::TurnUp {
            name,
            values,
            cards,
        } => TableEvent::TurnUp {
            name,
            cards: values,
            names: card_names(&cards),
        },
        Event::Choose { .. } | Event::End { .. } => return None,
    })
}

/// Cards as players name them (`Q♠`).
fn card_names(cards: &[crate::program::card::Card]) -> Vec<String> {
    cards
        .iter()
        .map(|c| c.name(true).unwrap_or_default())
        .collect()
}
