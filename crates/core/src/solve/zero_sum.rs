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
//! game and `x` an optimal plan.
//!
//! Solving it in exact fractions costs seconds on a game of a hundred
//! information sets, nearly all in gcds. So it is first solved in floats,
//! once for each side, only to learn which options each side mixes
//! ([`supports`]); the mixing probabilities are then solved for exactly from
//! the other side's indifference ([`mixing`]), a handful of unknowns, and
//! the pair is certified by exact best responses. The float programme is
//! scaled by the chances of the information sets ([`Scales`]), and where
//! floats cannot tell options apart the supports are repaired by exact best
//! responses ([`repair`]). Should the floats still mislead, the programme is
//! solved again in exact fractions, within a budget of work.

use num_rational::BigRational;

use super::linear;
use super::simplex::{maximise_within, Budget, Lp, LpError, Row, Scalar};
use super::SequenceGame;
use crate::number::Exact;

/// The value of the game for side 0, and both sides' optimal plans;
/// `guided`: first try floats to find the supports. The exact programme
/// gives up after `budget.work` work ([`LpError::TooLong`]); no tableau
/// nor system of equations takes more than `budget.bytes`
/// ([`LpError::TooLarge`], before it is made).
pub fn solve(
    game: &SequenceGame,
    guided: bool,
    budget: Budget,
) -> Result<(Exact, Vec<Exact>, Vec<Exact>), LpError> {
    let floats = Budget {
        work: u64::MAX,
        bytes: budget.bytes,
    };
    let guided = guided.then(|| {
        // Floats, the programme scaled: only to learn the supports.
        let scales = Scales::new(game);
        let plans = [
            optimal_plan::<f64>(game, 0, Some(&scales), floats).ok()?.1,
            optimal_plan::<f64>(game, 1, Some(&scales), floats).ok()?.1,
        ];
        let mut supports = supports(game, &scales, &plans);
        for _ in 0..MAX_REPAIRS {
            let x = mixing(game, 0, &supports, budget.bytes)?;
            let y = mixing(game, 1, &supports, budget.bytes)?;
            if super::certified(game, &x, &y) {
                return Some((x, y));
            }
            if !repair(game, &mut supports, [&x, &y]) {
                return None;
            }
        }
        None
    });
    let (x, y) = match guided.flatten() {
        Some(plans) => plans,
        None => {
            let (_, x) = optimal_plan::<BigRational>(game, 0, None, budget)?;
            let (_, y) = optimal_plan::<BigRational>(game, 1, None, budget)?;
            let x: Vec<Exact> = x.into_iter().map(Exact).collect();
            let y: Vec<Exact> = y.into_iter().map(Exact).collect();
            if !super::certified(game, &x, &y) {
                return Err(LpError::Infeasible);
            }
            (x, y)
        }
    };
    let value = game.expected(0, &x, &y);
    Ok((value, x, y))
}

/// The most times the supports read off the floats are repaired by exact
/// best responses before the programme is solved in fractions instead.
const MAX_REPAIRS: usize = 8;

/// The numbers a programme is built in: floats, with the programme scaled,
/// or exact fractions, unscaled.
pub trait Number: Scalar {
    /// The float for `x` (fractions: `x` itself; `scale` is then 1).
    fn of(x: &Exact, scale: f64) -> Self;
    /// Whether a coefficient is left out of the programme: a float too
    /// small for the pivots to tell from rounding, an exact zero.
    fn negligible(&self) -> bool;
}

impl Number for f64 {
    fn of(x: &Exact, scale: f64) -> Self {
        x.to_f64() * scale
    }
    fn negligible(&self) -> bool {
        self.abs() < NEGLIGIBLE
    }
}

/// Scaled payoffs below this are left out of the float programme: they are
/// within its rounding, and the information sets they belong to are set
/// right by [`repair`].
const NEGLIGIBLE: f64 = 1e-9;

impl Number for BigRational {
    fn of(x: &Exact, scale: f64) -> Self {
        debug_assert!(scale == 1.0);
        x.0.clone()
    }
    fn negligible(&self) -> bool {
        num_traits::Zero::is_zero(self)
    }
}

