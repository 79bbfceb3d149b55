//! The pipeline in one place: a rule file parsed, checked, evaluated
//! exactly, its decisions solved, linted and reported, each stage once.
//!
//! Every command, bench and test that needs more than one stage comes
//! through here: [`Game::load`] for the front half (parse and check; or
//! [`Parsed::new`] and [`Parsed::check`] apart), and
//! [`Analysis::new`] (or [`Game::analyse`]) for the whole.

use crate::ast;
use crate::check::removed::{self, Removal, RemovedError};
use crate::check::{AtError, MOST_CARDS_DEALT};
use crate::check::{CheckError, Overrides};
use crate::error::{AtSetting, ShowError};
use crate::eval::exact::{Distribution, Limits};
use crate::lint::{self, Lint};
use crate::play::shoe::MarginEstimate;
use crate::program::{NotOneShoe, Program, SessionTable, ShoeDeal};
use crate::report::{Report, Verdict};
use crate::session::{self, Session};
use crate::Error;

/// What an analysis is asked to do.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// `--set NAME=VALUE`: parameters given other values than the file's.
    pub overrides: Overrides,
    /// The bounds on the evaluation and the solver.
    pub limits: Limits,
    /// Whether to lint the file. Linting records what the evaluation
    /// reaches, which costs a little on every step: `check` lints, the
    /// commands that play do not.
    pub lint: bool,
    /// `check --strict`: check every `expect` and `claim` line at the
    /// run's setting (with its `with` in place), even one whose figure
    /// depends on a parameter the overrides change and its `with` does not
    /// name. Without it such a line is not checked (its verdict says so).
    pub strict: bool,
    /// Leave the lines pinned `with` another setting not checked, rather
    /// than evaluate the game at their settings: for the commands that
    /// play, which print no verdicts (an evaluation each saved).
    pub skip_pinned: bool,
    /// The most different tables after a round (and so the work) of the
    /// sessions the `at` of `expect` and `claim` lines name: `check
    /// --max-tables`; `None`, [`session::CHECK_TABLES`].
    pub max_tables: Option<usize>,
    /// `check --show EXPR`: the expressions whose distribution when the
    /// round ends the report gives ([`Report::values`], marked `shown`).
    pub shows: Shows,
    /// `--removed CARDS`: cards taken out of the shoes before the round,
    /// applied by [`Parsed::check_for`]. The `expect` and `claim` lines,
    /// written for the full shoes, are then not checked (unless
    /// [`Options::strict`]; those pinned `with` another setting never).
    pub removed: Vec<Removal>,
    /// Where the round splits (`split`): leave the hands alike, which
    /// gives each hand's best play and every mean, and not evaluate the
    /// nets of the two hands together (the report's settlements and
    /// variance are then the hands alike's): for the commands that play,
    /// which print none of them.
    pub hands_alike: bool,
    /// `check --effects-of-removal[=SHOE]`: the report's
    /// [`Report::effects_of_removal`] for the shoe named (an empty text:
    /// the game's one shoe).
    pub effects_of_removal: Option<String>,
}

/// The expressions of `check --show EXPR`, parsed once for every file:
/// each is compiled at every end of a round where the names it reads are
/// bound (docs/language.md, section 7.1).
///
/// ```
/// use dicerules_core::{Analysis, Options, Shows};
///
/// let source = r#"
/// game "Odd or even"
/// outcomes odd, even
/// round {
///   throw d = d6
///   if total(d) in [1, 3, 5] { end odd }
///   end even
/// }
/// bet odd { odd => win 1 to 1  even => lose }
/// "#;
/// let shows = Shows::parse(&["total(d)".to_string()]).expect("it parses");
/// let options = Options { shows, ..Options::default() };
/// let analysis = Analysis::new(source, &options).expect("the game checks");
/// let total = &analysis.report.values[0];
/// assert_eq!((total.name.as_str(), total.shown), ("total(d)", true));
/// assert_eq!(total.rows.len(), 6);
/// assert_eq!(total.rows[2].at_least.to_string(), "2/3");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Shows {
    /// Each expression with its text as given, trimmed; each text once.
    exprs: Vec<(String, ast::Expr)>,
}

