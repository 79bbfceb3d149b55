//! `--removed CARDS`: cards taken out of a shoe before the round, parsed
//! once into data (`5x32,K,K`, or `cards:5x2` naming the shoe) and applied
//! to a checked program, which then deals from the shoe less those cards.
//!
//! A rank is `A`, `2` to `10` (or `T`), `J`, `Q` or `K`, in any case, with
//! an optional count after `x`. Every problem is a [`RemovedError`] whose
//! spans point into the flag's own text.

use std::fmt;

use miette::{Diagnostic, LabeledSpan, NamedSource};
use thiserror::Error;

use crate::ast::Span;
use crate::program::card::RANKS;
use crate::program::{Program, Shoe};

/// The cards one `--removed` takes out: the shoe it names, if any, and
/// each rank with its count, as written.
#[derive(Clone, Debug, PartialEq)]
pub struct Removal {
    /// The flag's text, as given.
    pub text: String,
    /// The shoe named before `:`, with its span in `text`.
    pub shoe: Option<(String, Span)>,
    /// Each rank (0 for the ace) with its count and its span in `text`.
    pub cards: Vec<(usize, u32, Span)>,
}

/// Why a `--removed` (or `--effects-of-removal`) cannot be applied; the
/// spans point into the flag's text.
#[derive(Clone, Debug, PartialEq, Error, Diagnostic)]
pub enum Problem {
    /// Not a list of ranks with optional counts.
    #[error("`{text}` is not a card rank with an optional count")]
    #[diagnostic(
        code(dice::removed::syntax),
        help("write ranks with an optional count after `x`, separated by commas: `5x32,K,K`; where the file has several shoes, the shoe first: `cards:5x2`")
    )]
    Syntax {
        /// The part that does not read.
        text: String,
        #[label("expected a rank, such as `5` or `K`, or `RANKxCOUNT`")]
        span: Span,
    },
    /// A rank no deck has.
    #[error("`{rank}` is not a rank")]
    #[diagnostic(
        code(dice::removed::unknown_rank),
        help("the ranks are A 2 3 4 5 6 7 8 9 10 J Q K (T for 10, in any case)")
    )]
    UnknownRank {
        /// The rank as written.
        rank: String,
        #[label("not a rank")]
        span: Span,
    },
    /// `5x0`.
    #[error("a count of 0 removes nothing")]
    #[diagnostic(
        code(dice::removed::zero_count),
        help("leave the rank out, or give a count of at least 1")
    )]
    ZeroCount {
        #[label("removes nothing")]
        span: Span,
    },
    /// More cards of a rank than the shoe holds: reported once for the
    /// shoe and rank, at the first card past what it holds.
    #[error("{removed} card(s) of rank {rank} removed, but shoe `{shoe}` holds {holds}")]
    #[diagnostic(
        code(dice::removed::too_many),
        help("a deck holds 4 cards of each rank; the shoe's decks hold {holds}")
    )]
    TooMany {
        /// The rank.
        rank: &'static str,
        /// How many of it are removed, all flags together.
        removed: u32,
        /// How many the shoe holds.
        holds: u64,
        /// The shoe.
        shoe: String,
        /// How many are removed up to the item at `span`, the first to
        /// pass `holds`.
        at: u32,
        #[label("brings it to {at}")]
        span: Span,
    },
    /// Cards removed from the infinite shoe, which every card leaves alike.
    #[error("shoe `{shoe}` is infinite: removing cards changes nothing")]
    #[diagnostic(
        code(dice::removed::infinite),
        help("the infinite shoe deals every card with one deck's frequencies, whatever was dealt; give it a number of decks (`--set decks=8` where the file has that parameter)")
    )]
    Infinite {
        /// The shoe.
        shoe: String,
        #[label("removed from the infinite shoe")]
        span: Span,
    },
    /// The game deals no cards.
    #[error("the game has no shoe to remove cards from")]
    #[diagnostic(
        code(dice::removed::no_shoe),
        help("`--removed` and `--effects-of-removal` are for games that deal from a `shoe`")
    )]
    NoShoe {
        #[label("no shoe")]
        span: Span,
    },
    /// The file has several shoes and the flag names none.
    #[error("the game has several shoes ({shoes}): say which")]
    #[diagnostic(
        code(dice::removed::which_shoe),
        help("name the shoe before the cards: `{first}:5x2`")
    )]
    WhichShoe {
        /// The shoes, comma separated.
        shoes: String,
        /// The first of them.
        first: String,
        #[label("which shoe?")]
        span: Span,
    },
    /// A shoe the file does not declare.
    #[error("the game has no shoe `{name}`")]
    #[diagnostic(code(dice::removed::unknown_shoe), help("{help}"))]
    UnknownShoe {
        /// The name as written.
        name: String,
        /// "did you mean", or the shoes there are.
        help: String,
        #[label("unknown shoe")]
        span: Span,
    },
    /// The round reads suits: a rank removed leaves its suit unsaid.
    #[error(
        "the round reads the suits of shoe `{shoe}`: removing ranks leaves their suits unknown"
    )]
    #[diagnostic(
        code(dice::removed::suits),
        help("card analysis takes ranks out of shoes whose suits the round does not read")
    )]
    Suits {
        /// The shoe.
        shoe: String,
        #[label("the round reads suits")]
        span: Span,
    },
}

