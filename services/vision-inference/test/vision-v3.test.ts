// Vision v3 (src/models/vision-v3.ts) on the tiny stand-in of its artifact (test/fixtures/v3-tiny.*,
// built by test/helpers/v3-tiny.ts: the artifact's input, outputs and shapes around a network computed
// here directly): the module, the 224x224 view it shares with nsfwjs (each frame resized once, nsfwjs'
// numbers unchanged), and the analyzer: v3.<class> logits, a class calibrated on them (a calibration
// file in a temp dir), and the classes null with the reason when the artifact is absent, VISION_V3=0,
// the manifest is unusable or the calibrator was fitted at another input size.
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVisionAnalyzer, type DetailedVisionAnalyzer } from '../src/analyzer.ts';
import { sigmoid, type CalibrationFile } from '../src/models/calibration.ts';
import type { SignalOperatingPoints } from '@modsvc/common/domain/operating-points';
import { ARTIFACTS_DIR, FACE_GENDER_ID, HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID, liteRegistry } from '../src/models/lite.ts';
import { NSFW_INPUT, nsfwInput, nsfwLoader, nsfwPredict, type NsfwHandle } from '../src/models/nsfw.ts';
import { decodeFrame, fillView, normalise, resizeFill, type FillViews, type RgbImage } from '../src/models/preprocess.ts';
import { ModelRegistry } from '../src/models/registry.ts';
import { nsfwSignals } from '../src/models/signals.ts';
import { V3_ID, readV3Manifest, v3Columns, v3Input, v3Loader, v3Predict, v3Signals, v3Spec, type V3Handle, type V3Manifest } from '../src/models/vision-v3.ts';
import { settingsSchema } from '../src/settings.ts';
import { V3_TINY_CLASSES, V3_TINY_ID, V3_TINY_MANIFEST, V3_TINY_ONNX, V3_TINY_VERSION, buildV3Tiny, v3TinyManifest, v3TinyReference } from './helpers/v3-tiny.ts';

const settings = settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: '1' });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vision-v3-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A colourful width x height image: red across, green down, blue a diagonal wave (channels differ, so do rows and columns). */
function colourful(width: number, height: number, phase = 0): RgbImage {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      data[o] = Math.round((255 * x) / (width - 1));
      data[o + 1] = Math.round(255 * (1 - y / (height - 1)) ** 2);
      data[o + 2] = Math.round(127 + 120 * Math.sin((x + 2 * y + phase) / 13));
    }
  return { data, width, height };
}

/** `img` mirrored left to right. */
function mirrored(img: RgbImage): RgbImage {
  const data = Buffer.alloc(img.data.length);
  for (let y = 0; y < img.height; y++)
    for (let x = 0; x < img.width; x++) img.data.copy(data, (y * img.width + (img.width - 1 - x)) * 3, (y * img.width + x) * 3, (y * img.width + x) * 3 + 3);
  return { data, width: img.width, height: img.height };
}

const png = (img: RgbImage) => sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).png().toBuffer();

/** The network's input for one frame, made here without the service's code path: resizeFill + normalise(NCHW, / 255). */
async function directInput(frame: RgbImage): Promise<Float32Array> {
  return normalise(await resizeFill(frame, 224, 224), { layout: 'nchw' });
}

const manifest = (): V3Manifest => readV3Manifest(V3_TINY_MANIFEST)!.manifest!;

