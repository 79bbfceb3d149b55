//! Checking the declarations around the round: parameters, outcomes, hand
//! tables, draw tables, bets, and `expect` / `claim` lines.

use std::collections::BTreeMap;

use super::CheckError;
use crate::ast::{self, Item, OddsTerm, PayKey, Payout as AstPayout, RelOp, Span, ValueKey};
use crate::number::Exact;
use crate::program::{
    Assertion, Bet, Cell, Decision, DrawTable, Figure, Final, Hand, HandTable, Named, Param,
    Payout, Setting, Settle, Shoe, ValueMatch,
};
use crate::suggest::did_you_mean;

/// The error for a name that is not among `known`, with a suggestion.
pub(super) fn unknown<'a>(
    kind: &'static str,
    name: &ast::Ident,
    known: impl IntoIterator<Item = &'a str>,
) -> CheckError {
    CheckError::Unknown {
        kind,
        name: name.name.clone(),
        span: name.span,
        help: did_you_mean(&name.name, known).map(|s| format!("did you mean `{s}`?")),
    }
}

/// Declared names of one kind, reporting duplicates.
fn declare(
    names: &mut Vec<Named>,
    kind: &'static str,
    ident: &ast::Ident,
    errors: &mut Vec<CheckError>,
) -> bool {
    if let Some(first) = names.iter().find(|n| n.name == ident.name) {
        errors.push(CheckError::Duplicate {
            kind,
            name: ident.name.clone(),
            first: first.span,
            second: ident.span,
            help: "remove one of the two, or give one another name",
        });
        return false;
    }
    names.push(Named {
        name: ident.name.clone(),
        span: ident.span,
    });
    true
}

pub(super) fn params(
    file: &ast::File,
    overrides: &[(String, Setting)],
    errors: &mut Vec<CheckError>,
) -> Vec<Param> {
    let mut names = Vec::new();
    let mut params = Vec::new();
    for item in &file.items {
        if let Item::Param(p) = item {
            if declare(&mut names, "parameter", &p.name, errors) {
                params.push(Param {
                    name: p.name.name.clone(),
                    value: p.default.value.clone(),
                    infinite: false,
                    overridden: false,
                    span: p.name.span,
                });
            }
        }
    }
    for (name, value) in overrides {
        match params.iter_mut().find(|p| &p.name == name) {
            Some(p) => {
                (p.value, p.infinite) = match value {
                    Setting::Number(n) => (n.clone(), false),
                    Setting::Infinite => (Exact::zero(), true),
                };
                p.overridden = true;
            }
            None => {
                let known: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
                let help = match did_you_mean(name, known.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None if known.is_empty() => "this game declares no parameters".to_string(),
                    None => format!("its parameters are: {}", known.join(", ")),
                };
                errors.push(CheckError::UnknownOverride {
                    name: name.clone(),
                    help,
                });
            }
        }
    }
    params
}

pub(super) fn outcomes(file: &ast::File, errors: &mut Vec<CheckError>) -> Vec<Named> {
    let mut names = Vec::new();
    for item in &file.items {
        if let Item::Outcomes(o) = item {
            for name in &o.names {
                declare(&mut names, "outcome", name, errors);
            }
        }
    }
    names
}

