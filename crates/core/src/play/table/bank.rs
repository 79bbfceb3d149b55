//! The bank: who banks (a new game's deal, the limit a banker names), the
//! table round as the bank runs it (covering each bet while its chips pay,
//! or putting up a stake the punters cover), the bank passing, and a bank
//! that cannot cover the table minimum.

use super::money::stakes_payable;
use super::money::{chips, Ledger};
use super::script::{Paused, PunterTurn};
use super::seat::{punter_bets, Placed, Seat};
use super::session::Ending;
use super::{Table, TableError, TableEvent};
use crate::number::Exact;
use crate::program::{Bank, BankruptBanker, Limit, Stake};

impl<'p, 'e> Table<'p, 'e> {
    /// Deals chips afresh; the bank goes to `banker` (a seat bank).
    pub(super) fn new_game(&mut self, banker: usize) {
        self.game += 1;
        let dealt = self.banking().chips;
        let players = self.options.chips.unwrap_or(dealt.players);
        let bank_chips = self.options.chips.unwrap_or(dealt.banker);
        let seat_bank = self.banking().bank != Bank::House;
        self.banker = seat_bank.then_some(banker % self.options.seats.max(1));
        self.seats = (0..self.options.seats)
            .map(|i| Seat {
                chips: chips(if Some(i) == self.banker {
                    bank_chips
                } else {
                    players
                }),
                playing: true,
            })
            .collect();
        let dealt: Vec<Exact> = self.seats.iter().map(|s| s.chips.clone()).collect();
        self.ledger = Ledger::new(&dealt, &self.house);
        self.emit(TableEvent::Game {
            game_number: self.game,
            seats: self.options.seats,
            seat_chips: self.seats.iter().map(|s| s.chips.clone()).collect(),
            banker: self.banker,
        });
        self.take_bank();
        // A seat dealt too few chips for the smallest bet leaves before the
        // first round, as it would after any round: a table where no seat
        // can ever stake plays no round.
        self.leave_if_short(self.banker);
        self.unplayable = self.never_covered(bank_chips);
    }

    /// Why no round can ever be played, when a bankrupt banker starts a
    /// new game and a bank of `bank_chips` cannot cover the smallest bet:
    /// every game deals the same and would end at once.
    fn never_covered(&self, bank_chips: u64) -> Option<Ending> {
        if self.banker.is_none()
            || self.banking().bankrupt_banker != BankruptBanker::NewGame
            || self.banking().covers_every_bet
        {
            return None;
        }
        // A person may bet on any bet, except on a stake the bank sets.
        let mut risk = self.bank_risk[self.automatic_bet()].clone();
        let chooses = self.stake() != Some(&Stake::SetByBank);
        if chooses && self.options.person.is_some() && self.person.is_some() && !self.ended {
            for b in punter_bets(self.program) {
                risk = risk.min(self.bank_risk[b].clone());
            }
        }
        let cost = &chips(self.minimum()) * &risk;
        (chips(bank_chips) < cost).then_some(Ending::NeverCovered { bank_chips, cost })
    }

    /// A new banker names the limit, where the banker does.
    fn take_bank(&mut self) {
        self.named_limit = None;
        let (Some(seat), Limit::SetByBanker { up_to }) = (self.banker, self.banking().limit) else {
            return;
        };
        let most = up_to.unwrap_or(u64::MAX);
        // A limit below a fixed stake would leave no bet to make.
        let least = self.minimum().min(most);
        let limit = if self.is_person(seat) {
            let q = format!(
                "seat {} banks: name the house limit ({least} to {most})",
                seat + 1
            );
            self.ask_number(&q, least, most).unwrap_or(most)
        } else {
            most
        };
        self.named_limit = Some(limit);
        self.emit(TableEvent::Limit { seat, chips: limit });
    }

