//! Blackjack dealt from a finite shoe, counted by hand apart from the
//! interpreter (it does not use the dicerules crate): the
//! composition-dependent best play without splitting, and any fixed chart
//! played on the same shoe, each exactly. The rules are those of
//! games/blackjack.dice but for the shoe: `decks` standard decks (only
//! values matter: an ace 1, pips 2 to 9, four ten-values per suit), a
//! fresh shoe each round; the dealer's up card, his hole card, the
//! player's two cards; a player's blackjack pays `pays` to 1 and pushes
//! against the dealer's; under an ace or a ten the dealer peeks and his
//! blackjack takes only the initial stake; the player may hit, stand, or
//! double his first two cards (one more card, two stakes), stands on 21
//! after a hit, and loses at once past 21; the dealer draws to 17 (hitting
//! a soft 17 or not); no split, surrender or insurance.
//!
//! The count rests on exchangeability: any cards dealt face down, or not
//! yet dealt, are a uniform draw from the cards not seen, whatever order
//! they are dealt in. So once the player holds the multiset `hand`, the
//! hole card and every later card are drawn from `rest` (the shoe less the
//! up card and `hand`) as if the hole card came last. The peek only
//! removes the deals with a dealer blackjack; every figure below is
//! therefore the expected net times 1{no dealer blackjack}, given the
//! hand (a hit then simply averages over the next card, with no
//! reweighting), and dividing by the chance of no dealer blackjack given
//! the hand makes it the value the player compares, knowing the peek.
//!
//! Exactness and speed: every figure of a hand of `k` cards is an integer
//! over one denominator for all hands of `k` cards (a falling factorial of
//! the cards left, [`Scale`]), so a hit is an integer sum, and options
//! compare as integers. The dealer's final points from a given rest are
//! counts of draw sequences in `u128` (bounds at [`Dealer::finals`]),
//! over the multisets of his drawn cards, a graph built once per up card.

use std::collections::{BTreeMap, HashMap};

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::Nets;

/// An action the player may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Action {
    Hit,
    Stand,
    Double,
}

/// The cards of a shoe or a hand by value: index 0 the aces, 1 to 8 the
/// pips 2 to 9, 9 the ten-values.
const VALUES: usize = 10;

/// The composition of `decks` standard decks by value.
pub(crate) fn shoe(decks: u32) -> [u32; VALUES] {
    let mut counts = [4 * decks; VALUES];
    counts[9] = 16 * decks;
    counts
}

/// The most cards a player's hand can hold: he hits only while his hard
/// total is at most 20, so at most 20 cards, then one more.
const MOST_PLAYER_CARDS: u32 = 21;

/// A hand by value, with what the rules read of it.
#[derive(Clone, Copy, Debug)]
struct Hand {
    cards: [u8; VALUES],
    len: u32,
    /// The total with aces as 1.
    hard: u32,
    ace: bool,
}

impl Hand {
    fn of(cards: [u8; VALUES]) -> Hand {
        let len = cards.iter().map(|&n| u32::from(n)).sum();
        let hard = (0..VALUES)
            .map(|v| (v as u32 + 1) * u32::from(cards[v]))
            .sum();
        Hand {
            cards,
            len,
            hard,
            ace: cards[0] > 0,
        }
    }

    fn with(self, card: usize) -> Hand {
        let mut cards = self.cards;
        cards[card] += 1;
        Hand {
            cards,
            len: self.len + 1,
            hard: self.hard + card as u32 + 1,
            ace: self.ace || card == 0,
        }
    }

    /// Whether an ace counts 11: only while that does not pass 21.
    fn soft(&self) -> bool {
        self.ace && self.hard <= 11
    }

    fn points(&self) -> u32 {
        if self.soft() {
            self.hard + 10
        } else {
            self.hard
        }
    }

    fn bust(&self) -> bool {
        self.hard > 21
    }

    fn blackjack(&self) -> bool {
        self.len == 2 && self.points() == 21
    }

    /// The cards packed five bits a value (no hand holds 32 of one).
    fn key(&self) -> u64 {
        self.cards
            .iter()
            .fold(0, |key, &n| (key << 5) | u64::from(n))
    }
}

/// `n (n-1) ... (n-len+1)`: the ordered ways to draw `len` of `n` cards.
fn falling(n: i64, len: i64) -> BigInt {
    (0..len).fold(BigInt::one(), |p, i| p * BigInt::from((n - i).max(0)))
}

/// The dealer's final points as an index: 17 to 21 as 0 to 4, a bust 5.
const BUST: usize = 5;

/// Where a dealer's hand ends: its final points' index, or `None` while he
/// draws (below 17, or a soft 17 when he hits it).
fn dealer_end(hard: u32, ace: bool, hits_soft_17: bool) -> Option<usize> {
    if hard > 21 {
        return Some(BUST);
    }
    let soft = ace && hard <= 11;
    let points = if soft { hard + 10 } else { hard };
    let stands = points > 17 || (points == 17 && !(soft && hits_soft_17));
    stands.then(|| points as usize - 17)
}

/// One multiset of cards the dealer has drawn (hole card included) beside
/// his up card.
struct DealerNode {
    drawn: [u8; VALUES],
    /// How many cards drawn.
    depth: usize,
    /// The final points' index where he stops, else `None`.
    end: Option<usize>,
    /// By the next card's value: the node it leads to.
    next: Vec<(usize, usize)>,
}

