//! Interactive HTML pages around a picture (feature `html`): one self-contained file, an
//! inline SVG with pan and zoom, layers to toggle, things to pick out, and a panel of text
//! beside it. No network, no external file: the CSS and the small script are inline.
//!
//! An engine draws its picture with the [`crate::svg`] kit (a map with `hexmap::svg`), marking each overlay with the layer it is
//! drawn in (`data-layer`) and what it belongs to (`data-key`, see `hexmap::svg::key_token`);
//! a [`Page`] then adds
//!
//! - pan (drag) and zoom (wheel, `+`/`-`/`0` keys and buttons) of the picture. The page opens
//!   on the picture's focus when it has one (`hexmap::svg::MapDrawing::focus`): all of it, at
//!   most at the picture's own scale, so that a large map opens readable where it matters;
//!   `0` and the "whole" button show the whole picture, `f` and the "focus" button the focus
//!   again;
//! - a checkbox per layer the engine names ([`Page::layer`]) that hides it (the map's own
//!   `terrain` layer turns white instead, keeping the hex outlines);
//! - selection: clicking anything with a `data-key`, in the picture or in the panel, marks
//!   every element sharing its first key with the class `selected` and dims the other keyed
//!   elements of the picture; Escape or a click on nothing clears it. While nothing is
//!   selected, pointing at such a thing does the same with the class `hover`;
//! - the panel: the engine's sections of text ([`Page::section`]), built as [`Html`] so that
//!   everything from the input is escaped.
//!
//! The output is deterministic: the same calls give the same bytes.
//!
//! ```
//! use wargame_kit::html::{Html, Page};
//! let mut page = Page::new("Example", "example");
//! page.headline(Html::text("A 3 : B 1"));
//! page.picture("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 10 10\"></svg>");
//! page.layer("units", "Units");
//! page.section(
//!     "Awards",
//!     Html::element("ul", &[], [Html::element("li", &[("data-key", "A-1")], [Html::text("+3 <A-1>")])]),
//! );
//! let html = page.finish();
//! assert!(html.starts_with("<!DOCTYPE html>"));
//! assert!(html.contains("+3 &lt;A-1&gt;"));
//! assert!(!html.contains("src=") && !html.contains("<link"));
//! ```

use std::fmt::Write as _;

use crate::svg::escape;

/// A piece of HTML whose text and attribute values are escaped: build it with
/// [`Html::text`] and [`Html::element`], join pieces with [`Html::concat`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Html(String);

impl Html {
    /// Text, escaped.
    pub fn text(text: &str) -> Html {
        Html(escape(text))
    }

    /// An element with attributes (values escaped) and children. A tag or attribute name
    /// that is not plain ASCII letters, digits and `-` is replaced by `span` / left out, so
    /// no name can break the markup.
    ///
    /// ```
    /// use wargame_kit::html::Html;
    /// let li = Html::element("li", &[("class", "a\"b")], [Html::text("x < y")]);
    /// assert_eq!(li.as_str(), "<li class=\"a&quot;b\">x &lt; y</li>");
    /// ```
    pub fn element<I>(tag: &str, attrs: &[(&str, &str)], children: I) -> Html
    where
        I: IntoIterator<Item = Html>,
    {
        let name_ok =
            |n: &str| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
        let tag = if name_ok(tag) { tag } else { "span" };
        let mut out = format!("<{tag}");
        for (k, v) in attrs.iter().filter(|(k, _)| name_ok(k)) {
            let _ = write!(out, " {k}=\"{}\"", escape(v));
        }
        out.push('>');
        for c in children {
            out.push_str(&c.0);
        }
        let _ = write!(out, "</{tag}>");
        Html(out)
    }

    /// Pieces one after the other.
    pub fn concat<I>(pieces: I) -> Html
    where
        I: IntoIterator<Item = Html>,
    {
        Html(pieces.into_iter().map(|p| p.0).collect())
    }

    /// The markup.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A layer of the picture a page can hide: its `data-layer` name and its label.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Layer {
    name: String,
    text: String,
}