describe('the v3-tiny fixture', () => {
  it('is what test/helpers/v3-tiny.ts builds, under 300 KB, and its manifest follows the vision-v3.json contract', () => {
    const bytes = readFileSync(V3_TINY_ONNX);
    expect(bytes.equals(buildV3Tiny())).toBe(true);
    expect(bytes.length).toBeLessThan(300_000);
    expect(JSON.parse(readFileSync(V3_TINY_MANIFEST, 'utf8'))).toEqual(v3TinyManifest(bytes));
    const m = manifest();
    expect(m).toMatchObject({ id: V3_TINY_ID, version: V3_TINY_VERSION, inputSize: [224, 224], embeddingDim: 1280, classes: V3_TINY_CLASSES });
    // names that are not visual classes are ignored; the others keep their output column
    expect(v3Columns(m)).toEqual([
      { class: 'firearm', column: 0 },
      { class: 'knife', column: 1 },
      { class: 'smoking_and_tobacco', column: 3 },
      { class: 'pills', column: 4 },
    ]);
    const spec = v3Spec(m, V3_TINY_MANIFEST);
    expect(spec).toMatchObject({ id: V3_TINY_ID, runtime: 'onnx', inputSize: [224, 224], files: [{ path: V3_TINY_ONNX, sha256: m.sha256 }] });
    expect(spec.feeds.map((f) => f.class)).toEqual(['firearm', 'knife', 'smoking_and_tobacco', 'pills']);
  });
});

describe('vision v3 module on onnxruntime', () => {
  const reg = new ModelRegistry(settings);
  let h: V3Handle;
  beforeAll(async () => {
    const m = manifest();
    reg.declare(v3Spec(m, V3_TINY_MANIFEST), v3Loader(m, settings));
    await reg.loadAll();
    h = reg.get<V3Handle>(V3_TINY_ID);
  });
  afterAll(async () => {
    await reg.close();
  });

  it('loads through the registry (sha256 checked) and gives the directly computed logits, probabilities and embedding, frame by frame in a batch', async () => {
    expect(reg.report()).toEqual([{ id: V3_TINY_ID, version: V3_TINY_VERSION, runtime: 'onnx', classes: ['firearm', 'knife', 'smoking_and_tobacco', 'pills'], loaded: true, error: null }]);
    const frames = [colourful(320, 200), mirrored(colourful(150, 260, 40)), colourful(224, 224, 7)];
    const out = await v3Predict(h, frames);
    expect(out).toHaveLength(3);
    for (const [i, frame] of frames.entries()) {
      const want = v3TinyReference(await directInput(frame));
      const o = out[i]!;
      expect(o.logits).toHaveLength(5);
      expect(o.embedding).toHaveLength(1280);
      want.logits.forEach((v, k) => expect(o.logits[k]!, `frame ${i} logit ${k}`).toBeCloseTo(v, 4));
      want.probs.forEach((v, k) => expect(o.probs[k]!).toBeCloseTo(v, 5));
      want.embedding.forEach((v, d) => expect(o.embedding[d]!).toBeCloseTo(v, 4));
      // the signals: the logit per visual class, the other name left out
      const s = v3Signals(h.manifest, o);
      expect(Object.keys(s).sort()).toEqual(['v3.firearm', 'v3.knife', 'v3.pills', 'v3.smoking_and_tobacco']);
      expect(s['v3.firearm']).toBe(o.logits[0]);
      expect(s['v3.smoking_and_tobacco']).toBe(o.logits[3]);
    }
    // the frames differ (one mirrored), so must the logits (an input-independent or position-blind graph would pass otherwise)
    expect(Math.max(...[...out[0]!.logits].map((v, k) => Math.abs(v - out[1]!.logits[k]!)))).toBeGreaterThan(0.5);
    // batch-independent: a frame alone gives its row of the batch
    const [alone] = await v3Predict(h, [frames[1]!]);
    [...alone!.logits].forEach((v, k) => expect(v).toBeCloseTo(out[1]!.logits[k]!, 5));
  });

  it('reads the frame in NCHW: a transposed or NHWC input would give other logits', async () => {
    const frame = colourful(300, 180);
    const nchw = await directInput(frame);
    expect(await v3Input([frame], 224, 224)).toEqual(nchw);
    const nhwc = normalise(await resizeFill(frame, 224, 224), { layout: 'nhwc' });
    const transposed = new Float32Array(nchw.length);
    const n = 224 * 224;
    for (let c = 0; c < 3; c++) for (let y = 0; y < 224; y++) for (let x = 0; x < 224; x++) transposed[c * n + x * 224 + y] = nchw[c * n + y * 224 + x]!;
    const right = v3TinyReference(nchw).logits;
    for (const wrong of [v3TinyReference(nhwc).logits, v3TinyReference(transposed).logits]) {
      expect(Math.max(...right.map((v, k) => Math.abs(v - wrong[k]!)))).toBeGreaterThan(0.05);
    }
  });

  it('refuses a network whose outputs are not the manifest (warm-up run fails with the reason)', async () => {
    const m = { ...manifest(), embeddingDim: 64 };
    const r = new ModelRegistry(settings);
    r.declare(v3Spec(m, V3_TINY_MANIFEST), v3Loader(m, settings));
    await r.loadAll();
    expect(r.report()[0]).toMatchObject({ id: V3_TINY_ID, loaded: false });
    expect(r.report()[0]!.error).toMatch(/output embedding is \[1, 1280\], the manifest says \[1, 64\]/);
    await r.close();
  });
});

