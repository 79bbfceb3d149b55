//! One whole shoe dealt to the cut card, a perfect counter's view: before
//! every coup each bet's exact house edge from the cards left, then the
//! coup played from them (seeded, as `play` deals), its cards taken out.
//!
//! Each coup's edges are an exact evaluation of the game with the cards
//! dealt so far removed (`Shoe::remove`, as `check --removed` takes them
//! out), so a bet whose edge is below zero favours its bettor there.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use super::round::{Event, Round};
use super::strategy::{Automatic, Strategy};
use super::sums::Sums;
use crate::eval::exact::figures::BetFigures;
use crate::eval::exact::Limits;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::Program;
pub use crate::report::shoe::{BetSummary, Coup, ShoeRun};
use crate::report::FormatVersion;

/// What `dicerules shoe` is asked.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The shoe dealt (an index into `Program::shoes`): finite, its suits
    /// unread (`check::removed::analysable`).
    pub shoe: usize,
    /// The seed of the deal.
    pub seed: u64,
    /// The cut card: no coup starts with this many cards left or fewer.
    pub cut: u64,
    /// The bounds on each exact evaluation.
    pub limits: Limits,
}

/// The rank index (0 for the ace) of a card dealt by rank and suit.
fn rank_index(card: u32) -> Option<usize> {
    match card / 8 {
        14 => Some(0),
        r @ 1..=13 => Some(r as usize - 1),
        _ => None,
    }
}

/// Deals one whole shoe of `program` to the cut card.
pub fn deal(program: &Program, options: Options) -> Result<ShoeRun, EvalError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(options.seed);
    let the_shoe = &program.shoes[options.shoe];
    let mut removed = the_shoe.removed;
    let count = |removed: &[u32; 13]| -> u64 {
        let mut shoe = the_shoe.clone();
        shoe.removed = *removed;
        shoe.cards_held()
    };
    let cards = count(&removed);
    let bets: Vec<String> = program.bets.iter().map(|b| b.name.clone()).collect();
    let mut coups = Vec::new();
    let stopped;
    loop {
        let left = count(&removed);
        if left <= options.cut {
            stopped = "cut card".to_string();
            break;
        }
        // A coup may deal no card: a shoe ends after as many coups as it
        // has cards, whatever its rounds deal (as `margin` does).
        if coups.len() as u64 > cards {
            stopped = "as many coups as the shoe has cards".to_string();
            break;
        }
        let mut now = program.clone();
        now.shoes[options.shoe].remove(removed);
        let distribution = match crate::solve::evaluate(&now, options.limits) {
            Ok(d) => d,
            Err(EvalError::ShoeEmpty { .. }) => {
                stopped = "too few cards left for a coup".to_string();
                break;
            }
            Err(e) => return Err(e),
        };
        let edges: Vec<Exact> = (now.bets.iter())
            .map(|bet| BetFigures::new(bet, &distribution).house_edge())
            .collect();
        let strategy = Strategy::new(&distribution);
        let mut source = Automatic {
            rng: &mut rng,
            strategy: &strategy,
        };
        let mut round = Round::new(&now).with_named_cards();
        let mut dealt = Vec::new();
        let mut outcome = None;
        let mut on_event = |event: Event| match event {
            Event::Draw { cards, .. } => dealt.extend(cards),
            Event::End { outcome: o } => outcome = Some(o),
            _ => {}
        };
        round.play(&mut source, Some(&mut on_event))?;
        let before = crate::check::removed::written(&removed);
        for card in &dealt {
            if let Some(i) = rank_index(card.0) {
                removed[i] += 1;
            }
        }
        coups.push(Coup {
            coup: coups.len() as u64 + 1,
            cards_left: left,
            dealt_so_far: before,
            house_edges_percent: edges.iter().map(|e| e.to_f64() * 100.0).collect(),
            favourable: (bets.iter().zip(&edges))
                .filter(|(_, e)| e.is_negative())
                .map(|(b, _)| b.clone())
                .collect(),
            house_edges: edges,
            dealt: dealt
                .iter()
                .map(|c| c.name(true).unwrap_or_else(|| "?".to_string()))
                .collect(),
            outcome,
        });
    }
    let summary = (bets.iter().enumerate())
        .map(|(b, bet)| summarise(bet, coups.iter().map(|c| &c.house_edges[b])))
        .collect();
    Ok(ShoeRun {
        format_version: FormatVersion,
        game: program.name.clone(),
        shoe: the_shoe.name.clone(),
        seed: options.seed,
        cut: options.cut,
        shoe_cards: cards,
        bets,
        coups,
        stopped,
        summary,
    })
}

