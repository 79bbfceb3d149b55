//! The JSON and RON renderers: the contract's structures serialised by
//! serde as they are (serde_json and ron, crates of the `cli` feature), a
//! document pretty-printed with a newline after it, or a line of the JSON
//! transcript. A structure of the contract always serialises (its maps
//! are keyed by strings); were one not to, the document is empty.

use serde::Serialize;

/// `data` as a pretty-printed JSON document and a newline.
pub fn json<T: Serialize + ?Sized>(data: &T) -> String {
    serde_json::to_string_pretty(data)
        .map(|s| s + "\n")
        .unwrap_or_default()
}

/// `data` as a pretty-printed RON document and a newline.
pub fn ron<T: Serialize + ?Sized>(data: &T) -> String {
    ron::ser::to_string_pretty(data, ron::ser::PrettyConfig::default())
        .map(|s| s + "\n")
        .unwrap_or_default()
}

/// `data` as one line of JSON, without its newline (a line of the
/// transcript, `play --format json`).
pub fn json_line<T: Serialize + ?Sized>(data: &T) -> String {
    serde_json::to_string(data).unwrap_or_default()
}
