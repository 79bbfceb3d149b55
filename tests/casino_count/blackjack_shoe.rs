//! Blackjack dealt from a finite shoe, counted by hand apart from the
//! interpreter (it does not use the dicerules crate): the
//! composition-dependent best play without splitting and with it, and any
//! fixed chart played on the same shoe, each exactly. The rules are those of
//! games/blackjack.dice but for the shoe: `decks` standard decks (only
//! values matter: an ace 1, pips 2 to 9, four ten-values per suit), a
//! fresh shoe each round; the dealer's up card, his hole card, the
//! player's two cards; a player's blackjack pays `pays` to 1 and pushes
//! against the dealer's; under an ace or a ten the dealer peeks and his
//! blackjack takes only the initial stake; the player may hit, stand, or
//! double his first two cards (one more card, two stakes), stands on 21
//! after a hit, and loses at once past 21; the dealer draws to 17 (hitting
//! a soft 17 or not); no surrender or insurance, and no split but in
//! [`solve_split_from`] and [`split_nets_from`]: there a pair of first two
//! cards (of one value: a ten and a jack too) may be split once, each card
//! a hand of its own stake dealt a second card; a split hand may double its
//! two cards, split aces take one card each, and a split hand's 21 is no
//! blackjack (it pays even and pushes a dealer's 21); a dealer's blackjack
//! takes only the initial stake, so a pair is split only once he has
//! none; each split hand decides on its own cards, the pair and the up
//! card. Its mean is that of a hand alone ([`Best::split`]); its nets are
//! counted with both hands together ([`split_pair_nets`]).
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
    /// Splitting a pair of the first two cards (only with `split_pairs`).
    Split,
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

/// The most cards a hand's count takes from the shoe: its own, and for a
/// split hand the other hand's first card too.
const MOST_REMOVED: u32 = MOST_PLAYER_CARDS + 1;

