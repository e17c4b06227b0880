// The nsfwjs MobileNetV2 converted to PyTorch (train/v2/convert_nsfwjs.py) must compute what the
// original computes. The fixture holds the PyTorch outputs (5-way probabilities and the 1280-d
// pooled features) on six kit images; here the ORIGINAL network runs through the service's own
// tfjs path (decodeFrame, resizeFill 224x224, /255, tfjs-wasm) on the
// same files, and both must agree. The original is loaded the way the service's tfjs path loads it
// (tfReady: tfjs on wasm; nsfwjs.load('MobileNetV2'); features = layer flatten_1). Regenerate the fixture with `make convert-nsfwjs-torch`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as TF from '@tensorflow/tfjs';
import { NSFW_INPUT, NSFW_LABELS, nsfwSpec } from '../src/models/nsfw.ts';
import { decodeFrame, normalise, resizeFill } from '../src/models/preprocess.ts';
import { requireHere, tfReady } from '../src/models/tfjs.ts';

interface FixtureImage {
  file: string;
  fileSha256: string;
  inputSha256: string;
  probs: Record<string, number>;
  features: number[];
}
interface Fixture {
  source: { files: { file: string; sha256: string }[] };
  inputSize: number;
  images: FixtureImage[];
}

const fixture = JSON.parse(readFileSync(path.join(import.meta.dirname, 'fixtures/v2-converter.json'), 'utf8')) as Fixture;
const images = path.resolve(import.meta.dirname, '../../../../shared/data/images');
const haveData = fixture.images.every((i) => existsSync(path.join(images, i.file)));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

// Tolerances, measured here (2026-11-24, tfjs-wasm on x86-64 vs PyTorch 1.13 CPU, both float32):
// worst absolute difference over the six images 5.3e-6 on the features (fixture rounded to 6
// decimals) and 1.4e-6 on the probabilities. The bounds leave ~10x headroom for other CPUs' wasm
// SIMD paths; a wrong padding side, BN epsilon, transposed kernel or channel order moves features
// by 0.1 or more.
const FEATURE_TOL = 5e-5;
const PROB_TOL = 1e-5;

describe('nsfwjs converter fixture', () => {
  it('was made from the nsfwjs weights the service verifies', () => {
    expect(fixture.source.files.map((f) => f.sha256)).toEqual(nsfwSpec.files.map((f) => f.sha256));
    expect(fixture.inputSize).toBe(NSFW_INPUT);
    expect(fixture.images.length).toBeGreaterThanOrEqual(6);
    for (const i of fixture.images) expect(i.features).toHaveLength(1280);
  });
});

describe.skipIf(!haveData)('nsfwjs MobileNetV2: PyTorch conversion equals the original (tfjs)', () => {
  let model: TF.LayersModel;
  const outs: { probs: Record<string, number>; features: Float32Array }[] = [];
  beforeAll(async () => {
    const tf = await tfReady();
    const nsfwjs = requireHere('nsfwjs') as { load(name: string): Promise<{ model: TF.LayersModel }> };
    const loaded = await nsfwjs.load('MobileNetV2');
    const flat = loaded.model.layers.find((l) => l.name === 'flatten_1')!;
    model = tf.model({ inputs: loaded.model.inputs, outputs: [flat.output as TF.SymbolicTensor, loaded.model.outputs[0]!] });
    for (const i of fixture.images) {
      const r = await resizeFill(await decodeFrame(readFileSync(path.join(images, i.file))), NSFW_INPUT, NSFW_INPUT);
      const x = tf.tensor4d(normalise(r, { divisor: 255, layout: 'nhwc' }), [1, NSFW_INPUT, NSFW_INPUT, 3]);
      const [feat, prob] = model.predict(x) as TF.Tensor[];
      const features = (await feat!.data()) as Float32Array;
      const p = (await prob!.data()) as Float32Array;
      tf.dispose([x, feat!, prob!]);
      outs.push({ features, probs: Object.fromEntries(NSFW_LABELS.map((l, k) => [l, p[k]!])) });
    }
  });
  afterAll(() => {
    model?.dispose();
  });

  it('sees the same kit files and the same preprocessed input bytes', async () => {
    for (const i of fixture.images) {
      const bytes = readFileSync(path.join(images, i.file));
      expect(sha(bytes), i.file).toBe(i.fileSha256);
      const r = await resizeFill(await decodeFrame(bytes), NSFW_INPUT, NSFW_INPUT);
      expect(sha(r.data), i.file).toBe(i.inputSha256);
    }
  });

  it('gives the same 1280-d pooled features', () => {
    let worst = 0;
    fixture.images.forEach((img, k) => {
      const f = outs[k]!.features;
      expect(f.length).toBe(1280);
      for (let j = 0; j < 1280; j++) worst = Math.max(worst, Math.abs(f[j]! - img.features[j]!));
    });
    expect(worst).toBeLessThan(FEATURE_TOL);
  });

  it('gives the same 5-way probabilities', () => {
    let worst = 0;
    fixture.images.forEach((img, k) => {
      for (const l of NSFW_LABELS) worst = Math.max(worst, Math.abs(outs[k]!.probs[l]! - img.probs[l]!));
    });
    expect(worst).toBeLessThan(PROB_TOL);
  });

  it('is not trivially equal: the images differ from each other', () => {
    const a = fixture.images[0]!.features;
    const b = fixture.images[5]!.features;
    const d = Math.max(...a.map((v, j) => Math.abs(v - b[j]!)));
    expect(d).toBeGreaterThan(0.5);
  });
});
