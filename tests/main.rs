//! The integration tests: one crate of test modules, so that the crate is
//! built and linked once for all of them. Each module is a file of
//! `tests/` named below; `common` is what they share.
//!
//! The fuzzer (`tests/fuzz.rs`) is a crate of its own: CI builds it a second
//! time, optimised, and runs it for a minute (`cargo test --test fuzz`), which
//! would otherwise compile every test again. Both are declared in
//! `Cargo.toml` (`autotests = false`: a file is never found by its name).
//!
//! Adding a test file `tests/NAME.rs`: write it as a module (the library as
//! `dicerules::...`, the binary through `crate::common::binary` or
//! `env!("CARGO_BIN_EXE_dicerules")`, shared code as `crate::common::...`)
//! and add `mod NAME;` below. A file no crate declares fails
//! `layout::every_test_file_is_wired_in`, which names it. Its snapshots are
//! `tests/snapshots/main__NAME__TEST.snap`.
//!
//! Running: `cargo test` runs everything; `cargo test --test main NAME::`
//! one module; `cargo test --test main NAME::TEST` one test.

mod common;

mod bless;
mod boundary;
mod bounds;
mod brute_force;
mod builtins;
mod cards;
mod casino_count;
mod cli;
mod compare;
mod csv_output;
mod cut;
mod examples;
mod fast_paths;
mod files;
mod fmt;
mod games;
mod grid;
mod highlighting;
mod hostile;
mod html;
mod invalid_files;
mod json_schema;
mod language_reference;
mod layers;
mod layout;
mod lint;
mod lsp;
mod numbers;
mod pays;
mod play;
mod poker_count;
mod punto_banco_count;
mod removal;
mod round_trip;
mod rules_repo;
mod session;
mod shell;
mod shoe;
mod show;
mod simulate_fast;
mod staking;
mod steps;
mod strategy;
mod sweep;
mod throws;
mod with;
