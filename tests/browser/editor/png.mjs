// A tiny PNG writer and a generated "printed map" picture with hex centres where the test says:
// no third-party scan, every pixel computed here.
import { deflateSync } from 'node:zlib';

const CRC = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
/** RGB pixels (width * height * 3 bytes) as a PNG file. */
export function png(width, height, rgb) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// 3x5 digits, one row of three bits per line.
const DIGITS = ['111101101101111', '010110010010111', '111001111100111', '111001111001111', '101101111001001',
  '111100111001111', '111100111101111', '111001010010010', '111101111101111', '111101111001111'];

/**
 * A picture of a hex map: `hexes` is [{ label, x, y, colour: [r, g, b] }] (centres in pixels),
 * `radius` the hexes' circumradius in pixels. Each pixel takes the colour of the nearest centre,
 * dark where two centres are nearly as near (the hexsides), with a dot at each centre and the
 * label printed above it.
 */
export function hexPicture(width, height, hexes, radius) {
  const rgb = Buffer.alloc(width * height * 3, 235);
  const cell = radius * 2;
  const grid = new Map();
  for (const h of hexes) {
    const k = `${Math.floor(h.x / cell)},${Math.floor(h.y / cell)}`;
    if (!grid.has(k)) grid.set(k, []);
    grid.get(k).push(h);
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let d1 = Infinity, d2 = Infinity, best = null;
      const gx = Math.floor(x / cell), gy = Math.floor(y / cell);
      for (let i = gx - 1; i <= gx + 1; i++) for (let j = gy - 1; j <= gy + 1; j++) {
        for (const h of grid.get(`${i},${j}`) ?? []) {
          const d = Math.hypot(h.x - x, h.y - y);
          if (d < d1) { d2 = d1; d1 = d; best = h; } else if (d < d2) d2 = d;
        }
      }
      let c = [235, 235, 225];
      if (best && d1 < radius) c = d2 - d1 < 1.6 ? [60, 50, 40] : d1 < 2.5 ? [20, 20, 20] : best.colour;
      rgb.set(c, (y * width + x) * 3);
    }
  }
  for (const h of hexes) printText(rgb, width, height, h.label, Math.round(h.x), Math.round(h.y - radius * 0.55), 2);
  return png(width, height, rgb);
}

function printText(rgb, width, height, text, cx, cy, scale) {
  const w = text.length * 4 * scale - scale;
  let x0 = cx - Math.floor(w / 2);
  const y0 = cy - Math.floor((5 * scale) / 2);
  for (const ch of text) {
    const bits = DIGITS[Number(ch)] ?? '';
    for (let r = 0; r < 5; r++) for (let c = 0; c < 3; c++) {
      if (bits[r * 3 + c] !== '1') continue;
      for (let dy = 0; dy < scale; dy++) for (let dx = 0; dx < scale; dx++) {
        const x = x0 + c * scale + dx, y = y0 + r * scale + dy;
        if (x >= 0 && y >= 0 && x < width && y < height) rgb.set([30, 30, 30], (y * width + x) * 3);
      }
    }
    x0 += 4 * scale;
  }
}
