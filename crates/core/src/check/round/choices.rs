//! Compiling choices: `choose` (from a list, a range or the faces a
//! throw shows), what the chooser knows, and the `?` cells of a draw
//! table's condition.

use super::*;

/// The most cards a known hand may hold: the information set's key holds it
/// in one number, six bits a card (see `Shoe::hand_key`).
pub const MAX_KNOWN_CARDS: usize = crate::program::card::MOST_KEYED_CARDS;

/// A thing a chooser sees: its name as written, how many slots it reads,
/// and for a hand of cards, its shoe.
type Known = (String, usize, Option<usize>);

impl Compiler<'_, '_, '_> {
    /// `choose NAME from OPTIONS by BET [knowing ...]`: a decision of the
    /// bettor of BET. Made first in the round, knowing nothing, it may be
    /// an announced choice (see `compile`).
    pub(super) fn choose(&mut self, c: &ast::ChooseStmt) {
        let may_announce = self.scope_marks.is_empty()
            && self.repeat_depth == 0
            && !self.thrown
            && c.knowing.is_none()
            && c.labels.is_empty()
            && c.faces.is_none()
            && self.decisions.is_empty();
        let mut values = Vec::new();
        let mut labels = Vec::new();
        for k in &c.options {
            if k.lo > k.hi || k.hi.saturating_sub(k.lo) >= MAX_OPTIONS {
                self.typer.errors.push(CheckError::OptionsRange {
                    options: crate::ast::print::key(k),
                    span: c.span,
                });
                return;
            }
            for v in k.lo..=k.hi {
                if !values.contains(&v) {
                    values.push(v);
                    labels.push(v.to_string());
                }
            }
        }
        for (i, label) in c.labels.iter().enumerate() {
            if let Some(first) = c.labels[..i].iter().find(|l| l.name == label.name) {
                self.typer.errors.push(CheckError::Duplicate {
                    kind: "option",
                    name: label.name.clone(),
                    first: first.span,
                    second: label.span,
                    help: "each option is listed once",
                });
                continue;
            }
            values.push(labels.len() as i64);
            labels.push(label.name.clone());
        }
        if values.len() > MAX_OPTIONS as usize {
            self.typer
                .errors
                .push(CheckError::TooManyOptions { span: c.span });
            return;
        }
        let shown = match &c.faces {
            Some(throw) => match self.faces_offered(throw) {
                Some((throw_slot, faces)) => {
                    labels = faces.iter().map(i64::to_string).collect();
                    values = faces;
                    Some(throw_slot)
                }
                None => {
                    // Reported: the name is still bound, for what follows.
                    self.bind(&c.name, Ty::Error);
                    return;
                }
            },
            None => None,
        };
        // A choice among the faces shown sees them: it may say nothing more.
        let (mut knowing, groups) =
            self.knowing(c, may_announce || self.code.is_empty() || shown.is_some());
        let ty = if c.labels.is_empty() {
            Ty::Int
        } else {
            self.typer.labels.push(labels.clone());
            Ty::Label(self.typer.labels.len() - 1)
        };
        let slot = self.bind(&c.name, ty);
        if may_announce {
            self.announced = Some((
                self.code.len(),
                Choice {
                    name: c.name.name.clone(),
                    by: c.by.name.clone(),
                    slot,
                    options: values.clone(),
                    span: c.span,
                },
            ));
        }
        let decision = self.decide(
            &c.by,
            Decision {
                name: c.name.name.clone(),
                side: 0,
                options: labels,
                values,
                knowing: groups.iter().map(|(n, _, _)| n.clone()).collect(),
                hands: groups.iter().map(|(_, _, shoe)| *shoe).collect(),
                members: groups.iter().map(|(_, n, _)| *n).collect(),
                faces: c.faces.as_ref().map(|t| t.name.clone()),
                span: c.span,
            },
        );
        if let (Some(throw_slot), Some(t)) = (shown, &c.faces) {
            // The faces shown, as a mask in a hidden slot read last: the
            // chooser sees them, and they are its options there.
            let name = format!("faces({})", t.name);
            self.slots.push(Named { name, span: c.span });
            let mask = self.slots.len() - 1;
            let throw = Expr {
                kind: ExprKind::Slot(throw_slot),
                span: t.span,
            };
            self.code.push(Instr::Assign {
                slot: mask,
                value: Expr {
                    kind: ExprKind::Call(Builtin::Faces, Box::new([throw])),
                    span: c.span,
                },
            });
            knowing.push(mask);
        }
        self.code.push(Instr::Decide {
            decision,
            slot,
            knowing,
        });
    }

    /// `from faces(T)`: the slot of throw or hand `T` and every face it may
    /// show, ascending (a die's faces, or the values of its shoe's cards);
    /// `None` after reporting a name that is no throw, or a face beyond
    /// what the set holds.
    fn faces_offered(&mut self, throw: &ast::Ident) -> Option<(usize, Vec<i64>)> {
        let Some((slot, ty)) = self.typer.lookup(&throw.name) else {
            let visible: Vec<&str> = self.typer.vars.iter().map(|(n, _, _)| n.as_str()).collect();
            self.typer.errors.push(unknown("name", throw, visible));
            return None;
        };
        let faces: Vec<i64> = match ty {
            Ty::Pool {
                sides, shoe: None, ..
            } => (1..=i64::from(sides)).collect(),
            Ty::Pool { shoe: Some(i), .. } => {
                let ranks = self.typer.names.shoes[i].ranks;
                let values: BTreeSet<i64> = ranks.iter().map(|&v| i64::from(v)).collect();
                values.into_iter().collect()
            }
            Ty::Error => return None,
            other => {
                self.typer.errors.push(CheckError::Type {
                    expected: "a throw or a hand",
                    found: other.describe(),
                    span: throw.span,
                    help: Some("`faces(T)` offers the faces a throw or hand `T` shows".to_string()),
                });
                return None;
            }
        };
        let largest = faces.last().copied().unwrap_or(0);
        if largest > i64::from(MAX_FACE) {
            self.typer.errors.push(CheckError::FacesTooLarge {
                throw: throw.name.clone(),
                largest,
                span: throw.span,
            });
            return None;
        }
        Some((slot, faces))
    }

    /// What a chooser sees: the slots of the names after `knowing`, and
    /// each thing seen (a name, or hands joined with `+`): its name as
    /// written, how many of the slots it reads, and for a hand of cards,
    /// its shoe. Only a choice made `first` in the round, before anything
    /// else, may leave it out: it knows nothing.
    fn knowing(&mut self, c: &ast::ChooseStmt, first: bool) -> (Vec<usize>, Vec<Known>) {
        let Some(k) = &c.knowing else {
            if !first {
                self.typer.errors.push(CheckError::ChooserSeesNothing {
                    name: c.name.name.clone(),
                    by: c.by.name.clone(),
                    span: c.span,
                });
            }
            return (Vec::new(), Vec::new());
        };
        let mut slots = Vec::new();
        let mut groups = Vec::new();
        for group in k.groups() {
            let before = slots.len();
            let mut shoes = Vec::new();
            let mut cards = 0;
            for name in group {
                if let Some((slot, shoe, count)) = self.known(name, group.len() > 1) {
                    slots.push(slot);
                    shoes.push(shoe);
                    cards += count;
                }
            }
            let names: Vec<&str> = group.iter().map(|n| n.name.as_str()).collect();
            let shoe = shoes.first().copied().flatten();
            if shoes.iter().any(|&s| s != shoe) {
                self.typer.errors.push(CheckError::Type {
                    expected: "hands of one shoe",
                    found: "hands of several shoes",
                    span: group[0].span.to(group[group.len() - 1].span),
                    help: Some(
                        "hands joined with `+` are seen as one hand: deal them from one shoe"
                            .to_string(),
                    ),
                });
            } else if group.len() > 1 && cards as usize > MAX_KNOWN_CARDS {
                self.typer.errors.push(CheckError::KnownHandTooLarge {
                    name: names.join(" + "),
                    cards,
                    most: MAX_KNOWN_CARDS,
                    span: group[0].span.to(group[group.len() - 1].span),
                });
            }
            groups.push((names.join(" + "), slots.len() - before, shoe));
        }
        (slots, groups)
    }

    /// One name a chooser sees: its slot, the shoe of a hand of cards, and
    /// its cards. `joined`: joined with others by `+`, so a hand of cards.
    fn known(&mut self, name: &ast::Ident, joined: bool) -> Option<(usize, Option<usize>, u32)> {
        let seen = |t: Ty| matches!(t, Ty::Int | Ty::Bool | Ty::Label(_) | Ty::Error);
        match self.typer.lookup(&name.name) {
            Some((slot, Ty::Error)) => Some((slot, None, 0)),
            Some((slot, ty)) if seen(ty) && !joined => Some((slot, None, 0)),
            // A hand of cards, known as the cards the round tells apart.
            Some((
                slot,
                Ty::Pool {
                    count,
                    shoe: Some(shoe),
                    ..
                },
            )) => {
                if !joined && count as usize > MAX_KNOWN_CARDS {
                    self.typer.errors.push(CheckError::KnownHandTooLarge {
                        name: name.name.clone(),
                        cards: count,
                        most: MAX_KNOWN_CARDS,
                        span: name.span,
                    });
                }
                Some((slot, Some(shoe), count))
            }
            Some((_, ty)) => {
                let (expected, help) = if joined {
                    (
                        "a hand of cards",
                        "names joined with `+` are hands of cards, seen as one",
                    )
                } else {
                    (
                        "a number, a condition, a choice or a hand of cards",
                        "a chooser knows values or hands of cards: bind what it sees of a throw first, `let mine = total(t)`",
                    )
                };
                self.typer.errors.push(CheckError::Type {
                    expected,
                    found: ty.describe(),
                    span: name.span,
                    help: Some(help.to_string()),
                });
                None
            }
            None => {
                let visible: Vec<&str> =
                    self.typer.vars.iter().map(|(n, _, _)| n.as_str()).collect();
                self.typer.errors.push(unknown("name", name, visible));
                None
            }
        }
    }

    /// Records a decision of the bettor of `by`; returns its index.
    fn decide(&mut self, by: &ast::Ident, mut decision: Decision) -> usize {
        decision.side = match self.sides.iter().position(|s| s.name == by.name) {
            Some(i) => i,
            None => {
                if self.sides.len() == MAX_SIDES {
                    self.typer.errors.push(CheckError::ThirdSide {
                        side: by.name.clone(),
                        sides: self.sides.iter().map(|s| s.name.clone()).collect(),
                        span: by.span,
                    });
                }
                self.sides.push(by.clone());
                self.sides.len() - 1
            }
        };
        // A `choose` in a loop is one decision in every pass: its chooser
        // tells the passes apart only by what it knows.
        let same = |d: &Decision| d.span == decision.span && d.name == decision.name;
        if let Some(i) = self.decisions.iter().position(same) {
            return i;
        }
        self.decisions.push(decision);
        self.decisions.len() - 1
    }

    /// `if table(row, column) { ... }` on a table with `?` cells: the cell
    /// is looked up (and, at a `?`, chosen) into a hidden slot, which the
    /// branch then tests. `None` when the condition is anything else.
    pub(super) fn cell_condition(&mut self, cond: &ast::Expr) -> Option<Expr> {
        let ast::ExprKind::Call { func, args } = &cond.kind else {
            return None;
        };
        let names = self.typer.names;
        let table = names
            .tables
            .iter()
            .position(|t| t.name == func.name && t.has_choices())?;
        if args.len() != 2 {
            // The typer reports it.
            return None;
        }
        let t = &names.tables[table];
        let (row, _) = self.typer.typed(&args[0], Ty::Int);
        let (column, _) = self.typer.typed(&args[1], Ty::Int);
        let Some(by) = &t.decided_by else {
            // The table's own check reports the missing `decided by`.
            return Some(Expr {
                kind: ExprKind::Bool(false),
                span: cond.span,
            });
        };
        let by = ast::Ident {
            name: by.name.clone(),
            span: by.span,
        };
        let decision = self.decide(
            &by,
            Decision {
                name: t.name.clone(),
                side: 0,
                options: vec!["draw".to_string(), "stand".to_string()],
                values: vec![1, 0],
                knowing: vec![t.keys.0.clone(), t.keys.1.clone()],
                hands: vec![None, None],
                members: vec![1, 1],
                faces: None,
                span: cond.span,
            },
        );
        // Hidden, named after the table for messages.
        self.slots.push(Named {
            name: t.name.clone(),
            span: cond.span,
        });
        let slot = self.slots.len() - 1;
        self.code.push(Instr::Cell {
            table,
            decision,
            row,
            column,
            slot,
            span: cond.span,
        });
        Some(Expr {
            kind: ExprKind::Slot(slot),
            span: cond.span,
        })
    }
}
