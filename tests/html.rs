//! The HTML report (`--html DIR`) and the charts (`--plot FILE.svg`)
//! through the binary, as a user meets them: every page parsed with an
//! HTML parser (`scraper`, html5ever's) and its structure checked against
//! the command's own JSON (every bet has its chart and its exact figures),
//! the session's and the simulation's pages against their transcripts, no
//! external resource and no script anywhere, markup in a game's name or
//! file name shown as text, the same bytes from two runs; one page and one
//! chart snapshotted. The running estimates a simulation keeps are checked
//! against shorter simulations from the same seed.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use scraper::{ElementRef, Html, Selector};
use serde_json::Value;

use crate::common::binary::{root, run};

/// A fresh directory for one test, under `target/tmp/html/`.
fn scratch(case: &str) -> PathBuf {
    crate::common::binary::scratch("html", case)
}

/// Runs `dicerules ARGS` from the crate's root; the exit code and stdout.
fn dicerules(args: &[&str]) -> (i32, String, String) {
    let r = run(root(), args, b"");
    (r.code.unwrap_or(-1), r.stdout, r.stderr)
}

fn selector(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("`{css}`: {e:?}"))
}

/// The text of an element, whitespace as written.
fn text(e: ElementRef) -> String {
    e.text().collect()
}

/// Every file of a report directory: name → contents.
fn files(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .expect("the report directory lists")
        .map(|e| {
            let path = e.expect("an entry").path();
            let name = path
                .file_name()
                .expect("a name")
                .to_string_lossy()
                .into_owned();
            (name, std::fs::read_to_string(&path).expect("a page reads"))
        })
        .collect()
}

/// Parses a page, failing on an HTML parse error, an external resource, a
/// script, or a link to a page that is not in `pages`.
fn parse(name: &str, html: &str, pages: &BTreeMap<String, String>) -> Html {
    let doc = Html::parse_document(html);
    assert!(
        doc.errors.is_empty(),
        "{name} does not parse cleanly: {:?}",
        doc.errors
    );
    assert_eq!(
        doc.select(&selector("script")).count(),
        0,
        "{name}: a script"
    );
    assert_eq!(doc.select(&selector("link")).count(), 0, "{name}: a <link>");
    for e in doc.select(&selector("[src], [href]")) {
        for attr in ["src", "href"] {
            let Some(url) = e.value().attr(attr) else {
                continue;
            };
            assert!(
                !url.contains(':') && !url.starts_with("//"),
                "{name}: {attr}=\"{url}\" leaves the report"
            );
            let page = url.split('#').next().unwrap_or("");
            assert!(
                page.is_empty() || pages.contains_key(page),
                "{name}: a link to {page}, which is not in the report"
            );
            if let Some(anchor) = url.strip_prefix('#') {
                let target = selector(&format!("[id=\"{anchor}\"]"));
                assert!(
                    doc.select(&target).next().is_some(),
                    "{name}: a link to #{anchor}, which is not on the page"
                );
            }
        }
    }
    for style in doc.select(&selector("style")) {
        let css = text(style);
        assert!(!css.contains("@import"), "{name}: an @import");
        for (at, _) in css.match_indices("url(") {
            assert!(
                css[at..].starts_with("url(#"),
                "{name}: an external url() in the style"
            );
        }
    }
    // Every chart is labelled by its title and description.
    for svg in doc.select(&selector("svg")) {
        if svg.value().attr("role") == Some("img") {
            let id = svg.value().attr("id").expect("a chart has an id");
            assert_eq!(
                svg.value().attr("aria-labelledby"),
                Some(format!("{id}-title {id}-desc").as_str()),
                "{name}: chart {id}"
            );
        }
    }
    doc
}

/// The JSON of `check ARGS --format json`, as a list of reports.
fn reports(args: &[&str]) -> Vec<Value> {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let (_, stdout, _) = dicerules(&all);
    match serde_json::from_str(&stdout).expect("check's JSON parses") {
        Value::Array(list) => list,
        one => vec![one],
    }
}

/// The page of the report whose file is `file`, from the index's links.
fn page_of<'a>(pages: &'a BTreeMap<String, String>, file: &str) -> (&'a str, Html) {
    let index = parse("index.html", &pages["index.html"], pages);
    let row = index
        .select(&selector("table.index tr"))
        .find(|tr| tr.select(&selector("td")).nth(1).map(text).as_deref() == Some(file))
        .unwrap_or_else(|| panic!("the index lists {file}"));
    let href = row
        .select(&selector("a"))
        .next()
        .and_then(|a| a.value().attr("href"))
        .expect("a link to the page");
    let (name, html) = pages.get_key_value(href).expect("the linked page exists");
    (name, parse(name, html, pages))
}