impl Shows {
    /// Parses each of `texts` as an expression (a text given twice is
    /// shown once); the syntax errors of those that do not parse, each an
    /// [`Error::Show`].
    pub fn parse(texts: &[String]) -> Result<Shows, Vec<Error>> {
        let mut exprs: Vec<(String, ast::Expr)> = Vec::new();
        let mut errors = Vec::new();
        let mut seen: Vec<&str> = Vec::new();
        for text in texts {
            let text = text.trim();
            if seen.contains(&text) {
                continue;
            }
            seen.push(text);
            match crate::syntax::parse_expr(text) {
                Ok(expr) => exprs.push((text.to_string(), expr)),
                Err(e) => errors.push(ShowError::wrap(text, e.into())),
            }
        }
        if errors.is_empty() {
            Ok(Shows { exprs })
        } else {
            Err(errors)
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.exprs.is_empty()
    }

    /// The expressions as given (trimmed), in order: the names of their
    /// entries in [`Report::values`].
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.exprs.iter().map(|(t, _)| t.as_str())
    }

    /// These shows but those whose text is in `left_out`.
    pub fn without(&self, left_out: &[String]) -> Shows {
        Shows {
            exprs: self
                .exprs
                .iter()
                .filter(|(t, _)| !left_out.contains(t))
                .cloned()
                .collect(),
        }
    }
}

/// A rule file parsed, not yet checked: its source and syntax tree.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The text of the rule file.
    pub source: String,
    /// The syntax tree.
    pub file: ast::File,
}

impl Parsed {
    /// Parses `source`; its syntax errors, if it has any.
    pub fn new(source: impl Into<String>) -> Result<Parsed, Vec<Error>> {
        let source = source.into();
        let (file, errors) = crate::syntax::parse(&source);
        if errors.is_empty() {
            Ok(Parsed { source, file })
        } else {
            Err(errors.into_iter().map(Error::from).collect())
        }
    }

    /// The names of the parameters the file declares, in order.
    pub fn params(&self) -> impl Iterator<Item = &str> {
        self.file.items.iter().filter_map(|item| match item {
            ast::Item::Param(p) => Some(p.name.name.as_str()),
            _ => None,
        })
    }

    /// Checks the file with the overrides, shows and removed cards of
    /// `options` applied: every error of the file, or where it has none,
    /// every `--removed` that cannot be applied.
    pub fn check_for(self, options: &Options) -> Result<Game, Vec<Error>> {
        let mut game = self.check_showing(&options.overrides, &options.shows)?;
        removed::apply(&mut game.program, &options.removed)
            .map_err(|errors| errors.into_iter().map(Error::from).collect::<Vec<_>>())?;
        if let Some(text) = &options.effects_of_removal {
            game.effects_shoe(text).map_err(|e| vec![e])?;
        }
        Ok(game)
    }

    /// Checks the file with `overrides` applied: every error of the file.
    pub fn check(self, overrides: &Overrides) -> Result<Game, Vec<Error>> {
        self.check_showing(overrides, &Shows::default())
    }

    /// [`Parsed::check`], with `shows` compiled for the report: the file's
    /// errors, or where it has none, each show that cannot be shown in it
    /// ([`Error::Show`]).
    pub fn check_showing(self, overrides: &Overrides, shows: &Shows) -> Result<Game, Vec<Error>> {
        match crate::check::check_showing(&self.file, overrides, &shows.exprs) {
            Ok(program) => Ok(Game {
                source: self.source,
                file: self.file,
                program,
            }),
            Err(errors) => Err(errors
                .into_iter()
                .map(|e| match e {
                    CheckError::Show(failure) => {
                        let text = shows.exprs.get(failure.index).map_or("", |(t, _)| t);
                        ShowError::wrap(text, failure.error.into())
                    }
                    e => e.into(),
                })
                .collect()),
        }
    }
}

/// A rule file parsed and checked: its source, syntax tree and program.
#[derive(Clone, Debug)]
pub struct Game {
    /// The text of the rule file.
    pub source: String,
    /// The syntax tree, which lints and diagnostics point into.
    pub file: ast::File,
    /// The checked game the evaluators run.
    pub program: Program,
}

/// A rule file analysed: the game, the exact distribution of its round
/// (under the strategies solved for, where the round has decisions), the
/// lint findings and the report.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The game analysed.
    pub game: Game,
    /// The exact probability of each way the round ends.
    pub distribution: Distribution,
    /// The lint findings, in order of where they are; empty unless
    /// [`Options::lint`] asked for them.
    pub lints: Vec<Lint>,
    /// The exact figures, as `check` reports them; expect and claim lines
    /// carry their line numbers.
    pub report: Report,
}

