//! The frame of every page: the document's head with its inline style
//! (light and dark schemes, print), a way back to the index, the title,
//! and the footer. No script, no external resource.

use super::markup::{escape, Markup};
use super::svg;

/// The page's style: the charts' colours, then the page's.
pub fn style() -> String {
    format!("{}{}", svg::STYLE, include_str!("page.css"))
}

/// A whole page: `title` in the head and as its heading, `meta` (a line
/// under the heading, escaped) and `body` (markup) after it; `index`
/// whether this is the index (no link back to itself).
pub fn document(title: &str, meta: &str, body: &str, index: bool) -> String {
    let mut m = Markup::new();
    m.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .raw("<meta name=\"color-scheme\" content=\"light dark\">\n")
        .element("title", &[], title)
        .line()
        .raw("<style>\n")
        .raw(&style())
        .raw("</style>\n</head>\n<body>\n");
    if !index {
        m.raw("<nav><a href=\"index.html\">← all pages of this report</a></nav>\n");
    }
    m.raw("<header>\n").element("h1", &[], title).line();
    if !meta.is_empty() {
        m.element("p", &[("class", "meta")], meta).line();
    }
    m.raw("</header>\n<main>\n")
        .raw(body)
        .raw("</main>\n<footer>Written by dicerules. Exact figures are fractions; a percentage is the nearest decimal; a figure marked estimate comes from play.</footer>\n</body>\n</html>\n");
    m.finish()
}

/// A chart beside the table holding its numbers: a figure with the chart
/// and its caption, then the table.
pub fn chart_with_table(chart: &str, caption: &str, table: &str) -> String {
    format!(
        "<div class=\"chart-row\">\n<figure>{chart}<figcaption>{}</figcaption></figure>\n{table}</div>\n",
        escape(caption)
    )
}