/// Checks a report's sections on a page against its JSON: every bet a
/// section with a chart, its exact house edge and variance, and every
/// settlement's probability; every expect and claim a row.
fn check_report(page: &str, scope: ElementRef, report: &Value) {
    let sections: Vec<ElementRef> = scope.select(&selector("section.bet")).collect();
    let bets = report["bets"].as_array().expect("bets");
    assert_eq!(sections.len(), bets.len(), "{page}: a section per bet");
    for (section, bet) in sections.iter().zip(bets) {
        let name = bet["bet"].as_str().expect("a name");
        let heading = section.select(&selector("h3")).next().map(text);
        assert_eq!(heading.as_deref(), Some(format!("bet {name}").as_str()));
        assert_eq!(
            section.select(&selector("svg[role=img] rect.bar")).count(),
            bet["outcomes"].as_array().expect("outcomes").len(),
            "{page}: bet {name} has a bar per settlement"
        );
        let figure = |class: &str| {
            section
                .select(&selector(&format!("dd.{class}")))
                .next()
                .map(text)
                .unwrap_or_else(|| panic!("{page}: bet {name} shows its {class}"))
        };
        assert_eq!(
            figure("house-edge"),
            bet["house_edge"].as_str().expect("exact")
        );
        assert_eq!(figure("variance"), bet["variance"].as_str().expect("exact"));
        let cells: Vec<Vec<String>> = section
            .select(&selector("table.settlements tr"))
            .skip(1)
            .map(|tr| tr.select(&selector("td")).map(text).collect())
            .collect();
        let expected: Vec<Vec<String>> = bet["outcomes"]
            .as_array()
            .expect("outcomes")
            .iter()
            .map(|o| {
                vec![
                    o["outcome"].as_str().expect("a name").to_string(),
                    o["net"].as_str().expect("exact").to_string(),
                    o["probability"].as_str().expect("exact").to_string(),
                ]
            })
            .collect();
        let shown: Vec<Vec<String>> = cells.iter().map(|c| c[..3].to_vec()).collect();
        assert_eq!(shown, expected, "{page}: bet {name}'s settlements");
    }
    for (kind, class) in [("expects", "table.expects"), ("claims", "table.claims")] {
        let rows = scope
            .select(&selector(&format!("{class} tr")))
            .count()
            .saturating_sub(1);
        let lines = report[kind].as_array().expect("verdicts");
        assert_eq!(rows, lines.len(), "{page}: a row per {kind} line");
        for (tr, v) in scope
            .select(&selector(&format!("{class} tr")))
            .skip(1)
            .zip(lines)
        {
            let cells: Vec<String> = tr.select(&selector("td")).map(text).collect();
            assert_eq!(cells[0], v["line"].to_string(), "{page}: the line's number");
        }
    }
}

#[test]
fn check_of_the_games_gives_a_page_per_game_with_every_bet_charted_and_exact() {
    let dir = scratch("games");
    let out = dir.join("report");
    let out_str = out.to_str().expect("a UTF-8 path");
    // Every game but the slow ones (tests/common/fixture.rs).
    let games = crate::common::fixture::quick_games();
    let mut check: Vec<&str> = vec!["check"];
    check.extend(games.iter().map(String::as_str));
    let with_html = [&check[..], &["--html", out_str]].concat();
    let (code, stdout, _) = dicerules(&with_html);
    assert_eq!(code, 0);
    let (_, text_alone, _) = dicerules(&check);
    assert_eq!(stdout, text_alone, "--html leaves stdout as it was");
    let pages = files(&out);
    let json = reports(&check);
    assert_eq!(pages.len(), json.len() + 1, "a page per game and the index");
    for report in &json {
        let file = report["file"].as_str().expect("a file");
        let (name, doc) = page_of(&pages, file);
        let h1 = doc.select(&selector("h1")).next().map(text);
        assert_eq!(h1.as_deref(), report["game"].as_str(), "{name}'s title");
        check_report(name, doc.root_element(), report);
        let source = std::fs::read_to_string(root().join(file)).expect("the game reads");
        let lines = doc.select(&selector("table.source tr[id]")).count();
        assert_eq!(
            lines,
            source.lines().count(),
            "{name}: every line of the file"
        );
        assert_eq!(
            doc.select(&selector("table.outcomes tr"))
                .count()
                .saturating_sub(1),
            report["results"].as_array().expect("results").len()
        );
        if report["strategies"].is_object() {
            let rows = doc
                .select(&selector("table.strategies td:first-child"))
                .count();
            let decisions = report["strategies"]["decisions"]
                .as_array()
                .expect("decisions");
            let mut situations = std::collections::BTreeMap::new();
            for d in decisions {
                *situations.entry(d["decision"].to_string()).or_insert(0) += 1;
            }
            // A decision past 2,000 situations is counted, not listed.
            let options: usize = decisions
                .iter()
                .filter(|d| situations[&d["decision"].to_string()] <= 2000)
                .map(|d| d["options"].as_array().expect("options").len())
                .sum();
            assert_eq!(rows, options, "{name}: a row per option of every decision");
        }
    }
}

