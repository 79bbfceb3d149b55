//! Two sides whose nets add to zero: the sequence-form linear programme.
//!
//! For the side maximising its payoff `U` with realisation plan `x`, the
//! other side's best response is a minimum over its information sets, which
//! linear programming duality turns into variables `v_J`, one per
//! information set `J` of the other side (and one, `v_0`, for the root):
//!
//! ```text
//! maximise v_0
//! subject to  v_{I(τ)} - Σ_{J after τ} v_J - Σ_σ U[σ, τ] x_σ ≤ 0   for every sequence τ of the other side
//!             x_0 = 1,  Σ_a x_{I,a} = x_{parent(I)}                for every information set I of the side
//!             x ≥ 0
//! ```
//!
//! (Koller, Megiddo and von Stengel, 1996.) Its optimum is the value of the
//! game and `x` an optimal plan. Solved once for each side.

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::simplex::{maximise, Lp, LpError, Row};
use super::SequenceGame;
use crate::number::Exact;

/// The value of the game for side 0, and both sides' optimal plans.
pub fn solve(game: &SequenceGame) -> Result<(Exact, Vec<Exact>, Vec<Exact>), LpError> {
    let (v0, x) = optimal_plan(game, 0)?;
    let (v1, y) = optimal_plan(game, 1)?;
    if v0 != -&v1 {
        return Err(LpError::Infeasible);
    }
    Ok((v0, x, y))
}

/// The value of the game for `side` and an optimal plan of its.
fn optimal_plan(game: &SequenceGame, side: usize) -> Result<(Exact, Vec<Exact>), LpError> {
    let other = 1 - side;
    let infosets = &game.decisions.infosets;
    let n = game.sequences[side];
    let m = game.sequences[other];
    // The other side's information sets, numbered from 1 (0 is the root).
    let mut number = vec![0usize; infosets.len()];
    let mut owner = vec![0usize; m];
    let mut count = 0;
    for (i, info) in infosets.iter().enumerate() {
        if info.side == other {
            count += 1;
            number[i] = count;
            for a in 0..info.options {
                owner[info.first as usize + a] = count;
            }
        }
    }
    let v = |k: usize| (n + 2 * k, n + 2 * k + 1);
    let one = BigRational::one;
    let mut rows: Vec<Row> = Vec::with_capacity(m + 1 + infosets.len());
    // One row per sequence τ of the other side.
    let mut coefs: Vec<Vec<(usize, BigRational)>> = vec![Vec::new(); m];
    for (tau, k) in owner.iter().enumerate() {
        let (plus, minus) = v(*k);
        coefs[tau].push((plus, one()));
        coefs[tau].push((minus, -one()));
    }
    for (i, info) in infosets.iter().enumerate() {
        if info.side == other {
            let (plus, minus) = v(number[i]);
            coefs[info.parent as usize].push((plus, -one()));
            coefs[info.parent as usize].push((minus, one()));
        }
    }
    for (&(s0, s1), u) in &game.payoff[side] {
        let (sigma, tau) = if side == 0 { (s0, s1) } else { (s1, s0) };
        if !u.is_zero() {
            coefs[tau as usize].push((sigma as usize, -u.0.clone()));
        }
    }
    for c in coefs {
        rows.push(Row {
            coefs: c,
            equal: false,
            rhs: BigRational::zero(),
        });
    }
    // The plan's constraints.
    rows.push(Row {
        coefs: vec![(0, one())],
        equal: true,
        rhs: one(),
    });
    for info in infosets.iter().filter(|i| i.side == side) {
        let mut c: Vec<(usize, BigRational)> = (0..info.options)
            .map(|a| (info.first as usize + a, one()))
            .collect();
        c.push((info.parent as usize, -one()));
        rows.push(Row {
            coefs: c,
            equal: true,
            rhs: BigRational::zero(),
        });
    }
    let (plus, minus) = v(0);
    let lp = Lp {
        columns: n + 2 * (count + 1),
        rows,
        objective: vec![(plus, one()), (minus, -one())],
    };
    let optimum = maximise(&lp)?;
    let plan = optimum.point[..n]
        .iter()
        .map(|x| Exact(x.clone()))
        .collect();
    Ok((Exact(optimum.value), plan))
}
