// Runs every lite-set model over a labelled image manifest (default ../shared/data/images/labels.csv)
// and writes the raw model outputs, one JSON line per image, for calibration (train/calibrate.ts).
// Usage: npx tsx ml/vision/collect.ts [manifest.csv] [out.jsonl]
// Resumable: images already in the output file are skipped.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSettings } from '@modsvc/common/config';
import { DEFAULT_DECODE_MAX_SIDE, settingsSchema } from '../../services/vision-inference/src/settings.ts';
import { decodeFrame } from '../../services/vision-inference/src/models/preprocess.ts';
import { ModelRegistry } from '../../services/vision-inference/src/models/registry.ts';
import { nsfwLoader, nsfwPredict, nsfwSpec, type NsfwHandle } from '../../services/vision-inference/src/models/nsfw.ts';
import { humanOnnxLoader, humanPredict, humanSpec, type HumanHandle } from '../../services/vision-inference/src/models/human.ts';
import { ocrLoader, ocrPredict, ocrSpec, type OcrHandle } from '../../services/vision-inference/src/models/ocr.ts';
import { FACE_GENDER_MAX_FACES, faceGenderOnnxLoader, faceGenderSpec, ageGender, type FaceGenderHandle } from '../../services/vision-inference/src/models/face-gender.ts';
import { strongestFaces } from '../../services/vision-inference/src/models/signals.ts';
import { CENTERNET_INPUT } from '../../services/vision-inference/src/models/objects-onnx.ts';
import { readManifest } from './manifest.ts';

const settings = parseSettings(
  settingsSchema.pick({ VISION_PIXEL_LIMIT: true, VISION_HUMAN_MAX_SIDE: true, VISION_OCR_MAX_SIDE: true, VISION_THREADS: true, VISION_ORT_PROVIDER: true }),
);
const here = path.dirname(new URL(import.meta.url).pathname);
const manifest = process.argv[2] ?? path.resolve(here, '../../../shared/data/images/labels.csv');
const out = process.argv[3] ?? path.join(here, '.cache', 'raw.jsonl');
mkdirSync(path.dirname(out), { recursive: true });

const done = new Set<string>();
if (existsSync(out)) for (const l of readFileSync(out, 'utf8').split('\n')) if (l) done.add((JSON.parse(l) as { file: string }).file);

const reg = new ModelRegistry(settings);
const hSpec = humanSpec('face', 'onnx');
const oSpec = humanSpec('object', 'onnx');
reg.declare(nsfwSpec, nsfwLoader(settings));
// human's models as served (onnx); their outputs equal human's on tfjs-wasm (test/human-onnx.test.ts).
reg.declare(hSpec, humanOnnxLoader('face', settings, settings.VISION_HUMAN_MAX_SIDE));
reg.declare(oSpec, humanOnnxLoader('object', settings, settings.VISION_HUMAN_MAX_SIDE));
reg.declare(ocrSpec, ocrLoader(settings.VISION_OCR_MAX_SIDE));
reg.declare(faceGenderSpec('onnx'), faceGenderOnnxLoader(settings));
await reg.loadAll();
const nsfw = reg.get<NsfwHandle>(nsfwSpec.id);
const human = reg.get<HumanHandle>(hSpec.id);
const objects = reg.get<HumanHandle>(oSpec.id);
const ocr = reg.get<OcrHandle>(ocrSpec.id);
const gender = reg.get<FaceGenderHandle>(faceGenderSpec().id);

// Photographs (`real*`) first, then the rest round-robin across folders, so that a run stopped
// early still holds a balanced sample.
const rank = new Map<string, number>();
const rows = readManifest(manifest)
  .map((r) => {
    const folder = r.file.split('/')[0] ?? '';
    const real = /^real/.test(path.basename(r.file));
    const key = `${real}:${folder}`;
    const k = rank.get(key) ?? 0;
    rank.set(key, k + 1);
    return { r, order: (real ? 0 : 1e6) + k };
  })
  .sort((a, b) => a.order - b.order)
  .map((x) => x.r);
let n = 0;
for (const row of rows) {
  if (done.has(row.file)) continue;
  const bytes = readFileSync(path.join(path.dirname(manifest), row.file));
  const t0 = performance.now();
  const frame = await decodeFrame(bytes, DEFAULT_DECODE_MAX_SIDE, settings.VISION_PIXEL_LIMIT);
  const t1 = performance.now();
  const [nz] = await nsfwPredict(nsfw, [frame]);
  const t2 = performance.now();
  const [hu] = await humanPredict(human, [frame]);
  const t3 = performance.now();
  const [oc] = await ocrPredict(ocr, [frame]);
  const t4 = performance.now();
  // face-api age and P(female) of the strongest faces (as the analyzer runs it), stored on each face.
  const strongest = strongestFaces(hu!.faces, FACE_GENDER_MAX_FACES);
  const ag = await ageGender(gender, frame, strongest.map((f) => f.box));
  const faces = hu!.faces.map((f) => ({ ...f, faceApi: ag[strongest.indexOf(f)] ?? null }));
  const t5 = performance.now();
  const [ob] = await humanPredict(objects, [frame]);
  const t6 = performance.now();
  const rec = {
    file: row.file,
    labels: row.labels,
    width: frame.width,
    height: frame.height,
    nsfw: nz!.probs,
    features: Buffer.from(nz!.features.buffer, nz!.features.byteOffset, nz!.features.byteLength).toString('base64'),
    faces,
    objects: ob!.objects,
    objectSide: CENTERNET_INPUT,
    ocr: { text: oc!.text, ...oc!.features },
    ms: { decode: t1 - t0, nsfw: t2 - t1, human: t3 - t2, ocr: t4 - t3, faceGender: t5 - t4, objects: t6 - t5 },
  };
  appendFileSync(out, JSON.stringify(rec) + '\n');
  if (++n % 50 === 0) process.stderr.write(`${n} images\n`);
}
await reg.close();
