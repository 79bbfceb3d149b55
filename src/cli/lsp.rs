//! `dicerules lsp`: a language server over standard input and output.
//! Each open file is checked as it changes: its syntax and check errors are
//! published at once, then, once the round is evaluated (within `check`'s
//! limits), its lint findings and failed `expect` lines. A text that a later
//! change already waiting in the queue replaces is not evaluated: typing
//! into a file that takes a while costs one stale evaluation at most, not
//! one a keystroke. Hover on a bet gives its exact house edge, on a name its
//! declaration; go to definition finds that declaration; completion offers
//! keywords, built-ins and the file's names; formatting is `dicerules
//! fmt`'s.
//!
//! Messages are read by [`frame`], with bounds, on a thread of ours, and
//! handed over through a bounded queue; lsp-server gives the messages'
//! types. What the client sends is bounded as the command line's input is:
//! a text over 256 KiB is not checked (one diagnostic says so), at most
//! [`MAX_SHOWN`] diagnostics are published for a file, at most
//! [`MAX_DOCUMENTS`] files are held. A message that cannot be read ends
//! the server with a diagnostic on stderr and exit 2.

mod frame;

use std::collections::{HashMap, VecDeque};
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use lsp_server::{ErrorCode, Message, Notification, Request, Response};
use miette::Diagnostic;
use serde_json::{json, Value};

use super::diagnostics::{entry, render, MAX_SHOWN};
use super::exit;
use super::input::{too_large, MAX_FILE_BYTES};
use super::output::Stop;
use crate::report::{DiagnosticEntry, Location};
use crate::{Analysis, Options, Parsed};

/// The most messages waiting at once: in the queue from the reading
/// thread, and read ahead of the one being handled. Each is at most
/// [`frame::MAX_BODY`] bytes; a client sending faster than the server
/// handles waits.
pub const MAX_QUEUED: usize = 64;

/// The most open files held; a file opened past them gets one diagnostic
/// saying so, and is neither held nor checked.
pub const MAX_DOCUMENTS: usize = 256;

/// How long the server may take to end after `exit` arrives before the
/// reading thread ends it (an evaluation running when `exit` arrives is not
/// waited for).
const GRACE: Duration = Duration::from_secs(1);

/// The exit code after `exit` (or the end of input) without `shutdown`
/// first, as the protocol says.
const NOT_SHUT_DOWN: u8 = 1;

/// Whether the client has asked for `shutdown`, as the reading thread saw it.
static SHUTDOWN_SENT: AtomicBool = AtomicBool::new(false);

/// What the reading thread hands over.
enum Incoming {
    Message(Message),
    /// A message that could not be read: the last.
    Failed(frame::FrameError),
}

/// Runs the server until the client says `exit`; returns the exit code.
pub fn run() -> u8 {
    let (forward, inbox) = mpsc::sync_channel(MAX_QUEUED / 4);
    std::thread::spawn(move || read_all(&forward));
    let mut server = Server {
        inbox,
        documents: HashMap::new(),
        pending: VecDeque::new(),
        initialized: false,
        shut_down: false,
        failed: None,
    };
    server.serve()
}

/// Reads the client's messages as they arrive, until the input ends, a
/// message cannot be read, or `exit`; after `exit`, ends the process if the
/// server has not within [`GRACE`].
fn read_all(forward: &mpsc::SyncSender<Incoming>) {
    let mut input = std::io::stdin().lock();
    loop {
        match frame::read(&mut input) {
            Ok(Some(message)) => {
                let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                if matches!(&message, Message::Request(r) if r.method == "shutdown") {
                    SHUTDOWN_SENT.store(true, Ordering::Relaxed);
                }
                if forward.send(Incoming::Message(message)).is_err() {
                    return;
                }
                if exit {
                    std::thread::sleep(GRACE);
                    let code = if SHUTDOWN_SENT.load(Ordering::Relaxed) {
                        exit::OK
                    } else {
                        NOT_SHUT_DOWN
                    };
                    std::process::exit(i32::from(code));
                }
            }
            Ok(None) => return,
            Err(e) => {
                let _ = forward.send(Incoming::Failed(e));
                return;
            }
        }
    }
}

