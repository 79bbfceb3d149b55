//! Checking the `banking` item: the table rules, resolved into
//! [`Banking`] with every number of chips a positive whole number.
//!
//! Beyond the grammar (docs/language.md, section 11):
//!
//! - the `bank` clause (who banks) is required; every clause is written at
//!   most once;
//! - outcomes, bets and parameters must be declared;
//! - chips, stakes and limits, written or read from a parameter (after
//!   `--set`), are whole numbers from 1 to `u64::MAX`; a parameter set to
//!   `infinite` is no number of chips;
//! - `stake set by the bank` is the only stake when it is one, and `banco`
//!   needs it;
//! - with `bank house` no player holds the bank, so a clause about one
//!   (`bank bets`, `stake set by the bank`, `limit set by the banker`,
//!   `chips ... banker = W`, `bankrupt banker`) is an error;
//! - `bank bets BET` leaves the punters another bet of the file;
//! - a fixed stake may not exceed the limit (`limit = V`, or the most a
//!   banker may set);
//! - a stake or an outcome is listed once.
//!
//! Missing clauses take the defaults of [`Banking::default`]: stake free, no
//! limit, 100 chips each, a bankrupt banker passes the bank.

use num_traits::ToPrimitive;

use super::error::unknown;
use super::items::param;
use super::{BankingError, CheckError};
use crate::ast::{self, Amount, BankRule, ChipsRule, ClauseKind, LimitRule, StakeKind};
use crate::number::Exact;
use crate::program::{Bank, Banking, BankruptBanker, Bet, Chips, Limit, Named, Param, Stake};

/// What a `banking` item may name.
pub(super) struct Names<'a> {
    pub params: &'a [Param],
    pub outcomes: &'a [Named],
    /// The bets that checked.
    pub bets: &'a [Bet],
    /// Every bet the file declares, also one with errors of its own (so
    /// that its errors are not followed by "unknown bet" here).
    pub declared_bets: &'a [&'a str],
}

/// Resolves the `banking` item `decl`, reporting every problem.
pub(super) fn banking(decl: &ast::Banking, names: &Names, errors: &mut Vec<CheckError>) -> Banking {
    let mut out = Banking {
        span: decl.span,
        ..Banking::default()
    };
    let clauses = once_each(decl, errors);
    let find = |name: &str| clauses.iter().copied().find(|c| c.kind.name() == name);

    // A value with an error keeps the default in its place: the error stops
    // the file anyway.
    let mut house = None;
    let mut has_bank = false;
    let mut fixed_stakes = Vec::new();
    let mut stake_clause = None;
    for clause in &clauses {
        match &clause.kind {
            ClauseKind::Bank(rule) => {
                has_bank = true;
                out.bank = match rule {
                    BankRule::House => {
                        house = Some(clause.span);
                        Bank::House
                    }
                    BankRule::RotatesEveryRound => Bank::RotatesEveryRound,
                    BankRule::KeptUntilBankerLoses => Bank::KeptUntilBankerLoses,
                    BankRule::KeptForGame => Bank::KeptForGame,
                    BankRule::PassesWhen(list) => Bank::PassesWhen(outcomes(list, names, errors)),
                };
            }
            ClauseKind::BankBets(bet) => out.bank_bets = bank_bets(bet, names, errors),
            ClauseKind::BankCovers => out.covers_every_bet = true,
            ClauseKind::Stake(list) => {
                stake_clause = Some(clause.span);
                out.stakes = stakes(list, names.params, &mut fixed_stakes, errors);
            }
            ClauseKind::Banco => out.banco = true,
            ClauseKind::Limit(LimitRule::Fixed(v)) => {
                out.limit =
                    chips(v, "the limit", names.params, errors).map_or(Limit::None, Limit::Fixed);
            }
            ClauseKind::Limit(LimitRule::SetByBanker { up_to }) => {
                out.limit = Limit::SetByBanker {
                    up_to: up_to
                        .as_ref()
                        .and_then(|v| chips(v, "the limit", names.params, errors)),
                };
            }
            ClauseKind::Chips(ChipsRule::Each(v)) => {
                let each = chips(v, "the starting chips", names.params, errors)
                    .unwrap_or(out.chips.players);
                out.chips = Chips {
                    players: each,
                    banker: each,
                };
            }
            ClauseKind::Chips(ChipsRule::Split { players, banker }) => {
                let default = out.chips;
                out.chips = Chips {
                    players: chips(players, "the starting chips", names.params, errors)
                        .unwrap_or(default.players),
                    banker: chips(banker, "the starting chips", names.params, errors)
                        .unwrap_or(default.banker),
                };
            }
            ClauseKind::BankruptBanker(rule) => {
                out.bankrupt_banker = match rule {
                    ast::BankruptRule::NewGame => BankruptBanker::NewGame,
                    ast::BankruptRule::BankPasses => BankruptBanker::BankPasses,
                };
            }
            ClauseKind::BankruptPlayerLeaves => {}
            ClauseKind::Choices(rule) => {
                out.largest_stake_chooses = *rule == ast::ChoicesRule::LargestStake;
            }
        }
    }

    if !has_bank {
        errors.push(
            BankingError::NoBank {
                span: ast::Span::new(decl.span.start, decl.span.start + "banking".len()),
            }
            .into(),
        );
    }
    let set_by_bank = out.stakes.contains(&Stake::SetByBank);
    if let (Some(banco), false) = (find("banco"), set_by_bank) {
        errors.push(
            BankingError::BancoStake {
                span: banco.span,
                stake: stake_clause,
            }
            .into(),
        );
    }
    if let Some(house) = house {
        seat_clauses_without_seat(&clauses, house, errors);
    }
    if let Some(covers) = find("bank covers every bet") {
        let other = if set_by_bank {
            stake_clause.map(|s| ("stake set by the bank", s))
        } else {
            find("bank bets").map(|c| ("bank bets", c.span))
        };
        if let Some((clause, span)) = other {
            errors.push(
                BankingError::CoversWith {
                    clause,
                    span: covers.span,
                    other: span,
                }
                .into(),
            );
        }
    }
    if let (Some(clause), Some(_), [_]) = (find("bank bets"), out.bank_bets, names.declared_bets) {
        errors.push(BankingError::BankBetsOnly { span: clause.span }.into());
    }
    let most = match out.limit {
        Limit::Fixed(l) | Limit::SetByBanker { up_to: Some(l) } => Some(l),
        Limit::None | Limit::SetByBanker { up_to: None } => None,
    };
    if let (Some(most), Some(limit)) = (most, find("limit")) {
        for (stake, span) in fixed_stakes.iter().filter(|(s, _)| *s > most) {
            errors.push(
                BankingError::StakeAboveLimit {
                    stake: *stake,
                    limit: most,
                    span: *span,
                    limit_span: limit.span,
                }
                .into(),
            );
        }
    }
    out
}

