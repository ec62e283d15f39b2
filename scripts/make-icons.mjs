// Draws the app icons (client/public/icons) without image tools: a violet tile with a white check mark.
// Run `node scripts/make-icons.mjs` after changing the design; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};

function png(size, { maskable }) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  const radius = maskable ? 0 : size * 0.22;
  const inset = maskable ? size * 0.2 : size * 0.12; // maskable icons keep the mark inside the safe zone
  // Check mark: two thick segments.
  const p1 = [inset + (size - 2 * inset) * 0.18, inset + (size - 2 * inset) * 0.52];
  const p2 = [inset + (size - 2 * inset) * 0.42, inset + (size - 2 * inset) * 0.76];
  const p3 = [inset + (size - 2 * inset) * 0.84, inset + (size - 2 * inset) * 0.28];
  const thick = size * (maskable ? 0.065 : 0.08);
  const distToSeg = (x, y, [ax, ay], [bx, by]) => {
    const dx = bx - ax, dy = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - (ax + t * dx), y - (ay + t * dy));
  };
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4;
      // Rounded tile (full bleed when maskable).
      const cx = Math.min(Math.max(x, radius), size - radius), cy = Math.min(Math.max(y, radius), size - radius);
      const inside = radius === 0 || Math.hypot(x - cx, y - cy) <= radius;
      if (!inside) { raw[o + 3] = 0; continue; }
      const t = y / size; // gentle vertical gradient #7C4DFF → #6200EA
      let r = 0x7c + (0x62 - 0x7c) * t, g = 0x4d + (0x00 - 0x4d) * t, b = 0xff + (0xea - 0xff) * t;
      const d = Math.min(distToSeg(x, y, p1, p2), distToSeg(x, y, p2, p3));
      const a = Math.max(0, Math.min(1, thick - d + 0.5)); // anti-aliased stroke
      r = r * (1 - a) + 255 * a; g = g * (1 - a) + 255 * a; b = b * (1 - a) + 255 * a;
      raw[o] = r; raw[o + 1] = g; raw[o + 2] = b; raw[o + 3] = 255;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; ihdr[9] = 6; ihdr[10] = 0; ihdr[11] = 0; ihdr[12] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}

const dir = new URL('../client/public/icons/', import.meta.url);
writeFileSync(new URL('icon-192.png', dir), png(192, { maskable: false }));
writeFileSync(new URL('icon-512.png', dir), png(512, { maskable: false }));
writeFileSync(new URL('icon-maskable-512.png', dir), png(512, { maskable: true }));
console.log('icons written');
