//! The answers to requests about an open file, each from the file's last
//! syntax tree ([`Names`]) and its last finished evaluation
//! ([`Figures`](super::worker::Figures)), never from its lines of text:
//! hover, go to definition, completion, formatting, document symbols,
//! references, rename.

use std::collections::HashMap;

use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, GotoDefinitionResponse, Hover,
    HoverContents, Location, MarkupContent, MarkupKind, Position, PrepareRenameResponse,
    SymbolKind, TextEdit, WorkspaceEdit,
};

use super::names::{Kind, Names};
use super::text::Lines;
use super::{figure_key, Document};
use crate::ast::parts::Part;
use crate::ast::{self, Span};
use crate::program::builtin::Builtin;
use crate::program::Figure;

/// Hover: on a figure of an `expect` or `claim` line, its value from the
/// last evaluation; on a bet, its exact house edge; on another name, the
/// line declaring it; on a built-in, what it gives.
pub fn hover(doc: &Document, position: Position) -> Option<Hover> {
    let lines = Lines::new(&doc.text);
    let at = lines.offset(position);
    let (text, span) = figure(doc, at)
        .or_else(|| named(doc, &lines, at))
        .or_else(|| builtin(&doc.names, at))?;
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(lines.range(span)),
    })
}

/// The figure of the `expect` or `claim` line at `at`, as the last
/// evaluation of a text with that figure computed it.
fn figure(doc: &Document, at: usize) -> Option<(String, Span)> {
    let (quantity, with, at_table) = doc.tree.items.iter().find_map(|item| {
        let (q, w, a) = match item {
            ast::Item::Expect(e) => (&e.quantity, &e.with, &e.at),
            ast::Item::Claim(c) => (&c.quantity, &c.with, &c.at),
            _ => return None,
        };
        (q.span.start <= at && at <= q.span.end).then_some((q, w, a))
    })?;
    let figures = doc.figures.as_ref()?;
    let key = figure_key(&doc.text, quantity, with, at_table);
    let (_, verdict) = figures.lines.iter().find(|(k, _)| *k == key)?;
    let written = &doc.text[quantity.span.start..quantity.span.end];
    let value = if verdict.estimated || !verdict.actual_float.is_finite() {
        verdict.actual.clone()
    } else {
        format!(
            "{} ({:.4}%), exact",
            verdict.actual,
            verdict.actual_float * 100.0
        )
    };
    let mut text = format!("**{written}** = {value}");
    let state = if !verdict.checked {
        "not checked at this setting"
    } else if verdict.holds {
        "the line holds"
    } else {
        "the line fails"
    };
    text.push_str(&format!("\n\n{state}"));
    if figures.version != doc.version {
        text.push_str(&format!(
            " (evaluated for version {} of the file)",
            figures.version
        ));
    }
    Some((text, quantity.span))
}

/// A name at `at`: a bet's house edge from the last evaluation, or the
/// line declaring it.
fn named(doc: &Document, lines: &Lines, at: usize) -> Option<(String, Span)> {
    let o = doc.names.at(at)?;
    let symbol = doc.names.symbol(o.symbol);
    let bet = (doc.figures.as_ref())
        .filter(|_| symbol.kind == Kind::Bet)
        .and_then(|f| f.bets.iter().find(|b| b.bet == symbol.name));
    let text = match bet {
        Some(bet) => format!(
            "**bet {}**: house edge {} ({:.4}%), exact",
            bet.bet, bet.house_edge, bet.house_edge_percent
        ),
        None => {
            let declared = symbol.declared.first()?;
            format!(
                "```dice\n{}\n```\n{}",
                lines.line_at(declared.start).trim(),
                symbol.kind.describe()
            )
        }
    };
    Some((text, o.span))
}

/// A built-in called at `at`.
fn builtin(names: &Names, at: usize) -> Option<(String, Span)> {
    let (span, name) = names.function_at(at)?;
    let b = Builtin::named(name)?;
    let text = format!("built-in `{}`: {}", b.usage(), b.spec().doc);
    Some((text, span))
}

/// Where the name at `position` is declared: once, or each place.
pub fn definition(doc: &Document, position: Position) -> Option<GotoDefinitionResponse> {
    let lines = Lines::new(&doc.text);
    let o = doc.names.at(lines.offset(position))?;
    let mut found: Vec<Location> = (doc.names.symbol(o.symbol).declared.iter())
        .map(|&span| Location::new(doc.uri.clone(), lines.range(span)))
        .collect();
    match found.len() {
        0 => None,
        1 => found.pop().map(GotoDefinitionResponse::Scalar),
        _ => Some(GotoDefinitionResponse::Array(found)),
    }
}

