//! Solving a round's decisions: the best strategy when one side chooses,
//! an equilibrium when two do.
//!
//! The exact evaluator takes every option of every decision and records, at
//! each end, each side's *sequence* (its last information set and option):
//! the game in sequence form ([`SequenceGame`]). A strategy is then a
//! *realisation plan*, the product of a side's choice probabilities along
//! each of its sequences, and a side's expected value is bilinear in the two
//! plans. From there:
//!
//! - one side: the best pure strategy, by backward induction over its
//!   information sets ([`SequenceGame::best_response`]);
//! - two sides whose bets' nets add to zero on every end: the sequence-form
//!   linear programme of Koller, Megiddo and von Stengel, solved exactly for
//!   each side (`zero_sum`);
//! - two sides otherwise: the game in normal form, its equilibria found by
//!   support enumeration over exact linear systems (`support`).
//!
//! Every answer is certified before it is reported: each side's plan must
//! reach the value of its best response against the other's, computed
//! exactly. docs/strategy.md explains the method.

mod linear;
mod simplex;
mod support;
mod zero_sum;

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::eval::coverage::{Coverage, Probe};
use crate::eval::exact::{
    self, Decisions, Distribution, End, InfoSetReport, Kind, Limits, LocalInfo, OptionReport,
    Solution, Unlisted, SOLVE_WORK_PER_STATE,
};
use crate::eval::weight::Weight;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::Program;

/// A round's decisions in sequence form.
pub struct SequenceGame<'a> {
    pub decisions: &'a Decisions,
    /// Sequences of each side (two entries; a lone side's opponent has
    /// only the empty sequence).
    pub sequences: [usize; 2],
    /// Each side's payoff: `(σ0, σ1) → Σ weight × net`.
    pub payoff: Payoffs,
    /// The information sets, parents before children
    /// (`Decisions::parents_first`).
    pub order: Vec<usize>,
    /// For an information set a lone side comes to with several sequences
    /// of its own: each sequence's share of the chance of coming there
    /// (empty under perfect recall, with the one parent).
    pub shares: Vec<Vec<(u32, Exact)>>,
}

impl<'a> SequenceGame<'a> {
    /// The game of `decisions` with `payoff`.
    pub fn new(decisions: &'a Decisions, payoff: Payoffs) -> SequenceGame<'a> {
        let seqs = |s: usize| decisions.sequences.get(s).map_or(1, |&n| n as usize);
        // Every evaluation has refused a side that comes back to a set
        // (`Decisions::forgets_nothing`), so there is an order; else the
        // order they were met in, which puts parents first too.
        let order = decisions
            .parents_first()
            .unwrap_or_else(|_| (0..decisions.infosets.len()).collect());
        let shares = decisions
            .infosets
            .iter()
            .map(|info| {
                if info.parents.len() < 2 {
                    return Vec::new();
                }
                let weights: Vec<(u32, Exact)> = info
                    .parents
                    .iter()
                    .map(|(s, w)| (*s, w.to_exact()))
                    .collect();
                let total = weights.iter().fold(Exact::zero(), |sum, (_, w)| &sum + w);
                weights.into_iter().map(|(s, w)| (s, &w / &total)).collect()
            })
            .collect();
        SequenceGame {
            decisions,
            sequences: [seqs(0), seqs(1)],
            payoff,
            order,
            shares,
        }
    }

    /// The plan of coming to information set `i` (the side's own part of
    /// the chance): its parent sequence's, or the parents' weighted by
    /// their shares of the chance of coming there.
    fn arrival(&self, i: usize, plan: &[Exact]) -> Exact {
        match self.shares[i].as_slice() {
            [] => plan[self.decisions.infosets[i].parent as usize].clone(),
            shares => shares.iter().fold(Exact::zero(), |sum, (s, share)| {
                &sum + &(share * &plan[*s as usize])
            }),
        }
    }
}

impl SequenceGame<'_> {
    /// A side's sequences' terminal values against the other side's plan:
    /// `Σ_τ U[σ, τ] plan[τ]`.
    fn terminal(&self, side: usize, other: &[Exact]) -> Vec<Exact> {
        let mut t = vec![Exact::zero(); self.sequences[side]];
        for (&(s0, s1), u) in &self.payoff[side] {
            let (own, theirs) = if side == 0 { (s0, s1) } else { (s1, s0) };
            let p = &other[theirs as usize];
            if !p.is_zero() {
                t[own as usize] = &t[own as usize] + &(u * p);
            }
        }
        t
    }

