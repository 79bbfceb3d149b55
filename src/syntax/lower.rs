//! Lowering pest pairs into the owned AST, one function per grammar rule.
//! Every span is shifted by `base`, the offset of the item being read.

use std::sync::OnceLock;

use pest::iterators::Pair;
use pest::pratt_parser::{Assoc, Op, PrattParser};

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
            | Rule::kw_to
            | Rule::kw_less
            | Rule::kw_expect
            | Rule::kw_claim
            | Rule::kw_shoe
            | Rule::kw_draw
            | Rule::word_decks
            | Rule::word_values
            | Rule::word_decided
            | Rule::word_knowing
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

fn game(pair: Pair<Rule>, base: usize) -> Result<GameDecl> {
    let at = span(&pair, base);
    let name = string(next(&mut children(pair), at)?);
    Ok(GameDecl { name, span: at })
}

fn param(pair: Pair<Rule>, base: usize) -> Result<ParamDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let default = number(next(&mut it, at)?, base)?;
    Ok(ParamDecl {
        name,
        default,
        span: at,
    })
}

fn outcomes(pair: Pair<Rule>, base: usize) -> OutcomesDecl {
    let at = span(&pair, base);
    let names = children(pair).map(|p| ident(p, base)).collect();
    OutcomesDecl { names, span: at }
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

fn hands(pair: Pair<Rule>, base: usize) -> Result<HandsDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let suits = it.map(|s| suit(s, base)).collect::<Result<_>>()?;
    Ok(HandsDecl {
        name,
        suits,
        span: at,
    })
}

fn suit(pair: Pair<Rule>, base: usize) -> Result<SuitBlock> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let hands = it.map(|h| hand_line(h, base)).collect::<Result<_>>()?;
    Ok(SuitBlock {
        name,
        hands,
        span: at,
    })
}

fn hand_line(pair: Pair<Rule>, base: usize) -> Result<HandLine> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let combos = it.map(|c| combo(c, base)).collect::<Result<_>>()?;
    Ok(HandLine {
        name,
        combos,
        span: at,
    })
}

fn shoe(pair: Pair<Rule>, base: usize) -> Result<ShoeDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let decks_pair = next(&mut children(next(&mut it, at)?), at)?;
    let decks_at = span(&decks_pair, base);
    let decks = match decks_pair.as_rule() {
        Rule::word_infinite => Decks::Infinite { span: decks_at },
        Rule::int => Decks::Count {
            count: int(decks_pair, base)?,
            span: decks_at,
        },
        _ => Decks::Param(ident(decks_pair, base)),
    };
    let values = children(next(&mut it, at)?)
        .map(|m| {
            let map_at = span(&m, base);
            let mut parts = children(m);
            let ranks = children(next(&mut parts, map_at)?)
                .map(|r| match r.as_rule() {
                    Rule::range => Ok(Ranks::Range(key(r, base)?)),
                    _ => Ok(Ranks::One {
                        rank: r.as_str().to_string(),
                        span: span(&r, base),
                    }),
                })
                .collect::<Result<_>>()?;
            let value_pair = next(&mut parts, map_at)?;
            let value = match value_pair.as_rule() {
                Rule::word_pip => None,
                _ => Some(int(value_pair, base)?),
            };
            Ok(ValueMap {
                ranks,
                value,
                span: map_at,
            })
        })
        .collect::<Result<_>>()?;
    Ok(ShoeDecl {
        name,
        decks,
        values,
        span: at,
    })
}

