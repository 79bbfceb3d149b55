//! `dicerules session --simulate N`: the figures of the exact session
//! ([`super::run`]) estimated from N sessions `play` plays on real dice, for
//! tables the chain cannot follow (a round's decisions, a hand for each
//! seat) or that are too big for it. Each figure is the mean over the
//! sessions with its standard error; session `i` is seeded `seed + i`, so
//! the same seed gives the same figures.

use crate::eval::exact::Distribution;
use crate::number::Exact;
use crate::play::round::{MAX_DICE, MAX_REROLLS};
use crate::play::sums::Sums;
use crate::play::table::{self, Flow, Table, TableError, TableEvent, Tally};
use crate::program::Program;
pub use crate::report::session::{
    Estimate, SampledFirstBank, SampledRound, SampledSeat, SampledSession,
};
use crate::report::FormatVersion;

/// The most sessions one run plays.
pub const MAX_SESSIONS: u64 = 10_000_000;

/// What one session told, as it is played: the table's tally, and the
/// rounds in which a bank was put out of business.
struct Told {
    tally: Tally,
    out: Vec<bool>,
}

impl Told {
    /// Takes in one event; stops the session as the round after the last
    /// asked for starts.
    fn see(&mut self, event: &TableEvent, rounds: u64) -> Flow {
        match event {
            TableEvent::Round { round, .. } if *round > rounds => return Flow::Stop,
            TableEvent::BankerBroke { .. } => {
                let round = self.tally.round;
                if let Some(o) = self.out.get_mut(round.saturating_sub(1) as usize) {
                    *o = true;
                }
            }
            _ => {}
        }
        self.tally.see(event);
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
    pub table: super::Options,
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
        let mut told = Told {
            tally: Tally::new(seats),
            out: vec![false; rounds as usize],
        };
        let mut sink = |event: TableEvent| told.see(&event, rounds);
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
            // Sessions are of rounds dealt from full shoes, as the chain's.
            cut: None,
        };
        Table::new(program, distribution, table_options, None, &mut sink).run()?;
        let Told {
            tally,
            out: was_out,
        } = told;
        first_banker = tally.first_banker;
        for r in 0..rounds {
            let round = r + 1;
            let k = r as usize;
            out[k].add(flag(was_out[k]));
            out_by[k].add(flag(tally.first_broke.is_some_and(|o| o <= round)));
            ended_by[k].add(flag(tally.ended.as_ref().is_some_and(|(e, _)| *e <= round)));
            let holds = tally.first_bank_until.is_none_or(|p| p > round);
            held_after[k].add(flag(tally.first_banker.is_some() && holds));
        }
        if tally.first_banker.is_some() {
            let held = tally
                .first_bank_until
                .map_or(rounds, |p| p.clamp(1, rounds));
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
        heading: super::Heading {
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
