// Vision v3 against the model a class was already served by, on the same held-back images: for each
// v3 candidate class that calibration.json publishes from another model (alcohol: the COCO object
// detector; marijuana: the nsfwjs heads), the served pipeline without v3 scores every image of v3's
// held-back sets for that class, and both are measured per held-back source. v3 takes the class over
// when it is at least as good on every source the publishing rule counts (>= minPositives positives);
// the served model stays as its fallback (VISION_V3=0). The incumbents never trained on these images:
// they are the kit's real photographs, and the heads and calibrators were fitted on the earlier kit's
// other files (the COCO detector may have seen COCO scenes, which only favours it).
//
// usage: npx tsx services/vision-inference/train/v3-versus-served.ts [results dir]
// Writes <results dir>/versus-served.json (make compare-vision-v3; ~1 minute a thousand images).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VISUAL_CLASSES, type VisualClass } from '@modsvc/common/classes';
import { rocAuc } from '@modsvc/common/evaluation';
import { createVisionAnalyzer } from '../src/analyzer.ts';
import { loadCalibration, type ClassCalibrator } from '../src/models/calibration.ts';
import { FACE_GENDER_ID } from '../src/models/face-gender.ts';
import { HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID } from '../src/models/lite.ts';
import { incumbentOf } from '../src/models/v3-calibration.ts';
import { V3_ID } from '../src/models/vision-v3.ts';
import { settingsSchema } from '../src/settings.ts';
import { SERVED_V3_RESULTS, readV3Results, type HeldBackRow } from './v3-results.ts';
import { V3_VERSUS_SERVED_FILE, replacesIncumbent, type VersusServed, type VersusServedClass } from './v3-versus-served-file.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const IMAGES = path.resolve(HERE, '../../../../shared/data/images');
const resultsDir = path.resolve(process.argv[2] ?? SERVED_V3_RESULTS);
const { summary, rows } = readV3Results(resultsDir);
const calibration = loadCalibration();
const r4 = (v: number | null) => (v == null ? null : Math.round(v * 10000) / 10000);

/** The models an incumbent's signals need; every other one is left out to save time (scores do not depend on them). */
function disabledFor(cal: ClassCalibrator): string[] {
  const needed = new Set([cal.model]);
  if (cal.model === FACE_GENDER_ID) needed.add(HUMAN_ID);
  if (cal.signals.some((s) => s.startsWith('head.'))) needed.add(NSFW_ID);
  if (cal.signals.some((s) => s.startsWith('ocr.'))) needed.add(OCR_ID);
  return [HUMAN_ID, FACE_GENDER_ID, OCR_ID, NSFW_ID, OBJECT_ID].filter((id) => !needed.has(id));
}

async function incumbentScores(cls: VisualClass, cal: ClassCalibrator, images: HeldBackRow[]): Promise<Map<string, number>> {
  const settings = settingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: '1', VISION_V3: '0', VISION_OBJECTS: '1' });
  const analyzer = createVisionAnalyzer(settings, {
    modelSet: 'lite',
    calibration: { version: 'versus-served', fittedOn: '', classes: { [cls]: cal }, nullClasses: {} },
    disableModels: disabledFor(cal),
    dhashDistance: -1,
  });
  await analyzer.init();
  const out = new Map<string, number>();
  try {
    for (const r of images) {
      const res = await analyzer.analyze([{ timestamp: 0, data: readFileSync(path.join(IMAGES, r.file!)) }]);
      const p = res.scores[cls];
      if (p == null) throw new Error(`${cal.model} gave no ${cls} score for ${r.file}: is it loaded?`);
      out.set(r.file!, p);
    }
  } finally {
    await analyzer.close();
  }
  return out;
}

const classes: Partial<Record<VisualClass, VersusServedClass>> = {};
for (const [name, verdict] of Object.entries(summary.classes)) {
  if (!verdict.candidate || !(VISUAL_CLASSES as readonly string[]).includes(name)) continue;
  const cls = name as VisualClass;
  const incumbent = incumbentOf(calibration.classes[cls], V3_ID);
  if (!incumbent) continue;
  const inSubset = (r: HeldBackRow) => (summary.subsets[cls] === 'photo' ? r.photo === '1' : r.real === '1');
  const known = rows.filter((r) => inSubset(r) && (r[`${cls}.target`] === '0' || r[`${cls}.target`] === '1'));
  process.stderr.write(`${cls}: ${incumbent.model} on ${known.length} held-back images\n`);
  const served = await incumbentScores(cls, incumbent, known);
  const sources = verdict.sources.map((s) => {
    const fold = known.filter((r) => r.fold === s.fold);
    const pos = fold.filter((r) => r.source === s.source && r[`${cls}.target`] === '1');
    const neg = fold.filter((r) => r[`${cls}.target`] === '0');
    const y = [...pos.map(() => 1), ...neg.map(() => 0)];
    const both = [...pos, ...neg];
    return {
      fold: s.fold,
      source: s.source,
      positives: pos.length,
      negatives: neg.length,
      counted: pos.length >= summary.rule.minPositives,
      v3RocAuc: r4(rocAuc(both.map((r) => Number(r[cls])), y)),
      servedRocAuc: r4(rocAuc(both.map((r) => served.get(r.file!)!), y)),
    };
  });
  const entry: VersusServedClass = { served: incumbent.model, sources, replaces: false };
  entry.replaces = replacesIncumbent(entry);
  classes[cls] = entry;
  process.stderr.write(
    sources.map((s) => `  ${s.source} (${s.positives}${s.counted ? '' : ', not counted'}): v3 ${s.v3RocAuc}, ${incumbent.model} ${s.servedRocAuc}\n`).join('') +
      `  v3 ${entry.replaces ? 'takes it over' : 'does not take it over'}\n`,
  );
}

const report: VersusServed = {
  results: path.relative(path.resolve(HERE, '../../..'), resultsDir),
  rule: `v3 serves a class another model already serves when its held-back ROC-AUC is at least that model's on every source with >= ${summary.rule.minPositives} positives, on the same images`,
  classes,
};
writeFileSync(path.join(resultsDir, V3_VERSUS_SERVED_FILE), JSON.stringify(report, null, 1) + '\n');
