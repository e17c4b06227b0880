// nsfwjs' MobileNetV2 converted to ONNX (src/models/nsfw-onnx.ts) against the original on tfjs wasm:
// the same NHWC inputs give the same 5-way probabilities and 1280-d features, on synthetic inputs
// (always) and on real photographs of the data kit (when ../shared is there), one at a time and in
// a batch; and the served analyzer's class scores equal those it gives with the tfjs network.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVisionAnalyzer } from '../src/analyzer.ts';
import { settingsSchema } from '../src/settings.ts';
import { FACE_GENDER_ID, HUMAN_ID, NSFW_ID, OCR_ID } from '../src/models/lite.ts';
import { NSFW_INPUT, NSFW_MODEL_FILE, nsfwInput, nsfwLoader, nsfwRun, nsfwTfjsLoader, type NsfwHandle } from '../src/models/nsfw.ts';
import { convertNsfwjs, readNsfwjsModel } from '../src/models/nsfw-onnx.ts';
import { decodeFrame, type RgbImage } from '../src/models/preprocess.ts';

// Measured here on 7 synthetic inputs and 10 photographs: probabilities differ by at most 1.1e-6 and
// features (values up to ~10) by at most 1.3e-5 (float32 summation order: XNNPACK in tfjs-wasm, MLAS
// in onnxruntime). A wrong weight layout or padding moves them by 1e-2 or more.
const PROB_TOL = 1e-5;
const FEATURE_TOL = 1e-4;

// The analyzer below loads the network through lite.ts; `tfjs.on` makes it load the original instead.
const tfjs = vi.hoisted(() => ({ on: false, loads: [] as string[] }));
vi.mock('../src/models/nsfw.ts', async (importOriginal) => {
  const m = await importOriginal<typeof import('../src/models/nsfw.ts')>();
  return {
    ...m,
    nsfwLoader: (s: Parameters<typeof m.nsfwLoader>[0]) => {
      const l = tfjs.on ? m.nsfwTfjsLoader : m.nsfwLoader(s);
      return {
        ...l,
        load: async (spec: Parameters<typeof l.load>[0]) => {
          const h = await l.load(spec);
          tfjs.loads.push(h.runtime);
          return h;
        },
      };
    },
  };
});

const settings = settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu' });
const kit = path.resolve(import.meta.dirname, '../../../../shared/data/images');

/** One photograph from each of ten class folders of the kit (the first in name order), or none without the kit. */
function kitImages(n = 10): string[] {
  if (!existsSync(kit)) return [];
  const dirs = readdirSync(kit, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  const files: string[] = [];
  for (let i = 0; i < dirs.length && files.length < n; i += Math.max(1, Math.floor(dirs.length / n))) {
    const d = path.join(kit, dirs[i]!);
    const f = readdirSync(d).filter((x) => /\.(jpe?g|png|webp)$/i.test(x)).sort()[0];
    if (f) files.push(path.join(d, f));
  }
  return files;
}
const photos = kitImages();

/** Seeded synthetic 224x224 inputs: noise, flat black / white / grey, gradients, stripes, skin tone. */
function syntheticInputs(): Float32Array[] {
  const size = NSFW_INPUT * NSFW_INPUT * 3;
  let seed = 12345;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const make = (f: (y: number, x: number, c: number) => number) => {
    const a = new Float32Array(size);
    for (let y = 0; y < NSFW_INPUT; y++) for (let x = 0; x < NSFW_INPUT; x++) for (let c = 0; c < 3; c++) a[(y * NSFW_INPUT + x) * 3 + c] = f(y, x, c);
    return a;
  };
  return [
    make(() => rnd()),
    make(() => 0),
    make(() => 1),
    make(() => 128 / 255),
    make((y, x, c) => (c === 0 ? x : c === 1 ? y : NSFW_INPUT - x) / NSFW_INPUT),
    make((y) => (Math.floor(y / 8) % 2 ? 1 : 0)),
    make((_y, _x, c) => [224, 172, 150][c]! / 255 + (rnd() - 0.5) * 0.05),
  ];
}

function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  expect(a.length).toBe(b.length);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]! - b[i]!));
  return m;
}

