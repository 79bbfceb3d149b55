//! The rules of the round against what the exact evaluation reached.
//!
//! A rule here is an `if` or `else if` with its block, an `else`, an arm of
//! a `compare`, an `until`; a statement is any statement of the round. The
//! evaluation records, step by step, what some round ran
//! ([`Coverage`]); what it never ran no round runs:
//!
//! - an `if` whose condition never held: `unreachable_rule`, saying whether
//!   the rules before it took every round meeting it or none met it;
//! - an `else` or `compare` arm no round came to, a statement no round came
//!   to (every round ended before it), an `until` every result met:
//!   `unreachable_rule`;
//! - two *automatic results* (`if C { end O }`, written one after the
//!   other in a block) whose conditions held together on some round, with
//!   different outcomes: `order_decides`. An `else if` says its order on
//!   purpose and is not reported.
//!
//! To tell which rules take a round first, and which overlap, a probe at
//! the first rule of each `if ... else if` chain and of each run of
//! automatic results tests all their conditions together on every round
//! coming there. No step lies between those rules, so the conditions read
//! there what they read at their own branch.

use std::collections::BTreeMap;

use super::{labeled, round, Lint};
use crate::ast::parts::Part;
use crate::ast::{self, Block, Else, IfStmt, Side, Span, Stmt};
use crate::eval::coverage::{Coverage, Probe};
use crate::program::{ExprKind, Instr, Program};

/// The steps of each construct, by its span, one per pass of a `repeat`.
type Steps<T> = BTreeMap<(usize, usize), Vec<T>>;

fn key(span: Span) -> (usize, usize) {
    (span.start, span.end)
}

/// Rules written one after another, tested together by probes.
struct Group<'a> {
    /// Each rule's `if` (for a chain, the `if` and each `else if`).
    rules: Vec<&'a IfStmt>,
    /// For a run of automatic results, the outcome each rule ends with;
    /// empty for a chain.
    outcomes: Vec<&'a ast::Ident>,
    /// One probe per pass through the rules.
    probes: Vec<Probe>,
}

/// Where the compiled round came from, by span.
struct Map {
    stmts: Steps<usize>,
    ifs: Steps<usize>,
    compares: Steps<(usize, usize)>,
}

impl Map {
    fn new(program: &Program) -> Map {
        let mut map = Map {
            stmts: BTreeMap::new(),
            ifs: BTreeMap::new(),
            compares: BTreeMap::new(),
        };
        let source = &program.source_map;
        for &(span, pc) in &source.stmts {
            map.stmts.entry(key(span)).or_default().push(pc);
        }
        for &(span, pc) in &source.ifs {
            map.ifs.entry(key(span)).or_default().push(pc);
        }
        for &(span, gt, eq) in &source.compares {
            map.compares.entry(key(span)).or_default().push((gt, eq));
        }
        map
    }

    fn ifs(&self, i: &IfStmt) -> &[usize] {
        self.ifs.get(&key(i.span)).map_or(&[], Vec::as_slice)
    }
}

/// The probes of [`Group`]s, in the order the lints read them back.
pub(super) fn probes(file: &ast::File, program: &Program) -> Vec<Probe> {
    let map = Map::new(program);
    groups(file, program, &map)
        .into_iter()
        .flat_map(|g| g.probes)
        .collect()
}

/// Every chain and run of rules in the round, in order.
fn groups<'a>(file: &'a ast::File, program: &Program, map: &Map) -> Vec<Group<'a>> {
    let mut groups = Vec::new();
    if let Some(r) = round(file) {
        collect(&r.body, program, map, &mut groups);
    }
    groups
}

