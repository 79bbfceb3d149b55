//! The report of an exact evaluation: the contract's structures
//! ([`crate::report`]) filled from a program and its distribution: the
//! outcomes, each bet's figures and settlements, the final values, the
//! choice and the strategies, the table rules, the cards removed and the
//! effects of removal; the verdicts of `expect` and `claim` lines, and the
//! lines left unchecked at a run's setting.

mod bets;
mod boundary;
pub mod removal;
mod table;
mod values;

use std::sync::Arc;

use crate::eval::exact::{Chosen, Distribution};
use crate::number::Exact;
use crate::program::Program;
use crate::report::table::TableReport;
use crate::report::{
    BetReport, ChoiceReport, FacesShown, FormatVersion, InfoSetRow, Known, Lines, OptionRow,
    OptionTaken, Report, ResultRow, StrategyOption, StrategyReport, UnlistedDecision, Verdict,
};

pub use bets::{estimate_verdict, mean, session_verdict, BetFigures};

/// Each option's house edges, computed once for options that share a
/// distribution; those of the chosen option's distribution are the report's
/// own `figures`.
fn option_rows(program: &Program, chosen: &Chosen, figures: &[BetFigures]) -> Vec<OptionRow> {
    let options = &chosen.options;
    let main = options
        .iter()
        .find(|(v, _)| *v == chosen.value)
        .map(|(_, d)| d);
    let mut rows: Vec<OptionRow> = Vec::with_capacity(options.len());
    for (i, (value, d)) in options.iter().enumerate() {
        let shared = options[..i].iter().position(|(_, e)| Arc::ptr_eq(d, e));
        let house_edges = match shared {
            Some(j) => rows[j].house_edges.clone(),
            None if main.is_some_and(|m| Arc::ptr_eq(m, d)) => program
                .bets
                .iter()
                .zip(figures)
                .map(|(b, f)| (b.name.clone(), f.house_edge()))
                .collect(),
            None => program
                .bets
                .iter()
                .map(|b| (b.name.clone(), BetFigures::new(b, d).house_edge()))
                .collect(),
        };
        rows.push(OptionRow {
            value: *value,
            house_edges,
        });
    }
    rows
}

impl StrategyReport {
    fn new(program: &Program, solution: &crate::eval::exact::Solution) -> StrategyReport {
        let bet = |s: usize| program.bets[solution.sides[s]].name.clone();
        let (kind, game_value) = match &solution.kind {
            crate::eval::exact::Kind::Best => ("best", None),
            crate::eval::exact::Kind::ZeroSum { value } => ("zero_sum", Some(value.clone())),
            crate::eval::exact::Kind::GeneralSum => ("general_sum", None),
        };
        let decisions: Vec<InfoSetRow> = (solution.infosets.iter())
            .map(|info| info_set_row(program, info, bet(info.side)))
            .collect();
        let of: Vec<usize> = solution.infosets.iter().map(|i| i.decision).collect();
        let unlisted = (solution.unlisted.iter())
            .map(|u| {
                let d = &program.decisions[u.decision];
                let mut taken = vec![0; d.options.len()];
                for i in 0..u.len() {
                    if let Some(o) = u.taken_at(d, i) {
                        taken[o] += 1;
                    }
                }
                UnlistedDecision {
                    decision: d.name.clone(),
                    by: bet(u.side),
                    knowing: d.knowing.clone(),
                    situations: u.len(),
                    options: (d.options.iter().zip(taken))
                        .map(|(option, situations)| OptionTaken {
                            option: option.clone(),
                            situations,
                        })
                        .collect(),
                }
            })
            .collect();
        StrategyReport {
            solution: kind,
            sides: (0..solution.sides.len()).map(bet).collect(),
            game_value,
            summaries: boundary::summaries(program, &decisions, &of, &solution.unlisted),
            decisions,
            unlisted,
        }
    }
}

/// The report's row of an information set, chosen by the bettor of `by`.
fn info_set_row(
    program: &Program,
    info: &crate::eval::exact::InfoSetReport,
    by: String,
) -> InfoSetRow {
    let d = &program.decisions[info.decision];
    InfoSetRow {
        decision: d.name.clone(),
        by,
        knowing: (d.knowing.iter().enumerate())
            .zip(&info.key)
            .map(|((i, name), &value)| Known {
                name: name.clone(),
                value,
                hand: (d.hands.get(i).copied().flatten())
                    .map(|shoe| program.shoes[shoe].key_hand(value, true)),
            })
            .collect(),
        faces_shown: d.faces.as_ref().map(|of| FacesShown {
            of: of.clone(),
            faces: info.key.get(d.knowing.len()..).unwrap_or(&[]).to_vec(),
        }),
        reach: info.reach.clone(),
        options: d
            .offered(&info.key)
            .map(|i| &d.options[i])
            .zip(&info.options)
            .map(|(o, r)| StrategyOption {
                option: o.clone(),
                probability: r.probability.clone(),
                ev: r.value.clone(),
                best: r.best,
            })
            .collect(),
    }
}

