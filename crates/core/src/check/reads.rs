//! Which parameters the figure of an `expect` or `claim` line can depend
//! on, read from the syntax tree.
//!
//! A figure is a function of the round's distribution and, for a bet's
//! figure, of that bet's payouts. The distribution depends on the
//! parameters the round reads, the shoes' deck counts, and, where sides
//! choose, the payouts of the bets they choose for. The reading is
//! conservative: a parameter's name read anywhere there counts, even where
//! a name bound in the round might hide it. The `banking` item is left out:
//! no figure depends on the table rules.

use std::collections::{BTreeMap, BTreeSet};

use crate::ast::parts::{Global, Part};
use crate::ast::{self, Block, Expr, ExprKind, Item, OddsTerm, Stmt};

/// The parameters read by what shapes the round, and by each bet.
pub(in crate::check) struct Reads {
    /// Read by the round, the shoes and the bets of the sides that choose.
    shaping: BTreeSet<String>,
    /// Read by each bet's payouts, by the bet's name.
    bets: BTreeMap<String, BTreeSet<String>>,
}

impl Reads {
    /// What `file` reads of the parameters named `params`.
    pub fn new<'a>(file: &ast::File, params: impl IntoIterator<Item = &'a str>) -> Reads {
        let params: BTreeSet<&str> = params.into_iter().collect();
        let mut names = BTreeSet::new();
        let mut choosers = BTreeSet::new();
        let mut bets: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for item in &file.items {
            match item {
                Item::Round(r) => block(&r.body, &mut names, &mut choosers),
                // What a definition reads, the round reads wherever it calls
                // it: counted whether or not it does.
                Item::Define(d) => expr(&d.body, &mut names),
                Item::Shoe(s) => {
                    if let ast::Decks::Param(p) = &s.decks {
                        names.insert(p.name.clone());
                    }
                }
                Item::Table(t) => {
                    if let Some(by) = &t.decided_by {
                        choosers.insert(by.name.clone());
                    }
                }
                Item::Bet(b) => {
                    let read = bets.entry(b.name.name.clone()).or_default();
                    for line in &b.lines {
                        for term in line.payout.terms() {
                            if let OddsTerm::Param(p) = term {
                                read.insert(p.name.clone());
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        for by in &choosers {
            if let Some(read) = bets.get(by) {
                names.extend(read.iter().cloned());
            }
        }
        let keep = |set: &mut BTreeSet<String>| set.retain(|n| params.contains(n.as_str()));
        keep(&mut names);
        bets.values_mut().for_each(keep);
        Reads {
            shaping: names,
            bets,
        }
    }

    /// The parameters a figure can depend on, by name: what shapes the
    /// round, and the bet's payouts for a figure of a bet.
    pub fn of(&self, bet: Option<&str>) -> Vec<String> {
        let mut out = self.shaping.clone();
        if let Some(read) = bet.and_then(|b| self.bets.get(b)) {
            out.extend(read.iter().cloned());
        }
        out.into_iter().collect()
    }
}

/// The names a block reads, and the bets of the sides choosing in it.
fn block(b: &Block, names: &mut BTreeSet<String>, choosers: &mut BTreeSet<String>) {
    for part in b.stmts.iter().flat_map(Stmt::parts) {
        match part {
            Part::Evaluates { expr: e, .. } => expr(e, names),
            Part::Reads(name) => {
                names.insert(name.name.clone());
            }
            Part::Refers(Global::Side, side) => {
                choosers.insert(side.name.clone());
            }
            Part::Holds(inner) => block(inner, names, choosers),
            Part::Binds { .. } | Part::Shows(_) | Part::Sets(_) | Part::Refers(..) | Part::Ends => {
            }
        }
    }
}

/// Every name an expression reads (a hand's or a suit's too).
fn expr(e: &Expr, names: &mut BTreeSet<String>) {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Bool(_) => {}
        ExprKind::Name(n) => {
            names.insert(n.name.clone());
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|a| expr(a, names)),
        ExprKind::Unary { operand, .. } => expr(operand, names),
        ExprKind::Binary { left, right, .. } => {
            expr(left, names);
            expr(right, names);
        }
        ExprKind::Is { subject, patterns } => {
            expr(subject, names);
            for p in patterns {
                if let ast::Pattern::Name(n) = p {
                    names.insert(n.name.clone());
                }
            }
        }
        ExprKind::In { subject, .. } | ExprKind::Paren(subject) => expr(subject, names),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(source: &str) -> Reads {
        let (file, errors) = crate::syntax::parse(source);
        assert!(errors.is_empty(), "{errors:?}");
        let params: Vec<String> = file
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Param(p) => Some(p.name.name.clone()),
                _ => None,
            })
            .collect();
        Reads::new(&file, params.iter().map(String::as_str))
    }

    #[test]
    fn a_bet_s_odds_count_for_its_own_figures_only() {
        let r = reads(
            "param decks = 8  param tie_odds = 8  param limit = 5
             shoe cards { decks = decks values A => 1, 2..9 => pip, 10 J Q K => 0 }
             round { draw h = 1 from cards  if value(h) = 1 { end tie } end player }
             bet tie { tie => win tie_odds to 1  player => lose }
             bet player { player => win 1 to 1  tie => lose }
             banking { bank house  limit = limit }",
        );
        assert_eq!(r.of(Some("tie")), ["decks", "tie_odds"]);
        assert_eq!(r.of(Some("player")), ["decks"]);
        assert_eq!(r.of(None), ["decks"]);
    }

    #[test]
    fn the_round_deep_inside_and_the_choosers_bets_count_for_every_figure() {
        let r = reads(
            "param target = 7  param odds = 2  param other = 3  param unused = 1
             round {
               throw t = 2d6
               choose f from 1..6 by player
               repeat 2 { if total(t) = 1 { end a } else if count(t, f) >= target - 1 { end b } }
               end a
             }
             bet player { a => win odds to 1  b => lose }
             bet side { a => win other to 1  b => lose }",
        );
        assert_eq!(r.of(None), ["odds", "target"]);
        assert_eq!(r.of(Some("side")), ["odds", "other", "target"]);
    }
}
