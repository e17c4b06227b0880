import { f32 } from './float32.ts';
import { PDQ_GRID } from './jarosz.ts';

// Only DCT coefficients 1..16 along each axis are kept (the DC term and the highest
// frequencies are dropped), computed as B = D A Dᵀ with D the 16x64 slice of the DCT-II basis.
export const DCT_SIZE = 16;

const DCT_MATRIX: Float32Array = (() => {
  const matrix = new Float32Array(DCT_SIZE * PDQ_GRID);
  const scale = f32(Math.sqrt(2 / PDQ_GRID));
  for (let i = 0; i < DCT_SIZE; i++) {
    for (let k = 0; k < PDQ_GRID; k++) {
      matrix[i * PDQ_GRID + k] = scale * Math.cos((Math.PI / 2 / PDQ_GRID) * (i + 1) * (2 * k + 1));
    }
  }
  return matrix;
})();

/** 16x16 row-major DCT of a 64x64 row-major image, summed in float32 in the reference's order. */
export function dct64To16(image: Float32Array): Float32Array {
  const d = DCT_MATRIX;
  const partial = new Float32Array(DCT_SIZE * PDQ_GRID);
  for (let i = 0; i < DCT_SIZE; i++) {
    const dRow = i * PDQ_GRID;
    for (let j = 0; j < PDQ_GRID; j++) {
      let sum = 0;
      for (let k = 0; k < PDQ_GRID; k++) sum = f32(sum + f32(d[dRow + k]! * image[k * PDQ_GRID + j]!));
      partial[dRow + j] = sum;
    }
  }
  const out = new Float32Array(DCT_SIZE * DCT_SIZE);
  for (let i = 0; i < DCT_SIZE; i++) {
    const pRow = i * PDQ_GRID;
    for (let j = 0; j < DCT_SIZE; j++) {
      const dRow = j * PDQ_GRID;
      let sum = 0;
      for (let k = 0; k < PDQ_GRID; k++) sum = f32(sum + f32(partial[pRow + k]! * d[dRow + k]!));
      out[i * DCT_SIZE + j] = sum;
    }
  }
  return out;
}
