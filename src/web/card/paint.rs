//! The board's colors, strokes and text sizes as `static/arbiter.css`
//! gives them to the page's SVG, for the card, which has no stylesheet.
//!
//! Each function takes an element's classes as the page writes them
//! (`piece taxi last`, `gem red removed`, `drawn score blue last`) and
//! gives what the stylesheet's rules for those classes add up to. The
//! values are the stylesheet's own, written out once more: the test below
//! reads the stylesheet and holds every one of them to it, so a color
//! changed in one place and not the other fails the build's tests.
//!
//! Must not import anything outside `web/`: no store, no game, no replay.

/// How one shape is painted: SVG presentation attributes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Paint {
    pub(crate) fill: &'static str,
    pub(crate) fill_opacity: f32,
    pub(crate) stroke: &'static str,
    pub(crate) stroke_width: f32,
    /// `stroke-dasharray`, or `none`.
    pub(crate) dash: &'static str,
    pub(crate) opacity: f32,
}

impl Paint {
    const fn fill(fill: &'static str) -> Paint {
        Paint {
            fill,
            fill_opacity: 1.0,
            stroke: "none",
            stroke_width: 1.0,
            dash: "none",
            opacity: 1.0,
        }
    }
    const fn stroke(stroke: &'static str, stroke_width: f32) -> Paint {
        Paint {
            fill: "none",
            stroke,
            stroke_width,
            ..Paint::fill("none")
        }
    }

    /// The attributes, written out (`fill="#eef1f5" stroke=…`). Every
    /// value is one of this module's constants or a number, so the text
    /// needs no escaping.
    pub(crate) fn attrs(&self) -> String {
        format!(
            "fill=\"{}\" fill-opacity=\"{}\" stroke=\"{}\" stroke-width=\"{}\" stroke-dasharray=\"{}\" opacity=\"{}\"",
            self.fill, self.fill_opacity, self.stroke, self.stroke_width, self.dash, self.opacity
        )
    }
}

/// Text: its paint and size in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Ink {
    pub(crate) paint: Paint,
    pub(crate) size: u32,
}

/// The page's background (`body`), behind the whole card: a card is never
/// transparent, or a dark chat theme would swallow its coordinates.
pub(crate) const BACKGROUND: &str = "#f7f8fa";
const INK: &str = "#1d2330";
const MUTED: &str = "#5d6677";
const OK: &str = "#1f7a3a";
const LAST: &str = "#e8590c";
const BLUE: &str = "#1f63d6";
const RED: &str = "#d33a2c";

fn has(classes: &str, class: &str) -> bool {
    classes.split_whitespace().any(|c| c == class)
}

/// `svg .cell`.
pub(crate) fn cell() -> Paint {
    Paint {
        stroke: "#c9d0db",
        ..Paint::fill("#eef1f5")
    }
}

/// `svg .coord`: the column letters and row numbers.
pub(crate) fn coord() -> Ink {
    Ink {
        paint: Paint::fill(MUTED),
        size: 13,
    }
}

/// `svg .exit`: the arrow at Traffic Jam's exit.
pub(crate) fn exit() -> Paint {
    Paint::fill(OK)
}

/// `svg .piece rect` and what its kind and `last` add: a car, the taxi,
/// a wall or rock, a player's piece, an x.
pub(crate) fn piece(classes: &str) -> Paint {
    let is = |c| has(classes, c);
    let x = is("x") || is("x-used");
    let fill = if is("taxi") {
        "#f4c430"
    } else if is("wall") {
        "#39424f"
    } else if is("rock") {
        "#6b6f76"
    } else if is("blue") {
        BLUE
    } else if is("red") {
        RED
    } else if x {
        "#fff"
    } else {
        "#ffffff"
    };
    let (stroke, stroke_width) = match (x, is("last")) {
        (true, true) => (LAST, 3.0),
        (true, false) => ("none", 2.0),
        (false, last) => (
            if is("rock") {
                "#4a4e55"
            } else if last {
                LAST
            } else {
                "#39424f"
            },
            if last { 4.0 } else { 2.0 },
        ),
    };
    Paint {
        stroke,
        stroke_width,
        ..Paint::fill(fill)
    }
}

/// `svg .piece text`: a car's letter, an x or its number.
pub(crate) fn piece_text(classes: &str) -> Ink {
    let (fill, size) = if has(classes, "x") {
        ("#212529", 26)
    } else if has(classes, "x-used") {
        ("#868e96", 26)
    } else {
        (INK, 20)
    };
    Ink {
        paint: Paint::fill(fill),
        size,
    }
}

/// `svg .rail`: a Duorail piece; `last` is drawn wider, and the page's
/// glow (a CSS drop shadow) is a wider orange stroke under it
/// ([`rail_glow`]).
pub(crate) fn rail(classes: &str) -> Paint {
    let color = if has(classes, "blue") {
        BLUE
    } else if has(classes, "red") {
        RED
    } else {
        "#2f9e44"
    };
    Paint::stroke(color, if has(classes, "last") { 15.0 } else { 11.0 })
}

