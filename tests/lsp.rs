//! `dicerules lsp`: the Language Server Protocol spoken to the real binary
//! over its standard input and output: initialize, open a broken file and
//! receive its diagnostics at the right range, fix it, hover a bet (its
//! exact house edge), go to a name's definition, complete, format, shut
//! down. Then its bounds, each with a family of inputs just past it: the
//! framing (a header line's bytes, a message's header lines, the bytes a
//! message announces), a document's bytes, the diagnostics published for a
//! file; and the protocol's rules (one `initialize`, unknown methods,
//! `exit` taken while a file is evaluated). What the server reads from the
//! syntax tree (document symbols, references, rename) is in [`names`]; what
//! it reads from the evaluation, and how it keeps answering while one runs,
//! in [`evaluation`].

mod evaluation;
mod names;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

use crate::common::binary::{as_a_user, command, root, run_command, Run};
use crate::common::fixture::unused_names;

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
        let response = self.respond(method, params);
        assert!(response.get("error").is_none(), "{response}");
        response["result"].clone()
    }

    /// Sends a request and waits for its whole response.
    fn respond(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        self.wait(|m| m["id"] == id && m.get("method").is_none())
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

    /// The next publication of diagnostics (its `uri`, `version` and
    /// `diagnostics`) that `wanted` accepts.
    fn publication(&mut self, wanted: impl Fn(&Value) -> bool) -> Value {
        let m =
            self.wait(|m| m["method"] == "textDocument/publishDiagnostics" && wanted(&m["params"]));
        m["params"].clone()
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

/// The server started, not yet initialized.
fn spawn() -> (Child, Client) {
    let mut child = command(root(), &["lsp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dicerules lsp runs");
    let client = Client {
        stdin: child.stdin.take().expect("stdin"),
        messages: reader(child.stdout.take().expect("stdout")),
        next_id: 0,
    };
    (child, client)
}

/// The server started, initialized, with its capabilities.
fn start() -> (Child, Client, Value) {
    let (child, mut client) = spawn();
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
    assert_eq!(caps["documentSymbolProvider"], true);
    assert_eq!(caps["referencesProvider"], true);
    // The client said nothing of `prepareRename`: a plain rename.
    assert_eq!(caps["renameProvider"], true);

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
    let published = client.publication(|p| p["uri"] == URI);
    assert_eq!(published["version"], 1, "{published}");
    let errors = published["diagnostics"]
        .as_array()
        .cloned()
        .unwrap_or_default();
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
    // The check's publication, then the evaluation's, each of version 2.
    for _ in 0..2 {
        let fixed = client.publication(|p| p["uri"] == URI);
        assert_eq!(fixed["version"], 2, "{fixed}");
        assert_eq!(fixed["diagnostics"], json!([]), "{fixed}");
    }

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

/// Thirty changes sent while a slow file (blackjack dealt face down, about
/// a second) is evaluated, as fast typing sends them, each pinning another
/// wrong figure: every text is checked (and a request after them answered at
/// once), but a text a later change replaces before its turn is not
/// evaluated. The last text's failed `expect` is published, with its
/// version, and far fewer than thirty evaluations are.
#[test]
fn a_burst_of_changes_is_evaluated_for_its_last_text() {
    let (child, mut client, _) = start();
    let slow = std::fs::read_to_string(root().join("tests/fixtures/slow/blackjack_face_down.dice"))
        .expect("blackjack");
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
    // Answered after every change is handled, before their evaluation.
    client.next_id += 1;
    let id = client.next_id;
    client.send(
        json!({ "jsonrpc": "2.0", "id": id, "method": "textDocument/hover",
        "params": { "textDocument": { "uri": URI }, "position": { "line": 0, "character": 0 } } }),
    );
    let mut evaluated = Vec::new();
    let mut answered = false;
    while evaluated.last() != Some(&31) {
        let m = client.wait(|_| true);
        if m["id"] == id {
            answered = true;
            continue;
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
            // Published with the version of the text that pins it.
            assert_eq!(m["params"]["version"], k, "{m}");
            evaluated.push(k);
        }
    }
    assert!(
        answered,
        "the hover is answered before the last evaluation ends"
    );
    assert!(evaluated.len() < 10, "{evaluated:?}");
    stop(child, client);
}

/// The largest message body the server reads: a document of 256 KiB with
/// every byte escaped (six bytes a byte), and 64 KiB more.
const MAX_BODY: usize = 6 * 262_144 + 65_536;

/// The longest header line, its end (`\r\n`) included.
const MAX_HEADER_LINE: usize = 1024;

/// The most header lines of a message.
const MAX_HEADERS: usize = 16;

/// A message as the protocol frames it.
fn framed(body: &str) -> String {
    format!("Content-Length: {}\r\n\r\n{body}", body.len())
}

const INITIALIZE: &str =
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#;
const SHUTDOWN: &str = r#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#;
const EXIT: &str = r#"{"jsonrpc":"2.0","method":"exit"}"#;

/// `dicerules lsp` given `input` whole, under a cap of 1 GB on its address
/// space (an allocation of what a message announces, 3 GB, fails under it).
fn capped_server(input: &[u8]) -> Run {
    let mut sh = std::process::Command::new("sh");
    sh.args([
        "-c",
        "ulimit -v 1000000 && exec \"$0\" lsp",
        env!("CARGO_BIN_EXE_dicerules"),
    ])
    .current_dir(root());
    as_a_user(&mut sh);
    run_command(sh, input)
}

/// Initialized, then `frame`: the server answers `initialize`, then ends
/// with one diagnostic of `code` saying `says`, and exit 2; no panic, no
/// abort.
fn refused(frame: &[u8], code: &str, says: &str) {
    let mut input = framed(INITIALIZE).into_bytes();
    input.extend_from_slice(frame);
    let run = capped_server(&input);
    let what = String::from_utf8_lossy(&frame[..frame.len().min(60)]).into_owned();
    assert_eq!(run.code, Some(2), "{what}: {}", run.stderr);
    assert!(run.stdout.contains(r#""id":1"#), "{what}: {}", run.stdout);
    assert!(run.stderr.contains(code), "{what}: {}", run.stderr);
    assert!(run.stderr.contains(says), "{what}: {}", run.stderr);
    for crash in ["panicked", "backtrace", "memory allocation"] {
        assert!(!run.stderr.contains(crash), "{what}: {}", run.stderr);
    }
}

/// Initialized, then `frame`, then shut down: the server reads the frame
/// and exits 0.
fn accepted(frame: &[u8]) {
    let mut input = framed(INITIALIZE).into_bytes();
    input.extend_from_slice(frame);
    input.extend_from_slice(framed(SHUTDOWN).as_bytes());
    input.extend_from_slice(framed(EXIT).as_bytes());
    let run = capped_server(&input);
    let what = String::from_utf8_lossy(&frame[..frame.len().min(60)]).into_owned();
    assert_eq!(run.code, Some(0), "{what}: {}", run.stderr);
    assert!(run.stdout.contains(r#""id":2"#), "{what}: {}", run.stdout);
}

/// A message announcing more than the body bound (3 x 10^9 took 2.9 GB for
/// a 2-byte body, 10^15 aborted): refused from its header, nothing
/// allocated, exit 2 with `dice::lsp::too_large`. A message of exactly the
/// bound is read.
#[test]
fn a_message_announcing_more_than_its_bound_is_refused() {
    for length in [
        (MAX_BODY + 1).to_string(),
        (MAX_BODY + 2).to_string(),
        (2 * MAX_BODY).to_string(),
        "3000000000".to_string(),
        "1000000000000000".to_string(),
        "1".repeat(40),
    ] {
        let frame = format!("Content-Length: {length}\r\n\r\n{{}}");
        let says = format!("a message announces {length} bytes");
        refused(frame.as_bytes(), "dice::lsp::too_large", &says);
    }
    // At the bound: a notification padded with spaces to exactly the bound.
    let padded = format!("{INITIALIZED}{}", " ".repeat(MAX_BODY - INITIALIZED.len()));
    accepted(framed(&padded).as_bytes());
}

/// Header lines past their bounds, in bytes and in number, and headers and
/// bodies that do not parse: each ends the server with its diagnostic and
/// exit 2. At the bounds, the message is read.
#[test]
fn a_malformed_frame_is_refused() {
    // A header line of exactly the bound (its `\r\n` included) is read;
    // one byte more, and more, is not (the last without any line end).
    let line = |bytes: usize| format!("X-Pad: {}\r\n", "p".repeat(bytes - 9));
    accepted(format!("{}{}", line(MAX_HEADER_LINE), framed(INITIALIZED)).as_bytes());
    for bytes in [
        MAX_HEADER_LINE + 1,
        MAX_HEADER_LINE + 2,
        4 * MAX_HEADER_LINE,
    ] {
        refused(
            line(bytes).as_bytes(),
            "dice::lsp::header",
            "a header line of a message is longer than 1024 bytes",
        );
    }
    refused(
        &vec![b'a'; 1 << 20],
        "dice::lsp::header",
        "longer than 1024 bytes",
    );
    // The most header lines, then one more and more.
    let headers = |n: usize| format!("{}{}", "X-Pad: p\r\n".repeat(n - 1), framed(INITIALIZED));
    accepted(headers(MAX_HEADERS).as_bytes());
    for n in [MAX_HEADERS + 1, MAX_HEADERS + 2, 1000] {
        refused(
            headers(n).as_bytes(),
            "dice::lsp::header",
            "a message has more than 16 header lines",
        );
    }
    for (frame, code, says) in [
        (
            "Content-Length: two\r\n\r\n{}",
            "dice::lsp::header",
            "`Content-Length` is not a number of bytes",
        ),
        (
            "Content-Length: -1\r\n\r\n{}",
            "dice::lsp::header",
            "`Content-Length` is not a number of bytes",
        ),
        (
            "Content-Type: x\r\n\r\n{}",
            "dice::lsp::header",
            "a message has no `Content-Length` header",
        ),
        (
            "no colon here\r\n\r\n{}",
            "dice::lsp::header",
            "a header line is not `Name: value`",
        ),
        (
            "Content-Length: 2\r\n\r\n{",
            "dice::lsp::truncated",
            "the input ended inside a message, 1 of its 2 bytes read",
        ),
        (
            "Content-Length: 2\r\n",
            "dice::lsp::truncated",
            "the input ended inside a message's headers",
        ),
        (
            "Content-Length: 3\r\n\r\n{]}",
            "dice::lsp::not_json_rpc",
            "a message is not JSON-RPC",
        ),
        (
            "Content-Length: 7\r\n\r\n[1,2,3]",
            "dice::lsp::not_json_rpc",
            "a message is not JSON-RPC",
        ),
    ] {
        refused(frame.as_bytes(), code, says);
    }
    // What is shown of a header is escaped: no control character reaches
    // the terminal.
    let run = capped_server(b"Content-Length: 1\x1b[2J\0\r\n\r\n{");
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.contains("\\u{1b}[2J\\0"), "{}", run.stderr);
    assert!(!run.stderr.contains(['\x1b', '\0']), "{}", run.stderr);
}

/// Heist padded with a comment to `bytes` bytes.
fn padded_heist(bytes: usize) -> String {
    let heist = std::fs::read_to_string(root().join("games/heist.dice")).expect("heist");
    format!("{heist}//{}\n", "x".repeat(bytes - heist.len() - 3))
}

/// A document past 256 KiB (2 MB: no answer to `shutdown` in 99 s, 1.4 GB)
/// is not checked: one diagnostic, the command line's, says so, and the
/// server answers at once. A document of exactly 256 KiB is checked. So is
/// its change: a change past the bound forgets the text.
#[test]
fn a_document_past_256_kib_gets_one_diagnostic() {
    let (child, mut client, _) = start();
    let at_bound = padded_heist(262_144);
    assert_eq!(at_bound.len(), 262_144);
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": "file:///at_bound.dice", "languageId": "dice", "version": 1, "text": at_bound } }),
    );
    let m = client.wait(|m| m["params"]["uri"] == "file:///at_bound.dice");
    assert_eq!(m["params"]["diagnostics"], json!([]), "{m}");
    // Past it, in bytes of the text; the last escaped by JSON in full
    // (262,145 control characters, 1.5 MB of message).
    let controls = "\u{1}".repeat(262_145);
    let past = [
        padded_heist(262_145),
        padded_heist(262_146),
        padded_heist(262_144 + 1024),
        padded_heist(1_000_000),
        controls,
    ];
    for (k, text) in past.iter().enumerate() {
        let uri = format!("file:///past_{k}.dice");
        client.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "dice", "version": 1, "text": text } }),
        );
        let m = client.wait(|m| m["params"]["uri"] == uri.as_str());
        let diagnostics = m["params"]["diagnostics"].as_array().expect("diagnostics");
        assert_eq!(diagnostics.len(), 1, "{m}");
        assert_eq!(diagnostics[0]["code"], "dice::input::too_large", "{m}");
        let says = format!(
            "past_{k}.dice is {} bytes: a rule file may be at most 256 KiB (262144 bytes)",
            text.len()
        );
        assert_eq!(diagnostics[0]["message"], says.as_str(), "{m}");
        let hover = client.request(
            "textDocument/hover",
            json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 0 } }),
        );
        assert_eq!(hover, Value::Null);
    }
    // A file that fits, changed past the bound: its text is forgotten.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": "file:///at_bound.dice", "version": 2 }, "contentChanges": [{ "text": past[0] }] }),
    );
    // The evaluation of version 1 may be published before the change is
    // read; the change's publication carries version 2.
    let m = client
        .wait(|m| m["params"]["uri"] == "file:///at_bound.dice" && m["params"]["version"] == 2);
    assert_eq!(
        m["params"]["diagnostics"][0]["code"], "dice::input::too_large",
        "{m}"
    );
    let items = client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": "file:///at_bound.dice" }, "position": { "line": 0, "character": 0 } }),
    );
    assert_eq!(items, Value::Null);
    stop(child, client);
}

