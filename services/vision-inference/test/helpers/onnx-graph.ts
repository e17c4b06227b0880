// Test ONNX models built with the product's graph writer (models/onnx-writer.ts): a YOLOv8-shaped
// detector whose output is a simple function of its input.
import { buildGraph } from '../../src/models/onnx-writer.ts';

export interface TinyYoloAnchor {
  /** cx, cy, w, h in input pixels. */
  box: [number, number, number, number];
  /** Class index -> [constant, gain]: score = constant + gain * mean(input). */
  scores: Record<number, [number, number]>;
}

/**
 * A YOLOv8-shaped detector: input `images` [1, 3, size, size], output `output0` [1, 4 + nClasses, N]
 * = C + mean(images) * K, with C and K built from `anchors` (every other class score `floor`).
 */
export function buildTinyYolo(size: number, nClasses: number, anchors: TinyYoloAnchor[], floor = 0.01): Buffer {
  const D = 4 + nClasses;
  const N = anchors.length;
  const C = new Float32Array(D * N);
  const K = new Float32Array(D * N);
  anchors.forEach((a, n) => {
    for (let d = 0; d < 4; d++) C[d * N + n] = a.box[d] as number;
    for (let c = 0; c < nClasses; c++) {
      const s = a.scores[c];
      C[(4 + c) * N + n] = s ? s[0] : floor;
      K[(4 + c) * N + n] = s ? s[1] : 0;
    }
  });
  return buildGraph({
    name: 'tiny-yolo',
    inputs: [{ name: 'images', dims: [1, 3, size, size] }],
    outputs: [{ name: 'output0', dims: [1, D, N] }],
    initializers: [
      { name: 'C', dims: [1, D, N], values: C },
      { name: 'K', dims: [1, D, N], values: K },
    ],
    nodes: [
      // mean over C, H, W -> [1, 1, 1, 1]; reshape to [1, 1, 1] to broadcast over [1, D, N]
      { op: 'ReduceMean', inputs: ['images'], outputs: ['m4'], attrs: { axes: [1, 2, 3], keepdims: 1 } },
      { op: 'ReduceMean', inputs: ['m4'], outputs: ['m'], attrs: { axes: [0], keepdims: 0 } },
      { op: 'Mul', inputs: ['m', 'K'], outputs: ['mk'] },
      { op: 'Add', inputs: ['mk', 'C'], outputs: ['output0'] },
    ],
  });
}
