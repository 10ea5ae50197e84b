// The map editor (hexmap::editor): the map's grid over a picture, painted by hand, exported as
// the map TOML in its canonical form (the same bytes as hexmap::editor::canonical_toml).
'use strict';
(() => {
  const S3 = Math.sqrt(3);
  const BUILTIN_SIDES = ['road', 'trail', 'blocks_zoc', 'impassable'];
  const OFF = -1;
  const $ = (id) => document.getElementById(id);
  const svgNS = 'http://www.w3.org/2000/svg';
  const FILE_MODEL = $('model').textContent;
  const PICTURE = JSON.parse($('picture').textContent);
  const file = JSON.parse(FILE_MODEL);

  // ---- hashing and storage ------------------------------------------------------------------
  const fnv = (s) => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
    return h.toString(16);
  };
  const PICTURE_HASH = fnv(PICTURE);
  const WORK_KEY = 'victory-map-editor/work/' + fnv(FILE_MODEL) + '/' + PICTURE_HASH;
  const load = (k) => { try { return JSON.parse(localStorage.getItem(k) ?? 'null'); } catch { return null; } };
  const store = (k, v) => { try { localStorage.setItem(k, JSON.stringify(v)); } catch { status('could not keep the work in this browser'); } };

  // ---- the map: layout, slots, and what each holds ----------------------------------------
  let L, R0, R1, C0, C1, NR, NC, N;
  let terrains, terr, featNames, feat, sideNames, sides, places, areas, name;
  const pad = (n) => String(n).padStart(L.digits, '0');
  const rowOf = (i) => R0 + Math.floor(i / NC);
  const colOf = (i) => C0 + (i % NC);
  const slot = (r, c) => (r < R0 || r > R1 || c < C0 || c > C1 ? -1 : (r - R0) * NC + (c - C0));
  const label = (i) => (L.label === 'row-column' ? pad(rowOf(i)) + pad(colOf(i)) : pad(colOf(i)) + pad(rowOf(i)));
  const parse = (text) => {
    const t = String(text).trim();
    if (!/^\d+$/.test(t) || t.length !== 2 * L.digits) return -1;
    const a = Number(t.slice(0, L.digits)), b = Number(t.slice(L.digits));
    return L.label === 'row-column' ? slot(a, b) : slot(b, a);
  };
  const shifted = (line) => (Math.abs(line) % 2 === 1) === (L.shifted === 'odd');
  /** The centre of a slot before alignment: circumradius 1, as hexmap::editor::grid_position. */
  const ideal = (r, c) => {
    const sx = L.columns_grow === 'west' ? -1 : 1, sy = L.rows_grow === 'north' ? -1 : 1;
    if (L.orientation === 'flat') return [(c - C0) * 1.5 * sx, (r - R0 + (shifted(c) ? 0.5 : 0)) * S3 * sy];
    return [(c - C0 + (shifted(r) ? 0.5 : 0)) * S3 * sx, (r - R0) * 1.5 * sy];
  };
  const centreOf = (i) => ideal(rowOf(i), colOf(i));
  /** The neighbours of a slot inside the extents (holes included). */
  const neighbours = (i) => {
    const r = rowOf(i), c = colOf(i), out = [];
    const add = (rr, cc) => { const j = slot(rr, cc); if (j >= 0) out.push(j); };
    if (L.orientation === 'flat') {
      add(r - 1, c); add(r + 1, c);
      const d = shifted(c) ? 0 : -1;
      for (const cc of [c - 1, c + 1]) { add(r + d, cc); add(r + d + 1, cc); }
    } else {
      add(r, c - 1); add(r, c + 1);
      const d = shifted(r) ? 0 : -1;
      for (const rr of [r - 1, r + 1]) { add(rr, c + d); add(rr, c + d + 1); }
    }
    return out;
  };
  const adjacent = (i, j) => neighbours(i).includes(j);
  const sideKey = (i, j) => (i < j ? i * N + j : j * N + i);
  const sidePair = (k) => [Math.floor(k / N), k % N];

  function setLayout(layout) {
    L = { ...layout };
    [R0, R1] = L.rows; [C0, C1] = L.columns;
    NR = R1 - R0 + 1; NC = C1 - C0 + 1; N = NR * NC;
  }

  /** The model (file's or stored) into the working tables. */
  function fromModel(m) {
    setLayout(m.layout);
    name = m.name;
    terrains = [...m.terrains];
    terr = Int16Array.from(m.grid.length === N ? m.grid : new Array(N).fill(terrains.length ? 0 : OFF));
    featNames = Object.keys(m.features);
    feat = new Uint32Array(N);
    featNames.forEach((f, b) => m.features[f].forEach((l) => { const i = parse(l); if (i >= 0) feat[i] |= 1 << b; }));
    sideNames = [...BUILTIN_SIDES, ...m.own];
    sides = new Map();
    for (const [f, pairs] of Object.entries(m.sides)) {
      const b = sideNames.indexOf(f);
      for (const [x, y] of pairs) {
        const i = parse(x), j = parse(y);
        if (b >= 0 && i >= 0 && j >= 0) { const k = sideKey(i, j); sides.set(k, ((sides.get(k) ?? 0) | (1 << b)) >>> 0); }
      }
    }
    places = new Map(m.places.map(([n, l]) => [n, parse(l)]).filter(([, i]) => i >= 0));
    areas = new Map(m.areas.map(([k, n, ls]) => [k, { name: n, hexes: new Set(ls.map(parse).filter((i) => i >= 0)) }]));
  }

  /** The working tables as a model (for storage, and for a new layout). */
  function toModel() {
    const features = {};
    featNames.forEach((f, b) => { features[f] = []; for (let i = 0; i < N; i++) if (feat[i] & (1 << b)) features[f].push(label(i)); });
    const sideLists = {};
    sideNames.forEach((f) => { sideLists[f] = []; });
    for (const [k, mask] of sides) sideNames.forEach((f, b) => { if (mask & (1 << b)) sideLists[f].push(sidePair(k).map(label)); });
    return {
      name, layout: L, terrains, grid: Array.from(terr), features,
      places: [...places].map(([n, i]) => [n, label(i)]),
      areas: [...areas].map(([k, a]) => [k, a.name, [...a.hexes].map(label)]),
      sides: sideLists, own: sideNames.slice(BUILTIN_SIDES.length), align: file.align,
    };
  }

  // ---- the canonical TOML (hexmap::editor::canonical_toml, line for line) -------------------
  const SYMBOLS = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const quote = (s) => '"' + [...s].map((ch) => {
    const c = ch.codePointAt(0);
    if (ch === '"') return '\\"';
    if (ch === '\\') return '\\\\';
    const named = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' }[c];
    if (named) return named;
    if (c < 32 || c === 127) return '\\u' + c.toString(16).toUpperCase().padStart(4, '0');
    return ch;
  }).join('') + '"';
  const key = (s) => (/^[A-Za-z0-9_-]+$/.test(s) ? s : quote(s));
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
  function paths(pairs) {
    const used = new Set(), adj = new Map();
    for (const [a, b] of pairs) for (const [x, y] of [[a, b], [b, a]]) { if (!adj.has(x)) adj.set(x, []); adj.get(x).push(y); }
    for (const l of adj.values()) l.sort((p, q) => p - q);
    const out = [];
    for (const [a, b] of pairs) {
      if (used.has(a * N + b)) continue;
      used.add(a * N + b);
      const path = [a, b];
      let at = b;
      for (;;) {
        const next = (adj.get(at) ?? []).find((n) => !used.has(sideKey(at, n)));
        if (next === undefined) break;
        used.add(sideKey(at, next)); path.push(next); at = next;
      }
      out.push(path);
    }
    return out;
  }
  function exportToml() {
    const o = [];
    o.push(`name = ${quote(name)}`, '', '[layout]', `orientation = "${L.orientation}"`, `label = "${L.label}"`,
      `digits = ${L.digits}`, `rows = [${R0}, ${R1}]`, `columns = [${C0}, ${C1}]`, `shifted = "${L.shifted}"`,
      `rows_grow = "${L.rows_grow}"`, `columns_grow = "${L.columns_grow}"`, '', '[terrain]');
    const sorted = [...terrains].sort(cmp), symbols = legendSymbols(sorted);
    const symOf = terrains.map((t) => symbols[sorted.indexOf(t)]);
    if (sorted.length) o.push(`default = ${quote(sorted[0])}`);
    o.push(`legend = { ${sorted.map((t, i) => `${symbols[i]} = ${quote(t)}`).join(', ')} }`, 'off_map = "~"', "grid = '''");
    const rows = [];
    for (let r = R0; r <= R1; r++) rows.push(r);
    if (L.rows_grow === 'north') rows.reverse();
    for (const r of rows) {
      let line = pad(r) + ' ';
      for (let c = C0; c <= C1; c++) {
        if (c > C0 && (c - C0) % 8 === 0) line += ' ';
        const t = terr[slot(r, c)];
        line += t === OFF ? '~' : symOf[t];
      }
      o.push(line);
    }
    o.push("'''");
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
    const pairsOf = (b) => [...sides].filter(([, m]) => m & (1 << b)).map(([k]) => sidePair(k))
      .filter(([i, j]) => terr[i] !== OFF && terr[j] !== OFF).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
    const list = (k, ps) => {
      if (!ps.length) { o.push(`${k} = []`); return; }
      o.push(`${k} = [`);
      for (const p of ps) o.push(`  [${p.map((i) => quote(label(i))).join(', ')}],`);
      o.push(']');
    };
    o.push('', '[hexsides]');
    list('roads', paths(pairsOf(0)));
    list('trails', paths(pairsOf(1)));
    list('blocks_zoc', pairsOf(2));
    list('impassable', pairsOf(3));
    const own = sideNames.slice(BUILTIN_SIDES.length).map((f, i) => [f, i + BUILTIN_SIDES.length]).sort((x, y) => cmp(x[0], y[0]));
    if (own.length) o.push('', '[hexsides.features]');
    for (const [f, b] of own) list(key(f), paths(pairsOf(b)));
    return o.join('\n') + '\n';
  }

  // ---- alignment: the affine map from ideal centres to picture pixels ----------------------
  let align = { points: [] };
  let M = [1, 0, 0, 0, 1, 0]; // x = M0 u + M1 v + M2, y = M3 u + M4 v + M5
  let picW = 0, picH = 0;
  const ALIGN_KEY = () => 'victory-map-editor/align/' + PICTURE_HASH + '/' + fnv(JSON.stringify(L));
  function fitAlignment() {
    const pts = align.points.map(([l, x, y]) => [parse(l), x, y]).filter(([i]) => i >= 0);
    if (pts.length >= 3) {
      const s = solveAffine(pts.map(([i, x, y]) => [...centreOf(i), x, y]));
      if (s) { M = s; return; }
    }
    if (pts.length >= 2) {
      const [[i0, x0, y0], [i1, x1, y1]] = pts;
      const [u0, v0] = centreOf(i0), [u1, v1] = centreOf(i1);
      const du = u1 - u0, dv = v1 - v0, dx = x1 - x0, dy = y1 - y0, d = du * du + dv * dv;
      if (d > 0) {
        const zr = (dx * du + dy * dv) / d, zi = (dy * du - dx * dv) / d;
        M = [zr, -zi, x0 - (zr * u0 - zi * v0), zi, zr, y0 - (zi * u0 + zr * v0)];
        return;
      }
    }
    // Unaligned: the grid fitted to the picture (or drawn at 30 px a hex), then moved onto a click.
    let minU = Infinity, minV = Infinity, maxU = -Infinity, maxV = -Infinity;
    for (const i of [0, NC - 1, N - NC, N - 1, Math.min(1, N - 1), Math.min(NC, N - 1)]) {
      const [u, v] = centreOf(i);
      minU = Math.min(minU, u - 1); maxU = Math.max(maxU, u + 1); minV = Math.min(minV, v - 1); maxV = Math.max(maxV, v + 1);
    }
    const s = picW ? Math.min(picW / (maxU - minU), picH / (maxV - minV)) : 30;
    M = [s, 0, -minU * s, 0, s, -minV * s];
    if (pts.length === 1) {
      const [[i, x, y]] = pts, [u, v] = centreOf(i);
      M[2] = x - s * u; M[5] = y - s * v;
    }
  }
  /** Least squares affine from [u, v, x, y] rows (exact for three). */
  function solveAffine(rows) {
    const A = [[0, 0, 0], [0, 0, 0], [0, 0, 0]], bx = [0, 0, 0], by = [0, 0, 0];
    for (const [u, v, x, y] of rows) {
      const r = [u, v, 1];
      for (let a = 0; a < 3; a++) { for (let b = 0; b < 3; b++) A[a][b] += r[a] * r[b]; bx[a] += r[a] * x; by[a] += r[a] * y; }
    }
    const det3 = (m) => m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    const D = det3(A);
    if (Math.abs(D) < 1e-9) return null;
    const cramer = (b) => [0, 1, 2].map((k) => det3(A.map((row, a) => row.map((v, c) => (c === k ? b[a] : v)))) / D);
    const [a, b, e] = cramer(bx), [c, d, f] = cramer(by);
    return [a, b, e, c, d, f];
  }
  const toPic = ([u, v]) => [M[0] * u + M[1] * v + M[2], M[3] * u + M[4] * v + M[5]];
  function toIdeal([x, y]) {
    const det = M[0] * M[4] - M[1] * M[3];
    const dx = x - M[2], dy = y - M[5];
    return [(M[4] * dx - M[1] * dy) / det, (-M[3] * dx + M[0] * dy) / det];
  }
  /** The slot whose hex holds an ideal point, or -1. */
  function slotAtIdeal([u, v]) {
    const sx = L.columns_grow === 'west' ? -1 : 1, sy = L.rows_grow === 'north' ? -1 : 1;
    let best = -1, bestD = 1.0001;
    const tryRC = (r, c) => {
      const i = slot(r, c);
      if (i < 0) return;
      const [cu, cv] = ideal(r, c), d = Math.hypot(cu - u, cv - v);
      if (d < bestD) { bestD = d; best = i; }
    };
    if (L.orientation === 'flat') {
      const c = Math.round(u / (1.5 * sx)) + C0;
      for (let cc = c - 1; cc <= c + 1; cc++) {
        const r = Math.round(v / (S3 * sy) - (shifted(cc) ? 0.5 : 0)) + R0;
        for (let rr = r - 1; rr <= r + 1; rr++) tryRC(rr, cc);
      }
    } else {
      const r = Math.round(v / (1.5 * sy)) + R0;
      for (let rr = r - 1; rr <= r + 1; rr++) {
        const c = Math.round(u / (S3 * sx) - (shifted(rr) ? 0.5 : 0)) + C0;
        for (let cc = c - 1; cc <= c + 1; cc++) tryRC(rr, cc);
      }
    }
    return best;
  }

  // ---- drawing ------------------------------------------------------------------------------
  const svg = $('svg');
  const el = (tag, attrs, parent) => {
    const e = document.createElementNS(svgNS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (parent) parent.appendChild(e);
    return e;
  };
  const KNOWN_COLOURS = { clear: '#efe6b8', forest: '#3f8a3a', woods: '#3f8a3a', jungle: '#2f6f2f', mountain: '#8a6a4a', rough: '#b5935e', hills: '#c2a26a', swamp: '#5f9f95', marsh: '#5f9f95', water: '#5a9ad5', sea: '#5a9ad5', lake: '#5a9ad5', city: '#b04a4a', town: '#c06a5a', desert: '#e8cf8a' };
  const hue = (s) => parseInt(fnv(s).slice(-4), 16) % 360;
  const terrainColour = (t) => KNOWN_COLOURS[t] ?? `hsl(${hue(t)} 45% 55%)`;
  const SIDE_STYLE = { road: ['#b22', 3.5, ''], trail: ['#b22', 2.5, '5 3'], blocks_zoc: ['#d07000', 4, '2 3'], impassable: ['#111', 5, ''] };
  const sideStyle = (f) => SIDE_STYLE[f] ?? (f.startsWith('river') || f === 'stream' ? ['#1f6fd0', 4, ''] : [`hsl(${hue(f)} 70% 40%)`, 4, '']);
  const centreLine = (f) => f === 'road' || f === 'trail' || /rail/.test(f);
  let hexEls = [], labelEls = [], markEls = new Map(), areaEls = new Map(), sideEls = new Map();
  let corners = [];

  function drawAll() {
    fitAlignment();
    const g = $('g-grid');
    g.setAttribute('transform', `matrix(${M[0]} ${M[3]} ${M[1]} ${M[4]} ${M[2]} ${M[5]})`);
    const a0 = L.orientation === 'flat' ? 0 : 30;
    corners = [0, 1, 2, 3, 4, 5].map((k) => [Math.cos((a0 + 60 * k) * Math.PI / 180), Math.sin((a0 + 60 * k) * Math.PI / 180)]);
    const hexes = $('g-hexes');
    hexes.textContent = '';
    hexEls = new Array(N);
    const frag = document.createDocumentFragment();
    for (let i = 0; i < N; i++) {
      hexEls[i] = el('polygon', { points: hexPoints(i) }, frag);
      paintHex(i);
    }
    hexes.appendChild(frag);
    $('g-sides').textContent = ''; sideEls = new Map();
    for (const k of sides.keys()) drawSide(k);
    $('g-areas').textContent = ''; areaEls = new Map();
    for (let i = 0; i < N; i++) drawArea(i);
    drawLabels();
    drawAlignMarks();
    legend();
  }
  const hexPoints = (i) => { const [u, v] = centreOf(i); return corners.map(([x, y]) => `${(u + x).toFixed(3)},${(v + y).toFixed(3)}`).join(' '); };
  function paintHex(i) {
    const t = terr[i], e = hexEls[i];
    if (t === OFF) { e.setAttribute('class', 'hole'); e.removeAttribute('fill'); } else { e.removeAttribute('class'); e.setAttribute('fill', terrainColour(terrains[t])); }
  }
  /** Pixel size of one hex's radius on the picture. */
  const hexPx = () => Math.sqrt(Math.abs(M[0] * M[4] - M[1] * M[3]));
  function drawLabels() {
    const g = $('g-labels'), size = hexPx();
    g.textContent = ''; labelEls = new Array(N); markEls = new Map();
    const frag = document.createDocumentFragment();
    for (let i = 0; i < N; i++) {
      const [x, y] = toPic(centreOf(i));
      labelEls[i] = el('text', { x: x.toFixed(1), y: (y - size * 0.5).toFixed(1), 'font-size': (size * 0.32).toFixed(1) }, frag);
      labelEls[i].textContent = label(i);
    }
    g.appendChild(frag);
    $('g-marks').textContent = '';
    for (let i = 0; i < N; i++) drawMarks(i);
  }
  function drawMarks(i) {
    const names = featNames.filter((_, b) => feat[i] & (1 << b)).map((f) => f[0].toUpperCase());
    const ps = [...places].filter(([, j]) => j === i).map(([n]) => n);
    let e = markEls.get(i);
    if (!names.length && !ps.length) { if (e) { e.remove(); markEls.delete(i); } return; }
    const size = hexPx(), [x, y] = toPic(centreOf(i));
    if (!e) { e = el('text', {}, $('g-marks')); markEls.set(i, e); }
    e.setAttribute('x', x.toFixed(1)); e.setAttribute('y', (y + size * 0.25).toFixed(1));
    e.setAttribute('font-size', (size * 0.38).toFixed(1));
    e.textContent = [names.join(''), ...ps].filter(Boolean).join(' ');
  }
  function drawArea(i) {
    const keys = [...areas].filter(([, a]) => a.hexes.has(i)).map(([k]) => k);
    let e = areaEls.get(i);
    if (!keys.length) { if (e) { e.remove(); areaEls.delete(i); } return; }
    if (!e) { e = el('polygon', { points: hexPoints(i) }, $('g-areas')); areaEls.set(i, e); }
    e.setAttribute('stroke', `hsl(${hue(keys[0])} 80% 45%)`);
  }
  function drawSide(k) {
    for (const old of sideEls.get(k) ?? []) old.remove();
    const mask = sides.get(k) ?? 0, els = [];
    if (mask) {
      const [i, j] = sidePair(k), [ui, vi] = centreOf(i), [uj, vj] = centreOf(j);
      const mu = (ui + uj) / 2, mv = (vi + vj) / 2, pu = -(vj - vi) / S3 / 2, pv = (uj - ui) / S3 / 2;
      sideNames.forEach((f, b) => {
        if (!(mask & (1 << b))) return;
        const [colour, width, dash] = sideStyle(f);
        const at = centreLine(f) ? { x1: ui, y1: vi, x2: uj, y2: vj } : { x1: mu - pu, y1: mv - pv, x2: mu + pu, y2: mv + pv };
        els.push(el('line', { ...at, stroke: colour, 'stroke-width': width, 'stroke-dasharray': dash, 'data-feature': f }, $('g-sides')));
      });
    }
    if (els.length) sideEls.set(k, els); else sideEls.delete(k);
  }
  function drawAlignMarks() {
    const g = $('g-align');
    g.textContent = '';
    const list = $('align-points');
    list.textContent = '';
    for (const [l, x, y] of align.points) {
      el('circle', { cx: x, cy: y, r: 6 }, g);
      const t = el('text', { x: x + 8, y: y - 8, 'font-size': 14 }, g);
      t.textContent = l;
      const li = document.createElement('li');
      li.textContent = `${l} at ${x.toFixed(1)}, ${y.toFixed(1)}`;
      list.appendChild(li);
    }
  }

  // ---- view: pan and zoom over picture pixels -----------------------------------------------
  let vb = [0, 0, 100, 100];
  const setView = () => svg.setAttribute('viewBox', vb.map((v) => v.toFixed(2)).join(' '));
  function wholeView() {
    let minX = 0, minY = 0, maxX = picW, maxY = picH;
    for (const i of [0, NC - 1, N - NC, N - 1]) {
      const [x, y] = toPic(centreOf(i)), r = hexPx();
      minX = Math.min(minX, x - r); maxX = Math.max(maxX, x + r); minY = Math.min(minY, y - r); maxY = Math.max(maxY, y + r);
    }
    const pad = 10;
    vb = [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
    setView();
  }
  function zoom(f, cx, cy) {
    const [x, y, w, h] = vb;
    cx ??= x + w / 2; cy ??= y + h / 2;
    vb = [cx - (cx - x) / f, cy - (cy - y) / f, w / f, h / f];
    setView();
  }
  function picPoint(ev) {
    const p = svg.createSVGPoint();
    p.x = ev.clientX; p.y = ev.clientY;
    const q = p.matrixTransform(svg.getScreenCTM().inverse());
    return [q.x, q.y];
  }

  // ---- edits, undo and redo ----------------------------------------------------------------
  let stroke = null;
  const undoStack = [], redoStack = [];
  function change(c) {
    if (!stroke) stroke = [];
    apply(c, c.b);
    stroke.push(c);
  }
  function apply(c, v) {
    switch (c.t) {
      case 'terr': terr[c.i] = v; paintHex(c.i); break;
      case 'feat': feat[c.i] = v; drawMarks(c.i); break;
      case 'side': if (v) sides.set(c.k, v); else sides.delete(c.k); drawSide(c.k); break;
      case 'place': {
        const old = places.get(c.n);
        if (v === undefined) places.delete(c.n); else places.set(c.n, v);
        if (old !== undefined) drawMarks(old);
        if (v !== undefined) drawMarks(v);
        break;
      }
      case 'areadef': if (v === null) areas.delete(c.k); else areas.set(c.k, { name: v, hexes: new Set() }); break;
      case 'area': {
        const a = areas.get(c.k);
        if (!a) break;
        if (v) a.hexes.add(c.i); else a.hexes.delete(c.i);
        drawArea(c.i); break;
      }
      default: break;
    }
  }
  function endStroke() {
    if (stroke && stroke.length) { undoStack.push(stroke); redoStack.length = 0; legend(); save(); }
    stroke = null;
  }
  function undo() {
    const s = undoStack.pop();
    if (!s) return status('nothing to undo');
    for (const c of [...s].reverse()) apply(c, c.a);
    redoStack.push(s); legend(); save(); status(`undone (${undoStack.length} left)`);
  }
  function redo() {
    const s = redoStack.pop();
    if (!s) return status('nothing to redo');
    for (const c of s) apply(c, c.b);
    undoStack.push(s); legend(); save(); status('redone');
  }

  // ---- tools --------------------------------------------------------------------------------
  let tool = 'brush', current = 0, lastSlot = -1, lastIdeal = null, rectStart = -1, panFrom = null, spaceDown = false;
  const erase = () => $('erase').checked;
  const sideBit = () => sideNames.indexOf($('side-feature').value);
  const featBit = () => featNames.indexOf($('hex-feature').value);
  function setTool(t) {
    tool = t;
    for (const b of document.querySelectorAll('[data-tool]')) b.classList.toggle('active', b.dataset.tool === t);
    for (const d of document.querySelectorAll('#options > div')) d.classList.toggle('shown', d.dataset.for.split(' ').includes(t));
    $('view').classList.toggle('panning', t === 'pan');
    status(t);
  }
  function setTerr(i, t) { if (i >= 0 && terr[i] !== t) change({ t: 'terr', i, a: terr[i], b: t }); }
  function touchHex(i) {
    if (i < 0) return;
    if (tool === 'brush') setTerr(i, erase() ? OFF : current);
    else if (tool === 'feature') {
      const b = featBit();
      if (b < 0) return status('add a hex feature first');
      const v = (erase() ? feat[i] & ~(1 << b) : feat[i] | (1 << b)) >>> 0;
      if (v !== feat[i]) change({ t: 'feat', i, a: feat[i], b: v });
    } else if (tool === 'area') {
      const k = $('area-key').value.trim(), n = $('area-name').value.trim() || k;
      if (!k) return status('give the area a key first');
      const has = areas.get(k)?.hexes.has(i) ?? false;
      if (has === !erase()) return;
      if (!areas.has(k)) change({ t: 'areadef', k, a: null, b: n });
      change({ t: 'area', k, i, a: has, b: !erase() });
    }
  }
  /** Each hexside crossed going from `lastSlot` along the pointer to ideal point `to`. */
  function crossTo(to) {
    const b = sideBit();
    if (b < 0) return;
    const [u0, v0] = lastIdeal, steps = Math.max(1, Math.ceil(Math.hypot(to[0] - u0, to[1] - v0) / 0.25));
    for (let s = 1; s <= steps; s++) {
      const at = slotAtIdeal([u0 + (to[0] - u0) * s / steps, v0 + (to[1] - v0) * s / steps]);
      if (at < 0 || at === lastSlot) continue;
      if (lastSlot >= 0 && adjacent(lastSlot, at)) {
        const k = sideKey(lastSlot, at), old = sides.get(k) ?? 0;
        const v = (erase() ? old & ~(1 << b) : old | (1 << b)) >>> 0;
        if (v !== old) change({ t: 'side', k, a: old, b: v });
      }
      lastSlot = at;
    }
    lastIdeal = to;
  }
  function flood(i) {
    const from = terr[i], to = erase() ? OFF : current;
    if (from === to) return;
    const seen = new Uint8Array(N), queue = [i];
    seen[i] = 1;
    while (queue.length) {
      const j = queue.pop();
      setTerr(j, to);
      for (const n of neighbours(j)) if (!seen[n] && terr[n] === from) { seen[n] = 1; queue.push(n); }
    }
  }
  function fillRect(a, b) {
    const [r0, r1] = [rowOf(a), rowOf(b)].sort((x, y) => x - y), [c0, c1] = [colOf(a), colOf(b)].sort((x, y) => x - y);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) setTerr(slot(r, c), erase() ? OFF : current);
  }
  function showRect(a, b) {
    const e = $('rect-preview');
    if (a < 0 || b < 0) { e.setAttribute('points', ''); return; }
    const rs = [rowOf(a), rowOf(b)], cs = [colOf(a), colOf(b)];
    e.setAttribute('points', [[rs[0], cs[0]], [rs[0], cs[1]], [rs[1], cs[1]], [rs[1], cs[0]]].map(([r, c]) => ideal(r, c).join(',')).join(' '));
  }
  function alignClick(pt) {
    const l = $('align-label').value.trim();
    if (parse(l) < 0) return status(`type the label of the hex you click (not "${l}")`);
    align.points = align.points.filter(([x]) => x !== l);
    align.points.push([l, pt[0], pt[1]]);
    if (align.points.length > 3) align.points.shift();
    store(ALIGN_KEY(), align);
    drawAll();
    status(`aligned on ${align.points.length} hex${align.points.length > 1 ? 'es' : ''}`);
  }

  const stats = { paint: [] };
  svg.addEventListener('pointerdown', (ev) => {
    svg.setPointerCapture(ev.pointerId);
    const pt = picPoint(ev), id = toIdeal(pt), i = slotAtIdeal(id);
    if (ev.button === 2 || ev.button === 1 || tool === 'pan' || spaceDown) { panFrom = [ev.clientX, ev.clientY, vb[0], vb[1]]; return; }
    if (tool === 'align') return alignClick(pt);
    if (tool === 'place') {
      const n = $('place-name').value.trim();
      if (i < 0) return;
      if (erase()) { for (const [pn, j] of places) if (j === i) change({ t: 'place', n: pn, a: j, b: undefined }); }
      else if (!n) status('type the place name first');
      else if (places.get(n) !== i) change({ t: 'place', n, a: places.get(n), b: i });
      return endStroke();
    }
    if (tool === 'fill') { if (i >= 0) flood(i); return endStroke(); }
    if (tool === 'rect') { rectStart = i; showRect(i, i); return; }
    if (tool === 'side') { lastSlot = i; lastIdeal = id; return; }
    lastSlot = i; touchHex(i);
  });
  svg.addEventListener('pointermove', (ev) => {
    const t0 = performance.now();
    if (panFrom) {
      const k = vb[2] / svg.clientWidth;
      vb[0] = panFrom[2] - (ev.clientX - panFrom[0]) * k; vb[1] = panFrom[3] - (ev.clientY - panFrom[1]) * k;
      setView(); return;
    }
    const id = toIdeal(picPoint(ev)), i = slotAtIdeal(id);
    hover(i);
    if (ev.buttons & 1) {
      if (tool === 'side' && lastIdeal) crossTo(id);
      else if (tool === 'rect' && rectStart >= 0) showRect(rectStart, i);
      else if ((tool === 'brush' || tool === 'feature' || tool === 'area') && i !== lastSlot) { lastSlot = i; touchHex(i); }
      stats.paint.push(performance.now() - t0);
    }
  });
  const up = (ev) => {
    if (panFrom) { panFrom = null; return; }
    if (tool === 'rect' && rectStart >= 0) {
      const i = slotAtIdeal(toIdeal(picPoint(ev)));
      if (i >= 0) fillRect(rectStart, i);
      rectStart = -1; showRect(-1, -1);
    }
    lastIdeal = null; lastSlot = -1;
    endStroke();
  };
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', up);
  svg.addEventListener('contextmenu', (ev) => ev.preventDefault());
  svg.addEventListener('wheel', (ev) => { ev.preventDefault(); const [x, y] = picPoint(ev); zoom(ev.deltaY < 0 ? 1.25 : 0.8, x, y); }, { passive: false });
  svg.addEventListener('pointerleave', () => hover(-1));

  // ---- hover, legend, status ---------------------------------------------------------------
  let hovered = -2;
  function hover(i) {
    if (i === hovered) return;
    hovered = i;
    $('hover-hex').setAttribute('points', i >= 0 ? hexPoints(i) : '');
    $('hover-text').textContent = i >= 0 ? describe(i) : 'Point at a hex.';
  }
  function describe(i) {
    const lines = [`${label(i)}: ${terr[i] === OFF ? 'off the map' : terrains[terr[i]]}`];
    const fs = featNames.filter((_, b) => feat[i] & (1 << b));
    if (fs.length) lines.push(`features: ${fs.join(', ')}`);
    const ps = [...places].filter(([, j]) => j === i).map(([n]) => n);
    if (ps.length) lines.push(`place: ${ps.join(', ')}`);
    const as = [...areas].filter(([, a]) => a.hexes.has(i)).map(([k, a]) => `${a.name} (${k})`);
    if (as.length) lines.push(`area: ${as.join(', ')}`);
    for (const j of neighbours(i)) {
      const m = sides.get(sideKey(i, j)) ?? 0;
      if (m) lines.push(`to ${label(j)}: ${sideNames.filter((_, b) => m & (1 << b)).join(', ')}`);
    }
    return lines.join('\n');
  }
  const status = (s) => { $('status').textContent = s; };
  function legend() {
    const body = $('legend-body');
    body.textContent = '';
    const counts = new Map();
    for (let i = 0; i < N; i++) counts.set(terr[i], (counts.get(terr[i]) ?? 0) + 1);
    const sorted = [...terrains].sort(cmp);
    let symbols = [];
    try { symbols = legendSymbols(sorted); } catch { symbols = []; }
    const row = (sw, sym, text, count, isCurrent, onClick, attrs = {}) => {
      const d = document.createElement('div');
      d.className = 'row' + (isCurrent ? ' current' : '');
      for (const [k, v] of Object.entries(attrs)) d.setAttribute(k, v);
      d.innerHTML = '<span class="sw"></span><span class="sym"></span><span class="name"></span><span class="count"></span>';
      d.children[0].style.background = sw; d.children[1].textContent = sym; d.children[2].textContent = text; d.children[3].textContent = count;
      d.addEventListener('click', onClick);
      body.appendChild(d);
    };
    terrains.forEach((t, k) => row(terrainColour(t), symbols[sorted.indexOf(t)] ?? '', `${k < 9 ? k + 1 : ''} ${t}`, counts.get(k) ?? 0,
      current === k && ['brush', 'rect', 'fill'].includes(tool), () => pickTerrain(k), { 'data-terrain': t }));
    row('repeating-linear-gradient(45deg,#c8d0e8 0 3px,#fff 3px 6px)', '~', '0 off map', counts.get(OFF) ?? 0, current === OFF, () => pickTerrain(OFF), { 'data-terrain': '~' });
    featNames.forEach((f) => row('#fff', f[0].toUpperCase(), `feature: ${f}`, feat.filter((m) => m & (1 << featNames.indexOf(f))).length, false, () => { $('hex-feature').value = f; setTool('feature'); }));
    sideNames.forEach((f, b) => row(sideStyle(f)[0], '', `hexside: ${f}`, [...sides.values()].filter((m) => m & (1 << b)).length, false, () => { $('side-feature').value = f; setTool('side'); }));
    for (const [k, a] of areas) row(`hsl(${hue(k)} 80% 45%)`, '', `area: ${a.name} (${k})`, a.hexes.size, false, () => { $('area-key').value = k; $('area-name').value = a.name; setTool('area'); });
    if (places.size) row('#fff', '', `places: ${[...places.keys()].sort(cmp).join(', ')}`, places.size, false, () => setTool('place'));
    fillSelect('terrain', terrains.map((t, k) => [k, t]), current);
    fillSelect('hex-feature', featNames.map((f) => [f, f]), $('hex-feature').value || featNames[0]);
    fillSelect('side-feature', sideNames.map((f) => [f, f]), $('side-feature').value || 'road');
  }
  function fillSelect(id, items, value) {
    const s = $(id);
    s.textContent = '';
    for (const [v, t] of items) { const o = document.createElement('option'); o.value = v; o.textContent = t; s.appendChild(o); }
    if (id === 'terrain') { const o = document.createElement('option'); o.value = OFF; o.textContent = '~ off map'; s.appendChild(o); }
    s.value = String(value);
  }
  function pickTerrain(k) {
    current = k;
    if (!['brush', 'rect', 'fill'].includes(tool)) setTool('brush');
    legend();
  }

  // ---- saving, export, layout --------------------------------------------------------------
  let saveTimer = 0;
  function save() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => store(WORK_KEY, toModel()), 200);
  }
  addEventListener('pagehide', () => { clearTimeout(saveTimer); store(WORK_KEY, toModel()); });
  function doExport() {
    let text;
    try { text = exportToml(); } catch (e) { return status(String(e.message ?? e)); }
    $('export-text').value = text;
    status(`exported ${text.length} bytes`);
    return text;
  }
  const fileName = () => (name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'map') + '.toml';
  $('export').addEventListener('click', doExport);
  $('download').addEventListener('click', () => {
    const text = doExport();
    if (!text) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/toml' }));
    a.download = fileName();
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $('copy').addEventListener('click', async () => {
    const text = doExport();
    if (!text) return;
    try { await navigator.clipboard.writeText(text); status('copied'); } catch {
      $('export-text').select(); document.execCommand('copy'); status('copied (selected)');
    }
  });
  const addName = (input, list, what) => {
    const n = $(input).value.trim();
    if (!n) return status(`type the new ${what}'s name`);
    if (list.includes(n)) return status(`${what} ${n} is already there`);
    if (what !== 'terrain' && list.length >= 32) return status(`at most 32 ${what}s in the editor`);
    list.push(n); $(input).value = ''; legend(); save(); return n;
  };
  $('terrain-add').addEventListener('click', () => { if (addName('terrain-new', terrains, 'terrain')) pickTerrain(terrains.length - 1); });
  $('feature-add').addEventListener('click', () => { const n = addName('feature-new', featNames, 'feature'); if (n) { $('hex-feature').value = n; setTool('feature'); } });
  $('side-add').addEventListener('click', () => { const n = addName('side-new', sideNames, 'hexside feature'); if (n) { $('side-feature').value = n; setTool('side'); } });
  $('terrain').addEventListener('change', (e) => pickTerrain(Number(e.target.value)));
  $('align-reset').addEventListener('click', () => { align = { points: [] }; store(ALIGN_KEY(), align); drawAll(); wholeView(); });
  $('start-over').addEventListener('click', () => { localStorage.removeItem(WORK_KEY); location.reload(); });
  const form = $('layout-form');
  function fillForm() {
    const f = form.elements;
    f.name.value = name; f.orientation.value = L.orientation; f.label.value = L.label; f.digits.value = L.digits;
    f.r0.value = R0; f.r1.value = R1; f.c0.value = C0; f.c1.value = C1;
    f.shifted.value = L.shifted; f.rows_grow.value = L.rows_grow; f.columns_grow.value = L.columns_grow;
  }
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = form.elements, num = (x) => Math.max(0, Math.floor(Number(x.value) || 0));
    const layout = { orientation: f.orientation.value, label: f.label.value, digits: Math.min(4, Math.max(1, num(f.digits))),
      rows: [num(f.r0), num(f.r1)], columns: [num(f.c0), num(f.c1)], shifted: f.shifted.value, rows_grow: f.rows_grow.value, columns_grow: f.columns_grow.value };
    if (layout.rows[0] > layout.rows[1] || layout.columns[0] > layout.columns[1]) return status('the first row and column must not be above the last');
    const cells = (layout.rows[1] - layout.rows[0] + 1) * (layout.columns[1] - layout.columns[0] + 1);
    if (cells > 1000000) return status('at most 1,000,000 hexes');
    // Keep what each label held: the model is by label, the grid by slot.
    const m = toModel(), byLabel = new Map();
    for (let i = 0; i < N; i++) byLabel.set(label(i), terr[i]);
    setLayout(layout);
    m.grid = Array.from({ length: N }, (_, i) => byLabel.get(label(i)) ?? (terrains.length ? 0 : OFF));
    m.layout = layout; m.name = f.name.value.trim() || name;
    fromModel(m); undoStack.length = 0; redoStack.length = 0;
    align = load(ALIGN_KEY()) ?? { points: [] };
    drawAll(); wholeView(); fillForm(); save(); status('layout applied');
  });

  // ---- keys ---------------------------------------------------------------------------------
  const KEYS = { g: 'align', b: 'brush', r: 'rect', f: 'fill', s: 'side', e: 'feature', p: 'place', a: 'area', v: 'pan' };
  addEventListener('keydown', (ev) => {
    if (ev.target.closest && ev.target.closest('input, textarea, select')) return;
    const k = ev.key;
    if ((ev.ctrlKey || ev.metaKey) && (k === 'z' || k === 'Z')) { ev.preventDefault(); return ev.shiftKey ? redo() : undo(); }
    if ((ev.ctrlKey || ev.metaKey) && (k === 'y' || k === 'Y')) { ev.preventDefault(); return redo(); }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (k === ' ') { spaceDown = true; ev.preventDefault(); return; }
    if (k === 'E') return doExport();
    if (KEYS[k]) return setTool(KEYS[k]);
    if (k === 'x') { $('erase').checked = !$('erase').checked; return status($('erase').checked ? 'erasing' : 'painting'); }
    if (k === 'l') { $('show-labels').checked = !$('show-labels').checked; return showLabels(); }
    if (/^[1-9]$/.test(k) && Number(k) <= terrains.length) return pickTerrain(Number(k) - 1);
    if (k === '0') return pickTerrain(OFF);
    if (k === '+' || k === '=') return zoom(1.25);
    if (k === '-') return zoom(0.8);
    if (k === 'Home') return wholeView();
  });
  addEventListener('keyup', (ev) => { if (ev.key === ' ') spaceDown = false; });
  const showLabels = () => $('g-labels').classList.toggle('off', !$('show-labels').checked);
  $('show-labels').addEventListener('change', showLabels);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('zoom-in').addEventListener('click', () => zoom(1.25));
  $('zoom-out').addEventListener('click', () => zoom(0.8));
  $('zoom-reset').addEventListener('click', wholeView);
  for (const b of document.querySelectorAll('[data-tool]')) b.addEventListener('click', () => setTool(b.dataset.tool));

  // ---- start --------------------------------------------------------------------------------
  async function start() {
    const stored = load(WORK_KEY);
    fromModel(stored && stored.layout ? stored : file);
    if (file.align.length) align = { points: file.align, exact: true };
    else align = load(ALIGN_KEY()) ?? { points: [] };
    if (PICTURE) {
      const img = new Image();
      img.src = PICTURE;
      try { await img.decode(); picW = img.naturalWidth; picH = img.naturalHeight; } catch { status('the picture could not be shown'); }
      const pic = $('picture-img');
      pic.setAttribute('href', PICTURE); pic.setAttribute('width', picW); pic.setAttribute('height', picH);
    }
    $('map-name').textContent = name;
    $('show-labels').checked = N <= 3000;
    showLabels();
    drawAll(); wholeView(); fillForm(); setTool(file.align.length || align.points.length ? 'brush' : 'align');
    document.body.dataset.ready = 'true';
  }
  // For tests and for the curious: the page's state, read only.
  window.editor = {
    stats, exportToml: () => exportToml(), centre: (l) => toPic(centreOf(parse(l))), screen: (l) => {
      const [x, y] = toPic(centreOf(parse(l))), p = svg.createSVGPoint();
      p.x = x; p.y = y;
      const q = p.matrixTransform(svg.getScreenCTM());
      return [q.x, q.y];
    }, toScreen: (x, y) => {
      const p = svg.createSVGPoint();
      p.x = x; p.y = y;
      const q = p.matrixTransform(svg.getScreenCTM());
      return [q.x, q.y];
    }, labels: () => Array.from({ length: N }, (_, i) => label(i)), undoDepth: () => undoStack.length,
    hex: (l) => { const i = parse(l); return { label: label(i), neighbours: neighbours(i).map(label), centre: centreOf(i), under: label(slotAtIdeal(centreOf(i))) }; },
  };
  start();
})();
