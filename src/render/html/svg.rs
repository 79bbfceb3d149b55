//! Charts as SVG, written by hand: horizontal bars (settlements, outcomes,
//! edges), columns (a distribution) and lines (a sweep, a simulation's
//! running estimate, a session's chips). Each chart is one `<svg>` element
//! with a `<title>` and a `<desc>` it is labelled by (`role="img"`), every
//! mark with a `<title>` of its own; colours come from CSS classes, so the
//! page's style (light, dark, print) draws them, and [`standalone`] gives
//! a file its own. Coordinates are written with one decimal: the same
//! figures give the same bytes.
//!
//! Text widths are estimated (no fonts are read): 7 pixels a character at
//! the 12-pixel font the style sets.

use std::fmt::Write as _;

use super::markup::escape;

mod lines;

pub use lines::{lines, Axis, Lines, Series, Span};

/// The width of every chart, in pixels (the page scales it down to fit).
pub const WIDTH: f64 = 640.0;
/// The estimated width of a character of the charts' font.
const CHAR: f64 = 7.0;

/// What a chart is and says, for those who cannot see it: its `id` (unique
/// on the page; its title and description are `ID-title`, `ID-desc`), its
/// title and a sentence describing it.
pub struct Chart<'a> {
    /// The chart's id on its page.
    pub id: &'a str,
    /// The title, shown as a tooltip and read out.
    pub title: &'a str,
    /// What the chart shows, in a sentence; the numbers are in the table
    /// beside it.
    pub description: &'a str,
}

/// A coordinate as written: one decimal, no `-0.0`.
fn n(x: f64) -> String {
    let s = format!("{x:.1}");
    let s = s.strip_suffix(".0").unwrap_or(&s).to_string();
    if s == "-0" {
        "0".to_string()
    } else {
        s
    }
}

/// The estimated width of a text, in pixels.
fn width_of(text: &str) -> f64 {
    text.chars().count() as f64 * CHAR
}

/// Opens the `<svg>` of a chart `height` pixels tall, with its title and
/// description.
fn open(out: &mut String, chart: &Chart, class: &str, height: f64) {
    let id = escape(chart.id);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart {class}\" id=\"{id}\" \
         viewBox=\"0 0 {w} {h}\" width=\"{w}\" height=\"{h}\" role=\"img\" \
         aria-labelledby=\"{id}-title {id}-desc\">\
         <title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>",
        escape(chart.title),
        escape(chart.description),
        w = n(WIDTH),
        h = n(height),
    );
}

/// A text element at (x, y).
fn text(out: &mut String, x: f64, y: f64, anchor: &str, class: &str, content: &str) {
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\" class=\"{class}\">{}</text>",
        n(x),
        n(y),
        escape(content)
    );
}

/// One bar of a bar chart.
pub struct Bar {
    /// What the bar is, written left of it (`win 2 to 1`).
    pub label: String,
    /// Its length, in any unit shared by the chart's bars; may be negative.
    pub value: f64,
    /// The figure written right of it (`35/1296 = 2.7006%`).
    pub text: String,
    /// A class of the style's (`s0`...; `neg` for a loss), or empty.
    pub class: String,
}

/// Horizontal bars, one row each, from a zero line: labels on the left,
/// figures on the right.
pub fn bars(chart: &Chart, bars: &[Bar]) -> String {
    const ROW: f64 = 24.0;
    const PAD: f64 = 8.0;
    let label = bars
        .iter()
        .map(|b| width_of(&b.label))
        .fold(0.0, f64::max)
        .min(220.0)
        + PAD;
    let figure = bars
        .iter()
        .map(|b| width_of(&b.text))
        .fold(0.0, f64::max)
        .min(260.0)
        + PAD;
    let height = bars.len() as f64 * ROW + 2.0 * PAD;
    let left = label + PAD;
    let plot = (WIDTH - left - figure - PAD).max(80.0);
    let high = bars.iter().map(|b| b.value).fold(0.0, f64::max);
    let low = bars.iter().map(|b| b.value).fold(0.0, f64::min);
    let span = if high - low > 0.0 { high - low } else { 1.0 };
    let x = |v: f64| left + (v - low) / span * plot;
    let mut out = String::new();
    open(&mut out, chart, "bars", height);
    for (i, b) in bars.iter().enumerate() {
        let top = PAD + i as f64 * ROW;
        let (from, to) = (x(0.0).min(x(b.value)), x(0.0).max(x(b.value)));
        let class = if b.class.is_empty() {
            "bar".to_string()
        } else {
            format!("bar {}", b.class)
        };
        let _ = write!(
            out,
            "<g><title>{}: {}</title>",
            escape(&b.label),
            escape(&b.text)
        );
        text(&mut out, label, top + 16.0, "end", "label", &b.label);
        let _ = write!(
            out,
            "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"16\"/>",
            n(from),
            n(top + 4.0),
            n((to - from).max(0.5))
        );
        let at = if b.value < 0.0 { x(0.0) } else { to };
        text(&mut out, at + 4.0, top + 16.0, "start", "figure", &b.text);
        out.push_str("</g>");
    }
    let zero = x(0.0);
    let _ = write!(
        out,
        "<line class=\"axis\" x1=\"{z}\" y1=\"{}\" x2=\"{z}\" y2=\"{}\"/>",
        n(PAD),
        n(height - PAD),
        z = n(zero)
    );
    out.push_str("</svg>");
    out
}

