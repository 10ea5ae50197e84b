// ---- what Rust wrote into the page, and the helpers every part uses ------------------------
/** The page's element of this id. */
const $ = (id) => document.getElementById(id);
/** The terrain of a hole (off the map) in the grid of terrain indices. */
const OFF = -1;
/** Orders two strings (names and keys sorted in the legend and the export). */
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
/** FNV-1a of a string, in hex: the storage keys, and the colours of names without one. */
const fnv = (s) => {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16);
};
/** A word to the user, in the toolbar. */
const status = (s) => { $('status').textContent = s; };
/**
 * The JSON map_editor::page wrote into the page, read once: the map file's model (and its
 * text, which keys the stored work), the picture (a data: URL, or ''), the geometry table (the
 * neighbour steps, computed by hexmap's Layout) and the canonical form's constants.
 */
const embedded = (() => {
  const read = (id) => JSON.parse($(id).textContent);
  const modelText = $('model').textContent;
  return Object.freeze({ modelText, model: JSON.parse(modelText), picture: read('picture'), geometry: read('geometry'), form: read('form') });
})();
