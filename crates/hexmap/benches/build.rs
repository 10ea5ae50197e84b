//! Building a map from its parsed TOML spec: [`MapSpec::build`] on the Leyte stand-in map
//! (`fixtures/maps/leyte-standin.toml`: 928 hexes in its extents, 776 on the map) and on a
//! generated 200 x 200 map.
//!
//! TOML parsing is not timed: each spec is read once with [`MapSpec::from_toml_str`], then one
//! iteration is one `spec.build(...)`: the layout checked, the terrain grid read, every label
//! of the features, places, areas and hexsides resolved, the adjacency table made (and the map
//! dropped). A third function times the same generated map given to a [`MapBuilder`] by
//! coordinates (the builder's clone is made outside the timing).
//!
//! The generated map (see [`generate`]) is flat-topped with three-digit row-column labels, a
//! terrain grid of five terrains with open sea along the east edge, random-walk roads and trails
//! (about a fifth of the hexes), rivers and a railway as the map's own hexside features,
//! ZOC-blocking and impassable hexside pairs, towns, airfields, places and areas. It comes from
//! the kit's seeded splitmix64 (`wargame_kit::rng`) with a fixed seed, so it is the same on every
//! machine.
//!
//! Before timing, the setup asserts that each built map equals its reference: the digest of its
//! summary and of a dump of every hex (label, terrain, features, road net, and the hexside to
//! each neighbour) equals the digest pinned below, which was taken from the builder as it was
//! before the dense tables (labels formatted and re-parsed per hex, ordered maps); the generated
//! map given to a [`MapBuilder`] by coordinates must dump the same.
//!
//! ```sh
//! cargo bench -p wargame-hexmap --bench build
//! ```
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![allow(clippy::too_many_lines)] // a test (or benchmark) reads best as one story

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use hexmap::kit::Source;
use hexmap::petgraph::graph::NodeIndex;
use hexmap::{Direction, Hex, HexMap, HexsideKind, Layout, MapBuilder, MapSpec, Offset};

use wargame_kit::rng::Rng;

/// The seed of the generated map.
const SEED: u64 = 12;

/// Digest (FNV-1a, 64 bits) of the stand-in map's [`fingerprint`], taken before the dense
/// tables.
const STANDIN_DIGEST: u64 = 0xebaa_7f24_ab5e_b6d6;
/// Digest of the generated map's [`fingerprint`], taken before the dense tables.
const GENERATED_DIGEST: u64 = 0x6a17_c22b_90e0_9fc7;

/// The generated map's layout: flat-topped, three-digit row-column labels, even columns
/// shifted.
fn layout_toml(width: u16, height: u16) -> String {
    format!(
        "[layout]\norientation = \"flat\"\nlabel = \"row-column\"\ndigits = 3\n\
         rows = [1, {height}]\ncolumns = [1, {width}]\nshifted = \"even\"\n\
         rows_grow = \"south\"\ncolumns_grow = \"east\"\n"
    )
}

/// A random walk of adjacent on-map hexes drifting across the map, `len` steps at most.
fn walk(rng: &mut Rng, start: Hex, len: i32, on_map: &dyn Fn(Hex) -> bool) -> Vec<Hex> {
    let mut drift = rng.below_u32(6);
    let mut path = vec![start];
    let mut cur = start;
    for _ in 0..len {
        if rng.below_u32(12) == 0 {
            drift = (drift + if rng.below_u32(2) == 0 { 1 } else { 5 }) % 6;
        }
        let turn = match rng.below_u32(10) {
            0..=5 => 0,
            6 | 7 => 1,
            _ => 5,
        };
        let next = cur.neighbor(Direction::ALL[usize::try_from((drift + turn) % 6).unwrap()]);
        if !on_map(next) || path.contains(&next) {
            break;
        }
        path.push(next);
        cur = next;
    }
    path
}

/// The symbols of the generated grid and their terrains; `~` is open sea (a hole).
const LEGEND: [(char, &str); 5] = [
    ('.', "clear"),
    ('f', "forest"),
    ('m', "mountain"),
    ('r', "rough"),
    ('s', "swamp"),
];