describe('the 224x224 view nsfwjs and vision v3 share', () => {
  let nsfw: NsfwHandle;
  const loader = nsfwLoader(settings);
  beforeAll(async () => {
    nsfw = await loader.load();
  });
  afterAll(async () => {
    await loader.close!(nsfw);
  });

  it('resizes each frame once per batch: v3 reads the very view nsfwjs made, and the two inputs are the same pixels in NHWC and NCHW', async () => {
    const frames = [colourful(400, 300), colourful(90, 120, 5)];
    const views: FillViews = new Map();
    const nhwc = await nsfwInput(frames, views);
    const made = frames.map((f) => views.get(f)!.get(`${NSFW_INPUT}x${NSFW_INPUT}`)!);
    const nchw = await v3Input(frames, 224, 224, views);
    expect(frames.map((f) => views.get(f)!.size)).toEqual([1, 1]);
    frames.forEach((f, i) => expect(views.get(f)!.get('224x224')).toBe(made[i]));
    // the same promise: both networks read one resized image per frame
    expect(await fillView(views, frames[0]!, 224, 224)).toBe(await made[0]);
    const n = 224 * 224;
    for (let f = 0; f < frames.length; f++)
      for (let i = 0; i < n; i += 97) for (let c = 0; c < 3; c++) expect(nchw[f * 3 * n + c * n + i]).toBe(nhwc[f * 3 * n + i * 3 + c]);
    // nsfwjs' input is bit-identical with or without the shared views
    expect(await nsfwInput(frames)).toEqual(nhwc);
  });

  it("leaves nsfwjs' probabilities and features bit-identical whether v3 made the view first or not", async () => {
    const frames = [colourful(500, 333, 3), colourful(200, 200, 11)];
    const alone = await nsfwPredict(nsfw, frames);
    const views: FillViews = new Map();
    await v3Input(frames, 224, 224, views); // v3 first: nsfwjs reads the views it made
    const shared = await nsfwPredict(nsfw, frames, views);
    expect(shared).toEqual(alone);
    expect(shared.map((s) => Array.from(s.features))).toEqual(alone.map((s) => Array.from(s.features)));
  });
});

/** Everything but nsfwjs (and v3) left out: the analyzers below load only what they test. */
const OTHERS = [HUMAN_ID, FACE_GENDER_ID, OCR_ID, OBJECT_ID, 'mobilenet_v2-heads'];

function calibrationFile(name: string, cal: CalibrationFile): string {
  const file = path.join(tmp, name);
  writeFileSync(file, JSON.stringify(cal));
  return file;
}

const SOURCES = [
  { source: 'repo-guns-a', positives: 14, negatives: 120, rocAuc: 0.93, fold: 'A' },
  { source: 'repo-kitchen', positives: 0, negatives: 40, rocAuc: null },
];

/** firearm's operating points (as calibrate-v3.ts writes them); pills ships none. */
const FIREARM_POINTS: SignalOperatingPoints = {
  signal: 'firearm',
  points: { LOW: 0.5, MEDIUM: 0.9, HIGH: 0.95 },
  basis: { part: 'held-back folds (test)', positives: 14, negatives: 160 },
  figures: [{ level: 'MEDIUM', threshold: 0.9, target: 'recall >= 0.95', reached: true, recall: 0.9286, precision: 0.3, falsePositiveRate: 0.2 }],
};

