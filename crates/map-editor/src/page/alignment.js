// ---- alignment: the affine map from centres before alignment to the picture's pixels -------
const alignment = (() => {
  /** The reference points ([label, x, y], at most three) and whether they are exact (Rust's). */
  let align = { points: [] };
  let M = [1, 0, 0, 0, 1, 0]; // x = M0 u + M1 v + M2, y = M3 u + M4 v + M5
  let picW = 0, picH = 0;
  /** The affine map of the points (or, without two, the grid fitted to the picture). */
  function fit(g) {
    const pts = align.points.map(([l, x, y]) => [g.parse(l), x, y]).filter(([i]) => i >= 0);
    if (pts.length >= 3) {
      const s = solveAffine(pts.map(([i, x, y]) => [...g.centreOf(i), x, y]));
      if (s) { M = s; return; }
    }
    if (pts.length >= 2) {
      const [[i0, x0, y0], [i1, x1, y1]] = pts;
      const [u0, v0] = g.centreOf(i0), [u1, v1] = g.centreOf(i1);
      const du = u1 - u0, dv = v1 - v0, dx = x1 - x0, dy = y1 - y0, d = du * du + dv * dv;
      if (d > 0) {
        const zr = (dx * du + dy * dv) / d, zi = (dy * du - dx * dv) / d;
        M = [zr, -zi, x0 - (zr * u0 - zi * v0), zi, zr, y0 - (zi * u0 + zr * v0)];
        return;
      }
    }
    // Unaligned: the grid fitted to the picture (or drawn at 30 px a hex), then moved onto a click.
    const { N, NC } = g;
    let minU = Infinity, minV = Infinity, maxU = -Infinity, maxV = -Infinity;
    for (const i of [0, NC - 1, N - NC, N - 1, Math.min(1, N - 1), Math.min(NC, N - 1)]) {
      const [u, v] = g.centreOf(i);
      minU = Math.min(minU, u - 1); maxU = Math.max(maxU, u + 1); minV = Math.min(minV, v - 1); maxV = Math.max(maxV, v + 1);
    }
    const s = picW ? Math.min(picW / (maxU - minU), picH / (maxV - minV)) : 30;
    M = [s, 0, -minU * s, 0, s, -minV * s];
    if (pts.length === 1) {
      const [[i, x, y]] = pts, [u, v] = g.centreOf(i);
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
  /** A point before alignment to the picture's pixels, and back. */
  const toPic = ([u, v]) => [M[0] * u + M[1] * v + M[2], M[3] * u + M[4] * v + M[5]];
  function toIdeal([x, y]) {
    const det = M[0] * M[4] - M[1] * M[3];
    const dx = x - M[2], dy = y - M[5];
    return [(M[4] * dx - M[1] * dy) / det, (-M[3] * dx + M[0] * dy) / det];
  }
  /** Pixel size of one hex's radius on the picture. */
  const hexPx = () => Math.sqrt(Math.abs(M[0] * M[4] - M[1] * M[3]));
  /** The hex of `label` is at picture point pt: kept as one of the last three points. */
  function add(label, pt) {
    align.points = align.points.filter(([x]) => x !== label);
    align.points.push([label, pt[0], pt[1]]);
    if (align.points.length > 3) align.points.shift();
  }
  return {
    get current() { return align; }, use: (a) => { align = a; }, add, fit, toPic, toIdeal, hexPx,
    get matrix() { return M; }, get picture() { return [picW, picH]; }, setPicture: (w, h) => { picW = w; picH = h; },
  };
})();
