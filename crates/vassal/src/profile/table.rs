//! Tables of values beside a profile (`[tables.NAME] file = "counters.csv"`): what a module's
//! counters are worth when only their images show it, looked up by several reads at once.
//!
//! A table is CSV (a header row naming the columns, then one row a line; a field may be quoted
//! with `"`, a quote inside doubled) or TOML (`rows = [{ counter = "24-19", step = 1, rating =
//! "5-6-4" }, ...]`, the columns the keys of its rows). A cell is compared as text (a TOML
//! integer `1` matches the text `1`).

use std::collections::HashMap;

use wargame_kit::internal::work;

/// The most rows a table may have.
pub(crate) const MAX_ROWS: usize = 100_000;

/// How many of a table's columns a message names (the rest counted).
const SHOWN_COLUMNS: usize = 10;

/// What a CSV table is, for a file that is not one.
pub(crate) const CSV_EXPECTED: &str =
    "a CSV table: a first line naming the columns, then one row a line";

/// What a TOML table is, for a file that is not one.
pub(crate) const TOML_EXPECTED: &str =
    "a TOML table: `rows`, an array of tables (one a row, its keys the columns)";

/// A table: its columns (indexed by name) and its rows, each holding only its own cells (a
/// TOML row lacking a column holds nothing for it), so a table costs what its file holds, never
/// rows times columns. A cell is a TOML value (CSV cells are strings).
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    columns: Vec<String>,
    by_name: HashMap<String, usize>,
    /// Each row's cells, by column in increasing order.
    rows: Vec<Vec<(usize, toml::Value)>>,
}

/// A cell as the text a read is compared with.
pub(crate) fn text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => f.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        toml::Value::Datetime(d) => d.to_string(),
        toml::Value::Array(_) | toml::Value::Table(_) => String::new(),
    }
}

/// Column names as a message lists them: at most ten, each escaped, the rest counted (`and N
/// more`).
pub(crate) fn listed<S: AsRef<str>>(names: &[S]) -> String {
    let mut out: Vec<String> = names
        .iter()
        .take(SHOWN_COLUMNS)
        .map(|c| format!("`{}`", wargame_kit::terminal::one_line(c.as_ref())))
        .collect();
    if names.len() > SHOWN_COLUMNS {
        out.push(format!("and {} more", names.len() - SHOWN_COLUMNS));
    }
    out.join(", ")
}

/// Whether a file of this name is read as a TOML table (else CSV).
pub(crate) fn is_toml(name: &str) -> bool {
    name.ends_with(".toml")
}

impl Table {
    /// A table from a file's text, CSV or TOML by the file's extension (`.toml`), else CSV; why
    /// not, saying what kind of file was expected and nothing of the text.
    pub(crate) fn parse(name: &str, text: &str) -> Result<Table, String> {
        if is_toml(name) {
            toml_table(text).map_err(|m| format!("not {TOML_EXPECTED}: {m}"))
        } else {
            csv_table(text).map_err(|m| format!("not {CSV_EXPECTED}: {m}"))
        }
    }

    /// The index of a column.
    pub(crate) fn column(&self, name: &str) -> Option<usize> {
        self.by_name.get(name).copied()
    }

    /// The cell of `row` in `column`, when the row has one.
    pub(crate) fn cell(&self, row: usize, column: usize) -> Option<&toml::Value> {
        let cells = self.rows.get(row)?;
        let at = cells.binary_search_by_key(&column, |(c, _)| *c).ok()?;
        cells.get(at).map(|(_, v)| v)
    }

    /// The columns as a message lists them ([`listed`]).
    pub(crate) fn columns_listed(&self) -> String {
        listed(&self.columns)
    }

    /// The rows by the texts of these columns.
    pub(crate) fn index(&self, columns: &[usize]) -> HashMap<Vec<String>, Vec<usize>> {
        let mut out: HashMap<Vec<String>, Vec<usize>> = HashMap::new();
        for i in 0..self.rows.len() {
            work::add_len(columns.len());
            let key = columns
                .iter()
                .map(|&c| self.cell(i, c).map(text).unwrap_or_default())
                .collect();
            out.entry(key).or_default().push(i);
        }
        out
    }

