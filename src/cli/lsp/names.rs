//! The names of a rule file, read from its syntax tree: every name an item
//! or a statement declares (a [`Symbol`]), and every place a name is
//! written (an [`Occurrence`]), resolved as `check` resolves it. Go to
//! definition, references, rename, hover and completion all read this.
//!
//! Each kind of name is its own namespace: `bet player` and `throw player`
//! are two names (heist has both), and which one a use means follows from
//! where it is written: `house_edge(player)` and `choose ... by player`
//! name the bet, `total(player)` the throw. The round's names are scoped
//! as the language scopes them (docs/language.md, section 4.3): a name is
//! visible from its statement to the end of its block, so two branches
//! may each bind their own `banker_second`, and a name of the round
//! shadows a parameter. A use from outside the round (`bet x on score`,
//! `mean(score)`, `strategy(action, ...)`) names the binding of the
//! round's top block, or, where there is none, every binding of that name
//! at once (they are then one symbol: renamed together).
//!
//! The tree is the parser's, so a file with syntax errors still has names
//! for the items that parsed.

use std::collections::BTreeMap;

use crate::ast::parts::{Global, Part};
use crate::ast::{self, Span};
use crate::program::Figure;

/// What a name names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Param,
    Outcome,
    /// The hand table, `hands chart { ... }`.
    Hands,
    Suit,
    Hand,
    /// A draw table, `table banker_draws(bank, second) { ... }`.
    Table,
    /// A definition, `define score(h) = poker(h)`.
    Define,
    Shoe,
    Bet,
    /// A name the round binds: `throw`, `draw`, `let`, `choose`.
    Round,
    /// A labelled option of a `choose`: `[draw, stand]`.
    Option,
}

impl Kind {
    /// The kind as a message names it, with its article.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Param => "a parameter",
            Kind::Outcome => "an outcome",
            Kind::Hands => "the hand table",
            Kind::Suit => "a suit",
            Kind::Hand => "a hand",
            Kind::Table => "a draw table",
            Kind::Define => "a definition",
            Kind::Shoe => "a shoe",
            Kind::Bet => "a bet",
            Kind::Round => "a name of the round",
            Kind::Option => "an option of a choice",
        }
    }

    /// The namespace a declaration of this kind goes in: suits and hands
    /// share one (a hand named like a suit is a duplicate).
    fn space(self) -> Kind {
        match self {
            Kind::Suit => Kind::Hand,
            // Draw tables and definitions are both called.
            Kind::Define => Kind::Table,
            k => k,
        }
    }
}

/// A declared name.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub kind: Kind,
    pub name: String,
    /// Where it is declared: once, or more for a name declared twice (an
    /// error the check reports) or bound in several blocks and read from
    /// outside the round.
    pub declared: Vec<Span>,
    /// For an option, the `choose` it belongs to.
    pub owner: Option<usize>,
}

/// A name as written: a declaration or a use, and its symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occurrence {
    pub span: Span,
    pub symbol: usize,
    pub declaration: bool,
}

/// Every name of a file, and every place one is written, in the order of
/// the text.
#[derive(Clone, Debug, Default)]
pub struct Names {
    symbols: Vec<Symbol>,
    occurrences: Vec<Occurrence>,
    /// The functions called that are not draw tables (built-ins, or
    /// unknown), as written.
    functions: Vec<ast::Ident>,
}

impl Names {
    /// The names of `file`, resolved.
    pub fn of(file: &ast::File) -> Names {
        let mut r = Resolver::default();
        for item in &file.items {
            r.declare_item(item);
        }
        for item in &file.items {
            r.item(item);
        }
        r.finish()
    }

    pub fn symbol(&self, i: usize) -> &Symbol {
        &self.symbols[i]
    }

    pub fn symbols(&self) -> &[Symbol] {
        &self.symbols
    }

    /// The name written at byte `at` (or just after it, where a cursor
    /// stands at a word's end).
    pub fn at(&self, at: usize) -> Option<&Occurrence> {
        let after = self.occurrences.partition_point(|o| o.span.start <= at);
        self.occurrences[..after]
            .iter()
            .rev()
            .take(2)
            .find(|o| o.span.start <= at && at <= o.span.end)
    }

