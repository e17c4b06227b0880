// human's face and object models on onnxruntime against human itself on tfjs wasm:
// - TF's resampling re-implemented in tf-image.ts equals tf.image's;
// - BlazeFace, FaceRes and CenterNet converted by tfjs-graph-onnx.ts give tfjs' outputs on the same inputs;
// - the served face module (face-onnx.ts) finds the same faces with the same score, box, age and
//   gender as human on photographs of the data kit, the object module (objects-onnx.ts) the same
//   objects, and the analyzer's face classes and alcohol score the same with either runtime.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_GENDER_ID, HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID } from '../src/models/lite.ts';
import { BLAZEFACE_OUTPUTS, FACE_DETECTOR, FACERES_OUTPUTS } from '../src/models/face-onnx.ts';
import { CENTERNET_GRAPH_SIDE, CENTERNET_INPUT, CENTERNET_OUTPUTS } from '../src/models/objects-onnx.ts';
import { nonMaxSuppression } from '../src/models/nms.ts';
import { HUMAN_MODEL_DIR, humanOnnxLoader, humanLoader, humanPredict, type HumanHandle } from '../src/models/human.ts';
import { OnnxModel } from '../src/models/onnx.ts';
import { decodeFrame, type DecodedFrame } from '../src/models/preprocess.ts';
import { cropAndResize, resizeBilinear } from '../src/models/tf-image.ts';
import { halfToFloat, readTfjsGraph } from '../src/models/tfjs-graph.ts';
import { tfjsGraphToOnnx } from '../src/models/tfjs-graph-onnx.ts';
import { tfReady } from '../src/models/tfjs.ts';
import { KIT_IMAGES, kitPhotos } from './helpers/kit-photos.ts';
import { withServedAndOriginal } from './helpers/runtime-pair.ts';
import { compareWithTfjs } from './helpers/tfjs-vs-onnx.ts';

const onnxSettings = { VISION_THREADS: 1, VISION_ORT_PROVIDER: 'cpu' as const };
const kit = KIT_IMAGES;
/** Real photographs of people (children, smokers: most show faces) and a few without. */
const photos = kitPhotos({ child: 10, smoking_and_tobacco: 10, firearm: 4, pills: 2 });
/** Photographs with bottles, glasses, cups and knives (COCO classes), and people. */
const objectPhotos = kitPhotos({ alcohol: 5, knife: 5, benign_photo: 5, child: 5 });

let seed = 99;
const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);

describe('TF image resampling in TypeScript', () => {
  let tf: typeof TF;
  beforeAll(async () => {
    tf = await tfReady();
  });

  it('resizeBilinear and cropAndResize equal tf.image on the same input', async () => {
    const [h, w] = [37, 53];
    const data = Float32Array.from({ length: h * w * 3 }, () => rnd() * 255);
    const img = { data, width: w, height: h, channels: 3 };
    const t = tf.tensor4d(data, [1, h, w, 3]);
    for (const [oh, ow] of [
      [256, 256],
      [16, 9],
      [224, 224],
    ] as const) {
      const ref = (await tf.image.resizeBilinear(t, [oh, ow]).data()) as Float32Array;
      const ours = resizeBilinear(img, oh, ow).data;
      expect(ours.length).toBe(ref.length);
      let d = 0;
      for (let i = 0; i < ref.length; i++) d = Math.max(d, Math.abs(ours[i]! - ref[i]!));
      expect(d, `resize to ${oh}x${ow}`).toBeLessThan(1e-3);
    }
    // Boxes inside, across the edge (extrapolated to 0) and degenerate.
    for (const box of [
      [0.1, 0.2, 0.8, 0.9],
      [-0.2, -0.1, 0.7, 1.3],
      [0.5, 0.5, 0.5, 0.5],
    ] as [number, number, number, number][]) {
      const ref = (await tf.image.cropAndResize(t, tf.tensor2d([box]), [0], [64, 48]).data()) as Float32Array;
      const ours = cropAndResize(img, box, 64, 48).data;
      let d = 0;
      for (let i = 0; i < ref.length; i++) d = Math.max(d, Math.abs(ours[i]! - ref[i]!));
      expect(d, `crop ${box.join(',')}`).toBeLessThan(1e-3);
    }
    t.dispose();
  });
});

