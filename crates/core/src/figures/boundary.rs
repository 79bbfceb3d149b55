//! The strategy of a decision whose chooser knows a hand of cards (first of
//! what it knows), told compactly: its information sets ordered from the
//! worst hand to the best (by poker value where poker ranks the hand, else
//! by the hand's ranks or values, highest first, compared card by card),
//! and cut into runs of hands in a row that take the same option, so that
//! a report can say "play with Q-6-4 or better, else fold" instead of
//! listing 22,100 hands.
//!
//! Hands equal in the order (that differ only in suits) are one step of
//! it: they are never split between runs, and where they take different
//! options (by their suits, or by what else the chooser knows: caribbean
//! stud's dealer's up card) the run says so (`HandRun::options`). A
//! strategy that mixes anywhere in the decision gets no summary.

use rustc_hash::FxHashMap;

use crate::eval::exact::Unlisted;
use crate::program::card::{Kind, RANKS};
use crate::program::{poker, Program};
use crate::report::{HandRun, HandSummary, InfoSetRow};

/// The summaries of the decisions of `rows` (one information set each,
/// of the decision `decisions` gives beside it) and of `unlisted` whose
/// chooser knows a hand first, in the order the decisions are first met
/// (the unlisted after).
pub fn summaries(
    program: &Program,
    rows: &[InfoSetRow],
    decisions: &[usize],
    unlisted: &[Unlisted],
) -> Vec<HandSummary> {
    let mut met: Vec<usize> = Vec::new();
    for &d in decisions {
        if !met.contains(&d) {
            met.push(d);
        }
    }
    let listed = met.into_iter().filter_map(|d| {
        let mine: Vec<&InfoSetRow> = (rows.iter().zip(decisions))
            .filter(|(_, &i)| i == d)
            .map(|(r, _)| r)
            .collect();
        let options = &program.decisions.get(d)?.options;
        let taken = mine.iter().map(|row| {
            let option = &row.options.get(pure(row)?)?.option;
            Some((
                row.knowing.first()?.value,
                options.iter().position(|o| o == option)?,
            ))
        });
        summary(program, d, &mine.first()?.by, taken)
    });
    let unlisted = unlisted.iter().filter_map(|u| {
        let decision = program.decisions.get(u.decision)?;
        let by = &program.bets[program.sides.get(u.side)?.bet].name;
        let taken = (0..u.len()).map(|i| Some((*u.key(i).first()?, u.taken_at(decision, i)?)));
        summary(program, u.decision, by, taken)
    });
    listed.chain(unlisted).collect()
}

/// The most runs of a summary of a decision whose chooser knows more than
/// the hand: past them, the hand alone says too little of the strategy
/// for a summary along it to help (mississippi stud's `fourth`, knowing
/// the player's two cards and the two shown, has 63).
const MOST_RUNS_KNOWING_MORE: usize = 12;

/// One hand the chooser knows: its cards, what orders it, how it is
/// written and the options the strategy takes there (one bit each, by
/// index among the decision's: several where it knows more), in how many
/// situations.
struct Hand {
    cards: Vec<Kind>,
    key: i64,
    order: Vec<i64>,
    written: String,
    options: u64,
    situations: usize,
}

/// The summary of decision `d`, chosen by the bettor of `by`, from the
/// hand the chooser knows first and the option taken (by index among the
/// decision's) in each of its situations; `None` unless its chooser knows
/// a hand first and it plays purely everywhere (`taken` says `None` where
/// it mixes).
fn summary(
    program: &Program,
    d: usize,
    by: &str,
    taken: impl Iterator<Item = Option<(i64, usize)>>,
) -> Option<HandSummary> {
    let decision = program.decisions.get(d)?;
    if decision.knowing.is_empty() || decision.faces.is_some() {
        return None;
    }
    let shoe = program
        .shoes
        .get(decision.hands.first().copied().flatten()?)?;
    let mut by_key: FxHashMap<i64, (u64, usize)> = FxHashMap::default();
    let mut situations = 0;
    for t in taken {
        let (key, option) = t?;
        let hand = by_key.entry(key).or_default();
        hand.0 |= 1u64.checked_shl(u32::try_from(option).ok()?)?;
        hand.1 += 1;
        situations += 1;
    }
    if by_key.is_empty() {
        return None;
    }
    let mut hands = Vec::with_capacity(by_key.len());
    for (key, (options, situations)) in by_key {
        let cards = (shoe.key_kinds(key).into_iter())
            .map(|k| shoe.kinds.get(k).copied())
            .collect::<Option<Vec<Kind>>>()?;
        hands.push(Hand {
            cards,
            key,
            order: Vec::new(),
            written: String::new(),
            options,
            situations,
        });
    }
    let order = order_hands(&mut hands);
    hands.sort_by(|a, b| (&a.order, a.key).cmp(&(&b.order, b.key)));
    let runs = runs(&hands, &decision.options);
    if decision.knowing.len() > 1 && runs.len() > MOST_RUNS_KNOWING_MORE {
        return None;
    }
    Some(HandSummary {
        decision: decision.name.clone(),
        by: by.to_string(),
        knows: decision.knowing[0].clone(),
        also_knows: decision.knowing[1..].to_vec(),
        order,
        situations,
        runs,
    })
}

