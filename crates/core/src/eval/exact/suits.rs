//! States alike but for the suits' names, kept as one (see
//! [`crate::program::suits`]): in a round symmetric in the suits, a state
//! and every renaming of its suits have the same future, so each waiting
//! state is renamed to a canonical one before it is merged with the others.
//! Three card poker's 22,100 hands of the player wait for the dealer's
//! cards as 1,755 states.
//!
//! The canonical renaming sorts the suits by what every value of the state
//! holds in each: a suit's signature is, for the cards dealt from each shoe
//! and then for each hand, in the order of the live slots, how many cards
//! of each rank (and value) it holds. Suits of equal signatures hold the
//! same cards in every slot, so their order does not matter; the largest
//! signature becomes clubs, the next diamonds, and so on.

use smallvec::SmallVec;

use crate::eval::observe::Throws;
use crate::eval::shoe;
use crate::eval::value::Value;
use crate::program::card::Card;
use crate::program::suits::{kind_maps, PERMUTATIONS};
use crate::program::Program;

/// A shoe telling suits apart: where each kind goes under each renaming,
/// and each kind's suit and place among the kinds of that suit.
struct Suited {
    maps: Vec<Vec<usize>>,
    /// For each kind: its suit (1 to 4) and its place among its suit's.
    place: Vec<(usize, usize)>,
    per_suit: usize,
    bits: Option<u32>,
}

/// The renaming of a symmetric round's states.
pub(super) struct Renaming {
    shoes: Vec<Option<Suited>>,
    /// The slot of the cards dealt from each shoe telling suits apart.
    dealt: Vec<(usize, usize)>,
}

/// One suit's signature: counts, slot by slot, place by place (inline
/// for a deck's cards dealt and a few hands: caribbean stud's state is
/// 133 long, renamed six million times).
type Signature = SmallVec<[u32; 256]>;

impl Renaming {
    /// The renaming of `program`'s states, when its round is symmetric in
    /// the suits.
    pub fn new(program: &Program, throws: &mut Throws, symmetric: bool) -> Option<Renaming> {
        if !symmetric {
            return None;
        }
        let mut shoes = Vec::with_capacity(program.shoes.len());
        for (i, s) in program.shoes.iter().enumerate() {
            if !s.telling().1 {
                shoes.push(None);
                continue;
            }
            let maps = kind_maps(s)?;
            let mut seen = [0usize; 5];
            let mut place = Vec::with_capacity(s.kinds.len());
            for k in &s.kinds {
                let suit = k.card.suit() as usize;
                if !(1..=4).contains(&suit) {
                    return None;
                }
                place.push((suit, seen[suit]));
                seen[suit] += 1;
            }
            // Every suit holds as many kinds, one of each rank and value.
            if seen[1..].iter().any(|&n| n != seen[1]) {
                return None;
            }
            shoes.push(Some(Suited {
                maps,
                place,
                per_suit: seen[1],
                bits: throws.packing(program, i),
            }));
        }
        let mut dealt = Vec::new();
        for draw in program.code.iter().filter_map(|i| i.as_draw()) {
            if shoes[draw.shoe].is_some() && !dealt.contains(&(draw.dealt, draw.shoe)) {
                dealt.push((draw.dealt, draw.shoe));
            }
        }
        Some(Renaming { shoes, dealt })
    }

