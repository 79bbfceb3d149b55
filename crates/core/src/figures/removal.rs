//! The cards removed from the shoes (`--removed`) as the report lists
//! them, and the effects of removal (`check --effects-of-removal`): one
//! exact evaluation for the shoe as it stands and one for each kind of card
//! taken out.

use crate::check::removed::written;
use crate::eval::exact::{Distribution, Limits};
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::card::RANKS;
use crate::program::Program;
use crate::report::removal::{
    BaseEdge, EffectCell, EffectRow, EffectsReport, RemovedShoe, SumCheck,
};

use super::bets::BetFigures;

/// The shoes with cards removed, in the file's order.
pub fn removed_shoes(program: &Program) -> Vec<RemovedShoe> {
    program
        .shoes
        .iter()
        .filter(|s| s.removed.iter().any(|&n| n > 0))
        .map(|s| RemovedShoe {
            shoe: s.name.clone(),
            written: written(&s.removed),
            cards_removed: s.removed.iter().map(|&n| u64::from(n)).sum(),
            cards_left: s.cards_held(),
        })
        .collect()
}

impl EffectsReport {
    /// The effects of removal of shoe `shoe` of `program`, the cards it
    /// holds as the program deals (its `--removed` out): one exact
    /// evaluation for the shoe as it stands, and one for each kind of card
    /// the round tells apart (ranks sharing a kind share it). The shoe is
    /// finite and its suits unread (`check::removed::analysable`).
    pub fn new(
        program: &Program,
        shoe: usize,
        base: &Distribution,
        limits: Limits,
    ) -> Result<EffectsReport, EvalError> {
        let edges = |d: &Distribution| -> Vec<Exact> {
            (program.bets.iter())
                .map(|bet| BetFigures::new(bet, d).house_edge())
                .collect()
        };
        let house_edges = edges(base);
        let the_shoe = &program.shoes[shoe];
        let mut firsts: Vec<(Option<usize>, usize)> = Vec::new();
        let mut by_kind: Vec<Option<Vec<Exact>>> = Vec::new();
        let mut ranks = Vec::with_capacity(13);
        let mut sums = vec![Exact::zero(); program.bets.len()];
        for (i, rank) in RANKS.iter().enumerate() {
            let left = the_shoe.rank_count(i).unwrap_or(0);
            let kind = the_shoe.kind_of_rank(i);
            let first = firsts.iter().find(|(k, _)| *k == kind && kind.is_some());
            let same_as = first.map(|&(_, r)| RANKS[r]);
            let row_edges = match first {
                Some(&(_, r)) if left > 0 && by_kind[r].is_some() => by_kind[r].clone(),
                _ if left == 0 => None,
                _ => {
                    let mut fewer = program.clone();
                    let mut removed = the_shoe.removed;
                    removed[i] += 1;
                    fewer.shoes[shoe].remove(removed);
                    let d = crate::solve::evaluate(&fewer, limits)?;
                    Some(edges(&d))
                }
            };
            if first.is_none() {
                firsts.push((kind, i));
            }
            by_kind.push(row_edges.clone());
            let cells = row_edges
                .into_iter()
                .flatten()
                .zip(&program.bets)
                .zip(&house_edges)
                .enumerate()
                .map(|(b, ((edge, bet), base))| {
                    let change = &edge - base;
                    sums[b] = &sums[b] + &(&Exact::from(left) * &change);
                    EffectCell {
                        bet: bet.name.clone(),
                        house_edge_percent: edge.to_f64() * 100.0,
                        house_edge: edge,
                        change_percent: change.to_f64() * 100.0,
                        change,
                    }
                })
                .collect();
            ranks.push(EffectRow {
                rank,
                left,
                same_as,
                cells,
            });
        }
        Ok(EffectsReport {
            shoe: the_shoe.name.clone(),
            written: written(&the_shoe.removed),
            cards_left: the_shoe.cards_held(),
            base: (program.bets.iter())
                .zip(house_edges)
                .map(|(bet, edge)| BaseEdge {
                    bet: bet.name.clone(),
                    house_edge_percent: edge.to_f64() * 100.0,
                    house_edge: edge,
                })
                .collect(),
            fixed_play: base.solution.is_none() && base.choice.is_none(),
            ranks,
            sum_check: (program.bets.iter())
                .zip(sums)
                .map(|(bet, sum)| SumCheck {
                    bet: bet.name.clone(),
                    zero: sum.is_zero(),
                    sum,
                })
                .collect(),
        })
    }
}
