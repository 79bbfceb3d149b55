//! `with`: the settings `expect` and `claim` lines are pinned at.
//!
//! A line's `with` names declared parameters, each once. Its setting is the
//! run's (the `--set` overrides) with the values it names in place; the
//! file is checked once at each distinct setting other than the run's, and
//! a value the file cannot be checked at is an error at the `with` (the
//! very error a `--set` of it would give, pointed at both places). The
//! evaluation of each setting is the driver's (`analysis`).

use super::error::WithError;
use super::{check_at, CheckError, Overrides};
use crate::ast::{self, Setting, Span};
use crate::program::{Param, Pinned, Program};
use crate::suggest::did_you_mean;

/// The most distinct settings other than the run's that the `with` lines
/// of one file may name: each is checked and evaluated once.
pub const MAX_SETTINGS: usize = 16;

/// The parameters a `with` names and their values, by name; `None` (with
/// the errors) where it names a parameter the file does not declare, or
/// one twice. Empty without `with`.
pub(in crate::check) fn with_names(
    with: Option<&ast::With>,
    params: &[Param],
    errors: &mut Vec<CheckError>,
) -> Option<Vec<(String, Setting)>> {
    let Some(with) = with else {
        return Some(Vec::new());
    };
    let before = errors.len();
    let mut named: Vec<(String, Setting)> = Vec::new();
    for (i, s) in with.settings.iter().enumerate() {
        if let Some(first) = with.settings[..i]
            .iter()
            .find(|f| f.name.name == s.name.name)
        {
            errors.push(
                WithError::Repeated {
                    name: s.name.name.clone(),
                    first: first.span,
                    second: s.span,
                }
                .into(),
            );
            continue;
        }
        if !params.iter().any(|p| p.name == s.name.name) {
            let known = params.iter().map(|p| p.name.as_str());
            let help = match did_you_mean(&s.name.name, known) {
                Some(m) => format!("did you mean `{m}`?"),
                None if params.is_empty() => "this game declares no parameters".to_string(),
                None => {
                    let names: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
                    format!("its parameters are: {}", names.join(", "))
                }
            };
            errors.push(
                WithError::Unknown {
                    name: s.name.name.clone(),
                    span: s.name.span,
                    help,
                }
                .into(),
            );
            continue;
        }
        named.push((s.name.name.clone(), s.value.clone()));
    }
    named.sort_by(|a, b| a.0.cmp(&b.0));
    (errors.len() == before).then_some(named)
}

/// The values of a line's setting that differ from the run's (whose
/// parameters are `params`), by name; empty when it is the run's.
fn differences(with: &[(String, Setting)], params: &[Param]) -> Vec<(String, Setting)> {
    with.iter()
        .filter(|(name, value)| {
            params
                .iter()
                .find(|p| &p.name == name)
                .is_some_and(|p| p.setting() != *value)
        })
        .cloned()
        .collect()
}