fn banking(pair: Pair<Rule>, base: usize) -> Result<Banking> {
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

fn key(pair: Pair<Rule>, base: usize) -> Result<Key> {
    let at = span(&pair, base);
    match pair.as_rule() {
        Rule::range => {
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

fn table(pair: Pair<Rule>, base: usize) -> Result<TableDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let row_key = ident(next(&mut it, at)?, base);
    let column_key = ident(next(&mut it, at)?, base);
    let mut columns_line = next(&mut it, at)?;
    let mut decided_by = None;
    if columns_line.as_rule() == Rule::decided_by {
        decided_by = children(columns_line)
            .find(|p| p.as_rule() == Rule::ident)
            .map(|p| ident(p, base));
        columns_line = next(&mut it, at)?;
    }
    let columns = children(columns_line)
        .map(|k| key(k, base))
        .collect::<Result<_>>()?;
    let rows = it.map(|r| table_row(r, base)).collect::<Result<_>>()?;
    Ok(TableDecl {
        name,
        row_key,
        column_key,
        decided_by,
        columns,
        rows,
        span: at,
    })
}

fn table_row(pair: Pair<Rule>, base: usize) -> Result<TableRow> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let row_key = key(next(&mut it, at)?, base)?;
    let cells = it
        .map(|c| Cell {
            kind: match c.as_str() {
                "D" => CellKind::Draw,
                "?" => CellKind::Choice,
                _ => CellKind::Stand,
            },
            span: span(&c, base),
        })
        .collect();
    Ok(TableRow {
        key: row_key,
        cells,
        span: at,
    })
}

fn block(pair: Pair<Rule>, base: usize, depth: usize) -> Result<Block> {
    let at = span(&pair, base);
    let depth = within(depth + 1, at, SPLIT_BLOCKS)?;
    let stmts = children(pair)
        .map(|s| stmt(s, base, depth))
        .collect::<Result<_>>()?;
    Ok(Block { stmts, span: at })
}

fn stmt(pair: Pair<Rule>, base: usize, depth: usize) -> Result<Stmt> {
    let at = span(&pair, base);
    Ok(match pair.as_rule() {
        Rule::throw_stmt => {
            let mut it = children(pair);
            let name = ident(next(&mut it, at)?, base);
            let dice = dice(next(&mut it, at)?, base)?;
            let until = match it.next() {
                Some(clause) => Some(expr(next(&mut children(clause), at)?, base, depth)?),
                None => None,
            };
            Stmt::Throw(ThrowStmt {
                name,
                dice,
                until,
                span: at,
            })
        }
        Rule::draw_stmt => {
            let mut it = children(pair);
            let name = ident(next(&mut it, at)?, base);
            let count_pair = next(&mut it, at)?;
            let count_span = span(&count_pair, base);
            let count = int(count_pair, base)?;
            let shoe = ident(next(&mut it, at)?, base);
            Stmt::Draw(DrawStmt {
                name,
                count,
                count_span,
                shoe,
                span: at,
            })
        }
        Rule::let_stmt => Stmt::Let(binding(pair, base, depth)?),
        Rule::set_stmt => Stmt::Set(binding(pair, base, depth)?),
        Rule::if_stmt => Stmt::If(if_stmt(pair, base, depth)?),
        Rule::end_stmt => Stmt::End(end_stmt(pair, base)?),
        Rule::compare_stmt => Stmt::Compare(compare(pair, base, depth)?),
        Rule::choose_stmt => {
            let mut it = children(pair);
            let name = ident(next(&mut it, at)?, base);
            let set = next(&mut it, at)?;
            let bracketed = matches!(set.as_rule(), Rule::int_set | Rule::label_set);
            let (options, labels) = match set.as_rule() {
                Rule::label_set => (
                    Vec::new(),
                    set.into_inner().map(|l| ident(l, base)).collect(),
                ),
                Rule::int_set => (
                    set.into_inner()
                        .map(|k| key(k, base))
                        .collect::<Result<_>>()?,
                    Vec::new(),
                ),
                _ => (vec![key(set, base)?], Vec::new()),
            };
            let by = ident(next(&mut it, at)?, base);
            let knowing = it.next().map(|k| {
                let span = span(&k, base);
                let names = children(k)
                    .filter(|p| p.as_rule() == Rule::ident)
                    .map(|p| ident(p, base))
                    .collect();
                Knowing { names, span }
            });
            Stmt::Choose(ChooseStmt {
                name,
                options,
                labels,
                bracketed,
                by,
                knowing,
                span: at,
            })
        }
        Rule::repeat_stmt => {
            let mut it = children(pair);
            let count_pair = next(&mut it, at)?;
            let count_span = span(&count_pair, base);
            let count = int(count_pair, base)?;
            let body = block(next(&mut it, at)?, base, depth)?;
            Stmt::Repeat(RepeatStmt {
                count,
                count_span,
                body,
                span: at,
            })
        }
        _ => return Err(malformed(at)),
    })
}

fn dice(pair: Pair<Rule>, base: usize) -> Result<Dice> {
    let at = span(&pair, base);
    let text = pair.as_str();
    let (count, sides) = text.split_once('d').ok_or_else(|| malformed(at))?;
    let too_big = |part: &str| SyntaxError::BadNumber {
        text: part.to_string(),
        reason: "dice counts and sides must be below 18446744073709551616",
        span: at,
    };
    let count = if count.is_empty() {
        1
    } else {
        count.parse().map_err(|_| too_big(count))?
    };
    let sides = sides.parse().map_err(|_| too_big(sides))?;
    Ok(Dice {
        count,
        sides,
        span: at,
    })
}

fn binding(pair: Pair<Rule>, base: usize, depth: usize) -> Result<LetStmt> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let value = expr(next(&mut it, at)?, base, depth)?;
    Ok(LetStmt {
        name,
        value,
        span: at,
    })
}

/// `if a { } else if b { } else { }`: the grammar reads the chain as a
/// repetition; the tree nests it, each `else if` one level deeper, each
/// link's span running from its `if` to the end of the chain.
fn if_stmt(pair: Pair<Rule>, base: usize, depth: usize) -> Result<IfStmt> {
    let at = span(&pair, base);
    // The links: where each `if` starts, its condition and block.
    let mut links: Vec<(usize, Expr, Block)> = Vec::new();
    let mut last_else = None;
    let mut it = pair.into_inner().peekable();
    while let Some(p) = it.next() {
        match p.as_rule() {
            Rule::kw_if => {
                let link_at = span(&p, base);
                let link_depth = within(depth + links.len(), link_at, SPLIT_CHAIN)?;
                let (cond, then) = (next(&mut it, at)?, next(&mut it, at)?);
                let link = |d| Ok((expr(cond.clone(), base, d)?, block(then.clone(), base, d)?));
                match link(link_depth) {
                    Ok((cond, then)) => links.push((link_at.start, cond, then)),
                    // Too deep only this far down the chain: the chain's
                    // fault, not the link's.
                    Err(SyntaxError::TooDeep { .. }) if link(depth).is_ok() => {
                        return Err(SyntaxError::TooDeep {
                            limit: MAX_DEPTH,
                            span: link_at,
                            help: SPLIT_CHAIN,
                        });
                    }
                    Err(e) => return Err(e),
                }
            }
            Rule::kw_else if it.peek().is_some_and(|n| n.as_rule() == Rule::block) => {
                let deepest = depth + links.len().saturating_sub(1);
                last_else = Some(block(next(&mut it, at)?, base, deepest)?);
            }
            Rule::kw_else => {}
            _ => return Err(malformed(at)),
        }
    }
    let mut otherwise = last_else.map(Else::Block);
    let mut links = links.into_iter().rev().peekable();
    while let Some((start, cond, then)) = links.next() {
        let stmt = IfStmt {
            cond,
            then,
            otherwise,
            span: Span::new(start, at.end),
        };
        if links.peek().is_none() {
            return Ok(IfStmt { span: at, ..stmt });
        }
        otherwise = Some(Else::If(Box::new(stmt)));
    }
    Err(malformed(at))
}

fn end_stmt(pair: Pair<Rule>, base: usize) -> Result<EndStmt> {
    let at = span(&pair, base);
    let outcome = ident(next(&mut children(pair), at)?, base);
    Ok(EndStmt { outcome, span: at })
}

fn compare(pair: Pair<Rule>, base: usize, depth: usize) -> Result<CompareStmt> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let left = expr(next(&mut it, at)?, base, depth)?;
    let right = expr(next(&mut it, at)?, base, depth)?;
    let arms = it
        .map(|a| compare_arm(a, base, depth))
        .collect::<Result<_>>()?;
    Ok(CompareStmt {
        left,
        right,
        arms,
        span: at,
    })
}

