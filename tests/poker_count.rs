//! The poker-ranked casino games counted by hand, apart from the
//! interpreter (`tests/poker_count/`): three card poker, let it ride,
//! caribbean stud and mississippi stud, each from one fresh deck, every
//! deal counted exactly, the player's choices the best by expected value.
//! The tests check the ranking against poker's known category counts and
//! each count against the published figures.

mod cards;
mod caribbean_stud;
mod let_it_ride;
mod mississippi_stud;
mod three_card_poker;
mod three_streets;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};

use dicerules::report::Report;

use crate::casino_count::{bet, report, settlements};
pub(crate) use crate::casino_count::{q, Nets};

use cards::{card, for_each_subset, value3, value5, Five, Three};

/// `n/d` as a fraction, from counts.
pub(crate) fn ratio(n: u64, d: u64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

/// Three card poker, counted once for the tests that read it.
fn three_card() -> &'static three_card_poker::ThreeCardPoker {
    static COUNT: OnceLock<three_card_poker::ThreeCardPoker> = OnceLock::new();
    COUNT.get_or_init(three_card_poker::count)
}

/// Caribbean stud, counted once for the tests that read it.
fn caribbean() -> &'static caribbean_stud::CaribbeanStud {
    static COUNT: OnceLock<caribbean_stud::CaribbeanStud> = OnceLock::new();
    COUNT.get_or_init(caribbean_stud::count)
}

fn percent(x: &BigRational) -> f64 {
    x.to_f64().expect("a finite figure") * 100.0
}

/// A published figure, printed to `digits` decimals of a percent.
fn assert_published(x: &BigRational, published: f64, digits: i32) {
    let got = percent(x);
    let half = 0.5 * 10f64.powi(-digits);
    assert!(
        (got - published).abs() <= half,
        "{got}% against the published {published}%"
    );
}

/// The 5-card categories of all C(52, 5) hands, as every poker table gives
/// them, from the table of values and from the suit masks.
#[test]
fn five_card_categories_are_poker_s() {
    let expected = [
        (Five::HighCard, 1_302_540),
        (Five::Pair, 1_098_240),
        (Five::TwoPair, 123_552),
        (Five::Trips, 54_912),
        (Five::Straight, 10_200),
        (Five::Flush, 5_108),
        (Five::FullHouse, 3_744),
        (Five::Quads, 624),
        (Five::StraightFlush, 36),
        (Five::Royal, 4),
    ];
    let mut by_value = BTreeMap::new();
    let mut by_masks = BTreeMap::new();
    for_each_subset(5, |c, _| {
        let v = value5([c[0], c[1], c[2], c[3], c[4]]);
        *by_value.entry(Five::of(v)).or_insert(0) += 1;
        *by_masks
            .entry(cards::best_category(cards::mask(c)))
            .or_insert(0) += 1;
    });
    assert_eq!(by_value, BTreeMap::from(expected));
    assert_eq!(by_masks, by_value);
    // The table indexes hands by colex number.
    let table = cards::values5();
    for_each_subset(5, |c, i| {
        if i % 9973 == 0 {
            assert_eq!(table[i], value5([c[0], c[1], c[2], c[3], c[4]]));
            assert_eq!(cards::colex(c), i);
        }
    });
}