fn collect<'a>(block: &'a Block, program: &Program, map: &Map, groups: &mut Vec<Group<'a>>) {
    let mut run: Vec<(&'a IfStmt, &'a ast::Ident)> = Vec::new();
    for stmt in &block.stmts {
        match automatic(stmt, program, map) {
            Some(rule) => run.push(rule),
            None => close_run(&mut run, program, map, groups),
        }
        match stmt {
            Stmt::If(i) => {
                let (chain, otherwise) = chain(i);
                let tested: Vec<&IfStmt> = chain
                    .iter()
                    .enumerate()
                    .take_while(|(j, r)| *j == 0 || !map.ifs(r).iter().any(|&pc| cell(program, pc)))
                    .map(|(_, r)| *r)
                    .collect();
                if tested.len() > 1 {
                    let probes = group_probes(&tested, program, map);
                    groups.push(Group {
                        rules: tested,
                        outcomes: Vec::new(),
                        probes,
                    });
                }
                for r in &chain {
                    collect(&r.then, program, map, groups);
                }
                if let Some(b) = otherwise {
                    collect(b, program, map, groups);
                }
            }
            Stmt::Compare(c) => {
                for arm in &c.arms {
                    collect(&arm.body, program, map, groups);
                }
            }
            // Any other statement's blocks (a repeat's body).
            _ => {
                for part in stmt.parts() {
                    if let Part::Holds(inner) = part {
                        collect(inner, program, map, groups);
                    }
                }
            }
        }
    }
    close_run(&mut run, program, map, groups);
}

fn close_run<'a>(
    run: &mut Vec<(&'a IfStmt, &'a ast::Ident)>,
    program: &Program,
    map: &Map,
    groups: &mut Vec<Group<'a>>,
) {
    if run.len() > 1 {
        let rules: Vec<&IfStmt> = run.iter().map(|(r, _)| *r).collect();
        let probes = group_probes(&rules, program, map);
        groups.push(Group {
            rules,
            outcomes: run.iter().map(|(_, o)| *o).collect(),
            probes,
        });
    }
    run.clear();
}

/// An automatic result, `if C { end O }` with no `else` and a condition
/// that is not a choice in a draw table: the rule and its outcome.
fn automatic<'a>(
    stmt: &'a Stmt,
    program: &Program,
    map: &Map,
) -> Option<(&'a IfStmt, &'a ast::Ident)> {
    let Stmt::If(i) = stmt else { return None };
    if i.otherwise.is_some() || map.ifs(i).iter().any(|&pc| cell(program, pc)) {
        return None;
    }
    match &i.then.stmts[..] {
        [Stmt::End(e)] => Some((i, &e.outcome)),
        _ => None,
    }
}

/// Whether the branch at `pc` tests a cell of a draw table with `?`
/// cells, looked up (and chosen) by the step before it.
fn cell(program: &Program, pc: usize) -> bool {
    let Some(Instr::Branch { cond, .. }) = program.code.get(pc) else {
        return false;
    };
    let before = pc.checked_sub(1).and_then(|p| program.code.get(p));
    matches!((&cond.kind, before), (ExprKind::Slot(s), Some(Instr::Cell { slot, .. })) if s == slot)
}

/// One probe per pass: at the first rule's branch, every rule's condition.
fn group_probes(rules: &[&IfStmt], program: &Program, map: &Map) -> Vec<Probe> {
    let passes = rules.iter().map(|r| map.ifs(r).len()).min().unwrap_or(0);
    (0..passes)
        .filter_map(|pass| {
            let conditions = rules
                .iter()
                .map(|r| match program.code.get(map.ifs(r)[pass]) {
                    Some(Instr::Branch { cond, .. }) => Some(cond.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()?;
            Some(Probe {
                at: map.ifs(rules[0])[pass],
                conditions,
            })
        })
        .collect()
}

/// Whether a condition names the cases it takes, one by one: a pattern
/// (`is 6-6 | 1-1`), a listed set (`in [2, 12]`) or an equality (`= 7`),
/// rather than a threshold or a range.
fn names_cases(e: &ast::Expr) -> bool {
    use ast::ExprKind as E;
    match &e.kind {
        E::Is { .. }
        | E::In {
            bracketed: true, ..
        } => true,
        E::Binary { op, left, right } => {
            matches!(op, ast::BinaryOp::Eq) || names_cases(left) || names_cases(right)
        }
        E::Unary { operand, .. } | E::Paren(operand) => names_cases(operand),
        _ => false,
    }
}

/// The `if` and each `else if` of a chain, and its final `else`.
fn chain(i: &IfStmt) -> (Vec<&IfStmt>, Option<&Block>) {
    let mut rules = vec![i];
    let mut at = i;
    loop {
        match &at.otherwise {
            Some(Else::If(next)) => {
                rules.push(next);
                at = next;
            }
            Some(Else::Block(b)) => return (rules, Some(b)),
            None => return (rules, None),
        }
    }
}

/// What the probes of a group found: for each rule, the combinations of
/// the group's conditions that held together where the rules start.
struct Found<'a> {
    group: &'a Group<'a>,
    /// Every combination seen, over all passes.
    together: Vec<u64>,
}

impl Found<'_> {
    /// The rules that took rounds meeting rule `j`'s condition first: the
    /// first rule holding on each such round, when it comes before `j`.
    fn takers(&self, j: usize) -> Vec<usize> {
        let mut takers: Vec<usize> = self
            .together
            .iter()
            .filter(|&&m| j < 64 && m & (1 << j) != 0)
            .map(|m| m.trailing_zeros() as usize)
            .filter(|&first| first < j)
            .collect();
        takers.sort_unstable();
        takers.dedup();
        takers
    }
}

struct Walk<'a> {
    coverage: &'a Coverage,
    map: &'a Map,
    /// Each rule in a group, by the span of its `if`: (group, position).
    grouped: BTreeMap<(usize, usize), (usize, usize)>,
    found: Vec<Found<'a>>,
    lints: &'a mut Vec<Lint>,
    /// The file's parameters: a condition on them alone is a house rule
    /// switched by `--set`, which a setting may well never meet.
    params: Vec<&'a str>,
}

