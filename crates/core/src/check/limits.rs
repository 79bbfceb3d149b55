//! The bounds the checker holds a round to: the largest throws, loops,
//! choices and programs it compiles. Their errors (`CheckError`) name them,
//! and so does the round's compiler.

/// The largest number of distinct results one throw may have (multisets of
/// its faces); bigger pools are refused before any evaluation starts.
pub const MAX_THROW_RESULTS: u64 = 1_000_000;

/// The most bits `sides^count`, a throw's number of ordered results, may
/// have: the exact weights of a round grow with it (4096 bits is 1584d6).
pub const MAX_THROW_BITS: f64 = 4096.0;

/// The most dice one throw may have: as many as `MAX_THROW_BITS` allows
/// two-sided dice. It binds only one-sided dice, whose one result has no
/// bits: read by a statistic, the exact counts of `n` of them grow as `n`
/// squared (300000d1 took 8 GB).
pub const MAX_THROW_DICE: u64 = 4096;

/// The most times one `repeat` may run its block.
pub const MAX_REPEAT: i64 = 10_000;

/// The most instructions a round may compile to, once repeats are unrolled.
pub const MAX_CODE: usize = 200_000;

/// The most options one `choose` may offer.
pub const MAX_OPTIONS: i64 = 1_000;
