//! The page of a session at a table: each seat's chips over the rounds,
//! who held the bank (a strip under the chart) and each hand-over of the
//! bank (a tick); the chips after every round in a table beside, and the
//! session's events in words. The data comes from the play layer's
//! events through the library's one fold of them
//! ([`History`], gathered by `play::table::record`).

use super::markup::Markup;
use super::page::{chart_with_table, document};
use super::svg::{self, Axis, Chart, Lines, Series, Span};
use crate::number::Exact;
use crate::play::table::record::History;

/// A seat's name: `seat 3`.
fn seat(i: usize) -> String {
    format!("seat {i}")
}

/// The chart of the seats' chips.
pub fn chart(s: &History, id: &str) -> String {
    let seats = s.dealt.len();
    let series: Vec<Series> = (0..seats)
        .map(|i| Series {
            name: seat(i + 1),
            points: std::iter::once((0.0, s.dealt[i].to_f64()))
                .chain(
                    s.rounds
                        .iter()
                        .map(|r| (r.round as f64, r.chips.get(i).map_or(0.0, Exact::to_f64))),
                )
                .collect(),
            band: Vec::new(),
            class: format!("s{}", i % 8),
            dots: s.rounds.len() <= 30,
        })
        .collect();
    let spans: Vec<Span> = s
        .rounds
        .iter()
        .filter_map(|r| {
            let banker = r.banker?;
            Some(Span {
                from: r.round as f64 - 1.0,
                to: r.round as f64,
                class: format!("s{}", (banker - 1) % 8),
                title: format!("round {}: {} banks", r.round, seat(banker)),
            })
        })
        .collect();
    let marks: Vec<(f64, String)> = s
        .handovers
        .iter()
        .map(|h| {
            (
                h.round as f64,
                format!(
                    "round {}: the bank passes from {} to {}",
                    h.round,
                    seat(h.from),
                    seat(h.to)
                ),
            )
        })
        .collect();
    let shown = match (&s.beyond, s.rounds.last()) {
        (Some(b), Some(last)) => format!(
            " It shows the first {} rounds; the {} after them are summarised under the table.",
            last.round, b.rounds
        ),
        _ => String::new(),
    };
    let strip = if spans.is_empty() {
        ""
    } else {
        " The strip under the chart is coloured by the seat holding the bank in each round, and a tick marks each hand-over of the bank."
    };
    svg::lines(
        &Chart {
            id,
            title: &format!("{}: each seat's chips over the rounds", s.game),
            description: &format!(
                "One line per seat: its chips after each table round, from what it was dealt (round 0).{shown}{strip} The table beside gives every figure."
            ),
        },
        &Lines {
            axis: Axis::Linear,
            x_label: "table round".to_string(),
            y_label: "chips".to_string(),
            series,
            y_range: None,
            spans,
            marks,
        },
    )
}

/// The table rounds of the session, those summarised included.
pub fn rounds(s: &History) -> u64 {
    s.rounds.len() as u64 + s.beyond.as_ref().map_or(0, |b| b.rounds)
}

/// The page of a session of `file`.
pub fn page(file: &str, s: &History) -> String {
    let seats = s.dealt.len();
    let mut m = Markup::new();
    m.element("h2", &[], "chips").line();
    let summary = format!(
        "{} table round(s) from seed {}; {}. The house took {} in all.",
        rounds(s),
        s.seed,
        if s.reason.is_empty() {
            "the session ended"
        } else {
            s.reason.as_str()
        },
        s.house
    );
    m.element("p", &[], &summary).line();
    let mut t = Markup::new();
    t.open("div", &[("class", "scroll")])
        .open("table", &[("class", "chips")])
        .line()
        .open("tr", &[])
        .element("th", &[("class", "num")], "round")
        .element("th", &[], "banker");
    for i in 0..seats {
        t.open("th", &[("class", "num")])
            .element("span", &[("class", &format!("key s{}", i % 8))], "")
            .text(&seat(i + 1))
            .close("th");
    }
    t.close("tr").line();
    let banker = |b: Option<usize>| b.map_or("the house".to_string(), seat);
    let row = |t: &mut Markup, round: &str, b: &str, chips: &[Exact]| {
        t.open("tr", &[])
            .element("td", &[("class", "num")], round)
            .element("td", &[], b);
        for c in chips {
            t.element("td", &[("class", "num exact")], &c.to_string());
        }
        t.close("tr").line();
    };
    row(&mut t, "0 (dealt)", &banker(s.first_banker), &s.dealt);
    for r in &s.rounds {
        row(&mut t, &r.round.to_string(), &banker(r.banker), &r.chips);
    }
    if let Some(b) = &s.beyond {
        let last = &b.last;
        row(
            &mut t,
            &format!("{} (last)", last.round),
            &banker(last.banker),
            &last.chips,
        );
    }
    t.close("table").close("div").line();
    let caption = match &s.beyond {
        None => "Each seat's chips after each table round.".to_string(),
        Some(b) => format!(
            "Each seat's chips after each of the first {} table rounds, and after the last.",
            rounds(s) - b.rounds
        ),
    };
    m.raw(&chart_with_table(
        &chart(s, "chips-chart"),
        &caption,
        &t.finish(),
    ));
    if let Some(b) = &s.beyond {
        let shown = rounds(s) - b.rounds;
        let text = format!(
            "The report keeps the first {shown} table round(s) in detail (--html-rounds): the {} after them are summarised. In them the bank passed {} time(s) and {} other event(s) happened; the last, round {}, is the table's last row. The transcript has every round.",
            b.rounds, b.handovers, b.notes, b.last.round
        );
        m.element("p", &[("class", "beyond")], &text).line();
    }
    m.element("h2", &[], "the bank and the seats").line();
    let quiet_beyond = s
        .beyond
        .as_ref()
        .is_none_or(|b| b.handovers == 0 && b.notes == 0);
    if s.handovers.is_empty() && s.notes.is_empty() && quiet_beyond {
        m.element("p", &[], "The bank never passed and no seat left.")
            .line();
    } else {
        let mut events: Vec<(u64, String)> = s
            .handovers
            .iter()
            .map(|h| {
                (
                    h.round,
                    format!("the bank passes from {} to {}", seat(h.from), seat(h.to)),
                )
            })
            .collect();
        events.extend(s.notes.iter().cloned());
        // In round order, hand-overs first within a round (a stable sort).
        events.sort_by_key(|(round, _)| *round);
        let passed = match &s.beyond {
            None => format!("The bank passed {} time(s).", s.handovers.len()),
            Some(b) => format!(
                "The bank passed {} time(s), {} of them in the rounds shown, listed here.",
                s.handovers.len() as u64 + b.handovers,
                s.handovers.len()
            ),
        };
        m.element("p", &[], &passed).line();
        m.open("div", &[("class", "scroll")])
            .open("table", &[("class", "events")])
            .line()
            .row("th", &[("num", "round"), ("", "what happened")]);
        for (round, what) in &events {
            m.row("td", &[("num", &round.to_string()), ("", what)]);
        }
        m.close("table").close("div").line();
    }
    let meta = format!("{file}: a session of {} seat(s), seed {}", seats, s.seed);
    document(&s.game, &meta, &m.finish(), false)
}
