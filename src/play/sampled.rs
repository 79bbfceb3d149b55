//! `dicerules session --simulate N`: the figures of the exact session
//! (`play::chain`) estimated from N sessions `play` plays on real dice, for
//! tables the chain cannot follow (a round's decisions, a hand for each
//! seat) or that are too big for it. Each figure is the mean over the
//! sessions with its standard error; session `i` is seeded `seed + i`, so
//! the same seed gives the same figures.

use serde::Serialize;

use super::chain;
use super::round::{MAX_DICE, MAX_REROLLS};
use super::table::{self, Flow, Table, TableError, TableEvent};
use crate::eval::exact::Distribution;
use crate::number::Exact;
use crate::program::Program;
use crate::report::FormatVersion;

/// The most sessions one run plays.
pub const MAX_SESSIONS: u64 = 10_000_000;

/// A figure estimated over the sessions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean over the sessions (`estimate` in JSON: `mean` is an exact
    /// figure's key).
    #[serde(rename = "estimate")]
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
}

/// Sums of one figure over the samples (sessions, shoes), for its
/// [`Estimate`].
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sums {
    sum: f64,
    squares: f64,
}

impl Sums {
    pub(crate) fn add(&mut self, x: f64) {
        self.sum += x;
        self.squares += x * x;
    }

    /// The mean over `n` samples, and its standard error (the sample
    /// variance with Bessel's correction).
    pub(crate) fn estimate(&self, n: f64) -> Estimate {
        let mean = self.sum / n;
        let variance = if n > 1.0 {
            ((self.squares - n * mean * mean) / (n - 1.0)).max(0.0)
        } else {
            0.0
        };
        Estimate {
            mean,
            std_error: (variance / n).sqrt(),
        }
    }
}

/// The session's figures, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledSession {
    /// The game and the table, as the exact session heads them.
    #[serde(flatten)]
    pub heading: chain::Heading,
    /// Sessions played.
    pub sessions: u64,
    /// The seed of the first session.
    pub seed: u64,
    /// The first bank's tenure, where a seat banks.
    pub first_bank: Option<SampledFirstBank>,
    /// One row a table round.
    pub by_round: Vec<SampledRound>,
    /// One row a seat.
    pub by_seat: Vec<SampledSeat>,
}

/// The first bank's tenure within the rounds, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledFirstBank {
    /// The seat that banks first, from 1.
    pub seat: usize,
    /// The table rounds it holds the bank (the round it passes in
    /// included), within the session's.
    pub rounds_held: Estimate,
    /// Its banker's net over those rounds.
    pub banker_net_held: Estimate,
}

/// A table round's figures, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledRound {
    /// The table round, from 1.
    pub round: u64,
    /// Whether the first bank still holds after this round.
    pub first_bank_held_after: Estimate,
    /// Whether a bank is put out of business in this round.
    pub bank_out: Estimate,
    /// Whether a bank has been put out of business in this round or an
    /// earlier one.
    pub bank_out_by: Estimate,
    /// Whether the session has ended by the end of this round.
    pub ended_by: Estimate,
}

/// A seat's figures after the last round, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledSeat {
    /// The seat, from 1.
    pub seat: usize,
    /// The sum of its settlements over the session.
    pub net_over_session: Estimate,
    /// The chips it holds after the last round.
    pub chips_held: Estimate,
    /// Whether it holds no chips after the last round.
    pub no_chips: Estimate,
}

/// What one session told, as it is played.
struct Tally {
    round: u64,
    /// The first round a bank was put out of business in.
    first_out: Option<u64>,
    /// The rounds in which a bank was.
    out: Vec<bool>,
    /// The round the first bank passed in.
    passed: Option<u64>,
    /// The seat that banks first, from 1 (as the events number seats).
    first_banker: Option<usize>,
    games: u64,
    nets: Vec<Exact>,
    held_net: Exact,
    chips: Vec<Exact>,
    /// The rounds played, where the session ended before the last.
    ended: Option<u64>,
}

