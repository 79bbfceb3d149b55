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
//! - expressions run on [`Compiled`]'s stack machine, falling back to the
//!   tree evaluator for what it does not do, and for every error;
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
use crate::eval::compiled::Compiled;
use crate::eval::exact::key_value;
use crate::eval::value::{eval, lookup_cell, Context, Pools, Value};
use crate::eval::EvalError;
use crate::program::builtin::mask_faces;
use crate::program::card::Card;
use crate::program::{Cell, ExprKind, Instr, Program};
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

/// Where the round goes after an instruction.
enum Flow {
    Go(usize),
    Stop(Ended),
}

/// What an instruction needs beyond itself, compiled.
#[derive(Debug)]
enum Fast {
    None,
    /// A throw's observations, each compiled (its table is in
    /// [`Steps::table_of`]), and the `until` condition.
    Throw {
        observations: Vec<(usize, Compiled)>,
        until: Option<Compiled>,
    },
    /// A condition that is a name alone, read without the machine.
    Flag(usize),
    /// An expression (`let`, `set`, a condition).
    Expr(Compiled),
}

/// A round compiled for play, with the memory its rounds reuse.
pub struct Round<'p> {
    program: &'p Program,
    /// For each step, where the round goes after it (jumps followed).
    next: Vec<usize>,
    /// For each step, where the round goes when its condition is false.
    otherwise: Vec<usize>,
    fast: Vec<Fast>,
    steps: Steps,
    shoes: Shoes,
    env: Vec<Value>,
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
    key: Vec<i64>,
    max_rerolls: u64,
    limits: DiceLimit,
    /// The dice and cards of the round so far (see [`DiceLimit`]).
    dealt: u64,
    /// Whether each round deals on from the cards the last left
    /// ([`Round::dealing_on`]) rather than from full shoes.
    dealing_on: bool,
}

impl<'p> Round<'p> {
    pub fn new(program: &'p Program) -> Round<'p> {
        let code = &program.code;
        let landing = program.landings();
        let next = program.nexts(&landing);
        let otherwise: Vec<usize> = code
            .iter()
            .map(|instr| match instr {
                Instr::Branch { otherwise, .. } => landing[*otherwise],
                _ => 0,
            })
            .collect();
        let fast = code.iter().map(compile).collect();
        // A `turn up` before a jump shows where the jump lands.
        let mut turn_at = vec![Vec::new(); code.len() + 1];
        for &(pc, slot) in &program.turn_ups {
            if let Some(at) = turn_at.get_mut(landing.get(pc).copied().unwrap_or(pc)) {
                at.push(slot);
            }
        }
        let steps = Steps::new(program, &next, &otherwise);
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
            next,
            otherwise,
            fast,
            steps,
            shoes: Shoes::new(program, false),
            env: vec![Value::Unset; program.slots.len()],
            pools: Pools::default(),
            faces: Vec::new(),
            cards: Vec::new(),
            face_down: Vec::new(),
            table: None,
            seat_hands: program.runs_for_each_seat(),
            held: false,
            turn_at,
            key: Vec::new(),
            max_rerolls: MAX_REROLLS,
            limits: DiceLimit::new(MAX_DICE, fast_most),
            dealt: 0,
            dealing_on: false,
        }
    }