    /// The index of column `name`, adding it the first time.
    fn intern(&mut self, name: &str) -> usize {
        if let Some(&i) = self.by_name.get(name) {
            return i;
        }
        let i = self.columns.len();
        self.columns.push(name.to_string());
        self.by_name.insert(name.to_string(), i);
        i
    }
}

fn toml_table(text: &str) -> Result<Table, String> {
    let mut doc: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| format!("not TOML ({})", one_line(e.message())))?;
    let Some(toml::Value::Array(rows)) = doc.remove("rows") else {
        return Err("it has no array `rows`".into());
    };
    if rows.len() > MAX_ROWS {
        return Err(format!("more than {MAX_ROWS} rows"));
    }
    let mut table = Table::default();
    for row in rows {
        let toml::Value::Table(row) = row else {
            return Err("each of `rows` is a table".into());
        };
        let mut cells: Vec<(usize, toml::Value)> = row
            .into_iter()
            .map(|(k, v)| {
                work::add(1);
                (table.intern(&k), v)
            })
            .collect();
        cells.sort_unstable_by_key(|(c, _)| *c);
        table.rows.push(cells);
    }
    Ok(table)
}

/// The first line of a TOML parser's message (it may quote the text on later lines).
fn one_line(message: &str) -> String {
    let first = message.lines().next().unwrap_or_default();
    wargame_kit::terminal::one_line(first.trim()).into_owned()
}

fn csv_table(text: &str) -> Result<Table, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = csv_records(text)?
        .into_iter()
        .filter(|r| !(r.len() == 1 && r[0].is_empty()));
    let header = records
        .next()
        .ok_or("the file is empty: its first line names the columns")?;
    // A column named twice is found at its first (the cells keep their places).
    let mut table = Table::default();
    for (i, name) in header.iter().enumerate() {
        work::add(1);
        table.by_name.entry(name.clone()).or_insert(i);
    }
    table.columns.clone_from(&header);
    for (i, record) in records.enumerate() {
        if table.rows.len() >= MAX_ROWS {
            return Err(format!("more than {MAX_ROWS} rows"));
        }
        if record.len() != header.len() {
            return Err(format!(
                "row {} has {} fields where the first line names {} columns",
                i + 2,
                record.len(),
                header.len()
            ));
        }
        work::add_len(record.len());
        let cells = record
            .into_iter()
            .enumerate()
            .map(|(c, v)| (c, toml::Value::String(v)))
            .collect();
        table.rows.push(cells);
    }
    Ok(table)
}

/// The records of CSV text: fields separated by commas, records by line ends (LF or CRLF); a
/// field between double quotes may hold commas, line ends and doubled quotes.
fn csv_records(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut records = Vec::new();
    let mut record = Vec::new();
    let mut field = String::new();
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') if field.is_empty() => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') if chars.peek() == Some(&'\n') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if quoted {
        return Err("a quoted field is not closed".into());
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_and_toml_tables_read_alike() {
        let csv = Table::parse(
            "t.csv",
            "counter,step,rating\r\n24-19,1,5-6-4\n\"24,19\",2,\"2-\"\"3\"\"-4\"\n",
        )
        .unwrap();
        assert_eq!(csv.columns, ["counter", "step", "rating"]);
        assert_eq!(text(csv.cell(1, 0).unwrap()), "24,19");
        assert_eq!(text(csv.cell(1, 2).unwrap()), "2-\"3\"-4");
        let t = Table::parse(
            "t.toml",
            "rows = [{ counter = \"24-19\", step = 1, rating = \"5-6-4\" }]",
        )
        .unwrap();
        // A TOML row's keys come sorted: its columns are named, not ordered.
        assert_eq!(t.columns, ["counter", "rating", "step"]);
        let index = t.index(&[0, 2]);
        assert_eq!(index[&vec!["24-19".to_string(), "1".to_string()]], [0]);
        assert!(
            Table::parse("t.csv", "a,b\n1\n")
                .unwrap_err()
                .contains("row 2")
        );
        assert!(Table::parse("t.csv", "\"a").is_err());
    }
}
