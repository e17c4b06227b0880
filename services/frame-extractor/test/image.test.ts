import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PermanentJobError } from '@modsvc/common/errors';
import { imageFrames as decodeWith } from '../src/image.ts';
import { settingsSchema } from '../src/settings.ts';

const limits = settingsSchema.parse({});
const { FRAME_MAX_SIDE, FRAME_MAX_ANIMATION_FRAMES: MAX_ANIMATION_FRAMES } = limits;
const decodeImage = (input: Buffer) => decodeWith(input, limits);

async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  const img = sharp({ create: { width, height, channels: 3, background: { r: 10, g: 200, b: 30 } } }).jpeg();
  return orientation ? img.withMetadata({ orientation }).toBuffer() : img.toBuffer();
}

async function animatedGif(frames: number, delayMs: number): Promise<Buffer> {
  const pages = await Promise.all(
    Array.from({ length: frames }, (_, i) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: (i * 10) % 256, g: 0, b: 0 } } }).raw().toBuffer()),
  );
  return sharp(Buffer.concat(pages), { raw: { width: 40, height: 30 * frames, channels: 3, pageHeight: 30 } })
    .gif({ delay: new Array(frames).fill(delayMs), loop: 0 })
    .toBuffer();
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Signature, IHDR (8-bit RGB), a few bytes of pixel data and IEND: a tiny file declaring a huge size. */
function pngDeclaring(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(Buffer.alloc(64))), pngChunk('IEND', Buffer.alloc(0))]);
}

describe('imageFrames', () => {
  it('makes a still its own frame: the upload, byte for byte, with its size', async () => {
    const upload = await jpeg(640, 480);
    const d = await decodeImage(upload);
    expect(d).toMatchObject({ width: 640, height: 480, fps: 0, duration: 0 });
    expect(d.frames).toHaveLength(1);
    expect(d.frames[0]!.data.equals(upload)).toBe(true);
    expect(d.frames[0]).toMatchObject({ timestamp: 0, width: 640, height: 480 });
  });

  it('applies EXIF orientation (6 = rotate 90°): width and height swap', async () => {
    const d = await decodeImage(await jpeg(400, 200, 6));
    expect([d.width, d.height]).toEqual([200, 400]);
    expect([d.frames[0]!.width, d.frames[0]!.height]).toEqual([200, 400]);
  });

  it('never scales or re-encodes a still (vision-inference decodes it once, at its own size)', async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 4, background: { r: 10, g: 20, b: 30, alpha: 0.5 } } }).png().toBuffer();
    const d = await decodeImage(png);
    expect(d.width).toBe(3000);
    expect(d.frames[0]!.width).toBe(3000);
    expect(d.frames[0]!.data.equals(png)).toBe(true);
  });

  it("scales an animation's frames down to the frame size limit (JPEG)", async () => {
    const page = (r: number) => sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r, g: 0, b: 0 } } }).raw().toBuffer();
    const pages = Buffer.concat([await page(200), await page(20)]);
    const gif = await sharp(pages, { raw: { width: 2000, height: 2000, channels: 3, pageHeight: 1000 } }).gif({ delay: [100, 100] }).toBuffer();
    const d = await decodeImage(gif);
    expect(d.frames).toHaveLength(2);
    expect(d.frames[0]!.width).toBe(FRAME_MAX_SIDE);
    expect(d.frames[0]!.data.subarray(0, 2).toString('hex')).toBe('ffd8');
  });

  it('samples animated GIFs with timestamps, fps and duration', async () => {
    const d = await decodeImage(await animatedGif(4, 250));
    expect(d.frames).toHaveLength(4);
    expect(d.frames.map((f) => f.timestamp)).toEqual([0, 0.25, 0.5, 0.75]);
    expect(d.duration).toBeCloseTo(1);
    expect(d.fps).toBeCloseTo(4);
    expect([d.width, d.height]).toEqual([40, 30]);
    const many = await decodeImage(await animatedGif(MAX_ANIMATION_FRAMES + 8, 100));
    expect(many.frames).toHaveLength(MAX_ANIMATION_FRAMES);
  });

  it('fails input without an image header with "Failed to decode image." (damaged pixels fail in vision-inference)', async () => {
    const good = await jpeg(320, 240);
    await expect(decodeImage(Buffer.from('not an image at all'))).rejects.toThrow(PermanentJobError);
    await expect(decodeImage(Buffer.from('not an image at all'))).rejects.toThrow(/^Failed to decode image\./);
    await expect(decodeImage(good.subarray(0, 40))).rejects.toThrow(/^Failed to decode image\./);
  });

  it("answers a truncated PNG in our words, never with the decoder's text", async () => {
    const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><circle cx="160" cy="120" r="90" fill="#3050f0"/></svg>') }])
      .png()
      .toBuffer();
    // Cut inside the header: refused here (a cut further in leaves a readable header, and fails in vision-inference).
    for (const at of [12, 20]) {
      const failure = await decodeImage(png.subarray(0, at)).then(
        () => null,
        (err: Error) => err,
      );
      expect(failure, `PNG cut at ${at} of ${png.length} bytes`).toBeInstanceOf(PermanentJobError);
      expect(failure!.message).toBe('Failed to decode image. The file is truncated or corrupt.');
      // libvips' own words stay available to the log as the cause.
      expect(String((failure as Error & { cause?: Error }).cause?.message)).toMatch(/pngload|end of stream|vips/i);
    }
  });

  it('refuses decompression bombs by pixel count before decoding', async () => {
    // A PNG whose header declares 20000 x 20000 pixels (400 MP) in a few dozen bytes.
    const bomb = pngDeclaring(20000, 20000);
    expect(bomb.length).toBeLessThan(120);
    await expect(decodeImage(bomb)).rejects.toThrow(/megapixel limit/);
  });

  it('takes its limits from the settings (FRAME_PIXEL_LIMIT, FRAME_MAX_SIDE, FRAME_MAX_ANIMATION_FRAMES)', async () => {
    const tight = settingsSchema.parse({ FRAME_PIXEL_LIMIT: '100000', FRAME_MAX_SIDE: '200', FRAME_MAX_ANIMATION_FRAMES: '2' });
    await expect(decodeWith(await jpeg(400, 300), tight)).rejects.toThrow(/exceeds the 0.1 megapixel limit/);
    const small = await decodeWith(await jpeg(300, 150), tight);
    expect([small.frames[0]!.width, small.frames[0]!.height]).toEqual([300, 150]);
    expect((await decodeWith(await animatedGif(6, 100), tight)).frames).toHaveLength(2);
  });
});
