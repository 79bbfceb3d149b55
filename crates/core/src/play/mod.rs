//! Playing games with dice and cards: one round (`round`), many rounds
//! against the exact figures ([`simulate`]), one whole shoe dealt coup
//! by coup with each bet's exact edge before it (`shoe`), and a table of seats with
//! chips ([`table`]). Choices follow the strategies the exact evaluation
//! solved for (`strategy`).
//!
//! A table's session followed over its rounds, exactly or from sessions
//! played, is the `session` module's, a layer above this one: it drives
//! this module's [`table`] and reads its rules.

#[doc(hidden)]
pub mod fast;
#[doc(hidden)]
pub mod round;
#[doc(hidden)]
pub mod shoe;
pub mod simulate;
#[doc(hidden)]
pub mod steps;
#[doc(hidden)]
pub mod strategy;
pub(crate) mod sums;
pub mod table;

use std::collections::BTreeSet;

use crate::eval::exact::Distribution;
use crate::number::Exact;
use crate::program::Bet;

/// The nets a bet can pay in rounds played under `distribution`: each
/// payout line's in order ([`Bet::nets`]), or for a bet that `pays` a name
/// (whose nets the file does not bound), each value the name ends with
/// there, in every option of a choice made before the round and of every
/// decision during it (the strategies' or a person's), ascending.
pub(crate) fn nets(bet: &Bet, distribution: &Distribution) -> Vec<Exact> {
    nets_of(bet, values_paid(bet, distribution).as_deref())
}

/// [`nets`], the values a `pays` bet's name ends with already found
/// ([`values_paid`]).
pub(crate) fn nets_of(bet: &Bet, paid: Option<&[i64]>) -> Vec<Exact> {
    let one: Vec<Exact> = match paid {
        Some(values) => values.iter().copied().map(Exact::int).collect(),
        None => bet.nets().cloned().collect(),
    };
    if bet.other_hand_at.is_none() {
        return one;
    }
    // A round that splits settles one hand, or two: any two nets summed.
    let two = one.iter().flat_map(|a| one.iter().map(move |b| a + b));
    let mut all: Vec<Exact> = one.iter().cloned().chain(two).collect();
    all.sort();
    all.dedup();
    all
}

/// For a bet that `pays` a name, the values the name ends with under
/// `distribution`, ascending (see [`nets`]).
pub(crate) fn values_paid(bet: &Bet, distribution: &Distribution) -> Option<Vec<i64>> {
    let final_index = bet.pays()?;
    let mut values = BTreeSet::new();
    let mut stack = vec![distribution];
    while let Some(d) = stack.pop() {
        values.extend(
            d.ends
                .iter()
                .filter_map(|end| end.values.get(final_index).copied().flatten()),
        );
        // Where sides choose during the round, the ends their strategies
        // never reach too.
        if let Some(met) = d
            .solution
            .as_ref()
            .and_then(|s| s.finals_met.get(final_index))
        {
            values.extend(met.iter().copied());
        }
        stack.extend(
            d.choice
                .iter()
                .flat_map(|c| c.options.iter().map(|(_, o)| &**o)),
        );
    }
    Some(values.into_iter().collect())
}
