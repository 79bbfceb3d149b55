//! The strategy a player reads, through the binary as a user meets it: a
//! choice known by two values, or three of which one takes few, printed as
//! grids (blackjack's hard and soft totals against the dealer's card, the
//! published basic strategy cell by cell), every cell the option the
//! JSON's strategy takes there; options sharing a first letter told apart
//! in the cells and the legend; a mixed cell marked, its chances under the
//! legend; the situations listed only with `--verbose`; the HTML's grid
//! tables (parsed with `scraper`) cell for cell the text's, each cell its
//! letter on its option's colour; choices a grid does not tell keep their
//! listing.

use std::collections::BTreeMap;
use std::path::PathBuf;

use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

use crate::common::binary::{json, stdout};

/// A scratch directory of its own for `case`, empty.
fn scratch(case: &str) -> PathBuf {
    crate::common::binary::scratch("grid", case)
}

/// A grid as a report draws it: the columns' labels, and each row's label
/// with its cells.
#[derive(Debug, PartialEq)]
struct Grid {
    columns: Vec<String>,
    rows: Vec<(String, Vec<String>)>,
}

impl Grid {
    /// The cell at a row and a column, by their labels.
    fn at(&self, row: &str, column: &str) -> &str {
        let c = (self.columns.iter().position(|l| l == column))
            .unwrap_or_else(|| panic!("no column {column} in {:?}", self.columns));
        let (_, cells) = (self.rows.iter().find(|(l, _)| l == row))
            .unwrap_or_else(|| panic!("no row {row} in {self:?}"));
        &cells[c]
    }

    /// The rows' labels.
    fn row_labels(&self) -> Vec<&str> {
        self.rows.iter().map(|(l, _)| l.as_str()).collect()
    }
}

/// The grid of the text report under the line `  HEADING`: its header
/// (`points \ dealer_up  1  2 ...`), then a row per line whose first word
/// is a number.
fn text_grid(report: &str, heading: &str) -> Grid {
    let mut lines = report.lines().skip_while(|l| *l != format!("  {heading}"));
    assert!(lines.next().is_some(), "no grid `{heading}` in:\n{report}");
    let header = lines.next().expect("a header");
    let (_, labels) = header.split_once(" \\ ").expect("a corner");
    let columns: Vec<String> = labels
        .split_whitespace()
        .skip(1)
        .map(String::from)
        .collect();
    let rows = lines
        .map(|l| l.split_whitespace().map(String::from).collect::<Vec<_>>())
        .take_while(|words| words.first().is_some_and(|w| w.parse::<i64>().is_ok()))
        .map(|mut words| {
            let cells = words.split_off(1);
            assert_eq!(cells.len(), columns.len(), "{heading}: {words:?} {cells:?}");
            (words.remove(0), cells)
        })
        .collect();
    Grid { columns, rows }
}

/// The options each situation of `decision` takes in the JSON report (the
/// `/`-joined codes of those taken with a probability above 0, by `code`),
/// by its known values.
fn taken(
    report: &Value,
    decision: &str,
    code: &dyn Fn(&str) -> String,
) -> BTreeMap<Vec<i64>, String> {
    let decisions = report["strategies"]["decisions"]
        .as_array()
        .expect("decisions");
    (decisions.iter())
        .filter(|d| d["decision"] == decision)
        .map(|d| {
            let known = (d["knowing"].as_array().expect("knowing").iter())
                .map(|k| k["value"].as_i64().expect("a value"))
                .collect();
            let options: Vec<String> = (d["options"].as_array().expect("options").iter())
                .filter(|o| o["probability"] != "0")
                .map(|o| code(o["option"].as_str().expect("an option")))
                .collect();
            (known, options.join("/"))
        })
        .collect()
}

/// An option's first letter, upper-cased: `H` for `hit`.
fn first_letter(option: &str) -> String {
    option[..1].to_uppercase()
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("`{css}`: {e:?}"))
}

fn text(e: ElementRef) -> String {
    e.text().collect()
}

/// The page `check FILE --html` writes, and what it prints.
fn page(file: &str, case: &str) -> (String, Html) {
    let dir = scratch(case).join("report");
    let printed = stdout(&["check", file, "--html", dir.to_str().expect("UTF-8")]);
    let stem = std::path::Path::new(file)
        .file_stem()
        .and_then(|s| s.to_str())
        .expect("a name");
    let html = std::fs::read_to_string(dir.join(format!("{stem}.html"))).expect("the page");
    (printed, Html::parse_document(&html))
}

/// Each cell's class and title, row by row.
type Marks = Vec<Vec<(String, String)>>;

