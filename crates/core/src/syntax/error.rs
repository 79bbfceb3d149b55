//! Syntax errors, converted from pest's errors by their byte offsets, with
//! grammar rule names replaced by words a user knows.

use miette::Diagnostic;
use pest::error::{ErrorVariant, InputLocation};
use thiserror::Error;

use super::{Rule, ITEM_KEYWORDS};
use crate::ast::Span;
use crate::suggest::did_you_mean;

/// A file (or a `--set` value) that does not follow the grammar.
#[derive(Debug, Clone, Error, Diagnostic, PartialEq)]
pub enum SyntaxError {
    /// The parser met a token it did not expect.
    #[error("expected {expected}, found {found}")]
    #[diagnostic(code(dice::syntax::unexpected))]
    Unexpected {
        expected: String,
        found: String,
        #[label("here")]
        span: Span,
        #[help]
        help: Option<String>,
    },
    /// A quoted text with no closing quote on its line.
    #[error("this text is not closed")]
    #[diagnostic(
        code(dice::syntax::unclosed_text),
        help("a text stays on one line: close it with `\"`")
    )]
    UnclosedText {
        #[label("the text opens here")]
        span: Span,
    },
    /// Brackets, blocks, `else if` links or operators nested deeper than a
    /// rule file needs: `((((...))))` or `not not not ... x` more than
    /// [`MAX_DEPTH`](super::MAX_DEPTH) levels deep.
    #[error("this nests more than {limit} levels deep")]
    #[diagnostic(code(dice::syntax::too_deep))]
    TooDeep {
        limit: usize,
        #[label("too deep here")]
        span: Span,
        #[help]
        help: &'static str,
    },
    /// More syntax errors than anyone reads: the parser stops there, so
    /// that a file of garbage costs no more than a short one.
    #[error("more than {limit} syntax errors: the rest of the file was not read")]
    #[diagnostic(
        code(dice::syntax::too_many_errors),
        help("fix the errors above and check again")
    )]
    TooManyErrors {
        limit: usize,
        #[label("reading stopped here")]
        span: Span,
    },
    /// A line `outcome => payout` outside any `bet NAME { ... }` block.
    #[error("a payout with no bet")]
    #[diagnostic(
        code(dice::syntax::payout_outside_bet),
        help("payout lines go inside a bet: `bet player {{ player_wins => win 1 to 1 }}`")
    )]
    PayoutOutsideBet {
        #[label("this payout is not inside a `bet` block")]
        span: Span,
    },
    /// A number that cannot be represented: too large, or `n/0`.
    #[error("`{text}` is not a usable number")]
    #[diagnostic(code(dice::syntax::number), help("{reason}"))]
    BadNumber {
        text: String,
        reason: &'static str,
        #[label("this number")]
        span: Span,
    },
    /// A `--set NAME=VALUE` whose value is not a number.
    #[error("the value `{text}` does not parse as a number")]
    #[diagnostic(
        code(dice::syntax::override_value),
        help("write a whole number, a decimal or a fraction: `--set tie_odds=7`, `0.95`, `19/20`")
    )]
    BadOverride {
        text: String,
        #[label("not a number")]
        span: Span,
    },
}

impl SyntaxError {
    pub fn span(&self) -> Span {
        match self {
            SyntaxError::Unexpected { span, .. }
            | SyntaxError::PayoutOutsideBet { span }
            | SyntaxError::UnclosedText { span }
            | SyntaxError::TooDeep { span, .. }
            | SyntaxError::TooManyErrors { span, .. }
            | SyntaxError::BadNumber { span, .. }
            | SyntaxError::BadOverride { span, .. } => *span,
        }
    }
}

/// Converts a pest error on `source[base..]` into a [`SyntaxError`].
pub(super) fn from_pest(
    error: &pest::error::Error<Rule>,
    source: &str,
    base: usize,
) -> SyntaxError {
    let at = base
        + match error.location {
            InputLocation::Pos(p) => p,
            InputLocation::Span((s, _)) => s,
        };
    let at = at.min(source.len());
    let rest = &source[at..];
    let (mut found, len) = token_at(rest);
    let mut span = if rest.trim().is_empty() {
        // At the end of the file: point at its last visible character.
        let last = source.trim_end();
        let width = last.chars().next_back().map_or(0, char::len_utf8);
        Span::new(last.len() - width, last.len())
    } else {
        Span::new(at, at + len)
    };

    if at == base && looks_like_payout(rest) {
        return SyntaxError::PayoutOutsideBet {
            span: Span::new(at, at + rest.find('\n').unwrap_or(rest.len())),
        };
    }

    if rest.starts_with('"') && !rest[1..].lines().next().unwrap_or("").contains('"') {
        return SyntaxError::UnclosedText {
            span: Span::new(at, at + 1),
        };
    }

    let positives: Vec<Rule> = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => Vec::new(),
    };
    if let Some(end) = unfinished_line(source, at, &positives) {
        span = end;
        found = "the end of the line".to_string();
    }
    let expected = expected(&positives, at == base);
    let help = help(source, at, at == base, &expected);
    SyntaxError::Unexpected {
        expected,
        found,
        span,
        help,
    }
}

