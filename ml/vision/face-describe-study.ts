// Study (issue 37, not served): FaceRes, human's age/gender network, runs on every face BlazeFace
// finds (up to 5, confidence > 0.3) at about 8.6 ms a face on one thread, yet of what it gives only
// face.child (face confidence x childness of its age) reaches a class (child; face_f and face_m read
// face-api's gender). How much of child's quality does each face described buy? The served face
// models run over a fixed-seed sample of the kit (every child image and 1,600 other photographs,
// cached in .cache/face-describe.jsonl, resumable); child is refitted as served (a logistic on
// face.child, age.child, face.any) out of fold by source repository (kit-folds) with face.child taken
// over all faces (today), the k most confident, or left out, and FaceRes runs counted for each; the
// served calibrator, unchanged, is applied to each variant's signals too.
// Usage: npx tsx ml/vision/face-describe-study.ts   -> results/face-describe.json
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettings } from '@modsvc/common/config';
import { rocAuc } from '@modsvc/common/evaluation';
import { DEFAULT_DECODE_MAX_SIDE, settingsSchema } from '../../services/vision-inference/src/settings.ts';
import { decodeFrame } from '../../services/vision-inference/src/models/preprocess.ts';
import { ModelRegistry } from '../../services/vision-inference/src/models/registry.ts';
import { humanOnnxLoader, humanPredict, humanSpec, type HumanHandle } from '../../services/vision-inference/src/models/human.ts';
import { FACE_GENDER_MAX_FACES, faceGenderOnnxLoader, faceGenderSpec, ageGender, type FaceGenderHandle } from '../../services/vision-inference/src/models/face-gender.ts';
import { childness, strongestFaces, type Signals } from '../../services/vision-inference/src/models/signals.ts';
import { FACERES_INPUT } from '../../services/vision-inference/src/models/face-onnx.ts';
import { applyCalibrator, type CalibrationFile } from '../../services/vision-inference/src/models/calibration.ts';
import { readManifest } from './manifest.ts';
import { fitLogistic, predictLogit } from './logistic.ts';
import { KIT_FOLDS, kitFold, sourceRepository } from './kit-folds.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const images = path.resolve(here, '../../../shared/data/images');
const cache = path.join(here, '.cache', 'face-describe.jsonl');
const OTHER_PHOTOS = 1600;

interface Face { score: number; age: number; faceApiAge: number | null }
interface Row { file: string; child: 0 | 1; faces: Face[] }

const settings = parseSettings(settingsSchema.pick({ VISION_PIXEL_LIMIT: true, VISION_HUMAN_MAX_SIDE: true, VISION_THREADS: true, VISION_ORT_PROVIDER: true }));
const reg = new ModelRegistry(settings);
const hSpec = humanSpec('face', 'onnx');
reg.declare(hSpec, humanOnnxLoader('face', settings, settings.VISION_HUMAN_MAX_SIDE));
reg.declare(faceGenderSpec('onnx'), faceGenderOnnxLoader(settings));
await reg.loadAll();
const human = reg.get<HumanHandle>(hSpec.id);
const gender = reg.get<FaceGenderHandle>(faceGenderSpec().id);

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const rows = readManifest(path.join(images, 'labels.csv')).map((r) => ({ r, k: random() })).sort((a, b) => a.k - b.k).map((x) => x.r);
const sample = [...rows.filter((r) => r.labels.includes('child')), ...rows.filter((r) => !r.labels.includes('child') && r.labels.includes('photo')).slice(0, OTHER_PHOTOS)];

mkdirSync(path.dirname(cache), { recursive: true });
const done = new Set(existsSync(cache) ? readFileSync(cache, 'utf8').split('\n').filter(Boolean).map((l) => (JSON.parse(l) as Row).file) : []);
for (const row of sample) {
  if (done.has(row.file)) continue;
  let frame;
  try {
    frame = await decodeFrame(readFileSync(path.join(images, row.file)), DEFAULT_DECODE_MAX_SIDE, settings.VISION_PIXEL_LIMIT);
  } catch {
    continue;
  }
  const [hu] = await humanPredict(human, [frame]);
  const strongest = strongestFaces(hu!.faces, FACE_GENDER_MAX_FACES);
  const ag = await ageGender(gender, frame, strongest.map((f) => f.box));
  const faces = hu!.faces.map((f) => ({ score: f.score, age: f.age, faceApiAge: ag[strongest.indexOf(f)]?.age ?? null }));
  appendFileSync(cache, JSON.stringify({ file: row.file, child: row.labels.includes('child') ? 1 : 0, faces } satisfies Row) + '\n');
}

