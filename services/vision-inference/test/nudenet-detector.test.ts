import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CLASS_GROUPS, VISUAL_CLASSES, type VisualClass } from '@modsvc/common/classes';
import { createVisionAnalyzer, type DetailedVisionAnalyzer } from '../src/analyzer.ts';
import { ALLOW_UNPINNED_ENV, DEFAULT_MANIFEST_PATH, loadManifest, sidecarPath, type ManifestEntry } from '../src/models/fetch.ts';
import { HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID, readHeadsManifest } from '../src/models/lite.ts';
import { V3_ID } from '../src/models/vision-v3.ts';
import { decodeYolov8, declareDetector, detectorConfig, iou, nms } from '../src/models/nudenet.ts';
import { ModelRegistry } from '../src/models/registry.ts';
import { settingsSchema } from '../src/settings.ts';
import { buildTinyYolo } from './helpers/onnx-graph.ts';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'vision-nudenet-'));
const settings = settingsSchema.parse({});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The real NudeNet entry gives the labels, their order and the class mapping the tiny model is run with.
const real = loadManifest(DEFAULT_MANIFEST_PATH).models.find((m) => m.id === 'nudenet-320n')!;
const L = (name: string) => real.classes.indexOf(name);
const SIZE = 32;
const PAD = 114 / 255;
// The lite models are left out so that only the detector runs (the lite path has its own tests).
const LITE = [NSFW_ID, HUMAN_ID, OBJECT_ID, OCR_ID, readHeadsManifest()?.id ?? 'heads', V3_ID];

/**
 * Anchors (cx, cy, w, h in the 32x32 input):
 *  0: FEMALE_BREAST_EXPOSED 0.8            1: same class, 0.6, overlapping 0 (NMS drops it)
 *  2: BELLY_EXPOSED 0.1 + 0.8*mean(input)  3: FACE_FEMALE 0.95 and ARMPITS_COVERED 0.9 (feed no spec class)
 */
const tiny = buildTinyYolo(SIZE, real.classes.length, [
  { box: [16, 16, 8, 8], scores: { [L('FEMALE_BREAST_EXPOSED')]: [0.8, 0] } },
  { box: [17, 16, 8, 8], scores: { [L('FEMALE_BREAST_EXPOSED')]: [0.6, 0] } },
  { box: [8, 12, 4, 4], scores: { [L('BELLY_EXPOSED')]: [0.1, 0.8] } },
  { box: [24, 24, 6, 6], scores: { [L('FACE_FEMALE')]: [0.95, 0], [L('ARMPITS_COVERED')]: [0.9, 0] } },
]);
const tinySha = createHash('sha256').update(tiny).digest('hex');

function setup(over: Partial<ManifestEntry> = {}, withFile = true): { dir: string; manifestPath: string; entry: ManifestEntry } {
  const dir = mkdtempSync(path.join(tmp, 'models-'));
  const entry: ManifestEntry = { ...real, id: 'tiny-nudenet', version: '1', url: 'https://example.invalid/tiny.onnx', sha256: tinySha, size: tiny.length, file: 'nudenet/tiny.onnx', inputSize: [SIZE, SIZE], ...over };
  if (withFile) {
    mkdirSync(path.join(dir, 'nudenet'));
    writeFileSync(path.join(dir, entry.file), tiny);
  }
  const manifestPath = path.join(dir, 'models.json');
  writeFileSync(manifestPath, JSON.stringify({ models: [entry] }));
  return { dir, manifestPath, entry };
}

const open: DetailedVisionAnalyzer[] = [];
afterEach(async () => {
  for (const a of open.splice(0)) await a.close();
});
function analyzer(dir: string, manifestPath: string): DetailedVisionAnalyzer {
  const a = createVisionAnalyzer(settings, { modelSet: 'full', modelDir: dir, manifestPath, disableModels: LITE });
  open.push(a);
  return a;
}

const png = (w: number, h: number, colour: string) => sharp({ create: { width: w, height: h, channels: 3, background: colour } }).png().toBuffer();
const FED = CLASS_GROUPS.nsfw.filter((c) => /^(exposed|covered)_/.test(c)) as VisualClass[];

