//! `check --show EXPR`: expressions whose distribution when the round ends
//! the report gives.
//!
//! A show is an expression of the language, typed at every end of the round
//! (each `end`, and the round's last statement) in the scope there. Where
//! every name it reads is bound, it is compiled into an assignment of a
//! slot of its own just before the end, and that slot is a final value,
//! recorded when the round ends (so the projection keeps alive what it
//! reads, and only that); where a name it reads is not bound, the slot is
//! left unset and that end has no value. A throw or hand named alone shows
//! its total; a condition 1 where it holds, 0 where it does not.
//!
//! A name written alone that some bet is settled on, or a `mean` figure
//! names, already is a final value: the show is that value, and adds no
//! code. A run without shows compiles exactly as before.
//!
//! A show that does not check is an error of its own, [`CheckError::Show`],
//! its spans in the expression's text: a name the round never binds (with
//! "did you mean"), a name bound only where no end sees it
//! ([`CheckError::Unseen`]), a wrong type.

use std::collections::BTreeSet;

use super::expr::{Ty, Typer};
use super::{CheckError, ShowFailure};
use crate::ast::{self, Span};
use crate::program::builtin::Builtin;
use crate::program::{Expr, ExprKind, Final, Instr, Named, Param, Shown, ValueKind};
use crate::suggest::did_you_mean;

/// The most parts (operators, names, numbers, listed values) the
/// expressions of the shows may be typed and compiled into, every end of
/// the round together (about 64 MB): a round of 60,000 ends (a `repeat`
/// with an `end` inside) and a show of 15 parts stay under it, a list of
/// thousands of values under `in` at every pass of such a repeat does not.
pub const MAX_SHOW_PARTS: usize = 1_000_000;

/// The shows of one check, as the round is compiled.
#[derive(Default)]
pub(super) struct Shows<'s> {
    /// Each expression, with its text as given.
    exprs: &'s [(String, ast::Expr)],
    states: Vec<State>,
    /// Every name the round binds, anywhere: what "did you mean" offers.
    bound: BTreeSet<String>,
    /// The instructions compiled for the shows so far.
    pub(super) steps: usize,
    /// The parts of the expressions compiled so far.
    parts: usize,
}

/// What one show has met so far.
#[derive(Default)]
struct State {
    /// A name some bet is settled on or `mean` names: that final value.
    alias: Option<String>,
    slot: Option<usize>,
    kind: Option<(ValueKind, Ty)>,
    /// An error where every name it reads is bound: it cannot be shown.
    failed: Option<CheckError>,
    /// The first name it reads that an end did not see: (name, span).
    unbound: Option<(String, Span)>,
}

/// The name `e` is, written alone.
fn bare(e: &ast::Expr) -> Option<&str> {
    match &e.kind {
        ast::ExprKind::Name(ident) => Some(&ident.name),
        _ => None,
    }
}

/// The names some bet is settled on (`on score`) or stakes (`staking
/// wager`), or a `mean` figure names: the final values the round records
/// whatever the shows.
fn finals_named(file: &ast::File) -> BTreeSet<&str> {
    let mut named = BTreeSet::new();
    for item in &file.items {
        match item {
            ast::Item::Bet(b) => named.extend(b.finals().map(|n| n.name.as_str())),
            ast::Item::Expect(ast::ExpectDecl { quantity, .. })
            | ast::Item::Claim(ast::ClaimDecl { quantity, .. })
                if quantity.func.name == "mean" =>
            {
                named.extend(quantity.first_name().map(|n| n.name.as_str()));
            }
            _ => {}
        }
    }
    named
}

