// End-to-end test of the map editor (`victory map edit`) in Debian's Chromium, headless, driven by
// playwright-core, in the harness style of report.test.mjs:
//
//   npm ci --prefix tests/browser && node --test tests/browser/
//
// A person's use on a small map over a generated picture (expected export committed in
// tests/browser/editor/), alignment within 2 px of known centres, the export round trip, the
// exports of the stand-in Leyte map and of the maps of editor/forms/ against the Rust canonical
// form, the page's geometry (labels, neighbours, centres, picking) and export on 32 layouts
// applied in its Layout form against Rust's (editor/geometry.json), and frame times of the paint
// handler on the stand-in Leyte map and a 10,000-hex map. Output: target/browser/editor-*.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { hexPicture } from './editor/png.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');
const OUT = join(TARGET, 'browser');
const HERE = join(ROOT, 'tests', 'browser', 'editor');
const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const VIEWPORT = { width: 1400, height: 900 };
const HANG_GUARD_MS = 240_000;
const S3 = Math.sqrt(3);

function victoryBin() {
  if (process.env.VICTORY_BIN) return resolve(ROOT, process.env.VICTORY_BIN);
  const bin = join(TARGET, 'debug', 'victory');
  if (!existsSync(bin)) execFileSync('cargo', ['build', '-q', '-p', 'victory-cli'], { cwd: ROOT, stdio: 'inherit' });
  return bin;
}
const BIN = victoryBin();
mkdirSync(OUT, { recursive: true });

