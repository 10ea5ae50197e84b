//! Printed hex labels (`0512`, `2428`, `w2819`) and the layout that ties them to [`Hex`]es.
//!
//! A printed label is an optional one-letter sheet prefix followed by two numbers of a fixed
//! number of digits each. Which number is the row and which the column is declared by the
//! map ([`LabelOrder`]); so are the hex orientation, which printed lines are shifted half a hex,
//! and which compass direction each number grows toward.
//!
//! # From printed numbers to axial coordinates
//! Lines are the straight lines of hexes: columns on a [`Orientation::Flat`] map (flat-topped
//! hexes), rows on a [`Orientation::Pointy`] map. The lines named by [`Layout::shifted`] (odd or
//! even, counted 1-based exactly as printed) sit half a hex toward the *higher* numbers of the
//! other axis. Adjacency depends only on these two facts; the compass directions
//! ([`Layout::rows_grow`], [`Layout::columns_grow`]) only decide how a drawing is oriented, so
//! that it is not mirrored.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use crate::coord::{Direction, Hex};

/// A label as printed on a map: optional sheet prefix plus two numbers.
///
/// `first` and `second` are the two numbers in printed order; which of them is the row is the
/// map's [`LabelOrder`]. `width` is the number of digits of each number (2 for `0512`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Label {
    /// One-letter sheet prefix (`w` in `w2819`), if any.
    pub sheet: Option<char>,
    /// The first printed number (`05` in `0512`).
    pub first: u16,
    /// The second printed number (`12` in `0512`).
    pub second: u16,
    /// Digits per number, for printing with leading zeros.
    pub width: u8,
}

/// Why a string is not a label.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LabelError {
    /// Empty input.
    Empty,
    /// The digits are not two numbers of the expected width.
    Digits {
        /// The text given.
        label: String,
        /// Total digits expected.
        expected: usize,
        /// Digits per number.
        width: u8,
    },
    /// The sheet prefix is not one this map declares.
    UnknownSheet {
        /// The text given.
        label: String,
        /// The prefix found.
        prefix: char,
        /// The sheets the map declares, readable.
        known: String,
    },
}

impl fmt::Display for LabelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LabelError::Empty => write!(f, "empty hex label"),
            LabelError::Digits {
                label,
                expected,
                width,
            } => write!(
                f,
                "hex label `{label}` must be {expected} digits (two numbers of {width} digits), \
                 optionally after a one-letter sheet prefix"
            ),
            LabelError::UnknownSheet {
                label,
                prefix,
                known,
            } => write!(
                f,
                "hex label `{label}` has sheet prefix `{prefix}`, but this map's sheets are {known}"
            ),
        }
    }
}

impl std::error::Error for LabelError {}

impl Label {
    /// Parse a label of `width` digits per number with any one-letter prefix.
    ///
    /// ```
    /// use hexmap::Label;
    /// let l = Label::parse("w2819", 2).unwrap();
    /// assert_eq!((l.sheet, l.first, l.second), (Some('w'), 28, 19));
    /// assert_eq!(l.to_string(), "w2819");
    /// assert!(Label::parse("281", 2).is_err());
    /// ```
    pub fn parse(text: &str, width: u8) -> Result<Label, LabelError> {
        let text = text.trim();
        let mut chars = text.chars();
        let (sheet, digits) = match chars.next() {
            None => return Err(LabelError::Empty),
            Some(c) if c.is_ascii_alphabetic() => (Some(c), chars.as_str()),
            Some(_) => (None, text),
        };
        let w = usize::from(width);
        let bad = || LabelError::Digits {
            label: text.to_string(),
            expected: 2 * w,
            width,
        };
        if w == 0 || digits.len() != 2 * w || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        // Every byte is an ASCII digit: only a number too large for `u16` fails here.
        let number = |digits: &[u8]| {
            digits.iter().try_fold(0u16, |n, b| {
                n.checked_mul(10)?
                    .checked_add(u16::from(b.saturating_sub(b'0')))
            })
        };
        let (first, second) = digits.as_bytes().split_at(w);
        let first = number(first).ok_or_else(bad)?;
        let second = number(second).ok_or_else(bad)?;
        Ok(Label {
            sheet,
            first,
            second,
            width,
        })
    }
}

impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(s) = self.sheet {
            write!(f, "{s}")?;
        }
        let w = usize::from(self.width);
        write!(f, "{:0w$}{:0w$}", self.first, self.second)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Label {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Whether hexes have a flat top (straight columns) or a pointed top (straight rows).
///
/// Closed (exhaustive): a hex is flat or pointy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Orientation {
    /// Flat-topped hexes: columns are straight, rows zig-zag.
    Flat,
    /// Pointy-topped hexes: rows are straight, columns zig-zag.
    Pointy,
}

/// Which printed number comes first in a label.
///
/// Closed (exhaustive): a label has two numbers, so one of them comes first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum LabelOrder {
    /// Row first, then column (`2428` is row 24, column 28).
    RowColumn,
    /// Column first, then row.
    ColumnRow,
}

/// Odd or even printed lines (1-based, as printed).
///
/// Closed (exhaustive): a line number is odd or even.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Parity {
    /// Lines 1, 3, 5, ...
    Odd,
    /// Lines 2, 4, 6, ...
    Even,
}

/// A compass direction, for how a drawing is oriented.
///
/// Closed (exhaustive): rows and columns of a printed map grow toward one of the four cardinal
/// points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub enum Compass {
    /// Up on the drawing.
    North,
    /// Down on the drawing.
    South,
    /// Right on the drawing.
    East,
    /// Left on the drawing.
    West,
}

/// One sheet of a map: its prefix, printed extents and where it sits in the whole map.
///
/// Made with [`Sheet::new`] (an unprefixed map) or [`Sheet::prefixed`], then
/// [`Sheet::with_offset`]:
///
/// ```
/// use hexmap::Sheet;
/// let west = Sheet::prefixed('w', 1..=29, 1..=32);
/// let east = Sheet::prefixed('e', 1..=29, 1..=32).with_offset(0, 32);
/// assert_eq!((east.prefix, east.rows, east.columns), (Some('e'), (1, 29), (1, 32)));
/// assert_eq!((west.column_offset, east.column_offset), (0, 32));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Sheet {
    /// The one-letter prefix of its labels, or `None` for an unprefixed map.
    pub prefix: Option<char>,
    /// First and last printed row number.
    pub rows: (u16, u16),
    /// First and last printed column number.
    pub columns: (u16, u16),
    /// Added to a printed row number to place the sheet in the whole map.
    pub row_offset: i32,
    /// Added to a printed column number to place the sheet in the whole map.
    pub column_offset: i32,
}

/// How printed labels map to hexes, and how the map is drawn.
///
/// Made with [`Layout::row_column`] or [`Layout::column_row`] (one unprefixed sheet) or
/// [`Layout::new`] (any sheets), then the `with_*` setters. The defaults are two digits per
/// number, even lines shifted, rows growing north and columns growing east.
///
/// ```
/// use hexmap::{Compass, Layout, Orientation, Parity, Sheet};
///
/// // Nine pointy hexes in row 10, labelled `1001` to `1009`.
/// let line = Layout::row_column(Orientation::Pointy, 10..=10, 1..=9);
/// assert_eq!(line.labels().count(), 9);
/// let hex = line.label_to_hex(line.parse_label("1005").unwrap()).unwrap();
/// assert_eq!(line.hex_to_label(hex).unwrap().to_string(), "1005");
///
/// // Flat hexes numbered column first, odd columns shifted, rows growing south, 3 digits.
/// let big = Layout::column_row(Orientation::Flat, 1..=120, 1..=80)
///     .with_shifted(Parity::Odd)
///     .with_growth(Compass::South, Compass::East)
///     .with_digits(3);
/// assert!(big.parse_label("012034").is_ok());
///
/// // Two prefixed sheets side by side.
/// let two = Layout::row_column(Orientation::Pointy, 1..=1, 1..=1).with_sheets(vec![
///     Sheet::prefixed('w', 1..=29, 1..=32),
///     Sheet::prefixed('e', 1..=29, 1..=32).with_offset(0, 32),
/// ]);
/// assert!(two.parse_label("e0101").is_ok());
/// assert!(two.parse_label("0101").is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Layout {
    /// Flat or pointy-topped hexes.
    pub orientation: Orientation,
    /// Row first or column first in labels.
    pub order: LabelOrder,
    /// Digits per number in a label (2 for `0512`).
    pub digits: u8,
    /// Which printed lines (columns when flat, rows when pointy) sit half a hex toward higher
    /// numbers of the other axis.
    pub shifted: Parity,
    /// The compass direction row numbers grow toward (`North` or `South`).
    pub rows_grow: Compass,
    /// The compass direction column numbers grow toward (`East` or `West`).
    pub columns_grow: Compass,
    /// The sheets; a map without prefixes has one sheet with `prefix: None`.
    pub sheets: Vec<Sheet>,
}

