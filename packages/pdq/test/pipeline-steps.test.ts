import { describe, expect, it } from 'vitest';
import { hashFromCoefficients } from '../src/bits.ts';
import { dct64To16 } from '../src/dct.ts';
import { boxFilter1D, boxFilterColumns, boxFilterRows, downsampleTo64, jaroszWindowSize, sampleIndex } from '../src/jarosz.ts';
import { LUMA_FROM_B, LUMA_FROM_G, LUMA_FROM_R, lumaFromPixels } from '../src/luma.ts';
import { qualityOf64x64 } from '../src/quality.ts';
import { hashToHex, pdqFromLuma, pdqFromPixels } from '../src/index.ts';
import { seededRandom } from './synthetic-images.ts';

describe('luminance', () => {
  it('uses the reference float32 coefficients and float32 sums; grey is taken as it is', () => {
    const luma = lumaFromPixels({ pixels: Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]), width: 4, height: 1, channels: 3 });
    expect(Array.from(luma.subarray(0, 3))).toEqual([Math.fround(LUMA_FROM_R * 255), Math.fround(LUMA_FROM_G * 255), Math.fround(LUMA_FROM_B * 255)]);
    expect(luma[3]).toBe(Math.fround(Math.fround(Math.fround(LUMA_FROM_R * 10) + Math.fround(LUMA_FROM_G * 20)) + Math.fround(LUMA_FROM_B * 30)));
    expect(Array.from(lumaFromPixels({ pixels: Uint8Array.from([7, 99, 8, 0]), width: 2, height: 1, channels: 2 }))).toEqual([7, 8]);
    expect(() => lumaFromPixels({ pixels: new Uint8Array(5), width: 2, height: 1, channels: 3 })).toThrow(/expected 2x1x3/);
  });
});

describe('Jarosz tent filter', () => {
  it('sizes each box at half a 64th of the side, rounded up', () => {
    expect([1, 64, 128, 129, 256, 257, 512, 513, 720, 1280, 4000].map((n) => jaroszWindowSize(n))).toEqual([1, 1, 1, 2, 2, 3, 4, 5, 6, 10, 32]);
  });

  it('samples the centre of each of the 64 cells', () => {
    expect([0, 1, 63].map((i) => sampleIndex(i, 512))).toEqual([4, 12, 508]);
    expect([0, 63].map((i) => sampleIndex(i, 100))).toEqual([0, 99]);
    expect([0, 1, 62, 63].map((i) => sampleIndex(i, 64))).toEqual([0, 1, 62, 63]);
  });

  it('averages [i - (w-1-⌊w/2⌋), i + ⌊w/2⌋] clipped to the line, as the reference box does', () => {
    const random = seededRandom(3);
    for (const window of [1, 2, 3, 4, 7, 8]) {
      const line = Float32Array.from({ length: 23 }, () => Math.floor(random() * 256));
      const out = new Float32Array(line.length);
      boxFilter1D(line, 0, out, 0, line.length, window);
      const right = Math.floor(window / 2);
      const left = window - 1 - right;
      line.forEach((_, i) => {
        const from = Math.max(0, i - left);
        const to = Math.min(line.length - 1, i + right);
        const mean = line.slice(from, to + 1).reduce((a, b) => a + b, 0) / (to - from + 1);
        expect(out[i]).toBeCloseTo(mean, 3);
      });
    }
  });

  it('filters columns exactly as it filters rows of the transposed picture', () => {
    const random = seededRandom(4);
    const rows = 37;
    const columns = 11;
    const image = Float32Array.from({ length: rows * columns }, () => random() * 255);
    const transposed = Float32Array.from({ length: rows * columns }, (_, k) => image[(k % rows) * columns + Math.floor(k / rows)]!);
    const down = new Float32Array(image.length);
    const across = new Float32Array(image.length);
    boxFilterColumns(image, down, rows, columns, 4);
    boxFilterRows(transposed, across, columns, rows, 4);
    for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) expect(down[r * columns + c]).toBe(across[c * rows + r]);
  });

  it('leaves a 64x64 picture as it is and the caller’s buffer untouched', () => {
    const random = seededRandom(5);
    const image = Float32Array.from({ length: 64 * 64 }, () => random() * 255);
    expect(downsampleTo64(image, 64, 64)).toEqual(image);
    const big = Float32Array.from({ length: 200 * 90 }, () => random() * 255);
    const before = Float32Array.from(big);
    downsampleTo64(big, 90, 200);
    expect(big).toEqual(before);
  });
});

