// Per-caption latency and throughput of the toxicity scorer on one core (Node's main thread), before
// and after in one run: "before" is the artifact at BENCH_TOXICITY_BASELINE_REF (default: the last
// English-only model, 1.1.0, read from git history), "after" the one the service loads. Written to
// bench/results/toxicity.json. Run with `make bench-toxicity`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadToxicityModel, type ToxicityScorer } from '../services/text-toxicity/src/model/scorer.ts';
import { settingsSchema } from '../services/text-toxicity/src/settings.ts';
import { parseSettings } from '@modsvc/common/config';

/** The commit whose artifact is the baseline (toxicity@1.1.0, English only). */
const BASELINE_REF = process.env.BENCH_TOXICITY_BASELINE_REF || 'cce7a53';
const ARTIFACT_PATH = 'services/text-toxicity/artifacts/toxicity-v1';

const SUBJECTS = ['my dog', 'this view', 'the new bike', 'you', 'our team', 'that referee', 'grandma', 'the city at night', 'these idiots', 'the game'];
const PREDICATES = ['looks amazing today', 'is the best thing ever', 'is so fucking stupid', 'should be banned', 'made my day', 'are trash, get lost', 'at sunset #travel', 'never fails 😂😂', 'is a total b1tch lol', 'won again!!!'];
/** Short captions in the kit's other languages (hand-written). */
const MULTILINGUAL = [
  'Ein Foto von meinem Hund am Strand', 'Halt die Fresse, du Idiot', 'Una foto de mi perro en la playa', 'Vete a la mierda, hijo de puta',
  'Köpeğimin sahildeki bir fotoğrafı', 'Siktir git orospu çocuğu', 'Zdjęcie mojego psa na plaży', 'Spierdalaj, ty głupi chuju',
  'Uma foto do meu cachorro na praia', 'Cala a boca, sua vadia nojenta', 'Μια φωτογραφία του σκύλου μου στην παραλία', 'Άντε γαμήσου μαλάκα',
  'صورة لكلبي على الشاطئ', 'يا ابن الكلب يا حقير', '해변에서 찍은 우리 강아지 사진', '닥쳐 이 병신아', 'Et billede af min hund på stranden',
  'Hold kæft din lille lort', 'Una foto del mio cane in spiaggia', 'Sei un idiota di merda',
];

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

function stats(lat: number[]): { n: number; textsPerSecond: number; p50Ms: number; p95Ms: number; p99Ms: number; meanMs: number } {
  const s = [...lat].sort((a, b) => a - b);
  const total = s.reduce((a, b) => a + b, 0);
  return {
    n: s.length,
    textsPerSecond: Math.round((s.length / total) * 1000),
    p50Ms: +percentile(s, 50).toFixed(4),
    p95Ms: +percentile(s, 95).toFixed(4),
    p99Ms: +percentile(s, 99).toFixed(4),
    meanMs: +(total / s.length).toFixed(4),
  };
}

function measure(scorer: ToxicityScorer, loadMs: number) {
  const caps = captions(3000);
  const multi = Array.from({ length: 3000 }, (_, i) => MULTILINGUAL[i % MULTILINGUAL.length]!);
  for (const c of [...caps.slice(0, 500), ...multi.slice(0, 500)]) scorer.scoreOne(c);
  const lat = caps.map((c) => time(() => scorer.scoreOne(c)));
  const multiLat = multi.map((c) => time(() => scorer.scoreOne(c)));
  const long = Array.from({ length: 20 }, (_, i) => `${caps.slice(i * 50, i * 50 + 50).join('. ')}.`);
  const longLat = long.map((t) => time(() => scorer.scoreOne(t))).sort((a, b) => a - b);
  return {
    model: scorer.modelId,
    languages: scorer.languages().length,
    loadMs: +loadMs.toFixed(1),
    caption: stats(lat),
    multilingualCaption: stats(multiLat),
    longText: { n: longLat.length, words: long[0]!.split(/\s+/).length, p50Ms: +percentile(longLat, 50).toFixed(3), p95Ms: +percentile(longLat, 95).toFixed(3) },
  };
}

function load(dir?: string): { scorer: ToxicityScorer; ms: number } {
  const t0 = process.hrtime.bigint();
  const scorer = loadToxicityModel(dir ? { TOXICITY_MODEL_DIR: dir } : parseSettings(settingsSchema));
  return { scorer, ms: Number(process.hrtime.bigint() - t0) / 1e6 };
}

/** The baseline artifact from git history, or null (no git, or the ref is not there). */
function baselineDir(): string | null {
  try {
    const dir = mkdtempSync(join(tmpdir(), 'toxicity-baseline-'));
    for (const f of ['manifest.json', 'weights.bin']) {
      const buf = execFileSync('git', ['show', `${BASELINE_REF}:${ARTIFACT_PATH}/${f}`], { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });
      writeFileSync(join(dir, f), buf);
    }
    return dir;
  } catch {
    return null;
  }
}

const base = baselineDir();
let before: ReturnType<typeof measure> | null = null;
if (base) {
  const b = load(base);
  before = measure(b.scorer, b.ms);
  rmSync(base, { recursive: true, force: true });
}
const a = load();
const after = measure(a.scorer, a.ms);
const result = {
  date: new Date().toISOString(),
  node: process.version,
  note: 'single thread; English captions 3-8 words, multilingual captions 3-8 words in 10 languages (hand-written); long = 50 captions (~300 words) per text scored in 40-word windows every 20 words plus one window per sentence/clause. "after" includes language identification of every text. "before" is the artifact at ' + BASELINE_REF + ' (English only, no language identification) scored by the current code.',
  before,
  after,
};
const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'toxicity.json'), `${JSON.stringify(result, null, 1)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