struct Server {
    /// The client's messages, as they arrive.
    inbox: mpsc::Receiver<Incoming>,
    /// Each open file's text, by URI.
    documents: HashMap<String, Document>,
    /// Messages read ahead of the one being handled, in order.
    pending: VecDeque<Incoming>,
    /// `initialize` answered.
    initialized: bool,
    /// `shutdown` answered: only `exit` is taken.
    shut_down: bool,
    /// A write to stdout that failed: the server ends with it.
    failed: Option<Stop>,
}

struct Document {
    text: String,
    /// The last analysis of the text, when it checked.
    analysis: Option<Analysis>,
}

impl Server {
    fn serve(&mut self) -> u8 {
        loop {
            if let Some(stop) = self.failed.take() {
                return stop.exit_code(exit::INPUT);
            }
            let message = match self.next() {
                None if self.shut_down => return exit::OK,
                None => return NOT_SHUT_DOWN,
                Some(Incoming::Failed(e)) => {
                    let shown = e.shown().to_string();
                    let _ = std::io::stderr().write_all(render(e, "<stdin>", &shown).as_bytes());
                    return exit::INPUT;
                }
                Some(Incoming::Message(message)) => message,
            };
            match message {
                Message::Request(request) => {
                    let response = self.answer(&request);
                    self.send(Message::Response(response));
                }
                Message::Notification(n) if n.method == "exit" => {
                    return if self.shut_down {
                        exit::OK
                    } else {
                        NOT_SHUT_DOWN
                    };
                }
                Message::Notification(n) if self.initialized && !self.shut_down => {
                    self.notified(&n);
                }
                Message::Notification(_) | Message::Response(_) => {}
            }
        }
    }

    /// The next message: one read ahead first, else one from the client.
    fn next(&mut self) -> Option<Incoming> {
        self.pending.pop_front().or_else(|| self.inbox.recv().ok())
    }

    /// Whether a change or close of `uri` is already waiting, which would
    /// make this text's evaluation stale before it is published. Reads
    /// ahead whatever the client has sent, up to [`MAX_QUEUED`] messages in
    /// all; nothing is handled out of order.
    fn superseded(&mut self, uri: &str) -> bool {
        while self.pending.len() < MAX_QUEUED - MAX_QUEUED / 4 {
            match self.inbox.try_recv() {
                Ok(message) => self.pending.push_back(message),
                Err(_) => break,
            }
        }
        self.pending.iter().any(|m| {
            matches!(m, Incoming::Message(Message::Notification(n))
                if matches!(n.method.as_str(), "textDocument/didChange" | "textDocument/didClose")
                    && n.params["textDocument"]["uri"].as_str() == Some(uri))
        })
    }

    /// Writes a message to stdout; a failure ends the server.
    fn send(&mut self, message: Message) {
        if self.failed.is_some() {
            return;
        }
        let mut stdout = std::io::stdout().lock();
        if let Err(e) = message.write(&mut stdout) {
            self.failed = Some(Stop::from("stdout", e));
        }
    }

    /// The response to a request.
    fn answer(&mut self, request: &Request) -> Response {
        let id = request.id.clone();
        let refuse =
            |code: ErrorCode, message: String| Response::new_err(id.clone(), code as i32, message);
        match request.method.as_str() {
            "initialize" if self.initialized => refuse(
                ErrorCode::InvalidRequest,
                "the server is initialized already: `initialize` is sent once".to_string(),
            ),
            "initialize" => {
                self.initialized = true;
                Response::new_ok(id, initialized())
            }
            _ if !self.initialized => refuse(
                ErrorCode::ServerNotInitialized,
                "the server is not initialized: `initialize` comes first".to_string(),
            ),
            _ if self.shut_down => refuse(
                ErrorCode::InvalidRequest,
                "the server is shut down: only `exit` is taken".to_string(),
            ),
            "shutdown" => {
                self.shut_down = true;
                Response::new_ok(id, Value::Null)
            }
            "textDocument/hover"
            | "textDocument/definition"
            | "textDocument/completion"
            | "textDocument/formatting" => Response::new_ok(id, self.about(request)),
            other => refuse(
                ErrorCode::MethodNotFound,
                format!("`{}` is not a method this server knows", shown(other)),
            ),
        }
    }

