// ---- the pointer over the map: the tools, the alignment clicks, panning, hovering ----------
const pointer = (() => {
  const svg = draw.svg;
  /** The paint handler's times (ms), for the browser test. */
  const stats = { paint: [] };
  let panFrom = null, spaceDown = false;
  const slotAt = (pt) => model.map.g.slotAtIdeal(alignment.toIdeal(pt));
  /** The hex of the label typed is at picture point pt. */
  function alignClick(pt) {
    const l = $('align-label').value.trim();
    if (model.map.g.parse(l) < 0) return status(`type the label of the hex you click (not "${l}")`);
    alignment.add(l, pt);
    storage.store(storage.alignKey(model.map.g.layout), alignment.current);
    legend.redraw();
    const n = alignment.current.points.length;
    status(`aligned on ${n} hex${n > 1 ? 'es' : ''}`);
  }
  svg.addEventListener('pointerdown', (ev) => {
    svg.setPointerCapture(ev.pointerId);
    const pt = view.picPoint(ev), id = alignment.toIdeal(pt), i = model.map.g.slotAtIdeal(id);
    if (ev.button === 2 || ev.button === 1 || tools.tool === 'pan' || spaceDown) { panFrom = [ev.clientX, ev.clientY, view.box[0], view.box[1]]; return; }
    if (tools.tool === 'align') return alignClick(pt);
    tools.press(i, id);
  });
  svg.addEventListener('pointermove', (ev) => {
    const t0 = performance.now();
    if (panFrom) { view.pan(panFrom, ev); return; }
    const id = alignment.toIdeal(view.picPoint(ev)), i = model.map.g.slotAtIdeal(id);
    legend.hover(i);
    if (ev.buttons & 1) {
      tools.drag(i, id);
      stats.paint.push(performance.now() - t0);
    }
  });
  const up = (ev) => {
    if (panFrom) { panFrom = null; return; }
    tools.release(() => slotAt(view.picPoint(ev)));
  };
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', up);
  svg.addEventListener('contextmenu', (ev) => ev.preventDefault());
  svg.addEventListener('wheel', (ev) => { ev.preventDefault(); const [x, y] = view.picPoint(ev); view.zoom(ev.deltaY < 0 ? 1.25 : 0.8, x, y); }, { passive: false });
  svg.addEventListener('pointerleave', () => legend.hover(-1));
  return { stats, space: (down) => { spaceDown = down; } };
})();
