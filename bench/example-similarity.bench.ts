// How well a custom category defined by k = 5 example images finds other photographs of its class.
// For each class and each source repository with enough photos of it, k examples are drawn from that
// repository (DRAWS times); every photograph of the data kit from the OTHER repositories is a query:
// a positive when labelled with the class, a negative otherwise. A query's score is the best cosine
// similarity between its embedding and the examples', computed by vision-inference's own embed() (the
// code that embeds example images at publication and, frame by frame, the content of a job).
// The default min_similarity is the similarity that 99% of these negatives stay below (a 1% false-positive
// rate on held-back photographs); the score above it is a logistic fit on these pairs (equal weight to
// positives and negatives, so it reads as a probability at even odds). Both are also fitted leaving each
// class out and judged on that class, to show how they carry to a category they were not fitted on.
// Near-duplicates: edited copies of photographs (re-encoded, resized, cropped, mirrored, captioned)
// against their originals, the use where the signal is strong.
// Run: npx tsx bench/example-similarity.bench.ts   (writes bench/results/example-similarity.json)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { averagePrecision, rocAuc, statsAtThreshold } from '@modsvc/common/evaluation';
import { cosine, decodeEmbedding, encodeEmbedding } from '@modsvc/common/embeddings';
import { mulberry32, shuffleInPlace } from '@modsvc/common/seeded-random';
import { parseCsv } from '@modsvc/common/csv';
import { createVisionAnalyzer } from '../services/vision-inference/src/analyzer.ts';
import { settingsSchema } from '../services/vision-inference/src/settings.ts';
import { FACE_GENDER_ID, HUMAN_ID, OCR_ID } from '../services/vision-inference/src/models/lite.ts';
import { fitLogistic } from '../ml/vision/logistic.ts';
import { sourceRepo } from '../ml/vision/manifest.ts';
import { REPO_ROOT } from '../test/helpers/processes.ts';

// sharp as vision-inference has it (bench/ does not depend on it).
const sharp = createRequire(path.join(REPO_ROOT, 'services', 'vision-inference', 'package.json'))('sharp') as typeof import('../services/vision-inference/node_modules/sharp/lib/index.js');

const DATA = path.resolve(REPO_ROOT, '..', 'shared', 'data', 'images');
const OUT = path.join(REPO_ROOT, 'bench', 'results', 'example-similarity.json');
const CLASSES = ['firearm', 'smoking_and_tobacco', 'knife', 'alcohol', 'pills'] as const;
const K = 5;
const DRAWS = 10;
/** Photographs of the repository the examples come from must be at least this many (the k examples and room to draw). */
const MIN_SOURCE_PHOTOS = 10;
/** The held-back false-positive rate the default min_similarity allows. */
const TARGET_FPR = 0.01;
/** Every n-th photograph is edited for the near-duplicate figures. */
const DUPLICATE_EVERY = 50;

interface Photo {
  file: string;
  labels: Set<string>;
  repo: string;
}

function loadPhotos(): Photo[] {
  const [header, ...rows] = parseCsv(fs.readFileSync(path.join(DATA, 'labels.csv'), 'utf8'));
  const col = (name: string) => header!.indexOf(name);
  return rows
    .filter((r) => r.length >= 3)
    .map((r) => ({ file: r[col('file')]!, labels: new Set(r[col('labels')]!.split(';')), repo: sourceRepo(r[col('source')]!) }))
    .filter((p) => p.labels.has('photo'));
}

function sample<T>(items: readonly T[], k: number, rand: () => number): T[] {
  return shuffleInPlace([...items], rand).slice(0, k);
}

interface Pair {
  cls: string;
  similarity: number;
  positive: boolean;
}

/** p(similarity) = sigmoid(a * similarity + b), positives and negatives weighted to equal totals. */
function fitMapping(pairs: Pair[]): { a: number; b: number } {
  const pos = pairs.filter((p) => p.positive).length;
  const neg = pairs.length - pos;
  const m = fitLogistic(
    pairs.map((p) => Float64Array.of(p.similarity)),
    pairs.map((p) => (p.positive ? 1 : 0)),
    pairs.map((p) => (p.positive ? pairs.length / (2 * pos) : pairs.length / (2 * neg))),
    { l2: 0, iterations: 2000, learningRate: 0.05 },
  );
  return { a: m.weights[0]!, b: m.bias };
}

