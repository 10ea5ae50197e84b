// End-to-end test of the interactive HTML report (`victory render FILE -o report.html`) in
// Debian's Chromium, headless, driven by playwright-core (no Playwright browser download).
//
//   npm ci --prefix tests/browser && node --test tests/browser/
//
// Environment: VICTORY_BIN (the `victory` binary; default target/debug/victory, built with cargo
// if missing), CHROMIUM_BIN (default /usr/bin/chromium). Output: target/browser/*.html and *.png.
// See tests/browser/README.md.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target');
const OUT = join(TARGET, 'browser');
const CHROMIUM = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';
// The launch flags the issue asks for; Playwright adds its own (remote debugging pipe, ...).
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const VIEWPORT = { width: 1400, height: 900 };
const HANG_GUARD_MS = 120_000; // the whole browser part fails, and Chromium is killed, after this
const MAX_BYTES = 3 * 1024 * 1024;
const LEYTE_LAYERS = ['terrain', 'roads', 'zoc', 'loc', 'objectives', 'units', 'labels'];

const REPORTS = {
  leyte: { fixture: 'fixtures/leyte/assault-scenario-end-position.toml', game: 'leyte' },
  'dai-senso': {
    fixture: 'fixtures/asia-engulfed/vp-check-plus-three-flips-to-rising-sun.toml',
    game: 'dai-senso',
  },
  'axis-empires': {
    fixture: 'fixtures/asia-engulfed/combined-example-allies-six-axis-five.toml',
    game: 'axis-empires',
  },
};

// ---------------------------------------------------------------------------------------------
// The binary and the HTML files (before the hang guard starts: a first cargo build may be slow).

function victoryBin() {
  if (process.env.VICTORY_BIN) {
    const bin = resolve(ROOT, process.env.VICTORY_BIN);
    assert.ok(existsSync(bin), `VICTORY_BIN=${process.env.VICTORY_BIN} does not exist`);
    return bin;
  }
  const bin = join(TARGET, 'debug', 'victory');
  if (!existsSync(bin)) {
    console.error(`# ${bin} missing: cargo build -q -p victory-cli`);
    execFileSync('cargo', ['build', '-q', '-p', 'victory-cli'], { cwd: ROOT, stdio: 'inherit' });
  }
  assert.ok(existsSync(bin), `${bin} was not built`);
  return bin;
}

