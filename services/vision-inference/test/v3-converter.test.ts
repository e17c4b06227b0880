// Google's ImageNet MobileNetV2 1.0/224 uint8 TF Lite converted to PyTorch (ml/vision/v3/convert_tflite.py,
// `make convert-imagenet-torch`). Nothing here runs Python or TF Lite: the committed fixture holds the
// ORIGINAL graph's outputs (TensorFlow's TF Lite interpreter, or the numpy reference when TensorFlow
// was not there: `reference` says which) and the PyTorch port's, on six kit images preprocessed by
// the service's own code. This test checks
//  (a) the kit files and the service's preprocessing (decodeFrame + resizeFill 224x224) still give
//      the bytes both networks were fed (skipped, with a warning, without ../shared/data);
//  (b) the recorded agreement: the figures recomputed from the stored vectors equal the recorded
//      ones, and are within the bounds below;
//  (c) nothing else: the ONNX export (train/.cache/v3/export/*.onnx) is someone else's and is
//      deliberately not read here, whether it exists or not.
//
// Why the bounds are not "equal": the TF Lite graph is integer-quantised (uint8 activations, 53
// requantisations), the port is float32 (the mode we fine-tune). Layer by layer (each PyTorch layer
// on the interpreter's own dequantised input, rounded to the output's uint8 grid) every one of the
// 65 operators is within 1 uint8 step of the interpreter (up to 12 % of an operator's outputs 1 step
// off against TF Lite's integer kernels, 0.002 % against the numpy reference, which rounds as the
// port does); end to end the rounding compounds, about as much as between two quantised interpreters
// (TF Lite vs the numpy reference: the fixture's referenceCrossCheck). Measured 2026-11-25 (PyTorch 1.13 CPU vs tf.lite 2.21.0 built-in kernels):
//   fixture images: embedding cosine >= 0.99500, max |diff| <= 25.8 steps of the embedding's quant
//     scale (0.0235), mean |diff| <= 1.99 steps, probabilities max |diff| 0.061, top-1 equal on the
//     5 images whose TF Lite top-1 leads by >= 0.05; the knife image is a near tie (0.086 / 0.078 /
//     0.078, 2 uint8 steps) where the port's top-1 is TF Lite's second, and where the numpy reference
//     disagrees with TF Lite too;
//   survey (every 32nd kit image, 192): top-1 equal 174/192, on clear images 141/143 (numpy reference
//     vs TF Lite: 183/192, 140/143), cosine min 0.9892, median 0.9977.
// Breaking the port on purpose (knife image, embedding vs TF Lite): symmetric padding on the stride-2
// convs gives cosine 0.835 and 114 steps, feeding [0,1] without the input mapping 0.900 and 98 steps;
// the bounds below catch both. (The float convention pixel/127.5 - 1 instead of (pixel - 128)/128 is
// within the quantisation noise and is not caught: model.py states the mapping.)
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeFrame, resizeFill } from '../src/models/preprocess.ts';

interface Top {
  index: number;
  prob: number;
  label: string | null;
}
interface Figures {
  embMaxAbsDiffSteps: number;
  embMeanAbsDiffSteps: number;
  embCosine: number;
  probMaxAbsDiff: number;
  top1: number;
  top1Equal: boolean;
  top1InRefTop3: boolean;
  top5Overlap: number;
}
interface Summary {
  images: number;
  top1Equal: number;
  clear: number;
  top1EqualClear: number;
  top1InRefTop3: number;
  embCosineMin: number;
  embCosineMedian: number;
  embMaxAbsDiffStepsMax: number;
  embMeanAbsDiffStepsMax: number;
  probMaxAbsDiffMax: number;
}
interface FixtureImage {
  file: string;
  fileSha256: string;
  decoded: [number, number];
  inputSha256: string;
  tflite: { top5: Top[]; top1Margin: number; embeddingQ: number[]; probsQ: number[] };
  torch: { top5: Top[]; embedding: number[]; probs: number[] };
  agreement: Figures;
  fakeQuant: Figures;
  referenceCrossCheck?: Figures;
}
interface Fixture {
  source: { file: string; bytes: number; sha256: string };
  stateDictSha256: string;
  inputSize: number;
  selection: { prefixes: string[] };
  reference: { engine: 'tflite' | 'numpy'; name: string; version: string; quantisation: Record<string, [number, number]> };
  tensors: Record<string, string>;
  summary: { clearMargin: number; float: Summary; fakeQuant: Summary; referenceCrossCheck?: Summary };
  layerwise: { ops: number; maxSteps: number; perKind: Record<string, number>; rows: { op: number; kind: string; name: string; maxSteps: number; shareDiffering: number }[] };
  survey: { float: Summary; referenceCrossCheck?: Summary } | null;
  images: FixtureImage[];
}

