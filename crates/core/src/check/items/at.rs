//! The figures of a session (`ruin(R)`, `net(S)`, `net_spread`, `tenure`,
//! `tenure_net`) and the table their `at` names: `at seats = 4, rounds =
//! 4, stake = 1, stakes = [2, 1, 1, 1], chips = 20`, as `dicerules session`
//! takes it.

use crate::ast::{self, QuantityArg};
use crate::check::error::AtError;
use crate::check::CheckError;
use crate::program::{Assertion, Bank, Banking, Figure, Named, SessionTable, ShoeDeal};
use crate::suggest::did_you_mean;

/// The settings an `at` may give.
const NAMES: [&str; 5] = ["seats", "rounds", "stake", "stakes", "chips"];

/// The most seats and table rounds, as `dicerules session` allows.
const MOST_SEATS: u64 = 64;
const MOST_ROUNDS: u64 = 10_000;

/// The table rounds when `at` does not say: a `ruin(R)`'s R, else ten, as
/// `dicerules session` plays by default.
const ROUNDS: u64 = 10;

/// The shoes `shoe_margin` deals when `at` does not say: enough that the
/// estimate's standard error is a tenth of a coup for baccarat's 8 decks.
const SHOES: u64 = 10_000;

/// The most shoes one line deals, and the most cards in all (every coup
/// takes a card or more): about a minute of dealing.
const MOST_SHOES: u64 = 1_000_000;
pub const MOST_CARDS_DEALT: u64 = 20_000_000;

/// Cards left at which no coup starts, by default, as `dicerules shoe`.
const CUT: u64 = 14;

/// The shoes of `shoe_margin(O1, O2) ... at shoes = N, seed = S, cut = C`.
pub(super) fn shoe_deal(
    quantity: &ast::Quantity,
    at: Option<&ast::At>,
    outcomes: &[Named],
) -> Result<ShoeDeal, CheckError> {
    let usage = |span| {
        CheckError::from(AtError::Arguments {
            figure: quantity.func.name.clone(),
            usage: "shoe_margin(OUTCOME, OUTCOME)",
            help: "the coups ending the first outcome less those ending the second, per shoe dealt to the cut card".to_string(),
            span,
        })
    };
    let (first, second) = match &quantity.args[..] {
        [QuantityArg::Name(a), QuantityArg::Name(b)] => (a, b),
        [_, _, extra, ..] => return Err(usage(extra.span())),
        _ => return Err(usage(quantity.span)),
    };
    let outcome = |name: &ast::Ident| {
        outcomes
            .iter()
            .position(|o| o.name == name.name)
            .ok_or_else(|| {
                super::unknown("outcome", name, outcomes.iter().map(|o| o.name.as_str()))
            })
    };
    let (plus, minus) = (outcome(first)?, outcome(second)?);
    let Some(at) = at else {
        return Ok(ShoeDeal {
            plus,
            minus,
            shoes: SHOES,
            seed: 1,
            cut: CUT,
        });
    };
    let given = settings(at, &["shoes", "seed", "cut"], "of the shoes dealt")?;
    let find = |n: &str| given.iter().find(|s| s.name.name == n).copied();
    let get = |n: &str, lo: u64, hi: u64, what: &str, default: u64| {
        find(n).map_or(Ok(default), |s| one(s, lo, hi, what, ""))
    };
    Ok(ShoeDeal {
        plus,
        minus,
        shoes: get("shoes", 1, MOST_SHOES, "the shoes dealt are", SHOES)?,
        seed: get("seed", 0, u64::MAX, "a seed is", 1)?,
        cut: get("cut", 0, u64::MAX, "the cut card is at", CUT)?,
    })
}

/// The settings of `at`, each one of `names` and given once.
fn settings<'a>(
    at: &'a ast::At,
    names: &[&str],
    of: &'static str,
) -> Result<Vec<&'a ast::AtSetting>, CheckError> {
    let mut given: Vec<&ast::AtSetting> = Vec::new();
    for s in &at.settings {
        if !names.contains(&s.name.name.as_str()) {
            let help = did_you_mean(&s.name.name, names.iter().copied())
                .map_or(format!("the settings here are {}", names.join(", ")), |n| {
                    format!("did you mean `{n}`?")
                });
            return Err(AtError::Unknown {
                name: s.name.name.clone(),
                of,
                span: s.name.span,
                help,
            }
            .into());
        }
        if let Some(first) = given.iter().find(|g| g.name.name == s.name.name) {
            return Err(AtError::Repeated {
                name: s.name.name.clone(),
                first: first.span,
                second: s.span,
            }
            .into());
        }
        given.push(s);
    }
    Ok(given)
}

/// The most distinct tables the `at` of a file's lines may name (and
/// shoes they deal): each is a session `check` runs.
pub const MAX_TABLES: usize = 8;

/// An error where the lines `expects` and `claims` name more than
/// [`MAX_TABLES`] distinct tables.
pub(in crate::check) fn few_tables(
    expects: &[Assertion],
    claims: &[Assertion],
    errors: &mut Vec<CheckError>,
) {
    let mut seen: Vec<(Option<&SessionTable>, Option<&ShoeDeal>)> = Vec::new();
    for a in expects.iter().chain(claims) {
        let t = (a.table.as_ref(), a.shoes.as_ref());
        if t == (None, None) || seen.contains(&t) {
            continue;
        }
        if seen.len() == MAX_TABLES {
            errors.push(
                AtError::TooManyTables {
                    max: MAX_TABLES,
                    span: a.span,
                }
                .into(),
            );
            return;
        }
        seen.push(t);
    }
}

