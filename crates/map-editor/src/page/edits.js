// ---- edits: each change to the map, a stroke of them, undo and redo ------------------------
/**
 * A change is { t: what, a: the value before, b: the value after, and where: i (a slot), k (a
 * hexside key or an area key) or n (a place name) }. A stroke is the changes of one press of the
 * pointer; undo and redo take a stroke back or again. onCommit(f): f runs after each stroke kept,
 * undone or redone.
 */
const edits = (() => {
  let stroke = null, committed = () => {};
  const undoStack = [], redoStack = [];
  function change(c) {
    if (!stroke) stroke = [];
    apply(c, c.b);
    stroke.push(c);
  }
  function apply(c, v) {
    const { terr, feat, sides, places, areas } = model.map;
    switch (c.t) {
      case 'terr': terr[c.i] = v; draw.paintHex(c.i); break;
      case 'feat': feat[c.i] = v; draw.marks(c.i); break;
      case 'side': if (v) sides.set(c.k, v); else sides.delete(c.k); draw.side(c.k); break;
      case 'place': {
        const old = places.get(c.n);
        if (v === undefined) places.delete(c.n); else places.set(c.n, v);
        if (old !== undefined) draw.marks(old);
        if (v !== undefined) draw.marks(v);
        break;
      }
      case 'areadef': if (v === null) areas.delete(c.k); else areas.set(c.k, { name: v, hexes: new Set() }); break;
      case 'area': {
        const a = areas.get(c.k);
        if (!a) break;
        if (v) a.hexes.add(c.i); else a.hexes.delete(c.i);
        draw.area(c.i); break;
      }
      default: break;
    }
  }
  function endStroke() {
    if (stroke && stroke.length) { undoStack.push(stroke); redoStack.length = 0; committed(); }
    stroke = null;
  }
  function undo() {
    const s = undoStack.pop();
    if (!s) return status('nothing to undo');
    for (const c of [...s].reverse()) apply(c, c.a);
    redoStack.push(s); committed(); status(`undone (${undoStack.length} left)`);
  }
  function redo() {
    const s = redoStack.pop();
    if (!s) return status('nothing to redo');
    for (const c of s) apply(c, c.b);
    undoStack.push(s); committed(); status('redone');
  }
  /** No undo or redo (a new layout). */
  function forget() { undoStack.length = 0; redoStack.length = 0; }
  return { change, endStroke, undo, redo, forget, depth: () => undoStack.length, onCommit: (f) => { committed = f; } };
})();
