//! Compiling the statements of cards: `draw`, `turn up`, `burn`; each
//! shoe made to tell apart what the round reads of its cards, and the
//! checks of a hand for each seat.

use super::*;
use crate::program::{Draw, Throw};

/// Makes each shoe tell apart the ranks and suits the round reads of its
/// cards, and checks each draw's hands against the bound again: a hand of
/// five cards known by rank and suit has far more results than one of five
/// card values.
pub(in crate::check) fn tell_apart(
    shoes: &mut [Shoe],
    cards_read: &[(bool, bool)],
    code: &[Instr],
    errors: &mut Vec<CheckError>,
) {
    for (shoe, &(rank, suit)) in shoes.iter_mut().zip(cards_read) {
        if rank || suit {
            shoe.tell_apart(rank, suit);
        }
    }
    let draws: Vec<&Draw> = code.iter().filter_map(Instr::as_draw).collect();
    for (
        i,
        &&Draw {
            count, shoe, span, ..
        },
    ) in draws.iter().enumerate()
    {
        // A draw from a shoe of cards alike but for their values was
        // checked as it was compiled.
        let told_apart = cards_read.get(shoe).is_some_and(|&(r, s)| r || s);
        let kinds = shoes.get(shoe).map_or(0, |s| s.kinds.len()) as u64;
        // The round's first deal, from one deck told apart by rank and
        // suit and dealt from again later, is dealt one hand of each set
        // alike up to the suits' names where the round is symmetric in
        // them (`exact::machine`); otherwise the evaluation stops at its
        // bound of states.
        let by_suits = i == 0
            && cards_read.get(shoe) == Some(&(true, true))
            && shoes
                .get(shoe)
                .is_some_and(|s| s.decks == Some(1) && kinds == 52)
            && draws[1..].iter().any(|d| d.shoe == shoe)
            && crate::program::suits::hands_up_to_suits(count) <= MAX_THROW_RESULTS;
        if told_apart
            && !by_suits
            && crate::multiset::count(u64::from(count), kinds) > MAX_THROW_RESULTS
        {
            errors.push(CheckError::DrawHands {
                count: i64::from(count),
                span,
            });
        }
    }
}

/// `for each seat` deals each seat a hand at a table where every seat plays
/// its own round against the table's cards: not a round of dice (the
/// table's throws would differ from seat to seat), nor a table where the
/// largest stake plays one hand for everyone.
pub(in crate::check) fn seat_hands(
    code: &[Instr],
    banking: &crate::program::Banking,
    errors: &mut Vec<CheckError>,
) {
    let Some(span) = code.iter().find_map(|i| match i {
        Instr::Draw(Draw {
            for_each_seat: true,
            span,
            ..
        }) => Some(*span),
        _ => None,
    }) else {
        return;
    };
    let (reason, help) = if code.iter().any(|i| matches!(i, Instr::Throw(Throw { .. }))) {
        (
            "the round throws dice, which every seat would have to share",
            "deal the hand to the table (leave out `for each seat`), or leave the dice out",
        )
    } else if banking.largest_stake_chooses {
        (
            "`choices by the largest stake` plays one hand for every seat",
            "leave out `for each seat`, or let each seat choose (`choices by each seat`)",
        )
    } else {
        return;
    };
    errors.push(CheckError::SeatHands { reason, help, span });
}

impl Compiler<'_, '_, '_> {
    /// `draw NAME = N from SHOE`: a hand of N cards, dealt from what the
    /// round has left in the shoe.
    pub(super) fn draw(&mut self, d: &ast::DrawStmt) {
        self.thrown = true;
        let (shoe, count_ok) = self.shoe_and_count(&d.shoe, d.count, d.count_span);
        let mut ty = Ty::Error;
        if let (Some(i), true) = (shoe, count_ok) {
            let kinds = self.typer.names.shoes[i].kinds.len() as u64;
            if crate::multiset::count(d.count as u64, kinds) > MAX_THROW_RESULTS {
                self.typer.errors.push(CheckError::DrawHands {
                    count: d.count,
                    span: d.count_span,
                });
            } else {
                ty = Ty::Pool {
                    count: d.count as u32,
                    sides: 0,
                    shoe: Some(i),
                };
            }
        }
        let dealt = match shoe {
            Some(i) => *self.dealt[i].get_or_insert_with(|| {
                // Hidden: named after the shoe, for messages.
                self.slots.push(Named {
                    name: d.shoe.name.clone(),
                    span: d.shoe.span,
                });
                self.slots.len() - 1
            }),
            None => 0,
        };
        let slot = self.bind(&d.name, ty);
        if d.face_down {
            self.face_down.push(slot);
        }
        self.code.push(Instr::Draw(Draw {
            slot,
            count: d.count.clamp(0, MAX_DRAW) as u32,
            shoe: shoe.unwrap_or(0),
            dealt,
            face_down: d.face_down,
            for_each_seat: d.for_each_seat,
            span: d.span,
        }));
    }

    /// `turn up NAME`: a hand dealt face down shown to the table before the
    /// next step. Compiled to nothing the evaluation runs: it changes what
    /// the table sees, not the round.
    pub(super) fn turn_up(&mut self, t: &ast::TurnUpStmt) {
        let Some((slot, _)) = self.typer.lookup(&t.name.name) else {
            let known: Vec<&str> = self.typer.vars.iter().map(|v| v.0.as_str()).collect();
            let error = unknown("name", &t.name, known);
            self.typer.errors.push(error);
            return;
        };
        if !self.face_down.contains(&slot) {
            self.typer.errors.push(CheckError::NotFaceDown {
                name: t.name.name.clone(),
                span: t.name.span,
            });
            return;
        }
        self.turn_ups.push((self.code.len(), slot));
    }

    /// `burn N from SHOE`: checked as a draw's count and shoe are, and
    /// compiled to nothing. The burned cards are seen by no one, and the
    /// cards of a shoe are exchangeable: given what has been seen, the
    /// cards dealt after a burn have the chances they would have without
    /// it, so neither the evaluation nor the table need deal them.
    pub(super) fn burn(&mut self, b: &ast::BurnStmt) {
        self.shoe_and_count(&b.shoe, b.count, b.count_span);
    }

    /// The shoe a draw or a burn names (an unknown one reported, with a
    /// suggestion), and whether `count` cards can be taken from it at
    /// once (reported at `count_span` when not).
    fn shoe_and_count(
        &mut self,
        shoe: &ast::Ident,
        count: i64,
        count_span: crate::ast::Span,
    ) -> (Option<usize>, bool) {
        let names = self.typer.names;
        let Some(i) = names.shoes.iter().position(|s| s.name == shoe.name) else {
            let known = names.shoes.iter().map(|s| s.name.as_str());
            self.typer
                .errors
                .push(unknown("shoe", shoe, known.collect::<Vec<_>>()));
            return (None, false);
        };
        let cards = names.shoes[i]
            .decks
            .map_or(i64::MAX, |decks| 52 * i64::from(decks));
        let ok = (1..=cards.min(MAX_DRAW)).contains(&count);
        if !ok {
            self.typer.errors.push(CheckError::DrawCount {
                count,
                most: cards.min(MAX_DRAW),
                span: count_span,
            });
        }
        (Some(i), ok)
    }
}