    fn notified(&mut self, n: &Notification) {
        let uri = n.params["textDocument"]["uri"]
            .as_str()
            .unwrap_or("")
            .to_string();
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let text = n.params["textDocument"]["text"].as_str().unwrap_or("");
                self.opened(uri, text);
            }
            "textDocument/didChange" => {
                // Full sync: the last change is the whole text.
                let changes = n.params["contentChanges"].as_array();
                if let Some(text) = changes
                    .and_then(|c| c.last())
                    .and_then(|c| c["text"].as_str())
                {
                    self.opened(uri, text);
                }
            }
            "textDocument/didClose" => {
                self.documents.remove(&uri);
                self.publish(&uri, &[], "");
            }
            _ => {}
        }
    }

    /// A file opened or changed: checked, unless it is larger than a rule
    /// file may be or one file too many.
    fn opened(&mut self, uri: String, text: &str) {
        let name = file_name(&uri).to_string();
        if text.len() > MAX_FILE_BYTES {
            self.documents.remove(&uri);
            let size = format!("is {} bytes", text.len());
            let found = too_large(&name, &size).entry(&name);
            self.publish(&uri, &[found], "");
            return;
        }
        if self.documents.len() >= MAX_DOCUMENTS && !self.documents.contains_key(&uri) {
            let message = format!(
                "more than {MAX_DOCUMENTS} files are open: {name} is not checked; close some and open it again"
            );
            let found = DiagnosticEntry::new(
                "error",
                "dice::lsp::too_many_files",
                message,
                &name,
                Location::WHOLE_FILE,
            );
            self.publish(&uri, &[found], "");
            return;
        }
        self.changed(uri, text.to_string());
    }

    /// A file opened or changed: its diagnostics, the quick ones first.
    fn changed(&mut self, uri: String, text: String) {
        let name = file_name(&uri).to_string();
        let checked = Parsed::new(text.as_str()).and_then(|p| p.check_for(&Options::default()));
        let entries = match &checked {
            Ok(_) => Vec::new(),
            Err(errors) => capped(
                errors.iter().map(|e| (e as &dyn Diagnostic, "error")),
                &name,
                &text,
            ),
        };
        self.publish(&uri, &entries, &text);
        // Checked: the evaluation's findings follow, unless a newer text is
        // already waiting.
        let game = match checked {
            Ok(game) if !self.superseded(&uri) => game,
            _ => {
                let analysis = None;
                self.documents.insert(uri, Document { text, analysis });
                return;
            }
        };
        let options = Options {
            lint: true,
            max_tables: Some(crate::play::chain::CHECK_TABLES as usize),
            ..Options::default()
        };
        let (entries, analysis) = match game.analyse(&options) {
            Ok(analysis) => {
                let failures = analysis.expect_failures();
                let found = (analysis.lints.iter())
                    .map(|l| (l as &dyn Diagnostic, "warning"))
                    .chain(failures.iter().map(|f| (f as &dyn Diagnostic, "error")));
                (capped(found, &name, &text), Some(analysis))
            }
            Err(e) => (vec![entry(&e, &name, &text, "error")], None),
        };
        self.publish(&uri, &entries, &text);
        self.documents.insert(uri, Document { text, analysis });
    }

    fn publish(&mut self, uri: &str, entries: &[DiagnosticEntry], text: &str) {
        let diagnostics: Vec<Value> = entries
            .iter()
            .map(|d| {
                let mut diagnostic = json!({
                    "range": range(text, d.start, d.end),
                    "severity": match d.severity.as_str() {
                        "error" => 1,
                        "warning" => 2,
                        _ => 3,
                    },
                    "source": "dicerules",
                    "message": d.message,
                });
                if !d.code.is_empty() {
                    diagnostic["code"] = json!(d.code);
                }
                diagnostic
            })
            .collect();
        let params = json!({ "uri": uri, "diagnostics": diagnostics });
        self.send(Message::Notification(Notification::new(
            "textDocument/publishDiagnostics".to_string(),
            params,
        )));
    }

    /// The answer to a request about an open file: `null` for a file not
    /// held.
    fn about(&self, request: &Request) -> Value {
        let uri = request.params["textDocument"]["uri"].as_str().unwrap_or("");
        let Some(doc) = self.documents.get(uri) else {
            return Value::Null;
        };
        let at = offset(&doc.text, &request.params["position"]);
        match request.method.as_str() {
            "textDocument/hover" => hover(doc, at),
            "textDocument/definition" => word_at(&doc.text, at)
                .and_then(|(word, _)| declaration(&doc.text, word))
                .map_or(
                    Value::Null,
                    |(start, end)| json!({ "uri": uri, "range": range(&doc.text, start, end) }),
                ),
            "textDocument/completion" => completion(&doc.text),
            "textDocument/formatting" => formatting(&doc.text),
            _ => Value::Null,
        }
    }
}

