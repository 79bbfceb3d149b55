//! What the language server reads from the syntax tree, through the real
//! binary: document symbols, references, definitions and rename, on chemin
//! de fer, where one word names an outcome, a bet and an option's side
//! (`player`), a table is decided by a bet, a choice has labelled options
//! and a name is bound in two branches (`bank_third`).

use serde_json::{json, Value};

use super::{start, stop, Client};
use crate::common::binary::{root, run};

const URI: &str = "file:///rules/chemin.dice";

/// The text of an LSP range of `text` (ASCII here: a character is a byte).
fn at<'t>(text: &'t str, range: &Value) -> &'t str {
    let offset = |p: &Value| -> usize {
        let line = p["line"].as_u64().expect("a line") as usize;
        let character = p["character"].as_u64().expect("a character") as usize;
        text.split_inclusive('\n')
            .take(line)
            .map(str::len)
            .sum::<usize>()
            + character
    };
    &text[offset(&range["start"])..offset(&range["end"])]
}

/// The position of the `nth` (from 0) `word` standing alone on the lines
/// that contain `on`, at the word's second character.
fn position(text: &str, on: &str, word: &str, nth: usize) -> Value {
    let (line, column) = (text.lines().enumerate())
        .filter(|(_, l)| l.contains(on) && !l.trim_start().starts_with("//"))
        .flat_map(|(n, l)| {
            l.match_indices(word)
                .filter(move |(c, _)| {
                    let alone =
                        |b: Option<u8>| b.is_none_or(|b| !(b.is_ascii_alphanumeric() || b == b'_'));
                    alone(l.as_bytes().get(c + word.len()).copied())
                        && alone(c.checked_sub(1).map(|p| l.as_bytes()[p]))
                })
                .map(move |(c, _)| (n, c))
        })
        .nth(nth)
        .unwrap_or_else(|| panic!("`{word}` on a line with `{on}`"));
    json!({ "line": line, "character": column + 1 })
}

fn open(client: &mut Client, text: &str) {
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": URI, "languageId": "dice", "version": 1, "text": text } }),
    );
}

/// The lines (from 1) of the references to the name at `at`.
fn references(client: &mut Client, text: &str, at: Value, declaration: bool) -> Vec<usize> {
    let found = client.request(
        "textDocument/references",
        json!({ "textDocument": { "uri": URI }, "position": at, "context": { "includeDeclaration": declaration } }),
    );
    let found = found.as_array().cloned().unwrap_or_default();
    let name = (found.first())
        .map(|r| at_range_text(text, r))
        .unwrap_or_default();
    found
        .iter()
        .map(|r| {
            assert_eq!(r["uri"], URI, "{r}");
            // Every reference covers the name, and only it.
            assert_eq!(at_range_text(text, r), name, "{r}");
            r["range"]["start"]["line"].as_u64().expect("a line") as usize + 1
        })
        .collect()
}

fn at_range_text(text: &str, location: &Value) -> String {
    at(text, &location["range"]).to_string()
}

/// The line (from 1) of the first line holding `on`, outside comments.
fn line_of(text: &str, on: &str) -> usize {
    (text.lines())
        .position(|l| l.contains(on) && !l.trim_start().starts_with("//"))
        .unwrap_or_else(|| panic!("{on}"))
        + 1
}

