// ---- the panel's controls: export, new names, the alignment, the layout --------------------
const panel = (() => {
  /** The map file into the export box (or why not). */
  function doExport() {
    let text;
    try { text = canonical.toml(model.map); } catch (e) { return status(String(e.message ?? e)); }
    $('export-text').value = text;
    status(`exported ${text.length} bytes`);
    return text;
  }
  const fileName = () => (model.map.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'map') + '.toml';
  $('export').addEventListener('click', doExport);
  $('download').addEventListener('click', () => {
    const text = doExport();
    if (!text) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/toml' }));
    a.download = fileName();
    document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $('copy').addEventListener('click', async () => {
    const text = doExport();
    if (!text) return;
    try { await navigator.clipboard.writeText(text); status('copied'); } catch {
      $('export-text').select(); document.execCommand('copy'); status('copied (selected)');
    }
  });
  const addName = (input, list, what) => {
    const n = $(input).value.trim();
    if (!n) return status(`type the new ${what}'s name`);
    if (list.includes(n)) return status(`${what} ${n} is already there`);
    if (what !== 'terrain' && list.length >= 32) return status(`at most 32 ${what}s in the editor`);
    list.push(n); $(input).value = ''; legend.show(); model.save(); return n;
  };
  $('terrain-add').addEventListener('click', () => { if (addName('terrain-new', model.map.terrains, 'terrain')) legend.pickTerrain(model.map.terrains.length - 1); });
  $('feature-add').addEventListener('click', () => { const n = addName('feature-new', model.map.featNames, 'feature'); if (n) { $('hex-feature').value = n; tools.set('feature'); } });
  $('side-add').addEventListener('click', () => { const n = addName('side-new', model.map.sideNames, 'hexside feature'); if (n) { $('side-feature').value = n; tools.set('side'); } });
  $('terrain').addEventListener('change', (e) => legend.pickTerrain(Number(e.target.value)));
  $('align-reset').addEventListener('click', () => {
    alignment.use({ points: [] });
    storage.store(storage.alignKey(model.map.g.layout), alignment.current);
    legend.redraw(); view.whole();
  });
  $('start-over').addEventListener('click', () => { storage.forgetWork(); location.reload(); });
  const form = $('layout-form');
  /** The layout form shows the map's name and layout. */
  function fillForm() {
    const f = form.elements, { name, g } = model.map, L = g.layout;
    f.name.value = name; f.orientation.value = L.orientation; f.label.value = L.label; f.digits.value = L.digits;
    f.r0.value = g.rows[0]; f.r1.value = g.rows[1]; f.c0.value = g.columns[0]; f.c1.value = g.columns[1];
    f.shifted.value = L.shifted; f.rows_grow.value = L.rows_grow; f.columns_grow.value = L.columns_grow;
  }
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const f = form.elements, num = (x) => Math.max(0, Math.floor(Number(x.value) || 0));
    const layout = { orientation: f.orientation.value, label: f.label.value, digits: Math.min(4, Math.max(1, num(f.digits))),
      rows: [num(f.r0), num(f.r1)], columns: [num(f.c0), num(f.c1)], shifted: f.shifted.value, rows_grow: f.rows_grow.value, columns_grow: f.columns_grow.value };
    if (layout.rows[0] > layout.rows[1] || layout.columns[0] > layout.columns[1]) return status('the first row and column must not be above the last');
    const cells = (layout.rows[1] - layout.rows[0] + 1) * (layout.columns[1] - layout.columns[0] + 1);
    if (cells > 1000000) return status('at most 1,000,000 hexes');
    // Keep what each label held: the model is by label, the grid by slot.
    model.relayout(layout, f.name.value.trim() || model.map.name);
    edits.forget();
    alignment.use(storage.load(storage.alignKey(model.map.g.layout)) ?? { points: [] });
    legend.redraw(); view.whole(); fillForm(); model.save(); status('layout applied');
  });
  return { doExport, fillForm };
})();