/// The result of `initialize`: what the server does.
fn initialized() -> Value {
    json!({
        "capabilities": {
            "textDocumentSync": 1,
            "hoverProvider": true,
            "definitionProvider": true,
            "completionProvider": { "triggerCharacters": [] },
            "documentFormattingProvider": true,
        },
        "serverInfo": { "name": "dicerules", "version": env!("CARGO_PKG_VERSION") },
    })
}

/// A file's name in diagnostics: the URI's last part.
fn file_name(uri: &str) -> &str {
    uri.rsplit('/').next().unwrap_or(uri)
}

/// A name the client sent, as a message shows it: at most 80 characters,
/// control characters escaped.
fn shown(name: &str) -> String {
    let mut out = crate::suggest::escaped(&name.chars().take(80).collect::<String>());
    if name.chars().nth(80).is_some() {
        out.push('…');
    }
    out
}

/// The entries of a file's diagnostics, each with its severity: the first
/// [`MAX_SHOWN`], and a note counting the rest, as `check` shows them
/// (each entry reads the text up to its place, so that this also bounds
/// the time a file of thousands of findings takes).
fn capped<'a>(
    found: impl Iterator<Item = (&'a dyn Diagnostic, &'static str)>,
    name: &str,
    text: &str,
) -> Vec<DiagnosticEntry> {
    let mut entries = Vec::new();
    let (mut errors, mut warnings) = (0, 0);
    for (diagnostic, severity) in found {
        if entries.len() < MAX_SHOWN {
            entries.push(entry(diagnostic, name, text, severity));
        } else if severity == "error" {
            errors += 1;
        } else {
            warnings += 1;
        }
    }
    for (count, severity) in [(errors, "error"), (warnings, "warning")] {
        if count > 0 {
            let message = format!("{count} more {severity}(s) not shown");
            let note = DiagnosticEntry::new("information", "", message, name, Location::WHOLE_FILE);
            entries.push(note);
        }
    }
    entries
}

/// A bet: its exact house edge; another name: its declaration.
fn hover(doc: &Document, at: usize) -> Value {
    let Some((word, (start, end))) = word_at(&doc.text, at) else {
        return Value::Null;
    };
    let bet = (doc.analysis.as_ref()).and_then(|a| a.report.bets.iter().find(|b| b.bet == word));
    let text = if let Some(bet) = bet {
        format!(
            "**bet {word}**: house edge {} ({:.4}%), exact",
            bet.house_edge, bet.house_edge_percent
        )
    } else if let Some((s, _)) = declaration(&doc.text, word) {
        let line = doc.text[s..].lines().next().unwrap_or("");
        let line_start = doc.text[..s].rfind('\n').map_or(0, |n| n + 1);
        let whole = doc.text[line_start..].lines().next().unwrap_or(line);
        format!("```dice\n{}\n```", whole.trim())
    } else if let Some(b) = crate::program::builtin::Builtin::named(word) {
        format!("built-in `{}`", b.name())
    } else {
        return Value::Null;
    };
    json!({
        "contents": { "kind": "markdown", "value": text },
        "range": range(&doc.text, start, end),
    })
}

/// Keywords, built-ins, figures and the file's own names.
fn completion(text: &str) -> Value {
    const KEYWORDS: &[&str] = &[
        "game", "param", "outcomes", "hands", "table", "columns", "round", "throw", "draw",
        "until", "let", "set", "if", "else", "end", "compare", "repeat", "choose", "from", "by",
        "shoe", "with", "bet", "on", "win", "lose", "push", "to", "less", "expect", "claim", "and",
        "or", "not", "is", "in", "mod", "true", "false", "higher", "equal", "lower", "banking",
        "at", "knowing",
    ];
    let mut items: Vec<Value> = KEYWORDS
        .iter()
        .map(|k| json!({ "label": k, "kind": 14, "detail": "keyword" }))
        .collect();
    for b in crate::program::builtin::Builtin::ALL {
        items.push(json!({ "label": b.name(), "kind": 3, "detail": "built-in" }));
    }
    for (name, _) in crate::program::Figure::ALL {
        items.push(json!({ "label": name, "kind": 3, "detail": "figure of `expect` and `claim`" }));
    }
    let mut names: Vec<&str> = declared(text).into_iter().map(|(w, ..)| w).collect();
    names.sort_unstable();
    names.dedup();
    for name in names {
        items.push(json!({ "label": name, "kind": 6, "detail": "declared in this file" }));
    }
    Value::Array(items)
}