describe('YOLOv8 decoding and NMS', () => {
  it('reads [1, 4+C, N] and the transposed [1, N, 4+C] alike, per-class max over all anchors', () => {
    // 2 classes, 3 anchors; columns are anchors.
    const rows = [
      [10, 50, 90],
      [10, 50, 90],
      [4, 8, 2],
      [4, 8, 2],
      [0.9, 0.1, 0.3],
      [0.2, 0.7, 0.05],
    ];
    const a = decodeYolov8({ data: Float32Array.from(rows.flat()), dims: [1, 6, 3] }, 2, 0.25);
    const t = decodeYolov8({ data: Float32Array.from([0, 1, 2].flatMap((n) => rows.map((r) => r[n]!))), dims: [1, 3, 6] }, 2, 0.25);
    for (const d of [a, t]) {
      expect([...d.maxScores].map((v) => +v.toFixed(3))).toEqual([0.9, 0.7]);
      expect(d.candidates.map((c) => [c.label, +c.score.toFixed(2), c.box])).toEqual([
        [0, 0.9, [8, 8, 4, 4]],
        [1, 0.7, [46, 46, 8, 8]],
        [0, 0.3, [89, 89, 2, 2]],
      ]);
    }
    expect(() => decodeYolov8({ data: new Float32Array(12), dims: [1, 4, 3] }, 18, 0.25)).toThrow(/is not \[1, 22, N\]/);
  });

  it('suppresses overlapping boxes within a class only', () => {
    expect(iou([0, 0, 10, 10], [5, 0, 10, 10])).toBeCloseTo(50 / 150, 6);
    const kept = nms(
      [
        { label: 0, score: 0.9, box: [0, 0, 10, 10] },
        { label: 0, score: 0.8, box: [1, 0, 10, 10] },
        { label: 1, score: 0.7, box: [1, 0, 10, 10] },
        { label: 0, score: 0.6, box: [50, 50, 10, 10] },
      ],
      0.45,
    );
    expect(kept.map((k) => [k.label, k.score])).toEqual([
      [0, 0.9],
      [1, 0.7],
      [0, 0.6],
    ]);
  });
});

