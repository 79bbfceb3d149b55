//! The report's contract: the data of every report the tool gives
//! (`check`, `compare`, `simulate`, `play`, `session`, `shoe`), the
//! structures docs/json.md describes, serialised as they are to JSON and
//! RON. The bottom of the library's layers above the syntax tree's spans:
//! the figures are computed into these structures by the layers above
//! (`figures` for an exact evaluation, `play` for a table, a simulation, a
//! session, a shoe), and drawn from them by `render` (text, CSV rows, HTML);
//! nothing here computes a figure or writes a line of text.

pub mod compare;
pub mod contract;
mod diagnostic;
pub mod events;
pub mod removal;
pub mod session;
pub mod shoe;
pub mod simulation;
pub mod table;
mod values;

use serde::Serialize;
use std::collections::BTreeMap;

use crate::number::Exact;

pub use contract::{FormatVersion, FORMAT_VERSION};
pub use diagnostic::{DiagnosticEntry, Lines, Location};
pub use values::{ValueDistribution, ValueRow};

/// The JSON/RON form of a file that could not be reported (`check`): every
/// key of a [`Report`], in its order, so that a script reads both alike
/// (docs/json.md); `game` and the other objects `null`, the lists and
/// `params` empty, beside the diagnostics.
#[derive(Clone, Debug, Serialize)]
pub struct Unreported<'a> {
    /// The version of the contract.
    pub format_version: FormatVersion,
    /// The rule file, as the command line named it.
    pub file: &'a str,
    /// `null`.
    pub game: Option<String>,
    /// Empty.
    pub params: BTreeMap<String, String>,
    /// Empty.
    pub removed: Vec<()>,
    /// `null`.
    pub table: Option<()>,
    /// Empty.
    pub results: Vec<()>,
    /// Empty.
    pub values: Vec<()>,
    /// `null`.
    pub choice: Option<()>,
    /// `null`.
    pub strategies: Option<()>,
    /// Empty.
    pub bets: Vec<()>,
    /// `null`.
    pub effects_of_removal: Option<()>,
    /// Empty.
    pub expects: Vec<()>,
    /// Empty.
    pub claims: Vec<()>,
    /// Why the file could not be reported.
    pub diagnostics: Vec<DiagnosticEntry>,
}

impl<'a> Unreported<'a> {
    /// The entry of `file`, which could not be reported for `diagnostics`.
    pub fn new(file: &'a str, diagnostics: Vec<DiagnosticEntry>) -> Unreported<'a> {
        Unreported {
            format_version: FormatVersion,
            file,
            game: None,
            params: BTreeMap::new(),
            removed: Vec::new(),
            table: None,
            results: Vec::new(),
            values: Vec::new(),
            choice: None,
            strategies: None,
            bets: Vec::new(),
            effects_of_removal: None,
            expects: Vec::new(),
            claims: Vec::new(),
            diagnostics,
        }
    }
}

/// The whole report of one game. Every key is always serialised (`null`
/// where it does not apply): docs/json.md.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The version of the JSON and RON contract: [`FORMAT_VERSION`].
    pub format_version: FormatVersion,
    /// The rule file, as the command line named it; `None` (`null`) for a
    /// report made without one.
    pub file: Option<String>,
    /// The game's name, from its `game` line.
    pub game: String,
    /// Parameter values in force, as exact numbers.
    pub params: BTreeMap<String, String>,
    /// The shoes dealt from with cards taken out first (`--removed`), in
    /// the file's order; empty when none was.
    pub removed: Vec<removal::RemovedShoe>,
    /// The table rules of the file's `banking` item; `None` (`null`)
    /// without one. No figure depends on them.
    pub table: Option<table::TableReport>,
    /// The probability of each outcome of a round.
    pub results: Vec<ResultRow>,
    /// The distribution of each name a bet is settled on (or a figure
    /// names), and of each expression `check --show` asks for.
    pub values: Vec<ValueDistribution>,
    /// What the round's announced choice is worth, option by option;
    /// `None` (`null`) without one.
    pub choice: Option<ChoiceReport>,
    /// The strategies solved for, when sides choose during the round;
    /// `None` (`null`) otherwise.
    pub strategies: Option<StrategyReport>,
    /// Each bet's figures, in the order of the file's bets.
    pub bets: Vec<BetReport>,
    /// `check --effects-of-removal`: each bet's house edge with one card
    /// of each rank removed; `None` (`null`) unless asked for.
    pub effects_of_removal: Option<removal::EffectsReport>,
    /// The verdict of each `expect` line, in the order of the file.
    pub expects: Vec<Verdict>,
    /// The verdict of each `claim` line, in the order of the file; a claim
    /// that does not hold fails nothing.
    pub claims: Vec<Verdict>,
    /// Findings about the file (lint warnings); errors stop the report.
    pub diagnostics: Vec<DiagnosticEntry>,
}