#[test]
fn a_shown_distribution_is_charted_with_at_least_and_at_most() {
    let dir = scratch("show");
    let out = dir.join("report");
    let svg = dir.join("score.svg");
    let args = [
        "check",
        "games/twenty_six.dice",
        "--show",
        "score",
        "--html",
        out.to_str().expect("UTF-8"),
        "--plot",
        svg.to_str().expect("UTF-8"),
    ];
    let (code, _, stderr) = dicerules(&args);
    assert_eq!(code, 0, "{stderr}");
    let pages = files(&out);
    let (name, doc) = page_of(&pages, "games/twenty_six.dice");
    let report = &reports(&["check", "games/twenty_six.dice"])[0];
    let values = report["values"][0]["rows"].as_array().expect("rows");
    let section = doc
        .select(&selector("section.distribution"))
        .next()
        .expect("the distribution's section");
    // A column per value, from the first to the last of at least 0.01%.
    let big: Vec<usize> = (0..values.len())
        .filter(|&i| values[i]["percent"].as_f64().expect("a float") >= 0.01)
        .collect();
    let charted = big[big.len() - 1] - big[0] + 1;
    assert!(charted < values.len(), "the rare tail of score is left out");
    assert_eq!(
        section.select(&selector("svg rect.bar")).count(),
        charted,
        "{name}: a column per value charted"
    );
    let rows: Vec<Vec<String>> = section
        .select(&selector("table.distribution tr"))
        .skip(1)
        .map(|tr| tr.select(&selector("td")).map(text).collect())
        .collect();
    assert_eq!(rows.len(), values.len());
    // At least and at most, summed here from the JSON's probabilities.
    let p: Vec<dicerules::number::Exact> = values
        .iter()
        .map(|v| {
            dicerules::number::Exact::parse_literal(v["probability"].as_str().expect("exact"))
                .expect("a number")
        })
        .collect();
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row[0], values[i]["value"].to_string());
        assert_eq!(row[1], values[i]["probability"].as_str().expect("exact"));
        let at_least = p[i..]
            .iter()
            .fold(dicerules::number::Exact::zero(), |a, b| &a + b);
        let at_most = p[..=i]
            .iter()
            .fold(dicerules::number::Exact::zero(), |a, b| &a + b);
        assert!(row[3].starts_with(&format!("{at_least} = ")), "{row:?}");
        assert!(row[4].starts_with(&format!("{at_most} = ")), "{row:?}");
    }
    let chart = std::fs::read_to_string(&svg).expect("the chart is written");
    assert_eq!(chart.matches("<rect class=\"bar\"").count(), charted);
    insta::assert_snapshot!("twenty_six_score_svg", chart);
}

