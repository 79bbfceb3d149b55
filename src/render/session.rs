//! A session's figures as text (`dicerules session`): exact, a line a
//! round then a line a seat, or the first bank's tenure alone
//! (`--tenure`); estimated (`--simulate N`), the same rows as means with
//! their standard errors.

use std::fmt::Write as _;

use super::layout::short;
use crate::report::session::{Estimate, FirstBank, Heading, SampledSession, Session};

/// A session of `--tenure`: the first bank only.
fn tenure_text(out: &mut String, s: &Session, f: &FirstBank, why: &str) {
    let _ = writeln!(out, "{}: {}", s.heading.game, table_line(&s.heading));
    let _ = writeln!(
        out,
        "exact, as `play` runs the table (its automatic seats), following the first bank only: {} round(s), at most {} different tables after a round; stopped as {why}\n",
        s.heading.rounds, s.peak_states
    );
    let _ = writeln!(
        out,
        "the first bank (seat {}): held for {} of the first {} rounds on average ({:.10}); still held after them: {} ({:.3e})",
        f.seat,
        short(&f.expected_rounds.to_string()),
        s.heading.rounds,
        f.expected_rounds.to_f64(),
        short(&f.held_after_last.to_string()),
        f.held_after_last.to_f64(),
    );
    let _ = writeln!(
        out,
        "its banker's expected net over those rounds: {} ({:+.10})",
        short(&f.banker_net.to_string()),
        f.banker_net_decimal
    );
    tenure_bounds(out, f);
}

/// The first bank's tenure without a limit of rounds, where the bank rule
/// bounds it.
fn tenure_bounds(out: &mut String, f: &FirstBank) {
    let (Some(h), Some(upper), Some(lo), Some(hi)) = (
        &f.hazard_floor,
        &f.tenure_upper,
        &f.banker_net_lower,
        &f.banker_net_upper,
    ) else {
        return;
    };
    if f.held_after_last.is_zero() {
        return;
    }
    let _ = writeln!(
        out,
        "without a limit of rounds (each ends the tenure with probability at least {}, {:.6}):\n  expected tenure in [{:.10}, {:.10}]\n  banker's expected net over it in [{:+.10}, {:+.10}]",
        short(&h.to_string()),
        h.to_f64(),
        f.expected_rounds.to_f64(),
        upper.to_f64(),
        lo.to_f64(),
        hi.to_f64(),
    );
}

/// The session as text: a line a round, then a line a seat.
pub fn text(s: &Session) -> String {
    let mut out = String::new();
    if let (Some(why), Some(f)) = (&s.stopped, &s.first_bank) {
        tenure_text(&mut out, s, f, why);
        return out;
    }
    let _ = writeln!(out, "{}: {}", s.heading.game, table_line(&s.heading));
    let _ = writeln!(
        out,
        "exact, as `play` runs the table (its automatic seats); at most {} different tables after a round\n",
        s.peak_states
    );
    let cell = |x: &crate::number::Exact| {
        format!("{} ({:.4}%)", short(&x.to_string()), x.to_f64() * 100.0)
    };
    let rows = s.by_round.iter().map(|r| {
        let cells = [
            &r.bank_broke,
            &r.bank_broke_by,
            &r.over_by,
            &r.first_bank_held,
        ];
        (r.round, cells.map(cell))
    });
    round_rows(&mut out, 28, rows);
    if let Some(f) = &s.first_bank {
        let _ = writeln!(
            out,
            "\nthe first bank (seat {}): held for {} of these {} rounds on average ({:.6}); still held after the last: {}",
            f.seat,
            short(&f.expected_rounds.to_string()),
            s.heading.rounds,
            f.expected_rounds.to_f64(),
            cell(&f.held_after_last)
        );
        let _ = writeln!(
            out,
            "its banker's expected net over those rounds: {} ({:+.6})",
            short(&f.banker_net.to_string()),
            f.banker_net_decimal
        );
        tenure_bounds(&mut out, f);
    }
    let _ = writeln!(
        out,
        "\n{:>4}  {:>6}  {:>34}  chips after the last round",
        "seat", "dealt", "expected net"
    );
    for seat in &s.by_seat {
        let net = format!(
            "{} ({:+.6})",
            short(&seat.expected_net.to_string()),
            seat.expected_net_decimal
        );
        let low = seat
            .chips_after
            .first()
            .map(|c| c.chips.decimal())
            .unwrap_or_default();
        let high = seat
            .chips_after
            .last()
            .map(|c| c.chips.decimal())
            .unwrap_or_default();
        let none = seat
            .chips_after
            .iter()
            .find(|c| c.chips.is_zero())
            .map_or(0.0, |c| c.probability.to_f64() * 100.0);
        let _ = writeln!(
            out,
            "{:>4}  {:>6}  {net:>34}  {} value{} from {low} to {high}; none left {none:.4}%",
            seat.seat,
            seat.chips_dealt.decimal(),
            seat.chips_after.len(),
            if seat.chips_after.len() == 1 { "" } else { "s" },
        );
    }
    out
}