/// A [`Problem`] of one flag, with the flag's text to draw it against.
#[derive(Clone, Debug, PartialEq)]
pub struct RemovedError {
    /// The flag's name, `--removed` or `--effects-of-removal`.
    pub flag: &'static str,
    /// What is wrong, its spans in the flag's text.
    pub problem: Box<Problem>,
    source: Box<NamedSource<String>>,
}

impl RemovedError {
    /// `problem`, met in `flag`'s value `text`.
    pub fn new(flag: &'static str, text: &str, problem: Problem) -> RemovedError {
        RemovedError {
            flag,
            problem: Box::new(problem),
            source: Box::new(NamedSource::new(flag, text.to_string())),
        }
    }
}

impl fmt::Display for RemovedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.flag, self.problem)
    }
}

impl std::error::Error for RemovedError {}

/// The problem's diagnostic, against the flag's text.
impl Diagnostic for RemovedError {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.problem.code()
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.problem.help()
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        self.problem.labels()
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&*self.source)
    }
}

const FLAG: &str = "--removed";

/// The rank index (0 for the ace) a rank is written as, in any case.
pub fn rank_index(text: &str) -> Option<usize> {
    let upper = text.to_ascii_uppercase();
    let upper = match upper.as_str() {
        "T" => "10",
        u => u,
    };
    RANKS.iter().position(|r| *r == upper)
}

impl Removal {
    /// Parses one `--removed` value: `[SHOE:]RANK[xCOUNT],...`.
    pub fn parse(text: &str) -> Result<Removal, RemovedError> {
        let error = |problem| RemovedError::new(FLAG, text, problem);
        let span = |start: usize, part: &str| {
            let lead = part.len() - part.trim_start().len();
            Span::new(start + lead, start + lead + part.trim().len())
        };
        let (shoe, list, offset) = match text.split_once(':') {
            Some((name, list)) => {
                let name_span = span(0, name);
                let name = name.trim();
                let ok = !name.is_empty() && name.chars().all(|c| c.is_alphanumeric() || c == '_');
                if !ok {
                    return Err(error(Problem::Syntax {
                        text: name.to_string(),
                        span: name_span,
                    }));
                }
                (Some((name.to_string(), name_span)), list, name.len() + 1)
            }
            None => (None, text, 0),
        };
        let mut cards = Vec::new();
        let mut start = offset;
        for part in list.split(',') {
            let at = span(start, part);
            start += part.len() + 1;
            let item = part.trim();
            let (rank, count) = match item.split_once(['x', 'X']) {
                Some((rank, count)) => (rank, Some(count)),
                None => (item, None),
            };
            if rank.is_empty() || count.is_some_and(|c| c.is_empty()) {
                return Err(error(Problem::Syntax {
                    text: item.to_string(),
                    span: at,
                }));
            }
            let count = match count {
                None => 1,
                Some(c) => match c.parse::<u32>() {
                    Ok(0) => return Err(error(Problem::ZeroCount { span: at })),
                    Ok(n) => n,
                    Err(_) => {
                        return Err(error(Problem::Syntax {
                            text: item.to_string(),
                            span: at,
                        }))
                    }
                },
            };
            let Some(index) = rank_index(rank) else {
                let rank_span = Span::new(at.start, at.start + rank.len());
                return Err(error(Problem::UnknownRank {
                    rank: rank.to_string(),
                    span: rank_span,
                }));
            };
            cards.push((index, count, at));
        }
        Ok(Removal {
            text: text.to_string(),
            shoe,
            cards,
        })
    }