    /// The function called at byte `at` that is not a draw table.
    pub fn function_at(&self, at: usize) -> Option<(Span, &str)> {
        (self.functions.iter())
            .find(|f| f.span.start <= at && at <= f.span.end)
            .map(|f| (f.span, f.name.as_str()))
    }

    /// Every place `symbol` is written, in the order of the text.
    pub fn occurrences(&self, symbol: usize) -> impl Iterator<Item = &Occurrence> {
        self.occurrences.iter().filter(move |o| o.symbol == symbol)
    }

    /// The symbol a rename of `symbol` to `name` would collide with: one of
    /// the same namespace; for a name of the round, also a parameter it
    /// would shadow (and one of another block); for a parameter, a name of
    /// the round that would shadow it; for an option, another option of
    /// its `choose`.
    pub fn clash(&self, symbol: usize, name: &str) -> Option<&Symbol> {
        let this = &self.symbols[symbol];
        self.symbols.iter().enumerate().find_map(|(i, other)| {
            let collides = match (this.kind, other.kind) {
                (Kind::Option, Kind::Option) => this.owner == other.owner,
                (Kind::Option, _) | (_, Kind::Option) => false,
                (Kind::Round, Kind::Param) | (Kind::Param, Kind::Round) => true,
                (a, b) => a.space() == b.space(),
            };
            (i != symbol && collides && other.name == name).then_some(other)
        })
    }
}

/// Builds [`Names`]: the items' names first (any item may use any other's),
/// then every use, the round's in scope.
#[derive(Default)]
struct Resolver {
    names: Names,
    /// The items' symbols by namespace and name.
    globals: BTreeMap<(Kind, String), usize>,
    /// The round's visible names, innermost block last.
    scopes: Vec<Vec<(String, usize)>>,
    /// Every name the round binds, with whether it is bound in the round's
    /// top block.
    round: Vec<(usize, bool)>,
    /// Each labelled `choose`'s options.
    labels: BTreeMap<usize, Vec<usize>>,
    /// Symbols to merge: (kept, merged into it).
    merged: Vec<(usize, usize)>,
}

impl Resolver {
    fn new_symbol(&mut self, kind: Kind, ident: &ast::Ident, owner: Option<usize>) -> usize {
        self.names.symbols.push(Symbol {
            kind,
            name: ident.name.clone(),
            declared: vec![ident.span],
            owner,
        });
        let i = self.names.symbols.len() - 1;
        self.occur(ident.span, i, true);
        i
    }

    fn occur(&mut self, span: Span, symbol: usize, declaration: bool) {
        self.names.occurrences.push(Occurrence {
            span,
            symbol,
            declaration,
        });
    }

    /// An item's name: a second declaration of a name is the same symbol.
    fn global(&mut self, kind: Kind, ident: &ast::Ident) {
        let key = (kind.space(), ident.name.clone());
        match self.globals.get(&key) {
            Some(&i) => {
                self.names.symbols[i].declared.push(ident.span);
                self.occur(ident.span, i, true);
            }
            None => {
                let i = self.new_symbol(kind, ident, None);
                self.globals.insert(key, i);
            }
        }
    }

    fn declare_item(&mut self, item: &ast::Item) {
        match item {
            ast::Item::Param(p) => self.global(Kind::Param, &p.name),
            ast::Item::Outcomes(o) => {
                for name in &o.names {
                    self.global(Kind::Outcome, name);
                }
            }
            ast::Item::Hands(h) => {
                self.global(Kind::Hands, &h.name);
                for suit in &h.suits {
                    self.global(Kind::Suit, &suit.name);
                    for hand in &suit.hands {
                        self.global(Kind::Hand, &hand.name);
                    }
                }
            }
            ast::Item::Table(t) => self.global(Kind::Table, &t.name),
            ast::Item::Define(d) => self.global(Kind::Define, &d.name),
            ast::Item::Shoe(s) => self.global(Kind::Shoe, &s.name),
            ast::Item::Bet(b) => self.global(Kind::Bet, &b.name),
            ast::Item::Game(_)
            | ast::Item::Round(_)
            | ast::Item::Expect(_)
            | ast::Item::Claim(_)
            | ast::Item::Banking(_) => {}
        }
    }

