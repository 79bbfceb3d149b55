//! Lowering the `banking` item and its clauses.

use pest::iterators::Pair;

use super::{children, ident, malformed, next, number, span, Result, Rule};
use crate::ast::*;

pub(super) fn banking(pair: Pair<Rule>, base: usize) -> Result<Banking> {
    let at = span(&pair, base);
    let clauses = children(pair)
        .map(|c| clause(c, base))
        .collect::<Result<_>>()?;
    Ok(Banking { clauses, span: at })
}

fn clause(pair: Pair<Rule>, base: usize) -> Result<Clause> {
    let at = span(&pair, base);
    let kind = match pair.as_rule() {
        Rule::bank_clause => bank_clause(next(&mut children(pair), at)?, base)?,
        Rule::stake_clause => ClauseKind::Stake(
            children(pair)
                .map(|s| stake(s, base))
                .collect::<Result<_>>()?,
        ),
        Rule::banco => ClauseKind::Banco,
        Rule::limit_clause => ClauseKind::Limit(limit(next(&mut children(pair), at)?, base)?),
        Rule::chips_clause => ClauseKind::Chips(chips(next(&mut children(pair), at)?, base)?),
        Rule::bankrupt_clause => bankrupt(next(&mut children(pair), at)?, at)?,
        Rule::choices_clause => {
            ClauseKind::Choices(match next(&mut children(pair), at)?.as_rule() {
                Rule::choices_largest_stake => ChoicesRule::LargestStake,
                _ => ChoicesRule::EachSeat,
            })
        }
        _ => return Err(malformed(at)),
    };
    Ok(Clause { kind, span: at })
}

/// What follows `bank`: who banks, or `bets BET`.
fn bank_clause(pair: Pair<Rule>, base: usize) -> Result<ClauseKind> {
    let at = span(&pair, base);
    Ok(match pair.as_rule() {
        Rule::bank_house => ClauseKind::Bank(BankRule::House),
        Rule::bank_rotates => ClauseKind::Bank(BankRule::RotatesEveryRound),
        Rule::bank_kept_until => ClauseKind::Bank(BankRule::KeptUntilBankerLoses),
        Rule::bank_kept_for_game => ClauseKind::Bank(BankRule::KeptForGame),
        Rule::bank_passes_when => ClauseKind::Bank(BankRule::PassesWhen(
            children(pair).map(|o| ident(o, base)).collect(),
        )),
        Rule::bank_bets => ClauseKind::BankBets(ident(next(&mut children(pair), at)?, base)),
        Rule::bank_covers => ClauseKind::BankCovers,
        _ => return Err(malformed(at)),
    })
}

fn stake(pair: Pair<Rule>, base: usize) -> Result<StakeRule> {
    let at = span(&pair, base);
    let kind = match pair.as_rule() {
        Rule::stake_fixed => StakeKind::Fixed(amount(next(&mut children(pair), at)?, base)?),
        Rule::stake_up_to => StakeKind::UpTo(amount(next(&mut children(pair), at)?, base)?),
        Rule::stake_free => StakeKind::Free,
        Rule::stake_set_by_bank => StakeKind::SetByBank,
        _ => return Err(malformed(at)),
    };
    Ok(StakeRule { kind, span: at })
}

fn limit(pair: Pair<Rule>, base: usize) -> Result<LimitRule> {
    let at = span(&pair, base);
    Ok(match pair.as_rule() {
        Rule::limit_fixed => LimitRule::Fixed(amount(next(&mut children(pair), at)?, base)?),
        _ => LimitRule::SetByBanker {
            up_to: match children(pair).next() {
                Some(v) => Some(amount(v, base)?),
                None => None,
            },
        },
    })
}

fn chips(pair: Pair<Rule>, base: usize) -> Result<ChipsRule> {
    let at = span(&pair, base);
    let is_each = pair.as_rule() == Rule::chips_each;
    let mut it = children(pair);
    let first = amount(next(&mut it, at)?, base)?;
    Ok(if is_each {
        ChipsRule::Each(first)
    } else {
        ChipsRule::Split {
            players: first,
            banker: amount(next(&mut it, at)?, base)?,
        }
    })
}

/// What follows `bankrupt`: `banker => ...` or `player => leaves`.
fn bankrupt(pair: Pair<Rule>, at: Span) -> Result<ClauseKind> {
    if pair.as_rule() == Rule::bankrupt_player {
        return Ok(ClauseKind::BankruptPlayerLeaves);
    }
    Ok(ClauseKind::BankruptBanker(
        match next(&mut children(pair), at)?.as_rule() {
            Rule::new_game => BankruptRule::NewGame,
            _ => BankruptRule::BankPasses,
        },
    ))
}

/// A number of chips: a number, or a parameter's name.
fn amount(pair: Pair<Rule>, base: usize) -> Result<Amount> {
    Ok(if pair.as_rule() == Rule::ident {
        Amount::Param(ident(pair, base))
    } else {
        Amount::Number(number(pair, base)?)
    })
}
