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

/// The horizontal axis of a line chart.
pub enum Axis {
    /// Numbers, with round ticks.
    Linear,
    /// Positive numbers on a base-10 logarithmic scale, ticked at powers
    /// of ten.
    Log,
    /// One place per label, at 0, 1, 2...
    Labels(Vec<String>),
}

/// One line of a line chart.
pub struct Series {
    /// Its name, in the legend.
    pub name: String,
    /// Its points (x, y), in order of x.
    pub points: Vec<(f64, f64)>,
    /// A band drawn under it (x, low, high), such as a confidence
    /// interval; empty for none.
    pub band: Vec<(f64, f64, f64)>,
    /// A class of the style's: `s0`... for a colour; `reference` for a
    /// dashed line.
    pub class: String,
    /// Whether each point gets a dot with a tooltip (few points).
    pub dots: bool,
}

/// A stretch of the horizontal axis given to one party (a session's
/// banker), drawn as a strip under the plot.
pub struct Span {
    /// Where it starts and ends, in x.
    pub from: f64,
    /// Where it ends.
    pub to: f64,
    /// The class of its colour (`s0`...).
    pub class: String,
    /// Its tooltip.
    pub title: String,
}

/// A line chart: series with optional bands over an axis of x, a y axis
/// with round ticks, a legend over the plot; optionally a strip of spans
/// under it and ticks marking points of x (`marks`, with tooltips).
pub struct Lines {
    /// The horizontal axis.
    pub axis: Axis,
    /// What x is.
    pub x_label: String,
    /// What y is.
    pub y_label: String,
    /// The lines, drawn in order.
    pub series: Vec<Series>,
    /// The range of y to show, when not every point's (a wide band at the
    /// start of a simulation): what falls outside is clipped.
    pub y_range: Option<(f64, f64)>,
    /// The strip under the plot; empty for none.
    pub spans: Vec<Span>,
    /// Points of x marked with a tick under the plot (x, tooltip).
    pub marks: Vec<(f64, String)>,
}

/// Draws a line chart.
pub fn lines(chart: &Chart, lines: &Lines) -> String {
    const LEFT: f64 = 64.0;
    const RIGHT: f64 = 16.0;
    let legend_rows = legend_rows(&lines.series);
    let top = 12.0 + legend_rows as f64 * 18.0;
    let strip = if lines.spans.is_empty() && lines.marks.is_empty() {
        0.0
    } else {
        20.0
    };
    let plot_h = 220.0;
    let height = top + plot_h + strip + 48.0;
    let plot_w = WIDTH - LEFT - RIGHT;
    let xs: Vec<f64> = lines
        .series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .collect();
    let (mut x_low, mut x_high) = match &lines.axis {
        Axis::Labels(labels) => (0.0, labels.len().saturating_sub(1) as f64),
        _ => (
            xs.iter().copied().fold(f64::INFINITY, f64::min),
            xs.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        ),
    };
    if !x_low.is_finite() || !x_high.is_finite() {
        (x_low, x_high) = (0.0, 1.0);
    }
    let log = matches!(lines.axis, Axis::Log);
    let fx = |x: f64| if log { x.max(1.0).log10() } else { x };
    let (fl, fh) = (fx(x_low), fx(x_high));
    let (fl, fh) = if fh > fl {
        (fl, fh)
    } else {
        (fl - 0.5, fl + 0.5)
    };
    // Points at the ends of the axis stay inside the plot, dots whole.
    const INSET: f64 = 8.0;
    let x = |v: f64| LEFT + INSET + (fx(v) - fl) / (fh - fl) * (plot_w - 2.0 * INSET);
    let (y_low, y_high) = lines.y_range.unwrap_or_else(|| {
        let ys = lines.series.iter().flat_map(|s| {
            s.points
                .iter()
                .map(|p| p.1)
                .chain(s.band.iter().flat_map(|b| [b.1, b.2]))
        });
        ys.fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), v| {
            (l.min(v), h.max(v))
        })
    });
    let (y_low, y_high) = if !y_low.is_finite() || !y_high.is_finite() {
        (0.0, 1.0)
    } else {
        (y_low, y_high)
    };
    let marks = ticks(y_low, y_high, 5);
    let (yl, yh) = (marks[0], *marks.last().unwrap_or(&y_high));
    let (yl, yh) = if yh > yl {
        (yl, yh)
    } else {
        (yl - 1.0, yl + 1.0)
    };
    let step = marks.get(1).map_or(1.0, |m| m - marks[0]);
    let y = |v: f64| top + plot_h - (v - yl) / (yh - yl) * plot_h;
    let mut out = String::new();
    open(&mut out, chart, "lines", height);
    legend(&mut out, &lines.series, LEFT);
    let clip = format!("{}-clip", chart.id);
    let _ = write!(
        out,
        "<clipPath id=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>",
        escape(&clip),
        n(LEFT),
        n(top - 4.0),
        n(plot_w),
        n(plot_h + 8.0)
    );
    y_grid(&mut out, &marks, step, (LEFT, plot_w), &y);
    let bottom = top + plot_h;
    for (at, label) in x_ticks(&lines.axis, x_low, x_high) {
        let _ = write!(
            out,
            "<line class=\"grid\" x1=\"{xx}\" y1=\"{}\" x2=\"{xx}\" y2=\"{}\"/>",
            n(top),
            n(bottom),
            xx = n(x(at))
        );
        text(
            &mut out,
            x(at),
            bottom + strip + 16.0,
            "middle",
            "tick",
            &label,
        );
    }
    let _ = write!(out, "<g clip-path=\"url(#{})\">", escape(&clip));
    for s in &lines.series {
        if s.band.is_empty() {
            continue;
        }
        let mut path = String::new();
        for (i, (bx, _, high)) in s.band.iter().enumerate() {
            let _ = write!(
                path,
                "{}{},{}",
                if i == 0 { "M" } else { " L" },
                n(x(*bx)),
                n(y(*high))
            );
        }
        for (bx, low, _) in s.band.iter().rev() {
            let _ = write!(path, " L{},{}", n(x(*bx)), n(y(*low)));
        }
        let _ = write!(
            out,
            "<path class=\"band {}\" d=\"{path} Z\"><title>{}: 95% band</title></path>",
            escape(&s.class),
            escape(&s.name)
        );
    }
    for s in &lines.series {
        let points: Vec<String> = s
            .points
            .iter()
            .map(|(px, py)| format!("{},{}", n(x(*px)), n(y(*py))))
            .collect();
        let _ = write!(
            out,
            "<polyline class=\"line {}\" points=\"{}\"><title>{}</title></polyline>",
            escape(&s.class),
            points.join(" "),
            escape(&s.name)
        );
        if s.dots {
            for (px, py) in &s.points {
                let _ = write!(
                    out,
                    "<circle class=\"dot {}\" cx=\"{}\" cy=\"{}\" r=\"3\"><title>{}: {}</title></circle>",
                    escape(&s.class),
                    n(x(*px)),
                    n(y(*py)),
                    escape(&s.name),
                    escape(&trim(*py))
                );
            }
        }
    }
    out.push_str("</g>");
    for span in &lines.spans {
        let _ = write!(
            out,
            "<rect class=\"span {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"10\"><title>{}</title></rect>",
            escape(&span.class),
            n(x(span.from)),
            n(bottom + 4.0),
            n((x(span.to) - x(span.from)).max(0.5)),
            escape(&span.title)
        );
    }
    for (at, title) in &lines.marks {
        let _ = write!(
            out,
            "<line class=\"mark\" x1=\"{xx}\" y1=\"{}\" x2=\"{xx}\" y2=\"{}\"><title>{}</title></line>",
            n(bottom + 14.0),
            n(bottom + 18.0),
            escape(title),
            xx = n(x(*at))
        );
    }
    let _ = write!(
        out,
        "<line class=\"axis\" x1=\"{l}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\"/>",
        l = n(LEFT),
        r = n(LEFT + plot_w),
        b = n(bottom)
    );
    text(
        &mut out,
        LEFT + plot_w / 2.0,
        height - 8.0,
        "middle",
        "axis-label",
        &lines.x_label,
    );
    let _ = write!(
        out,
        "<text class=\"axis-label\" transform=\"translate(14 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
        n(top + plot_h / 2.0),
        escape(&lines.y_label)
    );
    out.push_str("</svg>");
    out
}

