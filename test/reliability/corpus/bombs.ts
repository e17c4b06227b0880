// Files whose headers declare absurd sizes: decompression bombs and impossible dimensions.
import { deflateSync, createDeflate } from 'node:zlib';
import { PNG_SIGNATURE, ihdr, pngChunk } from './binary.ts';

/** A tiny PNG whose header declares width × height (the pixel data is a few bytes). */
export function pngDeclaring(width: number, height: number): Buffer {
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr(width, height)), pngChunk('IDAT', deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A real grayscale PNG of side × side black pixels: a few tens of KB that inflate to side² bytes. */
export async function grayPngBomb(side: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (c: Buffer) => parts.push(c));
  const finished = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const row = Buffer.alloc(side + 1); // filter byte + one byte per pixel
  for (let y = 0; y < side; y++) {
    if (!deflate.write(row)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await finished;
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr(side, side, 0)), pngChunk('IDAT', Buffer.concat(parts)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A copy of a GIF whose logical screen (the canvas) is declared width × height. */
export function gifWithScreen(gif: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(gif);
  copy.writeUInt16LE(width, 6);
  copy.writeUInt16LE(height, 8);
  return copy;
}

/** A copy of a GIF whose first image descriptor declares width × height. */
export function gifWithFrame(gif: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(gif);
  const packed = copy[10] ?? 0;
  let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
  // Skip extension blocks (0x21 label, sub-blocks) up to the first image descriptor (0x2c).
  while (copy[at] === 0x21) {
    at += 2;
    while ((copy[at] ?? 0) !== 0) at += (copy[at] as number) + 1;
    at += 1;
  }
  if (copy[at] !== 0x2c) throw new Error('no image descriptor in the GIF seed');
  copy.writeUInt16LE(width, at + 5);
  copy.writeUInt16LE(height, at + 7);
  return copy;
}

/** A copy of a baseline or progressive JPEG whose frame header (SOF0/SOF2) declares width × height. */
export function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let i = 2; i + 9 < copy.length; i++) {
    if (copy[i] === 0xff && (copy[i + 1] === 0xc0 || copy[i + 1] === 0xc2)) {
      copy.writeUInt16BE(height, i + 5);
      copy.writeUInt16BE(width, i + 7);
      return copy;
    }
  }
  throw new Error('no SOF marker in the JPEG seed');
}

/** An extended WebP (VP8X) header declaring a canvas of width × height, followed by a small real image. */
export function webpDeclaring(webp: Buffer, width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'latin1');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), vp8x, webp.subarray(12)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
