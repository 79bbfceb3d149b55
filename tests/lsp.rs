//! `dicerules lsp`: the Language Server Protocol spoken to the real binary
//! over its standard input and output: initialize, open a broken file and
//! receive its diagnostics at the right range, fix it, hover a bet (its
//! exact house edge), go to a name's definition, complete, format, shut
//! down.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::binary::{command, root};

struct Client {
    stdin: ChildStdin,
    messages: Receiver<Value>,
    next_id: u64,
}

impl Client {
    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).expect("writes");
        self.stdin.flush().expect("flushes");
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and waits for its response's result.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        let response = self.wait(|m| m["id"] == id && m.get("method").is_none());
        assert!(response.get("error").is_none(), "{response}");
        response["result"].clone()
    }

    /// The next message the server sends that `wanted` accepts.
    fn wait(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self
                .messages
                .recv_timeout(Duration::from_secs(60))
                .expect("the server answers within a minute");
            if wanted(&m) {
                return m;
            }
        }
    }

    /// The next diagnostics published that `wanted` accepts.
    fn diagnostics(&mut self, wanted: impl Fn(&[Value]) -> bool) -> Vec<Value> {
        let m = self.wait(|m| {
            m["method"] == "textDocument/publishDiagnostics"
                && m["params"]["diagnostics"]
                    .as_array()
                    .is_some_and(|d| wanted(d))
        });
        m["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

/// Reads framed messages from the server into a channel.
fn reader(stdout: impl Read + Send + 'static) -> Receiver<Value> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut out = BufReader::new(stdout);
        loop {
            let mut length = 0;
            loop {
                let mut header = String::new();
                if out.read_line(&mut header).unwrap_or(0) == 0 {
                    return;
                }
                let header = header.trim_end();
                if header.is_empty() {
                    break;
                }
                if let Some(n) = header.strip_prefix("Content-Length: ") {
                    length = n.parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            if out.read_exact(&mut body).is_err() {
                return;
            }
            if let Ok(v) = serde_json::from_slice(&body) {
                if tx.send(v).is_err() {
                    return;
                }
            }
        }
    });
    rx
}

const URI: &str = "file:///rules/heist_b.dice";

/// The server started, initialized, with its capabilities.
fn start() -> (Child, Client, Value) {
    let mut child = command(root(), &["lsp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dicerules lsp runs");
    let mut client = Client {
        stdin: child.stdin.take().expect("stdin"),
        messages: reader(child.stdout.take().expect("stdout")),
        next_id: 0,
    };
    let init = client.request(
        "initialize",
        json!({ "processId": null, "rootUri": null, "capabilities": {} }),
    );
    client.notify("initialized", json!({}));
    (child, client, init["capabilities"].clone())
}

/// Shut down and exited, with success.
fn stop(mut child: Child, mut client: Client) {
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    client.notify("exit", Value::Null);
    let status = crate::common::binary::wait(&mut child).expect("the server exits");
    assert!(status.success(), "{status:?}");
}

#[test]
fn the_language_server_through_the_real_binary() {
    let (child, mut client, caps) = start();
    assert_eq!(caps["hoverProvider"], true);
    assert_eq!(caps["documentFormattingProvider"], true);
    assert_eq!(caps["definitionProvider"], true);

    // Heist with a payout line broken: `win 2 to` and no number.
    let heist = std::fs::read_to_string(root().join("games/heist.dice")).expect("heist");
    let broken = heist.replacen("win 2 to 1", "win 2 to", 1);
    let (line, column) = broken
        .lines()
        .enumerate()
        .find_map(|(n, l)| l.find("win 2 to").map(|c| (n, c)))
        .expect("the broken line");
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": URI, "languageId": "dice", "version": 1, "text": broken } }),
    );
    let errors = client.diagnostics(|d| !d.is_empty());
    let first = &errors[0];
    assert_eq!(first["severity"], 1);
    assert_eq!(first["code"], "dice::syntax::unexpected", "{first}");
    assert_eq!(first["source"], "dicerules");
    // At the end of the broken line, where the number is missing.
    let at = &first["range"]["start"];
    assert!(
        at["line"] == line || at["line"] == line + 1,
        "{first} (line {line})"
    );
    if at["line"] == line {
        assert!(
            at["character"].as_u64().unwrap() as usize >= column,
            "{first}"
        );
    }

    // Fixed: no error, and the evaluation's findings (none) published.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 2 }, "contentChanges": [{ "text": heist }] }),
    );
    client.diagnostics(|d| d.is_empty());

    // Hover on the bet: its exact edge.
    // Inside `player` of `bet player {`.
    let (bet_line, bet_col) = heist
        .lines()
        .position(|l| l.starts_with("bet player"))
        .map(|n| (n, 6))
        .expect("the bet");
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": URI }, "position": { "line": bet_line, "character": bet_col } }),
    );
    let text = hover["contents"]["value"].as_str().unwrap_or("");
    assert!(
        text.contains("bet player") && text.contains("37/432"),
        "{hover}"
    );

    // Go to the definition of a name used in the round.
    let (use_line, use_col) = heist
        .lines()
        .enumerate()
        .find_map(|(n, l)| l.find("total(player)").map(|c| (n, c + 6)))
        .expect("a use of the throw");
    let definition = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": URI }, "position": { "line": use_line, "character": use_col } }),
    );
    let decl_line = heist
        .lines()
        .position(|l| l.trim_start().starts_with("throw player"))
        .expect("the throw");
    assert_eq!(definition["uri"], URI);
    assert_eq!(
        definition["range"]["start"]["line"], decl_line,
        "{definition}"
    );

    // Completion offers keywords, built-ins and the file's names.
    let items = client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": URI }, "position": { "line": 0, "character": 0 } }),
    );
    let labels: Vec<&str> = items
        .as_array()
        .expect("items")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    for label in ["throw", "total", "house_edge", "player", "banker_wins"] {
        assert!(labels.contains(&label), "{label}");
    }

    // Formatting a messy file: one edit, `dicerules fmt`'s layout.
    let messy = "game \"m\"\noutcomes won, lost\nround { throw t = d6  if total(t) = 6 { end won }  end lost }\nbet player { won => win 5 to 1\n lost => lose }\n";
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": URI, "version": 3 }, "contentChanges": [{ "text": messy }] }),
    );
    let edits = client.request("textDocument/formatting", json!({ "textDocument": { "uri": URI }, "options": { "tabSize": 2, "insertSpaces": true } }));
    let formatted = crate::common::binary::run(root(), &["fmt", "-"], messy.as_bytes()).stdout;
    assert_eq!(edits[0]["newText"], formatted.as_str(), "{edits}");
    stop(child, client);
}

