//! The events of a table (`dicerules play`'s transcript, and what every
//! fold of a session reads): one for each thing that happens, in order, as
//! `play --transcript json` writes them (docs/json.md).

use serde::Serialize;

use super::contract::whole_chips;
use super::FormatVersion;
use crate::number::Exact;

/// One line of the transcript, sent to the sink as it happens. Seats are
/// numbered from 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TableEvent {
    /// A game starts: chips are dealt. Sent first, and again when a
    /// bankrupt banker starts a new game (`bankrupt banker => new game`).
    Game {
        /// The game's number in the session, from 1.
        game_number: u64,
        /// How many seats are dealt chips.
        seats: usize,
        /// What each seat is dealt, in seat order.
        seat_chips: Vec<Exact>,
        /// The seat that banks; `None` when the house does.
        banker: Option<usize>,
    },
    /// A table round starts: sent before its bets.
    Round {
        /// The table round's number in the session, from 1 (a new game
        /// does not restart it).
        round: u64,
        /// The seat that banks; `None` when the house does.
        banker: Option<usize>,
    },
    /// A banker names the house limit: sent when a seat takes the bank
    /// with `limit set by the banker`.
    Limit {
        /// The banker.
        seat: usize,
        /// The limit on any one bet, in chips (a string in JSON, as every
        /// amount of chips).
        #[serde(serialize_with = "whole_chips")]
        chips: u64,
    },
    /// The bank puts up a stake: with `stake set by the bank`, at the start
    /// of each table round, before the punters cover it.
    BankStake {
        /// The banker.
        seat: usize,
        /// The bank's stake, in chips (a string in JSON).
        #[serde(serialize_with = "whole_chips")]
        stake: u64,
    },
    /// A seat bets: sent as the bet is placed, before the round that
    /// settles it is played.
    Bet {
        /// The bettor.
        seat: usize,
        /// The bet's name.
        bet: String,
        /// The stake, in chips, after any cut to what the bank covers (a
        /// string in JSON).
        #[serde(serialize_with = "whole_chips")]
        stake: u64,
        /// Whether the seat called "banco", covering the bank's whole
        /// stake alone.
        banco: bool,
    },
    /// A throw of dice: sent as the round throws, once per attempt of a
    /// reroll.
    Throw {
        /// The name the throw binds.
        name: String,
        /// The faces thrown, lowest first.
        faces: Vec<u32>,
        /// The attempt, from 1: a reroll (`until`) throws again while its
        /// condition fails.
        attempt: u64,
        /// Whether the throw stands: false for an attempt whose `until`
        /// condition failed, thrown again.
        accepted: bool,
    },
    /// A new shoe, shuffled: with a cut card (`play --cut`), sent before
    /// the first round and before each round the cut card has come out
    /// for, ahead of its cards.
    Shuffle {
        /// The cards of the game's finite shoes together (as `shoe`'s
        /// report names a shoe's cards).
        shoe_cards: u64,
    },
    /// Cards dealt: sent as the round deals them.
    Draw {
        /// The name the hand binds.
        name: String,
        /// The cards' values (as the shoe values them), in the order dealt.
        cards: Vec<u32>,
        /// The cards as players name them (`Q♠`), in the order dealt.
        names: Vec<String>,
        /// Dealt face down (`draw ... face down`): `cards` and `names` are
        /// empty until the cards are turned up.
        face_down: bool,
    },
    /// Cards dealt face down turned up: sent as the round ends, before its
    /// `End`.
    TurnUp {
        /// The name the hand binds.
        name: String,
        /// The cards' values, in the order dealt.
        cards: Vec<u32>,
        /// The cards as players name them.
        names: Vec<String>,
    },
    /// A choice made: sent as the round makes it.
    Choose {
        /// The choice: the name a `choose` binds, or a draw table's name.
        name: String,
        /// The option taken, as the file writes it.
        option: String,
        /// The first of `chosen_by`; `None` for a choice the strategy makes for
        /// a side no seat plays.
        seat: Option<usize>,
        /// The seats that chose this option: every seat on the choosing
        /// side's bet that took it (`choices by each seat`), or the largest
        /// stake on it (`choices by the largest stake`); the bank seat for
        /// the bank's bet; empty when no seat plays that side.
        chosen_by: Vec<usize>,
    },
    /// The round parts: seats on one bet chose differently. What follows,
    /// up to the next `Part` or the round's end, is the round of `path_seats`
    /// alone, from their choice on; a `Part` after an end goes back to the
    /// choice where its seats parted from the others, with the same dice
    /// and cards from there wherever both paths deal them.
    Part {
        /// The seats whose round this is.
        path_seats: Vec<usize>,
    },
    /// The round's outcome: sent when the round ends, before its
    /// settlements.
    End {
        /// The outcome's name; `None` for a round that ends without one
        /// (its bets settled on a value).
        outcome: Option<String>,
    },
    /// A seat's bet settled: its net and the chips it then holds. Sent
    /// after [`TableEvent::End`] for each bet placed, then once for a bank
    /// seat.
    Settle {
        /// The seat settled.
        seat: usize,
        /// The bet's name; for the bank seat, the bank's own bet (`bank
        /// bets BET`) or `bank`.
        bet: String,
        /// The payout as the bet writes it (`win 1 to 1`, `lose`); `bank`
        /// for the bank seat.
        payout: String,
        /// Chips won (above 0) or lost (below 0), exactly.
        net: Exact,
        /// The seat's chips after the settlement.
        chips: Exact,
    },
    /// What the house took from a round (its banking result, or the
    /// commission), and its total. Sent after the settlements: on every
    /// round the house banks, and on a round a seat banks when the house
    /// took something.
    House {
        /// What the house took from the round; below 0 when it paid.
        net: Exact,
        /// What it took since the session started.
        total: Exact,
    },
    /// The bank moves to the next seat in play, as the `bank` clause says
    /// or after a bankrupt banker leaves.
    BankPasses {
        /// The banker until now.
        from: usize,
        /// The new banker.
        to: usize,
    },
    /// The banker cannot cover a bet: sent when the bank's chips cannot pay
    /// the table minimum on the bet a punter places (or, with `stake set by
    /// the bank`, cannot put up the minimum); the `bankrupt banker` clause
    /// then decides.
    BankerBroke {
        /// The banker.
        seat: usize,
    },
    /// A seat with too few chips to bet leaves: sent after a table round
    /// for a seat that cannot stake the table minimum, and for a bankrupt
    /// banker with `bankrupt banker => bank passes`.
    Leaves {
        /// The seat leaving.
        seat: usize,
    },
    /// The session ends: every seat's chips and the house's. Sent last,
    /// unless the sink answered `Flow::Stop` or the session failed.
    Summary {
        /// Table rounds played.
        rounds: u64,
        /// Every seat's chips, in seat order.
        seat_chips: Vec<Exact>,
        /// What the house took since the session started.
        house: Exact,
        /// Why the session ended (`the rounds asked for were played`).
        reason: String,
    },
}

/// A line of the JSON transcript (`play --transcript json`): the event,
/// with the contract's version as its first key, on every line, so that a
/// line read alone (`grep`, `tail`) still says it (docs/json.md).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct EventLine<'a> {
    /// The version of the JSON contract.
    pub format_version: FormatVersion,
    /// The event.
    #[serde(flatten)]
    pub event: &'a TableEvent,
}
