//! `define NAME(ARGS) = EXPR`: each definition's names, what its body may
//! read (its arguments and the file's parameters), and no definition that
//! reaches itself. A call is expanded where it is made (`check::expr`), so
//! a definition is typed by the arguments of each call.

use super::declare;
use crate::ast::{self, ExprKind as A, Item};
use crate::check::error::unknown;
use crate::check::CheckError;
use crate::program::builtin::Builtin;
use crate::program::{DrawTable, Named, Param};

/// The definitions of `file`, each name declared once, each with whether
/// it checked.
pub(in crate::check) fn defines<'f>(
    file: &'f ast::File,
    params: &[Param],
    tables: &[DrawTable],
    errors: &mut Vec<CheckError>,
) -> Vec<(&'f ast::DefineDecl, bool)> {
    let all: Vec<&ast::DefineDecl> = file
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Define(d) => Some(d),
            _ => None,
        })
        .collect();
    let mut names = Vec::new();
    let mut good = Vec::new();
    for d in &all {
        let taken = if Builtin::named(&d.name.name).is_some() {
            Some("a built-in function")
        } else if tables.iter().any(|t| t.name == d.name.name) {
            Some("a draw table")
        } else {
            None
        };
        if let Some(what) = taken {
            errors.push(CheckError::DefineShadows {
                name: d.name.name.clone(),
                what,
                span: d.name.span,
            });
            continue;
        }
        if !declare(&mut names, "definition", &d.name, errors) {
            continue;
        }
        let mut args: Vec<Named> = Vec::new();
        let mut ok = d
            .params
            .iter()
            .all(|p| declare(&mut args, "argument", p, errors));
        ok &= reads(d, &d.body, params, tables, &all, errors);
        good.push((*d, ok));
    }
    let declared: Vec<&ast::DefineDecl> = good.iter().map(|(d, _)| *d).collect();
    for (d, ok) in &mut good {
        if let Some(through) = cycle(d, &declared) {
            errors.push(CheckError::DefineRecursive {
                name: d.name.name.clone(),
                span: d.name.span,
                through,
            });
            *ok = false;
        }
    }
    good
}

/// Whether every name `e` (in `d`'s body) reads is an argument of `d` or a
/// parameter, and every function it calls is known.
fn reads(
    d: &ast::DefineDecl,
    e: &ast::Expr,
    params: &[Param],
    tables: &[DrawTable],
    defines: &[&ast::DefineDecl],
    errors: &mut Vec<CheckError>,
) -> bool {
    let mut ok = true;
    match &e.kind {
        A::Name(n) => {
            let known = d.params.iter().any(|p| p.name == n.name)
                || params.iter().any(|p| p.name == n.name);
            if !known {
                errors.push(CheckError::DefineReads {
                    name: n.name.clone(),
                    define: d.name.name.clone(),
                    span: n.span,
                });
                ok = false;
            }
        }
        A::Call { func, .. } => {
            let known = Builtin::named(&func.name).is_some()
                || tables.iter().any(|t| t.name == func.name)
                || defines.iter().any(|x| x.name.name == func.name);
            if !known {
                let names: Vec<&str> = (Builtin::ALL.iter().map(|b| b.name()))
                    .chain(tables.iter().map(|t| t.name.as_str()))
                    .chain(defines.iter().map(|x| x.name.name.as_str()))
                    .collect();
                errors.push(unknown("function", func, names));
                ok = false;
            }
        }
        _ => {}
    }
    for child in e.children() {
        ok &= reads(d, child, params, tables, defines, errors);
    }
    ok
}

/// The definitions `e` calls, by name.
fn calls<'e>(e: &'e ast::Expr, out: &mut Vec<&'e str>) {
    if let A::Call { func, .. } = &e.kind {
        out.push(&func.name);
    }
    for child in e.children() {
        calls(child, out);
    }
}

/// The path by which `d` reaches itself (`b, then a`), if it does.
fn cycle(d: &ast::DefineDecl, defines: &[&ast::DefineDecl]) -> Option<String> {
    // Depth first from d's calls, remembering the way back.
    let find = |name: &str| defines.iter().find(|x| x.name.name == name);
    let mut stack: Vec<(&str, Vec<&str>)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let mut first = Vec::new();
    calls(&d.body, &mut first);
    for name in first {
        stack.push((name, vec![name]));
    }
    while let Some((name, path)) = stack.pop() {
        if name == d.name.name {
            let names: Vec<String> = path.iter().map(|n| format!("`{n}`")).collect();
            return Some(names.join(", then "));
        }
        if seen.contains(&name) {
            continue;
        }
        seen.push(name);
        if let Some(x) = find(name) {
            let mut next = Vec::new();
            calls(&x.body, &mut next);
            for n in next {
                let mut p = path.clone();
                p.push(n);
                stack.push((n, p));
            }
        }
    }
    None
}
