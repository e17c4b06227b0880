// face-api's AgeGenderNet written down as a graph over the package's weights (face-gender-onnx.ts)
// and served on onnxruntime, against face-api itself on tfjs wasm: the same age and P(female) on
// noise and on the faces human finds in photographs of the data kit, and the analyzer's face classes
// score the same with either runtime.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACE_GENDER_ID, NSFW_ID, OCR_ID } from '../src/models/lite.ts';
import { ageGender, faceGenderLoader, faceGenderOnnxLoader, type FaceGenderHandle } from '../src/models/face-gender.ts';
import { humanOnnxLoader, humanPredict, type HumanHandle } from '../src/models/human.ts';
import { decodeFrame, type RgbImage } from '../src/models/preprocess.ts';
import { kitPhotos } from './helpers/kit-photos.ts';
import { withServedAndOriginal } from './helpers/runtime-pair.ts';

const onnxSettings = { VISION_THREADS: 1, VISION_ORT_PROVIDER: 'cpu' as const };
const photos = kitPhotos({ child: 8, smoking_and_tobacco: 8 });

// Measured: |d age| up to ~1e-4 years and |d P(female)| ~1e-6 (float32 summation order); a wrong
// weight layout or padding moves them by whole years and tenths.
const AGE_TOL = 0.01;
const P_TOL = 1e-4;

describe("face-api's age/gender network on onnxruntime", () => {
  let onnx: FaceGenderHandle;
  let ref: FaceGenderHandle;
  beforeAll(async () => {
    onnx = await faceGenderOnnxLoader(onnxSettings).load(undefined as never);
    ref = await faceGenderLoader.load(undefined as never);
  }, 120_000);
  afterAll(async () => {
    await faceGenderOnnxLoader(onnxSettings).close!(onnx);
    await faceGenderLoader.close!(ref);
  });

  it('gives face-api its age and P(female) on noise, flat and gradient images, one by one and as a batch', async () => {
    let seed = 5;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const img = (f: (i: number) => number): RgbImage => ({ data: Buffer.from(Array.from({ length: 96 * 80 * 3 }, (_, i) => Math.round(f(i)))), width: 96, height: 80 });
    const frames = [img(() => rnd() * 255), img(() => 128), img((i) => (i % 288) * 0.88)];
    const boxes: [number, number, number, number][] = [
      [0, 0, 96, 80],
      [10, 5, 60, 60],
    ];
    for (const frame of frames) {
      const a = await ageGender(onnx, frame, boxes);
      const b = await ageGender(ref, frame, boxes);
      a.forEach((x, i) => {
        expect(Math.abs(x.age - b[i]!.age)).toBeLessThan(AGE_TOL);
        expect(Math.abs(x.pFemale - b[i]!.pFemale)).toBeLessThan(P_TOL);
      });
      // The batch of two gives each box its own single result.
      const [one] = await ageGender(onnx, frame, [boxes[1]!]);
      expect(Math.abs(one!.age - a[1]!.age)).toBeLessThan(1e-4);
    }
  }, 60_000);

  it.skipIf(photos.length === 0)('gives face-api its age and P(female) on the faces human finds in kit photos', async () => {
    const human: HumanHandle = await humanOnnxLoader('face', onnxSettings).load(undefined as never);
    let faces = 0;
    let worstAge = 0;
    let worstP = 0;
    try {
      for (const f of photos) {
        const frame = await decodeFrame(readFileSync(f));
        const [h] = await humanPredict(human, [frame]);
        const boxes = h!.faces.map((x) => x.box);
        const a = await ageGender(onnx, frame, boxes);
        const b = await ageGender(ref, frame, boxes);
        a.forEach((x, i) => {
          worstAge = Math.max(worstAge, Math.abs(x.age - b[i]!.age));
          worstP = Math.max(worstP, Math.abs(x.pFemale - b[i]!.pFemale));
        });
        faces += boxes.length;
      }
    } finally {
      await humanOnnxLoader('face', onnxSettings).close!(human);
    }
    expect(faces).toBeGreaterThanOrEqual(10);
    expect(worstAge).toBeLessThan(AGE_TOL);
    expect(worstP).toBeLessThan(P_TOL);
    console.info(`face-api age/gender onnx vs tfjs-wasm: ${faces} faces, worst |d age| ${worstAge.toExponential(2)}, |d P(female)| ${worstP.toExponential(2)}`);
  }, 120_000);

  it.skipIf(photos.length === 0)("the analyzer's face classes score the same with either runtime", async () => {
    const opts = { modelSet: 'lite' as const, objects: false, disableModels: [NSFW_ID, OCR_ID] };
    await withServedAndOriginal({ VISION_FACEAPI_RUNTIME: 'tfjs-wasm' }, opts, async (served, original) => {
      expect(served.models().models.find((m) => m.id === FACE_GENDER_ID)).toMatchObject({ runtime: 'onnx', loaded: true });
      expect(original.models().models.find((m) => m.id === FACE_GENDER_ID)).toMatchObject({ runtime: 'tfjs-wasm', loaded: true });
      for (const f of photos.slice(0, 8)) {
        const input = [{ timestamp: 0, data: readFileSync(f) }];
        const [a, b] = [await served.analyze(input), await original.analyze(input)];
        for (const k of ['face_f', 'face_m', 'child'] as const) expect(Math.abs(a.scores[k]! - b.scores[k]!), `${path.basename(f)} ${k}`).toBeLessThan(1e-4);
      }
    });
  }, 120_000);
});
