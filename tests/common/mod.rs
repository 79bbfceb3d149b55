//! What the test modules share, and the fuzzer (`tests/fuzz.rs`, a crate of
//! its own) with them.
#![allow(dead_code)]

pub mod binary;
pub mod fixture;
pub mod reference;
pub mod table;
pub mod tree;
