// A committed vision v3 run (ml/vision/v3/results/<run>/, written by report_v3.py): the publishing
// rule's verdicts per class with every held-back source's figures (summary.json), and every
// held-back image's score and target per candidate class (heldback.tsv, the Python scores; or
// heldback-served.tsv, the same rows scored through the service's own path by v3-heldback-served.ts,
// preferred when present). Read by calibrate-v3.ts and by test/v3-holdout.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface SourceFigure {
  fold: string;
  source: string;
  positives: number;
  negatives: number;
  rocAuc: number | null;
}

export interface Verdict {
  candidate: boolean;
  passes: boolean;
  why: string;
  worstRocAuc: number | null;
  sources: SourceFigure[];
}

export interface V3Summary {
  folds: Record<string, string[]>;
  /** Repositories that share originals, counted as one source: repository -> family. */
  families: Record<string, string>;
  rule: { minSources: number; minPositives: number; minRocAuc: number };
  /** Per class, the images its figures are on: photographs, or all real images. */
  subsets: Record<string, 'photo' | 'real'>;
  classes: Record<string, Verdict>;
}

/**
 * The run whose held-back figures and calibrators are served: run 4, run 3's recipe on the corrected
 * kit (kit-errata.csv) with the three violence sources in three folds (docs/vision-v3.md). Its `all`
 * network is run 3's (the folds do not touch it). `make calibrate-vision-v3` and
 * test/v3-holdout.test.ts read it.
 */
export const SERVED_V3_RESULTS = path.join(path.dirname(new URL(import.meta.url).pathname), 'v3/results/run5-batch7');

/** heldback.tsv's rows: fold, file, source (family), real, photo, and `<class>` / `<class>.target` per candidate class. */
export type HeldBackRow = Record<string, string>;

/** Whether a held-back image is in the subset a class's figures are on: photographs, or all real images. */
export function inClassSubset(summary: V3Summary, cls: string, r: HeldBackRow): boolean {
  return summary.subsets[cls] === 'photo' ? r.photo === '1' : r.real === '1';
}

/** The images a per-source figure of `cls` rests on: that source's positives and every negative of its fold, in the class's subset. */
export function sourceImages(summary: V3Summary, rows: HeldBackRow[], cls: string, s: Pick<SourceFigure, 'fold' | 'source'>): { positives: HeldBackRow[]; negatives: HeldBackRow[] } {
  const fold = rows.filter((r) => r.fold === s.fold && inClassSubset(summary, cls, r));
  return {
    positives: fold.filter((r) => r.source === s.source && r[`${cls}.target`] === '1'),
    negatives: fold.filter((r) => r[`${cls}.target`] === '0'),
  };
}

/**
 * The logit of a held-back probability as heldback.tsv writes it (6 decimals, so 0 and 1 occur),
 * clipped at 1e-7: the v3 calibrators are fitted on it and read the served network's logit.
 */
export function heldBackLogit(p: number): number {
  return Math.log(Math.max(p, 1e-7) / Math.max(1 - p, 1e-7));
}

/** report_v3.py's held-back scores: Python's view of each stored JPEG (PIL, v2.eval_view) through the PyTorch network. */
export const HELDBACK_FILE = 'heldback.tsv';
/**
 * The same rows and columns with the scores of the service's path (frame-extractor's stored JPEG, the
 * analyzer's decodeFrame, v3Predict on the fold's ONNX): written by train/v3-heldback-served.ts.
 */
export const HELDBACK_SERVED_FILE = 'heldback-served.tsv';

/** A held-back scores file: its columns in order and its rows. */
export function readHeldBackTsv(file: string): { columns: string[]; rows: HeldBackRow[] } {
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const columns = header!.split('\t');
  const rows = lines.map((l) => Object.fromEntries(l.split('\t').map((v, i) => [columns[i]!, v])) as HeldBackRow);
  return { columns, rows };
}

/**
 * A run's summary and held-back rows. The scores are heldback-served.tsv's when the run has one (the
 * served path's, what production computes for the same upload), else heldback.tsv's; `scoresFile` says
 * which was read. `scores: 'python'` reads heldback.tsv whatever is there.
 */
export function readV3Results(dir: string, opts: { scores?: 'preferServed' | 'python' } = {}): { summary: V3Summary; rows: HeldBackRow[]; scoresFile: string } {
  const summary = JSON.parse(readFileSync(path.join(dir, 'summary.json'), 'utf8')) as V3Summary;
  const served = opts.scores !== 'python' && existsSync(path.join(dir, HELDBACK_SERVED_FILE));
  const scoresFile = served ? HELDBACK_SERVED_FILE : HELDBACK_FILE;
  const { rows } = readHeldBackTsv(path.join(dir, scoresFile));
  return { summary, rows, scoresFile };
}