    /// The chance (times the other side's plan) of reaching each of the
    /// side's information sets.
    fn reach(&self, info: &crate::eval::exact::InfoSet, other: &[Exact]) -> Exact {
        info.reach.iter().fold(Exact::zero(), |sum, (s, w)| {
            &sum + &(&w.to_exact() * &other[*s as usize])
        })
    }

    /// The value of every sequence of `side` playing best from there on,
    /// against the other side's plan, and the best option of each of its
    /// information sets (the first on a tie).
    pub fn best_response(&self, side: usize, other: &[Exact]) -> (Vec<Exact>, Vec<Option<usize>>) {
        let mut values = self.terminal(side, other);
        let infosets = &self.decisions.infosets;
        let mut best = vec![None; infosets.len()];
        for &i in self.order.iter().rev() {
            let info = &infosets[i];
            if info.side != side {
                continue;
            }
            let mut pick = 0;
            for a in 1..info.options {
                if values[info.first as usize + a] > values[info.first as usize + pick] {
                    pick = a;
                }
            }
            best[i] = Some(pick);
            let v = values[info.first as usize + pick].clone();
            // Shared by the parents in proportion to their chance of coming
            // here: what follows is alike whichever the side came from.
            match self.shares[i].as_slice() {
                [] => values[info.parent as usize] = &values[info.parent as usize] + &v,
                shares => {
                    for (s, share) in shares {
                        values[*s as usize] = &values[*s as usize] + &(share * &v);
                    }
                }
            }
        }
        (values, best)
    }

    /// The realisation plan of a side's behaviour (a probability per
    /// option of each of its information sets).
    pub fn plan(&self, side: usize, behaviour: &[Vec<Exact>]) -> Vec<Exact> {
        let mut plan = vec![Exact::zero(); self.sequences[side]];
        plan[0] = Exact::one();
        for &i in &self.order {
            let info = &self.decisions.infosets[i];
            if info.side != side {
                continue;
            }
            let arrival = self.arrival(i, &plan);
            for (a, p) in behaviour[i].iter().enumerate() {
                plan[info.first as usize + a] = &arrival * p;
            }
        }
        plan
    }

    /// A side's expected value: `Σ plan[σ] × terminal[σ]`.
    fn expected(&self, side: usize, plan: &[Exact], other: &[Exact]) -> Exact {
        self.terminal(side, other)
            .iter()
            .zip(plan)
            .fold(Exact::zero(), |sum, (t, p)| &sum + &(t * p))
    }
}

/// Evaluates a round exactly and solves its decisions: the distribution
/// under the best strategy (one side) or the equilibrium (two sides), the
/// strategies in [`Distribution::solution`]. A round without decisions is
/// [`exact::evaluate_round`]'s.
pub fn evaluate(program: &Program, limits: Limits) -> Result<Distribution, EvalError> {
    let distribution = exact::evaluate_round(program, limits)?;
    in_turn(program, solved(program, distribution, limits)?, limits)
}

/// Evaluates and solves a round as [`evaluate`] does, a split's hands left
/// alike (each end after it settling two hands as one): each hand's best
/// play and every mean, not the nets of the two hands together.
pub fn evaluate_alike(program: &Program, limits: Limits) -> Result<Distribution, EvalError> {
    let distribution = exact::evaluate_round(program, limits)?;
    solved(program, distribution, limits)
}

/// Evaluates and solves a round as [`evaluate`] does, with what the
/// evaluation reached and what the `probes` found.
pub fn evaluate_covered(
    program: &Program,
    limits: Limits,
    probes: Vec<Probe>,
) -> Result<(Distribution, Coverage), EvalError> {
    let (distribution, coverage) = exact::evaluate_covered(program, limits, probes)?;
    let distribution = solved(program, distribution, limits)?;
    Ok((in_turn(program, distribution, limits)?, coverage))
}

