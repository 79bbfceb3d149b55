//! The seats: the table's limits on a stake, the bets a seat places (an
//! automatic seat the table minimum on the bet of the lowest edge, a person
//! what they answer, asked again until the answer can be taken), and the
//! person asked until an answer can be taken.

use super::money::stakes_payable;
use super::{Person, Table, TableError, TableEvent};
use crate::number::Exact;
use crate::program::{Limit, Program, Stake};

/// A seat.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Seat {
    pub(super) chips: Exact,
    pub(super) playing: bool,
}

/// One bet placed on a round.
#[derive(Clone, Debug)]
pub(super) struct Placed {
    pub(super) seat: usize,
    pub(super) bet: usize,
    pub(super) stake: u64,
}

impl<'p, 'e> Table<'p, 'e> {
    /// What the automatic seat `seat` would stake, before the table's
    /// limits and its chips: its `--stakes` value, or the table minimum.
    pub(super) fn wanted(&self, seat: usize) -> u64 {
        let stakes = &self.options.stakes;
        let given = if stakes.len() == 1 {
            stakes.first()
        } else {
            stakes.get(seat)
        };
        given.copied().unwrap_or_else(|| self.minimum())
    }

    /// The largest stake the table allows a bettor, before chips.
    pub(super) fn stake_ceiling(&self) -> u64 {
        let limit = match self.banking().limit {
            Limit::None => u64::MAX,
            Limit::Fixed(v) => v,
            Limit::SetByBanker { up_to } => self.named_limit.or(up_to).unwrap_or(u64::MAX),
        };
        let stake = match self.stake() {
            Some(Stake::Fixed(v)) => *v,
            Some(Stake::UpTo(v)) => *v,
            _ => u64::MAX,
        };
        limit.min(stake)
    }

    /// The most a bank seat's net can move in one table round, whatever
    /// the chips: every punter's largest stake times the most a chip of it
    /// can win or lose, and never more than every chip dealt.
    pub fn round_bound(&self, dealt: &Exact) -> Exact {
        let per_chip = (self.bank_risk.iter().chain(&self.cost))
            .max()
            .cloned()
            .unwrap_or_else(Exact::one);
        let ceiling = self.stake_ceiling();
        if ceiling == u64::MAX {
            return dealt.clone();
        }
        let punters = Exact::from(self.options.seats.saturating_sub(1) as u64);
        let bound = &(&punters * &Exact::from(ceiling)) * &per_chip;
        bound.min(dealt.clone())
    }

    /// The stake rule the table agreed on: the file's first, or the one
    /// [`Options::stake`] picks.
    pub(super) fn stake(&self) -> Option<&Stake> {
        let stakes = &self.banking().stakes;
        stakes.get(self.options.stake).or(stakes.first())
    }

    /// The bet automatic punters make: the lowest house edge, or on a
    /// stake the bank sets, the first bet (every punter covers it on one).
    pub(super) fn automatic_bet(&self) -> usize {
        if self.stake() == Some(&Stake::SetByBank) {
            punter_bets(self.program).first().copied().unwrap_or(0)
        } else {
            self.best_bet
        }
    }

    /// The table minimum.
    pub(super) fn minimum(&self) -> u64 {
        match self.stake() {
            Some(Stake::Fixed(v)) => *v,
            _ => 1,
        }
    }

    /// The most a seat may stake on `bet`: what the table allows and what
    /// its chips can lose.
    pub(super) fn affordable(&self, seat: usize, bet: usize) -> u64 {
        let by_chips = stakes_payable(&self.seats[seat].chips, &self.cost[bet]);
        self.stake_ceiling().min(by_chips)
    }

    pub(super) fn is_person(&self, seat: usize) -> bool {
        self.options.person == Some(seat) && self.person.is_some() && !self.ended
    }

    /// Asks the person for a whole number in `lo..=hi`, again until the
    /// answer is one; `None` when the input ends.
    pub(super) fn ask_number(&mut self, question: &str, lo: u64, hi: u64) -> Option<u64> {
        let person = self.person.as_deref_mut()?;
        self.questions += 1;
        let answer = ask(person, question, |answer| {
            match answer.trim().parse::<u64>() {
                Ok(n) if lo <= n && n <= hi => Ok(n),
                _ => Err(TableError::WholeNumber { lo, hi }),
            }
        });
        self.ended |= answer.is_none();
        answer
    }

    /// The bet a punter places: `None` to sit the round out.
    pub(super) fn punter_bet(&mut self, seat: usize, bets: &[usize]) -> Option<Placed> {
        let minimum = self.minimum();
        if !self.is_person(seat) {
            let bet = self.best_bet;
            let most = self.affordable(seat, bet);
            return (most >= minimum).then(|| Placed {
                seat,
                bet,
                stake: self.wanted(seat).clamp(minimum, most),
            });
        }
        let names: Vec<&str> = bets
            .iter()
            .map(|&b| self.program.bets[b].name.as_str())
            .collect();
        let question = format!(
            "seat {} ({} chips): your bet{} (0 to sit out)",
            seat + 1,
            self.seats[seat].chips.decimal(),
            if names.len() > 1 {
                format!(" as AMOUNT BET, BET one of {}", names.join(", "))
            } else {
                format!(" on {}, as AMOUNT", names[0])
            },
        );
        let person = self.person.take()?;
        self.questions += 1;
        let answer = ask(&mut *person, &question, |answer| {
            self.parse_bet(seat, bets, &names, answer)
        });
        self.person = Some(person);
        self.ended |= answer.is_none();
        answer.flatten()
    }

