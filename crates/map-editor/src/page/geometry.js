// ---- geometry: the labels, neighbours and centres of one layout ----------------------------
/**
 * The page's one geometry. geometry.of(layout) takes a layout (the canonical form's keys) and
 * answers for its slots: the labels of its extents numbered from 0 in label order (row by row,
 * column by column). The neighbour steps are hexmap's (the table Rust wrote from its Layout);
 * labels, centres (as map_editor::grid_position) and picking are computed here, and the
 * browser test holds all of them to Rust's on 32 layouts (tests/browser/editor/geometry.json).
 */
const geometry = (() => {
  const S3 = Math.sqrt(3);
  const STEPS = embedded.geometry.neighbours;
  function of(layout) {
    const L = { ...layout };
    const [R0, R1] = L.rows, [C0, C1] = L.columns;
    const NC = C1 - C0 + 1, N = (R1 - R0 + 1) * NC;
    const flat = L.orientation === 'flat';
    const pad = (n) => String(n).padStart(L.digits, '0');
    const rowOf = (i) => R0 + Math.floor(i / NC);
    const colOf = (i) => C0 + (i % NC);
    const slot = (r, c) => (r < R0 || r > R1 || c < C0 || c > C1 ? -1 : (r - R0) * NC + (c - C0));
    const label = (i) => (L.label === 'row-column' ? pad(rowOf(i)) + pad(colOf(i)) : pad(colOf(i)) + pad(rowOf(i)));
    /** The slot of a label as printed, or -1. */
    const parse = (text) => {
      const t = String(text).trim();
      if (!/^\d+$/.test(t) || t.length !== 2 * L.digits) return -1;
      const a = Number(t.slice(0, L.digits)), b = Number(t.slice(L.digits));
      return L.label === 'row-column' ? slot(a, b) : slot(b, a);
    };
    const shifted = (line) => (Math.abs(line) % 2 === 1) === (L.shifted === 'odd');
    const sx = L.columns_grow === 'west' ? -1 : 1, sy = L.rows_grow === 'north' ? -1 : 1;
    /** The centre of a row and column before alignment: circumradius 1, as map_editor::grid_position. */
    const ideal = (r, c) => {
      if (flat) return [(c - C0) * 1.5 * sx, (r - R0 + (shifted(c) ? 0.5 : 0)) * S3 * sy];
      return [(c - C0 + (shifted(r) ? 0.5 : 0)) * S3 * sx, (r - R0) * 1.5 * sy];
    };
    const centreOf = (i) => ideal(rowOf(i), colOf(i));
    /** A hex's corners around its centre (circumradius 1). */
    const a0 = flat ? 0 : 30;
    const corners = [0, 1, 2, 3, 4, 5].map((k) => [Math.cos((a0 + 60 * k) * Math.PI / 180), Math.sin((a0 + 60 * k) * Math.PI / 180)]);
    const steps = STEPS[flat ? 'flat' : 'pointy'][L.shifted === 'odd' ? 'odd' : 'even'];
    /** The neighbours of a slot inside the extents (holes included), in the order of Rust's steps. */
    const neighbours = (i) => {
      const r = rowOf(i), c = colOf(i), out = [];
      for (const [dr, dc] of steps[shifted(flat ? c : r) ? 1 : 0]) {
        const j = slot(r + dr, c + dc);
        if (j >= 0) out.push(j);
      }
      return out;
    };
    const adjacent = (i, j) => neighbours(i).includes(j);
    /** One number for the hexside between two slots, and back. */
    const sideKey = (i, j) => (i < j ? i * N + j : j * N + i);
    const sidePair = (k) => [Math.floor(k / N), k % N];
    /** The ends of the hexside between two neighbours, before alignment. */
    const sideEnds = (i, j) => {
      const [ui, vi] = centreOf(i), [uj, vj] = centreOf(j);
      const mu = (ui + uj) / 2, mv = (vi + vj) / 2, pu = -(vj - vi) / S3 / 2, pv = (uj - ui) / S3 / 2;
      return [[mu - pu, mv - pv], [mu + pu, mv + pv]];
    };
    /** The slot whose hex holds a point before alignment, or -1. */
    function slotAtIdeal([u, v]) {
      let best = -1, bestD = 1.0001;
      const tryRC = (r, c) => {
        const i = slot(r, c);
        if (i < 0) return;
        const [cu, cv] = ideal(r, c), d = Math.hypot(cu - u, cv - v);
        if (d < bestD) { bestD = d; best = i; }
      };
      if (flat) {
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
    return Object.freeze({
      layout: L, rows: [R0, R1], columns: [C0, C1], N, NC, corners,
      pad, rowOf, colOf, slot, label, parse, ideal, centreOf, neighbours, adjacent, sideKey, sidePair, sideEnds, slotAtIdeal,
    });
  }
  return { of };
})();