fn compare_arm(pair: Pair<Rule>, base: usize, depth: usize) -> Result<CompareArm> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let side_pair = next(&mut it, at)?;
    let side_span = span(&side_pair, base);
    let side = match side_pair.as_str() {
        "higher" => Side::Higher,
        "equal" => Side::Equal,
        _ => Side::Lower,
    };
    let body_pair = next(&mut it, at)?;
    let (body, short) = match body_pair.as_rule() {
        Rule::block => (block(body_pair, base, depth)?, false),
        _ => {
            let end = end_stmt(body_pair, base)?;
            let end_span = end.span;
            (
                Block {
                    stmts: vec![Stmt::End(end)],
                    span: end_span,
                },
                true,
            )
        }
    };
    Ok(CompareArm {
        side,
        side_span,
        body,
        short,
        span: at,
    })
}

fn pratt() -> &'static PrattParser<Rule> {
    static PRATT: OnceLock<PrattParser<Rule>> = OnceLock::new();
    PRATT.get_or_init(|| {
        PrattParser::new()
            .op(Op::infix(Rule::op_or, Assoc::Left))
            .op(Op::infix(Rule::op_and, Assoc::Left))
            .op(Op::prefix(Rule::op_not))
            .op(Op::infix(Rule::op_eq, Assoc::Left)
                | Op::infix(Rule::op_ne, Assoc::Left)
                | Op::infix(Rule::op_lt, Assoc::Left)
                | Op::infix(Rule::op_le, Assoc::Left)
                | Op::infix(Rule::op_gt, Assoc::Left)
                | Op::infix(Rule::op_ge, Assoc::Left)
                | Op::postfix(Rule::is_test)
                | Op::postfix(Rule::in_test))
            .op(Op::infix(Rule::op_add, Assoc::Left) | Op::infix(Rule::op_sub, Assoc::Left))
            .op(Op::infix(Rule::op_mul, Assoc::Left) | Op::infix(Rule::op_mod, Assoc::Left))
            .op(Op::prefix(Rule::op_neg))
    })
}

