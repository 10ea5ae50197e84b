// ---- drawing: the grid, its terrain, marks, areas, hexsides and labels, in the svg ---------
const draw = (() => {
  const svgNS = 'http://www.w3.org/2000/svg';
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
  let hexEls = [], markEls = new Map(), areaEls = new Map(), sideEls = new Map();

  /** Everything again, on the alignment fitted anew. */
  function all() {
    const { g, sides } = model.map, { N } = g;
    alignment.fit(g);
    const M = alignment.matrix;
    $('g-grid').setAttribute('transform', `matrix(${M[0]} ${M[3]} ${M[1]} ${M[4]} ${M[2]} ${M[5]})`);
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
    for (const k of sides.keys()) side(k);
    $('g-areas').textContent = ''; areaEls = new Map();
    for (let i = 0; i < N; i++) area(i);
    labels();
    alignMarks();
  }
  const hexPoints = (i) => {
    const { g } = model.map, [u, v] = g.centreOf(i);
    return g.corners.map(([x, y]) => `${(u + x).toFixed(3)},${(v + y).toFixed(3)}`).join(' ');
  };
  function paintHex(i) {
    const { terr, terrains } = model.map, t = terr[i], e = hexEls[i];
    if (t === OFF) { e.setAttribute('class', 'hole'); e.removeAttribute('fill'); } else { e.removeAttribute('class'); e.setAttribute('fill', terrainColour(terrains[t])); }
  }
  function labels() {
    const { g } = model.map, gl = $('g-labels'), size = alignment.hexPx();
    gl.textContent = ''; markEls = new Map();
    const frag = document.createDocumentFragment();
    for (let i = 0; i < g.N; i++) {
      const [x, y] = alignment.toPic(g.centreOf(i));
      el('text', { x: x.toFixed(1), y: (y - size * 0.5).toFixed(1), 'font-size': (size * 0.32).toFixed(1) }, frag).textContent = g.label(i);
    }
    gl.appendChild(frag);
    $('g-marks').textContent = '';
    for (let i = 0; i < g.N; i++) marks(i);
  }
  /** A hex's features (initials) and places. */
  function marks(i) {
    const { g, featNames, feat, places } = model.map;
    const names = featNames.filter((_, b) => feat[i] & (1 << b)).map((f) => f[0].toUpperCase());
    const ps = [...places].filter(([, j]) => j === i).map(([n]) => n);
    let e = markEls.get(i);
    if (!names.length && !ps.length) { if (e) { e.remove(); markEls.delete(i); } return; }
    const size = alignment.hexPx(), [x, y] = alignment.toPic(g.centreOf(i));
    if (!e) { e = el('text', {}, $('g-marks')); markEls.set(i, e); }
    e.setAttribute('x', x.toFixed(1)); e.setAttribute('y', (y + size * 0.25).toFixed(1));
    e.setAttribute('font-size', (size * 0.38).toFixed(1));
    e.textContent = [names.join(''), ...ps].filter(Boolean).join(' ');
  }
  /** A hex's outline in the colour of its first area. */
  function area(i) {
    const keys = [...model.map.areas].filter(([, a]) => a.hexes.has(i)).map(([k]) => k);
    let e = areaEls.get(i);
    if (!keys.length) { if (e) { e.remove(); areaEls.delete(i); } return; }
    if (!e) { e = el('polygon', { points: hexPoints(i) }, $('g-areas')); areaEls.set(i, e); }
    e.setAttribute('stroke', `hsl(${hue(keys[0])} 80% 45%)`);
  }
  /** A hexside's features: roads, trails and rails from centre to centre, the others along it. */
  function side(k) {
    const { g, sides, sideNames } = model.map;
    for (const old of sideEls.get(k) ?? []) old.remove();
    const mask = sides.get(k) ?? 0, els = [];
    if (mask) {
      const [i, j] = g.sidePair(k), [ui, vi] = g.centreOf(i), [uj, vj] = g.centreOf(j);
      const [[x1, y1], [x2, y2]] = g.sideEnds(i, j);
      sideNames.forEach((f, b) => {
        if (!(mask & (1 << b))) return;
        const [colour, width, dash] = sideStyle(f);
        const at = centreLine(f) ? { x1: ui, y1: vi, x2: uj, y2: vj } : { x1, y1, x2, y2 };
        els.push(el('line', { ...at, stroke: colour, 'stroke-width': width, 'stroke-dasharray': dash, 'data-feature': f }, $('g-sides')));
      });
    }
    if (els.length) sideEls.set(k, els); else sideEls.delete(k);
  }
  function alignMarks() {
    const ga = $('g-align');
    ga.textContent = '';
    const list = $('align-points');
    list.textContent = '';
    for (const [l, x, y] of alignment.current.points) {
      el('circle', { cx: x, cy: y, r: 6 }, ga);
      const t = el('text', { x: x + 8, y: y - 8, 'font-size': 14 }, ga);
      t.textContent = l;
      const li = document.createElement('li');
      li.textContent = `${l} at ${x.toFixed(1)}, ${y.toFixed(1)}`;
      list.appendChild(li);
    }
  }
  return { svg, all, hexPoints, paintHex, marks, area, side, hue, terrainColour, sideStyle };
})();
