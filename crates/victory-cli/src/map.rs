//! `victory map check` (every problem of a map file) and `victory map edit` (the editor page,
//! written by `hexmap::editor`, over a scan or a VASSAL board).
//!
//! The page and the canonical form are the hex crate's; the VASSAL board's image and grid are
//! the VASSAL crate's. What is here is reading files and the glue between the two: a VASSAL
//! HexGrid's numbering turned into a hex-crate layout (or refused, naming the attribute), and
//! three hex centres that align the page exactly.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Subcommand;
use hexmap::editor::{AlignPoint, Image};
use hexmap::{Compass, HexMap, LabelOrder, Layout, MapBuilder, Orientation, Parity};
use vassal::grid::{Grid, HexGrid, Numbering};

use crate::problem;
use crate::{ErrorStyle, Format, Outcome};

/// `victory map ...`.
#[derive(Debug, Subcommand)]
pub enum MapCommand {
    /// Validate map files: every problem, each with its line, as `check` does for states.
    #[command(after_help = "\
Examples:
  victory map check fixtures/maps/leyte-standin.toml
  victory map check --format json my-map.toml

Exit status: 0 every map is good, 1 a map has problems (all are reported), 2 usage error.")]
    Check {
        /// Map files (TOML); `-` reads one from standard input.
        #[arg(required = true, value_name = "MAP.toml")]
        files: Vec<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// How problems are shown on standard error.
        #[arg(long, value_enum, value_name = "STYLE", default_value_t = ErrorStyle::Rendered)]
        errors: ErrorStyle,
        /// Read at most BYTES from any one file.
        #[arg(long, value_name = "BYTES", default_value_t = wargame_kit::limits::DEFAULT_MAX_BYTES)]
        max_input_bytes: u64,
    },
    /// Write the map editor: one self-contained HTML page to transcribe a map over its picture.
    #[command(after_help = "\
Examples:
  victory map edit --image scan.png -o editor.html
  victory map edit my-map.toml --image scan.jpg -o editor.html
  victory map edit --module Game.vmod --board Main -o editor.html

Without MAP.toml the page starts on an empty map whose layout you choose in the page (or, with
--module, the board grid's). Export in the page writes the map TOML in its canonical form
(docs/map-editor.md); `victory map edit exported.toml` goes on with the work.")]
    Edit {
        /// A map file to go on with (TOML).
        #[arg(value_name = "MAP.toml")]
        map: Option<PathBuf>,
        /// Where to write the page.
        #[arg(short, long, value_name = "OUT.html")]
        output: PathBuf,
        /// The picture to trace from: a scan or photo of the printed map (PNG or JPEG).
        #[arg(long, value_name = "SCAN.png|jpg", conflicts_with = "module")]
        image: Option<PathBuf>,
        /// A VASSAL module whose board image and hex grid to start from.
        #[arg(long, value_name = "MOD.vmod", requires = "board")]
        module: Option<PathBuf>,
        /// The module's board (its `name`).
        #[arg(long, value_name = "NAME", requires = "module")]
        board: Option<String>,
        /// The zone of the board's multi-zone grid that holds the hex grid.
        #[arg(long, value_name = "NAME", requires = "module")]
        zone: Option<String>,
        /// Read at most BYTES from the map file and from the picture.
        #[arg(long, value_name = "BYTES", default_value_t = 64 * 1024 * 1024)]
        max_input_bytes: u64,
        /// Read at most BYTES from the VASSAL module.
        #[arg(long, value_name = "BYTES", default_value_t = crate::files::DEFAULT_MAX_MODULE_BYTES)]
        max_module_bytes: u64,
    },
}

/// Run a `map` command.
pub fn run(command: MapCommand) -> anyhow::Result<Outcome> {
    match command {
        MapCommand::Check {
            files,
            format,
            errors,
            max_input_bytes,
        } => Ok(check(&files, format, errors, max_input_bytes)),
        MapCommand::Edit {
            map,
            output,
            image,
            module,
            board,
            zone,
            max_input_bytes,
            max_module_bytes,
        } => {
            let vassal = match (module, board) {
                (Some(m), Some(b)) => Some(Board::read(&m, &b, zone.as_deref(), max_module_bytes)?),
                _ => None,
            };
            edit(
                map.as_deref(),
                &output,
                image.as_deref(),
                vassal,
                max_input_bytes,
            )
        }
    }
}

/// A file's text (`-`: standard input), or the problem reading it.
fn read_text(path: &Path, max: u64) -> Result<String, Vec<problem::Problem>> {
    let name = path.to_string_lossy();
    let text = if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        use std::io::Read as _;
        std::io::stdin()
            .take(max.saturating_add(1))
            .read_to_end(&mut buf)
            .map_err(|e| vec![problem::in_file("io", &name, format!("cannot read: {e}"))])?;
        if buf.len() as u64 > max {
            let too_big = problem::in_file("io", &name, format!("larger than {max} bytes"));
            return Err(vec![too_big]);
        }
        String::from_utf8(buf).map_err(|_| problem::in_file("io", &name, "not UTF-8 text"))
    } else {
        wargame_kit::resolve::read_text(path, max)
            .map_err(|e| problem::in_file("io", &name, format!("cannot read: {e}")))
    }
    .map_err(|p| vec![p])?;
    Ok(text
        .strip_prefix('\u{feff}')
        .map(str::to_string)
        .unwrap_or(text))
}