/// Row and column of a hex in whole-map printed numbering (sheet offsets applied).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Offset {
    /// Column number.
    pub col: i32,
    /// Row number.
    pub row: i32,
}

impl Sheet {
    /// The sheet of an unprefixed map: printed rows and columns, first to last, placed at
    /// offset (0, 0).
    pub fn new(rows: RangeInclusive<u16>, columns: RangeInclusive<u16>) -> Sheet {
        Sheet {
            prefix: None,
            rows: (*rows.start(), *rows.end()),
            columns: (*columns.start(), *columns.end()),
            row_offset: 0,
            column_offset: 0,
        }
    }

    /// A sheet whose labels start with a one-letter prefix (`w` in `w2819`), placed at offset
    /// (0, 0).
    pub fn prefixed(
        prefix: char,
        rows: RangeInclusive<u16>,
        columns: RangeInclusive<u16>,
    ) -> Sheet {
        Sheet {
            prefix: Some(prefix),
            ..Sheet::new(rows, columns)
        }
    }

    /// Place the sheet in the whole map: `row` and `column` are added to its printed numbers.
    pub fn with_offset(mut self, row: i32, column: i32) -> Sheet {
        self.row_offset = row;
        self.column_offset = column;
        self
    }
}

impl Layout {
    /// A layout with these sheets and the defaults: two digits per number, even lines shifted,
    /// rows growing north, columns growing east.
    ///
    /// ```
    /// use hexmap::{LabelOrder, Layout, Orientation, Sheet};
    /// let l = Layout::new(Orientation::Flat, LabelOrder::ColumnRow, vec![Sheet::new(1..=2, 1..=3)]);
    /// assert_eq!(l.labels().map(|l| l.to_string()).collect::<Vec<_>>(),
    ///            ["0101", "0201", "0301", "0102", "0202", "0302"]);
    /// ```
    pub fn new(orientation: Orientation, order: LabelOrder, sheets: Vec<Sheet>) -> Layout {
        Layout {
            orientation,
            order,
            digits: 2,
            shifted: Parity::Even,
            rows_grow: Compass::North,
            columns_grow: Compass::East,
            sheets,
        }
    }

    /// The printed extents and how labels read, in words: `rows 10-11, columns 01-09; labels
    /// read row then column, as 1001`. For a map of several sheets, each sheet's.
    ///
    /// ```
    /// use hexmap::{Layout, Orientation};
    /// let l = Layout::row_column(Orientation::Flat, 10..=11, 1..=9);
    /// assert_eq!(l.extents_text(), "rows 10-11, columns 01-09; labels read row then column, as 1001");
    /// ```
    pub fn extents_text(&self) -> String {
        let w = usize::from(self.digits);
        let range = |(lo, hi): (u16, u16)| format!("{lo:0w$}-{hi:0w$}");
        let sheets: Vec<String> = self
            .sheets
            .iter()
            .map(|s| {
                let prefix = s.prefix.map(|p| format!("sheet {p}: ")).unwrap_or_default();
                format!(
                    "{prefix}rows {}, columns {}",
                    range(s.rows),
                    range(s.columns)
                )
            })
            .collect();
        let example = self.sheets.first().map(|s| {
            let label = self.label_at(s.prefix, s.rows.0, s.columns.0);
            label.to_string()
        });
        let order = match self.order {
            LabelOrder::RowColumn => "row then column",
            LabelOrder::ColumnRow => "column then row",
        };
        let mut text = sheets.join("; ");
        text.push_str(&format!("; labels read {order}"));
        if let Some(e) = example {
            text.push_str(&format!(", as {e}"));
        }
        text
    }