/// Every way the dealer's hand can grow from one up card, each multiset
/// of drawn cards once, in order of depth (a node's parents come first).
/// The hole card that would give him a blackjack is left out: the peek
/// has removed those deals.
struct Dealer {
    nodes: Vec<DealerNode>,
    /// The most cards he can draw, from a shoe of any size.
    depth: usize,
}

impl Dealer {
    fn new(up: usize, hits_soft_17: bool, peeked: Option<usize>) -> Dealer {
        let mut nodes = vec![DealerNode {
            drawn: [0; VALUES],
            depth: 0,
            end: None,
            next: Vec::new(),
        }];
        let mut index: HashMap<[u8; VALUES], usize> = HashMap::new();
        let mut i = 0;
        while i < nodes.len() {
            let (drawn, depth) = (nodes[i].drawn, nodes[i].depth);
            let hand = Hand::of(drawn).with(up);
            let end = dealer_end(hand.hard, hand.ace, hits_soft_17);
            nodes[i].end = end;
            if end.is_none() {
                for card in 0..VALUES {
                    if depth == 0 && Some(card) == peeked {
                        continue;
                    }
                    let mut child = drawn;
                    child[card] += 1;
                    let next = *index.entry(child).or_insert_with(|| {
                        nodes.push(DealerNode {
                            drawn: child,
                            depth: depth + 1,
                            end: None,
                            next: Vec::new(),
                        });
                        nodes.len() - 1
                    });
                    nodes[i].next.push((card, next));
                }
            }
            i += 1;
        }
        let depth = nodes.iter().map(|n| n.depth).max().unwrap_or(0);
        Dealer { nodes, depth }
    }

    /// The draws the count pads every sequence to: all the cards he can
    /// draw, or all the cards left.
    fn reach(&self, left: u32) -> usize {
        self.depth.min(left as usize)
    }

    /// The dealer's final points drawing from `rest` (`left` cards, the
    /// hole card among them), times 1{no blackjack}: by index, the number
    /// of ordered draws of `reach(left)` cards whose first cards make that
    /// end (a sequence that ends early is padded with every way to draw the
    /// rest). Over `falling(left, reach)`, these are the chances.
    ///
    /// No overflow: the mass at depth `j` counts ordered draws of `j`
    /// cards, at most `falling(left, j)`, which is at most
    /// `falling(left, reach)` for `j <= reach`; the padded ends add up to at
    /// most that too. `falling(left, reach)` is checked to fit in `u128`:
    /// up to 31 decks when the dealer hits a soft 17 (he may draw 12
    /// cards), 61 when he stands on it (11 cards).
    fn finals(&self, rest: &[u32; VALUES], left: u32, mass: &mut Vec<u128>) -> [u128; 6] {
        let reach = self.reach(left);
        // pad[j]: the ways to draw the remaining `reach - j` cards.
        let mut pad = vec![1u128; reach + 1];
        for j in (0..reach).rev() {
            pad[j] = pad[j + 1]
                .checked_mul(u128::from(left) - j as u128)
                .expect("too many cards for the dealer's u128 count");
        }
        mass.clear();
        mass.resize(self.nodes.len(), 0);
        mass[0] = 1;
        let mut finals = [0u128; 6];
        for (i, node) in self.nodes.iter().enumerate() {
            let m = mass[i];
            if m == 0 {
                continue;
            }
            if let Some(end) = node.end {
                finals[end] += m * pad[node.depth];
                continue;
            }
            assert!(node.depth < reach, "the shoe ran out under the dealer");
            for &(card, next) in &node.next {
                let ways = rest[card].saturating_sub(u32::from(node.drawn[card]));
                mass[next] += m * u128::from(ways);
            }
        }
        finals
    }
}

/// The denominators by the number `k` of the player's cards: every figure
/// of a hand of `k` cards is an integer over `den[k]`, the ordered ways to
/// draw `most - k` of the `left0 - k` cards left, where `most` bounds the
/// cards drawn after the up card in any round. A hit multiplies by the
/// count of the card drawn: `den[k] = (left0 - k) den[k + 1]`.
struct Scale {
    den: Vec<BigInt>,
    /// `den[k]` over the cards left: the denominator after one more card.
    tail: Vec<BigInt>,
    /// From the dealer's count (over `falling(left, reach)`) to `den[k]`.
    pad: Vec<BigInt>,
}

impl Scale {
    fn new(left0: u32, dealer_depth: usize) -> Scale {
        let left0 = i64::from(left0);
        let most = left0.min(i64::from(MOST_PLAYER_CARDS) + dealer_depth as i64);
        let ks = 0..=i64::from(MOST_PLAYER_CARDS).min(left0);
        let den = ks.clone().map(|k| falling(left0 - k, most - k)).collect();
        let tail = ks
            .clone()
            .map(|k| falling(left0 - k - 1, most - k - 1))
            .collect();
        let pad = ks
            .map(|k| {
                let reach = (dealer_depth as i64).min(left0 - k);
                falling(left0 - k - reach, most - k - reach)
            })
            .collect();
        Scale { den, tail, pad }
    }
}

/// The player's nets by index: -2, -1, 0, 1, 2 stakes.
type Spread = [BigInt; 5];

fn spread_zero() -> Spread {
    std::array::from_fn(|_| BigInt::zero())
}

