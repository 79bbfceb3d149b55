//! What several test binaries share.
#![allow(dead_code)]

pub mod binary;
pub mod table;
