import { PDQ_GRID } from './jarosz.ts';

// float32 arithmetic as the reference's, and a local copy of the grid size: see jarosz.ts.
const f32 = Math.fround;
const GRID = PDQ_GRID;

// Only DCT coefficients 1..16 along each axis are kept (the DC term and the highest
// frequencies are dropped), computed as B = D A Dᵀ with D the 16x64 slice of the DCT-II basis.
export const DCT_SIZE = 16;

const DCT_MATRIX: Float32Array = (() => {
  const matrix = new Float32Array(DCT_SIZE * GRID);
  const scale = f32(Math.sqrt(2 / GRID));
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let k = 0; k < GRID; k++) {
      matrix[i * GRID + k] = scale * Math.cos((Math.PI / 2 / GRID) * (i + 1) * (2 * k + 1));
    }
  }
  return matrix;
})();

/** 16x16 row-major DCT of a 64x64 row-major image, summed in float32 in the reference's order. */
export function dct64To16(image: Float32Array): Float32Array {
  const d = DCT_MATRIX;
  const partial = new Float32Array(DCT_SIZE * GRID);
  for (let i = 0; i < DCT_SIZE; i++) {
    const dRow = i * GRID;
    for (let j = 0; j < GRID; j++) {
      let sum = 0;
      for (let k = 0; k < GRID; k++) sum = f32(sum + f32(d[dRow + k]! * image[k * GRID + j]!));
      partial[dRow + j] = sum;
    }
  }
  const out = new Float32Array(DCT_SIZE * DCT_SIZE);
  for (let i = 0; i < DCT_SIZE; i++) {
    const pRow = i * GRID;
    for (let j = 0; j < DCT_SIZE; j++) {
      const dRow = j * GRID;
      let sum = 0;
      for (let k = 0; k < GRID; k++) sum = f32(sum + f32(partial[pRow + k]! * d[dRow + k]!));
      out[i * DCT_SIZE + j] = sum;
    }
  }
  return out;
}