impl Game {
    /// Parses and checks `source` as it is.
    ///
    /// When the file has syntax errors, only those are returned: checking
    /// the items that did parse would report names the broken items
    /// declare.
    pub fn load(source: impl Into<String>) -> Result<Game, Vec<Error>> {
        Game::load_with(source, &Overrides::default())
    }

    /// Parses and checks `source` with `overrides` applied.
    pub fn load_with(source: impl Into<String>, overrides: &Overrides) -> Result<Game, Vec<Error>> {
        Parsed::new(source)?.check(overrides)
    }

    /// Evaluates the game exactly, solves its decisions, lints it when
    /// asked, and reports it. The overrides of `options` are not read: the
    /// game was checked with its own.
    ///
    /// The `expect` and `claim` lines pinned with `with` at another
    /// setting than the game's take their verdicts from the game evaluated
    /// at that setting, once per setting, where one of its lines is
    /// checked (see [`Options::strict`]); only the game's own evaluation is
    /// linted.
    pub fn analyse(self, options: &Options) -> Result<Analysis, Error> {
        self.analyse_sharing(options, &mut Evaluated::default())
    }

    /// [`Game::analyse`], reusing the evaluations of `evaluated` (games
    /// checked from the same source at other settings) and adding this
    /// one's: a sweep evaluates each setting once, whether a setting of the
    /// sweep or one a `with` line names.
    pub fn analyse_sharing(
        self,
        options: &Options,
        evaluated: &mut Evaluated,
    ) -> Result<Analysis, Error> {
        let (distribution, lints) = if options.lint {
            let probes = lint::probes(&self.file, &self.program);
            let (distribution, coverage) =
                crate::solve::evaluate_covered(&self.program, options.limits, probes)?;
            let lints = lint::lint(&self.file, &self.program, &coverage);
            (distribution, lints)
        } else if options.hands_alike {
            let distribution = crate::solve::evaluate_alike(&self.program, options.limits)?;
            (distribution, Vec::new())
        } else {
            let distribution = crate::solve::evaluate(&self.program, options.limits)?;
            (distribution, Vec::new())
        };
        let mut report = Report::new(&self.program, &distribution);
        if let Some(text) = &options.effects_of_removal {
            report.effects_of_removal =
                Some(self.effects_of_removal(text, &distribution, options.limits)?);
        }
        evaluated.insert(&self.program, &report);
        report.locate(&self.program, &self.source);
        self.check_pinned(&mut report, options, evaluated)?;
        self.check_sessions(&mut report, options, &distribution)?;
        Ok(Analysis {
            game: self,
            distribution,
            lints,
            report,
        })
    }

    /// Evaluates the game at each setting of [`Program::pinned`] where one
    /// of its lines is checked, and gives those lines their verdicts there;
    /// then marks the lines not checked.
    fn check_pinned(
        &self,
        report: &mut Report,
        options: &Options,
        evaluated: &mut Evaluated,
    ) -> Result<(), Error> {
        let program = &self.program;
        let lines = || program.expects.iter().chain(&program.claims);
        let checked = |a: &&crate::program::Assertion| checked_at_run(program, options, a);
        let reduced = cards_removed(program);
        for (i, pinned) in program.pinned.iter().enumerate() {
            if options.skip_pinned || reduced {
                report.leave_pinned_unchecked(program, i);
                continue;
            }
            let Some(first) = lines().filter(checked).find(|a| a.setting == Some(i)) else {
                continue;
            };
            if let Some(at) = evaluated.get(&pinned.program) {
                report.adopt(program, i, at);
                continue;
            }
            let distribution = crate::solve::evaluate(&pinned.program, options.limits)
                .map_err(|e| AtSetting::wrap(&pinned.settings, first, e.into()))?;
            let at = Report::new(&pinned.program, &distribution);
            report.adopt(program, i, &at);
            evaluated.insert(&pinned.program, &at);
        }
        report.leave_unchecked(program, options.strict);
        if reduced && !options.strict {
            report.leave_removed_unchecked();
        }
        Ok(())
    }

