//! Writing HTML and SVG by hand: elements opened and closed by the code,
//! every text and attribute value escaped on the way in, so that a game's
//! name, a file name or a rule file's text (`<`, `&`, quotes) is shown as
//! written and never read as markup.

use std::fmt::Write as _;

/// `text` with the five characters that mean something in HTML and XML
/// replaced by their entities, fit for an element's content and for a
/// quoted attribute value.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A name made fit for an `id`, a URL fragment or a file name: ASCII
/// letters, digits, `-` and `_` kept (letters lower-cased), every other run
/// of characters one `-`; never empty.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let trimmed = out.trim_matches('-');
    if trimmed.is_empty() {
        "x".to_string()
    } else {
        trimmed.to_string()
    }
}

/// A document being written: elements with escaped attributes and text.
#[derive(Default)]
pub struct Markup {
    out: String,
}

impl Markup {
    /// An empty document.
    pub fn new() -> Markup {
        Markup::default()
    }

    /// Opens `<name a="v" ...>`; each value escaped.
    pub fn open(&mut self, name: &str, attributes: &[(&str, &str)]) -> &mut Markup {
        self.out.push('<');
        self.out.push_str(name);
        for (key, value) in attributes {
            let _ = write!(self.out, " {key}=\"{}\"", escape(value));
        }
        self.out.push('>');
        self
    }

    /// Closes `</name>`.
    pub fn close(&mut self, name: &str) -> &mut Markup {
        let _ = write!(self.out, "</{name}>");
        self
    }

    /// Writes escaped text.
    pub fn text(&mut self, text: &str) -> &mut Markup {
        self.out.push_str(&escape(text));
        self
    }

    /// `<name attributes>text</name>`, the text escaped.
    pub fn element(&mut self, name: &str, attributes: &[(&str, &str)], text: &str) -> &mut Markup {
        self.open(name, attributes).text(text).close(name)
    }

    /// Writes markup made elsewhere (a chart, a section) as it is.
    pub fn raw(&mut self, markup: &str) -> &mut Markup {
        self.out.push_str(markup);
        self
    }

    /// A line break in the source, between block elements, so that the
    /// page reads (and diffs) line by line.
    pub fn line(&mut self) -> &mut Markup {
        self.out.push('\n');
        self
    }

    /// A table row of cells (`td`, or `th` for a header row), each a text
    /// with the class given beside it (empty for none).
    pub fn row(&mut self, cell: &str, cells: &[(&str, &str)]) -> &mut Markup {
        self.open("tr", &[]);
        for (class, text) in cells {
            if class.is_empty() {
                self.element(cell, &[], text);
            } else {
                self.element(cell, &[("class", class)], text);
            }
        }
        self.close("tr").line()
    }

    /// The document written.
    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_covers_markup_and_both_quotes() {
        assert_eq!(
            escape(r#"<b a="1" b='2'>&amp;</b>"#),
            "&lt;b a=&quot;1&quot; b=&#39;2&#39;&gt;&amp;amp;&lt;/b&gt;"
        );
    }

    #[test]
    fn slugs_keep_letters_digits_and_underscores() {
        assert_eq!(slug("Punto Banco (8 decks)"), "punto-banco-8-decks");
        assert_eq!(slug("heist_a"), "heist_a");
        assert_eq!(slug("<&>"), "x");
    }

    #[test]
    fn attributes_and_text_are_escaped() {
        let mut m = Markup::new();
        m.element("a", &[("href", "x\"y")], "<&>");
        assert_eq!(m.finish(), "<a href=\"x&quot;y\">&lt;&amp;&gt;</a>");
    }
}
