// Vision v3's held-back images scored through the served path: for each fold of a run (report_v3.py's
// <results>/heldback.tsv), every image that fold held back is read from the kit, turned into the
// stored frame by frame-extractor's own image step (imageFrames: a still's frame is the upload itself),
// decoded by the analyzer's decodeFrame (EXIF orientation, VISION_DECODE_MAX_SIDE) and run
// through v3Predict (fillView / resizeFill to 224, RGB / 255) on that fold's ONNX export, loaded as
// the service loads vision v3 (v3Loader). The Python scores (PIL's resize of the kit file, v2.eval_view,
// through PyTorch) see other pixels than production; calibrators fitted on these scores see the same
// as the service (docs/vision-v3.md, "Held-back scores through the served path").
//
// usage: npx tsx ml/vision/v3-heldback-served.ts [results dir] [--exports <dir>]
//          [--model-for-all <manifest.json|model.onnx>] [--limit N] [--out <dir>] [--batch 16] [--threads 2]
//   results dir   default ml/vision/v3/results/run5-batch7 (make train-vision-v4's run)
//   --exports     <dir>/<fold>/vision-v3.{json,onnx} per fold (make export-vision-v4-folds), default
//                 train/.cache/v3/export-v4
//   --model-for-all  one network for every fold (a trial of the script, e.g. artifacts/vision-v3.json)
//   --limit N     N held-back rows, evenly spaced over the file (a trial)
// Writes <out>/heldback-served.tsv (heldback.tsv's columns and rows, the class columns the served
// sigmoid(logit), 6 decimals) and <out>/heldback-served.json (provenance, Python-vs-served differences,
// ROC-AUC both ways). <out> is the results dir for a full run on the fold exports; a trial
// (--model-for-all or --limit) goes to train/.cache/v3/heldback-served-trial/<run> and may not be
// written into a results dir (readV3Results would take its scores for the run's). A full run refuses a
// kit whose labels.csv is not the run's, and a fold export of another fold or other labels.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rocAuc } from '@modsvc/common/evaluation';
import { imageFrames, settingsSchema as frameSettingsSchema, type ImageLimits } from '@modsvc/frame-extractor';
import { sigmoid } from '../../services/vision-inference/src/models/calibration.ts';
import { decodeFrame, type DecodedFrame, type FillViews } from '../../services/vision-inference/src/models/preprocess.ts';
import { readV3Manifest, v3Loader, v3Predict, v3Spec, type V3Handle } from '../../services/vision-inference/src/models/vision-v3.ts';
import { settingsSchema as visionSettingsSchema, type VisionSettings } from '../../services/vision-inference/src/settings.ts';
import { HELDBACK_FILE, HELDBACK_SERVED_FILE, inClassSubset, readHeldBackTsv, sourceImages, type HeldBackRow, type V3Summary } from './v3-results.ts';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const REPO = path.resolve(HERE, '../..');
/** The kit beside the repository (../shared/data/images). */
export const KIT_IMAGES = path.resolve(REPO, '../shared/data/images');
export const DEFAULT_RESULTS = path.join(HERE, 'v3/results/run5-batch7');
export const DEFAULT_EXPORTS = path.join(HERE, '.cache/v3/export-v4');
const TRIAL_DIR = path.join(HERE, '.cache/v3/heldback-served-trial');
/** heldback.tsv's columns before the classes. */
const ID_COLUMNS = ['fold', 'file', 'source', 'real', 'photo'];

/** What production's defaults give: frame-extractor's image limits and the analyzer's decode. */
export function servedSettings(threads = 2): { frame: ImageLimits; vision: VisionSettings } {
  return {
    frame: frameSettingsSchema.parse({}),
    vision: visionSettingsSchema.parse({ VISION_ORT_PROVIDER: 'cpu', VISION_THREADS: String(threads) }),
  };
}

/** The frame the frame-extractor stores for an uploaded still image (the upload itself), as a job's vision-inference stage reads it. */
export async function storedFrame(upload: Buffer, limits: ImageLimits): Promise<Buffer> {
  const img = await imageFrames(upload, limits);
  if (img.frames.length !== 1) throw new Error(`an animated image (${img.frames.length} frames): the held-back scores are of stills`);
  return img.frames[0]!.data;
}

