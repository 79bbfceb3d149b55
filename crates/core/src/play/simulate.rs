//! Many rounds with dice, against the exact figures: per bet, the mean net
//! result per unit staked, its 95% confidence interval, and the z-score of
//! its distance from the exact expectation.
//!
//! A unit is staked on every bet in every round, so each bet's mean is an
//! estimate of its expected value. Choices follow the strategies of the
//! exact evaluation ([`Strategy`]), so the estimates aim at the report's
//! figures.
//!
//! Rounds are played in chunks of [`CHUNK`], each from its own generator
//! seeded by the seed and the chunk's number, and every sum is a whole
//! number (how many rounds paid each net). The figures therefore do
//! not depend on how many threads share the chunks, or in what order they
//! finish.
//!
//! The running estimate is kept at checkpoints, after 1, 2, 4, ... rounds
//! (each power of two below the rounds asked for) and at the end: those
//! below [`CHUNK`] are counted inside the first chunk, the others are the
//! chunks' tallies summed in chunk order, so they too are the same on any
//! number of threads.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::fast::{Bail, Fast, Plan};
use super::round::{Round, Source};
use super::strategy::{Sampler, Strategy};
use crate::eval::exact::figures::BetFigures;
use crate::eval::exact::Distribution;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::{Bet, Program, Settle, ValueMatch};
pub use crate::report::simulation::{Checkpoint, Estimate, Simulation};
use crate::report::FormatVersion;

/// Rounds per chunk: each chunk has its own generator.
pub const CHUNK: u64 = 1 << 16;

/// What to simulate.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// Rounds to play; every bet is staked one unit in each.
    pub rounds: u64,
    /// The seed every chunk's generator is drawn from: the same seed gives
    /// the same figures on any number of threads.
    pub seed: u64,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// The most dice and cards one round throws and deals before it fails.
    pub max_dice: u64,
    /// The most attempts of a reroll before the simulation fails.
    pub max_rerolls: u64,
    /// The cut card: each chunk of rounds is dealt round after round from
    /// one shoe, a new one shuffled where a finite shoe has this many cards
    /// left or fewer ([`Round::dealing_to`]; by steps, not compiled);
    /// `None`: every round from full shoes, as the exact figures assume.
    pub cut: Option<u64>,
}