describe("NudeNet-style detector through the registry and the analyzer (model set 'full')", () => {
  it('scores the exposed_/covered_ classes, maps boxes to source pixels and reports the model', async () => {
    const { dir, manifestPath } = setup();
    const a = analyzer(dir, manifestPath);
    await a.init();
    const m = a.models();
    expect(m.models).toEqual([
      { id: 'tiny-nudenet', version: '1', runtime: 'onnx', classes: expect.arrayContaining(FED), loaded: true, error: null },
    ]);
    expect(m.models[0]!.classes).toHaveLength(14);
    for (const c of FED) expect(m.classes.find((x) => x.class === c)).toMatchObject({ model: 'tiny-nudenet@1', note: expect.stringMatching(/uncalibrated/) });

    // 128x64 white image decoded at 64x32 (so source = 2x frame), letterboxed into 32x32 with 8 px grey bands.
    const r = await a.analyze([{ timestamp: 0, data: await png(128, 64, '#ffffff') }]);
    const mean = 0.5 * 1 + 0.5 * PAD;
    expect(r.scores.exposed_breast_f).toBeCloseTo(0.8, 5);
    expect(r.scores.exposed_belly).toBeCloseTo(0.1 + 0.8 * mean, 2);
    // Classes the model saw nothing of get its (low) confidence, not null; faces/armpits-covered feed nothing.
    expect(r.scores.exposed_anus).toBeCloseTo(0.01, 5);
    for (const c of FED) expect(typeof r.scores[c]).toBe('number');
    for (const c of VISUAL_CLASSES.filter((c) => !FED.includes(c))) expect(r.scores[c]).toBeNull();
    expect(r.models).toEqual(['tiny-nudenet@1']);
    // Evidence: input box (16,16,8,8) -> letterbox scale 0.5, padY 8 -> frame [24,8,16,16] -> source [48,16,32,32].
    expect(r.evidence.exposed_breast_f).toEqual([{ timestamp: 0, score: expect.closeTo(0.8, 5), model: 'tiny-nudenet@1', box: [48, 16, 32, 32] }]);
    expect(r.evidence.exposed_belly).toEqual([{ timestamp: 0, score: expect.any(Number), model: 'tiny-nudenet@1', box: [24, 8, 16, 16] }]);
    expect(r.evidence.exposed_anus).toBeUndefined();
  });

  it('feeds the input through (NCHW, /255): a black frame lowers the input-dependent score below the evidence threshold', async () => {
    const { dir, manifestPath } = setup();
    const a = analyzer(dir, manifestPath);
    const r = await a.analyze([{ timestamp: 0, data: await png(64, 64, '#000000') }]);
    expect(r.scores.exposed_belly).toBeCloseTo(0.1, 4);
    expect(r.evidence.exposed_belly).toBeUndefined();
    expect(r.scores.exposed_breast_f).toBeCloseTo(0.8, 5);
  });

  it('leaves the classes null and says why when the file is missing', async () => {
    const { dir, manifestPath } = setup({}, false);
    const a = analyzer(dir, manifestPath);
    await a.init();
    const m = a.models();
    expect(m.models[0]).toMatchObject({ id: 'tiny-nudenet', loaded: false, error: expect.stringMatching(/^file missing: .*tiny\.onnx; run make models/) });
    expect(m.classes.find((c) => c.class === 'exposed_belly')).toMatchObject({ model: null, note: expect.stringMatching(/not loaded: file missing/) });
    const r = await a.analyze([{ timestamp: 0, data: await png(64, 64, '#ffffff') }]);
    for (const c of FED) expect(r.scores[c]).toBeNull();
    expect(r.evidence).toEqual({});
  });

  it('refuses a file whose sha256 differs from the manifest', async () => {
    const { dir, manifestPath } = setup({ sha256: '0'.repeat(64) });
    const a = analyzer(dir, manifestPath);
    await a.init();
    expect(a.models().models[0]).toMatchObject({ loaded: false, error: expect.stringMatching(/sha256 mismatch/) });
    const r = await a.analyze([{ timestamp: 0, data: await png(64, 64, '#ffffff') }]);
    expect(r.scores.exposed_breast_f).toBeNull();
  });

  it('loads an unpinned entry only with the override and the hash recorded by make models', async () => {
    const { dir, entry } = setup({ sha256: null });
    const load = async (env: Record<string, string>) => {
      const reg = new ModelRegistry(settings);
      declareDetector(reg, entry, dir, settingsSchema.parse(env));
      await reg.loadAll();
      const rep = reg.report()[0]!;
      await reg.close();
      return rep;
    };
    expect((await load({})).error).toMatch(/no pinned sha256.*VISION_ALLOW_UNPINNED_MODELS=1/);
    expect((await load({ [ALLOW_UNPINNED_ENV]: '1' })).error).toMatch(/no recorded sha256.*run make models/);
    writeFileSync(sidecarPath(path.join(dir, entry.file)), `${tinySha}  tiny.onnx\n`);
    expect(await load({ [ALLOW_UNPINNED_ENV]: '1' })).toMatchObject({ loaded: true, error: null });
    writeFileSync(sidecarPath(path.join(dir, entry.file)), `${'1'.repeat(64)}  tiny.onnx\n`);
    expect((await load({ [ALLOW_UNPINNED_ENV]: '1' })).error).toMatch(/sha256 mismatch/);
  });

  it('fails to load (with the reason) a model whose output is not [1, 4+C, N]', async () => {
    const wrong = buildTinyYolo(SIZE, 5, [{ box: [1, 1, 1, 1], scores: {} }]);
    const { dir, entry } = setup({ sha256: createHash('sha256').update(wrong).digest('hex') });
    writeFileSync(path.join(dir, entry.file), wrong);
    const reg = new ModelRegistry(settings);
    declareDetector(reg, entry, dir, settings);
    await reg.loadAll();
    expect(reg.report()[0]!.error).toMatch(/output shape \[1, 9, 1\] is not \[1, 22, N\]/);
    expect(detectorConfig(entry, settingsSchema.parse({ VISION_DETECTOR_CONF: '0.4' })).confThreshold).toBe(0.4);
  });
});
