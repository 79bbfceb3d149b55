//! The steps between one throw and the next, run once for each distinct
//! input.
//!
//! After a throw lands, a state runs the steps without chance (`let`, `set`,
//! `if`, jumps) until it waits at the next throw or ends. Where those steps
//! take no choice, where they go and what they write depend only on the
//! values they read, which are few: punto banco's third card, after it, is
//! read with the two hands' values, 480 combinations, while 16,000 states
//! run the steps, each with a different shoe. A [`Paths`] remembers each
//! path by the values it read (its *key*); a state with a known key takes
//! the writes and the stopping place as they are, without running a step.
//!
//! The key holds every slot the steps could read (their expressions and the
//! lints' probes at them), so a remembered path is the one the steps would
//! take. Its writes are the slots' values as set (representatives included),
//! in order. Steps that reach a choice are never remembered. A start whose
//! keys rarely repeat stops being looked up, so that a round of distinct
//! states pays for a few thousand lookups at most.

use std::hash::{Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::FxHasher;
use smallvec::SmallVec;

use crate::eval::value::Value;
use crate::program::Program;

/// The most paths remembered; past it, new paths are run and not kept.
const MAX_PATHS: usize = 1 << 18;

/// The fewest expression nodes steps must evaluate, on all their paths
/// together, to be worth remembering: a single `set score = score +
/// count(t, face)` runs faster than a lookup.
const MIN_NODES: usize = 12;

/// The most values a key reads; steps reading more are run each time.
const MAX_READS: usize = 10;

/// Lookups at one start after which its hit rate is judged.
const TRIAL: u32 = 4096;

/// The values a path read at its start.
pub(super) type Key = SmallVec<[Value; MAX_READS]>;

/// What a path did: the slots it wrote, in order, and where it stopped (a
/// throw, a draw, or an end).
pub(super) struct Path {
    pub writes: SmallVec<[(usize, Value); 4]>,
    pub stop: usize,
}

/// A path remembered: where it starts, what it read, what it did.
struct Entry {
    start: usize,
    key: Key,
    path: Path,
}

/// What a lookup found.
pub(super) enum Looked {
    /// Path number `i` (see [`Paths::path`]).
    Hit(u32),
    /// No path yet: the key's hash and the key, to remember the path by.
    Miss(u64, Key),
    /// Steps not remembered here.
    Skip,
}

/// A start of steps that may be remembered: the slots they read.
struct Start {
    reads: Vec<usize>,
    lookups: u32,
    hits: u32,
    /// Keys here rarely repeat: run the steps without looking.
    off: bool,
}

pub(super) struct Paths {
    /// For each step, when steps begin there after a throw and take no
    /// choice.
    starts: Vec<Option<Start>>,
    /// Each path's number, by the hash of its start and key.
    index: HashTable<(u64, u32)>,
    paths: Vec<Entry>,
}

impl Paths {
    /// The starts after each throw and draw of `program`, where `next` and
    /// `landing` say where each step goes (see the machine), and
    /// `extra_reads(pc, add)` adds what else is read at a step (the lints'
    /// probes).
    pub fn new(
        program: &Program,
        next: &[usize],
        landing: &[usize],
        mut extra_reads: impl FnMut(usize, &mut Vec<usize>),
    ) -> Paths {
        let steps = program.code.len();
        let mut starts: Vec<Option<Start>> = (0..steps).map(|_| None).collect();
        let on = crate::eval::fast_paths();
        for pc in (0..steps).filter(|_| on) {
            if !program.code[pc].waits() {
                continue;
            }
            let start = next[pc];
            if start >= steps || starts[start].is_some() {
                continue;
            }
            let region = region_reads(program, next, landing, start, &mut extra_reads);
            if let Some(reads) = region
                .filter(|(reads, nodes)| reads.len() <= MAX_READS && *nodes >= MIN_NODES)
                .map(|(reads, _)| reads)
            {
                starts[start] = Some(Start {
                    reads,
                    lookups: 0,
                    hits: 0,
                    off: false,
                });
            }
        }
        Paths {
            starts,
            index: HashTable::new(),
            paths: Vec::new(),
        }
    }

    /// The path of the steps starting at `pc` in `env`, when they may be
    /// remembered and are worth looking up, counting the lookup. The key
    /// is compared in place: it is built only when the path is new.
    #[inline]
    pub fn look(&mut self, pc: usize, env: &[Value]) -> Looked {
        let Some(Some(start)) = self.starts.get_mut(pc) else {
            return Looked::Skip;
        };
        if start.off {
            return Looked::Skip;
        }
        let mut hasher = FxHasher::default();
        pc.hash(&mut hasher);
        for &s in &start.reads {
            env[s].hash(&mut hasher);
        }
        let h = hasher.finish();
        let paths = &self.paths;
        let reads = &start.reads;
        let found = self.index.find(h, |&(eh, i)| {
            let e = &paths[i as usize];
            eh == h && e.start == pc && reads.iter().zip(&e.key).all(|(&s, &v)| env[s] == v)
        });
        start.lookups += 1;
        start.hits += u32::from(found.is_some());
        if start.lookups == TRIAL && start.hits < TRIAL / 4 {
            start.off = true;
        }
        match found {
            Some(&(_, i)) => Looked::Hit(i),
            None => Looked::Miss(h, reads.iter().map(|&s| env[s]).collect()),
        }
    }

    /// Path number `i`.
    pub fn path(&self, i: u32) -> &Path {
        &self.paths[i as usize].path
    }

    /// Remembers the path from `start` with `key`, of hash `h`.
    pub fn insert(&mut self, start: usize, h: u64, key: Key, path: Path) {
        if self.paths.len() < MAX_PATHS {
            let i = self.paths.len() as u32;
            self.paths.push(Entry { start, key, path });
            self.index.insert_unique(h, (h, i), |&(h, _)| h);
        }
    }
}

/// The slots read by the steps from `start` up to the next throw, draw or
/// end, and the nodes of their expressions, or `None` when they may take a
/// choice.
fn region_reads(
    program: &Program,
    next: &[usize],
    landing: &[usize],
    start: usize,
    extra_reads: &mut impl FnMut(usize, &mut Vec<usize>),
) -> Option<(Vec<usize>, usize)> {
    let steps = program.code.len();
    let mut seen = vec![false; steps];
    let mut todo = vec![start];
    let mut reads = Vec::new();
    let mut nodes = 0;
    while let Some(pc) = todo.pop() {
        if pc >= steps || std::mem::replace(&mut seen[pc], true) {
            continue;
        }
        extra_reads(pc, &mut reads);
        let instr = &program.code[pc];
        // A split may be run on alone (`Chance::split`), and a hand of a
        // split compares values (`Split::checks`): never replayed.
        let split = program.split.as_ref();
        let marked = split.is_some_and(|s| s.at == pc || s.checks.iter().any(|(at, _)| *at == pc));
        if instr.picks() || marked {
            return None;
        }
        if instr.waits() || instr.ends() {
            continue;
        }
        // A `let`, a `set` or a branch reads its expression and goes on; a
        // branch or a jump may go elsewhere.
        if let Some(e) = instr.expr() {
            e.slots_read(&mut reads);
            nodes += e.nodes();
            todo.push(next[pc]);
        }
        if let Some(target) = instr.jumps_to() {
            todo.push(landing[target]);
        }
    }
    reads.sort_unstable();
    reads.dedup();
    Some((reads, nodes))
}