/// Runs the simulation, calling `progress` with the rounds of each chunk
/// played. A round that [`Plan::new`] compiles is played by [`Fast`],
/// others by [`Round`]'s steps: the same figures either way.
pub fn simulate(
    program: &Program,
    distribution: &Distribution,
    options: Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Simulation, EvalError> {
    run(program, distribution, options, progress, true)
}

/// [`simulate`] with every round played by [`Round`]'s steps, never
/// compiled: the yardstick of the compiled rounds' tests.
#[doc(hidden)]
pub fn simulate_by_steps(
    program: &Program,
    distribution: &Distribution,
    options: Options,
) -> Result<Simulation, EvalError> {
    run(program, distribution, options, &|_| {}, false)
}

/// Whether [`simulate`] plays the program's rounds compiled ([`Fast`]).
#[doc(hidden)]
pub fn compiles(program: &Program, max_dice: u64) -> bool {
    let round = Round::new(program).with_max_dice(max_dice);
    Plan::new(&round, &value_slots(program)).is_some()
}

/// The slots of the final values bets are settled on.
fn value_slots(program: &Program) -> Vec<usize> {
    program
        .bets
        .iter()
        .filter_map(|bet| match &bet.settle {
            Settle::Value { final_index, .. } => program.finals.get(*final_index).map(|f| f.slot),
            Settle::Outcomes(_) => None,
        })
        .collect()
}

/// A worker's rounds: compiled where the plan allows, by steps (made
/// when first needed) otherwise and where a compiled chunk bails.
struct Worker<'a, 'p> {
    fast: Option<Fast<'a, 'p>>,
    steps: Option<Round<'p>>,
}

fn run<'p>(
    program: &'p Program,
    distribution: &Distribution,
    options: Options,
    progress: &(dyn Fn(u64) + Sync),
    compile: bool,
) -> Result<Simulation, EvalError> {
    let strategy = Strategy::new(distribution);
    let settlements: Vec<Settlement> = (0..program.bets.len())
        .map(|bet| Settlement::new(program, bet, distribution))
        .collect();
    let new_round = || -> Round<'p> {
        let round = Round::new(program)
            .with_max_rerolls(options.max_rerolls)
            .with_max_dice(options.max_dice);
        match options.cut {
            Some(cut) => round.dealing_to(cut),
            None => round,
        }
    };
    // The compiled rounds deal each round from full shoes.
    let plan = if compile && options.cut.is_none() {
        Plan::new(&new_round(), &value_slots(program))
    } else {
        None
    };
    let chunks = options.rounds.div_ceil(CHUNK);
    // The checkpoints below a chunk's length, counted in the first chunk.
    let early: Vec<u64> = checkpoints(options.rounds)
        .into_iter()
        .filter(|&r| r < CHUNK.min(options.rounds))
        .collect();
    let run = |worker: &mut Worker<'_, 'p>, chunk: u64| -> Result<(Tally, Vec<Tally>), EvalError> {
        let rounds = CHUNK.min(options.rounds - chunk * CHUNK);
        let marks = if chunk == 0 { &early[..] } else { &[] };
        let chunk_rng = (options.seed, chunk);
        let fast = match &mut worker.fast {
            Some(fast) => play_chunk(fast, &strategy, &settlements, chunk_rng, rounds, marks),
            None => Err(Failed::Bail),
        };
        let tallies = match fast {
            Ok(tallies) => tallies,
            Err(Failed::Error(e)) => return Err(e),
            // The chunk again, by steps: the same rounds up to where the
            // compiled one stopped, and what the instructions make of it.
            Err(Failed::Bail) => {
                let round = worker.steps.get_or_insert_with(new_round);
                play_chunk(round, &strategy, &settlements, chunk_rng, rounds, marks).map_err(
                    |f| match f {
                        Failed::Error(e) => e,
                        Failed::Bail => EvalError::Internal {
                            what: "a round by steps stopped as a compiled one",
                            span: program.round_span,
                        },
                    },
                )?
            }
        };
        progress(rounds);
        Ok(tallies)
    };
    // No more threads than chunks: a thread with no chunk costs a stack.
    let threads = match options.threads {
        0 => 0,
        n => n.min(usize::try_from(chunks).unwrap_or(usize::MAX)),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|_| EvalError::Internal {
            what: "no threads for the simulation",
            span: program.round_span,
        })?;
    let tallies: Vec<(Tally, Vec<Tally>)> = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map_init(
                || Worker {
                    fast: plan.as_ref().map(Fast::new),
                    steps: None,
                },
                run,
            )
            .collect::<Result<_, _>>()
    })?;
    let exact: Vec<Exact> = program
        .bets
        .iter()
        .map(|bet| BetFigures::new(bet, distribution).ev)
        .collect();
    let estimates = |tally: &Tally| -> Vec<Estimate> {
        program
            .bets
            .iter()
            .zip(&settlements)
            .enumerate()
            .map(|(i, (bet, s))| estimate(bet, s, &tally.counts[i], tally.rounds, &exact[i]))
            .collect()
    };
    let mut points: Vec<Checkpoint> = Vec::new();
    if let Some((_, early)) = tallies.first() {
        for tally in early {
            points.push(Checkpoint {
                rounds: tally.rounds,
                bets: estimates(tally),
            });
        }
    }
    // The later checkpoints fall at the ends of chunks.
    let mut total = Tally::new(&settlements);
    for (t, _) in &tallies {
        total.add(t);
        let rounds = total.rounds;
        if rounds >= CHUNK.min(options.rounds)
            && rounds.is_power_of_two()
            && rounds < options.rounds
        {
            points.push(Checkpoint {
                rounds,
                bets: estimates(&total),
            });
        }
    }
    let bets = estimates(&total);
    points.push(Checkpoint {
        rounds: total.rounds,
        bets: bets.clone(),
    });
    Ok(Simulation {
        format_version: FormatVersion,
        game: program.name.clone(),
        rounds: options.rounds,
        seed: options.seed,
        removed: crate::figures::removal::removed_shoes(program),
        bets,
        checkpoints: points,
    })
}