/// Every place the name at `position` is written, its declarations when
/// asked for.
pub fn references(doc: &Document, position: Position, declarations: bool) -> Vec<Location> {
    let lines = Lines::new(&doc.text);
    let Some(o) = doc.names.at(lines.offset(position)) else {
        return Vec::new();
    };
    (doc.names.occurrences(o.symbol))
        .filter(|o| declarations || !o.declaration)
        .map(|o| Location::new(doc.uri.clone(), lines.range(o.span)))
        .collect()
}

/// Why a rename is refused.
pub type Refused = String;

/// The name at `position`, its range and text, if it can be renamed.
pub fn prepare_rename(
    doc: &Document,
    position: Position,
) -> Result<Option<PrepareRenameResponse>, Refused> {
    refuse_broken(doc)?;
    let lines = Lines::new(&doc.text);
    let Some(o) = doc.names.at(lines.offset(position)) else {
        return Ok(None);
    };
    Ok(Some(PrepareRenameResponse::RangeWithPlaceholder {
        range: lines.range(o.span),
        placeholder: doc.names.symbol(o.symbol).name.clone(),
    }))
}

/// Every place the name at `position` is written, renamed `new_name`;
/// refused for a file with syntax errors (the uses in what did not parse
/// would be missed), a new name that is not one, and a new name that
/// another name of its kind (or one it would shadow or be shadowed by)
/// has.
pub fn rename(
    doc: &Document,
    position: Position,
    new_name: &str,
) -> Result<WorkspaceEdit, Refused> {
    refuse_broken(doc)?;
    let lines = Lines::new(&doc.text);
    let Some(o) = doc.names.at(lines.offset(position)) else {
        return Err("there is no name declared in this file here to rename".to_string());
    };
    let symbol = doc.names.symbol(o.symbol);
    let shown = crate::suggest::escaped(&new_name.chars().take(80).collect::<String>());
    if !is_name(new_name) {
        let why = if is_word(new_name) {
            "it is a keyword of the language"
        } else {
            "a name is a letter or `_`, then letters, digits and `_`"
        };
        return Err(format!("`{shown}` cannot be a name: {why}"));
    }
    if let Some(other) = doc.names.clash(o.symbol, new_name) {
        let line = other
            .declared
            .first()
            .map_or(0, |d| lines.position(d.start).line + 1);
        return Err(format!(
            "`{shown}` is already declared on line {line}, as {}",
            other.kind.describe()
        ));
    }
    if matches!(symbol.kind, Kind::Table | Kind::Define) && Builtin::named(new_name).is_some() {
        return Err(format!(
            "`{shown}` is a built-in function: a draw table of that name would hide it"
        ));
    }
    let edits = (doc.names.occurrences(o.symbol))
        .map(|o| TextEdit::new(lines.range(o.span), new_name.to_string()))
        .collect();
    Ok(WorkspaceEdit::new(HashMap::from([(
        doc.uri.clone(),
        edits,
    )])))
}

fn refuse_broken(doc: &Document) -> Result<(), Refused> {
    if doc.broken {
        return Err(
            "the file has syntax errors: fix them first, so that no use of the name is missed"
                .to_string(),
        );
    }
    Ok(())
}

/// Whether `text` is a name as the grammar reads one, both where an item
/// declares it and where an expression reads it.
fn is_name(text: &str) -> bool {
    let declared = crate::syntax::parse(&format!("param {text} = 1"));
    let as_item = matches!(
        (declared.0.items.as_slice(), declared.1.is_empty()),
        ([ast::Item::Param(p)], true) if p.name.name == text
    );
    let as_expr = matches!(
        crate::syntax::parse_expr(text),
        Ok(ast::Expr { kind: ast::ExprKind::Name(n), .. }) if n.name == text
    );
    as_item && as_expr
}