/// At most 100 diagnostics are published for a file, then one note
/// counting the rest: 100 findings, 101, 102, 1,000 and 12,000 (rendered
/// one by one, 12,000 took 12.9 s on the command line).
#[test]
fn the_diagnostics_published_for_a_file_are_capped() {
    let (child, mut client, _) = start();
    for unused in [100, 101, 102, 1000, 12_000] {
        let uri = format!("file:///unused_{unused}.dice");
        client.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "dice", "version": 1, "text": unused_names(unused) } }),
        );
        // The check's (none), then the evaluation's.
        let found = client.diagnostics(|d| !d.is_empty());
        let lints = found
            .iter()
            .filter(|d| d["code"] == "dice::lint::unused_name")
            .count();
        assert_eq!(lints, unused.min(100), "{unused}");
        let notes: Vec<&Value> = found.iter().filter(|d| d["severity"] == 3).collect();
        if unused > 100 {
            assert_eq!(notes.len(), 1, "{unused}: {notes:?}");
            let says = format!("{} more warning(s) not shown", unused - 100);
            assert_eq!(notes[0]["message"], says.as_str());
        } else {
            assert!(notes.is_empty(), "{notes:?}");
        }
        assert_eq!(found.len(), lints + notes.len());
    }
    stop(child, client);
}

