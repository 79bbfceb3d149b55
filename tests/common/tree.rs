//! Syntax trees compared without their spans, so that trees parsed from
//! different texts (a file and its printed form) compare.

/// The tree as JSON with every span removed.
pub fn without_spans(file: &dicerules_core::ast::File) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(map) => {
                map.retain(|k, _| !k.ends_with("span"));
                map.values_mut().for_each(strip);
            }
            serde_json::Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(file).expect("the syntax tree serialises");
    strip(&mut v);
    v
}