/// The whole file laid out by `dicerules fmt`, as one edit; none for a
/// file with syntax errors or one that opts out.
fn formatting(text: &str) -> Value {
    if crate::syntax::format::skipped(text) {
        return json!([]);
    }
    let (tree, errors) = crate::syntax::parse(text);
    if !errors.is_empty() {
        return Value::Null;
    }
    let formatted = crate::syntax::format::format(&tree, text);
    if formatted == text || !crate::syntax::format::keeps_tree(&tree, &formatted) {
        return json!([]);
    }
    json!([{ "range": range(text, 0, text.len()), "newText": formatted }])
}

/// The names the file declares, each with where it is written.
fn declared(text: &str) -> Vec<(&str, usize, usize)> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let indent = line.len() - trimmed.len();
        let mut words = trimmed.split(|c: char| !(c.is_alphanumeric() || c == '_'));
        let first = words.next().unwrap_or("");
        let declares = [
            "param", "throw", "draw", "let", "bet", "hands", "table", "shoe", "choose",
        ];
        if declares.contains(&first) {
            let rest = &trimmed[first.len()..];
            let name_at = rest.len() - rest.trim_start().len();
            let name: &str = rest
                .trim_start()
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()
                .unwrap_or("");
            if !name.is_empty() {
                let start = offset + indent + first.len() + name_at;
                out.push((name, start, start + name.len()));
            }
        } else if first == "outcomes" {
            let list = &trimmed[first.len()..];
            let base = offset + indent + first.len();
            let mut at = 0;
            for part in list.split(',') {
                let name = part.trim();
                let lead = part.len() - part.trim_start().len();
                if !name.is_empty() && !name.starts_with("//") {
                    let name = name.split_whitespace().next().unwrap_or(name);
                    out.push((name, base + at + lead, base + at + lead + name.len()));
                }
                at += part.len() + 1;
            }
        }
        offset += line.len();
    }
    out
}

/// Where `word` is declared.
fn declaration(text: &str, word: &str) -> Option<(usize, usize)> {
    declared(text)
        .into_iter()
        .find(|(w, ..)| *w == word)
        .map(|(_, s, e)| (s, e))
}

/// The name at byte `at`, with its span.
fn word_at(text: &str, at: usize) -> Option<(&str, (usize, usize))> {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    let at = at.min(text.len());
    let start = text[..at]
        .char_indices()
        .rev()
        .take_while(|&(_, c)| is_word(c))
        .last()
        .map_or(at, |(i, _)| i);
    let end = text[at..]
        .char_indices()
        .find(|&(_, c)| !is_word(c))
        .map_or(text.len(), |(i, _)| at + i);
    (end > start).then(|| (&text[start..end], (start, end)))
}

/// The byte offset of an LSP position (a line, and UTF-16 units in it).
fn offset(text: &str, position: &Value) -> usize {
    let line = position["line"].as_u64().unwrap_or(0) as usize;
    let character = position["character"].as_u64().unwrap_or(0) as usize;
    let start: usize = text.split_inclusive('\n').take(line).map(str::len).sum();
    let mut units = 0;
    for (i, c) in text[start.min(text.len())..].char_indices() {
        if units >= character || c == '\n' {
            return start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The LSP range of bytes `start..end`: lines from 0, UTF-16 units.
fn range(text: &str, start: usize, end: usize) -> Value {
    json!({ "start": position(text, start), "end": position(text, end) })
}

fn position(text: &str, at: usize) -> Value {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count();
    let line_start = before.rfind('\n').map_or(0, |n| n + 1);
    let character: usize = before[line_start..].chars().map(char::len_utf16).sum();
    json!({ "line": line, "character": character })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_utf16_units() {
        let text = "a\n♠x\n";
        assert_eq!(position(text, 5), json!({"line": 1, "character": 1}));
        assert_eq!(offset(text, &json!({"line": 1, "character": 1})), 5);
        assert_eq!(word_at("bet player {", 6), Some(("player", (4, 10))));
        let decl = declared("outcomes won, lost\nbet player {\n");
        assert_eq!(
            decl,
            vec![("won", 9, 12), ("lost", 14, 18), ("player", 23, 29)]
        );
    }
}
