//! A file's reports at the settings of a sweep (`check --set NAME=V1,V2`)
//! as text: the game, the parameters every setting shares, each bet's house
//! edge with a column per setting, the `expect` lines that failed at each
//! setting; with `--show`, each distribution at each setting.

use std::fmt::Write as _;

use super::compare::{self, Layout};
use super::styled::Styled;
use crate::report::compare::Comparison;
use crate::report::{Report, Verdict};

/// The sweep of `file`: its `reports`, one at each setting of `labels`,
/// the distributions named in `show`, the tables cut to `width`; the
/// headings styled.
pub fn styled(
    reports: &[Report],
    labels: &[String],
    file: &str,
    show: &[String],
    width: Option<usize>,
) -> Styled {
    let mut out = Styled::new();
    let Some(first) = reports.first() else {
        return out;
    };
    out.heading(format_args!("{} ({file})", first.game));
    let fixed: Vec<String> = first
        .params
        .iter()
        .filter(|(name, value)| reports.iter().all(|r| r.params.get(*name) == Some(*value)))
        .map(|(name, value)| format!("{name} = {value}"))
        .collect();
    if !fixed.is_empty() {
        out.heading(format_args!("parameters: {}", fixed.join(", ")));
    }
    out.heading(format_args!("settings: {}", labels.join("; ")));
    out.push("\n");
    let named: Vec<(String, &Report)> = labels.iter().cloned().zip(reports).collect();
    let layout = Layout {
        changes: false,
        width,
    };
    out.append(compare::styled(&Comparison::new(&named), None, layout));
    if let Some(line) = expect_line(reports, labels) {
        out.push("\n");
        out.heading(line);
    }
    if !show.is_empty() {
        for (label, report) in labels.iter().zip(reports) {
            out.push("\n");
            out.push_in(super::styled::Style::Heading, &format!("at {label}:"));
            out.append(super::text::render_shown(report, show));
        }
    }
    super::text::push_footnote(&mut out);
    out
}

/// `expect: 3 line(s); failed: 1 at decks=6`: how many `expect` lines the
/// file has, and at which settings some failed or were not checked; `None`
/// without any.
fn expect_line(reports: &[Report], labels: &[String]) -> Option<String> {
    let expects = reports.first()?.expects.len();
    if expects == 0 {
        return None;
    }
    let count = |report: &Report, pick: fn(&Verdict) -> bool| {
        report.expects.iter().filter(|v| pick(v)).count()
    };
    let at = |pick: fn(&Verdict) -> bool| -> Vec<String> {
        labels
            .iter()
            .zip(reports)
            .filter(|(_, r)| count(r, pick) > 0)
            .map(|(label, r)| format!("{} at {label}", count(r, pick)))
            .collect()
    };
    let failed = at(|v| v.checked && !v.holds);
    let unchecked = at(|v| !v.checked);
    let mut line = format!("expect: {expects} line(s)");
    if failed.is_empty() {
        line.push_str(", each checked line holds at every setting");
    } else {
        let _ = write!(line, "; failed: {}", failed.join(", "));
    }
    if !unchecked.is_empty() {
        let _ = write!(line, "; not checked: {}", unchecked.join(", "));
    }
    Some(line)
}
