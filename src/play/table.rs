//! A table: seats with chips playing a game for many rounds by its
//! `banking` rules (docs/language.md §11).
//!
//! A *table round* is one of:
//!
//! - with the house banking, every seat bets and one round is played for
//!   all of them;
//! - with a seat banking, the banker plays the round once against each
//!   other seat in turn, clockwise from his left, covering each bet while
//!   his chips allow;
//! - with `stake set by the bank`, the banker puts up a stake, punters
//!   cover it in seat order (or one calls "banco" and covers it all), and
//!   one round is played against all of them.
//!
//! Chips are exact numbers: a bet paid 0.95 to 1 pays 0.95 of its stake.
//! What seats lose and do not win back goes to the house (its banking
//! result, or the commission), so that the seats' chips plus the house's
//! always equal the chips dealt. No seat goes below zero: a stake is put
//! down from the seat's chips, and a bank seat covers a bet only as far as
//! its chips pay what it risks per chip (`money::bank_risk`); a bank
//! that cannot cover the table minimum is bankrupt, and the `bankrupt
//! banker` clause decides. Every settlement is audited in debug builds.
//! A session ends at once when no round can ever be played.
//!
//! Automatic seats bet the table minimum (one chip, or the fixed stake) on
//! the bet with the lowest house edge, and choose by the strategies of the
//! exact evaluation. One seat may be a person ([`Person`]), asked for its
//! bets and choices.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::Serialize;

use super::money::{self, chips, stakes_payable, Ledger};
use super::round::{Event, Round, Source};
use super::strategy::{Automatic, Strategy};
use crate::eval::exact::Distribution;
use crate::eval::figures::BetFigures;
use crate::eval::EvalError;
use crate::number::Exact;
use crate::program::{Bank, BankruptBanker, Limit, Program, Stake};

/// How the session runs.
#[derive(Clone, Debug)]
pub struct Options {
    pub seats: usize,
    /// Starting chips of every seat, instead of the file's.
    pub chips: Option<u64>,
    /// Table rounds to play.
    pub rounds: u64,
    pub seed: u64,
    /// The seat (from 0) a person plays, if any.
    pub person: Option<usize>,
    /// The most dice and cards one round throws and deals before it fails.
    pub max_dice: u64,
    /// The most attempts of a reroll before the session fails.
    pub max_rerolls: u64,
    /// Which of the file's stake rules (`stake A or B`) the table agrees
    /// on, from 0; the first where there is no such rule.
    pub stake: usize,
}

/// Asks a person for bets and choices.
pub trait Person {
    /// Asks a question; `None` at the end of input.
    fn ask(&mut self, question: &str) -> Option<String>;
    /// Says why an answer was not taken.
    fn tell(&mut self, message: &str);
}

/// What the reader of the transcript says after each event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on.
    Continue,
    /// End the session at the end of this round, with its summary (Ctrl-C).
    Interrupt,
    /// Stop at once, without a summary: nobody reads the transcript any
    /// more (a closed pipe, a full disk).
    Stop,
}

/// One line of the transcript. Seats are numbered from 1.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum TableEvent {
    /// A game starts: chips are dealt.
    Game {
        game: u64,
        seats: usize,
        chips: Vec<Exact>,
        banker: Option<usize>,
    },
    /// A table round starts.
    Round { round: u64, banker: Option<usize> },
    /// A banker names the house limit.
    Limit { seat: usize, limit: u64 },
    /// The bank puts up a stake.
    BankStake { seat: usize, stake: u64 },
    /// A seat bets.
    Bet {
        seat: usize,
        bet: String,
        stake: u64,
        banco: bool,
    },
    /// A throw of dice.
    Throw {
        name: String,
        faces: Vec<u32>,
        attempt: u64,
        accepted: bool,
    },
    /// Cards dealt.
    Draw { name: String, cards: Vec<u32> },
    /// A choice made.
    Choose {
        name: String,
        option: String,
        seat: Option<usize>,
    },
    /// The round's outcome.
    End { outcome: Option<String> },
    /// A seat's bet settled: its net and the chips it then holds.
    Settle {
        seat: usize,
        bet: String,
        payout: String,
        net: Exact,
        chips: Exact,
    },
    /// What the house took from a round (its banking result, or the
    /// commission), and its total.
    House { net: Exact, total: Exact },
    /// The bank moves.
    BankPasses { from: usize, to: usize },
    /// The banker cannot cover a bet.
    BankerBroke { seat: usize },
    /// A seat with too few chips to bet leaves.
    Leaves { seat: usize },
    /// The session ends: every seat's chips and the house's.
    Summary {
        rounds: u64,
        chips: Vec<Exact>,
        house: Exact,
        reason: String,
    },
}

