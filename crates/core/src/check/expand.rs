//! Rewriting expressions before they are typed: a call of a `define`
//! expanded into its body with the arguments in place, and hands joined
//! with `+` taken apart. Pure functions of the syntax tree, for
//! `check::expr`.

use super::CheckError;
use crate::ast::{self, BinaryOp, ExprKind as A, Span};

/// What the expansion of the calls made so far has come to: the
/// definitions being expanded, innermost last, each with where it was
/// called, and the operations expanded in the round.
pub(super) struct Expansion<'t> {
    pub expanding: &'t [(String, Span)],
    pub expanded: &'t mut usize,
}

impl Expansion<'_> {
    /// The body of a call of definition `d` with `args`, at `span`, to be
    /// typed where it is called; `None` for a call that cannot expand (the
    /// wrong number of arguments, or past a bound: told once, at the call
    /// the round makes).
    pub fn call(
        self,
        d: &ast::DefineDecl,
        args: &[ast::Expr],
        span: Span,
        errors: &mut Vec<CheckError>,
    ) -> Option<ast::Expr> {
        if args.len() != d.params.len() {
            let names: Vec<&str> = d.params.iter().map(|p| p.name.as_str()).collect();
            errors.push(CheckError::Arity {
                func: d.name.name.clone(),
                expected: d.params.len(),
                found: args.len(),
                span,
                help: Some(format!("write `{}({})`", d.name.name, names.join(", "))),
            });
            return None;
        }
        // `items::defines` refuses a definition that reaches itself; this
        // keeps the expansion finite whatever reaches here.
        if self.expanding.iter().any(|(n, _)| *n == d.name.name) {
            return None;
        }
        let body = substitute(&d.body, &d.params, args);
        let before = *self.expanded;
        *self.expanded = before.saturating_add(size(&body));
        let why = if self.expanding.len() >= MAX_DEFINE_DEPTH {
            format!("definitions call one another more than {MAX_DEFINE_DEPTH} deep")
        } else if *self.expanded > MAX_DEFINE_NODES {
            format!("the round's calls expand to more than {MAX_DEFINE_NODES} operations")
        } else {
            return Some(body);
        };
        if before <= MAX_DEFINE_NODES && self.expanding.len() <= MAX_DEFINE_DEPTH {
            let (name, at) =
                (self.expanding.first().cloned()).unwrap_or((d.name.name.clone(), span));
            errors.push(CheckError::DefineTooLarge {
                name,
                why,
                depth: MAX_DEFINE_DEPTH,
                nodes: MAX_DEFINE_NODES,
                span: at,
            });
        }
        *self.expanded = usize::MAX;
        None
    }
}

/// How deeply definitions may call one another.
const MAX_DEFINE_DEPTH: usize = 16;

/// How many operations the calls of definitions in one round may expand
/// to: a definition calling another twice, sixteen deep, would otherwise
/// make a round of 65,536 copies.
const MAX_DEFINE_NODES: usize = 100_000;

/// The operations of `e`.
fn size(e: &ast::Expr) -> usize {
    1 + e.children().map(size).sum::<usize>()
}

/// `e` with each name of `params` replaced by its argument (in parentheses
/// unless it is a name, a number or a call, so that it groups as written).
fn substitute(e: &ast::Expr, params: &[ast::Ident], args: &[ast::Expr]) -> ast::Expr {
    let sub = |x: &ast::Expr| Box::new(substitute(x, params, args));
    let kind = match &e.kind {
        A::Name(n) => match params.iter().position(|p| p.name == n.name) {
            Some(i) => {
                let arg = &args[i];
                return match arg.kind {
                    A::Name(_) | A::Int(_) | A::Bool(_) | A::Call { .. } | A::Paren(_) => {
                        arg.clone()
                    }
                    _ => ast::Expr {
                        kind: A::Paren(Box::new(arg.clone())),
                        span: arg.span,
                    },
                };
            }
            None => A::Name(n.clone()),
        },
        A::Int(_) | A::Bool(_) => e.kind.clone(),
        A::Paren(x) => A::Paren(sub(x)),
        A::Unary { op, operand } => A::Unary {
            op: *op,
            operand: sub(operand),
        },
        A::Binary { op, left, right } => A::Binary {
            op: *op,
            left: sub(left),
            right: sub(right),
        },
        A::Is { subject, patterns } => A::Is {
            subject: sub(subject),
            patterns: patterns.clone(),
        },
        A::In {
            subject,
            set,
            bracketed,
        } => A::In {
            subject: sub(subject),
            set: set.clone(),
            bracketed: *bracketed,
        },
        A::Call { func, args: a } => A::Call {
            func: func.clone(),
            args: a.iter().map(|x| substitute(x, params, args)).collect(),
        },
    };
    ast::Expr { kind, span: e.span }
}

/// The hands of `e` joined with `+` (`a + b + c`, parentheses allowed), in
/// order; `e` itself when it joins none.
pub(super) fn joined<'e>(e: &'e ast::Expr, out: &mut Vec<&'e ast::Expr>) {
    match &e.kind {
        A::Binary {
            op: BinaryOp::Add,
            left,
            right,
        } => {
            joined(left, out);
            joined(right, out);
        }
        A::Paren(inner)
            if matches!(
                inner.kind,
                A::Binary {
                    op: BinaryOp::Add,
                    ..
                }
            ) =>
        {
            joined(inner, out)
        }
        _ => out.push(e),
    }
}