const calibration: CalibrationFile = {
  version: 'test',
  fittedOn: 'test',
  classes: {
    firearm: {
      model: V3_TINY_ID,
      method: 'platt',
      signals: ['v3.firearm'],
      weights: [0.8],
      bias: -0.3,
      inputSize: [224, 224],
      note: 'vision v3 logit, Platt-calibrated (test)',
      metrics: {
        all: { n: 900, positives: 60, rocAuc: 0.9, averagePrecision: 0.6, precisionAt05: null, recallAt05: null, calibrationError: 0.02 },
        photos: null,
      },
      sources: SOURCES,
      operatingPoints: FIREARM_POINTS,
    },
    // fitted on 160 px signals: v3 runs at 224, so it must not score
    knife: { model: V3_TINY_ID, method: 'platt', signals: ['v3.knife'], weights: [1], bias: 0, inputSize: [160, 160], note: 'fitted at 160 (test)' },
    // a calibrator of the same file on another model, with no sources listed
    pills: { model: V3_TINY_ID, method: 'platt', signals: ['v3.pills'], weights: [-0.5], bias: 0.2, inputSize: [224, 224], note: 'no sources (test)', quality: 'limited' },
    adult_content: { model: NSFW_ID, method: 'identity', signals: ['nsfw.adult'], weights: [1], bias: 0, note: 'nsfwjs P(Porn)+P(Hentai), uncalibrated' },
  },
  nullClasses: {},
};

