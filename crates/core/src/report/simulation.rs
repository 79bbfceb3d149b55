//! A simulation's estimates (`dicerules simulate`): each bet's exact house
//! edge and the simulated one beside it, and the running estimates the HTML
//! report draws.

use serde::Serialize;

use super::removal::RemovedShoe;
use super::FormatVersion;
use crate::number::Exact;

/// The estimates of every bet. Its JSON and RON form is part of the
/// contract (docs/json.md): exact figures as strings, floats in fields of
/// their own, named apart from the exact figures.
#[derive(Clone, Debug, Serialize)]
pub struct Simulation {
    /// The version of the JSON and RON contract.
    pub format_version: FormatVersion,
    /// The game's name, as its `game` line gives it.
    pub game: String,
    /// Rounds played.
    pub rounds: u64,
    /// The seed the rounds were played from.
    pub seed: u64,
    /// The shoes dealt from with cards taken out first (`--removed`), in
    /// the file's order; empty when none was.
    pub removed: Vec<RemovedShoe>,
    /// One estimate per bet, in the order of the file's bets.
    pub bets: Vec<Estimate>,
    /// The running estimates: after 1, 2, 4, ... rounds (every power of
    /// two below [`Simulation::rounds`]) and after the last round, whose
    /// estimates are [`Simulation::bets`]. Not part of the JSON contract
    /// (the HTML report draws them).
    #[serde(skip)]
    pub checkpoints: Vec<Checkpoint>,
}

/// The estimates after the first [`Checkpoint::rounds`] rounds.
#[derive(Clone, Debug)]
pub struct Checkpoint {
    /// Rounds played so far.
    pub rounds: u64,
    /// One estimate per bet, in the order of the file's bets, from those
    /// rounds alone.
    pub bets: Vec<Estimate>,
}

/// One bet: the exact house edge, and the simulated one (an estimate)
/// beside it.
#[derive(Clone, Debug, Serialize)]
pub struct Estimate {
    /// The bet's name.
    pub bet: String,
    /// The exact house edge, as `check` reports it.
    pub house_edge: Exact,
    /// [`Estimate::house_edge`] × 100, as the nearest float.
    pub house_edge_percent: f64,
    /// The sum of the nets of every round, exactly.
    pub total_net: Exact,
    /// The simulated house edge, an estimate of `house_edge`: minus the
    /// mean net per unit staked, exact for the rounds played
    /// (`-total_net / rounds`).
    pub house_edge_estimate: Exact,
    /// [`Estimate::house_edge_estimate`] × 100, as the nearest float.
    pub house_edge_estimate_percent: f64,
    /// The standard error of the mean net per unit staked (a float: the
    /// square root of the sample variance over the rounds).
    pub std_error: f64,
    /// The 95% confidence interval of the house edge, × 100: the estimate
    /// less and plus 1.96 standard errors.
    pub house_edge_ci95_percent: [f64; 2],
    /// (simulated edge − exact edge) / standard error; `None` when every
    /// round paid the same.
    pub z: Option<f64>,
}