impl ChoiceReport {
    /// The choice table's header, text and HTML alike: the option, then
    /// each bet's house edge.
    pub fn header(&self) -> Vec<String> {
        let mut header = vec!["option".to_string()];
        if let Some(first) = self.options.first() {
            header.extend(
                first
                    .house_edges
                    .iter()
                    .map(|(b, _)| format!("{b}: house edge")),
            );
        }
        header
    }
}

/// A round's choice: each option's house edge for every bet.
#[derive(Clone, Debug, Serialize)]
pub struct ChoiceReport {
    /// The name the choice binds (`choose face from 1..6 by player`:
    /// `face`).
    pub name: String,
    /// The bet whose bettor chooses (`by player`).
    pub by: String,
    /// The option the figures of the report are for: the best for `for_bet`.
    pub chosen: i64,
    /// The bet whose expected value the chosen option maximises: the bet
    /// named `by`, or the first bet where none is; on a tie the first
    /// option listed wins.
    pub for_bet: String,
    /// Whether options differ at all: false when every option gives the
    /// same distribution of ends.
    pub matters: bool,
    /// Every option, in the order the file lists them.
    pub options: Vec<OptionRow>,
}

/// One option of a round's choice and what it does to every bet.
#[derive(Clone, Debug, Serialize)]
pub struct OptionRow {
    /// The number the option binds.
    pub value: i64,
    /// (bet, house edge), in the order of the bets.
    pub house_edges: Vec<(String, Exact)>,
}

/// The decisions of a round, solved: for each information set, every
/// option's value and probability.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyReport {
    /// `best` (one side chooses), `zero_sum` or `general_sum` (an
    /// equilibrium of two sides).
    pub solution: &'static str,
    /// The bet of each side, first to choose first.
    pub sides: Vec<String>,
    /// For a zero-sum game, its value: the first side's expected net per
    /// unit staked under the equilibrium; `None` (`null`) otherwise.
    pub game_value: Option<Exact>,
    /// Every information set the evaluation reaches (under every option),
    /// in the order it meets them, but those of `unlisted`.
    pub decisions: Vec<InfoSetRow>,
    /// The decisions solved where they stand in more situations than a
    /// report lists (`eval::exact::MOST_LISTED_HERE`): how many, and the
    /// options they take.
    pub unlisted: Vec<UnlistedDecision>,
    /// The strategy of each decision whose chooser knows one hand of cards
    /// and nothing else, told compactly along its hands from the worst to
    /// the best, in the order the decisions are first met; a decision
    /// whose strategy mixes anywhere has none.
    pub summaries: Vec<HandSummary>,
}

