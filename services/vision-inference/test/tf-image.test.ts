// resizeBilinear works out each column's taps once per image instead of once per pixel: the
// values must stay exactly those of TF's formula applied pixel by pixel (the converted face and
// object networks were checked against human on inputs prepared this way).
import { describe, expect, it } from 'vitest';
import { resizeBilinear, type FloatImage } from '../src/models/tf-image.ts';

/** tf.image.resizeBilinear (align_corners and half_pixel_centers false), one output pixel at a time. */
function perPixel(img: FloatImage, outH: number, outW: number): Float32Array {
  const { data, width: inW, height: inH, channels: ch } = img;
  const out = new Float32Array(outH * outW * ch);
  for (let r = 0; r < outH; r++) {
    const fr = (inH / outH) * r;
    const r0 = Math.max(0, Math.floor(fr));
    const r1 = Math.min(inH - 1, Math.ceil(fr));
    for (let c = 0; c < outW; c++) {
      const fc = (inW / outW) * c;
      const c0 = Math.max(0, Math.floor(fc));
      const c1 = Math.min(inW - 1, Math.ceil(fc));
      for (let d = 0; d < ch; d++) {
        const at = (y: number, x: number) => data[(y * inW + x) * ch + d]!;
        const top = at(r0, c0) + (at(r0, c1) - at(r0, c0)) * (fc - c0);
        const bottom = at(r1, c0) + (at(r1, c1) - at(r1, c0)) * (fc - c0);
        out[(r * outW + c) * ch + d] = top + (bottom - top) * (fr - r0);
      }
    }
  }
  return out;
}

describe('resizeBilinear', () => {
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (const [h, w, ch, oh, ow] of [
    [37, 53, 3, 256, 256],
    [480, 640, 3, 512, 512],
    [5, 5, 3, 224, 224],
    [300, 200, 1, 17, 9],
    [64, 48, 4, 64, 48],
  ] as const) {
    it(`${w}x${h}x${ch} -> ${ow}x${oh} equals the per-pixel formula exactly`, () => {
      const img = { data: Float32Array.from({ length: h * w * ch }, () => rnd() * 255), width: w, height: h, channels: ch };
      const ours = resizeBilinear(img, oh, ow);
      expect([ours.width, ours.height, ours.channels]).toEqual([ow, oh, ch]);
      expect(Buffer.from(ours.data.buffer).equals(Buffer.from(perPixel(img, oh, ow).buffer))).toBe(true);
    });
  }
});