/// Thirty changes sent while a slow file (blackjack, about a second) is
/// evaluated, as fast typing sends them, each pinning another wrong
/// figure: every text is checked, but a text a later change already
/// waiting replaces is not evaluated. The last text's failed `expect` is
/// published, and far fewer than thirty evaluations are.
#[test]
fn a_burst_of_changes_is_evaluated_for_its_last_text() {
    let (child, mut client, _) = start();
    let slow = std::fs::read_to_string(root().join("games/blackjack.dice")).expect("blackjack");
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": "file:///rules/slow.dice", "languageId": "dice", "version": 1, "text": slow } }),
    );
    let heist = std::fs::read_to_string(root().join("games/heist.dice")).expect("heist");
    let pinned = |k: usize| {
        heist.replacen(
            "expect house_edge(player) = 37/432",
            &format!("expect house_edge(player) = 1/{k}"),
            1,
        )
    };
    assert_ne!(pinned(7), heist);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": URI, "languageId": "dice", "version": 1, "text": heist } }),
    );
    for k in 2..=31 {
        client.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": URI, "version": k }, "contentChanges": [{ "text": pinned(k) }] }),
        );
    }
    // Answered after every change before it is handled.
    client.next_id += 1;
    let id = client.next_id;
    client.send(
        json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": URI }, "position": { "line": 0, "character": 0 } } }),
    );
    let mut evaluated = Vec::new();
    loop {
        let m = client.wait(|_| true);
        if m["id"] == id {
            break;
        }
        if m["params"]["uri"] != URI {
            continue;
        }
        let diagnostics = m["params"]["diagnostics"].as_array().cloned();
        for d in diagnostics.unwrap_or_default() {
            if d["code"] != "dice::expect::failed" {
                continue;
            }
            let message = d["message"].as_str().unwrap_or_default();
            let k = message
                .split("= 1/")
                .nth(1)
                .and_then(|rest| rest.split(|c: char| !c.is_ascii_digit()).next())
                .and_then(|digits| digits.parse::<usize>().ok())
                .unwrap_or_else(|| panic!("{message}"));
            evaluated.push(k);
        }
    }
    assert_eq!(evaluated.last(), Some(&31), "{evaluated:?}");
    assert!(evaluated.len() < 10, "{evaluated:?}");
    stop(child, client);
}
