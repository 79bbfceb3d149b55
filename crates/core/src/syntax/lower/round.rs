//! Lowering the round: blocks and statements (`throw`, `draw`, `let`,
//! `if`, `compare`, `repeat`, `choose`, `end`).

use pest::iterators::Pair;

use super::expr::expr;
use super::{
    children, ident, int, key, malformed, next, span, within, Result, Rule, MAX_DEPTH,
    SPLIT_BLOCKS, SPLIT_CHAIN,
};
use crate::ast::*;
use crate::syntax::SyntaxError;

pub(super) fn block(pair: Pair<Rule>, base: usize, depth: usize) -> Result<Block> {
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
            let mut rest = it.peekable();
            let for_each_seat = rest
                .next_if(|p| p.as_rule() == Rule::for_each_seat)
                .is_some();
            let until = match rest.next() {
                Some(clause) => Some(expr(next(&mut children(clause), at)?, base, depth)?),
                None => None,
            };
            Stmt::Throw(ThrowStmt {
                name,
                dice,
                for_each_seat,
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
            let rest: Vec<Rule> = it.map(|p| p.as_rule()).collect();
            let face_down = rest.contains(&Rule::face_down);
            let for_each_seat = rest.contains(&Rule::for_each_seat);
            Stmt::Draw(DrawStmt {
                name,
                count,
                count_span,
                shoe,
                face_down,
                for_each_seat,
                span: at,
            })
        }
        Rule::burn_stmt => {
            let mut it = children(pair);
            let count_pair = next(&mut it, at)?;
            let count_span = span(&count_pair, base);
            let count = int(count_pair, base)?;
            let shoe = ident(next(&mut it, at)?, base);
            Stmt::Burn(BurnStmt {
                count,
                count_span,
                shoe,
                span: at,
            })
        }
        Rule::turn_up_stmt => {
            let name = children(pair)
                .find(|p| p.as_rule() == Rule::ident)
                .map(|p| ident(p, base))
                .ok_or_else(|| malformed(at))?;
            Stmt::TurnUp(TurnUpStmt { name, span: at })
        }
        Rule::split_stmt => Stmt::Split(SplitStmt { span: at }),
        Rule::let_stmt => Stmt::Let(binding(pair, base, depth)?),
        Rule::set_stmt => Stmt::Set(binding(pair, base, depth)?),
        Rule::if_stmt => Stmt::If(if_stmt(pair, base, depth)?),
        Rule::end_stmt => Stmt::End(end_stmt(pair, base)?),
        Rule::compare_stmt => Stmt::Compare(compare(pair, base, depth)?),
        Rule::choose_stmt => Stmt::Choose(choose(pair, base)?),
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
        Rule::while_stmt => {
            let mut it = children(pair)
                .filter(|p| !matches!(p.as_rule(), Rule::kw_while | Rule::word_at_most));
            let cond = expr(next(&mut it, at)?, base, depth)?;
            let count_pair = next(&mut it, at)?;
            let count_span = span(&count_pair, base);
            let count = int(count_pair, base)?;
            let body = block(next(&mut it, at)?, base, depth)?;
            Stmt::While(WhileStmt {
                cond,
                count,
                count_span,
                body,
                span: at,
            })
        }
        _ => return Err(malformed(at)),
    })
}

/// A `choose` statement: its options (numbers, labels or a throw's
/// faces), who chooses and what they know.
fn choose(pair: Pair<Rule>, base: usize) -> Result<ChooseStmt> {
    let at = span(&pair, base);
    let mut it = children(pair);
    let name = ident(next(&mut it, at)?, base);
    let set = next(&mut it, at)?;
    let bracketed = matches!(set.as_rule(), Rule::int_set | Rule::label_set);
    let mut faces = None;
    let (options, labels) = match set.as_rule() {
        Rule::faces_of => {
            let throw = children(set)
                .find(|p| p.as_rule() == Rule::ident)
                .ok_or_else(|| malformed(at))?;
            faces = Some(ident(throw, base));
            (Vec::new(), Vec::new())
        }
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
        let mut names = Vec::new();
        let mut joined = Vec::new();
        for p in children(k) {
            match p.as_rule() {
                Rule::ident => names.push(ident(p, base)),
                Rule::op_add => joined.push(names.len()),
                _ => {}
            }
        }
        Knowing {
            names,
            joined,
            span,
        }
    });
    Ok(ChooseStmt {
        name,
        options,
        labels,
        bracketed,
        faces,
        by,
        knowing,
        span: at,
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
            let one = stmt(body_pair, base, depth)?;
            let one_span = one.span();
            (
                Block {
                    stmts: vec![one],
                    span: one_span,
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
