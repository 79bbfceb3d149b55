//! The command line as a user meets it: the real binary, colour off, with
//! stdout, stderr and the exit code in one snapshot per case.

use crate::common::binary;

/// Runs `dicerules ARGS` from the crate root; returns the exit code and the
/// transcript.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let run = binary::run(binary::root(), args, b"");
    (run.code, run.transcript(args))
}

macro_rules! cli_case {
    ($name:ident, $code:expr, [$($arg:expr),*]) => {
        #[test]
        fn $name() {
            let (code, transcript) = run(&[$($arg),*]);
            assert_eq!(code, Some($code), "{transcript}");
            assert!(!transcript.contains("panicked"), "{transcript}");
            insta::assert_snapshot!(transcript);
        }
    };
}

cli_case!(help, 0, ["--help"]);
cli_case!(check_help, 0, ["check", "--help"]);
cli_case!(check_heist_text, 0, ["check", "games/heist.dice"]);
cli_case!(
    check_heist_json,
    0,
    ["check", "games/heist.dice", "--format", "json"]
);
cli_case!(
    check_heist_ron,
    0,
    ["check", "games/heist.dice", "--format", "ron"]
);
cli_case!(
    check_two_files,
    0,
    ["check", "games/heist_b.dice", "games/heist_c.dice"]
);
cli_case!(
    set_tie_odds_breaks_the_pinned_expect,
    1,
    [
        "check",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=7",
        "--strict"
    ]
);
cli_case!(
    set_value_that_does_not_parse,
    2,
    [
        "check",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=seven"
    ]
);
cli_case!(
    set_unknown_parameter,
    2,
    ["check", "games/baccarat_dice.dice", "--set", "tie_od=7"]
);
cli_case!(
    set_without_equals,
    2,
    ["check", "games/baccarat_dice.dice", "--set", "tie_odds"]
);
cli_case!(
    set_twice,
    2,
    [
        "check",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=7",
        "--set",
        "tie_odds=9"
    ]
);
cli_case!(missing_file, 2, ["check", "games/no_such_game.dice"]);
cli_case!(
    lint_warning_keeps_exit_0,
    0,
    ["check", "tests/fixtures/lint/order_decides.dice"]
);
cli_case!(
    lint_denied_exits_1,
    1,
    [
        "check",
        "tests/fixtures/lint/order_decides.dice",
        "--deny",
        "warnings"
    ]
);
cli_case!(
    deny_unknown_lint,
    2,
    [
        "check",
        "tests/fixtures/lint/order_decides.dice",
        "--deny",
        "order"
    ]
);
cli_case!(no_file, 2, ["check"]);
cli_case!(
    unknown_format,
    2,
    ["check", "games/heist.dice", "--format", "xml"]
);
cli_case!(
    worst_exit_code_wins,
    2,
    ["check", "games/heist.dice", "games/no_such_game.dice"]
);
cli_case!(
    state_limit,
    2,
    ["check", "games/baccarat_dice.dice", "--max-states", "50"]
);
cli_case!(
    show_score,
    0,
    ["check", "games/twenty_six.dice", "--show", "score"]
);
cli_case!(
    show_unknown_name,
    2,
    ["check", "games/twenty_six.dice", "--show", "scor"]
);
// `--show EXPR`: a throw's statistic, the throw alone (its total), a name
// bound on some paths only (the probability of no value), a condition.
cli_case!(
    show_total_of_a_throw,
    0,
    ["check", "games/heist.dice", "--show", "total(banker)"]
);
cli_case!(
    show_several,
    0,
    [
        "check",
        "games/heist.dice",
        "--show",
        "banker",
        "--show",
        "total(player)",
        "--show",
        "player is 6-6"
    ]
);
cli_case!(
    show_a_name_no_bet_reads,
    0,
    ["check", "games/quatorze.dice", "--show", "score"]
);
cli_case!(
    show_unknown_name_in_an_expression,
    2,
    ["check", "games/heist.dice", "--show", "count(bankr, 6)"]
);
cli_case!(
    show_syntax_error,
    2,
    ["check", "games/heist.dice", "--show", "total(banker) +"]
);
cli_case!(
    show_a_name_no_end_sees,
    2,
    ["check", "games/quatorze.dice", "--show", "count(t, 6)"]
);
cli_case!(
    show_a_wrong_type,
    2,
    ["check", "games/heist.dice", "--show", "count(6, banker)"]
);
cli_case!(
    show_csv,
    0,
    [
        "check",
        "games/heist.dice",
        "--show",
        "total(player)",
        "--show",
        "banker is 6-6",
        "--format",
        "csv"
    ]
);
cli_case!(
    show_in_a_sweep,
    0,
    [
        "check",
        "games/baccarat_dice.dice",
        "--set",
        "tie_odds=8,9",
        "--show",
        "player_value"
    ]
);
// Several files: a show a file cannot show is left out of its report;
// one no file can show is an error.
cli_case!(
    show_in_some_of_several_files,
    0,
    [
        "check",
        "games/heist.dice",
        "games/quatorze.dice",
        "--show",
        "score"
    ]
);
cli_case!(
    show_in_none_of_several_files,
    2,
    [
        "check",
        "games/heist.dice",
        "games/heist_b.dice",
        "--show",
        "scor"
    ]
);