function concat(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

describe('nsfwjs MobileNetV2 on ONNX Runtime', () => {
  let onnx: NsfwHandle;
  let ref: NsfwHandle;
  const inputs: { name: string; x: Float32Array }[] = [];
  beforeAll(async () => {
    onnx = await nsfwLoader(settings).load();
    ref = await nsfwTfjsLoader.load();
    syntheticInputs().forEach((x, i) => inputs.push({ name: `synthetic ${i}`, x }));
    for (const f of photos) {
      const frame: RgbImage = await decodeFrame(readFileSync(f));
      inputs.push({ name: path.relative(kit, f), x: await nsfwInput([frame]) });
    }
  }, 120_000);
  afterAll(async () => {
    await nsfwLoader(settings).close!(onnx);
    await nsfwTfjsLoader.close!(ref);
  });

  it('reads every weight of the package and converts it to the same bytes every time', () => {
    const m = readNsfwjsModel(NSFW_MODEL_FILE);
    expect(m.layers).toHaveLength(162);
    expect(m.weights.size).toBe(266);
    const params = [...m.weights.values()].reduce((s, w) => s + w.values.length, 0);
    expect(params).toBeGreaterThan(2_500_000);
    const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
    expect(sha(convertNsfwjs(NSFW_MODEL_FILE))).toBe(sha(convertNsfwjs(NSFW_MODEL_FILE)));
  });

  it('gives the same probabilities and features as tfjs, one input at a time', async () => {
    if (photos.length) expect(inputs.length).toBeGreaterThanOrEqual(15);
    let worstP = 0;
    let worstF = 0;
    for (const { name, x } of inputs) {
      const a = await nsfwRun(onnx, x, 1);
      const b = await nsfwRun(ref, x, 1);
      expect(a.probs.length, name).toBe(5);
      expect(a.features.length, name).toBe(1280);
      const dp = maxAbsDiff(a.probs, b.probs);
      const df = maxAbsDiff(a.features, b.features);
      expect(dp, name).toBeLessThan(PROB_TOL);
      expect(df, name).toBeLessThan(FEATURE_TOL);
      worstP = Math.max(worstP, dp);
      worstF = Math.max(worstF, df);
      // Not all zeros or a constant: the features carry the image.
      expect(Math.max(...b.features), name).toBeGreaterThan(0.1);
    }
    console.info(`nsfw onnx vs tfjs, batch 1, ${inputs.length} inputs: max |dprob| ${worstP.toExponential(2)}, max |dfeature| ${worstF.toExponential(2)}`);
  }, 120_000);

  it('gives the same outputs for a batch, in frame order', async () => {
    const batch = inputs.slice(-8);
    const x = concat(batch.map((b) => b.x));
    const a = await nsfwRun(onnx, x, batch.length);
    const b = await nsfwRun(ref, x, batch.length);
    expect(a.probs.length).toBe(batch.length * 5);
    expect(maxAbsDiff(a.probs, b.probs)).toBeLessThan(PROB_TOL);
    expect(maxAbsDiff(a.features, b.features)).toBeLessThan(FEATURE_TOL);
    // Each frame's row is that frame's own single-input result.
    const last = await nsfwRun(onnx, batch.at(-1)!.x, 1);
    expect(maxAbsDiff(a.probs.slice(-5), last.probs)).toBeLessThan(PROB_TOL);
  }, 120_000);
});

describe.skipIf(photos.length === 0)('the analyzer serving the ONNX network', () => {
  const opts = { modelSet: 'lite' as const, objects: false, disableModels: [HUMAN_ID, FACE_GENDER_ID, OCR_ID] };
  const served = createVisionAnalyzer(settings, opts);
  // A modelDir of its own (the lite set reads none) keeps it off the served analyzer's shared registry.
  const original = createVisionAnalyzer(settings, { ...opts, modelDir: '/nonexistent/tfjs-reference' });
  beforeAll(async () => {
    tfjs.loads.length = 0;
    tfjs.on = false;
    await served.init();
    tfjs.on = true;
    await original.init();
    tfjs.on = false;
  }, 120_000);
  afterAll(async () => {
    await served.close();
    await original.close();
  });

  it('scores every class as it did on tfjs, within the same tolerance', async () => {
    expect(tfjs.loads).toEqual(['onnx', 'tfjs-wasm']);
    expect(served.models().models.find((m) => m.id === NSFW_ID)).toMatchObject({ runtime: 'onnx', loaded: true });
    let worst = 0;
    let scored = 0;
    for (const f of photos) {
      const frame = [{ timestamp: 0, data: readFileSync(f) }];
      const a = await served.analyze(frame);
      const b = await original.analyze(frame);
      expect(Object.keys(a.scores)).toEqual(Object.keys(b.scores));
      for (const [k, v] of Object.entries(b.scores)) {
        const s = a.scores[k as keyof typeof a.scores];
        if (v === null) {
          expect(s, k).toBeNull();
          continue;
        }
        expect(s, k).not.toBeNull();
        expect(Math.abs(s! - v), `${path.relative(kit, f)} ${k}`).toBeLessThan(PROB_TOL);
        worst = Math.max(worst, Math.abs(s! - v));
        scored++;
      }
    }
    // adult_content and suggestive at least, plus the trained heads where artifacts/ has them.
    expect(scored).toBeGreaterThanOrEqual(photos.length * 2);
    console.info(`analyzer scores onnx vs tfjs: ${scored} scores, max |d| ${worst.toExponential(2)}`);
  }, 180_000);
});