/** `victory ARGS`: status, stdout and stderr. */
function victory(...args) {
  const run = spawnSync(BIN, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}
function editorPage(name, ...args) {
  const file = join(OUT, `${name}.html`);
  rmSync(file, { force: true });
  const run = victory('map', 'edit', ...args, '-o', file);
  assert.equal(run.status, 0, `victory map edit ${args.join(' ')}: ${run.stderr}`);
  return file;
}

/**
 * Centres of a flat map numbered row-column, odd columns half a hex south, rows growing south:
 * as printed on the generated pictures, computed here independently of the page.
 */
function centres({ rows, columns, radius, x0, y0, angle = 0, yScale = 1 }) {
  const out = [];
  const [ca, sa] = [Math.cos(angle), Math.sin(angle)];
  for (let r = rows[0]; r <= rows[1]; r++) for (let c = columns[0]; c <= columns[1]; c++) {
    const u = (c - columns[0]) * 1.5 * radius, v = (r - rows[0] + (c % 2 === 1 ? 0.5 : 0)) * S3 * radius * yScale;
    const label = String(r).padStart(2, '0') + String(c).padStart(2, '0');
    out.push({ label, x: x0 + ca * u - sa * v, y: y0 + sa * u + ca * v, colour: (r * 7 + c * 3) % 5 === 0 ? [150, 190, 120] : [236, 226, 190] });
  }
  return out;
}
function picture(name, spec, width, height) {
  const hexes = centres(spec);
  const file = join(OUT, `${name}.png`);
  writeFileSync(file, hexPicture(width, height, hexes, spec.radius * Math.min(1, spec.yScale ?? 1)));
  return { file, hexes };
}

// ---------------------------------------------------------------------------------------------
let context, userDataDir, hangGuard;
before(async () => {
  hangGuard = setTimeout(() => { console.error('# editor browser test: hang guard'); process.exit(1); }, HANG_GUARD_MS);
  hangGuard.unref();
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} missing: apt-get install chromium (or set CHROMIUM_BIN)`);
  userDataDir = mkdtempSync(join(tmpdir(), 'victory-editor-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, viewport: VIEWPORT, timeout: 30_000,
    acceptDownloads: false, serviceWorkers: 'block',
  });
  process.on('exit', () => rmSync(userDataDir, { recursive: true, force: true }));
  await Promise.all(context.pages().map((p) => p.close()));
});
after(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  clearTimeout(hangGuard);
});

/** Opens an editor page on fresh local storage, checks it stays clean, runs `body(page)`. */
async function withEditor(file, body, { keepStorage = false } = {}) {
  const url = pathToFileURL(file).href;
  const page = await context.newPage();
  const log = { errors: [], requests: [] };
  try {
    page.setDefaultTimeout(15_000);
    page.on('console', (m) => { if (m.type() === 'error') log.errors.push(m.text()); });
    page.on('pageerror', (e) => log.errors.push(String(e.stack ?? e)));
    page.on('request', (r) => { if (r.url() !== url && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) log.requests.push(r.url()); });
    await page.goto(url, { waitUntil: 'load' });
    if (!keepStorage) {
      await page.evaluate(() => localStorage.clear());
      await page.reload({ waitUntil: 'load' });
    }
    await page.waitForSelector('body[data-ready="true"]');
    await body(page);
    assert.deepEqual(log.errors, [], 'console errors or uncaught exceptions');
    assert.deepEqual(log.requests, [], 'requests other than the file itself');
  } finally {
    await page.close();
  }
}

const screenOf = (page, x, y) => page.evaluate(([x, y]) => window.editor.toScreen(x, y), [x, y]);
const screenOfLabel = (page, l) => page.evaluate((l) => window.editor.screen(l), l);
async function clickPicture(page, x, y) {
  const [sx, sy] = await screenOf(page, x, y);
  await page.mouse.click(sx, sy);
}
async function alignOn(page, hexes, labels) {
  await page.keyboard.press('g');
  for (const l of labels) {
    const h = hexes.find((c) => c.label === l);
    await page.fill('#align-label', l);
    await clickPicture(page, h.x, h.y);
  }
}
/** Press on hex `from`, move through `through` (labels), release. */
async function drag(page, labels, steps = 4) {
  const [x0, y0] = await screenOfLabel(page, labels[0]);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  for (const l of labels.slice(1)) {
    const [x, y] = await screenOfLabel(page, l);
    await page.mouse.move(x, y, { steps });
  }
  await page.mouse.up();
}
const exportText = async (page) => {
  await page.click('#export');
  return page.$eval('#export-text', (t) => t.value);
};
const maxError = async (page, hexes) => {
  const got = await page.evaluate((ls) => ls.map((l) => window.editor.centre(l)), hexes.map((h) => h.label));
  return Math.max(...hexes.map((h, i) => Math.hypot(got[i][0] - h.x, got[i][1] - h.y)));
};

// ---------------------------------------------------------------------------------------------
const SMALL = { rows: [1, 6], columns: [1, 8], radius: 30, x0: 50, y0: 45 };

test('a person transcribes the small map: export, map check and score as committed', async () => {
  const { file: png, hexes } = picture('editor-small', SMALL, 470, 400);
  const html = editorPage('editor-scenario', join(HERE, 'small.toml'), '--image', png);
  const size = readFileSync(html).length;
  assert.ok(size < 3 * 1024 * 1024, `page of ${size} bytes`);
  let exported;
  await withEditor(html, async (page) => {
    await alignOn(page, hexes, ['0101', '0608']);
    assert.ok((await maxError(page, hexes)) <= 2, 'two clicks align the grid');
    // Terrain: a new terrain, forest, over a rectangle; one hex off the map.
    await page.keyboard.press('b');
    await page.fill('#terrain-new', 'forest');
    await page.click('#terrain-add');
    await page.keyboard.press('r');
    await drag(page, ['0303', '0405']);
    await page.keyboard.press('b');
    await page.keyboard.press('0');
    await drag(page, ['0601']);
    // A road across five hexes.
    await page.keyboard.press('s');
    await page.selectOption('#side-feature', 'road');
    await drag(page, ['0102', '0103', '0104', '0105', '0106']);
    // A place and an area.
    await page.keyboard.press('p');
    await page.fill('#place-name', 'Palo');
    await clickPicture(page, ...(await page.evaluate(() => window.editor.centre('0104'))));
    await page.keyboard.press('a');
    await page.fill('#area-key', 'northern-beach');
    await page.fill('#area-name', 'Northern Beach Area');
    for (const l of ['0106', '0206']) await clickPicture(page, ...(await page.evaluate((l) => window.editor.centre(l), l)));
    // Undo twice (0206 and 0106 leave the area), redo once (0106 is back).
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+z');
    await page.keyboard.press('Control+y');
    const [hx, hy] = await screenOfLabel(page, '0106');
    await page.mouse.move(hx, hy);
    const hover = await page.$eval('#hover-text', (e) => e.textContent);
    assert.match(hover, /^0106: clear/);
    assert.match(hover, /area: Northern Beach Area/);
    assert.match(hover, /to 0105: road/);
    exported = await exportText(page);
    assert.equal(await exportText(page), exported, 'exporting twice gives the same bytes');
    await page.screenshot({ path: join(OUT, 'editor-scenario.png') });
    // The work survives a reload, alignment included.
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.evaluate(() => window.editor.exportToml()), exported, 'the work survives a reload');
    assert.ok((await maxError(page, hexes)) <= 2, 'the alignment survives a reload');
  });
  writeFileSync(join(OUT, 'editor-scenario.toml'), exported);
  const expected = readFileSync(join(HERE, 'scenario-expected.toml'), 'utf8');
  assert.equal(exported, expected, 'the export equals tests/browser/editor/scenario-expected.toml');
  copyFileSync(join(HERE, 'scenario-state.toml'), join(OUT, 'editor-scenario-state.toml'));
  const check = victory('map', 'check', join(OUT, 'editor-scenario.toml'));
  assert.equal(check.status, 0, check.stderr);
  const score = victory('score', join(OUT, 'editor-scenario-state.toml'));
  assert.equal(score.status, 0, score.stderr);
  assert.equal(score.stdout, readFileSync(join(HERE, 'scenario-score.txt'), 'utf8'));
});

test('the round trip: export, open that file, export gives the same bytes', async () => {
  const first = readFileSync(join(HERE, 'scenario-expected.toml'), 'utf8');
  const html = editorPage('editor-roundtrip', join(HERE, 'scenario-expected.toml'));
  await withEditor(html, async (page) => {
    assert.equal(await exportText(page), first);
  });
});

test('the stand-in Leyte map exports in the Rust canonical form', async () => {
  const html = editorPage('editor-leyte', 'fixtures/maps/leyte-standin.toml');
  await withEditor(html, async (page) => {
    assert.equal(await exportText(page), readFileSync(join(HERE, 'leyte-standin.canonical.toml'), 'utf8'));
    await page.screenshot({ path: join(OUT, 'editor-leyte.png') });
  });
});

/** Rust's canonical form of each map of editor/forms/ (crates/map-editor/tests/editor.rs holds
 *  each NAME.canonical.toml to hexmap::canonical::canonical_toml of NAME.toml). */
const FORMS = join(HERE, 'forms');

test('each map of editor/forms/ exports in the Rust canonical form, and again when opened on it', async () => {
  const names = readdirSync(FORMS).filter((n) => n.endsWith('.toml') && !n.endsWith('.canonical.toml')).sort();
  assert.equal(names.length, 4, names.join(' '));
  for (const name of names) {
    const stem = name.slice(0, -'.toml'.length);
    const canonical = readFileSync(join(FORMS, `${stem}.canonical.toml`), 'utf8');
    await withEditor(editorPage(`editor-form-${stem}`, join(FORMS, name)), async (page) => {
      assert.equal(await exportText(page), canonical, `${name}: the page's export is canonical_toml's`);
    });
    await withEditor(editorPage(`editor-form-${stem}-again`, join(FORMS, `${stem}.canonical.toml`)), async (page) => {
      assert.equal(await exportText(page), canonical, `${stem}.canonical.toml: exported again`);
    });
  }
});

/**
 * Rust's geometry of 32 layouts (crates/map-editor/tests/editor.rs writes tests/browser/editor/
 * geometry.json from hexmap's Layout, Hex::neighbors, map_editor::grid_position and
 * canonical_toml):
 * each entry's layout (as the Layout form takes it), its canonical form as a map of clear hexes,
 * and every hex in label order with its neighbours (in the order the page lists them) and its
 * centre before alignment.
 */
const GEOMETRY = JSON.parse(readFileSync(join(HERE, 'geometry.json'), 'utf8'));

/** The page's own reading of each of Rust's hexes, and its labels in slot order. */
const pageGeometry = (page, entry) => page.evaluate((ls) => ({ labels: window.editor.labels(), hexes: ls.map((l) => window.editor.hex(l)) }), entry.hexes.map(([l]) => l));
function sameGeometry(got, entry, what) {
  assert.deepEqual(got.labels, entry.hexes.map(([l]) => l), `${what}: the labels in label order`);
  entry.hexes.forEach(([l, near, [x, y]], i) => {
    const hex = got.hexes[i];
    assert.equal(hex.label, l, `${what}: ${l} read and printed again`);
    assert.deepEqual(hex.neighbours, near, `${what}: the neighbours of ${l}`);
    const off = Math.hypot(hex.centre[0] - x, hex.centre[1] - y);
    assert.ok(off < 1e-9, `${what}: the centre of ${l} is ${hex.centre}, Rust's ${[x, y]}`);
    assert.equal(hex.under, l, `${what}: the hex under the centre of ${l}`);
  });
}
async function applyLayout(page, layout) {
  const field = (n) => `#layout-form [name=${n}]`;
  await page.fill(field('name'), layout.name);
  for (const n of ['orientation', 'label', 'shifted', 'rows_grow', 'columns_grow']) await page.selectOption(field(n), layout[n]);
  await page.fill(field('digits'), String(layout.digits));
  for (const [n, v] of [['r0', layout.rows[0]], ['r1', layout.rows[1]], ['c0', layout.columns[0]], ['c1', layout.columns[1]]]) await page.fill(field(n), String(v));
  await page.click('#layout-apply');
  await page.waitForFunction(() => document.getElementById('status').textContent === 'layout applied');
}