/// A generated map as data: written as TOML ([`Generated::toml`]) or given to a [`MapBuilder`]
/// by coordinates ([`Generated::builder`]).
struct Generated {
    name: String,
    layout_text: String,
    layout: Layout,
    /// Per row, per column: the grid symbol.
    grid: Vec<Vec<char>>,
    towns: Vec<Hex>,
    airfields: Vec<Hex>,
    places: Vec<(String, Hex)>,
    areas: Vec<(String, String, Vec<Hex>)>,
    roads: Vec<Vec<Hex>>,
    trails: Vec<Vec<Hex>>,
    blocks_zoc: Vec<Vec<Hex>>,
    impassable: Vec<Vec<Hex>>,
    rivers: Vec<Vec<Hex>>,
    rails: Vec<Vec<Hex>>,
}

/// Distinct random on-map hexes: `count` draws, repeats dropped.
fn distinct(rng: &mut Rng, count: i32, random_hex: &dyn Fn(&mut Rng) -> Hex) -> Vec<Hex> {
    let mut hexes = Vec::new();
    for _ in 0..count {
        let hex = random_hex(rng);
        if !hexes.contains(&hex) {
            hexes.push(hex);
        }
    }
    hexes
}

/// Generate a `width` x `height` map (see the module docs).
fn generate(width: u16, height: u16, seed: u64) -> Generated {
    let layout_text = layout_toml(width, height);
    let spec = MapSpec::from_toml_str(&format!("name = \"x\"\n{layout_text}"), None).unwrap();
    let layout = spec.layout();
    let (w, h) = (i32::from(width), i32::from(height));
    let mut rng = Rng::new(seed);
    let at = |col: i32, row: i32| layout.offset_to_hex(Offset { col, row });
    // Open sea: the last few columns, a ragged coast.
    let sea_from: Vec<i32> = (1..=h).map(|_| w - rng.range(0, 6)).collect();
    let on_map = |hex: Hex| {
        let o = layout.hex_to_offset(hex);
        (1..=h).contains(&o.row)
            && (1..=w).contains(&o.col)
            && o.col < sea_from[usize::try_from(o.row - 1).unwrap()]
    };
    let symbols = ['.', '.', '.', '.', 'f', 'f', 'm', 'r', 's'];
    let mut symbol = |hex: Hex| match on_map(hex) {
        true => symbols[rng.below(9)],
        false => '~',
    };
    let grid = (1..=h)
        .map(|row| (1..=w).map(|col| symbol(at(col, row))).collect())
        .collect();
    let random_hex = |rng: &mut Rng| loop {
        let hex = at(rng.range(1, w), rng.range(1, h));
        if on_map(hex) {
            return hex;
        }
    };
    let towns = distinct(&mut rng, w * h / 50, &random_hex);
    let airfields = distinct(&mut rng, w * h / 400, &random_hex);
    let places = (towns.iter().take(200).enumerate())
        .map(|(i, t)| (format!("Town {i:03}"), *t))
        .collect();
    let areas = (0..8)
        .map(|a| {
            let hexes = distinct(&mut rng, 20, &random_hex);
            (format!("area-{a}"), format!("Area {a}"), hexes)
        })
        .collect();
    // Roads and trails until they cover a fifth of the hexes; rivers and a railway; ZOC-blocking
    // and impassable pairs.
    let mut covered = std::collections::HashSet::new();
    let (mut roads, mut trails) = (Vec::new(), Vec::new());
    while covered.len() * 5 < usize::from(width) * usize::from(height) {
        let (start, len) = (random_hex(&mut rng), rng.range(w / 4, w));
        let path = walk(&mut rng, start, len, &on_map);
        if path.len() < 2 {
            continue;
        }
        covered.extend(path.iter().copied());
        if rng.below_u32(2) == 0 {
            &mut roads
        } else {
            &mut trails
        }
        .push(path);
    }
    let feature_paths = |rng: &mut Rng, count: i32, len: i32| {
        let mut paths = Vec::new();
        while paths.len() < usize::try_from(count).unwrap() {
            let start = random_hex(rng);
            let path = walk(rng, start, len, &on_map);
            if path.len() >= 2 {
                paths.push(path);
            }
        }
        paths
    };
    let rivers = feature_paths(&mut rng, w / 10, w / 2);
    let rails = feature_paths(&mut rng, 4, w);
    let blocks_zoc = feature_paths(&mut rng, w, 1);
    let impassable = feature_paths(&mut rng, w / 2, 1);
    Generated {
        name: format!("generated {width}x{height}"),
        layout_text,
        layout,
        grid,
        towns,
        airfields,
        places,
        areas,
        roads,
        trails,
        blocks_zoc,
        impassable,
        rivers,
        rails,
    }
}

