//! `victory map check` (every problem of a map file) and `victory map edit` (the editor page,
//! written by `map_editor`, over a scan or a VASSAL board).
//!
//! The page and the layout fitting are the map editor crate's; the VASSAL board's image and
//! grid are the VASSAL crate's. What is here is reading files and the glue between the two: a
//! VASSAL HexGrid's numbering turned into a hex-crate layout (or refused, naming the attribute),
//! and three hex centres that align the page exactly.

use std::path::{Path, PathBuf};

use anyhow::Context as _;
use clap::Subcommand;
use hexmap::{Compass, HexMap, Layout, MapBuilder, Orientation, Parity};
use map_editor::{AlignPoint, FitError, Image};
use vassal::grid::{Area, CentresError, Grid, HexGrid};

use crate::module::ModuleArgs;
use crate::outcome::{Format, Outcome};
use victory_engine::problem;
use victory_engine::problem::ErrorStyle;

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
        #[arg(long, value_name = "STYLE", default_value_t = ErrorStyle::Rendered, value_parser = crate::reading::error_style())]
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
  victory map edit --module buildFile.xml --board-sizes sizes.json --board Main \\
      --image images/main.png -o editor.html

Without MAP.toml the page starts on an empty map whose layout you choose in the page (or, with
--module, the board grid's). Export in the page writes the map TOML in its canonical form
(docs/map-editor.md); `victory map edit exported.toml` goes on with the work.")]
    #[command(
        mut_arg("module", |a| a.requires("board")),
        mut_arg("board_sizes", |a| a.requires("module"))
    )]
    Edit {
        /// A map file to go on with (TOML).
        #[arg(value_name = "MAP.toml")]
        map: Option<PathBuf>,
        /// Where to write the page.
        #[arg(short, long, value_name = "OUT.html")]
        output: PathBuf,
        /// The picture to trace from: a scan or photo of the printed map (PNG or JPEG); with
        /// --module, the board's own image, for a buildFile (which holds none)
        #[arg(long, value_name = "SCAN.png|jpg")]
        image: Option<PathBuf>,
        /// The VASSAL module whose board grid (and image) to start from.
        #[command(flatten)]
        module: ModuleArgs,
        /// The module's board (its `name`).
        #[arg(long, value_name = "NAME", requires = "module")]
        board: Option<String>,
        /// The zone of the board's multi-zone grid that holds the hex grid.
        #[arg(long, value_name = "NAME", requires = "module")]
        zone: Option<String>,
        /// Read at most BYTES from the map file, the picture and the --board-sizes file.
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
            let limits = crate::files::Limits {
                input: max_input_bytes,
                module: max_module_bytes,
                ..crate::files::Limits::default()
            };
            let vassal = match board {
                Some(b) => Some(Board::read(&module, &b, zone.as_deref(), &limits)?),
                None => None,
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
        o.stdout = crate::outcome::problems_json(&all, &[]).unwrap_or_else(|_| "[]\n".into());
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
    let html = map_editor::page(&map, picture.as_ref(), &align)?;
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
    fn read(
        module: &ModuleArgs,
        board: &str,
        zone: Option<&str>,
        limits: &crate::files::Limits,
    ) -> anyhow::Result<Board> {
        let opened = module
            .open(limits)
            .map_err(|p| crate::module::error(&p))?
            .context("--board names a board of --module: give the module")?;
        let (m, bytes) = (opened.module, opened.bytes);
        let shown = crate::files::one_line(&m.source).into_owned();
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
        let size = def.size.with_context(|| {
            format!(
                "board `{one}`: its size is not known (a buildFile holds no images: give their sizes with --board-sizes)"
            )
        })?;
        let (grid, area) = hex_grid(def, zone, size)?;
        let centres = centres(grid, area)?;
        let (layout, align) = fit_layout(grid, &centres)
            .with_context(|| format!("board `{one}`: the HexGrid of the module"))?;
        // A buildFile holds no images: the page draws the grid alone, or over --image.
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
    let bytes = vassal::Module::board_image(module, name).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(bytes.and_then(|b| Image::from_bytes(b).ok()))
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

/// Every hex centre of the grid inside the area, with its label, at most as many as a map may
/// have.
fn centres(g: &HexGrid, area: Area<'_>) -> anyhow::Result<Vec<AlignPoint>> {
    let max = hexmap::limits::MAX_HEXES;
    let centres = g.centres(area, max as usize).map_err(|e| match e {
        CentresError::Room { .. } => anyhow::anyhow!("{e} (hexmap::limits::MAX_HEXES)"),
        other => anyhow::anyhow!("{other}"),
    })?;
    Ok(centres
        .into_iter()
        .map(|c| AlignPoint {
            label: c.label,
            x: c.x,
            y: c.y,
        })
        .collect())
}

/// The layout whose labels sit where VASSAL numbers the grid's hexes, and three of the centres
/// (exact alignment); an error when no layout does.
fn fit_layout(g: &HexGrid, centres: &[AlignPoint]) -> anyhow::Result<(Layout, Vec<AlignPoint>)> {
    let orientation = if g.sideways {
        Orientation::Pointy
    } else {
        Orientation::Flat
    };
    map_editor::fit(orientation, centres).map_err(|e| match e {
        FitError::Uneven(_) => anyhow::anyhow!("{e}: raise `hLeading` and `vLeading`"),
        FitError::NoLayout => anyhow::anyhow!(
            "no hex-crate layout (orientation, stagger, label order, growth) numbers its hexes as VASSAL does"
        ),
        other => anyhow::anyhow!("{other}"),
    })
}

#[cfg(test)]
mod tests {
    use hexmap::LabelOrder;
    use vassal::grid::Numbering;

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

    /// The crates' refusals, worded for a VASSAL board: the attributes to change.
    #[test]
    fn refusals_name_what_vassal_calls_it() {
        let g = grid(|_| {});
        let area = Area {
            size: (400, 300),
            zone: None,
        };
        let mut c = centres(&g, area).unwrap_or_default();
        c[4].x += 5.0;
        let e = fit_layout(&g, &c).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some(
                "no hex-crate layout (orientation, stagger, label order, growth) numbers its hexes as VASSAL does"
            )
        );
        c[4].label = "010".into();
        let e = fit_layout(&g, &c).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some(
                "its labels are not all of the same even length (`010`): raise `hLeading` and `vLeading`"
            )
        );
        let e = centres(
            &g,
            Area {
                size: (400_000, 300_000),
                zone: None,
            },
        )
        .err();
        assert!(e.is_some_and(|e| {
            e.to_string()
                .ends_with("a map has at most 1000000 (hexmap::limits::MAX_HEXES)")
        }));
    }
}
