//! Lowering pest pairs into the owned AST, one function per grammar rule,
//! one file per part of the language: the declarations ([`items`]), the
//! `banking` item ([`banking`]), the round ([`round`]), expressions
//! ([`expr`]), bets ([`bet`]), `expect` and `claim` ([`assertions`]). Here:
//! an item, and what they all share (spans, names, numbers, keys,
//! combinations, the depth limit). Every span is shifted by `base`, the
//! offset of the item being read.

mod assertions;
mod banking;
mod bet;
mod expr;
mod items;
mod round;

use pest::iterators::Pair;

use self::assertions::{claim, expect};
use self::banking::banking;
use self::bet::bet;
use self::expr::expr;
use self::items::{game, hands, outcomes, param, shoe, table};
use self::round::block;
use super::error::SyntaxError;
use super::{Rule, MAX_DEPTH};
use crate::ast::*;
use crate::number::Exact;

type Result<T> = std::result::Result<T, SyntaxError>;

/// The pair's span, shifted by `base`, without the trailing spaces and
/// comments pest keeps when an optional part at the end did not match.
fn span(pair: &Pair<Rule>, base: usize) -> Span {
    let s = pair.as_span();
    let text = trim_trivia(pair.as_str());
    Span::new(base + s.start(), base + s.start() + text.len())
}

fn trim_trivia(mut text: &str) -> &str {
    loop {
        text = text.trim_end();
        let line_start = text.rfind('\n').map_or(0, |i| i + 1);
        let line = &text[line_start..];
        match line.find("//") {
            Some(i) if !line[..i].contains('"') => text = &text[..line_start + i],
            _ => return text,
        }
    }
}

/// The children of a pair, skipping keywords and punctuation.
fn children(pair: Pair<'_, Rule>) -> impl Iterator<Item = Pair<'_, Rule>> {
    pair.into_inner().filter(|p| !is_token(p.as_rule()))
}

fn is_token(rule: Rule) -> bool {
    matches!(
        rule,
        Rule::arrow
            | Rule::lbrace
            | Rule::rbrace
            | Rule::assign
            | Rule::comma
            | Rule::kw_game
            | Rule::kw_param
            | Rule::kw_define
            | Rule::kw_outcomes
            | Rule::kw_hands
            | Rule::kw_table
            | Rule::kw_columns
            | Rule::kw_round
            | Rule::kw_throw
            | Rule::kw_until
            | Rule::kw_let
            | Rule::kw_set
            | Rule::kw_if
            | Rule::kw_else
            | Rule::kw_end
            | Rule::kw_compare
            | Rule::kw_repeat
            | Rule::kw_on
            | Rule::kw_choose
            | Rule::kw_from
            | Rule::kw_by
            | Rule::kw_with
            | Rule::kw_bet
            | Rule::kw_win
            | Rule::kw_lose
            | Rule::kw_to
            | Rule::kw_less
            | Rule::kw_expect
            | Rule::kw_claim
            | Rule::kw_shoe
            | Rule::kw_draw
            | Rule::kw_burn
            | Rule::kw_split
            | Rule::word_decks
            | Rule::word_values
            | Rule::word_decided
            | Rule::word_knowing
            | Rule::word_faces
            | Rule::kw_banking
            | Rule::kw_or
            | Rule::word_bank
            | Rule::word_house
            | Rule::word_rotates
            | Rule::word_every
            | Rule::word_kept
            | Rule::word_the
            | Rule::word_banker
            | Rule::word_loses
            | Rule::word_a
            | Rule::word_for
            | Rule::word_passes
            | Rule::word_when
            | Rule::word_bets
            | Rule::word_staking
            | Rule::word_pays
            | Rule::word_stake
            | Rule::word_fixed
            | Rule::word_up
            | Rule::word_free
            | Rule::word_banco
            | Rule::word_limit
            | Rule::word_chips
            | Rule::word_each
            | Rule::word_players
            | Rule::word_bankrupt
            | Rule::word_new
            | Rule::word_player
            | Rule::word_leaves
            | Rule::word_choices
            | Rule::word_seat
            | Rule::word_largest
    )
}

/// An error for a tree shape the grammar rules out; kept so that a grammar
/// change shows up as a diagnostic rather than a panic.
fn malformed(at: Span) -> SyntaxError {
    SyntaxError::Unexpected {
        expected: "a well-formed item".to_string(),
        found: "an internal parse shape".to_string(),
        span: at,
        help: Some("please report this file as a bug".to_string()),
    }
}

/// What to do about nesting that is too deep, by what nests.
const SPLIT_BLOCKS: &str = "split the expression with `let`, or flatten the blocks";
const SPLIT_EXPRESSION: &str =
    "every operator and bracket is a level: split the expression with `let`";
const SPLIT_CHAIN: &str =
    "every `else if` is a level: split the chain, or key a `table` by the value";

/// `depth`, checked against [`MAX_DEPTH`]: the syntax tree's depth is
/// counted as it is lowered (blocks, `else if` links, operators and
/// brackets each add a level), so that every later pass, each recursive
/// over the tree, has a bounded stack whatever the input.
fn within(depth: usize, at: Span, help: &'static str) -> Result<usize> {
    if depth > MAX_DEPTH {
        Err(SyntaxError::TooDeep {
            limit: MAX_DEPTH,
            span: at,
            help,
        })
    } else {
        Ok(depth)
    }
}

fn next<'a>(it: &mut impl Iterator<Item = Pair<'a, Rule>>, at: Span) -> Result<Pair<'a, Rule>> {
    it.next().ok_or_else(|| malformed(at))
}