/// One self-contained interactive page: a title and headline, a picture, layer toggles and a
/// panel of sections. See the [module](self).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Page {
    title: String,
    game: String,
    headline: Vec<Html>,
    picture: Option<String>,
    layers: Vec<Layer>,
    sections: Vec<(String, Html)>,
    pan_zoom: bool,
}

impl Page {
    /// A page with this title; `game` is written as the `data-game` of the `#report`
    /// element, for scripts and tests.
    pub fn new(title: impl Into<String>, game: impl Into<String>) -> Page {
        Page {
            title: title.into(),
            game: game.into(),
            headline: Vec::new(),
            picture: None,
            layers: Vec::new(),
            sections: Vec::new(),
            pan_zoom: true,
        }
    }

    /// Add a headline line under the title.
    pub fn headline(&mut self, line: Html) -> &mut Self {
        self.headline.push(line);
        self
    }

    /// The picture: an SVG document as [`crate::svg`] writes it (or any SVG from a trusted
    /// writer: it is inserted as it is).
    pub fn picture(&mut self, svg: impl Into<String>) -> &mut Self {
        self.picture = Some(svg.into());
        self
    }

    /// A layer a checkbox hides: the `data-layer` name the picture uses, and its label.
    pub fn layer(&mut self, name: impl Into<String>, text: impl Into<String>) -> &mut Self {
        self.layers.push(Layer {
            name: name.into(),
            text: text.into(),
        });
        self
    }

    /// No pan and zoom: the picture is shown whole, as a document (a track, a table).
    pub fn without_pan_zoom(&mut self) -> &mut Self {
        self.pan_zoom = false;
        self
    }

    /// A section of the panel beside the picture.
    pub fn section(&mut self, heading: impl Into<String>, body: Html) -> &mut Self {
        self.sections.push((heading.into(), body));
        self
    }

    /// Write the page.
    pub fn finish(&self) -> String {
        let mut out = String::new();
        self.head(&mut out);
        let _ = writeln!(
            out,
            "<main id=\"report\" data-game=\"{}\"{}>",
            escape(&self.game),
            if self.pan_zoom {
                " class=\"pan-zoom\""
            } else {
                ""
            }
        );
        let _ = writeln!(out, "<header><h1>{}</h1>", escape(&self.title));
        for h in &self.headline {
            let _ = writeln!(out, "<p class=\"headline\">{}</p>", h.as_str());
        }
        out.push_str("</header>\n<div id=\"body\">\n<section id=\"picture\">\n");
        self.toolbar(&mut out);
        out.push_str("<div id=\"view\">\n");
        if let Some(svg) = &self.picture {
            // The XML declaration, if any, has no place inside HTML.
            let svg = svg.trim_start();
            let svg = match svg.strip_prefix("<?xml") {
                Some(rest) => rest.split_once("?>").map_or(svg, |(_, after)| after),
                None => svg,
            };
            out.push_str(svg.trim());
            out.push('\n');
        }
        out.push_str("</div>\n</section>\n<aside id=\"panel\">\n");
        for (heading, body) in &self.sections {
            let _ = writeln!(
                out,
                "<section><h2>{}</h2>\n{}\n</section>",
                escape(heading),
                body.as_str()
            );
        }
        out.push_str("</aside>\n</div>\n</main>\n<script>\n");
        out.push_str(SCRIPT);
        out.push_str("</script>\n</body>\n</html>\n");
        out
    }

    /// The document's head: the title and the style sheet, with a rule per layer that hides
    /// it.
    fn head(&self, out: &mut String) {
        out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        // Nothing may be fetched: no network, no other file.
        out.push_str("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n");
        let _ = writeln!(out, "<title>{}</title>", escape(&self.title));
        out.push_str("<style>\n");
        out.push_str(CSS);
        for l in &self.layers {
            let name = escape(&l.name);
            if l.name == "terrain" {
                let _ = writeln!(
                    out,
                    "#report.hide-terrain [data-layer=\"terrain\"] polygon{{fill:#ffffff}}"
                );
            } else {
                let _ = writeln!(
                    out,
                    "#report.hide-{name} [data-layer=\"{name}\"]{{display:none}}"
                );
            }
        }
        out.push_str("</style>\n</head>\n<body>\n");
    }

