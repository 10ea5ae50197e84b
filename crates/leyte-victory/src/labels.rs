//! Printed labels of hexes that are not on the map: how a label of the map's numbering becomes
//! a hex for the model even when it is off the map (in a hole, beyond the extents), and how the
//! one check of the model ([`crate::Scenario`], [`crate::Position`]) names such a hex in the
//! words [`HexMap::parse`] uses for its label, so that a state read from TOML and one built in
//! code are told the same.

use hexmap::{Hex, HexMap, Label, LabelProblem};

use crate::error::{Diagnostic, ErrorKind};

/// The most a hex's coordinates may be, in absolute value, for its printed offset to be
/// computed without overflow (far beyond any map's, which [`hexmap::limits`] bounds).
const REACH: u32 = 1 << 29;

/// The label a hex is printed with: inside the map's extents (holes included), or beyond them
/// when exactly one sheet's numbering names it with a label that prints and reads back as itself
/// (`1210` just past the last row). `None` when no label names it, or when several sheets would.
pub(crate) fn printed_label(map: &HexMap, hex: Hex) -> Option<Label> {
    if let Some(label) = map.label(hex) {
        return Some(label);
    }
    if hex.q.unsigned_abs() > REACH || hex.r.unsigned_abs() > REACH {
        return None;
    }
    let layout = map.layout();
    let offset = layout.hex_to_offset(hex);
    let mut found = None;
    for sheet in &layout.sheets {
        let row = offset.row.checked_sub(sheet.row_offset);
        let col = offset.col.checked_sub(sheet.column_offset);
        let (Some(Ok(row)), Some(Ok(col))) = (row.map(u16::try_from), col.map(u16::try_from))
        else {
            continue;
        };
        let label = layout.label_at(sheet.prefix, row, col);
        let reads_back = layout.parse_label(&label.to_string()) == Ok(label);
        let names_it = layout.label_offset(label).map(|o| layout.offset_to_hex(o)) == Some(hex);
        if reads_back && names_it {
            if found.is_some() {
                return None;
            }
            found = Some(label);
        }
    }
    found
}

/// The hex a printed label names, on the map or not, for the model's check to judge: a hex of
/// the map, a hole, or a hex beyond the extents that [`printed_label`] names back by this label.
/// `Err` for text that is not a label of the map, or a label beyond the extents that names no
/// one hex (a sheet's row past its last, on another sheet's ground): the reader says so itself.
pub(crate) fn hex_of_label(map: &HexMap, text: &str) -> Result<Hex, LabelProblem> {
    match map.parse(text) {
        Ok(hex) => Ok(hex),
        Err(LabelProblem::Hole(label)) => map
            .layout()
            .label_to_hex(label)
            .ok_or(LabelProblem::Hole(label)),
        Err(problem @ LabelProblem::OutsideExtents { label, .. }) => {
            let layout = map.layout();
            match layout.label_offset(label).map(|o| layout.offset_to_hex(o)) {
                Some(hex) if printed_label(map, hex) == Some(label) => Ok(hex),
                _ => Err(problem),
            }
        }
        Err(problem) => Err(problem),
    }
}

/// A label that is not one of the map's hexes, as a problem of `kind` (message, label and help
/// from [`LabelProblem`]), with no key yet.
pub(crate) fn label_problem(kind: ErrorKind, text: &str, problem: &LabelProblem) -> Diagnostic {
    let d = Diagnostic::new(kind, problem.to_string()).label(text);
    match problem.help() {
        Some(help) => d.help(help),
        None => d,
    }
}

/// Why a hex that is not on the map is not, as [`ErrorKind::Hex`]: what [`HexMap::parse`] says
/// of its printed label (beyond the extents, with the swapped label when that one is on the
/// map; a hole), or, for a hex no label names, its coordinates and the map's extents.
pub(crate) fn off_map(map: &HexMap, hex: Hex) -> Diagnostic {
    if let Some(label) = printed_label(map, hex) {
        let text = label.to_string();
        if let Err(problem) = map.parse(&text) {
            return label_problem(ErrorKind::Hex, &text, &problem);
        }
    }
    let text = map.label_text(hex);
    Diagnostic::new(
        ErrorKind::Hex,
        format!(
            "hex {text} is outside the map ({})",
            map.layout().extents_text()
        ),
    )
    .label(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> HexMap {
        HexMap::from_toml_str(
            r#"
name = "Two rows"
[layout]
orientation = "pointy"
label = "row-column"
rows = [10, 11]
columns = [1, 9]
shifted = "even"
rows_grow = "north"
columns_grow = "east"
[terrain]
legend = { "." = "clear" }
off_map = "~"
grid = '''
11 ........~
10 .........
'''
"#,
            None,
        )
        .unwrap()
    }

    #[test]
    fn a_label_beyond_the_extents_names_a_hex_that_is_named_back_by_it() {
        let map = map();
        for text in ["1210", "0909", "0110", "1010", "1109"] {
            let hex = hex_of_label(&map, text).unwrap();
            assert_eq!(printed_label(&map, hex).unwrap().to_string(), text);
        }
        assert!(!map.contains(hex_of_label(&map, "1210").unwrap()));
        // Not labels of the map: the reader says so.
        assert!(hex_of_label(&map, "10x2").is_err());
        assert!(hex_of_label(&map, "w1001").is_err());
    }

    #[test]
    fn off_the_map_is_said_in_the_words_of_parse() {
        let map = map();
        for text in ["1210", "0110", "1109"] {
            let problem = map.parse(text).unwrap_err();
            let d = off_map(&map, hex_of_label(&map, text).unwrap());
            assert_eq!(d.message, problem.to_string());
            assert_eq!(d.help, problem.help());
            assert_eq!(d.label.as_deref(), Some(text));
        }
        assert_eq!(
            off_map(&map, hex_of_label(&map, "0110").unwrap())
                .help
                .as_deref(),
            Some("did you mean 1001?")
        );
        // A hex no label names: its coordinates, and never a panic far away.
        for hex in [
            Hex::new(i32::MIN, i32::MIN),
            Hex::new(i32::MAX, 0),
            Hex::new(-3, -400),
        ] {
            let d = off_map(&map, hex);
            assert!(d.message.starts_with("hex ("), "{}", d.message);
        }
    }
}
