import type { DihedralVariant, PixelBuffer } from '../src/index.ts';

// The eight rotations/mirrors done on the pixels, to compare with the DCT-domain variants.
// Each maps a target position (x, y) of the new picture to the source position it copies.
type SourceOf = (x: number, y: number, width: number, height: number) => [number, number];

const TRANSFORMS: Record<DihedralVariant, { swapsSides: boolean; sourceOf: SourceOf }> = {
  original: { swapsSides: false, sourceOf: (x, y) => [x, y] },
  rotate90: { swapsSides: true, sourceOf: (x, y, w) => [w - 1 - y, x] },
  rotate180: { swapsSides: false, sourceOf: (x, y, w, h) => [w - 1 - x, h - 1 - y] },
  rotate270: { swapsSides: true, sourceOf: (x, y, _w, h) => [y, h - 1 - x] },
  flipX: { swapsSides: false, sourceOf: (x, y, _w, h) => [x, h - 1 - y] },
  flipY: { swapsSides: false, sourceOf: (x, y, w) => [w - 1 - x, y] },
  flipPlus1: { swapsSides: true, sourceOf: (x, y) => [y, x] },
  flipMinus1: { swapsSides: true, sourceOf: (x, y, w, h) => [w - 1 - y, h - 1 - x] },
};

export function transformPixels(image: PixelBuffer, variant: DihedralVariant): PixelBuffer {
  const { swapsSides, sourceOf } = TRANSFORMS[variant];
  const { width, height, channels, pixels } = image;
  const outWidth = swapsSides ? height : width;
  const outHeight = swapsSides ? width : height;
  const out = new Uint8Array(pixels.length);
  for (let y = 0; y < outHeight; y++) {
    for (let x = 0; x < outWidth; x++) {
      const [sx, sy] = sourceOf(x, y, width, height);
      const from = (sy * width + sx) * channels;
      out.set(pixels.subarray(from, from + channels), (y * outWidth + x) * channels);
    }
  }
  return { pixels: out, width: outWidth, height: outHeight, channels };
}
