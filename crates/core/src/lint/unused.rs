//! Declarations nothing uses, from the file alone.
//!
//! - a name bound by `throw`, `draw`, `let` or `choose` that no later
//!   expression of its block reads, nor a `knowing`, nor (at the top of the
//!   round) a bet `on` it or a `mean(...)` figure: `unused_name`. A throw's
//!   own `until` does not count: dice rerolled and never looked at settle
//!   nothing either;
//! - a hand no `is` names, nor its suit, when nothing ranks the table with
//!   `rank` or `suit` (which every hand takes part in): `unused_hand`;
//! - a parameter no expression, odds, shoe or `banking` clause reads:
//!   `unused_param`; a draw table never looked up: `unused_table`; a shoe
//!   never drawn from: `unused_shoe`.
//!
//! Names are matched as written, so a parameter counts as used wherever a
//! name like it is read outside the scope of a binding of that name: the
//! lint may miss an unused parameter, never report a used one.

use std::collections::BTreeSet;

use super::Lint;
use crate::ast::parts::{Global, Part};
use crate::ast::{
    self, Amount, ChipsRule, ClauseKind, Decks, Expr, ExprKind, Ident, Item, LimitRule, OddsTerm,
    Pattern, StakeKind, Stmt,
};
use crate::program::Program;

/// A name bound in the round, while it is visible.
struct Binding<'a> {
    ident: &'a Ident,
    kind: &'static str,
    read: bool,
}

#[derive(Default)]
struct Uses<'a> {
    bindings: Vec<Binding<'a>>,
    /// A binding whose reads do not count (a throw, in its own `until`).
    ignored: Option<usize>,
    /// Names read outside any binding of theirs: parameters.
    free: BTreeSet<&'a str>,
    /// Functions called: draw tables among them.
    called: BTreeSet<&'a str>,
    /// Names after `is`: hands, suits (and a choice's labels).
    patterns: BTreeSet<&'a str>,
    shoes: BTreeSet<&'a str>,
    unread: Vec<Lint>,
}

pub(super) fn lint(file: &ast::File, program: &Program, lints: &mut Vec<Lint>) {
    let mut uses = Uses::default();
    if let Some(round) = super::round(file) {
        let finals = finals(file);
        uses.block(&round.body, &finals);
    }
    // What a definition calls and names after `is`, the round does where it
    // calls it (its own names are its arguments, not the round's).
    for item in &file.items {
        if let Item::Define(d) = item {
            uses.definition(&d.body);
        }
    }
    lints.append(&mut uses.unread);
    hands(file, program, &uses, lints);
    params(file, &uses, lints);
    for item in &file.items {
        match item {
            Item::Table(t) if !uses.called.contains(t.name.name.as_str()) => {
                lints.push(Lint::UnusedTable {
                    name: t.name.name.clone(),
                    span: t.name.span,
                })
            }
            Item::Shoe(s) if !uses.shoes.contains(s.name.name.as_str()) => {
                lints.push(Lint::UnusedShoe {
                    name: s.name.name.clone(),
                    span: s.name.span,
                })
            }
            _ => {}
        }
    }
}

/// The names read when the round ends: bets `on` them or `staking` them,
/// `mean(...)`.
fn finals(file: &ast::File) -> Vec<&str> {
    let mut out = Vec::new();
    for item in &file.items {
        let quantity = match item {
            Item::Bet(b) => {
                out.extend(b.finals().map(|o| o.name.as_str()));
                continue;
            }
            Item::Expect(e) => &e.quantity,
            Item::Claim(c) => &c.quantity,
            _ => continue,
        };
        if let Some(name) = quantity
            .first_name()
            .filter(|_| quantity.func.name == "mean")
        {
            out.push(name.name.as_str());
        }
    }
    out
}