/// Checks `file` at each setting its lines name other than the run's
/// (`program` is the file checked at `overrides`): fills
/// [`Program::pinned`] and each line's [`setting`](crate::program::Assertion::setting).
pub(in crate::check) fn pin(
    file: &ast::File,
    overrides: &Overrides,
    program: &mut Program,
) -> Result<(), Vec<CheckError>> {
    // Each distinct setting, with the `with` of its first line.
    let mut settings: Vec<(Vec<(String, Setting)>, Span)> = Vec::new();
    let mut errors = Vec::new();
    for a in program.expects.iter_mut().chain(program.claims.iter_mut()) {
        let key = differences(&a.with, &program.params);
        if key.is_empty() {
            continue;
        }
        let span = a.with_span.unwrap_or(a.span);
        a.setting = Some(match settings.iter().position(|(k, _)| *k == key) {
            Some(i) => i,
            None if settings.len() == MAX_SETTINGS => {
                errors.push(
                    WithError::TooManySettings {
                        max: MAX_SETTINGS,
                        span,
                    }
                    .into(),
                );
                return Err(errors);
            }
            None => {
                settings.push((key, span));
                settings.len() - 1
            }
        });
    }
    for (key, span) in settings {
        let mut at = overrides.clone();
        for (name, value) in &key {
            match at.settings.iter_mut().find(|(n, _)| n == name) {
                Some(given) => given.1 = value.clone(),
                None => at.settings.push((name.clone(), value.clone())),
            }
        }
        match check_at(file, &at, &[]) {
            Ok(p) => program.pinned.push(Pinned {
                settings: key,
                program: p,
            }),
            Err(found) => {
                let shown: Vec<String> = key.iter().map(|(n, v)| format!("{n} = {v}")).collect();
                let shown = shown.join(", ");
                errors.extend(found.iter().map(|e| value_error(&shown, span, e)));
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The error `inner`, which the file gives at `with {setting}`, as an
/// error of the `with` at `span`.
fn value_error(setting: &str, span: Span, inner: &CheckError) -> CheckError {
    use miette::Diagnostic;
    let label = inner.labels().and_then(|mut labels| labels.next());
    WithError::Value {
        setting: setting.to_string(),
        reason: inner.to_string(),
        span,
        at: label
            .as_ref()
            .map(|l| Span::new(l.offset(), l.offset() + l.len())),
        at_label: label
            .and_then(|l| l.label().map(|t| format!("{t} (at this setting)")))
            .unwrap_or_else(|| "here, at this setting".to_string()),
        help: inner.help().map(|h| h.to_string()),
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Exact;

    const GAME: &str = "game \"g\"
param tie_odds = 6
param target = 7
outcomes hit, miss
round {
  throw t = 2d6
  if total(t) >= target { end hit }
  end miss
}
bet tie { hit => win tie_odds to 1  miss => lose }
";

    fn check(lines: &str, overrides: &[(&str, Setting)]) -> Result<Program, Vec<CheckError>> {
        let (file, errors) = crate::syntax::parse(&format!("{GAME}{lines}"));
        assert!(errors.is_empty(), "{errors:?}");
        let overrides: Vec<(String, Setting)> = overrides
            .iter()
            .map(|(n, v)| (n.to_string(), v.clone()))
            .collect();
        super::super::check(&file, &overrides.into())
    }

    fn int(n: i64) -> Setting {
        Setting::Number(Exact::int(n))
    }

    #[test]
    fn lines_of_one_setting_share_one_program_and_the_run_s_needs_none() {
        let program = check(
            "expect house_edge(tie) = 0 with tie_odds = 7
expect probability(hit) = 0 with tie_odds = 7.0
claim house_edge(tie) = 0 with tie_odds = 6 \"the file's own\"
expect house_edge(tie) = 0 with tie_odds = 8, target = 6
",
            &[],
        )
        .expect("checks");
        let settings: Vec<Option<usize>> = program
            .expects
            .iter()
            .chain(&program.claims)
            .map(|a| a.setting)
            .collect();
        assert_eq!(settings, [Some(0), Some(0), Some(1), None]);
        assert_eq!(program.pinned.len(), 2);
        assert_eq!(program.pinned[0].settings, [("tie_odds".into(), int(7))]);
        assert_eq!(
            program.pinned[1].settings,
            [("target".into(), int(6)), ("tie_odds".into(), int(8))]
        );
        let odds = |p: &Program| {
            p.params
                .iter()
                .find(|p| p.name == "tie_odds")
                .map(|p| p.value.clone())
        };
        assert_eq!(odds(&program.pinned[0].program), Some(Exact::int(7)));
        // With the run at 7 to 1, the first two lines are the run's, and
        // the claim at 6 to 1 is pinned.
        let program = check(
            "expect house_edge(tie) = 0 with tie_odds = 7
claim house_edge(tie) = 0 with tie_odds = 6 \"the file's own\"
",
            &[("tie_odds", int(7))],
        )
        .expect("checks");
        assert_eq!(program.expects[0].setting, None);
        assert_eq!(program.claims[0].setting, Some(0));
        assert_eq!(program.pinned[0].settings, [("tie_odds".into(), int(6))]);
    }

    fn codes(errors: &[CheckError]) -> Vec<String> {
        use miette::Diagnostic;
        errors
            .iter()
            .map(|e| e.code().map(|c| c.to_string()).unwrap_or_default())
            .collect()
    }

    #[test]
    fn unknown_repeated_and_impossible_values_are_errors_of_the_with() {
        let errors = check(
            "expect house_edge(tie) = 0 with tie_ods = 7
expect house_edge(tie) = 0 with tie_odds = 7, tie_odds = 8
",
            &[],
        )
        .expect_err("two errors");
        assert!(matches!(
            withs(&errors)[..],
            [
                WithError::Unknown { name, help, .. },
                WithError::Repeated { .. }
            ] if name == "tie_ods" && help.contains("tie_odds")
        ));
        let errors = check("expect house_edge(tie) = 0 with tie_odds = infinite\n", &[])
            .expect_err("infinite odds");
        assert_eq!(codes(&errors), ["dice::check::with"]);
        assert!(
            matches!(withs(&errors)[..], [WithError::Value { setting, reason, at: Some(_), .. }]
                if setting == "tie_odds = infinite" && reason.contains("infinite"))
        );
    }

    /// The errors of `with`s among `errors`, in order.
    fn withs(errors: &[CheckError]) -> Vec<&WithError> {
        errors
            .iter()
            .filter_map(|e| match e {
                CheckError::With(w) => Some(&**w),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn more_settings_than_the_bound_is_an_error() {
        let lines: String = (1..=MAX_SETTINGS as i64 + 1)
            .map(|odds| format!("expect house_edge(tie) = 0 with tie_odds = {}\n", odds + 6))
            .collect();
        let errors = check(&lines, &[]).expect_err("too many");
        assert_eq!(errors.len(), 1);
        assert!(matches!(
            withs(&errors)[..],
            [WithError::TooManySettings { .. }]
        ));
        let lines: String = lines.lines().skip(1).map(|l| format!("{l}\n")).collect();
        assert_eq!(
            check(&lines, &[]).expect("checks").pinned.len(),
            MAX_SETTINGS
        );
    }
}
