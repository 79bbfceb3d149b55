//! One round played with dice and cards from a [`Source`]: a seeded
//! generator for play and simulation, a strategy or a person at the
//! choices, or a script for the brute-force tests.
//!
//! The round is compiled once ([`Round::new`]) and then played many times,
//! in one of two ways that draw the same dice and cards and end alike
//! (tests/steps.rs): instruction by instruction, with an [`Event`] for
//! each throw, draw, choice and end (a transcript), or, without events, by
//! its [`Steps`] (a simulation), which run the common instructions in
//! fewer, cheaper steps and hand the others to the first way.
//!
//! - each instruction means what `eval::round` says it does: this module
//!   is where play's dice, cards and choices come from (a [`Chance`]);
//! - expressions run on `eval::compiled`'s stack machine, falling back to
//!   the tree evaluator for what it does not do, and for every error;
//! - a throw the round reads only through functions of the throw itself
//!   (its *observations*, see `check::projection`) of at most
//!   [`TABLE_RESULTS`](super::steps::TABLE_RESULTS) ordered results is
//!   tabulated: one number below `sides^count` is drawn, and the
//!   observations are read from a table;
//! - jumps are followed once, when compiling;
//! - the round's throws live in [`Pools`] that are cleared, not freed,
//!   between rounds, and a shoe is a count of cards left of each value,
//!   filled again when a round starts (each round is dealt from a full
//!   shoe, as the exact evaluation assumes).

mod dealt;
pub(crate) use dealt::kind_at;
mod source;
mod table_cards;

pub use source::{Event, Source};

use super::steps::{sorted_faces, Step, Steps, Target};
use crate::eval::round::{self, Chance, Code, Flow, Pick, Picked, Went};
use crate::eval::value::{Pools, Value};
use crate::eval::EvalError;
use crate::program::card::Card;
use crate::program::{Draw, Program, Throw};
use dealt::{DiceLimit, Shoes};
use smallvec::SmallVec;
use table_cards::{Deal, TableCards};

/// The most attempts a reroll takes before the round fails, unless told
/// otherwise ([`Round::with_max_rerolls`]; `--max-rerolls`).
pub const MAX_REROLLS: u64 = 1_000_000;

/// The most dice (every attempt of a reroll counted) and cards one round
/// throws and deals before it fails, unless told otherwise
/// ([`Round::with_max_dice`]; `--max-dice`): about a second of play. The
/// shipped games throw at most 130 dice a round.
pub const MAX_DICE: u64 = 10_000_000;

/// How a round that ran ended: as [`Round::play`] returns it.
type Ended = Option<Option<usize>>;

/// A round compiled for play, with the memory its rounds reuse.
pub struct Round<'p> {
    program: &'p Program,
    /// The round's meaning, compiled once.
    code: Code<'p>,
    steps: Steps,
    env: Vec<Value>,
    /// Where the round's dice and cards come from, and what it has dealt.
    d: Dealer,
}

/// The cards left in a round's shoes, saved ([`Round::saved_shoes`]).
#[derive(Clone, Debug)]
pub struct SavedShoes(Shoes);

/// A round's dice and cards: its shoes, the throws and hands it has dealt,
/// the cards face down, and its limits.
struct Dealer {
    shoes: Shoes,
    pools: Pools,
    faces: Vec<u32>,
    /// The cards of the hand being dealt, beside `faces`.
    cards: Vec<u32>,
    /// The round's cards dealt face down, each with its slot (and for a
    /// deal of the table's while each seat plays its own hand, which), to
    /// turn up at a `turn up` or as the round ends.
    face_down: Vec<(usize, Option<Deal>, Event)>,
    /// While each seat plays its own hand: the table's cards.
    table: Option<TableCards>,
    /// Whether each seat plays a run of its own (`draw` or `throw ... for
    /// each seat`).
    seat_hands: bool,
    /// Whether the table's throws and cards are held across several calls
    /// of [`Round::start_seat_hands`] ([`Round::start_table_round`]).
    held: bool,
    /// For each instruction, the slots a `turn up` shows before it runs.
    turn_at: Vec<Vec<usize>>,
    max_rerolls: u64,
    limits: DiceLimit,
    /// The dice and cards of the round so far (see [`DiceLimit`]).
    dealt: u64,
    /// Whether each round deals on from the cards the last left
    /// ([`Round::dealing_on`]) rather than from full shoes.
    dealing_on: bool,
    /// Dealing on, the cut card ([`Round::dealing_to`]): before a round,
    /// where a finite shoe has this many cards left or fewer, every shoe
    /// is filled and shuffled again.
    cut: Option<u64>,
    /// The shoes were filled again since [`Round::shuffled`] last told.
    shuffled: bool,
}

