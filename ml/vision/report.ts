// Prints the per-class markdown tables for README.md and docs/vision.md from artifacts/calibration.json.
// Usage: npx tsx ml/vision/report.ts
import { VISUAL_CLASSES, groupOf } from '@modsvc/common/classes';
import { parseSettings } from '@modsvc/common/config';
import { loadCalibration, type ClassMetrics } from '../../services/vision-inference/src/models/calibration.ts';
import { settingsSchema } from '../../services/vision-inference/src/settings.ts';

const cal = loadCalibration(parseSettings(settingsSchema.pick({ VISION_CALIBRATION: true })).VISION_CALIBRATION);
const f = (v: number | null | undefined) => (v == null ? '–' : v.toFixed(2));
const m = (x: (ClassMetrics & { falsePositiveRateAt05?: number | null }) | null | undefined) =>
  x
    ? `${x.positives}/${x.n} | ${f(x.rocAuc)} | ${f(x.averagePrecision)} | ${f(x.calibrationError)} | ${f(x.precisionAt05)} | ${f(x.recallAt05)} | ${f(x.falsePositiveRateAt05)}`
    : '– | – | – | – | – | – | –';
const lines = [
  '| group | class | model | all: pos/n | ROC-AUC | AP | ECE | P@.5 | R@.5 | FPR@.5 | real: pos/n | ROC-AUC | AP | ECE | P@.5 | R@.5 | FPR@.5 |',
  '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
];
for (const c of VISUAL_CLASSES) {
  const k = cal.classes[c];
  if (k) lines.push(`| ${groupOf(c)} | ${c} | ${k.model}${k.method === 'identity' ? ' (**uncalibrated**)' : ''} | ${m(k.metrics?.all)} | ${m(k.metrics?.photos)} |`);
}
lines.push('', '| group | class | null because |', '|---|---|---|');
for (const c of VISUAL_CLASSES) if (!cal.classes[c]) lines.push(`| ${groupOf(c)} | ${c} | ${cal.nullClasses[c] ?? 'no model'} |`);
process.stdout.write(lines.join('\n') + '\n');