describe('DCT, threshold and quality', () => {
  it('gives zero coefficients for a flat picture (the DC term is not kept)', () => {
    const coefficients = dct64To16(new Float32Array(64 * 64).fill(100));
    expect(Math.max(...coefficients.map(Math.abs))).toBeLessThan(1e-3);
  });

  it('puts a pure cosine of vertical frequency u and horizontal frequency v in coefficient (u-1, v-1)', () => {
    const image = new Float32Array(64 * 64);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) image[y * 64 + x] = 100 * Math.cos((Math.PI * 3 * (2 * y + 1)) / 128) * Math.cos((Math.PI * 5 * (2 * x + 1)) / 128);
    const coefficients = dct64To16(image);
    const strongest = coefficients.reduce((best, c, k) => (Math.abs(c) > Math.abs(coefficients[best]!) ? k : best), 0);
    expect(strongest).toBe(2 * 16 + 4);
  });

  it('sets the bits strictly above the 128th smallest coefficient', () => {
    const coefficients = Float32Array.from({ length: 256 }, (_, k) => k);
    expect(hashToHex(hashFromCoefficients(coefficients))).toBe(`${'f'.repeat(32)}${'0'.repeat(32)}`);
    const ties = new Float32Array(256).fill(1);
    expect(hashToHex(hashFromCoefficients(ties))).toBe('0'.repeat(64));
  });

  it('scores gradients in whole percent steps, truncated, over 90 and capped at 100', () => {
    const stripes = Float32Array.from({ length: 64 * 64 }, (_, k) => ((k % 64) % 2 === 0 ? 0 : 255));
    expect(qualityOf64x64(stripes)).toBe(100);
    // Horizontal steps of 2.6 grey levels: each is 1.0196% → 1, 64 x 63 of them → 4032 / 90 = 44.8.
    const ramp = Float32Array.from({ length: 64 * 64 }, (_, k) => (k % 64) * 2.6);
    expect(qualityOf64x64(ramp)).toBe(44);
    // Steps of 2.5 levels are 0.98% and truncate to nothing.
    expect(qualityOf64x64(Float32Array.from({ length: 64 * 64 }, (_, k) => (k % 64) * 2.5))).toBe(0);
  });
});

describe('whole hash', () => {
  it('gives an all-zero hash of quality 0 below 5 pixels on a side, as the reference does', () => {
    expect(pdqFromLuma(new Float32Array(4 * 100), 4, 100)).toEqual({ hash: new Uint8Array(32), hex: '0'.repeat(64), quality: 0 });
    expect(pdqFromLuma(new Float32Array(100 * 4), 100, 4).quality).toBe(0);
  });

  it('refuses buffers that do not match their dimensions', () => {
    expect(() => pdqFromLuma(new Float32Array(10), 3, 3)).toThrow(/expected 3x3/);
    expect(() => pdqFromPixels({ pixels: new Uint8Array(12), width: 2, height: 2, channels: 4 })).toThrow(/expected 2x2x4 = 16/);
  });

  it('ignores alpha and hashes grey as it hashes the same grey in RGB, within rounding', () => {
    const random = seededRandom(6);
    const grey = Uint8Array.from({ length: 120 * 80 }, () => Math.floor(random() * 256));
    const rgba = new Uint8Array(grey.length * 4);
    grey.forEach((g, i) => rgba.set([g, g, g, (i * 37) & 255], i * 4));
    const fromGrey = pdqFromPixels({ pixels: grey, width: 120, height: 80, channels: 1 });
    const fromRgba = pdqFromPixels({ pixels: rgba, width: 120, height: 80, channels: 4 });
    expect(fromRgba.quality).toBe(fromGrey.quality);
    expect(fromRgba.hex).toBe(fromGrey.hex);
  });
});
