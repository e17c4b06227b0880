// The vision ONNX exports (ml/vision/v3/exporting.py, used by v2 and v3): onnxruntime-node, through the
// service's ONNX loader (src/models/onnx.ts), must compute what PyTorch computed on the same inputs,
// recorded in the export's fixture (<name>.fixture.json).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OnnxModel } from '../../src/models/onnx.ts';
import { settingsSchema } from '../../src/settings.ts';

interface Fixture {
  model: string;
  sha256: string;
  inputShape: [number, number, number, number];
  classes: string[];
  logits: number[][];
  probs: number[][];
  embedding: number[][];
}

/** export_onnx.py formula_input: 0.3 * hash noise + 0.7 * stripes over the flat NCHW array. */
export function formulaInput(n: number, size: number): Float32Array {
  const count = n * 3 * size * size;
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const h = Math.imul(i, 0x9e3779b1) >>> 0; // (i * 2654435761) mod 2^32
    const noise = (h % 1001) / 1000;
    const x = i % size;
    const y = Math.floor(i / size) % size;
    const c = Math.floor(i / (size * size)) % 3;
    const b = Math.floor(i / (3 * size * size));
    const stripes = ((x * (b + 1) + y * (c + 1)) % size) / size;
    out[i] = 0.3 * noise + 0.7 * stripes;
  }
  return out;
}

const settings = settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: 1 });
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const maxDiff = (a: ArrayLike<number>, b: number[]) => b.reduce((m, v, j) => Math.max(m, Math.abs((a[j] as number) - v)), 0);
/** Worst |onnx - torch| / (1 + |torch|). */
const maxRelDiff = (a: ArrayLike<number>, b: number[]) => b.reduce((m, v, j) => Math.max(m, Math.abs((a[j] as number) - v) / (1 + Math.abs(v))), 0);

// Tolerance on |onnx - torch| / (1 + |torch|), measured here (ORT 1.30 CPU vs PyTorch 1.13 CPU, float32;
// ORT folds BN into the convs and picks other conv kernels): tiny network worst 1.3e-5 (embedding
// 3.5e-5 absolute at values up to 2.8), full 160 px network (converted backbone) worst 3.3e-6. 1e-4 leaves
// ~10x headroom; a wrong layout, a missing BN or a dropped layer moves outputs by 0.01 or more.
export function checkAgainst(dir: string, name: string, tol: number, modelDir = dir, fixtureFile = path.join(dir, `${name}.fixture.json`)) {
  // read when the suite runs (describe bodies are collected even when skipped)
  let fixture: Fixture;
  let file: string;
  let model: OnnxModel;
  let out: Record<string, { data: Float32Array; dims: number[] }>;
  let n: number;
  let size: number;
  beforeAll(async () => {
    fixture = JSON.parse(readFileSync(fixtureFile, 'utf8')) as Fixture;
    file = path.join(modelDir, fixture.model);
    [n, , size] = fixture.inputShape;
    model = await OnnxModel.create(file, settings);
    out = await model.run({ input: { data: formulaInput(n, size), dims: fixture.inputShape } });
  });
  afterAll(async () => {
    await model?.release();
  });

  it('is the file the fixture was made from', () => {
    expect(sha(readFileSync(file))).toBe(fixture.sha256);
  });

  it('has the input and outputs the exporter declares', () => {
    expect(model.inputNames).toEqual(['input']);
    expect([...model.outputNames].sort()).toEqual(['embedding', 'logits', 'probs']);
    const k = fixture.classes.length;
    expect(out.logits!.dims).toEqual([n, k]);
    expect(out.probs!.dims).toEqual([n, k]);
    expect(out.embedding!.dims).toEqual([n, fixture.embedding[0]!.length]);
  });

  it('gives PyTorch logits, probabilities and embedding', () => {
    const k = fixture.classes.length;
    const d = fixture.embedding[0]!.length;
    for (let i = 0; i < n; i++) {
      expect(maxRelDiff(out.logits!.data.subarray(i * k, (i + 1) * k), fixture.logits[i]!)).toBeLessThan(tol);
      expect(maxRelDiff(out.probs!.data.subarray(i * k, (i + 1) * k), fixture.probs[i]!)).toBeLessThan(tol);
      expect(maxRelDiff(out.embedding!.data.subarray(i * d, (i + 1) * d), fixture.embedding[i]!)).toBeLessThan(tol);
    }
    // the two inputs differ, so must the outputs (an input-independent graph would pass otherwise)
    expect(maxDiff(fixture.embedding[0]!, fixture.embedding[1]!)).toBeGreaterThan(0.05);
  });

  it('is batch-independent: one image alone gives its row of the batch', async () => {
    const per = 3 * size * size;
    const one = await model.run({ input: { data: formulaInput(n, size).subarray(per, 2 * per), dims: [1, 3, size, size] } });
    const k = fixture.classes.length;
    expect(maxRelDiff(one.logits!.data, Array.from(out.logits!.data.subarray(k, 2 * k)))).toBeLessThan(tol);
  });
}