/** The similarity that a share `1 - fpr` of the negatives stay below. */
function fprThreshold(pairs: Pair[], fpr: number): number {
  const neg = pairs
    .filter((p) => !p.positive)
    .map((p) => p.similarity)
    .sort((a, b) => a - b);
  return neg[Math.min(neg.length - 1, Math.ceil((1 - fpr) * neg.length))]!;
}

/** Edited copies of a photograph, as uploads of the same picture tend to differ. */
async function edits(bytes: Buffer): Promise<Record<string, Buffer>> {
  const img = sharp(bytes);
  const { width = 0, height = 0 } = await img.metadata();
  const band = Buffer.from(`<svg width="${width}" height="${Math.round(height * 0.18)}"><rect width="100%" height="100%" fill="white"/><text x="10" y="70%" font-size="${Math.round(height * 0.1)}" fill="black">when the weekend finally arrives</text></svg>`);
  return {
    jpeg_q40: await sharp(bytes).jpeg({ quality: 40 }).toBuffer(),
    half_size: await sharp(bytes).resize(Math.round(width / 2)).jpeg().toBuffer(),
    center_crop_70: await sharp(bytes).extract({ left: Math.round(width * 0.15), top: Math.round(height * 0.15), width: Math.round(width * 0.7), height: Math.round(height * 0.7) }).jpeg().toBuffer(),
    mirrored: await sharp(bytes).flop().jpeg().toBuffer(),
    caption_band: await sharp(bytes).composite([{ input: band, top: 0, left: 0 }]).jpeg().toBuffer(),
  };
}

const round = (x: number | null, d = 4) => (x === null ? null : Math.round(x * 10 ** d) / 10 ** d);

function figures(pairs: Pair[], threshold: number) {
  const s = pairs.map((p) => p.similarity);
  const y = pairs.map((p) => (p.positive ? 1 : 0));
  const at = statsAtThreshold(s, y, threshold);
  return {
    queries: pairs.length,
    positives: at.tp + at.fn,
    negatives: at.fp + at.tn,
    roc_auc: round(rocAuc(s, y)),
    average_precision: round(averagePrecision(s, y)),
    at_threshold: { threshold: round(threshold), precision: round(at.precision), recall: round(at.recall), tp: at.tp, fp: at.fp, fn: at.fn, tn: at.tn },
  };
}

