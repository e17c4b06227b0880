import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ImageDecodeError,
  dHash,
  decodeFrame,
  hammingDistance,
  letterbox,
  normalise,
  resizeFill,
  resizeInside,
  unletterboxBox,
  type RgbImage,
} from '../src/models/preprocess.ts';

/** A width x height image: left half red, right half blue. */
async function halves(width: number, height: number, orientation?: number): Promise<Buffer> {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      if (x < width / 2) data[o] = 255;
      else data[o + 2] = 255;
    }
  let s = sharp(data, { raw: { width, height, channels: 3 } });
  if (orientation) s = s.withMetadata({ orientation });
  return s.png().toBuffer();
}

function px(img: RgbImage, x: number, y: number): [number, number, number] {
  const o = (y * img.width + x) * 3;
  return [img.data[o]!, img.data[o + 1]!, img.data[o + 2]!];
}

function gradient(width: number, height: number, phase = 0): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = Math.round(127 + 120 * Math.sin((x + phase) / 7) * Math.cos(y / 11));
      data.fill(v, (y * width + x) * 3, (y * width + x) * 3 + 3);
    }
  return { data, width, height };
}

describe('decodeFrame', () => {
  it('decodes to RGB and keeps the size when it is small enough', async () => {
    const f = await decodeFrame(await halves(40, 20));
    expect([f.width, f.height, f.sourceWidth, f.sourceHeight]).toEqual([40, 20, 40, 20]);
    expect(f.data.length).toBe(40 * 20 * 3);
    expect(px(f, 2, 10)).toEqual([255, 0, 0]);
    expect(px(f, 37, 10)).toEqual([0, 0, 255]);
  });

  it('applies EXIF orientation 6 (rotate 90° clockwise): width and height swap, left half goes to the top', async () => {
    const f = await decodeFrame(await halves(40, 20, 6));
    expect([f.width, f.height]).toEqual([20, 40]);
    expect([f.sourceWidth, f.sourceHeight]).toEqual([20, 40]);
    expect(px(f, 10, 2)).toEqual([255, 0, 0]);
    expect(px(f, 10, 37)).toEqual([0, 0, 255]);
  });

  it('downsizes to maxSide keeping the aspect ratio, reporting the source size', async () => {
    const f = await decodeFrame(await halves(400, 100), 100);
    expect([f.width, f.height, f.sourceWidth, f.sourceHeight]).toEqual([100, 25, 400, 100]);
  });

  it('flattens transparency on white', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } }).png().toBuffer();
    const f = await decodeFrame(png);
    expect(px(f, 1, 1)).toEqual([255, 255, 255]);
  });

  it('refuses decompression bombs and garbage with ImageDecodeError', async () => {
    const big = await halves(200, 200);
    await expect(decodeFrame(big, 1024, 10_000)).rejects.toThrow(ImageDecodeError);
    await expect(decodeFrame(big, 1024, 10_000)).rejects.toThrow(/pixel limit|exceeds/);
    await expect(decodeFrame(Buffer.from('not an image'))).rejects.toThrow(ImageDecodeError);
  });
});

describe('resize, letterbox, normalise', () => {
  it('resizeFill stretches to the exact size; resizeInside never enlarges', async () => {
    const img: RgbImage = { data: Buffer.alloc(30 * 10 * 3, 9), width: 30, height: 10 };
    const r = await resizeFill(img, 8, 8);
    expect([r.width, r.height, r.data.length]).toEqual([8, 8, 192]);
    expect(await resizeInside(img, 100)).toBe(img);
    const s = await resizeInside(img, 15);
    expect([s.width, s.height]).toEqual([15, 5]);
  });

  it('letterbox pads to a square with grey and maps boxes back', async () => {
    const img: RgbImage = { data: Buffer.alloc(100 * 50 * 3, 200), width: 100, height: 50 };
    const lb = await letterbox(img, 64);
    expect([lb.width, lb.height, lb.scale, lb.padX, lb.padY]).toEqual([64, 64, 0.64, 0, 16]);
    expect(px(lb, 32, 2)).toEqual([114, 114, 114]);
    expect(px(lb, 32, 32)).toEqual([200, 200, 200]);
    expect(unletterboxBox([0, 16, 64, 32], lb)).toEqual([0, 0, 100, 50]);
  });

  it('normalise scales, subtracts mean, divides by std, in NHWC or NCHW', () => {
    const img: RgbImage = { data: Buffer.from([255, 0, 51, 0, 255, 102]), width: 2, height: 1 };
    [1, 0, 0.2, 0, 1, 0.4].forEach((v, i) => expect(normalise(img)[i]).toBeCloseTo(v, 6));
    const nchw = normalise(img, { layout: 'nchw', mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5] });
    [1, -1, -1, 1, -0.6, -0.2].forEach((v, i) => expect(nchw[i]).toBeCloseTo(v, 5));
    expect([...normalise(img, { divisor: 1 })]).toEqual([255, 0, 51, 0, 255, 102]);
  });
});

describe('dHash', () => {
  it('is stable under rescale and small brightness change, different for other content', async () => {
    const a = gradient(180, 160);
    const b = await resizeFill(a, 90, 80);
    const brighter: RgbImage = { ...a, data: Buffer.from(a.data.map((v) => Math.min(255, v + 6))) };
    const other = gradient(180, 160, 40);
    const ha = await dHash(a);
    expect(hammingDistance(ha, await dHash(b))).toBeLessThanOrEqual(4);
    expect(hammingDistance(ha, await dHash(brighter))).toBeLessThanOrEqual(4);
    expect(hammingDistance(ha, await dHash(other))).toBeGreaterThan(10);
  });

  it('hammingDistance counts differing bits', () => {
    expect(hammingDistance(0n, 0n)).toBe(0);
    expect(hammingDistance(0b1011n, 0b0001n)).toBe(2);
    expect(hammingDistance((1n << 64n) - 1n, 0n)).toBe(64);
  });
});