    /// Labels printed row first (`2428` is row 24, column 28), one unprefixed sheet with these
    /// printed rows and columns, and the defaults of [`Layout::new`].
    pub fn row_column(
        orientation: Orientation,
        rows: RangeInclusive<u16>,
        columns: RangeInclusive<u16>,
    ) -> Layout {
        Layout::new(
            orientation,
            LabelOrder::RowColumn,
            vec![Sheet::new(rows, columns)],
        )
    }

    /// Labels printed column first (`0512` is column 5, row 12), one unprefixed sheet with these
    /// printed columns and rows, and the defaults of [`Layout::new`].
    pub fn column_row(
        orientation: Orientation,
        columns: RangeInclusive<u16>,
        rows: RangeInclusive<u16>,
    ) -> Layout {
        Layout::new(
            orientation,
            LabelOrder::ColumnRow,
            vec![Sheet::new(rows, columns)],
        )
    }

    /// With this many digits per number (2 for `0512`).
    pub fn with_digits(mut self, digits: u8) -> Layout {
        self.digits = digits;
        self
    }

    /// With these printed lines (columns when flat, rows when pointy) shifted half a hex toward
    /// higher numbers of the other axis.
    pub fn with_shifted(mut self, shifted: Parity) -> Layout {
        self.shifted = shifted;
        self
    }

    /// With row numbers growing toward `rows` (`North` or `South`) and column numbers toward
    /// `columns` (`East` or `West`).
    pub fn with_growth(mut self, rows: Compass, columns: Compass) -> Layout {
        self.rows_grow = rows;
        self.columns_grow = columns;
        self
    }

    /// With these sheets instead.
    pub fn with_sheets(mut self, sheets: Vec<Sheet>) -> Layout {
        self.sheets = sheets;
        self
    }

    /// 0 when odd lines are shifted, 1 when even lines are: the rounding term of the
    /// offset <-> axial conversion.
    fn stagger(&self) -> i32 {
        match self.shifted {
            Parity::Odd => 0,
            Parity::Even => 1,
        }
    }

    /// Whole-map printed `(col, row)` to axial.
    pub fn offset_to_hex(&self, o: Offset) -> Hex {
        let e = self.stagger();
        match self.orientation {
            // Straight rows; a shifted row sits half a hex toward higher columns.
            Orientation::Pointy => Hex::new(o.col - (o.row + e).div_euclid(2), o.row),
            // Straight columns; a shifted column sits half a hex toward higher rows.
            Orientation::Flat => Hex::new(o.col, o.row - (o.col + e).div_euclid(2)),
        }
    }

    /// Axial to whole-map printed `(col, row)`; the inverse of [`Layout::offset_to_hex`].
    pub fn hex_to_offset(&self, h: Hex) -> Offset {
        let e = self.stagger();
        match self.orientation {
            Orientation::Pointy => Offset {
                col: h.q + (h.r + e).div_euclid(2),
                row: h.r,
            },
            Orientation::Flat => Offset {
                col: h.q,
                row: h.r + (h.q + e).div_euclid(2),
            },
        }
    }