/// An operand missing at the end of a line (`let y = 4 +`) is found only
/// at the next line's first token (at `at`): the end of the unfinished
/// line to point at instead, where an operand was expected after an
/// operator.
/// What begins an item, as a syntax error names it: the item keywords,
/// each once, from [`ITEM_KEYWORDS`].
static ITEMS: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let words: Vec<String> = ITEM_KEYWORDS.iter().map(|w| format!("`{w}`")).collect();
    let (last, rest) = words
        .split_last()
        .map_or(("", &[][..]), |(l, r)| (l.as_str(), r));
    format!("an item ({} or {last})", rest.join(", "))
});

fn unfinished_line(source: &str, at: usize, positives: &[Rule]) -> Option<Span> {
    let line_start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    let unfinished = source[..line_start].trim_end();
    let operator_ends = unfinished.ends_with(['+', '-', '*', '=', '<', '>'])
        || [" and", " or", " mod", " not", " is", " in"]
            .iter()
            .any(|w| unfinished.ends_with(w));
    let wants_operand = positives.iter().any(|r| {
        matches!(
            r,
            Rule::expr | Rule::int | Rule::call | Rule::op_neg | Rule::op_not | Rule::bool_lit
        )
    });
    if wants_operand && source[line_start..at].trim().is_empty() && operator_ends {
        let width = unfinished.chars().next_back().map_or(0, char::len_utf8);
        return Some(Span::new(unfinished.len() - width, unfinished.len()));
    }
    None
}

/// What was expected, in words, from the rules pest expected: any
/// statement as "a statement", an expression without its parts, an item at
/// the start of one (`item_start`).
fn expected(positives: &[Rule], item_start: bool) -> String {
    let mut expected: Vec<&'static str> = Vec::new();
    for rule in positives {
        let word = describe(*rule);
        if !expected.contains(&word) {
            expected.push(word);
        }
    }
    // Any statement may come: say so rather than list every keyword.
    const STATEMENTS: &[&str] = &[
        "`throw`",
        "`draw`",
        "`burn`",
        "`turn up`",
        "`split`",
        "`let`",
        "`set`",
        "`if`",
        "`end`",
        "`compare`",
        "`repeat`",
        "`while`",
        "`choose`",
    ];
    if expected.contains(&"`throw`") && expected.contains(&"`let`") {
        expected.retain(|w| !STATEMENTS.contains(w));
        expected.insert(0, "a statement");
    }
    // "an expression" already says "a name", "a whole number" and the rest.
    if expected.contains(&"an expression") {
        expected.retain(|w| {
            !matches!(
                *w,
                "a name" | "a whole number" | "`not`" | "`true` or `false`"
            )
        });
    }
    if item_start {
        expected = vec![ITEMS.as_str()];
    }
    match expected.len() {
        0 => "something else".to_string(),
        1 => expected[0].to_string(),
        _ => {
            let (last, rest) = expected.split_last().unwrap_or((&"", &[]));
            format!("{} or {}", rest.join(", "), last)
        }
    }
}