/// The page's grid tables, each by its caption: its columns' labels and
/// each row's label and cells, as [`text_grid`] reads the text's; and
/// their [`Marks`].
fn html_grids(page: &Html) -> BTreeMap<String, (Grid, Marks)> {
    let row_th = selector("th[scope=row]");
    let td = selector("td");
    (page.select(&selector("table.grid")))
        .map(|table| {
            let caption = table
                .select(&selector("caption"))
                .next()
                .map(text)
                .expect("a caption");
            let columns = (table.select(&selector("tr th[scope=col]")).skip(1))
                .map(text)
                .collect();
            let mut rows = Vec::new();
            let mut marks = Vec::new();
            for tr in table.select(&selector("tr")).skip(1) {
                let label = tr.select(&row_th).next().map(text).expect("a row's label");
                let cells: Vec<ElementRef> = tr.select(&td).collect();
                rows.push((label, cells.iter().map(|c| text(*c)).collect()));
                marks.push(
                    (cells.iter())
                        .map(|c| {
                            let attr = |a| c.value().attr(a).unwrap_or_default().to_string();
                            (attr("class"), attr("title"))
                        })
                        .collect(),
                );
            }
            (caption, (Grid { columns, rows }, marks))
        })
        .collect()
}

/// The published basic strategy for an infinite deck, the dealer standing
/// on soft 17, doubling on any two cards, no split and no surrender: hard
/// 12 stands against a 4 to a 6 and hits a 2 or a 3, hard 13 to 16 stand
/// against a 2 to a 6 and hit a 7 or more (16 against a 10 hits), 11
/// doubles against a 2 to a 10 and hits an ace; soft 18 stands against a
/// 2, 7 and 8, doubles against a 3 to a 6 and hits a 9, a 10 and an ace.
/// The text's grids say so cell by cell, and every cell is the JSON's.
#[test]
fn blackjack_prints_the_basic_strategy_as_its_hard_and_soft_grids() {
    let (printed, page) = page("games/blackjack.dice", "blackjack");
    let hard = text_grid(&printed, "`first_action` by player, soft = 0");
    let soft = text_grid(&printed, "`first_action` by player, soft = 1");
    let hard_after = text_grid(&printed, "`action` by player, soft = 0");
    let soft_after = text_grid(&printed, "`action` by player, soft = 1");
    let ups: Vec<String> = (1..=10).map(|v| v.to_string()).collect();
    for grid in [&hard, &soft, &hard_after, &soft_after] {
        assert_eq!(grid.columns, ups, "the dealer's card, an ace as 1");
    }
    let points = |from: i64| (from..=20).map(|p| p.to_string()).collect::<Vec<_>>();
    assert_eq!(hard.row_labels(), points(4));
    assert_eq!(soft.row_labels(), points(12));
    assert_eq!(hard_after.row_labels(), points(6));
    assert_eq!(soft_after.row_labels(), points(13));

    for grid in [&hard, &hard_after] {
        assert_eq!(grid.at("16", "10"), "H");
        assert_eq!(grid.at("16", "6"), "S");
        assert_eq!(grid.at("12", "4"), "S");
        assert_eq!(grid.at("12", "2"), "H");
        assert_eq!(grid.at("12", "3"), "H");
        assert_eq!(grid.at("13", "2"), "S");
        assert_eq!(grid.at("17", "1"), "S");
    }
    assert_eq!(hard.at("11", "10"), "D");
    assert_eq!(hard.at("11", "1"), "H");
    assert_eq!(hard.at("10", "9"), "D");
    assert_eq!(hard.at("9", "2"), "H");
    assert_eq!(hard.at("9", "3"), "D");
    assert_eq!(soft.at("18", "2"), "S");
    assert_eq!(soft.at("18", "3"), "D");
    assert_eq!(soft.at("18", "7"), "S");
    assert_eq!(soft.at("18", "9"), "H");
    assert_eq!(soft.at("18", "1"), "H");
    assert_eq!(soft.at("17", "2"), "H");
    assert_eq!(soft.at("19", "6"), "S");
    assert_eq!(soft_after.at("18", "9"), "H");
    assert_eq!(soft_after.at("18", "2"), "S");

    let report = json(&["check", "games/blackjack.dice"]);
    for (decision, grids) in [
        ("first_action", [&hard, &soft]),
        ("action", [&hard_after, &soft_after]),
    ] {
        let taken = taken(&report, decision, &first_letter);
        let cells: usize = grids.iter().map(|g| g.rows.len() * g.columns.len()).sum();
        assert_eq!(
            taken.len(),
            cells,
            "{decision}: a cell for every situation, and none more"
        );
        for ([points, soft, up], option) in taken
            .iter()
            .map(|(k, o)| (<[i64; 3]>::try_from(k.clone()).expect("three values"), o))
        {
            let grid = grids[usize::try_from(soft).expect("0 or 1")];
            assert_eq!(
                grid.at(&points.to_string(), &up.to_string()),
                option,
                "{decision} at {points}, {soft}, {up}"
            );
        }
    }
    let legends: Vec<&str> = (printed.lines())
        .filter(|l| l.starts_with("    H hit"))
        .collect();
    assert_eq!(
        legends,
        ["    H hit, S stand, D double", "    H hit, S stand"]
    );

    // The listing of every situation only with `--verbose`: a page of text,
    // not 1,283 lines.
    assert!(!printed.contains("dealer_up = 1"), "{printed}");
    assert!(
        printed.contains(&format!("  {}\n", dicerules::render::text::EVERY_SITUATION)),
        "{printed}"
    );
    assert!(printed.lines().count() < 150, "{}", printed.lines().count());
    let verbose = stdout(&["check", "games/blackjack.dice", "--verbose"]);
    assert!(
        verbose.contains("  first_action  player  points = 4, soft = 0, dealer_up = 1 "),
        "{verbose}"
    );
    assert!(verbose.contains("  action        player  points = 20, soft = 1, dealer_up = 10 "));
    assert_eq!(
        text_grid(&verbose, "`first_action` by player, soft = 0"),
        hard
    );
    assert!(!verbose.contains(dicerules::render::text::EVERY_SITUATION));

    // The page: the same grids, each cell its letter on its option's colour,
    // the option named in its title; every situation folded under a
    // `<details>` a decision.
    let grids = html_grids(&page);
    let captions: Vec<&str> = grids.keys().map(String::as_str).collect();
    assert_eq!(
        captions,
        [
            "action by player, soft = 0",
            "action by player, soft = 1",
            "first_action by player, soft = 0",
            "first_action by player, soft = 1"
        ]
    );
    for (caption, text) in [
        ("first_action by player, soft = 0", &hard),
        ("first_action by player, soft = 1", &soft),
        ("action by player, soft = 0", &hard_after),
        ("action by player, soft = 1", &soft_after),
    ] {
        let (grid, marks) = &grids[caption];
        assert_eq!(grid, text, "{caption}");
        for ((_, cells), marks) in grid.rows.iter().zip(marks) {
            for (cell, (class, title)) in cells.iter().zip(marks) {
                let (colour, name) = match cell.as_str() {
                    "H" => ("o0", "hit"),
                    "S" => ("o1", "stand"),
                    "D" => ("o2", "double"),
                    other => panic!("{caption}: a cell {other}"),
                };
                assert_eq!(
                    (class.as_str(), title.as_str()),
                    (colour, name),
                    "{caption}"
                );
            }
        }
    }
    let swatches: Vec<(String, String)> = (page.select(&selector("p.legend span.swatch")))
        .map(|s| {
            (
                text(s),
                s.value().attr("class").unwrap_or_default().to_string(),
            )
        })
        .collect();
    let swatch = |code: &str, class: &str| (code.to_string(), format!("swatch {class}"));
    assert_eq!(
        swatches,
        [
            swatch("H", "o0"),
            swatch("S", "o1"),
            swatch("D", "o2"),
            swatch("H", "o0"),
            swatch("S", "o1")
        ]
    );
    let summaries: Vec<String> = page
        .select(&selector("details > summary"))
        .map(text)
        .collect();
    assert_eq!(
        summaries,
        [
            "first_action: every situation, each option with its probability and value",
            "action: every situation, each option with its probability and value"
        ]
    );
    assert_eq!(
        page.select(&selector("details table.strategies td:first-child"))
            .count(),
        260 * 3 + 230 * 2,
        "every option of every situation"
    );
}