pub(super) fn hand_table(decl: &ast::HandsDecl, errors: &mut Vec<CheckError>) -> HandTable {
    let mut suit_names = Vec::new();
    let mut hand_names = Vec::new();
    let mut hands = Vec::new();
    let mut combos: BTreeMap<Vec<u32>, (usize, Span)> = BTreeMap::new();
    let mut dice: Option<(usize, Span)> = None;
    for suit in &decl.suits {
        declare(&mut suit_names, "suit", &suit.name, errors);
        let suit_index = suit_names.len() - 1;
        let count = suit.hands.len() as i64;
        for (i, line) in suit.hands.iter().enumerate() {
            declare(&mut hand_names, "hand", &line.name, errors);
            let hand_index = hands.len();
            hands.push(Hand {
                name: line.name.name.clone(),
                suit: suit_index,
                rank: count - i as i64,
                span: line.name.span,
            });
            for combo in &line.combos {
                if combo.faces.contains(&0) {
                    errors.push(CheckError::ZeroFace { span: combo.span });
                    continue;
                }
                match dice {
                    Some((n, first)) if n != combo.faces.len() => {
                        errors.push(CheckError::ComboFaces {
                            faces: combo.faces.len(),
                            first_faces: n,
                            span: combo.span,
                            first,
                        });
                        continue;
                    }
                    None => dice = Some((combo.faces.len(), combo.span)),
                    _ => {}
                }
                let mut key = combo.faces.clone();
                key.sort_unstable();
                if let Some((_, first)) = combos.get(&key) {
                    errors.push(CheckError::DuplicateCombo {
                        combo: crate::ast::print::combo(combo),
                        first: *first,
                        second: combo.span,
                    });
                } else {
                    combos.insert(key, (hand_index, combo.span));
                }
            }
        }
    }
    // `is NAME` matches a hand or a suit: one name cannot be both.
    for hand in &hand_names {
        if let Some(suit) = suit_names.iter().find(|s| s.name == hand.name) {
            let (first, second) = if suit.span.start < hand.span.start {
                (suit.span, hand.span)
            } else {
                (hand.span, suit.span)
            };
            errors.push(CheckError::Duplicate {
                kind: "hand or suit",
                name: hand.name.clone(),
                first,
                second,
                help: "`is NAME` tests a hand or a suit, so their names must differ",
            });
        }
    }
    // Returned even after errors (which stop the check anyway), so that uses
    // of the table do not report it missing.
    HandTable {
        name: decl.name.name.clone(),
        suits: suit_names.into_iter().map(|s| s.name).collect(),
        hands,
        combos: combos.into_iter().map(|(k, (h, _))| (k, h)).collect(),
        dice: dice.map_or(0, |(n, _)| n),
        span: decl.name.span,
    }
}

pub(super) fn draw_tables(file: &ast::File, errors: &mut Vec<CheckError>) -> Vec<DrawTable> {
    let mut names = Vec::new();
    let mut tables = Vec::new();
    for item in &file.items {
        let Item::Table(t) = item else { continue };
        if !declare(&mut names, "draw table", &t.name, errors) {
            continue;
        }
        let keys_ok = |keys: &[&ast::Key], what: &'static str, errors: &mut Vec<CheckError>| {
            for (i, k) in keys.iter().enumerate() {
                if k.lo > k.hi {
                    errors.push(CheckError::EmptyKey {
                        what,
                        lo: k.lo,
                        hi: k.hi,
                        span: k.span,
                    });
                }
                if let Some(other) = keys[..i].iter().find(|o| o.lo <= k.hi && k.lo <= o.hi) {
                    errors.push(CheckError::KeysOverlap {
                        what,
                        key: crate::ast::print::key(k),
                        other: crate::ast::print::key(other),
                        span: k.span,
                    });
                }
            }
        };
        let columns: Vec<&ast::Key> = t.columns.iter().collect();
        keys_ok(&columns, "column", errors);
        let rows: Vec<&ast::Key> = t.rows.iter().map(|r| &r.key).collect();
        keys_ok(&rows, "row", errors);
        for row in &t.rows {
            if row.cells.len() != t.columns.len() {
                errors.push(CheckError::RowCells {
                    cells: row.cells.len(),
                    columns: t.columns.len(),
                    span: row.span,
                });
            }
        }
        // Kept even after errors (which stop the check anyway), so that calls
        // of the table do not report an unknown function.
        tables.push(DrawTable {
            name: t.name.name.clone(),
            columns: t.columns.iter().map(|k| (k.lo, k.hi)).collect(),
            rows: t
                .rows
                .iter()
                .map(|r| {
                    let cells = r
                        .cells
                        .iter()
                        .map(|c| match c.kind {
                            ast::CellKind::Draw => Cell::Draw,
                            ast::CellKind::Stand => Cell::Stand,
                            ast::CellKind::Choice => Cell::Choice,
                        })
                        .collect();
                    ((r.key.lo, r.key.hi), cells)
                })
                .collect(),
            keys: (t.row_key.name.clone(), t.column_key.name.clone()),
            decided_by: t.decided_by.as_ref().map(|b| Named {
                name: b.name.clone(),
                span: b.span,
            }),
            span: t.name.span,
        });
        let has_choices = t
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .find(|c| c.kind == ast::CellKind::Choice);
        match (has_choices, &t.decided_by) {
            (Some(cell), None) => errors.push(CheckError::Undecided {
                table: t.name.name.clone(),
                row_key: t.row_key.name.clone(),
                column_key: t.column_key.name.clone(),
                span: cell.span,
            }),
            (None, Some(by)) => errors.push(CheckError::NoChoiceCell {
                table: t.name.name.clone(),
                by: by.name.clone(),
                span: by.span,
            }),
            _ => {}
        }
    }
    tables
}

