// Per-class figures of an evaluation run: positives, negatives, ROC-AUC, average precision, and
// precision/recall at 0.5, over the rows the service finished; classes no model scores stay null.
import { VISUAL_CLASSES } from '@modsvc/common/classes';
import { averagePrecision, rocAuc, statsAtThreshold } from '@modsvc/common/evaluation';

export interface EvalRow {
  file: string;
  labels: Set<string>;
  /** Visual class scores from the service; null for a class no model scored. */
  scores: Record<string, number | null>;
  latencyMs: number;
}

export interface ClassFigures {
  class: string;
  positives: number;
  negatives: number;
  scored: boolean;
  roc_auc: number | null;
  average_precision: number | null;
  precision_at_05: number | null;
  recall_at_05: number | null;
}

const round = (x: number | null) => (x === null || !Number.isFinite(x) ? null : Math.round(x * 1000) / 1000);

export function classFigures(rows: EvalRow[], classes: readonly string[] = VISUAL_CLASSES): ClassFigures[] {
  return classes.map((cls) => {
    const labels = rows.map((r) => (r.labels.has(cls) ? 1 : 0));
    const positives = labels.reduce((a: number, b) => a + b, 0);
    const scoredRows = rows.filter((r) => r.scores[cls] !== null && r.scores[cls] !== undefined);
    const base = { class: cls, positives, negatives: rows.length - positives };
    if (scoredRows.length === 0) {
      return { ...base, scored: false, roc_auc: null, average_precision: null, precision_at_05: null, recall_at_05: null };
    }
    const y = scoredRows.map((r) => (r.labels.has(cls) ? 1 : 0));
    const s = scoredRows.map((r) => r.scores[cls] as number);
    const at = statsAtThreshold(s, y, 0.5);
    return {
      ...base,
      scored: true,
      roc_auc: round(rocAuc(s, y)),
      average_precision: round(averagePrecision(s, y)),
      precision_at_05: round(at.precision),
      recall_at_05: round(at.recall),
    };
  });
}

export function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export function markdownTable(figures: ClassFigures[]): string {
  const f = (x: number | null) => (x === null ? '–' : x.toFixed(3));
  const lines = ['| class | positives | negatives | ROC-AUC | AP | P@0.5 | R@0.5 |', '|---|---|---|---|---|---|---|'];
  for (const c of figures) {
    lines.push(c.scored ? `| ${c.class} | ${c.positives} | ${c.negatives} | ${f(c.roc_auc)} | ${f(c.average_precision)} | ${f(c.precision_at_05)} | ${f(c.recall_at_05)} |` : `| ${c.class} | ${c.positives} | ${c.negatives} | null (no model) | | | |`);
  }
  return lines.join('\n');
}
