//! Hand tables (hands ranked in suits, each a list of combinations) and
//! draw tables (`D`, `S` or `?` by row and column).

use std::collections::BTreeMap;

use super::declare;
use crate::ast::{self, Item, Span};
use crate::check::CheckError;
use crate::program::{Cell, DrawTable, Hand, HandTable, Named};

/// A `hands` table: every combination under one hand, all of one number of
/// dice; no name both a hand and a suit.
pub(in crate::check) fn hand_table(
    decl: &ast::HandsDecl,
    errors: &mut Vec<CheckError>,
) -> HandTable {
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

/// The `table` items: keys that do not overlap, a cell per column, `?`
/// cells exactly when a side decides them.
pub(in crate::check) fn draw_tables(
    file: &ast::File,
    errors: &mut Vec<CheckError>,
) -> Vec<DrawTable> {
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
