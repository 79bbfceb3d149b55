//! The layer rule of docs/architecture.md, read from the code as code:
//! every file of `crates/core/src/` and `src/` parsed (`syn`), and every path it writes that
//! starts at `crate::`, `super::` or `self::` (or at a submodule it
//! declares), in `use` lines, expressions, types, patterns and macro
//! arguments, unit tests included, resolved through the `use` lines of the
//! module it names (`crate::Analysis` is `analysis`'s). Two rules:
//!
//! - a top-level module imports only modules of the layers below its own
//!   (a failure names the file and line);
//! - the children of one module (its files and folders, and inline
//!   modules) import each other in no cycle.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::{TokenStream, TokenTree};
use syn::visit::Visit;

/// The top-level modules of `src/`, lowest layer first. A module may use
/// those of lower layers; modules of one layer may not use each other.
const LAYERS: &[&[&str]] = &[
    &["number", "suggest", "multiset"],
    &["ast"],
    &["report"],
    &["syntax"],
    &["program"],
    &["check"],
    &["eval"],
    &["solve"],
    &["lint"],
    &["figures"],
    &["play"],
    &["session"],
    &["error"],
    &["analysis"],
    &["render"],
    &["cli"],
];

/// Cycles among the children of one module let through: (the parent
/// module, the children in the cycle, sorted). None: the evaluator's two
/// (the tree evaluator and the stack machine; the machine, its coverage
/// and a choice's figures) were broken with the round's rewrite (issue 33).
/// An entry here that is no longer a cycle fails.
const KNOWN_CYCLES: &[(&str, &[&str])] = &[];

/// Imports up a layer let through: (the file, the module it imports).
/// None: the unit tests load their games with `check::load`, not the
/// driver. An entry here no longer found fails.
const KNOWN_UPWARD: &[(&str, &str)] = &[];

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|layer| layer.contains(&module))
}

/// A module's path from the crate's root (`["play", "table"]`).
type ModulePath = Vec<String>;

/// One path the code writes, resolved from the crate's root.
#[derive(Clone, Debug)]
struct Reference {
    /// The file it is written in, as shown (`crates/core/src/session/mod.rs`).
    file: String,
    /// Its line, from 1.
    line: usize,
    /// The module whose code writes it (inline modules included).
    from: ModulePath,
    /// The path it names, from the crate's root.
    path: Vec<String>,
}

/// What the crate declares: each module's submodules and the names its
/// `use` lines bring in (each with the path it names).
#[derive(Default, Debug)]
struct Tree {
    children: BTreeMap<ModulePath, BTreeSet<String>>,
    uses: BTreeMap<ModulePath, BTreeMap<String, Vec<String>>>,
}

/// A source file: the name shown, the module it is, its text.
struct Source {
    file: String,
    module: ModulePath,
    code: String,
}

/// The module a file of `src/` is: `a/b.rs` and `a/b/mod.rs` are `a::b`,
/// `lib.rs` the root. `None` for the binary's `main.rs`, another crate.
fn module_of(relative: &Path) -> Option<ModulePath> {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    if parts.is_empty() && stem == "main" {
        return None;
    }
    if !(stem == "mod" || (parts.is_empty() && stem == "lib")) {
        parts.push(stem.to_string());
    }
    Some(parts)
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

/// Every library file of the two crates, in order, as one tree: the
/// stages (crates/core/src, whose `lib.rs` is the root) and the renderers
/// and command line above them (src/, whose `lib.rs` only re-exports the
/// stages and whose `main.rs` is the binary). `crate::eval` in src/ is the
/// core's `eval`, re-exported, so one tree reads both as written.
fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    for (src, skip_root) in [("crates/core/src", false), ("src", true)] {
        let dir = root.join(src);
        let mut files = Vec::new();
        rust_files(&dir, &mut files);
        files.sort();
        out.extend(files.iter().filter_map(|path| {
            let relative = path.strip_prefix(&dir).expect("under src");
            let module = module_of(relative)?;
            if skip_root && module.is_empty() {
                return None;
            }
            Some(Source {
                file: format!("{src}/{}", relative.display()),
                module,
                code: std::fs::read_to_string(path).expect("the file reads"),
            })
        }));
    }
    out
}

