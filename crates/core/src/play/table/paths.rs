//! Each seat decides for itself: one round of the game played for several
//! seats whose choices may differ, with the table's dice and cards.
//!
//! A table round is played once per *path*: a group of seats that made the
//! same choices so far. The first run is for every seat; at each choice of
//! a bet that seats of the run are on, each of them chooses (an automatic
//! seat by the solved strategy, the person by being asked; with `choices
//! by the largest stake`, the largest stake on the bet for all of them), and
//! where they differ the path *parts*: the run goes on with the group of the
//! first seat, and each other group is a fork, run later from the start of
//! the round with the choices of its path replayed. Every run draws its dice
//! and cards from the same random state, the one the table round started
//! with, so all paths see the same throws and cards in the same order until
//! they part, and the same later ones wherever both deal them; the choices
//! draw from a generator of their own, so no choice moves a card. A seat
//! whose bet makes no choice there follows the first group. The bank's own
//! bet (`bank bets B`) is decided by the bank seat, and a side nobody on the
//! path bets on by the strategy: one hand for every path, so such a choice,
//! made after the paths parted, is made once for each time its decision is
//! met knowing the same, and the other paths take it too.
//!
//! The transcript says each event once: a replayed run is silent until its
//! fork, where a [`TableEvent::Part`] names the path's seats before its
//! choice; every event of a round belongs to the seats of the latest `part`
//! (every seat before the first).

use std::cell::RefCell;
use std::collections::BTreeMap;

use rand_xoshiro::Xoshiro256PlusPlus;

use super::seat::{ask, Placed};
use super::{send, Flow, Person, TableError, TableEvent};
use crate::play::round::Source;
use crate::play::strategy::{Automatic, Strategy};
use crate::program::Program;

/// A path still to run: its seats, those who made its last choice, and
/// every choice of the path up to and including the one where it parted.
#[derive(Clone, Debug)]
pub(super) struct Fork {
    pub(super) seats: Vec<usize>,
    pub(super) chose: Vec<usize>,
    pub(super) forced: Vec<i64>,
}

impl Fork {
    /// The first run: every seat of `placed`, nothing forced.
    pub(super) fn all(placed: &[Placed]) -> Fork {
        let mut seats: Vec<usize> = Vec::new();
        for p in placed {
            if !seats.contains(&p.seat) {
                seats.push(p.seat);
            }
        }
        Fork {
            seats,
            chose: Vec::new(),
            forced: Vec::new(),
        }
    }
}

/// The transcript while a round runs, shared by the round's events and its
/// choices: silent while a fork replays what was already told.
pub(super) struct Out<'s> {
    pub(super) sink: &'s mut dyn FnMut(TableEvent) -> Flow,
    pub(super) flow: &'s mut Flow,
    pub(super) muted: bool,
}

impl Out<'_> {
    pub(super) fn send(&mut self, event: TableEvent) {
        if !self.muted {
            send(&mut *self.sink, self.flow, event);
        }
    }
}

/// What the choices of one run need from the table.
pub(super) struct Seats<'a> {
    pub(super) program: &'a Program,
    pub(super) placed: &'a [Placed],
    pub(super) banker: Option<usize>,
    /// `choices by the largest stake`.
    pub(super) largest: bool,
    /// The seat the person plays, if a person is at the table.
    pub(super) person_seat: Option<usize>,
}

/// The dice, cards and choices of one run of a table round.
pub(super) struct PathSource<'a, 's, 'e> {
    /// The table's dice and cards (a copy of the round's starting state for
    /// a fork).
    pub(super) dice: Automatic<'a, &'a mut Xoshiro256PlusPlus>,
    /// What automatic choices draw from.
    pub(super) choices: &'a mut Xoshiro256PlusPlus,
    pub(super) strategy: &'a Strategy,
    pub(super) table: Seats<'a>,
    pub(super) person: Option<&'a mut (dyn Person + 'e)>,
    pub(super) ended: &'a mut bool,
    pub(super) out: &'a RefCell<Out<'s>>,
    /// The path being run: its seats narrow at each parting.
    pub(super) path: Fork,
    /// The choices made in this run so far.
    pub(super) made: Vec<i64>,
    /// The forks found in this run, the latest parting last, its groups in
    /// reverse seat order (run last in, first out).
    pub(super) forks: Vec<Fork>,
    /// The choices of the bank and of the strategy for nobody, shared by
    /// every path of the table round: by decision (`usize::MAX` for the
    /// announced choice), what its chooser knows, and how many times the
    /// path met that before.
    pub(super) shared: &'a mut Shared,
    /// How many times this run met each (decision, knowledge).
    pub(super) met: Shared,
}