/// The table of a figure of a session and its target (the rounds of
/// `ruin`, the seat from 0 of `net`, else 0); every error on the way.
pub(super) fn session_table(
    quantity: &ast::Quantity,
    figure: Figure,
    at: Option<&ast::At>,
    banking: &Banking,
) -> Result<(SessionTable, usize), CheckError> {
    let name = quantity.func.name.as_str();
    let Some(at) = at else {
        return Err(AtError::Missing {
            figure: name.to_string(),
            span: quantity.span,
        }
        .into());
    };
    if banking.bank == Bank::House
        && matches!(figure, Figure::Ruin | Figure::Tenure | Figure::TenureNet)
    {
        return Err(AtError::HouseBanks {
            figure: name.to_string(),
            span: quantity.func.span,
        }
        .into());
    }
    let argument = figure_argument(quantity, figure)?;
    let given = settings(at, &NAMES, "of a table")?;
    let find = |n: &str| given.iter().find(|s| s.name.name == n).copied();
    let seats = find("seats").ok_or(AtError::NoSeats { span: at.span })?;
    let seats = one(seats, 1, MOST_SEATS, "a table has", " seats")?;
    let rounds = match find("rounds") {
        Some(r) => one(r, 1, MOST_ROUNDS, "a session plays", " table rounds")?,
        None if figure == Figure::Ruin => argument.max(1),
        None => ROUNDS,
    };
    let rules = banking.stakes.len().max(1) as u64;
    let stake = match find("stake") {
        Some(s) => one(s, 1, rules, "the file's stake rules are numbered", "")? - 1,
        None => 0,
    };
    let chips = find("chips")
        .map(|c| one(c, 1, u64::MAX, "a seat's chips are", ""))
        .transpose()?;
    let stakes = find("stakes").map_or(Vec::new(), |s| s.values.clone());
    let as_usize = |v: u64| usize::try_from(v).unwrap_or(usize::MAX);
    let (seats, stake) = (as_usize(seats), as_usize(stake));
    if let Some(s) = find("stakes") {
        if let Some(reason) = banking.seat_stakes_error(stake, seats, &stakes) {
            return Err(value_error(s, reason));
        }
    }
    let target = match figure {
        Figure::Ruin if argument > rounds => {
            return Err(AtError::Beyond {
                what: format!("round {argument} of a session of {rounds} table rounds"),
                help: format!("ask for ruin(1) to ruin({rounds}), or play more with `rounds = {argument}` in the `at`"),
                span: quantity.span,
            }
            .into())
        }
        Figure::Net if argument > seats as u64 => {
            return Err(AtError::Beyond {
                what: format!("seat {argument} at a table of {seats} seats"),
                help: format!("the seats are numbered from 1 to {seats}, as `play` numbers them"),
                span: quantity.span,
            }
            .into())
        }
        Figure::Ruin => as_usize(argument),
        Figure::Net => as_usize(argument) - 1,
        _ => 0,
    };
    Ok((
        SessionTable {
            seats,
            rounds,
            stake,
            stakes,
            chips,
        },
        target,
    ))
}

/// The number a figure of a session takes (`ruin(R)`, `net(S)`), at
/// least 1; 0 for those that take none.
fn figure_argument(quantity: &ast::Quantity, figure: Figure) -> Result<u64, CheckError> {
    let (usage, help) = match figure {
        Figure::Ruin => (
            "ruin(R)",
            "the probability that a bank is put out of business within the first R table rounds",
        ),
        Figure::Net => (
            "net(S)",
            "seat S's expected net over the session, seats numbered from 1 as at `play`",
        ),
        Figure::NetSpread => (
            "net_spread",
            "the largest seat's expected net less the smallest's",
        ),
        Figure::Tenure => (
            "tenure",
            "the table rounds the first bank is held, on average",
        ),
        _ => (
            "tenure_net",
            "the first banker's expected net over the rounds it holds the bank",
        ),
    };
    let wrong = |span| {
        CheckError::from(AtError::Arguments {
            figure: quantity.func.name.clone(),
            usage,
            help: help.to_string(),
            span,
        })
    };
    match (figure, &quantity.args[..]) {
        (Figure::Ruin | Figure::Net, [QuantityArg::Int { value, .. }]) if *value >= 1 => {
            Ok(value.unsigned_abs())
        }
        (Figure::Ruin | Figure::Net, _) => Err(wrong(quantity.span)),
        (_, []) => Ok(0),
        (_, [first, ..]) => Err(wrong(first.span())),
    }
}

/// The one number of `s`, from `lo` to `hi`.
fn one(s: &ast::AtSetting, lo: u64, hi: u64, what: &str, unit: &str) -> Result<u64, CheckError> {
    match s.values[..] {
        [v] if !s.list && (lo..=hi).contains(&v) => Ok(v),
        [_] if !s.list => Err(value_error(s, format!("{what} from {lo} to {hi}{unit}"))),
        _ => Err(value_error(
            s,
            "it is one whole number, not a list".to_string(),
        )),
    }
}

fn value_error(s: &ast::AtSetting, reason: String) -> CheckError {
    let values: Vec<String> = s.values.iter().map(u64::to_string).collect();
    let value = if s.list {
        format!("[{}]", values.join(", "))
    } else {
        values.join(", ")
    };
    AtError::Value {
        name: s.name.name.clone(),
        value,
        reason,
        span: s.value_span,
    }
    .into()
}
