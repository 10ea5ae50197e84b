//! Placing pieces from a module's palette as VASSAL places them, and writing the saved game
//! as VASSAL 3.x writes it.

use vassal::seq::{Decoder, Encoder};
use vassal::write::{SaveText, add_piece, nest, save_file_3x};

/// The command separator of a saved game.
const ESC: char = '\u{1b}';

/// Where a piece was before its last move: its persistent properties `OldZone`,
/// `OldLocationName`, `OldX`, `OldY`, `OldBoard`, `OldMap`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Before {
    zone: String,
    location: String,
    x: String,
    y: String,
    board: String,
    map: String,
}

impl Before {
    /// A piece dragged from the palette and not moved since: its point in the palette.
    pub(crate) fn palette() -> Before {
        Before {
            x: "37".into(),
            y: "32".into(),
            ..Before::default()
        }
    }

    /// A piece that was at `(x, y)` of `map`'s `board`, at `location` (in no zone).
    pub(crate) fn at(map: &str, board: &str, location: &str, (x, y): (i32, i32)) -> Before {
        Before {
            zone: String::new(),
            location: location.into(),
            x: x.to_string(),
            y: y.to_string(),
            board: board.into(),
            map: map.into(),
        }
    }
}

/// A piece placed: its id, map, point, type and state.
struct Placed {
    id: u64,
    map: String,
    at: (i32, i32),
    ty: String,
    state: String,
}

/// The pieces of a save, placed from a module's palette as VASSAL places them.
pub(crate) struct Table<'m> {
    module: &'m vassal::Module,
    next_id: u64,
    pieces: Vec<Placed>,
}

/// A nested type or state's elements, outermost first (the basic piece's last).
fn chain(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = Some(text.to_string());
    while let Some(s) = rest.take() {
        let mut d = Decoder::new(&s, '\t');
        out.push(d.next().unwrap_or_default());
        rest = d.next();
    }
    out
}

impl<'m> Table<'m> {
    /// No piece yet; the first placed takes the id `first_id`.
    pub(crate) fn new(module: &'m vassal::Module, first_id: u64) -> Self {
        Table {
            module,
            next_id: first_id,
            pieces: Vec::new(),
        }
    }

    /// A piece from the palette entry `slot` (its name, or its path when names repeat) at `at`
    /// of `map`: the entry expanded as VASSAL expands it, the states of the traits `states`
    /// names (by type) set, its basic state written as VASSAL 3.6+ writes it (with where it was
    /// `before`).
    pub(crate) fn place(
        &mut self,
        slot: &str,
        map: &str,
        at: (i32, i32),
        states: &[(&str, &str)],
        before: &Before,
    ) -> Result<(), String> {
        let entry = self
            .module
            .palette
            .iter()
            .find(|e| e.name == slot || e.path == slot)
            .ok_or_else(|| format!("the module has no palette entry `{slot}`"))?;
        let body = entry.definition.strip_prefix("+/").unwrap_or_default();
        let mut d = Decoder::new(body, '/');
        let _null = d.next();
        let (ty, state) = (d.next().unwrap_or_default(), d.next().unwrap_or_default());
        let (ty, state) = self.module.expand(&ty, &state);
        let types = chain(&ty);
        let mut values = chain(&state);
        for (t, v) in states {
            let i = types
                .iter()
                .position(|x| x == t)
                .ok_or_else(|| format!("palette entry `{slot}` has no trait `{t}`"))?;
            values[i] = v.to_string();
        }
        let last = values.len() - 1;
        values[last] = basic_state(map, at, entry.gpid.as_deref().unwrap_or(""), before);
        let (outer, basic) = types.split_at(types.len() - 1);
        let outer: Vec<&str> = outer.iter().map(String::as_str).collect();
        let outer_states: Vec<&str> = values[..last].iter().map(String::as_str).collect();
        self.pieces.push(Placed {
            id: self.next_id,
            map: map.to_string(),
            at,
            ty: nest(&outer, &basic[0]),
            state: nest(&outer_states, &values[last]),
        });
        // A second between placements; the stack made for a piece takes the next id.
        self.next_id += 1000;
        Ok(())
    }

    /// The saved position's commands: each map's pieces (maps in `maps` order), in stacks of
    /// one point each, every member before its stack; after the empty command of 3.x.
    fn restore(&self, maps: &[&str]) -> Result<String, String> {
        if let Some(p) = self.pieces.iter().find(|p| !maps.contains(&p.map.as_str())) {
            return Err(format!(
                "a piece on map `{}`, which the save does not list",
                p.map
            ));
        }
        let mut e = Encoder::new(ESC).push("");
        for map in maps {
            let mut points: Vec<((i32, i32), Vec<&Placed>)> = Vec::new();
            for p in self.pieces.iter().filter(|p| p.map == *map) {
                match points.iter_mut().find(|(at, _)| *at == p.at) {
                    Some((_, members)) => members.push(p),
                    None => points.push((p.at, vec![p])),
                }
            }
            for ((x, y), members) in points {
                let mut stack = Encoder::new(';')
                    .push(map)
                    .push(&x.to_string())
                    .push(&y.to_string());
                for p in &members {
                    e = e.push(&add_piece(&p.id.to_string(), &p.ty, &p.state));
                    stack = stack.push(&p.id.to_string());
                }
                let id = members[0].id + 1;
                let state = stack.push("@@-1").finish();
                e = e.push(&add_piece(&id.to_string(), "stack", &state));
            }
        }
        Ok(e.finish())
    }

    /// The file: the position, the players (no password), each map's boards (map, board); made
    /// with `version` of the module (the module's version, VASSAL's).
    pub(crate) fn finish(
        self,
        boards: &[(&str, &str)],
        players: &[(&str, &str)],
        (module, vassal): (&str, &str),
    ) -> Result<Vec<u8>, String> {
        let maps: Vec<&str> = boards.iter().map(|b| b.0).collect();
        let mut text = SaveText::new().command("").command(&self.restore(&maps)?);
        for (name, side) in players {
            let player = Encoder::new('\t')
                .push("PLAYER")
                .push("")
                .push(name)
                .push(side)
                .finish();
            text = text.command(&player);
        }
        for (map, board) in boards {
            text = text.boards(map, &[(board, 0, 0)]);
        }
        let saved = self.next_id + 60_000;
        Ok(save_file_3x(
            text.finish().as_bytes(),
            &self.module.name,
            module,
            vassal,
            saved,
        ))
    }
}

/// A basic piece's state as VASSAL 3.6+ writes it: `map;x;y;gpid;count;(key;value)*`.
fn basic_state(map: &str, (x, y): (i32, i32), gpid: &str, b: &Before) -> String {
    let pairs = [
        ("OldZone", &b.zone),
        ("OldLocationName", &b.location),
        ("OldX", &b.x),
        ("OldY", &b.y),
        ("OldBoard", &b.board),
        ("OldMap", &b.map),
    ];
    let mut e = Encoder::new(';')
        .push(map)
        .push(&x.to_string())
        .push(&y.to_string())
        .push(gpid)
        .push(&pairs.len().to_string());
    for (k, v) in pairs {
        e = e.push(k).push(v);
    }
    e.finish()
}
