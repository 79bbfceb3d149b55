//! What a fixture says of itself.

use dicerules::syntax::format::SKIP;

/// A fixture's opening comment, its lines joined: what the fixture tests
/// (a snapshot's `description`). The line that keeps the file out of
/// `dicerules fmt` is not part of it.
pub fn opening_comment(source: &str) -> String {
    source
        .lines()
        .take_while(|l| l.trim_start().starts_with("//"))
        .filter(|l| !l.trim().starts_with(SKIP))
        .map(|l| l.trim_start().trim_start_matches('/').trim())
        .collect::<Vec<_>>()
        .join(" ")
}