const fixturePath = path.join(import.meta.dirname, 'fixtures/v3-converter.json');
const fixture = JSON.parse(readFileSync(fixturePath, 'utf8')) as Fixture;
// the data kit and the model sit beside the repository: <repo>/../shared/
const shared = path.resolve(import.meta.dirname, '../../../../shared');
const images = path.join(shared, 'data/images');
const tflitePath = path.join(shared, 'models/imagenet-mobilenet-v2', fixture.source.file);
const haveData = fixture.images.every((i) => existsSync(path.join(images, i.file)));
if (!haveData) console.warn(`v3-converter: ${images} (the data kit) is absent: the preprocessed-bytes checks are skipped`);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const TFLITE_SHA256 = '7aad0c74c5e3c06e5eb3c827e13304fdd68a83da6087d92ee169c24ff9fd4776'; // ../shared/models/imagenet-mobilenet-v2/README.md
const EMBED_DIM = 1280;
const CLASSES = 1001;

// Bounds on the recorded agreement (measured figures in the header comment; ~1.3-1.6x headroom on
// the differences, so a regenerated fixture passes, a broken port does not).
const LAYER_MAX_STEPS = 1; // every operator on the interpreter's own inputs: within one uint8 step
const LAYER_SHARE_MAX = 0.2; // share of output elements 1 step off, per operator (measured <= 0.12)
const COSINE_MIN = 0.993;
const EMB_MAX_STEPS = 35;
const EMB_MEAN_STEPS = 2.6;
const PROB_MAX_DIFF = 0.1;
const SURVEY_COSINE_MIN = 0.985;
const SURVEY_COSINE_MEDIAN = 0.996;
const SURVEY_TOP1 = 0.85; // share of images with the same top-1 (measured 0.906)
const SURVEY_TOP1_CLEAR = 0.97; // on images whose TF Lite top-1 leads by >= clearMargin (measured 0.986)

function recompute(img: FixtureImage) {
  const [embScale, embZp] = fixture.reference.quantisation.embedding!;
  const [probScale, probZp] = fixture.reference.quantisation.probs!;
  const ref = img.tflite.embeddingQ.map((q) => (q - embZp) * embScale);
  const e = img.torch.embedding;
  let maxD = 0;
  let sumD = 0;
  let dot = 0;
  let n1 = 0;
  let n2 = 0;
  ref.forEach((r, j) => {
    const d = Math.abs(e[j]! - r);
    maxD = Math.max(maxD, d);
    sumD += d;
    dot += e[j]! * r;
    n1 += e[j]! * e[j]!;
    n2 += r * r;
  });
  const q = img.tflite.probsQ;
  const refProbs = q.map((v) => (v - probZp) * probScale);
  const probDiff = Math.max(...img.torch.probs.map((p, j) => Math.abs(p - refProbs[j]!)));
  const top1 = img.torch.probs.indexOf(Math.max(...img.torch.probs));
  const sorted = [...q].sort((a, b) => b - a);
  return {
    embMaxAbsDiffSteps: maxD / embScale,
    embMeanAbsDiffSteps: sumD / ref.length / embScale,
    embCosine: dot / Math.sqrt(n1 * n2),
    probMaxAbsDiff: probDiff,
    top1,
    top1Equal: q[top1] === sorted[0],
    top1InRefTop3: q[top1]! >= sorted[2]!,
    margin: (sorted[0]! - sorted[1]!) * probScale,
  };
}

