import { PDQ_GRID } from './jarosz.ts';

// float32 arithmetic as the reference's, and a local copy of the grid size: see jarosz.ts.
const f32 = Math.fround;
const GRID = PDQ_GRID;

/**
 * The reference's heuristic quality (0..100): the sum of quantised vertical and horizontal
 * gradients of the 64x64 downsample, scaled by 1/90 and clamped. Low values mean flat or
 * featureless images whose hashes match too easily (Meta suggests ignoring quality < 50).
 */
export function qualityOf64x64(image: Float32Array): number {
  let gradientSum = 0;
  for (let i = 0; i < GRID - 1; i++) {
    for (let j = 0; j < GRID; j++) {
      gradientSum += Math.abs(quantisedStep(image[i * GRID + j]!, image[(i + 1) * GRID + j]!));
    }
  }
  for (let i = 0; i < GRID; i++) {
    for (let j = 0; j < GRID - 1; j++) {
      gradientSum += Math.abs(quantisedStep(image[i * GRID + j]!, image[i * GRID + j + 1]!));
    }
  }
  return Math.min(100, Math.trunc(gradientSum / 90));
}

/** A step in percent of full scale, truncated toward zero in float32 as C's int conversion does. */
function quantisedStep(u: number, v: number): number {
  return Math.trunc(f32(f32(f32(u - v) * 100) / 255));
}