describe('analyzer with vision v3 (the stand-in, calibrated through VISION_CALIBRATION)', () => {
  let analyzer: DetailedVisionAnalyzer;
  let nsfw: NsfwHandle;
  const loader = nsfwLoader(settings);
  beforeAll(async () => {
    const s = settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: '1', VISION_CALIBRATION: calibrationFile('calibration.json', calibration) });
    analyzer = createVisionAnalyzer(s, { modelSet: 'lite', disableModels: OTHERS, objects: false, v3Manifest: V3_TINY_MANIFEST, dhashDistance: -1 });
    await analyzer.init();
    nsfw = await loader.load();
  });
  afterAll(async () => {
    await analyzer.close();
    await loader.close!(nsfw);
  });

  it('/v1/models: v3 loaded, firearm calibrated on it with its held-back sources, knife null (fitted at another input size)', () => {
    const m = analyzer.models();
    expect(m.models.find((x) => x.id === V3_TINY_ID)).toEqual({ id: V3_TINY_ID, version: V3_TINY_VERSION, runtime: 'onnx', classes: ['firearm', 'knife', 'smoking_and_tobacco', 'pills'], loaded: true, error: null });
    const byClass = (k: string) => m.classes.find((c) => c.class === k)!;
    expect(byClass('firearm')).toMatchObject({ model: `${V3_TINY_ID}@${V3_TINY_VERSION}`, calibration: 'calibrated', note: 'vision v3 logit, Platt-calibrated (test)' });
    expect(byClass('firearm').heldBack).toEqual({
      all: { images: 900, positives: 60, rocAuc: 0.9, averagePrecision: 0.6, calibrationError: 0.02 },
      photos: null,
      sources: [
        { source: 'repo-guns-a', positives: 14, negatives: 120, rocAuc: 0.93, fold: 'A' },
        { source: 'repo-kitchen', positives: 0, negatives: 40, rocAuc: null },
      ],
    });
    expect('sources' in byClass('pills').heldBack).toBe(false);
    // operating points and quality as the calibrators carry them, absent where they carry none
    expect(byClass('firearm').operatingPoints).toEqual(FIREARM_POINTS);
    expect('quality' in byClass('firearm')).toBe(false);
    expect(byClass('pills').quality).toBe('limited');
    expect('operatingPoints' in byClass('pills')).toBe(false);
    expect(['operatingPoints' in byClass('knife'), 'quality' in byClass('knife')]).toEqual([false, false]);
    expect(byClass('knife')).toMatchObject({ model: null, calibration: null, heldBack: { all: null, photos: null } });
    expect(byClass('knife').note).toBe(`calibrated on ${V3_TINY_ID} at 160x160 input; this runtime runs it at 224x224: its scores would not be calibrated`);
  });

  it('scores firearm as sigmoid(w * v3 logit + b) of the frame with its operating points, pills likewise, knife null; nsfwjs unchanged beside it', async () => {
    const img = colourful(480, 320, 9);
    const bytes = await png(img);
    const r = await analyzer.analyze([{ timestamp: 0, data: bytes }]);
    const frame = await decodeFrame(bytes);
    const logits = v3TinyReference(await directInput(frame)).logits;
    expect(r.scores.firearm!).toBeCloseTo(sigmoid(0.8 * logits[0]! - 0.3), 5);
    expect(r.scores.pills!).toBeCloseTo(sigmoid(-0.5 * logits[4]! + 0.2), 5);
    expect(r.scores.knife).toBeNull();
    expect(r.scores.smoking_and_tobacco).toBeNull(); // no calibrator
    // the points of the classes scored through a calibrator that has some: firearm's, not pills'
    expect(r.operatingPoints).toEqual({ firearm: FIREARM_POINTS.points });
    // Evidence reads the frame on the risk scale, as the policy does: this frame's firearm probability
    // is past the 0.5 evidence threshold but below firearm's MEDIUM point, so it is not evidence.
    expect(r.scores.firearm!).toBeGreaterThan(0.5);
    expect(r.scores.firearm!).toBeLessThan(FIREARM_POINTS.points.MEDIUM);
    expect(r.evidence.firearm).toBeUndefined();
    expect(r.models).toEqual(expect.arrayContaining([`${V3_TINY_ID}@${V3_TINY_VERSION}`, 'nsfwjs-mobilenet_v2@4.4.0']));
    expect((r.inference ?? []).map((t) => t.group)).toEqual(expect.arrayContaining(['nsfw', 'vision_v3']));
    // nsfwjs in the batch it shares with v3 gives what it gives alone
    const [alone] = await nsfwPredict(nsfw, [frame]);
    expect(r.scores.adult_content).toBe(Math.min(1, Math.max(0, nsfwSignals(alone!)['nsfw.adult']!)));
  });

  it('scores each frame of a batch: frameStats.max is the highest frame', async () => {
    const imgs = [colourful(300, 300, 0), mirrored(colourful(240, 360, 50))];
    const r = await analyzer.analyze(await Promise.all(imgs.map(async (im, i) => ({ timestamp: i, data: await png(im) }))));
    expect(r.framesAnalysed).toBe(2);
    const per = await Promise.all(imgs.map(async (im) => sigmoid(0.8 * v3TinyReference(await directInput(await decodeFrame(await png(im)))).logits[0]! - 0.3)));
    expect(r.frameStats.firearm!.max).toBeCloseTo(Math.max(...per), 5);
    expect(r.frameStats.firearm!.frames).toBe(2);
  });
});

