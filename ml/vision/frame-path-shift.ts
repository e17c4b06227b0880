// How far the served scores move now that a still's frame is its upload (decoded once, by the analyzer)
// and no longer frame-extractor's JPEG re-encode (EXIF orientation, at most 1280 px, flattened on white,
// quality 90), which vision v3's calibrators were fitted through: per class the mean and largest absolute
// change of the calibrated score, and the risk levels (the class's operating points) that changed.
// Every k-th kit image. Usage: npx tsx ml/vision/frame-path-shift.ts [count=300]
// Writes ml/vision/results/frame-path-shift.json.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseSettings } from '@modsvc/common/config';
import { signalRisk, riskLevel } from '@modsvc/common/domain/policy-rules';
import { createVisionAnalyzer } from '../../services/vision-inference/src/analyzer.ts';
import { settingsSchema } from '../../services/vision-inference/src/settings.ts';
import { readManifest } from './manifest.ts';
import type { VisualClass } from '@modsvc/common/classes';
const here = path.dirname(new URL(import.meta.url).pathname);
const manifest = path.resolve(here, '../../../shared/data/images/labels.csv');
const rows = readManifest(manifest);
const count = Number(process.argv[2] ?? 300);
const step = Math.max(1, Math.floor(rows.length / count));
const sample = rows.filter((_, i) => i % step === 0).slice(0, count);
/** frame-extractor's stored frame for a still before this change. */
async function oldJpeg(input: Buffer): Promise<Buffer> {
  return sharp(input, { failOn: 'truncated' }).rotate().resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true }).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
}
const analyzer = createVisionAnalyzer(parseSettings(settingsSchema), { modelSet: 'lite' });
await analyzer.init();
const diffs = new Map<string, number[]>();
const changed: string[] = [];
let levelsCompared = 0;
for (const r of sample) {
  const upload = readFileSync(path.join(path.dirname(manifest), r.file));
  const before = await analyzer.analyze([{ timestamp: 0, data: await oldJpeg(upload) }]);
  const now = await analyzer.analyze([{ timestamp: 0, data: upload }]);
  for (const [cls, p0] of Object.entries(before.scores) as [VisualClass, number | null][]) {
    const p1 = now.scores[cls];
    if (p0 == null || p1 == null) continue;
    diffs.set(cls, [...(diffs.get(cls) ?? []), Math.abs(p0 - p1)]);
    const points = before.operatingPoints?.[cls];
    if (!points) continue;
    levelsCompared++;
    const [l0, l1] = [riskLevel(signalRisk(p0, points)), riskLevel(signalRisk(p1, points))];
    if (l0 !== l1) changed.push(`${r.file} ${cls} ${l0}->${l1} ${p0.toFixed(4)}->${p1.toFixed(4)}`);
  }
}
await analyzer.close();
const classes = Object.fromEntries(
  [...diffs].map(([cls, d]) => [cls, { meanAbsChange: +(d.reduce((x, y) => x + y, 0) / d.length).toFixed(5), maxAbsChange: +Math.max(...d).toFixed(4) }]),
);
const out = { images: sample.length, levelsCompared, levelChanges: changed.length, changed, classes };
writeFileSync(path.join(here, 'results/frame-path-shift.json'), JSON.stringify(out, null, 1) + '\n');
console.log(`${sample.length} images: ${changed.length} of ${levelsCompared} risk levels changed`);
