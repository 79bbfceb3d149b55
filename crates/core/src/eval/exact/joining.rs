//! States alike but for which hand holds which card, kept as one: where the
//! round reads some hands only joined from a step on
//! ([`crate::program::together`]), a state waiting there holds their
//! union in the first of them and an empty hand in the others. Mississippi
//! stud's player, after the turn, is his four cards, not his two, the flop
//! and the turn: 16 times fewer states, and a lone chooser who comes to
//! the same four cards by different ways is seen to forget nothing.

use smallvec::SmallVec;

use crate::eval::observe::Throws;
use crate::eval::value::Value;
use crate::program::Program;

/// The hands joined at each step of a round.
pub(super) struct Joining {
    /// For each step, its groups of hand slots read only joined.
    groups: Vec<Vec<Vec<usize>>>,
    /// The empty hand's id, once interned.
    empty: Option<u32>,
}

impl Joining {
    /// The joining of `program`'s states; `None` where no step has hands
    /// read only joined.
    pub fn new(program: &Program) -> Option<Joining> {
        let groups = crate::program::together::read_together(program);
        groups.iter().any(|g| !g.is_empty()).then_some(Joining {
            groups,
            empty: None,
        })
    }

    /// `env` with the hands joined at `pc` put together, into `out`;
    /// `false` (and `out` left as it is) when there is nothing to join: a
    /// group whose hands are not all dealt is left apart.
    pub fn join(
        &mut self,
        pc: usize,
        env: &[Value],
        throws: &mut Throws,
        out: &mut Vec<Value>,
    ) -> bool {
        let Some(groups) = self.groups.get(pc).filter(|g| !g.is_empty()) else {
            return false;
        };
        let mut changed = false;
        for group in groups {
            let ids: Option<SmallVec<[u32; 4]>> = group
                .iter()
                .map(|&s| match env[s] {
                    Value::Pool(id) => Some(id),
                    _ => None,
                })
                .collect();
            let Some(ids) = ids else {
                continue;
            };
            let pools = &mut throws.pools;
            let empty = *self
                .empty
                .get_or_insert_with(|| pools.intern_hand(&[], &[]));
            if ids[1..].iter().all(|&id| id == empty) {
                continue;
            }
            // Hands dealt by value alone keep no cards: their union is of
            // their values (zipping values with no cards would drop them).
            let by_value = ids.iter().all(|&id| pools.cards(id).is_empty());
            let union = if by_value {
                let mut faces: SmallVec<[u32; 8]> = SmallVec::new();
                for &id in &ids {
                    faces.extend_from_slice(pools.faces(id));
                }
                faces.sort_unstable();
                pools.intern(&faces)
            } else if ids
                .iter()
                .all(|&id| pools.cards(id).len() == pools.faces(id).len())
            {
                let mut pairs: SmallVec<[(u32, u32); 8]> = SmallVec::new();
                for &id in &ids {
                    let (faces, cards) = (pools.faces(id), pools.cards(id));
                    pairs.extend(faces.iter().copied().zip(cards.iter().copied()));
                }
                pools.intern_pairs(&mut pairs)
            } else {
                // Hands of two kinds (by value, and with their cards) are
                // left apart.
                continue;
            };
            if !changed {
                out.clear();
                out.extend_from_slice(env);
                changed = true;
            }
            out[group[0]] = Value::Pool(union);
            for &s in &group[1..] {
                out[s] = Value::Pool(empty);
            }
        }
        changed
    }
}
