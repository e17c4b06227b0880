// A PNG encoder small enough for tests (8-bit RGB, no filtering), so that tests can upload real
// pictures without an image library.
import zlib from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** PNG of interleaved 8-bit RGB pixels. */
export function encodePng(pixels: Uint8Array, width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * width * 3, (y + 1) * width * 3), y * (width * 3 + 1) + 1);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A detailed picture (gradients and discs): its PDQ quality is well above 50. */
export function scenePixels(width: number, height: number, seed = 1): Uint8Array {
  const pixels = new Uint8Array(width * height * 3);
  const shapes = Array.from({ length: 30 }, (_, i) => ({
    x: (i * 97 + seed * 31) % width,
    y: (i * 61 + seed * 17) % height,
    r: 15 + ((i * 13 + seed) % 50),
    c: [(i * 53 + seed * 7) % 256, (i * 101) % 256, (i * 29 + seed * 11) % 256],
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let rgb = [(x * 255) / width, (y * 255) / height, ((x + y) * 127) / (width + height)];
      for (const s of shapes) if ((x - s.x) ** 2 + (y - s.y) ** 2 < s.r ** 2) rgb = s.c;
      pixels.set(rgb.map(Math.round), (y * width + x) * 3);
    }
  }
  return pixels;
}