/// An expression, at most [`MAX_DEPTH`] deep counting from `depth`: the
/// tree of one flat run of operands and operators is at most as deep as
/// its operators are many, each bracket opening a run one level deeper.
fn expr(pair: Pair<Rule>, base: usize, depth: usize) -> Result<Expr> {
    let at = span(&pair, base);
    let operators = pair
        .clone()
        .into_inner()
        .filter(|p| {
            !matches!(
                p.as_rule(),
                Rule::int | Rule::bool_lit | Rule::call | Rule::ident | Rule::expr
            )
        })
        .count();
    let depth = within(depth + 1 + operators, at, SPLIT_EXPRESSION)?;
    pratt()
        .map_primary(|p| primary(p, base, depth))
        .map_prefix(|op, operand| {
            let operand = operand?;
            let at = span(&op, base).to(operand.span);
            let op = if op.as_rule() == Rule::op_not {
                UnaryOp::Not
            } else {
                UnaryOp::Neg
            };
            Ok(Expr {
                kind: ExprKind::Unary {
                    op,
                    operand: Box::new(operand),
                },
                span: at,
            })
        })
        .map_postfix(|subject, op| {
            let subject = subject?;
            let at = subject.span.to(span(&op, base));
            let kind = if op.as_rule() == Rule::is_test {
                let patterns = children(op)
                    .filter(|p| p.as_rule() != Rule::kw_is)
                    .map(|p| {
                        Ok(if matches!(p.as_rule(), Rule::combo | Rule::int) {
                            Pattern::Combo(combo(p, base)?)
                        } else {
                            Pattern::Name(ident(p, base))
                        })
                    })
                    .collect::<Result<_>>()?;
                ExprKind::Is {
                    subject: Box::new(subject),
                    patterns,
                }
            } else {
                let op_at = span(&op, base);
                let set_pair = op
                    .into_inner()
                    .find(|p| p.as_rule() != Rule::kw_in)
                    .ok_or_else(|| malformed(op_at))?;
                let bracketed = set_pair.as_rule() == Rule::int_set;
                let set = if bracketed {
                    set_pair
                        .into_inner()
                        .map(|k| key(k, base))
                        .collect::<Result<_>>()?
                } else {
                    vec![key(set_pair, base)?]
                };
                ExprKind::In {
                    subject: Box::new(subject),
                    set,
                    bracketed,
                }
            };
            Ok(Expr { kind, span: at })
        })
        .map_infix(|left, op, right| {
            let (left, right) = (left?, right?);
            let op = match op.as_rule() {
                Rule::op_or => BinaryOp::Or,
                Rule::op_and => BinaryOp::And,
                Rule::op_eq => BinaryOp::Eq,
                Rule::op_ne => BinaryOp::Ne,
                Rule::op_lt => BinaryOp::Lt,
                Rule::op_le => BinaryOp::Le,
                Rule::op_gt => BinaryOp::Gt,
                Rule::op_ge => BinaryOp::Ge,
                Rule::op_add => BinaryOp::Add,
                Rule::op_sub => BinaryOp::Sub,
                Rule::op_mul => BinaryOp::Mul,
                _ => BinaryOp::Mod,
            };
            let at = left.span.to(right.span);
            Ok(Expr {
                kind: ExprKind::Binary {
                    op,
                    left: Box::new(left),
                    right: Box::new(right),
                },
                span: at,
            })
        })
        .parse(pair.into_inner())
}