pub(super) fn item(item_at: Pair<Rule>, base: usize) -> Result<Item> {
    let at = span(&item_at, base);
    let pair = next(&mut item_at.into_inner(), at)?;
    Ok(match pair.as_rule() {
        Rule::game_decl => Item::Game(game(pair, base)?),
        Rule::param_decl => Item::Param(param(pair, base)?),
        Rule::outcomes_decl => Item::Outcomes(outcomes(pair, base)),
        Rule::hands_decl => Item::Hands(hands(pair, base)?),
        Rule::table_decl => Item::Table(table(pair, base)?),
        Rule::shoe_decl => Item::Shoe(shoe(pair, base)?),
        Rule::define_decl => {
            let at = span(&pair, base);
            let mut it = children(pair).peekable();
            let name = ident(next(&mut it, at)?, base);
            let mut params = Vec::new();
            while let Some(p) = it.next_if(|p| p.as_rule() == Rule::ident) {
                params.push(ident(p, base));
            }
            let body = expr(next(&mut it, at)?, base, 0)?;
            Item::Define(DefineDecl {
                name,
                params,
                body,
                span: at,
            })
        }
        Rule::round_decl => {
            let at = span(&pair, base);
            let body = block(next(&mut children(pair), at)?, base, 0)?;
            Item::Round(RoundDecl { body, span: at })
        }
        Rule::bet_decl => Item::Bet(bet(pair, base)?),
        Rule::expect_decl => Item::Expect(expect(pair, base)?),
        Rule::claim_decl => Item::Claim(claim(pair, base)?),
        Rule::banking_decl => Item::Banking(banking(pair, base)?),
        _ => return Err(malformed(at)),
    })
}

/// The expression of `check --show EXPR`, its spans in the expression's
/// own text.
pub(super) fn show_expr(pair: Pair<Rule>) -> Result<Expr> {
    expr(pair, 0, 0)
}

fn ident(pair: Pair<Rule>, base: usize) -> Ident {
    Ident {
        name: pair.as_str().to_string(),
        span: span(&pair, base),
    }
}

fn string(pair: Pair<Rule>) -> String {
    pair.into_inner()
        .next()
        .map(|body| body.as_str().to_string())
        .unwrap_or_default()
}

fn int(pair: Pair<Rule>, base: usize) -> Result<i64> {
    pair.as_str().parse().map_err(|_| SyntaxError::BadNumber {
        text: pair.as_str().to_string(),
        reason:
            "whole numbers in rules must lie between -9223372036854775808 and 9223372036854775807",
        span: span(&pair, base),
    })
}

/// The most digits an exact number may be written with. Pinned figures
/// run to a few hundred digits (twenty-six's probabilities, 200); a number
/// of 100,000 digits made every figure of its bet take seconds.
const MAX_DIGITS: usize = 1_000;

/// A parameter's value as `--set` and `with` take it: a number, or
/// `infinite`.
pub(super) fn setting(pair: Pair<Rule>, base: usize) -> Result<Setting> {
    if pair.as_rule() == Rule::word_infinite {
        return Ok(Setting::Infinite);
    }
    number(pair, base).map(|n| Setting::Number(n.value))
}

pub(super) fn number(pair: Pair<Rule>, base: usize) -> Result<Number> {
    let at = span(&pair, base);
    let text = pair.as_str().to_string();
    if text.bytes().filter(u8::is_ascii_digit).count() > MAX_DIGITS {
        return Err(SyntaxError::BadNumber {
            text: format!("{}…", &text[..20]),
            reason: "a number in a rule file has at most 1000 digits",
            span: at,
        });
    }
    let percent = text.ends_with('%');
    let value = Exact::parse_literal(&text).ok_or_else(|| SyntaxError::BadNumber {
        text: text.clone(),
        reason: "a fraction's denominator cannot be 0",
        span: at,
    })?;
    Ok(Number {
        value,
        percent,
        text,
        span: at,
    })
}

/// `-37/432`: a number with an optional minus sign, as one [`Number`].
fn signed_number(pair: Pair<Rule>, base: usize) -> Result<Number> {
    let at = span(&pair, base);
    let negative = pair.as_str().starts_with('-');
    let inner = next(&mut pair.into_inner(), at)?;
    let mut n = number(inner, base)?;
    if negative {
        n.value = -&n.value;
        n.text = format!("-{}", n.text);
        n.span = at;
    }
    Ok(n)
}

fn combo(pair: Pair<Rule>, base: usize) -> Result<Combo> {
    let at = span(&pair, base);
    let faces = pair
        .as_str()
        .split('-')
        .map(|f| {
            f.parse::<u32>().map_err(|_| SyntaxError::BadNumber {
                text: f.to_string(),
                reason: "a face must be a whole number below 4294967296",
                span: at,
            })
        })
        .collect::<Result<Vec<u32>>>()?;
    Ok(Combo { faces, span: at })
}

fn key(pair: Pair<Rule>, base: usize) -> Result<Key> {
    let at = span(&pair, base);
    match pair.as_rule() {
        Rule::range | Rule::signed_range => {
            let mut it = pair.into_inner();
            let lo = int(next(&mut it, at)?, base)?;
            let hi = int(next(&mut it, at)?, base)?;
            Ok(Key { lo, hi, span: at })
        }
        _ => {
            let n = int(pair, base)?;
            Ok(Key {
                lo: n,
                hi: n,
                span: at,
            })
        }
    }
}
