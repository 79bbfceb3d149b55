//! Printing an AST back as `.dice` source, in a canonical layout.
//!
//! Parsing the printed text gives back the same tree (spans aside); the
//! round-trip test holds the printer to that for every game file.

use std::fmt::Write;

use super::*;

/// The canonical source text of a file.
pub fn file(file: &File) -> String {
    let mut out = String::new();
    for (i, item) in file.items.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        write_item(&mut out, item);
    }
    out
}

/// The canonical text of one item, with its trailing line end.
pub fn item(item: &Item) -> String {
    let mut out = String::new();
    write_item(&mut out, item);
    out
}

/// The canonical text of one statement at the outer depth of a round; a
/// statement with a block spans several lines.
pub fn stmt(stmt: &Stmt) -> String {
    let mut out = String::new();
    write_stmt(&mut out, stmt, 0);
    out
}

fn write_item(out: &mut String, item: &Item) {
    match item {
        Item::Game(g) => {
            let _ = writeln!(out, "game \"{}\"", g.name);
        }
        Item::Param(p) => {
            let _ = writeln!(out, "param {} = {}", p.name.name, p.default.text);
        }
        Item::Define(d) => {
            let params: Vec<&str> = d.params.iter().map(|p| p.name.as_str()).collect();
            let _ = writeln!(
                out,
                "define {}({}) = {}",
                d.name.name,
                params.join(", "),
                expr(&d.body)
            );
        }
        Item::Outcomes(o) => {
            let names: Vec<&str> = o.names.iter().map(|n| n.name.as_str()).collect();
            let _ = writeln!(out, "outcomes {}", names.join(", "));
        }
        Item::Hands(h) => {
            let _ = writeln!(out, "hands {} {{", h.name.name);
            for suit in &h.suits {
                let _ = writeln!(out, "  {} {{", suit.name.name);
                for hand in &suit.hands {
                    let combos: Vec<String> = hand.combos.iter().map(combo).collect();
                    let _ = writeln!(out, "    {} {}", hand.name.name, combos.join(" | "));
                }
                out.push_str("  }\n");
            }
            out.push_str("}\n");
        }
        Item::Table(t) => {
            let _ = writeln!(
                out,
                "table {}({}, {}){} {{",
                t.name.name,
                t.row_key.name,
                t.column_key.name,
                t.decided_by
                    .as_ref()
                    .map_or(String::new(), |b| format!(" decided by {}", b.name))
            );
            let columns: Vec<String> = t.columns.iter().map(key).collect();
            let _ = writeln!(out, "  columns {}", columns.join(" "));
            for row in &t.rows {
                let cells: Vec<&str> = row
                    .cells
                    .iter()
                    .map(|c| match c.kind {
                        CellKind::Draw => "D",
                        CellKind::Stand => "S",
                        CellKind::Choice => "?",
                    })
                    .collect();
                let _ = writeln!(out, "  {} => {}", key(&row.key), cells.join(" "));
            }
            out.push_str("}\n");
        }
        Item::Shoe(shoe) => {
            let decks = match &shoe.decks {
                Decks::Count { count, .. } => count.to_string(),
                Decks::Param(name) => name.name.clone(),
                Decks::Infinite { .. } => "infinite".to_string(),
            };
            let maps: Vec<String> = shoe
                .values
                .iter()
                .map(|m| {
                    let ranks: Vec<String> = m
                        .ranks
                        .iter()
                        .map(|r| match r {
                            Ranks::One { rank, .. } => rank.clone(),
                            Ranks::Range(k) => range(k),
                        })
                        .collect();
                    let value = m.value.map_or("pip".to_string(), |v| v.to_string());
                    format!("{} => {value}", ranks.join(" "))
                })
                .collect();
            let _ = writeln!(out, "shoe {} {{", shoe.name.name);
            let _ = writeln!(out, "  decks = {decks}");
            let _ = writeln!(out, "  values {}", maps.join(", "));
            if let Some(aces) = shoe.aces {
                let _ = writeln!(out, "  aces {}", if aces.high { "high" } else { "low" });
            }
            out.push_str("}\n");
        }
        Item::Round(r) => {
            out.push_str("round ");
            write_block(out, &r.body, 0);
            out.push('\n');
        }
        Item::Bet(b) if !b.braced() => {
            let _ = writeln!(out, "{}", b.header());
        }
        Item::Bet(b) => {
            let _ = writeln!(out, "{} {{", b.header());
            for line in &b.lines {
                let _ = writeln!(out, "  {} => {}", pay_key(&line.key), payout(&line.payout));
            }
            out.push_str("}\n");
        }
        Item::Expect(e) => {
            let _ = writeln!(
                out,
                "expect {} {}{}{}",
                quantity(&e.quantity),
                relation(&e.relation),
                at_clause(e.at.as_ref()),
                with_clause(e.with.as_ref())
            );
        }
        Item::Claim(c) => {
            let _ = writeln!(
                out,
                "claim {} {}{}{} \"{}\"",
                quantity(&c.quantity),
                relation(&c.relation),
                at_clause(c.at.as_ref()),
                with_clause(c.with.as_ref()),
                c.text
            );
        }
        Item::Banking(b) => {
            out.push_str("banking {\n");
            for clause in &b.clauses {
                let _ = writeln!(out, "  {}", banking_clause(&clause.kind));
            }
            out.push_str("}\n");
        }
    }
}

