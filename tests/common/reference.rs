//! The ```` ```dice ```` blocks of docs/language.md, read as
//! tests/language_reference.rs runs them, and every example that is a valid
//! game, for the differential tests of the fast paths.

use std::path::{Path, PathBuf};

/// What a fragment is put after: a game with two outcomes.
pub const FRAGMENT_HEAD: &str = "game \"Fragment\"\noutcomes won, lost\nround {\n";
/// What a fragment is put before: the end of the round and a bet on it.
pub const FRAGMENT_TAIL: &str = "}\nbet player {\n  won => win 1 to 1\n  lost => lose\n}\n";

/// One ```` ```dice ```` block of the reference.
#[derive(Debug)]
pub struct Block {
    /// The line of its opening fence in docs/language.md, from 1.
    pub line: usize,
    /// The words of its info string after `dice`.
    pub words: Vec<String>,
    pub text: String,
}

/// How a block runs, read from its words.
#[derive(Debug, Default)]
pub struct Mode {
    pub fragment: bool,
    pub ignore: bool,
    pub error: Option<String>,
    pub warnings: Vec<String>,
}

impl Block {
    pub fn mode(&self) -> Result<Mode, String> {
        let mut mode = Mode::default();
        for word in &self.words {
            match word.split_once('=') {
                None if word == "fragment" => mode.fragment = true,
                None if word == "ignore" => mode.ignore = true,
                Some(("error", code)) if mode.error.is_none() => {
                    mode.error = Some(code.to_string())
                }
                Some(("warn", code)) => mode.warnings.push(code.to_string()),
                _ => return Err(format!("unknown word `{word}` after ```dice")),
            }
        }
        let runs_as_written = !mode.fragment && !mode.ignore && mode.error.is_none();
        if runs_as_written && !has_game_line(&self.text) {
            return Err(
                "a ```dice block without a `game \"...\"` line: mark it `fragment`, or `ignore`, \
                 or make it ```text"
                    .to_string(),
            );
        }
        Ok(mode)
    }

    /// The file `check` reads.
    pub fn source(&self, mode: &Mode) -> String {
        if !mode.fragment {
            return self.text.clone();
        }
        let (figures, statements): (Vec<&str>, Vec<&str>) = self
            .text
            .lines()
            .partition(|l| l.starts_with("expect ") || l.starts_with("claim "));
        let mut source = FRAGMENT_HEAD.to_string();
        for line in statements {
            source.push_str(line);
            source.push('\n');
        }
        source.push_str(FRAGMENT_TAIL);
        for line in figures {
            source.push_str(line);
            source.push('\n');
        }
        source
    }
}

pub fn has_game_line(text: &str) -> bool {
    text.lines().any(|l| l.trim_start().starts_with("game \""))
}

pub fn reference_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md")
}

/// Every fenced block whose info string starts with `dice`; untagged blocks
/// that hold a rule file are errors, so that none runs by accident or is
/// skipped by accident.
pub fn dice_blocks(doc: &str) -> Result<Vec<Block>, Vec<String>> {
    let mut blocks = Vec::new();
    let mut problems = Vec::new();
    let mut lines = doc.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let Some(info) = line.strip_prefix("```") else {
            continue;
        };
        let mut text = String::new();
        let mut closed = false;
        for (_, body) in lines.by_ref() {
            if body.trim_end() == "```" {
                closed = true;
                break;
            }
            text.push_str(body);
            text.push('\n');
        }
        let line = i + 1;
        if !closed {
            problems.push(format!(
                "docs/language.md:{line}: a code block never closed"
            ));
            break;
        }
        let mut words = info.split_whitespace();
        match words.next() {
            Some("dice") => blocks.push(Block {
                line,
                words: words.map(str::to_string).collect(),
                text,
            }),
            None if has_game_line(&text) => problems.push(format!(
                "docs/language.md:{line}: an untagged block holds a rule file: tag it ```dice \
                 (it runs) or ```text"
            )),
            _ => {}
        }
    }
    if problems.is_empty() {
        Ok(blocks)
    } else {
        Err(problems)
    }
}

/// Every example of the reference that is a game which checks (a whole
/// file, or a fragment wrapped as a game; not one that shows an error),
/// named by its line: the differential tests run each both ways.
pub fn examples() -> Vec<(String, String)> {
    let doc = std::fs::read_to_string(reference_path()).expect("docs/language.md is readable");
    let blocks = dice_blocks(&doc).expect("the reference's blocks are well-formed");
    blocks
        .iter()
        .filter_map(|block| {
            let mode = block.mode().ok()?;
            (!mode.ignore && mode.error.is_none()).then(|| {
                (
                    format!("docs/language.md:{}", block.line),
                    block.source(&mode),
                )
            })
        })
        .collect()
}
