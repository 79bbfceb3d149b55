//! Checking a parsed file: names, types and declarations, into a [`Program`].
//!
//! Every problem is collected; a file gets all its errors at once. The round
//! itself is compiled by `round`; `program::liveness` then marks which values each
//! step still needs. The table rules are resolved by `banking`.

mod banking;
mod error;
mod expand;
mod expr;
mod items;
mod limits;
mod overrides;
mod pinned;
mod projection;
mod reads;
pub mod removed;
mod round;
mod shows;
mod sweep;

pub use error::{
    AtError, BankingError, CheckError, FigureError, PayoutError, ShowFailure, WithError,
};
pub use items::MOST_CARDS_DEALT;
pub use overrides::{OverrideError, Overrides, Undeclared};
pub use sweep::{label as setting_label, Point, Sweep, DEFAULT_MAX_SETTINGS};

use crate::ast::{self, Item, Span};
use crate::program::{Banking, ChoosingSide, Named, Program};

/// Checks `file` with the `--set` overrides of its parameters applied,
/// and at each other setting its `expect` and `claim` lines name with
/// `with` (the overrides with the line's values in place), kept in
/// [`Program::pinned`].
pub fn check(file: &ast::File, overrides: &Overrides) -> Result<Program, Vec<CheckError>> {
    check_showing(file, overrides, &[])
}

/// A source parsed and checked with `overrides`, as the driver's
/// `Game::load_with` does: its syntax tree and program, or the codes of its
/// errors (its syntax errors alone when it has any). For the unit tests of
/// the checker and of the layers above it, below the driver.
#[cfg(test)]
pub(crate) fn load(
    source: &str,
    overrides: &Overrides,
) -> Result<(ast::File, Program), Vec<String>> {
    use miette::Diagnostic;
    fn code(e: &dyn Diagnostic) -> String {
        e.code().map(|c| c.to_string()).unwrap_or_default()
    }
    let (file, errors) = crate::syntax::parse(source);
    if !errors.is_empty() {
        return Err(errors.iter().map(|e| code(e)).collect());
    }
    match check(&file, overrides) {
        Ok(program) => Ok((file, program)),
        Err(errors) => Err(errors.iter().map(|e| code(e)).collect()),
    }
}

/// [`check`], with the expressions of `check --show EXPR` (each with its
/// text as given) compiled into final values ([`Program::finals`], marked
/// `shown`): see `shows`. The file's errors come first: a show is checked
/// only in a file without any, and one that cannot be shown is a
/// [`CheckError::Show`]. The settings of `with` lines are checked without
/// the shows.
pub fn check_showing(
    file: &ast::File,
    overrides: &Overrides,
    shows: &[(String, ast::Expr)],
) -> Result<Program, Vec<CheckError>> {
    let mut program = check_at(file, overrides, shows)?;
    pinned::pin(file, overrides, &mut program)?;
    Ok(program)
}

