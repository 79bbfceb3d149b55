//! What the JSON and RON contract (docs/json.md) fixes beside the shape of
//! each document: its version, carried by every document, and chips
//! written as exact strings.
//!
//! The rules every document keeps, checked against the real output of
//! every shipped game by `tests/json_schema.rs`: an exact figure is an
//! `"n/d"` string (a whole number `"n"`), its float a separate
//! `<name>_percent` (× 100) or `<name>_float` field; a key names one type
//! wherever it appears; every key of an object is always there, `null`
//! when it does not apply; an amount of chips is an exact string, whole
//! or not.

use serde::{Serialize, Serializer};

/// The version of the contract. It goes up when a key is removed or
/// renamed, or its type or meaning changes; a new key or a new value of an
/// enumeration keeps it (docs/json.md, "Versions").
pub const FORMAT_VERSION: u32 = 1;

/// The `format_version` key, the first of every document: serialised as
/// [`FORMAT_VERSION`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FormatVersion;

impl Serialize for FormatVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(FORMAT_VERSION)
    }
}

/// Serialises a whole number of chips as an exact string (`"100"`), as
/// every amount of chips is written: chips can be fractions after a
/// commission, and go beyond what a double holds exactly (2^53).
pub fn whole_chips<S: Serializer>(n: &u64, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(n)
}

/// [`whole_chips`] of an amount that may be absent (`null`).
pub fn whole_chips_or_none<S: Serializer>(n: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    match n {
        Some(n) => s.serialize_some(&n.to_string()),
        None => s.serialize_none(),
    }
}

/// A float without trailing zeros: `0.5`, `0.005`, `12`.
pub fn trim_float(x: f64) -> String {
    let s = format!("{x:.10}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Row {
        version: FormatVersion,
        #[serde(serialize_with = "whole_chips")]
        most: u64,
        #[serde(serialize_with = "whole_chips_or_none")]
        some: Option<u64>,
        #[serde(serialize_with = "whole_chips_or_none")]
        none: Option<u64>,
    }

    #[test]
    fn chips_are_strings_and_the_version_a_number() {
        let row = Row {
            version: FormatVersion,
            most: u64::MAX,
            some: Some(7),
            none: None,
        };
        assert_eq!(
            serde_json::to_string(&row).unwrap(),
            r#"{"version":1,"most":"18446744073709551615","some":"7","none":null}"#
        );
    }
}