/// Round numbers for an axis from `low` to `high`: about `count` ticks at a
/// step of 1, 2 or 5 times a power of ten, covering the range.
pub fn ticks(low: f64, high: f64, count: usize) -> Vec<f64> {
    let (low, high) = if high > low {
        (low, high)
    } else {
        (low - 1.0, low + 1.0)
    };
    let raw = (high - low) / count.max(1) as f64;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * power);
    let first = (low / step).floor() as i64;
    let last = (high / step).ceil() as i64;
    (first..=last).map(|k| k as f64 * step).collect()
}

/// A horizontal grid line and its label at each of `marks`, across the
/// plot from `left` for `plot_w`; `y` places a value on the plot.
fn y_grid(
    out: &mut String,
    marks: &[f64],
    step: f64,
    (left, plot_w): (f64, f64),
    y: &dyn Fn(f64) -> f64,
) {
    for m in marks {
        let _ = write!(
            out,
            "<line class=\"grid\" x1=\"{}\" y1=\"{yy}\" x2=\"{}\" y2=\"{yy}\"/>",
            n(left),
            n(left + plot_w),
            yy = n(y(*m))
        );
        text(
            out,
            left - 6.0,
            y(*m) + 4.0,
            "end",
            "tick",
            &tick_label(*m, step),
        );
    }
}

/// A tick's label: as few decimals as the step needs.
fn tick_label(value: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        (-step.log10().floor()) as usize
    };
    let s = format!("{value:.decimals$}");
    if s.trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        "0".to_string()
    } else {
        s
    }
}

/// One column of a column chart.
pub struct Column {
    /// Written under the column (`7`).
    pub label: String,
    /// Its height (a percentage).
    pub value: f64,
    /// The column's tooltip: every figure of its row.
    pub title: String,
}

/// Vertical columns side by side over an axis of `x_label`, a y axis of
/// `y_label` with round ticks; labels under the columns thinned out where
/// they would touch.
pub fn columns(chart: &Chart, columns: &[Column], x_label: &str, y_label: &str) -> String {
    const HEIGHT: f64 = 260.0;
    const LEFT: f64 = 64.0;
    const RIGHT: f64 = 12.0;
    const TOP: f64 = 12.0;
    const BOTTOM: f64 = 40.0;
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let high = columns.iter().map(|c| c.value).fold(0.0, f64::max);
    let marks = ticks(0.0, if high > 0.0 { high } else { 1.0 }, 5);
    let top = marks.last().copied().unwrap_or(1.0).max(f64::MIN_POSITIVE);
    let step = marks.get(1).copied().unwrap_or(1.0) - marks[0];
    let y = |v: f64| TOP + plot_h - v / top * plot_h;
    let mut out = String::new();
    open(&mut out, chart, "columns", HEIGHT);
    y_grid(&mut out, &marks, step, (LEFT, plot_w), &y);
    let count = columns.len().max(1) as f64;
    let slot = plot_w / count;
    let widest = columns
        .iter()
        .map(|c| width_of(&c.label))
        .fold(0.0, f64::max)
        + 6.0;
    let every = (widest / slot).ceil().max(1.0) as usize;
    for (i, c) in columns.iter().enumerate() {
        let x = LEFT + i as f64 * slot;
        let _ = write!(
            out,
            "<rect class=\"bar\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"><title>{}</title></rect>",
            n(x + slot * 0.1),
            n(y(c.value)),
            n((slot * 0.8).max(0.5)),
            n((TOP + plot_h - y(c.value)).max(0.0)),
            escape(&c.title)
        );
        if i % every == 0 {
            text(
                &mut out,
                x + slot / 2.0,
                TOP + plot_h + 16.0,
                "middle",
                "tick",
                &c.label,
            );
        }
    }
    let _ = write!(
        out,
        "<line class=\"axis\" x1=\"{l}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\"/>",
        l = n(LEFT),
        r = n(LEFT + plot_w),
        b = n(TOP + plot_h)
    );
    let _ = write!(
        out,
        "<text class=\"axis-label\" transform=\"translate(14 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
        n(TOP + plot_h / 2.0),
        escape(y_label)
    );
    text(
        &mut out,
        LEFT + plot_w / 2.0,
        HEIGHT - 6.0,
        "middle",
        "axis-label",
        x_label,
    );
    out.push_str("</svg>");
    out
}

