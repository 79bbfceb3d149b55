//! Two sides whose nets do not add to zero: an equilibrium of the game in
//! normal form, by support enumeration.
//!
//! A pure strategy picks one option at every information set of its side.
//! For every pair of supports (sets of pure strategies), smallest first,
//! the mixtures that make the other side indifferent across its support
//! are solved for exactly; the first pair whose mixtures are probabilities
//! and best responses is an equilibrium. Every game has one (Nash), and
//! pure equilibria are met first.

use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::linear;
use super::SequenceGame;
use crate::number::Exact;

/// The most pure strategies the two sides may have together: support
/// enumeration looks at up to `2^MAX_PURE_STRATEGIES` pairs.
pub const MAX_PURE_STRATEGIES: usize = 20;

#[derive(Debug)]
pub enum Failure {
    TooLarge { strategies: usize },
    NotFound,
}

/// Both sides' plans at an equilibrium.
pub fn solve(game: &SequenceGame) -> Result<(Vec<Exact>, Vec<Exact>), Failure> {
    let strategies = [pure_plans(game, 0)?, pure_plans(game, 1)?];
    let total = strategies[0].len() + strategies[1].len();
    if total > MAX_PURE_STRATEGIES {
        return Err(Failure::TooLarge { strategies: total });
    }
    // Normal-form payoffs: a[s][i][j] for side s, side 0 playing i and 1 j.
    let payoffs: Vec<Vec<Vec<BigRational>>> = (0..2)
        .map(|s| {
            strategies[0]
                .iter()
                .map(|x| {
                    strategies[1]
                        .iter()
                        .map(|y| {
                            let mut sum = BigRational::zero();
                            for (&(s0, s1), u) in &game.payoff[s] {
                                if x[s0 as usize] && y[s1 as usize] {
                                    sum += &u.0;
                                }
                            }
                            sum
                        })
                        .collect()
                })
                .collect()
        })
        .collect();
    let (n0, n1) = (strategies[0].len(), strategies[1].len());
    let mut sizes: Vec<(usize, usize)> = (1..=n0)
        .flat_map(|k0| (1..=n1).map(move |k1| (k0, k1)))
        .collect();
    sizes.sort_by_key(|&(k0, k1)| (k0.abs_diff(k1), k0 + k1, k0));
    for (k0, k1) in sizes {
        for s in subsets(n0, k0) {
            for t in subsets(n1, k1) {
                if let Some((x, y)) = equilibrium(&payoffs, &s, &t, n0, n1) {
                    let plan = |side: usize, mix: &[BigRational]| {
                        let mut plan = vec![Exact::zero(); game.sequences[side]];
                        for (p, w) in strategies[side].iter().zip(mix) {
                            if w.is_zero() {
                                continue;
                            }
                            for (sigma, on) in p.iter().enumerate() {
                                if *on {
                                    plan[sigma] = &plan[sigma] + &Exact(w.clone());
                                }
                            }
                        }
                        plan
                    };
                    return Ok((plan(0, &x), plan(1, &y)));
                }
            }
        }
    }
    Err(Failure::NotFound)
}

/// The sequences each pure strategy of `side` plays (its realisation plan,
/// 0 or 1 per sequence).
fn pure_plans(game: &SequenceGame, side: usize) -> Result<Vec<Vec<bool>>, Failure> {
    let infosets: Vec<_> = game
        .decisions
        .infosets
        .iter()
        .filter(|i| i.side == side)
        .collect();
    let mut count: usize = 1;
    for info in &infosets {
        count = count.saturating_mul(info.options);
        if count > MAX_PURE_STRATEGIES {
            return Err(Failure::TooLarge { strategies: count });
        }
    }
    let mut plans = Vec::with_capacity(count);
    for mut code in 0..count {
        let mut plan = vec![false; game.sequences[side]];
        plan[0] = true;
        // Information sets come after their parents' in this order.
        for info in &infosets {
            let a = code % info.options;
            code /= info.options;
            plan[info.first as usize + a] = plan[info.parent as usize];
        }
        plans.push(plan);
    }
    Ok(plans)
}

/// The subsets of `0..n` with `k` members, as sorted lists.
fn subsets(n: usize, k: usize) -> Vec<Vec<usize>> {
    (0u64..1 << n)
        .filter(|m| m.count_ones() as usize == k)
        .map(|m| (0..n).filter(|i| m & (1 << i) != 0).collect())
        .collect()
}

/// Mixtures on supports `s` (side 0) and `t` (side 1) under which each side
/// is indifferent across its support and has no better pure strategy.
fn equilibrium(
    payoffs: &[Vec<Vec<BigRational>>],
    s: &[usize],
    t: &[usize],
    n0: usize,
    n1: usize,
) -> Option<(Vec<BigRational>, Vec<BigRational>)> {
    // Side 1's mixture y on t makes side 0 indifferent on s (at value u).
    let y = mixture(t, s, |i, j| payoffs[0][i][j].clone())?;
    let x = mixture(s, t, |j, i| payoffs[1][i][j].clone())?;
    let mut full_x = vec![BigRational::zero(); n0];
    for (k, &i) in s.iter().enumerate() {
        full_x[i] = x[k].clone();
    }
    let mut full_y = vec![BigRational::zero(); n1];
    for (k, &j) in t.iter().enumerate() {
        full_y[j] = y[k].clone();
    }
    let value0 =
        |i: usize| -> BigRational { (0..n1).map(|j| &payoffs[0][i][j] * &full_y[j]).sum() };
    let value1 =
        |j: usize| -> BigRational { (0..n0).map(|i| &payoffs[1][i][j] * &full_x[i]).sum() };
    let u = value0(s[0]);
    let w = value1(t[0]);
    if (0..n0).any(|i| value0(i) > u) || (0..n1).any(|j| value1(j) > w) {
        return None;
    }
    Some((full_x, full_y))
}

/// Probabilities on `mixed` making the opponent indifferent across
/// `opponent`: `Σ_k pay(o, mixed[k]) p_k = u` for each `o`, `Σ p = 1`,
/// `p ≥ 0`. Unknowns: the probabilities, then `u`.
fn mixture(
    mixed: &[usize],
    opponent: &[usize],
    pay: impl Fn(usize, usize) -> BigRational,
) -> Option<Vec<BigRational>> {
    let k = mixed.len();
    let mut a = Vec::with_capacity(opponent.len() + 1);
    let mut b = Vec::with_capacity(opponent.len() + 1);
    for &o in opponent {
        let mut row: Vec<BigRational> = mixed.iter().map(|&m| pay(o, m)).collect();
        row.push(-BigRational::one());
        a.push(row);
        b.push(BigRational::zero());
    }
    let mut total = vec![BigRational::one(); k];
    total.push(BigRational::zero());
    a.push(total);
    b.push(BigRational::one());
    let solution = linear::solve(a, b)?;
    let p = solution[..k].to_vec();
    if p.iter().any(|x| x.is_negative()) {
        return None;
    }
    Some(p)
}