/// How the float programme is scaled. A payoff `U[σ, τ]` is about the
/// chance of the two information sets of `σ` and `τ` times a net: from 1
/// down to 6^-40 and less (a player's 20d6 all ones). Floats cannot pivot
/// on such a range, so each row is divided by the chance of its `τ` (and
/// each `v_J` taken times the chance of `J`): a row's coefficients are then
/// about the chance of `σ` times a net, and those too small to count are
/// left out.
struct Scales {
    /// Each information set's chance: the largest of its `reach`.
    info: Vec<f64>,
    /// Each side's sequences': that of their information set (1 for the
    /// empty sequence).
    sequence: [Vec<f64>; 2],
    /// One over the largest scaled payoff.
    unit: f64,
}

impl Scales {
    fn new(game: &SequenceGame) -> Scales {
        let info: Vec<f64> = game
            .decisions
            .infosets
            .iter()
            .map(|i| {
                let chance = i
                    .reach
                    .iter()
                    .map(|(_, w)| w.to_exact().to_f64())
                    .fold(0.0, f64::max);
                // A chance below 1e-150 is scaled as 1e-150: products of
                // two stay normal floats.
                chance.clamp(1e-150, 1.0)
            })
            .collect();
        let mut sequence = [vec![1.0; game.sequences[0]], vec![1.0; game.sequences[1]]];
        for (i, infoset) in game.decisions.infosets.iter().enumerate() {
            for a in 0..infoset.options {
                sequence[infoset.side][infoset.first as usize + a] = info[i];
            }
        }
        // Each side's payoffs are divided by the chance of the other's
        // sequence.
        let largest = (game.payoff[0]
            .iter()
            .map(|(&(_, s1), u)| (u, sequence[1][s1 as usize])))
        .chain(
            game.payoff[1]
                .iter()
                .map(|(&(s0, _), u)| (u, sequence[0][s0 as usize])),
        )
        .map(|(u, chance)| (u.to_f64() / chance).abs())
        .fold(0.0, f64::max);
        Scales {
            info,
            sequence,
            unit: if largest > 0.0 { 1.0 / largest } else { 1.0 },
        }
    }
}

/// Repairs `supports` that failed the certificate, by the exact best
/// responses to the plans solved from them: at each information set, the
/// options of the support that are best responses, or the first best
/// response when none is. Options whose values differ by less than floats
/// tell apart (an information set reached once in 6^20 rounds) are set
/// right this way. Returns whether any support changed.
fn repair(game: &SequenceGame, supports: &mut [Vec<usize>], plans: [&[Exact]; 2]) -> bool {
    let mut changed = false;
    for side in 0..2 {
        let (values, _) = game.best_response(side, plans[1 - side]);
        for (info, support) in game.decisions.infosets.iter().zip(supports.iter_mut()) {
            if info.side != side {
                continue;
            }
            let value = |a: usize| &values[info.first as usize + a];
            let Some(top) = (0..info.options).map(value).max() else {
                continue;
            };
            let best: Vec<usize> = (0..info.options).filter(|&a| value(a) == top).collect();
            let kept: Vec<usize> = support
                .iter()
                .copied()
                .filter(|a| best.contains(a))
                .collect();
            let new = if kept.is_empty() { vec![best[0]] } else { kept };
            if new != *support {
                *support = new;
                changed = true;
            }
        }
    }
    changed
}

