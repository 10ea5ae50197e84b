// ---- tools: what the pointer does to the map with each tool --------------------------------
/**
 * The tool (align, brush, rect, fill, side, feature, place, area or pan), the terrain painted
 * (current: an index of the terrains, or OFF), and a stroke's progress: press, drag, release
 * with the slot and the point before alignment under the pointer. Align and pan are the
 * pointer's own (pointer.js).
 */
const tools = (() => {
  let tool = 'brush', current = 0, lastSlot = -1, lastIdeal = null, rectStart = -1;
  const erase = () => $('erase').checked;
  const sideBit = () => model.map.sideNames.indexOf($('side-feature').value);
  const featBit = () => model.map.featNames.indexOf($('hex-feature').value);
  function set(t) {
    tool = t;
    for (const b of document.querySelectorAll('[data-tool]')) b.classList.toggle('active', b.dataset.tool === t);
    for (const d of document.querySelectorAll('#options > div')) d.classList.toggle('shown', d.dataset.for.split(' ').includes(t));
    $('view').classList.toggle('panning', t === 'pan');
    status(t);
  }
  function setTerr(i, t) {
    const { terr } = model.map;
    if (i >= 0 && terr[i] !== t) edits.change({ t: 'terr', i, a: terr[i], b: t });
  }
  /** The brush, features or area tool on one hex. */
  function touchHex(i) {
    if (i < 0) return;
    const { feat, areas } = model.map;
    if (tool === 'brush') setTerr(i, erase() ? OFF : current);
    else if (tool === 'feature') {
      const b = featBit();
      if (b < 0) return status('add a hex feature first');
      const v = (erase() ? feat[i] & ~(1 << b) : feat[i] | (1 << b)) >>> 0;
      if (v !== feat[i]) edits.change({ t: 'feat', i, a: feat[i], b: v });
    } else if (tool === 'area') {
      const k = $('area-key').value.trim(), n = $('area-name').value.trim() || k;
      if (!k) return status('give the area a key first');
      const has = areas.get(k)?.hexes.has(i) ?? false;
      if (has === !erase()) return;
      if (!areas.has(k)) edits.change({ t: 'areadef', k, a: null, b: n });
      edits.change({ t: 'area', k, i, a: has, b: !erase() });
    }
  }
  /** Each hexside crossed going from `lastSlot` along the pointer to ideal point `to`. */
  function crossTo(to) {
    const b = sideBit();
    if (b < 0) return;
    const { g, sides } = model.map;
    const [u0, v0] = lastIdeal, steps = Math.max(1, Math.ceil(Math.hypot(to[0] - u0, to[1] - v0) / 0.25));
    for (let s = 1; s <= steps; s++) {
      const at = g.slotAtIdeal([u0 + (to[0] - u0) * s / steps, v0 + (to[1] - v0) * s / steps]);
      if (at < 0 || at === lastSlot) continue;
      if (lastSlot >= 0 && g.adjacent(lastSlot, at)) {
        const k = g.sideKey(lastSlot, at), old = sides.get(k) ?? 0;
        const v = (erase() ? old & ~(1 << b) : old | (1 << b)) >>> 0;
        if (v !== old) edits.change({ t: 'side', k, a: old, b: v });
      }
      lastSlot = at;
    }
    lastIdeal = to;
  }
  function flood(i) {
    const { g, terr } = model.map;
    const from = terr[i], to = erase() ? OFF : current;
    if (from === to) return;
    const seen = new Uint8Array(g.N), queue = [i];
    seen[i] = 1;
    while (queue.length) {
      const j = queue.pop();
      setTerr(j, to);
      for (const n of g.neighbours(j)) if (!seen[n] && terr[n] === from) { seen[n] = 1; queue.push(n); }
    }
  }
  function fillRect(a, b) {
    const { g } = model.map;
    const [r0, r1] = [g.rowOf(a), g.rowOf(b)].sort((x, y) => x - y), [c0, c1] = [g.colOf(a), g.colOf(b)].sort((x, y) => x - y);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) setTerr(g.slot(r, c), erase() ? OFF : current);
  }
  function showRect(a, b) {
    const e = $('rect-preview');
    if (a < 0 || b < 0) { e.setAttribute('points', ''); return; }
    const { g } = model.map, rs = [g.rowOf(a), g.rowOf(b)], cs = [g.colOf(a), g.colOf(b)];
    e.setAttribute('points', [[rs[0], cs[0]], [rs[0], cs[1]], [rs[1], cs[1]], [rs[1], cs[0]]].map(([r, c]) => g.ideal(r, c).join(',')).join(' '));
  }
  /** The pointer pressed on slot i, at ideal point id. */
  function press(i, id) {
    if (tool === 'place') {
      const { places } = model.map, n = $('place-name').value.trim();
      if (i < 0) return;
      if (erase()) { for (const [pn, j] of places) if (j === i) edits.change({ t: 'place', n: pn, a: j, b: undefined }); }
      else if (!n) status('type the place name first');
      else if (places.get(n) !== i) edits.change({ t: 'place', n, a: places.get(n), b: i });
      return edits.endStroke();
    }
    if (tool === 'fill') { if (i >= 0) flood(i); return edits.endStroke(); }
    if (tool === 'rect') { rectStart = i; showRect(i, i); return; }
    if (tool === 'side') { lastSlot = i; lastIdeal = id; return; }
    lastSlot = i; touchHex(i);
  }
  /** The pointer moved, pressed, onto slot i at ideal point id. */
  function drag(i, id) {
    if (tool === 'side' && lastIdeal) crossTo(id);
    else if (tool === 'rect' && rectStart >= 0) showRect(rectStart, i);
    else if ((tool === 'brush' || tool === 'feature' || tool === 'area') && i !== lastSlot) { lastSlot = i; touchHex(i); }
  }
  /** The pointer released; slotThere() is the slot under it. The stroke ends. */
  function release(slotThere) {
    if (tool === 'rect' && rectStart >= 0) {
      const i = slotThere();
      if (i >= 0) fillRect(rectStart, i);
      rectStart = -1; showRect(-1, -1);
    }
    lastIdeal = null; lastSlot = -1;
    edits.endStroke();
  }
  return {
    get tool() { return tool; }, get current() { return current; }, set current(k) { current = k; },
    set, press, drag, release,
  };
})();