/// Checks `file` at one setting, with `shows`: the program, its `with`
/// lines unpinned.
fn check_at(
    file: &ast::File,
    overrides: &Overrides,
    shows: &[(String, ast::Expr)],
) -> Result<Program, Vec<CheckError>> {
    let mut errors = Vec::new();
    // What "the file has no ..." points at: its first item.
    let Some(whole) = file.items.first().map(item_span) else {
        return Err(vec![CheckError::Empty {
            span: Span::new(0, 0),
        }]);
    };
    let single = Singles::of(file, whole, &mut errors);

    let params = items::params(file, overrides, &mut errors);
    let outcomes = items::outcomes(file, &mut errors);
    let hand_table = single.hands.map(|h| items::hand_table(h, &mut errors));
    let tables = items::draw_tables(file, &mut errors);
    let mut shoes = items::shoes(file, &params, &mut errors);
    let defines = items::defines(file, &params, &tables, &mut errors);

    let scope = expr::Names {
        params: &params,
        outcomes: &outcomes,
        hands: hand_table.as_ref(),
        tables: &tables,
        shoes: &shoes,
        defines: &defines,
    };
    let mut compiled = match single.round {
        Some(r) => Some(round::compile(
            r,
            &scope,
            shows::Shows::new(shows, file),
            &mut errors,
        )),
        None => {
            errors.push(CheckError::Missing {
                what: "`round`",
                span: whole,
                help: "describe a round: `round { throw banker = 2d6 ... }`".to_string(),
            });
            None
        }
    };
    if let Some(c) = &compiled {
        round::tell_apart(&mut shoes, &c.cards_read, &c.code, &mut errors);
    }
    let top_level = compiled.as_ref().map_or(&[][..], |c| &c.top_level[..]);
    let labels = compiled.as_ref().map_or(&[][..], |c| &c.labels[..]);
    let mut finals = Vec::new();
    let bets = items::bets(
        file,
        &params,
        &outcomes,
        top_level,
        labels,
        &mut finals,
        &mut errors,
    );
    let names = banking::Names {
        params: &params,
        outcomes: &outcomes,
        bets: &bets,
        declared_bets: &declared_bets(file),
    };
    let table_rules = table_rules(&single, &names, whole, &mut errors);
    let decisions = compiled.as_ref().map_or(&[][..], |c| &c.decisions[..]);
    let reads = reads::Reads::new(file, params.iter().map(|p| p.name.as_str()));
    let scope = items::Figures {
        outcomes: &outcomes,
        top_level,
        decisions,
        params: &params,
        reads: &reads,
        banking: &table_rules,
    };
    let expects = items::assertions(file, false, &scope, &mut finals, &mut errors);
    let claims = items::assertions(file, true, &scope, &mut finals, &mut errors);
    items::few_tables(&expects, &claims, &mut errors);
    let sides = compiled
        .as_mut()
        .map(|c| sides(c, &bets, &mut errors))
        .unwrap_or_default();
    if let (Some(decl), Some(c)) = (single.banking, compiled.as_ref()) {
        choices_to_make(decl, c, &sides, &bets, &table_rules, &mut errors);
    }
    if let Some(c) = &compiled {
        round::seat_hands(&c.code, &table_rules, &mut errors);
    }
    need_outcomes(file, single.round, &outcomes, whole, &mut errors);

    match (errors.is_empty(), compiled) {
        (true, Some(compiled)) => assemble(
            compiled,
            Parts {
                name: single.game.map(|g| g.name.clone()).unwrap_or_default(),
                params,
                outcomes,
                hands: hand_table,
                tables,
                shoes,
                bets,
                sides,
                finals,
                expects,
                claims,
                banking: table_rules,
                round_span: single.round.map_or(whole, |r| r.span),
            },
        ),
        _ => Err(errors),
    }
}

/// The items a file has at most once: `game`, `round`, `hands`,
/// `banking` (a second one an error); a file without `game` an error at
/// `whole`.
struct Singles<'a> {
    game: Option<&'a ast::GameDecl>,
    round: Option<&'a ast::RoundDecl>,
    hands: Option<&'a ast::HandsDecl>,
    banking: Option<&'a ast::Banking>,
}

