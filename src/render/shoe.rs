//! One whole shoe dealt to the cut card as text (`dicerules shoe`): a line
//! per coup, its columns aligned, then how each bet fared.

use std::fmt::Write as _;

use crate::report::shoe::ShoeRun;

/// The shoe as text: a line per coup, its columns aligned, then the
/// summary.
pub fn text(run: &ShoeRun) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}: shoe `{}` of {} cards, seed {}, dealt to the cut card at {} left: {} coups",
        run.game,
        run.shoe,
        run.shoe_cards,
        run.seed,
        run.cut,
        run.coups.len()
    );
    let _ = writeln!(
        out,
        "each bet's exact house edge from the cards left before the coup; * marks a bet that favours the bettor (edge below 0)\n"
    );
    let widths: Vec<usize> = run.bets.iter().map(|b| b.chars().count().max(9)).collect();
    let mut header = format!("{:>4}  {:>5}", "coup", "left");
    for (bet, w) in run.bets.iter().zip(&widths) {
        let _ = write!(header, "  {bet:>w$} ");
    }
    let _ = writeln!(out, "{header}  dealt -> outcome");
    for c in &run.coups {
        let mut line = format!("{:>4}  {:>5}", c.coup, c.cards_left);
        for ((bet, p), w) in run.bets.iter().zip(&c.house_edges_percent).zip(&widths) {
            let mark = if c.favourable.contains(bet) { "*" } else { " " };
            let _ = write!(line, "  {:>w$}{mark}", format!("{p:.4}%"));
        }
        let outcome = c.outcome.as_deref().unwrap_or("(no outcome)");
        let _ = writeln!(out, "{line}  {} -> {outcome}", c.dealt.join(" "));
    }
    if run.stopped != "cut card" {
        let _ = writeln!(out, "stopped before the cut card: {}", run.stopped);
    }
    let _ = writeln!(
        out,
        "\nfavourable coups per bet (the bettor's advantage: mean and best, over those coups)"
    );
    let name_width = run
        .bets
        .iter()
        .map(|b| b.chars().count())
        .max()
        .unwrap_or(0);
    for s in &run.summary {
        let pct = |m: Option<f64>| m.map_or("-".to_string(), |m| format!("{m:.4}%"));
        let _ = writeln!(
            out,
            "{:<name_width$}  {:>4} of {} coups  mean {:>9}  best {:>9}",
            s.bet,
            s.favourable_coups,
            run.coups.len(),
            pct(s.mean_advantage_percent),
            pct(s.best_advantage_percent),
        );
    }
    out
}