/// The rounds after which the running estimate is kept: each power of two
/// below `rounds`, then `rounds`.
pub fn checkpoints(rounds: u64) -> Vec<u64> {
    let mut out: Vec<u64> = (0..64)
        .map(|k| 1u64 << k)
        .take_while(|&r| r < rounds)
        .collect();
    out.push(rounds);
    out
}

/// The generator of chunk `chunk`: the seed and the chunk's number mixed
/// (SplitMix64's finaliser), then expanded as `seed_from_u64` does.
fn generator(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let mut z = seed ^ chunk.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// Plays one chunk of rounds (`(seed, chunk)` draws its generator); with
/// the tally of the whole chunk, the tallies after each count of rounds in
/// `marks` (ascending).
fn play_chunk<R: Played>(
    round: &mut R,
    strategy: &Strategy,
    settlements: &[Settlement],
    (seed, chunk): (u64, u64),
    rounds: u64,
    marks: &[u64],
) -> Result<(Tally, Vec<Tally>), Failed> {
    // A chunk starts from full shoes, whichever chunk its thread played
    // before: the same seed, the same figures on any number of threads.
    round.begin();
    let program = round.program();
    let mut source = Sampler {
        rng: generator(seed, chunk),
        strategy,
    };
    let mut snapshots = Vec::with_capacity(marks.len());
    let mut marks = marks.iter().peekable();
    let mut tally = Tally::new(settlements);
    // Bets settled on the outcome are counted from how many rounds ended
    // in each, once the chunk is played.
    let mut ended = vec![0u64; program.outcomes.len()];
    let by_value: Vec<usize> = (0..settlements.len())
        .filter(|&i| !matches!(settlements[i].rule, Rule::Outcomes))
        .collect();
    for played in 1..=rounds {
        if marks.peek().is_some_and(|&&m| m < played) {
            marks.next();
            snapshots.push(tally.settled(settlements, &ended));
        }
        // A generator never abandons a reroll.
        let Some(outcome) = round.next(&mut source)? else {
            continue;
        };
        tally.rounds += 1;
        match outcome.and_then(|o| ended.get_mut(o)) {
            Some(count) => *count += 1,
            // No outcome: a bet settled on one fails here.
            None => {
                for (i, s) in settlements.iter().enumerate() {
                    tally.counts[i][s.line(outcome, &*round)?] += 1;
                }
                continue;
            }
        }
        for &i in &by_value {
            tally.counts[i][settlements[i].line(outcome, &*round)?] += 1;
        }
    }
    if marks.peek().is_some_and(|&&m| m <= rounds) {
        snapshots.push(tally.settled(settlements, &ended));
    }
    Ok((tally.settled(settlements, &ended), snapshots))
}

/// Why a chunk stopped.
enum Failed {
    Error(EvalError),
    /// A compiled round met what only the instructions can give.
    Bail,
}

impl From<EvalError> for Failed {
    fn from(e: EvalError) -> Failed {
        Failed::Error(e)
    }
}

/// Rounds one after another, by steps or compiled.
trait Played {
    fn program(&self) -> &Program;
    /// A chunk of rounds starts.
    fn begin(&mut self) {}
    /// As [`Round::play`] without events.
    fn next(&mut self, source: &mut impl Source) -> Result<Option<Option<usize>>, Failed>;
    fn final_value(&self, slot: usize) -> Option<i64>;
}

impl Played for Round<'_> {
    fn program(&self) -> &Program {
        Round::program(self)
    }
    fn begin(&mut self) {
        self.new_shoes();
    }
    #[inline(always)]
    fn next(&mut self, source: &mut impl Source) -> Result<Option<Option<usize>>, Failed> {
        Ok(self.play(source, None)?)
    }
    #[inline(always)]
    fn final_value(&self, slot: usize) -> Option<i64> {
        Round::final_value(self, slot)
    }
}