impl<'p> Round<'p> {
    /// A round of `program` as a table plays it: a split's hands in turn
    /// ([`Program::played`]).
    pub fn new(program: &'p Program) -> Round<'p> {
        let program = program.played();
        let code = Code::new(program);
        // A `turn up` before a jump shows where the jump lands.
        let mut turn_at = vec![Vec::new(); program.code.len() + 1];
        for &(pc, slot) in &program.turn_ups {
            if let Some(at) = turn_at.get_mut(code.landing.get(pc).copied().unwrap_or(pc)) {
                at.push(slot);
            }
        }
        let steps = Steps::new(program, &code.next, &code.otherwise);
        let fast_most = steps
            .list
            .iter()
            .map(|step| match *step {
                Step::Throw(i) => u64::from(steps.throws[i as usize].count),
                Step::Deal(i) => u64::from(steps.deals[i as usize].count),
                _ => 0,
            })
            .sum();
        Round {
            program,
            code,
            steps,
            env: vec![Value::Unset; program.slots.len()],
            d: Dealer {
                shoes: Shoes::new(program, false),
                pools: Pools::default(),
                faces: Vec::new(),
                cards: Vec::new(),
                face_down: Vec::new(),
                table: None,
                seat_hands: program.runs_for_each_seat(),
                held: false,
                turn_at,
                max_rerolls: MAX_REROLLS,
                limits: DiceLimit::new(MAX_DICE, fast_most),
                dealt: 0,
                dealing_on: false,
                cut: None,
                shuffled: false,
            },
        }
    }

    /// The round dealing each round on from the cards the last one left,
    /// as a shoe is dealt coup after coup to its cut card: the shoes are
    /// filled by [`Round::new_shoes`] only.
    pub fn dealing_on(mut self) -> Round<'p> {
        self.d.dealing_on = true;
        self
    }

