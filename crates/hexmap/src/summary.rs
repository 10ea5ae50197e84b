//! A readable summary of a map, for people and snapshot tests.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use petgraph::unionfind::UnionFind;
use petgraph::visit::{EdgeCount, EdgeRef, IntoEdgeReferences};

use crate::layout::{LabelOrder, Orientation, Parity};
use crate::map::HexMap;

impl HexMap {
    /// A deterministic multi-line summary: layout, counts, terrain, features, places, areas,
    /// hexside counts and the connected components of the road/trail net.
    pub fn summary(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "map: {}", self.name());
        self.summary_layout(&mut out);
        self.summary_terrain(&mut out);
        self.summary_named(&mut out);
        self.summary_hexsides(&mut out);
        self.summary_road_net(&mut out);
        out
    }

    /// The layout line and the hex counts.
    fn summary_layout(&self, out: &mut String) {
        let l = self.layout();
        let _ = writeln!(
            out,
            "layout: {} hexes, labels {}, {} {} shifted, rows grow {:?}, columns grow {:?}",
            match l.orientation {
                Orientation::Flat => "flat-topped",
                Orientation::Pointy => "pointy-topped",
            },
            match l.order {
                LabelOrder::RowColumn => "row-column",
                LabelOrder::ColumnRow => "column-row",
            },
            match l.shifted {
                Parity::Odd => "odd",
                Parity::Even => "even",
            },
            match l.orientation {
                Orientation::Flat => "columns",
                Orientation::Pointy => "rows",
            },
            l.rows_grow,
            l.columns_grow,
        );
        let in_extents = l.labels().count();
        let _ = writeln!(
            out,
            "hexes: {} on the map, {} holes, {} inside the extents",
            self.len(),
            in_extents - self.len(),
            in_extents
        );
    }

    /// How many hexes of each terrain type, by name.
    fn summary_terrain(&self, out: &mut String) {
        let mut terrain: BTreeMap<&str, usize> = BTreeMap::new();
        for h in self.hexes() {
            *terrain
                .entry(self.terrain_names()[usize::from(h.terrain)].as_str())
                .or_default() += 1;
        }
        let _ = writeln!(out, "terrain:");
        for (t, n) in terrain {
            let _ = writeln!(out, "  {t}: {n}");
        }
    }

    /// Features, places and areas with their hexes.
    fn summary_named(&self, out: &mut String) {
        let _ = writeln!(out, "features:");
        for (feature, f) in self.hex_features() {
            let hexes: Vec<String> = self
                .hexes_with(feature)
                .iter()
                .map(|h| self.label_text(*h))
                .collect();
            let _ = writeln!(out, "  {f} ({}): {}", hexes.len(), hexes.join(" "));
        }
        let _ = writeln!(out, "places:");
        for p in self.places() {
            let _ = writeln!(out, "  {}: {}", p.name, self.label_text(p.hex));
        }
        let _ = writeln!(out, "areas:");
        for a in self.areas() {
            let hexes: Vec<String> = a.hexes.iter().map(|h| self.label_text(*h)).collect();
            let _ = writeln!(out, "  {} ({}): {}", a.key, a.name, hexes.join(" "));
        }
    }

    /// The hexside counts.
    fn summary_hexsides(&self, out: &mut String) {
        let count = |f: fn(&crate::Hexside) -> bool| {
            self.edge_references().filter(|e| f(e.weight())).count()
        };
        let _ = writeln!(
            out,
            "hexsides: {} shared, {} road, {} trail, {} block ZOC, {} impassable",
            self.edge_count(),
            count(|w| w.road),
            count(|w| w.trail),
            count(|w| w.blocks_zoc),
            count(|w| w.impassable)
        );
    }

    /// The connected components of the road/trail net, largest first.
    fn summary_road_net(&self, out: &mut String) {
        let mut uf = UnionFind::<usize>::new(self.len());
        for e in self
            .edge_references()
            .filter(|e| e.weight().road_or_trail())
        {
            uf.union(e.source().index(), e.target().index());
        }
        let mut comps: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (i, h) in self.hexes().iter().enumerate() {
            if h.on_road_net {
                comps.entry(uf.find(i)).or_default().push(i);
            }
        }
        let mut comps: Vec<Vec<usize>> = comps.into_values().collect();
        comps.sort_by(|a, b| b.len().cmp(&a.len()).then(a[0].cmp(&b[0])));
        let on_net: usize = comps.iter().map(Vec::len).sum();
        let _ = writeln!(
            out,
            "road/trail net: {on_net} hexes in {} component(s)",
            comps.len()
        );
        for c in comps {
            let _ = writeln!(
                out,
                "  {} hexes, from {}",
                c.len(),
                self.hexes()[c[0]].label
            );
        }
    }
}
