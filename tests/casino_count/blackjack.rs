//! Blackjack from an infinite deck, counted by hand apart from the
//! interpreter: the dealer's final totals by up card (after the peek, so
//! given no dealer blackjack), then the player's best expected value in
//! every state by recursion, exactly. The rules of games/blackjack.dice:
//! the dealer stands on 17 (or hits a soft 17), blackjack pays `pays` to 1
//! and pushes against a dealer blackjack, a dealer blackjack takes only
//! the initial stake, the player may hit, stand, or double on his first
//! two cards (one more card, two stakes), and stands on 21.

use std::collections::BTreeMap;

use num_rational::BigRational;
use num_traits::{One, Zero};

use super::q;

/// An action the player may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Hit,
    Stand,
    Double,
}

/// The rules that change the figures.
#[derive(Clone, Debug)]
pub struct Rules {
    pub hits_soft_17: bool,
    /// What a player's blackjack pays, to 1.
    pub pays: BigRational,
}

/// The chance of a card of each value 1 (an ace) to 10.
fn chance(card: i64) -> BigRational {
    if card == 10 {
        q(4, 13)
    } else {
        q(1, 13)
    }
}

/// The value of a hand: its hard total (aces as 1), an ace counted as 11
/// when it does not bust the hand.
fn points(hard: i64, ace: bool) -> i64 {
    if ace && hard <= 11 {
        hard + 10
    } else {
        hard
    }
}

fn soft(hard: i64, ace: bool) -> bool {
    ace && hard <= 11
}

/// The dealer's final totals (17 to 21, and 22 for a bust) from a hand of
/// hard total `hard`, holding an ace or not, drawing to 17.
fn dealer_from(hard: i64, ace: bool, rules: &Rules) -> BTreeMap<i64, BigRational> {
    let p = points(hard, ace);
    let stands = p > 17 || (p == 17 && !(soft(hard, ace) && rules.hits_soft_17));
    let mut out = BTreeMap::new();
    if p > 21 {
        out.insert(22, BigRational::one());
        return out;
    }
    if stands {
        out.insert(p, BigRational::one());
        return out;
    }
    for card in 1..=10 {
        for (total, w) in dealer_from(hard + card, ace || card == 1, rules) {
            *out.entry(total).or_insert_with(BigRational::zero) += chance(card) * w;
        }
    }
    out
}

/// The dealer's final totals given the up card, when the dealer has no
/// blackjack (the hole card is conditioned on it).
pub fn dealer(up: i64, rules: &Rules) -> BTreeMap<i64, BigRational> {
    let mut out = BTreeMap::new();
    let mut kept = BigRational::zero();
    for hole in 1..=10 {
        let natural = (up == 1 && hole == 10) || (up == 10 && hole == 1);
        if natural {
            continue;
        }
        kept += chance(hole);
        for (total, w) in dealer_from(up + hole, up == 1 || hole == 1, rules) {
            *out.entry(total).or_insert_with(BigRational::zero) += chance(hole) * w;
        }
    }
    for w in out.values_mut() {
        *w /= &kept;
    }
    out
}

/// The chance that the dealer's two cards make a blackjack, by up card.
fn dealer_natural(up: i64) -> BigRational {
    match up {
        1 => q(4, 13),
        10 => q(1, 13),
        _ => BigRational::zero(),
    }
}

/// The player's expected net standing on `points` against the dealer's
/// final totals.
fn stand(points: i64, dealer: &BTreeMap<i64, BigRational>) -> BigRational {
    dealer.iter().fold(BigRational::zero(), |sum, (&d, w)| {
        if d > 21 || points > d {
            sum + w
        } else if points < d {
            sum - w
        } else {
            sum
        }
    })
}

/// By (points, soft, first two cards, up card): the best action and the
/// expected net of each action offered.
pub type Decisions = BTreeMap<(i64, bool, bool, i64), (Action, Vec<(Action, BigRational)>)>;

/// The solved game for one set of rules: every decision's best action,
/// and the house edge.
pub struct Solved {
    pub decisions: Decisions,
    pub house_edge: BigRational,
}

struct Solver<'a> {
    dealer: &'a BTreeMap<i64, BigRational>,
    up: i64,
    memo: BTreeMap<(i64, bool), BigRational>,
    decisions: &'a mut Decisions,
}

