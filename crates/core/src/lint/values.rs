//! The payout lines of a bet settled on a value (`bet player on score`),
//! against each other.
//!
//! The first line that matches a value pays it. A line whose values the
//! lines above it all take can never pay, whatever the round does
//! (`unreachable_rule`). A line sharing values with one above it and paying
//! them differently depends on the order it is written in, when some round
//! ends with one of those values (`order_decides`). `else` takes what the
//! others leave by definition, so it overlaps nothing.

use std::collections::BTreeSet;

use super::{labeled, Lint};
use crate::ast::{self, Item};
use crate::eval::coverage::Coverage;
use crate::program::{Bet, Payout, Program, Settle, ValueMatch};

/// A set of whole numbers: sorted, disjoint, inclusive ranges.
pub(super) type Values = Vec<(i64, i64)>;

/// The values a line names.
pub(super) fn of(m: &ValueMatch) -> Values {
    match m {
        ValueMatch::Else | ValueMatch::Net => vec![(i64::MIN, i64::MAX)],
        ValueMatch::Key(k) => of_key(k),
        ValueMatch::Set(keys) => {
            let mut ranges: Values = keys.iter().flat_map(of_key).collect();
            ranges.sort_unstable();
            let mut merged: Values = Vec::with_capacity(ranges.len());
            for (lo, hi) in ranges {
                match merged.last_mut() {
                    Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                    _ => merged.push((lo, hi)),
                }
            }
            merged
        }
    }
}

/// The values one key names.
fn of_key(k: &ast::ValueKey) -> Values {
    let range = match k.op {
        None => (k.lo, k.hi),
        Some(ast::KeyOp::Le) => (i64::MIN, k.lo),
        Some(ast::KeyOp::Ge) => (k.lo, i64::MAX),
        Some(ast::KeyOp::Lt) => match k.lo.checked_sub(1) {
            Some(hi) => (i64::MIN, hi),
            None => return Vec::new(),
        },
        Some(ast::KeyOp::Gt) => match k.lo.checked_add(1) {
            Some(lo) => (lo, i64::MAX),
            None => return Vec::new(),
        },
    };
    if range.0 <= range.1 {
        vec![range]
    } else {
        Vec::new()
    }
}

/// The values of `a` not in `b`.
pub(super) fn minus(a: &Values, b: &Values) -> Values {
    let mut out = Vec::new();
    for &(lo, hi) in a {
        let mut from = Some(lo);
        for &(blo, bhi) in b {
            let Some(start) = from else { break };
            if bhi < start || blo > hi {
                continue;
            }
            if blo > start {
                out.push((start, blo - 1));
            }
            from = bhi.checked_add(1).filter(|&n| n <= hi);
        }
        if let Some(start) = from {
            out.push((start, hi));
        }
    }
    out
}

/// The values in both.
pub(super) fn intersect(a: &Values, b: &Values) -> Values {
    let mut out = Vec::new();
    for &(lo, hi) in a {
        for &(blo, bhi) in b {
            let (l, h) = (lo.max(blo), hi.min(bhi));
            if l <= h {
                out.push((l, h));
            }
        }
    }
    out.sort_unstable();
    out
}

fn union(a: &Values, b: &Values) -> Values {
    let mut all: Values = a.iter().chain(b).copied().collect();
    all.sort_unstable();
    let mut out: Values = Vec::new();
    for (lo, hi) in all {
        match out.last_mut() {
            Some(last) if last.1 == i64::MAX || lo <= last.1 + 1 => last.1 = last.1.max(hi),
            _ => out.push((lo, hi)),
        }
    }
    out
}

/// How a set of values is written in a bet: `13`, `26..29`, `<= 10`.
pub(super) fn describe(values: &Values) -> String {
    let one = |&(lo, hi): &(i64, i64)| match (lo, hi) {
        (i64::MIN, i64::MAX) => "every value".to_string(),
        (i64::MIN, hi) => format!("<= {hi}"),
        (lo, i64::MAX) => format!(">= {lo}"),
        (lo, hi) if lo == hi => lo.to_string(),
        (lo, hi) => format!("{lo}..{hi}"),
    };
    values.iter().map(one).collect::<Vec<_>>().join(", ")
}

/// For each line, the values it pays first: those it names that no line
/// above it takes.
pub(super) fn first_takes(lines: &[(ValueMatch, Payout)]) -> Vec<Values> {
    let mut taken = Values::new();
    lines
        .iter()
        .map(|(m, _)| {
            let own = of(m);
            let first = minus(&own, &taken);
            taken = union(&taken, &own);
            first
        })
        .collect()
}

