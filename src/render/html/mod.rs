//! The HTML report (`--html DIR`) and its charts (`--plot FILE.svg`):
//! self-contained pages, inline SVG and CSS, no script and no external
//! resource, light and dark colour schemes, printable. Every number a
//! chart draws is also in a table beside it.
//!
//! Each function here returns the files of a report as (file name,
//! contents): `index.html` first, then a page per game; writing them is
//! the command line's job. The same input always gives the same bytes (no
//! time, no path but those given, a stable order).
//!
//! - [`check`]: a page per rule file ([`GameInput`]: its reports at each
//!   setting of a sweep, or its errors), and an index of their key figures;
//! - [`compare`]: the same pages, and the comparison on the index;
//! - [`simulation`]: the running estimate of each bet (a [`Simulation`]
//!   and its checkpoints);
//! - [`session`]: each seat's chips over a session (its [`History`], the
//!   library's fold of the table's events);
//! - [`exact_session`]: the exact session's figures (its
//!   [`Session`](crate::report::session::Session)).
//!
//! Each takes the data of the layer that made it, never a copy of it.
//!
//! The charts are a small hand-written SVG writer ([`svg`]): bars, columns
//! and lines are a few elements each, and writing them by hand keeps their
//! colours in CSS classes (so the dark scheme and print restyle them), a
//! `<title>` on every mark, and the bytes stable (docs/architecture.md).

mod chain;
mod game;
mod grid;
mod index;
pub mod markup;
mod names;
mod page;
mod sections;
mod session;
mod simulation;
mod source;
pub mod svg;

pub use game::GameInput;
pub use names::page_names;

use index::Entry;

use crate::play::table::record::History;
use crate::report::compare::Comparison;
use crate::report::session::Session as ExactSession;
use crate::report::simulation::Simulation;
use crate::report::Report;

/// A report's files: (file name, contents), `index.html` first.
pub type Files = Vec<(String, String)>;

/// The pages of `games` and their index; `show` the names whose
/// distributions the pages draw, `what` the command (`check`).
fn site(what: &str, games: &[GameInput], show: &[String], before: &str) -> Files {
    let linted = what == "check";
    let names = page_names(&games.iter().map(|g| g.file).collect::<Vec<_>>());
    let entries: Vec<Entry> = games
        .iter()
        .zip(&names)
        .map(|(game, name)| Entry {
            href: format!("{name}.html"),
            game,
        })
        .collect();
    let meta = format!("{} rule file(s)", games.len());
    let mut files = vec![(
        "index.html".to_string(),
        index::index(
            &format!("dicerules {what}"),
            &meta,
            &entries,
            before,
            linted,
        ),
    )];
    for e in &entries {
        files.push((e.href.clone(), game::page(e.game, show)));
    }
    files
}

/// The report of `check`: a page per rule file and the index.
pub fn check(games: &[GameInput], show: &[String]) -> Files {
    site("check", games, show, "")
}

/// The report of `compare`: a page per rule file, and the index with the
/// comparison.
pub fn compare(games: &[GameInput], comparison: &Comparison) -> Files {
    site("compare", games, &[], &index::comparison(comparison))
}

/// The report of `simulate`: the index and the simulation's page.
pub fn simulation(file: &str, simulation: &Simulation) -> Files {
    let name = single_page(file);
    let index = single_index("simulate", file, &simulation.game, &name, &{
        let parts: Vec<String> = simulation
            .bets
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                let last = simulation
                    .checkpoints
                    .iter()
                    .rev()
                    .find_map(|c| c.bets.get(i))?;
                Some(format!(
                    "{} {} (estimate; exact {})",
                    b.bet,
                    super::layout::percent(last.house_edge_estimate.to_f64() * 100.0),
                    super::layout::percent(b.house_edge.to_f64() * 100.0)
                ))
            })
            .collect();
        parts.join(", ")
    });
    vec![
        ("index.html".to_string(), index),
        (name, self::simulation::page(file, simulation)),
    ]
}

/// The report of `play`: the index and the session's page.
pub fn session(file: &str, s: &History) -> Files {
    let name = single_page(file);
    let last = match &s.beyond {
        Some(b) => &b.last.chips,
        None => s.rounds.last().map_or(&s.dealt, |r| &r.chips),
    };
    let chips: Vec<String> = last
        .iter()
        .enumerate()
        .map(|(i, c)| format!("seat {} {c}", i + 1))
        .collect();
    let index = single_index(
        "play",
        file,
        &s.game,
        &name,
        &format!(
            "{} round(s); chips at the end: {}",
            session::rounds(s),
            chips.join(", ")
        ),
    );
    vec![
        ("index.html".to_string(), index),
        (name, session::page(file, s)),
    ]
}

/// The report of `session`: the index and the exact session's page.
pub fn exact_session(file: &str, s: &ExactSession) -> Files {
    let name = single_page(file);
    let last = s.by_round.last();
    let index = single_index(
        "session",
        file,
        &s.heading.game,
        &name,
        &format!(
            "{}; a bank out of business by round {}: {}",
            super::session::table_line(&s.heading),
            last.map_or(0, |r| r.round),
            last.map_or("0%".to_string(), |r| super::layout::percent(
                r.bank_broke_by.to_f64() * 100.0
            ))
        ),
    );
    vec![
        ("index.html".to_string(), index),
        (name, chain::page(file, s)),
    ]
}

/// The page name of a command's one rule file.
fn single_page(file: &str) -> String {
    let name = page_names(&[file]).pop().unwrap_or_default();
    format!("{name}.html")
}

/// The index of a command with one page.
fn single_index(what: &str, file: &str, game: &str, href: &str, figures: &str) -> String {
    let mut m = markup::Markup::new();
    m.element("h2", &[], "pages").line();
    m.open("table", &[("class", "index")])
        .line()
        .row("th", &[("", "game"), ("", "file"), ("", "figures")])
        .open("tr", &[])
        .open("td", &[])
        .element("a", &[("href", href)], game)
        .close("td")
        .element("td", &[], file)
        .element("td", &[], figures)
        .close("tr")
        .line()
        .close("table")
        .line();
    page::document(
        &format!("dicerules {what}"),
        "1 rule file",
        &m.finish(),
        true,
    )
}

/// The chart `--plot` writes for a report: the distribution of `name`, as
/// a file of its own; `None` when the report has no such distribution.
pub fn distribution_svg(report: &Report, name: &str) -> Option<String> {
    let v = report.values.iter().find(|v| v.name == name)?;
    Some(svg::standalone(&sections::distribution_chart(v, "plot")))
}

/// The chart `--plot` writes for a sweep: each bet's edge at each setting,
/// as a file of its own.
pub fn sweep_svg(file: &str, reports: &[(&str, &Report)]) -> String {
    let game = GameInput {
        file,
        source: None,
        reports: reports.to_vec(),
        errors: &[],
    };
    svg::standalone(&game::sweep_chart(&game))
}

/// The chart `--plot` writes for a simulation: every bet's running
/// estimate, one chart under another, as a file of its own.
pub fn convergence_svg(convergence: &Simulation) -> String {
    let charts: Vec<String> = (0..convergence.bets.len())
        .map(|i| simulation::chart(convergence, i, &format!("bet{}", i + 1)))
        .collect();
    let chart = svg::Chart {
        id: "simulation",
        title: &format!(
            "{}: the simulated house edge of each bet over {} rounds",
            convergence.game, convergence.rounds
        ),
        description: "One chart per bet: the running estimate with its 95% band, and the exact edge dashed, on a logarithmic scale of rounds.",
    };
    svg::standalone(&svg::stack(&chart, &charts))
}
