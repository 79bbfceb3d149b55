//! What a message says about a name someone wrote: "did you mean"
//! suggestions for misspelt names, and a typed text shown with its control
//! characters escaped.

/// The candidate closest to `name` by edit distance, when it is close enough
/// to be a likely typo (at most a third of the name's length, at least 1).
pub fn did_you_mean<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let length = name.chars().count();
    let limit = (length / 3).max(1);
    candidates
        .into_iter()
        .filter(|c| *c != name)
        // Names whose lengths differ by more than the limit are further
        // apart than it: skipped before the distance, which costs the
        // product of the lengths (an unknown name of 10,000 letters).
        .filter(|c| c.chars().count().abs_diff(length) <= limit)
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, _)| *d <= limit)
        .min_by(|a, b| a.0.cmp(&b.0).then_with(|| a.1.cmp(b.1)))
        .map(|(_, c)| c)
}

/// Edit distance over characters, a swap of two neighbours counting as one
/// edit (optimal string alignment): `tei` is one edit from `tie`.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// A text someone typed (an answer at a prompt, a name a client sent), as
/// a message shows it: each control character escaped as Rust writes it
/// (`\0`, `\t`, `\u{1b}`), so that a NUL or a terminal's escape sequence is
/// shown, not sent to the terminal; everything else as it is.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        let names = ["player", "banker", "tie"];
        assert_eq!(did_you_mean("playr", names), Some("player"));
        assert_eq!(did_you_mean("bankr", names), Some("banker"));
        assert_eq!(did_you_mean("zebra", names), None);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(did_you_mean("tei", names), Some("tie"));
        assert_eq!(did_you_mean(&"player".repeat(10_000), names), None);
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(super::escaped("a\0b\x1b[2J\tc é"), "a\\0b\\u{1b}[2J\\tc é");
    }
}