/// The most decks a shoe may hold: far beyond any casino's, and small
/// enough that every count of cards stays a machine word.
const MAX_DECKS: i64 = 1_000_000;

/// The ranks of a standard deck, four cards of each.
const RANKS: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

pub(super) fn shoes(file: &ast::File, params: &[Param], errors: &mut Vec<CheckError>) -> Vec<Shoe> {
    let mut names = Vec::new();
    let mut shoes = Vec::new();
    for item in &file.items {
        let Item::Shoe(decl) = item else { continue };
        if !declare(&mut names, "shoe", &decl.name, errors) {
            continue;
        }
        let count = |n: i64, span: Span, errors: &mut Vec<CheckError>| {
            if (1..=MAX_DECKS).contains(&n) {
                Some(Some(n as u32))
            } else {
                errors.push(CheckError::ShoeDecks {
                    decks: Exact::int(n),
                    span,
                });
                None
            }
        };
        let decks = match &decl.decks {
            ast::Decks::Infinite { .. } => Some(None),
            ast::Decks::Count { count: n, span } => count(*n, *span, errors),
            ast::Decks::Param(name) => match param(params, name, errors) {
                Some(p) if p.infinite => Some(None),
                Some(p) => match p.value.to_i64() {
                    Some(n) => count(n, name.span, errors),
                    // A whole number beyond 64 bits is out of bounds too.
                    None if p.value.is_integer() => {
                        errors.push(CheckError::ShoeDecks {
                            decks: p.value.clone(),
                            span: name.span,
                        });
                        None
                    }
                    None => {
                        errors.push(CheckError::DecksNotWhole {
                            param: p.name.clone(),
                            value: p.value.clone(),
                            span: name.span,
                        });
                        None
                    }
                },
                None => None,
            },
        };
        // Each rank's value, as mapped.
        let mut mapped: [Option<(i64, Span)>; 13] = [None; 13];
        let mut ok = true;
        for map in &decl.values {
            for ranks in &map.ranks {
                let list: Vec<(usize, Span)> = match ranks {
                    ast::Ranks::One { rank: text, span } => {
                        match RANKS.iter().position(|r| r == text) {
                            Some(i) => vec![(i, *span)],
                            None => {
                                errors.push(CheckError::NotARank {
                                    rank: text.clone(),
                                    span: *span,
                                });
                                ok = false;
                                continue;
                            }
                        }
                    }
                    ast::Ranks::Range(k) => {
                        if !(2..=10).contains(&k.lo) || !(2..=10).contains(&k.hi) || k.lo > k.hi {
                            errors.push(CheckError::RankRange {
                                lo: k.lo,
                                hi: k.hi,
                                span: k.span,
                            });
                            ok = false;
                            continue;
                        }
                        (k.lo..=k.hi).map(|n| (n as usize - 1, k.span)).collect()
                    }
                };
                for (i, span) in list {
                    let value = map.value.unwrap_or(if i == 0 { 1 } else { i as i64 + 1 });
                    if map.value.is_none() && i >= 10 {
                        errors.push(CheckError::NoPips {
                            rank: RANKS[i],
                            span,
                        });
                        ok = false;
                        continue;
                    }
                    if !(0..=1_000_000).contains(&value) {
                        errors.push(CheckError::CardValue {
                            value,
                            span: map.span,
                        });
                        ok = false;
                        continue;
                    }
                    if let Some((_, first)) = mapped[i] {
                        errors.push(CheckError::Duplicate {
                            kind: "rank",
                            name: RANKS[i].to_string(),
                            first,
                            second: span,
                            help: "map each rank once",
                        });
                        ok = false;
                        continue;
                    }
                    mapped[i] = Some((value, span));
                }
            }
        }
        let missing: Vec<&'static str> = (0..13)
            .filter(|&i| mapped[i].is_none())
            .map(|i| RANKS[i])
            .collect();
        if ok && !missing.is_empty() {
            errors.push(CheckError::UnmappedRanks {
                ranks: missing,
                span: decl.name.span,
            });
            ok = false;
        }
        let (Some(decks), true) = (decks, ok) else {
            // Still declared, so that draws from it report nothing more;
            // with an error the round is never evaluated.
            shoes.push(Shoe {
                name: decl.name.name.clone(),
                decks: Some(1),
                values: Vec::new(),
                span: decl.name.span,
            });
            continue;
        };
        let mut values: BTreeMap<u32, u32> = BTreeMap::new();
        for (value, _) in mapped.iter().flatten() {
            *values.entry(*value as u32).or_default() += 4;
        }
        shoes.push(Shoe {
            name: decl.name.name.clone(),
            decks,
            values: values.into_iter().collect(),
            span: decl.name.span,
        });
    }
    shoes
}

