import { Scratch, scratchFloats } from './scratch.ts';

// Downsampling to 64x64 as the reference does: Wojciech Jarosz's "Fast Image Convolutions"
// (2001) — two X,Y passes of 1-D box filters make a tent filter — then point sampling at the
// centres of a 64x64 grid.

// The reference computes in IEEE single precision. Rounding each double-precision +, -, *
// and / of float32 operands to float32 gives exactly the float32 result (53 bits leave room
// for the double rounding to be harmless), so wrapping every step in f32 reproduces the
// reference bit for bit. It is declared in each hot module rather than imported: an imported
// function is reached through a module object in some loaders (Vitest's), far slower in loops.
const f32 = Math.fround;

export const PDQ_GRID = 64;
const JAROSZ_XY_PASSES = 2;

/**
 * Box window for shrinking `oldDimension` to `newDimension`: half of one output cell, rounded
 * up, because two passes of a box of that width together cover a whole cell.
 */
export function jaroszWindowSize(oldDimension: number, newDimension: number = PDQ_GRID): number {
  return Math.floor((oldDimension + 2 * newDimension - 1) / (2 * newDimension));
}

/** The reference's running sum: filling, then writing while growing, sliding, and shrinking. */
interface BoxPhases {
  leading: number;
  growing: number;
  full: number;
  shrinking: number;
}

function boxPhases(length: number, window: number): BoxPhases {
  const half = (window + 2) >> 1;
  return { leading: half - 1, growing: window - half + 1, full: length - window, shrinking: half - 1 };
}

/**
 * 1-D box filter over `length` consecutive values of `input` from `inOffset`, into `output` from
 * `outOffset`. The reference's window is lopsided for even sizes: output i averages inputs
 * [i - (window - 1 - floor(window/2)), i + floor(window/2)], clipped to the vector, with the
 * running sum (add, then subtract) kept in float32 — reproduced here step for step.
 */
export function boxFilter1D(input: Float32Array, inOffset: number, output: Float32Array, outOffset: number, length: number, window: number): void {
  const { leading, growing, full, shrinking } = boxPhases(length, window);
  let sum = 0;
  let count = 0;
  let right = inOffset;
  let left = inOffset;
  let out = outOffset;
  for (let i = 0; i < leading; i++, right++, count++) sum = f32(sum + input[right]!);
  for (let i = 0; i < growing; i++, right++, out++) {
    sum = f32(sum + input[right]!);
    count++;
    output[out] = sum / count;
  }
  for (let i = 0; i < full; i++, right++, left++, out++) {
    sum = f32(f32(sum + input[right]!) - input[left]!);
    output[out] = sum / count;
  }
  for (let i = 0; i < shrinking; i++, left++, out++) {
    sum = f32(sum - input[left]!);
    count--;
    output[out] = sum / count;
  }
}

export function boxFilterRows(input: Float32Array, output: Float32Array, rows: number, columns: number, window: number): void {
  for (let row = 0; row < rows; row++) boxFilter1D(input, row * columns, output, row * columns, columns, window);
}

/**
 * The same filter down every column. Sweeping row by row with one running sum per column
 * gives the reference's per-column arithmetic while reading memory in order.
 */
export function boxFilterColumns(input: Float32Array, output: Float32Array, rows: number, columns: number, window: number): void {
  const { leading, growing, full, shrinking } = boxPhases(rows, window);
  const sums = new Float32Array(columns);
  let count = 0;
  let right = 0;
  let left = 0;
  let out = 0;
  for (let i = 0; i < leading; i++, right += columns, count++) {
    for (let j = 0; j < columns; j++) sums[j] = sums[j]! + input[right + j]!;
  }
  for (let i = 0; i < growing; i++, right += columns, out += columns) {
    count++;
    for (let j = 0; j < columns; j++) {
      const sum = f32(sums[j]! + input[right + j]!);
      sums[j] = sum;
      output[out + j] = sum / count;
    }
  }
  for (let i = 0; i < full; i++, right += columns, left += columns, out += columns) {
    for (let j = 0; j < columns; j++) {
      const sum = f32(f32(sums[j]! + input[right + j]!) - input[left + j]!);
      sums[j] = sum;
      output[out + j] = sum / count;
    }
  }
  for (let i = 0; i < shrinking; i++, left += columns, out += columns) {
    count--;
    for (let j = 0; j < columns; j++) {
      const sum = f32(sums[j]! - input[left + j]!);
      sums[j] = sum;
      output[out + j] = sum / count;
    }
  }
}

/** Index of the input sample at the centre of output cell `cell` (the reference's decimation). */
export function sampleIndex(cell: number, inputSize: number, outputSize: number = PDQ_GRID): number {
  return Math.trunc(((cell + 0.5) * inputSize) / outputSize);
}

/**
 * Tent-filters a row-major float32 image and samples it on a 64x64 grid. The result equals the
 * reference's (full X,Y,X,Y passes, then decimation); the last two passes are computed only
 * where the grid samples them. `luma` is left untouched.
 */
export function downsampleTo64(luma: Float32Array, rows: number, columns: number): Float32Array {
  // Like the reference's pdqFloat256FromFloatLuma, a 64x64 input (e.g. a frame ffmpeg already
  // shrank) is used as it is. (Its dihedral entry point filters even then; we hash once.)
  if (rows === PDQ_GRID && columns === PDQ_GRID) return Float32Array.from(luma);
  const out = new Float32Array(PDQ_GRID * PDQ_GRID);
  const sampledColumns = Int32Array.from({ length: PDQ_GRID }, (_, j) => sampleIndex(j, columns));
  const sampledRows = Int32Array.from({ length: PDQ_GRID }, (_, i) => sampleIndex(i, rows));
  const alongRows = jaroszWindowSize(columns);
  const alongColumns = jaroszWindowSize(rows);

  const a = scratchFloats(Scratch.FilterA, rows * columns);
  const b = scratchFloats(Scratch.FilterB, rows * columns);
  let source = luma;
  for (let pass = 1; pass < JAROSZ_XY_PASSES; pass++) {
    boxFilterRows(source, a, rows, columns, alongRows);
    boxFilterColumns(a, b, rows, columns, alongColumns);
    source = b;
  }

  // Final X pass, keeping only the sampled columns of each row.
  const rowScratch = new Float32Array(columns);
  const sampledBeforeY = new Float32Array(rows * PDQ_GRID);
  for (let row = 0; row < rows; row++) {
    boxFilter1D(source, row * columns, rowScratch, 0, columns, alongRows);
    for (let j = 0; j < PDQ_GRID; j++) sampledBeforeY[row * PDQ_GRID + j] = rowScratch[sampledColumns[j]!]!;
  }
  // Final Y pass over those 64 columns, then keep the sampled rows.
  const filtered = new Float32Array(rows * PDQ_GRID);
  boxFilterColumns(sampledBeforeY, filtered, rows, PDQ_GRID, alongColumns);
  for (let i = 0; i < PDQ_GRID; i++) out.set(filtered.subarray(sampledRows[i]! * PDQ_GRID, (sampledRows[i]! + 1) * PDQ_GRID), i * PDQ_GRID);
  return out;
}