    /// A person's answer to "your bet": `Ok(None)` to sit out, `Err` with
    /// why it cannot be taken.
    fn parse_bet(
        &self,
        seat: usize,
        bets: &[usize],
        names: &[&str],
        answer: &str,
    ) -> Result<Option<Placed>, TableError> {
        let words: Vec<&str> = answer.split_whitespace().collect();
        let (amount, name) = match words[..] {
            [amount] if names.len() == 1 || amount == "0" => (amount, names[0]),
            [amount, name] => (amount, name),
            _ => return Err(TableError::BetAnswer),
        };
        let Some(bet) = bets
            .iter()
            .copied()
            .find(|&b| self.program.bets[b].name == name)
        else {
            return Err(TableError::UnknownBet {
                name: name.to_string(),
                bets: names.iter().map(|n| n.to_string()).collect(),
            });
        };
        let (minimum, most) = (self.minimum(), self.affordable(seat, bet));
        let out_of_range = || Err(TableError::StakeRange { minimum, most });
        let stake = match amount.parse::<u64>() {
            Ok(0) => return Ok(None),
            Ok(stake) if (minimum..=most).contains(&stake) => stake,
            Ok(_) => return out_of_range(),
            // Digits beyond 64 bits: more than any one stake may be.
            Err(_) if amount.bytes().all(|b| b.is_ascii_digit()) => return out_of_range(),
            Err(_) => {
                return Err(TableError::NotChips {
                    amount: amount.to_string(),
                })
            }
        };
        if let Some(Stake::Fixed(v)) = self.stake() {
            if stake != *v {
                return Err(TableError::StakeFixed { stake: *v });
            }
        }
        Ok(Some(Placed { seat, bet, stake }))
    }

    /// Seats in turn from `start`, clockwise, skipping the banker and seats
    /// out of the game.
    pub(super) fn in_turn(&self, start: usize) -> Vec<usize> {
        let n = self.seats.len();
        (0..n)
            .map(|i| (start + i) % n)
            .filter(|&s| self.seats[s].playing && Some(s) != self.banker)
            .collect()
    }

    pub(super) fn announce(&mut self, p: &Placed, banco: bool) {
        self.emit(TableEvent::Bet {
            seat: p.seat,
            bet: self.program.bets[p.bet].name.clone(),
            stake: p.stake,
            banco,
        });
    }
}

/// Asks `person` until `parse` takes the answer, telling them why each
/// answer it refuses was refused (the error's message, without its code);
/// `None` at the end of input.
pub(super) fn ask<T>(
    person: &mut dyn Person,
    question: &str,
    mut parse: impl FnMut(&str) -> Result<T, TableError>,
) -> Option<T> {
    loop {
        match parse(&person.ask(question)?) {
            Ok(value) => return Some(value),
            Err(why) => person.tell(&why.to_string()),
        }
    }
}

/// The bets punters may make: every bet but the bank's own.
pub(crate) fn punter_bets(program: &Program) -> Vec<usize> {
    (0..program.bets.len())
        .filter(|&b| Some(b) != program.banking.bank_bets)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{Flow, Options};
    use super::*;
    use crate::play::round::{MAX_DICE, MAX_REROLLS};

    /// Each answer to "your bet" at seat `seat` of `game`, by what the table
    /// makes of it: a stake placed, a pass, or the kind of refusal.
    fn answers(game: &str, seat: usize, cases: &[(&str, Result<Option<u64>, TableError>)]) {
        let (_, program) = crate::check::load(game, &Default::default()).expect("the game checks");
        let distribution =
            crate::solve::evaluate(&program, Default::default()).expect("the game evaluates");
        let (program, distribution) = (&program, &distribution);
        let options = Options {
            seats: 3,
            chips: None,
            rounds: 1,
            seed: 1,
            person: None,
            max_dice: MAX_DICE,
            max_rerolls: MAX_REROLLS,
            stake: 0,
            stakes: Vec::new(),
            cut: None,
        };
        let mut sink = |_| Flow::Continue;
        let mut table = Table::new(program, distribution, options, None, &mut sink);
        table.new_game(0);
        let bets = punter_bets(program);
        let names: Vec<&str> = bets
            .iter()
            .map(|&b| program.bets[b].name.as_str())
            .collect();
        for (answer, expected) in cases {
            let got = table.parse_bet(seat, &bets, &names, answer);
            assert_eq!(&got.map(|p| p.map(|p| p.stake)), expected, "{answer:?}");
        }
    }

    #[test]
    fn a_bet_answered_is_placed_or_refused_by_kind() {
        let unknown = TableError::UnknownBet {
            name: "baccarat".to_string(),
            bets: vec!["player".into(), "banker".into(), "tie".into()],
        };
        // A house limit of 100, 1000 chips a seat.
        let range = TableError::StakeRange {
            minimum: 1,
            most: 100,
        };
        answers(
            include_str!("../../../../../games/punto_banco.dice"),
            0,
            &[
                ("lots", Err(TableError::BetAnswer)),
                ("5", Err(TableError::BetAnswer)),
                ("3 tie banker", Err(TableError::BetAnswer)),
                ("3 baccarat", Err(unknown)),
                ("999999 tie", Err(range.clone())),
                ("99999999999999999999999 tie", Err(range)),
                (
                    "-3 tie",
                    Err(TableError::NotChips {
                        amount: "-3".to_string(),
                    }),
                ),
                ("0", Ok(None)),
                ("3 tie", Ok(Some(3))),
            ],
        );
    }

    #[test]
    fn a_fixed_stake_is_the_only_stake() {
        // `stake fixed 2`, one bet: an amount alone is enough.
        let range = TableError::StakeRange {
            minimum: 2,
            most: 2,
        };
        answers(
            include_str!("../../../../../games/twenty_six.dice"),
            1,
            &[
                ("3", Err(range.clone())),
                ("1 player", Err(range)),
                ("2", Ok(Some(2))),
            ],
        );
    }
}
