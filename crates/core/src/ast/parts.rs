//! What each statement of the round is made of, in the order it runs: the
//! names it binds, the expressions it evaluates, the names it reads or
//! shows, the names of the file it refers to (a shoe, an outcome, a
//! choosing side), the blocks it holds. The passes that walk the round
//! without caring which statement they meet (the unused names, the
//! parameters a figure can read, whether a block ends, the language
//! server's names and symbols) read a statement through [`Stmt::parts`],
//! so that a new statement is taught to all of them here, once.

use super::{Block, Else, Expr, Ident, IfStmt, Stmt};

/// One part of a statement (see [`Stmt::parts`]).
#[derive(Clone, Copy, Debug)]
pub enum Part<'a> {
    /// A name the statement binds, what it binds (`throw`, `hand`, `name`,
    /// `choice`), and a choice's labelled options.
    Binds {
        name: &'a Ident,
        what: &'static str,
        labels: &'a [Ident],
    },
    /// An expression the statement evaluates; `reroll` for a throw's
    /// `until`, which reads the throw it rerolls (bound just before).
    Evaluates { expr: &'a Expr, reroll: bool },
    /// A name the statement reads: a choice's `knowing` or its faces.
    Reads(&'a Ident),
    /// A hand the statement turns up: shown to the table, not read.
    Shows(&'a Ident),
    /// A name the statement rebinds (`set`).
    Sets(&'a Ident),
    /// A name of the file's that the statement refers to.
    Refers(Global, &'a Ident),
    /// A block the statement holds (a branch, an arm, a body), run in a
    /// scope of its own.
    Holds(&'a Block),
    /// The statement ends the round.
    Ends,
}

/// What a name of the file a statement refers to is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Global {
    /// A shoe (`draw ... from cards`, `burn 1 from cards`).
    Shoe,
    /// An outcome (`end player`).
    Outcome,
    /// The bet whose side chooses (`choose ... by player`).
    Side,
}

impl Stmt {
    /// The parts of the statement, in the order it runs them; an `if`'s
    /// `else if` chain flattened (each condition, then its block).
    pub fn parts(&self) -> Vec<Part<'_>> {
        let mut out = Vec::new();
        match self {
            Stmt::Throw(t) => {
                out.push(binds(&t.name, "throw"));
                if let Some(until) = &t.until {
                    out.push(Part::Evaluates {
                        expr: until,
                        reroll: true,
                    });
                }
            }
            Stmt::Draw(d) => {
                out.push(Part::Refers(Global::Shoe, &d.shoe));
                out.push(binds(&d.name, "hand"));
            }
            Stmt::Burn(b) => out.push(Part::Refers(Global::Shoe, &b.shoe)),
            Stmt::TurnUp(t) => out.push(Part::Shows(&t.name)),
            Stmt::Split(_) => {}
            Stmt::Let(l) => {
                out.push(evaluates(&l.value));
                out.push(binds(&l.name, "name"));
            }
            Stmt::Set(s) => {
                out.push(evaluates(&s.value));
                out.push(Part::Sets(&s.name));
            }
            Stmt::If(i) => if_parts(i, &mut out),
            Stmt::End(e) => {
                out.push(Part::Refers(Global::Outcome, &e.outcome));
                out.push(Part::Ends);
            }
            Stmt::Compare(c) => {
                out.push(evaluates(&c.left));
                out.push(evaluates(&c.right));
                out.extend(c.arms.iter().map(|arm| Part::Holds(&arm.body)));
            }
            Stmt::Repeat(r) => out.push(Part::Holds(&r.body)),
            Stmt::While(w) => {
                out.push(evaluates(&w.cond));
                out.push(Part::Holds(&w.body));
            }
            Stmt::Choose(c) => {
                out.extend(c.faces.iter().map(Part::Reads));
                out.push(Part::Refers(Global::Side, &c.by));
                let knowing = c.knowing.iter().flat_map(|k| &k.names);
                out.extend(knowing.map(Part::Reads));
                out.push(Part::Binds {
                    name: &c.name,
                    what: "choice",
                    labels: &c.labels,
                });
            }
        }
        out
    }
}

fn binds<'a>(name: &'a Ident, what: &'static str) -> Part<'a> {
    Part::Binds {
        name,
        what,
        labels: &[],
    }
}

fn evaluates(expr: &Expr) -> Part<'_> {
    Part::Evaluates {
        expr,
        reroll: false,
    }
}

fn if_parts<'a>(i: &'a IfStmt, out: &mut Vec<Part<'a>>) {
    out.push(evaluates(&i.cond));
    out.push(Part::Holds(&i.then));
    match &i.otherwise {
        Some(Else::If(next)) => if_parts(next, out),
        Some(Else::Block(b)) => out.push(Part::Holds(b)),
        None => {}
    }
}

impl Block {
    /// Whether the block ends the round somewhere (an `end` in it or in a
    /// block it holds).
    pub fn ends(&self) -> bool {
        self.stmts.iter().any(|s| {
            s.parts().iter().any(|p| match p {
                Part::Ends => true,
                Part::Holds(b) => b.ends(),
                _ => false,
            })
        })
    }
}