/// The estimated session as text: the same rows as [`text`], each figure
/// its mean and standard error.
pub fn sampled_text(s: &SampledSession) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", s.heading.game, table_line(&s.heading));
    let _ = writeln!(
        out,
        "estimated from {} sessions played as `play` plays them (seeds {} to {}): mean ± standard error\n",
        s.sessions,
        s.seed,
        s.seed.wrapping_add(s.sessions - 1)
    );
    let percent = |e: &Estimate| format!("{:.4}% ± {:.4}", e.mean * 100.0, e.std_error * 100.0);
    let rows = s.by_round.iter().map(|r| {
        let cells = [
            &r.bank_out,
            &r.bank_out_by,
            &r.ended_by,
            &r.first_bank_held_after,
        ];
        (r.round, cells.map(percent))
    });
    round_rows(&mut out, 22, rows);
    let plain = |e: &Estimate| format!("{:+.6} ± {:.6}", e.mean, e.std_error);
    if let Some(f) = &s.first_bank {
        let _ = writeln!(
            out,
            "\nthe first bank (seat {}): held for {:.6} ± {:.6} of these {} rounds on average",
            f.seat, f.rounds_held.mean, f.rounds_held.std_error, s.heading.rounds
        );
        let _ = writeln!(
            out,
            "its banker's net over those rounds: {}",
            plain(&f.banker_net_held)
        );
    }
    let _ = writeln!(
        out,
        "\n{:>4}  {:>24}  {:>24}  {:>22}",
        "seat", "net", "chips after", "none left"
    );
    for seat in &s.by_seat {
        let _ = writeln!(
            out,
            "{:>4}  {:>24}  {:>24}  {:>22}",
            seat.seat,
            plain(&seat.net_over_session),
            format!(
                "{:.4} ± {:.4}",
                seat.chips_held.mean, seat.chips_held.std_error
            ),
            percent(&seat.no_chips)
        );
    }
    out
}

/// A session's rows by round, under their header: the round, then four
/// cells (the bank out of business in it, by it, the session over by it,
/// the first bank held after it), each `width` wide.
fn round_rows(out: &mut String, width: usize, rows: impl Iterator<Item = (u64, [String; 4])>) {
    let heads = [
        "bank out of business",
        "by this round",
        "session over by",
        "first bank held after",
    ];
    let line = |out: &mut String, round: &str, cells: &[&str]| {
        let cells: Vec<String> = cells.iter().map(|c| format!("{c:>width$}")).collect();
        let _ = writeln!(out, "{round:>5}  {}", cells.join("  "));
    };
    line(out, "round", &heads);
    for (round, cells) in rows {
        let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
        line(out, &round.to_string(), &cells);
    }
}

/// The table in a line: `4 seats, 10 table rounds, stake rule 1; seat 1
/// banks first`.
pub fn table_line(s: &Heading) -> String {
    let bank = match s.banker {
        Some(b) => format!("seat {b} banks first"),
        None => "the house banks".to_string(),
    };
    format!(
        "{} seats, {} table round{}, stake rule {}; {bank}",
        s.seats,
        s.rounds,
        if s.rounds == 1 { "" } else { "s" },
        s.stake_rule
    )
}
