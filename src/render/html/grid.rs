//! A decision's strategy as grids in a page ([`crate::render::grid`]):
//! a table for each grid, its heading as the caption, the rows' and the
//! columns' values as header cells, each cell the option's code on the
//! option's colour (a fixed palette of eight, `o0` to `o7` in
//! `page.css`, repeated past eight options), so that the colour is never
//! the only mark: the code is in the cell, and the option's name in its
//! title. A mixed cell is hatched and its title gives the chances; a
//! legend with a swatch of each option follows.

use super::markup::Markup;
use crate::render::grid::{self, Cell, Grids};

/// The colours of the palette, one class each.
const PALETTE: usize = 8;

/// The class of an option's colour: `o0` to `o7`.
fn colour(option: usize) -> String {
    format!("o{}", option % PALETTE)
}

/// A decision's grids, each a `table.grid`, then the legend and each
/// mixed cell's chances.
pub fn grids(m: &mut Markup, g: &Grids) {
    for grid in &g.grids {
        m.open("div", &[("class", "wide")])
            .open("table", &[("class", "grid")])
            .open("caption", &[])
            .element("code", &[], g.decision)
            .text(&format!(" {}", g.heading(grid)))
            .close("caption")
            .line();
        m.open("tr", &[])
            .element("th", &[("scope", "col"), ("class", "corner")], &g.corner());
        for value in &g.column_values {
            m.element("th", &[("scope", "col")], &value.to_string());
        }
        m.close("tr").line();
        for (value, cells) in &grid.rows {
            m.open("tr", &[])
                .element("th", &[("scope", "row")], &value.to_string());
            for c in cells {
                let label = g.label(c);
                match c {
                    Cell::Unmet => {
                        m.element("td", &[("class", "unmet"), ("title", grid::UNMET)], "")
                    }
                    Cell::Pure(i) => m.element(
                        "td",
                        &[("class", &colour(*i)), ("title", g.options[*i])],
                        &label,
                    ),
                    Cell::Mixed(_, situation) => m.element(
                        "td",
                        &[("class", "mixed"), ("title", &grid::mix(situation))],
                        &label,
                    ),
                };
            }
            m.close("tr").line();
        }
        m.close("table").close("div").line();
    }
    m.open("p", &[("class", "legend")]);
    for (i, (code, name)) in g.codes.iter().zip(&g.options).enumerate() {
        if i > 0 {
            m.text(", ");
        }
        m.element("span", &[("class", &format!("swatch {}", colour(i)))], code)
            .text(&format!(" {name}"));
    }
    for clash in g.clashes() {
        m.text(&format!("; {clash}"));
    }
    if let Some(mixed) = g.first_mixed() {
        m.text("; ")
            .element("span", &[("class", "swatch mixed")], &g.label(mixed))
            .text(&format!(" {}", grid::MIXED));
    }
    if g.any_unmet() {
        m.text("; ")
            .element("span", &[("class", "swatch unmet")], "")
            .text(&format!(" {}", grid::UNMET));
    }
    m.close("p").line();
    let mixed: Vec<_> = g.mixed().collect();
    if !mixed.is_empty() {
        m.open("ul", &[("class", "mixes")]);
        for situation in mixed {
            m.element(
                "li",
                &[],
                &format!(
                    "mixed at {}: {}",
                    situation.known().join(", "),
                    grid::mix(situation)
                ),
            );
        }
        m.close("ul").line();
    }
}