/// Choices by (decision, what its chooser knows, the time it is met), or
/// counts of meetings by (decision, knowledge, 0).
pub(super) type Shared = BTreeMap<(usize, Vec<i64>, usize), i64>;

impl PathSource<'_, '_, '_> {
    /// The seats that choose for `bet`'s side on this path.
    fn choosers(&self, bet: Option<usize>) -> Vec<usize> {
        let Some(bet) = bet else {
            return Vec::new();
        };
        let t = &self.table;
        if Some(bet) == t.program.banking.bank_bets {
            return t.banker.into_iter().collect();
        }
        let on = t
            .placed
            .iter()
            .filter(|p| p.bet == bet && self.path.seats.contains(&p.seat));
        if t.largest {
            // The first of the largest stakes.
            return on
                .fold(None::<&Placed>, |best, p| match best {
                    Some(b) if b.stake >= p.stake => Some(b),
                    _ => Some(p),
                })
                .map(|p| p.seat)
                .into_iter()
                .collect();
        }
        let mut seats: Vec<usize> = Vec::new();
        for p in on {
            if !seats.contains(&p.seat) {
                seats.push(p.seat);
            }
        }
        seats
    }

    /// The person's answer, when `seat` is the person's and the input has
    /// not ended; the end of input ends the session.
    fn ask<T>(
        &mut self,
        seat: usize,
        question: &str,
        parse: impl FnMut(&str) -> Result<T, TableError>,
    ) -> Option<T> {
        if *self.ended || self.table.person_seat != Some(seat) {
            return None;
        }
        let answer = ask(self.person.as_deref_mut()?, question, parse);
        *self.ended |= answer.is_none();
        answer
    }

    /// A choice of the path: replayed up to the fork, else made by every
    /// chooser of `bet`'s side (`pick`, by seat; `None` for the strategy),
    /// the path parting where they differ; told as a `choose` event named
    /// `name`, each value labelled by `label`.
    fn choice(
        &mut self,
        (decision, key): (usize, &[i64]),
        name: &str,
        bet: Option<usize>,
        mut pick: impl FnMut(&mut Self, Option<usize>) -> i64,
        label: impl Fn(i64) -> String,
    ) -> i64 {
        let count = self.met.entry((decision, key.to_vec(), 0)).or_insert(0);
        let nth = *count as usize;
        *count += 1;
        let at = self.made.len();
        if let Some(&value) = self.path.forced.get(at) {
            self.made.push(value);
            if at + 1 == self.path.forced.len() {
                let mut out = self.out.borrow_mut();
                out.muted = false;
                out.send(TableEvent::Part {
                    path_seats: self.path.seats.clone(),
                });
                out.send(choose(name, label(value), &self.path.chose));
            }
            return value;
        }
        let choosers = self.choosers(bet);
        let bank = bet.is_some() && bet == self.table.program.banking.bank_bets;
        let bettors = !choosers.is_empty() && !bank;
        let mut groups: Vec<(i64, Vec<usize>)> = Vec::new();
        let remembered = self.shared.get(&(decision, key.to_vec(), nth)).copied();
        match remembered.filter(|_| !bettors) {
            Some(value) => groups.push((value, choosers)),
            None => {
                for seat in choosers {
                    let value = pick(self, Some(seat));
                    match groups.iter_mut().find(|g| g.0 == value) {
                        Some(g) => g.1.push(seat),
                        None => groups.push((value, vec![seat])),
                    }
                }
                if groups.is_empty() {
                    groups.push((pick(self, None), Vec::new()));
                }
            }
        }
        if !bettors {
            self.shared
                .insert((decision, key.to_vec(), nth), groups[0].0);
        }
        let (value, chose) = groups.remove(0);
        if !groups.is_empty() {
            let parted: Vec<usize> = groups.iter().flat_map(|g| g.1.clone()).collect();
            for (other, seats) in groups.into_iter().rev() {
                let mut forced = self.made.clone();
                forced.push(other);
                self.forks.push(Fork {
                    chose: seats.clone(),
                    seats,
                    forced,
                });
            }
            self.path.seats.retain(|s| !parted.contains(s));
            self.out.borrow_mut().send(TableEvent::Part {
                path_seats: self.path.seats.clone(),
            });
        }
        self.made.push(value);
        self.out
            .borrow_mut()
            .send(choose(name, label(value), &chose));
        value
    }
}