impl Played for Fast<'_, '_> {
    fn program(&self) -> &Program {
        Fast::program(self)
    }
    #[inline(always)]
    fn next(&mut self, source: &mut impl Source) -> Result<Option<Option<usize>>, Failed> {
        match self.play(source) {
            Ok(outcome) => Ok(Some(outcome)),
            Err(Bail) => Err(Failed::Bail),
        }
    }
    #[inline(always)]
    fn final_value(&self, slot: usize) -> Option<i64> {
        Fast::final_value(self, slot)
    }
}

/// How many rounds paid each payout line of each bet (for a bet settled on
/// the outcome, each outcome). Counts, not sums of nets: the sums are taken
/// exactly at the end, so that no odds can overflow them.
#[derive(Clone, Debug)]
struct Tally {
    rounds: u64,
    counts: Vec<Vec<u64>>,
}

impl Tally {
    fn new(settlements: &[Settlement]) -> Tally {
        Tally {
            rounds: 0,
            counts: settlements.iter().map(|s| vec![0; s.nets.len()]).collect(),
        }
    }

    /// The tally with the bets settled on the outcome counted from
    /// `ended`, how many rounds ended in each outcome.
    fn settled(&self, settlements: &[Settlement], ended: &[u64]) -> Tally {
        let mut tally = self.clone();
        for (i, s) in settlements.iter().enumerate() {
            if let Rule::Outcomes = &s.rule {
                for (c, &count) in tally.counts[i].iter_mut().zip(ended) {
                    *c += count;
                }
            }
        }
        tally
    }

    fn add(&mut self, other: &Tally) {
        self.rounds += other.rounds;
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            for (a, b) in a.iter_mut().zip(b) {
                *a += b;
            }
        }
    }
}

/// The estimate of a bet from how many rounds paid each of its nets.
fn estimate(bet: &Bet, s: &Settlement, counts: &[u64], rounds: u64, ev: &Exact) -> Estimate {
    let n = Exact::from(rounds.max(1));
    let mut sum = Exact::zero();
    let mut squares = Exact::zero();
    for (net, &count) in s.nets.iter().zip(counts) {
        let count = Exact::from(count);
        let total = &count * net;
        squares = &squares + &(&total * net);
        sum = &sum + &total;
    }
    let mean = &sum / &n;
    // The sample variance, with Bessel's correction, exactly.
    let variance = if rounds > 1 {
        &(&squares - &(&sum * &mean)) / &(&n - &Exact::one())
    } else {
        Exact::zero()
    };
    let std_error = (variance.to_f64().max(0.0) / rounds.max(1) as f64).sqrt();
    let house_edge = -ev;
    let estimate = -&mean;
    let estimate_float = estimate.to_f64();
    let z = (std_error > 0.0).then(|| (&estimate - &house_edge).to_f64() / std_error);
    Estimate {
        bet: bet.name.clone(),
        house_edge_percent: house_edge.to_f64() * 100.0,
        house_edge,
        total_net: sum,
        house_edge_estimate_percent: estimate_float * 100.0,
        house_edge_estimate: estimate,
        std_error,
        house_edge_ci95_percent: [
            (estimate_float - 1.96 * std_error) * 100.0,
            (estimate_float + 1.96 * std_error) * 100.0,
        ],
        z,
    }
}

