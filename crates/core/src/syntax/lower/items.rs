//! Lowering the declarations: `game`, `param`, `outcomes`, hand tables,
//! shoes and draw tables.

use pest::iterators::Pair;

use super::{children, combo, ident, int, key, next, number, span, string, Result, Rule};
use crate::ast::*;

pub(super) fn game(pair: Pair<Rule>, base: usize) -> Result<GameDecl> {
    let at = span(&pair, base);
    let name = string(next(&mut children(pair), at)?);
    Ok(GameDecl { name, span: at })
}

pub(super) fn param(pair: Pair<Rule>, base: usize) -> Result<ParamDecl> {
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

pub(super) fn outcomes(pair: Pair<Rule>, base: usize) -> OutcomesDecl {
    let at = span(&pair, base);
    let names = children(pair).map(|p| ident(p, base)).collect();
    OutcomesDecl { names, span: at }
}

pub(super) fn hands(pair: Pair<Rule>, base: usize) -> Result<HandsDecl> {
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

pub(super) fn shoe(pair: Pair<Rule>, base: usize) -> Result<ShoeDecl> {
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
    let aces = it.next().map(|line| Aces {
        span: span(&line, base),
        high: children(line).any(|w| w.as_rule() == Rule::word_high),
    });
    Ok(ShoeDecl {
        name,
        decks,
        values,
        aces,
        span: at,
    })
}

pub(super) fn table(pair: Pair<Rule>, base: usize) -> Result<TableDecl> {
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
