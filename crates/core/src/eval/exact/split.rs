//! A round split where its seats part (`throw ... for each seat`): the
//! table's part of the round (every throw and draw before the first
//! statement a seat makes for itself) evaluated once, and each way it can
//! leave the round evaluated on from there, once, for any seat.
//!
//! Given the state at that point (the values still live there, all the
//! table's part leaves behind), one seat's run of the rest is independent
//! of another's, so the law of K seats' runs of one table round is
//!
//! P(e1, ..., eK) = sum over table ends e of P(e) [every ei = e]
//!                + sum over parts s of P(s) P(e1 | s) ... P(eK | s),
//!
//! which is what the exact session ((`session`, above)) follows. A
//! part's ends recombined with its probability, and the table's ends, are
//! the round's own distribution (tested).

use super::machine::{evaluate_reach, Reach};
use super::{End, Limits};
use crate::eval::observe::Throws;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::{Instr, Program};

/// A round split where its seats part.
#[derive(Clone, Debug)]
pub struct Split {
    /// The ends reached before any seat's own statement: every seat's run
    /// ends so alike.
    pub table_ends: Vec<End>,
    /// Each way the table's part leaves the round for the seats.
    pub parts: Vec<Part>,
}

/// One way the table's part of a round leaves it for the seats.
#[derive(Clone, Debug)]
pub struct Part {
    /// The probability of this part.
    pub probability: Exact,
    /// How one seat's run ends from here: the ends' weights are
    /// conditional on the part.
    pub ends: Vec<End>,
}

/// Splits `program`'s round where its seats part: before each statement a
/// seat makes for itself (`for each seat`). A round of no such statement
/// has no parts: every end is the table's. The round's choice, if any, is not
/// made here: the caller refuses a split round with choices.
pub fn split_round(program: &Program, limits: Limits) -> Result<Split, EvalError> {
    let stop_at: Vec<bool> = program.code.iter().map(seat_own).collect();
    let mut throws = Throws::default();
    let mut work = 0;
    let reach = Reach {
        from: None,
        stop_at: Some(&stop_at),
        ..Reach::default()
    };
    let (table, stopped) = evaluate_reach(
        program,
        limits,
        None,
        &mut throws,
        &mut None,
        &mut work,
        reach,
    )?;
    let mut parts = Vec::with_capacity(stopped.len());
    for (pc, values, weight) in &stopped {
        let reach = Reach {
            from: Some((*pc, values)),
            stop_at: None,
            ..Reach::default()
        };
        let (part, _) = evaluate_reach(
            program,
            limits,
            None,
            &mut throws,
            &mut None,
            &mut work,
            reach,
        )?;
        parts.push(Part {
            probability: weight.to_exact(),
            ends: part.ends,
        });
    }
    Ok(Split {
        table_ends: table.ends,
        parts,
    })
}

/// Whether a step is one a seat makes for itself.
fn seat_own(instr: &Instr) -> bool {
    instr.chance().is_some_and(|(own, _)| own)
}

/// Whether a table throw or draw can follow a seat's own statement: then
/// the seats' runs are not independent given the table's part, and the
/// split does not give their joint law. The round only jumps forward, so
/// a table throw after the first seat's own statement in the code may
/// follow it.
pub fn shared_after_seat(program: &Program) -> Option<crate::ast::Span> {
    let first = program.code.iter().position(seat_own)?;
    program.code[first..]
        .iter()
        .find_map(|i| i.chance().filter(|(own, _)| !own).map(|(_, span)| span))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::exact::evaluate_round;

    fn program(src: &str) -> Program {
        crate::check::load(src, &Default::default())
            .expect("checks")
            .1
    }

    /// The parts recombined with their probabilities, and the table's
    /// ends, are the round's distribution, end for end.
    fn recombines(src: &str, parts: usize) {
        let p = program(src);
        let split = split_round(&p, Limits::default()).expect("splits");
        assert_eq!(split.parts.len(), parts);
        let parts = (split.parts.iter()).fold(Exact::zero(), |t, part| &t + &part.probability);
        let ends = (split.table_ends.iter()).fold(Exact::zero(), |t, e| &t + &e.probability());
        let total = &parts + &ends;
        assert_eq!(total, Exact::one());
        let mut ends: std::collections::BTreeMap<(Option<usize>, Vec<Option<i64>>), Exact> =
            Default::default();
        for e in &split.table_ends {
            let at = ends.entry((e.outcome, e.values.clone())).or_default();
            *at = &*at + &e.probability();
        }
        for part in &split.parts {
            let within = part
                .ends
                .iter()
                .fold(Exact::zero(), |t, e| &t + &e.probability());
            assert_eq!(within, Exact::one(), "a part's law is conditional");
            for e in &part.ends {
                let at = ends.entry((e.outcome, e.values.clone())).or_default();
                *at = &*at + &(&e.probability() * &part.probability);
            }
        }
        let whole = evaluate_round(&p, Limits::default()).expect("evaluates");
        let whole: std::collections::BTreeMap<_, _> = whole
            .ends
            .iter()
            .map(|e| ((e.outcome, e.values.clone()), e.probability()))
            .collect();
        let ends: std::collections::BTreeMap<_, _> =
            ends.into_iter().filter(|(_, p)| !p.is_zero()).collect();
        assert_eq!(ends, whole);
    }

    #[test]
    fn heaven_and_nine_splits_at_the_players_throw_and_recombines() {
        let src = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../../games/heaven_and_nine.dice"),
        )
        .expect("the game");
        // 21 banker throws less the 5 that end the round, merged where they
        // leave the same suit and rank.
        let p = program(&src);
        let split = split_round(&p, Limits::default()).expect("splits");
        assert!(split.parts.len() <= 16 && split.parts.len() >= 10);
        recombines(&src, split.parts.len());
    }

    #[test]
    fn a_round_without_a_seats_own_throw_is_one_part() {
        let src = "game \"g\"\noutcomes high, low\nround {\n  throw d = 1d6\n  if total(d) >= 4 { end high }\n  end low\n}\nbet b {\n  high => win 1 to 1\n  low => lose\n}\n";
        let p = program(src);
        let split = split_round(&p, Limits::default()).expect("splits");
        assert!(split.parts.is_empty());
        assert_eq!(split.table_ends.len(), 2);
        recombines(src, 0);
    }

    #[test]
    fn a_table_throw_after_a_seats_own_is_found() {
        let src = "game \"g\"\noutcomes high, low\nround {\n  throw p = 1d6 for each seat\n  throw d = 1d6\n  if total(p) > total(d) { end high }\n  end low\n}\nbet b {\n  high => win 1 to 1\n  low => lose\n}\n";
        let p = program(src);
        assert!(shared_after_seat(&p).is_some());
        recombines(src, 1);
    }
}