/// The value of the game for `side` and an optimal plan of its; in floats,
/// the programme scaled by `scales`.
fn optimal_plan<T: Number>(
    game: &SequenceGame,
    side: usize,
    scales: Option<&Scales>,
    budget: Budget,
) -> Result<(T, Vec<T>), LpError> {
    let other = 1 - side;
    let infosets = &game.decisions.infosets;
    let n = game.sequences[side];
    let m = game.sequences[other];
    let chance = |i: usize| scales.map_or(1.0, |s| s.info[i]);
    let sequence = |s: usize, k: usize| scales.map_or(1.0, |sc| sc.sequence[s][k]);
    let unit = scales.map_or(1.0, |s| s.unit);
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
    let one = T::one;
    let minus_one = || T::one().negated();
    // A ratio of chances, as a coefficient (1 unscaled).
    let ratio = |r: f64| T::of(&Exact::one(), r);
    // One row per sequence τ of the other side, divided by the chance of
    // its information set; each `v_J` is taken times the chance of `J`.
    let mut coefs: Vec<Vec<(usize, T)>> = vec![Vec::new(); m];
    for (tau, k) in owner.iter().enumerate() {
        let (plus, minus) = v(*k);
        coefs[tau].push((plus, one()));
        coefs[tau].push((minus, minus_one()));
    }
    for (i, info) in infosets.iter().enumerate() {
        if info.side == other {
            let (plus, minus) = v(number[i]);
            let r = ratio(chance(i) / sequence(other, info.parent as usize));
            if !r.negligible() {
                coefs[info.parent as usize].push((plus, r.negated()));
                coefs[info.parent as usize].push((minus, r));
            }
        }
    }
    for (&(s0, s1), u) in &game.payoff[side] {
        let (sigma, tau) = if side == 0 { (s0, s1) } else { (s1, s0) };
        let u = T::of(u, unit / sequence(other, tau as usize));
        if !u.negligible() {
            coefs[tau as usize].push((sigma as usize, u.negated()));
        }
    }
    let mut rows: Vec<Row<T>> = coefs
        .into_iter()
        .enumerate()
        .map(|(i, c)| Row {
            coefs: c,
            equal: false,
            rhs: T::perturbation(i),
        })
        .collect();
    // The plan's constraints.
    rows.push(Row {
        coefs: vec![(0, one())],
        equal: true,
        rhs: one(),
    });
    for info in infosets.iter().filter(|i| i.side == side) {
        let mut c: Vec<(usize, T)> = (0..info.options)
            .map(|a| (info.first as usize + a, one()))
            .collect();
        c.push((info.parent as usize, minus_one()));
        rows.push(Row {
            coefs: c,
            equal: true,
            rhs: T::zero(),
        });
    }
    let (plus, minus) = v(0);
    let lp = Lp {
        columns: n + 2 * (count + 1),
        rows,
        objective: vec![(plus, one()), (minus, minus_one())],
    };
    let optimum = maximise_within(&lp, budget)?;
    Ok((optimum.value, optimum.point[..n].to_vec()))
}

/// The options each information set's side plays, read off float plans:
/// those given more than a sliver of the probability of coming there. Where
/// the chance of coming there is too small for floats to tell (the plan's
/// entries are then noise), the likeliest option alone: the exact best
/// responses repair it ([`repair`]).
fn supports(game: &SequenceGame, scales: &Scales, plans: &[Vec<f64>; 2]) -> Vec<Vec<usize>> {
    game.decisions
        .infosets
        .iter()
        .enumerate()
        .map(|(i, info)| {
            let plan = &plans[info.side];
            let at = |a: usize| plan[info.first as usize + a];
            let parent = plan[info.parent as usize];
            let trusted = parent * scales.info[i] > 1e-6;
            let played: Vec<usize> = (0..info.options)
                .filter(|&a| trusted && at(a) / parent > 1e-7)
                .collect();
            if played.is_empty() {
                let best = (0..info.options)
                    .max_by(|&a, &b| at(a).total_cmp(&at(b)))
                    .unwrap_or(0);
                vec![best]
            } else {
                played
            }
        })
        .collect()
}

/// A term of a plan: a known 0 or 1, or an unknown.
#[derive(Clone, Copy)]
enum Term {
    Known(bool),
    Unknown(usize),
}

/// A linear form over the unknowns: coefficients, then the constant.
type Form = Vec<BigRational>;