    /// Runs the session at each table (and setting) the `at` of a line
    /// names, once, and gives those lines their verdicts: each line that
    /// [`Game::check_pinned`] would check, the others left not checked.
    fn check_sessions(
        &self,
        report: &mut Report,
        options: &Options,
        distribution: &Distribution,
    ) -> Result<(), Error> {
        let program = &self.program;
        if options.skip_pinned || (cards_removed(program) && !options.strict) {
            return Ok(());
        }
        // Each session and each shoe deal run once, by the line's setting.
        let mut sessions: Vec<((Option<usize>, &SessionTable), Session)> = Vec::new();
        let mut margins: Vec<((Option<usize>, &ShoeDeal), MarginEstimate)> = Vec::new();
        let verdicts = [
            (&mut report.expects, &program.expects),
            (&mut report.claims, &program.claims),
        ];
        for (verdicts, lines) in verdicts {
            for (v, a) in verdicts.iter_mut().zip(lines) {
                if !checked_at_run(program, options, a) {
                    continue;
                }
                if let Some(deal) = &a.shoes {
                    let e = once(&mut margins, (a.setting, deal), || {
                        self.shoe_margin(a, deal, options, distribution)
                    })?;
                    let what = format!(
                        "over {} shoes from seed {}, {:.1} coups a shoe",
                        deal.shoes, deal.seed, e.coups
                    );
                    *v = Verdict {
                        line: v.line,
                        ..crate::figures::estimate_verdict(a, e.mean, e.std_error, &what)
                    };
                    continue;
                }
                let Some(table) = &a.table else { continue };
                let session = once(&mut sessions, (a.setting, table), || {
                    self.session(a, table, options, distribution)
                })?;
                let Some(x) = session.figure(a.figure, a.target) else {
                    continue;
                };
                *v = Verdict {
                    line: v.line,
                    ..crate::figures::session_verdict(a, x)
                };
            }
        }
        Ok(())
    }

    /// The shoes of `deal` dealt at the setting of the line `a`, for its
    /// `shoe_margin`.
    fn shoe_margin(
        &self,
        a: &crate::program::Assertion,
        deal: &ShoeDeal,
        options: &Options,
        distribution: &Distribution,
    ) -> Result<MarginEstimate, Error> {
        let (program, distribution) = self.at_setting(a, options, distribution)?;
        let refuse = |e: AtError| Error::Check(e.into());
        let shoe = program.one_finite_shoe().map_err(|not| {
            let what = match not {
                NotOneShoe::NoShoe => "no shoe",
                NotOneShoe::Infinite => "an infinite shoe",
                NotOneShoe::Several => "several shoes",
            };
            refuse(AtError::NoShoe { what, span: a.span })
        })?;
        let cards = program.shoes[shoe].cards_held();
        let dealt = deal.shoes.saturating_mul(cards.saturating_add(1));
        if dealt > MOST_CARDS_DEALT {
            return Err(refuse(AtError::TooManyCards {
                shoes: deal.shoes,
                cards,
                most: MOST_CARDS_DEALT,
                span: a.span,
            }));
        }
        let margin = crate::play::shoe::Margin {
            shoe,
            plus: deal.plus,
            minus: deal.minus,
            shoes: deal.shoes,
            seed: deal.seed,
            cut: deal.cut,
        };
        Ok(crate::play::shoe::margin(program, &distribution, margin)?)
    }

    /// The session at `table`, at the setting of the line `a`.
    fn session(
        &self,
        a: &crate::program::Assertion,
        table: &SessionTable,
        options: &Options,
        distribution: &Distribution,
    ) -> Result<Session, Error> {
        let chain = session::Options {
            seats: table.seats,
            chips: table.chips,
            rounds: table.rounds,
            stake: table.stake,
            stakes: table.stakes.clone(),
            max_states: options.max_tables.unwrap_or(session::CHECK_TABLES as usize),
            tenure: None,
        };
        let (program, distribution) = self.at_setting(a, options, distribution)?;
        session::run(program, &distribution, &chain).map_err(|e| {
            let e = Error::Session(Box::new(e));
            match a.setting {
                Some(i) => AtSetting::wrap(&self.program.pinned[i].settings, a, e),
                None => e,
            }
        })
    }