/// The glow under the last placed rail, or `None`.
pub(crate) fn rail_glow(classes: &str) -> Option<Paint> {
    has(classes, "last").then(|| Paint {
        opacity: 0.6,
        ..Paint::stroke(LAST, 21.0)
    })
}

/// `svg .overlay`: a dashed loop that the page can switch on and off (a
/// longest track).
pub(crate) fn overlay(classes: &str) -> Paint {
    let color = if has(classes, "red") {
        "#8f1d14"
    } else {
        "#0b3d91"
    };
    Paint {
        dash: "7 5",
        opacity: 0.85,
        ..Paint::stroke(color, 4.0)
    }
}

/// `svg .drawn`: what is drawn for good (a line of x's and lines, a
/// permutation score's rectangle, the last one outlined).
pub(crate) fn drawn(classes: &str) -> Paint {
    let is = |c| has(classes, c);
    let color = if is("blue") {
        BLUE
    } else if is("red") {
        RED
    } else if is("score") && is("last") {
        LAST
    } else {
        "#868e96"
    };
    if !is("score") {
        return Paint::stroke(color, 5.0);
    }
    let (stroke_width, dash, fill_opacity) = match (is("last"), is("blue") || is("red")) {
        (true, true) => (4.0, "none", 0.08),
        (true, false) => (3.0, "4 4", 0.12),
        (false, _) => (2.0, "4 4", 0.08),
    };
    Paint {
        fill: color,
        fill_opacity,
        dash,
        ..Paint::stroke(color, stroke_width)
    }
}

/// `svg .gem circle, svg .gem polygon`: its color, and how a cascade's
/// sub-step marks it (`removed`, `recolored`).
pub(crate) fn gem(classes: &str) -> Paint {
    let fill = ["red", "blue", "green", "yellow", "purple"]
        .into_iter()
        .zip(["#e03131", "#1c7ed6", "#2f9e44", "#fab005", "#9c36b5"])
        .find(|(c, _)| has(classes, c))
        .map_or("#868e96", |(_, fill)| fill);
    if has(classes, "removed") {
        Paint {
            stroke: "#000",
            stroke_width: 5.0,
            dash: "4 3",
            opacity: 0.55,
            ..Paint::fill(fill)
        }
    } else if has(classes, "recolored") {
        Paint {
            stroke: "#fff",
            stroke_width: 4.0,
            ..Paint::fill(fill)
        }
    } else {
        Paint {
            stroke: "#222",
            stroke_width: 1.5,
            ..Paint::fill(fill)
        }
    }
}