pub(super) fn lint(
    file: &ast::File,
    program: &Program,
    coverage: &Coverage,
    lints: &mut Vec<Lint>,
) {
    let Some(round) = round(file) else { return };
    let map = Map::new(program);
    let groups = groups(file, program, &map);
    let mut found = Vec::new();
    let mut next = 0;
    for g in &groups {
        let mut together: Vec<u64> = (next..next + g.probes.len())
            .flat_map(|i| coverage.together(i))
            .collect();
        together.sort_unstable();
        together.dedup();
        next += g.probes.len();
        found.push(Found { group: g, together });
    }
    let mut grouped = BTreeMap::new();
    for (gi, g) in groups.iter().enumerate() {
        for (j, r) in g.rules.iter().enumerate() {
            grouped.entry(key(r.span)).or_insert((gi, j));
        }
    }
    let params = params(file);
    let mut walk = Walk {
        coverage,
        map: &map,
        grouped,
        found,
        lints,
        params,
    };
    walk.block(&round.body, true);
    walk.order();
}

/// Whether `e` reads parameters (`params`) and nothing else that varies:
/// it holds or fails at every round alike, as the settings say (`if
/// basic_strategy = 1`), and is not a rule the others shadow.
pub(super) fn on_settings(e: &ast::Expr, params: &[&str]) -> bool {
    use ast::ExprKind as E;
    match &e.kind {
        E::Int(_) | E::Bool(_) => false,
        E::Name(n) => params.contains(&n.name.as_str()),
        E::Unary { operand, .. } | E::Paren(operand) => on_settings(operand, params),
        E::Binary { left, right, .. } => {
            let constant = |x: &ast::Expr| matches!(x.kind, E::Int(_) | E::Bool(_));
            (on_settings(left, params) || constant(left))
                && (on_settings(right, params) || constant(right))
                && !(constant(left) && constant(right))
        }
        E::Call { .. } | E::Is { .. } | E::In { .. } => false,
    }
}

/// The file's parameters.
pub(super) fn params(file: &ast::File) -> Vec<&str> {
    (file.items.iter())
        .filter_map(|item| match item {
            ast::Item::Param(p) => Some(p.name.name.as_str()),
            _ => None,
        })
        .collect()
}