/// A float for a tooltip: up to six decimals, no trailing zeros.
fn trim(x: f64) -> String {
    let s = format!("{x:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The ticks of the horizontal axis: (x, label).
fn x_ticks(axis: &Axis, low: f64, high: f64) -> Vec<(f64, String)> {
    match axis {
        Axis::Labels(labels) => {
            let widest = labels.iter().map(|l| width_of(l)).fold(0.0, f64::max) + 8.0;
            let slot = (WIDTH - 80.0) / labels.len().max(1) as f64;
            let every = (widest / slot).ceil().max(1.0) as usize;
            labels
                .iter()
                .enumerate()
                .filter(|(i, _)| i % every == 0)
                .map(|(i, l)| (i as f64, l.clone()))
                .collect()
        }
        Axis::Log => {
            let mut out = Vec::new();
            let mut p = 1.0f64;
            while p <= high.max(1.0) * 1.000_001 {
                if p >= low.max(1.0) / 1.000_001 {
                    out.push((p, power_label(p)));
                }
                p *= 10.0;
            }
            out
        }
        Axis::Linear => {
            let marks = ticks(low, high, 6);
            let step = marks.get(1).map_or(1.0, |m| m - marks[0]);
            marks
                .into_iter()
                .filter(|m| *m >= low - step * 1e-9 && *m <= high + step * 1e-9)
                .map(|m| (m, tick_label(m, step)))
                .collect()
        }
    }
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

/// How many rows the legend of `series` takes.
fn legend_rows(series: &[Series]) -> usize {
    let mut rows = 1;
    let mut x = 0.0;
    for s in series {
        let w = width_of(&s.name) + 36.0;
        if x + w > WIDTH - 80.0 && x > 0.0 {
            rows += 1;
            x = 0.0;
        }
        x += w;
    }
    rows
}

/// The legend: a swatch and the name of each series, in rows.
fn legend(out: &mut String, series: &[Series], left: f64) {
    let mut x = left;
    let mut y = 8.0;
    for s in series {
        let w = width_of(&s.name) + 36.0;
        if x + w > WIDTH - 16.0 && x > left {
            x = left;
            y += 18.0;
        }
        let _ = write!(
            out,
            "<line class=\"line {}\" x1=\"{}\" y1=\"{yy}\" x2=\"{}\" y2=\"{yy}\"/>",
            escape(&s.class),
            n(x),
            n(x + 18.0),
            yy = n(y + 5.0)
        );
        text(out, x + 24.0, y + 9.0, "start", "legend", &s.name);
        x += w;
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
