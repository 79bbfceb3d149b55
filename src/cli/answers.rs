//! A person's answers at `play --interactive`: lines from stdin, bounded in
//! length, read on a thread of their own so that Ctrl-C at a prompt ends the
//! wait at once.
//!
//! A line longer than [`MAX_ANSWER`] bytes is dropped up to its end (never
//! held in memory) and is a wrong answer; so is a line that is not UTF-8.
//! The reader reads one line ahead of the question at most.

use std::io::{BufRead, ErrorKind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The longest answer read, in bytes: answers are a number or a name.
pub const MAX_ANSWER: usize = 1024;

/// What the person gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// A line, without its end.
    Line(String),
    /// A line longer than [`MAX_ANSWER`] bytes.
    TooLong,
    /// A line that is not UTF-8.
    NotUtf8,
    /// The end of input (or an error reading it).
    End,
    /// Ctrl-C.
    Interrupted,
}

/// How often a person waiting at a prompt looks at the Ctrl-C flag.
const TICK: Duration = Duration::from_millis(50);

/// Where a Ctrl-C reaches a person waiting at a prompt.
static PROMPT: Mutex<Option<SyncSender<Answer>>> = Mutex::new(None);

/// Sets the handler of Ctrl-C for the rest of the process, and returns the
/// flag it raises. The first Ctrl-C raises the flag and wakes a person
/// waiting at a prompt; a second ends the process (exit 2). Where no handler
/// can be set, Ctrl-C keeps its default (the process ends).
pub fn on_interrupt() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    let raised = Arc::clone(&flag);
    let _ = ctrlc::set_handler(move || {
        if raised.swap(true, Ordering::Relaxed) {
            std::process::exit(i32::from(super::exit::INPUT));
        }
        if let Ok(prompt) = PROMPT.lock() {
            if let Some(sender) = prompt.as_ref() {
                // Taken only when the person is waiting at a prompt.
                let _ = sender.try_send(Answer::Interrupted);
            }
        }
    });
    flag
}

/// The answers of stdin, one at a time.
pub struct Answers {
    receiver: Receiver<Answer>,
    interrupted: Arc<AtomicBool>,
    /// Whether the reader thread has been started (at the first question).
    started: bool,
    /// The input ended.
    ended: bool,
    sender: Option<SyncSender<Answer>>,
}

impl Answers {
    pub fn new(interrupted: &Arc<AtomicBool>) -> Answers {
        // A rendezvous: the reader hands over a line only when asked, and a
        // Ctrl-C's `try_send` is taken only while the person waits.
        let (sender, receiver) = sync_channel(0);
        Answers {
            receiver,
            interrupted: Arc::clone(interrupted),
            started: false,
            ended: false,
            sender: Some(sender),
        }
    }

    /// The next answer; [`Answer::End`] for ever after the input ends.
    pub fn next(&mut self) -> Answer {
        if self.interrupted.load(Ordering::Relaxed) {
            return Answer::Interrupted;
        }
        if self.ended {
            return Answer::End;
        }
        if !self.started {
            self.started = true;
            if let Some(sender) = self.sender.take() {
                if let Ok(mut prompt) = PROMPT.lock() {
                    *prompt = Some(sender.clone());
                }
                std::thread::spawn(move || {
                    let mut stdin = std::io::stdin().lock();
                    loop {
                        let answer = read_answer(&mut stdin, MAX_ANSWER);
                        let end = answer == Answer::End;
                        if sender.send(answer).is_err() || end {
                            break;
                        }
                    }
                });
            }
        }
        // A Ctrl-C between the check above and the wait below finds no one
        // waiting for its `try_send`: the flag it raised is read again at
        // every tick of the wait, so that it is never lost.
        let answer = loop {
            match self.receiver.recv_timeout(TICK) {
                Ok(answer) => break answer,
                Err(RecvTimeoutError::Timeout) => {
                    if self.interrupted.load(Ordering::Relaxed) {
                        return Answer::Interrupted;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => break Answer::End,
            }
        };
        self.ended = answer == Answer::End;
        answer
    }
}

/// Reads one line of at most `max` bytes (its end, `\n` or `\r\n`, left
/// out); a longer line is consumed to its end without being kept.
pub fn read_answer(input: &mut dyn BufRead, max: usize) -> Answer {
    let mut line = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return Answer::End,
        };
        if buf.is_empty() {
            if !any {
                return Answer::End;
            }
            break;
        }
        any = true;
        let newline = buf.iter().position(|&b| b == b'\n');
        let chunk = &buf[..newline.unwrap_or(buf.len())];
        if !too_long {
            if line.len() + chunk.len() > max + 1 {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = newline.map_or(buf.len(), |i| i + 1);
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    if too_long || line.len() > max {
        return Answer::TooLong;
    }
    match String::from_utf8(line) {
        Ok(line) => Answer::Line(line),
        Err(_) => Answer::NotUtf8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answers(input: &[u8], max: usize) -> Vec<Answer> {
        let mut reader = std::io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        loop {
            let a = read_answer(&mut reader, max);
            if a == Answer::End {
                return out;
            }
            out.push(a);
        }
    }

    #[test]
    fn lines_are_bounded_and_checked() {
        use Answer::*;
        assert_eq!(
            answers(b"1\r\nplayer\n\n12345678\n123456789\nlast", 8),
            vec![
                Line("1".into()),
                Line("player".into()),
                Line(String::new()),
                Line("12345678".into()),
                TooLong,
                Line("last".into())
            ]
        );
        assert_eq!(answers(b"a\xffb\n2\n", 8), vec![NotUtf8, Line("2".into())]);
        assert_eq!(answers(b"", 8), vec![]);
    }
}