/// The most a win pays per unit staked: `win 10^18 to 1`. Beyond it a
/// house edge leaves the range of a float (its percent would print as
/// infinite), and a table of 64-bit chips could not pay one chip's win.
pub const MAX_ODDS: i64 = 1_000_000_000_000_000_000;

/// The value of a term of odds: a number or a parameter.
fn odds_value(
    term: &OddsTerm,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Option<(Exact, String)> {
    match term {
        OddsTerm::Number(n) => Some((n.value.clone(), n.text.clone())),
        OddsTerm::Param(name) => match param(params, name, errors) {
            Some(p) if p.infinite => {
                errors.push(CheckError::Infinite {
                    name: p.name.clone(),
                    span: name.span,
                });
                None
            }
            Some(p) => Some((p.value.clone(), p.value.to_string())),
            None => None,
        },
    }
}

/// The parameter `name` refers to; an error when there is none.
pub(super) fn param<'p>(
    params: &'p [Param],
    name: &ast::Ident,
    errors: &mut Vec<CheckError>,
) -> Option<&'p Param> {
    let found = params.iter().find(|p| p.name == name.name);
    if found.is_none() {
        errors.push(unknown(
            "parameter",
            name,
            params.iter().map(|p| p.name.as_str()),
        ));
    }
    found
}

