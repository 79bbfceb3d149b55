//! A session's figures (`dicerules session`): exact, from the chain of the
//! table's rounds, or estimated over sessions played (`--simulate N`),
//! under the same heading: the first bank's tenure, each round's chance
//! that a bank is put out of business, each seat's net and chips.

use serde::Serialize;

use super::FormatVersion;
use crate::number::Exact;

/// The game and the table a session ran, the first keys of its figures,
/// exact or estimated ([`SampledSession`]).
#[derive(Clone, Debug, Serialize)]
pub struct Heading {
    /// The JSON contract's version (docs/json.md).
    pub format_version: FormatVersion,
    /// The game's name.
    pub game: String,
    /// Seats at the table.
    pub seats: usize,
    /// Table rounds.
    pub rounds: u64,
    /// The stake rule the table agreed on, from 1.
    pub stake_rule: usize,
    /// The seat that banks first (from 1); `None` when the house banks.
    pub banker: Option<usize>,
}

/// The exact session's figures.
#[derive(Clone, Debug, Serialize)]
pub struct Session {
    /// The game and the table.
    #[serde(flatten)]
    pub heading: Heading,
    /// The most distinct tables alive after a round.
    pub peak_states: usize,
    /// The units of work the chain counted (`session::WORK_PER_TABLE`).
    pub work: u64,
    /// The first bank's tenure, where a seat banks.
    pub first_bank: Option<FirstBank>,
    /// Why a session following the first bank only
    /// (`--tenure`) stopped, before the rounds asked for; its
    /// `by_round` and `by_seat` are empty.
    pub stopped: Option<String>,
    /// One row a table round.
    pub by_round: Vec<RoundRow>,
    /// One row a seat.
    pub by_seat: Vec<SeatRow>,
}

/// How long the first bank holds, within the session's rounds: from the
/// first round until the round in which it passes (by the `bank` clause,
/// or bankruptcy), that round included.
#[derive(Clone, Debug, Serialize)]
pub struct FirstBank {
    /// The seat that banks first, from 1.
    pub seat: usize,
    /// The expected number of table rounds it holds the bank, counting only
    /// the session's rounds: exact, and the tenure itself where
    /// `held_after_last` is zero.
    pub expected_rounds: Exact,
    /// The probability that it still holds the bank after the last round.
    pub held_after_last: Exact,
    /// The banker's expected net over the rounds it holds the bank.
    pub banker_net: Exact,
    /// `banker_net` as the nearest float.
    pub banker_net_decimal: f64,
    /// The least chance that a round ends the tenure, whatever the chips
    /// (where the bank rule gives one): what bounds the tenure beyond the
    /// rounds run.
    pub hazard_floor: Option<Exact>,
    /// The expected tenure without a limit of rounds lies between
    /// `expected_rounds` and this.
    pub tenure_upper: Option<Exact>,
    /// The banker's expected net over the whole tenure lies between these.
    pub banker_net_lower: Option<Exact>,
    /// See `banker_net_lower`.
    pub banker_net_upper: Option<Exact>,
}

/// A table round's figures.
#[derive(Clone, Debug, Serialize)]
pub struct RoundRow {
    /// The table round, from 1.
    pub round: u64,
    /// The probability that the first bank still holds after this round.
    pub first_bank_held: Exact,
    /// The probability that a bank is put out of business in this round
    /// (cannot cover the table minimum at a bet).
    pub bank_broke: Exact,
    /// `bank_broke` in percent, as the nearest float.
    pub bank_broke_percent: f64,
    /// The probability that a bank has been put out of business in this
    /// round or an earlier one.
    pub bank_broke_by: Exact,
    /// The probability that the session has ended by the end of this
    /// round (too few seats can bet, no round can be played).
    pub over_by: Exact,
}

/// A seat's figures after the last round. Seats are numbered from 1.
#[derive(Clone, Debug, Serialize)]
pub struct SeatRow {
    /// The seat, from 1.
    pub seat: usize,
    /// The chips it was dealt.
    pub chips_dealt: Exact,
    /// The expected sum of its settlements over the session.
    pub expected_net: Exact,
    /// `expected_net` as the nearest float.
    pub expected_net_decimal: f64,
    /// The chips it holds after the last round (a new game deals them
    /// afresh), each with its probability, fewest first.
    pub chips_after: Vec<ChipsRow>,
}

/// A number of chips and its probability.
#[derive(Clone, Debug, Serialize)]
pub struct ChipsRow {
    /// The chips held.
    pub chips: Exact,
    /// The probability of holding them.
    pub probability: Exact,
}

/// A figure estimated over the sessions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Estimate {
    /// The mean over the sessions (`estimate` in JSON: `mean` is an exact
    /// figure's key).
    #[serde(rename = "estimate")]
    pub mean: f64,
    /// Its standard error.
    pub std_error: f64,
}

/// The session's figures, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledSession {
    /// The game and the table, as the exact session heads them.
    #[serde(flatten)]
    pub heading: Heading,
    /// Sessions played.
    pub sessions: u64,
    /// The seed of the first session.
    pub seed: u64,
    /// The first bank's tenure, where a seat banks.
    pub first_bank: Option<SampledFirstBank>,
    /// One row a table round.
    pub by_round: Vec<SampledRound>,
    /// One row a seat.
    pub by_seat: Vec<SampledSeat>,
}

/// The first bank's tenure within the rounds, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledFirstBank {
    /// The seat that banks first, from 1.
    pub seat: usize,
    /// The table rounds it holds the bank (the round it passes in
    /// included), within the session's.
    pub rounds_held: Estimate,
    /// Its banker's net over those rounds.
    pub banker_net_held: Estimate,
}

/// A table round's figures, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledRound {
    /// The table round, from 1.
    pub round: u64,
    /// Whether the first bank still holds after this round.
    pub first_bank_held_after: Estimate,
    /// Whether a bank is put out of business in this round.
    pub bank_out: Estimate,
    /// Whether a bank has been put out of business in this round or an
    /// earlier one.
    pub bank_out_by: Estimate,
    /// Whether the session has ended by the end of this round.
    pub ended_by: Estimate,
}

/// A seat's figures after the last round, estimated.
#[derive(Clone, Debug, Serialize)]
pub struct SampledSeat {
    /// The seat, from 1.
    pub seat: usize,
    /// The sum of its settlements over the session.
    pub net_over_session: Estimate,
    /// The chips it holds after the last round.
    pub chips_held: Estimate,
    /// Whether it holds no chips after the last round.
    pub no_chips: Estimate,
}
