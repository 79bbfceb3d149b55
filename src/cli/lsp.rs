//! `dicerules lsp`: a language server over standard input and output.
//! Each open file is parsed and checked as it changes, and its syntax and
//! check errors published at once; its evaluation (within `check`'s
//! limits) runs on a thread of its own ([`worker`]), and its lint findings
//! and failed `expect` lines follow when it ends. Every publication
//! carries the version of the text it is about. A change (or a close, or
//! `shutdown`) cancels the file's evaluation running and replaces its text
//! waiting: typing into a file that takes a while never waits for a stale
//! evaluation, and its findings are never published.
//!
//! Meanwhile the server answers from the file's last syntax tree
//! ([`names`]) and last finished evaluation: hover (a figure of an
//! `expect` or `claim` line, its value; a bet, its exact house edge; a
//! name, its declaration; a built-in), go to definition, references,
//! rename (refused for a new name that is not one, or one taken), document
//! symbols, completion (keywords, built-ins, figures, the file's names),
//! and formatting as `dicerules fmt` does it. Requests and notifications
//! are lsp-types' types; a method not served gets MethodNotFound.
//!
//! Messages are read by [`frame`], with bounds, on a thread of ours, and
//! handed over through a bounded queue, which the worker's results share.
//! What the client sends is bounded as the command line's input is: a text
//! over 256 KiB is not checked (one diagnostic says so), at most
//! [`MAX_SHOWN`] diagnostics are published for a file, at most
//! [`MAX_DOCUMENTS`] files are held. A message that cannot be read ends
//! the server with a diagnostic on stderr and exit 2.

mod frame;
mod names;
mod requests;
mod text;
mod worker;

