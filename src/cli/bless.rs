//! `check --bless`: each `expect` line whose figure moved rewritten to the
//! figure now computed, in place, as `cargo insta accept` or expect-test's
//! `UPDATE_EXPECT=1` do for snapshots. Only the number after the relation
//! changes: the file's comments, layout and every other line stay as they
//! are. An `=` line gets the exact figure; a `~` line the figure to as many
//! decimals as it was written with (more where its `±` asks for them). A
//! line of `<`, `<=`, `>` or `>=`, an estimate, or a figure that is not
//! exact (a standard deviation) is left for its writer, and said so.
//!
//! A verdict finds its line by structure, not by text: the checked line
//! carries the span of its declaration in the syntax tree the checker read
//! ([`declarations`]), and the number is replaced at its byte span there.
//! No line number is matched, so two lines on one line of text, a line
//! written over several, CRLF line ends and a byte-order mark are all
//! rewritten in place.

use std::fmt::Write as _;
use std::path::Path;

use crate::ast::{self, Item, RelOp};
use crate::number::Exact;
use crate::report::Verdict;

/// What blessing one file did.
#[derive(Debug, Default)]
pub struct Blessed {
    /// A line for each line rewritten, and for each failing line left.
    pub text: String,
    /// Lines rewritten.
    pub changed: usize,
    /// Failing lines left as they were.
    pub left: usize,
}

/// An `expect` line as the checker judged it: its verdict, and its
/// declaration in the syntax tree the check read (whose spans are byte
/// ranges of the file as read), `None` where none carries the span the
/// checked line has.
pub type Line<'a> = (&'a Verdict, Option<&'a ast::ExpectDecl>);

/// The declaration of each of `analysis`'s `expect` lines, in the order of
/// its report's verdicts: the item whose span the checked line carries.
pub fn declarations(analysis: &crate::Analysis) -> Vec<Option<ast::ExpectDecl>> {
    let declared: std::collections::BTreeMap<(usize, usize), &ast::ExpectDecl> =
        (analysis.game.file.items.iter())
            .filter_map(|item| match item {
                Item::Expect(e) => Some(((e.span.start, e.span.end), e)),
                _ => None,
            })
            .collect();
    (analysis.program().expects.iter())
        .map(|a| {
            declared
                .get(&(a.span.start, a.span.end))
                .map(|e| (*e).clone())
        })
        .collect()
}

/// Rewrites the failing `expect` lines of `file` (read as `source`, at
/// `path`) among `lines`, each at the byte span of its number, and writes
/// the file back when any changed. `Err` when the file cannot be written.
pub fn file(path: &Path, file: &str, source: &str, lines: &[Line]) -> Result<Blessed, String> {
    let mut blessed = Blessed::default();
    let mut edits: Vec<(ast::Span, String)> = Vec::new();
    let failing = lines.iter().filter(|(v, _)| v.checked && !v.holds);
    for &(verdict, decl) in failing {
        let line = verdict.line;
        // The number where its span says, once (a sweep's reports judge
        // the same line again).
        let decl = decl.filter(|d| {
            let span = d.relation.value.span;
            source.get(span.start..span.end).is_some() && !edits.iter().any(|(s, _)| *s == span)
        });
        let rewritten = decl.and_then(|decl| Some((decl, rewrite(verdict, &decl.relation)?)));
        match rewritten {
            Some((decl, Ok(new))) => {
                let span = decl.relation.value.span;
                let old = &source[span.start..span.end];
                let _ = writeln!(
                    blessed.text,
                    "{file}:{line}: expect {} {} {old} -> {new}",
                    verdict_quantity(verdict),
                    decl.relation.op.symbol()
                );
                edits.push((span, new));
                blessed.changed += 1;
            }
            Some((_, Err(why))) => {
                let _ = writeln!(
                    blessed.text,
                    "{file}:{line}: left: {} ({why})",
                    verdict.statement
                );
                blessed.left += 1;
            }
            None => {
                let _ = writeln!(
                    blessed.text,
                    "{file}:{line}: left: {} (its number is not as the line writes it)",
                    verdict.statement
                );
                blessed.left += 1;
            }
        }
    }
    if edits.is_empty() {
        return Ok(blessed);
    }
    let mut text = source.to_string();
    edits.sort_by_key(|(span, _)| std::cmp::Reverse(span.start));
    for (span, new) in &edits {
        text.replace_range(span.start..span.end, new);
    }
    write_in_place(path, &text).map_err(|e| format!("error: cannot write {file}: {}\n", e.why))?;
    Ok(blessed)
}

