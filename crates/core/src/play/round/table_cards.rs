//! The table's cards while each seat plays a hand of its own (`draw ... for
//! each seat`): every seat's run of the round deals from one shoe, filled
//! once for the table round; a draw of the table's (the dealer's) is dealt
//! once, by the first run that comes to it, and every later run is given
//! the same cards. A run meets a draw of the table's perhaps several times
//! (in a `repeat`), so a deal is known by its instruction and the time the
//! run meets it.

use rustc_hash::FxHashMap;

use super::source::Event;

/// Which deal of the table's: its instruction, and how many times the run
/// met it before.
pub(super) type Deal = (usize, u32);

/// The table's cards of one table round.
#[derive(Debug, Default)]
pub(super) struct TableCards {
    /// Each deal of the table's so far: its values and cards, as dealt.
    dealt: FxHashMap<Deal, (Vec<u32>, Vec<u32>)>,
    /// How many times this run met each instruction's draw.
    met: Vec<u32>,
    /// The table's cards dealt face down and not yet turned up, each with
    /// its turning up.
    unturned: FxHashMap<Deal, Event>,
}

impl TableCards {
    pub(super) fn new(instructions: usize) -> TableCards {
        TableCards {
            met: vec![0; instructions],
            ..TableCards::default()
        }
    }

    /// A seat's run starts: it has met no draw yet.
    pub(super) fn next_run(&mut self) {
        self.met.fill(0);
    }

    /// The draw at `pc` is met: which deal it is.
    pub(super) fn meet(&mut self, pc: usize) -> Deal {
        let time = self.met[pc];
        self.met[pc] += 1;
        (pc, time)
    }

    /// The cards of `deal`, when an earlier run dealt them.
    pub(super) fn dealt(&self, deal: Deal) -> Option<&(Vec<u32>, Vec<u32>)> {
        self.dealt.get(&deal)
    }

    /// Keeps the cards a run dealt for the table.
    pub(super) fn keep(&mut self, deal: Deal, values: Vec<u32>, cards: Vec<u32>) {
        self.dealt.insert(deal, (values, cards));
    }

    /// A deal of the table's dealt face down, with its turning up.
    pub(super) fn face_down(&mut self, deal: Deal, turn_up: Event) {
        self.unturned.insert(deal, turn_up);
    }

    /// The turning up of `deal`, while it is still face down.
    pub(super) fn unturned(&self, deal: Deal) -> Option<&Event> {
        self.unturned.get(&deal)
    }

    /// `deal` was turned up.
    pub(super) fn turned(&mut self, deal: Deal) {
        self.unturned.remove(&deal);
    }

    /// The table's cards still face down when every seat has played, in
    /// the round's order.
    pub(super) fn still_face_down(self) -> Vec<Event> {
        let mut left: Vec<(Deal, Event)> = self.unturned.into_iter().collect();
        left.sort_by_key(|(deal, _)| *deal);
        left.into_iter().map(|(_, e)| e).collect()
    }
}
