//! The exact evaluator's fast paths against its plain one: every shipped
//! game and every valid fixture analysed both ways (with
//! [`dicerules_core::eval::plain`]) gives the same report, lints and
//! distribution, fraction for fraction.
//!
//! The fast paths are the steps remembered by what they read
//! (`crates/core/src/eval/exact/paths.rs`), one card dealt straight off a packed shoe
//! (`crates/core/src/eval/observe.rs`, `crates/core/src/eval/exact/linear.rs`) and runs of counting
//! throws thrown as one (`crates/core/src/eval/exact/machine/fuse.rs`), and the
//! states of a round symmetric in the suits renamed to one of each kind
//! (`crates/core/src/eval/exact/suits.rs`; tests/fixtures/poker), and a
//! last draw's hands grouped by what the round reads of them
//! (`crates/core/src/eval/exact/observed.rs`). Every game,
//! every fixture and every example of docs/language.md is compared.

use std::path::Path;

use dicerules::analysis::{Analysis, Options};
use dicerules_core::check::removed::Removal;

use crate::common::fixture::{games_fixtures_and_examples, is_slow_game};

fn analysis(source: &str) -> Option<String> {
    analysis_with(source, Options::default())
}

fn analysis_with(source: &str, options: Options) -> Option<String> {
    let options = Options {
        lint: true,
        ..options
    };
    let a = Analysis::new(source, &options).ok()?;
    Some(format!(
        "{:?}\n{:?}\n{:?}\n{:?}",
        a.report,
        a.lints,
        a.distribution.outcomes,
        a.distribution
            .ends
            .iter()
            .map(|e| (e.outcome, &e.values, e.probability()))
            .collect::<Vec<_>>()
    ))
}

#[test]
fn every_game_fixture_and_example_is_the_same_on_the_plain_path() {
    // The fixtures of tests/fixtures/limits are left out: each runs to a
    // bound of work or states, and the fast paths, which do less work, may
    // meet it later or not at all; they end in an error either way.
    //
    // The poker games of games/ are left out too: the plain path deals
    // every hand to every state, for three card poker 407 million dealer's
    // hands. Their figures are the independent counts' (tests/poker_count.rs),
    // and the fast paths they take are compared here on the small fixtures
    // of tests/fixtures/poker, which take each of them.
    //
    // And the fixture whose first deal only the fast path deals by the
    // suits (five cards, 2,598,960 hands, past the plain path's bound of
    // states): its figures are hand counts, checked by its expect lines.
    let sources: Vec<_> = games_fixtures_and_examples(&["games", "tests/fixtures"])
        .into_iter()
        .filter(|(name, _)| !name.contains("tests/fixtures/limits/"))
        .filter(|(name, _)| !name.ends_with("five_dealt_by_suits.dice"))
        .filter(|(name, _)| !is_slow_game(Path::new(name)))
        .collect();
    let mut compared = 0;
    for (name, source) in &sources {
        let fast = analysis(source);
        let plain = dicerules_core::eval::plain(|| analysis(source));
        assert_eq!(fast, plain, "{name} differs on the plain path");
        compared += usize::from(fast.is_some());
    }
    assert!(compared >= 100, "only {compared} files were analysed");
}

/// The card games from shoes with cards taken out (`--removed`): the fast
/// paths count each kind from what is left of the shoe.
#[test]
fn shoes_less_removed_cards_are_the_same_on_the_plain_path() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (game, removed) in [
        ("punto_banco", "5x32,K,K"),
        ("punto_banco", "9x2,A,T"),
        ("casino_war", "Ax3,2"),
        ("red_dog", "Kx2,Qx5"),
        ("chemin_de_fer", "5x4"),
    ] {
        let source = std::fs::read_to_string(root.join("games").join(format!("{game}.dice")))
            .expect("the game reads");
        let options = || Options {
            removed: vec![Removal::parse(removed).expect("the cards parse")],
            ..Options::default()
        };
        let fast = analysis_with(&source, options());
        let plain = dicerules_core::eval::plain(|| analysis_with(&source, options()));
        assert!(fast.is_some(), "{game} less {removed} analyses");
        assert_eq!(
            fast, plain,
            "{game} less {removed} differs on the plain path"
        );
    }
}

/// Hands dealt by value alone, read only joined from some step on, are
/// kept as their union with every card (`eval::exact::joining`): four
/// cards past 21 (tests/fixtures/poker/values_joined.dice, counted by hand
/// in its comment). The union of hands that keep no cards once kept none
/// of their values but the first hand's, silently: `total(p + h1 + h2)`
/// read as the total of one card, blackjack's edge 3.5% for 1.1%.
#[test]
fn hands_dealt_by_value_and_joined_keep_every_card() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("tests/fixtures/poker/values_joined.dice"))
        .expect("the fixture reads");
    let analysis = Analysis::new(source, &Options::default()).expect("analyses");
    let expects = &analysis.report.expects;
    assert_eq!(expects.len(), 1);
    assert!(expects[0].holds, "{:?}", expects[0]);
}