/// The quantity of a line as written: its statement up to the relation.
fn verdict_quantity(verdict: &Verdict) -> &str {
    let s = verdict.statement.as_str();
    [" ~ ", " = ", " <= ", " >= ", " < ", " > "]
        .iter()
        .filter_map(|op| s.find(op))
        .min()
        .map_or(s, |at| &s[..at])
}

/// The number a failing line's relation should say now, or why it is left.
/// `None` when the line's number is not where its span says.
fn rewrite(verdict: &Verdict, relation: &ast::Relation) -> Option<Result<String, &'static str>> {
    if relation.value.text.is_empty() {
        return None;
    }
    if verdict.estimated {
        return Some(Err("an estimate: its writer says what it should be"));
    }
    if let Some(square) = &verdict.squared {
        return Some(match relation.op {
            RelOp::Eq => exact_sqrt(square)
                .map(|root| exact_text(&root, &relation.value))
                .ok_or("a square root that is not a fraction: write the line with `~`"),
            RelOp::Approx => Ok(approx_sqrt_text(
                square,
                &relation.value,
                relation.tolerance.as_ref(),
            )),
            RelOp::Lt | RelOp::Le | RelOp::Gt | RelOp::Ge => {
                Err("a bound: its writer says where it should be")
            }
        });
    }
    let Some(actual) = Exact::parse_literal(&verdict.actual) else {
        return Some(Err("the figure is not exact"));
    };
    Some(match relation.op {
        RelOp::Eq => Ok(exact_text(&actual, &relation.value)),
        RelOp::Approx => Ok(approx_text(
            &actual,
            &relation.value,
            relation.tolerance.as_ref(),
        )),
        RelOp::Lt | RelOp::Le | RelOp::Gt | RelOp::Ge => {
            Err("a bound: its writer says where it should be")
        }
    })
}

/// `actual` exactly, in the form `written` has: a fraction where it is one,
/// a percentage where it is one and the figure's is a terminating decimal,
/// else a decimal where the figure terminates.
fn exact_text(actual: &Exact, written: &ast::Number) -> String {
    if written.percent {
        let percent = actual * &Exact::int(100);
        let decimal = percent.decimal();
        if !decimal.contains('/') {
            return format!("{decimal}%");
        }
    }
    if written.text.contains('/') {
        return actual.to_string();
    }
    actual.decimal()
}

/// `actual` rounded to as many decimals as `written` has, or more until the
/// line holds within its tolerance (`±`, or half a unit of the last digit).
fn approx_text(actual: &Exact, written: &ast::Number, tolerance: Option<&ast::Number>) -> String {
    let body = written.text.trim_end_matches('%');
    if body.contains('/') && tolerance.is_none() {
        return exact_text(actual, written);
    }
    let scale = if written.percent {
        Exact::int(100)
    } else {
        Exact::one()
    };
    let x = actual * &scale;
    let first = body.split_once('.').map_or(0, |(_, frac)| frac.len());
    for places in first..=30 {
        let (text, rounded) = rounded(&x, places);
        let off = (&(&rounded / &scale) - actual).abs();
        let within = match tolerance {
            Some(t) => t.value.clone(),
            None => {
                let unit = power_of_ten(places);
                &(&Exact::ratio(1, 2) / &unit) / &scale
            }
        };
        if off <= within {
            return if written.percent {
                format!("{text}%")
            } else {
                text
            };
        }
    }
    exact_text(actual, written)
}