/// A decision of the count: the hand, the best option, each option's
/// value as an integer over the hand's denominator, and the weight (the
/// chance of no dealer blackjack over the same).
struct Decision {
    hand: Hand,
    best: Action,
    options: Vec<(Action, BigInt)>,
    weight: BigInt,
}

/// The round for one up card: its shoe, the dealer's graph, the memos.
struct Round<'a> {
    /// The up card's value index.
    up: usize,
    /// The shoe less the up card.
    rest: [u32; VALUES],
    left0: u32,
    /// The hole card's value that makes a dealer blackjack, under an ace or
    /// a ten.
    peeked: Option<usize>,
    dealer: &'a Dealer,
    scale: Scale,
    /// By hand: the dealer's draws that the player's points beat, tie, and
    /// lose to, over `falling(left, reach)`.
    stands: HashMap<u64, [u128; 3]>,
    mass: Vec<u128>,
}

impl<'a> Round<'a> {
    fn new(counts: &[u32; VALUES], up: usize, dealer: &'a Dealer) -> Round<'a> {
        let mut rest = *counts;
        rest[up] -= 1;
        let left0 = rest.iter().sum();
        Round {
            up,
            rest,
            left0,
            peeked: peeked(up),
            dealer,
            scale: Scale::new(left0, dealer.depth),
            stands: HashMap::new(),
            mass: Vec::new(),
        }
    }

    /// The cards left beside a hand, and how many.
    fn left(&self, hand: &Hand) -> ([u32; VALUES], u32) {
        let mut rest = self.rest;
        for (r, &n) in rest.iter_mut().zip(&hand.cards) {
            *r -= u32::from(n);
        }
        (rest, self.left0 - hand.len)
    }

    /// The chance of no dealer blackjack given the hand, over its
    /// denominator.
    fn weight(&self, hand: &Hand) -> BigInt {
        let k = hand.len as usize;
        let (rest, left) = self.left(hand);
        match self.peeked {
            Some(card) => BigInt::from(left - rest[card]) * &self.scale.tail[k],
            None => self.scale.den[k].clone(),
        }
    }

    /// The draws that the hand's points beat, tie, and lose to.
    fn stand_counts(&mut self, hand: &Hand) -> [u128; 3] {
        if let Some(c) = self.stands.get(&hand.key()) {
            return *c;
        }
        let (rest, left) = self.left(hand);
        let finals = self.dealer.finals(&rest, left, &mut self.mass);
        let points = hand.points() as usize;
        let mut counts = [0u128; 3];
        for (end, &n) in finals.iter().enumerate() {
            let side = if end == BUST || points > end + 17 {
                0
            } else if points == end + 17 {
                1
            } else {
                2
            };
            counts[side] += n;
        }
        self.stands.insert(hand.key(), counts);
        counts
    }

    /// The nets of standing with `stakes` staked (1 or 2), or of a bust.
    fn settle(&mut self, hand: &Hand, stakes: usize) -> Spread {
        let mut spread = spread_zero();
        if hand.bust() {
            spread[2 - stakes] = self.weight(hand);
            return spread;
        }
        let [win, tie, lose] = self.stand_counts(hand);
        let pad = &self.scale.pad[hand.len as usize];
        spread[2 + stakes] = BigInt::from(win) * pad;
        spread[2] = BigInt::from(tie) * pad;
        spread[2 - stakes] = BigInt::from(lose) * pad;
        spread
    }

    /// The expected net of standing (or of a bust), with `stakes` staked.
    fn settle_value(&mut self, hand: &Hand, stakes: i64) -> BigInt {
        if hand.bust() {
            return -self.weight(hand) * stakes;
        }
        let [win, _, lose] = self.stand_counts(hand);
        (BigInt::from(win) - BigInt::from(lose)) * &self.scale.pad[hand.len as usize] * stakes
    }

    /// The cards the player may draw next, with their counts.
    fn draws(&self, hand: &Hand) -> Vec<(usize, u32)> {
        let (rest, left) = self.left(hand);
        // One card is the dealer's hole card.
        assert!(left >= 2, "the shoe ran out under the player");
        (0..VALUES)
            .filter(|&c| rest[c] > 0)
            .map(|c| (c, rest[c]))
            .collect()
    }

    /// Doubling: one card, two stakes.
    fn double_value(&mut self, hand: &Hand) -> BigInt {
        self.draws(hand)
            .into_iter()
            .fold(BigInt::zero(), |sum, (card, n)| {
                sum + self.settle_value(&hand.with(card), 2) * n
            })
    }
}

/// The hole card's value that gives the dealer a blackjack under `up`.
fn peeked(up: usize) -> Option<usize> {
    match up {
        0 => Some(9),
        9 => Some(0),
        _ => None,
    }
}

/// The best play: the value of a hand after its first two cards and each
/// decision, memoised by hand.
struct Best<'r, 'a> {
    round: &'r mut Round<'a>,
    later: HashMap<u64, BigInt>,
    decisions: Vec<Decision>,
}

impl Best<'_, '_> {
    /// A hand after a hit: lost past 21, standing on 21, else the better of
    /// hitting and standing.
    fn later(&mut self, hand: &Hand) -> BigInt {
        if hand.bust() || hand.points() == 21 {
            return self.round.settle_value(hand, 1);
        }
        if let Some(v) = self.later.get(&hand.key()) {
            return v.clone();
        }
        let options = vec![
            (Action::Hit, self.hit(hand)),
            (Action::Stand, self.round.settle_value(hand, 1)),
        ];
        let value = self.decide(hand, options);
        self.later.insert(hand.key(), value.clone());
        value
    }