impl TableEvent {
    /// The event with seats numbered from 1 instead of 0.
    fn numbered_from_one(mut self) -> TableEvent {
        match &mut self {
            TableEvent::Game { banker, .. } | TableEvent::Round { banker, .. } => {
                *banker = banker.map(|b| b + 1)
            }
            TableEvent::Limit { seat, .. }
            | TableEvent::BankStake { seat, .. }
            | TableEvent::Bet { seat, .. }
            | TableEvent::Settle { seat, .. }
            | TableEvent::BankerBroke { seat }
            | TableEvent::Leaves { seat } => *seat += 1,
            TableEvent::Choose { seat, .. } => *seat = seat.map(|s| s + 1),
            TableEvent::BankPasses { from, to } => {
                *from += 1;
                *to += 1;
            }
            TableEvent::Throw { .. }
            | TableEvent::Draw { .. }
            | TableEvent::End { .. }
            | TableEvent::House { .. }
            | TableEvent::Summary { .. } => {}
        }
        self
    }
}

/// A seat.
#[derive(Clone, Debug, PartialEq)]
struct Seat {
    chips: Exact,
    playing: bool,
}

/// One bet placed on a round.
#[derive(Clone, Debug)]
struct Placed {
    seat: usize,
    bet: usize,
    stake: u64,
}

/// The session.
pub struct Table<'p, 'e> {
    program: &'p Program,
    strategy: Strategy,
    options: Options,
    round: Round<'p>,
    rng: Xoshiro256PlusPlus,
    seats: Vec<Seat>,
    banker: Option<usize>,
    /// The limit the current banker named, with `limit set by the banker`.
    named_limit: Option<u64>,
    house: Exact,
    /// The bet automatic punters make: the lowest house edge.
    best_bet: usize,
    /// What a chip staked on each bet can cost its bettor (at least the
    /// chip: a stake is put down in chips).
    cost: Vec<Exact>,
    /// The most the bank seat can lose per chip staked on each bet.
    bank_risk: Vec<Exact>,
    /// What the game was dealt, to audit every settlement against.
    ledger: Ledger,
    /// Why no round can ever be played, once that is known.
    unplayable: Option<String>,
    /// Bets settled, and questions put to the person, in the session:
    /// while neither moves, the table plays no dice and asks no one.
    settled: u64,
    questions: u64,
    game: u64,
    /// The seat that starts the next table round against the banker.
    first: usize,
    person: Option<&'e mut dyn Person>,
    /// The person's input ended.
    ended: bool,
    /// What the transcript's reader last asked for.
    flow: Flow,
    sink: &'e mut dyn FnMut(TableEvent) -> Flow,
}

impl<'p, 'e> Table<'p, 'e> {
    pub fn new(
        program: &'p Program,
        distribution: &Distribution,
        options: Options,
        person: Option<&'e mut dyn Person>,
        emit: &'e mut dyn FnMut(TableEvent) -> Flow,
    ) -> Table<'p, 'e> {
        let edges: Vec<Exact> = program
            .bets
            .iter()
            .map(|b| -&BetFigures::new(b, distribution).ev)
            .collect();
        let best_bet = punter_bets(program)
            .into_iter()
            .min_by(|&a, &b| edges[a].cmp(&edges[b]))
            .unwrap_or(0);
        let (most_won, most_lost) = money::extremes(program);
        let bank_risk = money::bank_risk(program, &most_won, &most_lost);
        let cost = most_lost.into_iter().map(|l| l.max(Exact::one())).collect();
        Table {
            program,
            strategy: Strategy::new(distribution),
            round: Round::new(program)
                .with_max_rerolls(options.max_rerolls)
                .with_max_dice(options.max_dice),
            rng: Xoshiro256PlusPlus::seed_from_u64(options.seed),
            seats: Vec::new(),
            banker: None,
            named_limit: None,
            house: Exact::zero(),
            best_bet,
            cost,
            bank_risk,
            ledger: Ledger::default(),
            unplayable: None,
            settled: 0,
            questions: 0,
            game: 0,
            first: 0,
            options,
            person,
            ended: false,
            flow: Flow::Continue,
            sink: emit,
        }
    }