/// A pure strategy of a decision knowing one hand, told along its hands
/// from the worst to the best: the runs of hands in a row that take the
/// same option (`fold` up to 4-4, `play` from 5-2).
#[derive(Clone, Debug, Serialize)]
pub struct HandSummary {
    /// The decision: the name a `choose` binds.
    pub decision: String,
    /// The bet whose bettor chooses.
    pub by: String,
    /// The hand the chooser knows (first of what it knows), as the file
    /// binds it.
    pub knows: String,
    /// What else the chooser knows, as the file binds it: where hands equal
    /// in the order take different options, by these too.
    pub also_knows: Vec<String>,
    /// How hands are ordered: `poker` (by poker value, for hands of 3 or
    /// 5 to 7 cards known by rank and suit), `ranks` (by their ranks,
    /// highest first, compared card by card: 4-4 below 5-2 below 5-3) or
    /// `values` (likewise by the values of their cards, where ranks are
    /// not told apart).
    pub order: &'static str,
    /// The decision's information sets: the hands told apart.
    pub situations: usize,
    /// Every run, the worst hands first; hands equal in the order (that
    /// differ only in suits) are always in one run.
    pub runs: Vec<HandRun>,
}

/// A decision of too many situations to list: how many, and in how many
/// each option is taken.
#[derive(Clone, Debug, Serialize)]
pub struct UnlistedDecision {
    /// The decision: the name a `choose` binds.
    pub decision: String,
    /// The bet whose bettor chooses.
    pub by: String,
    /// What the chooser knows, as the file binds it.
    pub knowing: Vec<String>,
    /// Its information sets.
    pub situations: usize,
    /// Each option, in the file's order, and the situations taking it
    /// (the best option; the first of equally good ones).
    pub options: Vec<OptionTaken>,
}

/// An option of an [`UnlistedDecision`] and the situations taking it.
#[derive(Clone, Debug, Serialize)]
pub struct OptionTaken {
    /// The option, as the file names it.
    pub option: String,
    /// The situations where the strategy takes it.
    pub situations: usize,
}

/// Hands in a row, in the order of a [`HandSummary`], taking the same
/// option.
#[derive(Clone, Debug, Serialize)]
pub struct HandRun {
    /// The option the run's hands take; several (in the file's order)
    /// where hands equal in the order take different ones by their suits.
    pub options: Vec<String>,
    /// The run's lowest hand in the order, written by its ranks, highest
    /// first (`5-2`, `Q-6-4`; a flush says so: `7-5-2 flush`).
    pub lowest: String,
    /// The run's highest hand, written alike.
    pub highest: String,
    /// The information sets in the run.
    pub situations: usize,
}

/// One information set: a decision and what its chooser knows there.
#[derive(Clone, Debug, Serialize)]
pub struct InfoSetRow {
    /// The decision: the name a `choose` binds, or a draw table's name.
    pub decision: String,
    /// The bet whose bettor chooses.
    pub by: String,
    /// The values the chooser sees here (its `knowing`, or the draw
    /// table's keys), in their order; empty when it sees nothing.
    pub knowing: Vec<Known>,
    /// For a choice among the faces shown (`from faces(T)`): `T` and the
    /// faces it shows here, which the chooser sees.
    /// `null` (`None`) for any other choice.
    pub faces_shown: Option<FacesShown>,
    /// The probability that a round comes here under the strategies.
    pub reach: Exact,
    /// Every option offered here, in the order the file lists them (for a
    /// choice among the faces shown, those faces, ascending).
    pub options: Vec<StrategyOption>,
}

impl InfoSetRow {
    /// What the chooser sees, one `name = value` each, the faces shown
    /// last as `faces(T) = {1, 3}`.
    pub fn known(&self) -> Vec<String> {
        let mut known: Vec<String> = self
            .knowing
            .iter()
            .map(|k| match &k.hand {
                Some(hand) => format!("{} = {hand}", k.name),
                None => format!("{} = {}", k.name, k.value),
            })
            .collect();
        if let Some(shown) = &self.faces_shown {
            let faces: Vec<String> = shown.faces.iter().map(i64::to_string).collect();
            known.push(format!("faces({}) = {{{}}}", shown.of, faces.join(", ")));
        }
        known
    }
}

/// The faces a throw or hand shows where its faces are the options.
#[derive(Clone, Debug, Serialize)]
pub struct FacesShown {
    /// The throw or hand, as the file binds it.
    pub of: String,
    /// Its distinct faces, ascending.
    pub faces: Vec<i64>,
}