    /// One table round.
    pub(super) fn table_round(&mut self) -> Result<(), TableError> {
        let bets = punter_bets(self.program);
        // Where the exact session paused the round before a punter's run,
        // it goes on from that punter (the others replay from the start).
        let resumed = match self.paused.take() {
            Some(Paused::Punter(p)) => Some(p),
            _ => None,
        };
        let Some(banker) = self.banker else {
            // The house banks: every seat bets on one round.
            let mut placed = Vec::new();
            for seat in self.in_turn(0) {
                if let Some(p) = self.punter_bet(seat, &bets) {
                    self.announce(&p, false);
                    placed.push(p);
                }
            }
            if !placed.is_empty() {
                self.play(&placed, None)?;
            }
            self.after_round(None, false, false);
            return Ok(());
        };
        if self.stake() == Some(&Stake::SetByBank) {
            return self.bank_stakes(banker, &bets);
        }
        // The table's throws and cards, where each punter plays a run of
        // his own, are made once for the table round.
        let shared = self.round.start_table_round();
        let played = self.punters_round(banker, &bets, resumed);
        if shared {
            for turned in self.round.end_table_round() {
                if let Some(event) = super::session::round_event(turned) {
                    self.emit(event);
                }
            }
        }
        played
    }

    /// The punters' runs in turn against the bank seat `banker`, from
    /// where the exact session paused the round (`resumed`) if it did.
    fn punters_round(
        &mut self,
        banker: usize,
        bets: &[usize],
        resumed: Option<PunterTurn>,
    ) -> Result<(), TableError> {
        let (start, done, mut banker_lost, mut passes) = match resumed {
            Some(p) => {
                self.part = p.part;
                (p.start, p.done, p.banker_lost, p.passes)
            }
            None => {
                self.part = None;
                let start = if self.first == banker {
                    banker + 1
                } else {
                    self.first
                };
                (start, 0, false, false)
            }
        };
        for (i, seat) in self.in_turn(start).into_iter().enumerate().skip(done) {
            if self.ended || self.banker != Some(banker) {
                break;
            }
            let Some(mut p) = self.punter_bet(seat, bets) else {
                continue;
            };
            // The banker covers what his chips can pay.
            let covers = self.covers(banker, p.bet);
            if covers < self.minimum() {
                self.emit(TableEvent::BankerBroke { seat: banker });
                self.first = seat;
                return self.broke(banker);
            }
            if p.stake > covers && self.is_person(seat) {
                let cut = TableError::StakeCut {
                    covered: covers,
                    stake: p.stake,
                };
                if let Some(person) = self.person.as_deref_mut() {
                    person.tell(&cut.to_string());
                }
            }
            p.stake = p.stake.min(covers);
            self.announce(&p, false);
            // Where the session pauses at this run, it resumes here.
            self.paused = Some(Paused::Punter(PunterTurn {
                start,
                done: i,
                banker_lost,
                passes,
                part: self.part,
            }));
            let (lost, outcome) = self.play(&[p], Some(banker))?;
            self.paused = None;
            banker_lost |= lost;
            passes |= self.passes_on(outcome);
            // A bank that covers every bet and paid all it had is put out
            // of business there; the next punter throws first after it.
            if self.banking().covers_every_bet && self.seats[banker].chips.is_zero() {
                self.emit(TableEvent::BankerBroke { seat: banker });
                self.first = self.in_turn(seat + 1).first().copied().unwrap_or(seat);
                return self.broke(banker);
            }
        }
        self.first = banker + 1;
        self.after_round(Some(banker), banker_lost, passes);
        Ok(())
    }

    /// The largest stake on `bet` the banker's chips can pay; with `bank
    /// covers every bet`, any stake while it has chips.
    fn covers(&self, banker: usize, bet: usize) -> u64 {
        let chips = &self.seats[banker].chips;
        if self.banking().covers_every_bet {
            return if chips.is_positive() { u64::MAX } else { 0 };
        }
        stakes_payable(chips, &self.bank_risk[bet])
    }