describe('v3 converter fixture (ImageNet MobileNetV2 TF Lite -> PyTorch)', () => {
  it('was made from the Coral/TF-Slim uint8 MobileNetV2 and stays small', () => {
    expect(fixture.source.sha256).toBe(TFLITE_SHA256);
    expect(fixture.stateDictSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(fixture.inputSize).toBe(224);
    expect(['tflite', 'numpy']).toContain(fixture.reference.engine);
    expect(fixture.tensors.embedding).toBe('MobilenetV2/Logits/AvgPool');
    expect(fixture.reference.quantisation.input).toEqual([0.0078125, 128]);
    expect(fixture.images.length).toBeGreaterThanOrEqual(6);
    for (const i of fixture.images) {
      expect(i.tflite.embeddingQ).toHaveLength(EMBED_DIM);
      expect(i.torch.embedding).toHaveLength(EMBED_DIM);
      expect(i.tflite.probsQ).toHaveLength(CLASSES);
      expect(i.torch.probs).toHaveLength(CLASSES);
    }
    expect(statSync(fixturePath).size).toBeLessThan(200_000);
    console.info(`v3-converter: reference ${fixture.reference.name} ${fixture.reference.version} (${fixture.reference.engine})`);
  });

  it.skipIf(!existsSync(tflitePath))('names the .tflite beside the repository', () => {
    const blob = readFileSync(tflitePath);
    expect(blob.length).toBe(fixture.source.bytes);
    expect(sha(blob)).toBe(fixture.source.sha256);
  });

  it('every operator of the graph, run by the port on the interpreter\'s own inputs, is within one uint8 step', () => {
    const l = fixture.layerwise;
    expect(l.perKind).toEqual({ ADD: 10, AVERAGE_POOL_2D: 1, CONV_2D: 36, DEPTHWISE_CONV_2D: 17, SOFTMAX: 1 });
    expect(l.rows).toHaveLength(l.ops);
    expect(l.ops).toBe(65);
    for (const r of l.rows) {
      expect(r.maxSteps, `${r.op} ${r.name}`).toBeLessThanOrEqual(LAYER_MAX_STEPS);
      expect(r.shareDiffering, `${r.op} ${r.name}`).toBeLessThanOrEqual(LAYER_SHARE_MAX);
    }
    expect(l.maxSteps).toBe(Math.max(...l.rows.map((r) => r.maxSteps)));
  });

  it('recorded per-image figures are what the stored vectors give', () => {
    for (const img of fixture.images) {
      const r = recompute(img);
      const a = img.agreement;
      // stored vectors are rounded to 6 significant digits
      expect(r.embMaxAbsDiffSteps, img.file).toBeCloseTo(a.embMaxAbsDiffSteps, 2);
      expect(r.embMeanAbsDiffSteps, img.file).toBeCloseTo(a.embMeanAbsDiffSteps, 3);
      expect(r.embCosine, img.file).toBeCloseTo(a.embCosine, 5);
      expect(r.probMaxAbsDiff, img.file).toBeCloseTo(a.probMaxAbsDiff, 4);
      expect(r.top1, img.file).toBe(a.top1);
      expect(r.top1Equal, img.file).toBe(a.top1Equal);
      expect(r.top1InRefTop3, img.file).toBe(a.top1InRefTop3);
      expect(r.margin, img.file).toBeCloseTo(img.tflite.top1Margin, 5);
      expect(img.torch.top5[0]!.index, img.file).toBe(r.top1);
    }
  });

  it('the float port agrees with the quantised graph within the measured bounds', () => {
    let clear = 0;
    for (const img of fixture.images) {
      const r = recompute(img);
      expect(r.embCosine, img.file).toBeGreaterThanOrEqual(COSINE_MIN);
      expect(r.embMaxAbsDiffSteps, img.file).toBeLessThanOrEqual(EMB_MAX_STEPS);
      expect(r.embMeanAbsDiffSteps, img.file).toBeLessThanOrEqual(EMB_MEAN_STEPS);
      expect(r.probMaxAbsDiff, img.file).toBeLessThanOrEqual(PROB_MAX_DIFF);
      // the port's top class is among TF Lite's top 3 everywhere, and is TF Lite's top class
      // wherever TF Lite's top class is clear (leads by >= clearMargin)
      expect(r.top1InRefTop3, img.file).toBe(true);
      if (r.margin >= fixture.summary.clearMargin) {
        clear++;
        expect(r.top1Equal, `${img.file}: torch ${img.torch.top5[0]!.label}, tflite ${img.tflite.top5[0]!.label}`).toBe(true);
      }
    }
    // not vacuous: 5 of the 6 images are clear against TF Lite (4 against the numpy reference)
    expect(clear).toBeGreaterThanOrEqual(4);
  });

  it('the survey of kit images agrees as closely as two quantised interpreters agree', () => {
    const s = fixture.survey;
    expect(s).not.toBeNull();
    const f = s!.float;
    expect(f.images).toBeGreaterThanOrEqual(150);
    expect(f.embCosineMin).toBeGreaterThanOrEqual(SURVEY_COSINE_MIN);
    expect(f.embCosineMedian).toBeGreaterThanOrEqual(SURVEY_COSINE_MEDIAN);
    expect(f.top1Equal / f.images).toBeGreaterThanOrEqual(SURVEY_TOP1);
    expect(f.top1EqualClear / f.clear).toBeGreaterThanOrEqual(SURVEY_TOP1_CLEAR);
    expect(f.top1InRefTop3 / f.images).toBeGreaterThanOrEqual(0.98);
  });
});

describe.skipIf(!haveData)('v3 converter fixture: the same kit files and preprocessed bytes', () => {
  it('picks, per prefix, the kit file whose name sorts first', () => {
    const firsts = fixture.selection.prefixes.map((prefix) => {
      const [folder, stem] = prefix.split('/') as [string, string];
      const names = readdirSync(path.join(images, folder))
        .filter((n) => n.startsWith(stem))
        .sort();
      return `${folder}/${names[0]}`;
    });
    expect(fixture.images.map((i) => i.file)).toEqual(firsts);
  });

  it('decodeFrame + resizeFill(224x224) of each file gives the bytes both networks saw', async () => {
    for (const i of fixture.images) {
      const bytes = readFileSync(path.join(images, i.file));
      expect(sha(bytes), i.file).toBe(i.fileSha256);
      const frame = await decodeFrame(bytes);
      expect([frame.width, frame.height], i.file).toEqual(i.decoded);
      const r = await resizeFill(frame, fixture.inputSize, fixture.inputSize);
      expect(r.data.length).toBe(fixture.inputSize * fixture.inputSize * 3);
      expect(sha(r.data), i.file).toBe(i.inputSha256);
    }
  });
});
