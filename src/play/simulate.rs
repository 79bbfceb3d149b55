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
//! number (nets over their common denominator). The figures therefore do
//! not depend on how many threads share the chunks, or in what order they
//! finish.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;
use serde::Serialize;

use super::round::Round;
use super::strategy::{Automatic, Strategy};
use crate::eval::exact::Distribution;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::{Bet, Program, Settle, ValueMatch};
use crate::report::BetFigures;

/// Rounds per chunk: each chunk has its own generator.
pub const CHUNK: u64 = 1 << 16;

/// What to simulate.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub rounds: u64,
    pub seed: u64,
    /// Worker threads; 0 for one per core.
    pub threads: usize,
    /// The most attempts of a reroll before the simulation fails.
    pub max_rerolls: u64,
}

/// The estimates of every bet.
#[derive(Clone, Debug, Serialize)]
pub struct Simulation {
    pub game: String,
    pub rounds: u64,
    pub seed: u64,
    pub bets: Vec<Estimate>,
}

/// One bet: the simulated figures (estimates) beside the exact ones.
#[derive(Clone, Debug, Serialize)]
pub struct Estimate {
    pub bet: String,
    /// The sum of the nets of every round, exactly.
    pub total_net: Exact,
    /// The mean net per unit staked (an estimate of the expected value).
    pub mean: f64,
    /// The standard error of the mean.
    pub std_error: f64,
    /// The 95% confidence interval of the house edge (minus the mean).
    pub house_edge_ci95: [f64; 2],
    /// The simulated house edge: minus the mean.
    pub house_edge: f64,
    /// The exact house edge.
    pub exact_house_edge: Exact,
    pub exact_house_edge_float: f64,
    /// (simulated edge − exact edge) / standard error; `None` when every
    /// round paid the same.
    pub z: Option<f64>,
}