/// A power of ten as a tick: `1`, `100`, `10k`, `1M`.
fn power_label(p: f64) -> String {
    let p = p.round() as u64;
    match p {
        p if p >= 1_000_000_000 && p % 1_000_000_000 == 0 => format!("{}G", p / 1_000_000_000),
        p if p >= 1_000_000 && p % 1_000_000 == 0 => format!("{}M", p / 1_000_000),
        p if p >= 1_000 && p % 1_000 == 0 => format!("{}k", p / 1_000),
        p => p.to_string(),
    }
}

/// The style of a chart written to a file of its own: the page's colours,
/// light and dark.
pub const STYLE: &str = include_str!("chart.css");

/// A chart made a file of its own (`--plot`): an XML declaration, and the
/// chart's style inside it.
pub fn standalone(svg: &str) -> String {
    let style = format!("<style>{STYLE}</style>");
    let body = match svg.find("<title") {
        Some(at) => format!("{}{style}{}", &svg[..at], &svg[at..]),
        None => svg.to_string(),
    };
    format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{body}\n")
}

/// Charts stacked one above the other in one `<svg>` (a file of several
/// bets' charts).
pub fn stack(chart: &Chart, charts: &[String]) -> String {
    let heights: Vec<f64> = charts.iter().map(|c| height_of(c)).collect();
    let total: f64 = heights.iter().sum();
    let mut out = String::new();
    open(&mut out, chart, "stack", total);
    let mut y = 0.0;
    for (c, h) in charts.iter().zip(&heights) {
        let _ = write!(out, "<g transform=\"translate(0 {})\">{c}</g>", n(y));
        y += h;
    }
    out.push_str("</svg>");
    out
}

/// The height a chart was opened with.
fn height_of(svg: &str) -> f64 {
    svg.split_once(" height=\"")
        .and_then(|(_, rest)| rest.split_once('"'))
        .and_then(|(h, _)| h.parse().ok())
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_range() {
        assert_eq!(ticks(0.0, 9.3, 5), vec![0.0, 2.0, 4.0, 6.0, 8.0, 10.0]);
        let t = ticks(-1.2, 0.3, 5);
        assert!(t[0] <= -1.2 && *t.last().unwrap() >= 0.3);
        assert_eq!(tick_label(0.30000000000000004, 0.1), "0.3");
        assert_eq!(tick_label(-0.0, 0.5), "0");
    }

    #[test]
    fn coordinates_have_one_decimal_and_no_negative_zero() {
        assert_eq!(n(1.25), "1.2");
        assert_eq!(n(3.0), "3");
        assert_eq!(n(-0.01), "0");
    }

    #[test]
    fn powers_of_ten_are_short() {
        assert_eq!(power_label(1.0), "1");
        assert_eq!(power_label(10_000.0), "10k");
        assert_eq!(power_label(1_000_000.0), "1M");
    }

    #[test]
    fn a_chart_is_labelled_by_its_title_and_description() {
        let chart = Chart {
            id: "c<1>",
            title: "a & b",
            description: "d",
        };
        let svg = bars(
            &chart,
            &[Bar {
                label: "x".into(),
                value: 1.0,
                text: "1".into(),
                class: String::new(),
            }],
        );
        assert!(svg.contains("aria-labelledby=\"c&lt;1&gt;-title c&lt;1&gt;-desc\""));
        assert!(svg.contains("<title id=\"c&lt;1&gt;-title\">a &amp; b</title>"));
    }
}