    fn hit(&mut self, hand: &Hand) -> BigInt {
        self.round
            .draws(hand)
            .into_iter()
            .fold(BigInt::zero(), |sum, (card, n)| {
                sum + self.later(&hand.with(card)) * n
            })
    }

    /// The first two cards (not a blackjack): hit, stand, or double.
    fn first(&mut self, hand: &Hand) -> BigInt {
        let options = vec![
            (Action::Hit, self.hit(hand)),
            (Action::Stand, self.round.settle_value(hand, 1)),
            (Action::Double, self.round.double_value(hand)),
        ];
        self.decide(hand, options)
    }

    /// Records the decision; its value is the best option's, the first
    /// listed (hit, stand, double) on a tie.
    fn decide(&mut self, hand: &Hand, options: Vec<(Action, BigInt)>) -> BigInt {
        let mut pick = 0;
        for (i, o) in options.iter().enumerate() {
            if o.1 > options[pick].1 {
                pick = i;
            }
        }
        let (best, value) = options[pick].clone();
        self.decisions.push(Decision {
            hand: *hand,
            best,
            options,
            weight: self.round.weight(hand),
        });
        value
    }
}

/// The nets of a hand played by `policy`, memoised by hand (a hand of two
/// cards is always the first two: there is no split).
fn play(
    round: &mut Round,
    hand: &Hand,
    policy: &dyn Fn(&Hand) -> Action,
    memo: &mut HashMap<u64, Spread>,
) -> Spread {
    if hand.bust() || (hand.len > 2 && hand.points() == 21) {
        return round.settle(hand, 1);
    }
    if let Some(s) = memo.get(&hand.key()) {
        return s.clone();
    }
    let action = policy(hand);
    assert!(
        action != Action::Double || hand.len == 2,
        "a double after a hit"
    );
    let spread = match action {
        Action::Stand => round.settle(hand, 1),
        Action::Hit | Action::Double => {
            let mut spread = spread_zero();
            for (card, n) in round.draws(hand) {
                let next = hand.with(card);
                let s = if action == Action::Hit {
                    play(round, &next, policy, memo)
                } else {
                    round.settle(&next, 2)
                };
                for (total, x) in spread.iter_mut().zip(s) {
                    *total += x * n;
                }
            }
            spread
        }
    };
    memo.insert(hand.key(), spread.clone());
    spread
}

/// Every two-card hand with its number of ordered deals from `rest`.
fn first_hands(rest: &[u32; VALUES]) -> Vec<(Hand, u32)> {
    let mut hands = Vec::new();
    for a in 0..VALUES {
        for b in a..VALUES {
            let ways = if a == b {
                rest[a] * rest[a].saturating_sub(1)
            } else {
                2 * rest[a] * rest[b]
            };
            if ways > 0 {
                let mut cards = [0; VALUES];
                cards[a] += 1;
                cards[b] += 1;
                hands.push((Hand::of(cards), ways));
            }
        }
    }
    hands
}

/// The nets of every round with one up card, the player playing `policy`:
/// by index -2, -1, 0, 1, 2 stakes, then a blackjack's `pays`, as integers
/// over `left0 (left0 - 1) den[2]`.
fn round_nets(round: &mut Round, policy: &dyn Fn(&Hand) -> Action) -> [BigInt; 6] {
    let mut nets: [BigInt; 6] = std::array::from_fn(|_| BigInt::zero());
    let mut memo = HashMap::new();
    for (hand, ways) in first_hands(&round.rest) {
        let unpeeked = round.weight(&hand);
        let dealer_blackjack = &round.scale.den[2] - &unpeeked;
        if hand.blackjack() {
            nets[2] += &dealer_blackjack * ways;
            nets[5] += unpeeked * ways;
            continue;
        }
        nets[1] += dealer_blackjack * ways;
        for (total, x) in nets.iter_mut().zip(play(round, &hand, policy, &mut memo)) {
            *total += x * ways;
        }
    }
    nets
}

/// Adds one up card's nets to `all`, with the up card's chance.
fn add_round(
    all: &mut Nets,
    nets: [BigInt; 6],
    round: &Round,
    counts: &[u32; VALUES],
    pays: &BigRational,
) {
    let cards: u32 = counts.iter().sum();
    let left0 = BigInt::from(round.left0);
    let over: BigInt = BigInt::from(cards) * &left0 * (left0 - 1u32) * &round.scale.den[2];
    let values = [-2, -1, 0, 1, 2].map(|n| BigRational::from_integer(BigInt::from(n)));
    let values = values.into_iter().chain([pays.clone()]);
    for (value, n) in values.zip(nets) {
        let p = BigRational::new(n * counts[round.up], over.clone());
        if !p.is_zero() {
            all.add_net(value, &p);
        }
    }
}

/// By (the hand's cards by value, ace first; whether they are the first
/// two; the up card, an ace 1): the best option (hit, stand, double in
/// that order on a tie) and each option's expected net per initial stake,
/// given the hand and no dealer blackjack. Every decision a player can
/// meet: two-card hands other than a blackjack, and hands below 21 after
/// a hit.
pub(crate) type Situations =
    BTreeMap<([u8; VALUES], bool, u8), (Action, Vec<(Action, BigRational)>)>;

/// The composition-dependent best play solved.
pub(crate) struct Solved {
    /// The nets per initial stake with their chances, playing best.
    pub nets: Nets,
    pub situations: Situations,
    /// How many situations have two options of the best value.
    pub ties: usize,
}

/// Solves the composition-dependent best play on a shoe of `counts` cards
/// by value (ace first).
pub(crate) fn solve_from(counts: [u32; VALUES], hits_soft_17: bool, pays: &BigRational) -> Solved {
    let mut solved = Solved {
        nets: Nets::default(),
        situations: Situations::new(),
        ties: 0,
    };
    for up in (0..VALUES).filter(|&up| counts[up] > 0) {
        let dealer = Dealer::new(up, hits_soft_17, peeked(up));
        let mut round = Round::new(&counts, up, &dealer);
        let mut best = Best {
            round: &mut round,
            later: HashMap::new(),
            decisions: Vec::new(),
        };
        for (hand, _) in first_hands(&best.round.rest) {
            if !hand.blackjack() {
                best.first(&hand);
            }
        }
        let decisions = std::mem::take(&mut best.decisions);
        let mut policy = HashMap::new();
        for d in decisions {
            policy.insert(d.hand.key(), d.best);
            record(&mut solved, d, up);
        }
        let nets = round_nets(&mut round, &|hand: &Hand| policy[&hand.key()]);
        add_round(&mut solved.nets, nets, &round, &counts, pays);
    }
    solved
}

/// Adds a decision to the situations (when the hand can be met at all: a
/// chance of no dealer blackjack).
fn record(solved: &mut Solved, d: Decision, up: usize) {
    if d.weight.is_zero() {
        return;
    }
    let best_value = &d
        .options
        .iter()
        .find(|o| o.0 == d.best)
        .expect("the best")
        .1;
    if d.options.iter().filter(|o| &o.1 == best_value).count() > 1 {
        solved.ties += 1;
    }
    let options = d
        .options
        .into_iter()
        .map(|(a, v)| (a, BigRational::new(v, d.weight.clone())))
        .collect();
    let key = (d.hand.cards, d.hand.len == 2, up as u8 + 1);
    solved.situations.insert(key, (d.best, options));
}

/// The composition-dependent best play from `decks` decks.
pub(crate) fn solve(decks: u32, hits_soft_17: bool, blackjack_pays: &BigRational) -> Solved {
    solve_from(shoe(decks), hits_soft_17, blackjack_pays)
}

/// The nets per initial stake of the composition-dependent best play from
/// `decks` decks.
pub(crate) fn composition_dependent(
    decks: u32,
    hits_soft_17: bool,
    blackjack_pays: &BigRational,
) -> Nets {
    solve(decks, hits_soft_17, blackjack_pays).nets
}

/// The nets per initial stake of a fixed chart played on a shoe of
/// `counts` cards by value: `strategy(hard, soft, first_two, up)` with the
/// hard total (aces as 1), whether an ace counts 11 (the points are then
/// `hard + 10`), whether the hand is its first two cards, and the up card
/// (an ace 1). It is asked below 21 only, and may double only on the first
/// two cards.
pub(crate) fn fixed_strategy_from(
    counts: [u32; VALUES],
    hits_soft_17: bool,
    blackjack_pays: &BigRational,
    strategy: impl Fn(u8, bool, bool, u8) -> Action,
) -> Nets {
    let mut nets = Nets::default();
    for up in (0..VALUES).filter(|&up| counts[up] > 0) {
        let dealer = Dealer::new(up, hits_soft_17, peeked(up));
        let mut round = Round::new(&counts, up, &dealer);
        let policy =
            |hand: &Hand| strategy(hand.hard as u8, hand.soft(), hand.len == 2, up as u8 + 1);
        let spread = round_nets(&mut round, &policy);
        add_round(&mut nets, spread, &round, &counts, blackjack_pays);
    }
    nets
}

/// [`fixed_strategy_from`] on `decks` decks.
pub(crate) fn fixed_strategy(
    decks: u32,
    hits_soft_17: bool,
    blackjack_pays: &BigRational,
    strategy: impl Fn(u8, bool, bool, u8) -> Action,
) -> Nets {
    fixed_strategy_from(shoe(decks), hits_soft_17, blackjack_pays, strategy)
}

/// The infinite deck's best play for the same rules (3 to 2, no split), as
/// the recursion of tests/casino_count/blackjack.rs finds it: a strategy for
/// [`fixed_strategy`], of a hand's hard total (aces 1), soft or not, its
/// first two cards or not, and the up card: on the first two cards the
/// best action, after a hit the better of hitting and standing.
pub(crate) fn infinite_deck_chart(hits_soft_17: bool) -> impl Fn(u8, bool, bool, u8) -> Action {
    use super::blackjack::{self, Action as Infinite};
    let infinite = blackjack::solve(&blackjack::Rules {
        hits_soft_17,
        pays: BigRational::new(3.into(), 2.into()),
    });
    move |hard, soft, first, up| {
        let points = i64::from(hard) + if soft { 10 } else { 0 };
        let (best, values) = &infinite.decisions[&(points, soft, first, i64::from(up))];
        let value = |a| (values.iter().find(|(b, _)| *b == a)).map(|(_, v)| v);
        match (best, value(Infinite::Hit) > value(Infinite::Stand)) {
            (Infinite::Double, _) => Action::Double,
            (_, true) => Action::Hit,
            (_, false) => Action::Stand,
        }
    }
}

/// The value at `1/decks = 0` of the parabola in `1/decks` through three
/// edges: the edge extrapolated to infinitely many decks.
fn extrapolate(edges: &[(u32, BigRational); 3]) -> BigRational {
    let x = |d: u32| BigRational::new(1.into(), d.into());
    let mut sum = BigRational::zero();
    for (i, (di, edge)) in edges.iter().enumerate() {
        let mut term = edge.clone();
        for (j, (dj, _)) in edges.iter().enumerate() {
            if j != i {
                term *= -x(*dj) / (x(*di) - x(*dj));
            }
        }
        sum += term;
    }
    sum
}

#[test]
fn many_decks_approach_the_infinite_deck() {
    let pays = BigRational::new(3.into(), 2.into());
    let rules = super::blackjack::Rules {
        hits_soft_17: false,
        pays: pays.clone(),
    };
    let infinite = super::blackjack::solve(&rules).house_edge;
    let decks = [16, 24, 31];
    let s17 = infinite_deck_chart(false);
    let chart = decks.map(|d| {
        let nets = fixed_strategy(d, false, &pays, &s17);
        (d, nets.house_edge())
    });
    let best = decks.map(|d| (d, composition_dependent(d, false, &pays).house_edge()));
    for ((_, best), (_, chart)) in best.iter().zip(&chart) {
        assert!(best < chart && chart < &infinite);
    }
    // The chart's edges lie within 3e-10 of the infinite deck's, once
    // extrapolated; the best play's within 5e-8 (its gains on the chart
    // are less smooth in 1/decks).
    let near = |x: BigRational, tolerance: i64| {
        (x - &infinite).abs() < BigRational::new(1.into(), tolerance.into())
    };
    assert!(near(extrapolate(&chart), 1_000_000_000));
    assert!(near(extrapolate(&best), 10_000_000));
}

#[test]
fn every_decision_is_met_once_and_none_is_a_tie() {
    let pays = BigRational::new(3.into(), 2.into());
    for (decks, situations) in [(1, 15_567), (6, 23_680)] {
        let solved = solve(decks, false, &pays);
        assert_eq!(solved.situations.len(), situations);
        assert_eq!(solved.ties, 0);
        assert_eq!(solved.nets.total(), BigRational::one());
    }
}

/// A second count, by brute force, for tiny shoes: the deal in the
/// table's order (up card, hole card, the player's cards, then the
/// dealer's), each card drawn from the cards physically left, in
/// fractions throughout, and the player's decision weighing the hole
/// cards by Bayes' rule given his cards and the peek. It checks what the
/// count takes for granted: exchangeability, the peek's weighting, the
/// merged dealer draws, the integer scale.
mod brute_force {
    use std::collections::{BTreeMap, HashMap};