impl Report {
    /// Builds the report of a program from its exact distribution.
    pub fn new(program: &Program, distribution: &Distribution) -> Report {
        let results = program
            .outcomes
            .iter()
            .zip(&distribution.outcomes)
            .map(|(o, p)| ResultRow {
                outcome: o.name.clone(),
                probability: p.clone(),
                percent: p.to_f64() * 100.0,
            })
            .collect();
        let figures: Vec<BetFigures> = program
            .bets
            .iter()
            .map(|bet| BetFigures::new(bet, distribution))
            .collect();
        let means: Vec<Option<Exact>> = (0..program.finals.len())
            .map(|i| bets::mean(distribution, i))
            .collect();
        let values = values::values(program, distribution, &means);
        let bets = program
            .bets
            .iter()
            .zip(&figures)
            .map(|(bet, f)| {
                let staking = bet.staking.map(|i| {
                    let mean = means.get(i).and_then(Option::as_ref);
                    (program.finals[i].name.as_str(), mean)
                });
                BetReport::new(&bet.name, f, staking)
            })
            .collect();
        let verdict = |a| bets::verdict(a, &figures, &means, distribution, program);
        let choice = distribution.choice.as_ref().and_then(|chosen| {
            let c = program.choice.as_ref()?;
            let first = &chosen.options.first()?.1;
            Some(ChoiceReport {
                name: c.name.clone(),
                by: c.by.clone(),
                chosen: chosen.value,
                for_bet: program
                    .bets
                    .get(chosen.for_bet)
                    .map(|b| b.name.clone())
                    .unwrap_or_default(),
                matters: chosen
                    .options
                    .iter()
                    .any(|(_, d)| !Arc::ptr_eq(d, first) && !values::alike(program, d, first)),
                options: option_rows(program, chosen, &figures),
            })
        });
        let strategies = distribution
            .solution
            .as_ref()
            .map(|s| StrategyReport::new(program, s));
        Report {
            format_version: FormatVersion,
            file: None,
            game: program.name.clone(),
            choice,
            strategies,
            params: program
                .params
                .iter()
                .map(|p| {
                    let value = if p.infinite {
                        "infinite".to_string()
                    } else {
                        p.value.to_string()
                    };
                    (p.name.clone(), value)
                })
                .collect(),
            removed: removal::removed_shoes(program),
            table: TableReport::new(program),
            results,
            values,
            bets,
            effects_of_removal: None,
            expects: program.expects.iter().map(verdict).collect(),
            claims: program.claims.iter().map(verdict).collect(),
            diagnostics: Vec::new(),
        }
    }

    /// Sets each verdict's line number from the source its spans point into.
    pub fn locate(&mut self, program: &Program, source: &str) {
        let lines = Lines::new(source);
        let line_of = |offset: usize| lines.locate(offset).0;
        for (v, a) in self.expects.iter_mut().zip(&program.expects) {
            v.line = line_of(a.span.start);
        }
        for (v, a) in self.claims.iter_mut().zip(&program.claims) {
            v.line = line_of(a.span.start);
        }
    }
}

impl Report {
    /// Takes the verdicts of the lines pinned at `program.pinned[setting]`
    /// from `at`, the report of the game at that setting.
    pub fn adopt(&mut self, program: &Program, setting: usize, at: &Report) {
        let pairs = [
            (&mut self.expects, &at.expects, &program.expects),
            (&mut self.claims, &at.claims, &program.claims),
        ];
        for (mine, theirs, lines) in pairs {
            for ((v, a), t) in mine.iter_mut().zip(lines).zip(theirs) {
                if a.setting == Some(setting) {
                    *v = Verdict {
                        line: v.line,
                        ..t.clone()
                    };
                }
            }
        }
    }

    /// Marks the lines pinned at `program.pinned[setting]` not checked:
    /// that setting was not evaluated ([`crate::Options::skip_pinned`]).
    pub fn leave_pinned_unchecked(&mut self, program: &Program, setting: usize) {
        let pairs = [
            (&mut self.expects, &program.expects),
            (&mut self.claims, &program.claims),
        ];
        for (verdicts, lines) in pairs {
            for (v, a) in verdicts.iter_mut().zip(lines) {
                if a.setting == Some(setting) {
                    v.not_checked();
                }
            }
        }
    }

    /// Marks the lines not checked at this run: those whose figure depends
    /// on a parameter the run gives another value than the file's and their
    /// `with` does not name ([`Assertion::moved`](crate::program::Assertion::moved)).
    /// With `strict`, every line is checked.
    pub fn leave_unchecked(&mut self, program: &Program, strict: bool) {
        if strict {
            return;
        }
        let pairs = [
            (&mut self.expects, &program.expects),
            (&mut self.claims, &program.claims),
        ];
        for (verdicts, lines) in pairs {
            for (v, a) in verdicts.iter_mut().zip(lines) {
                let moved = a.moved(&program.params);
                if moved.is_empty() {
                    continue;
                }
                v.not_checked();
                v.written_for = moved
                    .iter()
                    .map(|p| (p.name.clone(), p.default.to_string()))
                    .collect();
            }
        }
    }
}