use std::collections::HashMap;
use std::io::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use lsp_server::{ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Exit, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, Initialize,
    PrepareRenameRequest, References, Rename, Request as _, Shutdown,
};
use lsp_types::{
    CompletionOptions, CompletionResponse, DiagnosticSeverity, DocumentSymbolResponse,
    HoverProviderCapability, InitializeParams, InitializeResult, NumberOrString, OneOf,
    PublishDiagnosticsParams, RenameOptions, ServerCapabilities, ServerInfo,
    TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use miette::Diagnostic;
use serde::de::DeserializeOwned;

use super::diagnostics::{entry, render, MAX_SHOWN};
use super::exit;
use super::input::{too_large, MAX_FILE_BYTES};
use super::output::Stop;
use crate::ast;
use crate::report::{DiagnosticEntry, Location};
use crate::{Options, Parsed};
use names::Names;
use text::Lines;
use worker::{Evaluated, Figures, Job, Worker};

/// The most messages waiting at once in the queue from the reading thread
/// (and the worker). Each is at most [`frame::MAX_BODY`] bytes; a client
/// sending faster than the server handles waits.
pub const MAX_QUEUED: usize = 16;

/// The most open files held; a file opened past them gets one diagnostic
/// saying so, and is neither held nor checked.
pub const MAX_DOCUMENTS: usize = 256;

/// How long the server may take to end after `exit` arrives before the
/// reading thread ends it.
const GRACE: Duration = Duration::from_secs(1);

/// The exit code after `exit` (or the end of input) without `shutdown`
/// first, as the protocol says.
const NOT_SHUT_DOWN: u8 = 1;

/// Whether the client has asked for `shutdown`, as the reading thread saw it.
static SHUTDOWN_SENT: AtomicBool = AtomicBool::new(false);

/// What the server's inbox holds.
enum Incoming {
    Message(Message),
    /// A message that could not be read: the last.
    Failed(frame::FrameError),
    /// An evaluation the worker finished.
    Evaluated(Box<Evaluated>),
}

/// Runs the server until the client says `exit`; returns the exit code.
pub fn run() -> u8 {
    let (forward, inbox) = mpsc::sync_channel(MAX_QUEUED);
    let worker = Worker::spawn(forward.clone());
    std::thread::spawn(move || read_all(&forward));
    let mut server = Server {
        inbox,
        worker,
        documents: HashMap::new(),
        serial: 0,
        initialized: false,
        prepare_rename: false,
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
                let exit = matches!(&message, Message::Notification(n) if n.method == Exit::METHOD);
                if matches!(&message, Message::Request(r) if r.method == Shutdown::METHOD) {
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

/// An open file: its text, syntax tree and names, and the figures of its
/// last finished evaluation.
pub struct Document {
    uri: Uri,
    /// The client's version of the text.
    version: i32,
    /// The server's number for the text, which an evaluation carries.
    serial: u64,
    text: String,
    /// The syntax tree: the items that parsed.
    tree: ast::File,
    /// Whether the text has syntax errors.
    broken: bool,
    names: Names,
    /// The figures of the last evaluation that finished, of this text or
    /// an earlier one.
    figures: Option<Figures>,
}

struct Server {
    /// The client's messages, and the worker's results, as they arrive.
    inbox: mpsc::Receiver<Incoming>,
    worker: Worker,
    /// Each open file, by URI.
    documents: HashMap<Uri, Document>,
    /// The last text's number.
    serial: u64,
    /// `initialize` answered.
    initialized: bool,
    /// The client can ask whether a rename is possible first.
    prepare_rename: bool,
    /// `shutdown` answered: only `exit` is taken.
    shut_down: bool,
    /// A write to stdout that failed: the server ends with it.
    failed: Option<Stop>,
}

/// A request refused: its error code and message.
type Refusal = (ErrorCode, String);

impl Server {
    fn serve(&mut self) -> u8 {
        loop {
            if let Some(stop) = self.failed.take() {
                return stop.exit_code(exit::INPUT);
            }
            let message = match self.inbox.recv().ok() {
                None if self.shut_down => return exit::OK,
                None => return NOT_SHUT_DOWN,
                Some(Incoming::Failed(e)) => {
                    let shown = e.shown().to_string();
                    let _ = std::io::stderr().write_all(render(e, "<stdin>", &shown).as_bytes());
                    return exit::INPUT;
                }
                Some(Incoming::Evaluated(done)) => {
                    self.evaluated(*done);
                    continue;
                }
                Some(Incoming::Message(message)) => message,
            };
            match message {
                Message::Request(request) => {
                    let response = self.answer(request);
                    self.send(Message::Response(response));
                }
                Message::Notification(n) if n.method == Exit::METHOD => {
                    return if self.shut_down {
                        exit::OK
                    } else {
                        NOT_SHUT_DOWN
                    };
                }
                Message::Notification(n) if self.initialized && !self.shut_down => {
                    self.notified(n);
                }
                Message::Notification(_) | Message::Response(_) => {}
            }
        }
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
    fn answer(&mut self, request: Request) -> Response {
        let id = request.id.clone();
        let refuse = |(code, message): Refusal| Response::new_err(id.clone(), code as i32, message);
        match request.method.as_str() {
            Initialize::METHOD if self.initialized => refuse((
                ErrorCode::InvalidRequest,
                "the server is initialized already: `initialize` is sent once".to_string(),
            )),
            Initialize::METHOD => {
                self.initialized = true;
                // The client's capabilities are read where they parse; the
                // server starts whatever they say.
                let params = serde_json::from_value::<InitializeParams>(request.params).ok();
                self.prepare_rename = params
                    .and_then(|p| p.capabilities.text_document?.rename?.prepare_support)
                    .unwrap_or(false);
                Response::new_ok(id, initialized(self.prepare_rename))
            }
            _ if !self.initialized => refuse((
                ErrorCode::ServerNotInitialized,
                "the server is not initialized: `initialize` comes first".to_string(),
            )),
            _ if self.shut_down => refuse((
                ErrorCode::InvalidRequest,
                "the server is shut down: only `exit` is taken".to_string(),
            )),
            Shutdown::METHOD => {
                self.shut_down = true;
                self.worker.cancel_all();
                Response::new_ok(id, ())
            }
            HoverRequest::METHOD => self.about::<HoverRequest>(request, |doc, p| {
                Ok(requests::hover(
                    doc,
                    p.text_document_position_params.position,
                ))
            }),
            GotoDefinition::METHOD => self.about::<GotoDefinition>(request, |doc, p| {
                Ok(requests::definition(
                    doc,
                    p.text_document_position_params.position,
                ))
            }),
            Completion::METHOD => self.about::<Completion>(request, |doc, _| {
                Ok(Some(CompletionResponse::Array(requests::completion(doc))))
            }),
            Formatting::METHOD => {
                self.about::<Formatting>(request, |doc, _| Ok(requests::formatting(doc)))
            }
            DocumentSymbolRequest::METHOD => self
                .about::<DocumentSymbolRequest>(request, |doc, _| {
                    Ok(Some(DocumentSymbolResponse::Nested(requests::symbols(doc))))
                }),
            References::METHOD => self.about::<References>(request, |doc, p| {
                let at = p.text_document_position.position;
                let declarations = p.context.include_declaration;
                Ok(Some(requests::references(doc, at, declarations)))
            }),
            PrepareRenameRequest::METHOD => {
                self.about::<PrepareRenameRequest>(request, |doc, p| {
                    requests::prepare_rename(doc, p.position)
                        .map_err(|why| (ErrorCode::RequestFailed, why))
                })
            }
            Rename::METHOD => self.about::<Rename>(request, |doc, p| {
                let at = p.text_document_position.position;
                match requests::rename(doc, at, &p.new_name) {
                    Ok(edit) => Ok(Some(edit)),
                    Err(why) => Err((ErrorCode::InvalidParams, why)),
                }
            }),
            other => refuse((
                ErrorCode::MethodNotFound,
                format!("`{}` is not a method this server knows", shown(other)),
            )),
        }
    }

    /// The response to a request `R` about an open file: `answer` given
    /// the file and the request's parameters; `null` for a file not held.
    fn about<R>(
        &self,
        request: Request,
        answer: impl FnOnce(&Document, R::Params) -> Result<R::Result, Refusal>,
    ) -> Response
    where
        R: lsp_types::request::Request,
        R::Params: DeserializeOwned + AboutFile,
    {
        let id: RequestId = request.id;
        let params: R::Params = match serde_json::from_value(request.params) {
            Ok(params) => params,
            Err(e) => {
                let message = format!("the parameters of `{}` do not parse: {e}", R::METHOD);
                return Response::new_err(id, ErrorCode::InvalidParams as i32, message);
            }
        };
        let Some(doc) = self.documents.get(params.uri()) else {
            return Response::new_ok(id, ());
        };
        match answer(doc, params) {
            Ok(result) => Response::new_ok(id, result),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn notified(&mut self, n: Notification) {
        fn params<P: DeserializeOwned>(n: Notification) -> Option<P> {
            serde_json::from_value(n.params).ok()
        }
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidOpenTextDocumentParams>(n) {
                    let doc = p.text_document;
                    self.opened(doc.uri, doc.version, doc.text);
                }
            }
            DidChangeTextDocument::METHOD => {
                // Full sync: the last change is the whole text.
                if let Some(mut p) = params::<lsp_types::DidChangeTextDocumentParams>(n) {
                    if let Some(change) = p.content_changes.pop() {
                        let doc = p.text_document;
                        self.opened(doc.uri, doc.version, change.text);
                    }
                }
            }
            DidCloseTextDocument::METHOD => {
                if let Some(p) = params::<lsp_types::DidCloseTextDocumentParams>(n) {
                    let uri = p.text_document.uri;
                    self.worker.cancel(&uri);
                    self.documents.remove(&uri);
                    self.publish(&uri, None, &[], "");
                }
            }
            _ => {}
        }
    }

    /// A file opened or changed: checked, unless it is larger than a rule
    /// file may be or one file too many.
    fn opened(&mut self, uri: Uri, version: i32, text: String) {
        let name = file_name(&uri).to_string();
        if text.len() > MAX_FILE_BYTES {
            self.worker.cancel(&uri);
            self.documents.remove(&uri);
            let size = format!("is {} bytes", text.len());
            let found = too_large(&name, &size).entry(&name);
            self.publish(&uri, Some(version), &[found], "");
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
            self.publish(&uri, Some(version), &[found], "");
            return;
        }
        self.changed(uri, version, text);
    }

    /// A file opened or changed: its syntax tree and names, its syntax and
    /// check errors published, and its evaluation queued.
    fn changed(&mut self, uri: Uri, version: i32, text: String) {
        let name = file_name(&uri).to_string();
        self.serial += 1;
        let serial = self.serial;
        let (tree, syntax) = crate::syntax::parse(&text);
        let broken = !syntax.is_empty();
        let checked = if broken {
            Err(syntax.into_iter().map(crate::Error::from).collect())
        } else {
            let parsed = Parsed {
                source: text.clone(),
                file: tree.clone(),
            };
            parsed.check_for(&Options::default())
        };
        let entries = match &checked {
            Ok(_) => Vec::new(),
            Err(errors) => capped(
                errors.iter().map(|e| (e as &dyn Diagnostic, "error")),
                &name,
                &text,
            ),
        };
        self.publish(&uri, Some(version), &entries, &text);
        match checked {
            Ok(game) => {
                let job = Job {
                    uri: uri.clone(),
                    serial,
                    name,
                    game,
                };
                self.worker.submit(job, version);
            }
            Err(_) => self.worker.cancel(&uri),
        }
        let figures = self.documents.remove(&uri).and_then(|d| d.figures);
        let names = Names::of(&tree);
        let doc = Document {
            uri: uri.clone(),
            version,
            serial,
            text,
            tree,
            broken,
            names,
            figures,
        };
        self.documents.insert(uri, doc);
    }

    /// An evaluation finished: its findings published, and its figures
    /// kept, if the file still has the text evaluated.
    fn evaluated(&mut self, done: Evaluated) {
        if self.shut_down {
            return;
        }
        let Some(doc) = self.documents.get_mut(&done.uri) else {
            return;
        };
        if doc.serial != done.serial {
            return;
        }
        if done.figures.is_some() {
            doc.figures = done.figures;
        }
        let (version, text) = (doc.version, doc.text.clone());
        self.publish(&done.uri, Some(version), &done.entries, &text);
    }

    /// Publishes a file's diagnostics, about the text of `version`.
    fn publish(
        &mut self,
        uri: &Uri,
        version: Option<i32>,
        entries: &[DiagnosticEntry],
        text: &str,
    ) {
        let lines = Lines::new(text);
        let diagnostics = entries
            .iter()
            .map(|d| lsp_types::Diagnostic {
                range: lines.range(ast::Span::new(d.start, d.end)),
                severity: Some(match d.severity.as_str() {
                    "error" => DiagnosticSeverity::ERROR,
                    "warning" => DiagnosticSeverity::WARNING,
                    _ => DiagnosticSeverity::INFORMATION,
                }),
                code: (!d.code.is_empty()).then(|| NumberOrString::String(d.code.clone())),
                source: Some("dicerules".to_string()),
                message: d.message.clone(),
                ..lsp_types::Diagnostic::default()
            })
            .collect();
        let params = PublishDiagnosticsParams::new(uri.clone(), diagnostics, version);
        self.send(Message::Notification(Notification::new(
            PublishDiagnostics::METHOD.to_string(),
            params,
        )));
    }
}

/// The parameters of a request about one file: which file.
trait AboutFile {
    fn uri(&self) -> &Uri;
}

macro_rules! about_file {
    ($($params:ty => $($field:ident).+;)*) => {
        $(impl AboutFile for $params {
            fn uri(&self) -> &Uri {
                &self.$($field).+.uri
            }
        })*
    };
}

about_file! {
    lsp_types::HoverParams => text_document_position_params.text_document;
    lsp_types::GotoDefinitionParams => text_document_position_params.text_document;
    lsp_types::CompletionParams => text_document_position.text_document;
    lsp_types::DocumentFormattingParams => text_document;
    lsp_types::DocumentSymbolParams => text_document;
    lsp_types::ReferenceParams => text_document_position.text_document;
    lsp_types::TextDocumentPositionParams => text_document;
    lsp_types::RenameParams => text_document_position.text_document;
}

/// The result of `initialize`: what the server does.
fn initialized(prepare_rename: bool) -> InitializeResult {
    let rename = if prepare_rename {
        OneOf::Right(RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })
    } else {
        OneOf::Left(true)
    };
    InitializeResult {
        capabilities: ServerCapabilities {
            text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
            hover_provider: Some(HoverProviderCapability::Simple(true)),
            definition_provider: Some(OneOf::Left(true)),
            completion_provider: Some(CompletionOptions::default()),
            document_formatting_provider: Some(OneOf::Left(true)),
            document_symbol_provider: Some(OneOf::Left(true)),
            references_provider: Some(OneOf::Left(true)),
            rename_provider: Some(rename),
            ..ServerCapabilities::default()
        },
        server_info: Some(ServerInfo {
            name: "dicerules".to_string(),
            version: Some(env!("CARGO_PKG_VERSION").to_string()),
        }),
    }
}

/// A file's name in diagnostics: the URI's last part.
fn file_name(uri: &Uri) -> &str {
    let uri = uri.as_str();
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

/// An `expect` or `claim` line's figure as written, with its `with` and
/// `at`: what tells its value in one evaluation from another's.
fn figure_key(
    text: &str,
    quantity: &ast::Quantity,
    with: &Option<ast::With>,
    at: &Option<ast::At>,
) -> String {
    let part = |span: ast::Span| text.get(span.start..span.end).unwrap_or("");
    let mut key = part(quantity.span).to_string();
    for span in [with.as_ref().map(|w| w.span), at.as_ref().map(|a| a.span)] {
        key.push('\n');
        key.push_str(span.map_or("", part));
    }
    key
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
