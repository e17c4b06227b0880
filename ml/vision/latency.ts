// Measures the lite analyzer end to end on single images (decode -> all models -> calibrated
// scores): p50/p95 ms per image, writes artifacts/latency.json.
// Usage: npx tsx ml/vision/latency.ts [count=40]
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseSettings } from '@modsvc/common/config';
import { createVisionAnalyzer } from '../../services/vision-inference/src/analyzer.ts';
import { settingsSchema } from '../../services/vision-inference/src/settings.ts';
import { readManifest } from './manifest.ts';

const here = path.dirname(new URL(import.meta.url).pathname);
const manifest = path.resolve(here, '../../../shared/data/images/labels.csv');
const count = Number(process.argv[2] ?? 40);
const rows = readManifest(manifest);
// Every k-th image, so that all folders are represented.
const step = Math.max(1, Math.floor(rows.length / count));
const sample = rows.filter((_, i) => i % step === 0).slice(0, count);

const t0 = performance.now();
const analyzer = createVisionAnalyzer(parseSettings(settingsSchema), { modelSet: 'lite' });
await analyzer.init();
const initMs = performance.now() - t0;
const ms: number[] = [];
for (const r of sample) {
  const data = readFileSync(path.join(path.dirname(manifest), r.file));
  const t = performance.now();
  await analyzer.analyze([{ timestamp: 0, data }]);
  ms.push(performance.now() - t);
}
await analyzer.close();
const s = [...ms].sort((a, b) => a - b);
const q = (p: number) => Math.round(s[Math.floor((s.length - 1) * p)]!);
const out = {
  images: ms.length,
  initMs: Math.round(initMs),
  p50Ms: q(0.5),
  p95Ms: q(0.95),
  meanMs: Math.round(ms.reduce((a, b) => a + b, 0) / ms.length),
  cpus: os.availableParallelism(),
  loadAverage: os.loadavg().map((v) => Math.round(v * 10) / 10),
  when: new Date().toISOString(),
};
writeFileSync(path.resolve(here, '../../services/vision-inference/artifacts/latency.json'), JSON.stringify(out, null, 1) + '\n');
process.stdout.write(JSON.stringify(out) + '\n');
