// Letterboxed video frames against the photographs they show (services/vision-inference/src/models/letterbox.ts).
// A seeded sample of the kit's real photographs of the classes vision v3 publishes (firearm, violence,
// pills) and of benign ones, each scored three ways by the service's analyzer (v3 and nsfwjs, the models
// that read the whole picture): as the photograph; padded to a 1280x720 frame with black bars, as a
// player or an editor pads a 4:3 or portrait video, sent as a still (what every video frame got before
// the bars were cropped); and the same frame sent as a video (bars cropped). Per class: how far each
// padded score is from the photograph's, and ROC-AUC of each way. The photographs are in-sample for the
// served v3 network (it trained on the kit): the ROC-AUCs compare the three ways, they are not quality
// figures.
//
// usage: npx tsx bench/letterbox.bench.ts (make bench-letterbox) -> bench/results/letterbox.json
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { rocAuc } from '@modsvc/common/evaluation';
import { createVisionAnalyzer } from '../services/vision-inference/src/analyzer.ts';
import { FACE_GENDER_ID } from '../services/vision-inference/src/models/face-gender.ts';
import { HUMAN_ID, OBJECT_ID, OCR_ID } from '../services/vision-inference/src/models/lite.ts';
import { settingsSchema } from '../services/vision-inference/src/settings.ts';
import { correctedLabels, readKitErrata, splitLabels } from '../ml/vision/kit-errata.ts';
import { readCsvFile } from '@modsvc/common/csv';
import { REPO_ROOT } from '../test/helpers/processes.ts';
import { machine, round, seededRandom } from './measure.ts';

const IMAGES = path.resolve(REPO_ROOT, '../shared/data/images');
const PER_CLASS = Number(process.env.BENCH_LETTERBOX_PER_CLASS ?? 80);
const CLASSES = ['firearm', 'violence', 'pills'] as const;
const SETS = [...CLASSES, 'benign'] as const;
const WAYS = ['photograph', 'padded_as_still', 'padded_as_video'] as const;

interface KitRow {
  file: string;
  labels: string[];
}

/** The kit's real photographs, their labels corrected by kit-errata.csv as every vision figure is. */
function kitPhotographs(): KitRow[] {
  const errata = readKitErrata();
  return readCsvFile(path.join(IMAGES, 'labels.csv'))
    .map((r) => ({ file: r.file ?? '', labels: correctedLabels(errata, r.file ?? '', splitLabels(r.labels)) }))
    .filter((r) => path.basename(r.file).startsWith('real') && r.labels.includes('photo'));
}

/** PER_CLASS photographs of each set, drawn with a fixed seed (benign: twice as many). */
function sample(rows: KitRow[]): KitRow[] {
  const random = seededRandom(20261128);
  const keyed = rows.map((r) => ({ r, k: random() })).sort((a, b) => a.k - b.k).map((x) => x.r);
  const taken = new Set<string>();
  const out: KitRow[] = [];
  for (const set of SETS) {
    const n = set === 'benign' ? 2 * PER_CLASS : PER_CLASS;
    for (const r of keyed.filter((x) => x.labels.includes(set) && !taken.has(x.file)).slice(0, n)) {
      taken.add(r.file);
      out.push(r);
    }
  }
  return out;
}

const padded = (bytes: Buffer) => sharp(bytes).rotate().resize(1280, 720, { fit: 'contain', background: '#000' }).jpeg({ quality: 90 }).toBuffer();

async function main(): Promise<void> {
  const loadBefore = (await import('node:os')).loadavg()[0]!;
  const photos = sample(kitPhotographs());
  const analyzer = createVisionAnalyzer(settingsSchema.parse({ VISION_THREADS: '1' }), {
    modelSet: 'lite',
    disableModels: [HUMAN_ID, FACE_GENDER_ID, OCR_ID, OBJECT_ID],
    dhashDistance: -1,
  });
  await analyzer.init();
  const scores: Record<string, Record<string, number[]>> = Object.fromEntries(WAYS.map((w) => [w, {}]));
  try {
    for (const p of photos) {
      const bytes = fs.readFileSync(path.join(IMAGES, p.file));
      const frame = await padded(bytes);
      const runs = {
        photograph: await analyzer.analyze([{ timestamp: 0, data: bytes }]),
        padded_as_still: await analyzer.analyze([{ timestamp: 0, data: frame }]),
        padded_as_video: await analyzer.analyze([{ timestamp: 0, data: frame }], { video: true }),
      };
      for (const w of WAYS) for (const c of [...CLASSES, 'adult_content'] as const) (scores[w]![c] ??= []).push(runs[w].scores[c] ?? Number.NaN);
    }
  } finally {
    await analyzer.close();
  }
  const distance = (w: string, c: string) => {
    const d = scores[w]![c]!.map((v, i) => Math.abs(v - scores.photograph![c]![i]!));
    const sorted = [...d].sort((a, b) => a - b);
    return { mean: round(d.reduce((a, b) => a + b, 0) / d.length, 4), p95: round(sorted[Math.floor(0.95 * (sorted.length - 1))]!, 4), max: round(sorted[sorted.length - 1]!, 4), over_0_1: d.filter((x) => x > 0.1).length };
  };
  const classes = Object.fromEntries(
    [...CLASSES, 'adult_content'].map((c) => {
      const y = photos.map((p) => (p.labels.includes(c) ? 1 : 0));
      const auc = (w: string) => (y.some(Boolean) ? round(rocAuc(scores[w]![c]!, y)!, 4) : null);
      return [
        c,
        {
          positives: y.filter(Boolean).length,
          roc_auc_in_sample: Object.fromEntries(WAYS.map((w) => [w, auc(w)])),
          distance_from_photograph: { padded_as_still: distance('padded_as_still', c), padded_as_video: distance('padded_as_video', c) },
        },
      ];
    }),
  );
  const result = {
    machine: machine(loadBefore),
    photographs: photos.length,
    per_set: Object.fromEntries(SETS.map((s) => [s, photos.filter((p) => p.labels.includes(s)).length])),
    frame: '1280x720, photograph fitted inside with black bars (letterbox or pillarbox), JPEG q90',
    ways: { photograph: 'the kit file', padded_as_still: 'the padded frame as an image job', padded_as_video: 'the padded frame as a video frame (bars cropped)' },
    classes,
  };
  fs.mkdirSync(path.join(REPO_ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(REPO_ROOT, 'bench/results/letterbox.json'), `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${JSON.stringify(classes, null, 1)}\n`);
}

await main();
