//! `--set NAME=V1,V2,...` and `--set NAME=A..B`: several values of a
//! parameter, and the settings their product makes (`check` and `compare`
//! evaluate a file once per setting).

use super::overrides::{OverrideError, Overrides, Undeclared};
use super::CheckError;
use crate::ast::Setting;
use crate::number::Exact;
use crate::syntax;

/// The most settings a sweep makes by default (`--max-settings`).
pub const DEFAULT_MAX_SETTINGS: usize = 100;

/// The `--set`s of a command that sweeps: each name with its values, in
/// the order given. A name with one value is set, not swept.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Sweep {
    /// Each name with its values, in the order given (a list in its order,
    /// a range from low to high).
    pub params: Vec<(String, Vec<Setting>)>,
}

/// One setting of a sweep: the value of every name.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Every name with its value here, in the order of [`Sweep::params`].
    pub settings: Vec<(String, Setting)>,
}

impl Sweep {
    /// Parses each `--set` text, `NAME=VALUE`, `NAME=V1,V2,...` or
    /// `NAME=A..B`; every one that does not parse, with its position among
    /// them (from 0). More than `max` settings in all (one at least is
    /// allowed) is an error, found before any is made.
    pub fn parse(texts: &[String], max: usize) -> Result<Sweep, Vec<(usize, OverrideError)>> {
        // One setting, the run's own, is always allowed.
        let max = max.max(1);
        let mut params: Vec<(String, Vec<Setting>)> = Vec::new();
        let mut errors = Vec::new();
        for (i, text) in texts.iter().enumerate() {
            let Some((name, value)) = text.split_once('=') else {
                let form = CheckError::OverrideForm { text: text.clone() };
                errors.push((i, OverrideError::Form(form)));
                continue;
            };
            let name = name.trim();
            if params.iter().any(|(n, _)| n == name) {
                let repeated = CheckError::OverrideRepeated {
                    name: name.to_string(),
                };
                errors.push((i, OverrideError::Form(repeated)));
                continue;
            }
            match values(text, value, max) {
                Ok(values) => params.push((name.to_string(), values)),
                Err(error) => errors.push((i, error)),
            }
        }
        if errors.is_empty() {
            let sweep = Sweep { params };
            match sweep.count() {
                Some(count) if count <= max => Ok(sweep),
                count => {
                    let last = texts.len().saturating_sub(1);
                    let error = CheckError::SweepTooLarge { count, max };
                    Err(vec![(last, OverrideError::Form(error))])
                }
            }
        } else {
            Err(errors)
        }
    }

    /// How many settings the sweep makes; `None` past `usize`.
    fn count(&self) -> Option<usize> {
        self.params
            .iter()
            .try_fold(1usize, |n, (_, values)| n.checked_mul(values.len()))
    }

    /// Whether some name has more than one value.
    pub fn sweeps(&self) -> bool {
        self.params.iter().any(|(_, values)| values.len() > 1)
    }

    /// The names with more than one value, in order.
    pub fn swept(&self) -> impl Iterator<Item = &str> {
        self.params
            .iter()
            .filter(|(_, values)| values.len() > 1)
            .map(|(name, _)| name.as_str())
    }

    /// The names given, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.params.iter().map(|(name, _)| name.as_str())
    }

    /// Every setting, in order: the first name's values outermost, the
    /// last's changing fastest.
    pub fn points(&self) -> Vec<Point> {
        let mut points = vec![Point {
            settings: Vec::new(),
        }];
        for (name, values) in &self.params {
            points = points
                .into_iter()
                .flat_map(|point| {
                    values.iter().map(move |value| {
                        let mut settings = point.settings.clone();
                        settings.push((name.clone(), value.clone()));
                        Point { settings }
                    })
                })
                .collect();
        }
        points
    }
}

impl Point {
    /// The setting as the overrides of one file that declares the
    /// parameters `declared`: the names it does not declare are left out
    /// when `undeclared` ignores them.
    pub fn overrides<'a>(
        &self,
        declared: impl Fn(&str) -> bool + 'a,
        undeclared: Undeclared,
    ) -> Overrides {
        Overrides {
            settings: self
                .settings
                .iter()
                .filter(|(name, _)| undeclared == Undeclared::Error || declared(name))
                .cloned()
                .collect(),
            undeclared,
        }
    }
}

/// `decks=6`, `decks=infinite`: a setting as `--set` writes it.
pub fn label(name: &str, value: &Setting) -> String {
    match value {
        Setting::Number(n) => format!("{name}={n}"),
        Setting::Infinite => format!("{name}=infinite"),
    }
}

/// The values of one `--set` text: a range, a list, or one value.
fn values(text: &str, value: &str, max: usize) -> Result<Vec<Setting>, OverrideError> {
    let form = |reason: &str| {
        OverrideError::Form(CheckError::SweepForm {
            text: text.to_string(),
            reason: reason.to_string(),
        })
    };
    if let Some((low, high)) = value.split_once("..") {
        let bound = |part: &str| match syntax::parse_override(part) {
            Ok(Setting::Number(n)) if n.is_integer() => Ok(Some(n)),
            Ok(_) => Ok(None),
            Err(error) => Err(OverrideError::Value {
                value: part.to_string(),
                error,
            }),
        };
        let (Some(low), Some(high)) = (bound(low)?, bound(high)?) else {
            return Err(form("a range's ends are whole numbers"));
        };
        if high < low {
            return Err(form("a range goes from low to high"));
        }
        let count = &(&high - &low) + &Exact::one();
        let within = count.to_i64().and_then(|n| usize::try_from(n).ok());
        let Some(count) = within.filter(|&n| n <= max) else {
            return Err(OverrideError::Form(CheckError::SweepTooLarge {
                count: within,
                max,
            }));
        };
        let mut values = Vec::with_capacity(count);
        let mut n = low;
        for _ in 0..count {
            values.push(Setting::Number(n.clone()));
            n = &n + &Exact::one();
        }
        return Ok(values);
    }
    let mut values: Vec<Setting> = Vec::new();
    for part in value.split(',') {
        let setting = syntax::parse_override(part).map_err(|error| OverrideError::Value {
            value: part.to_string(),
            error,
        })?;
        if values.contains(&setting) {
            return Err(form("a value is listed twice"));
        }
        values.push(setting);
        if values.len() > max {
            return Err(OverrideError::Form(CheckError::SweepTooLarge {
                count: None,
                max,
            }));
        }
    }
    Ok(values)
}