/// A `choices` clause where no bet a punter makes chooses anything:
/// `choosing` are the bets whose bettors make the round's choices.
pub(super) fn choices_to_make(
    decl: &ast::Banking,
    banking: &Banking,
    choosing: &[usize],
    errors: &mut Vec<CheckError>,
) {
    let Some(clause) = decl
        .clauses
        .iter()
        .find(|c| matches!(c.kind, ClauseKind::Choices(_)))
    else {
        return;
    };
    if choosing.iter().all(|&b| Some(b) == banking.bank_bets) {
        errors.push(BankingError::NoChoices { span: clause.span }.into());
    }
}

/// The clauses of the item, a clause written again reported and left out.
fn once_each<'a>(decl: &'a ast::Banking, errors: &mut Vec<CheckError>) -> Vec<&'a ast::Clause> {
    let mut kept: Vec<&ast::Clause> = Vec::new();
    for clause in &decl.clauses {
        let name = clause.kind.name();
        match kept.iter().find(|c| c.kind.name() == name) {
            Some(first) => errors.push(
                BankingError::RepeatedClause {
                    clause: name,
                    first: first.span,
                    second: clause.span,
                }
                .into(),
            ),
            None => kept.push(clause),
        }
    }
    kept
}

/// `bank passes when O | O`: the outcomes' indices.
fn outcomes(list: &[ast::Ident], names: &Names, errors: &mut Vec<CheckError>) -> Vec<usize> {
    let mut found: Vec<(usize, ast::Span)> = Vec::new();
    for o in list {
        let Some(index) = names.outcomes.iter().position(|n| n.name == o.name) else {
            // With no `outcomes` line at all, that one error says it.
            if !names.outcomes.is_empty() {
                errors.push(unknown(
                    "outcome",
                    o,
                    names.outcomes.iter().map(|n| n.name.as_str()),
                ));
            }
            continue;
        };
        match found.iter().find(|(i, _)| *i == index) {
            Some((_, first)) => errors.push(
                BankingError::OutcomeListedTwice {
                    outcome: o.name.clone(),
                    second: o.span,
                    first: *first,
                }
                .into(),
            ),
            None => found.push((index, o.span)),
        }
    }
    found.into_iter().map(|(i, _)| i).collect()
}