impl Walk<'_> {
    /// Whether `e` reads parameters and nothing else that varies
    /// ([`on_settings`]).
    fn on_settings(&self, e: &ast::Expr) -> bool {
        on_settings(e, &self.params)
    }

    fn reached(&self, pcs: &[usize]) -> bool {
        pcs.iter()
            .any(|&pc| self.coverage.reached.get(pc) == Some(&true))
    }

    /// Whether some round went each way at the branches `pcs`.
    fn branched(&self, pcs: &[usize]) -> [bool; 2] {
        let mut ways = [false; 2];
        for &pc in pcs {
            if let Some(w) = self.coverage.branched.get(pc) {
                ways[0] |= w[0];
                ways[1] |= w[1];
            }
        }
        ways
    }

    /// Whether some round ran `stmt`; a statement compiled to no step
    /// counts as run.
    fn ran(&self, stmt: &Stmt) -> bool {
        match self.map.stmts.get(&key(stmt.span())) {
            Some(pcs) => self.reached(pcs),
            None => true,
        }
    }

    fn block(&mut self, block: &Block, entered: bool) {
        if !entered {
            return;
        }
        for (k, stmt) in block.stmts.iter().enumerate() {
            if !self.ran(stmt) {
                let after = block.stmts.len() - k - 1;
                let causes = match k.checked_sub(1).map(|p| &block.stmts[p]) {
                    Some(before) => vec![labeled(
                        before.span(),
                        "every round that comes here ends here",
                    )],
                    None => Vec::new(),
                };
                self.lints.push(Lint::UnreachableRule {
                    message: "this statement never runs".to_string(),
                    span: stmt.span(),
                    label: "every round has ended before it".to_string(),
                    causes,
                    help: if after == 0 {
                        "remove it, or let some round get past the statements before it".to_string()
                    } else {
                        format!("remove it and the {after} statement(s) after it, or let some round get past the statements before it")
                    },
                });
                return;
            }
            self.stmt(stmt);
        }
    }

    fn stmt(&mut self, stmt: &Stmt) {
        match stmt {
            Stmt::If(i) => self.if_chain(i),
            Stmt::Compare(c) => self.compare(c),
            Stmt::Throw(t) => {
                if let Some(until) = &t.until {
                    self.reroll(stmt, until);
                }
            }
            // Any other statement's blocks, entered (a repeat's body).
            _ => {
                for part in stmt.parts() {
                    if let Part::Holds(inner) = part {
                        self.block(inner, true);
                    }
                }
            }
        }
    }

    fn if_chain(&mut self, i: &IfStmt) {
        let (rules, otherwise) = chain(i);
        for (j, r) in rules.iter().enumerate() {
            let pcs = self.map.ifs(r);
            if !self.reached(pcs) {
                // The rules before it held on every round coming here.
                let Some(before) = j.checked_sub(1).map(|p| rules[p]) else {
                    return;
                };
                if self.on_settings(&before.cond) {
                    return;
                }
                self.lints.push(Lint::UnreachableRule {
                    message: "this rule can never fire".to_string(),
                    span: r.cond.span,
                    label: "a condition above holds for every round that comes here".to_string(),
                    causes: vec![labeled(before.cond.span, "always holds here")],
                    help: "a rule that never fires changes nothing: check the conditions above it, or remove it".to_string(),
                });
                return;
            }
            let [held, failed] = self.branched(pcs);
            let switch = self.on_settings(&r.cond);
            if !held && !switch {
                self.never_fires(r);
            }
            self.block(&r.then, held);
            if j + 1 == rules.len() {
                if let Some(b) = otherwise {
                    if !failed && !switch {
                        self.lints.push(Lint::UnreachableRule {
                            message: "this `else` can never run".to_string(),
                            span: b.span,
                            label: "a condition above holds for every round that comes here"
                                .to_string(),
                            causes: vec![labeled(r.cond.span, "always holds here")],
                            help: "an `else` no round comes to changes nothing: check the conditions above it, or remove it".to_string(),
                        });
                    }
                    self.block(b, failed);
                }
            }
        }
    }

    /// Rule `r`, reached, whose condition never held there.
    fn never_fires(&mut self, r: &IfStmt) {
        let (label, causes) = match self.grouped.get(&key(r.span)) {
            Some(&(g, j)) => {
                let found = &self.found[g];
                let takers = found.takers(j);
                let causes: Vec<_> = takers
                    .iter()
                    .map(|&t| labeled(found.group.rules[t].cond.span, "takes those rounds first"))
                    .collect();
                if causes.is_empty() {
                    ("no round that comes here meets this condition", causes)
                } else {
                    (
                        "every round meeting this condition is taken by a rule above",
                        causes,
                    )
                }
            }
            None => ("no round that comes here meets this condition", Vec::new()),
        };
        self.lints.push(Lint::UnreachableRule {
            message: "this rule can never fire".to_string(),
            span: r.cond.span,
            label: label.to_string(),
            causes,
            help: "a rule that never fires changes nothing: check its condition against the rules before it, or remove it".to_string(),
        });
    }

    fn compare(&mut self, c: &ast::CompareStmt) {
        let steps = self
            .map
            .compares
            .get(&key(c.span))
            .cloned()
            .unwrap_or_default();
        let higher: Vec<usize> = steps.iter().map(|s| s.0).collect();
        let equal: Vec<usize> = steps.iter().map(|s| s.1).collect();
        let [gt, _] = self.branched(&higher);
        let [eq, lower] = self.branched(&equal);
        for arm in &c.arms {
            let (taken, relation) = match arm.side {
                Side::Higher => (gt, "higher than"),
                Side::Equal => (eq, "equal to"),
                Side::Lower => (lower, "lower than"),
            };
            if !taken {
                self.lints.push(Lint::UnreachableRule {
                    message: "this arm of the `compare` never runs".to_string(),
                    span: arm.span,
                    label: format!(
                        "no round that comes here has the first number {relation} the second"
                    ),
                    causes: Vec::new(),
                    help: "an arm no round takes changes nothing: check the two numbers compared, or remove it".to_string(),
                });
            }
            self.block(&arm.body, taken);
        }
    }

    fn reroll(&mut self, stmt: &Stmt, until: &ast::Expr) {
        let pcs = self
            .map
            .stmts
            .get(&key(stmt.span()))
            .cloned()
            .unwrap_or_default();
        let rerolled = pcs
            .iter()
            .any(|&pc| self.coverage.rerolled.get(pc) == Some(&true));
        if self.reached(&pcs) && !rerolled {
            self.lints.push(Lint::UnreachableRule {
                message: "this reroll never happens".to_string(),
                span: until.span,
                label: "every result of the throw meets this condition".to_string(),
                causes: Vec::new(),
                help:
                    "an `until` every result meets throws once: remove it, or check its condition"
                        .to_string(),
            });
        }
    }

    /// Automatic results written one after the other that take some round
    /// alike, with different outcomes.
    fn order(&mut self) {
        for found in &self.found {
            let g = found.group;
            if g.outcomes.is_empty() {
                continue;
            }
            for j in 1..g.rules.len().min(64) {
                let pcs = self.map.ifs(g.rules[j]);
                if !self.branched(pcs)[0] {
                    // Never fires: reported as unreachable.
                    continue;
                }
                for i in found.takers(j) {
                    // A later threshold or range (`>= 10` then `>= 7`, or
                    // `is 6-6` then `>= 11`) is an early exit, what the
                    // rules above took carved out first; the order decides
                    // where the later rule names the cases it takes, one of
                    // which a rule above takes (`>= 11` then `is 6-6`).
                    if g.outcomes[i].name == g.outcomes[j].name || !names_cases(&g.rules[j].cond) {
                        continue;
                    }
                    self.lints.push(Lint::OrderDecides {
                        message: "two rules take the same rounds, and their order decides the outcome".to_string(),
                        first: g.rules[i].cond.span,
                        first_label: format!("comes first: ends the rounds both take with `{}`", g.outcomes[i].name),
                        second: g.rules[j].cond.span,
                        second_label: format!("would end them with `{}`", g.outcomes[j].name),
                        help: "make the conditions exclusive (`and not ...`), or write the second as `else if` to say that the first one wins".to_string(),
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn walk(source: &str) -> Vec<Lint> {
        let (file, program) = crate::check::load(source, &Default::default()).expect("checks");
        let probes = probes(&file, &program);
        let (_, coverage) = crate::solve::evaluate_covered(&program, Default::default(), probes)
            .expect("evaluates");
        let mut lints = Vec::new();
        lint(&file, &program, &coverage, &mut lints);
        lints
    }

    const HEAD: &str =
        "game \"g\"\noutcomes a, b, c\nbet x { a => win 1 to 1  b => lose  c => push }\n";

    #[test]
    fn a_clean_round_has_no_finding() {
        let lints = walk(&format!(
            "{HEAD}round {{ throw t = 2d6\n if t is 6-6 {{ end a }}\n if t is 1-1 {{ end b }}\n end c }}"
        ));
        assert!(lints.is_empty(), "{lints:?}");
    }

    #[test]
    fn a_rule_taken_by_the_one_before_is_unreachable() {
        let lints = walk(&format!(
            "{HEAD}round {{ throw t = 2d6\n if total(t) >= 11 {{ end a }}\n if t is 6-6 {{ end b }}\n end c }}"
        ));
        assert_eq!(lints.len(), 1, "{lints:?}");
        let Lint::UnreachableRule { causes, .. } = &lints[0] else {
            panic!("{lints:?}")
        };
        assert_eq!(causes.len(), 1);
    }

    #[test]
    fn overlapping_automatic_results_are_order_dependent() {
        let lints = walk(&format!(
            "{HEAD}round {{ throw t = 2d6\n if total(t) >= 11 {{ end a }}\n if t is 6-6 | 1-1 {{ end b }}\n end c }}"
        ));
        let names: Vec<_> = lints.iter().map(Lint::name).collect();
        assert_eq!(names, ["order_decides"]);
    }

    #[test]
    fn thresholds_one_after_the_other_are_early_exits() {
        let lints = walk(
            "game \"g\" outcomes x, y, z\nround { throw d = 2d6\n if total(d) >= 10 { end x }\n if total(d) >= 7 { end y }\n end z }\nbet p { x => win 2 to 1  y => push  z => lose }",
        );
        assert!(lints.is_empty(), "{lints:?}");
        // Listed cases that overlap still say their order decides.
        let lints = walk(
            "game \"g\" outcomes x, y, z\nround { throw d = 2d6\n if total(d) in [2, 12] { end x }\n if total(d) in [7, 12] { end y }\n end z }\nbet p { x => win 2 to 1  y => push  z => lose }",
        );
        assert!(
            matches!(&lints[..], [Lint::OrderDecides { .. }]),
            "{lints:?}"
        );
    }

    #[test]
    fn an_else_if_says_its_order() {
        let lints = walk(&format!(
            "{HEAD}round {{ throw t = 2d6\n if total(t) >= 11 {{ end a }} else if t is 6-6 | 1-1 {{ end b }}\n end c }}"
        ));
        assert!(lints.is_empty(), "{lints:?}");
    }

    #[test]
    fn an_impossible_condition_never_fires() {
        let lints = walk(&format!(
            "{HEAD}round {{ throw t = 2d6\n if total(t) > 12 {{ end a }}\n if total(t) = 7 {{ end b }}\n end c }}"
        ));
        let names: Vec<_> = lints.iter().map(Lint::name).collect();
        assert_eq!(names, ["unreachable_rule"]);
        let Lint::UnreachableRule { causes, .. } = &lints[0] else {
            panic!()
        };
        assert!(causes.is_empty());
    }

    /// A condition on parameters alone is a house rule a setting switches
    /// on or off: at a setting where it is off, neither it nor the `else`
    /// of one always on is flagged; a condition on the round still is.
    #[test]
    fn a_house_rule_switched_off_is_not_flagged() {
        let names = |round: &str| {
            let lints = walk(&format!("{HEAD}param bonus = 0\nround {{ {round} }}"));
            lints.iter().map(Lint::name).collect::<Vec<_>>()
        };
        let off = "throw t = 2d6\n if bonus = 1 { end a }\n if total(t) > 12 { end b }\n end c";
        assert_eq!(names(off), ["unreachable_rule"]);
        let otherwise = "throw t = 2d6\n if total(t) > 2 {\n if bonus = 0 { end a } else if total(t) > 3 { end b }\n }\n end c";
        assert!(names(otherwise).is_empty(), "{:?}", names(otherwise));
        let on_the_round = "throw t = 2d6\n if total(t) > 12 and bonus = 0 { end a }\n end c";
        assert_eq!(names(on_the_round), ["unreachable_rule"]);
    }

    #[test]
    fn statements_after_an_end_never_run() {
        let lints = walk(&format!(
            "{HEAD}round {{ throw t = 2d6\n end a\n if t is 6-6 {{ end b }}\n end c }}"
        ));
        let names: Vec<_> = lints.iter().map(Lint::name).collect();
        assert_eq!(names, ["unreachable_rule"]);
    }

    #[test]
    fn arms_and_rerolls() {
        let lints = walk(&format!(
            "{HEAD}round {{ throw t = 2d6 until total(t) >= 2\n throw u = 2d6\n compare total(t) + 12 with total(u) {{ higher => end a  equal => end b  lower => end c }} }}"
        ));
        let names: Vec<_> = lints.iter().map(Lint::name).collect();
        // The reroll, and the two arms no round takes.
        assert_eq!(names.len(), 3, "{lints:?}");
        assert!(names.iter().all(|n| *n == "unreachable_rule"));
    }
}
