//! Tables of values beside a profile (`[tables.NAME] file = "counters.csv"`): what a module's
//! counters are worth when only their images show it, looked up by several reads at once.
//!
//! A table is CSV (a header row naming the columns, then one row a line; a field may be quoted
//! with `"`, a quote inside doubled) or TOML (`rows = [{ counter = "24-19", step = 1, rating =
//! "5-6-4" }, ...]`, the columns the keys of its rows). A cell is compared as text (a TOML
//! integer `1` matches the text `1`).

use std::collections::HashMap;

/// The most rows a table may have.
pub(crate) const MAX_ROWS: usize = 100_000;

/// A table: its columns and its rows, each cell a TOML value (CSV cells are strings).
#[derive(Clone, Debug, Default)]
pub(crate) struct Table {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<toml::Value>>,
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

impl Table {
    /// A table from a file's text, CSV or TOML by the file's extension (`.toml`), else CSV.
    pub(crate) fn parse(name: &str, text: &str) -> Result<Table, String> {
        if name.ends_with(".toml") {
            toml_table(text)
        } else {
            csv_table(text)
        }
    }

    /// The index of a column.
    pub(crate) fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// The rows by the texts of these columns.
    pub(crate) fn index(&self, columns: &[usize]) -> HashMap<Vec<String>, Vec<usize>> {
        let mut out: HashMap<Vec<String>, Vec<usize>> = HashMap::new();
        for (i, row) in self.rows.iter().enumerate() {
            let key = columns
                .iter()
                .map(|&c| row.get(c).map(text).unwrap_or_default())
                .collect();
            out.entry(key).or_default().push(i);
        }
        out
    }
}

fn toml_table(text: &str) -> Result<Table, String> {
    let doc: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| format!("not TOML: {}", e.message()))?;
    let rows = doc
        .get("rows")
        .and_then(toml::Value::as_array)
        .ok_or("a TOML table has `rows`, an array of tables (one a row, its keys the columns)")?;
    if rows.len() > MAX_ROWS {
        return Err(format!("more than {MAX_ROWS} rows"));
    }
    let mut columns: Vec<String> = Vec::new();
    for row in rows {
        let row = row.as_table().ok_or("each of `rows` is a table")?;
        for k in row.keys() {
            if !columns.contains(k) {
                columns.push(k.clone());
            }
        }
    }
    let rows = rows
        .iter()
        .filter_map(toml::Value::as_table)
        .map(|row| {
            columns
                .iter()
                .map(|c| {
                    row.get(c)
                        .cloned()
                        .unwrap_or_else(|| toml::Value::String(String::new()))
                })
                .collect()
        })
        .collect();
    Ok(Table { columns, rows })
}

fn csv_table(text: &str) -> Result<Table, String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut records = csv_records(text)?
        .into_iter()
        .filter(|r| !(r.len() == 1 && r[0].is_empty()));
    let columns = records
        .next()
        .ok_or("the table is empty: its first line names the columns")?;
    let mut rows = Vec::new();
    for (i, record) in records.enumerate() {
        if rows.len() >= MAX_ROWS {
            return Err(format!("more than {MAX_ROWS} rows"));
        }
        if record.len() != columns.len() {
            return Err(format!(
                "row {} has {} fields where the header names {} columns",
                i + 2,
                record.len(),
                columns.len()
            ));
        }
        rows.push(record.into_iter().map(toml::Value::String).collect());
    }
    Ok(Table { columns, rows })
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
        assert_eq!(text(&csv.rows[1][0]), "24,19");
        assert_eq!(text(&csv.rows[1][2]), "2-\"3\"-4");
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