/// How often, and by how much, a bet of these house edges favoured its
/// bettor.
fn summarise<'e>(bet: &str, edges: impl Iterator<Item = &'e Exact>) -> BetSummary {
    let advantages: Vec<Exact> = edges.filter(|e| e.is_negative()).map(|e| -e).collect();
    let best = advantages.iter().max().cloned();
    let mean = (!advantages.is_empty()).then(|| {
        advantages.iter().map(Exact::to_f64).sum::<f64>() / advantages.len() as f64 * 100.0
    });
    BetSummary {
        bet: bet.to_string(),
        favourable_coups: advantages.len() as u64,
        mean_advantage_percent: mean,
        best_advantage_percent: best.as_ref().map(|e| e.to_f64() * 100.0),
        best_advantage: best,
    }
}

/// What whole shoes dealt to the cut card are asked to count:
/// `shoe_margin(O1, O2) ... at shoes = N, seed = S, cut = C`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Margin {
    /// The shoe dealt (an index into `Program::shoes`).
    pub shoe: usize,
    /// The outcome counted for, and the one counted against.
    pub plus: usize,
    pub minus: usize,
    /// Shoes dealt.
    pub shoes: u64,
    /// The seed of the first; the others follow from the same generator.
    pub seed: u64,
    /// The cut card: no coup starts with this many cards left or fewer.
    pub cut: u64,
}

/// The margin over many shoes: an estimate, with its standard error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MarginEstimate {
    /// The mean, over the shoes, of the coups ending `plus` less those
    /// ending `minus`.
    pub mean: f64,
    /// The standard error of the mean.
    pub std_error: f64,
    /// The mean number of coups a shoe.
    pub coups: f64,
}

/// Deals `margin.shoes` whole shoes of `program` to the cut card, each
/// coup played as `play` plays it (its choices by the strategies of
/// `distribution`), and counts each shoe's coups ending `plus` less those
/// ending `minus`. A coup that finds too few cards left ends the shoe, as
/// `dicerules shoe` does.
pub fn margin(
    program: &Program,
    distribution: &crate::eval::exact::Distribution,
    margin: Margin,
) -> Result<MarginEstimate, EvalError> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(margin.seed);
    let strategy = Strategy::new(distribution);
    let mut round = Round::new(program).dealing_on();
    let (mut margins, mut coups) = (Sums::default(), 0u64);
    for _ in 0..margin.shoes {
        round.new_shoes();
        let mut difference = 0i64;
        // A coup may deal no card: a shoe ends after as many coups as it
        // has cards, whatever its rounds deal.
        let most = round.cards_left(margin.shoe);
        for _ in 0..=most {
            if round.cards_left(margin.shoe) <= margin.cut {
                break;
            }
            let mut source = Automatic {
                rng: &mut rng,
                strategy: &strategy,
            };
            // `Some(outcome)`, or `None` where a reroll was given up (never,
            // by an automatic source).
            let outcome = match round.play(&mut source, None) {
                Ok(ended) => ended.flatten(),
                Err(EvalError::ShoeEmpty { .. }) => break,
                Err(e) => return Err(e),
            };
            coups += 1;
            if outcome == Some(margin.plus) {
                difference += 1;
            } else if outcome == Some(margin.minus) {
                difference -= 1;
            }
        }
        margins.add(difference as f64);
    }
    let n = margin.shoes.max(1) as f64;
    let estimate = margins.estimate(n);
    Ok(MarginEstimate {
        mean: estimate.mean,
        std_error: estimate.std_error,
        coups: coups as f64 / n,
    })
}
