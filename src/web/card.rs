//! A step's card: its board as a PNG, for `og:image` ([`super::unfurl`]),
//! at `/matches/{id}/steps/{n}/card.png`.
//!
//! The key decision: the card is drawn from the same [`Svg`] the step page
//! draws inline (one geometry), written out as a self-contained SVG (every
//! color inline from [`paint`], text in DejaVu Sans Bold compiled into the
//! binary) and rasterised by resvg. Never the page's stylesheet, which a
//! rasteriser does not load, nor the system's fonts: a server may have
//! none, and a card must not change with the machine it is drawn on.
//!
//! Cached: a step's board never changes once its event is sealed, so the
//! PNG is kept under (match, step, that event's hash) and stays good
//! across appends (the hash guards against a store restored with other
//! events). At most [`CARDS_KEPT`] are kept; the least recently used goes
//! first. The `ETag` is the PNG's own digest, answered with a 304 while it
//! is current, and `Cache-Control` is the static files' (see `assets`).

mod paint;

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use actix_web::http::StatusCode;
use actix_web::{get, web, HttpRequest};
use askama::Template;
use resvg::{tiny_skia, usvg};
use sha2::{Digest, Sha256};

use super::board::{self, Svg, SvgGem, SvgOverlay, SvgPiece, SvgRail};
use super::reader::ReadMatch;
use super::{assets, Answer, Shared, WebError};
use crate::event::Visibility;
use paint::{Ink, Paint};

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.service(step_card);
}

/// How many times larger than the page's board a card is drawn: about
/// 800 px across, which a chat shows as a large image without blurring.
pub const SCALE: u32 = 2;

/// The card's size in pixels for a board drawn as `svg`.
pub(super) fn size(svg: &Svg) -> (u32, u32) {
    (svg.width * SCALE, svg.height * SCALE)
}

/// The one font a card's text is set in.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
const FONT_FAMILY: &str = "DejaVu Sans";

/// The bundled font, read once; resvg looks nowhere else for glyphs.
fn fonts() -> Arc<usvg::fontdb::Database> {
    static FONTS: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = usvg::fontdb::Database::new();
            db.load_font_source(usvg::fontdb::Source::Binary(Arc::new(FONT)));
            Arc::new(db)
        })
        .clone()
}