/** An upload as the analyzer sees its one frame: frame-extractor's stored frame, then decodeFrame. */
export async function servedFrame(upload: Buffer, s: { frame: ImageLimits; vision: VisionSettings }): Promise<DecodedFrame> {
  return decodeFrame(await storedFrame(upload, s.frame), s.vision.VISION_DECODE_MAX_SIDE, s.vision.VISION_PIXEL_LIMIT);
}

/** A vision v3 network loaded as the service loads it (v3Loader on the manifest's registry entry); `sha256` is the ONNX file's. */
export async function loadV3(manifestFile: string, vision: VisionSettings): Promise<{ handle: V3Handle; onnx: string; sha256: string; trainedOnFold: string | null; trainedOnLabels: string | null; close: () => Promise<void> }> {
  const read = readV3Manifest(manifestFile);
  if (!read) throw new Error(`no vision v3 manifest at ${manifestFile}`);
  if (!read.manifest) throw new Error(read.error);
  const m = read.manifest;
  const spec = v3Spec(m, manifestFile);
  const onnx = spec.files[0]!.path;
  const sha256 = createHash('sha256').update(readFileSync(onnx)).digest('hex');
  if (sha256 !== m.sha256.toLowerCase()) throw new Error(`${onnx}: sha256 ${sha256}, its manifest says ${m.sha256}`);
  const loader = v3Loader(m, vision);
  const handle = await loader.load(spec);
  // export_v3.py's manifest names the fold its network held back (trainedOn.fold; the schema keeps only what serving reads)
  const trainedOn = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { trainedOn?: { fold?: string; labelsSha256?: string } }).trainedOn;
  return { handle, onnx, sha256, trainedOnFold: trainedOn?.fold ?? null, trainedOnLabels: trainedOn?.labelsSha256 ?? null, close: () => loader.close!(handle) };
}

/** sigmoid(logit) per manifest class of each frame, as the analyzer's v3.<class> signals (one batch, views shared as in a batch). */
export async function servedProbabilities(h: V3Handle, frames: DecodedFrame[]): Promise<Record<string, number>[]> {
  const views: FillViews = new Map();
  const out = await v3Predict(h, frames, views);
  return out.map((o) => Object.fromEntries(h.manifest.classes.map((c, k) => [c, sigmoid(o.logits[k] as number)])));
}

