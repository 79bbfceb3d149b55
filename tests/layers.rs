//! The layer rule of docs/architecture.md: a module of `src/` imports only
//! modules of layers below its own (or its own module's submodules), so
//! the pipeline's arrows all run one way. Read from the source: every
//! `crate::NAME` path outside `#[cfg(test)]` code.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The top-level modules of `src/`, lowest layer first. A module may use
/// those of lower layers; modules of one layer may not use each other.
const LAYERS: &[&[&str]] = &[
    &["number", "suggest", "multiset"],
    &["ast"],
    &["syntax"],
    &["program"],
    &["check"],
    &["eval"],
    &["solve"],
    &["lint"],
    &["report"],
    &["play"],
    &["error"],
    &["analysis"],
    &["cli"],
];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src reads") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a file of `src/` belongs to.
fn module_of(src: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(src).expect("under src");
    let first = relative.components().next().expect("a component");
    let name = first.as_os_str().to_string_lossy();
    name.trim_end_matches(".rs").to_string()
}

/// The module behind a name at the crate's root: a module, or one of the
/// root's re-exports (`crate::Error`, `crate::Analysis`, ...).
fn root_module(name: &str) -> String {
    match name {
        "Error" => "error",
        "Analysis" | "Game" | "Options" | "Parsed" => "analysis",
        "CheckError" | "Overrides" | "Undeclared" => "check",
        "Distribution" | "Limits" | "EvalError" => "eval",
        "Lint" => "lint",
        "TableError" => "play",
        "SyntaxError" => "syntax",
        _ => name,
    }
    .to_string()
}

/// The top-level modules named by `crate::NAME` in `code`.
fn imports(code: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (number, line) in code.lines().enumerate() {
        let line = line.split("//").next().unwrap_or("");
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            // `crate::{a, b::c}`: the first segment of each path in the braces.
            let paths: Vec<&str> = match after.strip_prefix('{') {
                Some(inner) => inner
                    .split('}')
                    .next()
                    .unwrap_or("")
                    .split(',')
                    .map(str::trim)
                    .collect(),
                None => vec![after],
            };
            for path in paths {
                let name: String = path
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() {
                    out.push((number + 1, root_module(&name)));
                }
            }
            rest = after;
        }
    }
    out
}

#[test]
fn no_module_imports_one_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut seen = 0;
    for file in &files {
        let module = module_of(&src, file);
        if module == "lib" || module == "main" {
            continue;
        }
        let Some(own) = layer_of(&module) else {
            panic!(
                "{}: the module `{module}` is in no layer of tests/layers.rs (add it, and to docs/architecture.md)",
                file.display()
            );
        };
        let code = std::fs::read_to_string(file).expect("the file reads");
        // Unit tests may use the whole pipeline.
        let code = code.split("#[cfg(test)]").next().unwrap_or("");
        for (line, name) in imports(code) {
            seen += 1;
            if name == module {
                continue;
            }
            match layer_of(&name) {
                Some(layer) if layer < own => {}
                Some(_) => wrong
                    .entry(format!("{module} -> {name}"))
                    .or_default()
                    .push(format!("{}:{line}", file.display())),
                None => {}
            }
        }
    }
    assert!(seen > 100, "only {seen} imports found: is the scan right?");
    assert!(
        wrong.is_empty(),
        "imports that run up the layers (docs/architecture.md):\n{}",
        wrong
            .iter()
            .map(|(arrow, at)| format!("  {arrow}: {}", at.join(", ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// The scan itself: a path is found wherever it is on a line.
#[test]
fn the_scan_finds_paths() {
    let found =
        imports("use crate::eval::exact; let x = crate::report::Report::new(); // crate::cli");
    let names: Vec<&str> = found.iter().map(|(_, n)| n.as_str()).collect();
    assert_eq!(names, ["eval", "report"]);
}
