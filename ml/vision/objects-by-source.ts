// How well the COCO object detector (human's CenterNet, never trained on the kit) separates the kit's
// real photographs of a class from real photographs without it, per source repository: the evidence
// behind alcohol's score (bottle, wine glass, cup) and behind leaving knife to other models (COCO's
// knife). Every source is unseen by the detector; a calibrator is monotone in one signal, so these
// ROC-AUCs are what the calibrated score gets.
// Usage: npx tsx ml/vision/objects-by-source.ts [labels.csv] [out.json] [input side]
// (make objects-by-source; ~2 minutes a thousand photos on one core).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { averagePrecision, rocAuc } from '@modsvc/common/evaluation';
import { humanOnnxLoader, humanPredict } from '../../services/vision-inference/src/models/human.ts';
import { CENTERNET_INPUT } from '../../services/vision-inference/src/models/objects-onnx.ts';
import { decodeFrame } from '../../services/vision-inference/src/models/preprocess.ts';
import { readManifest, sourceRepo } from './manifest.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const manifest = process.argv[2] ?? path.resolve(here, '../../../shared/data/images/labels.csv');
const out = process.argv[3] ?? path.join(here, 'results', 'objects-by-source.json');
/** The side CenterNet sees (default: the served one). */
const side = Number(process.argv[4] ?? CENTERNET_INPUT);

/**
 * Which images count as negatives of a class (partial labels: a missing label is not always a no).
 * knife: photographs from sources that are not about weapons (their unlabelled photos may show knives).
 * alcohol: bottles and cups stand unlabelled in scene photos, so only close-up object sources and the
 * alcohol sources themselves (whose every image was looked at) give negatives.
 */
const WEAPON_SOURCES = new Set(['Alema1/realtime-handgun-detection', 'AhmedMohsenElgarh/new-dataset-weapon', 'yatinmanuel/stars-vthacks', 'little-hawk/weapon-hazard-detection-yolov8']);
const CLOSE_UP_SOURCES = new Set([
  'thorchh/myPillBox',
  'joaramirezra/Clasificador-Hojas-Canabis',
  'GoogleCloudPlatform/microservices-demo',
  '16arpi/Fox-RSS',
  'vtcong21/angelhack-heineken',
  'Digital-Image-Processing-IIITH/project-dipsum',
]);
const CLASSES = [
  { cls: 'alcohol', coco: ['bottle', 'wine glass', 'cup'], negative: (r: Row) => CLOSE_UP_SOURCES.has(r.repo) },
  { cls: 'knife', coco: ['knife'], negative: (r: Row) => !WEAPON_SOURCES.has(r.repo) && r.labels.has('photo') },
];
const MIN_POSITIVES = 10;

interface Row {
  file: string;
  repo: string;
  labels: Set<string>;
  best: Record<string, number>;
}

const kitDir = path.dirname(manifest);
const handle = await humanOnnxLoader('object', { VISION_THREADS: 1, VISION_ORT_PROVIDER: 'cpu' }, undefined, side).load(undefined as never);
const rows: Row[] = [];
for (const m of readManifest(manifest)) {
  if (!/^real/.test(path.basename(m.file))) continue;
  const [r] = await humanPredict(handle, [await decodeFrame(readFileSync(path.join(kitDir, m.file)))]);
  const best: Record<string, number> = {};
  for (const o of r!.objects) best[o.label] = Math.max(best[o.label] ?? 0, o.score);
  rows.push({ file: m.file, repo: sourceRepo(m.source ?? ''), labels: new Set(m.labels), best });
}

const r3 = (x: number | null) => (x == null ? null : Math.round(x * 1000) / 1000);
const result = CLASSES.map(({ cls, coco, negative }) => {
  const signal = (r: Row) => Math.max(...coco.map((l) => r.best[l] ?? 0));
  const repos = [...new Set(rows.filter((r) => r.labels.has(cls)).map((r) => r.repo))].sort();
  const perSource = repos.map((repo) => {
    const pos = rows.filter((r) => r.repo === repo && r.labels.has(cls));
    const neg = rows.filter((r) => r.repo !== repo && !r.labels.has(cls) && negative(r));
    const scores = [...pos, ...neg].map(signal);
    const y = [...pos.map(() => 1), ...neg.map(() => 0)];
    return {
      source: repo,
      positives: pos.length,
      negatives: neg.length,
      negativeSources: [...new Set(neg.map((r) => r.repo))].length,
      rocAuc: r3(rocAuc(scores, y)),
      averagePrecision: r3(averagePrecision(scores, y)),
      positivesDetected: pos.filter((r) => signal(r) > 0).length,
      counted: pos.length >= MIN_POSITIVES,
    };
  });
  const counted = perSource.filter((s) => s.counted);
  return {
    class: cls,
    signal: `max CenterNet score of COCO ${coco.join(', ')}`,
    sourcesCounted: counted.length,
    worstRocAuc: counted.length ? Math.min(...counted.map((s) => s.rocAuc ?? 0)) : null,
    perSource,
  };
});
mkdirSync(path.dirname(out), { recursive: true });
const report = { manifest: path.relative(process.cwd(), manifest), centernetInputSide: side, images: rows.length, minPositivesPerSource: MIN_POSITIVES, classes: result };
writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
process.stdout.write(JSON.stringify(report, null, 2) + '\n');