/// A second `initialize` is refused (it got `null`); a method the server
/// does not know gets MethodNotFound (it got `null`), one it knows with
/// parameters not its own InvalidParams; a request before `initialize`
/// gets ServerNotInitialized; requests after `shutdown` are refused.
#[test]
fn the_protocol_is_kept() {
    let (mut child, mut client) = spawn();
    let early = client.respond("textDocument/hover", json!({}));
    assert_eq!(early["error"]["code"], -32002, "{early}");
    client.request("initialize", json!({ "capabilities": {} }));
    let again = client.respond("initialize", json!({ "capabilities": {} }));
    assert_eq!(again["error"]["code"], -32600, "{again}");
    assert!(again.get("result").is_none(), "{again}");
    let unknown = client.respond("foo/bar", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    assert_eq!(
        unknown["error"]["message"], "`foo/bar` is not a method this server knows",
        "{unknown}"
    );
    // A method served, with parameters that are not its own: InvalidParams.
    let wrong = client.respond("textDocument/hover", json!({ "position": 3 }));
    assert_eq!(wrong["error"]["code"], -32602, "{wrong}");
    let unknown = client.respond("textDocument/rename\u{1b}[2J", json!({}));
    assert_eq!(unknown["error"]["code"], -32601, "{unknown}");
    let message = unknown["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("textDocument/rename\\u{1b}[2J"),
        "{unknown}"
    );
    assert_eq!(client.request("shutdown", Value::Null), Value::Null);
    let late = client.respond("textDocument/hover", json!({}));
    assert_eq!(late["error"]["code"], -32600, "{late}");
    client.notify("exit", Value::Null);
    let status = crate::common::binary::wait(&mut child).expect("the server exits");
    assert_eq!(status.code(), Some(0));
}

/// `exit` without `shutdown` ends the server with exit 1, as the protocol
/// says (it was ignored), even while a slow file (blackjack dealt face
/// down) is evaluated.
#[test]
fn exit_ends_the_server_while_a_file_is_evaluated() {
    let (mut child, mut client, _) = start();
    let slow = std::fs::read_to_string(root().join("tests/fixtures/slow/blackjack_face_down.dice"))
        .expect("blackjack");
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": "file:///slow.dice", "languageId": "dice", "version": 1, "text": slow } }),
    );
    client.notify("exit", Value::Null);
    let status = crate::common::binary::wait(&mut child).expect("the server exits");
    assert_eq!(status.code(), Some(1));
}

/// At most 256 files are held: the 257th and 258th opened get one
/// diagnostic each and are not held; a file closed makes room again, and a
/// file held already may change.
#[test]
fn at_most_256_files_are_held() {
    let (child, mut client, _) = start();
    let open = |client: &mut Client, k: usize| -> Vec<Value> {
        let uri = format!("file:///empty_{k}.dice");
        client.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "dice", "version": 1, "text": "" } }),
        );
        let m = client.wait(|m| m["params"]["uri"] == uri.as_str());
        m["params"]["diagnostics"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    };
    for k in 0..256 {
        let found = open(&mut client, k);
        assert_eq!(found[0]["code"], "dice::check::empty", "{k}: {found:?}");
    }
    for k in [256, 257] {
        let found = open(&mut client, k);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0]["code"], "dice::lsp::too_many_files", "{found:?}");
        assert_eq!(
            found[0]["message"],
            format!("more than 256 files are open: empty_{k}.dice is not checked; close some and open it again").as_str()
        );
    }
    let found = open(&mut client, 0);
    assert_eq!(found[0]["code"], "dice::check::empty", "{found:?}");
    client.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": "file:///empty_0.dice" } }),
    );
    let found = open(&mut client, 256);
    assert_eq!(found[0]["code"], "dice::check::empty", "{found:?}");
    stop(child, client);
}