/// A clause of a `banking` item as written: `stake fixed 2 or free`.
pub fn banking_clause(c: &ClauseKind) -> String {
    match c {
        ClauseKind::Bank(rule) => match rule {
            BankRule::House => "bank house".to_string(),
            BankRule::RotatesEveryRound => "bank rotates every round".to_string(),
            BankRule::KeptUntilBankerLoses => {
                "bank kept until the banker loses a round".to_string()
            }
            BankRule::KeptForGame => "bank kept for the game".to_string(),
            BankRule::PassesWhen(outcomes) => {
                let names: Vec<&str> = outcomes.iter().map(|o| o.name.as_str()).collect();
                format!("bank passes when {}", names.join(" | "))
            }
        },
        ClauseKind::BankBets(bet) => format!("bank bets {}", bet.name),
        ClauseKind::BankCovers => "bank covers every bet".to_string(),
        ClauseKind::Stake(stakes) => {
            let stakes: Vec<String> = stakes.iter().map(|s| stake(&s.kind)).collect();
            format!("stake {}", stakes.join(" or "))
        }
        ClauseKind::Banco => "banco".to_string(),
        ClauseKind::Limit(LimitRule::Fixed(v)) => format!("limit = {}", amount(v)),
        ClauseKind::Limit(LimitRule::SetByBanker { up_to }) => match up_to {
            Some(v) => format!("limit set by the banker up to {}", amount(v)),
            None => "limit set by the banker".to_string(),
        },
        ClauseKind::Chips(ChipsRule::Each(v)) => format!("chips each = {}", amount(v)),
        ClauseKind::Chips(ChipsRule::Split { players, banker }) => {
            format!(
                "chips players = {}, banker = {}",
                amount(players),
                amount(banker)
            )
        }
        ClauseKind::BankruptBanker(BankruptRule::NewGame) => {
            "bankrupt banker => new game".to_string()
        }
        ClauseKind::BankruptBanker(BankruptRule::BankPasses) => {
            "bankrupt banker => bank passes".to_string()
        }
        ClauseKind::BankruptPlayerLeaves => "bankrupt player => leaves".to_string(),
        ClauseKind::Choices(ChoicesRule::EachSeat) => "choices by each seat".to_string(),
        ClauseKind::Choices(ChoicesRule::LargestStake) => {
            "choices by the largest stake".to_string()
        }
    }
}

/// One stake of a `stake` clause: `fixed 2`, `up to stake_cap`, `free`.
pub fn stake(s: &StakeKind) -> String {
    match s {
        StakeKind::Fixed(v) => format!("fixed {}", amount(v)),
        StakeKind::UpTo(v) => format!("up to {}", amount(v)),
        StakeKind::Free => "free".to_string(),
        StakeKind::SetByBank => "set by the bank".to_string(),
    }
}

