//! The Language Server Protocol's framing, read with bounds: a message is
//! header lines (`Content-Length: N`), an empty line, and a body of exactly
//! `N` bytes of JSON-RPC.
//!
//! Nothing the client announces is trusted before it is checked: a header
//! line is at most [`MAX_HEADER_LINE`] bytes, a message has at most
//! [`MAX_HEADERS`] of them, and a body at most [`MAX_BODY`] bytes, which is
//! what a document at the command line's bound (256 KiB) takes with every
//! byte escaped by JSON. The body is read as it comes, never allocated at
//! the size announced before it is checked. A frame that breaks a bound or
//! does not parse is a [`FrameError`]: the session cannot go on (where the
//! next message begins is unknown), so the server ends with it, exit 2.

use std::io::{BufRead, ErrorKind, Read};

use lsp_server::Message;
use miette::Diagnostic;
use thiserror::Error;

use super::super::input::MAX_FILE_BYTES;
use crate::ast::Span;

/// The longest header line, in bytes, its end included. The protocol's
/// headers are `Content-Length` and `Content-Type`, some 50 bytes.
pub const MAX_HEADER_LINE: usize = 1024;

/// The most header lines of one message (the protocol defines two).
pub const MAX_HEADERS: usize = 16;

/// The longest body, in bytes: a document of [`MAX_FILE_BYTES`] written
/// with every byte escaped (`\u0000`, six bytes a byte), and 64 KiB for the
/// rest of the message. A larger document gets its own diagnostic
/// (`dice::input::too_large`) as long as its message fits here.
pub const MAX_BODY: usize = 6 * MAX_FILE_BYTES + (64 << 10);

/// A message from the client the server cannot read. Each is shown against
/// the header line (or the start of the body) it is about.
#[derive(Debug, Error, Diagnostic)]
pub enum FrameError {
    /// A header line longer than [`MAX_HEADER_LINE`] bytes (never held
    /// whole).
    #[error("a header line of a message is longer than {MAX_HEADER_LINE} bytes")]
    #[diagnostic(
        code(dice::lsp::header),
        help("a message starts with `Content-Length: N`, a blank line, then N bytes of JSON")
    )]
    LongHeader {
        /// The line's start.
        shown: String,
        #[label("this line")]
        span: Span,
    },
    /// More than [`MAX_HEADERS`] header lines before the blank line.
    #[error("a message has more than {MAX_HEADERS} header lines")]
    #[diagnostic(
        code(dice::lsp::header),
        help("a message starts with `Content-Length: N`, a blank line, then N bytes of JSON")
    )]
    ManyHeaders {
        /// The last line read.
        shown: String,
        #[label("the {}th", MAX_HEADERS + 1)]
        span: Span,
    },
    /// A header line that is not `Name: value` in UTF-8, or a
    /// `Content-Length` that is not a number.
    #[error("{what}")]
    #[diagnostic(
        code(dice::lsp::header),
        help("a message starts with `Content-Length: N`, a blank line, then N bytes of JSON")
    )]
    Malformed {
        what: &'static str,
        /// The line, escaped.
        shown: String,
        #[label("here")]
        span: Span,
    },
    /// Headers without a `Content-Length`.
    #[error("a message has no `Content-Length` header")]
    #[diagnostic(
        code(dice::lsp::header),
        help("a message starts with `Content-Length: N`, a blank line, then N bytes of JSON")
    )]
    NoLength,
    /// A `Content-Length` over [`MAX_BODY`].
    #[error("a message announces {length} bytes: a message may be at most {MAX_BODY} bytes")]
    #[diagnostic(
        code(dice::lsp::too_large),
        help(
            "a rule file may be at most {} KiB, which a message of {MAX_BODY} bytes holds however it is escaped",
            MAX_FILE_BYTES >> 10
        )
    )]
    TooLarge {
        /// The length announced, as written.
        length: String,
        /// The header line.
        shown: String,
        #[label("at most {MAX_BODY}")]
        span: Span,
    },
    /// The input ended inside a message's headers (the client went away).
    #[error("the input ended inside a message's headers")]
    #[diagnostic(code(dice::lsp::truncated))]
    EndedInHeaders,
    /// The input ended inside a message's body (the client went away).
    #[error("the input ended inside a message, {got} of its {length} bytes read")]
    #[diagnostic(code(dice::lsp::truncated))]
    Truncated { got: usize, length: usize },
    /// A body that is not a JSON-RPC message (not JSON, not UTF-8, or JSON
    /// that is neither a request, a response nor a notification).
    #[error("a message is not JSON-RPC: {why}")]
    #[diagnostic(code(dice::lsp::not_json_rpc))]
    NotJsonRpc {
        why: String,
        /// The body's start, escaped.
        shown: String,
        #[label("this message")]
        span: Span,
    },
    /// Reading standard input failed.
    #[error("cannot read standard input: {0}")]
    #[diagnostic(code(dice::lsp::unreadable))]
    Unreadable(std::io::Error),
}

