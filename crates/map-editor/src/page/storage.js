// ---- storage: the work and the alignment kept in the browser -------------------------------
const storage = (() => {
  const pictureHash = fnv(embedded.picture);
  /** The work on this map file over this picture. */
  const workKey = 'victory-map-editor/work/' + fnv(embedded.modelText) + '/' + pictureHash;
  /** The alignment of this picture for a layout. */
  const alignKey = (layout) => 'victory-map-editor/align/' + pictureHash + '/' + fnv(JSON.stringify(layout));
  const load = (k) => { try { return JSON.parse(localStorage.getItem(k) ?? 'null'); } catch { return null; } };
  const store = (k, v) => { try { localStorage.setItem(k, JSON.stringify(v)); } catch { status('could not keep the work in this browser'); } };
  const forgetWork = () => localStorage.removeItem(workKey);
  return { workKey, alignKey, load, store, forgetWork };
})();