fn payout(
    p: &AstPayout,
    span: Span,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Option<Payout> {
    match p {
        AstPayout::Lose => Some(Payout {
            net: Exact::int(-1),
            label: "lose".to_string(),
        }),
        AstPayout::Push => Some(Payout {
            net: Exact::zero(),
            label: "push".to_string(),
        }),
        AstPayout::Win {
            odds,
            against,
            commission,
        } => {
            let (a, a_text) = odds_value(odds, params, errors)?;
            let (b, b_text) = odds_value(against, params, errors)?;
            if !b.is_positive() || a.is_negative() {
                errors.push(CheckError::Odds {
                    odds: a,
                    against: b,
                    span,
                });
                return None;
            }
            let mut net = &a / &b;
            if net > Exact::int(MAX_ODDS) {
                errors.push(CheckError::OddsTooHigh {
                    odds: a_text,
                    against: b_text,
                    span,
                });
                return None;
            }
            let mut label = format!("win {a_text} to {b_text}");
            if let Some(c) = commission {
                if c.value.is_negative() || c.value > Exact::one() {
                    errors.push(CheckError::Commission {
                        commission: c.text.clone(),
                        span: c.span,
                    });
                    return None;
                }
                net = &net * &(&Exact::one() - &c.value);
                label = format!("{label} less {}", c.text);
            }
            Some(Payout { net, label })
        }
    }
}

/// Checks the bets. `top_level` holds the names bound at the round's top
/// level, which a bet may be settled `on`; the names used become `finals`.
pub(super) fn bets(
    file: &ast::File,
    params: &[Param],
    outcomes: &[Named],
    top_level: &[(String, usize, super::expr::Ty)],
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Vec<Bet> {
    let mut names = Vec::new();
    let mut bets = Vec::new();
    for item in &file.items {
        let Item::Bet(b) = item else { continue };
        if !declare(&mut names, "bet", &b.name, errors) {
            continue;
        }
        let settle = match &b.on {
            None => outcome_bet(b, params, outcomes, errors),
            Some(on) => value_bet(b, on, params, top_level, finals, errors),
        };
        if let Some(settle) = settle {
            bets.push(Bet {
                name: b.name.name.clone(),
                span: b.name.span,
                settle,
            });
        }
    }
    if names.is_empty() {
        errors.push(CheckError::Missing {
            what: "`bet`",
            span: Span::new(0, 0),
            help:
                "declare what the bettor stakes on: `bet player { player_wins => win 1 to 1 ... }`"
                    .to_string(),
        });
    }
    bets
}

/// A bet settled on the round's outcome: one line per outcome.
fn outcome_bet(
    b: &ast::BetDecl,
    params: &[Param],
    outcomes: &[Named],
    errors: &mut Vec<CheckError>,
) -> Option<Settle> {
    let mut pays: Vec<Option<(Payout, Span)>> = vec![None; outcomes.len()];
    let mut complete = true;
    let mut written = vec![false; outcomes.len()];
    for line in &b.lines {
        let outcome = match &line.key {
            PayKey::Outcome(o) => o,
            PayKey::Values(ValueKey { span, .. }) | PayKey::Else { span } => {
                errors.push(CheckError::ValuesInOutcomeBet {
                    bet: b.name.name.clone(),
                    span: *span,
                });
                complete = false;
                continue;
            }
        };
        let Some(index) = outcomes.iter().position(|o| o.name == outcome.name) else {
            // With no `outcomes` line at all, that one error says it.
            if !outcomes.is_empty() {
                errors.push(unknown(
                    "outcome",
                    outcome,
                    outcomes.iter().map(|o| o.name.as_str()),
                ));
            }
            complete = false;
            continue;
        };
        if let Some((_, first)) = &pays[index] {
            errors.push(CheckError::Duplicate {
                kind: "payout for outcome",
                name: outcome.name.clone(),
                first: *first,
                second: outcome.span,
                help: "an outcome settles a bet once: keep one of the two lines",
            });
            continue;
        }
        written[index] = true;
        if let Some(p) = payout(&line.payout, line.span, params, errors) {
            pays[index] = Some((p, outcome.span));
        }
    }
    for (outcome, written) in outcomes.iter().zip(&written) {
        if !written && complete {
            errors.push(CheckError::Unsettled {
                bet: b.name.name.clone(),
                outcome: outcome.name.clone(),
                span: b.name.span,
                outcome_span: outcome.span,
            });
        }
    }
    let pays = pays
        .into_iter()
        .map(|p| p.map(|(p, _)| p))
        .collect::<Option<Vec<_>>>()?;
    Some(Settle::Outcomes(pays))
}

/// A bet settled `on` the final value of a name: the first matching line.
fn value_bet(
    b: &ast::BetDecl,
    on: &ast::Ident,
    params: &[Param],
    top_level: &[(String, usize, super::expr::Ty)],
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Option<Settle> {
    let binding = top_level.iter().rev().find(|(n, _, _)| *n == on.name);
    let final_index = match binding {
        Some((_, slot, ty)) => {
            if !matches!(ty, super::expr::Ty::Int | super::expr::Ty::Error) {
                errors.push(CheckError::Type {
                    expected: "a number",
                    found: ty.describe(),
                    span: on.span,
                    help: Some(
                        "a bet is settled on a number: `let score = count(t, 6)`".to_string(),
                    ),
                });
            }
            match finals.iter().position(|f| f.slot == *slot) {
                Some(i) => Some(i),
                None => {
                    finals.push(Final {
                        name: on.name.clone(),
                        slot: *slot,
                        span: on.span,
                    });
                    Some(finals.len() - 1)
                }
            }
        }
        None => {
            let mut err = unknown("name", on, top_level.iter().map(|(n, _, _)| n.as_str()));
            if let CheckError::Unknown {
                help: help @ None, ..
            } = &mut err
            {
                *help = Some(
                    "a bet is settled on a name bound at the top of the round, outside any block"
                        .to_string(),
                );
            }
            errors.push(err);
            None
        }
    };
    let mut lines = Vec::new();
    let mut after_else = false;
    for line in &b.lines {
        let matcher = match &line.key {
            PayKey::Values(k) => {
                if k.op.is_none() && k.lo > k.hi {
                    errors.push(CheckError::EmptyRange {
                        lo: k.lo,
                        hi: k.hi,
                        span: k.span,
                    });
                }
                ValueMatch::Key(k.clone())
            }
            PayKey::Else { .. } => ValueMatch::Else,
            PayKey::Outcome(o) => {
                errors.push(CheckError::OutcomeInValueBet {
                    bet: b.name.name.clone(),
                    on: on.name.clone(),
                    span: o.span,
                });
                continue;
            }
        };
        if after_else {
            errors.push(CheckError::AfterElse { span: line.span });
        }
        after_else |= matches!(line.key, PayKey::Else { .. });
        if let Some(p) = payout(&line.payout, line.span, params, errors) {
            lines.push((matcher, p));
        }
    }
    Some(Settle::Value {
        final_index: final_index?,
        lines,
    })
}

/// The default tolerance of `~ N`: half a unit of the last digit written.
pub fn default_tolerance(number: &ast::Number) -> Exact {
    let body = number.text.trim_end_matches('%');
    if body.contains('/') {
        return Exact::zero();
    }
    let digits = body.split_once('.').map_or(0, |(_, frac)| frac.len());
    let mut tolerance = Exact::ratio(1, 2);
    for _ in 0..digits {
        tolerance = &tolerance / &Exact::int(10);
    }
    if number.percent {
        tolerance = &tolerance / &Exact::int(100);
    }
    tolerance
}

/// What the figures of `expect` and `claim` lines may name.
pub(super) struct Figures<'a> {
    pub outcomes: &'a [Named],
    pub top_level: &'a [(String, usize, super::expr::Ty)],
    pub decisions: &'a [Decision],
}

/// `strategy(CHOICE, OPTION, KEY...)`: the choice's name, the option and
/// the known values, checked against the round's decisions.
fn strategy_target(
    quantity: &ast::Quantity,
    decisions: &[Decision],
) -> Result<(String, String, Vec<i64>), CheckError> {
    let Some(d) = decisions.iter().find(|d| d.name == quantity.arg.name) else {
        return Err(unknown(
            "choice",
            &quantity.arg,
            decisions.iter().map(|d| d.name.as_str()),
        ));
    };
    let Some(ast::QuantityArg::Name(option)) = quantity.rest.first() else {
        return Err(CheckError::StrategyOption {
            choice: d.name.clone(),
            knowing: d.knowing.clone(),
            span: quantity.span,
        });
    };
    if !d.options.contains(&option.name) {
        return Err(unknown(
            "option",
            option,
            d.options.iter().map(|o| o.as_str()),
        ));
    }
    let mut key = Vec::new();
    for arg in &quantity.rest[1..] {
        match arg {
            ast::QuantityArg::Int { value, .. } => key.push(*value),
            ast::QuantityArg::Name(n) => {
                return Err(CheckError::StrategyKey {
                    name: n.name.clone(),
                    choice: d.name.clone(),
                    knowing: d.knowing.clone(),
                    span: n.span,
                })
            }
        }
    }
    if key.len() != d.knowing.len() {
        return Err(CheckError::StrategyKeyCount {
            choice: d.name.clone(),
            knowing: d.knowing.clone(),
            given: key.len(),
            span: quantity.span,
        });
    }
    Ok((d.name.clone(), option.name.clone(), key))
}

pub(super) fn assertions(
    file: &ast::File,
    claims: bool,
    scope: &Figures,
    finals: &mut Vec<Final>,
    errors: &mut Vec<CheckError>,
) -> Vec<Assertion> {
    let (outcomes, top_level) = (scope.outcomes, scope.top_level);
    let mut declared_bets: Vec<&str> = Vec::new();
    for item in &file.items {
        if let Item::Bet(b) = item {
            if !declared_bets.contains(&b.name.name.as_str()) {
                declared_bets.push(&b.name.name);
            }
        }
    }
    let mut out = Vec::new();
    for item in &file.items {
        let (quantity, relation, text, span) = match item {
            Item::Expect(e) if !claims => (&e.quantity, &e.relation, None, e.span),
            Item::Claim(c) if claims => (&c.quantity, &c.relation, Some(c.text.clone()), c.span),
            _ => continue,
        };
        let Some(&(_, figure)) = Figure::ALL.iter().find(|(n, _)| *n == quantity.func.name) else {
            errors.push(unknown(
                "figure",
                &quantity.func,
                Figure::ALL.iter().map(|(n, _)| *n),
            ));
            continue;
        };
        if figure != Figure::Strategy {
            if let Some(extra) = quantity.rest.first() {
                errors.push(CheckError::FigureArguments {
                    figure: quantity.func.name.clone(),
                    arg: quantity.arg.name.clone(),
                    span: extra.span(),
                });
                continue;
            }
        }
        let mut strategy = None;
        let target = if figure == Figure::Strategy {
            strategy_target(quantity, scope.decisions).map(|t| {
                strategy = Some(t);
                0
            })
        } else if figure == Figure::Mean {
            match top_level
                .iter()
                .rev()
                .find(|(n, _, _)| *n == quantity.arg.name)
            {
                Some((_, slot, _)) => Ok(match finals.iter().position(|f| f.slot == *slot) {
                    Some(i) => i,
                    None => {
                        finals.push(Final {
                            name: quantity.arg.name.clone(),
                            slot: *slot,
                            span: quantity.arg.span,
                        });
                        finals.len() - 1
                    }
                }),
                None => Err(unknown(
                    "name",
                    &quantity.arg,
                    top_level.iter().map(|(n, _, _)| n.as_str()),
                )),
            }
        } else if figure == Figure::Probability {
            outcomes
                .iter()
                .position(|o| o.name == quantity.arg.name)
                .ok_or_else(|| {
                    unknown(
                        "outcome",
                        &quantity.arg,
                        outcomes.iter().map(|o| o.name.as_str()),
                    )
                })
        } else {
            // Every declared bet counts, also one with errors of its own, so
            // that its errors are not followed by "unknown bet" here. When
            // the file has no errors, these are exactly `bets`, in order.
            declared_bets
                .iter()
                .position(|b| *b == quantity.arg.name)
                .ok_or_else(|| unknown("bet", &quantity.arg, declared_bets.iter().copied()))
        };
        let target = match target {
            Ok(t) => t,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        let tolerance = match (&relation.op, &relation.tolerance) {
            (RelOp::Approx, Some(t)) => t.value.clone(),
            (RelOp::Approx, None) => default_tolerance(&relation.value),
            (_, Some(t)) => {
                errors.push(CheckError::Tolerance {
                    op: relation.op,
                    span: t.span,
                });
                continue;
            }
            (_, None) => Exact::zero(),
        };
        out.push(Assertion {
            figure,
            target,
            quantity: crate::ast::print::quantity(quantity),
            op: relation.op,
            value: relation.value.value.clone(),
            value_text: relation.value.text.clone(),
            tolerance,
            text,
            strategy,
            span,
        });
    }
    out
}
