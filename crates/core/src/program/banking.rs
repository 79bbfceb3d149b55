//! The `banking` item resolved: who banks, what may be staked, the chips
//! each seat starts with.

use crate::ast::Span;

/// The `banking` item resolved: who banks, what may be staked, the chips
/// each seat starts with. Without the item, the house banks every seat's
/// bets with no limit ([`Banking::default`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Banking {
    pub bank: Bank,
    /// `bank bets BET`: the bet (index into `Program::bets`) the bank seat
    /// is settled by; the punters are settled by their own bet, and the
    /// house keeps the difference.
    pub bank_bets: Option<usize>,
    /// The stakes the table may agree on; the first is the default. Never
    /// empty.
    pub stakes: Vec<Stake>,
    /// One punter may call "banco" and cover the whole bank alone.
    pub banco: bool,
    /// `bank covers every bet`: the bank takes any stake the table allows
    /// and pays what it owes while it has chips; a settlement it cannot pay
    /// in full takes all it holds, and the bank is bankrupt. Without it the
    /// bank covers a stake only as far as its chips pay the bet's largest
    /// win.
    pub covers_every_bet: bool,
    pub limit: Limit,
    /// Starting chips of each player and of the first banker.
    pub chips: Chips,
    pub bankrupt_banker: BankruptBanker,
    /// `choices by the largest stake`: the largest stake on a bet makes its
    /// side's choices for every seat on it (one hand for the table); by
    /// default (`choices by each seat`) each seat decides for its own bet.
    pub largest_stake_chooses: bool,
    /// Where the item is written; the round's span without one.
    pub span: Span,
}

impl Banking {
    /// Why the seats' stakes `stakes` (`--stakes`, or an `at`'s `stakes`)
    /// cannot be taken at a table of `seats` seats under the stake rule
    /// `rule` (from 0): a count other than 1 or `seats`, or a stake the
    /// rule or the house limit never allows.
    pub fn seat_stakes_error(&self, rule: usize, seats: usize, stakes: &[u64]) -> Option<String> {
        if stakes.len() > 1 && stakes.len() != seats {
            return Some(format!(
                "{} stakes for {seats} seats: give one for every seat, or one for all",
                stakes.len()
            ));
        }
        let limit = match self.limit {
            Limit::Fixed(v) => Some(v),
            _ => None,
        };
        let rule = self.stakes.get(rule).or(self.stakes.first());
        let why = |v: u64| match (rule, limit) {
            _ if v == 0 => Some("a seat stakes at least 1".to_string()),
            (Some(Stake::Fixed(f)), _) if v != *f => Some(format!("the stake is fixed at {f}")),
            (Some(Stake::UpTo(most)), _) if v > *most => Some(format!("stakes are up to {most}")),
            (_, Some(l)) if v > l => Some(format!("the house limit is {l}")),
            _ => None,
        };
        stakes
            .iter()
            .find_map(|&v| why(v).map(|why| format!("a stake of {v} cannot be made: {why}")))
    }
}

impl Default for Banking {
    fn default() -> Self {
        Banking {
            bank: Bank::House,
            bank_bets: None,
            stakes: vec![Stake::Free],
            banco: false,
            covers_every_bet: false,
            limit: Limit::None,
            chips: Chips {
                players: 100,
                banker: 100,
            },
            bankrupt_banker: BankruptBanker::BankPasses,
            largest_stake_chooses: false,
            span: Span::new(0, 0),
        }
    }
}

/// Who holds the bank, and when it moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bank {
    /// `bank house`: the house covers every bet; every seat bets.
    House,
    /// `bank rotates every round`.
    RotatesEveryRound,
    /// `bank kept until the banker loses a round`.
    KeptUntilBankerLoses,
    /// `bank passes when O | O`: after a round ending in one of these
    /// outcomes (indices into `Program::outcomes`).
    PassesWhen(Vec<usize>),
    /// `bank kept for the game`.
    KeptForGame,
}

/// How much a bet may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stake {
    /// `stake fixed V`: every bet is V chips.
    Fixed(u64),
    /// `stake up to V`.
    UpTo(u64),
    /// `stake free`: anything the bettor has.
    Free,
    /// `stake set by the bank`: the banker puts up a stake, punters cover
    /// it in seat order.
    SetByBank,
}

/// The house limit on any one bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    None,
    /// `limit = V`.
    Fixed(u64),
    /// `limit set by the banker [up to V]`: each banker names the limit
    /// when he takes the bank.
    SetByBanker {
        up_to: Option<u64>,
    },
}

/// Starting chips.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chips {
    pub players: u64,
    pub banker: u64,
}

/// What happens when the banker cannot cover a bet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BankruptBanker {
    /// The game ends; a new one deals chips afresh, the bank goes to the
    /// next seat, and the player whose turn it was throws first.
    NewGame,
    /// The bank passes to the next seat.
    BankPasses,
}