/// Runs the simulation, calling `progress` with the rounds of each chunk
/// played.
pub fn simulate(
    program: &Program,
    distribution: &Distribution,
    options: Options,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Simulation, EvalError> {
    let strategy = Strategy::new(distribution);
    let settlements: Vec<Settlement> = program
        .bets
        .iter()
        .map(|bet| Settlement::new(program, bet))
        .collect::<Result<_, _>>()?;
    let chunks = options.rounds.div_ceil(CHUNK);
    let run = |round: &mut Round, chunk: u64| -> Result<Tally, EvalError> {
        let rounds = CHUNK.min(options.rounds - chunk * CHUNK);
        let tally = play_chunk(round, &strategy, &settlements, options.seed, chunk, rounds)?;
        progress(rounds);
        Ok(tally)
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .map_err(|_| EvalError::Internal {
            what: "no threads for the simulation",
            span: program.round_span,
        })?;
    let tallies: Vec<Tally> = pool.install(|| {
        (0..chunks)
            .into_par_iter()
            .map_init(
                || Round::new(program).with_max_rerolls(options.max_rerolls),
                run,
            )
            .collect::<Result<_, _>>()
    })?;
    let mut total = Tally::new(settlements.len());
    for t in &tallies {
        total.add(t);
    }
    let bets = program
        .bets
        .iter()
        .zip(&settlements)
        .enumerate()
        .map(|(i, (bet, s))| {
            let exact = BetFigures::new(bet, distribution).ev;
            estimate(bet, s, &total, i, &exact)
        })
        .collect();
    Ok(Simulation {
        game: program.name.clone(),
        rounds: options.rounds,
        seed: options.seed,
        bets,
    })
}

/// The generator of chunk `chunk`: the seed and the chunk's number mixed
/// (SplitMix64's finaliser), then expanded as `seed_from_u64` does.
fn generator(seed: u64, chunk: u64) -> Xoshiro256PlusPlus {
    let mut z = seed ^ chunk.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// Plays one chunk of rounds.
fn play_chunk(
    round: &mut Round,
    strategy: &Strategy,
    settlements: &[Settlement],
    seed: u64,
    chunk: u64,
    rounds: u64,
) -> Result<Tally, EvalError> {
    let mut source = Automatic {
        rng: generator(seed, chunk),
        strategy,
    };
    let mut tally = Tally::new(settlements.len());
    // Bets settled on the outcome are summed from how many rounds ended
    // in each, once the chunk is played.
    let mut ended = vec![0u64; round.program().outcomes.len()];
    let by_value: Vec<usize> = (0..settlements.len())
        .filter(|&i| matches!(settlements[i].rule, Rule::Value { .. }))
        .collect();
    for _ in 0..rounds {
        // A generator never abandons a reroll.
        let Some(outcome) = round.play(&mut source, None)? else {
            continue;
        };
        tally.rounds += 1;
        match outcome.and_then(|o| ended.get_mut(o)) {
            Some(count) => *count += 1,
            // No outcome: a bet settled on one fails here.
            None => {
                for (i, s) in settlements.iter().enumerate() {
                    tally.add_net(i, s.net(outcome, round)?, 1);
                }
                continue;
            }
        }
        for &i in &by_value {
            tally.add_net(i, settlements[i].net(outcome, round)?, 1);
        }
    }
    for (i, s) in settlements.iter().enumerate() {
        if let Rule::Outcomes(nets) = &s.rule {
            for (&net, &count) in nets.iter().zip(&ended) {
                tally.add_net(i, net, count);
            }
        }
    }
    Ok(tally)
}

/// Sums of nets (over each bet's denominator) and of their squares.
#[derive(Clone, Debug)]
struct Tally {
    rounds: u64,
    sums: Vec<i128>,
    squares: Vec<u128>,
}

impl Tally {
    fn new(bets: usize) -> Tally {
        Tally {
            rounds: 0,
            sums: vec![0; bets],
            squares: vec![0; bets],
        }
    }

    /// `count` rounds of net `net` on bet `i`.
    #[inline]
    fn add_net(&mut self, i: usize, net: i64, count: u64) {
        self.sums[i] += i128::from(net) * i128::from(count);
        self.squares[i] += u128::from(net.unsigned_abs()).pow(2) * u128::from(count);
    }

    fn add(&mut self, other: &Tally) {
        self.rounds += other.rounds;
        for (a, b) in self.sums.iter_mut().zip(&other.sums) {
            *a += b;
        }
        for (a, b) in self.squares.iter_mut().zip(&other.squares) {
            *a += b;
        }
    }
}

/// The estimate of bet `i` from the tallies.
fn estimate(bet: &Bet, s: &Settlement, total: &Tally, i: usize, ev: &Exact) -> Estimate {
    let n = total.rounds.max(1) as f64;
    let d = s.denominator as f64;
    let total_net = Exact(num_rational::BigRational::new(
        total.sums[i].into(),
        s.denominator.into(),
    ));
    let mean = total.sums[i] as f64 / d / n;
    let mean_square = total.squares[i] as f64 / (d * d) / n;
    // The sample variance, with Bessel's correction.
    let variance = ((mean_square - mean * mean) * n / (n - 1.0).max(1.0)).max(0.0);
    let std_error = (variance / n).sqrt();
    let exact_edge = -ev;
    let exact_float = exact_edge.to_f64();
    let z = (std_error > 0.0).then(|| (-mean - exact_float) / std_error);
    Estimate {
        bet: bet.name.clone(),
        total_net,
        mean,
        std_error,
        house_edge_ci95: [-mean - 1.96 * std_error, -mean + 1.96 * std_error],
        house_edge: -mean,
        exact_house_edge: exact_edge,
        exact_house_edge_float: exact_float,
        z,
    }
}

/// A bet's nets as whole numbers over one denominator.
#[derive(Clone, Debug)]
struct Settlement {
    denominator: i64,
    rule: Rule,
}

#[derive(Clone, Debug)]
enum Rule {
    /// By outcome.
    Outcomes(Vec<i64>),
    /// By the final value in a slot: the first line that matches.
    Value {
        slot: usize,
        name: String,
        lines: Vec<(ValueMatch, i64)>,
        bet: String,
        span: crate::ast::Span,
    },
}

impl Settlement {
    fn new(program: &Program, bet: &Bet) -> Result<Settlement, EvalError> {
        let too_fine = || EvalError::Internal {
            what: "payouts whose common denominator passes 64 bits",
            span: bet.span,
        };
        let (nets, denominator) =
            Exact::over_common_denominator(bet.nets()).ok_or_else(too_fine)?;
        let rule = match &bet.settle {
            Settle::Outcomes(_) => Rule::Outcomes(nets),
            Settle::Value { final_index, lines } => {
                let f = &program.finals[*final_index];
                Rule::Value {
                    slot: f.slot,
                    name: f.name.clone(),
                    lines: lines.iter().map(|(m, _)| m.clone()).zip(nets).collect(),
                    bet: bet.name.clone(),
                    span: bet.span,
                }
            }
        };
        Ok(Settlement { denominator, rule })
    }

    /// The net of the round just played, over the denominator.
    #[inline]
    fn net(&self, outcome: Option<usize>, round: &Round) -> Result<i64, EvalError> {
        match &self.rule {
            Rule::Outcomes(nets) => {
                outcome
                    .and_then(|o| nets.get(o).copied())
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
                    .and_then(|v| lines.iter().find(|(m, _)| m.matches(v)))
                    .map(|(_, net)| *net)
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