    /// A table round where the bank puts up a stake and punters cover it.
    fn bank_stakes(&mut self, banker: usize, bets: &[usize]) -> Result<(), TableError> {
        let bet = bets.first().copied().unwrap_or(0);
        // The punters' stakes add up to the bank's, and the bank pays
        // each at the bet's odds: it puts up no more than it can pay.
        let most = self.covers(banker, bet).min(self.stake_ceiling());
        let minimum = self.minimum();
        if most < minimum {
            self.emit(TableEvent::BankerBroke { seat: banker });
            return self.broke(banker);
        }
        let stake = if self.is_person(banker) {
            let q = format!(
                "seat {} banks: put up a stake ({minimum} to {most})",
                banker + 1
            );
            self.ask_number(&q, minimum, most).unwrap_or(minimum)
        } else {
            self.wanted(banker).clamp(minimum, most)
        };
        self.emit(TableEvent::BankStake {
            seat: banker,
            stake,
        });
        let mut placed: Vec<Placed> = Vec::new();
        let mut open = stake;
        for seat in self.in_turn(banker + 1) {
            if open == 0 {
                break;
            }
            let can = self.affordable(seat, bet).min(open);
            if can == 0 {
                continue;
            }
            let take = if self.is_person(seat) {
                let q = format!(
                    "seat {} ({} chips): cover how much of the bank's {open}? ({} calls banco; 0 passes)",
                    seat + 1,
                    self.seats[seat].chips.decimal(),
                    open
                );
                match self.ask_number(&q, 0, can) {
                    Some(n) => n,
                    None => break,
                }
            } else {
                can
            };
            if take == 0 {
                continue;
            }
            let banco = self.banking().banco && placed.is_empty() && take == stake;
            let p = Placed {
                seat,
                bet,
                stake: take,
            };
            self.announce(&p, banco);
            placed.push(p);
            open -= take;
            if banco {
                break;
            }
        }
        let mut passes = false;
        let mut lost = false;
        if !placed.is_empty() {
            // The largest stake plays the hand.
            placed.sort_by_key(|p| std::cmp::Reverse(p.stake));
            let (l, outcome) = self.play(&placed, Some(banker))?;
            lost = l;
            passes = self.passes_on(outcome);
        }
        self.after_round(Some(banker), lost, passes);
        Ok(())
    }

    /// Whether a round ending so passes the bank.
    pub(super) fn passes_on(&self, outcome: Option<usize>) -> bool {
        match (&self.banking().bank, outcome) {
            (Bank::PassesWhen(outcomes), Some(o)) => outcomes.contains(&o),
            _ => false,
        }
    }

    /// After a table round: the seats that cannot make the smallest bet
    /// leave; the bank moves.
    pub(super) fn after_round(&mut self, banker: Option<usize>, banker_lost: bool, passes: bool) {
        self.leave_if_short(banker);
        let Some(b) = banker else { return };
        let moves = match self.banking().bank {
            Bank::RotatesEveryRound => true,
            Bank::KeptUntilBankerLoses => banker_lost,
            Bank::PassesWhen(_) => passes,
            Bank::KeptForGame | Bank::House => false,
        };
        if moves {
            self.pass_bank(b);
        }
    }

    /// Seats other than `banker` whose chips cannot lose the smallest bet
    /// leave the table.
    fn leave_if_short(&mut self, banker: Option<usize>) {
        let minimum = chips(self.minimum());
        for s in 0..self.seats.len() {
            let lost = &self.cost[self.automatic_bet()];
            let needed = &minimum * lost;
            if self.seats[s].playing && Some(s) != banker && self.seats[s].chips < needed {
                self.seats[s].playing = false;
                self.emit(TableEvent::Leaves { seat: s });
            }
        }
    }

    /// The bank goes to the next seat in the game.
    fn pass_bank(&mut self, from: usize) {
        let next = self.in_turn(from + 1).first().copied();
        if let Some(to) = next {
            self.banker = Some(to);
            self.emit(TableEvent::BankPasses { from, to });
            self.take_bank();
        }
    }

    /// The banker cannot cover the smallest bet.
    fn broke(&mut self, banker: usize) -> Result<(), TableError> {
        match self.banking().bankrupt_banker {
            BankruptBanker::NewGame => self.new_game(banker + 1),
            BankruptBanker::BankPasses => {
                self.seats[banker].playing = false;
                self.emit(TableEvent::Leaves { seat: banker });
                self.pass_bank(banker);
            }
        }
        Ok(())
    }
}