/// Options sharing a first letter: `raise_2x` and `raise_1x` are `R2`
/// and `R1` in the cells, and the legend says why; the grid is the chart
/// on paper (tests/fixtures/strategy/raise_or_fold.dice).
#[test]
fn options_sharing_a_letter_get_codes_of_their_own() {
    let file = "tests/fixtures/strategy/raise_or_fold.dice";
    let (printed, page) = page(file, "raise_or_fold");
    let grid = text_grid(&printed, "`move` by player");
    let row = |cells: [&str; 3]| cells.map(String::from).to_vec();
    assert_eq!(
        grid,
        Grid {
            columns: row(["1", "2", "3"]),
            rows: vec![
                ("1".to_string(), row(["F", "R1", "R2"])),
                ("2".to_string(), row(["R1", "R2", "R2"])),
                ("3".to_string(), row(["R2", "R2", "R2"])),
            ]
        }
    );
    assert!(
        printed.contains(
            "\n    R2 raise_2x, R1 raise_1x, F fold; raise_2x and raise_1x both begin with r\n"
        ),
        "{printed}"
    );
    let code = |option: &str| match option {
        "raise_2x" => "R2".to_string(),
        "raise_1x" => "R1".to_string(),
        _ => first_letter(option),
    };
    for ([a, b], option) in taken(&json(&["check", file]), "move", &code)
        .iter()
        .map(|(k, o)| (<[i64; 2]>::try_from(k.clone()).expect("two values"), o))
    {
        assert_eq!(grid.at(&a.to_string(), &b.to_string()), option);
    }
    let (html, marks) = &html_grids(&page)["move by player"];
    assert_eq!(html, &grid);
    assert_eq!(marks[0][0], ("o2".to_string(), "fold".to_string()));
    assert_eq!(marks[0][1], ("o1".to_string(), "raise_1x".to_string()));
    assert_eq!(marks[0][2], ("o0".to_string(), "raise_2x".to_string()));
}