/// A name the chooser sees at an information set, and its value there.
#[derive(Clone, Debug, Serialize)]
pub struct Known {
    /// The name, as the file binds it.
    pub name: String,
    /// Its value: a number; a condition as 1 (true) or 0; a choice of
    /// labels as the label's index, from 0; a hand of cards as its key
    /// (the kinds of its cards, six bits each).
    pub value: i64,
    /// A hand of cards, written as its cards, highest first (`Q♠ 6♥ 4♦`);
    /// `None` for a value.
    pub hand: Option<String>,
}

/// One option at an information set: how often the strategy takes it and
/// what it is worth there.
#[derive(Clone, Debug, Serialize)]
pub struct StrategyOption {
    /// The option as the file writes it (`draw`, `stand`, `3`).
    pub option: String,
    /// The probability that the chooser takes it when the round comes
    /// here: 1 or 0 for a pure strategy, a fraction for a mixed one.
    pub probability: Exact,
    /// The chooser's expected net per unit staked, given the round comes
    /// here and it takes this option; `None` where the other side's
    /// strategy never lets the round come here.
    pub ev: Option<Exact>,
    /// Whether this option is a best response here.
    pub best: bool,
}

/// One outcome of the round.
#[derive(Clone, Debug, Serialize)]
pub struct ResultRow {
    /// The outcome's name, as `outcomes` declares it.
    pub outcome: String,
    /// The probability that a round ends in it.
    pub probability: Exact,
    /// `probability` × 100, as the nearest float.
    pub percent: f64,
}

/// One bet's figures. The JSON field names are a contract.
#[derive(Clone, Debug, Serialize)]
pub struct BetReport {
    /// The bet's name.
    pub bet: String,
    /// The bettor's expected loss per unit staked (positive: the house is ahead).
    pub house_edge: Exact,
    /// `house_edge` × 100, as the nearest float.
    pub house_edge_percent: f64,
    /// The edge per unit staked on rounds that do not push (that settle
    /// the bet with a net of 0); `None` when no round pushes, or every
    /// round does.
    pub house_edge_excluding_pushes: Option<Exact>,
    /// `house_edge_excluding_pushes` × 100, as the nearest float; `None`
    /// with it.
    pub house_edge_excluding_pushes_percent: Option<f64>,
    /// The bettor's expected net result per unit staked.
    pub ev: Exact,
    /// The variance of the net result per unit staked.
    pub variance: Exact,
    /// The square root of the variance (not exact: a float).
    pub std_dev: f64,
    /// The probability that the bet wins something.
    pub hit_frequency: Exact,
    /// The name the bet's `staking` clause names, what a round stakes on
    /// it; `None` without the clause.
    pub staking: Option<String>,
    /// The mean of `staking` over the rounds: the units a round stakes on
    /// the bet, per unit put down before it; `None` without `staking`.
    pub average_wager: Option<Exact>,
    /// `average_wager` as the nearest float; `None` with it.
    pub average_wager_float: Option<f64>,
    /// `house_edge` / `average_wager`: the edge per unit staked in all;
    /// `None` without `staking`, or where the average wager is 0.
    pub element_of_risk: Option<Exact>,
    /// `element_of_risk` × 100, as the nearest float; `None` with it.
    pub element_of_risk_percent: Option<f64>,
    /// Every settlement of the bet, the highest net first (equal nets in
    /// the order they first appear).
    pub outcomes: Vec<OutcomeRow>,
}

/// A settlement of a bet: every round outcome paying the same is merged.
#[derive(Clone, Debug, Serialize)]
pub struct OutcomeRow {
    /// The payout as the bet writes it (`win 2 to 1`, `lose`, `push`).
    pub outcome: String,
    /// Net result per unit staked.
    pub net: Exact,
    /// The probability that a round settles the bet so.
    pub probability: Exact,
    /// `probability` × 100, as the nearest float.
    pub percent: f64,
}