    /// Parses each `--removed` value; every one that does not parse.
    pub fn parse_all(texts: &[String]) -> Result<Vec<Removal>, Vec<RemovedError>> {
        let (ok, errors): (Vec<_>, Vec<_>) = texts
            .iter()
            .map(|t| Removal::parse(t))
            .partition(Result::is_ok);
        if errors.is_empty() {
            Ok(ok.into_iter().flatten().collect())
        } else {
            Err(errors.into_iter().filter_map(Result::err).collect())
        }
    }
}

/// The shoe of `program` a flag means: the one it names, or the only
/// one; `whole` is the span to point at when it names none.
pub fn which_shoe(
    program: &Program,
    named: Option<&(String, Span)>,
    whole: Span,
) -> Result<usize, Problem> {
    let shoes = &program.shoes;
    match named {
        Some((name, span)) => shoes.iter().position(|s| s.name == *name).ok_or_else(|| {
            let names = shoes.iter().map(|s| s.name.as_str());
            let help = match crate::suggest::did_you_mean(name, names) {
                Some(near) => format!("did you mean `{near}`?"),
                None if shoes.is_empty() => "the game deals no cards".to_string(),
                None => {
                    let all: Vec<&str> = shoes.iter().map(|s| s.name.as_str()).collect();
                    format!("its shoes: {}", all.join(", "))
                }
            };
            Problem::UnknownShoe {
                name: name.clone(),
                help,
                span: *span,
            }
        }),
        None => match shoes.len() {
            0 => Err(Problem::NoShoe { span: whole }),
            1 => Ok(0),
            _ => Err(Problem::WhichShoe {
                shoes: shoes
                    .iter()
                    .map(|s| s.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
                first: shoes[0].name.clone(),
                span: whole,
            }),
        },
    }
}

/// Whether card analysis can take ranks out of `shoe`: it is finite and
/// the round does not read its suits.
pub fn analysable(shoe: &Shoe, span: Span) -> Result<u32, Problem> {
    let Some(decks) = shoe.decks else {
        return Err(Problem::Infinite {
            shoe: shoe.name.clone(),
            span,
        });
    };
    if shoe.telling().1 {
        return Err(Problem::Suits {
            shoe: shoe.name.clone(),
            span,
        });
    }
    Ok(decks)
}

/// Takes the cards of `removals` out of `program`'s shoes (added to any
/// taken out already); the problems of each flag that cannot be applied.
/// The settings its `with` lines name are not changed.
pub fn apply(program: &mut Program, removals: &[Removal]) -> Result<(), Vec<RemovedError>> {
    let mut errors = Vec::new();
    let mut counts: Vec<[u32; 13]> = program.shoes.iter().map(|s| s.removed).collect();
    // Each shoe's ranks removed past what it holds: the flag and the item
    // that passed it first (reported once, with every flag's total).
    let mut past: Vec<[Option<(usize, u32, Span)>; 13]> = vec![[None; 13]; program.shoes.len()];
    for (r, removal) in removals.iter().enumerate() {
        let error = |problem| RemovedError::new(FLAG, &removal.text, problem);
        let whole = Span::new(0, removal.text.len());
        let index = match which_shoe(program, removal.shoe.as_ref(), whole) {
            Ok(index) => index,
            Err(problem) => {
                errors.push(error(problem));
                continue;
            }
        };
        let shoe = &program.shoes[index];
        let at = removal.shoe.as_ref().map_or(whole, |(_, span)| *span);
        if let Err(problem) = analysable(shoe, at) {
            errors.push(error(problem));
            continue;
        }
        for &(rank, count, span) in &removal.cards {
            let total = counts[index][rank].saturating_add(count);
            counts[index][rank] = total;
            let holds = shoe.rank_count(rank).unwrap_or(0) + u64::from(shoe.removed[rank]);
            if u64::from(total) > holds && past[index][rank].is_none() {
                past[index][rank] = Some((r, total, span));
            }
        }
    }
    for (index, ranks) in past.iter().enumerate() {
        let shoe = &program.shoes[index];
        for (rank, first) in ranks.iter().enumerate() {
            let Some((r, at, span)) = *first else {
                continue;
            };
            let problem = Problem::TooMany {
                rank: RANKS[rank],
                removed: counts[index][rank],
                holds: shoe.rank_count(rank).unwrap_or(0) + u64::from(shoe.removed[rank]),
                shoe: shoe.name.clone(),
                at,
                span,
            };
            errors.push(RemovedError::new(FLAG, &removals[r].text, problem));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    for (shoe, removed) in program.shoes.iter_mut().zip(counts) {
        if removed != shoe.removed {
            shoe.remove(removed);
        }
    }
    // The round played in turn is made again from these shoes.
    program.played = Default::default();
    Ok(())
}

/// The removed cards of `removed` (the ace first) as `--removed` writes
/// them, `5x2,K`; empty when there are none.
pub fn written(removed: &[u32; 13]) -> String {
    let parts: Vec<String> = (removed.iter().enumerate())
        .filter(|(_, &n)| n > 0)
        .map(|(i, &n)| match n {
            1 => RANKS[i].to_string(),
            n => format!("{}x{n}", RANKS[i]),
        })
        .collect();
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_with_counts_parse() {
        let r = Removal::parse("5x32, K,k,t,10x2,a").expect("parses");
        let cards: Vec<(usize, u32)> = r.cards.iter().map(|&(i, n, _)| (i, n)).collect();
        assert_eq!(
            cards,
            vec![(4, 32), (12, 1), (12, 1), (9, 1), (9, 2), (0, 1)]
        );
        assert_eq!(r.shoe, None);
        let r = Removal::parse("cards:QX3").expect("parses");
        assert_eq!(r.shoe, Some(("cards".to_string(), Span::new(0, 5))));
        assert_eq!(r.cards[0].0, 11);
        assert_eq!(r.cards[0].2, Span::new(6, 9));
    }

    #[test]
    fn bad_values_say_where() {
        let problem = |t: &str| *Removal::parse(t).expect_err(t).problem;
        assert!(
            matches!(problem("5,Z"), Problem::UnknownRank { rank, span } if rank == "Z" && span == Span::new(2, 3))
        );
        assert!(matches!(problem("11x2"), Problem::UnknownRank { .. }));
        assert!(matches!(problem("5x0"), Problem::ZeroCount { .. }));
        for bad in ["", "5,,K", "5x", "5xx2", "x3", "5x-1", ":5", "a b:5"] {
            assert!(matches!(problem(bad), Problem::Syntax { .. }), "{bad}");
        }
    }

    #[test]
    fn removed_cards_are_written_back() {
        let mut removed = [0; 13];
        removed[4] = 2;
        removed[12] = 1;
        assert_eq!(written(&removed), "5x2,K");
        assert_eq!(written(&[0; 13]), "");
    }
}
