// ---- the model: the map being edited, in tables by slot ------------------------------------
/**
 * model.map is the map being edited: its geometry (g), name, terrains (the grid holds their
 * indices, OFF for a hole), hex features (a bit each per slot), hexside features (built-in
 * first, a bit each per hexside key), places (name to slot) and areas (key to name and slots).
 * It is read from and written to the JSON the page stores, which is the model Rust wrote.
 */
const model = (() => {
  const BUILTIN_SIDES = embedded.form.hexsides.map(([, feature]) => feature);
  let map = null;

  /** A model (the file's, or one stored) into the working tables. */
  function load(m) {
    const g = geometry.of(m.layout), N = g.N;
    const terrains = [...m.terrains];
    const terr = Int16Array.from(m.grid.length === N ? m.grid : new Array(N).fill(terrains.length ? 0 : OFF));
    const featNames = Object.keys(m.features);
    const feat = new Uint32Array(N);
    featNames.forEach((f, b) => m.features[f].forEach((l) => { const i = g.parse(l); if (i >= 0) feat[i] |= 1 << b; }));
    const sideNames = [...BUILTIN_SIDES, ...m.own];
    const sides = new Map();
    for (const [f, pairs] of Object.entries(m.sides)) {
      const b = sideNames.indexOf(f);
      for (const [x, y] of pairs) {
        const i = g.parse(x), j = g.parse(y);
        if (b >= 0 && i >= 0 && j >= 0) { const k = g.sideKey(i, j); sides.set(k, ((sides.get(k) ?? 0) | (1 << b)) >>> 0); }
      }
    }
    const places = new Map(m.places.map(([n, l]) => [n, g.parse(l)]).filter(([, i]) => i >= 0));
    const areas = new Map(m.areas.map(([k, n, ls]) => [k, { name: n, hexes: new Set(ls.map(g.parse).filter((i) => i >= 0)) }]));
    map = { g, name: m.name, terrains, terr, featNames, feat, sideNames, sides, places, areas };
  }

  /** The working tables as a model (for storage, and for a new layout). */
  function toJson() {
    const { g, name, terrains, terr, featNames, feat, sideNames, sides, places, areas } = map, { N, label } = g;
    const features = {};
    featNames.forEach((f, b) => { features[f] = []; for (let i = 0; i < N; i++) if (feat[i] & (1 << b)) features[f].push(label(i)); });
    const sideLists = {};
    sideNames.forEach((f) => { sideLists[f] = []; });
    for (const [k, mask] of sides) sideNames.forEach((f, b) => { if (mask & (1 << b)) sideLists[f].push(g.sidePair(k).map(label)); });
    return {
      name, layout: g.layout, terrains, grid: Array.from(terr), features,
      places: [...places].map(([n, i]) => [n, label(i)]),
      areas: [...areas].map(([k, a]) => [k, a.name, [...a.hexes].map(label)]),
      sides: sideLists, own: sideNames.slice(BUILTIN_SIDES.length), align: embedded.model.align,
    };
  }

  /** The map on a new layout and name: what each label held, it holds again. */
  function relayout(layout, name) {
    const m = toJson(), old = map.g, byLabel = new Map();
    for (let i = 0; i < old.N; i++) byLabel.set(old.label(i), map.terr[i]);
    const g = geometry.of(layout);
    m.grid = Array.from({ length: g.N }, (_, i) => byLabel.get(g.label(i)) ?? (map.terrains.length ? 0 : OFF));
    m.layout = layout; m.name = name;
    load(m);
  }

  let saveTimer = 0;
  /** Keeps the work in the browser, soon (or now). */
  function save() {
    clearTimeout(saveTimer);
    saveTimer = setTimeout(() => storage.store(storage.workKey, toJson()), 200);
  }
  function saveNow() { clearTimeout(saveTimer); storage.store(storage.workKey, toJson()); }

  return { get map() { return map; }, load, relayout, save, saveNow };
})();
