//! The invariants of a session at a table, checked on its events: money is
//! sacred. Used by `tests/play.rs` (every game, and random banking blocks)
//! and `tests/fuzz.rs` (every fuzzed input that checks).

use dicerules::number::Exact;
use dicerules::play::table::TableEvent;
use dicerules_core::program::{Limit, Program};

/// Replays a transcript, checking after every event that no seat holds
/// less than zero, that between rounds the seats' chips plus the house's
/// takings equal the chips dealt for the game, and that no bet is beyond its
/// seat's chips or the house limit. With `complete`, the session ended with
/// one summary, last, agreeing with the last settlements; without (a session
/// that failed, or was stopped), there is no summary.
pub fn check_invariants(name: &str, program: &Program, events: &[TableEvent], complete: bool) {
    let mut chips: Vec<Exact> = Vec::new();
    let mut dealt = Exact::zero();
    let mut house = Exact::zero();
    let mut house_at_start = Exact::zero();
    let mut named_limit = None;
    let mut summaries = 0;
    for (i, e) in events.iter().enumerate() {
        // Between rounds (and before a new game deals afresh), the seats'
        // chips and what the house took add up to what was dealt.
        if matches!(
            e,
            TableEvent::Round { .. } | TableEvent::Game { .. } | TableEvent::Summary { .. }
        ) && !chips.is_empty()
        {
            let seats = chips.iter().fold(Exact::zero(), |a, b| &a + b);
            let total = &seats + &(&house - &house_at_start);
            assert_eq!(
                total, dealt,
                "{name}, event {i} ({e:?}): chips are not conserved"
            );
        }
        match e {
            TableEvent::Game { seat_chips: c, .. } => {
                assert!(c.iter().all(|c| c.is_positive()), "{name}: dealt {c:?}");
                chips = c.clone();
                dealt = c.iter().fold(Exact::zero(), |a, b| &a + b);
                house_at_start = house.clone();
            }
            TableEvent::Limit { chips, .. } => named_limit = Some(*chips),
            TableEvent::Bet { seat, stake, .. } => {
                let have = &chips[seat - 1];
                assert!(
                    Exact::from(*stake) <= *have,
                    "{name}, event {i}: seat {seat} stakes {stake} holding {have}"
                );
                let limit = match program.banking.limit {
                    Limit::None => None,
                    Limit::Fixed(v) => Some(v),
                    Limit::SetByBanker { up_to } => named_limit.or(up_to),
                };
                if let Some(limit) = limit {
                    assert!(
                        *stake <= limit,
                        "{name}, event {i}: stake {stake} over the limit {limit}"
                    );
                }
            }
            TableEvent::Settle { seat, chips: c, .. } => {
                assert!(
                    !c.is_negative(),
                    "{name}, event {i}: seat {seat} holds {c} chips"
                );
                chips[seat - 1] = c.clone();
            }
            TableEvent::House { total, .. } => house = total.clone(),
            TableEvent::Summary {
                seat_chips: c,
                house: h,
                ..
            } => {
                summaries += 1;
                assert_eq!(
                    c, &chips,
                    "{name}: the summary's chips are the last settled"
                );
                assert_eq!(h, &house, "{name}: the summary's house is the last");
            }
            _ => {}
        }
    }
    if complete {
        assert_eq!(summaries, 1, "{name}: one summary, last");
        assert!(matches!(events.last(), Some(TableEvent::Summary { .. })));
    } else {
        assert_eq!(summaries, 0, "{name}: a summary of a session that failed");
    }
}