/// A round that splits: `alike`, its distribution with the hands alike
/// (each end after the split settling two hands as one), gives each hand's
/// best play and every mean; the round with its hands played in turn
/// ([`crate::program::hands::in_turn`]), each choosing so, gives the
/// distribution of the two hands' nets together. The strategies reported
/// are `alike`'s. A round that does not split is `alike`.
fn in_turn(
    program: &Program,
    alike: Distribution,
    limits: Limits,
) -> Result<Distribution, EvalError> {
    // A round that never split (its `split` not reached at this setting)
    // is as it is.
    let split = (alike.ends.iter()).any(|e| program.other_hand(&e.values).is_some());
    if !split {
        return Ok(alike);
    }
    let lowered = program.played();
    let policy = match &alike.solution {
        Some(solution) => exact::Policy::of(solution).ok_or(EvalError::Internal {
            what: "a split whose hands mix their options",
            span: program.round_span,
        })?,
        None => exact::Policy::default(),
    };
    let option = alike.choice.as_ref().map(|c| c.value);
    let played = exact::evaluate_played(lowered, limits, &policy, option)?;
    // The ends as the solved distribution gives them: without the sides'
    // sequences.
    let width = program.sequences_at();
    let ends = (played.ends.into_iter())
        .map(|mut end| {
            end.values.truncate(width);
            end
        })
        .collect();
    Ok(Distribution {
        outcomes: played.outcomes,
        ends,
        peak_states: alike.peak_states.max(played.peak_states),
        ..alike
    })
}

fn solved(
    program: &Program,
    distribution: Distribution,
    limits: Limits,
) -> Result<Distribution, EvalError> {
    if program.decisions.is_empty() {
        Ok(distribution)
    } else {
        solve(program, distribution, limits)
    }
}

/// Solves the decisions of an evaluated round (`tree`, every option taken)
/// and returns the distribution under the strategies found. The exact
/// linear programme, when the floats mislead, may take `limits.max_solve_work()`
/// steps (`simplex::maximise_within`).
pub fn solve(
    program: &Program,
    tree: Distribution,
    limits: Limits,
) -> Result<Distribution, EvalError> {
    let internal = |what| EvalError::Internal {
        what,
        span: program.round_span,
    };
    // Asked to stop (`Limits::cancel`): checked between the solver's
    // phases, as the machine checks it at each new state.
    let go_on = || match limits.cancelled() {
        true => Err(EvalError::Cancelled {
            span: program.round_span,
        }),
        false => Ok(()),
    };
    go_on()?;
    let decisions = tree
        .decisions
        .clone()
        .ok_or_else(|| internal("decisions without their information sets"))?;
    let finals = program.finals.len();
    let sides = program.sides.len();
    let weights: Vec<Exact> = tree.ends.iter().map(End::probability).collect();
    let (payoff, zero_sum) = payoffs(program, &tree, &weights);
    let game = SequenceGame::new(&decisions, payoff);
    go_on()?;
    let none = vec![Exact::one()];
    let (plans, kind) = match sides {
        1 => {
            let (_, best) = game.best_response(0, &none);
            let behaviour = pure(&decisions, &best);
            (vec![game.plan(0, &behaviour), none.clone()], Kind::Best)
        }
        2 if zero_sum => {
            let budget = simplex::Budget {
                work: limits.max_solve_work(),
                bytes: limits.max_solve_bytes(),
            };
            let (value, x, y) = zero_sum::solve(&game, true, budget).map_err(|e| match e {
                simplex::LpError::TooLong => EvalError::SolveWorkLimit {
                    limit: limits.max_solve_work(),
                    per_state: SOLVE_WORK_PER_STATE,
                    infosets: decisions.infosets.len(),
                    span: program.decisions[0].span,
                },
                simplex::LpError::TooLarge { rows, columns } => EvalError::SolveTableauTooLarge {
                    rows,
                    columns,
                    megabytes: limits.max_solve_bytes() >> 20,
                    span: program.decisions[0].span,
                },
                _ => internal("the zero-sum programme has no optimum"),
            })?;
            (vec![x, y], Kind::ZeroSum { value })
        }
        2 => {
            let (x, y) = support::solve(&game).map_err(|e| match e {
                support::Failure::TooLarge { strategies } => EvalError::TooManyStrategies {
                    strategies,
                    limit: support::MAX_PURE_STRATEGIES,
                    span: program.decisions[0].span,
                },
                support::Failure::NotFound => internal("no equilibrium found among the supports"),
            })?;
            (vec![x, y], Kind::GeneralSum)
        }
        _ => return Err(internal("a round with decisions but no side")),
    };
    go_on()?;
    if !certified(&game, &plans[0], &plans[1]) {
        return Err(internal("the strategies found are not best responses"));
    }
    go_on()?;
    let infosets = report(&game, &plans);
    // The distribution under the plans.
    let mut ends: Vec<End> = Vec::new();
    let mut index: FxHashMap<(Option<usize>, Vec<Option<i64>>), usize> = FxHashMap::default();
    let mut outcomes = vec![Exact::zero(); program.outcomes.len()];
    for (end, w) in tree.ends.iter().zip(&weights) {
        let p = &plans[0][sequence_of(program, end, 0) as usize];
        let q = &plans[1][sequence_of(program, end, 1) as usize];
        let w = &(w * p) * q;
        if w.is_zero() {
            continue;
        }
        let other = program.other_hand(&end.values).and_then(|(o, _)| o);
        for o in end.outcome.into_iter().chain(other) {
            outcomes[o] = &outcomes[o] + &w;
        }
        let key = (end.outcome, end.values[..program.sequences_at()].to_vec());
        let weight = Weight::from_exact(&w);
        match index.get(&key) {
            Some(&i) => ends[i].weight.add(&weight),
            None => {
                index.insert(key.clone(), ends.len());
                ends.push(End {
                    outcome: key.0,
                    values: key.1,
                    weight,
                });
            }
        }
    }
    ends.sort_by(|a, b| (a.outcome, &a.values).cmp(&(b.outcome, &b.values)));
    let finals_met = (0..finals)
        .map(|f| {
            let mut met: std::collections::BTreeSet<i64> =
                tree.ends.iter().filter_map(|e| e.values[f]).collect();
            // The options not taken at the decisions solved where they stand.
            met.extend(decisions.finals_met.get(f).into_iter().flatten());
            met.into_iter().collect()
        })
        .collect();
    Ok(Distribution {
        outcomes,
        ends,
        peak_states: tree.peak_states,
        choice: None,
        decisions: Some(decisions.clone()),
        solution: Some(Arc::new(Solution {
            kind,
            sides: program.sides.iter().map(|s| s.bet).collect(),
            infosets,
            unlisted: std::sync::Arc::new(
                decisions.unlisted.iter().map(Unlisted::sorted).collect(),
            ),
            finals_met,
        })),
    })
}