/// The help for what was found at `at` (an item's start where
/// `item_start`), where a common mistake explains it.
fn help(source: &str, at: usize, item_start: bool, expected: &str) -> Option<String> {
    let rest = &source[at..];
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect();
    let before = source[..at].trim_end_matches([' ', '\t']);
    let unclosed = expected.contains("`}`")
        && (rest.trim().is_empty() || ITEM_KEYWORDS.contains(&word.as_str()));
    let line = before.rsplit('\n').next().unwrap_or("");
    let paid =
        line.trim_start().starts_with("bet ") && line.split_whitespace().nth(2) == Some("pays");
    if unclosed {
        Some("a block opened above is not closed: add its `}`".to_string())
    } else if rest.starts_with('{') && paid {
        Some("a bet that `pays` a name has no lines: its net is the name's value; for lines, write `bet NAME on VALUE { ... }`".to_string())
    } else if word == "pays" && expected.contains("`{`") {
        Some(
            "a bet is settled `on` a value by its lines, or `pays` a value with none: not both"
                .to_string(),
        )
    } else if item_start && !word.is_empty() {
        did_you_mean(&word, ITEM_KEYWORDS.iter().copied()).map(|k| format!("did you mean `{k}`?"))
    } else if rest.starts_with('=') && before.ends_with('=') {
        Some("compare with a single `=`: `total(x) = 7`".to_string())
    } else if rest.starts_with("==") {
        Some("bind and compare with a single `=`".to_string())
    } else if rest.starts_with(':') || (rest.starts_with('=') && expected.contains("`=>`")) {
        Some("payout lines, table rows and compare arms use `=>`".to_string())
    } else if rest.starts_with('&') {
        Some("write `and`".to_string())
    } else if rest.starts_with("||") {
        Some("write `or`".to_string())
    } else if rest.starts_with('!') && !rest.starts_with("!=") {
        Some("write `not`".to_string())
    } else if rest.starts_with('#') {
        Some("comments start with `//`".to_string())
    } else if rest.starts_with("+/-") {
        Some("write a tolerance as `± 0.5%` or `+- 0.5%`".to_string())
    } else if rest.starts_with(['\u{201c}', '\u{201d}', '\u{2018}', '\u{2019}']) {
        Some("use straight double quotes: `\"`".to_string())
    } else if word == "to" && lose_amount_before(before) {
        Some("a loss is a share of the stake, one number: `lose 1/2`, `lose 2`".to_string())
    } else if ["if", "compare", "repeat", "while"].contains(&word.as_str())
        && before.ends_with("=>")
        && expected.contains("`{`")
    {
        Some(format!(
            "an arm of `compare` holds one statement of one line, or a block: `=> {{ {word} ... }}`"
        ))
    } else if word == "elif" {
        Some("write `else if`".to_string())
    } else if word == "else" {
        Some(
            "`else` goes on the line of the `}` that closes the `if` block: `} else {`".to_string(),
        )
    } else if is_keyword(&word)
        && (expected.contains("a name") || expected.contains("a payout line"))
    {
        Some(format!(
            "`{word}` is a keyword of the language and cannot be used as a name"
        ))
    } else {
        None
    }
}

/// Whether `word` is one of the language's keywords.
fn is_keyword(word: &str) -> bool {
    super::keywords().any(|k| k == word)
}

/// The token at the start of `rest`, as a user would name it, and its length.
fn token_at(rest: &str) -> (String, usize) {
    if rest.trim().is_empty() {
        return ("the end of the file".to_string(), 0);
    }
    let Some(first) = rest.chars().next() else {
        return ("the end of the file".to_string(), 0);
    };
    if first == '\n' || first == '\r' {
        return ("the end of the line".to_string(), 1);
    }
    if first == ' ' || first == '\t' {
        return ("a space".to_string(), 1);
    }
    for op in ["==", "=>", "!=", "<=", ">=", "&&", "||", "+-"] {
        if rest.starts_with(op) {
            return (format!("`{op}`"), op.len());
        }
    }
    let len = if first.is_ascii_alphanumeric() || first == '_' {
        rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len())
    } else {
        first.len_utf8()
    };
    (format!("`{}`", &rest[..len]), len)
}

/// `name =>` at the start of an item: a payout line outside a bet.
fn looks_like_payout(rest: &str) -> bool {
    let name_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_len > 0
        && rest[name_len..]
            .trim_start_matches([' ', '\t'])
            .starts_with("=>")
}

/// A grammar rule as the user would name what was expected.
fn describe(rule: Rule) -> &'static str {
    (describe_token(rule))
        .or_else(|| describe_part(rule))
        .or_else(|| describe_keyword(rule))
        .or_else(|| describe_banking(rule))
        .unwrap_or("an item")
}