    /// The game at the setting of the line `a`, and its distribution: the
    /// run's own, or the game evaluated at the line's `with`.
    fn at_setting<'d>(
        &'d self,
        a: &crate::program::Assertion,
        options: &Options,
        distribution: &'d Distribution,
    ) -> Result<(&'d Program, std::borrow::Cow<'d, Distribution>), Error> {
        let Some(i) = a.setting else {
            return Ok((&self.program, std::borrow::Cow::Borrowed(distribution)));
        };
        let at = &self.program.pinned[i];
        let evaluated = crate::solve::evaluate(&at.program, options.limits)
            .map_err(|e| AtSetting::wrap(&at.settings, a, e.into()))?;
        Ok((&at.program, std::borrow::Cow::Owned(evaluated)))
    }

    /// The shoe `--effects-of-removal=text` names (empty: the game's one
    /// shoe), when card analysis can take ranks out of it.
    fn effects_shoe(&self, text: &str) -> Result<usize, Error> {
        const FLAG: &str = "--effects-of-removal";
        let error = |problem| Error::from(RemovedError::new(FLAG, text, problem));
        let whole = ast::Span::new(0, text.len());
        let named = (!text.is_empty()).then(|| (text.to_string(), whole));
        let shoe = removed::which_shoe(&self.program, named.as_ref(), whole).map_err(error)?;
        removed::analysable(&self.program.shoes[shoe], whole).map_err(error)?;
        Ok(shoe)
    }

    /// The effects of removal of the shoe `text` names (empty: the one
    /// shoe), from the shoes as the game deals them.
    fn effects_of_removal(
        &self,
        text: &str,
        distribution: &Distribution,
        limits: Limits,
    ) -> Result<crate::report::removal::EffectsReport, Error> {
        let shoe = self.effects_shoe(text)?;
        let report =
            crate::report::removal::EffectsReport::new(&self.program, shoe, distribution, limits)?;
        Ok(report)
    }
}

/// The value kept under `key` in `kept`, made by `make` the first time it
/// is asked for.
fn once<K: PartialEq, V>(
    kept: &mut Vec<(K, V)>,
    key: K,
    make: impl FnOnce() -> Result<V, Error>,
) -> Result<&V, Error> {
    let at = match kept.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            kept.push((key, make()?));
            kept.len() - 1
        }
    };
    Ok(&kept[at].1)
}

/// Whether any shoe has cards taken out (`--removed`): the lines, written
/// for the full shoes, are then not checked.
fn cards_removed(program: &Program) -> bool {
    (program.shoes.iter()).any(|s| s.removed.iter().any(|&n| n > 0))
}

/// Whether the line `a` is checked at this run's setting: with `--strict`,
/// or where `--set` moved no parameter its figure depends on.
fn checked_at_run(program: &Program, options: &Options, a: &crate::program::Assertion) -> bool {
    options.strict || a.moved(&program.params).is_empty()
}

/// The reports of one rule file at the settings evaluated so far, by the
/// values of its parameters, before any verdict is adopted or left
/// unchecked: what [`Game::analyse_sharing`] shares between the settings of
/// a sweep.
#[derive(Clone, Debug, Default)]
pub struct Evaluated {
    reports: Vec<(Setting, Report)>,
}

/// Every parameter's value in force (`None`: infinite), in order.
type Setting = Vec<(String, Option<crate::number::Exact>)>;

impl Evaluated {
    /// Every parameter's value in force (`None`: infinite), in order: what
    /// tells two games checked from one source apart.
    fn key(program: &Program) -> Setting {
        program
            .params
            .iter()
            .map(|p| (p.name.clone(), (!p.infinite).then(|| p.value.clone())))
            .collect()
    }

    fn get(&self, program: &Program) -> Option<&Report> {
        let key = Evaluated::key(program);
        self.reports.iter().find(|(k, _)| *k == key).map(|(_, r)| r)
    }

    fn insert(&mut self, program: &Program, report: &Report) {
        if self.get(program).is_none() {
            self.reports.push((Evaluated::key(program), report.clone()));
        }
    }

    /// How many settings have been evaluated.
    pub fn len(&self) -> usize {
        self.reports.len()
    }

    /// Whether none has.
    pub fn is_empty(&self) -> bool {
        self.reports.is_empty()
    }
}

impl Analysis {
    /// Parses, checks, evaluates, solves, lints (when asked) and reports
    /// `source`.
    pub fn new(source: impl Into<String>, options: &Options) -> Result<Analysis, Vec<Error>> {
        Parsed::new(source)?
            .check_for(options)?
            .analyse(options)
            .map_err(|e| vec![e])
    }

    /// The checked game.
    pub fn program(&self) -> &Program {
        &self.game.program
    }
}
