// ---- the view: pan and zoom over the picture's pixels --------------------------------------
const view = (() => {
  const svg = draw.svg;
  let vb = [0, 0, 100, 100];
  const set = () => svg.setAttribute('viewBox', vb.map((v) => v.toFixed(2)).join(' '));
  /** The whole picture and grid. */
  function whole() {
    const { g } = model.map, { N, NC } = g, [picW, picH] = alignment.picture;
    let minX = 0, minY = 0, maxX = picW, maxY = picH;
    for (const i of [0, NC - 1, N - NC, N - 1]) {
      const [x, y] = alignment.toPic(g.centreOf(i)), r = alignment.hexPx();
      minX = Math.min(minX, x - r); maxX = Math.max(maxX, x + r); minY = Math.min(minY, y - r); maxY = Math.max(maxY, y + r);
    }
    const pad = 10;
    vb = [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad];
    set();
  }
  /** Zoom by f about a picture point (the view's centre by default). */
  function zoom(f, cx, cy) {
    const [x, y, w, h] = vb;
    cx ??= x + w / 2; cy ??= y + h / 2;
    vb = [cx - (cx - x) / f, cy - (cy - y) / f, w / f, h / f];
    set();
  }
  /** The view dragged from a pointer press (clientX, clientY, and the view's x and y then). */
  function pan([x0, y0, vx, vy], ev) {
    const k = vb[2] / svg.clientWidth;
    vb[0] = vx - (ev.clientX - x0) * k; vb[1] = vy - (ev.clientY - y0) * k;
    set();
  }
  /** Where a pointer event is on the picture. */
  function picPoint(ev) {
    const p = svg.createSVGPoint();
    p.x = ev.clientX; p.y = ev.clientY;
    const q = p.matrixTransform(svg.getScreenCTM().inverse());
    return [q.x, q.y];
  }
  /** Where a picture point is on the screen. */
  function toScreen(x, y) {
    const p = svg.createSVGPoint();
    p.x = x; p.y = y;
    const q = p.matrixTransform(svg.getScreenCTM());
    return [q.x, q.y];
  }
  return { whole, zoom, pan, picPoint, toScreen, get box() { return vb; } };
})();