#[test]
fn a_sweep_page_charts_each_bet_against_the_parameter() {
    let dir = scratch("sweep");
    let out = dir.join("report");
    let svg = dir.join("sweep.svg");
    let args = [
        "check",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=7..9",
        "--html",
        out.to_str().expect("UTF-8"),
        "--plot",
        svg.to_str().expect("UTF-8"),
    ];
    let (code, _, stderr) = dicerules(&args);
    assert_eq!(code, 0, "{stderr}");
    let json = reports(&[
        "check",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=7..9",
    ]);
    assert_eq!(json.len(), 3);
    let pages = files(&out);
    let (name, doc) = page_of(&pages, "games/baccarat_dice.dice");
    let sweep = doc
        .select(&selector("section#sweep"))
        .next()
        .expect("a sweep");
    let bets = json[0]["bets"].as_array().expect("bets").len();
    assert_eq!(
        sweep.select(&selector("polyline")).count(),
        bets,
        "a line per bet"
    );
    let rows: Vec<ElementRef> = sweep.select(&selector("table.sweep tr")).skip(1).collect();
    assert_eq!(rows.len(), json.len(), "{name}: a row per setting");
    for (tr, report) in rows.iter().zip(&json) {
        let cells: Vec<String> = tr.select(&selector("td")).map(text).collect();
        for (cell, bet) in cells[1..]
            .iter()
            .zip(report["bets"].as_array().expect("bets"))
        {
            let edge = bet["house_edge"].as_str().expect("exact");
            assert!(cell.starts_with(&format!("{edge} = ")), "{cell} is {edge}");
        }
    }
    let settings: Vec<ElementRef> = doc.select(&selector("section.setting")).collect();
    assert_eq!(settings.len(), json.len(), "a section per setting");
    for (section, report) in settings.iter().zip(&json) {
        check_report(name, *section, report);
    }
    let chart = std::fs::read_to_string(&svg).expect("the chart is written");
    assert_eq!(chart.matches("<polyline").count(), bets);
    assert!(
        chart.contains("tie_odds"),
        "the axis is the swept parameter"
    );
}

#[test]
fn compare_writes_the_comparison_and_a_page_per_file() {
    let dir = scratch("compare");
    let out = dir.join("report");
    let files_compared = [
        "games/heist.dice",
        "games/heist_a.dice",
        "games/heist_b.dice",
    ];
    let mut args = vec!["compare"];
    args.extend(files_compared);
    args.extend(["--html", out.to_str().expect("UTF-8")]);
    let (code, _, stderr) = dicerules(&args);
    assert_eq!(code, 0, "{stderr}");
    let pages = files(&out);
    assert_eq!(pages.len(), files_compared.len() + 1);
    let index = parse("index.html", &pages["index.html"], &pages);
    let table = index
        .select(&selector("table.comparison"))
        .next()
        .expect("the comparison");
    let header: Vec<String> = table.select(&selector("th")).map(text).skip(1).collect();
    assert_eq!(header, files_compared);
    for file in files_compared {
        let (name, doc) = page_of(&pages, file);
        check_report(name, doc.root_element(), &reports(&["check", file])[0]);
    }
}

#[test]
fn simulate_charts_the_running_estimate_of_each_bet() {
    let dir = scratch("simulate");
    let out = dir.join("report");
    let svg = dir.join("simulation.svg");
    let common = ["simulate", "games/punto_banco.dice", "--rounds", "5000"];
    let mut args = common.to_vec();
    args.extend([
        "--html",
        out.to_str().expect("UTF-8"),
        "--plot",
        svg.to_str().expect("UTF-8"),
    ]);
    let (code, _, stderr) = dicerules(&args);
    assert_eq!(code, 0, "{stderr}");
    let mut json_args = common.to_vec();
    json_args.extend(["--format", "json"]);
    let (_, stdout, _) = dicerules(&json_args);
    let json: Value = serde_json::from_str(&stdout).expect("JSON");
    let pages = files(&out);
    assert_eq!(pages.len(), 2);
    let (name, doc) = page_of(&pages, "games/punto_banco.dice");
    let sections: Vec<ElementRef> = doc.select(&selector("section.bet")).collect();
    let bets = json["bets"].as_array().expect("bets");
    assert_eq!(sections.len(), bets.len());
    // 1, 2, 4 ... 4096, then 5000.
    let checkpoints: Vec<String> = (0..13)
        .map(|k| (1u64 << k).to_string())
        .chain(["5000".into()])
        .collect();
    for (section, bet) in sections.iter().zip(bets) {
        assert_eq!(
            section.select(&selector("svg[role=img] polyline")).count(),
            2
        );
        assert_eq!(section.select(&selector("svg path.band")).count(), 1);
        let rows: Vec<Vec<String>> = section
            .select(&selector("table.checkpoints tr"))
            .skip(1)
            .map(|tr| tr.select(&selector("td")).map(text).collect())
            .collect();
        let rounds: Vec<String> = rows.iter().map(|r| r[0].clone()).collect();
        assert_eq!(rounds, checkpoints, "{name}");
        let last = rows.last().expect("the last checkpoint");
        let estimate = bet["house_edge_estimate_percent"]
            .as_f64()
            .expect("a float");
        assert_eq!(
            last[1],
            format!("{estimate:.4}%"),
            "the last estimate is the run's"
        );
    }
    let estimates: Vec<Vec<String>> = doc
        .select(&selector("table.estimates tr"))
        .skip(1)
        .map(|tr| tr.select(&selector("td")).map(text).collect())
        .collect();
    for (row, bet) in estimates.iter().zip(bets) {
        let exact = bet["house_edge"].as_str().expect("exact");
        assert!(row[3].starts_with(&format!("{exact} = ")), "{row:?}");
    }
    let chart = std::fs::read_to_string(&svg).expect("the chart is written");
    assert_eq!(chart.matches("class=\"band").count(), bets.len());
}