impl Solver<'_> {
    /// The best expected net of a hand after its first two cards (hit or
    /// stand; standing on 21), recording the decision.
    fn later(&mut self, hard: i64, ace: bool) -> BigRational {
        if hard > 21 {
            return -BigRational::one();
        }
        let ace = soft(hard, ace);
        if let Some(v) = self.memo.get(&(hard, ace)) {
            return v.clone();
        }
        let p = points(hard, ace);
        let standing = stand(p, self.dealer);
        let value = if p == 21 {
            standing
        } else {
            let hitting = self.hit(hard, ace);
            let options = vec![(Action::Hit, hitting.clone()), (Action::Stand, standing)];
            let (best, value) = best(&options);
            self.decisions
                .insert((p, ace, false, self.up), (best, options));
            value
        };
        self.memo.insert((hard, ace), value.clone());
        value
    }

    fn hit(&mut self, hard: i64, ace: bool) -> BigRational {
        (1..=10).fold(BigRational::zero(), |sum, card| {
            sum + chance(card) * self.later(hard + card, ace || card == 1)
        })
    }

    /// The best expected net of the first two cards (not a blackjack).
    fn first(&mut self, hard: i64, ace: bool) -> BigRational {
        let p = points(hard, ace);
        let standing = stand(p, self.dealer);
        let hitting = self.hit(hard, ace);
        let doubling = (1..=10).fold(BigRational::zero(), |sum, card| {
            let h = hard + card;
            let net = if h > 21 {
                -BigRational::one()
            } else {
                stand(points(h, ace || card == 1), self.dealer)
            };
            sum + chance(card) * net * BigRational::from_integer(2.into())
        });
        let options = vec![
            (Action::Hit, hitting),
            (Action::Stand, standing),
            (Action::Double, doubling),
        ];
        let (best, value) = best(&options);
        self.decisions
            .insert((p, soft(hard, ace), true, self.up), (best, options));
        value
    }
}

/// The option of the highest value, the first listed on a tie.
fn best(options: &[(Action, BigRational)]) -> (Action, BigRational) {
    let mut pick = &options[0];
    for o in &options[1..] {
        if o.1 > pick.1 {
            pick = o;
        }
    }
    (pick.0, pick.1.clone())
}

/// Solves the game: each up card, each first two cards, by recursion.
pub fn solve(rules: &Rules) -> Solved {
    let mut decisions = BTreeMap::new();
    let mut ev = BigRational::zero();
    let player_natural = q(2, 13) * q(4, 13);
    for up in 1..=10 {
        let dealer = dealer(up, rules);
        let natural = dealer_natural(up);
        // The dealer's blackjack: a player's pushes, any other hand loses
        // its one stake.
        let mut given_up = &natural * (BigRational::one() - &player_natural) * -BigRational::one();
        let mut solver = Solver {
            dealer: &dealer,
            up,
            memo: BTreeMap::new(),
            decisions: &mut decisions,
        };
        let mut played = &player_natural * &rules.pays;
        for a in 1..=10 {
            for b in 1..=10 {
                let w = chance(a) * chance(b);
                let ace = a == 1 || b == 1;
                if ace && a + b == 11 {
                    continue;
                }
                played += w * solver.first(a + b, ace);
            }
        }
        given_up += (BigRational::one() - &natural) * played;
        ev += chance(up) * given_up;
    }
    Solved {
        decisions,
        house_edge: -ev,
    }
}

/// A distribution of nets: net → chance.
type Dist = BTreeMap<BigRational, BigRational>;

/// Adds `w` times `d` into `into`.
fn add_scaled(into: &mut Dist, d: &Dist, w: &BigRational) {
    for (net, p) in d {
        *into.entry(net.clone()).or_insert_with(BigRational::zero) += w * p;
    }
}

/// The nets of standing on `points` with `stakes` staked.
fn settle(points: i64, stakes: i64, dealer: &BTreeMap<i64, BigRational>) -> Dist {
    let mut out = Dist::new();
    for (&d, p) in dealer {
        let net = if d > 21 || points > d {
            stakes
        } else if points < d {
            -stakes
        } else {
            0
        };
        *out.entry(BigRational::from_integer(net.into()))
            .or_insert_with(BigRational::zero) += p;
    }
    out
}

/// The nets of a hand after its first two cards, played by the best
/// action of `solved`, by (hard total, soft), memoised.
fn later_nets(
    hard: i64,
    ace: bool,
    up: i64,
    dealer: &BTreeMap<i64, BigRational>,
    solved: &Solved,
    memo: &mut BTreeMap<(i64, bool), Dist>,
) -> Dist {
    if hard > 21 {
        return Dist::from([(-BigRational::one(), BigRational::one())]);
    }
    let (p, s) = (points(hard, ace), soft(hard, ace));
    if let Some(d) = memo.get(&(hard, s)) {
        return d.clone();
    }
    let hits = p != 21 && solved.decisions[&(p, s, false, up)].0 == Action::Hit;
    let out = if hits {
        let mut out = Dist::new();
        for card in 1..=10 {
            let d = later_nets(hard + card, s || card == 1, up, dealer, solved, memo);
            add_scaled(&mut out, &d, &chance(card));
        }
        out
    } else {
        settle(p, 1, dealer)
    };
    memo.insert((hard, s), out.clone());
    out
}