    /// A use of an item's name, where the file declares it.
    fn use_global(&mut self, kind: Kind, ident: &ast::Ident) {
        if let Some(&i) = self.globals.get(&(kind.space(), ident.name.clone())) {
            self.occur(ident.span, i, false);
        }
    }

    fn item(&mut self, item: &ast::Item) {
        match item {
            ast::Item::Table(t) => {
                if let Some(bet) = &t.decided_by {
                    self.use_global(Kind::Bet, bet);
                }
            }
            ast::Item::Shoe(s) => {
                if let ast::Decks::Param(p) = &s.decks {
                    self.use_global(Kind::Param, p);
                }
            }
            ast::Item::Banking(b) => self.banking(b),
            ast::Item::Round(r) => {
                self.block(&r.body);
            }
            ast::Item::Bet(b) => {
                for name in b.finals() {
                    self.outside_round(name);
                }
                for line in &b.lines {
                    if let ast::PayKey::Outcome(o) = &line.key {
                        self.use_global(Kind::Outcome, o);
                    }
                    for term in line.payout.terms() {
                        if let ast::OddsTerm::Param(p) = term {
                            self.use_global(Kind::Param, p);
                        }
                    }
                }
            }
            ast::Item::Expect(e) => self.assertion(&e.quantity, e.with.as_ref()),
            ast::Item::Claim(c) => self.assertion(&c.quantity, c.with.as_ref()),
            // Its arguments are its own names: only what it calls is read.
            ast::Item::Define(d) => self.calls(&d.body),
            ast::Item::Game(_)
            | ast::Item::Param(_)
            | ast::Item::Outcomes(_)
            | ast::Item::Hands(_) => {}
        }
    }

    fn banking(&mut self, banking: &ast::Banking) {
        let mut amounts = Vec::new();
        for clause in &banking.clauses {
            match &clause.kind {
                ast::ClauseKind::BankBets(bet) => self.use_global(Kind::Bet, bet),
                ast::ClauseKind::Bank(ast::BankRule::PassesWhen(outcomes)) => {
                    for o in outcomes {
                        self.use_global(Kind::Outcome, o);
                    }
                }
                ast::ClauseKind::Stake(stakes) => {
                    for stake in stakes {
                        if let ast::StakeKind::Fixed(a) | ast::StakeKind::UpTo(a) = &stake.kind {
                            amounts.push(a);
                        }
                    }
                }
                ast::ClauseKind::Limit(ast::LimitRule::Fixed(a)) => amounts.push(a),
                ast::ClauseKind::Limit(ast::LimitRule::SetByBanker { up_to: Some(a) }) => {
                    amounts.push(a);
                }
                ast::ClauseKind::Chips(ast::ChipsRule::Each(a)) => amounts.push(a),
                ast::ClauseKind::Chips(ast::ChipsRule::Split { players, banker }) => {
                    amounts.extend([players, banker]);
                }
                _ => {}
            }
        }
        for amount in amounts {
            if let ast::Amount::Param(p) = amount {
                self.use_global(Kind::Param, p);
            }
        }
    }

    /// An `expect` or `claim`: its figure's arguments, and its `with`.
    fn assertion(&mut self, quantity: &ast::Quantity, with: Option<&ast::With>) {
        if let Some(with) = with {
            for setting in &with.settings {
                self.use_global(Kind::Param, &setting.name);
            }
        }
        let figure = Figure::ALL
            .iter()
            .find(|(n, _)| *n == quantity.func.name)
            .map(|&(_, f)| f);
        let names: Vec<&ast::Ident> = (quantity.args.iter())
            .map(|a| match a {
                ast::QuantityArg::Name(n) => Some(n),
                ast::QuantityArg::Int { .. } => None,
            })
            .map_while(|n| n)
            .collect();
        match (figure, names.as_slice()) {
            (Some(Figure::Probability), [outcome, ..]) => self.use_global(Kind::Outcome, outcome),
            (Some(Figure::ShoeMargin), outcomes) => {
                for o in outcomes {
                    self.use_global(Kind::Outcome, o);
                }
            }
            (Some(Figure::Mean), [name, ..]) => {
                self.outside_round(name);
            }
            (Some(Figure::Strategy), [choice, rest @ ..]) => {
                let symbol = self.outside_round(choice);
                match (symbol, rest.first()) {
                    (Some(s), Some(option)) => self.option(s, option),
                    (None, _) => self.use_global(Kind::Table, choice),
                    _ => {}
                }
            }
            (Some(f), [bet, ..]) if !f.of_session() => self.use_global(Kind::Bet, bet),
            _ => {}
        }
    }