// The table rules read the parameters in force: a limit set to `infinite`
// is no number of chips, and a larger one shows in the table line.
cli_case!(
    set_house_limit_to_infinite,
    2,
    ["check", "games/heist.dice", "--set", "house_limit=infinite"]
);
cli_case!(
    set_house_limit,
    0,
    ["check", "games/heist_c.dice", "--set", "house_limit=50"]
);

cli_case!(
    full_history_hits_the_state_limit,
    2,
    [
        "check",
        "tests/fixtures/limits/full_history_state_limit.dice",
        "--max-states",
        "20000"
    ]
);

cli_case!(
    grouping_a_throw_hits_its_limit,
    2,
    [
        "check",
        "tests/fixtures/limits/throw_statistics_limit.dice",
        "--max-states",
        "1000"
    ]
);

/// `--set tie_odds=7` changes the tie bet's figures as the seed's 7 to 1 says.
#[test]
fn set_changes_the_figures() {
    let run = binary::run(
        binary::root(),
        &[
            "check",
            "games/baccarat_dice.dice",
            "--set",
            "tie_odds=7",
            "--format",
            "json",
        ],
        b"",
    );
    let json = &run.stdout;
    let v: serde_json::Value = serde_json::from_str(json).expect("json on stdout");
    assert_eq!(v["params"]["tie_odds"], "7");
    let tie = v["bets"]
        .as_array()
        .expect("bets")
        .iter()
        .find(|b| b["bet"] == "tie")
        .expect("a tie bet");
    // 1 - 8 * P(tie) with P(tie) = 51719/419904.
    assert_eq!(tie["house_edge"], "769/52488");
}

/// `play --interactive` with answers piped to stdin: a wrong answer is
/// asked again, the end of input ends the session with its summary, exit 0.
#[test]
fn play_interactive_from_a_pipe() {
    let run = binary::run(
        binary::root(),
        &[
            "play",
            "games/punto_banco.dice",
            "--seats",
            "2",
            "--rounds",
            "5",
            "--interactive",
        ],
        b"lots\n5 player\n",
    );
    let (stdout, stderr) = (&run.stdout, &run.stderr);
    assert_eq!(run.code, Some(0), "{stdout}\n{stderr}");
    assert!(
        stderr.contains("answer a whole number of chips"),
        "{stderr}"
    );
    assert!(stdout.contains("seat 1 bets 5 on player"), "{stdout}");
    assert!(
        stdout.contains("after 2 round(s), the input ended"),
        "{stdout}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}

// A reroll stops after `--max-rerolls` attempts, with the throw named.
cli_case!(
    simulate_reroll_limit,
    2,
    [
        "simulate",
        "tests/fixtures/limits/rare_reroll.dice",
        "--rounds",
        "1000",
        "--max-rerolls",
        "5"
    ]
);
cli_case!(
    play_reroll_limit,
    2,
    [
        "play",
        "tests/fixtures/limits/rare_reroll.dice",
        "--max-rerolls",
        "5"
    ]
);

// The person's seat and the stake rule are checked against the table.
cli_case!(
    play_seat_beyond_the_table,
    2,
    [
        "play",
        "games/heist.dice",
        "--seats",
        "2",
        "--seat",
        "3",
        "--interactive"
    ]
);
cli_case!(
    play_stake_rule_the_file_does_not_offer,
    2,
    ["play", "games/heist.dice", "--stake", "2"]
);
cli_case!(
    simulate_no_rounds,
    2,
    ["simulate", "games/heist.dice", "--rounds", "0"]
);
cli_case!(
    simulate_too_many_threads,
    2,
    ["simulate", "games/heist.dice", "--threads", "100000"]
);
// Heist throws 4 dice a round: with at most 3 the second throw passes the
// limit (the tabulated throws count when they could pass it).
cli_case!(
    simulate_round_limit_of_three_dice,
    2,
    [
        "simulate",
        "games/heist.dice",
        "--rounds",
        "10",
        "--max-dice",
        "3"
    ]
);