/// The `choose` event of `seats`' choice.
fn choose(name: &str, option: String, seats: &[usize]) -> TableEvent {
    TableEvent::Choose {
        name: name.to_string(),
        option,
        seat: seats.first().copied(),
        chosen_by: seats.to_vec(),
    }
}

impl Source for PathSource<'_, '_, '_> {
    fn die(&mut self, sides: u32) -> u32 {
        self.dice.die(sides)
    }
    fn dice(&mut self, count: u32, sides: u32) -> u64 {
        self.dice.dice(count, sides)
    }
    fn results(&mut self, count: u32, sides: u32, results: u64) -> u64 {
        self.dice.results(count, sides, results)
    }
    fn card(&mut self, left: u32) -> u32 {
        self.dice.card(left)
    }
    fn choose(&mut self, options: &[i64]) -> i64 {
        let program = self.table.program;
        let Some(choice) = program.choice.as_ref() else {
            return options[0];
        };
        let bet = program.bets.iter().position(|b| b.name == choice.by);
        let automatic = self
            .strategy
            .choice()
            .filter(|v| options.contains(v))
            .unwrap_or(options[0]);
        let listed: Vec<String> = options.iter().map(i64::to_string).collect();
        let question = format!("{}: one of {}", choice.name, listed.join(", "));
        self.choice(
            (usize::MAX, &[]),
            &choice.name,
            bet,
            |source, seat| {
                seat.and_then(|s| {
                    source.ask(s, &question, |answer| match answer.trim().parse::<i64>() {
                        Ok(v) if options.contains(&v) => Ok(v),
                        _ => Err(TableError::UnknownOption {
                            options: listed.clone(),
                        }),
                    })
                })
                .unwrap_or(automatic)
            },
            |v| v.to_string(),
        )
    }
    fn decide(&mut self, decision: usize, key: &[i64], options: &[i64]) -> i64 {
        let program = self.table.program;
        let d = &program.decisions[decision];
        let bet = program.sides.get(d.side).map(|s| s.bet);
        // A hand known is the one the transcript has just dealt: its key
        // (in a round symmetric in the suits, renamed) is no card to show.
        // An earlier choice known is named by its option.
        let option = |name: &str, v: i64| {
            let earlier = program.decisions.iter().find(|e| e.name == name)?;
            let at = earlier.values.iter().position(|&x| x == v)?;
            earlier.options.get(at)
        };
        let mut known: Vec<String> = (d.knowing.iter().enumerate())
            .zip(key)
            .map(|((i, name), &v)| match d.hands.get(i).copied().flatten() {
                Some(_) => format!("{name} as dealt"),
                None => match option(name, v) {
                    Some(label) => format!("{name} = {label}"),
                    None => format!("{name} = {v}"),
                },
            })
            .collect();
        if let Some(of) = &d.faces {
            let faces: Vec<String> = key[d.knowing.len().min(key.len())..]
                .iter()
                .map(i64::to_string)
                .collect();
            known.push(format!("faces({of}) = {{{}}}", faces.join(", ")));
        }
        // The options offered here (for a choice among the faces shown,
        // those faces), by index into the decision's.
        let offered: Vec<usize> = d.offered(key).collect();
        let labels: Vec<String> = offered.iter().map(|&i| d.options[i].clone()).collect();
        let question = format!(
            "{}: {} (you know {})",
            d.name,
            labels.join(" or "),
            known.join(", ")
        );
        self.choice(
            (decision, key),
            &d.name,
            bet,
            |source, seat| {
                let asked = seat.and_then(|s| {
                    source.ask(s, &question, |answer| {
                        match offered.iter().find(|&&i| d.options[i] == answer.trim()) {
                            Some(&i) => Ok(d.values[i]),
                            None => Err(TableError::UnknownOption {
                                options: labels.clone(),
                            }),
                        }
                    })
                });
                asked.unwrap_or_else(|| {
                    let i = source.strategy.option(decision, key, &mut *source.choices);
                    options.get(i).copied().unwrap_or(options[0])
                })
            },
            |v| {
                d.values
                    .iter()
                    .position(|&x| x == v)
                    .map_or_else(|| v.to_string(), |i| d.options[i].clone())
            },
        )
    }
}