fn primary(pair: Pair<Rule>, base: usize, depth: usize) -> Result<Expr> {
    let at = span(&pair, base);
    let kind = match pair.as_rule() {
        Rule::int => ExprKind::Int(int(pair, base)?),
        Rule::bool_lit => ExprKind::Bool(pair.as_str() == "true"),
        Rule::ident => ExprKind::Name(ident(pair, base)),
        Rule::call => {
            let mut it = pair.into_inner();
            let func = ident(next(&mut it, at)?, base);
            let args = it.map(|a| expr(a, base, depth)).collect::<Result<_>>()?;
            ExprKind::Call { func, args }
        }
        Rule::expr => ExprKind::Paren(Box::new(expr(pair, base, depth)?)),
        _ => return Err(malformed(at)),
    };
    Ok(Expr { kind, span: at })
}

fn bet(pair: Pair<Rule>, base: usize) -> Result<BetDecl> {
    let at = span(&pair, base);
    let mut it = children(pair).peekable();
    let name = ident(next(&mut it, at)?, base);
    let on = match it.peek() {
        Some(p) if p.as_rule() == Rule::ident => Some(ident(next(&mut it, at)?, base)),
        _ => None,
    };
    let lines = it.map(|l| pay_line(l, base)).collect::<Result<_>>()?;
    Ok(BetDecl {
        name,
        on,
        lines,
        span: at,
    })
}