/// Whether `text` has the shape of a name (so that, refused, it is a
/// keyword).
fn is_word(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The words completion offers besides the reserved ones (which the
/// grammar lists: `syntax::keywords`): they begin statements or clauses
/// without being reserved.
const UNRESERVED: &[&str] = &["draw", "at", "knowing"];

/// The language's keywords, offered by completion.
fn keywords() -> impl Iterator<Item = &'static str> {
    crate::syntax::keywords().chain(UNRESERVED.iter().copied())
}

/// Keywords, built-ins, figures and the file's own names.
pub fn completion(doc: &Document) -> Vec<CompletionItem> {
    let item = |label: &str, kind, detail: &str| CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: Some(detail.to_string()),
        ..CompletionItem::default()
    };
    let mut items: Vec<CompletionItem> = keywords()
        .map(|k| item(k, CompletionItemKind::KEYWORD, "keyword"))
        .collect();
    for b in Builtin::ALL {
        items.push(item(b.name(), CompletionItemKind::FUNCTION, "built-in"));
    }
    for (name, _) in Figure::ALL {
        let detail = "figure of `expect` and `claim`";
        items.push(item(name, CompletionItemKind::FUNCTION, detail));
    }
    let mut names: Vec<(&str, Kind)> = (doc.names.symbols().iter())
        .map(|s| (s.name.as_str(), s.kind))
        .collect();
    names.sort_unstable();
    names.dedup();
    for (name, kind) in names {
        let detail = format!("{} declared in this file", kind.describe());
        items.push(item(name, completion_kind(kind), &detail));
    }
    items
}

fn completion_kind(kind: Kind) -> CompletionItemKind {
    match kind {
        Kind::Param => CompletionItemKind::CONSTANT,
        Kind::Outcome | Kind::Hand | Kind::Option => CompletionItemKind::ENUM_MEMBER,
        Kind::Suit => CompletionItemKind::ENUM,
        Kind::Hands => CompletionItemKind::STRUCT,
        Kind::Table | Kind::Define => CompletionItemKind::FUNCTION,
        Kind::Shoe | Kind::Bet => CompletionItemKind::VALUE,
        Kind::Round => CompletionItemKind::VARIABLE,
    }
}

/// The whole file laid out by `dicerules fmt`, as one edit; none for a
/// file with syntax errors (`None`) or one that opts out.
pub fn formatting(doc: &Document) -> Option<Vec<TextEdit>> {
    let text = &doc.text;
    if crate::syntax::format::skipped(text) {
        return Some(Vec::new());
    }
    if doc.broken {
        return None;
    }
    let formatted = crate::syntax::format::format(&doc.tree, text);
    if formatted == *text || !crate::syntax::format::keeps_tree(&doc.tree, &formatted) {
        return Some(Vec::new());
    }
    Some(vec![TextEdit::new(Lines::new(text).all(), formatted)])
}

/// The game's items as an outline: parameters, outcomes, the hand table
/// (its suits, their hands), draw tables, shoes, the round (every name it
/// binds, a choice's options under it), bets and the table rules.
pub fn symbols(doc: &Document) -> Vec<DocumentSymbol> {
    let outline = Outline {
        lines: Lines::new(&doc.text),
    };
    (doc.tree.items.iter())
        .filter_map(|item| outline.item(item))
        .collect()
}

/// The symbols of a document's outline, placed in its text.
struct Outline<'t> {
    lines: Lines<'t>,
}

