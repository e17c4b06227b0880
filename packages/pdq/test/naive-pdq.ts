import type { PixelBuffer } from '../src/index.ts';

// A second, deliberately plain PDQ, written from the algorithm's description and sharing no
// code with src/: float64 throughout, each box average summed afresh, the DCT as a double sum,
// the median by sorting and the hex from a BigInt. Slow; for cross-checking only.

function lumaOf({ pixels, width, height, channels }: PixelBuffer): number[][] {
  const rows: number[][] = [];
  for (let y = 0; y < height; y++) {
    const row: number[] = [];
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      row.push(channels <= 2 ? pixels[at]! : 0.299 * pixels[at]! + 0.587 * pixels[at + 1]! + 0.114 * pixels[at + 2]!);
    }
    rows.push(row);
  }
  return rows;
}

/** Mean over [i - left, i + right] clipped to the line, where left + right + 1 = window and right = ⌊window/2⌋. */
function boxAverage(line: number[], window: number): number[] {
  const right = Math.floor(window / 2);
  const left = window - 1 - right;
  return line.map((_, i) => {
    const from = Math.max(0, i - left);
    const to = Math.min(line.length - 1, i + right);
    let sum = 0;
    for (let k = from; k <= to; k++) sum += line[k]!;
    return sum / (to - from + 1);
  });
}

function transpose(image: number[][]): number[][] {
  return image[0]!.map((_, x) => image.map((row) => row[x]!));
}

export function naivePdq(image: PixelBuffer): { hex: string; quality: number } {
  let luma = lumaOf(image);
  const { width, height } = image;
  const windowAcross = Math.ceil(width / 128);
  const windowDown = Math.ceil(height / 128);
  for (let pass = 0; pass < 2; pass++) {
    luma = luma.map((row) => boxAverage(row, windowAcross));
    luma = transpose(transpose(luma).map((column) => boxAverage(column, windowDown)));
  }
  const grid = Array.from({ length: 64 }, (_, i) => Array.from({ length: 64 }, (_, j) => luma[Math.floor(((i + 0.5) * height) / 64)]![Math.floor(((j + 0.5) * width) / 64)]!));

  let gradients = 0;
  for (let i = 0; i < 64; i++) {
    for (let j = 0; j < 64; j++) {
      if (i < 63) gradients += Math.abs(Math.trunc(((grid[i]![j]! - grid[i + 1]![j]!) * 100) / 255));
      if (j < 63) gradients += Math.abs(Math.trunc(((grid[i]![j]! - grid[i]![j + 1]!) * 100) / 255));
    }
  }

  const coefficients: number[] = [];
  for (let u = 1; u <= 16; u++) {
    for (let v = 1; v <= 16; v++) {
      let sum = 0;
      for (let y = 0; y < 64; y++) {
        for (let x = 0; x < 64; x++) sum += Math.cos((Math.PI * u * (2 * y + 1)) / 128) * Math.cos((Math.PI * v * (2 * x + 1)) / 128) * grid[y]![x]!;
      }
      coefficients.push(sum);
    }
  }
  const median = [...coefficients].sort((a, b) => a - b)[127]!;
  let bits = 0n;
  coefficients.forEach((c, k) => {
    if (c > median) bits |= 1n << BigInt(k);
  });
  return { hex: bits.toString(16).padStart(64, '0'), quality: Math.min(100, Math.floor(gradients / 90)) };
}