    /// A name of the round read from outside it: the binding of the top
    /// block, or every binding of the name, merged into one symbol.
    fn outside_round(&mut self, ident: &ast::Ident) -> Option<usize> {
        let named = |&&(i, _): &&(usize, bool)| self.names.symbols[i].name == ident.name;
        let top: Vec<usize> = (self.round.iter().filter(named))
            .filter(|(_, top)| *top)
            .map(|&(i, _)| i)
            .collect();
        let all: Vec<usize> = self.round.iter().filter(named).map(|&(i, _)| i).collect();
        let found = if top.is_empty() { all } else { top };
        let (&first, rest) = found.split_first()?;
        for &other in rest {
            self.merged.push((first, other));
        }
        self.occur(ident.span, first, false);
        Some(first)
    }

    /// An option of the `choose` `choice` named, where it has one so named.
    fn option(&mut self, choice: usize, option: &ast::Ident) {
        let found = (self.labels.get(&choice).into_iter().flatten())
            .find(|&&l| self.names.symbols[l].name == option.name)
            .copied();
        if let Some(label) = found {
            self.occur(option.span, label, false);
        }
    }

    /// A name the round binds, visible to the end of the current block.
    fn bind(&mut self, ident: &ast::Ident) -> usize {
        let i = self.new_symbol(Kind::Round, ident, None);
        let top = self.scopes.len() == 1;
        self.round.push((i, top));
        if let Some(scope) = self.scopes.last_mut() {
            scope.push((ident.name.clone(), i));
        }
        i
    }

    /// The round's binding of a name visible here.
    fn visible(&self, name: &str) -> Option<usize> {
        (self.scopes.iter().flatten())
            .rev()
            .find(|(n, _)| n == name)
            .map(|&(_, i)| i)
    }

    /// A name read in the round: its binding there, or a parameter.
    fn read(&mut self, ident: &ast::Ident) -> Option<usize> {
        match self.visible(&ident.name) {
            Some(i) => {
                self.occur(ident.span, i, false);
                Some(i)
            }
            None => {
                self.use_global(Kind::Param, ident);
                None
            }
        }
    }

    fn block(&mut self, block: &ast::Block) {
        self.scopes.push(Vec::new());
        for stmt in &block.stmts {
            self.stmt(stmt);
        }
        self.scopes.pop();
    }

    fn stmt(&mut self, stmt: &ast::Stmt) {
        for part in stmt.parts() {
            match part {
                Part::Binds { name, what, labels } => {
                    let bound = self.bind(name);
                    if what == "choice" {
                        let labels: Vec<usize> = (labels.iter())
                            .map(|l| self.new_symbol(Kind::Option, l, Some(bound)))
                            .collect();
                        self.labels.insert(bound, labels);
                    }
                }
                Part::Evaluates { expr, .. } => {
                    self.expr(expr);
                }
                Part::Reads(name) | Part::Shows(name) | Part::Sets(name) => {
                    self.read(name);
                }
                Part::Refers(global, name) => {
                    let kind = match global {
                        Global::Shoe => Kind::Shoe,
                        Global::Outcome => Kind::Outcome,
                        Global::Side => Kind::Bet,
                    };
                    self.use_global(kind, name);
                }
                Part::Holds(block) => self.block(block),
                Part::Ends => {}
            }
        }
    }