function renderAll() {
  const bin = victoryBin();
  mkdirSync(OUT, { recursive: true });
  const files = {};
  for (const [name, { fixture }] of Object.entries(REPORTS)) {
    const file = join(OUT, `${name}.html`);
    rmSync(file, { force: true });
    const run = spawnSync(bin, ['render', fixture, '-o', file], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(
      run.status,
      0,
      `victory render ${fixture} -o ${file} failed (status ${run.status}, ${run.error ?? ''}):\n${run.stderr}`,
    );
    files[name] = file;
  }
  return files;
}

const FILES = renderAll();

// ---------------------------------------------------------------------------------------------
// Chromium: one persistent context on a fresh user-data dir, one page per test.

let context;
let userDataDir;
let hangGuard;
const sessionRequests = []; // every request of every page and worker of the context

before(async () => {
  hangGuard = setTimeout(() => {
    console.error(`# browser test: still running after ${HANG_GUARD_MS / 1000} s, giving up (hang guard)`);
    process.exit(1); // playwright-core kills the Chromium it launched when the process exits
  }, HANG_GUARD_MS);
  hangGuard.unref();
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} missing: apt-get install chromium (or set CHROMIUM_BIN)`);
  userDataDir = mkdtempSync(join(tmpdir(), 'victory-chromium-'));
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: VIEWPORT,
    timeout: 30_000,
    acceptDownloads: false,
    serviceWorkers: 'block',
  });
  // Also on an early exit (the hang guard), after playwright-core's own exit handler kills Chromium.
  process.on('exit', () => rmSync(userDataDir, { recursive: true, force: true }));
  context.on('request', (r) => sessionRequests.push(r.url()));
  // A persistent context opens with a blank page; close it so that each test starts its own.
  await Promise.all(context.pages().map((p) => p.close()));
});

after(async () => {
  await context?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  clearTimeout(hangGuard);
});

/**
 * Opens one report in a new page, recording console errors, uncaught exceptions and every
 * request, runs `body(page, log)`, checks that nothing went wrong on the way, and closes the page.
 */
async function withReport(name, body) {
  const url = pathToFileURL(FILES[name]).href;
  const page = await context.newPage();
  try {
    page.setDefaultTimeout(15_000);
    const log = { url, consoleErrors: [], pageErrors: [], requests: [], failed: [] };
    page.on('console', (m) => {
      if (m.type() === 'error') log.consoleErrors.push(`${m.text()} (${m.location().url}:${m.location().lineNumber})`);
    });
    page.on('pageerror', (e) => log.pageErrors.push(String(e.stack ?? e)));
    page.on('request', (r) => log.requests.push(`${r.method()} ${r.url()} (${r.resourceType()})`));
    page.on('requestfailed', (r) => log.failed.push(`${r.url()}: ${r.failure()?.errorText}`));
    const response = await page.goto(url, { waitUntil: 'load' });
    assert.ok(response === null || response.ok(), `loading ${url} failed`);
    await page.evaluate(async () => {
      await document.fonts.ready;
    });
    await body(page, log);
    assertClean(log);
  } finally {
    await page.close();
  }
}

/** No console error, no uncaught exception, and no request but the file itself. */
function assertClean(log) {
  assert.deepEqual(log.consoleErrors, [], 'console errors');
  assert.deepEqual(log.pageErrors, [], 'uncaught exceptions');
  const others = log.requests.filter((r) => !r.startsWith(`GET ${log.url} `));
  assert.deepEqual(others, [], 'requests other than the file itself');
  assert.deepEqual(log.failed, [], 'failed requests');
}

// ---------------------------------------------------------------------------------------------
// Helpers that read and drive the page.

const viewBox = (page) =>
  page.$eval('#view svg', (svg) => {
    const v = svg.getAttribute('viewBox');
    return v === null ? null : v.trim().split(/[\s,]+/).map(Number);
  });

/** How many <svg> in #view are not inside another svg. */
const outerSvgs = (page) =>
  page.$$eval('#view svg', (els) => els.filter((e) => e.parentElement.closest('svg') === null).length);

/**
 * Every element matching `sel`: a name, whether it has class `selected`, and whether it is
 * visible (a box, not `visibility: hidden`, no `display: none` on it or an ancestor, and not faded:
 * its opacity times its ancestors' at least 0.5).
 */
const describeAll = (page, sel) =>
  page.$$eval(sel, (els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      let displayed = true;
      let opacity = 1;
      for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.display === 'none') displayed = false;
        opacity *= Number(style.opacity);
      }
      return {
        el: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[data-key="${el.getAttribute('data-key')}"]`,
        selected: el.classList.contains('selected'),
        visible:
          box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' && displayed && opacity >= 0.5,
        opacity: Math.round(opacity * 100) / 100,
      };
    }),
  );

/** Every element of `sel` exists (at least `min`), has class `selected` and is visible. */
async function assertSelectedVisible(page, sel, min = 1) {
  const els = await describeAll(page, sel);
  assert.ok(els.length >= min, `expected at least ${min} element(s) ${sel}, found ${els.length}`);
  const wrong = els.filter((e) => !e.selected || !e.visible);
  assert.deepEqual(wrong, [], `${sel}: every element selected and visible`);
  return els.length;
}

/** Every element of `sel` exists (at least one) and has class `selected` (it may be scrolled away). */
async function assertSelected(page, sel) {
  const els = await describeAll(page, sel);
  assert.ok(els.length >= 1, `expected at least one element ${sel}, found none`);
  assert.deepEqual(
    els.filter((e) => !e.selected),
    [],
    `${sel}: every element selected`,
  );
}

/**
 * The elements carrying a data-key that are wrongly (un)selected for a selection of `key`: those
 * whose tokens include `key` without class `selected`, and those whose tokens do not with it.
 */
