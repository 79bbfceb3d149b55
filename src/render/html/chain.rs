//! The page of an exact session (`dicerules session --html DIR`): the
//! probability that a bank is put out of business by round, and each
//! seat's chips after the last round, each chart beside the table of its
//! exact figures, read from the exact session's own [`Session`].

use super::markup::Markup;
use super::page::{chart_with_table, document};
use super::svg::{self, Axis, Chart, Column, Lines, Series};
use crate::number::Exact;
use crate::render::layout::{percent, short};
use crate::render::session::table_line;
use crate::report::session::{RoundRow, SeatRow, Session};

/// A probability as the tables write it: the fraction whole, and its
/// percent.
fn cell(x: &Exact) -> String {
    format!("{x} = {}", percent(x.to_f64() * 100.0))
}

/// The chart of the bank by round.
fn rounds_chart(s: &Session, id: &str) -> String {
    let series = |name: &str, class: &str, pick: fn(&RoundRow) -> &Exact| Series {
        name: name.to_string(),
        points: (s.by_round.iter().enumerate())
            .map(|(i, r)| (i as f64, pick(r).to_f64() * 100.0))
            .collect(),
        band: Vec::new(),
        class: class.to_string(),
        dots: s.by_round.len() <= 30,
    };
    svg::lines(
        &Chart {
            id,
            title: &format!("{}: the bank, round by round", s.heading.game),
            description: "Three lines over the table rounds, in percent: the probability that a bank is put out of business in the round, that one has been by its end, and that the first bank still holds after it. The table beside gives every figure exactly.",
        },
        &Lines {
            axis: Axis::Labels(s.by_round.iter().map(|r| r.round.to_string()).collect()),
            x_label: "table round".to_string(),
            y_label: "probability (%)".to_string(),
            series: vec![
                series("out of business in the round", "s0", |r| &r.bank_broke),
                series("out of business by its end", "s1", |r| &r.bank_broke_by),
                series("first bank still held", "s2", |r| &r.first_bank_held),
            ],
            y_range: None,
            spans: Vec::new(),
            marks: Vec::new(),
        },
    )
}

/// The chart of one seat's chips after the last round.
fn chips_chart(s: &Session, seat: &SeatRow, id: &str) -> String {
    let columns: Vec<Column> = (seat.chips_after.iter())
        .map(|c| (&c.chips, &c.probability))
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
                s.heading.game, seat.seat
            ),
            description: "One column per number of chips the seat may hold after the last round, as high as its probability in percent. The table beside gives every figure exactly.",
        },
        &columns,
        "chips",
        "probability (%)",
    )
}

/// The page of the exact session of `file`.
pub fn page(file: &str, s: &Session) -> String {
    let table = table_line(&s.heading);
    let mut m = Markup::new();
    m.element("h2", &[], "the bank").line();
    m.element("p", &[], &table).line();
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
    for r in &s.by_round {
        t.row(
            "td",
            &[
                ("num", &r.round.to_string()),
                ("num exact", &cell(&r.bank_broke)),
                ("num exact", &cell(&r.bank_broke_by)),
                ("num exact", &cell(&r.first_bank_held)),
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
    for seat in &s.by_seat {
        m.element("h3", &[], &format!("seat {}", seat.seat)).line();
        m.element(
            "p",
            &[],
            &format!(
                "Expected net over the session: {} ({:+.6}).",
                short(&seat.expected_net.to_string()),
                seat.expected_net.to_f64()
            ),
        )
        .line();
        let mut t = Markup::new();
        t.open("div", &[("class", "scroll")])
            .open("table", &[("class", "chips")])
            .line()
            .row("th", &[("num", "chips"), ("num", "probability")]);
        for c in &seat.chips_after {
            let (chips, p) = (&c.chips, &c.probability);
            t.row("td", &[("num", &chips.decimal()), ("num exact", &cell(p))]);
        }
        t.close("table").close("div").line();
        m.raw(&chart_with_table(
            &chips_chart(s, seat, &format!("seat-{}-chips", seat.seat)),
            &format!("Seat {}'s chips after the last round.", seat.seat),
            &t.finish(),
        ));
    }
    let meta = format!("{file}: an exact session, {table}");
    document(&s.heading.game, &meta, &m.finish(), false)
}