    /// The functions `e` calls (a definition's body, whose names are its
    /// arguments).
    fn calls(&mut self, e: &ast::Expr) {
        if let ast::ExprKind::Call { func, .. } = &e.kind {
            match self.globals.get(&(Kind::Table, func.name.clone())) {
                Some(&f) => self.occur(func.span, f, false),
                None => self.names.functions.push(func.clone()),
            }
        }
        e.children().for_each(|c| self.calls(c));
    }

    /// An expression: what it reads resolved; the symbol of a bare name.
    fn expr(&mut self, e: &ast::Expr) -> Option<usize> {
        match &e.kind {
            ast::ExprKind::Int(_) | ast::ExprKind::Bool(_) => None,
            ast::ExprKind::Name(ident) => self.read(ident),
            ast::ExprKind::Call { func, args } => {
                match self.globals.get(&(Kind::Table, func.name.clone())) {
                    Some(&table) => self.occur(func.span, table, false),
                    None => self.names.functions.push(func.clone()),
                }
                for arg in args {
                    self.expr(arg);
                }
                None
            }
            ast::ExprKind::Unary { operand, .. } => {
                self.expr(operand);
                None
            }
            ast::ExprKind::Binary { left, right, .. } => {
                self.expr(left);
                self.expr(right);
                None
            }
            ast::ExprKind::Is { subject, patterns } => {
                let subject = self.expr(subject);
                let labelled = subject.filter(|s| self.labels.contains_key(s));
                for p in patterns {
                    let ast::Pattern::Name(name) = p else {
                        continue;
                    };
                    match labelled {
                        Some(choice) => self.option(choice, name),
                        None => self.use_global(Kind::Hand, name),
                    }
                }
                None
            }
            ast::ExprKind::In { subject, .. } => {
                self.expr(subject);
                None
            }
            ast::ExprKind::Paren(inner) => self.expr(inner),
        }
    }