    /// Plays the session; the summary is the last event, unless the sink
    /// asked to stop.
    pub fn run(&mut self) -> Result<(), EvalError> {
        self.new_game(0);
        let mut played = 0;
        // The table at the start of each round since a bet was last settled
        // or the person last asked: a table back where it was would go
        // round so forever, throwing no dice.
        let mut seen: Vec<Snapshot> = Vec::new();
        let mut moved = (self.settled, self.questions);
        let reason = loop {
            match self.flow {
                Flow::Stop => return Ok(()),
                Flow::Interrupt => break "the session was interrupted".to_string(),
                Flow::Continue => {}
            }
            if let Some(why) = self.unplayable.take() {
                break why;
            }
            if played == self.options.rounds {
                break "the rounds asked for were played".to_string();
            }
            if self.ended {
                break "the input ended".to_string();
            }
            let needed = if self.banker.is_some() { 2 } else { 1 };
            if self.seats.iter().filter(|s| s.playing).count() < needed {
                break "too few seats have chips to play".to_string();
            }
            if moved != (self.settled, self.questions) {
                moved = (self.settled, self.questions);
                seen.clear();
            }
            let now = self.snapshot();
            if seen.contains(&now) {
                break "no round can be played: the table came back to where it was \
                       with no bet settled"
                    .to_string();
            }
            seen.push(now);
            played += 1;
            self.emit(TableEvent::Round {
                round: played,
                banker: self.banker,
            });
            self.table_round()?;
        };
        self.emit(TableEvent::Summary {
            rounds: played,
            chips: self.seats.iter().map(|s| s.chips.clone()).collect(),
            house: self.house.clone(),
            reason,
        });
        Ok(())
    }

