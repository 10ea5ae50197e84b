// ---- the panel's reading of the map: the hex pointed at, and the legend --------------------
const legend = (() => {
  let hovered = -2;
  /** The hex pointed at (-1 for none): outlined, and described in the panel. */
  function hover(i) {
    if (i === hovered) return;
    hovered = i;
    $('hover-hex').setAttribute('points', i >= 0 ? draw.hexPoints(i) : '');
    $('hover-text').textContent = i >= 0 ? describe(i) : 'Point at a hex.';
  }
  function describe(i) {
    const { g, terrains, terr, featNames, feat, places, areas, sides, sideNames } = model.map;
    const lines = [`${g.label(i)}: ${terr[i] === OFF ? 'off the map' : terrains[terr[i]]}`];
    const fs = featNames.filter((_, b) => feat[i] & (1 << b));
    if (fs.length) lines.push(`features: ${fs.join(', ')}`);
    const ps = [...places].filter(([, j]) => j === i).map(([n]) => n);
    if (ps.length) lines.push(`place: ${ps.join(', ')}`);
    const as = [...areas].filter(([, a]) => a.hexes.has(i)).map(([k, a]) => `${a.name} (${k})`);
    if (as.length) lines.push(`area: ${as.join(', ')}`);
    for (const j of g.neighbours(i)) {
      const m = sides.get(g.sideKey(i, j)) ?? 0;
      if (m) lines.push(`to ${g.label(j)}: ${sideNames.filter((_, b) => m & (1 << b)).join(', ')}`);
    }
    return lines.join('\n');
  }
  /** Every terrain, feature, area and place with how many hexes have it; a click picks it. */
  function show() {
    const { terrains, terr, featNames, feat, sideNames, sides, areas, places, g } = model.map;
    const body = $('legend-body');
    body.textContent = '';
    const counts = new Map();
    for (let i = 0; i < g.N; i++) counts.set(terr[i], (counts.get(terr[i]) ?? 0) + 1);
    const sorted = [...terrains].sort(cmp);
    let symbols = [];
    try { symbols = canonical.legendSymbols(sorted); } catch { symbols = []; }
    const row = (sw, sym, text, count, isCurrent, onClick, attrs = {}) => {
      const d = document.createElement('div');
      d.className = 'row' + (isCurrent ? ' current' : '');
      for (const [k, v] of Object.entries(attrs)) d.setAttribute(k, v);
      d.innerHTML = '<span class="sw"></span><span class="sym"></span><span class="name"></span><span class="count"></span>';
      d.children[0].style.background = sw; d.children[1].textContent = sym; d.children[2].textContent = text; d.children[3].textContent = count;
      d.addEventListener('click', onClick);
      body.appendChild(d);
    };
    const { tool, current } = tools;
    terrains.forEach((t, k) => row(draw.terrainColour(t), symbols[sorted.indexOf(t)] ?? '', `${k < 9 ? k + 1 : ''} ${t}`, counts.get(k) ?? 0,
      current === k && ['brush', 'rect', 'fill'].includes(tool), () => pickTerrain(k), { 'data-terrain': t }));
    row('repeating-linear-gradient(45deg,#c8d0e8 0 3px,#fff 3px 6px)', '~', '0 off map', counts.get(OFF) ?? 0, current === OFF, () => pickTerrain(OFF), { 'data-terrain': '~' });
    featNames.forEach((f) => row('#fff', f[0].toUpperCase(), `feature: ${f}`, feat.filter((m) => m & (1 << featNames.indexOf(f))).length, false, () => { $('hex-feature').value = f; tools.set('feature'); }));
    sideNames.forEach((f, b) => row(draw.sideStyle(f)[0], '', `hexside: ${f}`, [...sides.values()].filter((m) => m & (1 << b)).length, false, () => { $('side-feature').value = f; tools.set('side'); }));
    for (const [k, a] of areas) row(`hsl(${draw.hue(k)} 80% 45%)`, '', `area: ${a.name} (${k})`, a.hexes.size, false, () => { $('area-key').value = k; $('area-name').value = a.name; tools.set('area'); });
    if (places.size) row('#fff', '', `places: ${[...places.keys()].sort(cmp).join(', ')}`, places.size, false, () => tools.set('place'));
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
  /** Paint terrain k (OFF: off the map). */
  function pickTerrain(k) {
    tools.current = k;
    if (!['brush', 'rect', 'fill'].includes(tools.tool)) tools.set('brush');
    show();
  }
  /** The map drawn again on its alignment, and the legend. */
  function redraw() { draw.all(); show(); }
  return { hover, show, pickTerrain, redraw };
})();
