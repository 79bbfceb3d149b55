//! Parameters: their defaults, and the values given with `--set`.

use super::{declare, unknown};
use crate::ast::{self, Item, Setting};
use crate::check::{CheckError, Overrides, Undeclared};
use crate::number::Exact;
use crate::program::Param;
use crate::suggest::did_you_mean;

/// The parameters of the file, each with its value in force: its default,
/// or the value `overrides` gives it (`--set NAME=VALUE`).
pub(in crate::check) fn params(
    file: &ast::File,
    overrides: &Overrides,
    errors: &mut Vec<CheckError>,
) -> Vec<Param> {
    let mut names = Vec::new();
    let mut params = Vec::new();
    for item in &file.items {
        if let Item::Param(p) = item {
            if declare(&mut names, "parameter", &p.name, errors) {
                params.push(Param {
                    name: p.name.name.clone(),
                    value: p.default.value.clone(),
                    default: p.default.value.clone(),
                    infinite: false,
                    overridden: false,
                    span: p.name.span,
                });
            }
        }
    }
    for (name, value) in &overrides.settings {
        match params.iter_mut().find(|p| &p.name == name) {
            Some(p) => {
                (p.value, p.infinite) = match value {
                    Setting::Number(n) => (n.clone(), false),
                    Setting::Infinite => (Exact::zero(), true),
                };
                p.overridden = true;
            }
            None if overrides.undeclared == Undeclared::Ignored => {}
            None => {
                let known: Vec<&str> = params.iter().map(|p| p.name.as_str()).collect();
                let help = match did_you_mean(name, known.iter().copied()) {
                    Some(s) => format!("did you mean `{s}`?"),
                    None if known.is_empty() => "this game declares no parameters".to_string(),
                    None => format!("its parameters are: {}", known.join(", ")),
                };
                errors.push(CheckError::UnknownOverride {
                    name: name.clone(),
                    help,
                });
            }
        }
    }
    params
}

/// The parameter `name` refers to; an error when there is none.
pub(in crate::check) fn param<'p>(
    params: &'p [Param],
    name: &ast::Ident,
    errors: &mut Vec<CheckError>,
) -> Option<&'p Param> {
    let found = params.iter().find(|p| p.name == name.name);
    if found.is_none() {
        errors.push(unknown(
            "parameter",
            name,
            params.iter().map(|p| p.name.as_str()),
        ));
    }
    found
}