/// Ties and order as in poker: the wheel is the lowest straight, kickers
/// count, suits never do.
#[test]
fn five_card_values_order_hands_as_poker_does() {
    let h = |cards: [(u8, u8); 5]| value5(cards.map(|(r, s)| card(r, s)));
    let wheel = h([(14, 0), (2, 1), (3, 2), (4, 3), (5, 0)]);
    let six_high = h([(6, 0), (2, 1), (3, 2), (4, 3), (5, 0)]);
    let broadway = h([(14, 0), (13, 1), (12, 2), (11, 3), (10, 0)]);
    let trips = h([(14, 0), (14, 1), (14, 2), (13, 3), (12, 0)]);
    assert!(trips < wheel && wheel < six_high && six_high < broadway);
    assert_eq!(Five::of(wheel), Five::Straight);
    let royal = h([(14, 2), (13, 2), (12, 2), (11, 2), (10, 2)]);
    assert_eq!(Five::of(royal), Five::Royal);
    let steel_wheel = h([(14, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
    assert_eq!(Five::of(steel_wheel), Five::StraightFlush);
    let quads = h([(2, 0), (2, 1), (2, 2), (2, 3), (3, 0)]);
    assert!(quads < steel_wheel && steel_wheel < royal);
    // Two pair: the higher pair, then the lower, then the kicker.
    let kings_up = h([(13, 0), (13, 1), (2, 2), (2, 3), (3, 0)]);
    let queens_up = h([(12, 0), (12, 1), (11, 2), (11, 3), (14, 0)]);
    assert!(queens_up < kings_up);
    let kings_up_4 = h([(13, 2), (13, 3), (2, 0), (2, 1), (4, 0)]);
    assert!(kings_up < kings_up_4);
    assert_eq!(kings_up, h([(13, 2), (13, 3), (2, 0), (2, 1), (3, 1)]));
    // A full house by its three, then its two.
    let threes_full = h([(3, 0), (3, 1), (3, 2), (14, 0), (14, 1)]);
    let fours_full = h([(4, 0), (4, 1), (4, 2), (2, 0), (2, 1)]);
    assert!(threes_full < fours_full);
    // A flush against a high card of the same ranks.
    let flush = h([(9, 0), (7, 0), (5, 0), (4, 0), (2, 0)]);
    let high = h([(9, 0), (7, 0), (5, 0), (4, 0), (2, 1)]);
    assert!(high < flush);
    assert!(Five::of(high) == Five::HighCard && Five::of(flush) == Five::Flush);
}

/// The 3-card categories of all C(52, 3) hands, and their order.
#[test]
fn three_card_categories_are_poker_s() {
    let counts = &three_card().categories;
    let expected = [
        (Three::HighCard, 16_440),
        (Three::Pair, 3_744),
        (Three::Flush, 1_096),
        (Three::Straight, 720),
        (Three::Trips, 52),
        (Three::StraightFlush, 48),
    ];
    assert_eq!(*counts, BTreeMap::from(expected));
    let h = |cards: [(u8, u8); 3]| value3(cards.map(|(r, s)| card(r, s)));
    let a23 = h([(14, 0), (2, 1), (3, 2)]);
    let two34 = h([(2, 0), (3, 1), (4, 2)]);
    let akq = h([(14, 0), (13, 1), (12, 2)]);
    let flush = h([(14, 3), (13, 3), (11, 3)]);
    assert!(flush < a23 && a23 < two34 && two34 < akq);
    assert_eq!(Three::of(a23), Three::Straight);
    assert_eq!(
        h([(14, 0), (13, 1), (12, 2)]),
        h([(14, 3), (13, 2), (12, 1)])
    );
}

#[test]
fn three_card_poker_gives_the_published_edges_playing_q_6_4_or_better() {
    let tcp = three_card();
    assert_eq!(tcp.ante_play.total(), q(1, 1));
    assert_eq!(tcp.pair_plus.total(), q(1, 1));
    assert_eq!(tcp.six_card.total(), q(1, 1));
    // The Wizard of Odds (wizardofodds.com/games/three-card-poker/): the
    // ante and play 3.37% per ante playing Q-6-4 or better, pair plus at
    // 40/30/6/4/1 2.32%; per unit wagered (the element of risk) 2.01%.
    assert_published(&tcp.ante_play.house_edge(), 3.37, 2);
    assert_published(&(tcp.ante_play.house_edge() / &tcp.average_wager), 2.01, 2);
    assert_published(&tcp.pair_plus.house_edge(), 2.32, 2);
    assert_eq!(tcp.lowest_played(), ("Q-6-4".to_string(), true));
    assert_eq!(tcp.exact_ties, 0);
    let hand = |cards: [(u8, u8); 3]| cards.map(|(r, s)| card(r, s));
    assert!(tcp.plays(hand([(12, 0), (6, 1), (4, 2)])));
    assert!(!tcp.plays(hand([(12, 0), (6, 1), (3, 2)])));
    // The exact figures, the play bet folded or placed.
    assert_eq!(tcp.ante_play.house_edge(), q(686_689, 20_358_520));
    assert_eq!(tcp.pair_plus.house_edge(), q(128, 5_525));
    assert_eq!(tcp.six_card.house_edge(), q(55_546, 363_545));
    assert_eq!(tcp.average_wager, q(370, 221));
    assert_eq!(tcp.hands_played, 14_900);
    // The best five of six cards, as known: 188 royal flushes of
    // 20,358,520.
    let six: Vec<u64> = tcp.six_categories.values().copied().collect();
    assert_eq!(
        six,
        [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_656, 188]
    );
}

/// games/three_card_poker.dice, its three bets settlement by settlement,
/// is the count; its strategy is the count's, told as the report tells it.
#[test]
fn three_card_poker_s_file_equals_the_count() {
    let tcp = three_card();
    let report = report("games/three_card_poker.dice");
    for (name, nets) in [
        ("ante", &tcp.ante_play),
        ("pair_plus", &tcp.pair_plus),
        ("six_card_bonus", &tcp.six_card),
    ] {
        let b = bet(&report, name);
        assert_eq!(b.house_edge.0, nets.house_edge(), "{name}");
        assert_eq!(settlements(b), nets.reached(), "{name}");
    }
    // The ante and play's average wager (ante plus play) and element of
    // risk, the count's.
    assert_staked_as_counted(bet(&report, "ante"), &tcp.ante_play, &tcp.average_wager);
    let strategies = report.strategies.as_ref().expect("a strategy");
    let [summary] = &strategies.summaries[..] else {
        panic!("one summary: {:?}", strategies.summaries);
    };
    let runs: Vec<(String, &str)> = (summary.runs.iter())
        .map(|r| (r.options.join(" "), r.lowest.as_str()))
        .collect();
    let (lowest, _) = tcp.lowest_played();
    assert_eq!(
        runs,
        [
            ("fold".to_string(), "5-3-2"),
            ("play".to_string(), lowest.as_str())
        ]
    );
    // Every hand told apart up to suits: 22,100 hands, 1,755 as suits rename.
    assert_eq!(summary.situations, 1_755);
}

/// benches/poker/three_card_poker_plain.dice, the ante and play written
/// the plain way (six cards dealt one at a time, each hand ranked by hand
/// from its cards' ranks and suits), is the count too, settlement by
/// settlement: its cards are dealt as hands of three
/// (`eval::exact::singles`), in seconds where dealing them one at a time
/// took minutes.
#[test]
fn three_card_poker_written_plainly_equals_the_count() {
    let tcp = three_card();
    let report = report("benches/poker/three_card_poker_plain.dice");
    let b = bet(&report, "ante");
    assert_eq!(b.house_edge.0, tcp.ante_play.house_edge());
    assert_eq!(settlements(b), tcp.ante_play.reached());
}

#[test]
fn let_it_ride_gives_the_published_edge() {
    let lir = let_it_ride::count();
    assert_eq!(lir.player.total(), q(1, 1));
    let edge = lir.player.house_edge();
    let risk = &edge / &lir.average_wager;
    assert_eq!(edge, q(37_963, 1_082_900));
    assert_eq!(lir.average_wager, q(331_288, 270_725));
    // Per unit wagered (the element of risk, not checked against a
    // published figure here) 2.86%; the first bet rides on 1,608 hands of
    // 22,100; the second is worth nothing either way (pulled back) on 9,072
    // deals of four cards (an outside straight without a ten or higher, an
    // inside one of four such).
    assert_published(&risk, 2.86, 2);
    assert_eq!(lir.first_rides, 1_608);
    assert_eq!(lir.second_rides, 163_460);
    assert_eq!(lir.exact_ties, (0, 9_072));
    // The Wizard of Odds (wizardofodds.com/games/let-it-ride/): 3.51% of
    // one unit.
    assert_published(&edge, 3.51, 2);
}

/// games/let_it_ride.dice, settlement by settlement, its average wager and
/// element of risk, are the count's (bets worth nothing either way pulled
/// back, as the count pulls them); its first choice rides on the count's
/// 1,608 hands of 22,100.
#[test]
fn let_it_ride_s_file_equals_the_count() {
    let lir = let_it_ride::count();
    let report = report("games/let_it_ride.dice");
    assert_staked_as_counted(bet(&report, "ride"), &lir.player, &lir.average_wager);
    assert_eq!(reach_of(&report, "first", "ride"), q(1_608, 22_100));
}

/// games/mississippi_stud.dice, settlement by settlement, its average wager
/// and element of risk, are the count's, equal choices taking the larger
/// bet (the file's first option on a tie); its first choice bets three
/// antes, one or folds on as many two-card hands as the count's.
#[test]
fn mississippi_stud_s_file_equals_the_count() {
    use mississippi_stud::{Bet, Ties};
    let ms = mississippi_stud::count(Ties::Larger);
    let report = report("games/mississippi_stud.dice");
    assert_staked_as_counted(bet(&report, "ante"), &ms.player, &ms.average_wager);
    for (option, counted) in [
        ("raise_3x", Bet::Three),
        ("raise_1x", Bet::One),
        ("fold", Bet::Fold),
    ] {
        let hands: u64 = (ms.first.iter())
            .filter(|(_, _, b)| *b == counted)
            .map(|(_, size, _)| size)
            .sum();
        assert_eq!(
            reach_of(&report, "third", option),
            ratio(hands, 1_326),
            "{option}"
        );
    }
}

/// A bet of a file with `staking` is the count's: its house edge and
/// settlements are `nets`', its average wager `average`, its element of
/// risk the one over the other.
fn assert_staked_as_counted(b: &dicerules::report::BetReport, nets: &Nets, average: &BigRational) {
    assert_eq!(b.house_edge.0, nets.house_edge(), "{}", b.bet);
    assert_eq!(settlements(b), nets.reached(), "{}", b.bet);
    let wager = b.average_wager.as_ref().expect("the bet has `staking`");
    assert_eq!(&wager.0, average, "{}", b.bet);
    let risk = b.element_of_risk.as_ref().expect("an element of risk");
    assert_eq!(risk.0, nets.house_edge() / average, "{}", b.bet);
}

/// The chance, summed over the situations of `decision`, of coming to one
/// where the report's strategy takes `option` (with probability 1).
fn reach_of(report: &Report, decision: &str, option: &str) -> BigRational {
    let strategies = report.strategies.as_ref().expect("a strategy");
    let one = q(1, 1);
    (strategies.decisions.iter())
        .filter(|r| r.decision == decision)
        .filter(|r| (r.options.iter()).any(|o| o.option == option && o.probability.0 == one))
        .map(|r| r.reach.0.clone())
        .sum()
}

#[test]
fn mississippi_stud_gives_the_published_edge() {
    use mississippi_stud::Ties;
    let ms = mississippi_stud::count(Ties::Larger);
    assert_eq!(ms.player.total(), q(1, 1));
    let edge = ms.player.house_edge();
    assert_eq!(ms.solved_value, -edge.clone());
    let risk = &edge / &ms.average_wager;
    let small = mississippi_stud::count(Ties::Smaller);
    assert_eq!(edge, q(53_223, 1_082_900));
    assert_eq!(ms.average_wager, q(74_757, 20_825));
    assert_eq!(small.average_wager, q(134_727, 38_675));
    // Choices as good as another, counted at every street and state of
    // the bets, reached or not (weighted by starting hands).
    assert_eq!(ms.exact_ties, 795_312);
    assert_eq!(small.exact_ties, ms.exact_ties);
    // The Wizard of Odds (wizardofodds.com/games/mississippi-stud/): 4.91%
    // per ante, 3.59 antes wagered on average, an element of risk of 1.37%
    // (his average counts equal choices as the larger wager).
    assert_published(&edge, 4.91, 2);
    assert!((ms.average_wager.to_f64().unwrap_or(0.0) - 3.59).abs() < 0.005);
    assert_published(&risk, 1.37, 2);
    // Equal choices change the wager, not the edge.
    assert_eq!(small.player.house_edge(), edge);
    assert!(small.average_wager < ms.average_wager);
}

#[test]
fn caribbean_stud_gives_the_published_edge_raising_every_pair() {
    let cs = caribbean();
    assert_eq!(cs.player.total(), q(1, 1));
    let edge = cs.player.house_edge();
    // The Wizard of Odds (wizardofodds.com/games/caribbean-stud-poker/):
    // 5.224% per ante, an element of risk of 2.555% under the perfect
    // strategy; and his return table, deal for deal of the
    // 19,933,230,517,200 (as copied at
    // casinoadvisor.com/caribbean-stud-poker-probability-article.html).
    assert_published(&edge, 5.224, 3);
    assert_published(&(&edge / &cs.average_wager), 2.555, 3);
    let deals = 2_598_960 * 47 * 163_185;
    let table: [(i64, u64); 13] = [
        (201, 16_759_740),
        (101, 156_929_720),
        (41, 2_832_435_800),
        (15, 16_624_475_280),
        (11, 21_856_990_280),
        (9, 43_805_516_100),
        (7, 234_242_908_320),
        (5, 488_012_139_360),
        (3, 2_343_248_003_808),
        (1, 4_532_514_033_720),
        (0, 321_623_100),
        (-1, 9_523_005_974_460),
        (-3, 2_726_592_727_512),
    ];
    let published: BTreeMap<BigRational, BigRational> = table
        .iter()
        .map(|&(net, n)| (q(net, 1), ratio(n, deals)))
        .collect();
    assert_eq!(cs.player.0, published);
    assert_eq!(cs.exact_ties, 0);
    // Raise every pair or better, fold everything below ace-king: only
    // ace-king high depends on the cards.
    let ace_king = value5([card(14, 0), card(13, 1), card(4, 2), card(3, 3), card(2, 0)]);
    let pair = value5([card(2, 0), card(2, 1), card(3, 2), card(4, 3), card(5, 0)]);
    let mut ace_king_raised = 0;
    for (value, up) in cs.raising() {
        if value >= pair {
            assert_eq!(up.count_ones(), 47, "{value:x}");
        } else if value < ace_king {
            assert_eq!(up, 0, "{value:x}");
        } else {
            ace_king_raised += up.count_ones();
        }
    }
    assert!(ace_king_raised > 0);
    let hand = |cards: [(u8, u8); 5]| cards.map(|(r, s)| card(r, s));
    assert!(cs.raises(hand([(2, 0), (2, 1), (7, 2), (9, 3), (11, 0)]), card(14, 2)));
    assert!(!cs.raises(
        hand([(14, 0), (12, 1), (7, 2), (9, 3), (11, 0)]),
        card(3, 2)
    ));
    assert_eq!(edge, q(142_031_221, 2_718_662_100));
    assert_eq!(cs.average_wager, q(10_405_797, 5_089_630));
    assert_eq!(cs.raised, 63_794_004);
}

/// games/caribbean_stud.dice, settlement by settlement, its average wager
/// and element of risk, are the count's; its strategy, told along the
/// player's hand, switches where the count's does: every hand below
/// ace-king folds, every one from ace-king-queen-jack raises, and in
/// between the dealer's up card (or the suits) decides.
#[test]
fn caribbean_stud_s_file_equals_the_count() {
    let cs = caribbean();
    let report = report("games/caribbean_stud.dice");
    assert_staked_as_counted(bet(&report, "ante"), &cs.player, &cs.average_wager);
    let strategies = report.strategies.as_ref().expect("a strategy");
    let [unlisted] = strategies.unlisted.as_slice() else {
        panic!("one decision of too many situations to list");
    };
    assert_eq!(unlisted.decision, "action");
    assert!(strategies.decisions.is_empty());
    // The count's options by the player's hand's value: below ace-king
    // every up card folds, from ace-king-queen-jack every one raises, and
    // at every value between, some up card raises and some folds.
    let mut by_value: BTreeMap<u32, (bool, bool)> = BTreeMap::new();
    for (value, up) in cs.raising() {
        let taken = by_value.entry(value).or_default();
        taken.0 |= up.count_ones() > 0;
        taken.1 |= up.count_ones() < 47;
    }
    let ace_king = value5([card(14, 0), card(13, 1), card(4, 2), card(3, 3), card(2, 0)]);
    let ace_king_queen_jack = value5([
        card(14, 0),
        card(13, 1),
        card(12, 2),
        card(11, 3),
        card(2, 0),
    ]);
    for (&value, &taken) in &by_value {
        let expected = match value {
            v if v < ace_king => (false, true),
            v if v < ace_king_queen_jack => (true, true),
            _ => (true, false),
        };
        assert_eq!(taken, expected, "{value:x}");
    }
    let summary = (strategies.summaries.iter())
        .find(|s| s.decision == "action")
        .expect("a summary along the player's hand");
    assert_eq!(summary.also_knows, ["up"]);
    let runs: Vec<(Vec<&str>, &str, &str)> = (summary.runs.iter())
        .map(|r| {
            let options = r.options.iter().map(String::as_str).collect();
            (options, r.lowest.as_str(), r.highest.as_str())
        })
        .collect();
    assert_eq!(
        runs,
        [
            (vec!["fold"], "7-5-4-3-2", "A-Q-J-10-9"),
            (vec!["raise", "fold"], "A-K-4-3-2", "A-K-Q-10-9"),
            (vec!["raise"], "A-K-Q-J-2", "A-K-Q-J-10 royal flush"),
        ]
    );
    assert_eq!(summary.situations, unlisted.situations);
    let raised = (unlisted.options.iter())
        .find(|o| o.option == "raise")
        .expect("raise");
    assert!(raised.situations > 0 && raised.situations < unlisted.situations);
}

/// Some (player hand, up card) deals of the count, the dealer's hidden
/// hands enumerated one by one: the same split.
#[test]
fn caribbean_stud_s_sweep_equals_enumerating_the_dealer_s_hands() {
    let cs = caribbean();
    let qualifies = value5([card(14, 0), card(13, 1), card(4, 2), card(3, 3), card(2, 0)]);
    assert!(cs.samples.len() >= 10, "{}", cs.samples.len());
    for (hand, up, split) in &cs.samples {
        let mine = value5(*hand);
        let mut held = hand.to_vec();
        held.push(*up);
        let others = cards::rest(&held);
        let mut found = [0i64; 4];
        for (i, &a) in others.iter().enumerate() {
            for (j, &b) in others.iter().enumerate().skip(i + 1) {
                for (k, &c) in others.iter().enumerate().skip(j + 1) {
                    for &d in &others[k + 1..] {
                        let theirs = value5([*up, a, b, c, d]);
                        let n = if theirs < qualifies {
                            0
                        } else if theirs < mine {
                            1
                        } else if theirs == mine {
                            2
                        } else {
                            3
                        };
                        found[n] += 1;
                    }
                }
            }
        }
        assert_eq!(&found, split, "{hand:?} {up}");
    }
}

/// The classes of hands the same up to suits: as many as known, weights
/// summing to every hand.
#[test]
fn hands_the_same_up_to_suits_are_counted_once() {
    for (k, classes, hands) in [(2, 169, 1_326), (3, 1_755, 22_100), (5, 134_459, 2_598_960)] {
        let found = cards::classes(k);
        assert_eq!(found.len(), classes);
        assert_eq!(found.iter().map(|(_, w)| w).sum::<u64>(), hands);
    }
}

/// Whether three cards could be part of a straight flush: suited, within
/// five ranks (the ace also low), with how many ranks missing inside and
/// how many cards ten or higher.
fn straight_flush_draw(hand: &[cards::Card]) -> Option<(u8, usize)> {
    let suited = hand.iter().all(|&c| cards::suit(c) == cards::suit(hand[0]));
    let mut ranks: Vec<u8> = hand.iter().map(|&c| cards::rank(c) + 2).collect();
    ranks.sort_unstable();
    ranks.dedup();
    if !suited || ranks.len() != hand.len() {
        return None;
    }
    let high = ranks.iter().filter(|&&r| r >= 10).count();
    let gaps = |r: &[u8]| (r[r.len() - 1] - r[0] + 1) as usize - r.len();
    let mut low: Vec<u8> = ranks.iter().map(|&r| if r == 14 { 1 } else { r }).collect();
    low.sort_unstable();
    // Played low, the ace is no high card.
    let options = [
        (gaps(&ranks), high),
        (gaps(&low), high - usize::from(low[0] == 1)),
    ];
    options
        .into_iter()
        .filter(|&(g, _)| g + hand.len() <= 5)
        .map(|(g, h)| (g as u8, h))
        .min()
}

/// Whether cards hold a pair of tens or better, or more of a kind.
fn paying_pair(hand: &[cards::Card]) -> bool {
    let mut counts = [0; 13];
    for &c in hand {
        counts[usize::from(cards::rank(c))] += 1;
    }
    let pairs = counts.iter().filter(|&&n| n >= 2).count();
    counts.iter().any(|&n| n >= 3) || pairs >= 2 || counts[8..].contains(&2)
}

/// The published first decision (the Wizard of Odds,
/// wizardofodds.com/games/let-it-ride/): ride on a paying hand, three
/// suited in a row except 2-3-4 and A-2-3, three to a straight flush with
/// one rank missing and a card ten or higher, or two missing and two such.
fn published_first(hand: &[cards::Card]) -> bool {
    paying_pair(hand)
        || match straight_flush_draw(hand) {
            Some((0, _)) => {
                let top = hand.iter().map(|&c| cards::rank(c) + 2).max();
                top > Some(4) && top != Some(14) || hand.iter().all(|&c| cards::rank(c) >= 10)
            }
            Some((1, high)) => high >= 1,
            Some((2, high)) => high >= 2,
            _ => false,
        }
}

/// The published second decision: ride on a paying hand, four to a flush,
/// or four to an outside straight with a card ten or higher (the same
/// with none, and four to an inside straight of four high cards, are
/// worth nothing either way: pulled back).
fn published_second(hand: &[cards::Card]) -> bool {
    let flush = hand.iter().all(|&c| cards::suit(c) == cards::suit(hand[0]));
    let mut ranks: Vec<u8> = hand.iter().map(|&c| cards::rank(c) + 2).collect();
    ranks.sort_unstable();
    ranks.dedup();
    let outside = ranks.len() == 4 && ranks[3] - ranks[0] == 3 && ranks[0] > 2 && ranks[3] < 14;
    paying_pair(hand) || flush || outside && ranks[3] >= 10
}

#[test]
fn let_it_ride_rides_as_published() {
    for (hand, _) in cards::classes(3) {
        let hand = [hand[0], hand[1], hand[2]];
        assert_eq!(
            let_it_ride::rides_first(hand),
            published_first(&hand),
            "{:?}",
            hand.map(|c| (cards::rank(c) + 2, cards::suit(c)))
        );
    }
    for (hand, _) in cards::classes(4) {
        let hand = [hand[0], hand[1], hand[2], hand[3]];
        assert_eq!(
            let_it_ride::rides_second(hand),
            published_second(&hand),
            "{:?}",
            hand.map(|c| (cards::rank(c) + 2, cards::suit(c)))
        );
    }
}

/// The first decision as the Wizard of Odds publishes it
/// (wizardofodds.com/games/mississippi-stud/): 3 antes on any pair, 1 with
/// a card jack or higher, two from six to ten, or a suited five and six;
/// else fold.
#[test]
fn mississippi_stud_s_first_bet_is_the_published() {
    use mississippi_stud::{Bet, Ties};
    let ms = mississippi_stud::count(Ties::Smaller);
    assert_eq!(ms.first.len(), 169);
    for (hand, _, bet) in &ms.first {
        let [a, b] = hand.map(|c| cards::rank(c) + 2);
        let suited = cards::suit(hand[0]) == cards::suit(hand[1]);
        let (low, high) = (a.min(b), a.max(b));
        let published = if a == b {
            Bet::Three
        } else if high >= 11 || low >= 6 || (suited && low == 5 && high == 6) {
            Bet::One
        } else {
            Bet::Fold
        };
        assert_eq!(*bet, published, "{a} {b} {suited}");
    }
    // A pair of jacks or better is paid whatever comes: 3 antes on every
    // street.
    let jacks = [card(11, 0), card(11, 1)];
    let solved = mississippi_stud::solve(jacks, Ties::Smaller);
    assert_eq!(solved.first, Bet::Three);
    let others = cards::rest(&jacks);
    for &third in &others {
        for placed in [2, 4] {
            assert_eq!(solved.second(third, placed), Bet::Three);
        }
        for &fourth in others.iter().filter(|&&c| c != third) {
            for placed in [3, 5, 7] {
                assert_eq!(solved.third(third, fourth, placed), Bet::Three);
            }
        }
    }
    // Two low cards fold, whatever the bets.
    let low = mississippi_stud::solve([card(2, 0), card(7, 1)], Ties::Smaller);
    assert_eq!(low.first, Bet::Fold);
}

/// `tests/fixtures/poker/play_or_fold_suited.dice` counted by hand: every
/// two cards, play where playing is worth at least folding's -1 (the first
/// option wins a tie), each of the 50 cards left as the dealer's; the nets,
/// the hands played and the average wager (an ante, and a play bet as large
/// on every hand played).
fn play_or_fold_suited() -> (Nets, usize, BigRational) {
    let deck: Vec<(u8, u8)> = (2..=14).flat_map(|r| (0..4).map(move |s| (r, s))).collect();
    // Three cards of one suit that are no three-card straight.
    let flush = |cards: [(u8, u8); 3]| {
        let mut ranks = cards.map(|c| c.0);
        ranks.sort_unstable();
        let straight = (ranks[2] - ranks[0] == 2 && ranks[0] < ranks[1] && ranks[1] < ranks[2])
            || ranks == [2, 3, 14];
        cards.iter().all(|c| c.1 == cards[0].1) && !straight
    };
    let mut counts: BTreeMap<i64, u64> = BTreeMap::new();
    let mut played = 0;
    // Antes staked over every deal: one a deal, two where it is played.
    let mut staked: u64 = 0;
    for a in 0..52 {
        for b in a + 1..52 {
            let top = deck[a].0.max(deck[b].0);
            let nets: Vec<i64> = (0..52)
                .filter(|&d| d != a && d != b)
                .map(|d| {
                    if flush([deck[a], deck[b], deck[d]]) {
                        5
                    } else {
                        match top.cmp(&deck[d].0) {
                            std::cmp::Ordering::Greater => 1,
                            std::cmp::Ordering::Equal => 0,
                            std::cmp::Ordering::Less => -2,
                        }
                    }
                })
                .collect();
            if nets.iter().sum::<i64>() >= -50 {
                played += 1;
                staked += 2 * nets.len() as u64;
                for net in nets {
                    *counts.entry(net).or_default() += 1;
                }
            } else {
                staked += nets.len() as u64;
                *counts.entry(-1).or_default() += 50;
            }
        }
    }
    let average_wager = ratio(staked, 1326 * 50);
    (Nets::from_counts(&counts, 1326 * 50), played, average_wager)
}

/// The file's settlements are the count's, fraction for fraction, and its
/// strategy has one situation per hand up to the suits' names (169: 13
/// pairs, 78 suited and 78 offsuit), played on 1,230 of the 1,326 hands.
#[test]
fn a_suited_play_or_fold_equals_the_count() {
    let (count, played, _) = play_or_fold_suited();
    assert_eq!(count.total(), q(1, 1));
    assert_eq!(count.house_edge(), q(-1696, 5525));
    assert_eq!(played, 1230);
    let report = report("tests/fixtures/poker/play_or_fold_suited.dice");
    let ante = bet(&report, "ante");
    assert_eq!(ante.house_edge.0, count.house_edge());
    assert_eq!(settlements(ante), count.0);
    let strategies = report.strategies.as_ref().expect("strategies");
    assert_eq!(strategies.decisions.len(), 169);
    // Each situation's reach is its hands' share: 6, 4 or 12 of 1,326.
    let reached: BigRational = (strategies.decisions.iter())
        .filter(|d| d.options[0].probability.0 == q(1, 1))
        .map(|d| d.reach.0.clone())
        .fold(BigRational::zero(), |s, r| s + r);
    assert_eq!(reached, ratio(played as u64, 1326));
    assert!(strategies
        .decisions
        .iter()
        .all(|d| d.knowing[0].hand.is_some()));
}

/// `tests/fixtures/poker/play_or_fold_staked.dice`, the suited game with
/// `staking staked` (`1 + (action is play)`): its average wager and element
/// of risk are the count's, and its other figures the unstaked file's.
#[test]
fn a_staked_play_or_fold_gives_the_count_s_average_wager() {
    let (count, played, average_wager) = play_or_fold_suited();
    // 1,326 hands, 1,230 played: (1,326 + 1,230) / 1,326 antes a round.
    assert_eq!(average_wager, ratio(1326 + played as u64, 1326));
    assert_eq!(average_wager, q(426, 221));
    let report = report("tests/fixtures/poker/play_or_fold_staked.dice");
    let bet = bet(&report, "ante");
    assert_eq!(bet.house_edge.0, count.house_edge());
    assert_eq!(bet.staking.as_deref(), Some("staked"));
    let reported = bet.average_wager.as_ref().expect("an average wager");
    assert_eq!(reported.0, average_wager);
    let risk = bet.element_of_risk.as_ref().expect("an element of risk");
    assert_eq!(risk.0, count.house_edge() / &average_wager);
    assert_eq!(risk.0, -q(848, 5325));
    let percent = bet.element_of_risk_percent.expect("a percent");
    assert!(
        (percent - (-848.0 / 5325.0 * 100.0)).abs() < 1e-9,
        "{percent}"
    );
    assert!((bet.average_wager_float.expect("a float") - 426.0 / 221.0).abs() < 1e-12);
}

/// `tests/fixtures/poker/three_streets.dice`, whose second choice knows the
/// two cards joined (`knowing mine + flop`) and whose states the fast path
/// keeps by the cards held, not their order: its edge is the count's.
#[test]
fn three_streets_equals_the_count() {
    let net = three_streets::expected_net();
    assert_eq!(net, q(-3012, 5525));
    let report = report("tests/fixtures/poker/three_streets.dice");
    assert_eq!(bet(&report, "ante").house_edge.0, -net);
}
