// The tiny stand-in for vision v3 (test/fixtures/v3-tiny.onnx + v3-tiny.json): the artifact's contract
// (input `input` [N, 3, 224, 224]; outputs `logits` [N, K], `probs` = sigmoid(logits), `embedding`
// [N, 1280]) around a network simple enough to compute here directly, built with the product's ONNX
// writer. Nine features per image: the mean of each channel, and its means weighted by a vertical and
// by a horizontal ramp (so a transposed, flipped or NHWC-read input gives other numbers); logits =
// features @ W + b; embedding = features @ E.
// Rewrite the committed fixture (after changing the network): npx tsx services/vision-inference/test/helpers/v3-tiny.ts write
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGraph } from '../../src/models/onnx-writer.ts';

export const V3_TINY_SIZE = 224;
export const V3_TINY_EMBEDDING = 1280;
/** One name that is not a visual class: the service must ignore its column. */
export const V3_TINY_CLASSES = ['firearm', 'knife', 'not_a_visual_class', 'smoking_and_tobacco', 'pills'];
export const V3_TINY_ID = 'v3-tiny';
export const V3_TINY_VERSION = '0.1.0-test';
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures');
export const V3_TINY_MANIFEST = path.join(FIXTURES, 'v3-tiny.json');
export const V3_TINY_ONNX = path.join(FIXTURES, 'v3-tiny.onnx');

const F = 9;
const K = V3_TINY_CLASSES.length;
const S = V3_TINY_SIZE;
const D = V3_TINY_EMBEDDING;

/** Ramp in [-1, 1] across the side. */
const RAMP = Float32Array.from({ length: S }, (_, i) => (i - (S - 1) / 2) / ((S - 1) / 2));
/** [F, K]: spread enough that logits of ordinary photos range over a few units. */
const W = Float32Array.from({ length: F * K }, (_, i) => 3 * Math.sin(1 + 7 * Math.floor(i / K) + 3 * (i % K)));
const B = Float32Array.from({ length: K }, (_, k) => -1 + 0.4 * k);
/** [F, D] */
const E = Float32Array.from({ length: F * D }, (_, i) => Math.cos(0.37 * Math.floor(i / D) + 0.011 * (i % D)));

export function buildV3Tiny(): Buffer {
  return buildGraph({
    name: 'vision-v3-tiny',
    inputs: [{ name: 'input', dims: ['batch', 3, S, S] }],
    outputs: [
      { name: 'logits', dims: ['batch', K] },
      { name: 'probs', dims: ['batch', K] },
      { name: 'embedding', dims: ['batch', D] },
    ],
    initializers: [
      { name: 'ry', dims: [1, 1, S, 1], values: RAMP },
      { name: 'rx', dims: [1, 1, 1, S], values: RAMP },
      { name: 'W', dims: [F, K], values: W },
      { name: 'b', dims: [K], values: B },
      { name: 'E', dims: [F, D], values: E },
    ],
    nodes: [
      { op: 'ReduceMean', inputs: ['input'], outputs: ['mean'], attrs: { axes: [2, 3], keepdims: 0 } },
      { op: 'Mul', inputs: ['input', 'ry'], outputs: ['xy'] },
      { op: 'ReduceMean', inputs: ['xy'], outputs: ['meanY'], attrs: { axes: [2, 3], keepdims: 0 } },
      { op: 'Mul', inputs: ['input', 'rx'], outputs: ['xx'] },
      { op: 'ReduceMean', inputs: ['xx'], outputs: ['meanX'], attrs: { axes: [2, 3], keepdims: 0 } },
      { op: 'Concat', inputs: ['mean', 'meanY', 'meanX'], outputs: ['features'], attrs: { axis: 1 } },
      { op: 'MatMul', inputs: ['features', 'W'], outputs: ['fw'] },
      { op: 'Add', inputs: ['fw', 'b'], outputs: ['logits'] },
      { op: 'Sigmoid', inputs: ['logits'], outputs: ['probs'] },
      { op: 'MatMul', inputs: ['features', 'E'], outputs: ['embedding'] },
    ],
  });
}

/** The network computed directly (float64) on one image's NCHW input [3 * 224 * 224]. */
export function v3TinyReference(x: ArrayLike<number>): { logits: number[]; probs: number[]; embedding: number[] } {
  const n = S * S;
  const f = new Array<number>(F).fill(0);
  for (let c = 0; c < 3; c++)
    for (let y = 0; y < S; y++)
      for (let xx = 0; xx < S; xx++) {
        const v = x[c * n + y * S + xx] as number;
        f[c]! += v / n;
        f[3 + c]! += (v * (RAMP[y] as number)) / n;
        f[6 + c]! += (v * (RAMP[xx] as number)) / n;
      }
  const logits = Array.from({ length: K }, (_, k) => f.reduce((a, fj, j) => a + fj * (W[j * K + k] as number), B[k] as number));
  return {
    logits,
    probs: logits.map((z) => 1 / (1 + Math.exp(-z))),
    embedding: Array.from({ length: D }, (_, d) => f.reduce((a, fj, j) => a + fj * (E[j * D + d] as number), 0)),
  };
}

/** The manifest the fixture is committed with (the vision-v3.json contract). */
export function v3TinyManifest(bytes: Buffer): Record<string, unknown> {
  return {
    id: V3_TINY_ID,
    version: V3_TINY_VERSION,
    file: path.basename(V3_TINY_ONNX),
    sha256: createHash('sha256').update(bytes).digest('hex'),
    inputSize: [S, S],
    classes: V3_TINY_CLASSES,
    embeddingDim: D,
    what: 'test stand-in for vision v3, built by test/helpers/v3-tiny.ts: channel means (plain and ramp-weighted) -> fixed linear logits, sigmoid probs, linear 1280-d embedding',
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.argv[2] === 'write') {
  const bytes = buildV3Tiny();
  writeFileSync(V3_TINY_ONNX, bytes);
  writeFileSync(V3_TINY_MANIFEST, `${JSON.stringify(v3TinyManifest(bytes), null, 2)}\n`);
  console.log(`wrote ${V3_TINY_ONNX} (${bytes.length} bytes) and ${V3_TINY_MANIFEST}`);
}