    /// The round dealing on as [`Round::dealing_on`] does, round after
    /// round from one shoe, to the cut card: before a round (a table
    /// round, where each seat has a hand of its own), where a finite shoe
    /// has `cut` cards left or fewer, every shoe is filled again, as a
    /// dealer shuffles a new shoe. The first round is dealt from full
    /// shoes.
    pub fn dealing_to(mut self, cut: u64) -> Round<'p> {
        self.d.dealing_on = true;
        self.d.cut = Some(cut);
        self.d.shuffled = true;
        self
    }

    /// Fills every shoe again, for rounds [`Round::dealing_on`].
    pub fn new_shoes(&mut self) {
        self.d.shoes.refill();
        self.d.shuffled = true;
    }

    /// Dealing to a cut card ([`Round::dealing_to`]), fills the shoes again
    /// where the cut card is reached; the next round is dealt from them.
    pub fn shuffle_at_cut(&mut self) {
        if let Some(cut) = self.d.cut {
            if self.d.shoes.at_cut(cut) {
                self.new_shoes();
            }
        }
    }

    /// The cards of the finite shoes together, full, where the shoes were
    /// filled again since the last time this was asked (and before the
    /// first round): a new shoe to announce.
    pub fn shuffled(&mut self) -> Option<u64> {
        std::mem::take(&mut self.d.shuffled).then(|| self.d.shoes.finite_cards())
    }

    /// The cards left in every shoe, to deal a round again from them
    /// ([`Round::restore_shoes`]): a table's fork replays the round from
    /// where it started.
    pub fn saved_shoes(&self) -> SavedShoes {
        SavedShoes(self.d.shoes.clone())
    }

    /// The shoes as [`Round::saved_shoes`] saved them.
    pub fn restore_shoes(&mut self, saved: &SavedShoes) {
        self.d.shoes.clone_from(&saved.0);
    }

    /// The cards left in the shoe `shoe` (an index into `Program::shoes`).
    pub fn cards_left(&self, shoe: usize) -> u64 {
        self.d.shoes.left(shoe)
    }

    /// The round dealing every card by rank and suit, so that each
    /// [`Event::Draw`] names its cards. The values dealt are the same as
    /// without (see `Shoes::new`).
    pub fn with_named_cards(mut self) -> Round<'p> {
        self.d.shoes = Shoes::new(self.program, true);
        self
    }

    /// A table round where each seat plays a hand of its own (`draw ...
    /// for each seat`) starts: the shoe is filled once, and the seats'
    /// runs of the round ([`Round::play`], with events) deal from it in
    /// turn, each the table's draws given the cards the first run to come
    /// to them dealt. `false`, and nothing started, where the round deals
    /// no hand for each seat.
    pub fn start_seat_hands(&mut self) -> bool {
        if !self.d.seat_hands {
            return false;
        }
        if self.d.held {
            return true;
        }
        match self.d.dealing_on {
            true => self.shuffle_at_cut(),
            false => self.d.shoes.refill(),
        }
        self.d.table = Some(TableCards::new(self.program.code.len()));
        true
    }

    /// Every seat has played its hand: the table's cards still face down
    /// (a dealer's hole card no seat's run turned up), turned up now.
    pub fn end_seat_hands(&mut self) -> Vec<Event> {
        if self.d.held {
            return Vec::new();
        }
        self.d
            .table
            .take()
            .map(TableCards::still_face_down)
            .unwrap_or_default()
    }

    /// A table round of a bank seat starts where each seat plays a run of
    /// its own: the table's throws and cards are made once for the whole
    /// table round, shared by the punters' runs in turn (each a call of
    /// [`Round::start_seat_hands`], [`Round::play`] and
    /// [`Round::end_seat_hands`]) until [`Round::end_table_round`].
    /// `false`, and nothing started, where the round has no run for each
    /// seat.
    pub fn start_table_round(&mut self) -> bool {
        self.d.held = false;
        let started = self.start_seat_hands();
        self.d.held = started;
        started
    }

    /// The table round of [`Round::start_table_round`] is over: the
    /// table's cards still face down, turned up now.
    pub fn end_table_round(&mut self) -> Vec<Event> {
        self.d.held = false;
        self.end_seat_hands()
    }

    /// The round failing once it has thrown and dealt more than `dice`
    /// dice and cards, instead of [`MAX_DICE`].
    pub fn with_max_dice(mut self, dice: u64) -> Round<'p> {
        self.d.limits = DiceLimit::new(dice, self.d.limits.fast_most);
        self
    }

    /// The round with a reroll failing after `attempts` attempts (at least
    /// one) instead of [`MAX_REROLLS`].
    pub fn with_max_rerolls(mut self, attempts: u64) -> Round<'p> {
        self.d.max_rerolls = attempts.max(1);
        self
    }

    /// The round's steps (`play::fast` compiles them once more).
    pub(in crate::play) fn steps(&self) -> &Steps {
        &self.steps
    }

    /// Whether the dice limit counts what the steps throw and deal (a
    /// limit small against the round's steps), which `play::fast` does
    /// not.
    pub(in crate::play) fn counts_fast_steps(&self) -> bool {
        self.d.limits.counts_fast()
    }

    /// The program this round plays.
    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// The values of `Program::finals` as the last round ended, and where
    /// it split, the other hand's settlement after them
    /// ([`Program::other_hand`]).
    pub fn finals(&self) -> impl Iterator<Item = Option<i64>> + '_ {
        (self.program.settled_slots()).map(|slot| self.final_value(slot))
    }

    /// The value of a slot as the last round ended, if it is a number or
    /// a condition (1 where it holds, 0 where it does not).
    #[inline]
    pub fn final_value(&self, slot: usize) -> Option<i64> {
        match self.env.get(slot) {
            Some(Value::Int(n)) => Some(*n),
            Some(Value::Bool(b)) => Some(i64::from(*b)),
            _ => None,
        }
    }

    /// Plays one round: `Some(outcome)` when it ends (the outcome `None`
    /// when it ran to its last statement), `None` when the source
    /// abandoned a reroll. Events go to `on_event`, when given; without
    /// it, the round runs by its [`Steps`].
    #[inline]
    pub fn play(
        &mut self,
        source: &mut impl Source,
        on_event: Option<&mut dyn FnMut(Event)>,
    ) -> Result<Ended, EvalError> {
        self.env.fill(Value::Unset);
        let d = &mut self.d;
        d.face_down.clear();
        d.pools.clear();
        match &mut d.table {
            Some(table) => table.next_run(),
            None if d.dealing_on => {
                if d.cut.is_some_and(|cut| d.shoes.at_cut(cut)) {
                    d.shoes.refill();
                    d.shuffled = true;
                }
            }
            None => d.shoes.refill(),
        }
        d.dealt = 0;
        let mut on_event = on_event;
        // The table's throws and cards are shared instruction by
        // instruction, which the steps do not do.
        if on_event.is_some() || d.table.is_some() {
            let mut playing = Playing {
                d,
                steps: &self.steps,
                source,
                on_event: &mut on_event,
                ended: None,
            };
            round::run(&self.code, &mut playing, 0, &mut self.env)?;
            return Ok(playing.ended);
        }
        self.play_steps(source)
    }

    /// Plays the round by its steps, with no events.
    #[inline]
    fn play_steps(&mut self, source: &mut impl Source) -> Result<Ended, EvalError> {
        let mut pc = 0;
        loop {
            // The step's target, or the instruction that runs as written.
            let (env, pools) = (&mut self.env, &self.d.pools);
            let next = match &self.steps.list[pc] {
                Step::Instr => Err(pc),
                &Step::Throw(i) => 'throw: {
                    let throw = &self.steps.throws[i as usize];
                    if !self.d.limits.fast(&mut self.d.dealt, throw.count) {
                        break 'throw Err(throw.origin as usize);
                    }
                    let n = source.results(throw.count, throw.sides, throw.results) as usize;
                    for (&slot, v) in throw.slots.iter().zip(throw.row(n)) {
                        env[slot] = *v;
                    }
                    Ok(throw.targets[n])
                }
                &Step::Flag {
                    slot,
                    then,
                    otherwise,
                    origin,
                } => match env[slot as usize] {
                    Value::Bool(true) => Ok(then),
                    Value::Bool(false) => Ok(otherwise),
                    _ => Err(origin as usize),
                },
                &Step::Compare {
                    order,
                    a,
                    b,
                    then,
                    otherwise,
                    origin,
                } => match (a.read(env, pools), b.read(env, pools)) {
                    (Some(x), Some(y)) if order.holds(x, y) => Ok(then),
                    (Some(_), Some(_)) => Ok(otherwise),
                    _ => Err(origin as usize),
                },
                &Step::Slots {
                    order,
                    a,
                    b,
                    then,
                    otherwise,
                    origin,
                } => match (env[a as usize], env[b as usize]) {
                    (Value::Int(x), Value::Int(y)) if order.holds(x, y) => Ok(then),
                    (Value::Int(_), Value::Int(_)) => Ok(otherwise),
                    _ => Err(origin as usize),
                },
                &Step::Cell {
                    grid,
                    row,
                    column,
                    then,
                    otherwise,
                    origin,
                } => {
                    let grid = self.steps.grids[grid as usize].as_ref();
                    match (row.read(env, pools), column.read(env, pools), grid) {
                        (Some(r), Some(c), Some(grid)) => match grid.draws(r, c) {
                            Some(true) => Ok(then),
                            Some(false) => Ok(otherwise),
                            None => Err(origin as usize),
                        },
                        _ => Err(origin as usize),
                    }
                }
                &Step::Arith { assign, next } => match assign.value(env, pools, 0) {
                    Some(x) => {
                        env[assign.slot as usize] = Value::Int(x);
                        Ok(next)
                    }
                    None => Err(assign.origin as usize),
                },
                &Step::Deal(i) => self.deal(i as usize, source)?,
            };
            match next {
                Ok(target) => match target.get() {
                    Ok(step) => pc = step,
                    Err(outcome) => return Ok(Some(Some(outcome))),
                },
                Err(instr) => {
                    // The instruction as the round means it.
                    let mut playing = Playing {
                        d: &mut self.d,
                        steps: &self.steps,
                        source,
                        on_event: &mut None,
                        ended: None,
                    };
                    match round::step(&self.code, &mut playing, instr, &mut self.env)? {
                        Flow::Go(step) => pc = step,
                        Flow::Stop => return Ok(playing.ended),
                    }
                }
            }
        }
    }

    /// Deals `deals[i]` and makes its `let`: where the round goes next, or
    /// the `let` to run as written.
    #[inline(always)]
    fn deal(
        &mut self,
        i: usize,
        source: &mut impl Source,
    ) -> Result<Result<Target, usize>, EvalError> {
        let deal = &self.steps.deals[i];
        let d = &mut self.d;
        if !d.shoes.can_deal(deal.shoe, deal.count) || !d.limits.fast(&mut d.dealt, deal.count) {
            // The draw as written gives the error.
            return Ok(Err(deal.origin as usize));
        }
        d.faces.clear();
        d.cards.clear();
        let mut dealt = 0i64;
        let (faces, cards) = (&mut d.faces, &mut d.cards);
        d.shoes.deal(deal.shoe, deal.count, source, |value, card| {
            dealt += i64::from(value);
            faces.push(value);
            cards.push(card);
        });
        if deal.keep {
            let id = hand(&mut d.faces, &mut d.cards, &mut d.pools);
            self.env[deal.slot] = Value::Pool(id);
        }
        let Some(assign) = deal.assign else {
            return Ok(Ok(deal.next));
        };
        match assign.value(&self.env, &d.pools, dealt) {
            Some(x) => {
                self.env[assign.slot as usize] = Value::Int(x);
                Ok(Ok(deal.next))
            }
            None => {
                // The `let` as written reads the hand.
                if !deal.keep {
                    let id = hand(&mut d.faces, &mut d.cards, &mut d.pools);
                    self.env[deal.slot] = Value::Pool(id);
                }
                Ok(Err(assign.origin as usize))
            }
        }
    }
}