/// Each side's payoff by pair of sequences (side 0's, side 1's).
type Payoffs = [FxHashMap<(u32, u32), Exact>; 2];

/// A side's sequence at an end (recorded after the final values).
fn sequence_of(program: &Program, end: &End, side: usize) -> u32 {
    if side >= program.sides.len() {
        return 0;
    }
    end.values
        .get(program.sequences_at() + side)
        .copied()
        .flatten()
        .map_or(0, |s| s as u32)
}

/// Each side's payoff by pair of sequences, `Σ weight × net`, and whether
/// the two sides' nets add to zero on every end.
/// `weights` are the ends' probabilities, in order.
fn payoffs(program: &Program, tree: &Distribution, weights: &[Exact]) -> (Payoffs, bool) {
    let mut payoff: Payoffs = Default::default();
    let mut zero_sum = program.sides.len() == 2;
    for (end, w) in tree.ends.iter().zip(weights) {
        let key = (sequence_of(program, end, 0), sequence_of(program, end, 1));
        let mut nets = [Exact::zero(), Exact::zero()];
        for (s, side) in program.sides.iter().enumerate() {
            let bet = &program.bets[side.bet];
            let Some(pay) = bet.payout(end.outcome, &end.values) else {
                continue;
            };
            nets[s] = pay.net.clone();
            let entry = payoff[s].entry(key).or_insert_with(Exact::zero);
            *entry = &*entry + &(w * &pay.net);
        }
        if !(&nets[0] + &nets[1]).is_zero() && !w.is_zero() {
            zero_sum = false;
        }
    }
    (payoff, zero_sum)
}

/// The certificate of an answer: each side's plan reaches the value of its
/// best response against the other's, exactly. (A lone side's opponent has
/// the one empty sequence, whose plan is 1.)
pub(crate) fn certified(game: &SequenceGame, x: &[Exact], y: &[Exact]) -> bool {
    let plans = [x, y];
    (0..2).all(|s| {
        let other = plans[1 - s];
        let (values, _) = game.best_response(s, other);
        game.expected(s, plans[s], other) == values[0]
    })
}