    use num_rational::BigRational;
    use num_traits::{One, Zero};

    use super::{fixed_strategy_from, infinite_deck_chart, solve_from, Action, Situations, VALUES};
    use crate::casino_count::q;

    /// Net → chance.
    type Dist = BTreeMap<BigRational, BigRational>;

    fn add(into: &mut Dist, d: &Dist, w: &BigRational) {
        for (net, p) in d {
            *into.entry(net.clone()).or_insert_with(BigRational::zero) += w * p;
        }
    }

    fn mean(d: &Dist) -> BigRational {
        d.iter().fold(BigRational::zero(), |s, (n, p)| s + n * p)
    }

    fn int(n: i64) -> BigRational {
        BigRational::from_integer(n.into())
    }

    /// Hard total (aces 1) and points of cards counted by value.
    fn totals(cards: &[u8; VALUES]) -> (u32, u32) {
        let hard: u32 = (0..VALUES)
            .map(|v| (v as u32 + 1) * u32::from(cards[v]))
            .sum();
        let points = if cards[0] > 0 && hard <= 11 {
            hard + 10
        } else {
            hard
        };
        (hard, points)
    }

    fn len(cards: &[u8; VALUES]) -> u8 {
        cards.iter().sum()
    }

    /// The chance of drawing `card` from `left`, and what is left then.
    fn draw(left: &[u32; VALUES], card: usize) -> Option<(BigRational, [u32; VALUES])> {
        let total: u32 = left.iter().sum();
        if left[card] == 0 {
            return None;
        }
        let mut after = *left;
        after[card] -= 1;
        Some((q(left[card].into(), total.into()), after))
    }