/// One round being played instruction by instruction: the [`Chance`] of
/// play, its dice, cards and choices from a [`Source`], told as events.
struct Playing<'a, 'e, S> {
    d: &'a mut Dealer,
    steps: &'a Steps,
    source: &'a mut S,
    on_event: &'a mut Option<&'e mut dyn FnMut(Event)>,
    /// How the round ended, once it has.
    ended: Ended,
}

impl<S: Source> Chance for Playing<'_, '_, S> {
    #[inline(always)]
    fn pools(&self) -> &Pools {
        &self.d.pools
    }

    #[inline(always)]
    fn at(&mut self, pc: usize, _env: &[Value]) -> Result<(), EvalError> {
        let Some(f) = self.on_event.as_mut() else {
            return Ok(());
        };
        let d = &mut *self.d;
        for slot in d.turn_at.get(pc).map_or(&[][..], |s| &s[..]) {
            if let Some(i) = d.face_down.iter().position(|(s, ..)| s == slot) {
                let (_, deal, event) = d.face_down.remove(i);
                if let (Some(deal), Some(table)) = (deal, d.table.as_mut()) {
                    table.turned(deal);
                }
                f(event);
            }
        }
        Ok(())
    }

    /// Throws the dice of the throw at `pc`, again until its condition
    /// holds; [`Went::Stop`] when the source abandons the round.
    fn throw(
        &mut self,
        code: &Code,
        pc: usize,
        throw: &Throw,
        env: &mut [Value],
    ) -> Result<Went, EvalError> {
        let program = code.program;
        let d = &mut *self.d;
        let source = &mut *self.source;
        // A throw of the table's while each seat plays its own run: an
        // earlier seat's run may have thrown it, and this run sees the same
        // faces (told once, when thrown).
        let deal = match &mut d.table {
            Some(table) if !throw.for_each_seat => Some(table.meet(pc)),
            _ => None,
        };
        if let Some(faces) = deal.and_then(|deal| d.table.as_ref()?.dealt(deal)) {
            d.faces.clone_from(&faces.0);
            env[throw.slot] = Value::Pool(d.pools.push(&d.faces));
            code.observe(pc, throw.observe.as_ref(), &d.pools, env)?;
            return Ok(Went::On);
        }
        let table = self.steps.table_of[pc].map(|i| &self.steps.throws[i as usize]);
        let mut attempt = 0;
        loop {
            attempt += 1;
            d.limits.slow(&mut d.dealt, throw.count, throw.span)?;
            if throw.until.is_some() {
                source.begin_attempt();
            }
            if let Some(table) = table {
                let n = source.dice(throw.count, throw.sides);
                for (&obs, v) in table.slots.iter().zip(table.row(n as usize)) {
                    env[obs] = *v;
                }
                if self.on_event.is_some() || deal.is_some() {
                    sorted_faces(n, throw.count, throw.sides, &mut d.faces);
                }
            } else {
                d.faces.clear();
                for _ in 0..throw.count {
                    let face = source.die(throw.sides);
                    d.faces.push(face);
                }
                d.faces.sort_unstable();
                env[throw.slot] = Value::Pool(d.pools.push(&d.faces));
                code.observe(pc, throw.observe.as_ref(), &d.pools, env)?;
            }
            let accepted = code.accepts(pc, throw.until.as_ref(), &d.pools, env)?;
            if let Some(f) = self.on_event.as_mut() {
                f(Event::Throw {
                    name: program.slots[throw.slot].name.clone(),
                    faces: d.faces.clone(),
                    attempt,
                    accepted,
                });
            }
            if accepted {
                if let (Some(deal), Some(table)) = (deal, &mut d.table) {
                    table.keep(deal, d.faces.clone(), Vec::new());
                }
                return Ok(Went::On);
            }
            if table.is_none() {
                // Nothing reads the rejected attempt's faces.
                d.pools.pop();
            }
            if !source.retry() {
                return Ok(Went::Stop);
            }
            if attempt >= d.max_rerolls {
                return Err(EvalError::RerollLimit {
                    attempts: attempt,
                    span: throw.span,
                });
            }
        }
    }

