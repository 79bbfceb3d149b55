//! The distribution of each final value of a round: a name some bet is
//! settled on (or a `mean` figure names), or an expression `check --show`
//! asks for. Each value a round ends with, its exact probability, and the
//! probability of ending at least and at most there; the probability of
//! ending with no value; the mean; what each bet on the name pays.

use serde::Serialize;

use crate::number::Exact;

/// The final values of a name (or a `--show` expression) and their
/// probabilities.
#[derive(Clone, Debug, Serialize)]
pub struct ValueDistribution {
    /// The name, as the file binds it (`score`), or the `--show`
    /// expression as given (`total(banker)`).
    pub name: String,
    /// Whether `check --show` asked for it (its distribution is printed).
    pub shown: bool,
    /// What its values are: `number`; `condition` (1 where it holds, 0
    /// where not); `total` (a throw or hand named alone: the sum of its
    /// faces or card values); `label` (a choice among labels: the index of
    /// the label chosen, from 0).
    pub kind: &'static str,
    /// The mean value over the rounds that end with a value; `None` when
    /// no round does, and for labels.
    pub mean: Option<Exact>,
    /// The probability that a round ends with no value: where a name it
    /// reads is not bound.
    pub no_value: Exact,
    /// `no_value` × 100, as the nearest float.
    pub no_value_percent: f64,
    /// Each value a round ends with, lowest first.
    pub rows: Vec<ValueRow>,
}

/// One final value of a name.
#[derive(Clone, Debug, Serialize)]
pub struct ValueRow {
    /// What the name holds when the round ends.
    pub value: i64,
    /// The value as words where it is not a number: `true` or `false` for
    /// a condition, the label of a choice; `None` for a number.
    pub label: Option<String>,
    /// The probability that a round ends with the name holding it.
    pub probability: Exact,
    /// `probability` × 100, as the nearest float.
    pub percent: f64,
    /// The probability that a round ends with a value at least this one.
    pub at_least: Exact,
    /// `at_least` × 100, as the nearest float.
    pub at_least_percent: f64,
    /// The probability that a round ends with a value at most this one.
    pub at_most: Exact,
    /// `at_most` × 100, as the nearest float.
    pub at_most_percent: f64,
    /// What each bet settled on this name pays for the value: `player: win 5 to 1`.
    pub pays: Vec<String>,
}
