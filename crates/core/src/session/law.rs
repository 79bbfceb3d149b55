//! The law of the runs of one table round, as the chain picks their
//! endings: the round's ends grouped by what they pay every bet; where the
//! seats throw for themselves, the round split there, the table round's
//! first run by the round's law and each later one by the law of the part
//! of the round the first fell in.

use rustc_hash::FxHashMap;

use super::ChainError;
use crate::eval::exact::{shared_after_seat, split_round, Distribution, End, Limits, Split};
use crate::number::Exact;
use crate::play::table::RunEnding;
use crate::program::{Bank, Instr, Program, Stake};

/// The law of the runs of one table round, each ending one of what they
/// pay every bet (and its outcome where the bank passes on one).
#[derive(Default)]
pub(super) struct RunLaw {
    pub(super) endings: Vec<RunEnding>,
    /// Each ending's probability for the table round's first run.
    pub(super) first: Vec<Exact>,
    /// Each ending's probability for a later run of the same table round,
    /// given the part of the round the first fell in: the same as `first`
    /// for a round of no throw for each seat, whose runs are independent.
    pub(super) later: Vec<Exact>,
    /// The endings of each part of a split round (`RunEnding::part`); one
    /// part of every ending for a round not split.
    parts: Vec<Vec<usize>>,
    /// Every ending, in order.
    all: Vec<usize>,
}

impl RunLaw {
    /// The law of the runs of `program`'s table rounds, where the chain
    /// can follow them: not a hand dealt for each seat, nor decisions
    /// drawn from a strategy per situation.
    pub(super) fn of(program: &Program, distribution: &Distribution) -> Result<RunLaw, ChainError> {
        if program.hands_for_each_seat() {
            return Err(ChainError::SeatHands {
                span: program.round_span,
            });
        }
        if let Some(split) = &program.split {
            return Err(ChainError::SplitHands { span: split.span });
        }
        let law = if program.throws_for_each_seat() {
            RunLaw::split(program, &split(program)?)
        } else {
            RunLaw::whole(program, distribution)
        };
        // A `choose` is made alike by every automatic seat, the value the
        // distribution's ends are of (`Strategy::choose`); decisions are drawn
        // from a strategy per situation, which the run's law does not follow.
        if distribution.decisions.is_some() {
            return Err(ChainError::Choices {
                span: program.round_span,
            });
        }
        Ok(law)
    }

    /// A round of no throw for each seat: every run of the table round
    /// ends by the round's own law.
    fn whole(program: &Program, distribution: &Distribution) -> RunLaw {
        let mut law = RunLaw::default();
        let ends = distribution.ends.iter().map(|e| (e, e.probability()));
        let grouped = group(program, ends);
        law.parts.push((0..grouped.len()).collect());
        for (ending, p) in grouped {
            law.endings.push(ending);
            law.later.push(p.clone());
            law.first.push(p);
        }
        law
    }

    /// A round split where its seats throw for themselves: the table
    /// round's first run falls in one part of the round (an end of the
    /// table's, which every later run shares, or a way the table's throws
    /// leave it), and each later run ends by that part's law.
    fn split(program: &Program, split: &Split) -> RunLaw {
        let mut law = RunLaw::default();
        let table_ends = split.table_ends.iter().map(|e| (e, e.probability()));
        for (mut ending, p) in group(program, table_ends) {
            ending.part = Some(law.parts.len());
            law.parts.push(vec![law.endings.len()]);
            law.endings.push(ending);
            law.first.push(p);
            law.later.push(Exact::one());
        }
        for part in &split.parts {
            let ends = part.ends.iter().map(|e| (e, e.probability()));
            let mut indices = Vec::new();
            for (mut ending, p) in group(program, ends) {
                ending.part = Some(law.parts.len());
                indices.push(law.endings.len());
                law.endings.push(ending);
                law.first.push(&p * &part.probability);
                law.later.push(p);
            }
            law.parts.push(indices);
        }
        law.all = (0..law.endings.len()).collect();
        law
    }

    /// The endings a run may have from a table paused in `part` (`None`
    /// before the round's first run), and whether it is the first.
    pub(super) fn picks(&self, part: Option<usize>) -> (&[usize], bool) {
        match part {
            Some(p) => (&self.parts[p], false),
            None if self.parts.len() == 1 => (&self.parts[0], true),
            None => (&self.all, true),
        }
    }
}

/// `ends` grouped by what they pay every bet (and by outcome where the
/// bank passes on one): a representative ending and the probability of
/// each group.
fn group<'a>(
    program: &Program,
    ends: impl Iterator<Item = (&'a End, Exact)>,
) -> Vec<(RunEnding, Exact)> {
    let by_outcome = matches!(program.banking.bank, Bank::PassesWhen(_));
    let mut index: FxHashMap<(Vec<Option<Exact>>, Option<usize>), usize> = FxHashMap::default();
    let mut grouped: Vec<(RunEnding, Exact)> = Vec::new();
    for (end, p) in ends {
        let pays = program
            .bets
            .iter()
            .map(|b| b.payout(end.outcome, &end.values).map(|p| p.net.clone()))
            .collect();
        let key = (pays, end.outcome.filter(|_| by_outcome));
        match index.get(&key) {
            Some(&i) => grouped[i].1 = &grouped[i].1 + &p,
            None => {
                index.insert(key, grouped.len());
                let ending = RunEnding {
                    outcome: end.outcome,
                    values: end.values.clone(),
                    part: None,
                };
                grouped.push((ending, p));
            }
        }
    }
    grouped
}

/// The round split where its seats throw for themselves, where the chain
/// can follow it: against a bank seat taking each punter's stake (the
/// house's and the bank's stakes play one run for every seat), no table
/// throw after a seat's own, no choices.
fn split(program: &Program) -> Result<Split, ChainError> {
    let seat_throw = program
        .code
        .iter()
        .filter_map(Instr::as_throw)
        .find(|t| t.for_each_seat)
        .map(|t| t.span);
    let one_run =
        program.banking.bank == Bank::House || program.banking.stakes.contains(&Stake::SetByBank);
    if let (Some(span), true) = (seat_throw, one_run) {
        return Err(ChainError::SeatThrows { span });
    }
    if let Some(span) = shared_after_seat(program) {
        return Err(ChainError::SharedAfterSeat { span });
    }
    if program.choice.is_some() || !program.decisions.is_empty() {
        return Err(ChainError::Choices {
            span: program.round_span,
        });
    }
    Ok(split_round(program, Limits::default())?)
}