    /// The compass name of a direction on this map as printed: pointy hexes have sides `NE E
    /// SE SW W NW`, flat hexes `N NE SE S SW NW`, and which axial direction faces which point
    /// follows the way rows and columns grow ([`Layout::rows_grow`], [`Layout::columns_grow`]).
    ///
    /// ```
    /// use hexmap::{Compass, Direction, Layout, Orientation};
    /// let pointy = Layout::row_column(Orientation::Pointy, 1..=20, 1..=20);
    /// let names: Vec<_> = Direction::ALL.iter().map(|d| pointy.direction_name(*d)).collect();
    /// assert_eq!(names, ["E", "SE", "SW", "W", "NW", "NE"]); // rows grow north
    /// let south = pointy.clone().with_growth(Compass::South, Compass::East);
    /// assert_eq!(south.direction_name(Direction::ALL[1]), "NE");
    /// let flat = Layout::column_row(Orientation::Flat, 1..=20, 1..=20);
    /// assert_eq!(flat.direction_named("n"), Some(Direction::ALL[5]));
    /// assert_eq!(flat.direction_named("E"), None); // a flat hex has no east side
    /// ```
    pub fn direction_name(&self, dir: Direction) -> &'static str {
        let (dq, dr) = dir.offset();
        let east = if self.columns_grow == Compass::West {
            -1
        } else {
            1
        };
        let north = if self.rows_grow == Compass::South {
            -1
        } else {
            1
        };
        // Twice the step on the drawing, toward higher columns and toward higher rows (a
        // shifted line sits half a hex toward higher numbers), turned to east and north.
        let (x, y) = match self.orientation {
            Orientation::Pointy => ((2 * dq + dr) * east, dr * north),
            Orientation::Flat => (dq * east, (2 * dr + dq) * north),
        };
        match (y.signum(), x.signum()) {
            (0, 1) => "E",
            (0, _) => "W",
            (1, 0) => "N",
            (1, 1) => "NE",
            (1, _) => "NW",
            (_, 0) => "S",
            (_, 1) => "SE",
            (_, _) => "SW",
        }
    }

    /// The direction a compass name ([`Layout::direction_name`], any case) names on this
    /// map, if its hexes have a side that way.
    pub fn direction_named(&self, name: &str) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| self.direction_name(*d).eq_ignore_ascii_case(name))
    }

    /// The names of the six sides of this map's hexes, clockwise from the northmost
    /// (`NE E SE SW W NW` for pointy hexes, `N NE SE S SW NW` for flat ones).
    pub fn direction_names(&self) -> [&'static str; 6] {
        match self.orientation {
            Orientation::Pointy => ["NE", "E", "SE", "SW", "W", "NW"],
            Orientation::Flat => ["N", "NE", "SE", "S", "SW", "NW"],
        }
    }

    /// Whether a whole-map line number is one of the shifted lines.
    pub fn is_shifted(&self, line: i32) -> bool {
        (line.rem_euclid(2) == 1) == (self.shifted == Parity::Odd)
    }

    /// Parse a label with this layout's digit width and check its sheet prefix.
    pub fn parse_label(&self, text: &str) -> Result<Label, LabelError> {
        let label = Label::parse(text, self.digits)?;
        if self.sheet(label.sheet).is_none() {
            let known = self
                .sheets
                .iter()
                .map(|s| match s.prefix {
                    Some(p) => format!("`{p}`"),
                    None => "unprefixed".to_string(),
                })
                .collect::<Vec<_>>()
                .join(", ");
            return Err(match label.sheet {
                Some(prefix) => LabelError::UnknownSheet {
                    label: text.trim().to_string(),
                    prefix,
                    known,
                },
                None => LabelError::Digits {
                    label: text.trim().to_string(),
                    expected: 2 * usize::from(self.digits),
                    width: self.digits,
                },
            });
        }
        Ok(label)
    }

    fn sheet(&self, prefix: Option<char>) -> Option<&Sheet> {
        self.sheets.iter().find(|s| s.prefix == prefix)
    }

    /// The printed (row, column) of a label, per this layout's order.
    pub fn row_col(&self, label: Label) -> (u16, u16) {
        match self.order {
            LabelOrder::RowColumn => (label.first, label.second),
            LabelOrder::ColumnRow => (label.second, label.first),
        }
    }

    /// The label printed for a sheet's (row, column).
    pub fn label_at(&self, prefix: Option<char>, row: u16, col: u16) -> Label {
        let (first, second) = match self.order {
            LabelOrder::RowColumn => (row, col),
            LabelOrder::ColumnRow => (col, row),
        };
        Label {
            sheet: prefix,
            first,
            second,
            width: self.digits,
        }
    }

    /// Whether the label lies within its sheet's printed extents.
    pub fn in_extents(&self, label: Label) -> bool {
        let Some(sheet) = self.sheet(label.sheet) else {
            return false;
        };
        let (row, col) = self.row_col(label);
        (sheet.rows.0..=sheet.rows.1).contains(&row)
            && (sheet.columns.0..=sheet.columns.1).contains(&col)
    }

    /// The whole-map offset of a label (sheet offsets applied), if its sheet exists.
    pub fn label_offset(&self, label: Label) -> Option<Offset> {
        let sheet = self.sheet(label.sheet)?;
        let (row, col) = self.row_col(label);
        Some(Offset {
            col: i32::from(col).checked_add(sheet.column_offset)?,
            row: i32::from(row).checked_add(sheet.row_offset)?,
        })
    }

    /// The hex a label names, if it lies within its sheet's extents.
    pub fn label_to_hex(&self, label: Label) -> Option<Hex> {
        if !self.in_extents(label) {
            return None;
        }
        self.label_offset(label).map(|o| self.offset_to_hex(o))
    }

    /// The label of a hex, if it lies within some sheet's extents.
    pub fn hex_to_label(&self, hex: Hex) -> Option<Label> {
        let o = self.checked_hex_to_offset(hex)?;
        self.sheets.iter().find_map(|s| {
            let row = u16::try_from(o.row.checked_sub(s.row_offset)?).ok()?;
            let col = u16::try_from(o.col.checked_sub(s.column_offset)?).ok()?;
            let label = self.label_at(s.prefix, row, col);
            self.in_extents(label).then_some(label)
        })
    }

    /// [`Layout::hex_to_offset`], or `None` when the numbers do not fit (a hex far outside any
    /// map).
    pub(crate) fn checked_hex_to_offset(&self, h: Hex) -> Option<Offset> {
        let e = self.stagger();
        Some(match self.orientation {
            Orientation::Pointy => Offset {
                col: h.q.checked_add(h.r.checked_add(e)?.div_euclid(2))?,
                row: h.r,
            },
            Orientation::Flat => Offset {
                col: h.q,
                row: h.r.checked_add(h.q.checked_add(e)?.div_euclid(2))?,
            },
        })
    }

    /// Every label of every sheet, in sheet order, then row, then column.
    pub fn labels(&self) -> impl Iterator<Item = Label> + '_ {
        self.sheets.iter().flat_map(move |s| {
            (s.rows.0..=s.rows.1).flat_map(move |row| {
                (s.columns.0..=s.columns.1).map(move |col| self.label_at(s.prefix, row, col))
            })
        })
    }
}