describe('non-maximum suppression', () => {
  it('keeps the best box of an overlapping group, drops weak ones, stops at the maximum', () => {
    const boxes = Float32Array.from([0, 0, 10, 10, 1, 1, 11, 11, 50, 50, 60, 60, 100, 100, 110, 110, 0, 0, 0, 0]);
    const scores = Float32Array.from([0.8, 0.9, 0.5, 0.2, 0.95]);
    expect(nonMaxSuppression(boxes, scores, 5, 0.1, 0.3)).toEqual([4, 1, 2]);
    expect(nonMaxSuppression(boxes, scores, 2, 0.1, 0.3)).toEqual([4, 1]);
  });
});

describe('tfjs graph models converted to ONNX', () => {
  let tf: typeof TF;
  beforeAll(async () => {
    tf = await tfReady();
  });

  it('decodes float16 weights as IEEE half precision', () => {
    expect(halfToFloat(0x3c00)).toBe(1);
    expect(halfToFloat(0xc000)).toBe(-2);
    expect(halfToFloat(0x3555)).toBeCloseTo(0.333252, 6);
    expect(halfToFloat(0x0001)).toBeCloseTo(5.96e-8, 10);
    expect(halfToFloat(0x7c00)).toBe(Infinity);
  });

  // Tolerances: measured worst relative differences 7.5e-5 (BlazeFace: box regressors up to ~110,
  // float32 summation order of XNNPACK vs MLAS), 2.3e-7 (FaceRes), 3.6e-5 (CenterNet's box sizes);
  // a wrong layout or padding moves outputs by 1e-2 or more.
  for (const [file, outputs, size, scale, tol] of [
    ['blazeface.json', BLAZEFACE_OUTPUTS, 256, (v: number) => v * 2 - 1, 5e-4],
    ['faceres.json', FACERES_OUTPUTS, 224, (v: number) => v * 255, 1e-5],
    ['centernet.json', CENTERNET_OUTPUTS, 512, (v: number) => v * 255, 5e-4],
  ] as const) {
    it(`${file}: onnxruntime gives tfjs' outputs, on noise and on photographs`, async () => {
      const json = path.join(HUMAN_MODEL_DIR, file);
      const bytes = tfjsGraphToOnnx(readTfjsGraph(json), { outputs });
      expect(tfjsGraphToOnnx(readTfjsGraph(json), { outputs }).equals(bytes)).toBe(true);
      const model = await OnnxModel.create(bytes, onnxSettings);
      const graph = await tf.loadGraphModel(`file://${json}`);
      const inputs: Float32Array[] = [Float32Array.from({ length: size * size * 3 }, () => scale(rnd()))];
      for (const f of photos.slice(0, 4)) {
        const frame = await decodeFrame(readFileSync(f));
        const img = { data: Float32Array.from(frame.data, (v) => v / 255), width: frame.width, height: frame.height, channels: 3 };
        inputs.push(resizeBilinear(img, size, size).data.map(scale));
      }
      const { worst, shapes } = await compareWithTfjs(tf, model, graph, outputs, inputs, size);
      for (const s of shapes) expect(s.onnxDims, `${file} ${s.output}`).toEqual(s.tfjsShape);
      expect(worst).toBeLessThan(tol);
      console.info(`${file}: ${inputs.length} inputs, worst |ort - tfjs| / (1 + |tfjs|) ${worst.toExponential(2)}`);
      graph.dispose();
      await model.release();
    }, 120_000);
  }

  it('refuses an op it does not know, by name', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tfjs-graph-'));
    writeFileSync(path.join(dir, 'w.bin'), Buffer.alloc(0));
    writeFileSync(
      path.join(dir, 'model.json'),
      JSON.stringify({
        modelTopology: {
          node: [
            { name: 'x', op: 'Placeholder', attr: { shape: { shape: { dim: [{ size: '1' }, { size: '4' }, { size: '4' }, { size: '3' }] } } } },
            { name: 'y', op: 'Atan2', input: ['x', 'x'] },
          ],
        },
        weightsManifest: [{ paths: ['w.bin'], weights: [] }],
      }),
    );
    expect(() => tfjsGraphToOnnx(readTfjsGraph(path.join(dir, 'model.json')), { outputs: { y: 'y' } })).toThrow(/op Atan2 not supported/);
  });
});

