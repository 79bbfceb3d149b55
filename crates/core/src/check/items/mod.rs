//! Checking the declarations around the round, one file per kind:
//! parameters and `--set` ([`params`]), hand and draw tables ([`tables`]),
//! shoes ([`shoes`]), bets ([`bets`]), `expect` / `claim` lines
//! ([`assertions`]). Here: the outcomes, and what they all share (declaring
//! a name, an unknown name).

mod assertions;
mod at;
mod bets;
mod defines;
mod params;
mod shoes;
mod tables;

pub(super) use assertions::{assertions, Figures};
pub(super) use at::few_tables;
pub use at::MOST_CARDS_DEALT;
pub(super) use bets::bets;
pub(super) use defines::defines;
pub(super) use params::{param, params};
pub(super) use shoes::shoes;
pub(super) use tables::{draw_tables, hand_table};

use super::error::unknown;
use super::CheckError;
use crate::ast::{self, Item};
use crate::program::Named;

/// Declared names of one kind, reporting duplicates.
fn declare(
    names: &mut Vec<Named>,
    kind: &'static str,
    ident: &ast::Ident,
    errors: &mut Vec<CheckError>,
) -> bool {
    if let Some(first) = names.iter().find(|n| n.name == ident.name) {
        errors.push(CheckError::Duplicate {
            kind,
            name: ident.name.clone(),
            first: first.span,
            second: ident.span,
            help: "remove one of the two, or give one another name",
        });
        return false;
    }
    names.push(Named {
        name: ident.name.clone(),
        span: ident.span,
    });
    true
}

/// The outcomes of the `outcomes` lines, a name declared twice reported.
pub(super) fn outcomes(file: &ast::File, errors: &mut Vec<CheckError>) -> Vec<Named> {
    let mut names = Vec::new();
    for item in &file.items {
        if let Item::Outcomes(o) = item {
            for name in &o.names {
                declare(&mut names, "outcome", name, errors);
            }
        }
    }
    names
}