impl FrameError {
    /// The text the diagnostic's labels point into.
    pub fn shown(&self) -> &str {
        match self {
            FrameError::LongHeader { shown, .. }
            | FrameError::ManyHeaders { shown, .. }
            | FrameError::Malformed { shown, .. }
            | FrameError::TooLarge { shown, .. }
            | FrameError::NotJsonRpc { shown, .. } => shown,
            FrameError::NoLength
            | FrameError::EndedInHeaders
            | FrameError::Truncated { .. }
            | FrameError::Unreadable(_) => "",
        }
    }
}

/// The most bytes of a line or body shown in a diagnostic.
const SHOWN: usize = 80;

/// `bytes` as a diagnostic shows them: at most [`SHOWN`] of them, control
/// characters and bytes that are not UTF-8 escaped.
fn shown(bytes: &[u8]) -> String {
    let cut = &bytes[..bytes.len().min(SHOWN)];
    let mut out = crate::suggest::escaped(&String::from_utf8_lossy(cut));
    if bytes.len() > SHOWN {
        out.push('…');
    }
    out
}

/// A diagnostic's text and the span of all of it.
fn whole(bytes: &[u8]) -> (String, Span) {
    let shown = shown(bytes);
    let span = Span::new(0, shown.len());
    (shown, span)
}

/// One header line, its end (`\r\n`, or `\n`) left out; `None` at the end
/// of input before any byte. A line longer than [`MAX_HEADER_LINE`] is an
/// error once its first bytes past the bound are read.
fn header_line(input: &mut dyn BufRead) -> Result<Option<Vec<u8>>, FrameError> {
    let mut line = Vec::new();
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(FrameError::Unreadable(e)),
        };
        if buf.is_empty() {
            if line.is_empty() {
                return Ok(None);
            }
            return Err(FrameError::EndedInHeaders);
        }
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if line.len() + chunk.len() + 1 > MAX_HEADER_LINE {
            let room = MAX_HEADER_LINE.saturating_sub(line.len());
            line.extend_from_slice(&chunk[..room.min(chunk.len())]);
            let (shown, span) = whole(&line);
            return Err(FrameError::LongHeader { shown, span });
        }
        line.extend_from_slice(chunk);
        let used = newline.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Some(line));
        }
    }
}

/// The body length a message's headers announce.
fn headers(input: &mut dyn BufRead) -> Result<Option<usize>, FrameError> {
    let mut length = None;
    let mut count = 0;
    loop {
        let Some(line) = header_line(input)? else {
            if count == 0 {
                return Ok(None);
            }
            return Err(FrameError::EndedInHeaders);
        };
        if line.is_empty() {
            // Blank lines before the first header are tolerated, as
            // between messages.
            if count == 0 {
                continue;
            }
            break;
        }
        count += 1;
        if count > MAX_HEADERS {
            let (shown, span) = whole(&line);
            return Err(FrameError::ManyHeaders { shown, span });
        }
        let malformed = |what| {
            let (shown, span) = whole(&line);
            FrameError::Malformed { what, shown, span }
        };
        let text =
            std::str::from_utf8(&line).map_err(|_| malformed("a header line is not UTF-8"))?;
        let Some((name, value)) = text.split_once(':') else {
            return Err(malformed("a header line is not `Name: value`"));
        };
        if !name.trim().eq_ignore_ascii_case("Content-Length") {
            continue;
        }
        let value = value.trim();
        if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed("`Content-Length` is not a number of bytes"));
        }
        match value.parse::<usize>() {
            Ok(n) if n <= MAX_BODY => length = Some(n),
            // Past the bound, or past what a number of bytes can be.
            _ => {
                let (shown, _) = whole(&line);
                let at = shown.find(value).unwrap_or(0);
                let span = Span::new(at, (at + value.len()).min(shown.len()));
                return Err(FrameError::TooLarge {
                    length: value.to_string(),
                    shown,
                    span,
                });
            }
        }
    }
    length.map(Some).ok_or(FrameError::NoLength)
}