fn check(files: &[PathBuf], format: Format, errors: ErrorStyle, max: u64) -> Outcome {
    let mut o = Outcome::new(errors);
    let mut all = Vec::new();
    for path in files {
        let name = path.to_string_lossy().into_owned();
        let problems = match read_text(path, max) {
            Err(p) => p,
            Ok(text) => {
                let found = HexMap::from_toml_str(&text, Some(&name)).err();
                o.sources.insert(name.clone(), text);
                found.map_or_else(Vec::new, |e| {
                    e.into_diagnostics()
                        .into_iter()
                        .map(problem::from_engine)
                        .collect()
                })
            }
        };
        o.checked(format, &name, problems, &mut all);
    }
    if format == Format::Json {
        o.stdout = crate::problems_json(&all, &[]).unwrap_or_else(|_| "[]\n".into());
    }
    o
}

fn edit(
    map: Option<&Path>,
    output: &Path,
    image: Option<&Path>,
    board: Option<Board>,
    max: u64,
) -> anyhow::Result<Outcome> {
    let mut o = Outcome::default();
    let map = match map {
        Some(path) => {
            let name = path.to_string_lossy().into_owned();
            let text = match read_text(path, max) {
                Ok(t) => t,
                Err(p) => {
                    o.problems(&p);
                    return Ok(o);
                }
            };
            match HexMap::from_toml_str(&text, Some(&name)) {
                Ok(m) => m,
                Err(e) => {
                    o.sources.insert(name, text);
                    let found: Vec<_> = e
                        .into_diagnostics()
                        .into_iter()
                        .map(problem::from_engine)
                        .collect();
                    o.problems(&found);
                    return Ok(o);
                }
            }
        }
        None => {
            let layout = board
                .as_ref()
                .map_or_else(starting_layout, |b| b.layout.clone());
            let name = board
                .as_ref()
                .map_or("New map".to_string(), |b| b.name.clone());
            MapBuilder::new(name, layout)
                .build()
                .map_err(|e| anyhow::anyhow!("{e}"))?
        }
    };
    let picture = match (image, &board) {
        (Some(path), _) => Some(read_image(path, max)?),
        (None, Some(b)) => b.image.clone(),
        (None, None) => None,
    };
    let align = board.map(|b| b.align).unwrap_or_default();
    let html = hexmap::editor::page(&map, picture.as_ref(), &align)?;
    crate::files::replace(output, html.as_bytes())
        .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", crate::files::shown(output)))?;
    Ok(o)
}

/// The layout of a new map without a module: 10 by 10 flat hexes, which the page changes.
fn starting_layout() -> Layout {
    Layout::row_column(Orientation::Flat, 1..=10, 1..=10)
        .with_shifted(Parity::Odd)
        .with_growth(Compass::South, Compass::East)
}

fn read_image(path: &Path, max: u64) -> anyhow::Result<Image> {
    let bytes = wargame_kit::resolve::read_bytes(path, max)
        .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", crate::files::shown(path)))?;
    Image::from_bytes(bytes).with_context(|| crate::files::shown(path))
}

/// What a VASSAL board gives the editor: its image, its grid as a layout, three centres.
#[derive(Debug)]
struct Board {
    name: String,
    image: Option<Image>,
    layout: Layout,
    align: Vec<AlignPoint>,
}