/// The plan of `side` playing `supports`, with its mixing probabilities
/// solved for from the other side's indifference between the options it
/// mixes; `None` when that has no solution in probabilities, or when its
/// dense forms would take more than `bytes` (the exact programme, bounded
/// too, is then solved instead).
fn mixing(
    game: &SequenceGame,
    side: usize,
    supports: &[Vec<usize>],
    bytes: u64,
) -> Option<Vec<Exact>> {
    let other = 1 - side;
    let infosets = &game.decisions.infosets;
    // Each sequence of the side as a known 0/1 or an unknown, and the
    // unknowns' constraints: a mixed information set's options share the
    // probability of coming there.
    let mut terms = vec![Term::Known(false); game.sequences[side]];
    terms[0] = Term::Known(true);
    let mut unknowns = 0;
    let mut sums: Vec<(Vec<usize>, Term)> = Vec::new();
    for (i, info) in infosets.iter().enumerate() {
        if info.side != side {
            continue;
        }
        let parent = terms[info.parent as usize];
        let support = &supports[i];
        if matches!(parent, Term::Known(false)) {
            continue;
        }
        if support.len() == 1 {
            terms[info.first as usize + support[0]] = parent;
            continue;
        }
        let mut vars = Vec::new();
        for &a in support {
            terms[info.first as usize + a] = Term::Unknown(unknowns);
            vars.push(unknowns);
            unknowns += 1;
        }
        sums.push((vars, parent));
    }
    // A form for each sequence of the other side, and about as many
    // equations, each dense over the unknowns.
    let forms = (game.sequences[other] as u64)
        .saturating_add(infosets.len() as u64)
        .saturating_mul(unknowns as u64 + 1);
    if forms.saturating_mul(2 * <BigRational as Scalar>::BYTES) > bytes {
        return None;
    }
    let zero_form = || vec![BigRational::default(); unknowns + 1];
    let term_form = |t: Term| {
        let mut f = zero_form();
        match t {
            Term::Known(true) => f[unknowns] = BigRational::from_integer(1.into()),
            Term::Known(false) => {}
            Term::Unknown(k) => f[k] = BigRational::from_integer(1.into()),
        }
        f
    };
    // The other side's sequence values, as forms in the unknowns.
    let mut values: Vec<Form> = vec![zero_form(); game.sequences[other]];
    for (&(s0, s1), u) in &game.payoff[other] {
        let (own, theirs) = if other == 0 { (s0, s1) } else { (s1, s0) };
        let t = terms[theirs as usize];
        if matches!(t, Term::Known(false)) {
            continue;
        }
        let f = term_form(t);
        for (v, x) in values[own as usize].iter_mut().zip(&f) {
            if !num_traits::Zero::is_zero(x) {
                *v += &u.0 * x;
            }
        }
    }
    let mut equations: Vec<(Form, BigRational)> = Vec::new();
    for (i, info) in infosets.iter().enumerate().rev() {
        if info.side != other {
            continue;
        }
        let support = &supports[i];
        let at = |a: usize| values[info.first as usize + a].clone();
        let base = at(support[0]);
        for &a in &support[1..] {
            let diff: Form = at(a).iter().zip(&base).map(|(x, y)| x - y).collect();
            equations.push(split(diff, unknowns));
        }
        let parent = info.parent as usize;
        let sum: Form = values[parent]
            .iter()
            .zip(&base)
            .map(|(x, y)| x + y)
            .collect();
        values[parent] = sum;
    }
    for (vars, parent) in &sums {
        let mut f = zero_form();
        for &k in vars {
            f[k] = BigRational::from_integer(1.into());
        }
        let p = term_form(*parent);
        let diff: Form = f.iter().zip(&p).map(|(x, y)| x - y).collect();
        equations.push(split(diff, unknowns));
    }
    let solution = if unknowns == 0 {
        Vec::new()
    } else {
        let (a, b): (Vec<Vec<BigRational>>, Vec<BigRational>) = equations.into_iter().unzip();
        linear::solve(a, b)?
    };
    let mut plan = Vec::with_capacity(terms.len());
    for t in terms {
        plan.push(match t {
            Term::Known(true) => Exact::one(),
            Term::Known(false) => Exact::zero(),
            Term::Unknown(k) => {
                let x = Exact(solution[k].clone());
                if x.is_negative() {
                    return None;
                }
                x
            }
        });
    }
    Some(plan)
}

/// A form `Σ c_k u_k + c` as the equation `Σ c_k u_k = -c`.
fn split(mut form: Form, unknowns: usize) -> (Form, BigRational) {
    let constant = form.pop().unwrap_or_default();
    debug_assert_eq!(form.len(), unknowns);
    (form, -constant)
}
