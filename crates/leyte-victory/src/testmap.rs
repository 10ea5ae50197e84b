//! Seeded random maps for the unit tests (which read no files, so that they run from the
//! published package too): roads and trails as random walks, a few hexsides blocking zones of
//! control or impassable, beaches on the west and north edges, a few airfields.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use hexmap::HexMap;
use wargame_kit::rng::Rng;

fn quoted(labels: &[String]) -> String {
    let q: Vec<String> = labels.iter().map(|l| format!("\"{l}\"")).collect();
    format!("[{}]", q.join(", "))
}

/// A `size` x `size` map (flat-topped, labels row-column), from `seed`.
pub(crate) fn map(size: u16, seed: u64) -> HexMap {
    let layout = format!(
        "name = \"Random {seed}\"\n[layout]\norientation = \"flat\"\nlabel = \"row-column\"\nrows = [1, {size}]\ncolumns = [1, {size}]\nshifted = \"odd\"\nrows_grow = \"north\"\ncolumns_grow = \"east\"\n"
    );
    let base = HexMap::from_toml_str(&layout, None).unwrap();
    let mut rng = Rng::new(seed);
    let hexes = base.hexes();
    let label = |n: usize| base.label_text(hexes[n].hex);
    // Every hexside gets at most one kind, each listed as a pair of labels.
    let mut used = std::collections::BTreeSet::new();
    let mut pair = |a: usize, b: usize| {
        used.insert((a.min(b), a.max(b)))
            .then(|| quoted(&[label(a), label(b)]))
    };
    let mut kinds: [Vec<String>; 4] = Default::default();
    for (kind, walks, steps) in [
        (0, 6, usize::from(size) * 2),
        (1, 4, usize::from(size)),
        (2, 12, 1),
        (3, 8, 1),
    ] {
        for _ in 0..walks {
            let mut n = rng.below(hexes.len());
            for _ in 0..=rng.below(steps) {
                let around: Vec<_> = base.neighbors(hexes[n].hex).collect();
                let (next, _) = around[rng.below(around.len())];
                let m = base.node(next).unwrap().index();
                kinds[kind].extend(pair(n, m));
                n = m;
            }
        }
    }
    let [roads, trails, blocks_zoc, impassable] = kinds;
    let west: Vec<String> = (1..=size).step_by(3).map(|r| format!("{r:02}01")).collect();
    let north: Vec<String> = (2..=size)
        .step_by(4)
        .map(|c| format!("{size:02}{c:02}"))
        .collect();
    let mut airfields: Vec<String> = (0..3).map(|_| label(rng.below(hexes.len()))).collect();
    airfields.sort();
    airfields.dedup();
    let text = format!(
        "{layout}[features]\nairfield = {}\n[areas.northern-beach]\nname = \"Northern Beach Area\"\nhexes = {}\n[areas.eastern-beach]\nname = \"Eastern Beach Area\"\nhexes = {}\n[hexsides]\nroads = [{}]\ntrails = [{}]\nblocks_zoc = [{}]\nimpassable = [{}]\n",
        quoted(&airfields),
        quoted(&north),
        quoted(&west),
        roads.join(", "),
        trails.join(", "),
        blocks_zoc.join(", "),
        impassable.join(", ")
    );
    HexMap::from_toml_str(&text, None).unwrap()
}