/// Each bet settled on a value, with its lines as written (not a bet that
/// `pays` a name: it writes none).
pub(super) fn value_bets<'a>(
    file: &'a ast::File,
    program: &'a Program,
) -> impl Iterator<Item = (&'a Bet, &'a [(ValueMatch, Payout)], &'a [ast::PayLine])> {
    file.items.iter().filter_map(move |item| {
        let Item::Bet(decl) = item else { return None };
        let bet = program.bets.iter().find(|b| b.name == decl.name.name)?;
        let Settle::Value { lines, .. } = &bet.settle else {
            return None;
        };
        if bet.pays().is_some() {
            return None;
        }
        (lines.len() == decl.lines.len()).then_some((bet, &lines[..], &decl.lines[..]))
    })
}

/// The final values of `final_index` some round ends with.
pub(super) fn finals(coverage: &Coverage, final_index: usize) -> BTreeSet<i64> {
    coverage
        .ends
        .iter()
        .filter_map(|(_, values)| values.get(final_index).copied().flatten())
        .collect()
}

/// Whether some value of `values` is in `ends`.
pub(super) fn meets(values: &Values, ends: &BTreeSet<i64>) -> bool {
    values
        .iter()
        .any(|&(lo, hi)| ends.range(lo..=hi).next().is_some())
}

pub(super) fn lint(
    file: &ast::File,
    program: &Program,
    coverage: &Coverage,
    lints: &mut Vec<Lint>,
) {
    for (bet, lines, written) in value_bets(file, program) {
        let ends = match &bet.settle {
            Settle::Value { final_index, .. } => finals(coverage, *final_index),
            Settle::Outcomes(_) => continue,
        };
        let takes = first_takes(lines);
        for (j, (m, pay)) in lines.iter().enumerate() {
            let own = of(m);
            if takes[j].is_empty() {
                let causes = (0..j)
                    .filter_map(|i| {
                        let shared = intersect(&takes[i], &own);
                        (!shared.is_empty()).then(|| {
                            labeled(
                                written[i].span,
                                format!("takes {} first", describe(&shared)),
                            )
                        })
                    })
                    .collect();
                let label = match m {
                    ValueMatch::Else | ValueMatch::Net => "the lines above take every value",
                    ValueMatch::Key(_) | ValueMatch::Set(_) => {
                        "the lines above take every value it names"
                    }
                };
                lints.push(Lint::UnreachableRule {
                    message: "this line can never pay".to_string(),
                    span: written[j].span,
                    label: label.to_string(),
                    causes,
                    help: "the first line that matches a value pays it: remove this line, or move it above the lines that take its values".to_string(),
                });
                continue;
            }
            if matches!(m, ValueMatch::Else) {
                continue;
            }
            for i in 0..j {
                let shared = intersect(&takes[i], &own);
                if !meets(&shared, &ends) || lines[i].1.net == pay.net {
                    continue;
                }
                lints.push(Lint::OrderDecides {
                    message: "two lines take the same values, and their order decides the payout".to_string(),
                    first: written[i].span,
                    first_label: format!("comes first: pays `{}` for {}", lines[i].1.label, describe(&shared)),
                    second: written[j].span,
                    second_label: format!("would pay `{}` for them", pay.label),
                    help: format!(
                        "make the keys exclusive, so that no value matches two lines; the values the second line pays now are {}",
                        describe(&takes[j])
                    ),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_arithmetic() {
        let all = vec![(i64::MIN, i64::MAX)];
        let low = vec![(i64::MIN, 10)];
        assert_eq!(minus(&all, &low), vec![(11, i64::MAX)]);
        assert_eq!(minus(&low, &all), Values::new());
        assert_eq!(
            minus(&vec![(1, 10)], &vec![(3, 4), (6, 6)]),
            vec![(1, 2), (5, 5), (7, 10)]
        );
        assert_eq!(intersect(&vec![(1, 10)], &vec![(5, 20)]), vec![(5, 10)]);
        assert_eq!(
            union(&vec![(1, 3)], &vec![(4, 6), (9, 9)]),
            vec![(1, 6), (9, 9)]
        );
        assert_eq!(union(&low, &vec![(11, i64::MAX)]), all);
        assert_eq!(
            describe(&vec![(i64::MIN, 10), (13, 13), (26, 29), (30, i64::MAX)]),
            "<= 10, 13, 26..29, >= 30"
        );
    }
}