impl Outline<'_> {
    /// A symbol spanning `whole`, its name at `name_at`.
    fn sym(
        &self,
        name: &str,
        detail: Option<String>,
        kind: SymbolKind,
        whole: Span,
        name_at: Span,
    ) -> DocumentSymbol {
        #[allow(deprecated)]
        DocumentSymbol {
            name: if name.is_empty() { "_" } else { name }.to_string(),
            detail,
            kind,
            tags: None,
            deprecated: None,
            range: self.lines.range(whole),
            selection_range: self.lines.range(name_at),
            children: None,
        }
    }

    /// A named item's symbol: its name, what it is, its kind.
    fn named(
        &self,
        name: &ast::Ident,
        detail: String,
        kind: SymbolKind,
        whole: Span,
    ) -> DocumentSymbol {
        self.sym(&name.name, Some(detail), kind, whole, name.span)
    }

    /// The symbol of an item (none for expect and claim lines).
    fn item(&self, item: &ast::Item) -> Option<DocumentSymbol> {
        let with = |mut s: DocumentSymbol, children: Vec<DocumentSymbol>| {
            s.children = Some(children);
            s
        };
        Some(match item {
            ast::Item::Game(g) => self.sym(
                &g.name,
                Some("game".into()),
                SymbolKind::FILE,
                g.span,
                g.span,
            ),
            ast::Item::Param(p) => {
                let detail = format!("parameter = {}", p.default.text);
                self.named(&p.name, detail, SymbolKind::CONSTANT, p.span)
            }
            ast::Item::Outcomes(o) => {
                let members = (o.names.iter())
                    .map(|n| self.sym(&n.name, None, SymbolKind::ENUM_MEMBER, n.span, n.span))
                    .collect();
                let s = self.sym("outcomes", None, SymbolKind::ENUM, o.span, o.span);
                with(s, members)
            }
            ast::Item::Hands(h) => {
                let suits = (h.suits.iter())
                    .map(|suit| {
                        let hands = (suit.hands.iter())
                            .map(|l| {
                                let kind = SymbolKind::ENUM_MEMBER;
                                self.named(&l.name, "hand".into(), kind, l.span)
                            })
                            .collect();
                        let s = self.named(&suit.name, "suit".into(), SymbolKind::ENUM, suit.span);
                        with(s, hands)
                    })
                    .collect();
                let s = self.named(&h.name, "hand table".into(), SymbolKind::STRUCT, h.span);
                with(s, suits)
            }
            ast::Item::Table(t) => {
                let detail = format!("draw table ({}, {})", t.row_key.name, t.column_key.name);
                self.named(&t.name, detail, SymbolKind::FUNCTION, t.span)
            }
            ast::Item::Define(d) => {
                let args: Vec<&str> = d.params.iter().map(|p| p.name.as_str()).collect();
                let detail = format!("define ({})", args.join(", "));
                self.named(&d.name, detail, SymbolKind::FUNCTION, d.span)
            }
            ast::Item::Shoe(s) => self.named(&s.name, "shoe".into(), SymbolKind::ARRAY, s.span),
            ast::Item::Round(r) => {
                let mut bound = Vec::new();
                round_names(&r.body, &mut |name, options, whole| {
                    let s = self.sym(&name.name, None, SymbolKind::VARIABLE, whole, name.span);
                    if options.is_empty() {
                        bound.push(s);
                    } else {
                        let options = (options.iter())
                            .map(|o| {
                                let kind = SymbolKind::ENUM_MEMBER;
                                self.sym(&o.name, Some("option".into()), kind, o.span, o.span)
                            })
                            .collect();
                        bound.push(with(s, options));
                    }
                });
                let s = self.sym("round", None, SymbolKind::METHOD, r.span, r.span);
                with(s, bound)
            }
            ast::Item::Bet(b) => {
                let mut detail = match (&b.on, &b.pays) {
                    (Some(on), _) => format!("bet on {}", on.name),
                    (None, Some(pays)) => format!("bet pays {}", pays.name),
                    (None, None) => "bet".to_string(),
                };
                if let Some(staking) = &b.staking {
                    detail = format!("{detail} staking {}", staking.name);
                }
                self.named(&b.name, detail, SymbolKind::OBJECT, b.span)
            }
            ast::Item::Banking(b) => {
                self.sym("banking", None, SymbolKind::NAMESPACE, b.span, b.span)
            }
            ast::Item::Expect(_) | ast::Item::Claim(_) => return None,
        })
    }
}

/// Each name a block binds, in order, nested blocks included: the name,
/// a choice's labelled options, and the statement.
fn round_names(block: &ast::Block, found: &mut dyn FnMut(&ast::Ident, &[ast::Ident], Span)) {
    for stmt in &block.stmts {
        for part in stmt.parts() {
            match part {
                Part::Binds { name, labels, .. } => found(name, labels, stmt.span()),
                Part::Holds(inner) => round_names(inner, found),
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_keywords_offered_are_the_grammars() {
        // Reserved words cannot be names; `draw`, `at` and `knowing` begin
        // statements or clauses without being reserved.
        for k in keywords() {
            let reserved = !UNRESERVED.contains(&k);
            assert_eq!(!is_name(k), reserved, "{k}");
        }
        assert!(keywords().any(|k| k == "while") && keywords().count() > 40);
        assert!(is_name("player") && is_name("_x1"));
        assert!(!is_name("1x") && !is_name("a-b") && !is_name("") && !is_name("a b"));
        assert!(!is_name("x // y") && !is_name("x\ny"));
    }
}
