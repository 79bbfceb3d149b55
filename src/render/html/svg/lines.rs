//! The line chart: series with their bands over an axis of x (numbers,
//! a log scale or labels), a y axis with round ticks, a legend over the
//! plot, a strip of spans and marks under it.

use std::fmt::Write as _;

use super::{n, open, power_label, text, tick_label, ticks, width_of, y_grid, Chart, WIDTH};
use crate::render::html::markup::escape;

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
    let plot = Plot::of(lines);
    let mut out = String::new();
    open(&mut out, chart, "lines", plot.height);
    legend(&mut out, &lines.series, Plot::LEFT);
    let clip = format!("{}-clip", chart.id);
    let _ = write!(
        out,
        "<clipPath id=\"{}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>",
        escape(&clip),
        n(Plot::LEFT),
        n(plot.top - 4.0),
        n(plot.plot_w),
        n(plot.plot_h + 8.0)
    );
    y_grid(
        &mut out,
        &plot.y_marks,
        plot.step,
        (Plot::LEFT, plot.plot_w),
        &|v| plot.y(v),
    );
    plot.x_ticks(&mut out, &lines.axis);
    let _ = write!(out, "<g clip-path=\"url(#{})\">", escape(&clip));
    for s in &lines.series {
        plot.band(&mut out, s);
    }
    for s in &lines.series {
        plot.series(&mut out, s);
    }
    out.push_str("</g>");
    plot.strip(&mut out, lines);
    plot.axes(&mut out, lines);
    out.push_str("</svg>");
    out
}

/// A line chart's geometry: its plot's place and size, and where each x
/// and y falls.
struct Plot {
    top: f64,
    plot_h: f64,
    plot_w: f64,
    /// The height of the strip under the plot (spans, marks), or 0.
    strip: f64,
    height: f64,
    /// Whether x is on a log scale.
    log: bool,
    /// The x the axis shows, lowest and highest.
    x_low: f64,
    x_high: f64,
    /// The ends of the axis of x, on its scale.
    fl: f64,
    fh: f64,
    /// The ends of the axis of y, and its round ticks and their step.
    yl: f64,
    yh: f64,
    y_marks: Vec<f64>,
    step: f64,
}

impl Plot {
    const LEFT: f64 = 64.0;
    const RIGHT: f64 = 16.0;
    /// Points at the ends of the axis stay inside the plot, dots whole.
    const INSET: f64 = 8.0;

    /// The geometry of `lines`: the legend's rows above the plot, the
    /// range of x (labels, or every point's) and of y (the range asked,
    /// or every point's and band's) with round ticks.
    fn of(lines: &Lines) -> Plot {
        let legend_rows = legend_rows(&lines.series);
        let top = 12.0 + legend_rows as f64 * 18.0;
        let strip = if lines.spans.is_empty() && lines.marks.is_empty() {
            0.0
        } else {
            20.0
        };
        let plot_h = 220.0;
        let height = top + plot_h + strip + 48.0;
        let plot_w = WIDTH - Plot::LEFT - Plot::RIGHT;
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
        Plot {
            top,
            plot_h,
            plot_w,
            strip,
            height,
            log,
            x_low,
            x_high,
            fl,
            fh,
            yl,
            yh,
            y_marks: marks,
            step,
        }
    }

    /// Where `v` falls on the axis of x.
    fn x(&self, v: f64) -> f64 {
        let fx = if self.log { v.max(1.0).log10() } else { v };
        Plot::LEFT
            + Plot::INSET
            + (fx - self.fl) / (self.fh - self.fl) * (self.plot_w - 2.0 * Plot::INSET)
    }

    /// Where `v` falls on the axis of y.
    fn y(&self, v: f64) -> f64 {
        self.top + self.plot_h - (v - self.yl) / (self.yh - self.yl) * self.plot_h
    }

    /// The plot's bottom edge.
    fn bottom(&self) -> f64 {
        self.top + self.plot_h
    }

    /// The axis of x's grid lines and tick labels, under the strip.
    fn x_ticks(&self, out: &mut String, axis: &Axis) {
        let bottom = self.bottom();
        for (at, label) in x_ticks(axis, self.x_low, self.x_high) {
            let _ = write!(
                out,
                "<line class=\"grid\" x1=\"{xx}\" y1=\"{}\" x2=\"{xx}\" y2=\"{}\"/>",
                n(self.top),
                n(bottom),
                xx = n(self.x(at))
            );
            text(
                out,
                self.x(at),
                bottom + self.strip + 16.0,
                "middle",
                "tick",
                &label,
            );
        }
    }

    /// A series' band, where it has one: its highs forward and its lows
    /// back, closed.
    fn band(&self, out: &mut String, s: &Series) {
        if s.band.is_empty() {
            return;
        }
        let mut path = String::new();
        for (i, (bx, _, high)) in s.band.iter().enumerate() {
            let _ = write!(
                path,
                "{}{},{}",
                if i == 0 { "M" } else { " L" },
                n(self.x(*bx)),
                n(self.y(*high))
            );
        }
        for (bx, low, _) in s.band.iter().rev() {
            let _ = write!(path, " L{},{}", n(self.x(*bx)), n(self.y(*low)));
        }
        let _ = write!(
            out,
            "<path class=\"band {}\" d=\"{path} Z\"><title>{}: 95% band</title></path>",
            escape(&s.class),
            escape(&s.name)
        );
    }

    /// A series' line, and its dots with their values where it has them.
    fn series(&self, out: &mut String, s: &Series) {
        let points: Vec<String> = s
            .points
            .iter()
            .map(|(px, py)| format!("{},{}", n(self.x(*px)), n(self.y(*py))))
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
                    n(self.x(*px)),
                    n(self.y(*py)),
                    escape(&s.name),
                    escape(&trim(*py))
                );
            }
        }
    }

    /// The strip under the plot: the spans, and the ticks of the marks.
    fn strip(&self, out: &mut String, lines: &Lines) {
        let bottom = self.bottom();
        for span in &lines.spans {
            let _ = write!(
                out,
                "<rect class=\"span {}\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"10\"><title>{}</title></rect>",
                escape(&span.class),
                n(self.x(span.from)),
                n(bottom + 4.0),
                n((self.x(span.to) - self.x(span.from)).max(0.5)),
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
                xx = n(self.x(*at))
            );
        }
    }

    /// The axis of x's line and the labels of both axes.
    fn axes(&self, out: &mut String, lines: &Lines) {
        let _ = write!(
            out,
            "<line class=\"axis\" x1=\"{l}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\"/>",
            l = n(Plot::LEFT),
            r = n(Plot::LEFT + self.plot_w),
            b = n(self.bottom())
        );
        text(
            out,
            Plot::LEFT + self.plot_w / 2.0,
            self.height - 8.0,
            "middle",
            "axis-label",
            &lines.x_label,
        );
        let _ = write!(
            out,
            "<text class=\"axis-label\" transform=\"translate(14 {}) rotate(-90)\" text-anchor=\"middle\">{}</text>",
            n(self.top + self.plot_h / 2.0),
            escape(&lines.y_label)
        );
    }
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
