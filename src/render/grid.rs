//! A strategy as a player reads it: a decision whose chooser knows two
//! values drawn as one grid (rows the first value, columns the second),
//! and one known by three values, one of which takes at most
//! [`MOST_SPLIT`] values, as a grid for each of that one's values
//! (blackjack's hard and soft totals, rows the points, columns the
//! dealer's card). A cell is the option the strategy takes there, by a
//! letter ([`codes`]), the options it mixes, or no situation at all. The
//! text and the HTML report draw the same grids from here; a decision of
//! any other kind (a hand of cards known, one value or more than three,
//! the faces shown) keeps its listing.

use std::collections::BTreeMap;

use crate::report::{InfoSetRow, StrategyReport};

/// The most values of the third value a decision's grids are split by.
pub const MOST_SPLIT: usize = 4;

/// The most columns of a grid: wider, it would not fit a terminal.
pub const MOST_COLUMNS: usize = 26;

/// The most rows of a grid.
pub const MOST_ROWS: usize = 100;

/// The grids of one decision.
#[derive(Debug)]
pub struct Grids<'a> {
    /// The decision: the name a `choose` binds, or a draw table's name.
    pub decision: &'a str,
    /// The bet whose bettor chooses.
    pub by: &'a str,
    /// The value down the rows, as the file names it.
    pub rows: &'a str,
    /// The value across the columns.
    pub columns: &'a str,
    /// The value each grid is for, with three values known.
    pub split: Option<&'a str>,
    /// The options, in the file's order.
    pub options: Vec<&'a str>,
    /// The code of each option in the cells, as [`codes`] gives them.
    pub codes: Vec<String>,
    /// Every value of the columns met, ascending: each grid has them all.
    pub column_values: Vec<i64>,
    /// One grid, or one for each value of `split`, ascending.
    pub grids: Vec<Grid<'a>>,
}

/// One grid: its value of the split (none with two values known) and its
/// rows, ascending, each with a cell for every column.
#[derive(Debug)]
pub struct Grid<'a> {
    /// The value of [`Grids::split`] this grid is for.
    pub split: Option<i64>,
    /// Each value of the rows met here, and its cells.
    pub rows: Vec<(i64, Vec<Cell<'a>>)>,
}

/// What a cell of a grid holds.
#[derive(Debug)]
pub enum Cell<'a> {
    /// No situation: the round never comes to these values.
    Unmet,
    /// The strategy takes this option (an index into the options) here.
    Pure(usize),
    /// The strategy takes each of these options (indices, in the file's
    /// order) with a probability strictly between 0 and 1.
    Mixed(Vec<usize>, &'a InfoSetRow),
}

impl Grids<'_> {
    /// The text of a cell: its option's code, the mixed options' codes
    /// joined by `/` (`R/C`), or `.` where no situation is.
    pub fn label(&self, cell: &Cell) -> String {
        match cell {
            Cell::Unmet => ".".to_string(),
            Cell::Pure(i) => self.codes[*i].clone(),
            Cell::Mixed(options, _) => (options.iter())
                .map(|&i| self.codes[i].as_str())
                .collect::<Vec<_>>()
                .join("/"),
        }
    }

    /// The mixed cells of every grid, in order.
    pub fn mixed(&self) -> impl Iterator<Item = &InfoSetRow> {
        (self.grids.iter())
            .flat_map(|g| g.rows.iter().flat_map(|(_, cells)| cells))
            .filter_map(|c| match c {
                Cell::Mixed(_, situation) => Some(*situation),
                _ => None,
            })
    }

    /// The first mixed cell, for the legend to show its mark.
    pub fn first_mixed(&self) -> Option<&Cell<'_>> {
        (self.grids.iter())
            .flat_map(|g| g.rows.iter().flat_map(|(_, cells)| cells))
            .find(|c| matches!(c, Cell::Mixed(..)))
    }

    /// Whether some cell is no situation.
    pub fn any_unmet(&self) -> bool {
        (self.grids.iter())
            .flat_map(|g| g.rows.iter().flat_map(|(_, cells)| cells))
            .any(|c| matches!(c, Cell::Unmet))
    }

    /// The options sharing a first letter, each group in the file's order
    /// (`raise_3x and raise_1x both begin with r`): why their codes are
    /// longer.
    pub fn clashes(&self) -> Vec<String> {
        (self.codes.iter().zip(&self.options))
            .filter(|(code, _)| code.chars().count() > 1 && !is_number(code))
            .fold(
                Vec::<(char, Vec<&str>)>::new(),
                |mut groups, (code, name)| {
                    let first = code.chars().next().unwrap_or(' ');
                    match groups.iter_mut().find(|(c, _)| *c == first) {
                        Some((_, names)) => names.push(name),
                        None => groups.push((first, vec![name])),
                    }
                    groups
                },
            )
            .into_iter()
            .map(|(first, names)| {
                let (last, rest) = names.split_last().unwrap_or((&"", &[]));
                let both = if rest.len() == 1 { "both " } else { "all " };
                format!(
                    "{} and {last} {both}begin with {}",
                    rest.join(", "),
                    first.to_lowercase()
                )
            })
            .collect()
    }

    /// What a grid's heading says after the decision's name: `by player`
    /// and, with a split, `, soft = 0`.
    pub fn heading(&self, grid: &Grid) -> String {
        match (self.split, grid.split) {
            (Some(name), Some(value)) => format!("by {}, {name} = {value}", self.by),
            _ => format!("by {}", self.by),
        }
    }

    /// The corner of a grid: `points \ dealer_up`, the rows' name and the
    /// columns'.
    pub fn corner(&self) -> String {
        format!("{} \\ {}", self.rows, self.columns)
    }
}