    /// The round dealing each round on from the cards the last one left,
    /// as a shoe is dealt coup after coup to its cut card: the shoes are
    /// filled by [`Round::new_shoes`] only.
    pub fn dealing_on(mut self) -> Round<'p> {
        self.dealing_on = true;
        self
    }

    /// Fills every shoe again, for rounds [`Round::dealing_on`].
    pub fn new_shoes(&mut self) {
        self.shoes.refill();
    }

    /// The cards left in the shoe `shoe` (an index into `Program::shoes`).
    pub fn cards_left(&self, shoe: usize) -> u64 {
        self.shoes.left(shoe)
    }

    /// The round dealing every card by rank and suit, so that each
    /// [`Event::Draw`] names its cards. The values dealt are the same as
    /// without (see `Shoes::new`).
    pub fn with_named_cards(mut self) -> Round<'p> {
        self.shoes = Shoes::new(self.program, true);
        self
    }

    /// A table round where each seat plays a hand of its own (`draw ...
    /// for each seat`) starts: the shoe is filled once, and the seats'
    /// runs of the round ([`Round::play`], with events) deal from it in
    /// turn, each the table's draws given the cards the first run to come
    /// to them dealt. `false`, and nothing started, where the round deals
    /// no hand for each seat.
    pub fn start_seat_hands(&mut self) -> bool {
        if !self.seat_hands {
            return false;
        }
        if self.held {
            return true;
        }
        self.shoes.refill();
        self.table = Some(TableCards::new(self.program.code.len()));
        true
    }

    /// Every seat has played its hand: the table's cards still face down
    /// (a dealer's hole card no seat's run turned up), turned up now.
    pub fn end_seat_hands(&mut self) -> Vec<Event> {
        if self.held {
            return Vec::new();
        }
        self.table
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
        self.held = false;
        let started = self.start_seat_hands();
        self.held = started;
        started
    }

    /// The table round of [`Round::start_table_round`] is over: the
    /// table's cards still face down, turned up now.
    pub fn end_table_round(&mut self) -> Vec<Event> {
        self.held = false;
        self.end_seat_hands()
    }

    /// The round failing once it has thrown and dealt more than `dice`
    /// dice and cards, instead of [`MAX_DICE`].
    pub fn with_max_dice(mut self, dice: u64) -> Round<'p> {
        self.limits = DiceLimit::new(dice, self.limits.fast_most);
        self
    }

    /// The round with a reroll failing after `attempts` attempts (at least
    /// one) instead of [`MAX_REROLLS`].
    pub fn with_max_rerolls(mut self, attempts: u64) -> Round<'p> {
        self.max_rerolls = attempts.max(1);
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
        self.limits.counts_fast()
    }

    /// The program this round plays.
    pub fn program(&self) -> &'p Program {
        self.program
    }

    /// The values of `Program::finals` as the last round ended.
    pub fn finals(&self) -> impl Iterator<Item = Option<i64>> + '_ {
        self.program.finals.iter().map(|f| self.final_value(f.slot))
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
        self.face_down.clear();
        self.pools.clear();
        match &mut self.table {
            Some(table) => table.next_run(),
            None if self.dealing_on => {}
            None => self.shoes.refill(),
        }
        self.dealt = 0;
        let mut on_event = on_event;
        // The table's throws and cards are shared instruction by
        // instruction, which the steps do not do.
        if on_event.is_some() || self.table.is_some() {
            let mut pc = 0;
            loop {
                if let (Some(slots), Some(f)) = (self.turn_at.get(pc), on_event.as_mut()) {
                    for slot in slots {
                        if let Some(i) = self.face_down.iter().position(|(s, ..)| s == slot) {
                            let (_, deal, event) = self.face_down.remove(i);
                            if let (Some(deal), Some(table)) = (deal, self.table.as_mut()) {
                                table.turned(deal);
                            }
                            f(event);
                        }
                    }
                }
                match self.exec(pc, source, &mut on_event)? {
                    Flow::Go(next) => pc = next,
                    Flow::Stop(ended) => return Ok(ended),
                }
            }
        }
        self.play_steps(source)
    }

    /// Plays the round by its steps, with no events.
    #[inline]
    fn play_steps(&mut self, source: &mut impl Source) -> Result<Ended, EvalError> {
        let mut pc = 0;
        loop {
            // The step's target, or the instruction that runs as written.
            let (env, pools) = (&mut self.env, &self.pools);
            let next = match &self.steps.list[pc] {
                Step::Instr => Err(pc),
                &Step::Throw(i) => 'throw: {
                    let throw = &self.steps.throws[i as usize];
                    if !self.limits.fast(&mut self.dealt, throw.count) {
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
                Err(instr) => match self.exec(instr, source, &mut None)? {
                    Flow::Go(step) => pc = step,
                    Flow::Stop(ended) => return Ok(ended),
                },
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
        if !self.shoes.can_deal(deal.shoe, deal.count)
            || !self.limits.fast(&mut self.dealt, deal.count)
        {
            // The draw as written gives the error.
            return Ok(Err(deal.origin as usize));
        }
        self.faces.clear();
        self.cards.clear();
        let mut dealt = 0i64;
        let (faces, cards) = (&mut self.faces, &mut self.cards);
        self.shoes
            .deal(deal.shoe, deal.count, source, |value, card| {
                dealt += i64::from(value);
                faces.push(value);
                cards.push(card);
            });
        if deal.keep {
            let id = hand(&mut self.faces, &mut self.cards, &mut self.pools);
            self.env[deal.slot] = Value::Pool(id);
        }
        let Some(assign) = deal.assign else {
            return Ok(Ok(deal.next));
        };
        match assign.value(&self.env, &self.pools, dealt) {
            Some(x) => {
                self.env[assign.slot as usize] = Value::Int(x);
                Ok(Ok(deal.next))
            }
            None => {
                // The `let` as written reads the hand.
                if !deal.keep {
                    let id = hand(&mut self.faces, &mut self.cards, &mut self.pools);
                    self.env[deal.slot] = Value::Pool(id);
                }
                Ok(Err(assign.origin as usize))
            }
        }
    }

    /// Runs instruction `pc` as written.
    fn exec(
        &mut self,
        pc: usize,
        source: &mut impl Source,
        on_event: &mut Option<&mut dyn FnMut(Event)>,
    ) -> Result<Flow, EvalError> {
        let program = self.program;
        let context = Context {
            program,
            pools: &self.pools,
        };
        Ok(Flow::Go(match (&program.code[pc], &self.fast[pc]) {
            (Instr::Branch { cond, .. }, fast) => {
                let holds = match fast {
                    Fast::Flag(slot) => match self.env[*slot] {
                        Value::Bool(b) => b,
                        _ => crate::eval::value::test(context, &self.env, cond).map_err(|e| *e)?,
                    },
                    Fast::Expr(c) => c.holds(context, &self.env, cond).map_err(|e| *e)?,
                    _ => crate::eval::value::test(context, &self.env, cond).map_err(|e| *e)?,
                };
                if holds {
                    self.next[pc]
                } else {
                    self.otherwise[pc]
                }
            }
            (Instr::Assign { slot, value }, fast) => {
                let v = match fast {
                    Fast::Expr(c) => c.value(context, &self.env, value),
                    _ => eval(context, &self.env, value),
                }
                .map_err(|e| *e)?;
                self.env[*slot] = v;
                self.next[pc]
            }
            (Instr::Throw { .. }, _) => {
                if !self.throw(pc, source, on_event)? {
                    return Ok(Flow::Stop(None));
                }
                self.next[pc]
            }
            (Instr::Draw { .. }, _) => {
                self.draw(pc, source, on_event)?;
                self.next[pc]
            }
            (Instr::Jump(target), _) => *target,
            (Instr::Choose { slot }, _) => {
                let Some(choice) = program.choice.as_ref().filter(|c| !c.options.is_empty()) else {
                    return Err(EvalError::Internal {
                        what: "a choice with no options",
                        span: program.round_span,
                    });
                };
                let value = source.choose(&choice.options);
                if let Some(f) = on_event.as_mut() {
                    f(Event::Choose {
                        name: choice.name.clone(),
                        option: value.to_string(),
                    });
                }
                self.env[*slot] = Value::Int(value);
                self.next[pc]
            }
            (
                Instr::Decide {
                    decision,
                    slot,
                    knowing,
                },
                _,
            ) => {
                self.key.clear();
                self.key
                    .extend(knowing.iter().map(|&k| key_value(self.env[k])));
                if program.decisions[*decision].faces.is_some() {
                    // As `Decision::expand_key`: the mask read last becomes
                    // the faces shown.
                    let mask = self.key.pop().unwrap_or(0);
                    self.key.extend(mask_faces(mask));
                }
                let value = self.pick(source, *decision, on_event);
                self.env[*slot] = Value::Int(value);
                self.next[pc]
            }
            (
                Instr::Cell {
                    table,
                    decision,
                    row,
                    column,
                    slot,
                    span,
                },
                _,
            ) => {
                let (r, c, cell) =
                    lookup_cell(context, &self.env, *table, row, column, *span).map_err(|e| *e)?;
                let draws = match cell {
                    Cell::Draw => true,
                    Cell::Stand => false,
                    Cell::Choice => {
                        self.key.clear();
                        self.key.extend([r, c]);
                        self.pick(source, *decision, on_event) != 0
                    }
                };
                self.env[*slot] = Value::Bool(draws);
                self.next[pc]
            }
            (Instr::End { outcome }, _) => {
                if let Some(f) = on_event.as_mut() {
                    // The table's cards stay face down for the seats to come.
                    for (_, deal, turned) in self.face_down.drain(..) {
                        if deal.is_none() {
                            f(turned);
                        }
                    }
                    f(Event::End {
                        outcome: program.outcomes[*outcome].name.clone(),
                    });
                }
                return Ok(Flow::Stop(Some(Some(*outcome))));
            }
            (Instr::Finish, _) => {
                if let Some(f) = on_event.as_mut() {
                    for (_, deal, turned) in self.face_down.drain(..) {
                        if deal.is_none() {
                            f(turned);
                        }
                    }
                }
                if program.settles_on_outcomes() {
                    return Err(EvalError::NoOutcome {
                        span: program.round_close(),
                    });
                }
                return Ok(Flow::Stop(Some(None)));
            }
        }))
    }

    /// Throws the dice of the throw at `pc`, again until its condition
    /// holds; `false` when the source abandons the round.
    #[inline]
    fn throw(
        &mut self,
        pc: usize,
        source: &mut impl Source,
        on_event: &mut Option<&mut dyn FnMut(Event)>,
    ) -> Result<bool, EvalError> {
        let program = self.program;
        let Instr::Throw {
            slot,
            count,
            sides,
            observe,
            until,
            for_each_seat,
            span,
        } = &program.code[pc]
        else {
            return Ok(true);
        };
        let (observations, until_fast) = match &self.fast[pc] {
            Fast::Throw {
                observations,
                until,
            } => (&observations[..], until.as_ref()),
            _ => (&[][..], None),
        };
        // A throw of the table's while each seat plays its own run: an
        // earlier seat's run may have thrown it, and this run sees the same
        // faces (told once, when thrown).
        let deal = match &mut self.table {
            Some(table) if !for_each_seat => Some(table.meet(pc)),
            _ => None,
        };
        if let Some(faces) = deal.and_then(|d| self.table.as_ref()?.dealt(d)) {
            self.faces.clone_from(&faces.0);
            observe_faces(
                program,
                &mut self.env,
                &mut self.pools,
                &self.faces,
                *slot,
                (observe, observations),
            )?;
            return Ok(true);
        }
        let table = self.steps.table_of[pc].map(|i| &self.steps.throws[i as usize]);
        let mut attempt = 0;
        loop {
            attempt += 1;
            self.limits.slow(&mut self.dealt, *count, *span)?;
            if until.is_some() {
                source.begin_attempt();
            }
            if let Some(table) = table {
                let n = source.dice(*count, *sides);
                for (&obs, v) in table.slots.iter().zip(table.row(n as usize)) {
                    self.env[obs] = *v;
                }
                if on_event.is_some() || deal.is_some() {
                    sorted_faces(n, *count, *sides, &mut self.faces);
                }
            } else {
                self.faces.clear();
                for _ in 0..*count {
                    let face = source.die(*sides);
                    self.faces.push(face);
                }
                self.faces.sort_unstable();
                observe_faces(
                    program,
                    &mut self.env,
                    &mut self.pools,
                    &self.faces,
                    *slot,
                    (observe, observations),
                )?;
            }
            let accepted = match (until, until_fast) {
                (Some(cond), Some(c)) => {
                    let context = Context {
                        program,
                        pools: &self.pools,
                    };
                    c.holds(context, &self.env, cond).map_err(|e| *e)?
                }
                _ => true,
            };
            if let Some(f) = on_event.as_mut() {
                f(Event::Throw {
                    name: program.slots[*slot].name.clone(),
                    faces: self.faces.clone(),
                    attempt,
                    accepted,
                });
            }
            if accepted {
                if let (Some(deal), Some(table)) = (deal, &mut self.table) {
                    table.keep(deal, self.faces.clone(), Vec::new());
                }
                return Ok(true);
            }
            if table.is_none() {
                // Nothing reads the rejected attempt's faces.
                self.pools.pop();
            }
            if !source.retry() {
                return Ok(false);
            }
            if attempt >= self.max_rerolls {
                return Err(EvalError::RerollLimit {
                    attempts: attempt,
                    span: *span,
                });
            }
        }
    }

    /// Deals the cards of the draw at `pc`.
    fn draw(
        &mut self,
        pc: usize,
        source: &mut impl Source,
        on_event: &mut Option<&mut dyn FnMut(Event)>,
    ) -> Result<(), EvalError> {
        let program = self.program;
        let Instr::Draw {
            slot,
            count,
            shoe,
            face_down,
            for_each_seat,
            span,
            ..
        } = &program.code[pc]
        else {
            return Ok(());
        };
        // A deal of the table's while each seat plays its own hand: an
        // earlier seat's run may have dealt it.
        let deal = match &mut self.table {
            Some(table) if !for_each_seat => Some(table.meet(pc)),
            _ => None,
        };
        if let (Some(deal), Some(table)) = (deal, &self.table) {
            if let Some((values, cards)) = table.dealt(deal) {
                // Told when dealt; still face down, it may be turned up.
                if let Some(turn_up) = table.unturned(deal) {
                    self.face_down.push((*slot, Some(deal), turn_up.clone()));
                }
                self.faces.clone_from(values);
                self.cards.clone_from(cards);
                let id = hand(&mut self.faces, &mut self.cards, &mut self.pools);
                self.env[*slot] = Value::Pool(id);
                return Ok(());
            }
        }
        let shoe_def = &program.shoes[*shoe];
        let before = self.shoes.left(*shoe);
        if before < u64::from(*count) {
            return Err(EvalError::ShoeEmpty {
                shoe: shoe_def.name.clone(),
                count: *count,
                left: before,
                span: *span,
            });
        }
        if !self.shoes.can_deal(*shoe, *count) {
            return Err(EvalError::Internal {
                what: "a shoe of more cards than a draw can pick from",
                span: *span,
            });
        }
        self.limits.slow(&mut self.dealt, *count, *span)?;
        self.faces.clear();
        self.cards.clear();
        let (faces, cards) = (&mut self.faces, &mut self.cards);
        self.shoes.deal(*shoe, *count, source, |value, card| {
            faces.push(value);
            cards.push(card);
        });
        if let (Some(deal), Some(table)) = (deal, &mut self.table) {
            table.keep(deal, self.faces.clone(), self.cards.clone());
        }
        if let Some(f) = on_event.as_mut() {
            let name = program.slots[*slot].name.clone();
            let values = self.faces.clone();
            let cards: Vec<Card> = self.cards.iter().map(|&c| Card(c)).collect();
            if *face_down {
                let turn_up = Event::TurnUp {
                    name: name.clone(),
                    values: values.clone(),
                    cards: cards.clone(),
                };
                if let (Some(deal), Some(table)) = (deal, &mut self.table) {
                    table.face_down(deal, turn_up.clone());
                }
                self.face_down.push((*slot, deal, turn_up));
            }
            f(Event::Draw {
                name,
                values,
                cards,
                face_down: *face_down,
            });
        }
        let id = hand(&mut self.faces, &mut self.cards, &mut self.pools);
        self.env[*slot] = Value::Pool(id);
        Ok(())
    }

    /// The option the source picks at decision `d`, with `self.key` known,
    /// reported as an event with the option's label.
    fn pick(
        &mut self,
        source: &mut impl Source,
        d: usize,
        on_event: &mut Option<&mut dyn FnMut(Event)>,
    ) -> i64 {
        let decision = &self.program.decisions[d];
        let value = if decision.faces.is_some() {
            // Only the faces shown are offered.
            let offered: Vec<i64> = decision
                .offered(&self.key)
                .map(|i| decision.values[i])
                .collect();
            source.decide(d, &self.key, &offered)
        } else {
            source.decide(d, &self.key, &decision.values)
        };
        if let (Some(f), Some(i)) = (
            on_event.as_mut(),
            decision.values.iter().position(|&v| v == value),
        ) {
            f(Event::Choose {
                name: decision.name.clone(),
                option: decision.options[i].clone(),
            });
        }
        value
    }
}

/// The throw `faces` put in `slot`, and its observations (`observe`,
/// each compiled) read from it.
fn observe_faces(
    program: &Program,
    env: &mut [Value],
    pools: &mut Pools,
    faces: &[u32],
    slot: usize,
    (observe, observations): (&Option<crate::program::Projection>, &[(usize, Compiled)]),
) -> Result<(), EvalError> {
    env[slot] = Value::Pool(pools.push(faces));
    let context = Context { program, pools };
    let exprs = observe.iter().flat_map(|p| &p.observations);
    for ((obs, compiled), (_, e)) in observations.iter().zip(exprs) {
        env[*obs] = compiled.value(context, env, e).map_err(|e| *e)?;
    }
    Ok(())
}

/// What one step needs compiled.
fn compile(instr: &Instr) -> Fast {
    match instr {
        Instr::Branch { cond, .. } => match cond.kind {
            ExprKind::Slot(s) => Fast::Flag(s),
            _ => Fast::Expr(Compiled::new(cond)),
        },
        Instr::Assign { value, .. } => Fast::Expr(Compiled::new(value)),
        Instr::Throw { observe, until, .. } => {
            let observations: Vec<(usize, Compiled)> = observe
                .iter()
                .flat_map(|p| &p.observations)
                .map(|(obs, e)| (*obs, Compiled::new(e)))
                .collect();
            Fast::Throw {
                observations,
                until: until.as_ref().map(Compiled::new),
            }
        }
        _ => Fast::None,
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
