//! `dicerules lsp`: a language server over standard input and output
//! (lsp-server, rust-analyzer's transport). Each open file is checked as it
//! changes: its syntax and check errors are published at once, then, once
//! the round is evaluated (within `check`'s limits), its lint findings and
//! failed `expect` lines. A text that a later change already waiting in the
//! queue replaces is not evaluated: typing into a file that takes a while
//! costs one stale evaluation at most, not one a keystroke. Hover on a bet
//! gives its exact house edge, on a name its declaration; go to definition finds that declaration;
//! completion offers keywords, built-ins and the file's names; formatting
//! is `dicerules fmt`'s.

use std::collections::{HashMap, VecDeque};
use std::sync::mpsc;
use std::time::Duration;

use lsp_server::{Connection, Message, Notification, Request, Response};
use serde_json::{json, Value};

use super::diagnostics::entry;
use super::exit;
use crate::report::DiagnosticEntry;
use crate::{Analysis, Options, Parsed};

/// Runs the server until the client says `exit`.
pub fn run() -> u8 {
    let (connection, threads) = Connection::stdio();
    let capabilities = json!({
        "textDocumentSync": 1,
        "hoverProvider": true,
        "definitionProvider": true,
        "completionProvider": { "triggerCharacters": [] },
        "documentFormattingProvider": true,
    });
    if connection.initialize(capabilities).is_err() {
        return exit::INPUT;
    }
    // lsp-server hands its messages over one at a time (a rendezvous
    // channel): a thread of ours takes each as it arrives, so that what the
    // client has sent is all in the inbox while an evaluation runs.
    let (forward, inbox) = mpsc::channel();
    let incoming = connection.receiver.clone();
    std::thread::spawn(move || {
        for message in incoming {
            if forward.send(message).is_err() {
                break;
            }
        }
    });
    let mut server = Server {
        connection: &connection,
        inbox,
        documents: HashMap::new(),
        pending: VecDeque::new(),
    };
    let served = server.serve();
    drop(connection);
    let joined = threads.join();
    match (served, joined) {
        (Ok(()), Ok(())) => exit::OK,
        _ => exit::INPUT,
    }
}

struct Server<'c> {
    connection: &'c Connection,
    /// The client's messages, as they arrive.
    inbox: mpsc::Receiver<Message>,
    /// Each open file's text, by URI.
    documents: HashMap<String, Document>,
    /// Messages read ahead of the one being handled, in order.
    pending: VecDeque<Message>,
}

struct Document {
    text: String,
    /// The last analysis of the text, when it checked.
    analysis: Option<Analysis>,
}

impl Server<'_> {
    fn serve(&mut self) -> Result<(), String> {
        while let Some(message) = self.next() {
            match message {
                Message::Request(request) if request.method == "shutdown" => {
                    let done = Response::new_ok(request.id.clone(), Value::Null);
                    self.send(Message::Response(done));
                    // Then `exit`, as lsp-server's own handling waits for it.
                    let exit = self.pending.pop_front().or_else(|| {
                        let within = Duration::from_secs(30);
                        self.inbox.recv_timeout(within).ok()
                    });
                    return match exit {
                        Some(Message::Notification(n)) if n.method == "exit" => Ok(()),
                        other => Err(format!("not `exit` after `shutdown`: {other:?}")),
                    };
                }
                Message::Request(request) => {
                    let response = self.answer(&request);
                    self.send(Message::Response(response));
                }
                Message::Notification(n) => self.notified(&n),
                Message::Response(_) => {}
            }
        }
        Ok(())
    }

    /// The next message: one read ahead first, else one from the client.
    fn next(&mut self) -> Option<Message> {
        self.pending.pop_front().or_else(|| self.inbox.recv().ok())
    }

    /// Whether a change or close of `uri` is already waiting, which would
    /// make this text's evaluation stale before it is published. Reads
    /// ahead whatever the client has sent; nothing is handled out of order.
    fn superseded(&mut self, uri: &str) -> bool {
        while let Ok(message) = self.inbox.try_recv() {
            self.pending.push_back(message);
        }
        self.pending.iter().any(|m| {
            matches!(m, Message::Notification(n)
                if matches!(n.method.as_str(), "textDocument/didChange" | "textDocument/didClose")
                    && n.params["textDocument"]["uri"].as_str() == Some(uri))
        })
    }

    fn send(&self, message: Message) {
        let _ = self.connection.sender.send(message);
    }

    fn notified(&mut self, n: &Notification) {
        let uri = n.params["textDocument"]["uri"]
            .as_str()
            .unwrap_or("")
            .to_string();
        match n.method.as_str() {
            "textDocument/didOpen" => {
                let text = n.params["textDocument"]["text"].as_str().unwrap_or("");
                self.changed(uri, text.to_string());
            }
            "textDocument/didChange" => {
                // Full sync: the last change is the whole text.
                let changes = n.params["contentChanges"].as_array();
                if let Some(text) = changes
                    .and_then(|c| c.last())
                    .and_then(|c| c["text"].as_str())
                {
                    self.changed(uri, text.to_string());
                }
            }
            "textDocument/didClose" => {
                self.documents.remove(&uri);
                self.publish(&uri, &[], "");
            }
            _ => {}
        }
    }

    /// A file opened or changed: its diagnostics, the quick ones first.
    fn changed(&mut self, uri: String, text: String) {
        let name = uri.rsplit('/').next().unwrap_or(&uri).to_string();
        let checked = Parsed::new(text.as_str()).and_then(|p| p.check_for(&Options::default()));
        let entries: Vec<DiagnosticEntry> = match &checked {
            Ok(_) => Vec::new(),
            Err(errors) => (errors.iter())
                .map(|e| entry(e, &name, &text, "error"))
                .collect(),
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
                let mut entries: Vec<DiagnosticEntry> = (analysis.lints.iter())
                    .map(|l| entry(l, &name, &text, "warning"))
                    .collect();
                entries.extend(
                    (analysis.expect_failures().iter()).map(|f| entry(f, &name, &text, "error")),
                );
                (entries, Some(analysis))
            }
            Err(e) => (vec![entry(&e, &name, &text, "error")], None),
        };
        self.publish(&uri, &entries, &text);
        self.documents.insert(uri, Document { text, analysis });
    }

    fn publish(&self, uri: &str, entries: &[DiagnosticEntry], text: &str) {
        let diagnostics: Vec<Value> = entries
            .iter()
            .map(|d| {
                json!({
                    "range": range(text, d.start, d.end),
                    "severity": if d.severity == "warning" { 2 } else { 1 },
                    "code": d.code,
                    "source": "dicerules",
                    "message": d.message,
                })
            })
            .collect();
        let params = json!({ "uri": uri, "diagnostics": diagnostics });
        self.send(Message::Notification(Notification::new(
            "textDocument/publishDiagnostics".to_string(),
            params,
        )));
    }

    fn answer(&self, request: &Request) -> Response {
        let uri = request.params["textDocument"]["uri"].as_str().unwrap_or("");
        let Some(doc) = self.documents.get(uri) else {
            return Response::new_ok(request.id.clone(), Value::Null);
        };
        let at = offset(&doc.text, &request.params["position"]);
        let result = match request.method.as_str() {
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
        };
        Response::new_ok(request.id.clone(), result)
    }
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