interface Args {
  results: string;
  exports: string;
  modelForAll: string | null;
  limit: number | null;
  out: string | null;
  batch: number;
  threads: number;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { results: DEFAULT_RESULTS, exports: DEFAULT_EXPORTS, modelForAll: null, limit: null, out: null, batch: 16, threads: 2 };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${k} needs a value`);
      return v;
    };
    if (k === '--exports') a.exports = path.resolve(value());
    else if (k === '--model-for-all') a.modelForAll = path.resolve(value());
    else if (k === '--limit') a.limit = Number(value());
    else if (k === '--out') a.out = path.resolve(value());
    else if (k === '--batch') a.batch = Number(value());
    else if (k === '--threads') a.threads = Number(value());
    else if (k.startsWith('--')) throw new Error(`unknown option ${k}`);
    else a.results = path.resolve(k);
  }
  for (const [k, v] of [['--limit', a.limit], ['--batch', a.batch], ['--threads', a.threads]] as const) {
    if (v !== null && !(Number.isInteger(v) && v >= 1)) throw new Error(`${k} must be a whole number >= 1`);
  }
  return a;
}

/** `n` of `rows`, evenly spaced (every fold represented in a trial). */
function evenly<T>(rows: T[], n: number | null): T[] {
  if (n === null || n >= rows.length) return rows;
  return Array.from({ length: n }, (_, i) => rows[Math.floor((i * rows.length) / n)]!);
}

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;
const r4 = (v: number | null) => (v === null ? null : Math.round(v * 1e4) / 1e4);
const rel = (p: string) => path.relative(REPO, p);

/** ROC-AUC of `cls` on `rows` (targets 0/1 only) with the scores of `scored`. */
function classAuc(rows: HeldBackRow[], cls: string, scored: Map<string, HeldBackRow>): number | null {
  const known = rows.filter((r) => r[`${cls}.target`] === '0' || r[`${cls}.target`] === '1');
  return rocAuc(
    known.map((r) => Number(scored.get(r.file!)![cls])),
    known.map((r) => Number(r[`${cls}.target`])),
  );
}

async function main(): Promise<void> {
  const a = parseArgs(process.argv.slice(2));
  const trial = a.modelForAll !== null || a.limit !== null;
  const out = a.out ?? (trial ? path.join(TRIAL_DIR, path.basename(a.results)) : a.results);
  if (trial && existsSync(path.join(out, 'summary.json'))) throw new Error(`${out} is a results dir: a trial (--model-for-all or --limit) is not written there (give --out elsewhere)`);
  const summary = JSON.parse(readFileSync(path.join(a.results, 'summary.json'), 'utf8')) as V3Summary;
  const { columns, rows: all } = readHeldBackTsv(path.join(a.results, HELDBACK_FILE));
  if (ID_COLUMNS.some((c, i) => columns[i] !== c)) throw new Error(`${HELDBACK_FILE}: the columns start ${columns.slice(0, 5).join(', ')}, not ${ID_COLUMNS.join(', ')}`);
  const classes = columns.filter((c) => !ID_COLUMNS.includes(c) && !c.endsWith('.target'));
  const rows = evenly(all, a.limit);
  const folds = [...new Set(rows.map((r) => r.fold!))];
  const labelsSha256 = createHash('sha256').update(readFileSync(path.join(KIT_IMAGES, 'labels.csv'))).digest('hex');
  const runLabels = (summary as V3Summary & { labelsSha256?: string }).labelsSha256 ?? null;
  if (labelsSha256 !== runLabels) {
    const msg = `the kit's labels.csv (${labelsSha256.slice(0, 12)}) is not the one ${path.basename(a.results)} was trained on (${runLabels?.slice(0, 12)})`;
    if (!trial) throw new Error(msg);
    process.stderr.write(`note: ${msg}\n`);
  }
  const s = servedSettings(a.threads);
  const served = new Map<string, HeldBackRow>();
  const foldInfo: Record<string, { manifest: string; onnx: string; sha256: string; version: string; trainedOnFold: string | null; images: number; seconds: number }> = {};
  const started = performance.now();
  for (const fold of folds) {
    const manifestFile = a.modelForAll ? (a.modelForAll.endsWith('.onnx') ? a.modelForAll.replace(/\.onnx$/, '.json') : a.modelForAll) : path.join(a.exports, fold, 'vision-v3.json');
    if (!existsSync(manifestFile)) throw new Error(`fold ${fold}: no ${manifestFile} (make export-vision-v4-folds)`);
    const { handle, onnx, sha256, trainedOnFold, trainedOnLabels, close } = await loadV3(manifestFile, s.vision);
    const manifest = handle.manifest;
    let wrong: string | null = null;
    if (!a.modelForAll && trainedOnFold !== fold) wrong = `fold ${trainedOnFold}'s network, not fold ${fold}'s`;
    else if (!trial && trainedOnLabels !== runLabels) wrong = `trained on labels ${trainedOnLabels?.slice(0, 12)}, not the run's ${runLabels?.slice(0, 12)}`;
    if (wrong) {
      await close();
      throw new Error(`${manifestFile}: ${wrong}`);
    }
    const missing = classes.filter((c) => !manifest.classes.includes(c));
    if (missing.length) throw new Error(`${manifestFile} has no ${missing.join(', ')}`);
    const mine = rows.filter((r) => r.fold === fold);
    const foldStarted = performance.now();
    const frames = (batch: HeldBackRow[]) => Promise.all(batch.map((r) => servedFrame(readFileSync(path.join(KIT_IMAGES, r.file!)), s)));
    try {
      // The next batch is decoded (libvips threads) while onnxruntime runs this one.
      let next = frames(mine.slice(0, a.batch));
      for (let i = 0; i < mine.length; i += a.batch) {
        const batch = mine.slice(i, i + a.batch);
        const decoded = await next;
        next = frames(mine.slice(i + a.batch, i + 2 * a.batch));
        const probs = await servedProbabilities(handle, decoded);
        batch.forEach((r, j) => served.set(r.file!, { ...r, ...Object.fromEntries(classes.map((c) => [c, probs[j]![c]!.toFixed(6)])) }));
        process.stderr.write(`\rfold ${fold}: ${Math.min(i + a.batch, mine.length)}/${mine.length}`);
      }
      await next;
    } finally {
      await close();
    }
    const seconds = (performance.now() - foldStarted) / 1000;
    process.stderr.write(` (${seconds.toFixed(1)} s)\n`);
    foldInfo[fold] = { manifest: rel(manifestFile), onnx: rel(onnx), sha256, version: manifest.version, trainedOnFold, images: mine.length, seconds: Math.round(seconds * 10) / 10 };
  }
  const seconds = (performance.now() - started) / 1000;

  const servedRows = rows.map((r) => served.get(r.file!)!);
  const perClass: Record<string, unknown> = {};
  for (const cls of classes) {
    const d = rows.map((r) => Math.abs(Number(served.get(r.file!)![cls]) - Number(r[cls])));
    let worst = 0;
    for (let i = 1; i < d.length; i++) if (d[i]! > d[worst]!) worst = i;
    const subset = rows.filter((r) => inClassSubset(summary, cls, r));
    const python = new Map(rows.map((r) => [r.file!, r]));
    const verdict = summary.classes[cls];
    perClass[cls] = {
      meanAbsDiff: r6(d.reduce((x, y) => x + y, 0) / d.length),
      maxDiff: r6(d[worst]!),
      maxDiffFile: rows[worst]!.file,
      subset: summary.subsets[cls] ?? null,
      rocAuc: { python: r4(classAuc(subset, cls, python)), served: r4(classAuc(subset, cls, served)) },
      // The sources the publishing rule counts, both ways (report_v3.py's figures are the Python ones).
      sources: (verdict?.sources ?? [])
        .filter((x) => x.positives >= summary.rule.minPositives)
        .map((x) => {
          const { positives, negatives } = sourceImages(summary, rows, cls, x);
          const sub = [...positives, ...negatives];
          return { fold: x.fold, source: x.source, positives: positives.length, negatives: negatives.length, python: r4(classAuc(sub, cls, python)), served: r4(classAuc(sub, cls, served)) };
        }),
    };
  }
  mkdirSync(out, { recursive: true });
  const lines = [columns.join('\t'), ...servedRows.map((r) => columns.map((c) => r[c]).join('\t'))];
  writeFileSync(path.join(out, HELDBACK_SERVED_FILE), lines.join('\n') + '\n');
  const provenance = {
    results: rel(a.results),
    scoresOf: HELDBACK_FILE,
    trial: trial ? { modelForAll: a.modelForAll ? rel(a.modelForAll) : null, limit: a.limit, rowsOf: all.length } : null,
    kit: { images: rel(KIT_IMAGES), labelsSha256, runLabelsSha256: (summary as V3Summary & { labelsSha256?: string }).labelsSha256 ?? null },
    folds: foldInfo,
    pipeline: [
      `@modsvc/frame-extractor imageFrames (the stored frame: a still's upload itself)`,
      `vision-inference decodeFrame (src/models/preprocess.ts: EXIF orientation, longest side <= VISION_DECODE_MAX_SIDE ${s.vision.VISION_DECODE_MAX_SIDE}, flattened on white, sRGB)`,
      `v3Predict (src/models/vision-v3.ts: fillView / resizeFill to the manifest's inputSize, RGB / 255, NCHW) on onnxruntime-node cpu, ${a.threads} threads, batches of ${a.batch}, loaded by v3Loader`,
      'sigmoid(logit) per class (the v3.<class> signal, uncalibrated), 6 decimals',
    ],
    images: rows.length,
    seconds: Math.round(seconds * 10) / 10,
    secondsPerImage: Math.round((seconds / rows.length) * 10000) / 10000,
    classes: perClass,
  };
  writeFileSync(path.join(out, 'heldback-served.json'), JSON.stringify(provenance, null, 2) + '\n');
  process.stderr.write(`${rows.length} images in ${seconds.toFixed(1)} s (${((1000 * seconds) / rows.length).toFixed(1)} ms each) -> ${rel(path.join(out, HELDBACK_SERVED_FILE))}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    process.stderr.write(`${(err as Error).stack ?? err}\n`);
    process.exit(1);
  });
}
