//! A map of many problems (a grid of unknown symbols: one for each cell) is answered with at
//! most `hexmap::limits::MAX_MAP_PROBLEMS` problems and one counting the rest, in work linear in
//! its text with a small factor (counted by the kit's step counter, never timed).

#![cfg(feature = "toml")]
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use wargame_kit::internal::work;

/// A map of `rows` x 300 hexes whose grid has only a symbol the legend lacks.
fn map(rows: usize) -> String {
    let grid: Vec<String> = (1..=rows)
        .rev()
        .map(|r| format!("{r:03} {}", "z".repeat(300)))
        .collect();
    format!(
        "name = \"x\"\n[layout]\norientation = \"flat\"\nlabel = \"row-column\"\ndigits = 3\n\
         rows = [1, {rows}]\ncolumns = [1, 300]\nshifted = \"odd\"\nrows_grow = \"north\"\n\
         columns_grow = \"east\"\n[terrain]\ndefault = \"clear\"\nlegend = {{ \".\" = \"clear\" }}\n\
         grid = '''\n{}\n'''\n",
        grid.join("\n")
    )
}

#[test]
fn a_map_of_many_problems_lists_a_hundred_and_counts_the_rest() {
    let mut steps = Vec::new();
    for rows in [50, 100] {
        let text = map(rows);
        work::take();
        let e = hexmap::HexMap::from_toml_str(&text, Some("m.toml")).unwrap_err();
        steps.push((work::take(), text.len()));
        let problems = e.diagnostics();
        assert_eq!(
            problems.len(),
            hexmap::limits::MAX_MAP_PROBLEMS + 1,
            "{rows} rows"
        );
        let last = problems.last().unwrap().to_string();
        let more = rows * 300 - hexmap::limits::MAX_MAP_PROBLEMS;
        assert!(
            last.contains(&format!("{more} more problems not listed"))
                && last.contains("MAX_MAP_PROBLEMS"),
            "{last}"
        );
    }
    // Each problem located once it is listed: a few steps a byte, not thousands.
    for (n, bytes) in &steps {
        assert!(*n < 32 * *bytes as u64, "{n} steps for {bytes} bytes");
    }
}
