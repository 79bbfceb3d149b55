//! The TextMate grammar (`editors/dice.tmLanguage.json`, for VS Code,
//! Sublime Text and GitHub) run over every shipped game: every comment,
//! keyword, built-in, figure and number gets its scope. The grammar is flat
//! (`match` rules only, none across lines), so its semantics are a few
//! lines: at each point the leftmost match of any rule wins, the earlier
//! rule on a tie, and scanning goes on after it.

use regex::Regex;

use crate::common::binary::root;

/// The grammar's rules in order: each scope and its pattern.
fn rules() -> Vec<(String, Regex)> {
    let text =
        std::fs::read_to_string(root().join("editors/dice.tmLanguage.json")).expect("the grammar");
    let grammar: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(grammar["scopeName"], "source.dice");
    grammar["patterns"]
        .as_array()
        .expect("patterns")
        .iter()
        .map(|p| {
            let name = p["include"]
                .as_str()
                .expect("an include")
                .trim_start_matches('#');
            let rule = &grammar["repository"][name];
            let pattern = rule["match"].as_str().expect("a match rule");
            let scope = rule["name"].as_str().expect("a scope").to_string();
            (
                scope,
                Regex::new(pattern).unwrap_or_else(|e| panic!("{name}: {e}")),
            )
        })
        .collect()
}

/// The scope of every byte of `line` (`None` where no rule matched).
fn scopes<'a>(rules: &'a [(String, Regex)], line: &str) -> Vec<Option<&'a str>> {
    let mut out = vec![None; line.len()];
    let mut at = 0;
    while at < line.len() {
        let best = rules
            .iter()
            .filter_map(|(scope, re)| re.find_at(line, at).map(|m| (m.start(), m.end(), scope)))
            .min_by_key(|&(start, ..)| start);
        let Some((start, end, scope)) = best else {
            break;
        };
        for s in &mut out[start..end] {
            *s = Some(scope.as_str());
        }
        at = if end > start { end } else { start + 1 };
    }
    out
}

/// The words of `line` outside comments and quoted text, each with where
/// it starts; and where its comment starts, if it has one.
fn words(line: &str) -> (Vec<(usize, &str)>, Option<usize>) {
    let bytes = line.as_bytes();
    let (mut words, mut in_string, mut i) = (Vec::new(), false, 0);
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' {
            in_string = !in_string;
        } else if !in_string && b == b'/' && bytes.get(i + 1) == Some(&b'/') {
            return (words, Some(i));
        } else if !in_string && (b.is_ascii_alphanumeric() || b == b'_') {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            words.push((start, &line[start..i]));
            continue;
        }
        i += 1;
    }
    (words, None)
}

const KEYWORDS: &[&str] = &[
    "game", "param", "outcomes", "hands", "table", "columns", "round", "throw", "until", "let",
    "set", "if", "else", "end", "compare", "repeat", "choose", "from", "by", "shoe", "with", "bet",
    "on", "win", "lose", "push", "to", "less", "expect", "claim", "and", "or", "not", "is", "in",
    "mod", "true", "false", "higher", "equal", "lower", "banking", "while", "define",
];

#[test]
fn every_shipped_game_is_highlighted() {
    let rules = rules();
    // The grammar's keyword list is the language's.
    let pest = std::fs::read_to_string(root().join("grammar/dice.pest")).expect("the grammar");
    let listed = pest
        .split("keyword = @{")
        .nth(1)
        .and_then(|r| r.split('}').next())
        .expect("keyword rule");
    for k in KEYWORDS {
        assert!(listed.contains(&format!("\"{k}\"")), "{k} is a keyword");
    }
    assert_eq!(
        listed.matches('"').count() / 2,
        KEYWORDS.len(),
        "every keyword is listed here"
    );
    let builtins: Vec<&str> = dicerules_core::program::builtin::Builtin::ALL
        .iter()
        .map(|b| b.name())
        .collect();
    let figures: Vec<&str> = dicerules_core::program::Figure::ALL
        .iter()
        .map(|(n, _)| *n)
        .collect();
    let mut games = 0;
    let (mut keywords, mut calls, mut numbers, mut comments) = (0, 0, 0, 0);
    for entry in std::fs::read_dir(root().join("games"))
        .expect("games")
        .flatten()
    {
        let path = entry.path();
        let text = std::fs::read_to_string(&path).expect("reads");
        games += 1;
        for (n, line) in text.lines().enumerate() {
            let at = format!("{}:{}: {line}", path.display(), n + 1);
            let scoped = scopes(&rules, line);
            let (words, comment) = words(line);
            if let Some(c) = comment {
                assert!(
                    scoped[c..]
                        .iter()
                        .all(|s| *s == Some("comment.line.double-slash.dice")),
                    "{at}"
                );
                comments += 1;
            }
            for (start, word) in words {
                let scope = scoped[start].unwrap_or("");
                let called = line[start + word.len()..].trim_start().starts_with('(');
                if KEYWORDS.contains(&word) {
                    assert!(
                        ["keyword.", "storage.", "constant.language."]
                            .iter()
                            .any(|p| scope.starts_with(p)),
                        "{at}: the keyword {word} is {scope:?}"
                    );
                    keywords += 1;
                } else if called && (builtins.contains(&word) || figures.contains(&word)) {
                    assert!(
                        scope.starts_with("support.function."),
                        "{at}: {word} is {scope:?}"
                    );
                    calls += 1;
                } else if word.bytes().all(|b| b.is_ascii_digit()) {
                    assert!(
                        scope.starts_with("constant.numeric."),
                        "{at}: {word} is {scope:?}"
                    );
                    numbers += 1;
                } else if word.bytes().next().is_some_and(|b| b.is_ascii_digit())
                    && word.contains('d')
                {
                    assert_eq!(scope, "constant.numeric.dice.dice", "{at}: {word}");
                }
            }
        }
    }
    assert!(games >= 11, "{games} games");
    // Each kind was met, and often.
    assert!(
        keywords > 500 && calls > 50 && numbers > 300 && comments > 100,
        "{keywords} {calls} {numbers} {comments}"
    );
}

#[test]
fn what_is_not_code_is_not_highlighted_as_code() {
    let rules = rules();
    let line = r#"claim house_edge(player) ~ 10% "if the bank wins // not a comment" // a comment"#;
    let scoped = scopes(&rules, line);
    let quote = line.find("\"if").expect("the text");
    assert_eq!(scoped[quote + 1], Some("string.quoted.double.dice"));
    let inner = line.find("// not").expect("the slashes");
    assert_eq!(scoped[inner], Some("string.quoted.double.dice"));
    let comment = line.find("// a comment").expect("the comment");
    assert_eq!(scoped[comment], Some("comment.line.double-slash.dice"));
    // A name holding a keyword or a number is a name.
    let scoped = scopes(&rules, "let won_spread_1 = ending");
    assert_eq!(scoped[4], None, "won_spread_1");
    assert_eq!(scoped[15], None, "won_spread_1's digit");
    assert_eq!(scoped[19], None, "ending holds `end`");
}