/// The next message's body, `None` at the end of input between messages.
pub fn read_body(input: &mut dyn BufRead) -> Result<Option<Vec<u8>>, FrameError> {
    let Some(length) = headers(input)? else {
        return Ok(None);
    };
    // At most `MAX_BODY`, checked above: reserved at once.
    let mut body = Vec::with_capacity(length);
    match input.take(length as u64).read_to_end(&mut body) {
        Ok(got) if got == length => Ok(Some(body)),
        Ok(got) => Err(FrameError::Truncated { got, length }),
        Err(e) => Err(FrameError::Unreadable(e)),
    }
}

/// The next message, `None` at the end of input between messages.
pub fn read(input: &mut dyn BufRead) -> Result<Option<Message>, FrameError> {
    let Some(body) = read_body(input)? else {
        return Ok(None);
    };
    match serde_json::from_slice(&body) {
        Ok(message) => Ok(Some(message)),
        Err(e) => {
            let (shown, span) = whole(&body);
            let why = if e.is_data() {
                "it is neither a request, a response nor a notification".to_string()
            } else {
                e.to_string()
            };
            Err(FrameError::NotJsonRpc { why, shown, span })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bodies(input: &[u8]) -> Vec<Result<Vec<u8>, String>> {
        let mut reader = std::io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        loop {
            match read_body(&mut reader) {
                Ok(Some(body)) => out.push(Ok(body)),
                Ok(None) => return out,
                Err(e) => {
                    out.push(Err(e.to_string()));
                    return out;
                }
            }
        }
    }

    #[test]
    fn frames_are_read_exactly_and_bounded() {
        assert_eq!(
            bodies(b"Content-Length: 2\r\n\r\n{}content-length:3\nContent-Type: x\n\n[1]"),
            vec![Ok(b"{}".to_vec()), Ok(b"[1]".to_vec())]
        );
        let huge = format!("Content-Length: {}\r\n\r\n{{}}", MAX_BODY + 1);
        assert!(bodies(huge.as_bytes())[0]
            .as_ref()
            .is_err_and(|e| e.contains("at most")));
        let past = b"Content-Length: 1000000000000000000000000000\r\n\r\n";
        assert!(bodies(past)[0].is_err());
        assert!(bodies(b"Content-Length: 5\r\n\r\n{}")[0]
            .as_ref()
            .is_err_and(|e| e.contains("2 of its 5")));
        assert!(bodies(b"Content-Length: -1\r\n\r\n")[0].is_err());
        assert!(bodies(b"Content-Type: x\r\n\r\n{}")[0].is_err());
        let long = vec![b'a'; MAX_HEADER_LINE * 3];
        assert!(bodies(&long)[0]
            .as_ref()
            .is_err_and(|e| e.contains("longer")));
        let many = "X: y\r\n".repeat(MAX_HEADERS + 1);
        assert!(bodies(many.as_bytes())[0]
            .as_ref()
            .is_err_and(|e| e.contains("header lines")));
        assert_eq!(bodies(b""), vec![]);
    }

    #[test]
    fn shown_text_is_escaped_and_cut() {
        assert_eq!(shown(b"a\0\x1b[31m\xff"), "a\\0\\u{1b}[31m\u{fffd}");
        assert_eq!(shown(&[b'x'; 100]).chars().count(), SHOWN + 1);
    }
}
