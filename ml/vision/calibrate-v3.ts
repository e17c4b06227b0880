// Vision v3's calibrators: one Platt calibrator per class that passes the publishing rule, fitted on
// the held-back folds' scores (each image scored by the fold model that never saw its source), with
// the per-source figures /v1/models reports and the class's operating points, chosen on the same
// held-back rows' calibrated probabilities (train/v3-operating-points.ts: MEDIUM recall >= 0.95 on photographs, HIGH
// precision >= 0.95, LOW recall >= 0.99). A class that fails the rule but is above chance on every
// held-back source with enough positives is published too, with quality 'limited' and a note that
// says so (it does not displace a calibrator another model serves the class with:
// mergeV3Calibration). The other classes keep null with the reason.
//
// usage: npx tsx ml/vision/calibrate-v3.ts [results dir]
//   results dir: ml/vision/v3/results/<run> (report_v3.py's summary.json + heldback.tsv)
// Writes artifacts/vision-v3.calibration.json and merges it into artifacts/calibration.json
// (calibrate.ts merges the same file whenever it rewrites calibration.json).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VISUAL_CLASSES, type VisualClass } from '@modsvc/common/classes';
import { STANDARD_CATEGORIES } from '@modsvc/common/domain/standard-policy';
import { sigmoid, type CalibrationFile, type ClassCalibrator } from '../../services/vision-inference/src/models/calibration.ts';
import { V3_CALIBRATION_FILE, mergeV3Calibration, type V3Calibration } from '../../services/vision-inference/src/models/v3-calibration.ts';
import { V3_ID, V3_MANIFEST_FILE, type V3Manifest } from '../../services/vision-inference/src/models/vision-v3.ts';
import { fitLogistic, metrics } from './logistic.ts';
import { SERVED_V3_RESULTS, heldBackLogit, inClassSubset, readV3Results, type HeldBackRow } from './v3-results.ts';
import { OFF_PHOTO_VISION_TARGETS, VISION_TARGETS, publishingTier, visionOperatingPoints } from './v3-operating-points.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const ARTIFACTS = path.resolve(HERE, '../../services/vision-inference/artifacts');
const v3Manifest = JSON.parse(readFileSync(path.join(ARTIFACTS, V3_MANIFEST_FILE), 'utf8')) as V3Manifest;
// The calibrators apply only to the network at the input size its held-back scores were made at.
const INPUT = v3Manifest.inputSize;

const resultsDir = path.resolve(process.argv[2] ?? SERVED_V3_RESULTS);
const { summary, rows, scoresFile } = readV3Results(resultsDir);
const rule = `>= ${summary.rule.minSources} held-back source repositories with >= ${summary.rule.minPositives} positives, worst ROC-AUC >= ${summary.rule.minRocAuc}`;

const classes: Partial<Record<VisualClass, ClassCalibrator>> = {};
const nullClasses: Partial<Record<VisualClass, string>> = {};
// Candidate classes a Standard category acts on: a photograph labelled with none of them is benign.
const HARMFUL_CANDIDATES = Object.entries(summary.classes)
  .filter(([c, v]) => v.candidate && STANDARD_CATEGORIES.some((cat) => cat.signals.some((sig) => 'visual' in sig && sig.visual === c)))
  .map(([c]) => c);
const r3 = (v: number | null) => (v == null ? null : Math.round(v * 1000) / 1000);