/// Names, numbers, punctuation, expressions and operators, the end of
/// the file.
fn describe_token(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::ident => "a name",
        Rule::arrow => "`=>`",
        Rule::lbrace => "`{`",
        Rule::rbrace => "`}`",
        Rule::assign => "`=`",
        Rule::comma => "`,`",
        Rule::int => "a whole number",
        Rule::number | Rule::signed_number | Rule::fraction | Rule::decimal => "a number",
        Rule::percent_sign => "`%`",
        Rule::string | Rule::string_body => "a quoted text",
        Rule::dice => "dice such as `2d6`",
        Rule::combo => "a combination such as `6-5`",
        Rule::range => "a range such as `2..7`",
        Rule::cell => "`D` (draw), `S` (stand) or `?` (a choice)",
        Rule::decided_by | Rule::word_decided => "`decided by BET`",
        Rule::staking | Rule::word_staking => "`staking NAME`",
        Rule::pays | Rule::word_pays => "`pays NAME`",
        Rule::label_set => "a list of options such as `[draw, stand]`",
        Rule::knowing | Rule::word_knowing => "`knowing` and the names the chooser sees",
        Rule::word_nothing => "`nothing`",
        Rule::faces_of | Rule::word_faces => "`faces(THROW)`, the faces a throw shows",
        Rule::signed_int => "a whole number",
        Rule::expr | Rule::call | Rule::bool_lit | Rule::op_not | Rule::op_neg => "an expression",
        Rule::is_test | Rule::in_test => "`is` or `in`",
        Rule::op_or
        | Rule::op_and
        | Rule::op_eq
        | Rule::op_ne
        | Rule::op_le
        | Rule::op_ge
        | Rule::op_lt
        | Rule::op_gt
        | Rule::op_add
        | Rule::op_sub
        | Rule::op_mul
        | Rule::op_mod => "an operator",
        Rule::int_set => "a list such as `[1, 3..4]`",
        Rule::block => "a block `{ ... }`",
        Rule::EOI => "the end of the file",
        _ => return None,
    })
}

/// Statements and the parts of items: bets, hand tables, draw tables,
/// `expect` lines, shoes.
fn describe_part(rule: Rule) -> Option<&'static str> {
    Some(match rule {
            Rule::throw_stmt
            | Rule::draw_stmt
            | Rule::burn_stmt
            | Rule::split_stmt
            | Rule::let_stmt
            | Rule::set_stmt
            | Rule::if_stmt
            | Rule::end_stmt
            | Rule::compare_stmt
            | Rule::repeat_stmt
            | Rule::while_stmt
            | Rule::choose_stmt => {
                "a statement (`throw`, `draw`, `burn`, `split`, `let`, `set`, `if`, `end`, `compare`, `repeat`, `while` or `choose`)"
            }
            Rule::kw_while => "`while`",
            Rule::word_at_most => "`at most N`",
            Rule::until_clause => "`until`",
            Rule::compare_arm | Rule::compare_side => "`higher`, `equal` or `lower`",
            Rule::pay_line => "a payout line such as `player_wins => win 1 to 1`",
            Rule::win | Rule::lose_pay | Rule::push_pay => "a payout (`win A to B`, `lose` or `push`)",
            Rule::suit_block => "a suit `name { ... }`",
            Rule::hand_line => "a hand such as `heaven 6-6`",
            Rule::columns_line => "`columns`",
            Rule::table_row => "a row such as `4 => S S D D`",
            Rule::quantity => "a figure such as `house_edge(player)`",
            Rule::relation | Rule::rel_op => "a relation (`=`, `~`, `<`, `<=`, `>`, `>=`)",
            Rule::tolerance => "a tolerance `± 0.5%`",
            Rule::with_clause | Rule::with_setting => "`with NAME = VALUE`",
            Rule::at_clause | Rule::at_setting | Rule::word_at => "`at seats = N`",
            Rule::at_list => "a list of whole numbers `[2, 1]`",
            Rule::bank_covers | Rule::word_covers => "`covers every bet`",
            Rule::kw_game => "`game`",
            Rule::kw_draw => "`draw`",
            Rule::kw_burn => "`burn`",
            Rule::kw_split => "`split`",
            Rule::kw_shoe => "`shoe`",
            Rule::decks_line | Rule::word_decks => "`decks = N`",
            Rule::values_line | Rule::word_values => "`values` and the card values",
            Rule::value_map | Rule::rank_set | Rule::rank => "a rank such as `A`, `2..9` or `K`",
            Rule::word_pip => "`pip` or a whole number",
            Rule::aces_line | Rule::word_aces => "`aces high` or `aces low`",
            Rule::face_down | Rule::word_face | Rule::word_down => "`face down`",
            Rule::for_each_seat => "`for each seat`",
            Rule::turn_up_stmt | Rule::kw_turn => "`turn up`",
            Rule::word_high | Rule::word_low => "`high` or `low`",
            Rule::word_infinite => "`infinite`",
        _ => return None,
    })
}