impl<'a> Uses<'a> {
    fn block(&mut self, block: &'a ast::Block, finals: &[&'a str]) {
        let mark = self.bindings.len();
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
        for name in finals {
            self.read(name);
        }
        for b in self.bindings.drain(mark..) {
            if b.read {
                continue;
            }
            let n = &b.ident.name;
            let help = match b.kind {
                "throw" => format!("a throw no rule reads settles nothing: read it (`total({n})`, `{n} is 6-6`), or remove it"),
                "hand" => format!("a hand no rule reads settles nothing: read it (`total({n})`, `value({n})`), or remove it"),
                "choice" => format!("a choice no rule reads decides nothing: read it (`if {n} is ...`), or remove it"),
                _ => "read it in a condition or a value, or remove it".to_string(),
            };
            self.unread.push(Lint::UnusedName {
                kind: b.kind,
                name: n.clone(),
                span: b.ident.span,
                help,
            });
        }
    }

    fn bind(&mut self, ident: &'a Ident, kind: &'static str) {
        self.bindings.push(Binding {
            ident,
            kind,
            read: false,
        });
    }

    fn read(&mut self, name: &'a str) {
        match self.bindings.iter().rposition(|b| b.ident.name == name) {
            Some(i) if self.ignored == Some(i) => {}
            Some(i) => self.bindings[i].read = true,
            None => {
                self.free.insert(name);
            }
        }
    }

    fn stmt(&mut self, stmt: &'a Stmt) {
        for part in stmt.parts() {
            match part {
                Part::Binds { name, what, .. } => self.bind(name, what),
                // A reroll's condition reads the throw it rerolls: that
                // is not a rule reading it.
                Part::Evaluates { expr, reroll } => {
                    if reroll {
                        self.ignored = Some(self.bindings.len() - 1);
                    }
                    self.expr(expr);
                    self.ignored = None;
                }
                Part::Reads(name) => self.read(&name.name),
                Part::Refers(Global::Shoe, shoe) => {
                    self.shoes.insert(shoe.name.as_str());
                }
                Part::Holds(block) => self.block(block, &[]),
                // Showing a hand to the table is not reading it.
                Part::Shows(_) | Part::Sets(_) | Part::Refers(..) | Part::Ends => {}
            }
        }
    }

    /// The functions a definition's body calls and the names after its
    /// `is`.
    fn definition(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::Call { func, .. } => {
                self.called.insert(func.name.as_str());
            }
            ExprKind::Is { patterns, .. } => {
                for p in patterns {
                    if let Pattern::Name(name) = p {
                        self.patterns.insert(name.name.as_str());
                    }
                }
            }
            _ => {}
        }
        e.children().for_each(|c| self.definition(c));
    }

    fn expr(&mut self, e: &'a Expr) {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Bool(_) => {}
            ExprKind::Name(ident) => self.read(&ident.name),
            ExprKind::Call { func, args } => {
                self.called.insert(func.name.as_str());
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary { left, right, .. } => {
                self.expr(left);
                self.expr(right);
            }
            ExprKind::Is { subject, patterns } => {
                self.expr(subject);
                for p in patterns {
                    if let Pattern::Name(name) = p {
                        self.patterns.insert(name.name.as_str());
                    }
                }
            }
            ExprKind::In { subject, .. } => self.expr(subject),
            ExprKind::Paren(inner) => self.expr(inner),
        }
    }
}

/// Hands nothing names, in a table nothing ranks.
fn hands(file: &ast::File, program: &Program, uses: &Uses, lints: &mut Vec<Lint>) {
    let Some(decl) = file.items.iter().find_map(|i| match i {
        Item::Hands(h) => Some(h),
        _ => None,
    }) else {
        return;
    };
    let ranks =
        |f: &&str| crate::program::builtin::Builtin::named(f).is_some_and(|b| b.reads_hands());
    if program.hands.is_none() || uses.called.iter().any(ranks) {
        return;
    }
    let named = |n: &Ident| uses.patterns.contains(n.name.as_str());
    let any = decl
        .suits
        .iter()
        .any(|s| named(&s.name) || s.hands.iter().any(|h| named(&h.name)));
    if !any {
        lints.push(Lint::UnusedHand {
            message: format!("the hand table `{}` is never used", decl.name.name),
            span: decl.name.span,
            label: "no `is` names its hands and nothing ranks a throw with it".to_string(),
            help: "test a throw with it (`x is heaven`), rank throws (`rank(x)`, `suit(x)`), or remove it".to_string(),
        });
        return;
    }
    for suit in decl.suits.iter().filter(|s| !named(&s.name)) {
        for hand in suit.hands.iter().filter(|h| !named(&h.name)) {
            lints.push(Lint::UnusedHand {
                message: format!("the hand `{}` is never used", hand.name.name),
                span: hand.name.span,
                label: "no `is` names it or its suit, and nothing ranks the table".to_string(),
                help: format!(
                    "test a throw with it (`x is {}`), rank throws (`rank(x)`), or remove it",
                    hand.name.name
                ),
            });
        }
    }
}