async function main() {
  const photos = loadPhotos();
  const settings = settingsSchema.parse({});
  // Only the embedding network (nsfwjs' MobileNetV2) is needed; embed() runs nothing else.
  const analyzer = createVisionAnalyzer(settings, { modelSet: 'lite', objects: false, disableModels: [HUMAN_ID, FACE_GENDER_ID, OCR_ID] });
  await analyzer.init();
  const started = performance.now();
  const vectors = new Map<string, Float32Array>();
  let model = '';
  const batch = 16;
  for (let i = 0; i < photos.length; i += batch) {
    const chunk = photos.slice(i, i + batch);
    const out = await analyzer.embed(chunk.map((p) => fs.readFileSync(path.join(DATA, p.file))));
    model = out.model;
    // Stored as the service stores them (int8), so the figures include the quantisation.
    chunk.forEach((p, j) => vectors.set(p.file, decodeEmbedding(encodeEmbedding(out.vectors[j]!))));
    if ((i / batch) % 20 === 0) console.error(`embedded ${Math.min(i + batch, photos.length)}/${photos.length}`);
  }
  const embedSeconds = (performance.now() - started) / 1000;

  const duplicates: Record<string, number[]> = {};
  for (const p of photos.filter((_, i) => i % DUPLICATE_EVERY === 0)) {
    const original = vectors.get(p.file)!;
    const variants = await edits(fs.readFileSync(path.join(DATA, p.file)));
    const out = await analyzer.embed(Object.values(variants));
    Object.keys(variants).forEach((name, j) => (duplicates[name] ??= []).push(cosine(original, decodeEmbedding(encodeEmbedding(out.vectors[j]!)))));
  }
  await analyzer.close();

  const rand = mulberry32(20261124);
  const pairs: Pair[] = [];
  const setups: { class: string; example_repo: string; source_photos: number; draws: number; held_back_repos: string[]; positives: number; negatives: number }[] = [];
  const skipped: { class: string; reason: string }[] = [];
  for (const cls of CLASSES) {
    const positives = photos.filter((p) => p.labels.has(cls));
    const repos = [...new Set(positives.map((p) => p.repo))].sort();
    if (repos.length < 2) {
      skipped.push({ class: cls, reason: `its ${positives.length} photographs come from one repository (${repos.join(', ')}): nothing to hold back` });
      continue;
    }
    for (const repo of repos) {
      const source = positives.filter((p) => p.repo === repo);
      if (source.length < MIN_SOURCE_PHOTOS) continue;
      const queries = photos.filter((p) => p.repo !== repo);
      const qPos = queries.filter((p) => p.labels.has(cls)).length;
      setups.push({
        class: cls,
        example_repo: repo,
        source_photos: source.length,
        draws: DRAWS,
        held_back_repos: [...new Set(queries.filter((p) => p.labels.has(cls)).map((p) => p.repo))].sort(),
        positives: qPos,
        negatives: queries.length - qPos,
      });
      for (let d = 0; d < DRAWS; d++) {
        const examples = sample(source, K, rand).map((p) => vectors.get(p.file)!);
        for (const q of queries) {
          const v = vectors.get(q.file)!;
          let best = -1;
          for (const e of examples) best = Math.max(best, cosine(v, e));
          pairs.push({ cls, similarity: best, positive: q.labels.has(cls) });
        }
      }
    }
  }

  const mapping = fitMapping(pairs);
  const threshold = fprThreshold(pairs, TARGET_FPR);
  const classes = [...new Set(pairs.map((p) => p.cls))];
  const perClass = classes.map((cls) => {
    const own = pairs.filter((p) => p.cls === cls);
    const outThreshold = fprThreshold(
      pairs.filter((p) => p.cls !== cls),
      TARGET_FPR,
    );
    return {
      class: cls,
      ...figures(own, threshold),
      leave_class_out: { ...figures(own, outThreshold).at_threshold },
    };
  });
  const sortedCopy = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const nearDuplicates = Object.fromEntries(
    Object.entries(duplicates).map(([name, sims]) => {
      const s = sortedCopy(sims);
      return [name, { copies: s.length, min: round(s[0]!), median: round(s[Math.floor(s.length / 2)]!), at_or_above_min_similarity: round(s.filter((x) => x >= threshold).length / s.length) }];
    }),
  );
  const result = {
    generated_by: 'bench/example-similarity.bench.ts',
    data: '../shared/data/images/labels.csv (photographs only)',
    embedding_model: model,
    quantisation: 'int8 per vector (as stored)',
    k: K,
    draws_per_source: DRAWS,
    photos_embedded: photos.length,
    embed_seconds_per_image: round(embedSeconds / photos.length, 3),
    mapping: {
      formula: 'score = sigmoid(a * similarity + b) where similarity >= min_similarity, else 0',
      a: round(mapping.a),
      b: round(mapping.b),
      default_min_similarity: round(threshold),
      default_min_similarity_is: `the similarity ${100 - TARGET_FPR * 100}% of the held-back negatives stay below`,
    },
    note: 'Each query is counted once per draw of examples (DRAWS draws per example repository). Negatives are photographs of other classes and benign scenes from repositories other than the examples\'; labels are partial (a source labelled only the classes it set out to), so an unlabelled object can make a counted false positive.',
    pooled: figures(pairs, threshold),
    near_duplicates: nearDuplicates,
    classes: perClass,
    setups,
    skipped,
  };
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, JSON.stringify(result, null, 2) + '\n');
  console.log(JSON.stringify({ mapping: result.mapping, pooled: result.pooled, near_duplicates: nearDuplicates, classes: perClass }, null, 2));
}

await main();
