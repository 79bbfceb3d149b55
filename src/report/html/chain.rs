//! The page of an exact session (`dicerules session --html DIR`): the
//! probability that a bank is put out of business by round, and each
//! seat's chips after the last round, each chart beside the table of its
//! exact figures. The data comes from the play layer's chain through
//! [`ExactSession`], which the command line fills.

use super::markup::Markup;
use super::page::{chart_with_table, document};
use super::svg::{self, Axis, Chart, Column, Lines, Series};
use crate::number::Exact;
use crate::report::text::{percent, short};

/// An exact session's figures, as the page draws them.
#[derive(Clone, Debug, Default)]
pub struct ExactSession {
    /// The game's name.
    pub game: String,
    /// The table in a line: seats, rounds, stake rule, who banks first.
    pub table: String,
    /// One row a table round.
    pub rounds: Vec<ExactRound>,
    /// One row a seat.
    pub seats: Vec<ExactSeat>,
}

/// A table round's probabilities.
#[derive(Clone, Debug)]
pub struct ExactRound {
    /// From 1.
    pub round: u64,
    /// That a bank is put out of business in this round.
    pub out: Exact,
    /// That a bank has been by the end of this round.
    pub out_by: Exact,
    /// That the first bank still holds after it.
    pub held: Exact,
}

/// A seat's figures after the last round.
#[derive(Clone, Debug)]
pub struct ExactSeat {
    /// From 1.
    pub seat: usize,
    /// Its expected net over the session.
    pub net: Exact,
    /// The chips it may hold, fewest first, each with its probability.
    pub chips: Vec<(Exact, Exact)>,
}

/// A probability as the tables write it: the fraction whole, and its
/// percent.
fn cell(x: &Exact) -> String {
    format!("{x} = {}", percent(x.to_f64() * 100.0))
}

/// The chart of the bank by round.
fn rounds_chart(s: &ExactSession, id: &str) -> String {
    let series = |name: &str, class: &str, pick: fn(&ExactRound) -> &Exact| Series {
        name: name.to_string(),
        points: (s.rounds.iter().enumerate())
            .map(|(i, r)| (i as f64, pick(r).to_f64() * 100.0))
            .collect(),
        band: Vec::new(),
        class: class.to_string(),
        dots: s.rounds.len() <= 30,
    };
    svg::lines(
        &Chart {
            id,
            title: &format!("{}: the bank, round by round", s.game),
            description: "Three lines over the table rounds, in percent: the probability that a bank is put out of business in the round, that one has been by its end, and that the first bank still holds after it. The table beside gives every figure exactly.",
        },
        &Lines {
            axis: Axis::Labels(s.rounds.iter().map(|r| r.round.to_string()).collect()),
            x_label: "table round".to_string(),
            y_label: "probability (%)".to_string(),
            series: vec![
                series("out of business in the round", "s0", |r| &r.out),
                series("out of business by its end", "s1", |r| &r.out_by),
                series("first bank still held", "s2", |r| &r.held),
            ],
            y_range: None,
            spans: Vec::new(),
            marks: Vec::new(),
        },
    )
}

/// The chart of one seat's chips after the last round.
fn chips_chart(s: &ExactSession, seat: &ExactSeat, id: &str) -> String {
    let columns: Vec<Column> = (seat.chips.iter())
        .map(|(chips, p)| Column {
            label: chips.decimal(),
            value: p.to_f64() * 100.0,
            title: format!("{} chips: {}", chips.decimal(), cell(p)),
        })
        .collect();
    svg::columns(
        &Chart {
            id,
            title: &format!(
                "{}: seat {}'s chips after the last round",
                s.game, seat.seat
            ),
            description: "One column per number of chips the seat may hold after the last round, as high as its probability in percent. The table beside gives every figure exactly.",
        },
        &columns,
        "chips",
        "probability (%)",
    )
}

/// The page of the exact session of `file`.
pub fn page(file: &str, s: &ExactSession) -> String {
    let mut m = Markup::new();
    m.element("h2", &[], "the bank").line();
    m.element("p", &[], &s.table).line();
    let mut t = Markup::new();
    t.open("div", &[("class", "scroll")])
        .open("table", &[("class", "rounds")])
        .line()
        .row(
            "th",
            &[
                ("num", "round"),
                ("num", "out of business in it"),
                ("num", "by its end"),
                ("num", "first bank held after"),
            ],
        );
    for r in &s.rounds {
        t.row(
            "td",
            &[
                ("num", &r.round.to_string()),
                ("num exact", &cell(&r.out)),
                ("num exact", &cell(&r.out_by)),
                ("num exact", &cell(&r.held)),
            ],
        );
    }
    t.close("table").close("div").line();
    m.raw(&chart_with_table(
        &rounds_chart(s, "bank-chart"),
        "The bank put out of business, and the first bank held, round by round.",
        &t.finish(),
    ));
    m.element("h2", &[], "the seats after the last round")
        .line();
    for seat in &s.seats {
        m.element("h3", &[], &format!("seat {}", seat.seat)).line();
        m.element(
            "p",
            &[],
            &format!(
                "Expected net over the session: {} ({:+.6}).",
                short(&seat.net.to_string()),
                seat.net.to_f64()
            ),
        )
        .line();
        let mut t = Markup::new();
        t.open("div", &[("class", "scroll")])
            .open("table", &[("class", "chips")])
            .line()
            .row("th", &[("num", "chips"), ("num", "probability")]);
        for (chips, p) in &seat.chips {
            t.row("td", &[("num", &chips.decimal()), ("num exact", &cell(p))]);
        }
        t.close("table").close("div").line();
        m.raw(&chart_with_table(
            &chips_chart(s, seat, &format!("seat-{}-chips", seat.seat)),
            &format!("Seat {}'s chips after the last round.", seat.seat),
            &t.finish(),
        ));
    }
    let meta = format!("{file}: an exact session, {}", s.table);
    document(&s.game, &meta, &m.finish(), false)
}