    /// The names, merged symbols made one, occurrences in the order of the
    /// text.
    fn finish(mut self) -> Names {
        let mut parent: Vec<usize> = (0..self.names.symbols.len()).collect();
        fn root(parent: &[usize], mut i: usize) -> usize {
            while parent[i] != i {
                i = parent[i];
            }
            i
        }
        for &(kept, other) in &self.merged {
            let (a, b) = (root(&parent, kept), root(&parent, other));
            if a != b {
                parent[b.max(a)] = a.min(b);
            }
        }
        for i in 0..parent.len() {
            let r = root(&parent, i);
            if r != i {
                let declared = std::mem::take(&mut self.names.symbols[i].declared);
                self.names.symbols[r].declared.extend(declared);
            }
        }
        for o in &mut self.names.occurrences {
            o.symbol = root(&parent, o.symbol);
        }
        for s in &mut self.names.symbols {
            s.declared.sort_by_key(|d| d.start);
            if let Some(owner) = s.owner.as_mut() {
                *owner = root(&parent, *owner);
            }
        }
        self.names.occurrences.sort_by_key(|o| o.span.start);
        self.names
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each occurrence as `name@start:symbol's kind`, a `*` on a declaration.
    fn resolved(source: &str) -> (Names, Vec<String>) {
        let (file, errors) = crate::syntax::parse(source);
        assert!(errors.is_empty(), "{errors:?}");
        let names = Names::of(&file);
        let shown = (names.occurrences.iter())
            .map(|o| {
                let s = names.symbol(o.symbol);
                let star = if o.declaration { "*" } else { "" };
                format!(
                    "{}{star}@{}:{:?}#{}",
                    s.name, o.span.start, s.kind, o.symbol
                )
            })
            .collect();
        (names, shown)
    }

    #[test]
    fn a_bet_and_a_throw_of_one_name_are_two_symbols() {
        let source = "outcomes won, lost\nround {\n  throw player = d6\n  if total(player) = 6 { end won }\n  end lost\n}\nbet player { won => win 4 to 1  lost => lose }\nexpect house_edge(player) = 1/6\n";
        let (names, _) = resolved(source);
        let at = |word: &str, nth: usize| {
            let start = source.match_indices(word).nth(nth).unwrap().0;
            names.symbol(names.at(start + 1).unwrap().symbol).kind
        };
        assert_eq!(at("player", 0), Kind::Round);
        assert_eq!(at("player", 1), Kind::Round);
        assert_eq!(at("player", 2), Kind::Bet);
        assert_eq!(at("player", 3), Kind::Bet);
        assert_eq!(at("won", 1), Kind::Outcome);
    }

    #[test]
    fn names_of_the_round_are_scoped_by_block() {
        let source = "param odds = 2\noutcomes won, lost\nround {\n  throw a = d6\n  if total(a) = 1 { throw b = d6  let odds = total(b)  if odds = 2 { end won } }\n  if total(a) = 2 { throw b = d6  if total(b) = odds { end won } }\n  end lost\n}\nbet p on a { 1 => win odds to 1  else => lose }\n";
        let (names, shown) = resolved(source);
        let b: Vec<&Symbol> = names.symbols().iter().filter(|s| s.name == "b").collect();
        assert_eq!(b.len(), 2, "{shown:?}");
        let odds: Vec<(Kind, usize)> = (names.occurrences.iter())
            .filter(|o| names.symbol(o.symbol).name == "odds")
            .map(|o| {
                (
                    names.symbol(o.symbol).kind,
                    names.occurrences(o.symbol).count(),
                )
            })
            .collect();
        // The parameter, its use in the second branch and in the payout;
        // the `let` and its read in the first branch.
        assert_eq!(
            odds,
            vec![
                (Kind::Param, 3),
                (Kind::Round, 2),
                (Kind::Round, 2),
                (Kind::Param, 3),
                (Kind::Param, 3)
            ],
            "{shown:?}"
        );
    }

    #[test]
    fn a_name_bound_in_two_branches_and_read_outside_is_one_symbol() {
        let source = "outcomes won, lost\nround {\n  throw a = d6\n  if total(a) = 1 { let s = 1 } else { let s = 2 }\n  end lost\n}\nbet p { won => win 1 to 1  lost => lose }\nexpect mean(s) = 1\n";
        let (names, shown) = resolved(source);
        let s: Vec<&Occurrence> = (names.occurrences.iter())
            .filter(|o| names.symbol(o.symbol).name == "s")
            .collect();
        assert_eq!(s.len(), 3, "{shown:?}");
        assert!(s.iter().all(|o| o.symbol == s[0].symbol), "{shown:?}");
        assert_eq!(names.symbol(s[0].symbol).declared.len(), 2);
    }

    #[test]
    fn options_resolve_against_their_choice() {
        let source = "hands h { s { draw 1-1 } }\noutcomes won, lost\nround {\n  throw t = d6\n  choose act from [draw, stand] by p knowing nothing\n  if act is draw { end won }\n  end lost\n}\nbet p { won => win 1 to 1  lost => lose }\nexpect strategy(act, draw) = 1\n";
        let (names, shown) = resolved(source);
        let draws: Vec<Kind> = (names.occurrences.iter())
            .filter(|o| names.symbol(o.symbol).name == "draw")
            .map(|o| names.symbol(o.symbol).kind)
            .collect();
        assert_eq!(
            draws,
            vec![Kind::Hand, Kind::Option, Kind::Option, Kind::Option],
            "{shown:?}"
        );
        let option = names.at(source.find("draw,").unwrap()).unwrap().symbol;
        assert!(names.clash(option, "stand").is_some());
        assert!(names.clash(option, "t").is_none());
    }

    #[test]
    fn the_name_a_bet_pays_is_the_round_s() {
        let source = "round {\n  throw t = d6\n  let net = total(t) - 4\n  let units = 1\n}\nbet ride pays net staking units\n";
        let (names, shown) = resolved(source);
        let symbol = |word: &str, nth: usize| {
            let start = source.match_indices(word).nth(nth).unwrap().0;
            names.at(start + 1).map(|o| o.symbol)
        };
        assert_eq!(symbol("net", 1), symbol("net", 0), "{shown:?}");
        assert_eq!(symbol("units", 1), symbol("units", 0), "{shown:?}");
        let net = symbol("net", 0).expect("the let");
        assert_eq!(names.symbol(net).kind, Kind::Round);
        assert_eq!(names.occurrences(net).count(), 2, "{shown:?}");
    }
}