/// The option a pure strategy takes at an information set (its index
/// among the options offered there); `None` where it mixes.
fn pure(row: &InfoSetRow) -> Option<usize> {
    let mut taken = None;
    for (i, o) in row.options.iter().enumerate() {
        if o.probability.is_zero() {
            continue;
        }
        if taken.is_some() || o.probability != crate::number::Exact::one() {
            return None;
        }
        taken = Some(i);
    }
    taken
}

/// Sets each hand's place in the order and how it is written, and says
/// which order it is: `poker` where poker ranks every hand (3 or 5 to 7
/// cards of one size, ranks and suits known), `ranks` where every card's
/// rank is known, `values` otherwise.
fn order_hands(hands: &mut [Hand]) -> &'static str {
    let size = hands.first().map_or(0, |h| h.cards.len());
    let ranked: Option<Vec<poker::Ranked>> = if hands.iter().all(|h| h.cards.len() == size) {
        (hands.iter())
            .map(|h| poker::rank(&h.cards.iter().map(|k| k.card.0).collect::<Vec<u32>>()))
            .collect()
    } else {
        None
    };
    let by_rank = hands
        .iter()
        .all(|h| h.cards.iter().all(|k| k.card.rank() != 0));
    for (i, hand) in hands.iter_mut().enumerate() {
        hand.cards
            .sort_by_key(|k| std::cmp::Reverse((k.card.rank(), k.value, k.card.suit())));
        let names: Vec<String> = hand.cards.iter().map(name).collect();
        hand.written = names.join("-");
        hand.order = match &ranked {
            Some(ranked) => {
                if let Some(category) = flush(ranked[i].category) {
                    hand.written = format!("{} {category}", hand.written);
                }
                vec![ranked[i].value]
            }
            None if by_rank => hand
                .cards
                .iter()
                .map(|k| i64::from(k.card.rank()))
                .collect(),
            None => {
                let mut values: Vec<i64> = hand.cards.iter().map(|k| i64::from(k.value)).collect();
                values.sort_unstable_by(|a, b| b.cmp(a));
                values
            }
        };
    }
    match (ranked, by_rank) {
        (Some(_), _) => "poker",
        (None, true) => "ranks",
        (None, false) => "values",
    }
}

/// A poker category that a hand's ranks do not show, in words: a flush
/// of any kind.
fn flush(category: usize) -> Option<String> {
    let name = poker::CATEGORIES.get(category)?;
    name.contains("flush").then(|| name.replace('_', " "))
}

/// A card written by its rank (`Q`, `10`, `A`), or by its value where
/// ranks are not told apart.
fn name(kind: &Kind) -> String {
    match kind.card.rank() {
        14 => "A".to_string(),
        r @ 1..=13 => RANKS[r as usize - 1].to_string(),
        _ => kind.value.to_string(),
    }
}

/// The runs of `hands`, sorted by the order: hands equal in the order
/// are a step, its options those its hands take (in the file's order);
/// steps in a row with the same options are a run.
fn runs(hands: &[Hand], names: &[String]) -> Vec<HandRun> {
    let mut runs: Vec<(Vec<usize>, HandRun)> = Vec::new();
    for step in hands.chunk_by(|a, b| a.order == b.order) {
        let taken = step.iter().fold(0u64, |all, h| all | h.options);
        let options: Vec<usize> = (0..64).filter(|o| taken >> o & 1 == 1).collect();
        let (first, last) = (&step[0], &step[step.len() - 1]);
        match runs.last_mut() {
            Some((taken, run)) if *taken == options => {
                run.highest = last.written.clone();
                run.situations += step.iter().map(|h| h.situations).sum::<usize>();
            }
            _ => {
                let run = HandRun {
                    options: (options.iter())
                        .map(|&o| names.get(o).cloned().unwrap_or_default())
                        .collect(),
                    lowest: first.written.clone(),
                    highest: last.written.clone(),
                    situations: step.iter().map(|h| h.situations).sum(),
                };
                runs.push((options, run));
            }
        }
    }
    runs.into_iter().map(|(_, run)| run).collect()
}