    /// The toolbar over the picture, when there is one: the zoom buttons (with the focus's
    /// when the picture has one) and a checkbox per layer.
    fn toolbar(&self, out: &mut String) {
        if !self.pan_zoom && self.layers.is_empty() {
            return;
        }
        out.push_str("<div id=\"toolbar\">");
        if self.pan_zoom {
            out.push_str("<button id=\"zoom-in\" title=\"Zoom in (+)\">+</button><button id=\"zoom-out\" title=\"Zoom out (-)\">&#x2212;</button><button id=\"zoom-reset\" title=\"Whole picture (0)\">whole</button>");
            if self
                .picture
                .as_deref()
                .is_some_and(|svg| svg.contains(" data-focus=\""))
            {
                out.push_str("<button id=\"zoom-focus\" title=\"Back to the opening view (f)\">focus</button>");
            }
        }
        for l in &self.layers {
            let _ = write!(
                out,
                "<label><input type=\"checkbox\" data-layer-toggle=\"{}\" checked> {}</label>",
                escape(&l.name),
                escape(&l.text)
            );
        }
        out.push_str("<span id=\"selection\" aria-live=\"polite\"></span></div>\n");
    }
}

const CSS: &str = r#"*{box-sizing:border-box}
body{margin:0;font:14px/1.45 Helvetica,Arial,'Liberation Sans',sans-serif;color:#1a1a1a;background:#f4f3ef}
header{padding:10px 16px;background:#fff;border-bottom:1px solid #d5d3cc}
h1{font-size:18px;margin:0 0 4px}
.headline{margin:2px 0;font-size:15px}
#body{display:flex;gap:12px;padding:12px;align-items:flex-start}
#picture{flex:1 1 auto;min-width:0;background:#fff;border:1px solid #d5d3cc;border-radius:4px}
#toolbar{display:flex;flex-wrap:wrap;gap:6px 12px;align-items:center;padding:6px 10px;border-bottom:1px solid #e5e3dc;font-size:13px}
#toolbar button{font:inherit;padding:2px 10px;border:1px solid #b9b6ab;border-radius:3px;background:#f8f7f3;cursor:pointer}
#toolbar label{white-space:nowrap;cursor:pointer}
#selection{margin-left:auto;font-weight:bold;color:#7a4b00}
#view{overflow:hidden}
#report.pan-zoom #view{height:calc(100vh - 150px);min-height:420px;cursor:grab;touch-action:none}
#report.pan-zoom #view svg{width:100%;height:100%;display:block;user-select:none}
#report:not(.pan-zoom) #view svg{max-width:100%;height:auto;display:block}
#view.dragging{cursor:grabbing}
#panel{flex:0 0 420px;max-height:calc(100vh - 90px);overflow:auto;background:#fff;border:1px solid #d5d3cc;border-radius:4px;padding:4px 14px 12px}
#report:not(.pan-zoom) #panel{max-height:none}
#panel h2{font-size:15px;margin:14px 0 6px;border-bottom:1px solid #e5e3dc}
#panel ul{margin:0;padding-left:18px}
#panel li{margin:2px 0}
#panel li.sub{margin-left:18px;list-style:circle;color:#444}
#panel table{border-collapse:collapse;width:100%}
#panel td,#panel th{padding:2px 6px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
#panel .vp{text-align:right;font-weight:bold;white-space:nowrap}
#panel .rule{color:#666;white-space:nowrap}
#panel .evidence{color:#555;font-size:12px}
#panel [data-key]{cursor:pointer}
#panel .selected{background:#fff3bf;outline:2px solid #f59f00}
#report.has-selection #view [data-key]:not(.selected){opacity:.22}
#report.has-hover:not(.has-selection) #view [data-key]:not(.hover){opacity:.4}
#report:not(.has-selection) #panel .hover{background:#fff9db}
#view .selected{opacity:1}
#view g.counter.selected rect:first-child{stroke:#f59f00;stroke-width:4px}
details{margin:3px 0}
summary{cursor:pointer}
@media (max-width:1000px){#body{flex-direction:column}#panel{flex:none;width:100%;max-height:none}}
"#;

const SCRIPT: &str = r#"(() => {
  'use strict';
  const root = document.getElementById('report');
  const view = document.getElementById('view');
  const svg = view ? view.querySelector('svg') : null;
  const shown = document.getElementById('selection');
  const panel = document.getElementById('panel');
  let dragging = () => false;
  // Layers.
  for (const box of document.querySelectorAll('[data-layer-toggle]')) {
    box.addEventListener('change', () => {
      root.classList.toggle('hide-' + box.dataset.layerToggle, !box.checked);
    });
  }
  // Selection: everything sharing the first key of what was clicked.
  const tokens = (el) => (el.getAttribute('data-key') || '').split(' ').filter(Boolean);
  const clear = () => {
    root.classList.remove('has-selection');
    for (const el of document.querySelectorAll('.selected')) el.classList.remove('selected');
    if (shown) shown.textContent = '';
  };
  const select = (key) => {
    clear();
    root.classList.add('has-selection');
    let n = 0;
    for (const el of document.querySelectorAll('[data-key]')) {
      if (tokens(el).includes(key)) { el.classList.add('selected'); n += 1; }
    }
    if (shown) shown.textContent = decodeURIComponent(key) + ' (' + n + ')';
  };
  let dragged = false;
  document.addEventListener('click', (e) => {
    if (dragged) { dragged = false; return; }
    const hit = e.target.closest ? e.target.closest('[data-key]') : null;
    if (hit) { select(tokens(hit)[0]); return; }
    if (view && view.contains(e.target)) clear();
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') clear();
  });
  // Hover: while nothing is selected, pointing at a keyed thing picks it out the same way.
  let hovered = null;
  const unhover = () => {
    if (hovered === null) return;
    hovered = null;
    root.classList.remove('has-hover');
    for (const el of document.querySelectorAll('.hover')) el.classList.remove('hover');
  };
  document.addEventListener('pointerover', (e) => {
    const inside = (view && view.contains(e.target)) || (panel && panel.contains(e.target));
    const hit = inside && e.target.closest ? e.target.closest('[data-key]') : null;
    const key = hit ? tokens(hit)[0] : null;
    if (key === hovered) return;
    unhover();
    if (key === null || dragging()) return;
    hovered = key;
    root.classList.add('has-hover');
    for (const el of document.querySelectorAll('[data-key]')) {
      if (tokens(el).includes(key)) el.classList.add('hover');
    }
  });
  document.addEventListener('pointerleave', unhover);
  // Pan and zoom, by the viewBox.
  if (!svg || !root.classList.contains('pan-zoom')) return;
  const base = svg.viewBox.baseVal;
  const whole = [base.x, base.y, base.width, base.height];
  const apply = () => svg.setAttribute('viewBox', box.map((v) => v.toFixed(1)).join(' '));
  // Open on the picture's focus (data-focus, x y w h): all of it, and at most at the
  // picture's own scale (one unit a pixel), centred; the whole picture if there is none.
  const opening = () => {
    const f = (svg.getAttribute('data-focus') || '').split(' ').map(Number);
    if (f.length !== 4 || !f.every(Number.isFinite) || f[2] <= 0 || f[3] <= 0) return whole.slice();
    const r = svg.getBoundingClientRect();
    if (!(r.width > 0 && r.height > 0)) return whole.slice();
    const w = Math.max(f[2], r.width, (f[3] * r.width) / r.height);
    const h = Math.max(f[3], r.height, (f[2] * r.height) / r.width);
    if (w >= whole[2] && h >= whole[3]) return whole.slice();
    // Centred on the focus, moved back inside the picture where it would show beyond it.
    const inside = (c, len, lo, span) => (len >= span ? c - len / 2 : Math.min(Math.max(c - len / 2, lo), lo + span - len));
    return [inside(f[0] + f[2] / 2, w, whole[0], whole[2]), inside(f[1] + f[3] / 2, h, whole[1], whole[3]), w, h];
  };
  let box = opening();
  apply();
  const toPicture = (cx, cy) => {
    const m = svg.getScreenCTM();
    if (!m) return [box[0] + box[2] / 2, box[1] + box[3] / 2];
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return [p.x, p.y];
  };
  const zoom = (factor, at) => {
    const [x, y, w, h] = box;
    const k = Math.min(Math.max(factor, whole[2] / 60 / w), (whole[2] * 2) / w);
    const [px, py] = at || [x + w / 2, y + h / 2];
    box = [px - (px - x) * k, py - (py - y) * k, w * k, h * k];
    apply();
  };
  const button = (id, f) => {
    const b = document.getElementById(id);
    if (b) b.addEventListener('click', (e) => { e.stopPropagation(); f(); });
  };
  button('zoom-in', () => zoom(1 / 1.5));
  button('zoom-out', () => zoom(1.5));
  button('zoom-reset', () => { box = whole.slice(); apply(); });
  button('zoom-focus', () => { box = opening(); apply(); });
  document.addEventListener('keydown', (e) => {
    if (e.target && e.target.tagName === 'INPUT') return;
    if (e.key === '+' || e.key === '=') zoom(1 / 1.5);
    else if (e.key === '-') zoom(1.5);
    else if (e.key === '0') { box = whole.slice(); apply(); }
    else if (e.key === 'f' && svg.hasAttribute('data-focus')) { box = opening(); apply(); }
  });
  view.addEventListener('wheel', (e) => {
    e.preventDefault();
    zoom(e.deltaY > 0 ? 1.25 : 1 / 1.25, toPicture(e.clientX, e.clientY));
  }, { passive: false });
  let start = null;
  dragging = () => start !== null && start.moved;
  view.addEventListener('pointerdown', (e) => {
    if (e.button !== 0) return;
    start = { x: e.clientX, y: e.clientY, box: box.slice(), moved: false };
  });
  window.addEventListener('pointermove', (e) => {
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    if (!start.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
    if (!start.moved) { start.moved = true; view.classList.add('dragging'); }
    const m = svg.getScreenCTM();
    const scale = m ? m.a : 1;
    box = [start.box[0] - dx / scale, start.box[1] - dy / scale, start.box[2], start.box[3]];
    apply();
  });
  window.addEventListener('pointerup', () => {
    if (start && start.moved) dragged = true;
    start = null;
    view.classList.remove('dragging');
  });
})();
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_could_break_the_markup_are_refused() {
        let h = Html::element("li onclick=x", &[("a b", "1"), ("ok", "<\"")], []);
        assert_eq!(h.as_str(), "<span ok=\"&lt;&quot;\"></span>");
    }

    #[test]
    fn a_focus_button_only_for_a_picture_with_a_focus() {
        let mut p = Page::new("T", "g");
        p.picture("<svg viewBox=\"0 0 10 10\"></svg>");
        assert!(!p.finish().contains("id=\"zoom-focus\""));
        p.picture("<svg viewBox=\"0 0 10 10\" data-focus=\"1 1 2 2\"></svg>");
        assert!(p.finish().contains("id=\"zoom-focus\""));
        p.without_pan_zoom();
        assert!(!p.finish().contains("id=\"zoom-focus\""));
    }

    #[test]
    fn layers_get_a_toggle_and_a_rule() {
        let mut p = Page::new("T <1>", "g");
        p.picture("<?xml version=\"1.0\"?>\n<svg></svg>")
            .layer("zoc", "ZOC")
            .layer("terrain", "Terrain");
        let html = p.finish();
        assert!(html.contains("data-layer-toggle=\"zoc\""));
        assert!(html.contains("#report.hide-zoc [data-layer=\"zoc\"]{display:none}"));
        assert!(html.contains("[data-layer=\"terrain\"] polygon{fill:#ffffff}"));
        assert!(html.contains("<title>T &lt;1&gt;</title>"));
        assert!(!html.contains("<?xml"));
        assert_eq!(html, p.finish());
    }
}
