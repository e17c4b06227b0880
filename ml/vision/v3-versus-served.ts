// Vision v3 against the model a class is already served by, on the same held-back images: for each
// v3 candidate class that calibration.json serves from another model (alcohol: the COCO object
// detector; marijuana: the nsfwjs heads), the served pipeline without v3 scores every image of v3's
// held-back sets for that class, and both are measured per held-back source (ROC-AUC and average
// precision). v3 would be the better model where it is at least as good by both on every source the
// publishing rule counts; the service does not switch on this file (docs/vision-v3.md, "v3 against
// the models already serving a class"). The served models never trained on these images: they are the kit's real
// photographs, and the heads and calibrators were fitted on the earlier kit's other files (the COCO
// detector may have seen COCO scenes, which only favours it).
//
// usage: npx tsx ml/vision/v3-versus-served.ts [results dir]
// Writes <results dir>/versus-served.json and the served model's score of every image compared,
// versus-served.tsv (make compare-vision-v3; ~1 minute a thousand images).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VISUAL_CLASSES, type VisualClass } from '@modsvc/common/classes';
import { averagePrecision, rocAuc } from '@modsvc/common/evaluation';
import { createVisionAnalyzer } from '../../services/vision-inference/src/analyzer.ts';
import { loadCalibration, type ClassCalibrator } from '../../services/vision-inference/src/models/calibration.ts';
import { FACE_GENDER_ID } from '../../services/vision-inference/src/models/face-gender.ts';
import { HUMAN_ID, NSFW_ID, OBJECT_ID, OCR_ID } from '../../services/vision-inference/src/models/lite.ts';
import { V3_ID } from '../../services/vision-inference/src/models/vision-v3.ts';
import { settingsSchema } from '../../services/vision-inference/src/settings.ts';
import { SERVED_V3_RESULTS, inClassSubset, readV3Results, sourceImages, type HeldBackRow } from './v3-results.ts';
import { V3_VERSUS_SERVED_FILE, V3_VERSUS_SERVED_SCORES, replacesIncumbent, type VersusServed, type VersusServedClass } from './v3-versus-served-file.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const IMAGES = path.resolve(HERE, '../../../shared/data/images');
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
/** The served model's score of every image compared, for anyone to recompute the figures. */
const scoreLines = ['class\tfile\tserved'];
for (const [name, verdict] of Object.entries(summary.classes)) {
  if (!verdict.candidate || !(VISUAL_CLASSES as readonly string[]).includes(name)) continue;
  const cls = name as VisualClass;
  const incumbent = calibration.classes[cls];
  if (!incumbent || incumbent.model === V3_ID) continue;
  const known = rows.filter((r) => inClassSubset(summary, cls, r) && (r[`${cls}.target`] === '0' || r[`${cls}.target`] === '1'));
  process.stderr.write(`${cls}: ${incumbent.model} on ${known.length} held-back images\n`);
  const served = await incumbentScores(cls, incumbent, known);
  /** Both models' ROC-AUC and average precision on `images` (target = their label). */
  const figures = (images: HeldBackRow[]) => {
    const y = images.map((r) => Number(r[`${cls}.target`]));
    const v3 = images.map((r) => Number(r[cls]));
    const theirs = images.map((r) => served.get(r.file!)!);
    return {
      v3RocAuc: r4(rocAuc(v3, y)),
      servedRocAuc: r4(rocAuc(theirs, y)),
      v3AveragePrecision: r4(averagePrecision(v3, y)),
      servedAveragePrecision: r4(averagePrecision(theirs, y)),
    };
  };
  const sources = verdict.sources.map((s) => {
    const { positives: pos, negatives: neg } = sourceImages(summary, known, cls, s);
    return {
      fold: s.fold,
      source: s.source,
      positives: pos.length,
      negatives: neg.length,
      counted: pos.length >= summary.rule.minPositives,
      ...figures([...pos, ...neg]),
    };
  });
  // Every held-back image of the class at once (each scored by its own fold's network): for the record,
  // not for the rule, since three fold networks' scores are pooled.
  const pooled = { images: known.length, positives: known.filter((r) => r[`${cls}.target`] === '1').length, ...figures(known) };
  for (const r of known) scoreLines.push(`${cls}\t${r.file}\t${served.get(r.file!)!.toFixed(6)}`);
  const entry: VersusServedClass = { served: incumbent.model, sources, pooled, replaces: false };
  entry.replaces = replacesIncumbent(entry);
  classes[cls] = entry;
  process.stderr.write(
    sources
      .map(
        (s) =>
          `  ${s.source} (${s.positives}${s.counted ? '' : ', not counted'}): ROC-AUC v3 ${s.v3RocAuc}, ${incumbent.model} ${s.servedRocAuc}; AP v3 ${s.v3AveragePrecision}, ${incumbent.model} ${s.servedAveragePrecision}\n`,
      )
      .join('') +
      `  pooled over ${pooled.images} images: ROC-AUC v3 ${pooled.v3RocAuc}, ${incumbent.model} ${pooled.servedRocAuc}; AP v3 ${pooled.v3AveragePrecision}, ${incumbent.model} ${pooled.servedAveragePrecision}\n` +
      `  v3 ${entry.replaces ? 'is' : 'is not'} at least as good by both measures on every counted source\n`,
  );
}

const report: VersusServed = {
  results: path.relative(path.resolve(HERE, '../..'), resultsDir),
  rule: `v3 would serve a class better than the model serving it where its held-back ROC-AUC and average precision are at least that model's on every source with >= ${summary.rule.minPositives} positives, on the same images`,
  classes,
};
writeFileSync(path.join(resultsDir, V3_VERSUS_SERVED_FILE), JSON.stringify(report, null, 1) + '\n');
writeFileSync(path.join(resultsDir, V3_VERSUS_SERVED_SCORES), scoreLines.join('\n') + '\n');