/// What the legend says of a mixed cell, after its mark (`R/C`).
pub const MIXED: &str = "mixed, with the chances below";

/// What the legend says of a cell where no situation is, after its mark.
pub const UNMET: &str = "no situation: the round never comes there";

/// The options a situation mixes, each with its probability: `draw
/// 9/11, stand 2/11`.
pub fn mix(situation: &InfoSetRow) -> String {
    (situation.options.iter())
        .filter(|o| !o.probability.is_zero())
        .map(|o| format!("{} {}", o.option, o.probability))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The grids of every decision of `s` a grid tells, in the order the
/// decisions are first met.
pub fn grids(s: &StrategyReport) -> Vec<Grids<'_>> {
    let mut decisions: Vec<(&str, Vec<&InfoSetRow>)> = Vec::new();
    for d in &s.decisions {
        match decisions.iter_mut().find(|(name, _)| *name == d.decision) {
            Some((_, rows)) => rows.push(d),
            None => decisions.push((&d.decision, vec![d])),
        }
    }
    (decisions.iter())
        .filter_map(|(_, situations)| of(situations))
        .collect()
}

/// The grids of one decision's situations, or `None` where a grid does
/// not tell it: its chooser knows a hand, the faces shown, or other than
/// two or three values (three with none taking at most [`MOST_SPLIT`]
/// values); its situations know different names or offer different
/// options; a grid would be wider than [`MOST_COLUMNS`] or longer than
/// [`MOST_ROWS`]; or at most half of its cells are situations (a sparse
/// grid says less than the list).
pub fn of<'a>(situations: &[&'a InfoSetRow]) -> Option<Grids<'a>> {
    let first = situations.first()?;
    let names: Vec<&str> = first.knowing.iter().map(|k| k.name.as_str()).collect();
    let options: Vec<&str> = first.options.iter().map(|o| o.option.as_str()).collect();
    let alike = |d: &&InfoSetRow| {
        d.faces_shown.is_none()
            && d.knowing.len() == names.len()
            && (d.knowing.iter().zip(&names)).all(|(k, n)| k.name == *n && k.hand.is_none())
            && d.options.len() == options.len()
            && (d.options.iter().zip(&options)).all(|(o, n)| o.option == *n)
    };
    if !situations.iter().all(alike) {
        return None;
    }
    let distinct = |at: usize| -> Vec<i64> {
        let mut values: Vec<i64> = situations.iter().map(|d| d.knowing[at].value).collect();
        values.sort_unstable();
        values.dedup();
        values
    };
    // Where the rows, the columns and the split are among the values known.
    let (row, column, split) = match names.len() {
        2 => (0, 1, None),
        3 => {
            let counts: Vec<usize> = (0..3).map(|at| distinct(at).len()).collect();
            let fewest = (0..3).min_by_key(|&at| counts[at])?;
            if counts[fewest] > MOST_SPLIT {
                return None;
            }
            let mut rest = (0..3).filter(|&at| at != fewest);
            (rest.next()?, rest.next()?, Some(fewest))
        }
        _ => return None,
    };
    let column_values = distinct(column);
    if column_values.len() > MOST_COLUMNS {
        return None;
    }
    let mut by_split: BTreeMap<Option<i64>, BTreeMap<i64, BTreeMap<i64, &InfoSetRow>>> =
        BTreeMap::new();
    for d in situations {
        let at = split.map(|s| d.knowing[s].value);
        let cells = by_split.entry(at).or_default();
        let row_cells = cells.entry(d.knowing[row].value).or_default();
        if row_cells.insert(d.knowing[column].value, *d).is_some() {
            // Two situations at one cell: not a grid.
            return None;
        }
    }
    let mut grids = Vec::new();
    let mut cells_in_all = 0;
    for (at, rows) in by_split {
        if rows.len() > MOST_ROWS {
            return None;
        }
        cells_in_all += rows.len() * column_values.len();
        let mut drawn = Vec::new();
        for (value, row_cells) in rows {
            let cells = (column_values.iter())
                .map(|c| row_cells.get(c).map_or(Some(Cell::Unmet), |d| cell(d)))
                .collect::<Option<Vec<Cell>>>()?;
            drawn.push((value, cells));
        }
        grids.push(Grid {
            split: at,
            rows: drawn,
        });
    }
    if situations.len() * 2 <= cells_in_all {
        return None;
    }
    Some(Grids {
        decision: &first.decision,
        by: &first.by,
        rows: names[row],
        columns: names[column],
        split: split.map(|s| names[s]),
        codes: codes(&options),
        options,
        column_values,
        grids,
    })
}