describe.skipIf(photos.length === 0)('the face module on onnxruntime against human on tfjs-wasm', () => {
  let onnx: HumanHandle;
  let ref: HumanHandle;
  const frames: { name: string; frame: DecodedFrame }[] = [];
  beforeAll(async () => {
    onnx = await humanOnnxLoader('face', onnxSettings).load(undefined as never);
    ref = await humanLoader('face').load(undefined as never);
    for (const f of photos) frames.push({ name: path.relative(kit, f), frame: await decodeFrame(readFileSync(f)) });
  }, 120_000);
  afterAll(async () => {
    await humanOnnxLoader('face', onnxSettings).close!(onnx);
  });

  it('finds the same faces with the same score, box, age and gender', async () => {
    let faces = 0;
    let multiFace = 0;
    let worstBox = 0;
    let worstAge = 0;
    for (const { name, frame } of frames) {
      const [a] = await humanPredict(onnx, [frame]);
      const [b] = await humanPredict(ref, [frame]);
      expect(a!.faces.length, name).toBe(b!.faces.length);
      // FaceRes describes the most confident face alone: the others carry no age and no gender.
      const described = a!.faces.filter((f) => Number.isFinite(f.age) || f.gender !== 'unknown');
      expect(described.length, name).toBeLessThanOrEqual(FACE_DETECTOR.described);
      for (const f of described) expect(f.score, name).toBe(Math.max(...a!.faces.map((x) => x.score)));
      if (a!.faces.length > 1) multiFace++;
      a!.faces.forEach((f, i) => {
        const g = b!.faces[i]!;
        expect(f.score, name).toBeCloseTo(g.score, 2);
        expect(f.gender, name).toBe(g.gender);
        expect(Math.abs(f.genderScore - g.genderScore), name).toBeLessThanOrEqual(0.011);
        if (Number.isNaN(g.age)) expect(f.age, name).toBeNaN();
        else worstAge = Math.max(worstAge, Math.abs(f.age - g.age));
        const k = Math.max(1, Math.max(frame.width, frame.height) / 640); // frame px per px of the image human sees
        worstBox = Math.max(worstBox, ...f.box.map((v, j) => Math.abs(v - g.box[j]!) / k));
        faces++;
      });
    }
    // Boxes are rounded to whole pixels of the 640-px image human sees; a rounding flip moves one by 1 px there.
    expect(worstBox).toBeLessThanOrEqual(1.01);
    expect(worstAge).toBeLessThanOrEqual(0.2);
    expect(faces).toBeGreaterThanOrEqual(10);
    expect(multiFace).toBeGreaterThan(0);
    console.info(`face module onnx vs tfjs-wasm: ${frames.length} photos, ${faces} faces, worst box ${worstBox} px, worst age ${worstAge}`);
  }, 180_000);

  it("the analyzer's face classes score the same with either runtime", async () => {
    const opts = { modelSet: 'lite' as const, objects: false, disableModels: [NSFW_ID, OCR_ID] };
    await withServedAndOriginal({ VISION_HUMAN_RUNTIME: 'tfjs-wasm' }, opts, async (served, original) => {
      expect(served.models().models.find((m) => m.id === HUMAN_ID)).toMatchObject({ runtime: 'onnx', loaded: true });
      expect(original.models().models.find((m) => m.id === HUMAN_ID)).toMatchObject({ runtime: 'tfjs-wasm', loaded: true });
      expect(served.models().models.find((m) => m.id === FACE_GENDER_ID)).toMatchObject({ loaded: true });
      let scored = 0;
      for (const { name, frame } of frames.slice(0, 12)) {
        const input = [{ timestamp: 0, data: readFileSync(path.join(kit, name)) }];
        const [a, b] = [await served.analyze(input), await original.analyze(input)];
        for (const k of ['face_f', 'face_m', 'child'] as const) {
          expect(a.scores[k] === null, `${name} ${k}`).toBe(b.scores[k] === null);
          if (b.scores[k] == null) continue;
          expect(Math.abs(a.scores[k]! - b.scores[k]!), `${name} ${k}`).toBeLessThan(0.02);
          scored++;
        }
        expect(frame.width).toBeGreaterThan(0);
      }
      expect(scored).toBe(36);
    });
  }, 180_000);
});