test('the page shows and exports Rust\'s geometry: the file\'s layout, then 32 applied in its Layout form', async () => {
  const base = join(OUT, 'editor-geometry.toml');
  writeFileSync(base, GEOMETRY[0].canonical);
  await withEditor(editorPage('editor-geometry', base), async (page) => {
    sameGeometry(await pageGeometry(page, GEOMETRY[0]), GEOMETRY[0], 'the file\'s layout');
    assert.equal(await exportText(page), GEOMETRY[0].canonical, 'the file\'s layout: the export');
    for (const entry of GEOMETRY) {
      const what = JSON.stringify(entry.layout);
      await applyLayout(page, entry.layout);
      sameGeometry(await pageGeometry(page, entry), entry, what);
      assert.equal(await exportText(page), entry.canonical, `${what}: the export`);
    }
  });
});

test('alignment lands every centre within 2 px: two clicks on a rotated picture, three on a skewed one', async () => {
  const rotated = { rows: [1, 6], columns: [1, 8], radius: 28, x0: 70, y0: 40, angle: 0.06 };
  const a = picture('editor-rotated', rotated, 480, 420);
  await withEditor(editorPage('editor-rotated', join(HERE, 'small.toml'), '--image', a.file), async (page) => {
    await alignOn(page, a.hexes, ['0101', '0608']);
    const err = await maxError(page, a.hexes);
    assert.ok(err <= 2, `worst centre ${err.toFixed(2)} px off`);
  });
  const skewed = { ...rotated, yScale: 0.9, angle: -0.04 };
  const b = picture('editor-skewed', skewed, 480, 420);
  await withEditor(editorPage('editor-skewed', join(HERE, 'small.toml'), '--image', b.file), async (page) => {
    await alignOn(page, b.hexes, ['0101', '0608', '0601']);
    const err = await maxError(page, b.hexes);
    assert.ok(err <= 2, `worst centre ${err.toFixed(2)} px off`);
  });
});