/// A hand by value, with what the rules read of it.
#[derive(Clone, Copy, Debug)]
struct Hand {
    cards: [u8; VALUES],
    len: u32,
    /// The total with aces as 1.
    hard: u32,
    ace: bool,
    /// For one hand of a split pair, the pair's value: the other hand's
    /// first card is out of the shoe too, and the hand's count is that of
    /// a hand alone (see [`Best::split`] for why).
    split: Option<usize>,
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
            split: None,
        }
    }

    /// One hand of a split pair of `pair`s, before its second card.
    fn split_from(pair: usize) -> Hand {
        let mut cards = [0; VALUES];
        cards[pair] = 1;
        Hand {
            split: Some(pair),
            ..Hand::of(cards)
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
            split: self.split,
        }
    }

    /// The cards out of the shoe for this hand's count: its own, and the
    /// other first card of a split pair.
    fn removed(&self) -> u32 {
        self.len + u32::from(self.split.is_some())
    }

    /// The pair's value if the hand is a pair of first two cards.
    fn pair(&self) -> Option<usize> {
        if self.len != 2 || self.split.is_some() {
            return None;
        }
        self.cards.iter().position(|&n| n == 2)
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

    /// Two cards of 21 that are not a split hand's.
    fn blackjack(&self) -> bool {
        self.len == 2 && self.points() == 21 && self.split.is_none()
    }

    /// Whether the hand stands with no decision: past 21, at 21 (but for a
    /// blackjack, settled before any decision), or split aces with their
    /// one card.
    fn ends(&self) -> bool {
        self.bust()
            || (self.points() == 21 && !self.blackjack())
            || (self.split == Some(0) && self.len == 2)
    }

    /// The cards packed five bits a value (no hand holds 32 of one), then
    /// a split pair's value plus one.
    fn key(&self) -> u64 {
        let cards = self
            .cards
            .iter()
            .fold(0, |key, &n| (key << 5) | u64::from(n));
        cards | (self.split.map_or(0, |v| v as u64 + 1) << (5 * VALUES))
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

/// The denominators by the number `k` of cards a hand's count has taken
/// ([`Hand::removed`]): every figure of such a hand is an integer over
/// `den[k]`, the ordered ways to draw `most - k` of the `left0 - k` cards
/// left, where `most` bounds the cards a hand's count and the dealer's
/// draws take after the up card. A hit multiplies by the count of the
/// card drawn: `den[k] = (left0 - k) den[k + 1]`.
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
        let most = left0.min(i64::from(MOST_REMOVED) + dealer_depth as i64);
        let ks = 0..=i64::from(MOST_REMOVED).min(left0);
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

    /// The cards left beside a hand (and a split pair's other card), and
    /// how many.
    fn left(&self, hand: &Hand) -> ([u32; VALUES], u32) {
        let mut rest = self.rest;
        for (r, &n) in rest.iter_mut().zip(&hand.cards) {
            *r -= u32::from(n);
        }
        if let Some(pair) = hand.split {
            rest[pair] -= 1;
        }
        (rest, self.left0 - hand.removed())
    }

    /// The chance of no dealer blackjack given the hand, over its
    /// denominator.
    fn weight(&self, hand: &Hand) -> BigInt {
        let k = hand.removed() as usize;
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
        let pad = &self.scale.pad[hand.removed() as usize];
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
        (BigInt::from(win) - BigInt::from(lose)) * &self.scale.pad[hand.removed() as usize] * stakes
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
    /// Whether a pair of first two cards may be split.
    split_pairs: bool,
    later: HashMap<u64, BigInt>,
    decisions: Vec<Decision>,
}

impl Best<'_, '_> {
    /// A hand after a hit: lost past 21, standing on 21, else the better of
    /// hitting and standing.
    fn later(&mut self, hand: &Hand) -> BigInt {
        if hand.ends() {
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

    /// The first two cards (not a blackjack): hit, stand, or double, and
    /// split a pair. A split hand's two cards: standing on 21 and split
    /// aces' one card, else hit, stand or double.
    fn first(&mut self, hand: &Hand) -> BigInt {
        if hand.ends() {
            return self.round.settle_value(hand, 1);
        }
        let mut options = vec![
            (Action::Hit, self.hit(hand)),
            (Action::Stand, self.round.settle_value(hand, 1)),
            (Action::Double, self.round.double_value(hand)),
        ];
        if let Some(pair) = hand.pair().filter(|_| self.split_pairs) {
            options.push((Action::Split, self.split(pair) * 2));
        }
        self.decide(hand, options)
    }

    /// The value of one hand of a split pair of `pair`s, played best: that
    /// of a hand of one card `pair` alone, drawn from the shoe less the up
    /// card and both cards of the pair, under the split hand's rules. The
    /// split is worth twice that, over the pair's denominator (the same:
    /// both count two cards out of the shoe).
    ///
    /// Why: each split hand decides on its own cards (with the pair and the
    /// up card), and the dealer on his; the chance of an ordered run of
    /// cards from a shoe depends only on its multiset, so the chance that
    /// the first hand draws `s1` (to its end), the second `s2`, the dealer
    /// `d` is that of the same cards in any order of the three runs.
    /// Summed over every `s2` the second hand can play to (its chances from
    /// any shoe add up to 1), the first hand and the dealer are dealt as if
    /// the second hand were not there but its first card: its expected net
    /// (times 1{no dealer blackjack}) is this hand's value under its
    /// strategy, whatever the other hand's strategy; so is the second
    /// hand's. The split's value is the sum, and each hand's best strategy
    /// is this hand's best play. Only the mean comes apart so: the two nets
    /// are correlated through the dealer's cards and the cards removed.
    fn split(&mut self, pair: usize) -> BigInt {
        let hand = Hand::split_from(pair);
        self.round
            .draws(&hand)
            .into_iter()
            .fold(BigInt::zero(), |sum, (card, n)| {
                sum + self.first(&hand.with(card)) * n
            })
    }

    /// Records the decision; its value is the best option's, the first
    /// listed (hit, stand, double, split) on a tie.
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
/// cards is its first two, a split hand's its own first two). The policy
/// never splits here: a split is valued apart ([`split_hand_nets`]).
fn play(
    round: &mut Round,
    hand: &Hand,
    policy: &dyn Fn(&Hand) -> Action,
    memo: &mut HashMap<u64, Spread>,
) -> Spread {
    if hand.ends() {
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
        Action::Split => panic!("a split played as one hand"),
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
/// over `left0 (left0 - 1) den[2]`. A pair the policy splits is left to
/// the caller, in `splits` with its ordered deals, but for the dealer's
/// blackjacks (one stake lost).
fn round_nets(
    round: &mut Round,
    policy: &dyn Fn(&Hand) -> Action,
    splits: &mut Vec<(Hand, u32)>,
) -> [BigInt; 6] {
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
        if policy(&hand) == Action::Split {
            splits.push((hand, ways));
            continue;
        }
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
/// two; the up card, an ace 1): the best option (hit, stand, double, split
/// in that order on a tie) and each option's expected net per initial
/// stake, given the hand and no dealer blackjack. Every decision a player
/// can meet: two-card hands other than a blackjack, and hands below 21
/// after a hit.
pub(crate) type Situations =
    BTreeMap<([u8; VALUES], bool, u8), (Action, Vec<(Action, BigRational)>)>;

/// The decisions of a split hand, as [`Situations`] (each option's value
/// per the hand's own stake, given its cards, the pair's other card and no
/// dealer blackjack) by (the pair's value, an ace 1; the hand's cards;
/// whether they are its first two; the up card).
pub(crate) type SplitSituations =
    BTreeMap<(u8, [u8; VALUES], bool, u8), (Action, Vec<(Action, BigRational)>)>;

/// The composition-dependent best play solved.
pub(crate) struct Solved {
    /// The nets per initial stake with their chances, playing best.
    pub nets: Nets,
    pub situations: Situations,
    /// How many situations have two options of the best value.
    pub ties: usize,
}

/// The composition-dependent best play splitting pairs solved: its mean
/// (the nets are [`split_nets_from`]'s).
pub(crate) struct SolvedSplit {
    /// The house edge: minus the expected net per initial stake.
    pub house_edge: BigRational,
    /// A pair's options include the split, worth twice a split hand's.
    pub situations: Situations,
    pub split_hands: SplitSituations,
    /// How many situations of either kind have two options of the best
    /// value.
    pub ties: usize,
}

impl SolvedSplit {
    /// The split's value at a pair of `pair`s under `up` (an ace 1), per
    /// initial stake, given no dealer blackjack: twice a split hand's.
    pub fn split_value(&self, pair: u8, up: u8) -> Option<&BigRational> {
        let mut cards = [0; VALUES];
        cards[usize::from(pair) - 1] = 2;
        let (_, options) = self.situations.get(&(cards, true, up))?;
        options.iter().find(|o| o.0 == Action::Split).map(|o| &o.1)
    }

    /// Whether the best play splits a pair of `pair`s under `up`.
    pub fn splits(&self, pair: u8, up: u8) -> bool {
        let mut cards = [0; VALUES];
        cards[usize::from(pair) - 1] = 2;
        (self.situations.get(&(cards, true, up))).is_some_and(|(best, _)| *best == Action::Split)
    }
}

/// One up card's best play: every decision, and the best value of each
/// first two cards but a blackjack (over `den[2]`), with its ordered deals.
fn solve_up(round: &mut Round, split_pairs: bool) -> (Vec<Decision>, Vec<(Hand, u32, BigInt)>) {
    let mut best = Best {
        round,
        split_pairs,
        later: HashMap::new(),
        decisions: Vec::new(),
    };
    let mut values = Vec::new();
    for (hand, ways) in first_hands(&best.round.rest) {
        if !hand.blackjack() {
            values.push((hand, ways, best.first(&hand)));
        }
    }
    (best.decisions, values)
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
        let (decisions, _) = solve_up(&mut round, false);
        let mut policy = HashMap::new();
        for d in decisions {
            policy.insert(d.hand.key(), d.best);
            let mut none = SplitSituations::new();
            record(&mut solved.situations, &mut none, &mut solved.ties, d, up);
        }
        let nets = round_nets(
            &mut round,
            &|hand: &Hand| policy[&hand.key()],
            &mut Vec::new(),
        );
        add_round(&mut solved.nets, nets, &round, &counts, pays);
    }
    solved
}

/// Solves the composition-dependent best play on a shoe of `counts` cards,
/// splitting pairs (`split_pairs`) or not: the edge from each first two
/// cards' best value, with a blackjack's pay and the dealer's blackjacks.
pub(crate) fn solve_split_from(
    counts: [u32; VALUES],
    hits_soft_17: bool,
    pays: &BigRational,
    split_pairs: bool,
) -> SolvedSplit {
    let mut solved = SolvedSplit {
        house_edge: BigRational::zero(),
        situations: Situations::new(),
        split_hands: SplitSituations::new(),
        ties: 0,
    };
    let cards: u32 = counts.iter().sum();
    for up in (0..VALUES).filter(|&up| counts[up] > 0) {
        let dealer = Dealer::new(up, hits_soft_17, peeked(up));
        let mut round = Round::new(&counts, up, &dealer);
        let (decisions, values) = solve_up(&mut round, split_pairs);
        for d in decisions {
            let situations = &mut solved.situations;
            record(situations, &mut solved.split_hands, &mut solved.ties, d, up);
        }
        // Over `den[2]` each deal: the player's blackjacks, paid unless the
        // dealer has one too, and the other hands' values less the dealer's
        // blackjacks.
        let (mut net, mut blackjacks) = (BigInt::zero(), BigInt::zero());
        for (hand, ways) in first_hands(&round.rest) {
            if hand.blackjack() {
                blackjacks += round.weight(&hand) * ways;
            }
        }
        for (hand, ways, value) in values {
            net += (value - (&round.scale.den[2] - round.weight(&hand))) * ways;
        }
        let left0 = BigInt::from(round.left0);
        let over = BigInt::from(cards) * &left0 * (left0 - 1u32) * &round.scale.den[2];
        let mean = BigRational::from_integer(net) + pays * BigRational::from_integer(blackjacks);
        solved.house_edge -= mean * BigRational::new(counts[up].into(), over);
    }
    solved
}

/// Adds a decision to the situations, or a split hand's to `split_hands`
/// (when the hand can be met at all: a chance of no dealer blackjack).
fn record(
    situations: &mut Situations,
    split_hands: &mut SplitSituations,
    ties: &mut usize,
    d: Decision,
    up: usize,
) {
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
        *ties += 1;
    }
    let options = d
        .options
        .into_iter()
        .map(|(a, v)| (a, BigRational::new(v, d.weight.clone())))
        .collect();
    let (cards, first, up) = (d.hand.cards, d.hand.len == 2, up as u8 + 1);
    match d.hand.split {
        None => situations.insert((cards, first, up), (d.best, options)),
        Some(pair) => split_hands.insert((pair as u8 + 1, cards, first, up), (d.best, options)),
    };
}

/// The nets of one hand of a split pair of `pair`s (an ace 1) under the up
/// card `up` from a shoe of `counts`, per its own stake, played by
/// `policy` (of its cards by value and whether they are its first two; it
/// is asked below 21 only, never for split aces), times 1{no dealer
/// blackjack}, given the up card and the pair: by net -2 to 2 stakes. The
/// split's expected net (times the same) is twice their mean.
pub(crate) fn split_hand_nets(
    counts: [u32; VALUES],
    hits_soft_17: bool,
    up: u8,
    pair: u8,
    policy: impl Fn(&[u8; VALUES], bool) -> Action,
) -> [BigRational; 5] {
    let up = usize::from(up) - 1;
    let dealer = Dealer::new(up, hits_soft_17, peeked(up));
    let mut round = Round::new(&counts, up, &dealer);
    let hand = Hand::split_from(usize::from(pair) - 1);
    let policy = |hand: &Hand| policy(&hand.cards, hand.len == 2);
    let mut memo = HashMap::new();
    let mut spread = spread_zero();
    for (card, n) in round.draws(&hand) {
        let s = play(&mut round, &hand.with(card), &policy, &mut memo);
        for (total, x) in spread.iter_mut().zip(s) {
            *total += x * n;
        }
    }
    spread.map(|n| BigRational::new(n, round.scale.den[2].clone()))
}

/// Where one hand of a split pair can end, played by a policy: its cards
/// drawn after the pair's card, how many, the ordered ways its play draws
/// them (its decisions read the multiset only, so the orders of one
/// multiset are met alike), and its net against each of the dealer's ends
/// (17 to 21, a bust).
struct SplitEnd {
    drawn: [u8; VALUES],
    len: u32,
    ways: u64,
    nets: [i8; 6],
}

/// Every end of one hand of a split pair of `pair`s under the round's up
/// card, played by `policy`, within the shoe less the up card and the pair.
fn split_ends(round: &Round, pair: usize, policy: &HashMap<u64, Action>) -> Vec<SplitEnd> {
    let mut rest = round.rest;
    rest[pair] -= 2;
    let mut ends = Vec::new();
    // By (the hand, its stakes): the hand and its ordered ways, a card more
    // each round of the loop.
    let mut level: HashMap<(u64, i8), (Hand, u64)> = HashMap::new();
    let start = Hand::split_from(pair);
    level.insert((start.key(), 1), (start, 1));
    while !level.is_empty() {
        let mut next: HashMap<(u64, i8), (Hand, u64)> = HashMap::new();
        for ((key, stakes), (hand, ways)) in level {
            let action = if hand.len == 1 {
                Action::Hit
            } else if stakes == 2 || hand.ends() {
                Action::Stand
            } else {
                policy[&key]
            };
            if action == Action::Stand {
                let mut drawn = hand.cards;
                drawn[pair] -= 1;
                let points = hand.points();
                let nets = std::array::from_fn(|end| match end {
                    _ if hand.bust() => -stakes,
                    BUST => stakes,
                    _ => match points.cmp(&(end as u32 + 17)) {
                        std::cmp::Ordering::Greater => stakes,
                        std::cmp::Ordering::Equal => 0,
                        std::cmp::Ordering::Less => -stakes,
                    },
                });
                let len = hand.len - 1;
                ends.push(SplitEnd {
                    drawn,
                    len,
                    ways,
                    nets,
                });
                continue;
            }
            let stakes = if action == Action::Double { 2 } else { 1 };
            for (card, &left) in rest.iter().enumerate() {
                let drawn = u32::from(hand.cards[card]) + 1 - u32::from(card == pair);
                if drawn <= left {
                    let child = hand.with(card);
                    let entry = next.entry((child.key(), stakes)).or_insert((child, 0));
                    entry.1 += ways;
                }
            }
        }
        level = next;
    }
    ends
}

/// The nets of a split of `pair`s under the round's up card, both hands
/// played by `policy`, times 1{no dealer blackjack}, given the up card and
/// the pair: by index the nets -4 to 4.
///
/// The two nets are correlated through the dealer's cards and the cards
/// removed, so unlike the mean ([`Best::split`]) this needs the two
/// hands' ends together: an ordered run of `s1` (the first hand's draws),
/// `s2`, then the dealer's `d` (the hole card first) has the chance
/// `prod_c falling(rest_c, a_c) / falling(left, |a|)` with `a` the multiset
/// of all three, whatever their order. So by `R`, the multiset the two
/// hands draw: the ways of every pair of ends drawing `R`, by the dealer's
/// end and the round's net; times `prod_c falling(rest_c, R_c)`; times the
/// dealer's draws from the rest less `R` ending each way (one walk of his
/// graph for each `R`).
fn split_pair_nets(round: &Round, pair: usize, policy: &HashMap<u64, Action>) -> [BigRational; 9] {
    let mut rest = round.rest;
    rest[pair] -= 2;
    let left = round.left0 - 2;
    let ends = split_ends(round, pair, policy);
    // By R: how many cards, and by the dealer's end and the net (+4) the
    // ways of the pairs of ends drawing it.
    let mut by_drawn: HashMap<[u8; VALUES], (u32, [[u64; 9]; 6])> = HashMap::new();
    for one in &ends {
        for two in &ends {
            let drawn: [u8; VALUES] = std::array::from_fn(|c| one.drawn[c] + two.drawn[c]);
            if (0..VALUES).any(|c| u32::from(drawn[c]) > rest[c]) {
                continue;
            }
            let entry = by_drawn
                .entry(drawn)
                .or_insert((one.len + two.len, [[0; 9]; 6]));
            let ways = one.ways * two.ways;
            for (end, row) in entry.1.iter_mut().enumerate() {
                row[(one.nets[end] + two.nets[end] + 4) as usize] += ways;
            }
        }
    }
    // Every run is counted over falling(left, most): the hands' draws, the
    // dealer's padded to `reach`, then padded to `most`.
    let reach = |drawn: u32| round.dealer.reach(left - drawn);
    let most = (by_drawn.values())
        .map(|(n, _)| *n + reach(*n) as u32)
        .max()
        .unwrap_or(0);
    let mut by_len: BTreeMap<u32, [BigInt; 9]> = BTreeMap::new();
    let mut mass = Vec::new();
    for (drawn, (n, counts)) in by_drawn {
        let mut after = rest;
        let mut runs = BigInt::one();
        for c in 0..VALUES {
            after[c] -= u32::from(drawn[c]);
            for i in 0..u32::from(drawn[c]) {
                runs *= rest[c] - i;
            }
        }
        let finals = round.dealer.finals(&after, left - n, &mut mass);
        let sums = by_len
            .entry(n)
            .or_insert_with(|| std::array::from_fn(|_| BigInt::zero()));
        for (net, sum) in sums.iter_mut().enumerate() {
            // In u128 while it fits, else in big integers.
            let fits = (0..6).try_fold(0u128, |s, end| {
                u128::from(counts[end][net])
                    .checked_mul(finals[end])
                    .and_then(|x| s.checked_add(x))
            });
            let dealt = fits.map(BigInt::from).unwrap_or_else(|| {
                (0..6).fold(BigInt::zero(), |s, end| {
                    s + BigInt::from(counts[end][net]) * finals[end]
                })
            });
            if !dealt.is_zero() {
                *sum += dealt * &runs;
            }
        }
    }
    let mut nets: [BigInt; 9] = std::array::from_fn(|_| BigInt::zero());
    for (n, sums) in by_len {
        let r = reach(n) as i64;
        let pad = falling(i64::from(left - n) - r, i64::from(most - n) - r);
        for (total, sum) in nets.iter_mut().zip(sums) {
            *total += sum * &pad;
        }
    }
    let over = falling(i64::from(left), i64::from(most));
    nets.map(|n| BigRational::new(n, over.clone()))
}

/// The nets per initial stake of the composition-dependent best play
/// splitting pairs on a shoe of `counts`, with their chances: -4 to 4
/// stakes, and a blackjack's `pays`.
pub(crate) fn split_nets_from(
    counts: [u32; VALUES],
    hits_soft_17: bool,
    pays: &BigRational,
) -> Nets {
    let mut all = Nets::default();
    let cards: u32 = counts.iter().sum();
    for up in (0..VALUES).filter(|&up| counts[up] > 0) {
        let dealer = Dealer::new(up, hits_soft_17, peeked(up));
        let mut round = Round::new(&counts, up, &dealer);
        let (decisions, _) = solve_up(&mut round, true);
        let policy: HashMap<u64, Action> =
            decisions.iter().map(|d| (d.hand.key(), d.best)).collect();
        let mut splits = Vec::new();
        let nets = round_nets(&mut round, &|hand: &Hand| policy[&hand.key()], &mut splits);
        add_round(&mut all, nets, &round, &counts, pays);
        let left0 = u64::from(round.left0);
        for (hand, ways) in splits {
            let pair = hand.pair().expect("a pair");
            let deal = BigRational::new(
                BigInt::from(counts[up]) * ways,
                BigInt::from(u64::from(cards) * left0 * (left0 - 1)),
            );
            for (p, net) in split_pair_nets(&round, pair, &policy).iter().zip(-4..=4) {
                if !p.is_zero() {
                    all.add(net, &(p * &deal));
                }
            }
        }
    }
    all
}

/// [`split_nets_from`] on `decks` decks.
pub(crate) fn split_nets(decks: u32, hits_soft_17: bool, pays: &BigRational) -> Nets {
    split_nets_from(shoe(decks), hits_soft_17, pays)
}

/// The composition-dependent best play from `decks` decks.
pub(crate) fn solve(decks: u32, hits_soft_17: bool, blackjack_pays: &BigRational) -> Solved {
    solve_from(shoe(decks), hits_soft_17, blackjack_pays)
}

/// The composition-dependent best play from `decks` decks, splitting pairs.
pub(crate) fn solve_split(
    decks: u32,
    hits_soft_17: bool,
    blackjack_pays: &BigRational,
) -> SolvedSplit {
    solve_split_from(shoe(decks), hits_soft_17, blackjack_pays, true)
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
        let spread = round_nets(&mut round, &policy, &mut Vec::new());
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

/// The tiny shoes the brute forces here deal, by value (aces first): 16
/// cards, played standing on soft 17 (paying 3 to 2), and 14, hitting it
/// (paying 6 to 5).
pub(crate) const STANDING: [u32; VALUES] = [2, 1, 1, 1, 1, 1, 1, 1, 1, 6];
pub(crate) const HITTING: [u32; VALUES] = [3, 2, 1, 0, 1, 0, 1, 0, 1, 5];

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

    use super::{
        fixed_strategy_from, infinite_deck_chart, solve_from, solve_split_from, split_hand_nets,
        split_nets_from, Action, Situations, HITTING, STANDING, VALUES,
    };
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

    /// A split hand's action, of its cards, the up card's index, the pair's
    /// index and which hand it is (0 the first played, 1 the second).
    type SplitRule<'p> = dyn Fn(&[u8; VALUES], usize, usize, usize) -> Action + 'p;
    type SplitPolicy<'p> = &'p SplitRule<'p>;

    /// The net of a hand (hard total, points, stakes) against the dealer's
    /// final points (22 a bust).
    fn settle(hard: u32, points: u32, stakes: i64, dealer: u32) -> i64 {
        if hard > 21 || (dealer <= 21 && points < dealer) {
            -stakes
        } else if dealer > 21 || points > dealer {
            stakes
        } else {
            0
        }
    }

    /// Where one split hand (`which`, of `pair`s, under `up`) can end from
    /// `hand` with `left` cards left: its cards, stakes, chance (`p` times
    /// that of its draws) and the cards then left. It takes a second card,
    /// stands on 21 and split aces' one card, else plays by the policy.
    fn split_hand(
        (left, up, pair, which): ([u32; VALUES], usize, usize, usize),
        hand: [u8; VALUES],
        stakes: i64,
        p: BigRational,
        policy: SplitPolicy,
        out: &mut Vec<([u8; VALUES], i64, BigRational, [u32; VALUES])>,
    ) {
        let (hard, points) = totals(&hand);
        let n = len(&hand);
        let ends = stakes == 2 || hard > 21 || points == 21 || (pair == 0 && n == 2);
        let act = if n == 1 {
            Action::Hit
        } else if ends {
            Action::Stand
        } else {
            policy(&hand, up, pair, which)
        };
        if act == Action::Stand {
            out.push((hand, stakes, p, left));
            return;
        }
        assert!(left.iter().any(|&n| n > 0), "the tiny shoe ran out");
        for card in 0..VALUES {
            let Some((q, after)) = draw(&left, card) else {
                continue;
            };
            let mut next = hand;
            next[card] += 1;
            let stakes = if act == Action::Double { 2 } else { 1 };
            let state = (after, up, pair, which);
            split_hand(state, next, stakes, &p * q, policy, out);
        }
    }

    struct Game {
        shoe: [u32; VALUES],
        hits_soft_17: bool,
        /// By (hand, up card index): the player's action.
        policy: HashMap<([u8; VALUES], usize), Action>,
        /// By (a split hand's cards, up card index, the pair's index): its
        /// action, both hands alike.
        split_policy: HashMap<([u8; VALUES], usize, usize), Action>,
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
                Action::Split => unreachable!("a split is dealt by Game::split"),
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

        /// The hole cards given the up card, the hand and (if `peeked`) no
        /// dealer blackjack: each with its weight (unnormalised) and the
        /// cards then left.
        fn holes(
            &self,
            up: usize,
            hand: &[u8; VALUES],
            peeked: bool,
        ) -> Vec<(usize, BigRational, [u32; VALUES])> {
            let mut shoe = self.shoe;
            shoe[up] -= 1;
            let mut out = Vec::new();
            for hole in 0..VALUES {
                if peeked && ((up == 0 && hole == 9) || (up == 9 && hole == 0)) {
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
            let holes = self.holes(up, &hand, true);
            let total = holes.iter().fold(BigRational::zero(), |s, h| s + &h.1);
            if total.is_zero() {
                return None;
            }
            let mut actions = vec![Action::Hit, Action::Stand];
            if len(&hand) == 2 {
                actions.push(Action::Double);
            }
            let pair = (0..VALUES).find(|&v| hand[v] == 2 && len(&hand) == 2);
            let split = pair.filter(|_| !self.split_policy.is_empty());
            if split.is_some() {
                actions.push(Action::Split);
            }
            let mut options = Vec::new();
            for a in actions {
                let mut v = BigRational::zero();
                for (hole, w, left) in &holes {
                    let d = match (a, split) {
                        (Action::Split, Some(pair)) => {
                            let policy = self.split_policy.clone();
                            let policy =
                                move |h: &[u8; VALUES], up, pair, _| policy[&(*h, up, pair)];
                            self.split(*left, up, *hole, pair, &policy)
                        }
                        _ => self.play(*left, up, *hole, hand, Some(a)),
                    };
                    v += w * mean(&d);
                }
                options.push((a, v / &total));
            }
            Some(options)
        }

        /// A split of a pair of `pair`s in the table's order: the first
        /// hand gets its second card and is played to its end, then the
        /// second, then the dealer draws (`left` the cards after the
        /// pair). The nets of the round, both stakes.
        fn split(
            &mut self,
            left: [u32; VALUES],
            up: usize,
            hole: usize,
            pair: usize,
            policy: SplitPolicy,
        ) -> Dist {
            let mut one = [0; VALUES];
            one[pair] = 1;
            let mut out = Dist::new();
            let mut firsts = Vec::new();
            split_hand(
                (left, up, pair, 0),
                one,
                1,
                BigRational::one(),
                policy,
                &mut firsts,
            );
            for (h1, s1, p1, left1) in firsts {
                let mut seconds = Vec::new();
                split_hand((left1, up, pair, 1), one, 1, p1, policy, &mut seconds);
                for (h2, s2, p, left2) in seconds {
                    let (hard1, points1) = totals(&h1);
                    let (hard2, points2) = totals(&h2);
                    if hard1 > 21 && hard2 > 21 {
                        add(
                            &mut out,
                            &Dist::from([(int(-s1 - s2), p)]),
                            &BigRational::one(),
                        );
                        continue;
                    }
                    let mut dealer = [0; VALUES];
                    dealer[up] += 1;
                    dealer[hole] += 1;
                    for (d, w) in self.dealer_final(left2, dealer) {
                        let net = settle(hard1, points1, s1, d) + settle(hard2, points2, s2, d);
                        add(&mut out, &Dist::from([(int(net), w)]), &p);
                    }
                }
            }
            out
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
                                (false, false) if self.policy[&(hand, up)] == Action::Split => {
                                    let policy = self.split_policy.clone();
                                    let policy = move |h: &[u8; VALUES], up, pair, _| {
                                        policy[&(*h, up, pair)]
                                    };
                                    self.split(left, up, hole, a, &policy)
                                }
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
    /// returns the situations and the nets of the best play; a pair may be
    /// split if `split_policy` plays the split hands (it is not empty).
    fn brute_best(
        shoe: [u32; VALUES],
        hits_soft_17: bool,
        pays: &BigRational,
        split_policy: HashMap<([u8; VALUES], usize, usize), Action>,
    ) -> (Situations, Dist) {
        let mut game = Game {
            shoe,
            hits_soft_17,
            policy: HashMap::new(),
            split_policy,
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
            split_policy: HashMap::new(),
            played: HashMap::new(),
            dealer: HashMap::new(),
        };
        game.nets(pays)
    }

    fn agree(shoe: [u32; VALUES], hits_soft_17: bool, pays: BigRational) {
        let solved = solve_from(shoe, hits_soft_17, &pays);
        let (situations, nets) = brute_best(shoe, hits_soft_17, &pays, HashMap::new());
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
        agree(STANDING, false, q(3, 2));
    }

    #[test]
    fn the_count_agrees_with_brute_force_hitting_soft_17() {
        agree(HITTING, true, q(6, 5));
    }

    /// The count splitting pairs against brute force in the table's order:
    /// at every pair and up card the split's value, its hands played by the
    /// count's best play for a split hand, equals the count's (twice one
    /// hand's); every other option's too; the edge is the nets' mean (a
    /// split's nets from every deal: two hands, then the dealer), and the
    /// nets are those of [`split_nets_from`]; without splits the edge is
    /// that of the nets of [`solve_from`].
    fn agree_split(shoe: [u32; VALUES], hits_soft_17: bool, pays: BigRational) {
        let solved = solve_split_from(shoe, hits_soft_17, &pays, true);
        let split_policy: HashMap<_, _> = (solved.split_hands.iter())
            .map(|(&(pair, cards, _, up), (best, _))| {
                ((cards, usize::from(up) - 1, usize::from(pair) - 1), *best)
            })
            .collect();
        let (situations, nets) = brute_best(shoe, hits_soft_17, &pays, split_policy);
        assert_eq!(solved.situations.len(), situations.len());
        for (key, brute) in &situations {
            assert_eq!(solved.situations.get(key), Some(brute), "at {key:?}");
        }
        let splits = (situations.values())
            .filter(|(best, _)| *best == Action::Split)
            .count();
        assert!(splits > 0, "no pair is split");
        let total = nets.values().fold(BigRational::zero(), |s, p| s + p);
        assert_eq!(total, BigRational::one());
        assert_eq!(-mean(&nets), solved.house_edge, "the edge");
        let counted = split_nets_from(shoe, hits_soft_17, &pays);
        assert_eq!(counted.reached(), nets, "the nets splitting pairs");
        let unsplit = solve_split_from(shoe, hits_soft_17, &pays, false);
        let plain = solve_from(shoe, hits_soft_17, &pays);
        assert_eq!(unsplit.house_edge, plain.nets.house_edge());
        assert!(solved.house_edge < unsplit.house_edge);
    }

    #[test]
    fn the_split_count_agrees_with_brute_force_standing_on_soft_17() {
        agree_split(STANDING, false, q(3, 2));
    }

    #[test]
    fn the_split_count_agrees_with_brute_force_hitting_soft_17() {
        agree_split(HITTING, true, q(6, 5));
    }

    /// A split of `pair`s under `up` in the table's order, its hands played
    /// by `policy`: the expected net of both hands times 1{no dealer
    /// blackjack}, and the chance of no dealer blackjack, given the up card
    /// and the pair; `None` if they cannot be dealt.
    fn split_mean(
        game: &mut Game,
        up: usize,
        pair: usize,
        policy: SplitPolicy,
    ) -> Option<(BigRational, BigRational)> {
        let mut hand = [0; VALUES];
        hand[pair] = 2;
        let all =
            (game.holes(up, &hand, false).into_iter()).fold(BigRational::zero(), |s, h| s + h.1);
        if all.is_zero() {
            return None;
        }
        let (mut net, mut unpeeked) = (BigRational::zero(), BigRational::zero());
        for (hole, w, left) in game.holes(up, &hand, true) {
            net += &w * mean(&game.split(left, up, hole, pair, policy));
            unpeeked += w;
        }
        Some((net / &all, unpeeked / all))
    }

    /// The count's expected net of one split hand played by `policy` (as
    /// the `which` hand), times 1{no dealer blackjack}.
    fn one_hand(
        shoe: [u32; VALUES],
        hits_soft_17: bool,
        (up, pair, which): (usize, usize, usize),
        policy: SplitPolicy,
    ) -> BigRational {
        let nets = split_hand_nets(shoe, hits_soft_17, up as u8 + 1, pair as u8 + 1, |h, _| {
            policy(h, up, pair, which)
        });
        (nets.iter().zip(-2..=2)).fold(BigRational::zero(), |s, (p, n)| s + p * int(n))
    }

    /// A split hand's own-card rules to play by: hitting below 17; that,
    /// doubling 9 to 11 on two cards; and for each hand its own scramble
    /// of hit, stand and double (the two hands' different).
    fn own_card_rules() -> Vec<Box<SplitRule<'static>>> {
        let below_17 = |h: &[u8; VALUES], _, _, _| {
            if totals(h).1 < 17 {
                Action::Hit
            } else {
                Action::Stand
            }
        };
        let doubling = move |h: &[u8; VALUES], up, pair, which| match totals(h) {
            (hard, points) if hard == points && (9..=11).contains(&hard) && len(h) == 2 => {
                Action::Double
            }
            _ => below_17(h, up, pair, which),
        };
        let scramble = |h: &[u8; VALUES], up: usize, pair: usize, which: usize| {
            let mut x = (h
                .iter()
                .fold(up * 11 + pair * 3 + which, |x, &n| x * 7 + usize::from(n))
                as u64)
                .wrapping_mul(0x9e37_79b9_7f4a_7c15);
            x ^= x >> 29;
            match (x % 3, len(h)) {
                (0, _) => Action::Hit,
                (1, _) => Action::Stand,
                (_, 2) => Action::Double,
                _ => Action::Hit,
            }
        };
        vec![Box::new(below_17), Box::new(doubling), Box::new(scramble)]
    }

    /// The split's mean in the table's order, each hand by its own rule,
    /// equals the sum of one hand's by the count, at every up card and
    /// pair: the exchangeability the count's split rests on.
    fn split_is_two_hands_alone(shoe: [u32; VALUES], hits_soft_17: bool) {
        let mut game = Game {
            shoe,
            hits_soft_17,
            policy: HashMap::new(),
            split_policy: HashMap::new(),
            played: HashMap::new(),
            dealer: HashMap::new(),
        };
        let mut checked = 0;
        for rule in own_card_rules() {
            for up in (0..VALUES).filter(|&up| shoe[up] > 0) {
                for pair in 0..VALUES {
                    let Some((brute, _)) = split_mean(&mut game, up, pair, &*rule) else {
                        continue;
                    };
                    let count = one_hand(shoe, hits_soft_17, (up, pair, 0), &*rule)
                        + one_hand(shoe, hits_soft_17, (up, pair, 1), &*rule);
                    assert_eq!(brute, count, "up {up}, pair {pair}");
                    checked += 1;
                }
            }
        }
        assert!(checked >= 30, "{checked}");
    }

    #[test]
    fn a_split_is_two_hands_alone_standing_on_soft_17() {
        split_is_two_hands_alone(STANDING, false);
    }

    #[test]
    fn a_split_is_two_hands_alone_hitting_soft_17() {
        split_is_two_hands_alone(HITTING, true);
    }

    /// Every decision a split hand of `pair`s under `up` can meet: its
    /// cards, short of an end, drawn from the shoe less the up card and
    /// the pair.
    fn split_decisions(shoe: &[u32; VALUES], up: usize, pair: usize) -> Vec<[u8; VALUES]> {
        let mut rest = *shoe;
        rest[up] -= 1;
        rest[pair] -= 2;
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = Vec::new();
        for card in (0..VALUES).filter(|&c| rest[c] > 0) {
            let mut hand = [0u8; VALUES];
            hand[pair] += 1;
            hand[card] += 1;
            stack.push(hand);
        }
        while let Some(hand) = stack.pop() {
            let (hard, points) = totals(&hand);
            if hard > 21 || points == 21 || pair == 0 || !seen.insert(hand) {
                continue;
            }
            for card in 0..VALUES {
                let mut next = hand;
                next[card] += 1;
                let drawn = u32::from(next[card]) - u32::from(card == pair);
                if drawn <= rest[card] {
                    stack.push(next);
                }
            }
        }
        seen.into_iter().collect()
    }

    /// Every own-card strategy for the decisions: hit, stand, and double on
    /// two cards, at each.
    fn strategies(decisions: &[[u8; VALUES]]) -> Vec<HashMap<[u8; VALUES], Action>> {
        let mut all = vec![HashMap::new()];
        for hand in decisions {
            let mut actions = vec![Action::Hit, Action::Stand];
            if len(hand) == 2 {
                actions.push(Action::Double);
            }
            all = (all.iter())
                .flat_map(|s| {
                    actions.iter().map(move |&a| {
                        let mut s = s.clone();
                        s.insert(*hand, a);
                        s
                    })
                })
                .collect();
        }
        all
    }

    /// The best split in the table's order over every own-card strategy
    /// (the same for both hands, or with `each` one for each hand) is the
    /// count's, the split option's value, at these up cards; returns how
    /// many strategies each hand had.
    fn best_split_by_trying_all(
        shoe: [u32; VALUES],
        hits_soft_17: bool,
        pair: usize,
        ups: &[usize],
        each: bool,
    ) -> usize {
        let solved = solve_split_from(shoe, hits_soft_17, &q(3, 2), true);
        let mut game = Game {
            shoe,
            hits_soft_17,
            policy: HashMap::new(),
            split_policy: HashMap::new(),
            played: HashMap::new(),
            dealer: HashMap::new(),
        };
        let mut counted = 0;
        for &up in ups {
            let all = strategies(&split_decisions(&shoe, up, pair));
            counted = counted.max(all.len());
            let mut best: Option<BigRational> = None;
            let mut unpeeked = BigRational::zero();
            let seconds = if each { all.len() } else { 1 };
            for (i, first) in all.iter().enumerate() {
                for j in 0..seconds {
                    let second = if each { &all[j] } else { &all[i] };
                    let policy = |h: &[u8; VALUES], _, _, which| {
                        if which == 0 {
                            first[h]
                        } else {
                            second[h]
                        }
                    };
                    let (net, p) = split_mean(&mut game, up, pair, &policy).expect("a deal");
                    unpeeked = p;
                    if best.as_ref().is_none_or(|b| net > *b) {
                        best = Some(net);
                    }
                }
            }
            let mut hand = [0; VALUES];
            hand[pair] = 2;
            let (_, options) = &solved.situations[&(hand, true, up as u8 + 1)];
            let split = &options
                .iter()
                .find(|o| o.0 == Action::Split)
                .expect("a split")
                .1;
            assert_eq!(best, Some(split * unpeeked), "up {up}");
        }
        counted
    }

    #[test]
    fn the_best_split_is_the_best_of_every_own_card_strategy() {
        // Sixes, eights and tens: 54 strategies a hand, 2,916 for two.
        let shoe = [0, 0, 0, 0, 0, 2, 0, 4, 0, 6];
        assert_eq!(
            best_split_by_trying_all(shoe, false, 7, &[5, 7, 9], true),
            54
        );
        // An ace too, under a ten (the peek) and an eight: 1,296 a hand,
        // both hands alike.
        let shoe = [1, 0, 0, 0, 0, 2, 0, 4, 0, 6];
        assert_eq!(
            best_split_by_trying_all(shoe, true, 7, &[9, 7], false),
            1296
        );
    }
}