/// A mixed equilibrium in a grid: the bluff at three places
/// (tests/fixtures/strategy/three_tables.dice), where a low coin raises
/// with probability 1/2 at every place. Its cells are `R/C`, the legend
/// says so and the chances follow it; the bank's choice, known by one
/// value, keeps its listing.
#[test]
fn a_mixed_cell_is_marked_and_its_chances_given() {
    let file = "tests/fixtures/strategy/three_tables.dice";
    let (printed, page) = page(file, "three_tables");
    let grid = text_grid(&printed, "`play` by player");
    let row = |cell: &str| vec![cell.to_string(); 3];
    assert_eq!(grid.row_labels(), ["0", "1"]);
    assert_eq!(grid.rows[0].1, row("R/C"));
    assert_eq!(grid.rows[1].1, row("R"));
    assert!(
        printed.contains("\n    R raise, C check; R/C mixed, with the chances below\n"),
        "{printed}"
    );
    for place in 1..=3 {
        assert!(
            printed.contains(&format!(
                "\n    mixed at high = 0, place = {place}: raise 1/2, check 1/2\n"
            )),
            "{printed}"
        );
    }
    assert!(printed.contains("  answer  bank  place = 1  "), "{printed}");
    let (html, marks) = &html_grids(&page)["play by player"];
    assert_eq!(html, &grid);
    for (class, title) in &marks[0] {
        assert_eq!(
            (class.as_str(), title.as_str()),
            ("mixed", "raise 1/2, check 1/2")
        );
    }
    let mixes: Vec<String> = page.select(&selector("ul.mixes li")).map(text).collect();
    assert_eq!(mixes.len(), 3);
    assert_eq!(
        mixes[0],
        "mixed at high = 0, place = 1: raise 1/2, check 1/2"
    );
}

/// Choices a grid does not tell keep their listing: chemin de fer's
/// player knowing one value, and the banker's two options of the tableau,
/// too few to fill a grid; in the free game her tableau is all hers, a
/// grid of her total against the player's third card.
#[test]
fn choices_a_grid_does_not_tell_are_listed() {
    let printed = stdout(&["check", "games/chemin_de_fer.dice"]);
    assert!(!printed.contains(" \\ "), "{printed}");
    assert!(
        printed.contains("  bank_draws  banker  bank = 3, third = 9  "),
        "{printed}"
    );
    assert!(
        printed.contains("  action      player  player_value = 5  "),
        "{printed}"
    );
    assert!(!printed.contains(dicerules::render::text::EVERY_SITUATION));

    let free = stdout(&["check", "games/chemin_de_fer_free.dice"]);
    let tableau = text_grid(&free, "`bank_draws` by banker");
    assert_eq!(
        tableau.row_labels(),
        ["0", "1", "2", "3", "4", "5", "6", "7"]
    );
    assert_eq!(tableau.at("3", "8"), "S");
    assert_eq!(tableau.at("6", "6"), "D");
    assert_eq!(tableau.at("6", "5"), "S");
    assert!(free.contains("\n    D draw, S stand\n"), "{free}");
    assert!(!free.contains("bank = 0, third = 0"));
    assert!(
        free.contains("  bank_action  banker  bank_value = 6  "),
        "{free}"
    );
}