    /// Deals the cards of the draw at `pc`.
    fn draw(
        &mut self,
        code: &Code,
        pc: usize,
        draw: &Draw,
        env: &mut [Value],
    ) -> Result<Went, EvalError> {
        let program = code.program;
        let d = &mut *self.d;
        let slot = draw.slot;
        // A deal of the table's while each seat plays its own hand: an
        // earlier seat's run may have dealt it.
        let deal = match &mut d.table {
            Some(table) if !draw.for_each_seat => Some(table.meet(pc)),
            _ => None,
        };
        if let (Some(deal), Some(table)) = (deal, &d.table) {
            if let Some((values, cards)) = table.dealt(deal) {
                // Told when dealt; still face down, it may be turned up.
                if let Some(turn_up) = table.unturned(deal) {
                    d.face_down.push((slot, Some(deal), turn_up.clone()));
                }
                d.faces.clone_from(values);
                d.cards.clone_from(cards);
                let id = hand(&mut d.faces, &mut d.cards, &mut d.pools);
                env[slot] = Value::Pool(id);
                return Ok(Went::On);
            }
        }
        let shoe_def = &program.shoes[draw.shoe];
        let before = d.shoes.left(draw.shoe);
        if before < u64::from(draw.count) {
            return Err(EvalError::ShoeEmpty {
                shoe: shoe_def.name.clone(),
                count: draw.count,
                left: before,
                span: draw.span,
            });
        }
        if !d.shoes.can_deal(draw.shoe, draw.count) {
            return Err(EvalError::Internal {
                what: "a shoe of more cards than a draw can pick from",
                span: draw.span,
            });
        }
        d.limits.slow(&mut d.dealt, draw.count, draw.span)?;
        d.faces.clear();
        d.cards.clear();
        let (faces, cards) = (&mut d.faces, &mut d.cards);
        d.shoes
            .deal(draw.shoe, draw.count, &mut *self.source, |value, card| {
                faces.push(value);
                cards.push(card);
            });
        if let (Some(deal), Some(table)) = (deal, &mut d.table) {
            table.keep(deal, d.faces.clone(), d.cards.clone());
        }
        if let Some(f) = self.on_event.as_mut() {
            let name = program.slots[slot].name.clone();
            let values = d.faces.clone();
            let cards: Vec<Card> = d.cards.iter().map(|&c| Card(c)).collect();
            if draw.face_down {
                let turn_up = Event::TurnUp {
                    name: name.clone(),
                    values: values.clone(),
                    cards: cards.clone(),
                };
                if let (Some(deal), Some(table)) = (deal, &mut d.table) {
                    table.face_down(deal, turn_up.clone());
                }
                d.face_down.push((slot, deal, turn_up));
            }
            f(Event::Draw {
                name,
                values,
                cards,
                face_down: draw.face_down,
            });
        }
        let id = hand(&mut d.faces, &mut d.cards, &mut d.pools);
        env[slot] = Value::Pool(id);
        Ok(Went::On)
    }