/// `svg .gem text`: a powerup's symbol, white edged in black.
pub(crate) fn gem_text() -> Ink {
    Ink {
        paint: Paint {
            stroke: "#000",
            stroke_width: 3.0,
            ..Paint::fill("#fff")
        },
        size: 22,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CSS: &str = include_str!("../../../static/arbiter.css");

    /// The value `property` has in the rule whose selector list holds
    /// `selector` exactly (the last such rule wins), with `var(--x)` read
    /// from `:root`.
    fn css(selector: &str, property: &str) -> Option<String> {
        let mut text = CSS.to_string();
        while let Some(start) = text.find("/*") {
            let end = text[start..]
                .find("*/")
                .map_or(text.len(), |e| start + e + 2);
            text.replace_range(start..end, "");
        }
        let mut found = None;
        let mut root = Vec::new();
        for block in text.split('}') {
            let Some((selectors, decls)) = block.rsplit_once('{') else {
                continue;
            };
            let selectors = selectors.rsplit('{').next().unwrap_or(selectors);
            let decls: Vec<(String, String)> = decls
                .split(';')
                .filter_map(|d| d.split_once(':'))
                .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
                .collect();
            if selectors.trim() == ":root" {
                root = decls.clone();
            }
            if selectors.split(',').any(|s| s.trim() == selector) {
                if let Some((_, v)) = decls.iter().find(|(k, _)| k == property) {
                    found = Some(v.clone());
                }
            }
        }
        let value = found?;
        match value.strip_prefix("var(").and_then(|v| v.strip_suffix(')')) {
            Some(var) => root.iter().find(|(k, _)| k == var).map(|(_, v)| v.clone()),
            None => Some(value),
        }
    }

    /// What `paint` gives `property`, written as the stylesheet writes it.
    fn painted(paint: &Paint, property: &str) -> String {
        match property {
            "fill" => paint.fill.into(),
            "stroke" => paint.stroke.into(),
            "stroke-width" => paint.stroke_width.to_string(),
            "stroke-dasharray" => paint.dash.into(),
            other => panic!("a paint gives no {other}: name it in the checks below"),
        }
    }

    #[test]
    fn the_card_paints_the_board_as_the_stylesheet_does() {
        // A selector, the paint the card gives it, and the properties of
        // that paint held to the stylesheet's rule for the selector.
        #[rustfmt::skip]
        let page: &[(&str, Paint, &str)] = &[
            ("svg .cell",                 cell(),                           "fill stroke"),
            ("svg .coord",                coord().paint,                    "fill"),
            ("svg .exit",                 exit(),                           "fill"),
            ("svg .piece rect",           piece("piece car"),               "fill stroke stroke-width"),
            ("svg .piece.taxi rect",      piece("piece taxi"),              "fill"),
            ("svg .piece.wall rect",      piece("piece wall"),              "fill"),
            ("svg .piece.rock rect",      piece("piece rock"),              "fill stroke"),
            ("svg .piece.blue rect",      piece("piece blue"),              "fill"),
            ("svg .piece.red rect",       piece("piece red"),               "fill"),
            ("svg .piece.last rect",      piece("piece car last"),          "stroke stroke-width"),
            ("svg .piece.x rect",         piece("piece x"),                 "fill stroke"),
            ("svg .piece.x.last rect",    piece("piece x last"),            "stroke"),
            ("svg .piece.x.last rect",    piece("piece x-used last"),       "stroke-width"),
            ("svg .piece text",           piece_text("piece car").paint,    "fill"),
            ("svg .piece.x text",         piece_text("piece x").paint,      "fill"),
            ("svg .piece.x-used text",    piece_text("piece x-used").paint, "fill"),
            ("svg .rail",                 rail("rail blue"),                "stroke-width"),
            ("svg .rail.last",            rail("rail red last"),            "stroke-width"),
            ("svg .rail.common",          rail("rail common"),              "stroke"),
            ("svg .overlay",              overlay("blue"),                  "stroke-dasharray stroke-width"),
            ("svg .overlay.blue",         overlay("blue"),                  "stroke"),
            ("svg .overlay.red",          overlay("red"),                   "stroke"),
            ("svg .drawn",                drawn("blue"),                    "stroke-width"),
            ("svg .drawn.score",          drawn("score"),                   "stroke stroke-dasharray stroke-width"),
            ("svg .drawn.score.last",     drawn("score last"),              "stroke stroke-width"),
            ("svg .drawn.score.blue.last, svg .drawn.score.red.last", drawn("score red last"), "stroke-width"),
            ("svg .gem text",             gem_text().paint,                 "fill stroke"),
            ("svg .gem.removed circle",   gem("gem red removed"),           "stroke stroke-width stroke-dasharray"),
            ("svg .gem.recolored circle", gem("gem red recolored"),         "stroke"),
            ("svg .gem circle",           gem("gem red"),                   "stroke"),
        ];
        let mut paints: Vec<(String, Paint, &str)> = page
            .iter()
            .map(|&(selector, paint, properties)| (selector.to_string(), paint, properties))
            .collect();
        for color in ["blue", "red"] {
            paints.push((
                format!("svg .rail.{color}"),
                rail(&format!("rail {color}")),
                "stroke",
            ));
            paints.push((format!("svg .drawn.{color}"), drawn(color), "stroke"));
            paints.push((
                format!("svg .drawn.score.{color}"),
                drawn(&format!("score {color}")),
                "stroke",
            ));
        }
        for color in ["red", "blue", "green", "yellow", "purple"] {
            paints.push((
                format!("svg .gem.{color} circle"),
                gem(&format!("gem {color}")),
                "fill",
            ));
        }
        let mut checks: Vec<(String, &str, String)> = paints
            .iter()
            .flat_map(|(selector, paint, properties)| {
                properties
                    .split_whitespace()
                    .map(|property| (selector.clone(), property, painted(paint, property)))
            })
            .collect();
        checks.extend([
            (
                "svg .coord".into(),
                "font-size",
                format!("{}px", coord().size),
            ),
            (
                "svg .piece.x text".into(),
                "font-size",
                format!("{}px", piece_text("piece x").size),
            ),
            ("body".into(), "background", BACKGROUND.into()),
        ]);
        for (selector, property, card) in checks {
            // A selector list is looked up by its first selector.
            let first = selector.split(',').next().unwrap_or_default().trim();
            let page = css(first, property)
                .unwrap_or_else(|| panic!("no {property} for {first} in arbiter.css"));
            assert_eq!(page, card, "{selector} {{ {property} }}");
        }
        // Opacities are numbers in the stylesheet too.
        assert_eq!(css("svg .overlay", "opacity").as_deref(), Some(".85"));
        assert_eq!(overlay("red").opacity, 0.85);
        assert_eq!(
            css("svg .gem.removed circle", "opacity").as_deref(),
            Some(".55")
        );
        assert_eq!(gem("gem blue removed").opacity, 0.55);
    }
}