for (const [name, verdict] of Object.entries(summary.classes)) {
  if (!verdict.candidate || !(VISUAL_CLASSES as readonly string[]).includes(name)) continue;
  const cls = name as VisualClass;
  const counted = verdict.sources.filter((s) => s.positives >= summary.rule.minPositives);
  const figures = counted.map((s) => `${s.source} ${s.rocAuc?.toFixed(2)} (${s.positives})`).join(', ');
  const tier = publishingTier(verdict, summary.rule);
  if (tier.tier === 'null') {
    nullClasses[cls] = `vision v3 (ImageNet MobileNetV2, fine-tuned) does not pass the publishing rule (${rule}): ${verdict.why}${figures ? `; held back: ${figures}` : ''}; not published as limited either: ${tier.why}`;
    continue;
  }
  const known = rows.filter((r) => r[`${cls}.target`] === '0' || r[`${cls}.target`] === '1');
  const x = known.map((r) => Float64Array.of(heldBackLogit(Number(r[cls]))));
  const y = known.map((r) => Number(r[`${cls}.target`]));
  // Unweighted: the held-back images' own mix of positives and negatives (the heads were trained
  // class-balanced, so their raw probabilities overstate every class).
  const fit = fitLogistic(x, y, y.map(() => 1), { l2: 1e-3, iterations: 500 });
  const calibrated = known.map((r) => sigmoid(fit.bias + fit.weights[0]! * heldBackLogit(Number(r[cls]))));
  const photos = known.map((r, i) => [r, i] as const).filter(([r]) => r.photo === '1');
  // The points are chosen on what callers send: the class's subset (photographs; all real images for
  // the classes measured there), the benign caps counting the held-back photographs with no harmful label.
  const subset = known.map((r, i) => [r, i] as const).filter(([r]) => inClassSubset(summary, cls, r));
  // Unknown is not harmful here: alcohol is unknown on most photographs (nobody labelled it there).
  const isBenign = (r: HeldBackRow) => r.photo === '1' && HARMFUL_CANDIDATES.every((c) => r[`${c}.target`] !== '1');
  const onPhotos = summary.subsets[cls] === 'photo';
  const basis = `held-back folds of ${path.basename(resultsDir)}: every ${onPhotos ? 'photograph' : 'real image'} with a ${cls} target, each scored by the fold network that never saw its source${onPhotos ? '' : `; benign caps on the ${subset.filter(([r]) => isBenign(r)).length} held-back photographs with no harmful label`}`;
  const limited =
    tier.tier === 'limited'
      ? `; LIMITED quality: published below the publishing rule (${rule}): ${tier.why}; above chance on every held-back source with >= ${summary.rule.minPositives} positives`
      : '';
  classes[cls] = {
    model: V3_ID,
    method: 'platt',
    signals: [`v3.${cls}`],
    weights: fit.weights,
    bias: fit.bias,
    inputSize: INPUT,
    note: `vision v3: ImageNet MobileNetV2 fine-tuned on the kit, Platt-calibrated on held-back source repositories (each image scored by a model that never saw its source); ROC-AUC per held-back source: ${figures}${limited}`,
    metrics: {
      all: metrics(calibrated, y),
      photos: photos.length ? metrics(photos.map(([, i]) => calibrated[i]!), photos.map(([, i]) => y[i]!)) : null,
    },
    sources: verdict.sources.map((s) => ({ source: s.source, positives: s.positives, negatives: s.negatives, rocAuc: r3(s.rocAuc), fold: s.fold })),
    operatingPoints: visionOperatingPoints(
      cls,
      subset.map(([, i]) => calibrated[i]!),
      subset.map(([, i]) => y[i]!),
      basis,
      onPhotos ? VISION_TARGETS : OFF_PHOTO_VISION_TARGETS,
      onPhotos ? undefined : subset.map(([r]) => isBenign(r)),
    ),
    ...(tier.tier === 'limited' ? { quality: 'limited' as const } : {}),
  };
}

const v3: V3Calibration = {
  model: V3_ID,
  fittedOn: `held-back folds of ${path.relative(path.resolve(HERE, '../..'), resultsDir)} (${rows.length} held-back images, scores from ${scoresFile}; ${rule})`,
  classes,
  nullClasses,
};
writeFileSync(path.join(ARTIFACTS, V3_CALIBRATION_FILE), JSON.stringify(v3, null, 1) + '\n');
const calibrationPath = path.join(ARTIFACTS, 'calibration.json');
const merged: CalibrationFile = mergeV3Calibration(JSON.parse(readFileSync(calibrationPath, 'utf8')) as CalibrationFile, v3);
writeFileSync(calibrationPath, JSON.stringify(merged, null, 1) + '\n');
process.stderr.write(
  `published: ${Object.keys(classes).join(', ') || 'none'}; null: ${Object.keys(nullClasses).join(', ') || 'none'}\n` +
    Object.entries(classes)
      .map(([c, k]) => `  ${c}${k.quality ? ` (${k.quality})` : ''}: held-back ROC-AUC all ${k.metrics!.all.rocAuc}, photos ${k.metrics!.photos?.rocAuc}; points ${JSON.stringify(k.operatingPoints!.points)}\n`)
      .join(''),
);