    struct Game {
        shoe: [u32; VALUES],
        hits_soft_17: bool,
        /// By (hand, up card index): the player's action.
        policy: HashMap<([u8; VALUES], usize), Action>,
        /// Play by the policy, by (hand, up, hole).
        played: HashMap<([u8; VALUES], usize, usize), Dist>,
        /// The dealer's final points (22 a bust), by (left, his cards).
        dealer: HashMap<([u32; VALUES], [u8; VALUES]), BTreeMap<u32, BigRational>>,
    }

    impl Game {
        fn dealer_final(
            &mut self,
            left: [u32; VALUES],
            hand: [u8; VALUES],
        ) -> BTreeMap<u32, BigRational> {
            if let Some(d) = self.dealer.get(&(left, hand)) {
                return d.clone();
            }
            let (hard, points) = totals(&hand);
            let soft = points != hard;
            let mut out = BTreeMap::new();
            if hard > 21 {
                out.insert(22, BigRational::one());
            } else if points > 17 || (points == 17 && !(soft && self.hits_soft_17)) {
                out.insert(points, BigRational::one());
            } else {
                assert!(left.iter().any(|&n| n > 0), "the tiny shoe ran out");
                for card in 0..VALUES {
                    if let Some((p, after)) = draw(&left, card) {
                        let mut next = hand;
                        next[card] += 1;
                        for (d, w) in self.dealer_final(after, next) {
                            *out.entry(d).or_insert_with(BigRational::zero) += &p * w;
                        }
                    }
                }
            }
            self.dealer.insert((left, hand), out.clone());
            out
        }