/// `bank bets BET`: the bet's index.
fn bank_bets(bet: &ast::Ident, names: &Names, errors: &mut Vec<CheckError>) -> Option<usize> {
    let index = names.bets.iter().position(|b| b.name == bet.name);
    if index.is_none() && !names.declared_bets.contains(&bet.name.as_str()) {
        errors.push(unknown("bet", bet, names.declared_bets.iter().copied()));
    }
    index
}

/// The stakes of a `stake` clause; the fixed ones also go to `fixed`, with
/// their spans, to be held against the limit.
fn stakes(
    list: &[ast::StakeRule],
    params: &[Param],
    fixed: &mut Vec<(u64, ast::Span)>,
    errors: &mut Vec<CheckError>,
) -> Vec<Stake> {
    let mut out: Vec<(Stake, ast::Span)> = Vec::new();
    for rule in list {
        let stake = match &rule.kind {
            StakeKind::Fixed(v) => {
                let Some(n) = chips(v, "a stake", params, errors) else {
                    continue;
                };
                fixed.push((n, rule.span));
                Stake::Fixed(n)
            }
            StakeKind::UpTo(v) => match chips(v, "a stake", params, errors) {
                Some(n) => Stake::UpTo(n),
                None => continue,
            },
            StakeKind::Free => Stake::Free,
            StakeKind::SetByBank => {
                if list.len() > 1 {
                    errors.push(BankingError::BankStakeAmongOthers { span: rule.span }.into());
                }
                Stake::SetByBank
            }
        };
        match out.iter().find(|(s, _)| *s == stake) {
            Some((_, first)) => errors.push(
                BankingError::StakeListedTwice {
                    stake: ast::print::stake(&rule.kind),
                    second: rule.span,
                    first: *first,
                }
                .into(),
            ),
            None => out.push((stake, rule.span)),
        }
    }
    if out.is_empty() {
        // Every stake had an error; the file is not run anyway.
        return vec![Stake::Free];
    }
    out.into_iter().map(|(s, _)| s).collect()
}

/// With `bank house`, every clause that needs a player holding the bank.
fn seat_clauses_without_seat(
    clauses: &[&ast::Clause],
    house: ast::Span,
    errors: &mut Vec<CheckError>,
) {
    for clause in clauses {
        let span = clause.span;
        let error = match &clause.kind {
            ClauseKind::BankBets(_) => BankingError::HouseBanks {
                clause: "bank bets",
                span,
                house,
            },
            ClauseKind::BankCovers => BankingError::HouseBanks {
                clause: "bank covers every bet",
                span,
                house,
            },
            ClauseKind::Stake(list) => match list.iter().find(|s| s.kind == StakeKind::SetByBank) {
                Some(s) => BankingError::HouseBanks {
                    clause: "stake set by the bank",
                    span: s.span,
                    house,
                },
                None => continue,
            },
            ClauseKind::Limit(LimitRule::SetByBanker { .. }) => {
                BankingError::HouseLimit { span, house }
            }
            ClauseKind::Chips(ChipsRule::Split { banker, .. }) => BankingError::HouseChips {
                amount: ast::print::amount(banker),
                span: banker.span(),
                house,
            },
            ClauseKind::BankruptBanker(_) => BankingError::HouseBankrupt { span, house },
            _ => continue,
        };
        errors.push(error.into());
    }
}