impl Generated {
    fn label(&self, hex: Hex) -> String {
        self.layout.hex_to_label(hex).unwrap().to_string()
    }

    /// `["001001", "001002"]`.
    fn labels(&self, hexes: &[Hex]) -> String {
        let quoted: Vec<String> = hexes
            .iter()
            .map(|h| format!("\"{}\"", self.label(*h)))
            .collect();
        format!("[{}]", quoted.join(", "))
    }

    /// `[["001001", "001002"], ...]`, one path a line.
    fn paths(&self, paths: &[Vec<Hex>]) -> String {
        let lines: Vec<String> = paths
            .iter()
            .map(|p| format!("  {},\n", self.labels(p)))
            .collect();
        format!("[\n{}]", lines.concat())
    }

    /// The map as TOML text.
    fn toml(&self) -> String {
        let mut out = format!(
            "name = \"{}\"\n{}\n[terrain]\n",
            self.name, self.layout_text
        );
        let legend: Vec<String> = LEGEND
            .iter()
            .map(|(s, t)| format!("\"{s}\" = \"{t}\""))
            .collect();
        let _ = writeln!(
            out,
            "default = \"clear\"\nlegend = {{ {} }}",
            legend.join(", ")
        );
        out.push_str("off_map = \"~\"\ngrid = '''\n");
        for (row, symbols) in self.grid.iter().enumerate() {
            let _ = write!(out, "{:03}", row + 1);
            for (col, symbol) in symbols.iter().enumerate() {
                if col % 10 == 0 {
                    out.push(' ');
                }
                out.push(*symbol);
            }
            out.push('\n');
        }
        out.push_str("'''\n\n");
        let (towns, airfields) = (self.labels(&self.towns), self.labels(&self.airfields));
        let _ = writeln!(out, "[features]\ntown = {towns}\nairfield = {airfields}\n");
        out.push_str("[places]\n");
        for (name, hex) in &self.places {
            let _ = writeln!(out, "\"{name}\" = \"{}\"", self.label(*hex));
        }
        for (key, name, hexes) in &self.areas {
            let hexes = self.labels(hexes);
            let _ = writeln!(out, "\n[areas.{key}]\nname = \"{name}\"\nhexes = {hexes}");
        }
        let _ = writeln!(
            out,
            "\n[hexsides]\nroads = {}\ntrails = {}\nblocks_zoc = {}\nimpassable = {}",
            self.paths(&self.roads),
            self.paths(&self.trails),
            self.paths(&self.blocks_zoc),
            self.paths(&self.impassable)
        );
        let (rivers, rails) = (self.paths(&self.rivers), self.paths(&self.rails));
        let _ = writeln!(
            out,
            "\n[hexsides.features]\nriver = {rivers}\nrail = {rails}"
        );
        out
    }