#[test]
fn play_charts_each_seats_chips_and_the_bank_handed_over() {
    let dir = scratch("play");
    let out = dir.join("report");
    let common = [
        "play",
        "games/heaven_and_nine.dice",
        "--seats",
        "4",
        "--rounds",
        "30",
    ];
    let mut args = common.to_vec();
    args.extend(["--html", out.to_str().expect("UTF-8")]);
    let (code, transcript, stderr) = dicerules(&args);
    assert_eq!(code, 0, "{stderr}");
    let (_, text_alone, _) = dicerules(&common);
    assert_eq!(
        transcript, text_alone,
        "--html leaves the transcript as it was"
    );
    let mut json_args = common.to_vec();
    json_args.extend(["--format", "json"]);
    let (_, stdout, _) = dicerules(&json_args);
    let events: Vec<Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("an event"))
        .collect();
    let pages = files(&out);
    let (name, doc) = page_of(&pages, "games/heaven_and_nine.dice");
    let rows: Vec<Vec<String>> = doc
        .select(&selector("table.chips tr"))
        .skip(1)
        .map(|tr| tr.select(&selector("td")).map(text).collect())
        .collect();
    assert_eq!(
        rows.len(),
        31,
        "{name}: the chips dealt and after each round"
    );
    let summary = events.last().expect("a summary");
    let chips: Vec<&str> = summary["seat_chips"]
        .as_array()
        .expect("chips")
        .iter()
        .map(|c| c.as_str().expect("exact"))
        .collect();
    assert_eq!(
        rows.last().expect("a row")[2..],
        chips[..],
        "the chips at the end"
    );
    // Each round's banker, as the transcript's round events say.
    let bankers: Vec<String> = events
        .iter()
        .filter(|e| e["event"] == "round")
        .map(|e| format!("seat {}", e["banker"]))
        .collect();
    let shown: Vec<String> = rows[1..].iter().map(|r| r[1].clone()).collect();
    assert_eq!(shown, bankers);
    let handovers = events
        .iter()
        .filter(|e| e["event"] == "bank_passes")
        .count();
    assert!(handovers > 0);
    let chart = doc
        .select(&selector("svg#chips-chart"))
        .next()
        .expect("the chart");
    assert_eq!(
        chart.select(&selector("polyline")).count(),
        4,
        "a line per seat"
    );
    assert_eq!(chart.select(&selector("line.mark")).count(), handovers);
    assert_eq!(
        chart.select(&selector("rect.span")).count(),
        30,
        "a banker per round"
    );
    let listed = doc
        .select(&selector("table.events td"))
        .filter(|td| text(*td).starts_with("the bank passes"))
        .count();
    assert_eq!(listed, handovers);
}