/// A number of chips, written or a parameter's value in force: a whole
/// number from 1 to `u64::MAX`. `what` says what it counts: "the limit".
fn chips(
    amount: &Amount,
    what: &'static str,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Option<u64> {
    let whole = |value: &Exact| {
        value
            .0
            .is_integer()
            .then(|| value.0.to_integer().to_u64())
            .flatten()
            .filter(|n| *n > 0)
    };
    match amount {
        Amount::Number(n) => {
            let chips = whole(&n.value);
            if chips.is_none() {
                errors.push(
                    BankingError::NotChips {
                        what,
                        number: n.text.clone(),
                        span: amount.span(),
                    }
                    .into(),
                );
            }
            chips
        }
        Amount::Param(name) => {
            let p = param(params, name, errors)?;
            if p.infinite {
                errors.push(CheckError::Infinite {
                    name: p.name.clone(),
                    span: name.span,
                });
                return None;
            }
            let chips = whole(&p.value);
            if chips.is_none() {
                errors.push(
                    BankingError::ParamNotChips {
                        what,
                        param: p.name.clone(),
                        value: p.value.clone(),
                        span: amount.span(),
                    }
                    .into(),
                );
            }
            chips
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::program::{Bank, Banking, BankruptBanker, Chips, Limit, Setting, Stake};

    const ROUND: &str = "game \"g\"\noutcomes won, lost\nround {\n  throw d = d6\n  if d is 6 {\n    end won\n  }\n  end lost\n}\nbet player {\n  won => win 4 to 1\n  lost => lose\n}\nbet banker {\n  won => lose\n  lost => win 1 to 5\n}\n";

    fn load(banking: &str, overrides: &[(&str, Setting)]) -> Result<Banking, Vec<String>> {
        let source = format!("{ROUND}param cap = 6\n{banking}");
        let overrides: Vec<(String, Setting)> = overrides
            .iter()
            .map(|(n, s)| (n.to_string(), s.clone()))
            .collect();
        crate::check::load(&source, &overrides.into()).map(|(_, p)| p.banking)
    }

    #[test]
    fn without_the_item_the_house_banks_at_the_round() {
        let program = crate::check::load(ROUND, &Default::default())
            .map(|(_, p)| p)
            .expect("checks");
        assert_eq!(
            program.banking,
            Banking {
                span: program.round_span,
                ..Banking::default()
            }
        );
    }

    #[test]
    fn clauses_resolve_with_parameters_in_force() {
        let b = load(
            "banking {\n  bank passes when won | lost\n  bank bets banker\n  stake set by the bank\n  banco\n  limit set by the banker up to cap\n  chips players = 20, banker = 50\n  bankrupt banker => new game\n  bankrupt player => leaves\n}\n",
            &[("cap", Setting::Number(crate::number::Exact::int(9)))],
        )
        .expect("checks");
        assert_eq!(b.bank, Bank::PassesWhen(vec![0, 1]));
        assert_eq!(b.bank_bets, Some(1));
        assert_eq!(b.stakes, vec![Stake::SetByBank]);
        assert!(b.banco);
        assert_eq!(b.limit, Limit::SetByBanker { up_to: Some(9) });
        assert_eq!(
            b.chips,
            Chips {
                players: 20,
                banker: 50
            }
        );
        assert_eq!(b.bankrupt_banker, BankruptBanker::NewGame);
    }

    #[test]
    fn missing_clauses_take_the_defaults() {
        let b = load("banking {\n  bank rotates every round\n}\n", &[]).expect("checks");
        assert_eq!(b.bank, Bank::RotatesEveryRound);
        assert_eq!(
            (b.stakes, b.limit, b.chips, b.bankrupt_banker, b.banco),
            (
                vec![Stake::Free],
                Limit::None,
                Chips {
                    players: 100,
                    banker: 100
                },
                BankruptBanker::BankPasses,
                false
            )
        );
    }

    #[test]
    fn a_parameter_set_to_infinite_is_no_number_of_chips() {
        let errors = load(
            "banking {\n  bank house\n  limit = cap\n}\n",
            &[("cap", Setting::Infinite)],
        )
        .expect_err("fails");
        assert_eq!(errors, ["dice::check::infinite"]);
    }

    #[test]
    fn a_parameter_must_hold_a_positive_whole_number() {
        for value in [
            crate::number::Exact::ratio(5, 2),
            crate::number::Exact::zero(),
        ] {
            let errors = load(
                "banking {\n  bank house\n  stake up to cap\n}\n",
                &[("cap", Setting::Number(value))],
            )
            .expect_err("fails");
            assert_eq!(errors, ["dice::check::banking"]);
        }
    }

    #[test]
    fn every_problem_is_reported() {
        let errors = load(
            "banking {\n  bank house\n  bank bets bankr\n  stake free or set by the bank or free\n  banco\n  limit = 0\n  limit = 3\n}\n",
            &[],
        )
        .expect_err("fails");
        assert_eq!(
            errors,
            [
                "dice::check::banking",      // the second limit
                "dice::check::unknown_name", // bankr
                "dice::check::banking",      // set by the bank among others
                "dice::check::banking",      // free twice
                "dice::check::banking",      // limit = 0
                "dice::check::banking",      // bank bets with bank house
                "dice::check::banking",      // stake set by the bank with bank house
            ]
        );
    }

    #[test]
    fn a_second_banking_item_is_a_repeated_item() {
        let errors = load(
            "banking {\n  bank house\n}\nbanking {\n  bank house\n}\n",
            &[],
        )
        .expect_err("fails");
        assert_eq!(errors, ["dice::check::repeated_item"]);
    }
}