/// The labels inside a layout's extents numbered densely in label order (sheet by sheet, then
/// row, then column, as [`Layout::labels`]): the index of the map builder's tables, reached from
/// a label or a hex without formatting or parsing anything.
#[derive(Clone, Debug)]
pub(crate) struct Slots {
    sheets: Vec<SheetSlots>,
    len: usize,
}

/// One sheet's part of [`Slots`].
#[derive(Clone, Copy, Debug)]
pub(crate) struct SheetSlots {
    /// The sheet's prefix.
    pub(crate) prefix: Option<char>,
    /// First and last printed row.
    pub(crate) rows: (u16, u16),
    /// First and last printed column.
    pub(crate) columns: (u16, u16),
    /// Added to printed rows and columns to place the sheet in the whole map.
    pub(crate) row_offset: i32,
    /// See `row_offset`.
    pub(crate) column_offset: i32,
    /// Columns per row.
    width: usize,
    /// The slot of its first label.
    base: usize,
}

impl SheetSlots {
    /// The slot of a printed row and column of this sheet.
    fn slot(&self, row: u16, col: u16) -> Option<usize> {
        if !(self.rows.0..=self.rows.1).contains(&row)
            || !(self.columns.0..=self.columns.1).contains(&col)
        {
            return None;
        }
        let within = usize::from(row - self.rows.0)
            .checked_mul(self.width)?
            .checked_add(usize::from(col - self.columns.0))?;
        self.base.checked_add(within)
    }