// FaceRes' cost per face on one thread (the network the variants run fewer times).
if (human.runtime !== 'onnx' || human.module !== 'face') throw new Error('the face module is served on onnx');
const { nets } = human;
const input = { [nets.faceres.inputNames[0]!]: { data: new Float32Array(FACERES_INPUT * FACERES_INPUT * 3).fill(128), dims: [1, FACERES_INPUT, FACERES_INPUT, 3] } };
for (let i = 0; i < 3; i++) await nets.faceres.run(input);
const t0 = performance.now();
for (let i = 0; i < 20; i++) await nets.faceres.run(input);
const faceResMs = (performance.now() - t0) / 20;
await reg.close();

const data: Row[] = readFileSync(cache, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Row);
const faceChild = (fs: Face[], k: number) => Math.max(0, ...strongestFaces(fs, k).map((f) => f.score * childness(f.age)));
const ageChild = (fs: Face[]) => Math.max(0, ...fs.filter((f) => f.faceApiAge !== null).map((f) => f.score * childness(f.faceApiAge!)));
const faceAny = (fs: Face[]) => Math.max(0, ...fs.map((f) => f.score));
const variants: Record<string, { what: string; signals: (fs: Face[]) => Signals; runs: (fs: Face[]) => number }> = {
  all_faces: { what: 'today: FaceRes on every face found (up to 5)', signals: (fs) => ({ 'face.child': faceChild(fs, 5), 'age.child': ageChild(fs), 'face.any': faceAny(fs) }), runs: (fs) => fs.length },
  strongest_2: { what: 'FaceRes on the 2 most confident faces', signals: (fs) => ({ 'face.child': faceChild(fs, 2), 'age.child': ageChild(fs), 'face.any': faceAny(fs) }), runs: (fs) => Math.min(2, fs.length) },
  strongest_1: { what: 'FaceRes on the most confident face', signals: (fs) => ({ 'face.child': faceChild(fs, 1), 'age.child': ageChild(fs), 'face.any': faceAny(fs) }), runs: (fs) => Math.min(1, fs.length) },
  without_faceres: { what: 'no FaceRes: child from face-api age and face confidence', signals: (fs) => ({ 'age.child': ageChild(fs), 'face.any': faceAny(fs) }), runs: () => 0 },
};
const y = data.map((r) => r.child);
const auc4 = (p: number[], labels: number[]) => {
  const a = rocAuc(p, labels);
  return a === null ? null : Math.round(a * 1e4) / 1e4;
};
// The served child calibrator, unchanged, on each variant's signals: what the variant would give before any refit.
const served = (JSON.parse(readFileSync(path.resolve(here, '../../services/vision-inference/artifacts/calibration.json'), 'utf8')) as CalibrationFile).classes['child']!;
const negatives = data.flatMap((r, i) => (r.child ? [] : [i]));
const results = Object.fromEntries(
  Object.entries(variants).map(([name, v]) => {
    const S = data.map((r) => v.signals(r.faces));
    const X = S.map((sig) => Float64Array.from(Object.values(sig)));
    const p = new Array<number>(data.length).fill(0);
    for (let k = 0; k < KIT_FOLDS; k++) {
      const train = data.flatMap((r, i) => (kitFold(r.file) === k ? [] : [i]));
      const m = fitLogistic(train.map((i) => X[i]!), train.map((i) => y[i]!), train.map(() => 1), { l2: 1e-3, iterations: 400 });
      data.forEach((r, i) => {
        if (kitFold(r.file) === k) p[i] = predictLogit(m, X[i]!);
      });
    }
    const bySource = new Map<string, number[]>();
    data.forEach((r, i) => r.child && bySource.set(sourceRepository(r.file), [...(bySource.get(sourceRepository(r.file)) ?? []), i]));
    const perSource = Object.fromEntries(
      [...bySource].filter(([, ix]) => ix.length >= 10).map(([s, ix]) => {
        const idx = [...ix, ...negatives];
        return [s, { positives: ix.length, rocAuc: auc4(idx.map((i) => p[i]!), idx.map((i) => y[i]!)) }];
      }),
    );
    // null where the variant lacks one of the calibrator's signals.
    const calibrated = S.map((sig) => applyCalibrator(served, sig));
    const servedP = calibrated.includes(null) ? null : (calibrated as number[]);
    const runs = data.reduce((a, r) => a + v.runs(r.faces), 0) / data.length;
    return [name, { what: v.what, rocAuc: auc4(p, y), servedCalibratorRocAuc: servedP && auc4(servedP, y), perSource, faceResRunsPerImage: Math.round(runs * 100) / 100, faceResMsPerImage: Math.round(runs * faceResMs * 10) / 10 }];
  }),
);
const out = { at: new Date().toISOString(), images: data.length, child: y.filter(Boolean).length, facesPerImage: Math.round((data.reduce((a, r) => a + r.faces.length, 0) / data.length) * 100) / 100, faceResMsPerFace: Math.round(faceResMs * 100) / 100, folds: 'out of fold by source repository (kit-folds.ts); per source: its child images against every non-child image', variants: results };
writeFileSync(path.join(here, 'results', 'face-describe.json'), JSON.stringify(out, null, 2) + '\n');
console.log(JSON.stringify(out, null, 2));