        fn stand(
            &mut self,
            left: [u32; VALUES],
            up: usize,
            hole: usize,
            points: u32,
            stakes: i64,
        ) -> Dist {
            let mut dealer = [0; VALUES];
            dealer[up] += 1;
            dealer[hole] += 1;
            let mut out = Dist::new();
            for (d, p) in self.dealer_final(left, dealer) {
                let net = if d > 21 || points > d {
                    stakes
                } else if points < d {
                    -stakes
                } else {
                    0
                };
                add(&mut out, &Dist::from([(int(net), p)]), &BigRational::one());
            }
            out
        }

        /// The player's nets holding `hand` with `left` cards left (the up
        /// and hole cards known to the count, not to him): `action`, or the
        /// policy's.
        fn play(
            &mut self,
            left: [u32; VALUES],
            up: usize,
            hole: usize,
            hand: [u8; VALUES],
            action: Option<Action>,
        ) -> Dist {
            let (hard, points) = totals(&hand);
            if hard > 21 {
                return Dist::from([(int(-1), BigRational::one())]);
            }
            if len(&hand) > 2 && points == 21 {
                return self.stand(left, up, hole, points, 1);
            }
            if action.is_none() {
                if let Some(d) = self.played.get(&(hand, up, hole)) {
                    return d.clone();
                }
            }
            let act = action.unwrap_or_else(|| self.policy[&(hand, up)]);
            let mut out = Dist::new();
            match act {
                Action::Stand => out = self.stand(left, up, hole, points, 1),
                Action::Hit | Action::Double => {
                    for card in 0..VALUES {
                        let Some((p, after)) = draw(&left, card) else {
                            continue;
                        };
                        let mut next = hand;
                        next[card] += 1;
                        let d = if act == Action::Hit {
                            self.play(after, up, hole, next, None)
                        } else {
                            let (hard, points) = totals(&next);
                            if hard > 21 {
                                Dist::from([(int(-2), BigRational::one())])
                            } else {
                                self.stand(after, up, hole, points, 2)
                            }
                        };
                        add(&mut out, &d, &p);
                    }
                }
            }
            if action.is_none() {
                self.played.insert((hand, up, hole), out.clone());
            }
            out
        }

        /// The hole cards given the up card, the hand and no dealer
        /// blackjack: each with its weight (unnormalised) and the cards
        /// then left.
        fn holes(
            &self,
            up: usize,
            hand: &[u8; VALUES],
        ) -> Vec<(usize, BigRational, [u32; VALUES])> {
            let mut shoe = self.shoe;
            shoe[up] -= 1;
            let mut out = Vec::new();
            for hole in 0..VALUES {
                if (up == 0 && hole == 9) || (up == 9 && hole == 0) {
                    continue;
                }
                let Some((mut w, mut left)) = draw(&shoe, hole) else {
                    continue;
                };
                let mut possible = true;
                for (card, &n) in hand.iter().enumerate() {
                    for _ in 0..n {
                        match draw(&left, card) {
                            Some((p, after)) => {
                                w *= p;
                                left = after;
                            }
                            None => possible = false,
                        }
                    }
                }
                if possible {
                    out.push((hole, w, left));
                }
            }
            out
        }

        /// Each option's expected net at a decision, given no dealer
        /// blackjack; `None` if the decision cannot be met.
        fn options(&mut self, up: usize, hand: [u8; VALUES]) -> Option<Vec<(Action, BigRational)>> {
            let holes = self.holes(up, &hand);
            let total = holes.iter().fold(BigRational::zero(), |s, h| s + &h.1);
            if total.is_zero() {
                return None;
            }
            let mut actions = vec![Action::Hit, Action::Stand];
            if len(&hand) == 2 {
                actions.push(Action::Double);
            }
            let mut options = Vec::new();
            for a in actions {
                let mut v = BigRational::zero();
                for (hole, w, left) in &holes {
                    v += w * mean(&self.play(*left, up, *hole, hand, Some(a)));
                }
                options.push((a, v / &total));
            }
            Some(options)
        }