impl Board {
    fn read(module: &Path, board: &str, zone: Option<&str>, max: u64) -> anyhow::Result<Board> {
        let shown = crate::files::shown(module);
        let limits = crate::files::Limits {
            module: max,
            ..crate::files::Limits::default()
        };
        let bytes = crate::files::read(module, crate::files::Kind::Module, &limits)
            .map_err(|e| anyhow::anyhow!("cannot read {shown}: {e}"))?;
        let m = vassal::Module::from_vmod(&bytes, &shown, &vassal::BoardSizes::new())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let boards: Vec<&vassal::BoardDef> = m.maps.iter().flat_map(|m| &m.boards).collect();
        let Some(def) = boards.iter().find(|b| b.name == board) else {
            let names: Vec<String> = boards
                .iter()
                .map(|b| crate::files::one_line(&b.name).into_owned())
                .collect();
            anyhow::bail!(
                "{shown} has no board `{}` (its boards: {})",
                crate::files::one_line(board),
                names.join(", ")
            );
        };
        let one = crate::files::one_line(board);
        let size = def
            .size
            .with_context(|| format!("board `{one}`: its size is not known (no image size)"))?;
        let (grid, area) = hex_grid(def, zone, size)?;
        let centres = centres(grid, area)?;
        let (layout, align) = fit_layout(grid, &centres)
            .with_context(|| format!("board `{one}`: the HexGrid of the module"))?;
        let image = match &def.image {
            Some(img) => board_image(&bytes, img)?,
            None => None,
        };
        Ok(Board {
            name: board.to_string(),
            image,
            layout,
            align,
        })
    }
}

/// The board's image from the module (`images/NAME`), if it is a PNG or JPEG.
fn board_image(module: &[u8], name: &str) -> anyhow::Result<Option<Image>> {
    let entries = vassal::internal::archive::entries(module).map_err(|e| anyhow::anyhow!("{e}"))?;
    let Some(entry) = vassal::internal::archive::find(&entries, &format!("images/{name}")) else {
        return Ok(None);
    };
    let bytes =
        vassal::internal::archive::read(module, entry).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(Image::from_bytes(bytes).ok())
}

/// Where hexes are looked for: the container's rectangle and, in a zone, its polygon.
struct Area<'a> {
    size: (i32, i32),
    zone: Option<&'a vassal::grid::Zone>,
}

/// The hex grid of a board (or of one of its zones) and where its hexes are.
fn hex_grid<'a>(
    def: &'a vassal::BoardDef,
    zone: Option<&str>,
    size: (i32, i32),
) -> anyhow::Result<(&'a HexGrid, Area<'a>)> {
    let name = &crate::files::one_line(&def.name);
    let grid = def
        .grid
        .as_ref()
        .with_context(|| format!("board `{name}` has no grid"))?;
    match (grid, zone) {
        (Grid::Hex(h), None) => Ok((h, Area { size, zone: None })),
        (Grid::Zoned(z), Some(wanted)) => {
            let Some(zone) = z.zones.iter().find(|zn| zn.name == wanted) else {
                let names: Vec<String> = z
                    .zones
                    .iter()
                    .map(|zn| crate::files::one_line(&zn.name).into_owned())
                    .collect();
                anyhow::bail!(
                    "board `{name}` has no zone `{}` (its zones: {})",
                    crate::files::one_line(wanted),
                    names.join(", ")
                );
            };
            let g = if zone.use_parent_grid {
                z.background.as_deref()
            } else {
                zone.grid.as_deref()
            };
            let zone_size = if zone.use_parent_grid {
                size
            } else {
                let (_, _, w, h) = zone.polygon.bounds();
                (w, h)
            };
            match g {
                Some(Grid::Hex(h)) => Ok((
                    h,
                    Area {
                        size: zone_size,
                        zone: Some(zone),
                    },
                )),
                _ => anyhow::bail!(
                    "zone `{}` of board `{name}` has no hex grid",
                    crate::files::one_line(wanted)
                ),
            }
        }
        (Grid::Zoned(z), None) => match z.background.as_deref() {
            Some(Grid::Hex(h)) => Ok((h, Area { size, zone: None })),
            _ => anyhow::bail!(
                "board `{name}` has a multi-zone grid without a background hex grid: name the zone with --zone"
            ),
        },
        (_, Some(_)) => anyhow::bail!("board `{name}` has no multi-zone grid: leave out --zone"),
        _ => anyhow::bail!("board `{name}`'s grid is not a hex grid"),
    }
}