    /// The values `env` holds at `live`, renamed to the canonical renaming,
    /// into `out`; `false` (and `out` left as it is) when that renaming is
    /// the identity.
    pub fn rename(
        &self,
        live: &[usize],
        env: &[Value],
        throws: &mut Throws,
        out: &mut Vec<Value>,
    ) -> bool {
        let mut signatures: [Signature; 5] = Default::default();
        for &slot in live {
            match (self.dealt_shoe(slot), env[slot]) {
                (Some(s), Value::Int(packed)) => {
                    let shoe = self.suited(s);
                    let bits = shoe.bits.unwrap_or(1);
                    let counts = shoe::unpack(packed, bits, shoe.place.len());
                    self.sign(&mut signatures, shoe, counts.iter().copied());
                }
                (Some(s), Value::Pool(id)) => {
                    let shoe = self.suited(s);
                    let mut counts = vec![0u64; shoe.place.len()];
                    for &k in throws.pools.faces(id) {
                        if let Some(c) = counts.get_mut(k as usize) {
                            *c += 1;
                        }
                    }
                    self.sign(&mut signatures, shoe, counts.into_iter());
                }
                (None, Value::Pool(id)) if !throws.pools.cards(id).is_empty() => {
                    let base: [usize; 4] = std::array::from_fn(|s| signatures[s + 1].len());
                    for signature in &mut signatures[1..] {
                        signature.extend(std::iter::repeat_n(0, 15 * 4));
                    }
                    let faces = throws.pools.faces(id);
                    for (i, &c) in throws.pools.cards(id).iter().enumerate() {
                        let card = Card(c);
                        let s = card.suit() as usize;
                        if (1..=4).contains(&s) {
                            // By rank, then a value's few bits: the hand's
                            // card as the round reads it.
                            let at = base[s - 1]
                                + (card.rank() as usize % 15) * 4
                                + faces.get(i).map_or(0, |&v| v as usize % 4);
                            signatures[s][at] += 1;
                        }
                    }
                }
                _ => {}
            }
        }
        // Suits by their signatures, largest first: suit `order[i]` is
        // renamed `i + 1`.
        let mut order = [1usize, 2, 3, 4];
        order.sort_by(|&a, &b| signatures[b].cmp(&signatures[a]));
        let mut to = [0u32; 5];
        for (i, &s) in order.iter().enumerate() {
            to[s] = i as u32 + 1;
        }
        let Some(p) = PERMUTATIONS.iter().position(|q| *q == to) else {
            return false;
        };
        if p == 0 {
            return false;
        }
        out.clear();
        out.extend_from_slice(env);
        for &slot in live {
            out[slot] = match (self.dealt_shoe(slot), env[slot]) {
                (Some(s), Value::Int(packed)) => {
                    let shoe = self.suited(s);
                    let bits = shoe.bits.unwrap_or(1);
                    let counts = shoe::unpack(packed, bits, shoe.place.len());
                    let mut renamed = 0u64;
                    for (k, &c) in counts.iter().enumerate() {
                        renamed |= c << (bits as usize * shoe.maps[p][k]);
                    }
                    Value::Int(renamed as i64)
                }
                (Some(s), Value::Pool(id)) => {
                    let shoe = self.suited(s);
                    let mut kinds: Vec<u32> = (throws.pools.faces(id).iter())
                        .map(|&k| shoe.maps[p].get(k as usize).map_or(k, |&m| m as u32))
                        .collect();
                    kinds.sort_unstable();
                    Value::Pool(throws.pools.intern(&kinds))
                }
                (None, Value::Pool(id)) if !throws.pools.cards(id).is_empty() => {
                    let mut pairs: SmallVec<[(u32, u32); 8]> = (throws.pools.faces(id).iter())
                        .zip(throws.pools.cards(id))
                        .map(|(&v, &c)| (v, crate::program::suits::renamed(c, p)))
                        .collect();
                    Value::Pool(throws.pools.intern_pairs(&mut pairs))
                }
                (_, v) => v,
            };
        }
        true
    }

    fn dealt_shoe(&self, slot: usize) -> Option<usize> {
        self.dealt
            .iter()
            .find(|(s, _)| *s == slot)
            .map(|&(_, shoe)| shoe)
    }

    fn suited(&self, shoe: usize) -> &Suited {
        self.shoes[shoe]
            .as_ref()
            .expect("a dealt slot is of a shoe telling suits apart")
    }

    /// Adds each suit's counts of the kinds of `shoe` (`counts`, kind by
    /// kind) to its signature.
    fn sign(
        &self,
        signatures: &mut [Signature; 5],
        shoe: &Suited,
        counts: impl Iterator<Item = u64>,
    ) {
        let base: Vec<usize> = (1..=4).map(|s| signatures[s].len()).collect();
        for signature in &mut signatures[1..] {
            signature.extend(std::iter::repeat_n(0, shoe.per_suit));
        }
        for (k, c) in counts.enumerate() {
            let (s, j) = shoe.place[k];
            signatures[s][base[s - 1] + j] = c as u32;
        }
    }
}