/// The cell of a situation: the option its strategy takes, or those it
/// mixes; `None` where it takes none (not a strategy a grid can draw).
fn cell(d: &InfoSetRow) -> Option<Cell<'_>> {
    let taken: Vec<usize> = (d.options.iter().enumerate())
        .filter(|(_, o)| !o.probability.is_zero())
        .map(|(i, _)| i)
        .collect();
    match taken.as_slice() {
        [] => None,
        [one] => Some(Cell::Pure(*one)),
        _ => Some(Cell::Mixed(taken, d)),
    }
}

/// Whether an option is written as a number (`3`, `-1`).
fn is_number(name: &str) -> bool {
    let digits = name.strip_prefix('-').unwrap_or(name);
    !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
}

/// The code of each option in a grid's cells: its first letter,
/// upper-cased (`H` hit, `S` stand, `D` double). Options sharing a first
/// letter are told apart by the first place their names all differ,
/// that letter upper-cased and the character there after it (`R3`
/// raise_3x, `R1` raise_1x; `St` stand, `Sp` split); where no place
/// tells them apart (`a`, `ab`), by their number among them (`A1`, `A2`).
/// An option written as a number is its number. Codes are never alike:
/// where they would be, each option is its whole name.
pub fn codes(options: &[&str]) -> Vec<String> {
    let first = |name: &str| {
        name.chars()
            .next()
            .map(|c| c.to_uppercase().collect::<String>())
    };
    let mut codes: Vec<String> = Vec::with_capacity(options.len());
    for name in options {
        if is_number(name) {
            codes.push(name.to_string());
            continue;
        }
        let Some(letter) = first(name) else {
            codes.push(String::new());
            continue;
        };
        let group: Vec<&str> = (options.iter().copied())
            .filter(|o| !is_number(o) && first(o).as_deref() == Some(letter.as_str()))
            .collect();
        if group.len() == 1 {
            codes.push(letter);
            continue;
        }
        let chars: Vec<Vec<char>> = group.iter().map(|o| o.chars().collect()).collect();
        let longest = chars.iter().map(Vec::len).max().unwrap_or(0);
        let apart = (1..longest).find(|&at| {
            let there: Vec<Option<char>> = chars.iter().map(|c| c.get(at).copied()).collect();
            there.iter().all(Option::is_some)
                && (0..there.len()).all(|i| (i + 1..there.len()).all(|j| there[i] != there[j]))
        });
        let place = group.iter().position(|o| o == name).unwrap_or(0);
        codes.push(match apart {
            Some(at) => format!("{letter}{}", chars[place][at]),
            None => format!("{letter}{}", place + 1),
        });
    }
    let mut seen: Vec<&String> = codes.iter().collect();
    seen.sort();
    seen.dedup();
    if seen.len() < codes.len() || codes.iter().any(String::is_empty) {
        return options.iter().map(|o| o.to_string()).collect();
    }
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_are_coded_by_their_first_letter_told_apart_where_they_share_it() {
        assert_eq!(codes(&["hit", "stand", "double"]), ["H", "S", "D"]);
        assert_eq!(
            codes(&["hit", "stand", "double", "split"]),
            ["H", "St", "D", "Sp"]
        );
        assert_eq!(codes(&["raise_3x", "raise_1x", "fold"]), ["R3", "R1", "F"]);
        assert_eq!(codes(&["stay", "stand", "split"]), ["Sy", "Sn", "Si"]);
        assert_eq!(codes(&["a", "ab", "b"]), ["A1", "A2", "B"]);
        assert_eq!(codes(&["1", "10", "2"]), ["1", "10", "2"]);
        assert_eq!(codes(&["Draw", "draw"]), ["D1", "D2"]);
        // `3` would be both: each is its whole name.
        assert_eq!(codes(&["3", "3x"]), ["3", "3x"]);
    }
}