/// One hex of the grid: its centre on the board and its label as VASSAL names it.
#[derive(Debug)]
struct Centre {
    x: f64,
    y: f64,
    label: String,
}

/// The numbering's attributes that hex labels cannot express, named; `None` when they can.
fn refusal(n: &Numbering) -> Option<String> {
    if let Some(class) = &n.custom_class {
        return Some(format!(
            "the numbering is a class of the module's own (`{class}`)"
        ));
    }
    for (attr, kind) in [("hType", n.h_type), ("vType", n.v_type)] {
        if kind != 'N' {
            return Some(format!(
                "`{attr}=\"{kind}\"`: letters; hex labels are numbers"
            ));
        }
    }
    if !n.sep.is_empty() {
        return Some(format!("`sep=\"{}\"`: hex labels have no separator", n.sep));
    }
    for (attr, leading) in [("hLeading", n.h_leading), ("vLeading", n.v_leading)] {
        if leading < 1 {
            return Some(format!(
                "`{attr}=\"{leading}\"`: unpadded numbers; hex labels pad each number to the same digits"
            ));
        }
    }
    if n.h_leading != n.v_leading {
        return Some(format!(
            "`hLeading=\"{}\"` and `vLeading=\"{}\"` differ; hex labels give both numbers the same digits",
            n.h_leading, n.v_leading
        ));
    }
    if n.location_format != "$gridLocation$" {
        return Some(format!(
            "`locationFormat=\"{}\"`: locations other than the grid's own label",
            n.location_format
        ));
    }
    None
}

/// Every hex centre of the grid inside the area, with its label.
fn centres(g: &HexGrid, area: Area<'_>) -> anyhow::Result<Vec<Centre>> {
    let n = g
        .numbering
        .as_ref()
        .context("the HexGrid has no HexGridNumbering")?;
    if let Some(why) = refusal(n) {
        anyhow::bail!("the grid's numbering cannot be hex labels: {why}");
    }
    // In the grid's own frame (rotated for a sideways grid): columns of hexes `dx` apart.
    let (w, h) = if g.sideways {
        (area.size.1, area.size.0)
    } else {
        area.size
    };
    let (x0, y0) = (f64::from(g.x0), f64::from(g.y0));
    let (first, last) = candidate_columns(g, w, h)?;
    let mut out = Vec::new();
    for c in first..=last {
        let x = x0 + c as f64 * g.dx;
        let half = if c.rem_euclid(2) == 1 {
            g.dy / 2.0
        } else {
            0.0
        };
        let rows = ((0.0 - y0 - half) / g.dy).ceil() as i64
            ..=((f64::from(h) - y0 - half) / g.dy).floor() as i64;
        for r in rows {
            let y = y0 + half + r as f64 * g.dy;
            let (bx, by) = if g.sideways { (y, x) } else { (x, y) };
            let p = (bx.round() as i32, by.round() as i32);
            if area.zone.is_some_and(|z| !z.polygon.contains(p)) {
                continue;
            }
            let (row, col) = g.row_column(n, p, area.size);
            if i64::from(row) + i64::from(n.v_off) < 0 || i64::from(col) + i64::from(n.h_off) < 0 {
                continue; // numbered below zero: not a hex a label can name
            }
            out.push(Centre {
                x: bx,
                y: by,
                label: n.location(row, col),
            });
            if out.len() > hexmap::limits::MAX_HEXES as usize {
                anyhow::bail!("the grid has more than {} hexes", hexmap::limits::MAX_HEXES);
            }
        }
    }
    if out.len() < 3 {
        anyhow::bail!("the grid has fewer than three numbered hexes on the board");
    }
    Ok(out)
}