impl<'a> Singles<'a> {
    /// The single items of `file`.
    fn of(file: &'a ast::File, whole: Span, errors: &mut Vec<CheckError>) -> Singles<'a> {
        let mut game: Option<&ast::GameDecl> = None;
        let mut round: Option<&ast::RoundDecl> = None;
        let mut hands: Option<&ast::HandsDecl> = None;
        let mut banking: Option<&ast::Banking> = None;
        for item in &file.items {
            match item {
                Item::Game(g) => once(&mut game, g, g.span, "game", errors),
                Item::Round(r) => once(&mut round, r, r.span, "round", errors),
                Item::Hands(h) => once(&mut hands, h, h.span, "hands", errors),
                Item::Banking(b) => once(&mut banking, b, b.span, "banking", errors),
                _ => {}
            }
        }
        if game.is_none() {
            errors.push(CheckError::Missing {
                what: "`game` line",
                span: whole,
                help: "name the game first: `game \"Heist\"`".to_string(),
            });
        }
        Singles {
            game,
            round,
            hands,
            banking,
        }
    }
}

/// The names of the bets `file` declares, checked or not.
fn declared_bets(file: &ast::File) -> Vec<&str> {
    file.items
        .iter()
        .filter_map(|i| match i {
            Item::Bet(b) => Some(b.name.name.as_str()),
            _ => None,
        })
        .collect()
}

/// The table rules: the `banking` item resolved, or the house banking
/// where the file has none.
fn table_rules(
    single: &Singles,
    names: &banking::Names,
    whole: Span,
    errors: &mut Vec<CheckError>,
) -> Banking {
    match single.banking {
        Some(decl) => banking::banking(decl, names, errors),
        // The house banks; "where the rules are written" is the round.
        None => Banking {
            span: single.round.map_or(whole, |r| r.span),
            ..Banking::default()
        },
    }
}

/// The `choices` clause of the `banking` item `decl` against the bets
/// that choose: the sides' and the announced choice's.
fn choices_to_make(
    decl: &ast::Banking,
    compiled: &round::Compiled,
    sides: &[ChoosingSide],
    bets: &[crate::program::Bet],
    table_rules: &Banking,
    errors: &mut Vec<CheckError>,
) {
    let choosing: Vec<usize> = sides
        .iter()
        .map(|s| s.bet)
        .chain(
            compiled
                .choice
                .as_ref()
                .and_then(|ch| bets.iter().position(|b| b.name == ch.by)),
        )
        .collect();
    banking::choices_to_make(decl, table_rules, &choosing, errors);
}

/// An `outcomes` line missing from a file that needs one: a bet on
/// outcomes, or an `end` in the round.
fn need_outcomes(
    file: &ast::File,
    round: Option<&ast::RoundDecl>,
    outcomes: &[Named],
    whole: Span,
    errors: &mut Vec<CheckError>,
) {
    let needs_outcomes = file
        .items
        .iter()
        .any(|i| matches!(i, Item::Bet(b) if b.on.is_none() && b.pays.is_none()))
        || round.is_some_and(|r| r.body.ends());
    if outcomes.is_empty() && needs_outcomes {
        errors.push(CheckError::Missing {
            what: "`outcomes` line",
            span: whole,
            help: "list the ways a round can end: `outcomes banker_wins, player_wins`".to_string(),
        });
    }
}

/// What a file without errors is checked into besides its round.
struct Parts {
    name: String,
    params: Vec<crate::program::Param>,
    outcomes: Vec<Named>,
    hands: Option<crate::program::HandTable>,
    tables: Vec<crate::program::DrawTable>,
    shoes: Vec<crate::program::Shoe>,
    bets: Vec<crate::program::Bet>,
    sides: Vec<ChoosingSide>,
    finals: Vec<crate::program::Final>,
    expects: Vec<crate::program::Assertion>,
    claims: Vec<crate::program::Assertion>,
    banking: Banking,
    round_span: Span,
}

/// The program of a file without errors: its shows finished, the round's
/// observations projected, large throws refused, what each step still
/// needs (and, where there are shows, needs without them).
fn assemble(mut compiled: round::Compiled, mut parts: Parts) -> Result<Program, Vec<CheckError>> {
    let finals = &mut parts.finals;
    std::mem::take(&mut compiled.shows).finish(&parts.params, finals)?;
    // An end of a round that split settles the other hand after the finals.
    if compiled.split.is_some() {
        for bet in &mut parts.bets {
            bet.other_hand_at = Some(finals.len());
        }
    }
    // The sides' choices so far are read when the round ends, and whether
    // it split.
    let final_slots: Vec<usize> = finals
        .iter()
        .map(|f| f.slot)
        .chain(parts.sides.iter().map(|s| s.slot))
        .chain(compiled.split.iter().flat_map(|s| s.read_at_end()))
        .collect();
    let interchangeable =
        projection::project(&mut compiled.code, &mut compiled.slots, &final_slots);
    let refused = round::large_throws_refused(&compiled.code, &compiled.large_throws);
    if !refused.is_empty() {
        return Err(refused);
    }
    let (live_in, live_unshown) = crate::program::liveness::of(
        &compiled.code,
        compiled.slots.len(),
        finals,
        &parts.sides,
        &compiled
            .split
            .as_ref()
            .map_or(Vec::new(), |s| s.read_at_end()),
        &[],
    );
    Ok(Program {
        name: parts.name,
        params: parts.params,
        outcomes: parts.outcomes,
        hands: parts.hands,
        tables: parts.tables,
        shoes: parts.shoes,
        slots: compiled.slots,
        code: compiled.code,
        live_in,
        live_unshown,
        interchangeable,
        bets: parts.bets,
        choice: compiled.choice,
        decisions: compiled.decisions,
        sides: parts.sides,
        finals: parts.finals,
        expects: parts.expects,
        claims: parts.claims,
        pinned: Vec::new(),
        banking: parts.banking,
        round_span: parts.round_span,
        source_map: compiled.source_map,
        turn_ups: compiled.turn_ups,
        split: compiled.split,
        played: Default::default(),
        symmetric_suits: None,
    })
}

/// Resolves the bet of each side that chooses, and gives each side a
/// hidden slot for its choices so far.
fn sides(
    compiled: &mut round::Compiled,
    bets: &[crate::program::Bet],
    errors: &mut Vec<CheckError>,
) -> Vec<ChoosingSide> {
    let mut sides = Vec::new();
    for by in &compiled.sides {
        let Some(bet) = bets.iter().position(|b| b.name == by.name) else {
            let mut err = error::unknown("bet", by, bets.iter().map(|b| b.name.as_str()));
            if let CheckError::Unknown {
                help: help @ None, ..
            } = &mut err
            {
                *help = Some(
                    "a choice is made by the bettor of a bet, who wants its expected value as high as possible"
                        .to_string(),
                );
            }
            errors.push(err);
            continue;
        };
        compiled.slots.push(Named {
            name: format!("the choices of {}", by.name),
            span: by.span,
        });
        sides.push(ChoosingSide {
            bet,
            slot: compiled.slots.len() - 1,
        });
    }
    sides
}

/// Records an item that may appear once; a second one is an error.
fn once<'a, T>(
    slot: &mut Option<&'a T>,
    item: &'a T,
    span: Span,
    what: &'static str,
    errors: &mut Vec<CheckError>,
) where
    T: HasSpan,
{
    match slot {
        Some(first) => errors.push(CheckError::Repeated {
            what,
            first: first.span(),
            second: span,
        }),
        None => *slot = Some(item),
    }
}

fn item_span(item: &Item) -> Span {
    let span = match item {
        Item::Game(i) => i.span,
        Item::Param(i) => i.span,
        Item::Outcomes(i) => i.span,
        Item::Hands(i) => i.span,
        Item::Table(i) => i.span,
        Item::Shoe(i) => i.span,
        Item::Define(i) => i.span,
        Item::Round(i) => i.span,
        Item::Bet(i) => i.span,
        Item::Expect(i) => i.span,
        Item::Claim(i) => i.span,
        Item::Banking(i) => i.span,
    };
    // The first line of it is enough to say "in this file".
    Span::new(span.start, span.start + 1)
}

trait HasSpan {
    fn span(&self) -> Span;
}

impl HasSpan for ast::GameDecl {
    fn span(&self) -> Span {
        self.span
    }
}
impl HasSpan for ast::RoundDecl {
    fn span(&self) -> Span {
        self.span
    }
}
impl HasSpan for ast::HandsDecl {
    fn span(&self) -> Span {
        self.span
    }
}
impl HasSpan for ast::Banking {
    fn span(&self) -> Span {
        self.span
    }
}