describe('analyzer without vision v3: its classes null, with the reason', () => {
  const cal = (file: string) => settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: '1', VISION_CALIBRATION: file });
  const only = { modelSet: 'lite' as const, disableModels: [NSFW_ID, ...OTHERS], objects: false };

  /** Checks firearm and pills are null with `note`; returns the models the analyzer listed. */
  async function check(a: DetailedVisionAnalyzer, note: RegExp): Promise<ReturnType<DetailedVisionAnalyzer['models']>['models']> {
    await a.init();
    try {
      const m = a.models();
      const firearm = m.classes.find((c) => c.class === 'firearm')!;
      expect(firearm).toMatchObject({ model: null, calibration: null, heldBack: { all: null, photos: null } });
      expect(firearm.note).toMatch(note);
      const r = await a.analyze([{ timestamp: 0, data: await png(colourful(200, 150)) }]);
      expect(r.scores.firearm).toBeNull();
      expect(r.scores.pills).toBeNull();
      return m.models;
    } finally {
      await a.close();
    }
  }

  it('when the manifest is absent, v3 is not declared', async () => {
    const a = createVisionAnalyzer(cal(calibrationFile('absent.json', calibration)), { ...only, v3Manifest: path.join(tmp, 'nowhere', 'vision-v3.json') });
    expect(await check(a, new RegExp(`^model ${V3_TINY_ID} is not loaded \\(vision v3 is not deployed: no manifest .*nowhere/vision-v3\\.json\\)$`))).toEqual([]);
  });

  it('with VISION_V3=0, even with the manifest there', async () => {
    const s = settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: '1', VISION_CALIBRATION: calibrationFile('off.json', calibration), VISION_V3: '0' });
    const a = createVisionAnalyzer(s, { ...only, v3Manifest: V3_TINY_MANIFEST });
    expect(await check(a, new RegExp(`^model ${V3_TINY_ID} is not loaded \\(vision v3 is off: VISION_V3=0\\)$`))).toEqual([]);
  });

  it('when the manifest is unusable: the model is listed as failed, with what is wrong', async () => {
    const dir = mkdtempSync(path.join(tmp, 'broken-'));
    const file = path.join(dir, 'vision-v3.json');
    const { embeddingDim: _dropped, ...rest } = JSON.parse(readFileSync(V3_TINY_MANIFEST, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify(rest));
    const onDefaultId = { ...calibration, classes: { firearm: { ...calibration.classes.firearm!, model: V3_ID } } };
    const a = createVisionAnalyzer(cal(calibrationFile('broken.json', onDefaultId)), { ...only, v3Manifest: file });
    expect(await check(a, new RegExp(`^model ${V3_ID} is not loaded: vision v3 manifest unusable: .*embeddingDim`))).toEqual([expect.objectContaining({ id: V3_ID, loaded: false })]);
  });

  it('when the network file differs from the manifest sha256', async () => {
    const dir = mkdtempSync(path.join(tmp, 'sha-'));
    copyFileSync(V3_TINY_ONNX, path.join(dir, 'v3-tiny.onnx'));
    const file = path.join(dir, 'vision-v3.json');
    writeFileSync(file, JSON.stringify({ ...manifest(), sha256: '0'.repeat(64) }));
    const a = createVisionAnalyzer(cal(calibrationFile('sha.json', calibration)), { ...only, v3Manifest: file });
    expect(await check(a, new RegExp(`^model ${V3_TINY_ID} is not loaded: sha256 mismatch`))).toEqual([expect.objectContaining({ id: V3_TINY_ID, loaded: false })]);
  });
});

describe('the lite set and the deployed artifact (artifacts/vision-v3.json)', () => {
  const deployed = existsSync(path.join(ARTIFACTS_DIR, 'vision-v3.json'));
  const lite = settingsSchema.parse({});

  it(deployed ? 'declares vision v3 from artifacts/ (VISION_V3 on)' : 'declares no vision v3 while artifacts/ has none', () => {
    const ids = liteRegistry(lite, { objects: false }).registry.specs().map((s) => s.id);
    const m = deployed ? readV3Manifest(path.join(ARTIFACTS_DIR, 'vision-v3.json')) : null;
    if (deployed) expect(ids).toContain(m!.manifest!.id);
    else expect(ids).not.toContain(V3_ID);
  });

  it('declares none with VISION_V3=0', () => {
    const ids = liteRegistry(settingsSchema.parse({ VISION_V3: '0' }), { objects: false }).registry.specs().map((s) => s.id);
    expect(ids).not.toContain(V3_ID);
  });

  it('declares the stand-in from an artifacts directory holding it as vision-v3.json', () => {
    const dir = mkdtempSync(path.join(tmp, 'artifacts-'));
    copyFileSync(V3_TINY_ONNX, path.join(dir, 'v3-tiny.onnx'));
    copyFileSync(V3_TINY_MANIFEST, path.join(dir, 'vision-v3.json'));
    const set = liteRegistry(lite, { objects: false, artifactsDir: dir, disabled: new Set([NSFW_ID, ...OTHERS]) });
    expect(set.v3?.id).toBe(V3_TINY_ID);
    expect(set.registry.specs().map((s) => s.id)).toEqual([V3_TINY_ID]);
    expect(set.registry.inputSize(V3_TINY_ID)).toEqual([224, 224]);
  });
});