    /// The whole-map offset of a printed row and column (sheet offsets applied; the builder
    /// checks the layout first, so nothing saturates).
    pub(crate) fn offset(&self, row: u16, col: u16) -> Offset {
        Offset {
            col: i32::from(col).saturating_add(self.column_offset),
            row: i32::from(row).saturating_add(self.row_offset),
        }
    }
}

impl Slots {
    /// The slots of a layout; `None` when a sheet is empty or the extents hold more than
    /// `limit` labels.
    pub(crate) fn new(layout: &Layout, limit: usize) -> Option<Slots> {
        let mut sheets = Vec::with_capacity(layout.sheets.len());
        let mut len = 0usize;
        for s in &layout.sheets {
            if s.rows.0 > s.rows.1 || s.columns.0 > s.columns.1 {
                return None;
            }
            let width = usize::from(s.columns.1 - s.columns.0) + 1;
            let height = usize::from(s.rows.1 - s.rows.0) + 1;
            let base = len;
            len = len.checked_add(width.checked_mul(height)?)?;
            if len > limit {
                return None;
            }
            sheets.push(SheetSlots {
                prefix: s.prefix,
                rows: s.rows,
                columns: s.columns,
                row_offset: s.row_offset,
                column_offset: s.column_offset,
                width,
                base,
            });
        }
        Some(Slots { sheets, len })
    }

    /// How many labels the extents hold.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The sheets, in order.
    pub(crate) fn sheets(&self) -> &[SheetSlots] {
        &self.sheets
    }

    /// The slot of a label, if it lies within its sheet's extents ([`Layout::in_extents`]).
    pub(crate) fn of_label(&self, layout: &Layout, label: Label) -> Option<usize> {
        let s = self.sheets.iter().find(|s| s.prefix == label.sheet)?;
        let (row, col) = layout.row_col(label);
        s.slot(row, col)
    }

    /// The slot of a sheet's printed row and column.
    #[cfg_attr(not(feature = "toml"), allow(dead_code))] // read by the map file format
    pub(crate) fn of_row_col(&self, prefix: Option<char>, row: u16, col: u16) -> Option<usize> {
        self.sheets
            .iter()
            .find(|s| s.prefix == prefix)?
            .slot(row, col)
    }

    /// The slot of a hex, if it lies within some sheet's extents ([`Layout::hex_to_label`]).
    pub(crate) fn of_hex(&self, layout: &Layout, hex: Hex) -> Option<usize> {
        let o = layout.checked_hex_to_offset(hex)?;
        self.sheets.iter().find_map(|s| {
            let row = u16::try_from(o.row.checked_sub(s.row_offset)?).ok()?;
            let col = u16::try_from(o.col.checked_sub(s.column_offset)?).ok()?;
            s.slot(row, col)
        })
    }
}