fn pay_key(pair: Pair<Rule>, base: usize) -> Result<PayKey> {
    let at = span(&pair, base);
    Ok(match pair.as_rule() {
        Rule::ident => PayKey::Outcome(ident(pair, base)),
        Rule::else_key => PayKey::Else { span: at },
        _ => {
            let mut it = pair.into_inner().peekable();
            let op = match it.peek() {
                Some(p) if p.as_rule() == Rule::value_op => {
                    let text = next(&mut it, at)?.as_str().to_string();
                    Some(match text.as_str() {
                        "<=" => KeyOp::Le,
                        ">=" => KeyOp::Ge,
                        "<" => KeyOp::Lt,
                        _ => KeyOp::Gt,
                    })
                }
                _ => None,
            };
            let k = next(&mut it, at)?;
            if op.is_some() && k.as_rule() == Rule::range {
                // `>= 26..29`: the grammar reads it, but a comparison
                // takes one number.
                return Err(SyntaxError::Unexpected {
                    expected: "a whole number".to_string(),
                    found: format!("the range `{}`", k.as_str()),
                    span: span(&k, base),
                    help: Some(
                        "a comparison takes one number (`>= 30`); a range stands alone (`26..29`)"
                            .to_string(),
                    ),
                });
            }
            let k = key(k, base)?;
            PayKey::Values(ValueKey {
                op,
                lo: k.lo,
                hi: k.hi,
                span: at,
            })
        }
    })
}

fn pay_line(pair: Pair<Rule>, base: usize) -> Result<PayLine> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let key = pay_key(next(&mut it, at)?, base)?;
    let payout_pair = next(&mut it, at)?;
    let payout = match payout_pair.as_rule() {
        Rule::win => {
            let mut it = children(payout_pair);
            let odds = odds_term(next(&mut it, at)?, base)?;
            let against = odds_term(next(&mut it, at)?, base)?;
            let commission = match it.next() {
                Some(n) => Some(number(n, base)?),
                None => None,
            };
            Payout::Win {
                odds,
                against,
                commission,
            }
        }
        Rule::lose_pay => Payout::Lose,
        _ => Payout::Push,
    };
    Ok(PayLine {
        key,
        payout,
        span: at,
    })
}

fn odds_term(pair: Pair<Rule>, base: usize) -> Result<OddsTerm> {
    Ok(if pair.as_rule() == Rule::ident {
        OddsTerm::Param(ident(pair, base))
    } else {
        OddsTerm::Number(number(pair, base)?)
    })
}

fn quantity(pair: Pair<Rule>, base: usize) -> Result<Quantity> {
    let at = span(&pair, base);
    let mut it = pair.into_inner();
    let func = ident(next(&mut it, at)?, base);
    let arg = ident(next(&mut it, at)?, base);
    let rest = it
        .map(|a| {
            Ok(if a.as_rule() == Rule::ident {
                QuantityArg::Name(ident(a, base))
            } else {
                let span = span(&a, base);
                QuantityArg::Int {
                    value: int(a, base)?,
                    span,
                }
            })
        })
        .collect::<Result<_>>()?;
    Ok(Quantity {
        func,
        arg,
        rest,
        span: at,
    })
}

fn relation(pair: Pair<Rule>, base: usize) -> Result<Relation> {
    let at = span(&pair, base);
    let mut it = pair.into_inner();
    let op = match next(&mut it, at)?.as_str() {
        "~" => RelOp::Approx,
        "=" => RelOp::Eq,
        "<" => RelOp::Lt,
        "<=" => RelOp::Le,
        ">" => RelOp::Gt,
        _ => RelOp::Ge,
    };
    let value = signed_number(next(&mut it, at)?, base)?;
    let tolerance = match it.next() {
        Some(t) => Some(number(next(&mut t.into_inner(), at)?, base)?),
        None => None,
    };
    Ok(Relation {
        op,
        value,
        tolerance,
        span: at,
    })
}

fn expect(pair: Pair<Rule>, base: usize) -> Result<ExpectDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let quantity = quantity(next(&mut it, at)?, base)?;
    let relation = relation(next(&mut it, at)?, base)?;
    Ok(ExpectDecl {
        quantity,
        relation,
        span: at,
    })
}

fn claim(pair: Pair<Rule>, base: usize) -> Result<ClaimDecl> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let quantity = quantity(next(&mut it, at)?, base)?;
    let relation = relation(next(&mut it, at)?, base)?;
    let text = string(next(&mut it, at)?);
    Ok(ClaimDecl {
        quantity,
        relation,
        text,
        span: at,
    })
}