impl Overrides {
    /// Parses each `--set` text, `NAME=VALUE`; every one that does not
    /// parse, with its position among them (from 0).
    pub fn parse(texts: &[String]) -> Result<Overrides, Vec<(usize, OverrideError)>> {
        // A list or a range is a sweep, which only `check` and `compare`
        // make; the rest is read as a sweep of one setting is.
        let sweeps: Vec<(usize, OverrideError)> = texts
            .iter()
            .enumerate()
            .filter(|(_, text)| {
                text.split_once('=')
                    .is_some_and(|(_, value)| value.contains(',') || value.contains(".."))
            })
            .map(|(i, text)| {
                let here = CheckError::SweepHere { text: text.clone() };
                (i, OverrideError::Form(here))
            })
            .collect();
        if !sweeps.is_empty() {
            return Err(sweeps);
        }
        let sweep = Sweep::parse(texts, 1)?;
        let settings = sweep
            .params
            .into_iter()
            .filter_map(|(name, values)| Some((name, values.into_iter().next()?)))
            .collect();
        Ok(Overrides::new(settings))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(t: &[&str]) -> Vec<String> {
        t.iter().map(|s| s.to_string()).collect()
    }

    fn n(v: i64) -> Setting {
        Setting::Number(Exact::int(v))
    }

    #[test]
    fn lists_and_ranges_make_their_product_in_order() {
        let sweep =
            Sweep::parse(&texts(&["decks=1,infinite", "tie=5..7", "cap=3"]), 100).expect("parses");
        assert!(sweep.sweeps());
        assert_eq!(sweep.swept().collect::<Vec<_>>(), ["decks", "tie"]);
        let points = sweep.points();
        assert_eq!(points.len(), 6);
        assert_eq!(
            points[1].settings,
            vec![
                ("decks".to_string(), n(1)),
                ("tie".to_string(), n(6)),
                ("cap".to_string(), n(3))
            ]
        );
        assert_eq!(points[3].settings[0].1, Setting::Infinite);
        assert_eq!(points[3].settings[1].1, n(5));
    }

    #[test]
    fn one_value_each_is_not_a_sweep() {
        let sweep = Sweep::parse(&texts(&["decks=8"]), 100).expect("parses");
        assert!(!sweep.sweeps());
        assert_eq!(sweep.points().len(), 1);
    }

    #[test]
    fn bad_ranges_and_lists_say_why() {
        for bad in [
            "t=9..5",
            "t=1.5..3",
            "t=1..infinite",
            "t=1,1",
            "t=1,,2",
            "t=x..3",
        ] {
            let errors = Sweep::parse(&texts(&[bad]), 100).expect_err(bad);
            assert_eq!(errors.len(), 1, "{bad}");
        }
    }

    #[test]
    fn too_many_settings_is_an_error_before_any_is_made() {
        let huge = texts(&["t=1..1000000000000000000"]);
        assert!(matches!(
            &Sweep::parse(&huge, 100).expect_err("too many")[..],
            [(
                0,
                OverrideError::Form(CheckError::SweepTooLarge { max: 100, .. })
            )]
        ));
        let product = texts(&["a=1..10", "b=1..10", "c=1,2"]);
        assert!(matches!(
            &Sweep::parse(&product, 100).expect_err("200 settings")[..],
            [(
                2,
                OverrideError::Form(CheckError::SweepTooLarge {
                    count: Some(200),
                    ..
                })
            )]
        ));
        assert!(Sweep::parse(&product[..2], 100).is_ok());
        assert!(
            Sweep::parse(&texts(&["t=3"]), 0).is_ok(),
            "one setting always"
        );
    }
}

#[cfg(test)]
mod override_tests {
    use super::*;
    use crate::number::Exact;

    #[test]
    fn each_text_parses_or_says_why() {
        let texts = ["decks=8", "cap=infinite", "tie_odds", "odds=seven"].map(String::from);
        let errors = Overrides::parse(&texts).expect_err("two do not parse");
        assert_eq!(errors.len(), 2);
        assert!(
            matches!(&errors[0], (2, OverrideError::Form(CheckError::OverrideForm { text })) if text == "tie_odds")
        );
        assert!(matches!(&errors[1], (3, OverrideError::Value { value, .. }) if value == "seven"));
        let parsed = Overrides::parse(&texts[..2]).expect("both parse");
        assert_eq!(
            parsed.settings,
            vec![
                ("decks".to_string(), Setting::Number(Exact::int(8))),
                ("cap".to_string(), Setting::Infinite)
            ]
        );
        assert_eq!(parsed.undeclared, Undeclared::Error);
    }

    #[test]
    fn a_name_given_twice_is_an_error_not_the_last_wins() {
        let texts = ["decks=8", "decks = 6"].map(String::from);
        let errors = Overrides::parse(&texts).expect_err("a repeated name");
        assert!(
            matches!(&errors[..], [(1, OverrideError::Form(CheckError::OverrideRepeated { name }))] if name == "decks")
        );
    }
}
