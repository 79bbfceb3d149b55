//! Shoes: decks of standard cards (or the infinite shoe), each rank mapped
//! to a value.

use super::{declare, param};
use crate::ast::{self, Item, Span};
use crate::check::CheckError;
use crate::number::Exact;
use crate::program::card::RANKS;
use crate::program::{Param, Shoe};

/// The most decks a shoe may hold: far beyond any casino's, and small
/// enough that every count of cards stays a machine word.
const MAX_DECKS: i64 = 1_000_000;

/// The `shoe` items: a count of decks (or `infinite`), every rank given a
/// value once.
pub(in crate::check) fn shoes(
    file: &ast::File,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Vec<Shoe> {
    let mut names = Vec::new();
    let mut shoes = Vec::new();
    for item in &file.items {
        let Item::Shoe(decl) = item else { continue };
        if !declare(&mut names, "shoe", &decl.name, errors) {
            continue;
        }
        let decks = decks(&decl.decks, params, errors);
        let mapped = rank_values(decl, errors);
        let (Some(decks), Some(mapped)) = (decks, mapped) else {
            // Still declared, so that draws from it report nothing more;
            // with an error the round is never evaluated.
            shoes.push(Shoe {
                name: decl.name.name.clone(),
                decks: Some(1),
                ranks: [0; 13],
                aces_high: false,
                removed: [0; 13],
                kinds: Vec::new(),
                span: decl.name.span,
            });
            continue;
        };
        let mut shoe = Shoe {
            name: decl.name.name.clone(),
            decks,
            ranks: mapped.map(|m| m.map_or(0, |(value, _)| value as u32)),
            aces_high: decl.aces.is_some_and(|a| a.high),
            removed: [0; 13],
            kinds: Vec::new(),
            span: decl.name.span,
        };
        // Cards of a value alike, until the round reads ranks or suits.
        shoe.tell_apart(false, false);
        shoes.push(shoe);
    }
    shoes
}

/// A shoe's decks: a count from 1 to [`MAX_DECKS`] (`Some(Some(n))`),
/// written or a parameter's whole value, or the infinite shoe
/// (`Some(None)`); `None` with its error.
fn decks(
    decks: &ast::Decks,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Option<Option<u32>> {
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
    match decks {
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
    }
}

/// Each rank's value and where it was mapped, every rank mapped once to a
/// value from 0 to a million (a numbered rank's pips by default); `None`
/// with the errors where any is not.
fn rank_values(
    decl: &ast::ShoeDecl,
    errors: &mut Vec<CheckError>,
) -> Option<[Option<(i64, Span)>; 13]> {
    let mut mapped: [Option<(i64, Span)>; 13] = [None; 13];
    let mut ok = true;
    for map in &decl.values {
        for ranks in &map.ranks {
            let Some(list) = ranks_named(ranks, errors) else {
                ok = false;
                continue;
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
    ok.then_some(mapped)
}

/// The ranks (by index in [`RANKS`]) one rank or a range of numbered
/// ranks names, each with where; `None` with its error where it names
/// none.
fn ranks_named(ranks: &ast::Ranks, errors: &mut Vec<CheckError>) -> Option<Vec<(usize, Span)>> {
    match ranks {
        ast::Ranks::One { rank: text, span } => match RANKS.iter().position(|r| r == text) {
            Some(i) => Some(vec![(i, *span)]),
            None => {
                errors.push(CheckError::NotARank {
                    rank: text.clone(),
                    span: *span,
                });
                None
            }
        },
        ast::Ranks::Range(k) => {
            if !(2..=10).contains(&k.lo) || !(2..=10).contains(&k.hi) || k.lo > k.hi {
                errors.push(CheckError::RankRange {
                    lo: k.lo,
                    hi: k.hi,
                    span: k.span,
                });
                return None;
            }
            Some((k.lo..=k.hi).map(|n| (n as usize - 1, k.span)).collect())
        }
    }
}
