// versus-served.json (written by v3-versus-served.ts beside a v3 run's summary.json): per class another
// model already serves, both models' ROC-AUC on each held-back source of v3's, and whether v3 takes
// the class over. Read by calibrate-v3.ts and test/v3-holdout.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { VisualClass } from '@modsvc/common/classes';

export const V3_VERSUS_SERVED_FILE = 'versus-served.json';

export interface VersusServedSource {
  fold: string;
  source: string;
  positives: number;
  negatives: number;
  /** Whether the publishing rule counts the source (enough positives). */
  counted: boolean;
  v3RocAuc: number | null;
  servedRocAuc: number | null;
}

export interface VersusServedClass {
  /** The model the class was served by. */
  served: string;
  sources: VersusServedSource[];
  /** v3 serves the class instead, the served model staying as its fallback. */
  replaces: boolean;
}

export interface VersusServed {
  results: string;
  rule: string;
  classes: Partial<Record<VisualClass, VersusServedClass>>;
}

/** v3 takes a class over when at least one source is counted and v3 is at least as good on every counted one. */
export function replacesIncumbent(c: Pick<VersusServedClass, 'sources'>): boolean {
  const counted = c.sources.filter((s) => s.counted);
  return counted.length > 0 && counted.every((s) => s.v3RocAuc !== null && s.servedRocAuc !== null && s.v3RocAuc >= s.servedRocAuc);
}

/** A run's versus-served.json; an empty comparison when the run has none. */
export function readVersusServed(resultsDir: string): VersusServed {
  const file = path.join(resultsDir, V3_VERSUS_SERVED_FILE);
  if (!existsSync(file)) return { results: resultsDir, rule: '', classes: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as VersusServed;
}