/// The square root of `square` where it is a fraction (both its terms
/// perfect squares), else `None`.
fn exact_sqrt(square: &Exact) -> Option<Exact> {
    if square.is_negative() {
        return None;
    }
    let (n, d) = (square.0.numer(), square.0.denom());
    let (rn, rd) = (n.sqrt(), d.sqrt());
    (&(&rn * &rn) == n && &(&rd * &rd) == d).then(|| Exact(num_rational::BigRational::new(rn, rd)))
}

/// The square root of `square` as a `~` line writes it: rounded to as many
/// decimals as `written` has, or more until the line holds within its
/// tolerance (`±`, or half a unit of the last digit), decided exactly as the
/// check decides it (by squaring).
fn approx_sqrt_text(
    square: &Exact,
    written: &ast::Number,
    tolerance: Option<&ast::Number>,
) -> String {
    let body = written.text.trim_end_matches('%');
    let scale = if written.percent {
        Exact::int(100)
    } else {
        Exact::one()
    };
    let x = &(square * &scale) * &scale;
    let first = body.split_once('.').map_or(0, |(_, frac)| frac.len());
    let mut last = String::new();
    for places in first..=40 {
        let (text, value) = rounded_sqrt(&x, places);
        let value = &value / &scale;
        let within = match tolerance {
            Some(t) => t.value.clone(),
            None => &(&Exact::ratio(1, 2) / &power_of_ten(places)) / &scale,
        };
        let (lo, hi) = (&value - &within, &value + &within);
        let holds = !hi.is_negative()
            && (lo.is_negative() || &(&lo * &lo) <= square)
            && square <= &(&hi * &hi);
        last = if written.percent {
            format!("{text}%")
        } else {
            text
        };
        if holds {
            break;
        }
    }
    last
}

/// `sqrt(x)` (x >= 0) rounded half up to `places` decimals, exactly: its
/// text, with that many decimals, and its value.
fn rounded_sqrt(x: &Exact, places: usize) -> (String, Exact) {
    let unit = power_of_ten(places);
    // sqrt(x) * 10^places = sqrt(x * 10^(2 places)): its floor is the
    // integer square root of the floor, then up by one where the root is
    // at least half past it ((m + 1/2)^2 <= y).
    let y = &(x * &unit) * &unit;
    let m = y.0.floor().to_integer().sqrt();
    let half = &Exact(num_rational::BigRational::from_integer(m.clone())) + &Exact::ratio(1, 2);
    let n = if &half * &half <= y { m + 1 } else { m };
    let value = &Exact(num_rational::BigRational::from_integer(n.clone())) / &unit;
    let digits = n.magnitude().to_string();
    if places == 0 {
        return (digits, value);
    }
    let padded = format!("{digits:0>width$}", width = places + 1);
    let (int, frac) = padded.split_at(padded.len() - places);
    (format!("{int}.{frac}"), value)
}

/// `x` rounded half away from zero to `places` decimals: its text, with
/// exactly that many decimals, and its value.
fn rounded(x: &Exact, places: usize) -> (String, Exact) {
    let unit = power_of_ten(places);
    let scaled = x * &unit;
    let half = Exact::ratio(1, 2);
    let shifted = if scaled.is_negative() {
        &scaled - &half
    } else {
        &scaled + &half
    };
    let whole = shifted.0.trunc().to_integer();
    let value = &Exact(num_rational::BigRational::from_integer(whole.clone())) / &unit;
    let sign = if whole < num_bigint::BigInt::from(0) {
        "-"
    } else {
        ""
    };
    let digits = whole.magnitude().to_string();
    if places == 0 {
        return (format!("{sign}{digits}"), value);
    }
    let padded = format!("{digits:0>width$}", width = places + 1);
    let (int, frac) = padded.split_at(padded.len() - places);
    (format!("{sign}{int}.{frac}"), value)
}

