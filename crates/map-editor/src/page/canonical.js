// ---- the canonical TOML: hexmap::canonical::canonical_toml, step for step ------------------
/**
 * The map file the page exports: the form docs/map-editor.md gives, the bytes
 * hexmap::canonical::canonical_toml writes for the same map (the browser test holds them equal).
 * Its constants (the symbols, the off-map symbol, the grid's groups, the built-in hexside lists)
 * are those Rust wrote into the page.
 */
const canonical = (() => {
  const { symbols: SYMBOLS, off_map: OFF_MAP, group: GROUP, hexsides: LISTS } = embedded.form;
  /** A TOML basic string (hexmap's canonical::quote). */
  const quote = (s) => '"' + [...s].map((ch) => {
    const c = ch.codePointAt(0);
    if (ch === '"') return '\\"';
    if (ch === '\\') return '\\\\';
    const named = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' }[c];
    if (named) return named;
    if (c < 32 || c === 127) return '\\u' + c.toString(16).toUpperCase().padStart(4, '0');
    return ch;
  }).join('') + '"';
  /** A TOML key: bare when it can be. */
  const key = (s) => (/^[A-Za-z0-9_-]+$/.test(s) ? s : quote(s));
  /** The symbol of each terrain name (the names sorted). */
  function legendSymbols(sorted) {
    const used = [];
    for (const n of sorted) {
      const own = [...n].find((ch) => /^[A-Za-z0-9]$/.test(ch));
      const cands = own ? [own.toLowerCase(), own.toUpperCase(), ...SYMBOLS] : [...SYMBOLS];
      const s = cands.find((ch) => !used.includes(ch));
      if (s === undefined) throw new Error(`${sorted.length} terrains: the canonical grid has symbols for at most 62`);
      used.push(s);
    }
    return used;
  }
  /** Canonical paths through hexsides given as sorted [i, j] pairs (i < j). */
  function paths(pairs, g) {
    const used = new Set(), adj = new Map();
    for (const [a, b] of pairs) for (const [x, y] of [[a, b], [b, a]]) { if (!adj.has(x)) adj.set(x, []); adj.get(x).push(y); }
    for (const l of adj.values()) l.sort((p, q) => p - q);
    const out = [];
    for (const [a, b] of pairs) {
      if (used.has(g.sideKey(a, b))) continue;
      used.add(g.sideKey(a, b));
      const path = [a, b];
      let at = b;
      for (;;) {
        const next = (adj.get(at) ?? []).find((n) => !used.has(g.sideKey(at, n)));
        if (next === undefined) break;
        used.add(g.sideKey(at, next)); path.push(next); at = next;
      }
      out.push(path);
    }
    return out;
  }
  function layoutAndTerrain(o, map) {
    const { g, name, terrains, terr } = map, L = g.layout, [R0, R1] = g.rows, [C0, C1] = g.columns;
    o.push(`name = ${quote(name)}`, '', '[layout]', `orientation = "${L.orientation}"`, `label = "${L.label}"`,
      `digits = ${L.digits}`, `rows = [${R0}, ${R1}]`, `columns = [${C0}, ${C1}]`, `shifted = "${L.shifted}"`,
      `rows_grow = "${L.rows_grow}"`, `columns_grow = "${L.columns_grow}"`, '', '[terrain]');
    const sorted = [...terrains].sort(cmp), symbols = legendSymbols(sorted);
    const symOf = terrains.map((t) => symbols[sorted.indexOf(t)]);
    if (sorted.length) o.push(`default = ${quote(sorted[0])}`);
    o.push(`legend = { ${sorted.map((t, i) => `${symbols[i]} = ${quote(t)}`).join(', ')} }`, `off_map = "${OFF_MAP}"`, "grid = '''");
    const rows = [];
    for (let r = R0; r <= R1; r++) rows.push(r);
    if (L.rows_grow === 'north') rows.reverse();
    for (const r of rows) {
      let line = g.pad(r) + ' ';
      for (let c = C0; c <= C1; c++) {
        if (c > C0 && (c - C0) % GROUP === 0) line += ' ';
        const t = terr[g.slot(r, c)];
        line += t === OFF ? OFF_MAP : symOf[t];
      }
      o.push(line);
    }
    o.push("'''");
  }
  function hexLists(o, map) {
    const { g, terr, featNames, feat, places, areas } = map, { N, label } = g;
    const fs = featNames.map((f, b) => [f, b]).filter(([, b]) => feat.some((m) => m & (1 << b))).sort((x, y) => cmp(x[0], y[0]));
    if (fs.length) o.push('', '[features]');
    for (const [f, b] of fs) {
      const ls = [];
      for (let i = 0; i < N; i++) if (feat[i] & (1 << b) && terr[i] !== OFF) ls.push(quote(label(i)));
      o.push(`${key(f)} = [${ls.join(', ')}]`);
    }
    const ps = [...places].filter(([, i]) => terr[i] !== OFF).sort((x, y) => x[1] - y[1] || cmp(x[0], y[0]));
    if (ps.length) o.push('', '[places]');
    for (const [n, i] of ps) o.push(`${key(n)} = ${quote(label(i))}`);
    for (const [k, a] of [...areas].sort((x, y) => cmp(x[0], y[0]))) {
      o.push('', `[areas.${key(k)}]`, `name = ${quote(a.name)}`, `hexes = [${[...a.hexes].filter((i) => terr[i] !== OFF).sort((x, y) => x - y).map((i) => quote(label(i))).join(', ')}]`);
    }
  }
  function hexsides(o, map) {
    const { g, terr, sideNames, sides } = map;
    const pairsOf = (b) => [...sides].filter(([, m]) => m & (1 << b)).map(([k]) => g.sidePair(k))
      .filter(([i, j]) => terr[i] !== OFF && terr[j] !== OFF).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    const list = (k, ps) => {
      if (!ps.length) { o.push(`${k} = []`); return; }
      o.push(`${k} = [`);
      for (const p of ps) o.push(`  [${p.map((i) => quote(g.label(i))).join(', ')}],`);
      o.push(']');
    };
    o.push('', '[hexsides]');
    // The built-in features are the first bits of sideNames, in the order of Rust's lists.
    LISTS.forEach(([k, , asPaths], b) => list(k, asPaths ? paths(pairsOf(b), g) : pairsOf(b)));
    const own = sideNames.slice(LISTS.length).map((f, i) => [f, i + LISTS.length]).sort((x, y) => cmp(x[0], y[0]));
    if (own.length) o.push('', '[hexsides.features]');
    for (const [f, b] of own) list(key(f), paths(pairsOf(b), g));
  }
  /** The map in its canonical TOML form; throws for more terrains than symbols. */
  function toml(map) {
    const o = [];
    layoutAndTerrain(o, map);
    hexLists(o, map);
    hexsides(o, map);
    return o.join('\n') + '\n';
  }
  return { toml, legendSymbols };
})();