const wronglySelected = (page, key) =>
  page.$$eval(
    '[data-key]',
    (els, key) => {
      const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[data-key="${el.getAttribute('data-key')}"]`;
      const mine = (el) => el.getAttribute('data-key').split(/\s+/).includes(key);
      return {
        unselected: els.filter((el) => mine(el) && !el.classList.contains('selected')).map(name),
        selectedOthers: els.filter((el) => !mine(el) && el.classList.contains('selected')).map(name),
      };
    },
    key,
  );

async function assertSelection(page, key) {
  const hasSelection = await page.$eval('#report', (r) => r.classList.contains('has-selection'));
  assert.ok(hasSelection, `#report has class has-selection (selected: ${key})`);
  const wrong = await wronglySelected(page, key);
  assert.deepEqual(wrong.unselected, [], `every element whose data-key includes ${key} is selected`);
  assert.deepEqual(wrong.selectedOthers, [], `no element of another key is selected (selected: ${key})`);
}

async function assertNoSelection(page) {
  const hasSelection = await page.$eval('#report', (r) => r.classList.contains('has-selection'));
  assert.equal(hasSelection, false, '#report has-selection cleared');
  const selected = await page.$$eval('.selected', (els) =>
    els.map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`),
  );
  assert.deepEqual(selected, [], 'no element keeps class selected');
}

/** Clicks a unit's counter in the picture, as a user would (hit-tested at its centre). */
async function clickCounter(page, key) {
  const counter = page.locator(`#view svg g.counter[data-key="${key}"]`);
  assert.equal(await counter.count(), 1, `one counter g.counter[data-key="${key}"]`);
  await counter.click();
}

/** The part of an element's box inside the viewport: { left, top, right, bottom }. */
const visibleRect = (page, sel) =>
  page.$eval(sel, (el) => {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const b = el.getBoundingClientRect();
    const r = {
      left: Math.max(b.left, 0),
      top: Math.max(b.top, 0),
      right: Math.min(b.right, innerWidth),
      bottom: Math.min(b.bottom, innerHeight),
    };
    r.x = (r.left + r.right) / 2;
    r.y = (r.top + r.bottom) / 2;
    return r;
  });

/** The centre of the part of #view inside the viewport. */
async function viewCentre(page) {
  const r = await visibleRect(page, '#view');
  assert.ok(r.right - r.left > 50 && r.bottom - r.top > 50, `#view is in the viewport: ${JSON.stringify(r)}`);
  return r;
}

/** The box around every drawn element of the picture whose data-key includes `key`. */
const selectionRect = (page, key) =>
  page.$$eval(
    '#view svg [data-key]',
    (els, key) => {
      const r = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
      for (const el of els) {
        if (!el.getAttribute('data-key').split(/\s+/).includes(key)) continue;
        const b = el.getBoundingClientRect();
        if (b.width === 0 && b.height === 0) continue;
        r.left = Math.min(r.left, b.left);
        r.top = Math.min(r.top, b.top);
        r.right = Math.max(r.right, b.right);
        r.bottom = Math.max(r.bottom, b.bottom);
      }
      return r;
    },
    key,
  );

/** Drags the evidence of `key` to the middle of #view, then wheel-zooms until it fills most of it. */
async function frameSelection(page, key) {
  const view = await viewCentre(page);
  let r = await selectionRect(page, key);
  assert.ok(Number.isFinite(r.left), `elements of ${key} drawn in the picture`);
  await page.mouse.move((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  await page.mouse.down();
  await page.mouse.move(view.x, view.y, { steps: 10 });
  await page.mouse.up();
  for (let i = 0; i < 12; i++) {
    r = await selectionRect(page, key);
    const fill = Math.max((r.right - r.left) / (view.right - view.left), (r.bottom - r.top) / (view.bottom - view.top));
    if (fill * 1.25 > 0.85) break;
    await page.mouse.move(view.x, view.y);
    await page.mouse.wheel(0, -100);
    await page.waitForTimeout(50);
  }
}

/** A point of #view (viewport coordinates) whose topmost element has no data-key: background. */
const backgroundPoint = (page) =>
  page.$eval('#view', (view) => {
    view.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const b = view.getBoundingClientRect();
    const left = Math.max(b.left, 0);
    const top = Math.max(b.top, 0);
    const width = Math.min(b.right, innerWidth) - left;
    const height = Math.min(b.bottom, innerHeight) - top;
    for (let fy = 0.02; fy < 1; fy += 0.04)
      for (let fx = 0.02; fx < 1; fx += 0.04) {
        const x = left + fx * width;
        const y = top + fy * height;
        const el = document.elementFromPoint(x, y);
        if (el && view.contains(el) && el.closest('[data-key], a, button, input') === null) return { x, y };
      }
    return null;
  });

/** The computed `display` of every element of a Leyte layer in the picture. */
const layerDisplays = (page, layer) =>
  page.$$eval(`#view svg [data-layer="${layer}"]`, (els) => els.map((el) => getComputedStyle(el).display));

// ---------------------------------------------------------------------------------------------

describe('victory render: the HTML report in Chromium', { timeout: HANG_GUARD_MS }, () => {
  test('each file is a self-contained HTML page under 3 MB', () => {
    for (const name of Object.keys(REPORTS)) {
      const file = FILES[name];
      const size = statSync(file).size;
      assert.ok(size < MAX_BYTES, `${file} is ${size} bytes, over 3 MB`);
      const html = readFileSync(file, 'utf8');
      assert.match(html.slice(0, 200), /^\s*<!doctype html>/i, `${file} is HTML (<!DOCTYPE html>), not SVG`);
      // Nothing fetched from elsewhere: no stylesheet links, script or image sources, imports, fonts.
      const external = [
        /<link\b[^>]*>/gi,
        /<script\b[^>]*\bsrc\s*=[^>]*>/gi,
        /<(?:img|image|iframe|object|embed|audio|video|source|use)\b[^>]*\b(?:src|href|data)\s*=\s*["']?(?!data:|#)[^\s"'>][^>]*>/gi,
        /@import\b[^;]*/gi,
        /@font-face\b/gi,
        /url\(\s*["']?(?!data:|#)[^)]*\)/gi,
      ].flatMap((re) => html.match(re) ?? []);
      assert.deepEqual(external, [], `${file}: references to resources outside the file`);
    }
  });

  test('leyte: loads, no console errors, no requests but the file; screenshot', async (t) => {
    await withReport('leyte', async (page, log) => {
      assert.equal(await page.locator('main#report').getAttribute('data-game'), 'leyte');
      assert.equal(await outerSvgs(page), 1, '#view holds one inline <svg>');
      assert.ok(await page.locator('#view svg').isVisible(), 'the svg is visible');
      for (const name of LEYTE_LAYERS) {
        const toggle = page.locator(`input[type="checkbox"][data-layer-toggle="${name}"]`);
        assert.equal(await toggle.count(), 1, `one checkbox data-layer-toggle="${name}"`);
        assert.ok(await toggle.isChecked(), `the ${name} toggle is checked at load`);
        const drawn = await page.locator(`#view svg [data-layer="${name}"]`).count();
        assert.ok(drawn > 0, `the svg has elements data-layer="${name}"`);
      }
      await page.screenshot({ path: join(OUT, 'leyte.png') });
      const resources = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      assert.deepEqual(resources, [], 'resources loaded by the page (Resource Timing)');
      t.diagnostic(`requests: ${log.requests.join(', ') || 'none'}`);
    });
  });

  test('leyte: zoom buttons, wheel and drag change the viewBox', async () => {
    await withReport('leyte', async (page) => {
      const initial = await viewBox(page);
      assert.ok(initial?.length === 4 && initial.every(Number.isFinite), `a viewBox at load: ${initial}`);

      await page.click('#zoom-in');
      const zoomed = await viewBox(page);
      assert.ok(zoomed[2] < initial[2], `#zoom-in makes the viewBox narrower: ${initial} -> ${zoomed}`);
      await page.click('#zoom-out');
      const out = await viewBox(page);
      assert.ok(out[2] > zoomed[2], `#zoom-out makes it wider again: ${zoomed} -> ${out}`);
      await page.click('#zoom-in');
      await page.click('#zoom-reset');
      const whole = await page.$eval('#view svg', (svg) => [0, 0, Number(svg.getAttribute('width')), Number(svg.getAttribute('height'))]);
      assert.deepEqual(await viewBox(page), whole, '#zoom-reset shows the whole picture');
      await page.click('#zoom-focus');
      assert.deepEqual(await viewBox(page), initial, '#zoom-focus goes back to the viewBox at load');
      await page.keyboard.press('0');
      assert.deepEqual(await viewBox(page), whole, 'the 0 key shows the whole picture');
      await page.keyboard.press('f');
      assert.deepEqual(await viewBox(page), initial, 'the f key goes back to the viewBox at load');
      await page.keyboard.press('0');

      const centre = await viewCentre(page);
      await page.mouse.move(centre.x, centre.y);
      await page.mouse.wheel(0, -400);
      await page.waitForTimeout(100);
      const wheeled = await viewBox(page);
      assert.ok(wheeled[2] < whole[2], `the mouse wheel (up) zooms in: ${whole} -> ${wheeled}`);

      await page.mouse.move(centre.x, centre.y);
      await page.mouse.down();
      await page.mouse.move(centre.x + 60, centre.y + 40, { steps: 4 });
      await page.mouse.move(centre.x + 150, centre.y + 100, { steps: 6 });
      await page.mouse.up();
      const dragged = await viewBox(page);
      const moved = `${wheeled} -> ${dragged}`;
      assert.notEqual(dragged[0], wheeled[0], `a drag pans: viewBox x changes (${moved})`);
      assert.notEqual(dragged[1], wheeled[1], `a drag pans: viewBox y changes (${moved})`);
      assert.ok(dragged[0] < wheeled[0] && dragged[1] < wheeled[1], `dragging right and down shows what is left and up (${moved})`);
      assert.equal(dragged[2], wheeled[2], `a drag keeps the zoom (${moved})`);
    });
  });

  test('leyte: opens on the cut units, larger than the whole picture would show', async () => {
    await withReport('leyte', async (page) => {
      const [x, y, w, h] = await viewBox(page);
      const [fx, fy, fw, fh] = await page.$eval('#view svg', (svg) => svg.getAttribute('data-focus').split(' ').map(Number));
      const [W, H] = await page.$eval('#view svg', (svg) => [Number(svg.getAttribute('width')), Number(svg.getAttribute('height'))]);
      const at = `viewBox ${[x, y, w, h]}, focus ${[fx, fy, fw, fh]}, picture ${W} x ${H}`;
      assert.ok(w < W / 2 && h < H / 2, `the page opens on part of the picture (${at})`);
      assert.ok(x <= fx + 0.1 && y <= fy + 0.1 && x + w >= fx + fw - 0.1 && y + h >= fy + fh - 0.1, `the view holds the focus (${at})`);
      const view = await visibleRect(page, '#view');
      for (const key of ['US-96-382', 'US-7-32']) {
        const c = await visibleRect(page, `#view svg g.counter[data-key="${key}"]`);
        assert.ok(
          c.left >= view.left && c.right <= view.right && c.top >= view.top && c.bottom <= view.bottom && c.right - c.left > 20,
          `${key}'s counter is in view at load, ${Math.round(c.right - c.left)} px wide (${JSON.stringify(c)} in ${JSON.stringify(view)})`,
        );
      }
      // Hex numbers read at the opening scale: at least 7 px on screen (12 px in the picture).
      const sizes = await page.$$eval('#view svg g.labels text', (els) => els.slice(0, 50).map((t) => t.getBoundingClientRect().height));
      assert.ok(sizes.length > 0 && Math.min(...sizes) >= 7, `hex numbers ${Math.min(...sizes)} px high at load`);
    });
  });

  test('leyte: clicking a unit cut by the road/trail net highlights its frontier; screenshot', async () => {
    await withReport('leyte', async (page) => {
      const key = 'US-96-382';
      await assertNoSelection(page);
      await clickCounter(page, key);
      await assertSelection(page, key);
      await assertSelectedVisible(page, `#view svg g.counter[data-key="${key}"]`);
      await assertSelectedVisible(page, `#view svg path.outline[data-key~="${key}"]`);
      await assertSelectedVisible(page, `#view svg g.path[data-key~="${key}"]`);
      await assertSelectedVisible(page, `#view svg g.tag[data-key~="${key}"]`);
      await assertSelected(page, `#panel li[data-key~="${key}"]`);
      // The award line (10 VP to the Japanese player: it cannot trace a LOC) is among them.
      const lines = await page.$$eval(`#panel li[data-key~="${key}"].selected`, (els) => els.map((e) => e.textContent));
      assert.ok(
        lines.some((t) => /LOC/.test(t) && /(?<![\d-])10(?![\d-])/.test(t)),
        `the award line (10 VP, no LOC) is among the selected panel entries: ${JSON.stringify(lines)}`,
      );
      // Other units' evidence, e.g. a traced LOC, is not selected (assertSelection checked all).
      assert.ok((await page.locator('#view svg g.path[data-key="US-24-19"]').count()) >= 1, 'the LOC of US-24-19 is drawn');

      // For the screenshot: drag the unit's evidence to the middle of the view and wheel-zoom
      // until it fills most of it; panning and zooming keep the selection.
      await frameSelection(page, key);
      await assertSelection(page, key);
      const view = await visibleRect(page, '#view');
      const ev = await selectionRect(page, key);
      const where = `${JSON.stringify(ev)} in ${JSON.stringify(view)}`;
      assert.ok(
        ev.left >= view.left - 1 && ev.right <= view.right + 1 && ev.top >= view.top - 1 && ev.bottom <= view.bottom + 1,
        `the unit's evidence is in view after panning and zooming (${where})`,
      );
      assert.ok(
        ev.right - ev.left > 0.4 * (view.right - view.left) || ev.bottom - ev.top > 0.4 * (view.bottom - view.top),
        `zoomed in on the unit's evidence (${where})`,
      );
      // Bring the award line into the side panel's view, without scrolling the page.
      await page.$eval(`#panel li[data-key~="${key}"].selected`, (li) => {
        const panel = li.closest('#panel');
        panel.scrollTop += li.getBoundingClientRect().top - panel.getBoundingClientRect().top - panel.clientHeight / 3;
      });
      await page.screenshot({ path: join(OUT, 'leyte-selected.png') });

      await page.keyboard.press('Escape');
      await assertNoSelection(page);
    });
  });

  test('leyte: clicking a unit cut by enemy ZOC highlights its 6 hexes; background and Escape clear', async () => {
    await withReport('leyte', async (page) => {
      // First another unit, so that the click on US-7-32 must replace a selection.
      await clickCounter(page, 'US-96-382');
      await assertSelection(page, 'US-96-382');

      const key = 'US-7-32';
      await clickCounter(page, key);
      await assertSelection(page, key); // and nothing of US-96-382 stays selected
      const n = await assertSelectedVisible(page, `#view svg g.highlight[data-key~="${key}"]`, 6);
      assert.equal(n, 6, `the frontier of ${key} is 6 highlighted hexes, found ${n}`);
      await assertSelected(page, `#panel li[data-key~="${key}"]`);

      await page.keyboard.press('Escape');
      await assertNoSelection(page);

      await clickCounter(page, key);
      await assertSelection(page, key);
      const bg = await backgroundPoint(page);
      assert.ok(bg, 'a background point in #view to click');
      await page.mouse.click(bg.x, bg.y);
      await assertNoSelection(page);
    });
  });

  test('leyte: pointing at a cut unit picks out its frontier until the pointer leaves', async () => {
    await withReport('leyte', async (page) => {
      const key = 'US-7-32';
      await page.locator(`#view svg g.counter[data-key="${key}"]`).hover();
      const hovered = await page.$$eval('[data-key]', (els, key) => {
        const mine = (el) => el.getAttribute('data-key').split(/\s+/).includes(key);
        return {
          root: document.getElementById('report').classList.contains('has-hover'),
          mine: els.filter(mine).length,
          unmarked: els.filter((el) => mine(el) && !el.classList.contains('hover')).length,
          others: els.filter((el) => !mine(el) && el.classList.contains('hover')).length,
        };
      }, key);
      assert.ok(hovered.root, '#report has class has-hover');
      assert.ok(hovered.mine >= 8, `${key}: its counter, 6 highlights and award lines (${hovered.mine})`);
      assert.equal(hovered.unmarked, 0, `every element of ${key} has class hover`);
      assert.equal(hovered.others, 0, 'no element of another key has class hover');
      await assertNoSelection(page); // pointing is not selecting
      await page.hover('header');
      const left = await page.$$eval('.hover', (els) => els.length);
      assert.equal(left, 0, 'moving the pointer away clears the hover');
      assert.equal(await page.$eval('#report', (r) => r.classList.contains('has-hover')), false);
    });
  });

  test('leyte: layer toggles hide and show ZOC, LOC (and the other non-terrain layers)', async (t) => {
    await withReport('leyte', async (page) => {
      for (const name of ['zoc', 'loc', 'roads', 'objectives', 'units', 'labels']) {
        await t.test(name, async () => {
          const toggle = page.locator(`input[data-layer-toggle="${name}"]`);
          const shown = await layerDisplays(page, name);
          assert.ok(shown.length > 0, `elements data-layer="${name}"`);
          const none = shown.filter((d) => d === 'none').length;
          assert.equal(none, 0, `${name} shown at load: ${none} of ${shown.length} have display: none`);
          await toggle.uncheck();
          const hidden = await layerDisplays(page, name);
          const still = hidden.filter((d) => d !== 'none').length;
          assert.equal(
            still,
            0,
            `unchecking ${name}: every #view svg [data-layer="${name}"] has display: none; ${still} of ${hidden.length} do not`,
          );
          await toggle.check();
          assert.deepEqual(await layerDisplays(page, name), shown, `re-checking ${name} shows it again`);
        });
      }
    });
  });

  for (const name of ['dai-senso', 'axis-empires']) {
    test(`${name}: VP track, a CSV term opens to its hexes; screenshot`, async () => {
      await withReport(name, async (page) => {
        assert.equal(await page.locator('main#report').getAttribute('data-game'), REPORTS[name].game);
        assert.equal(await outerSvgs(page), 1, '#view holds the VP track svg');
        assert.ok(await page.locator('#view svg').isVisible(), 'the VP track is visible');
        const terms = page.locator('details.csv-term');
        const count = await terms.count();
        assert.ok(count >= 1, 'at least one details.csv-term');
        // The term that lists the most hexes.
        let term = null;
        let most = 0;
        for (let i = 0; i < count; i++) {
          const d = terms.nth(i);
          assert.equal(await d.locator(':scope > summary').count(), 1, `csv-term ${i} has a <summary>`);
          const n = await d.locator('li').count();
          if (n > most) [term, most] = [d, n];
        }
        assert.ok(term, 'a csv-term lists hexes (li)');
        const summary = term.locator(':scope > summary');
        if (await term.evaluate((d) => d.open)) await summary.click(); // start from a closed term
        assert.equal(await term.evaluate((d) => d.open), false, 'clicking the summary of an open term closes it');
        assert.equal(await term.locator('li').first().isVisible(), false, 'the hexes are hidden while closed');
        await summary.click();
        assert.ok(await term.evaluate((d) => d.open), 'clicking the summary opens the term');
        const lis = term.locator('li');
        for (let i = 0; i < most; i++) assert.ok(await lis.nth(i).isVisible(), `hex ${i + 1} of ${most} visible`);
        await page.screenshot({ path: join(OUT, `${name}.png`), fullPage: true });
      });
    });
  }

  test('the whole session requested nothing but the report files', () => {
    const files = new Set(Object.values(FILES).map((f) => pathToFileURL(f).href));
    assert.deepEqual(
      sessionRequests.filter((u) => !files.has(u)),
      [],
      'requests of the browser context other than the report files',
    );
  });
});