    fn choose(&mut self, code: &Code) -> Result<i64, EvalError> {
        let program = code.program;
        let Some(choice) = program.choice.as_ref().filter(|c| !c.options.is_empty()) else {
            return Err(EvalError::Internal {
                what: "a choice with no options",
                span: program.round_span,
            });
        };
        let value = self.source.choose(&choice.options);
        if let Some(f) = self.on_event.as_mut() {
            f(Event::Choose {
                name: choice.name.clone(),
                option: value.to_string(),
            });
        }
        Ok(value)
    }

    /// The option the source picks, reported as an event with the
    /// option's label.
    fn pick(
        &mut self,
        code: &Code,
        _pc: usize,
        pick: &Pick,
        _env: &mut [Value],
    ) -> Result<Picked, EvalError> {
        let decision = &code.program.decisions[pick.decision];
        let value = if decision.faces.is_some() {
            // Only the faces shown are offered.
            let offered: SmallVec<[i64; 8]> = pick.offered(code.program).collect();
            self.source.decide(pick.decision, &pick.key, &offered)
        } else {
            self.source
                .decide(pick.decision, &pick.key, &decision.values)
        };
        if let (Some(f), Some(i)) = (
            self.on_event.as_mut(),
            decision.values.iter().position(|&v| v == value),
        ) {
            f(Event::Choose {
                name: decision.name.clone(),
                option: decision.options[i].clone(),
            });
        }
        Ok(Picked::Option(value))
    }