pub fn amount(a: &Amount) -> String {
    match a {
        Amount::Number(n) => n.text.clone(),
        Amount::Param(p) => p.name.clone(),
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn write_block(out: &mut String, block: &Block, depth: usize) {
    out.push_str("{\n");
    for stmt in &block.stmts {
        indent(out, depth + 1);
        write_stmt(out, stmt, depth + 1);
        out.push('\n');
    }
    indent(out, depth);
    out.push('}');
}

fn write_stmt(out: &mut String, stmt: &Stmt, depth: usize) {
    match stmt {
        Stmt::Throw(t) => {
            let _ = write!(out, "throw {} = {}", t.name.name, dice(&t.dice));
            if t.for_each_seat {
                out.push_str(" for each seat");
            }
            if let Some(until) = &t.until {
                let _ = write!(out, " until {}", expr(until));
            }
        }
        Stmt::Draw(d) => {
            let _ = write!(
                out,
                "draw {} = {} from {}{}{}",
                d.name.name,
                d.count,
                d.shoe.name,
                if d.for_each_seat {
                    " for each seat"
                } else {
                    ""
                },
                if d.face_down { " face down" } else { "" }
            );
        }
        Stmt::TurnUp(t) => {
            let _ = write!(out, "turn up {}", t.name.name);
        }
        Stmt::Burn(b) => {
            let _ = write!(out, "burn {} from {}", b.count, b.shoe.name);
        }
        Stmt::Split(_) => out.push_str("split"),
        Stmt::Let(l) => {
            let _ = write!(out, "let {} = {}", l.name.name, expr(&l.value));
        }
        Stmt::Set(l) => {
            let _ = write!(out, "set {} = {}", l.name.name, expr(&l.value));
        }
        Stmt::If(i) => write_if(out, i, depth),
        Stmt::Choose(c) => {
            let options = if let Some(t) = &c.faces {
                format!("faces({})", t.name)
            } else if c.bracketed {
                let mut keys: Vec<String> = c.options.iter().map(key).collect();
                keys.extend(c.labels.iter().map(|l| l.name.clone()));
                format!("[{}]", keys.join(", "))
            } else {
                c.options.iter().map(range).collect::<Vec<_>>().join(", ")
            };
            let _ = write!(
                out,
                "choose {} from {options} by {}",
                c.name.name, c.by.name
            );
            if let Some(k) = &c.knowing {
                let names: Vec<String> = (k.groups().iter())
                    .map(|g| {
                        g.iter()
                            .map(|n| n.name.as_str())
                            .collect::<Vec<_>>()
                            .join(" + ")
                    })
                    .collect();
                let known = if names.is_empty() {
                    "nothing".to_string()
                } else {
                    names.join(", ")
                };
                let _ = write!(out, " knowing {known}");
            }
        }
        Stmt::Repeat(r) => {
            let _ = write!(out, "repeat {} ", r.count);
            write_block(out, &r.body, depth);
        }
        Stmt::While(w) => {
            let _ = write!(out, "while {} at most {} ", expr(&w.cond), w.count);
            write_block(out, &w.body, depth);
        }
        Stmt::End(e) => {
            let _ = write!(out, "end {}", e.outcome.name);
        }
        Stmt::Compare(c) => {
            let _ = writeln!(out, "compare {} with {} {{", expr(&c.left), expr(&c.right));
            for arm in &c.arms {
                indent(out, depth + 1);
                let side = match arm.side {
                    Side::Higher => "higher",
                    Side::Equal => "equal",
                    Side::Lower => "lower",
                };
                let _ = write!(out, "{side} => ");
                match (arm.short, arm.body.stmts.as_slice()) {
                    (true, [one]) => write_stmt(out, one, depth + 1),
                    _ => write_block(out, &arm.body, depth + 1),
                }
                out.push('\n');
            }
            indent(out, depth);
            out.push('}');
        }
    }
}

fn write_if(out: &mut String, i: &IfStmt, depth: usize) {
    let _ = write!(out, "if {} ", expr(&i.cond));
    write_block(out, &i.then, depth);
    match &i.otherwise {
        Some(Else::If(next)) => {
            out.push_str(" else ");
            write_if(out, next, depth);
        }
        Some(Else::Block(b)) => {
            out.push_str(" else ");
            write_block(out, b, depth);
        }
        None => {}
    }
}

/// `2d6`; one die is written as it is said, `d6`.
pub fn dice(d: &Dice) -> String {
    if d.count == 1 {
        format!("d{}", d.sides)
    } else {
        format!("{}d{}", d.count, d.sides)
    }
}

pub fn combo(c: &Combo) -> String {
    let faces: Vec<String> = c.faces.iter().map(|f| f.to_string()).collect();
    faces.join("-")
}

pub fn key(k: &Key) -> String {
    if k.lo == k.hi {
        k.lo.to_string()
    } else {
        range(k)
    }
}

/// A key where the grammar wants a range, `6..6` too: a single number
/// there does not parse (`choose f from 6`, `x in 6`) or is another rank.
pub fn range(k: &Key) -> String {
    format!("{}..{}", k.lo, k.hi)
}

/// The source text of an expression, with the parentheses as written.
pub fn expr(e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(n) => n.to_string(),
        ExprKind::Bool(b) => b.to_string(),
        ExprKind::Name(n) => n.name.clone(),
        ExprKind::Call { func, args } => {
            let args: Vec<String> = args.iter().map(expr).collect();
            format!("{}({})", func.name, args.join(", "))
        }
        ExprKind::Unary { op, operand } => match op {
            UnaryOp::Not => format!("not {}", expr(operand)),
            UnaryOp::Neg => format!("-{}", expr(operand)),
        },
        ExprKind::Binary { op, left, right } => {
            format!("{} {} {}", expr(left), op.symbol(), expr(right))
        }
        ExprKind::Is { subject, patterns } => {
            let pats: Vec<String> = patterns
                .iter()
                .map(|p| match p {
                    Pattern::Combo(c) => combo(c),
                    Pattern::Name(n) => n.name.clone(),
                })
                .collect();
            format!("{} is {}", expr(subject), pats.join(" | "))
        }
        ExprKind::In {
            subject,
            set,
            bracketed,
        } => {
            if *bracketed {
                let keys: Vec<String> = set.iter().map(key).collect();
                format!("{} in [{}]", expr(subject), keys.join(", "))
            } else {
                let keys: Vec<String> = set.iter().map(range).collect();
                format!("{} in {}", expr(subject), keys.join(", "))
            }
        }
        ExprKind::Paren(inner) => format!("({})", expr(inner)),
    }
}

pub fn pay_key(k: &PayKey) -> String {
    match k {
        PayKey::Outcome(o) => o.name.clone(),
        PayKey::Else { .. } => "else".to_string(),
        PayKey::Values(v) => value_key(v),
        PayKey::Set { keys, .. } => {
            let keys: Vec<String> = keys.iter().map(value_key).collect();
            format!("[{}]", keys.join(", "))
        }
        PayKey::Names { names, .. } => {
            let names: Vec<&str> = names.iter().map(|n| n.name.as_str()).collect();
            format!("[{}]", names.join(", "))
        }
    }
}

pub fn value_key(v: &ValueKey) -> String {
    let op = match v.op {
        None => {
            return key(&Key {
                lo: v.lo,
                hi: v.hi,
                span: v.span,
            })
        }
        Some(KeyOp::Le) => "<=",
        Some(KeyOp::Ge) => ">=",
        Some(KeyOp::Lt) => "<",
        Some(KeyOp::Gt) => ">",
    };
    format!("{op} {}", v.lo)
}

pub fn payout(p: &Payout) -> String {
    match p {
        Payout::Win {
            odds,
            against,
            form,
            commission,
        } => {
            let word = match form {
                OddsForm::To => "to",
                OddsForm::For => "for",
            };
            let mut s = format!("win {} {word} {}", odds_term(odds), odds_term(against));
            if let Some(c) = commission {
                let _ = write!(s, " less {}", odds_term(c));
            }
            s
        }
        Payout::Lose { amount: None } => "lose".to_string(),
        Payout::Lose { amount: Some(a) } => format!("lose {}", odds_term(a)),
        Payout::Push => "push".to_string(),
    }
}

fn odds_term(t: &OddsTerm) -> String {
    match t {
        OddsTerm::Number(n) => n.text.clone(),
        OddsTerm::Param(p) => p.name.clone(),
    }
}

pub fn quantity(q: &Quantity) -> String {
    if q.args.is_empty() {
        return q.func.name.clone();
    }
    let args: Vec<String> = (q.args.iter())
        .map(|a| match a {
            QuantityArg::Name(n) => n.name.clone(),
            QuantityArg::Int { value, .. } => value.to_string(),
        })
        .collect();
    format!("{}({})", q.func.name, args.join(", "))
}

/// ` at seats = 4, stakes = [2, 1]` (with its leading space), or nothing.
pub fn at_clause(at: Option<&At>) -> String {
    let Some(at) = at else {
        return String::new();
    };
    let settings: Vec<String> = (at.settings.iter())
        .map(|s| {
            let values: Vec<String> = s.values.iter().map(u64::to_string).collect();
            if s.list {
                format!("{} = [{}]", s.name.name, values.join(", "))
            } else {
                format!("{} = {}", s.name.name, values.join(", "))
            }
        })
        .collect();
    format!(" at {}", settings.join(", "))
}

pub fn relation(r: &Relation) -> String {
    let mut s = format!("{} {}", r.op.symbol(), r.value.text);
    if let Some(t) = &r.tolerance {
        let _ = write!(s, " ± {}", t.text);
    }
    s
}

/// ` with decks = 6, tie_odds = 7` (with its leading space), or nothing.
pub fn with_clause(with: Option<&With>) -> String {
    let Some(with) = with else {
        return String::new();
    };
    let settings: Vec<String> = with
        .settings
        .iter()
        .map(|s| format!("{} = {}", s.name.name, s.text))
        .collect();
    format!(" with {}", settings.join(", "))
}