/// The behaviour that takes `best[i]` at each information set it names.
fn pure(decisions: &Decisions, best: &[Option<usize>]) -> Vec<Vec<Exact>> {
    decisions
        .infosets
        .iter()
        .zip(best)
        .map(|(info, b)| {
            (0..info.options)
                .map(|a| {
                    if Some(a) == *b {
                        Exact::one()
                    } else {
                        Exact::zero()
                    }
                })
                .collect()
        })
        .collect()
}

/// Each information set's reach, options' values and probabilities.
fn report(game: &SequenceGame, plans: &[Vec<Exact>]) -> Vec<InfoSetReport> {
    let infosets = &game.decisions.infosets;
    let mut out = Vec::with_capacity(infosets.len());
    let responses: Vec<(Vec<Exact>, Vec<Option<usize>>)> = (0..2)
        .map(|s| game.best_response(s, &plans[1 - s]))
        .collect();
    for (i, info) in infosets.iter().enumerate() {
        let s = info.side;
        let other = &plans[1 - s];
        let chance = game.reach(info, other);
        let own = &game.arrival(i, &plans[s]);
        let (values, best) = &responses[s];
        let option_values: Vec<Option<Exact>> = (0..info.options)
            .map(|a| (!chance.is_zero()).then(|| &values[info.first as usize + a] / &chance))
            .collect();
        let top = option_values.iter().flatten().max().cloned();
        let options = (0..info.options)
            .map(|a| {
                let probability = if own.is_zero() {
                    // Never reached by the side's own choices: the best
                    // response stands for what it would do.
                    if best[i] == Some(a) {
                        Exact::one()
                    } else {
                        Exact::zero()
                    }
                } else {
                    &plans[s][info.first as usize + a] / own
                };
                OptionReport {
                    best: option_values[a].is_some() && option_values[a] == top,
                    value: option_values[a].clone(),
                    probability,
                }
            })
            .collect();
        out.push(InfoSetReport {
            decision: info.decision,
            side: s,
            key: info.key.clone(),
            reach: &chance * own,
            options,
        });
    }
    out.extend(
        game.decisions
            .local
            .iter()
            .map(|info| local(info, &plans[info.side])),
    );
    // In the order of the file's decisions, then of what the chooser knows.
    out.sort_by(|a, b| (a.decision, &a.key).cmp(&(b.decision, &b.key)));
    out
}

/// The report of a situation solved where it stands: reached as the side's
/// `plan` comes there, each option worth its value, the first best taken.
fn local(info: &LocalInfo, plan: &[Exact]) -> InfoSetReport {
    let reach = info.parents.iter().fold(Exact::zero(), |sum, (s, w)| {
        &sum + &(&w.to_exact() * &plan[*s as usize])
    });
    let top = info.values.iter().max();
    let first = info.values.iter().position(|v| Some(v) == top);
    let options = (info.values.iter().enumerate())
        .map(|(a, v)| OptionReport {
            best: Some(v) == top,
            value: Some(v.clone()),
            probability: match first == Some(a) {
                true => Exact::one(),
                false => Exact::zero(),
            },
        })
        .collect();
    InfoSetReport {
        decision: info.decision,
        side: info.side,
        key: info.key.clone(),
        reach,
        options,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The float-guided and the exact programme give the same equilibrium
    /// of a game with one mixed choice per side.
    #[test]
    fn the_exact_programme_agrees_with_the_guided_one() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/strategy/bluff.dice"
        );
        let source = std::fs::read_to_string(path).unwrap();
        let (_, program) = crate::check::load(&source, &Default::default()).unwrap();
        let tree = crate::eval::exact::evaluate_round(&program, Default::default()).unwrap();
        let decisions = tree.decisions.clone().unwrap();
        let weights: Vec<Exact> = tree.ends.iter().map(End::probability).collect();
        let (payoff, zero_sum) = payoffs(&program, &tree, &weights);
        assert!(zero_sum);
        let game = SequenceGame::new(&decisions, payoff);
        let guided = zero_sum::solve(&game, true, simplex::Budget::UNBOUNDED).unwrap();
        let exact = zero_sum::solve(&game, false, simplex::Budget::UNBOUNDED).unwrap();
        assert_eq!(guided.0, Exact::ratio(1, 6));
        assert_eq!(exact.0, guided.0);
        assert_eq!(exact.1, guided.1);
        assert_eq!(exact.2, guided.2);
    }
}
