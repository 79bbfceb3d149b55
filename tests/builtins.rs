//! The table of built-ins against what users meet: a misspelling of every
//! built-in gets its "did you mean", and the language reference lists them
//! exactly as the table does.
//!
//! Written to run as its own test binary or as a module of one test crate:
//! only `dicerules::...` paths, no shared modules.

use dicerules_core::program::builtin::{markdown, Builtin};
use miette::Diagnostic;

/// The help of every diagnostic of checking `source`.
fn helps(source: &str) -> Vec<String> {
    match dicerules::Game::load(source) {
        Ok(_) => Vec::new(),
        Err(errors) => errors
            .iter()
            .filter_map(|e| e.help().map(|h| h.to_string()))
            .collect(),
    }
}

/// A game whose round calls `call` on a throw.
fn game(call: &str) -> String {
    format!(
        r#"game "spelling"
outcomes hit, miss
round {{
  throw x = 2d6
  if {call} > 3 {{ end hit }}
  end miss
}}
bet b {{ hit => win 1 to 1
        miss => lose }}
"#
    )
}

/// Each built-in's name with one letter left out, then with two letters
/// swapped, is an unknown function whose help suggests the built-in.
#[test]
fn every_builtin_misspelt_is_suggested() {
    let mut checked = 0;
    for b in Builtin::ALL {
        let name = b.name();
        let last = name.len() - 1;
        let dropped = name[..last].to_string();
        let swapped = format!("{}{}{}", &name[..1], &name[2..3], &name[1..2]) + &name[3..];
        for wrong in [dropped, swapped] {
            assert!(Builtin::named(&wrong).is_none(), "{wrong} is a built-in");
            let args: Vec<&str> = b
                .args()
                .iter()
                .map(|(_, arg)| if arg.is_throw() { "x" } else { "1" })
                .collect();
            let source = game(&format!("{wrong}({})", args.join(", ")));
            let expected = format!("did you mean `{name}`?");
            let got = helps(&source);
            assert!(
                got.contains(&expected),
                "`{wrong}` should suggest `{name}`; the helps are {got:?}"
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 2 * Builtin::ALL.len());
}

const START: &str = "<!-- builtins:start -->";
const END: &str = "<!-- builtins:end -->";

/// docs/language.md holds exactly [`markdown`]'s table between its two
/// marker lines.
#[test]
fn the_reference_lists_the_builtins_of_the_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/language.md");
    let text = std::fs::read_to_string(path).expect("docs/language.md is readable");
    let expected = markdown();
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().position(|l| l.trim() == START);
    let end = lines.iter().position(|l| l.trim() == END);
    let (Some(start), Some(end)) = (start, end) else {
        panic!(
            "docs/language.md lacks the marker lines `{START}` and `{END}` around the list of \
             built-ins; put these lines there:\n\n{START}\n{expected}{END}\n"
        );
    };
    assert!(
        start < end,
        "docs/language.md: `{START}` must come before `{END}`"
    );
    let found: String = lines[start + 1..end]
        .iter()
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(
        found == expected,
        "docs/language.md's list of built-ins differs from the table in crates/core/src/program/builtin.rs; \
         between the markers it should read:\n\n{START}\n{expected}{END}\n\nit reads:\n\n{found}"
    );
}
