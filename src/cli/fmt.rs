//! `dicerules fmt [--check] FILE|DIR...`: rule files in the canonical
//! layout (`syntax::format`), comments kept. A file with syntax errors is
//! left as it is, with its diagnostics, and so is a file that opens with
//! `// dicerules fmt: skip` (`syntax::format::SKIP`); a layout that would
//! not parse back to the same tree is never written (an internal error,
//! exit 2).

use std::fmt::Write as _;

use clap::Args;

use super::diagnostics::render_all;
use super::input::{read_path, rule_files};
use super::STDIN;
use super::{exit, output};
use crate::render::styled::Styled;
use crate::syntax::format::{format, keeps_tree, skipped};
use crate::syntax::parse;

#[derive(Debug, Args)]
pub struct FmtArgs {
    /// Rule files to format; a directory stands for the .dice files in it
    /// and its subdirectories; `-` reads standard input and prints the
    /// formatted text.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,
    /// Change nothing: show how each file not in the layout would change
    /// (a diff), and exit 1 if any would.
    #[arg(long)]
    pub check: bool,
}

pub fn run(args: &FmtArgs) -> u8 {
    let (files, _) = rule_files(&args.files);
    let (mut stdout, mut stderr) = (Styled::new(), String::new());
    let mut worst = exit::OK;
    let mut changed = 0;
    for file in &files {
        let (path, name) = match file {
            Ok((path, name)) => (path, name.as_str()),
            Err((_, unreadable)) => {
                stderr.push_str(&unreadable.shown);
                worst = exit::INPUT;
                continue;
            }
        };
        // A file that cannot be rewritten is not read: a FIFO would block,
        // a device or a link out of the folder is refused.
        if !args.check && path.as_os_str() != STDIN {
            if let Err(refused) = super::files::rewritable(path) {
                let _ = writeln!(stderr, "error: cannot write {name}: {}", refused.why);
                worst = exit::INPUT;
                continue;
            }
        }
        let source = match read_path(path, name) {
            Ok(source) => source,
            Err(unreadable) => {
                stderr.push_str(&unreadable.shown);
                worst = exit::INPUT;
                continue;
            }
        };
        if skipped(&source) {
            if path.as_os_str() == STDIN {
                stdout.push(&source);
            }
            continue;
        }
        let (tree, errors) = parse(&source);
        if !errors.is_empty() {
            let count = errors.len();
            stderr.push_str(&render_all(errors, name, &source, "error").0);
            let _ = writeln!(
                stderr,
                "error: {name}: {count} syntax error(s); left as it is"
            );
            worst = exit::INPUT;
            continue;
        }
        let formatted = format(&tree, &source);
        if !keeps_tree(&tree, &formatted) {
            let _ = writeln!(
                stderr,
                "error: internal: {name} laid out would not parse to the same rules; left as it is (please report it)"
            );
            worst = exit::INPUT;
            continue;
        }
        if path.as_os_str() == STDIN {
            stdout.push(&formatted);
            continue;
        }
        if formatted == source {
            continue;
        }
        changed += 1;
        if args.check {
            let diff =
                super::diff::unified(&source, &formatted, name, &format!("{name} (formatted)"));
            let _ = writeln!(stdout, "{name} is not formatted:");
            stdout.append(diff);
            stdout.push("\n");
            worst = worst.max(exit::FINDING);
        } else {
            match super::bless::write_in_place(path, &formatted) {
                Ok(()) => {
                    let _ = writeln!(stdout, "formatted {name}");
                }
                Err(e) => {
                    let _ = writeln!(stderr, "error: cannot write {name}: {}", e.why);
                    worst = exit::INPUT;
                }
            }
        }
    }
    if args.check && changed > 0 {
        let _ = writeln!(stdout, "{changed} file(s) would be formatted");
    }
    // Colour for the diffs of `--check`; a formatted text stays plain.
    let stdout = if args.check {
        super::paint::stdout(stdout)
    } else {
        stdout.into_plain()
    };
    output::finish(worst, &stdout, &stderr)
}