describe.skipIf(objectPhotos.length === 0)('the object module on onnxruntime against human on tfjs-wasm', () => {
  let onnx: HumanHandle;
  let ref: HumanHandle;
  beforeAll(async () => {
    // at the side human feeds it: the module as human runs it (the service serves CENTERNET_INPUT, centernet-side.test.ts)
    onnx = await humanOnnxLoader('object', onnxSettings, undefined, CENTERNET_GRAPH_SIDE).load(undefined as never);
    ref = await humanLoader('object').load(undefined as never);
  }, 120_000);
  afterAll(async () => {
    await humanOnnxLoader('object', onnxSettings).close!(onnx);
  });

  it('finds the same objects with the same label, score and box', async () => {
    let objects = 0;
    let worstBox = 0;
    const labels = new Set<string>();
    for (const f of objectPhotos) {
      const name = path.relative(kit, f);
      const frame = await decodeFrame(readFileSync(f));
      const [a] = await humanPredict(onnx, [frame]);
      const [b] = await humanPredict(ref, [frame]);
      expect(a!.objects.map((o) => o.label), name).toEqual(b!.objects.map((o) => o.label));
      const k = Math.max(1, Math.max(frame.width, frame.height) / 640);
      a!.objects.forEach((o, i) => {
        const g = b!.objects[i]!;
        // scores are truncated to 2 decimals: a float32 difference at a boundary moves one by 0.01
        expect(Math.abs(o.score - g.score), name).toBeLessThanOrEqual(0.0101);
        worstBox = Math.max(worstBox, ...o.box.map((v, j) => Math.abs(v - g.box[j]!) / k));
        labels.add(o.label);
        objects++;
      });
    }
    expect(worstBox).toBeLessThanOrEqual(1.01);
    expect(objects).toBeGreaterThanOrEqual(20);
    for (const l of ['bottle', 'person', 'knife']) expect(labels).toContain(l);
    console.info(`object module onnx vs tfjs-wasm: ${objectPhotos.length} photos, ${objects} objects (${[...labels].join(', ')}), worst box ${worstBox} px`);
  }, 180_000);

  it('the analyzer scores alcohol only with the module at the side its calibrator was fitted at', async () => {
    const opts = { modelSet: 'lite' as const, objects: true, disableModels: [NSFW_ID, OCR_ID, HUMAN_ID, FACE_GENDER_ID] };
    await withServedAndOriginal({ VISION_HUMAN_RUNTIME: 'tfjs-wasm' }, opts, async (served, original) => {
      expect(served.models().models.find((m) => m.id === OBJECT_ID)).toMatchObject({ runtime: 'onnx', loaded: true });
      expect(original.models().models.find((m) => m.id === OBJECT_ID)).toMatchObject({ runtime: 'tfjs-wasm', loaded: true });
      expect(served.models().classes.find((c) => c.class === 'alcohol')).toMatchObject({ model: `${OBJECT_ID}@3.3.6`, calibration: 'calibrated' });
      // human itself runs CenterNet at 512: its scores would go through a calibrator fitted at 384
      const side = `${CENTERNET_INPUT}x${CENTERNET_INPUT}`;
      const note = `calibrated on ${OBJECT_ID} at ${side} input; this runtime runs it at 512x512: its scores would not be calibrated`;
      expect(original.models().classes.find((c) => c.class === 'alcohol')).toMatchObject({ model: null, note });
      let scored = 0;
      for (const f of objectPhotos.slice(0, 6)) {
        const input = [{ timestamp: 0, data: readFileSync(f) }];
        const [a, b] = [await served.analyze(input), await original.analyze(input)];
        expect(b.scores.alcohol, f).toBeNull();
        if (a.scores.alcohol != null) scored++;
      }
      expect(scored).toBe(6);
    });
  }, 180_000);
});
