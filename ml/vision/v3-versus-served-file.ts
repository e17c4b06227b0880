// versus-served.json (written by v3-versus-served.ts beside a v3 run's summary.json): per class another
// model already serves, both models' ROC-AUC and average precision on each held-back source of v3's,
// and whether v3 would be better; versus-served.tsv, the served model's score of each image. Read by
// test/v3-holdout.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { VisualClass } from '@modsvc/common/classes';

export const V3_VERSUS_SERVED_FILE = 'versus-served.json';
/** class, file, served: the served model's score of each image compared. */
export const V3_VERSUS_SERVED_SCORES = 'versus-served.tsv';

export interface VersusServedSource {
  fold: string;
  source: string;
  positives: number;
  negatives: number;
  /** Whether the publishing rule counts the source (enough positives). */
  counted: boolean;
  v3RocAuc: number | null;
  servedRocAuc: number | null;
  v3AveragePrecision: number | null;
  servedAveragePrecision: number | null;
}

export interface VersusServedClass {
  /** The model the class was served by. */
  served: string;
  sources: VersusServedSource[];
  /** Every held-back image of the class at once (for the record: three fold networks' scores pooled). */
  pooled: { images: number; positives: number; v3RocAuc: number | null; servedRocAuc: number | null; v3AveragePrecision: number | null; servedAveragePrecision: number | null };
  /** v3 is at least as good by both measures on every counted source (replacesIncumbent). */
  replaces: boolean;
}

export interface VersusServed {
  results: string;
  rule: string;
  classes: Partial<Record<VisualClass, VersusServedClass>>;
}

/**
 * Whether v3 would serve a class better than the model serving it: at least one source counted, and on
 * every counted one v3's ROC-AUC and its average precision (how pure its top scores are, which is
 * where a moderation score is acted on) are at least the served model's.
 */
export function replacesIncumbent(c: Pick<VersusServedClass, 'sources'>): boolean {
  const atLeast = (a: number | null, b: number | null) => a !== null && b !== null && a >= b;
  const counted = c.sources.filter((s) => s.counted);
  return counted.length > 0 && counted.every((s) => atLeast(s.v3RocAuc, s.servedRocAuc) && atLeast(s.v3AveragePrecision, s.servedAveragePrecision));
}

/** versus-served.tsv: the served model's score per `<class>\t<file>`. */
export function readVersusServedScores(resultsDir: string): Map<string, number> {
  const served = new Map<string, number>();
  for (const line of readFileSync(path.join(resultsDir, V3_VERSUS_SERVED_SCORES), 'utf8').trim().split('\n').slice(1)) {
    const [cls, file, score] = line.split('\t');
    served.set(`${cls}\t${file}`, Number(score));
  }
  return served;
}

/** A run's versus-served.json; an empty comparison when the run has none. */
export function readVersusServed(resultsDir: string): VersusServed {
  const file = path.join(resultsDir, V3_VERSUS_SERVED_FILE);
  if (!existsSync(file)) return { results: resultsDir, rule: '', classes: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as VersusServed;
}
