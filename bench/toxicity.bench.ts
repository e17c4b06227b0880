// Per-caption latency and throughput of the toxicity scorer on one core (Node's main thread), before
// and after in one run: "before" is the artifact of BENCH_TOXICITY_BASELINE_VERSION (default: the last
// English-only model, 1.1.0), "previous" that of BENCH_TOXICITY_PREVIOUS_VERSION (default: the previous
// release, 3.0.0), both read from git history, and "after" the one the service loads. Written to
// bench/results/toxicity.json. Run with `make bench-toxicity`.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadToxicityModel, type ToxicityScorer } from '../services/text-toxicity/src/model/scorer.ts';
import { settingsSchema } from '../services/text-toxicity/src/settings.ts';
import { parseSettings } from '@modsvc/common/config';

/** Baselines, found in git history by model version: the last English-only model and the previous release. */
const BASELINE_VERSION = process.env.BENCH_TOXICITY_BASELINE_VERSION || '1.1.0';
const PREVIOUS_VERSION = process.env.BENCH_TOXICITY_PREVIOUS_VERSION || '3.0.0';
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

const git = (args: string[]): Buffer => execFileSync('git', args, { maxBuffer: 64 << 20, stdio: ['ignore', 'pipe', 'ignore'] });

/** The newest commit whose committed artifact has `version`, copied to a temporary directory; null without git or such a commit. */
function artifactOfVersion(version: string): { dir: string; commit: string } | null {
  try {
    const commits = git(['log', '--format=%H', '--', `${ARTIFACT_PATH}/manifest.json`]).toString().split('\n').filter(Boolean);
    for (const commit of commits) {
      const manifest = git(['show', `${commit}:${ARTIFACT_PATH}/manifest.json`]);
      const m = JSON.parse(manifest.toString()) as { version?: string; bridge?: { dir: string; file: string }; wordHead?: { vectorsDir: string } };
      if (m.version !== version) continue;
      const dir = mkdtempSync(join(tmpdir(), 'toxicity-baseline-'));
      writeFileSync(join(dir, 'manifest.json'), manifest);
      for (const f of ['weights.bin', 'langid.bin', 'heads.bin', 'word-head.bin']) {
        try {
          writeFileSync(join(dir, f), git(['show', `${commit}:${ARTIFACT_PATH}/${f}`]));
        } catch {
          // Older artifacts have fewer files; the loader checks what the manifest names.
        }
      }
      // Files beside the artifact (3.0.0+: the bridge lexicon; 3.1.0+: the word vectors), as they were at that commit.
      const beside = [...(m.bridge ? [join(m.bridge.dir, m.bridge.file)] : []), ...(m.wordHead ? ['manifest.json', 'vocab.txt', 'vectors.i8'].map((f) => join(m.wordHead!.vectorsDir, f)) : [])];
      for (const rel of beside) {
        const out = join(dir, rel);
        mkdirSync(dirname(out), { recursive: true });
        writeFileSync(out, git(['show', `${commit}:${posix.normalize(`${ARTIFACT_PATH}/${rel}`)}`]));
      }
      return { dir, commit: commit.slice(0, 12) };
    }
  } catch {
    // No git history (an exported tree): no baseline.
  }
  return null;
}

function measureVersion(version: string): (ReturnType<typeof measure> & { commit: string }) | null {
  const base = artifactOfVersion(version);
  if (!base) return null;
  try {
    const b = load(base.dir);
    return { ...measure(b.scorer, b.ms), commit: base.commit };
  } finally {
    rmSync(base.dir, { recursive: true, force: true });
  }
}

const before = measureVersion(BASELINE_VERSION);
const previous = PREVIOUS_VERSION === BASELINE_VERSION ? null : measureVersion(PREVIOUS_VERSION);
const a = load();
const after = measure(a.scorer, a.ms);
const result = {
  date: new Date().toISOString(),
  node: process.version,
  note: `single thread; English captions 3-8 words, multilingual captions 3-8 words in 10 languages (hand-written); long = 50 captions (~300 words) per text scored in 40-word windows every 20 words plus one window per sentence/clause. "after" includes language identification of every text. "before" is toxicity@${BASELINE_VERSION} (English only, no language identification) and "previous" toxicity@${PREVIOUS_VERSION} (the previous release), their artifacts read from git history and scored by the current code.`,
  before,
  previous,
  after,
};
const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'toxicity.json'), `${JSON.stringify(result, null, 1)}\n`);
process.stdout.write(`${JSON.stringify(result, null, 1)}\n`);
