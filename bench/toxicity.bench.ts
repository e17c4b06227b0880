// Per-caption latency of the toxicity scorer on one core (Node's main thread), written to
// bench/results/toxicity.json. Run with `make bench-toxicity`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadToxicityModel } from '../services/text-toxicity/src/model/scorer.ts';
import { settingsSchema } from '../services/text-toxicity/src/settings.ts';
import { parseSettings } from '@modsvc/common/config';

const SUBJECTS = ['my dog', 'this view', 'the new bike', 'you', 'our team', 'that referee', 'grandma', 'the city at night', 'these idiots', 'the game'];
const PREDICATES = ['looks amazing today', 'is the best thing ever', 'is so fucking stupid', 'should be banned', 'made my day', 'are trash, get lost', 'at sunset #travel', 'never fails 😂😂', 'is a total b1tch lol', 'won again!!!'];

function captions(n: number): string[] {
  // Deterministic mix of short captions (no randomness needed).
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(`${SUBJECTS[i % SUBJECTS.length]} ${PREDICATES[(i * 7 + Math.floor(i / 10)) % PREDICATES.length]}`);
  return out;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function time(fn: () => void): number {
  const t = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const t0 = process.hrtime.bigint();
const scorer = loadToxicityModel(parseSettings(settingsSchema));
const loadMs = Number(process.hrtime.bigint() - t0) / 1e6;
const caps = captions(3000);
for (const c of caps.slice(0, 500)) scorer.scoreOne(c);
const lat = caps.map((c) => time(() => scorer.scoreOne(c))).sort((a, b) => a - b);
const long = Array.from({ length: 20 }, (_, i) => `${caps.slice(i * 50, i * 50 + 50).join('. ')}.`);
const longLat = long.map((t) => time(() => scorer.scoreOne(t))).sort((a, b) => a - b);
const result = {
  model: scorer.modelId,
  date: new Date().toISOString(),
  node: process.version,
  note: 'single thread; captions 3-8 words; long = 50 captions (~300 words) per text scored in 40-word windows every 20 words plus one window per sentence/clause',
  loadMs: +loadMs.toFixed(1),
  caption: { n: lat.length, p50Ms: +percentile(lat, 50).toFixed(4), p95Ms: +percentile(lat, 95).toFixed(4), meanMs: +(lat.reduce((a, b) => a + b, 0) / lat.length).toFixed(4) },
  longText: { n: longLat.length, words: long[0]!.split(/\s+/).length, p50Ms: +percentile(longLat, 50).toFixed(3), p95Ms: +percentile(longLat, 95).toFixed(3) },
};
const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'toxicity.json'), `${JSON.stringify(result, null, 1)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