/// The first and last column of hexes a grid can have on an area `w` by `h` pixels (in the
/// grid's frame), counted before any is looked at: a hex width or height that is not a number
/// above 0 is refused, and so are more candidate positions (columns times the rows a column can
/// hold) than a map may have hexes (`hexmap::limits::MAX_HEXES`), so that no grid, however
/// large its board or its numbering offsets, makes the search long.
fn candidate_columns(g: &HexGrid, w: i32, h: i32) -> anyhow::Result<(i64, i64)> {
    for (attr, v) in [("dx", g.dx), ("dy", g.dy)] {
        if !(v.is_finite() && v > 0.0) {
            anyhow::bail!(
                "the HexGrid's `{attr}=\"{v}\"`: the distance between hexes must be a number above 0"
            );
        }
    }
    let x0 = f64::from(g.x0);
    let first = ((0.0 - x0) / g.dx).ceil();
    let last = ((f64::from(w) - x0) / g.dx).floor();
    let columns = last - first + 1.0;
    // A column holds at most one hex per `dy` of the height, and one more.
    let rows = (f64::from(h) / g.dy).floor() + 1.0;
    let max = hexmap::limits::MAX_HEXES;
    let candidates = columns * rows;
    if columns.is_nan() || columns.is_infinite() || candidates > max as f64 {
        anyhow::bail!(
            "the grid has room for {candidates:.0} hexes on the board ({columns:.0} columns of up to {rows:.0}); a map has at most {max} (hexmap::limits::MAX_HEXES)"
        );
    }
    if columns < 1.0 || rows < 1.0 {
        anyhow::bail!("the grid has fewer than three numbered hexes on the board");
    }
    // Both are whole numbers of at most `max` apart, well inside `i64`.
    Ok((first as i64, last as i64))
}

/// The layout whose labels sit where VASSAL numbers the grid's hexes, and three of the centres
/// (exact alignment); an error when no layout does.
fn fit_layout(g: &HexGrid, centres: &[Centre]) -> anyhow::Result<(Layout, Vec<AlignPoint>)> {
    let digits = centres.iter().map(|c| c.label.len()).max().unwrap_or(4);
    if digits % 2 != 0 || centres.iter().any(|c| c.label.len() != digits) {
        anyhow::bail!(
            "its labels are not all of the same even length (`{}`): raise `hLeading` and `vLeading`",
            centres
                .iter()
                .find(|c| c.label.len() != digits)
                .map_or("", |c| c.label.as_str())
        );
    }
    let width = u8::try_from(digits / 2).unwrap_or(2);
    let numbers: Vec<(u16, u16)> = centres
        .iter()
        .map(|c| {
            let l = hexmap::Label::parse(&c.label, width).map_err(|e| anyhow::anyhow!("{e}"))?;
            Ok((l.first, l.second))
        })
        .collect::<anyhow::Result<_>>()?;
    let orientation = if g.sideways {
        Orientation::Pointy
    } else {
        Orientation::Flat
    };
    let refs = reference_points(centres);
    for order in [LabelOrder::RowColumn, LabelOrder::ColumnRow] {
        let rc: Vec<(u16, u16)> = numbers
            .iter()
            .map(|&(a, b)| {
                if order == LabelOrder::RowColumn {
                    (a, b)
                } else {
                    (b, a)
                }
            })
            .collect();
        let range = |f: fn(&(u16, u16)) -> u16| {
            let lo = rc.iter().map(f).min().unwrap_or(0);
            lo..=rc.iter().map(f).max().unwrap_or(0)
        };
        let base = Layout::new(
            orientation,
            order,
            vec![hexmap::Sheet::new(range(|p| p.0), range(|p| p.1))],
        )
        .with_digits(width);
        for layout in variants(base) {
            if let Some(align) = fits(&layout, centres, &rc, refs) {
                return Ok((layout, align));
            }
        }
    }
    anyhow::bail!(
        "no hex-crate layout (orientation, stagger, label order, growth) numbers its hexes as VASSAL does"
    )
}

/// The layout with each stagger and growth.
fn variants(base: Layout) -> Vec<Layout> {
    let mut out = Vec::new();
    for shifted in [Parity::Odd, Parity::Even] {
        for rows in [Compass::North, Compass::South] {
            for columns in [Compass::East, Compass::West] {
                out.push(
                    base.clone()
                        .with_shifted(shifted)
                        .with_growth(rows, columns),
                );
            }
        }
    }
    out
}

/// Three centres far apart and not on one line: the first, the farthest from it, and the one
/// farthest from the line through those two.
fn reference_points(c: &[Centre]) -> [usize; 3] {
    let d = |i: usize, j: usize| (c[i].x - c[j].x).hypot(c[i].y - c[j].y);
    let far = (0..c.len())
        .max_by(|&i, &j| d(0, i).total_cmp(&d(0, j)))
        .unwrap_or(0);
    let area = |k: usize| {
        ((c[far].x - c[0].x) * (c[k].y - c[0].y) - (c[far].y - c[0].y) * (c[k].x - c[0].x)).abs()
    };
    let third = (0..c.len())
        .max_by(|&i, &j| area(i).total_cmp(&area(j)))
        .unwrap_or(0);
    [0, far, third]
}