/// The items as an outline: each with its kind, the range of its item and
/// the range of its name; the hand table's suits and hands, the round's
/// names and a choice's options nested.
#[test]
fn document_symbols_outline_the_game() {
    let (child, mut client, caps) = start();
    assert_eq!(caps["documentSymbolProvider"], true);
    let text = std::fs::read_to_string(root().join("games/chemin_de_fer.dice")).expect("chemin");
    open(&mut client, &text);
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let top: Vec<(&str, u64)> = (symbols.as_array().expect("symbols").iter())
        .map(|s| {
            (
                s["name"].as_str().unwrap_or(""),
                s["kind"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    // FILE 1, CONSTANT 14, ENUM 10, ARRAY 18, FUNCTION 12, METHOD 6,
    // OBJECT 19, NAMESPACE 3.
    assert_eq!(
        top,
        vec![
            ("Chemin de Fer", 1),
            ("decks", 14),
            ("house_limit", 14),
            ("starting_chips", 14),
            ("outcomes", 10),
            ("cards", 18),
            ("bank_draws", 12),
            ("round", 6),
            ("player", 19),
            ("banker", 19),
            ("banking", 3),
        ]
    );
    let all = symbols.as_array().expect("symbols");
    for s in all {
        // The name's range is inside the item's.
        let (range, name) = (&s["range"], &s["selectionRange"]);
        let line = |p: &Value| (p["line"].as_u64(), p["character"].as_u64());
        assert!(line(&range["start"]) <= line(&name["start"]), "{s}");
        assert!(line(&name["end"]) <= line(&range["end"]), "{s}");
    }
    let named = |name: &str| all.iter().find(|s| s["name"] == name).expect(name);
    assert_eq!(
        at(&text, &named("bank_draws")["selectionRange"]),
        "bank_draws"
    );
    assert!(at(&text, &named("bank_draws")["range"]).starts_with("table bank_draws(bank, third)"));
    assert_eq!(named("bank_draws")["detail"], "draw table (bank, third)");
    let outcomes: Vec<&str> = (named("outcomes")["children"]
        .as_array()
        .expect("outcomes")
        .iter())
    .map(|o| o["name"].as_str().unwrap_or(""))
    .collect();
    assert_eq!(outcomes, ["player", "banker", "tie"]);
    // The round's names, in order, each a VARIABLE (13) at its statement;
    // `bank_third` twice (two branches), the choice with its options.
    let round = named("round")["children"]
        .as_array()
        .expect("the round's names");
    let bound: Vec<&str> = round
        .iter()
        .map(|s| s["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(
        bound,
        [
            "player_cards",
            "player_value",
            "bank_cards",
            "bank_value",
            "player_draws",
            "action",
            "player_third",
            "third",
            "bank_third",
            "bank_third"
        ]
    );
    assert!(round.iter().all(|s| s["kind"] == 13), "{round:?}");
    let action = &round[5];
    assert_eq!(
        at(&text, &action["range"]),
        "choose action from [draw, stand] by player knowing player_value"
    );
    let options: Vec<(&str, u64)> = (action["children"].as_array().expect("options").iter())
        .map(|o| {
            (
                at(&text, &o["selectionRange"]),
                o["kind"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(options, [("draw", 22), ("stand", 22)]);

    // A hand table: its suits, their hands.
    let heaven =
        std::fs::read_to_string(root().join("games/heaven_and_nine.dice")).expect("heaven");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": heaven }] }),
    );
    let symbols = client.request(
        "textDocument/documentSymbol",
        json!({ "textDocument": { "uri": URI } }),
    );
    let chart = (symbols.as_array().expect("symbols").iter())
        .find(|s| s["kind"] == 23)
        .expect("the hand table, a STRUCT");
    let suits: Vec<(&str, usize)> = (chart["children"].as_array().expect("suits").iter())
        .map(|s| {
            (
                s["name"].as_str().unwrap_or(""),
                s["children"].as_array().map_or(0, Vec::len),
            )
        })
        .collect();
    assert_eq!(suits, [("civil", 11), ("military", 6)]);
    stop(child, client);
}

/// References: every place a name is written, with or without its
/// declaration as asked, of the name's own kind: the outcome `player`, the
/// bet `player` and the side `player` that chooses are told apart; an
/// option is found where `is` tests it and where `strategy` names it; a
/// name bound in two branches is two names. Definitions go where the names
/// are declared.
#[test]
fn references_are_the_uses_of_the_name_under_the_cursor() {
    let (child, mut client, caps) = start();
    assert_eq!(caps["referencesProvider"], true);
    let text = std::fs::read_to_string(root().join("games/chemin_de_fer.dice")).expect("chemin");
    open(&mut client, &text);
    let line = |on: &str| line_of(&text, on);

    // The outcome `player`: declared, ended, paid by both bets, and the
    // bank passing when it comes.
    let outcome = position(&text, "outcomes player", "player", 0);
    let mut uses = vec![
        line("end player"),
        line("player => win 1 to 1"),
        line("player => lose"),
        line("bank passes when player"),
    ];
    assert_eq!(references(&mut client, &text, outcome.clone(), false), uses);
    uses.insert(0, line("outcomes player"));
    assert_eq!(references(&mut client, &text, outcome, true), uses);
    // From a use, the same.
    let from_use = position(&text, "bank passes when player", "player", 0);
    assert_eq!(references(&mut client, &text, from_use, true), uses);

    // The bet `player`: declared, the side that chooses, its figure.
    let bet = position(&text, "by player knowing", "player", 0);
    assert_eq!(
        references(&mut client, &text, bet, true),
        [
            line("by player knowing"),
            line("bet player {"),
            line("house_edge(player)")
        ]
    );
    // The bet `banker` decides the table's `?` cells and is the bank's.
    let banker = position(&text, "bet banker", "banker", 0);
    assert_eq!(
        references(&mut client, &text, banker, false),
        [line("decided by banker"), line("bank bets banker")]
    );

    // The option `draw`: the label, tested with `is`, named by the figure.
    let draw = position(&text, "action is draw", "draw", 0);
    assert_eq!(
        references(&mut client, &text, draw, true),
        [
            line("[draw, stand]"),
            line("action is draw"),
            line("strategy(action, draw, 5)")
        ]
    );
    // The choice itself, read by `is` and named by `strategy`.
    let action = position(&text, "strategy(action", "action", 0);
    assert_eq!(
        references(&mut client, &text, action, false),
        [line("action is draw"), line("strategy(action, draw, 5)")]
    );

    // A parameter: declared, and read by the shoe.
    let decks = position(&text, "decks = decks", "decks", 1);
    assert_eq!(
        references(&mut client, &text, decks, true),
        [line("param decks"), line("decks = decks")]
    );

    // `bank_third` is bound in two branches: each its own name.
    let first = line("draw bank_third");
    let second = first + 4;
    assert_eq!(
        references(
            &mut client,
            &text,
            position(&text, "draw bank_third", "bank_third", 0),
            true
        ),
        [first, first + 1]
    );
    assert_eq!(
        references(
            &mut client,
            &text,
            position(&text, "draw bank_third", "bank_third", 1),
            true
        ),
        [second, second + 1]
    );

    // Go to definition from a use: the declaration.
    let definition = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": URI }, "position": position(&text, "bank_draws(bank_value", "bank_draws", 0) }),
    );
    assert_eq!(at(&text, &definition["range"]), "bank_draws");
    assert_eq!(
        definition["range"]["start"]["line"],
        line("table bank_draws") - 1
    );

    // Nothing: a keyword, a built-in, a comment.
    for nothing in [
        position(&text, "compare player_value", "compare", 0),
        position(&text, "total(player_cards)", "total", 0),
        json!({ "line": 0, "character": 4 }),
    ] {
        let found = client.request(
            "textDocument/references",
            json!({ "textDocument": { "uri": URI }, "position": nothing, "context": { "includeDeclaration": true } }),
        );
        assert_eq!(found, json!([]), "{nothing}");
    }
    stop(child, client);
}

/// `text` with the edits of a `WorkspaceEdit` for [`URI`] applied.
fn renamed(text: &str, edit: &Value) -> String {
    let mut edits: Vec<(usize, usize, &str)> =
        (edit["changes"][URI].as_array().expect("edits").iter())
            .map(|e| {
                let old = at(text, &e["range"]);
                let start = old.as_ptr() as usize - text.as_ptr() as usize;
                (
                    start,
                    start + old.len(),
                    e["newText"].as_str().expect("new text"),
                )
            })
            .collect();
    edits.sort_unstable();
    let mut out = text.to_string();
    for (start, end, new) in edits.into_iter().rev() {
        out.replace_range(start..end, new);
    }
    out
}

/// The exact edge of `bet` in `text`, as `check` computes it.
fn edge(text: &str, bet: &str) -> String {
    let out = run(root(), &["check", "-", "--format", "json"], text.as_bytes());
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let report: Value = serde_json::from_str(&out.stdout).expect("JSON");
    let bets = report["bets"].as_array().cloned().unwrap_or_default();
    let found = bets
        .iter()
        .find(|b| b["bet"] == bet)
        .unwrap_or_else(|| panic!("{bet}: {report}"));
    found["house_edge"].as_str().expect("an edge").to_string()
}

/// Rename: every place the name is written edited, and nothing else; the
/// game renamed evaluates as before. Refused, with an error response, for
/// a new name that is not one (a keyword, a number, two words), one that
/// another name of its kind has, in a file with syntax errors, and where
/// no name is. `prepareRename` gives the name's range, when the client
/// can ask for it.
#[test]
fn rename_edits_every_use_or_is_refused() {
    let (mut child, mut client) = super::spawn();
    let init = client.request(
        "initialize",
        json!({ "capabilities": { "textDocument": { "rename": { "prepareSupport": true } } } }),
    );
    assert_eq!(
        init["capabilities"]["renameProvider"],
        json!({ "prepareProvider": true })
    );
    client.notify("initialized", json!({}));
    let text = std::fs::read_to_string(root().join("games/heist.dice")).expect("heist");
    open(&mut client, &text);
    let params = |at: Value, name: &str| json!({ "textDocument": { "uri": URI }, "position": at, "newName": name });
    // The throw `player`, from its use in `compare`: not the bet.
    let throw = position(&text, "compare total(player)", "player", 0);
    let prepared = client.request(
        "textDocument/prepareRename",
        json!({ "textDocument": { "uri": URI }, "position": throw }),
    );
    assert_eq!(prepared["placeholder"], "player", "{prepared}");
    assert_eq!(at(&text, &prepared["range"]), "player");
    let edit = client.request("textDocument/rename", params(throw.clone(), "punter"));
    let punter = renamed(&text, &edit);
    assert_eq!(
        edit["changes"][URI].as_array().map(Vec::len),
        Some(3),
        "{edit}"
    );
    assert!(
        punter.contains("throw punter = 2d6\n  if punter is 6-6"),
        "{punter}"
    );
    assert!(
        punter.contains("compare total(punter) with total(banker)"),
        "{punter}"
    );
    assert!(punter.contains("bet player {") && punter.contains("house_edge(player)"));
    assert_eq!(edge(&punter, "player"), edge(&text, "player"));
    // The bet, from its figure: its declaration and both figures.
    let bet = position(&text, "expect house_edge(player)", "player", 0);
    let edit = client.request("textDocument/rename", params(bet, "punto"));
    let punto = renamed(&text, &edit);
    assert_eq!(punto.matches("punto").count(), 4, "{punto}");
    assert!(punto.contains("bet punto {") && punto.contains("throw player = 2d6"));
    assert_eq!(edge(&punto, "punto"), "37/432");

    // Refused: not names, and a name the throw `banker` has.
    for (name, says) in [
        (
            "if",
            "`if` cannot be a name: it is a keyword of the language",
        ),
        ("1x", "`1x` cannot be a name"),
        ("two words", "`two words` cannot be a name"),
        ("", "`` cannot be a name"),
        (
            "banker",
            "`banker` is already declared on line 17, as a name of the round",
        ),
    ] {
        let refused = client.respond("textDocument/rename", params(throw.clone(), name));
        assert_eq!(refused["error"]["code"], -32602, "{name}: {refused}");
        assert!(refused.get("result").is_none(), "{refused}");
        let message = refused["error"]["message"].as_str().unwrap_or_default();
        assert!(message.starts_with(says), "{name}: {message}");
    }
    // A bet may share its name with a throw (heist's bet and throw do).
    let edit = client.request(
        "textDocument/rename",
        params(position(&text, "bet player", "player", 0), "banker"),
    );
    assert!(renamed(&text, &edit).contains("bet banker {"));
    // No name here: nothing to prepare, and a rename refused.
    let keyword = position(&text, "compare total(player)", "compare", 0);
    let prepared = client.request(
        "textDocument/prepareRename",
        json!({ "textDocument": { "uri": URI }, "position": keyword }),
    );
    assert_eq!(prepared, Value::Null);
    let refused = client.respond("textDocument/rename", params(keyword, "x"));
    assert_eq!(refused["error"]["code"], -32602, "{refused}");

    // A file with a syntax error: the uses in what did not parse would be
    // missed, so neither is done.
    let broken = text.replacen("win 2 to 1", "win 2 to", 1);
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": broken }] }),
    );
    let refused = client.respond(
        "textDocument/prepareRename",
        json!({ "textDocument": { "uri": URI }, "position": throw }),
    );
    assert_eq!(refused["error"]["code"], -32803, "{refused}");
    let refused = client.respond("textDocument/rename", params(throw, "punter"));
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.starts_with("the file has syntax errors"),
        "{refused}"
    );
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    let status = crate::common::binary::wait(&mut child).expect("the server exits");
    assert!(status.success(), "{status:?}");
}