        /// The player's nets over every deal, in the table's order.
        fn nets(&mut self, pays: &BigRational) -> Dist {
            let mut all = Dist::new();
            let shoe = self.shoe;
            for up in 0..VALUES {
                let Some((p_up, s1)) = draw(&shoe, up) else {
                    continue;
                };
                for hole in 0..VALUES {
                    let Some((p_hole, s2)) = draw(&s1, hole) else {
                        continue;
                    };
                    let dealer_bj = (up == 0 && hole == 9) || (up == 9 && hole == 0);
                    for a in 0..VALUES {
                        let Some((p_a, s3)) = draw(&s2, a) else {
                            continue;
                        };
                        for b in 0..VALUES {
                            let Some((p_b, left)) = draw(&s3, b) else {
                                continue;
                            };
                            let w = &p_up * &p_hole * &p_a * p_b;
                            let mut hand = [0; VALUES];
                            hand[a] += 1;
                            hand[b] += 1;
                            let player_bj = totals(&hand).1 == 21;
                            let d = match (player_bj, dealer_bj) {
                                (true, true) => Dist::from([(int(0), BigRational::one())]),
                                (true, false) => Dist::from([(pays.clone(), BigRational::one())]),
                                (false, true) => Dist::from([(int(-1), BigRational::one())]),
                                (false, false) => self.play(left, up, hole, hand, None),
                            };
                            add(&mut all, &d, &w);
                        }
                    }
                }
            }
            all.retain(|_, p| !p.is_zero());
            all
        }
    }

    /// Every decision hand for an up card: two cards other than a
    /// blackjack, and below 21 after a hit, within the shoe.
    fn decision_hands(shoe: &[u32; VALUES], up: usize) -> Vec<[u8; VALUES]> {
        let mut rest = *shoe;
        rest[up] -= 1;
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = Vec::new();
        for a in 0..VALUES {
            for b in a..VALUES {
                let mut hand = [0u8; VALUES];
                hand[a] += 1;
                hand[b] += 1;
                let fits = (0..VALUES).all(|v| u32::from(hand[v]) <= rest[v]);
                if fits && totals(&hand).1 != 21 {
                    stack.push(hand);
                }
            }
        }
        while let Some(hand) = stack.pop() {
            if !seen.insert(hand) {
                continue;
            }
            for card in 0..VALUES {
                let mut next = hand;
                next[card] += 1;
                if u32::from(next[card]) <= rest[card] && totals(&next).1 < 21 {
                    stack.push(next);
                }
            }
        }
        seen.into_iter().collect()
    }

    /// Solves by backward induction over the hands, largest first, and
    /// returns the situations and the nets of the best play.
    fn brute_best(
        shoe: [u32; VALUES],
        hits_soft_17: bool,
        pays: &BigRational,
    ) -> (Situations, Dist) {
        let mut game = Game {
            shoe,
            hits_soft_17,
            policy: HashMap::new(),
            played: HashMap::new(),
            dealer: HashMap::new(),
        };
        let mut situations = Situations::new();
        for up in (0..VALUES).filter(|&up| shoe[up] > 0) {
            let mut hands = decision_hands(&shoe, up);
            hands.sort_by_key(|h| std::cmp::Reverse(len(h)));
            for hand in hands {
                let Some(options) = game.options(up, hand) else {
                    continue;
                };
                let mut best = &options[0];
                for o in &options[1..] {
                    if o.1 > best.1 {
                        best = o;
                    }
                }
                game.policy.insert((hand, up), best.0);
                situations.insert(
                    (hand, len(&hand) == 2, up as u8 + 1),
                    (best.0, options.clone()),
                );
            }
        }
        let nets = game.nets(pays);
        (situations, nets)
    }

    /// The nets of the infinite deck's chart on a tiny shoe.
    fn brute_chart(
        shoe: [u32; VALUES],
        hits_soft_17: bool,
        pays: &BigRational,
        chart: &impl Fn(u8, bool, bool, u8) -> Action,
    ) -> Dist {
        let mut policy = HashMap::new();
        for up in (0..VALUES).filter(|&up| shoe[up] > 0) {
            for hand in decision_hands(&shoe, up) {
                let (hard, points) = totals(&hand);
                let a = chart(hard as u8, points != hard, len(&hand) == 2, up as u8 + 1);
                policy.insert((hand, up), a);
            }
        }
        let mut game = Game {
            shoe,
            hits_soft_17,
            policy,
            played: HashMap::new(),
            dealer: HashMap::new(),
        };
        game.nets(pays)
    }

    fn agree(shoe: [u32; VALUES], hits_soft_17: bool, pays: BigRational) {
        let solved = solve_from(shoe, hits_soft_17, &pays);
        let (situations, nets) = brute_best(shoe, hits_soft_17, &pays);
        assert_eq!(solved.nets.reached(), nets, "the best play's nets");
        assert_eq!(solved.situations.len(), situations.len());
        for (key, brute) in &situations {
            assert_eq!(solved.situations.get(key), Some(brute), "at {key:?}");
        }
        // The chart standing on soft 17, whatever the dealer does here.
        let s17 = infinite_deck_chart(false);
        let chart = fixed_strategy_from(shoe, hits_soft_17, &pays, &s17);
        assert_eq!(
            chart.reached(),
            brute_chart(shoe, hits_soft_17, &pays, &s17),
            "the chart's nets"
        );
    }

    #[test]
    fn the_count_agrees_with_brute_force_standing_on_soft_17() {
        agree([2, 1, 1, 1, 1, 1, 1, 1, 1, 6], false, q(3, 2));
    }

    #[test]
    fn the_count_agrees_with_brute_force_hitting_soft_17() {
        agree([3, 2, 1, 0, 1, 0, 1, 0, 1, 5], true, q(6, 5));
    }
}