impl<'s> Shows<'s> {
    pub(super) fn new(exprs: &'s [(String, ast::Expr)], file: &ast::File) -> Shows<'s> {
        let named = finals_named(file);
        let states = exprs
            .iter()
            .map(|(_, e)| State {
                alias: bare(e)
                    .filter(|name| named.contains(name))
                    .map(str::to_string),
                ..State::default()
            })
            .collect();
        Shows {
            exprs,
            states,
            bound: BTreeSet::new(),
            steps: 0,
            parts: 0,
        }
    }

    /// Notes a name the round binds.
    pub(super) fn note_bound(&mut self, name: &str) {
        if !self.exprs.is_empty() && !self.bound.contains(name) {
            self.bound.insert(name.to_string());
        }
    }

    /// Compiles each show the scope of `typer` can compute, just before an
    /// end at `at`: an assignment of its slot, its spans moved to `at` (an
    /// evaluation error in it points at the end where it was computed).
    pub(super) fn at_end(
        &mut self,
        typer: &mut Typer,
        code: &mut Vec<Instr>,
        slots: &mut Vec<Named>,
        at: Span,
    ) {
        for ((text, e), state) in self.exprs.iter().zip(&mut self.states) {
            if state.alias.is_some() || state.failed.is_some() {
                continue;
            }
            // Typed on trial: the file's errors, and what the typer
            // remembers having reported, stay as they were.
            let before = typer.errors.len();
            let ranked = typer.ranked.clone();
            let reported = typer.reported_no_hands;
            let (value, ty) = typer.expr(e);
            let errors: Vec<CheckError> = typer.errors.drain(before..).collect();
            typer.ranked = ranked;
            typer.reported_no_hands = reported;
            self.parts += parts(&value);
            if self.parts > MAX_SHOW_PARTS {
                state.failed = Some(CheckError::ShowTooLarge {
                    most: MAX_SHOW_PARTS,
                    span: e.span,
                });
                continue;
            }
            let unknown = errors.iter().find_map(|err| match err {
                CheckError::Unknown {
                    kind: "name",
                    name,
                    span,
                    ..
                } => Some((name.clone(), *span)),
                _ => None,
            });
            if let Some(unknown) = unknown {
                state.unbound.get_or_insert(unknown);
                continue;
            }
            if let Some(first) = errors.into_iter().next() {
                state.failed = Some(first);
                continue;
            }
            let (mut value, kind) = match ty {
                Ty::Int => (value, ValueKind::Number),
                Ty::Bool => (value, ValueKind::Condition),
                Ty::Label(set) => (value, ValueKind::Labels(typer.labels[set].clone())),
                Ty::Pool { sides, .. } => (
                    Expr {
                        span: value.span,
                        kind: ExprKind::Call(Builtin::Total, Box::new([value])),
                    },
                    ValueKind::Total { hand: sides == 0 },
                ),
                Ty::Error => continue,
            };
            match &state.kind {
                Some((first, first_ty)) if *first != kind => {
                    state.failed = Some(CheckError::Type {
                        expected: first_ty.describe(),
                        found: ty.describe(),
                        span: e.span,
                        help: Some(
                            "a `--show` expression has one kind of value at every end of the round; its names are bound to different kinds at different ends"
                                .to_string(),
                        ),
                    });
                    continue;
                }
                Some(_) => {}
                None => state.kind = Some((kind, ty)),
            }
            let slot = *state.slot.get_or_insert_with(|| {
                slots.push(Named {
                    name: text.clone(),
                    span: at,
                });
                slots.len() - 1
            });
            respan(&mut value, at);
            code.push(Instr::Assign { slot, value });
            self.steps += 1;
        }
    }

    /// The final value of each show, added to `finals` (a show of a name
    /// already final marks it shown); or the errors of the shows that
    /// cannot be shown.
    pub(super) fn finish(
        self,
        params: &[Param],
        finals: &mut Vec<Final>,
    ) -> Result<(), Vec<CheckError>> {
        let mut errors = Vec::new();
        let mut shown = Vec::new();
        for (index, ((text, e), state)) in self.exprs.iter().zip(self.states).enumerate() {
            if let Some(alias) = &state.alias {
                shown.push(Show::Alias(alias.clone()));
                continue;
            }
            let error = match (state.failed, state.slot, state.kind, state.unbound) {
                (Some(error), ..) => error,
                (None, Some(slot), Some((kind, _)), _) => {
                    shown.push(Show::New(Final {
                        name: text.clone(),
                        slot,
                        span: e.span,
                        shown: Shown::Only,
                        kind,
                    }));
                    continue;
                }
                (_, _, _, Some((name, span))) if self.bound.contains(&name) => {
                    CheckError::Unseen {
                        name: name.clone(),
                        span,
                        help: format!(
                            "`--show` reads the names bound where the round ends, and `{name}` is bound only in blocks that close first: keep what you want to see in a name bound at the round's top level (`let seen = 0` before the block, `set seen = ...` in it) and show that name"
                        ),
                    }
                }
                (_, _, _, unbound) => {
                    let (name, span) = unbound.unwrap_or_default();
                    let candidates = self
                        .bound
                        .iter()
                        .map(String::as_str)
                        .chain(params.iter().map(|p| p.name.as_str()));
                    let help = match did_you_mean(&name, candidates) {
                        Some(close) => format!("did you mean `{close}`?"),
                        None if self.bound.is_empty() => "the round binds no name".to_string(),
                        None => {
                            let names: Vec<&str> =
                                self.bound.iter().map(String::as_str).take(20).collect();
                            let more = if self.bound.len() > 20 { ", ..." } else { "" };
                            format!("the round binds {}{more}", names.join(", "))
                        }
                    };
                    CheckError::Unknown {
                        kind: "name",
                        name,
                        span,
                        help: Some(help),
                    }
                }
            };
            errors.push(CheckError::Show(Box::new(ShowFailure { index, error })));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        for show in shown {
            match show {
                Show::Alias(name) => {
                    if let Some(f) = finals.iter_mut().find(|f| f.name == name) {
                        f.shown = Shown::Also;
                    }
                }
                Show::New(f) => finals.push(f),
            }
        }
        Ok(())
    }
}

/// A show that checks.
enum Show {
    /// A name some bet or `mean` already records.
    Alias(String),
    New(Final),
}

/// How many parts `e` has: its nodes, and the values it lists.
fn parts(e: &Expr) -> usize {
    let listed = match &e.kind {
        ExprKind::In(_, keys) => keys.len(),
        ExprKind::Matches(_, patterns) => patterns.len(),
        _ => 0,
    };
    1 + listed + e.children().map(parts).sum::<usize>()
}

/// Moves every span of `e` to `at`.
fn respan(e: &mut Expr, at: Span) {
    e.span = at;
    for child in e.children_mut() {
        respan(child, at);
    }
}