#[test]
fn markup_in_a_game_or_file_name_is_shown_as_text() {
    let dir = scratch("escaping");
    let fixture = root().join("tests/fixtures/html/escaping.dice");
    let file = dir.join("a <b> & \"c\" 'd'.dice");
    std::fs::copy(&fixture, &file).expect("the fixture copies");
    let out = dir.join("report");
    let r = run(
        &dir,
        &["check", "a <b> & \"c\" 'd'.dice", "--html", "report"],
        b"",
    );
    assert_eq!(r.code, Some(1), "its second expect fails: {}", r.stderr);
    let pages = files(&out);
    let (name, doc) = page_of(&pages, "a <b> & \"c\" 'd'.dice");
    let title = "<b>Tom & Jerry's</b> <script>alert(1)</script>";
    assert_eq!(
        doc.select(&selector("h1")).next().map(text).as_deref(),
        Some(title)
    );
    assert_eq!(
        doc.select(&selector("title")).next().map(text).as_deref(),
        Some(title)
    );
    assert_eq!(
        doc.select(&selector("b, i")).count(),
        0,
        "{name}: no markup from the file"
    );
    let claim = doc
        .select(&selector("table.claims td"))
        .next_back()
        .map(text);
    assert_eq!(claim.as_deref(), Some("<i>fair</i> & square, it's said"));
    // The failed expect is marked at its line, and only it.
    let failed: Vec<String> = doc
        .select(&selector("table.source tr.error[id]"))
        .map(|tr| tr.value().attr("id").unwrap_or("").to_string())
        .collect();
    assert_eq!(failed, ["L22"]);
    let note = doc
        .select(&selector("table.source tr.note.error"))
        .next()
        .map(text)
        .expect("a note under it");
    assert!(note.contains("dice::expect::failed"), "{note}");
    insta::assert_snapshot!("escaping_page", pages[name].clone());
}

#[test]
fn a_file_that_fails_gets_a_page_of_its_errors() {
    let dir = scratch("failed");
    let out = dir.join("report");
    let bad = "tests/fixtures/invalid/bet_on_unknown_name.dice";
    let args = [
        "check",
        "games/heist.dice",
        bad,
        "--html",
        out.to_str().expect("UTF-8"),
    ];
    let (code, _, _) = dicerules(&args);
    assert_eq!(code, 2);
    let pages = files(&out);
    let (name, doc) = page_of(&pages, bad);
    let json = reports(&["check", bad]);
    let diagnostics = json[0]["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(
        doc.select(&selector("ul.findings li")).count(),
        diagnostics.len(),
        "{name}: every error listed"
    );
    for d in diagnostics {
        let line = d["line"].as_u64().expect("a line");
        let marked = selector(&format!("table.source tr.error[id=\"L{line}\"]"));
        assert!(
            doc.select(&marked).next().is_some(),
            "{name}: line {line} marked"
        );
    }
}

#[test]
fn two_runs_write_the_same_bytes() {
    let dir = scratch("twice");
    let write = |to: &str| {
        let out = dir.join(to);
        let games = crate::common::fixture::quick_games();
        let mut args: Vec<&str> = vec!["check"];
        args.extend(games.iter().map(String::as_str));
        args.extend(["--show", "score", "--html", out.to_str().expect("UTF-8")]);
        let (code, _, _) = dicerules(&args);
        assert_eq!(code, 0, "a game with no `score` reports without it");
        files(&out)
    };
    assert_eq!(write("one"), write("two"));
}