impl FromStr for Orientation {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "flat" => Ok(Orientation::Flat),
            "pointy" => Ok(Orientation::Pointy),
            _ => Err(format!(
                "unknown orientation `{s}` (expected `flat` or `pointy`)"
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(orientation: Orientation, shifted: Parity) -> Layout {
        Layout::row_column(orientation, 1..=29, 1..=32).with_shifted(shifted)
    }

    #[test]
    fn every_label_round_trips_in_every_layout() {
        for o in [Orientation::Flat, Orientation::Pointy] {
            for p in [Parity::Odd, Parity::Even] {
                let l = layout(o, p);
                let mut seen = std::collections::HashSet::new();
                for label in l.labels() {
                    let hex = l.label_to_hex(label).unwrap();
                    assert!(seen.insert(hex), "two labels on {hex:?}");
                    assert_eq!(l.hex_to_label(hex), Some(label));
                }
                assert_eq!(seen.len(), 928);
            }
        }
    }

    #[test]
    fn straight_lines_are_adjacent_and_stagger_follows_parity() {
        // Pointy, even rows shifted toward higher columns: row 2 col 1 touches row 1 cols 1 and 2.
        let l = layout(Orientation::Pointy, Parity::Even);
        let h = |s: &str| l.label_to_hex(l.parse_label(s).unwrap()).unwrap();
        assert!(h("0101").is_adjacent(h("0102")));
        assert!(h("0201").is_adjacent(h("0101")));
        assert!(h("0201").is_adjacent(h("0102")));
        assert!(!h("0202").is_adjacent(h("0101")));
        // Odd rows shifted instead: row 1 col 1 touches row 2 cols 1 and 2.
        let l = layout(Orientation::Pointy, Parity::Odd);
        let h = |s: &str| l.label_to_hex(l.parse_label(s).unwrap()).unwrap();
        assert!(h("0101").is_adjacent(h("0202")));
        assert!(!h("0201").is_adjacent(h("0102")));
        // Flat: columns straight; even columns shifted toward higher rows.
        let l = layout(Orientation::Flat, Parity::Even);
        let h = |s: &str| l.label_to_hex(l.parse_label(s).unwrap()).unwrap();
        assert!(h("0101").is_adjacent(h("0201")));
        assert!(h("0102").is_adjacent(h("0101")));
        assert!(h("0102").is_adjacent(h("0201")));
        assert!(!h("0202").is_adjacent(h("0101")));
    }

    #[test]
    fn slots_number_the_labels_in_label_order_and_agree_with_the_layout() {
        let two = Layout::row_column(Orientation::Pointy, 1..=1, 1..=1).with_sheets(vec![
            Sheet::prefixed('w', 1..=4, 1..=5),
            Sheet::prefixed('e', 2..=3, 1..=3).with_offset(-1, 5),
        ]);
        for layout in [layout(Orientation::Flat, Parity::Odd), two] {
            let slots = Slots::new(&layout, 10_000).unwrap();
            assert_eq!(slots.len(), layout.labels().count());
            for (i, label) in layout.labels().enumerate() {
                assert_eq!(slots.of_label(&layout, label), Some(i));
                let hex = layout.label_to_hex(label).unwrap();
                assert_eq!(slots.of_hex(&layout, hex), Some(i));
                let (row, col) = layout.row_col(label);
                assert_eq!(slots.of_row_col(label.sheet, row, col), Some(i));
            }
            // Outside the extents, and far outside any map: no slot, no overflow.
            for hex in [
                Hex::new(-40, 3),
                Hex::new(i32::MAX, i32::MAX),
                Hex::new(i32::MIN, 7),
            ] {
                assert_eq!(slots.of_hex(&layout, hex), None);
                assert_eq!(layout.hex_to_label(hex), None);
            }
            assert!(Slots::new(&layout, slots.len() - 1).is_none());
        }
        let mut empty = Layout::row_column(Orientation::Flat, 1..=1, 1..=3);
        empty.sheets[0].rows = (2, 1);
        assert!(Slots::new(&empty, 100).is_none());
    }

    #[test]
    fn label_numbers_too_large_for_u16_are_not_labels() {
        assert_eq!(Label::parse("6553565535", 5).unwrap().first, 65535);
        assert!(matches!(
            Label::parse("6553665535", 5),
            Err(LabelError::Digits { .. })
        ));
    }

    #[test]
    fn label_parsing_checks_width_and_sheet() {
        let l = layout(Orientation::Flat, Parity::Even);
        assert!(l.parse_label("0512").is_ok());
        assert!(matches!(
            l.parse_label("512"),
            Err(LabelError::Digits { .. })
        ));
        assert!(matches!(
            l.parse_label("w0512"),
            Err(LabelError::UnknownSheet { .. })
        ));
        assert!(matches!(l.parse_label(""), Err(LabelError::Empty)));
        assert!(matches!(
            l.parse_label("05x2"),
            Err(LabelError::Digits { .. })
        ));
        assert_eq!(Label::parse("w2819", 2).unwrap().to_string(), "w2819");
    }
}