    /// What decides the next table round, when no dice are thrown.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            seats: self.seats.clone(),
            banker: self.banker,
            named_limit: self.named_limit,
            first: self.first,
        }
    }

    /// Emits an event, seats numbered from 1 as the table calls them.
    fn emit(&mut self, event: TableEvent) {
        send(&mut *self.sink, &mut self.flow, event);
    }

    fn banking(&self) -> &'p crate::program::Banking {
        &self.program.banking
    }

    /// Deals chips afresh; the bank goes to `banker` (a seat bank).
    fn new_game(&mut self, banker: usize) {
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
            game: self.game,
            seats: self.options.seats,
            chips: self.seats.iter().map(|s| s.chips.clone()).collect(),
            banker: self.banker,
        });
        self.take_bank();
        self.unplayable = self.never_covered(bank_chips);
    }

    /// Why no round can ever be played, when a bankrupt banker starts a
    /// new game and a bank of `bank_chips` cannot cover the smallest bet:
    /// every game deals the same and would end at once.
    fn never_covered(&self, bank_chips: u64) -> Option<String> {
        if self.banker.is_none() || self.banking().bankrupt_banker != BankruptBanker::NewGame {
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
        (chips(bank_chips) < cost).then(|| {
            format!(
                "no round can be played: a bank of {bank_chips} chips cannot cover the smallest bet, \
                 which can cost it {}, and every new game deals the same",
                cost.decimal()
            )
        })
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
        self.emit(TableEvent::Limit { seat, limit });
    }

    /// The largest stake the table allows a bettor, before chips.
    fn stake_ceiling(&self) -> u64 {
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

    /// The stake rule the table agreed on: the file's first, or the one
    /// [`Options::stake`] picks.
    fn stake(&self) -> Option<&Stake> {
        let stakes = &self.banking().stakes;
        stakes.get(self.options.stake).or(stakes.first())
    }

    /// The bet automatic punters make: the lowest house edge, or on a
    /// stake the bank sets, the first bet (every punter covers it on one).
    fn automatic_bet(&self) -> usize {
        if self.stake() == Some(&Stake::SetByBank) {
            punter_bets(self.program).first().copied().unwrap_or(0)
        } else {
            self.best_bet
        }
    }

    /// The table minimum.
    fn minimum(&self) -> u64 {
        match self.stake() {
            Some(Stake::Fixed(v)) => *v,
            _ => 1,
        }
    }

    /// The most a seat may stake on `bet`: what the table allows and what
    /// its chips can lose.
    fn affordable(&self, seat: usize, bet: usize) -> u64 {
        let by_chips = stakes_payable(&self.seats[seat].chips, &self.cost[bet]);
        self.stake_ceiling().min(by_chips)
    }

    fn is_person(&self, seat: usize) -> bool {
        self.options.person == Some(seat) && self.person.is_some() && !self.ended
    }

    /// Asks the person for a whole number in `lo..=hi`, again until the
    /// answer is one; `None` when the input ends.
    fn ask_number(&mut self, question: &str, lo: u64, hi: u64) -> Option<u64> {
        let person = self.person.as_deref_mut()?;
        self.questions += 1;
        let answer = ask(person, question, |answer| {
            match answer.trim().parse::<u64>() {
                Ok(n) if lo <= n && n <= hi => Ok(n),
                _ => Err(format!("please answer a whole number from {lo} to {hi}")),
            }
        });
        self.ended |= answer.is_none();
        answer
    }

    /// The bet a punter places: `None` to sit the round out.
    fn punter_bet(&mut self, seat: usize, bets: &[usize]) -> Option<Placed> {
        let minimum = self.minimum();
        if !self.is_person(seat) {
            let bet = self.best_bet;
            return (self.affordable(seat, bet) >= minimum).then_some(Placed {
                seat,
                bet,
                stake: minimum,
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
    /// the reason it cannot be taken.
    fn parse_bet(
        &self,
        seat: usize,
        bets: &[usize],
        names: &[&str],
        answer: &str,
    ) -> Result<Option<Placed>, String> {
        let words: Vec<&str> = answer.split_whitespace().collect();
        let (amount, name) =
            match words[..] {
                [amount] if names.len() == 1 || amount == "0" => (amount, names[0]),
                [amount, name] => (amount, name),
                _ => return Err(
                    "answer a whole number of chips, then the bet's name if the game has several"
                        .to_string(),
                ),
            };
        let Some(bet) = bets
            .iter()
            .copied()
            .find(|&b| self.program.bets[b].name == name)
        else {
            return Err(format!(
                "there is no bet `{name}`: one of {}",
                names.join(", ")
            ));
        };
        let (minimum, most) = (self.minimum(), self.affordable(seat, bet));
        let out_of_range = || {
            Err(format!(
                "the stake must be from {minimum} to {most} (the table's limits and your chips)"
            ))
        };
        let stake = match amount.parse::<u64>() {
            Ok(0) => return Ok(None),
            Ok(stake) if (minimum..=most).contains(&stake) => stake,
            Ok(_) => return out_of_range(),
            // Digits beyond 64 bits: more than any one stake may be.
            Err(_) if amount.bytes().all(|b| b.is_ascii_digit()) => return out_of_range(),
            Err(_) => return Err(format!("`{amount}` is not a whole number of chips")),
        };
        if let Some(Stake::Fixed(v)) = self.stake() {
            if stake != *v {
                return Err(format!("the stake is fixed at {v}"));
            }
        }
        Ok(Some(Placed { seat, bet, stake }))
    }

    /// Seats in turn from `start`, clockwise, skipping the banker and seats
    /// out of the game.
    fn in_turn(&self, start: usize) -> Vec<usize> {
        let n = self.seats.len();
        (0..n)
            .map(|i| (start + i) % n)
            .filter(|&s| self.seats[s].playing && Some(s) != self.banker)
            .collect()
    }

    /// One table round.
    fn table_round(&mut self) -> Result<(), EvalError> {
        let bets = punter_bets(self.program);
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
        let mut banker_lost = false;
        let mut passes = false;
        let start = if self.first == banker {
            banker + 1
        } else {
            self.first
        };
        for seat in self.in_turn(start) {
            if self.ended || self.banker != Some(banker) {
                break;
            }
            let Some(mut p) = self.punter_bet(seat, &bets) else {
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
                let told = format!(
                    "the bank's chips cover {covers} of your {}: you stake {covers}",
                    p.stake
                );
                if let Some(person) = self.person.as_deref_mut() {
                    person.tell(&told);
                }
            }
            p.stake = p.stake.min(covers);
            self.announce(&p, false);
            let (lost, outcome) = self.play(&[p], Some(banker))?;
            banker_lost |= lost;
            passes |= self.passes_on(outcome);
        }
        self.first = banker + 1;
        self.after_round(Some(banker), banker_lost, passes);
        Ok(())
    }

    /// The largest stake on `bet` the banker's chips can pay.
    fn covers(&self, banker: usize, bet: usize) -> u64 {
        stakes_payable(&self.seats[banker].chips, &self.bank_risk[bet])
    }

    /// A table round where the bank puts up a stake and punters cover it.
    fn bank_stakes(&mut self, banker: usize, bets: &[usize]) -> Result<(), EvalError> {
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
            minimum
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

    fn announce(&mut self, p: &Placed, banco: bool) {
        self.emit(TableEvent::Bet {
            seat: p.seat,
            bet: self.program.bets[p.bet].name.clone(),
            stake: p.stake,
            banco,
        });
    }

    /// Whether a round ending so passes the bank.
    fn passes_on(&self, outcome: Option<usize>) -> bool {
        match (&self.banking().bank, outcome) {
            (Bank::PassesWhen(outcomes), Some(o)) => outcomes.contains(&o),
            _ => false,
        }
    }

    /// Plays one round for `placed` (the first makes the choices of its
    /// bet's side) and settles it; `(whether the banker lost a bet, the
    /// outcome)`.
    fn play(
        &mut self,
        placed: &[Placed],
        banker: Option<usize>,
    ) -> Result<(bool, Option<usize>), EvalError> {
        let program = self.program;
        // Who makes each side's choices: the seat with the largest stake on
        // that side's bet, or the bank seat for the bank's bet.
        let chooser: Vec<Option<usize>> = program
            .sides
            .iter()
            .map(|side| {
                if Some(side.bet) == self.banking().bank_bets {
                    banker
                } else {
                    // The first of the largest stakes.
                    placed
                        .iter()
                        .filter(|p| p.bet == side.bet)
                        .fold(None::<&Placed>, |best, p| match best {
                            Some(b) if b.stake >= p.stake => Some(b),
                            _ => Some(p),
                        })
                        .map(|p| p.seat)
                }
            })
            .collect();
        let person_sides: Vec<bool> = chooser
            .iter()
            .map(|c| c.is_some_and(|s| self.is_person(s)))
            .collect();
        // The round's announced choice is the person's when the person
        // bets on the choosing bet.
        let person_chooses = program.choice.as_ref().is_some_and(|c| {
            placed
                .iter()
                .any(|p| self.is_person(p.seat) && program.bets[p.bet].name == c.by)
        });
        let outcome = {
            let mut source = TableSource {
                automatic: Automatic {
                    rng: &mut self.rng,
                    strategy: &self.strategy,
                },
                program,
                person_sides: &person_sides,
                person_chooses,
                person: self.person.as_deref_mut(),
                ended: &mut self.ended,
            };
            // The round's events go out as they happen: a round of many
            // throws is never held in memory.
            let (sink, flow) = (&mut self.sink, &mut self.flow);
            let mut record = |e: Event| {
                if let Some(event) = round_event(program, &chooser, e) {
                    send(&mut **sink, flow, event);
                }
            };
            let ended = self.round.play(&mut source, Some(&mut record))?;
            ended.unwrap_or(None)
        };
        self.emit(TableEvent::End {
            outcome: outcome.map(|o| program.outcomes[o].name.clone()),
        });
        let values: Vec<Option<i64>> = self.round.finals().collect();
        let mut house = Exact::zero();
        let mut banker_net = Exact::zero();
        let mut banker_lost = false;
        for p in placed {
            let bet = &program.bets[p.bet];
            let payout = bet.payout(outcome, &values).ok_or(EvalError::Internal {
                what: "a bet with no settlement for a round's end",
                span: bet.span,
            })?;
            let net = &chips(p.stake) * &payout.net;
            banker_lost |= net.is_positive();
            self.seats[p.seat].chips = &self.seats[p.seat].chips + &net;
            self.emit(TableEvent::Settle {
                seat: p.seat,
                bet: bet.name.clone(),
                payout: payout.label.clone(),
                net: net.clone(),
                chips: self.seats[p.seat].chips.clone(),
            });
            // What the punter won, the bank pays; with a bet of its own,
            // the bank is settled by it and the house keeps the rest.
            let bank_side = match (banker, self.banking().bank_bets) {
                (Some(_), Some(b)) => {
                    let own = program.bets[b].payout(outcome, &values).ok_or_else(|| {
                        EvalError::Internal {
                            what: "the bank's bet has no settlement for a round's end",
                            span: program.bets[b].span,
                        }
                    })?;
                    &chips(p.stake) * &own.net
                }
                _ => -&net,
            };
            house = &house - &(&net + &bank_side);
            banker_net = &banker_net + &bank_side;
        }
        match banker {
            Some(b) => {
                self.seats[b].chips = &self.seats[b].chips + &banker_net;
                let bet = self
                    .banking()
                    .bank_bets
                    .map_or("bank".to_string(), |x| program.bets[x].name.clone());
                self.emit(TableEvent::Settle {
                    seat: b,
                    bet,
                    payout: "bank".to_string(),
                    net: banker_net,
                    chips: self.seats[b].chips.clone(),
                });
            }
            None => house = &house + &banker_net,
        }
        if !house.is_zero() || banker.is_none() {
            self.house = &self.house + &house;
            self.emit(TableEvent::House {
                net: house,
                total: self.house.clone(),
            });
        }
        self.settled += placed.len() as u64;
        debug_assert_eq!(
            self.ledger
                .audit(self.seats.iter().map(|s| &s.chips), &self.house),
            Ok(()),
            "money is not sound after settling {placed:?}"
        );
        Ok((banker_lost, outcome))
    }

    /// Seats that cannot make the smallest bet leave; the bank moves.
    fn after_round(&mut self, banker: Option<usize>, banker_lost: bool, passes: bool) {
        let minimum = chips(self.minimum());
        for s in 0..self.seats.len() {
            let lost = &self.cost[self.automatic_bet()];
            let needed = &minimum * lost;
            if self.seats[s].playing && Some(s) != banker && self.seats[s].chips < needed {
                self.seats[s].playing = false;
                self.emit(TableEvent::Leaves { seat: s });
            }
        }
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
    fn broke(&mut self, banker: usize) -> Result<(), EvalError> {
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

/// The table at the start of a round, as far as it decides the round when
/// no dice are thrown and no one is asked.
#[derive(Clone, Debug, PartialEq)]
struct Snapshot {
    seats: Vec<Seat>,
    banker: Option<usize>,
    named_limit: Option<u64>,
    first: usize,
}

/// The dice of a table round, and its choices: a person's sides asked, the
/// others by the strategy.
struct TableSource<'a, 'e> {
    automatic: Automatic<'a, &'a mut Xoshiro256PlusPlus>,
    program: &'a Program,
    person_sides: &'a [bool],
    person_chooses: bool,
    person: Option<&'a mut (dyn Person + 'e)>,
    ended: &'a mut bool,
}

impl TableSource<'_, '_> {
    /// The person's answer to `question`, when the person is still there;
    /// the end of input ends the session.
    fn ask<T>(
        &mut self,
        question: &str,
        parse: impl FnMut(&str) -> Result<T, String>,
    ) -> Option<T> {
        if *self.ended {
            return None;
        }
        let answer = ask(self.person.as_deref_mut()?, question, parse);
        *self.ended |= answer.is_none();
        answer
    }
}

impl Source for TableSource<'_, '_> {
    fn die(&mut self, sides: u32) -> u32 {
        self.automatic.die(sides)
    }
    fn dice(&mut self, count: u32, sides: u32) -> u64 {
        self.automatic.dice(count, sides)
    }
    fn card(&mut self, left: u32) -> u32 {
        self.automatic.card(left)
    }
    fn choose(&mut self, options: &[i64]) -> i64 {
        let automatic = self.automatic.choose(options);
        let Some(choice) = self.program.choice.as_ref().filter(|_| self.person_chooses) else {
            return automatic;
        };
        let listed: Vec<String> = options.iter().map(i64::to_string).collect();
        let question = format!("{}: one of {}", choice.name, listed.join(", "));
        self.ask(&question, |answer| match answer.trim().parse::<i64>() {
            Ok(v) if options.contains(&v) => Ok(v),
            _ => Err(format!("answer one of: {}", listed.join(", "))),
        })
        .unwrap_or(automatic)
    }
    fn decide(&mut self, decision: usize, key: &[i64], options: &[i64]) -> i64 {
        let automatic = self.automatic.decide(decision, key, options);
        let d = &self.program.decisions[decision];
        if !self.person_sides.get(d.side).copied().unwrap_or(false) {
            return automatic;
        }
        let known: Vec<String> = d
            .knowing
            .iter()
            .zip(key)
            .map(|(name, v)| format!("{name} = {v}"))
            .collect();
        let question = format!(
            "{}: {} (you know {})",
            d.name,
            d.options.join(" or "),
            known.join(", ")
        );
        self.ask(&question, |answer| {
            match d.options.iter().position(|o| o == answer.trim()) {
                Some(i) => Ok(d.values[i]),
                None => Err(format!("answer one of: {}", d.options.join(", "))),
            }
        })
        .unwrap_or(automatic)
    }
}

/// Sends an event to the sink, seats numbered from 1 as the table calls
/// them, unless it asked to stop; keeps what it asks for.
fn send(sink: &mut dyn FnMut(TableEvent) -> Flow, flow: &mut Flow, event: TableEvent) {
    if *flow == Flow::Stop {
        return;
    }
    match sink(event.numbered_from_one()) {
        Flow::Continue => {}
        asked => *flow = asked,
    }
}

/// The table's event for an event of the round: a choice says which seat
/// made it (`chooser` by side); the end is the table's own.
fn round_event(program: &Program, chooser: &[Option<usize>], e: Event) -> Option<TableEvent> {
    Some(match e {
        Event::Throw {
            name,
            faces,
            attempt,
            accepted,
        } => TableEvent::Throw {
            name,
            faces,
            attempt,
            accepted,
        },
        Event::Draw { name, values } => TableEvent::Draw {
            name,
            cards: values,
        },
        Event::Choose { name, option } => {
            let side = program
                .decisions
                .iter()
                .find(|d| d.name == name)
                .map(|d| d.side);
            TableEvent::Choose {
                name,
                option,
                seat: side.and_then(|s| chooser.get(s).copied().flatten()),
            }
        }
        Event::End { .. } => return None,
    })
}

/// Asks `person` until `parse` takes the answer, telling them why each
/// answer it refuses was refused; `None` at the end of input.
fn ask<T>(
    person: &mut dyn Person,
    question: &str,
    mut parse: impl FnMut(&str) -> Result<T, String>,
) -> Option<T> {
    loop {
        match parse(&person.ask(question)?) {
            Ok(value) => return Some(value),
            Err(why) => person.tell(&why),
        }
    }
}

/// The bets punters may make: every bet but the bank's own.
fn punter_bets(program: &Program) -> Vec<usize> {
    (0..program.bets.len())
        .filter(|&b| Some(b) != program.banking.bank_bets)
        .collect()
}
