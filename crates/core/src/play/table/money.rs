//! Money at a table: amounts, what the bank risks, and the audit of every
//! settlement.
//!
//! Chips held are exact rationals ([`Exact`]) with no upper bound: a seat
//! dealt 18446744073709551615 chips that wins `1000000007 to 3` on as many
//! holds the exact result, and the house's total goes as far below zero as
//! the seats win. Numbers a person or a file gives (chips dealt, stakes,
//! limits) are `u64` and become chips by [`chips`], never by a cast that
//! could wrap; a count of stakes computed from chips saturates at
//! `u64::MAX` ([`stakes_payable`]).
//!
//! Money is sacred: after every settlement no seat holds less than zero,
//! and the seats' chips plus what the house took since the deal equal what
//! was dealt ([`Ledger::audit`], checked in debug builds).

use super::TableError;
use crate::eval::exact::Distribution;
use crate::number::Exact;
use crate::program::Program;

/// `n` chips, exactly.
pub(super) fn chips(n: u64) -> Exact {
    Exact::from(n)
}

/// The most whole stakes `chips` can pay at `per_unit` each, at most
/// `u64::MAX`; no bound when a stake costs nothing.
pub(super) fn stakes_payable(chips: &Exact, per_unit: &Exact) -> u64 {
    if per_unit.is_zero() || per_unit.is_negative() {
        return u64::MAX;
    }
    if chips.is_negative() {
        return 0;
    }
    let whole = (chips / per_unit).0.floor().to_integer();
    u64::try_from(whole).unwrap_or(u64::MAX)
}

/// Each bet's largest net per chip staked, and its largest loss, both at
/// least zero: over its payout lines, or for a bet that `pays` a name, the
/// values the name ends with under `distribution` ([`crate::play::nets`]).
pub(super) fn extremes(program: &Program, distribution: &Distribution) -> (Vec<Exact>, Vec<Exact>) {
    program
        .bets
        .iter()
        .map(|b| {
            let nets = crate::play::nets(b, distribution);
            let won = nets.iter().max().cloned().unwrap_or_default();
            let lost = nets.iter().min().map(|n| -n).unwrap_or_default();
            (won.max(Exact::zero()), lost.max(Exact::zero()))
        })
        .unzip()
}

/// The most the bank seat can lose per chip a punter stakes on each bet:
/// what the punter's bet can win, or with `bank bets B` what B can lose
/// (the bank is settled by its own bet, the house keeps the difference).
pub(super) fn bank_risk(program: &Program, most_won: &[Exact], most_lost: &[Exact]) -> Vec<Exact> {
    match program.banking.bank_bets {
        Some(own) => vec![most_lost[own].clone(); most_won.len()],
        None => most_won.to_vec(),
    }
}

/// What a game was dealt, to audit its settlements against.
#[derive(Clone, Debug, Default)]
pub(super) struct Ledger {
    /// The chips dealt to the seats.
    dealt: Exact,
    /// The house's total when they were dealt.
    house: Exact,
}

impl Ledger {
    pub(super) fn new(seats: &[Exact], house: &Exact) -> Ledger {
        Ledger {
            dealt: seats.iter().fold(Exact::zero(), |a, b| &a + b),
            house: house.clone(),
        }
    }

    /// Whether the money is sound: no seat below zero, and the seats'
    /// chips plus the house's takings since the deal equal the chips
    /// dealt. The error says what is wrong (a debt of the first seat below
    /// zero, or the totals that differ).
    pub(super) fn audit<'a>(
        &self,
        seats: impl IntoIterator<Item = &'a Exact>,
        house: &Exact,
    ) -> Result<(), TableError> {
        let mut held = Exact::zero();
        for (i, c) in seats.into_iter().enumerate() {
            if c.is_negative() {
                return Err(TableError::Debt {
                    seat: i + 1,
                    chips: c.clone(),
                });
            }
            held = &held + c;
        }
        let total = &held + &(house - &self.house);
        if total != self.dealt {
            return Err(TableError::Unbalanced {
                held: Box::new(held),
                took: Box::new(house - &self.house),
                dealt: Box::new(self.dealt.clone()),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stakes_payable_saturates_and_never_wraps() {
        let most = chips(u64::MAX);
        assert_eq!(stakes_payable(&most, &Exact::ratio(1, 2)), u64::MAX);
        assert_eq!(stakes_payable(&most, &Exact::one()), u64::MAX);
        assert_eq!(stakes_payable(&most, &Exact::int(2)), u64::MAX / 2);
        assert_eq!(stakes_payable(&Exact::int(19), &Exact::int(10)), 1);
        assert_eq!(
            stakes_payable(&Exact::int(1000), &Exact::ratio(1000000007, 3)),
            0
        );
        assert_eq!(stakes_payable(&Exact::int(-1), &Exact::one()), 0);
        assert_eq!(stakes_payable(&Exact::zero(), &Exact::zero()), u64::MAX);
    }

    #[test]
    fn chips_beyond_i64_stay_positive() {
        assert_eq!(chips(u64::MAX).decimal(), "18446744073709551615");
        assert!(chips(1 << 63).is_positive());
    }

    #[test]
    fn the_audit_finds_debts_and_leaks() {
        let dealt = [Exact::int(10), Exact::int(5)];
        let ledger = Ledger::new(&dealt, &Exact::int(3));
        assert_eq!(ledger.audit(&dealt, &Exact::int(3)), Ok(()));
        let moved = [Exact::int(12), Exact::ratio(5, 2)];
        assert_eq!(ledger.audit(&moved, &Exact::ratio(7, 2)), Ok(()));
        let debt = [Exact::int(16), Exact::int(-1)];
        assert!(matches!(
            ledger.audit(&debt, &Exact::int(3)),
            Err(TableError::Debt { seat: 2, .. })
        ));
        let leak = [Exact::int(10), Exact::int(6)];
        assert_eq!(
            ledger.audit(&leak, &Exact::int(3)),
            Err(TableError::Unbalanced {
                held: Box::new(Exact::int(16)),
                took: Box::new(Exact::zero()),
                dealt: Box::new(Exact::int(15)),
            })
        );
    }
}