/// The alignment points when `layout` puts every centre within a pixel of where VASSAL has it.
fn fits(
    layout: &Layout,
    c: &[Centre],
    rc: &[(u16, u16)],
    refs: [usize; 3],
) -> Option<Vec<AlignPoint>> {
    let ideal =
        |i: usize| hexmap::editor::grid_position(layout, i32::from(rc[i].0), i32::from(rc[i].1));
    let m = affine(
        [ideal(refs[0]), ideal(refs[1]), ideal(refs[2])],
        refs.map(|i| (c[i].x, c[i].y)),
    )?;
    let all_fit = (0..c.len()).all(|i| {
        let (u, v) = ideal(i);
        let (x, y) = (m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5]);
        (x - c[i].x).hypot(y - c[i].y) <= 1.0
    });
    // A mirror image also fits three points; the page draws with an unmirrored alignment.
    let unmirrored = m[0] * m[4] - m[1] * m[3] > 0.0;
    (all_fit && unmirrored).then(|| {
        refs.iter()
            .map(|&i| AlignPoint {
                label: c[i].label.clone(),
                x: c[i].x,
                y: c[i].y,
            })
            .collect()
    })
}

/// The affine map taking three points to three others, as `[a, b, e, c, d, f]` with
/// `x' = a u + b v + e`, `y' = c u + d v + f`; `None` when the three are on one line.
fn affine(from: [(f64, f64); 3], to: [(f64, f64); 3]) -> Option<[f64; 6]> {
    let [(u0, v0), (u1, v1), (u2, v2)] = from;
    let det = (u1 - u0) * (v2 - v0) - (u2 - u0) * (v1 - v0);
    if det.abs() < 1e-9 {
        return None;
    }
    let solve = |p0: f64, p1: f64, p2: f64| {
        let a = ((p1 - p0) * (v2 - v0) - (p2 - p0) * (v1 - v0)) / det;
        let b = ((u1 - u0) * (p2 - p0) - (u2 - u0) * (p1 - p0)) / det;
        (a, b, p0 - a * u0 - b * v0)
    };
    let (a, b, e) = solve(to[0].0, to[1].0, to[2].0);
    let (c, d, f) = solve(to[0].1, to[1].1, to[2].1);
    Some([a, b, e, c, d, f])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(attrs: impl FnOnce(&mut Numbering)) -> HexGrid {
        let mut n = Numbering::default();
        attrs(&mut n);
        let mut g = HexGrid::default();
        g.numbering = Some(n);
        g
    }

    #[test]
    fn default_numbering_is_a_column_row_layout() {
        let g = grid(|_| {});
        let c = centres(
            &g,
            Area {
                size: (400, 300),
                zone: None,
            },
        )
        .unwrap_or_default();
        let (layout, align) = fit_layout(&g, &c).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(layout.order, LabelOrder::ColumnRow);
        assert_eq!(layout.orientation, Orientation::Flat);
        assert_eq!(align.len(), 3);
        // VASSAL's own name of each centre is the layout's label there.
        for centre in &c {
            assert!(
                layout
                    .parse_label(&centre.label)
                    .is_ok_and(|l| layout.in_extents(l))
            );
        }
    }

    #[test]
    fn letters_separators_and_unpadded_numbers_are_refused_by_attribute() {
        for (set, attr) in [
            (
                Box::new(|n: &mut Numbering| n.h_type = 'A') as Box<dyn Fn(&mut Numbering)>,
                "hType",
            ),
            (Box::new(|n: &mut Numbering| n.sep = "-".into()), "sep"),
            (Box::new(|n: &mut Numbering| n.v_leading = 0), "vLeading"),
        ] {
            let g = grid(|n| set(n));
            let err = centres(
                &g,
                Area {
                    size: (400, 300),
                    zone: None,
                },
            )
            .err();
            assert!(err.is_some_and(|e| e.to_string().contains(attr)), "{attr}");
        }
    }

    #[test]
    fn affine_is_exact_and_refuses_a_line() {
        let m = affine(
            [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
            [(10.0, 20.0), (12.0, 20.0), (10.0, 23.0)],
        );
        assert_eq!(m, Some([2.0, 0.0, 10.0, 0.0, 3.0, 20.0]));
        assert!(affine([(0.0, 0.0), (1.0, 1.0), (2.0, 2.0)], [(0.0, 0.0); 3]).is_none());
    }
}