/// A bet's nets, one per payout line (per outcome for a bet on the
/// outcome), and how a round picks its line.
#[derive(Clone, Debug)]
struct Settlement {
    nets: Vec<Exact>,
    rule: Rule,
}

#[derive(Clone, Debug)]
enum Rule {
    /// By outcome: the line is the outcome.
    Outcomes,
    /// In a round that splits: by the net of the hands together (`nets`
    /// ascending), each hand settled by bet `bet`'s lines.
    Hands { bet: usize },
    /// By the final value in a slot: the first line that matches; for a
    /// bet that `pays` the value, the value's own line, one per value the
    /// exact evaluation meets (`nets` ascending).
    Value {
        slot: usize,
        name: String,
        lines: Lines,
        bet: String,
        span: crate::ast::Span,
    },
}

/// The lines of a bet on a value, as a round picks one.
#[derive(Clone, Debug)]
enum Lines {
    Matched(Vec<ValueMatch>),
    /// `bet ride pays net`: the values, ascending, each its own line.
    Pays(Vec<i64>),
}

impl Lines {
    fn position(&self, v: i64) -> Option<usize> {
        match self {
            Lines::Matched(lines) => lines.iter().position(|m| m.matches(v)),
            Lines::Pays(values) => values.binary_search(&v).ok(),
        }
    }
}

impl Settlement {
    /// The settlement of bet `index` of `program`.
    fn new(program: &Program, index: usize, distribution: &Distribution) -> Settlement {
        let bet = &program.bets[index];
        let paid = super::values_paid(bet, distribution);
        // A split bet's every net, two hands' too, ascending (`nets_of`).
        let nets: Vec<Exact> = super::nets_of(bet, paid.as_deref());
        if bet.other_hand_at.is_some() {
            return Settlement {
                nets,
                rule: Rule::Hands { bet: index },
            };
        }
        let rule = match &bet.settle {
            Settle::Outcomes(_) => Rule::Outcomes,
            Settle::Value { final_index, lines } => {
                let f = &program.finals[*final_index];
                let lines = match paid {
                    Some(values) => Lines::Pays(values),
                    None => Lines::Matched(lines.iter().map(|(m, _)| m.clone()).collect()),
                };
                Rule::Value {
                    slot: f.slot,
                    name: f.name.clone(),
                    lines,
                    bet: bet.name.clone(),
                    span: bet.span,
                }
            }
        };
        Settlement { nets, rule }
    }

    /// The payout line of the round just played.
    #[inline]
    fn line(&self, outcome: Option<usize>, round: &impl Played) -> Result<usize, EvalError> {
        match &self.rule {
            Rule::Hands { bet } => {
                let program = round.program();
                let values: Vec<Option<i64>> = (program.settled_slots())
                    .map(|slot| round.final_value(slot))
                    .collect();
                let bet = &program.bets[*bet];
                let net = bet
                    .payout(outcome, &values)
                    .map(|p| p.net.clone())
                    .ok_or_else(|| EvalError::NoOutcome {
                        span: program.round_close(),
                    })?;
                self.nets
                    .binary_search(&net)
                    .map_err(|_| EvalError::Internal {
                        what: "a split's net no line of its bet gives",
                        span: bet.span,
                    })
            }
            Rule::Outcomes => {
                outcome
                    .filter(|&o| o < self.nets.len())
                    .ok_or_else(|| EvalError::NoOutcome {
                        span: round.program().round_close(),
                    })
            }
            Rule::Value {
                slot,
                name,
                lines,
                bet,
                span,
            } => {
                let value = round.final_value(*slot);
                value
                    .and_then(|v| lines.position(v))
                    .ok_or_else(|| EvalError::UnsettledValue {
                        bet: bet.clone(),
                        name: name.clone(),
                        value: value.map_or("unbound".to_string(), |v| format!("= {v}")),
                        span: *span,
                    })
            }
        }
    }
}