/// The paths a `use` tree names, each with the name it binds (`None` for
/// a glob) and the line it is on.
fn use_paths(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Option<String>, usize)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            use_paths(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let line = n.ident.span().start().line;
            if n.ident == "self" {
                out.push((prefix.clone(), prefix.last().cloned(), line));
            } else {
                let mut path = prefix.clone();
                path.push(n.ident.to_string());
                out.push((path, Some(n.ident.to_string()), line));
            }
        }
        syn::UseTree::Rename(r) => {
            let line = r.ident.span().start().line;
            let mut path = prefix.clone();
            if r.ident != "self" {
                path.push(r.ident.to_string());
            }
            out.push((path, Some(r.rename.to_string()), line));
        }
        syn::UseTree::Glob(g) => out.push((prefix.clone(), None, g.star_token.span.start().line)),
        syn::UseTree::Group(g) => {
            for item in &g.items {
                use_paths(item, prefix, out);
            }
        }
    }
}

/// A path as the code writes it, in the module that writes it.
struct Written {
    line: usize,
    module: ModulePath,
    segments: Vec<String>,
    /// Written in a `use` line, binding this name (`None`: a glob, or not
    /// a `use`).
    binds: Option<String>,
    is_use: bool,
}

/// Collects every path of one file, and the modules it declares.
struct Collector {
    module: ModulePath,
    written: Vec<Written>,
    /// Submodules declared (`mod x;` or `mod x { .. }`), by their parent.
    declared: Vec<(ModulePath, String)>,
}

impl Collector {
    fn path(&mut self, segments: Vec<String>, line: usize) {
        if !segments.is_empty() {
            self.written.push(Written {
                line,
                module: self.module.clone(),
                segments,
                binds: None,
                is_use: false,
            });
        }
    }

