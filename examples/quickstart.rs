//! The library in a few lines: load a shipped game, print the exact house
//! edge of each bet, and play ten seeded rounds at a table of three.
//!
//! ```text
//! cargo run --example quickstart                 # games/heist.dice
//! cargo run --example quickstart games/quatorze.dice
//! ```

use dicerules::play::table::{Flow, Options as TableOptions, Table, TableEvent};
use dicerules::render::transcript;
use dicerules::{Analysis, Options};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/games/heist.dice").to_string());
    run(&std::fs::read_to_string(&path)?)
}

/// Analyses and plays the rule file `source`, printing as it goes.
pub fn run(source: &str) -> Result<(), Box<dyn std::error::Error>> {
    // Parse, check, evaluate exactly, solve: every figure is a fraction.
    let analysis = Analysis::new(source, &Options::default()).map_err(|errors| {
        let first = errors.first().map(ToString::to_string).unwrap_or_default();
        format!("{} error(s) in the file; the first: {first}", errors.len())
    })?;
    println!("{}", analysis.report.game);
    for bet in &analysis.report.bets {
        println!(
            "  {:<12} house edge {} = {:.4}%",
            bet.bet, bet.house_edge, bet.house_edge_percent
        );
    }

    // Ten rounds at a table of three automatic seats, by the file's
    // `banking` rules; the same seed plays the same rounds.
    let program = analysis.program();
    let options = TableOptions {
        seats: 3,
        rounds: 10,
        seed: 7,
        ..TableOptions::default()
    };
    let mut emit = |event: TableEvent| {
        println!("{}", transcript::line(program, &event));
        Flow::Continue
    };
    Table::new(program, &analysis.distribution, options, None, &mut emit).run()?;
    Ok(())
}