/** A 200-step brush drag across the map: the paint handler's times and the steps' wall times. */
async function frameTimes(page, from, to) {
  await page.keyboard.press('b');
  await page.fill('#terrain-new', 'painted');
  await page.click('#terrain-add');
  await page.keyboard.press('b');
  await page.evaluate(() => { window.editor.stats.paint.length = 0; });
  const [x0, y0] = await screenOfLabel(page, from), [x1, y1] = await screenOfLabel(page, to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const wall = [];
  for (let s = 1; s <= 200; s++) {
    const t = Date.now();
    await page.mouse.move(x0 + ((x1 - x0) * s) / 200, y0 + ((y1 - y0) * s) / 200);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    wall.push(Date.now() - t);
  }
  await page.mouse.up();
  const paint = await page.evaluate(() => [...window.editor.stats.paint]);
  const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
  return { steps: paint.length, p95: p95(paint), max: Math.max(...paint), wallP95: p95(wall), wallMax: Math.max(...wall) };
}

test('responsive at size: the paint handler over 200 steps on the stand-in Leyte map and 10,000 hexes', async () => {
  const big = join(OUT, 'editor-10000.toml');
  writeFileSync(big, 'name = "Ten thousand hexes"\n[layout]\norientation = "flat"\nlabel = "row-column"\nrows = [0, 99]\ncolumns = [0, 99]\nshifted = "odd"\nrows_grow = "south"\ncolumns_grow = "east"\n[terrain]\nlegend = { c = "clear", f = "forest" }\n');
  const results = {};
  for (const [name, file, from, to] of [
    ['leyte-standin (776 hexes)', editorPage('editor-leyte-frames', 'fixtures/maps/leyte-standin.toml'), '0806', '2826'],
    ['10,000 hexes', editorPage('editor-10000', big), '0101', '9898'],
  ]) {
    await withEditor(file, async (page) => {
      results[name] = await frameTimes(page, from, to);
    });
  }
  for (const [name, r] of Object.entries(results)) {
    console.log(`# ${name}: paint handler p95 ${r.p95.toFixed(2)} ms, max ${r.max.toFixed(2)} ms over ${r.steps} steps; step + frame p95 ${r.wallP95} ms, max ${r.wallMax} ms`);
    assert.equal(r.steps, 200, `${name}: every step reached the paint handler`);
    assert.ok(r.p95 < 16, `${name}: p95 ${r.p95} ms`);
    assert.ok(r.max < 50, `${name}: max ${r.max} ms`);
  }
  writeFileSync(join(OUT, 'editor-frame-times.json'), JSON.stringify(results, null, 2) + '\n');
});