    /// `crate::a::b`, `super::x`, `self::y` inside a macro's arguments,
    /// which `syn` leaves as tokens.
    fn tokens(&mut self, tokens: TokenStream) {
        let trees: Vec<TokenTree> = tokens.into_iter().collect();
        let mut i = 0;
        while i < trees.len() {
            match &trees[i] {
                TokenTree::Group(g) => self.tokens(g.stream()),
                TokenTree::Ident(id) if id == "crate" || id == "super" || id == "self" => {
                    let line = id.span().start().line;
                    let mut segments = vec![id.to_string()];
                    let mut j = i + 1;
                    while let (
                        Some(TokenTree::Punct(a)),
                        Some(TokenTree::Punct(b)),
                        Some(TokenTree::Ident(next)),
                    ) = (trees.get(j), trees.get(j + 1), trees.get(j + 2))
                    {
                        if a.as_char() != ':' || b.as_char() != ':' {
                            break;
                        }
                        segments.push(next.to_string());
                        j += 3;
                    }
                    if segments.len() > 1 {
                        self.path(segments, line);
                    }
                    i = j;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
    }
}

impl<'ast> Visit<'ast> for Collector {
    fn visit_item_mod(&mut self, m: &'ast syn::ItemMod) {
        self.declared
            .push((self.module.clone(), m.ident.to_string()));
        if let Some((_, items)) = &m.content {
            self.module.push(m.ident.to_string());
            for attr in &m.attrs {
                self.visit_attribute(attr);
            }
            for item in items {
                self.visit_item(item);
            }
            self.module.pop();
        }
    }

    fn visit_item_use(&mut self, u: &'ast syn::ItemUse) {
        let mut out = Vec::new();
        use_paths(&u.tree, &mut Vec::new(), &mut out);
        for (segments, binds, line) in out {
            self.written.push(Written {
                line,
                module: self.module.clone(),
                segments,
                binds,
                is_use: true,
            });
        }
    }

    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.leading_colon.is_none() {
            let segments: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
            let line = p
                .segments
                .first()
                .map_or(0, |s| s.ident.span().start().line);
            self.path(segments, line);
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_macro(&mut self, m: &'ast syn::Macro) {
        self.tokens(m.tokens.clone());
        syn::visit::visit_macro(self, m);
    }
}

/// Every path of every source, resolved from the crate's root, and the
/// crate's tree of modules; or the files that do not parse.
fn read(sources: &[Source]) -> Result<(Tree, Vec<Reference>), String> {
    let mut tree = Tree::default();
    let mut written = Vec::new();
    for source in sources {
        let file = syn::parse_file(&source.code)
            .map_err(|e| format!("{}:{}: {e}", source.file, e.span().start().line))?;
        let mut collector = Collector {
            module: source.module.clone(),
            written: Vec::new(),
            declared: Vec::new(),
        };
        collector.visit_file(&file);
        tree.children.entry(source.module.clone()).or_default();
        for (parent, child) in collector.declared {
            let mut module = parent.clone();
            module.push(child.clone());
            tree.children.entry(module).or_default();
            tree.children.entry(parent).or_default().insert(child);
        }
        for w in collector.written {
            written.push((source.file.clone(), w));
        }
    }
    // What each `use` line binds, from the crate's root.
    for (_, w) in &written {
        if let (true, Some(name)) = (w.is_use, &w.binds) {
            if let Some(path) = absolute(&tree, &w.module, &w.segments) {
                tree.uses
                    .entry(w.module.clone())
                    .or_default()
                    .insert(name.clone(), path);
            }
        }
    }
    let references = written
        .into_iter()
        .filter_map(|(file, w)| {
            let path = absolute(&tree, &w.module, &w.segments)?;
            Some(Reference {
                file,
                line: w.line,
                from: w.module,
                path,
            })
        })
        .collect();
    Ok((tree, references))
}

/// A path written in `module`, from the crate's root: `crate::`,
/// `super::`, `self::` or a submodule of `module` first; `None` for
/// anything else (another crate, a local name, `std`).
fn absolute(tree: &Tree, module: &ModulePath, segments: &[String]) -> Option<Vec<String>> {
    let first = segments.first()?;
    let mut path = match first.as_str() {
        "crate" => Vec::new(),
        "self" => module.clone(),
        "super" => module.clone(),
        name if tree.children.get(module).is_some_and(|c| c.contains(name)) => module.clone(),
        _ => return None,
    };
    let mut rest = segments;
    if first == "crate" || first == "self" {
        rest = &segments[1..];
    }
    while let Some(("super", tail)) = rest.split_first().map(|(s, t)| (s.as_str(), t)) {
        path.pop()?;
        rest = tail;
    }
    path.extend(rest.iter().cloned());
    Some(path)
}

/// The module a path names: the longest prefix of it that is a module,
/// followed through that module's `use` lines when the next name is one
/// of them (`crate::Analysis` names `analysis`).
fn target(tree: &Tree, path: &[String]) -> ModulePath {
    let mut path = path.to_vec();
    for _ in 0..16 {
        let mut module: ModulePath = Vec::new();
        for segment in &path {
            let mut next = module.clone();
            next.push(segment.clone());
            if tree.children.contains_key(&next) {
                module = next;
            } else {
                break;
            }
        }
        let next = path.get(module.len());
        match next.and_then(|n| tree.uses.get(&module)?.get(n)) {
            Some(through) if !through.starts_with(&path) => {
                let mut followed = through.clone();
                followed.extend(path[module.len() + 1..].iter().cloned());
                path = followed;
            }
            _ => return module,
        }
    }
    Vec::new()
}

/// The imports that run up the layers: `module -> module` with the files
/// and lines, those of [`KNOWN_UPWARD`] left out; or a module in no layer.
fn upward(tree: &Tree, references: &[Reference]) -> Result<BTreeMap<String, Vec<String>>, String> {
    upward_but(tree, references, &[])
}

/// [`upward`], leaving out the imports of `known`, (file, module).
fn upward_but(
    tree: &Tree,
    references: &[Reference],
    known: &[(&str, &str)],
) -> Result<BTreeMap<String, Vec<String>>, String> {
    let mut wrong: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for r in references {
        let Some(module) = r.from.first() else {
            continue;
        };
        let Some(own) = layer_of(module) else {
            return Err(format!(
                "{}: the module `{module}` is in no layer of tests/layers.rs (add it, and to docs/architecture.md)",
                r.file
            ));
        };
        let to = target(tree, &r.path);
        let Some(name) = to.first() else { continue };
        if name == module {
            continue;
        }
        if known.contains(&(r.file.as_str(), name.as_str())) {
            continue;
        }
        if layer_of(name).is_some_and(|layer| layer >= own) {
            wrong
                .entry(format!("{module} -> {name}"))
                .or_default()
                .push(format!("{}:{}", r.file, r.line));
        }
    }
    Ok(wrong)
}

/// A cycle among the children of one module: the parent, the children in
/// it (sorted), and one import of each arrow in it.
#[derive(Debug)]
struct Cycle {
    parent: String,
    children: Vec<String>,
    arrows: Vec<String>,
}

/// The cycles among the children of every module but the crate's root:
/// the strongly connected components of more than one child in the graph
/// of which child imports which (a child's own children, its inline modules
/// and unit tests counted as it). The top-level modules are in layers, and
/// a cycle among them has an import up a layer, which [`upward`] names.
fn cycles(tree: &Tree, references: &[Reference]) -> Vec<Cycle> {
    // parent -> child -> child -> the first import of that arrow.
    let mut edges: BTreeMap<ModulePath, BTreeMap<String, BTreeMap<String, String>>> =
        BTreeMap::new();
    for r in references {
        let to = target(tree, &r.path);
        let shared = r.from.iter().zip(&to).take_while(|(a, b)| a == b).count();
        let (Some(a), Some(b)) = (r.from.get(shared), to.get(shared)) else {
            continue;
        };
        edges
            .entry(r.from[..shared].to_vec())
            .or_default()
            .entry(a.clone())
            .or_default()
            .entry(b.clone())
            .or_insert_with(|| format!("{}:{}", r.file, r.line));
    }
    let mut found = Vec::new();
    for (parent, graph) in &edges {
        if parent.is_empty() {
            continue;
        }
        for component in components(graph) {
            if component.len() < 2 {
                continue;
            }
            let mut arrows = Vec::new();
            for a in &component {
                for (b, at) in &graph[a] {
                    if component.contains(b) {
                        arrows.push(format!("{a} -> {b} ({at})"));
                    }
                }
            }
            found.push(Cycle {
                parent: parent.join("::"),
                children: component.into_iter().collect(),
                arrows,
            });
        }
    }
    found
}

/// The strongly connected components of a small graph: the nodes each
/// node reaches and is reached from.
fn components(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Vec<BTreeSet<String>> {
    let reach = |from: &String| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![from.clone()];
        while let Some(n) = todo.pop() {
            for next in graph.get(&n).into_iter().flat_map(|m| m.keys()) {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reached: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|n| (n, reach(n))).collect();
    let mut out: Vec<BTreeSet<String>> = Vec::new();
    for (n, from_n) in &reached {
        if out.iter().any(|c| c.contains(*n)) {
            continue;
        }
        let mut component: BTreeSet<String> = from_n
            .iter()
            .filter(|m| reached.get(m).is_some_and(|r| r.contains(*n)))
            .cloned()
            .collect();
        component.insert((*n).clone());
        out.push(component);
    }
    out
}

/// The cycles not in [`KNOWN_CYCLES`], and the known ones no longer found.
fn unexpected(found: &[Cycle]) -> (Vec<&Cycle>, Vec<String>) {
    let known = |c: &Cycle| {
        KNOWN_CYCLES
            .iter()
            .any(|(parent, children)| *parent == c.parent && *children == c.children)
    };
    let new = found.iter().filter(|c| !known(c)).collect();
    let gone = KNOWN_CYCLES
        .iter()
        .filter(|(parent, children)| {
            !found
                .iter()
                .any(|c| c.parent == *parent && c.children == *children)
        })
        .map(|(parent, children)| format!("{parent}: {}", children.join(", ")))
        .collect();
    (new, gone)
}

fn crate_read() -> (Tree, Vec<Reference>) {
    let sources = sources();
    assert!(sources.len() > 100, "only {} files found", sources.len());
    read(&sources).unwrap_or_else(|e| panic!("a file of src/ does not parse: {e}"))
}

#[test]
fn no_module_imports_one_above_it() {
    let (tree, references) = crate_read();
    assert!(
        references.len() > 1000,
        "only {} paths found: is the scan right?",
        references.len()
    );
    let wrong = upward_but(&tree, &references, KNOWN_UPWARD).unwrap_or_else(|e| panic!("{e}"));
    let all = upward(&tree, &references).unwrap_or_else(|e| panic!("{e}"));
    let gone: Vec<String> = KNOWN_UPWARD
        .iter()
        .filter(|(file, module)| {
            !all.iter().any(|(arrow, at)| {
                arrow.ends_with(&format!("-> {module}"))
                    && at.iter().any(|a| a.starts_with(&format!("{file}:")))
            })
        })
        .map(|(file, module)| format!("{file} -> {module}"))
        .collect();
    assert!(
        gone.is_empty(),
        "known upward imports no longer found: remove them from KNOWN_UPWARD in tests/layers.rs:\n  {}",
        gone.join("\n  ")
    );
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

#[test]
fn no_cycle_among_a_modules_children() {
    let (tree, references) = crate_read();
    let found = cycles(&tree, &references);
    let (new, gone) = unexpected(&found);
    assert!(
        new.is_empty(),
        "the children of a module import each other in a cycle (break it: move what both need below them):\n{}",
        new.iter()
            .map(|c| format!("  {}: {}\n    {}", c.parent, c.children.join(", "), c.arrows.join("\n    ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(
        gone.is_empty(),
        "known cycles no longer found: remove them from KNOWN_CYCLES in tests/layers.rs:\n  {}",
        gone.join("\n  ")
    );
}

/// The check on small sources of its own, each with the mistake it must
/// catch.
mod check_itself {
    use super::*;

    fn source(file: &str, code: &str) -> Source {
        let relative = Path::new(file).strip_prefix("src").expect("under src");
        Source {
            file: file.to_string(),
            module: module_of(relative).expect("a module"),
            code: code.to_string(),
        }
    }

    fn upward_of(files: &[(&str, &str)]) -> Vec<String> {
        let sources: Vec<Source> = files.iter().map(|(f, c)| source(f, c)).collect();
        let (tree, references) = read(&sources).expect("parses");
        upward(&tree, &references)
            .expect("layered")
            .into_iter()
            .map(|(arrow, at)| format!("{arrow}: {}", at.join(", ")))
            .collect()
    }

    const ROOT: &str = "pub mod number; pub mod eval; pub mod play; pub use eval::Distribution;";

    #[test]
    fn an_import_up_a_layer_is_named_with_its_file_and_line() {
        let found = upward_of(&[
            ("src/lib.rs", ROOT),
            ("src/number.rs", "pub struct Exact;"),
            (
                "src/eval/mod.rs",
                "use crate::number::Exact;\n\nuse crate::play::Table;",
            ),
            ("src/play/mod.rs", "pub struct Table;"),
        ]);
        assert_eq!(found, ["eval -> play: src/eval/mod.rs:3"]);
    }

    #[test]
    fn a_path_in_code_a_macro_or_a_re_export_is_read() {
        let found = upward_of(&[
            ("src/lib.rs", ROOT),
            ("src/number.rs", "fn f() -> crate::Distribution {\n  let x = vec![crate::play::Table];\n  todo!()\n}"),
            ("src/eval/mod.rs", "pub struct Distribution;"),
            ("src/play/mod.rs", "pub struct Table;"),
        ]);
        assert_eq!(
            found,
            [
                "number -> eval: src/number.rs:1",
                "number -> play: src/number.rs:2"
            ]
        );
    }

    #[test]
    fn an_import_in_a_unit_test_counts() {
        let found = upward_of(&[
            ("src/lib.rs", ROOT),
            (
                "src/number.rs",
                "pub struct Exact;\n#[cfg(test)]\nmod tests {\n    use super::super::play;\n}",
            ),
            ("src/eval/mod.rs", ""),
            ("src/play/mod.rs", "use crate::number::Exact;"),
        ]);
        assert_eq!(found, ["number -> play: src/number.rs:4"]);
    }

    #[test]
    fn a_cycle_among_a_folders_files_is_found() {
        let sources: Vec<Source> = [
            ("src/lib.rs", "pub mod play;"),
            ("src/play/mod.rs", "mod round; mod table; mod money; pub use table::Table;"),
            ("src/play/round.rs", "use super::Table;\npub struct Round;"),
            ("src/play/table.rs", "use super::money::Chips;\npub struct Table;"),
            ("src/play/money.rs", "pub struct Chips;\n#[cfg(test)]\nmod tests {\n  fn f(_: super::super::round::Round) {}\n}"),
        ]
        .iter()
        .map(|(f, c)| source(f, c))
        .collect();
        let (tree, references) = read(&sources).expect("parses");
        let found = cycles(&tree, &references);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].parent, "play");
        assert_eq!(found[0].children, ["money", "round", "table"]);
        assert_eq!(
            found[0].arrows,
            [
                "money -> round (src/play/money.rs:4)",
                "round -> table (src/play/round.rs:1)",
                "table -> money (src/play/table.rs:1)"
            ]
        );
    }
}