/// The player's nets and their chances, playing the best action of
/// `solved` everywhere: the settlement table.
pub fn nets(rules: &Rules, solved: &Solved) -> super::Nets {
    let mut all = Dist::new();
    let player_natural = q(2, 13) * q(4, 13);
    let one = BigRational::one();
    let int = |n: i64| BigRational::from_integer(n.into());
    for up in 1..=10 {
        let dealer = dealer(up, rules);
        let natural = dealer_natural(up);
        let p_up = chance(up);
        // Both blackjacks push; the dealer's alone takes one stake.
        add_scaled(
            &mut all,
            &Dist::from([(int(0), &natural * &player_natural)]),
            &p_up,
        );
        let lost = &natural * (&one - &player_natural);
        add_scaled(&mut all, &Dist::from([(int(-1), lost)]), &p_up);
        let played = &p_up * (&one - &natural);
        let paid = Dist::from([(rules.pays.clone(), player_natural.clone())]);
        add_scaled(&mut all, &paid, &played);
        let mut memo = BTreeMap::new();
        for a in 1..=10 {
            for b in 1..=10 {
                let ace = a == 1 || b == 1;
                if ace && a + b == 11 {
                    continue;
                }
                let w = &played * chance(a) * chance(b);
                let hard = a + b;
                let key = (points(hard, ace), soft(hard, ace), true, up);
                let mut hand = Dist::new();
                for card in 1..=10 {
                    let (h, c) = (hard + card, ace || card == 1);
                    let d = match solved.decisions[&key].0 {
                        Action::Stand => continue,
                        Action::Double if h > 21 => Dist::from([(int(-2), one.clone())]),
                        Action::Double => settle(points(h, c), 2, &dealer),
                        Action::Hit => later_nets(h, c, up, &dealer, solved, &mut memo),
                    };
                    add_scaled(&mut hand, &d, &chance(card));
                }
                if solved.decisions[&key].0 == Action::Stand {
                    hand = settle(points(hard, ace), 1, &dealer);
                }
                add_scaled(&mut all, &hand, &w);
            }
        }
    }
    let mut nets = super::Nets::default();
    for (net, p) in all {
        nets.add_net(net, &p);
    }
    nets
}

/// The hard total a hand ends with after its first two cards, played by
/// the best action of `solved` (a bust ends it), by (hard total, soft).
fn later_hard(
    hard: i64,
    ace: bool,
    up: i64,
    solved: &Solved,
    memo: &mut BTreeMap<(i64, bool), BTreeMap<i64, BigRational>>,
) -> BTreeMap<i64, BigRational> {
    let (p, s) = (points(hard, ace), soft(hard, ace));
    if hard > 21 || p == 21 || solved.decisions[&(p, s, false, up)].0 == Action::Stand {
        return BTreeMap::from([(hard, BigRational::one())]);
    }
    if let Some(d) = memo.get(&(hard, s)) {
        return d.clone();
    }
    let mut out = BTreeMap::new();
    for card in 1..=10 {
        for (h, q) in later_hard(hard + card, s || card == 1, up, solved, memo) {
            *out.entry(h).or_insert_with(BigRational::zero) += chance(card) * q;
        }
    }
    memo.insert((hard, s), out.clone());
    out
}

/// The player's hard total (aces as 1) when the round ends, playing the
/// best action of `solved` everywhere, the dealer's second card dealt
/// after the player's play (games/blackjack.dice deals so): two cards
/// after the player's blackjack, the total a bust reached, else the total
/// stood on, whatever the dealer's second card. What the player's own
/// choices decide; `check --show hard` must give it.
pub fn final_hard(solved: &Solved) -> BTreeMap<i64, BigRational> {
    let mut all: BTreeMap<i64, BigRational> = BTreeMap::new();
    let mut add = |hard: i64, p: BigRational| {
        *all.entry(hard).or_insert_with(BigRational::zero) += p;
    };
    for up in 1..=10 {
        let mut memo = BTreeMap::new();
        for a in 1..=10 {
            for b in 1..=10 {
                let w = chance(up) * chance(a) * chance(b);
                let (hard, ace) = (a + b, a == 1 || b == 1);
                if ace && hard == 11 {
                    add(hard, w);
                    continue;
                }
                // The player plays before the dealer's blackjack is seen.
                let key = (points(hard, ace), soft(hard, ace), true, up);
                match solved.decisions[&key].0 {
                    Action::Stand => add(hard, w),
                    Action::Double => {
                        for card in 1..=10 {
                            add(hard + card, &w * chance(card));
                        }
                    }
                    Action::Hit => {
                        for card in 1..=10 {
                            let d =
                                later_hard(hard + card, ace || card == 1, up, solved, &mut memo);
                            for (h, q) in d {
                                add(h, &w * chance(card) * q);
                            }
                        }
                    }
                }
            }
        }
    }
    all
}