    /// The same map given to a [`MapBuilder`] by coordinates: no label anywhere.
    fn builder(&self) -> MapBuilder {
        let mut b = MapBuilder::new(self.name.clone(), self.layout.clone());
        for (row, symbols) in (1..).zip(&self.grid) {
            for (col, symbol) in (1..).zip(symbols) {
                let hex = self.layout.offset_to_hex(Offset { col, row });
                b = match LEGEND.iter().find(|(s, _)| s == symbol) {
                    Some((_, terrain)) => b.terrain(hex, *terrain),
                    None => b.hole(hex),
                };
            }
        }
        for (feature, hexes) in [("town", &self.towns), ("airfield", &self.airfields)] {
            for hex in hexes {
                b = b.feature(feature, *hex);
            }
        }
        for (name, hex) in &self.places {
            b = b.place(name.as_str(), *hex);
        }
        for (key, name, hexes) in &self.areas {
            b = b.area(key.as_str(), name.as_str(), hexes);
        }
        for (kind, paths) in [
            (HexsideKind::Road, &self.roads),
            (HexsideKind::Trail, &self.trails),
            (HexsideKind::BlocksZoc, &self.blocks_zoc),
            (HexsideKind::Impassable, &self.impassable),
        ] {
            for path in paths {
                b = b.hexsides_path(kind, path);
            }
        }
        for (feature, paths) in [("river", &self.rivers), ("rail", &self.rails)] {
            for path in paths {
                b = b.hexside_feature(feature, path);
            }
        }
        b
    }
}

/// The summary plus every hex: label, coordinates, terrain, features, road net, and each
/// neighbour with the hexside's mask; then the name tables.
fn fingerprint(map: &HexMap) -> String {
    let mut out = map.summary();
    let _ = writeln!(
        out,
        "terrains {:?}\nfeatures {:?}\nhexside features {:?}\nplaces {:?}\nareas {:?}",
        map.terrain_names(),
        map.feature_names(),
        map.hexside_feature_names(),
        map.places(),
        map.areas()
    );
    for (i, info) in map.hexes().iter().enumerate() {
        let _ = write!(
            out,
            "{} {},{} t{} f{} r{}:",
            info.label, info.hex.q, info.hex.r, info.terrain, info.features, info.on_road_net
        );
        for (n, side) in map.neighbor_nodes(NodeIndex::new(i)) {
            let _ = write!(out, " {}/{}", n.index(), side.mask());
        }
        out.push('\n');
    }
    out
}

/// FNV-1a, 64 bits.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xCBF2_9CE4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3)
    })
}

/// One map to build from its parsed spec.
struct Case {
    name: &'static str,
    text: String,
    spec: MapSpec,
}

/// Parse a map and check that it builds to its reference digest (with `BUILD_PRINT_DIGESTS`
/// set, print the digest instead).
fn case(name: &'static str, text: String, digest: u64) -> (Case, HexMap) {
    let spec = MapSpec::from_toml_str(&text, Some(name)).unwrap();
    let map = spec.build(Source::new(Some(name), &text), "").unwrap();
    let got = digest_of(&map);
    if std::env::var_os("BUILD_PRINT_DIGESTS").is_some() {
        println!("{name}: {} hexes, digest {got:#018x}", map.len());
    } else {
        assert_eq!(
            got, digest,
            "{name}: the built map differs from the reference"
        );
    }
    (Case { name, text, spec }, map)
}

fn digest_of(map: &HexMap) -> u64 {
    digest(&fingerprint(map))
}

fn bench_build(c: &mut Criterion) {
    let standin = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../fixtures/maps/leyte-standin.toml"
    ))
    .unwrap();
    let generated = generate(200, 200, SEED);
    let (standin, _) = case("leyte-standin", standin, STANDIN_DIGEST);
    let (big, big_map) = case("generated-200x200", generated.toml(), GENERATED_DIGEST);
    // The same map given to the builder by coordinates builds the same.
    let builder = generated.builder();
    let by_coordinates = builder.clone().build().unwrap();
    assert_eq!(fingerprint(&by_coordinates), fingerprint(&big_map));

    let mut group = c.benchmark_group("build");
    for case in [&standin, &big] {
        group.bench_function(case.name, |b| {
            b.iter(|| {
                let source = Source::new(Some(case.name), &case.text);
                let map = black_box(&case.spec).build(source, "").unwrap();
                black_box(map.len())
            });
        });
    }
    group.bench_function("generated-200x200-builder-by-coordinates", |b| {
        b.iter_batched(
            || builder.clone(),
            |builder| black_box(builder.build().unwrap().len()),
            BatchSize::LargeInput,
        );
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = bench_build
}
criterion_main!(benches);