/// `10^places`, exactly.
fn power_of_ten(places: usize) -> Exact {
    Exact(num_rational::BigRational::from_integer(num_traits::pow(
        num_bigint::BigInt::from(10),
        places,
    )))
}

/// Rewrites the rule file at `path` with `text` through the one writer
/// ([`super::files`]): a reader never sees half a file, and the file keeps
/// its mode, owner and links, or is refused. A byte-order mark the file
/// opened with (which reading dropped) is kept.
pub(super) fn write_in_place(path: &Path, text: &str) -> Result<(), super::files::Refused> {
    let mut bytes = Vec::with_capacity(text.len() + 3);
    if opens_with_bom(path) {
        bytes.extend_from_slice("\u{feff}".as_bytes());
    }
    bytes.extend_from_slice(text.as_bytes());
    super::files::write(path, &bytes, super::files::Name::Existing)
}

/// Whether the file at `path` starts with a UTF-8 byte-order mark.
fn opens_with_bom(path: &Path) -> bool {
    use std::io::Read as _;
    let mut start = [0u8; 3];
    std::fs::File::open(path)
        .and_then(|mut f| f.read_exact(&mut start))
        .is_ok_and(|()| start == [0xef, 0xbb, 0xbf])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn number(text: &str) -> ast::Number {
        ast::Number {
            value: Exact::parse_literal(text).expect("a number"),
            percent: text.ends_with('%'),
            text: text.to_string(),
            span: ast::Span::new(0, text.len()),
        }
    }

    #[test]
    fn a_figure_is_written_as_the_line_wrote_its_number() {
        let x = Exact::ratio(37, 432);
        assert_eq!(exact_text(&x, &number("11/960")), "37/432");
        assert_eq!(exact_text(&Exact::ratio(1, 4), &number("0.3")), "0.25");
        assert_eq!(exact_text(&Exact::ratio(1, 4), &number("30%")), "25%");
        assert_eq!(exact_text(&x, &number("30%")), "37/432");
        assert_eq!(approx_text(&x, &number("0.09"), None), "0.09");
        assert_eq!(approx_text(&x, &number("0.1"), None), "0.1");
        assert_eq!(approx_text(&x, &number("8.1%"), None), "8.6%");
        assert_eq!(approx_text(&x, &number("0.0856"), None), "0.0856");
        // A tolerance tighter than the digits written asks for more.
        let tight = number("0.00001");
        assert_eq!(approx_text(&x, &number("0.1"), Some(&tight)), "0.08565");
        assert_eq!(
            approx_text(&Exact::ratio(-37, 216), &number("-0.2"), None),
            "-0.2"
        );
        assert_eq!(rounded(&Exact::ratio(-1, 8), 2).0, "-0.13");
        assert_eq!(rounded(&Exact::ratio(1, 200), 2).0, "0.01");
        assert_eq!(rounded(&Exact::int(7), 0).0, "7");
    }

    #[test]
    fn a_square_root_is_written_so_that_the_line_holds() {
        // sqrt(2) = 1.41421356...
        let two = Exact::int(2);
        assert_eq!(approx_sqrt_text(&two, &number("1.2"), None), "1.4");
        assert_eq!(approx_sqrt_text(&two, &number("1.000"), None), "1.414");
        assert_eq!(approx_sqrt_text(&two, &number("100%"), None), "141%");
        let tight = number("0.0000001");
        assert_eq!(
            approx_sqrt_text(&two, &number("1"), Some(&tight)),
            "1.4142136"
        );
        // Rounded half up: sqrt(0.0225) = 0.15 exactly, to one decimal 0.2.
        assert_eq!(rounded_sqrt(&Exact::ratio(225, 10000), 1).0, "0.2");
        assert_eq!(rounded_sqrt(&Exact::ratio(1, 100), 3).0, "0.100");
        assert_eq!(exact_sqrt(&Exact::ratio(9, 16)), Some(Exact::ratio(3, 4)));
        assert_eq!(exact_sqrt(&two), None);
    }
}