#[test]
fn heist_page_is_as_reviewed() {
    let dir = scratch("heist");
    let out = dir.join("report");
    let (code, _, _) = dicerules(&[
        "check",
        "games/heist.dice",
        "--html",
        out.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0);
    insta::assert_snapshot!("heist_page", files(&out)["heist.html"].clone());
}

#[test]
fn a_report_directory_that_is_a_file_or_a_plot_of_nothing_is_an_error() {
    let dir = scratch("errors");
    let file = dir.join("taken");
    std::fs::write(&file, "a file").expect("a file");
    let r = run(
        &dir,
        &[
            "check",
            &root().join("games/heist.dice").to_string_lossy(),
            "--html",
            "taken",
        ],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty(), "nothing is checked");
    insta::assert_snapshot!("html_into_a_file", r.stderr);
    for command in ["simulate", "play"] {
        let r = run(
            &dir,
            &[
                command,
                &root().join("games/heist.dice").to_string_lossy(),
                "--html",
                "taken",
            ],
            b"",
        );
        assert_eq!(r.code, Some(2), "{command}");
        assert!(
            r.stderr.contains("dice::html::not_a_directory"),
            "{command}"
        );
    }
    let r = run(
        root(),
        &["check", "games/heist.dice", "--plot", "x.svg"],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(!root().join("x.svg").exists());
    insta::assert_snapshot!("plot_of_nothing", r.stderr);
    let r = run(
        root(),
        &[
            "check",
            "games/heist.dice",
            "--show",
            "nothing",
            "--plot",
            &dir.join("x.svg").to_string_lossy(),
        ],
        b"",
    );
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("dice::plot::nothing"), "{}", r.stderr);
}

#[test]
fn running_estimates_are_those_of_shorter_runs_on_any_thread_count() {
    use dicerules::play::simulate::{simulate, Options};
    let source = std::fs::read_to_string(root().join("games/heist.dice")).expect("heist reads");
    let program = dicerules::Game::load(&source)
        .map(|g| g.program)
        .expect("heist checks");
    let distribution = dicerules_core::solve::evaluate(&program, dicerules::Limits::default())
        .expect("heist evaluates");
    let (program, distribution) = (&program, &distribution);
    let at = |rounds: u64, threads: usize| {
        let options = Options {
            rounds,
            seed: 7,
            threads,
            max_dice: 1_000,
            max_rerolls: 1_000,
            cut: None,
        };
        simulate(program, distribution, options, &|_| {}).expect("simulates")
    };
    let long = at(200_000, 3);
    let rounds: Vec<u64> = long.checkpoints.iter().map(|c| c.rounds).collect();
    let mut expected: Vec<u64> = (0..18).map(|k| 1u64 << k).collect();
    expected.push(200_000);
    assert_eq!(rounds, expected);
    assert_eq!(
        format!("{:?}", long.checkpoints),
        format!("{:?}", at(200_000, 1).checkpoints),
        "the same on one thread"
    );
    for checkpoint in &long.checkpoints {
        if [1, 64, 65_536, 131_072].contains(&checkpoint.rounds) {
            let short = at(checkpoint.rounds, 2);
            assert_eq!(
                format!("{:?}", checkpoint.bets),
                format!("{:?}", short.bets),
                "after {} rounds",
                checkpoint.rounds
            );
        }
    }
    assert_eq!(
        format!("{:?}", long.checkpoints.last().expect("the end").bets),
        format!("{:?}", long.bets)
    );
}

#[test]
fn files_of_one_name_in_two_directories_get_two_pages() {
    let dir = scratch("same_name");
    let heist = std::fs::read_to_string(root().join("games/heist.dice")).expect("heist reads");
    let variant = heist.replace("win 2 to 1", "win 3 to 1");
    for (sub, text) in [("base", &heist), ("variant", &variant)] {
        std::fs::create_dir_all(dir.join(sub)).expect("a directory");
        std::fs::write(dir.join(sub).join("heist.dice"), text).expect("a file");
    }
    let r = run(&dir, &["check", "base", "variant", "--html", "report"], b"");
    assert_eq!(
        r.code,
        Some(1),
        "the variant fails heist's expect: {}",
        r.stderr
    );
    let pages = files(&dir.join("report"));
    let names: Vec<&str> = pages.keys().map(String::as_str).collect();
    assert_eq!(
        names,
        ["base-heist.html", "index.html", "variant-heist.html"]
    );
    let (_, base) = page_of(&pages, "base/heist.dice");
    let (_, variant) = page_of(&pages, "variant/heist.dice");
    let edge = |doc: &Html| doc.select(&selector("dd.house-edge")).next().map(text);
    assert_eq!(edge(&base).as_deref(), Some("37/432"));
    assert_ne!(edge(&variant), edge(&base), "each page is its own file's");
}

#[test]
fn lint_findings_are_listed_and_marked_at_their_lines() {
    let dir = scratch("lint");
    let out = dir.join("report");
    let files_checked = [
        "tests/fixtures/lint/unused_name.dice",
        "tests/fixtures/lint/order_decides.dice",
    ];
    let mut args = vec!["check"];
    args.extend(files_checked);
    args.extend(["--html", out.to_str().expect("UTF-8")]);
    let (code, _, _) = dicerules(&args);
    assert_eq!(code, 0, "findings are warnings");
    let pages = files(&out);
    for file in files_checked {
        let (name, doc) = page_of(&pages, file);
        let json = reports(&["check", file]);
        let diagnostics = json[0]["diagnostics"].as_array().expect("diagnostics");
        assert!(!diagnostics.is_empty(), "{file} has findings");
        let listed: Vec<String> = doc.select(&selector("ul.findings li")).map(text).collect();
        assert_eq!(listed.len(), diagnostics.len(), "{name}");
        for (li, d) in listed.iter().zip(diagnostics) {
            let code = d["code"].as_str().expect("a code");
            let message = d["message"].as_str().expect("a message");
            assert!(li.contains(code) && li.contains(message), "{li}");
            for line in
                d["line"].as_u64().expect("a line")..=d["end_line"].as_u64().expect("a line")
            {
                let marked = selector(&format!("table.source tr.warning[id=\"L{line}\"]"));
                assert!(
                    doc.select(&marked).next().is_some(),
                    "{name}: line {line} marked"
                );
            }
        }
        let notes = doc
            .select(&selector("table.source tr.note.warning"))
            .count();
        assert_eq!(notes, diagnostics.len(), "{name}: a note per finding");
    }
}

/// `session --html`: the bank by round and each seat's chips after the
/// last round, each chart beside its table, every figure the JSON's: the
/// two-seat heist table counted by hand in tests/session.rs.
#[test]
fn session_charts_the_bank_by_round_and_each_seats_chips() {
    let dir = scratch("session");
    let out = dir.join("report");
    let common = crate::session::TWO_SEATS;
    let mut args = common.to_vec();
    args.extend(["--html", out.to_str().expect("UTF-8")]);
    let (code, text_out, stderr) = dicerules(&args);
    assert_eq!(code, 0, "{stderr}");
    let (_, text_alone, _) = dicerules(&common);
    assert_eq!(text_out, text_alone, "--html leaves the text as it was");
    let mut json_args = common.to_vec();
    json_args.extend(["--format", "json"]);
    let (_, stdout, _) = dicerules(&json_args);
    let session: Value = serde_json::from_str(&stdout).expect("JSON");
    let pages = files(&out);
    let (name, doc) = page_of(&pages, "games/heist.dice");
    let rounds: Vec<Vec<String>> = doc
        .select(&selector("table.rounds tr"))
        .skip(1)
        .map(|tr| tr.select(&selector("td")).map(text).collect())
        .collect();
    assert_eq!(rounds.len(), 2, "{name}: a row per round");
    for (row, json) in rounds
        .iter()
        .zip(session["by_round"].as_array().expect("rounds"))
    {
        let by = json["bank_broke_by"].as_str().expect("exact");
        assert!(
            row[2].starts_with(&format!("{by} = ")),
            "{row:?} against {by}"
        );
    }
    assert_eq!(rounds[1][2], "721/1296 = 55.6327%");
    let chart = doc
        .select(&selector("svg#bank-chart"))
        .next()
        .expect("the bank's chart");
    assert_eq!(
        chart.select(&selector("polyline")).count(),
        3,
        "three lines"
    );
    for seat in session["by_seat"].as_array().expect("seats") {
        let id = format!("svg#seat-{}-chips", seat["seat"]);
        let columns = doc
            .select(&selector(&id))
            .next()
            .expect("a seat's chart")
            .select(&selector("rect.bar"))
            .count();
        assert_eq!(
            columns,
            seat["chips_after"].as_array().expect("chips").len(),
            "{id}"
        );
    }
}

/// A bet `staking` a name lists its average wager and element of risk among
/// its figures, exactly as the JSON gives them; a bet without lists neither.
#[test]
fn a_staked_bet_lists_its_average_wager_and_element_of_risk() {
    let dir = scratch("staked");
    let out = dir.join("report");
    let out_str = out.to_str().expect("a UTF-8 path");
    for file in [
        "tests/fixtures/poker/play_or_fold_staked.dice",
        "tests/fixtures/poker/play_or_fold_suited.dice",
    ] {
        let (code, _, stderr) = dicerules(&["check", file, "--html", out_str]);
        assert_eq!(code, 0, "{stderr}");
        let pages = files(&out);
        let (name, doc) = page_of(&pages, file);
        let report = &reports(&["check", file])[0];
        let figure = |class: &str| {
            doc.select(&selector(&format!("section.bet dd.{class}")))
                .next()
                .map(text)
        };
        match report["bets"][0]["average_wager"].as_str() {
            Some(average) => {
                let shown = figure("average-wager").expect("an average wager");
                assert!(
                    shown.starts_with(&format!("{average} = ")),
                    "{name}: {shown}"
                );
                let risk = report["bets"][0]["element_of_risk"].as_str().expect("risk");
                let shown = figure("element-of-risk").expect("an element of risk");
                assert!(shown.starts_with(&format!("{risk} = ")), "{name}: {shown}");
            }
            None => {
                assert_eq!(figure("average-wager"), None, "{name}");
                assert_eq!(figure("element-of-risk"), None, "{name}");
            }
        }
    }
}