/// A round is symmetric in the suits (its states kept up to a renaming of
/// them) where it compares suits of single cards with one another only:
/// `suit(a) = suit(b)` is; `suit(a) = 4`, `suit(a) > suit(b)` and the
/// suit of a hand of two cards (its highest card's, a tie broken by suit)
/// are not.
#[test]
fn suits_compared_with_one_another_keep_the_round_symmetric() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = std::fs::read_to_string(root.join("tests/fixtures/poker/suits_compared.dice"))
        .expect("the fixture reads");
    let symmetric = |source: &str| {
        let program = dicerules::Game::load(source)
            .expect("the file checks")
            .program;
        dicerules_core::program::suits::symmetric(&program)
    };
    assert!(symmetric(&source));
    let compared = "let suited = suit(a) = suit(b)";
    assert!(source.contains(compared));
    for other in [
        "let suited = suit(a) = 4",
        "let suited = suit(a) > suit(b)",
        "let suited = suit(a + b) = suit(a)",
    ] {
        assert!(!symmetric(&source.replace(compared, other)), "{other}");
    }
}

/// A lone chooser who knows everything the round holds, with no choice
/// after hers, has it solved where it stands (`program::local`): three card
/// poker's player knowing his three cards. Not let it ride's, whose first
/// choice has another after it and whose second knows his cards joined
/// with the board's; nor a choice knowing a total the round reads the dice
/// of again, nor one after a branch on something it does not know. The
/// figures are the sequence form's either way: the plain path solves every
/// choice in the sequence form, and the tests above compare the two.
#[test]
fn choices_knowing_the_whole_state_are_solved_where_they_stand() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let local = |source: &str| {
        let program = dicerules::Game::load(source)
            .expect("the file checks")
            .program;
        dicerules_core::program::local::local_decisions(&program)
    };
    let read = |path: &str| std::fs::read_to_string(root.join(path)).expect("the file reads");
    assert_eq!(local(&read("games/three_card_poker.dice")), [true]);
    assert_eq!(local(&read("games/let_it_ride.dice")), [false, false]);
    assert_eq!(local(&read("games/mississippi_stud.dice")), [false; 3]);
    let here =
        "game \"Here\"\noutcomes won, lost\nround {\n  throw p = d6\n  let pv = total(p)\n  \
                choose a from [hi, lo] by player knowing pv\n  throw q = d6\n  \
                if a is hi and total(q) > pv {\n    end won\n  }\n  end lost\n}\n\
                bet player {\n  won  => win 1 to 1\n  lost => lose\n}\n";
    assert_eq!(local(here), [true]);
    // The die itself read after the choice: the chooser knows only its total.
    let die = here.replace("total(q) > pv", "total(q) > total(p)");
    assert_eq!(local(&die), [false]);
    // A value bound on a branch of what the chooser does not know.
    let branched = here.replace(
        "  let pv = total(p)\n",
        "  throw r = d2\n  let pv = total(p)\n  let bonus = 0\n  if total(r) = 2 {\n    set bonus = 1\n  }\n",
    );
    let branched = branched.replace("total(q) > pv", "total(q) > pv + bonus");
    assert_eq!(local(&branched), [false]);
}

/// A lone player whose choices are followed by choices (hitting until he
/// stands), knowing the whole state of the round at each (his cards as
/// counts, the dealer's card), has each situation solved once where it
/// stands (`exact::tree`): no information set of the sequence form, every
/// situation listed with its options' values, and the report the plain
/// path's (the sequence form) to the last fraction. Where he does not know
/// the whole state (the dealer's card unknown; blackjack from the infinite
/// deck, knowing his points while the hole card lies face down), a
/// situation holds two states, and the round is solved in the sequence
/// form, as the plain path does; blackjack with the dealer's second card
/// dealt after the player's play has the same 490 situations, each one
/// state, solved where it stands.
#[test]
fn choices_followed_by_choices_are_solved_state_by_state() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read = |path: &str| std::fs::read_to_string(root.join(path)).expect("the file reads");
    let solved = |source: &str| {
        let a = Analysis::new(source, &Options::default()).expect("the file evaluates");
        let d = a.distribution.decisions.clone().expect("decisions");
        (d.infosets.len(), d.local.len())
    };
    let hits = read("tests/fixtures/choices/hit_until_you_stand.dice");
    let (infosets, situations) = solved(&hits);
    assert_eq!(infosets, 0);
    assert!(situations > 30, "{situations} situations");
    let (plain_infosets, plain_situations) = dicerules_core::eval::plain(|| solved(&hits));
    assert_eq!((plain_infosets, plain_situations), (situations, 0));
    let fast = analysis(&hits).expect("the fixture evaluates");
    assert_eq!(Some(fast), dicerules_core::eval::plain(|| analysis(&hits)));

    let unseen = hits.replace("threes, up\n", "threes\n");
    assert_ne!(unseen, hits);
    let (infosets, situations) = solved(&unseen);
    assert!(infosets > 0 && situations == 0, "{infosets} {situations}");
    let fast = analysis(&unseen).expect("the variant evaluates");
    assert_eq!(
        Some(fast),
        dicerules_core::eval::plain(|| analysis(&unseen))
    );

    let face_down = read("tests/fixtures/slow/blackjack_face_down.dice");
    assert_eq!(solved(&face_down), (490, 0));
    assert_eq!(solved(&read("games/blackjack.dice")), (0, 490));
}