/// The keywords of items and statements.
fn describe_keyword(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::kw_param => "`param`",
        Rule::kw_outcomes => "`outcomes`",
        Rule::kw_hands => "`hands`",
        Rule::kw_table => "`table`",
        Rule::kw_columns => "`columns`",
        Rule::kw_round => "`round`",
        Rule::kw_throw => "`throw`",
        Rule::kw_until => "`until`",
        Rule::kw_let => "`let`",
        Rule::kw_set => "`set`",
        Rule::kw_if => "`if`",
        Rule::kw_else => "`else`",
        Rule::kw_end => "`end`",
        Rule::kw_compare => "`compare`",
        Rule::kw_repeat => "`repeat`",
        Rule::kw_on => "`on`",
        Rule::kw_choose => "`choose`",
        Rule::kw_from => "`from`",
        Rule::kw_by => "`by`",
        Rule::value_key | Rule::value_op => "a value such as `13`, `26..29` or `<= 10`",
        Rule::else_key => "`else`",
        Rule::kw_with => "`with`",
        Rule::kw_bet => "`bet`",
        Rule::kw_win => "`win`",
        Rule::kw_lose => "`lose`",
        Rule::kw_push => "`push`",
        Rule::kw_to => "`to`",
        Rule::kw_less => "`less`",
        Rule::kw_expect => "`expect`",
        Rule::kw_claim => "`claim`",
        Rule::kw_and | Rule::kw_or | Rule::kw_mod => "an operator",
        Rule::kw_not => "`not`",
        Rule::kw_is => "`is`",
        Rule::kw_in => "`in`",
        Rule::kw_true | Rule::kw_false => "`true` or `false`",
        Rule::kw_higher | Rule::kw_equal | Rule::kw_lower => "`higher`, `equal` or `lower`",
        Rule::kw_banking => "`banking`",
        _ => return None,
    })
}

/// The clauses and words of a `banking` item.
fn describe_banking(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::bank_clause | Rule::word_bank => "`bank`",
        Rule::stake_clause | Rule::word_stake => "`stake`",
        Rule::banco | Rule::word_banco => "`banco`",
        Rule::limit_clause | Rule::word_limit => "`limit`",
        Rule::chips_clause | Rule::word_chips => "`chips`",
        Rule::bankrupt_clause | Rule::word_bankrupt => "`bankrupt`",
        Rule::bank_house | Rule::word_house => "`house`",
        Rule::bank_rotates | Rule::word_rotates => "`rotates every round`",
        Rule::bank_kept_until | Rule::bank_kept_for_game | Rule::word_kept => {
            "`kept until the banker loses a round`, `kept for the game`"
        }
        Rule::bank_passes_when => "`passes when OUTCOME`",
        Rule::bank_bets | Rule::word_bets => "`bets BET`",
        Rule::word_every => "`every`",
        Rule::word_the => "`the`",
        Rule::word_banker => "`banker`",
        Rule::word_loses => "`loses`",
        Rule::word_a => "`a`",
        Rule::word_for => "`for`",
        Rule::word_passes => "`passes`",
        Rule::word_when => "`when`",
        Rule::stake_fixed | Rule::word_fixed => "`fixed V`",
        Rule::stake_up_to | Rule::word_up => "`up to V`",
        Rule::stake_free | Rule::word_free => "`free`",
        Rule::stake_set_by_bank => "`set by the bank`",
        Rule::limit_fixed => "`= V`",
        Rule::limit_set_by_banker => "`set by the banker`",
        Rule::chips_each | Rule::word_each => "`each = V`",
        Rule::chips_split | Rule::word_players => "`players = V, banker = W`",
        Rule::bankrupt_banker => "`banker => new game` or `banker => bank passes`",
        Rule::bankrupt_player | Rule::word_player => "`player => leaves`",
        Rule::new_game | Rule::word_new => "`new game`",
        Rule::bank_passes => "`bank passes`",
        Rule::word_leaves => "`leaves`",
        Rule::choices_clause | Rule::word_choices => "`choices`",
        Rule::choices_each_seat | Rule::word_seat => "`each seat`",
        Rule::choices_largest_stake | Rule::word_largest => "`the largest stake`",
        _ => return None,
    })
}

/// Whether `before` ends with `lose` and an amount (`lose 1`), as in the
/// mistaken `lose 1 to 2`.
fn lose_amount_before(before: &str) -> bool {
    let mut words = before.split_whitespace().rev();
    words.next().is_some() && words.next() == Some("lose")
}