/// Every name `e` reads.
fn names_in<'a>(e: &'a Expr, used: &mut BTreeSet<&'a str>) {
    if let ExprKind::Name(n) = &e.kind {
        used.insert(n.name.as_str());
    }
    e.children().for_each(|c| names_in(c, used));
}

fn amount<'a>(a: &'a Amount, used: &mut BTreeSet<&'a str>) {
    if let Amount::Param(p) = a {
        used.insert(p.name.as_str());
    }
}

/// Parameters nothing reads.
fn params(file: &ast::File, uses: &Uses, lints: &mut Vec<Lint>) {
    let mut used: BTreeSet<&str> = uses.free.clone();
    for item in &file.items {
        match item {
            Item::Bet(b) => {
                for line in &b.lines {
                    for term in line.payout.terms() {
                        if let OddsTerm::Param(p) = term {
                            used.insert(p.name.as_str());
                        }
                    }
                }
            }
            Item::Shoe(s) => {
                if let Decks::Param(p) = &s.decks {
                    used.insert(p.name.as_str());
                }
            }
            // A definition reads a parameter for every round that calls it.
            Item::Define(d) => names_in(&d.body, &mut used),
            Item::Banking(b) => {
                for clause in &b.clauses {
                    match &clause.kind {
                        ClauseKind::Stake(stakes) => {
                            for s in stakes {
                                if let StakeKind::Fixed(a) | StakeKind::UpTo(a) = &s.kind {
                                    amount(a, &mut used);
                                }
                            }
                        }
                        ClauseKind::Limit(LimitRule::Fixed(a))
                        | ClauseKind::Limit(LimitRule::SetByBanker { up_to: Some(a) })
                        | ClauseKind::Chips(ChipsRule::Each(a)) => amount(a, &mut used),
                        ClauseKind::Chips(ChipsRule::Split { players, banker }) => {
                            amount(players, &mut used);
                            amount(banker, &mut used);
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    for item in &file.items {
        if let Item::Param(p) = item {
            if !used.contains(p.name.name.as_str()) {
                lints.push(Lint::UnusedParam {
                    name: p.name.name.clone(),
                    span: p.name.span,
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the findings about a file with this round and bets.
    fn unused(round: &str, rest: &str) -> Vec<(&'static str, String)> {
        let source = format!("game \"g\"\noutcomes a, b\nround {{\n{round}\n}}\n{rest}\n");
        let (file, program) = crate::check::load(&source, &Default::default()).expect("checks");
        let mut lints = Vec::new();
        lint(&file, &program, &mut lints);
        lints
            .iter()
            .map(|l| match l {
                Lint::UnusedName { name, .. } | Lint::UnusedParam { name, .. } => {
                    (l.name(), name.clone())
                }
                _ => (l.name(), String::new()),
            })
            .collect()
    }

    const BET: &str = "bet x { a => win 1 to 1  b => lose }";

    #[test]
    fn names_are_read_in_their_own_scope() {
        // Two bindings of `second`, each read in its own branch.
        let round = "throw t = 2d6\n if total(t) > 6 { throw second = d6\n if second is 6 { end a } }\n else { throw second = d6\n if second is 1 { end a } }\n end b";
        assert_eq!(unused(round, BET), []);
        let round = "throw t = 2d6\n if total(t) > 6 { throw second = d6\n end a }\n end b";
        assert_eq!(unused(round, BET), [("unused_name", "second".to_string())]);
    }

    #[test]
    fn a_throw_read_only_by_its_own_until_is_unused() {
        let round = "throw t = 2d6 until total(t) > 3\n end a";
        assert_eq!(unused(round, BET), [("unused_name", "t".to_string())]);
    }

    #[test]
    fn final_values_and_knowing_are_reads() {
        let round = "let score = 0\n throw t = d6\n set score = total(t)";
        let bets = "bet x on score { >= 4 => win 1 to 1  else => lose }";
        assert_eq!(unused(round, bets), []);
        let round = "throw t = d6\n let v = total(t)\n choose c from [hit, stay] by x knowing v\n if c is hit { end a }\n end b";
        assert_eq!(unused(round, BET), []);
    }

    #[test]
    fn parameters_count_wherever_they_are_read() {
        let rest = format!(
            "param odds = 2\nparam unused = 3\n{}",
            BET.replace("win 1 to 1", "win odds to 1")
        );
        let round = "throw t = d6\n if t is 6 { end a }\n end b";
        assert_eq!(
            unused(round, &rest),
            [("unused_param", "unused".to_string())]
        );
    }
}
