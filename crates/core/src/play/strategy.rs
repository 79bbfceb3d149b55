//! How automatic seats choose: by the strategies the exact evaluation
//! solved for. The round's announced choice takes the option the report's
//! figures are for; a decision during the round draws its option with the
//! probabilities of the best response or equilibrium at the chooser's
//! information set, so that rounds played so have the report's figures as
//! their expectations.

use std::sync::Arc;

use rand::distributions::uniform::SampleRange;
use rand::Rng;
use rustc_hash::FxHashMap;

use super::round::Source;
use crate::eval::exact::{Distribution, Unlisted};
use crate::number::Exact;

/// The choices of automatic seats.
#[derive(Clone, Debug, Default)]
pub struct Strategy {
    /// The value of the round's announced choice.
    choice: Option<i64>,
    /// By (decision, known values): each option's chance, as cumulative
    /// numerators over a denominator.
    infosets: FxHashMap<(usize, Vec<i64>), Mixed>,
    /// The decisions of too many situations to list
    /// (`Solution::unlisted`), looked up there.
    unlisted: Arc<Vec<Unlisted>>,
}

/// Chances of options: cumulative numerators over a denominator, exact
/// when they fit machine words, else floats.
#[derive(Clone, Debug)]
enum Mixed {
    Exact { cumulative: Vec<u64>, total: u64 },
    Float(Vec<f64>),
}

impl Strategy {
    /// The strategy of a round's exact evaluation.
    pub fn new(distribution: &Distribution) -> Strategy {
        let mut strategy = Strategy {
            choice: distribution.choice.as_ref().map(|c| c.value),
            unlisted: (distribution.solution.as_ref())
                .map(|s| s.unlisted.clone())
                .unwrap_or_default(),
            ..Strategy::default()
        };
        for info in distribution.solution.iter().flat_map(|s| &s.infosets) {
            let chances: Vec<&Exact> = info.options.iter().map(|o| &o.probability).collect();
            let mixed = match Exact::over_common_denominator(chances.iter().copied()) {
                Some((numerators, total)) if numerators.iter().all(|&n| n >= 0) => {
                    let cumulative = numerators
                        .iter()
                        .scan(0u64, |sum, &n| {
                            *sum += n as u64;
                            Some(*sum)
                        })
                        .collect();
                    Mixed::Exact {
                        cumulative,
                        total: total as u64,
                    }
                }
                _ => Mixed::Float(
                    chances
                        .iter()
                        .scan(0.0, |sum, p| {
                            *sum += p.to_f64();
                            Some(*sum)
                        })
                        .collect(),
                ),
            };
            strategy
                .infosets
                .insert((info.decision, info.key.clone()), mixed);
        }
        strategy
    }

    /// The value of the round's announced choice, when it has one.
    pub fn choice(&self) -> Option<i64> {
        self.choice
    }

    /// The announced choice among `options`: the strategy's, where offered,
    /// else the first.
    fn choose(&self, options: &[i64]) -> i64 {
        self.choice
            .filter(|v| options.contains(v))
            .unwrap_or(options[0])
    }

    /// The option's value taken at `decision` knowing `key` (see
    /// [`Strategy::option`]), the first where the index is past `options`.
    fn decide(&self, decision: usize, key: &[i64], options: &[i64], rng: &mut impl Rng) -> i64 {
        let i = self.option(decision, key, rng);
        options.get(i).copied().unwrap_or(options[0])
    }

    /// The option (by index) taken at `decision` knowing `key`, drawn with
    /// the strategy's chances; the first where the strategy says nothing
    /// (an information set the evaluation never met).
    pub fn option(&self, decision: usize, key: &[i64], rng: &mut impl Rng) -> usize {
        let unlisted = self.unlisted.iter().find(|u| u.decision == decision);
        if let Some(u) = unlisted {
            return u.option(key).unwrap_or(0);
        }
        let Some(mixed) = self.infosets.get(&(decision, key.to_vec())) else {
            return 0;
        };
        match mixed {
            Mixed::Exact { cumulative, total } => {
                if cumulative.len() == 1 || cumulative[0] == *total {
                    return 0;
                }
                let u = rng.gen_range(0..*total);
                cumulative.iter().position(|&c| u < c).unwrap_or(0)
            }
            Mixed::Float(cumulative) => {
                let u: f64 = rng.gen::<f64>() * cumulative.last().copied().unwrap_or(1.0);
                cumulative.iter().position(|&c| u < c).unwrap_or(0)
            }
        }
    }
}

/// Dice and cards from a generator, choices by a strategy.
pub struct Automatic<'s, R> {
    pub rng: R,
    pub strategy: &'s Strategy,
}

impl<R: Rng> Source for Automatic<'_, R> {
    // `gen_range(range)` is `range.sample_single(rng)` after a check that
    // the range is not empty (it never is here): the same numbers, but
    // `gen_range` is not `#[inline]` in rand 0.8, and was not inlined into
    // the round.
    #[inline]
    fn die(&mut self, sides: u32) -> u32 {
        (1..=sides).sample_single(&mut self.rng)
    }
    #[inline]
    fn dice(&mut self, count: u32, sides: u32) -> u64 {
        (0..u64::from(sides).pow(count)).sample_single(&mut self.rng)
    }
    #[inline]
    fn results(&mut self, _count: u32, _sides: u32, results: u64) -> u64 {
        (0..results).sample_single(&mut self.rng)
    }
    #[inline]
    fn card(&mut self, left: u32) -> u32 {
        (0..left).sample_single(&mut self.rng)
    }
    fn choose(&mut self, options: &[i64]) -> i64 {
        self.strategy.choose(options)
    }
    fn decide(&mut self, decision: usize, key: &[i64], options: &[i64]) -> i64 {
        self.strategy.decide(decision, key, options, &mut self.rng)
    }
}

/// Dice and cards for simulation, choices by a strategy: as [`Automatic`],
/// but each number below `n` drawn by Lemire's method (one 64-bit word
/// times `n`, its high half; a word is drawn again only where its low half
/// falls below `2^64 mod n`, with odds of `n` in `2^64`), exactly uniform.
/// rand 0.8's `sample_single` rejects by a coarser zone: a quarter of the
/// words for a die, 44% for a throw of 36 results, on a branch no
/// predictor learns. The numbers differ from [`Automatic`]'s, so a seed
/// simulates other rounds than it plays at a table.
pub struct Sampler<'s, R> {
    pub rng: R,
    pub strategy: &'s Strategy,
}

impl<R: rand::RngCore> Sampler<'_, R> {
    /// A number below `n` (at least 1), uniformly.
    #[inline(always)]
    fn below(&mut self, n: u64) -> u64 {
        let mut m = u128::from(self.rng.next_u64()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.rng.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }
}

impl<R: Rng> Source for Sampler<'_, R> {
    #[inline]
    fn die(&mut self, sides: u32) -> u32 {
        self.below(u64::from(sides)) as u32 + 1
    }
    #[inline]
    fn dice(&mut self, count: u32, sides: u32) -> u64 {
        self.below(u64::from(sides).pow(count))
    }
    #[inline]
    fn results(&mut self, _count: u32, _sides: u32, results: u64) -> u64 {
        self.below(results)
    }
    #[inline]
    fn card(&mut self, left: u32) -> u32 {
        self.below(u64::from(left)) as u32
    }
    fn choose(&mut self, options: &[i64]) -> i64 {
        self.strategy.choose(options)
    }
    fn decide(&mut self, decision: usize, key: &[i64], options: &[i64]) -> i64 {
        self.strategy.decide(decision, key, options, &mut self.rng)
    }
}