/// Whether an `expect` or `claim` holds.
#[derive(Clone, Debug, Serialize)]
pub struct Verdict {
    /// `house_edge(player) ~ 10%`, as written.
    pub statement: String,
    /// The rule book's words, for claims; `None` (`null`) for expects.
    pub text: Option<String>,
    /// The parameters the line's `with` names, each with its value as
    /// `--set` takes it; empty without `with`. The line is checked at the
    /// run's setting with these values in place.
    pub with: BTreeMap<String, String>,
    /// Whether the line was checked. It is not when the run's `--set`
    /// gives a parameter its figure depends on another value than the
    /// file's, and its `with` does not name it (unless `check --strict`):
    /// the line was written for the file's value, and neither holds nor
    /// fails.
    pub checked: bool,
    /// For a line not checked: each parameter the run changed that its
    /// figure depends on, with the file's value, the one the line was
    /// written for. Empty for a checked line.
    pub written_for: BTreeMap<String, String>,
    /// Whether the line was checked and its relation holds, decided exactly
    /// (a standard deviation too, by squaring). False for a `strategy`
    /// where no round comes.
    pub holds: bool,
    /// The figure as computed: exact, except a standard deviation and an
    /// estimate (`shoe_margin`: its mean, standard error and interval);
    /// `not checked` for a line not checked.
    pub actual: String,
    /// The figure as the nearest float (a fraction, not a percentage);
    /// NaN (`null` in JSON) for a `strategy` where no round comes, and for
    /// a line not checked.
    pub actual_float: f64,
    /// Computed minus stated: exact, except for a standard deviation; `-`
    /// where there is no figure.
    pub difference: String,
    /// Computed minus stated, as the nearest float.
    pub difference_float: f64,
    /// The line of the `expect` or `claim` in the file, from 1; 0 until
    /// [`Report::locate`] sets it.
    pub line: usize,
    /// Whether the figure is an estimate, `actual` saying so in full: the
    /// text shows it whole. Not in JSON: `actual` has it.
    #[serde(skip)]
    pub estimated: bool,
    /// The figure's square, exactly, where the figure is a square root (a
    /// standard deviation), so that `check --bless` can write a decimal the
    /// line accepts. Not in JSON: `actual` has the figure.
    #[serde(skip)]
    pub squared: Option<Exact>,
}

impl Report {
    /// How many `expect` lines failed (a line not checked fails nothing).
    pub fn failed_expects(&self) -> usize {
        self.expects.iter().filter(|v| v.fails()).count()
    }
}

impl Verdict {
    /// Whether the line was checked and does not hold.
    pub fn fails(&self) -> bool {
        self.checked && !self.holds
    }

    /// The statement with its `with`: `house_edge(tie) = 769/52488 with
    /// tie_odds = 7`.
    pub fn written(&self) -> String {
        if self.with.is_empty() {
            return self.statement.clone();
        }
        format!("{} with {}", self.statement, settings(&self.with))
    }

    /// Marks the line not checked: no figure, and it fails nothing.
    pub fn not_checked(&mut self) {
        self.checked = false;
        self.holds = false;
        self.actual = "not checked".to_string();
        self.actual_float = f64::NAN;
        self.difference = "-".to_string();
        self.difference_float = f64::NAN;
        self.estimated = false;
    }
}

/// Settings as a `with` writes them: `decks = 6, tie_odds = 7`.
pub fn settings(values: &BTreeMap<String, String>) -> String {
    let shown: Vec<String> = values.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    shown.join(", ")
}

impl Report {
    /// Marks every line not checked, as written for the full shoes: cards
    /// were removed (`--removed`, without `--strict`).
    pub fn leave_removed_unchecked(&mut self) {
        for v in self.expects.iter_mut().chain(&mut self.claims) {
            if v.checked {
                v.not_checked();
            }
        }
    }

    /// The cards removed from the shoes, as `--removed` writes them
    /// (`cards:5x2,K`, each shoe's after its name); `none` without.
    pub fn removed_cards(&self) -> String {
        if self.removed.is_empty() {
            return "none".to_string();
        }
        let shoes: Vec<String> = (self.removed.iter())
            .map(|r| format!("{}:{}", r.shoe, r.written))
            .collect();
        shoes.join(" ")
    }
}