    fn end(
        &mut self,
        code: &Code,
        _pc: usize,
        outcome: Option<usize>,
        _env: &[Value],
    ) -> Result<(), EvalError> {
        if let Some(f) = self.on_event.as_mut() {
            // The table's cards stay face down for the seats to come.
            for (_, deal, turned) in self.d.face_down.drain(..) {
                if deal.is_none() {
                    f(turned);
                }
            }
            if let Some(outcome) = outcome {
                f(Event::End {
                    outcome: code.program.outcomes[outcome].name.clone(),
                });
            }
        }
        self.ended = Some(outcome);
        Ok(())
    }
}

/// The hand just dealt into `faces` and `cards`, sorted by value and then
/// card as the exact evaluation lists it, added to `pools`.
fn hand(faces: &mut Vec<u32>, cards: &mut Vec<u32>, pools: &mut Pools) -> u32 {
    if cards.iter().all(|&c| c == 0) {
        faces.sort_unstable();
        return pools.push(faces);
    }
    let mut both: SmallVec<[(u32, u32); 8]> =
        faces.iter().copied().zip(cards.iter().copied()).collect();
    both.sort_unstable();
    faces.clear();
    cards.clear();
    for (value, card) in both {
        faces.push(value);
        cards.push(card);
    }
    pools.push_hand(faces, cards)
}