/// The board as a self-contained SVG (`templates/card.svg`).
#[derive(Template)]
#[template(path = "card.svg")]
struct CardSvg<'a> {
    b: &'a Svg,
    font: &'static str,
    background: &'static str,
    cell: Paint,
    coord: Ink,
    exit: Paint,
    rails: Vec<(&'a SvgRail, Paint, Option<Paint>)>,
    overlays: Vec<(&'a SvgOverlay, Paint)>,
    gems: Vec<(&'a SvgGem, Paint)>,
    gem_text: Ink,
    pieces: Vec<(&'a SvgPiece, Paint, Ink)>,
}

impl<'a> CardSvg<'a> {
    fn new(b: &'a Svg) -> CardSvg<'a> {
        CardSvg {
            b,
            font: FONT_FAMILY,
            background: paint::BACKGROUND,
            cell: paint::cell(),
            coord: paint::coord(),
            exit: paint::exit(),
            rails: b
                .rails
                .iter()
                .map(|r| (r, paint::rail(&r.class), paint::rail_glow(&r.class)))
                .collect(),
            // What the page starts with hidden stays out of the card.
            overlays: b
                .overlays
                .iter()
                .filter(|o| o.visible)
                .map(|o| {
                    let p = if o.drawn {
                        paint::drawn(&o.class)
                    } else {
                        paint::overlay(&o.class)
                    };
                    (o, p)
                })
                .collect(),
            gems: b.gems.iter().map(|g| (g, paint::gem(&g.class))).collect(),
            gem_text: paint::gem_text(),
            pieces: b
                .pieces
                .iter()
                .map(|p| (p, paint::piece(&p.class), paint::piece_text(&p.class)))
                .collect(),
        }
    }
}

/// The board drawn as `svg`, as the SVG a card is rasterised from.
pub(super) fn card_svg(svg: &Svg) -> Result<String, String> {
    CardSvg::new(svg)
        .render()
        .map_err(|e| format!("the card's SVG could not be written: {e}"))
}

/// The board drawn as `svg`, as a PNG of [`size`].
pub(super) fn render(svg: &Svg) -> Result<Vec<u8>, String> {
    let text = card_svg(svg)?;
    let options = usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&text, &options)
        .map_err(|e| format!("the card's SVG could not be read back: {e}"))?;
    let (width, height) = size(svg);
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("a card of {width}×{height} pixels cannot be drawn"))?;
    resvg::render(
        &tree,
        tiny_skia::Transform::from_scale(SCALE as f32, SCALE as f32),
        &mut pixmap.as_mut(),
    );
    pixmap
        .encode_png()
        .map_err(|e| format!("the card could not be written as PNG: {e}"))
}

/// How many cards are kept (a 9×9 board's card is about 30 kB).
pub const CARDS_KEPT: usize = 256;

/// A card's key: match id, step, the hash of the step's event.
type CardKey = (String, usize, String);

/// A PNG and its ETag.
#[derive(Clone)]
pub(super) struct Card {
    png: web::Bytes,
    etag: Arc<str>,
}

/// The cards drawn so far, least recently used out first.
#[derive(Default)]
pub struct Cards {
    entries: BTreeMap<CardKey, (u64, Card)>,
    clock: u64,
    /// How many cards were drawn (not found kept), for tests.
    pub drawn: u64,
}

impl Cards {
    fn get(&mut self, key: &CardKey) -> Option<Card> {
        self.clock += 1;
        let clock = self.clock;
        self.entries.get_mut(key).map(|(used, card)| {
            *used = clock;
            card.clone()
        })
    }

    fn keep(&mut self, key: CardKey, card: Card) {
        self.clock += 1;
        self.drawn += 1;
        if self.entries.len() >= CARDS_KEPT && !self.entries.contains_key(&key) {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, (used, _))| *used)
                .map(|(k, _)| k.clone());
            if let Some(k) = oldest {
                self.entries.remove(&k);
            }
        }
        self.entries.insert(key, (self.clock, card));
    }

    /// How many cards are kept now.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

#[get("/matches/{id}/steps/{n}/card.png")]
async fn step_card(
    state: Shared,
    path: web::Path<(String, String)>,
    req: HttpRequest,
    // Before the card cache: a private match's card is drawn and served
    // only for those who may read it.
    ReadMatch(m): ReadMatch,
) -> Answer {
    let (_, n) = path.into_inner();
    let last = m.replay.steps.len().saturating_sub(1);
    let no_step = || {
        WebError::page(
            StatusCode::NOT_FOUND,
            format!(
                "match '{}' has steps 0 to {last}; there is no step {n} to draw",
                m.id
            ),
        )
    };
    let k: usize = n.parse().map_err(|_| no_step())?;
    let hash = m.sealed.get(k).map(|s| s.hash_hex()).ok_or_else(no_step)?;
    let key = (m.id.to_string(), k, hash);
    let kept = state.cards.lock().ok().and_then(|mut c| c.get(&key));
    let card = match kept {
        Some(card) => card,
        None => {
            let board = board::opening_board(&m, k).ok_or_else(|| {
                WebError::page(
                    StatusCode::NOT_FOUND,
                    format!(
                        "step {k} of match '{}' has no board to draw (the match is being set up); a later step has",
                        m.id
                    ),
                )
            })?;
            // Drawing takes milliseconds of CPU: off the server's threads.
            let png = web::block(move || render(&board.svg))
                .await
                .map_err(|e| WebError::page(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?
                .map_err(|e| WebError::page(StatusCode::INTERNAL_SERVER_ERROR, e))?;
            let digest = hex::encode(Sha256::digest(&png));
            let card = Card {
                etag: format!("\"{}\"", &digest[..16]).into(),
                png: png.into(),
            };
            if let Ok(mut c) = state.cards.lock() {
                c.keep(key, card.clone());
            }
            card
        }
    };
    let mut resp = assets::revalidated(&req, &card.etag, "image/png", card.png);
    if m.visibility() == Visibility::Private {
        // Not for a shared cache to hand to anyone who asks.
        resp.headers_mut().insert(
            actix_web::http::header::CACHE_CONTROL,
            actix_web::http::header::HeaderValue::from_static("private, no-cache"),
        );
    }
    Ok(resp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Drawing, Piece};

    fn drawing(label: &str) -> Drawing {
        Drawing {
            cols: 3,
            rows: 2,
            col_names: ["A", "B", "C"].map(String::from).to_vec(),
            row_names: ["1", "2"].map(String::from).to_vec(),
            pieces: vec![Piece {
                col: 0,
                row: 0,
                width: 2,
                height: 1,
                label: label.to_string(),
                kind: "taxi",
                highlight: true,
            }],
            exit_row: Some(0),
            rails: Vec::new(),
            overlays: Vec::new(),
            gems: Vec::new(),
        }
    }

    #[test]
    fn the_card_svg_carries_its_colors_and_escapes_its_words() {
        let svg = Svg::new(&drawing("<X&>"));
        let text = card_svg(&svg).unwrap();
        assert!(!text.contains("class="), "no stylesheet classes: {text}");
        assert!(
            text.contains("fill=\"#f4c430\""),
            "the taxi's yellow: {text}"
        );
        assert!(!text.contains("<X&>"), "the label is escaped: {text}");
        usvg::Tree::from_str(&text, &usvg::Options::default()).expect("well-formed SVG");
        assert!(text.contains("font-family=\"DejaVu Sans\""));
    }

    #[test]
    fn the_bundled_font_is_dejavu_sans_bold_and_draws_the_labels() {
        let db = fonts();
        assert_eq!(db.len(), 1);
        let face = db.faces().next().unwrap();
        assert!(
            face.families.iter().any(|(f, _)| f == FONT_FAMILY),
            "{:?}",
            face.families
        );
        assert_eq!(face.weight, usvg::fontdb::Weight::BOLD);
        // Every symbol the games put on a board has a glyph: it is drawn
        // neither as nothing nor as the box of a character the font lacks.
        let plain = render(&Svg::new(&drawing(""))).unwrap();
        let lacking = render(&Svg::new(&drawing("\u{10FFFD}"))).unwrap();
        for label in ["A", "×", "↻", "+", "|", "9"] {
            let png = render(&Svg::new(&drawing(label))).unwrap();
            assert_ne!(png, plain, "{label} draws nothing");
            assert_ne!(png, lacking, "{label} is not in the font");
        }
    }

    #[test]
    fn the_cache_keeps_the_most_recently_used() {
        let mut cards = Cards::default();
        let card = Card {
            png: web::Bytes::from_static(b"png"),
            etag: "\"t\"".into(),
        };
        for k in 0..CARDS_KEPT {
            cards.keep(("m".into(), k, "h".into()), card.clone());
        }
        assert!(cards.get(&("m".into(), 0, "h".into())).is_some());
        cards.keep(("m".into(), CARDS_KEPT, "h".into()), card);
        assert_eq!(cards.len(), CARDS_KEPT);
        assert!(
            cards.get(&("m".into(), 0, "h".into())).is_some(),
            "used last"
        );
        assert!(
            cards.get(&("m".into(), 1, "h".into())).is_none(),
            "least recently used"
        );
    }
}
