// ---- the keys, the toolbar, the start ------------------------------------------------------
(() => {
  edits.onCommit(() => { legend.show(); model.save(); });
  addEventListener('pagehide', model.saveNow);
  const showLabels = () => $('g-labels').classList.toggle('off', !$('show-labels').checked);
  const KEYS = { g: 'align', b: 'brush', r: 'rect', f: 'fill', s: 'side', e: 'feature', p: 'place', a: 'area', v: 'pan' };
  addEventListener('keydown', (ev) => {
    if (ev.target.closest && ev.target.closest('input, textarea, select')) return;
    const k = ev.key;
    if ((ev.ctrlKey || ev.metaKey) && (k === 'z' || k === 'Z')) { ev.preventDefault(); return ev.shiftKey ? edits.redo() : edits.undo(); }
    if ((ev.ctrlKey || ev.metaKey) && (k === 'y' || k === 'Y')) { ev.preventDefault(); return edits.redo(); }
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (k === ' ') { pointer.space(true); ev.preventDefault(); return; }
    if (k === 'E') return panel.doExport();
    if (KEYS[k]) return tools.set(KEYS[k]);
    if (k === 'x') { $('erase').checked = !$('erase').checked; return status($('erase').checked ? 'erasing' : 'painting'); }
    if (k === 'l') { $('show-labels').checked = !$('show-labels').checked; return showLabels(); }
    if (/^[1-9]$/.test(k) && Number(k) <= model.map.terrains.length) return legend.pickTerrain(Number(k) - 1);
    if (k === '0') return legend.pickTerrain(OFF);
    if (k === '+' || k === '=') return view.zoom(1.25);
    if (k === '-') return view.zoom(0.8);
    if (k === 'Home') return view.whole();
  });
  addEventListener('keyup', (ev) => { if (ev.key === ' ') pointer.space(false); });
  $('show-labels').addEventListener('change', showLabels);
  $('undo').addEventListener('click', edits.undo);
  $('redo').addEventListener('click', edits.redo);
  $('zoom-in').addEventListener('click', () => view.zoom(1.25));
  $('zoom-out').addEventListener('click', () => view.zoom(0.8));
  $('zoom-reset').addEventListener('click', view.whole);
  for (const b of document.querySelectorAll('[data-tool]')) b.addEventListener('click', () => tools.set(b.dataset.tool));

  /** The stored work (or the file's map), its alignment, the picture, everything drawn. */
  async function start() {
    const file = embedded.model, stored = storage.load(storage.workKey);
    model.load(stored && stored.layout ? stored : file);
    if (file.align.length) alignment.use({ points: file.align, exact: true });
    else alignment.use(storage.load(storage.alignKey(model.map.g.layout)) ?? { points: [] });
    if (embedded.picture) {
      const img = new Image();
      img.src = embedded.picture;
      try { await img.decode(); alignment.setPicture(img.naturalWidth, img.naturalHeight); } catch { status('the picture could not be shown'); }
      const pic = $('picture-img'), [w, h] = alignment.picture;
      pic.setAttribute('href', embedded.picture); pic.setAttribute('width', w); pic.setAttribute('height', h);
    }
    $('map-name').textContent = model.map.name;
    $('show-labels').checked = model.map.g.N <= 3000;
    showLabels();
    legend.redraw(); view.whole(); panel.fillForm();
    tools.set(file.align.length || alignment.current.points.length ? 'brush' : 'align');
    document.body.dataset.ready = 'true';
  }
  // For tests and for the curious: the page's state, read only.
  window.editor = {
    stats: pointer.stats,
    exportToml: () => canonical.toml(model.map),
    centre: (l) => alignment.toPic(model.map.g.centreOf(model.map.g.parse(l))),
    screen: (l) => view.toScreen(...alignment.toPic(model.map.g.centreOf(model.map.g.parse(l)))),
    toScreen: (x, y) => view.toScreen(x, y),
    labels: () => Array.from({ length: model.map.g.N }, (_, i) => model.map.g.label(i)),
    undoDepth: () => edits.depth(),
    /** One hex as the page reads it: its label printed again, its neighbours, its centre before alignment, the hex found there. */
    hex: (l) => {
      const { g } = model.map, i = g.parse(l);
      return { label: g.label(i), neighbours: g.neighbours(i).map(g.label), centre: g.centreOf(i), under: g.label(g.slotAtIdeal(g.centreOf(i))) };
    },
  };
  start();
})();