impl Tally {
    fn see(&mut self, event: &TableEvent, rounds: u64) -> Flow {
        let held = self.passed.is_none();
        match event {
            TableEvent::Game {
                seat_chips, banker, ..
            } => {
                self.games += 1;
                if self.games == 1 {
                    self.first_banker = *banker;
                } else if held {
                    self.passed = Some(self.round);
                }
                self.chips.clone_from(seat_chips);
            }
            TableEvent::Round { round, .. } => {
                if *round > rounds {
                    return Flow::Stop;
                }
                self.round = *round;
            }
            TableEvent::BankPasses { .. } if held => self.passed = Some(self.round),
            TableEvent::BankerBroke { .. } => {
                self.first_out.get_or_insert(self.round);
                if let Some(o) = self.out.get_mut(self.round.saturating_sub(1) as usize) {
                    *o = true;
                }
            }
            TableEvent::Settle {
                seat, net, chips, ..
            } => {
                let s = seat.saturating_sub(1);
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
            TableEvent::Summary { rounds, .. } => self.ended = Some(*rounds),
            _ => {}
        }
        Flow::Continue
    }
}

/// An event as a sample: 1 where it happened, 0 where not.
fn flag(happened: bool) -> f64 {
    if happened {
        1.0
    } else {
        0.0
    }
}

/// What [`play`] is asked: the table of the exact session, and how many
/// sessions from which seed.
#[derive(Clone, Debug)]
pub struct Options {
    /// The table.
    pub table: chain::Options,
    /// Sessions played.
    pub sessions: u64,
    /// The seed of the first.
    pub seed: u64,
}

/// Plays the sessions of `options` and estimates the session's figures.
pub fn play(
    program: &Program,
    distribution: &Distribution,
    options: &Options,
) -> Result<SampledSession, TableError> {
    let t = &options.table;
    let seats = t.seats;
    let rounds = t.rounds;
    let mut out = vec![Sums::default(); rounds as usize];
    let mut out_by = out.clone();
    let mut ended_by = out.clone();
    let mut held_after = out.clone();
    let (mut nets, mut chips, mut none) = (
        vec![Sums::default(); seats],
        vec![Sums::default(); seats],
        vec![Sums::default(); seats],
    );
    let (mut held_rounds, mut held_net) = (Sums::default(), Sums::default());
    let mut first_banker = None;
    for i in 0..options.sessions {
        let mut tally = Tally {
            round: 0,
            first_out: None,
            out: vec![false; rounds as usize],
            passed: None,
            first_banker: None,
            games: 0,
            nets: vec![Exact::zero(); seats],
            held_net: Exact::zero(),
            chips: Vec::new(),
            ended: None,
        };
        let mut sink = |event: TableEvent| tally.see(&event, rounds);
        // One more round than asked, stopped as it starts: a session over
        // after the last round says so first.
        let table_options = table::Options {
            seats,
            chips: t.chips,
            rounds: rounds.saturating_add(1),
            seed: options.seed.wrapping_add(i),
            person: None,
            max_dice: MAX_DICE,
            max_rerolls: MAX_REROLLS,
            stake: t.stake,
            stakes: t.stakes.clone(),
        };
        Table::new(program, distribution, table_options, None, &mut sink).run()?;
        first_banker = tally.first_banker;
        for r in 0..rounds {
            let round = r + 1;
            let k = r as usize;
            out[k].add(flag(tally.out[k]));
            out_by[k].add(flag(tally.first_out.is_some_and(|o| o <= round)));
            ended_by[k].add(flag(tally.ended.is_some_and(|e| e <= round)));
            let holds = tally.passed.is_none_or(|p| p > round);
            held_after[k].add(flag(tally.first_banker.is_some() && holds));
        }
        if tally.first_banker.is_some() {
            let held = tally.passed.map_or(rounds, |p| p.clamp(1, rounds));
            held_rounds.add(held as f64);
            held_net.add(tally.held_net.to_f64());
        }
        for s in 0..seats {
            nets[s].add(tally.nets[s].to_f64());
            let c = tally.chips.get(s).cloned().unwrap_or_else(Exact::zero);
            chips[s].add(c.to_f64());
            none[s].add(flag(c.is_zero()));
        }
    }
    let n = options.sessions.max(1) as f64;
    Ok(SampledSession {
        heading: chain::Heading {
            format_version: FormatVersion,
            game: program.name.clone(),
            seats,
            rounds,
            stake_rule: t.stake + 1,
            banker: first_banker,
        },
        sessions: options.sessions,
        seed: options.seed,
        first_bank: first_banker.map(|seat| SampledFirstBank {
            seat,
            rounds_held: held_rounds.estimate(n),
            banker_net_held: held_net.estimate(n),
        }),
        by_round: (0..rounds as usize)
            .map(|k| SampledRound {
                round: k as u64 + 1,
                first_bank_held_after: held_after[k].estimate(n),
                bank_out: out[k].estimate(n),
                bank_out_by: out_by[k].estimate(n),
                ended_by: ended_by[k].estimate(n),
            })
            .collect(),
        by_seat: (0..seats)
            .map(|s| SampledSeat {
                seat: s + 1,
                net_over_session: nets[s].estimate(n),
                chips_held: chips[s].estimate(n),
                no_chips: none[s].estimate(n),
            })
            .collect(),
    })
}
