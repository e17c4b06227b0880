import { describe, expect, it } from 'vitest';
import { classFigures, markdownTable, percentile, type EvalRow } from '../../bench/eval/summary.ts';

const row = (labels: string[], scores: Record<string, number | null>): EvalRow => ({ file: 'x.jpg', labels: new Set(labels), scores, latencyMs: 1 });

describe('evaluation summary', () => {
  it('computes per-class counts and ranking figures, and leaves unscored classes null', () => {
    const rows = [
      row(['firearm'], { firearm: 0.9, knife: null }),
      row(['firearm'], { firearm: 0.6, knife: null }),
      row([], { firearm: 0.7, knife: null }),
      row(['knife'], { firearm: 0.1, knife: null }),
    ];
    const [firearm, knife] = classFigures(rows, ['firearm', 'knife']);
    expect(firearm).toMatchObject({ class: 'firearm', positives: 2, negatives: 2, scored: true, precision_at_05: 0.667, recall_at_05: 1 });
    expect(firearm!.roc_auc).toBe(0.75);
    expect(knife).toMatchObject({ positives: 1, scored: false, roc_auc: null, average_precision: null });
    expect(markdownTable([firearm!, knife!])).toContain('| knife | 1 | 3 | null (no model) |');
  });

  it('takes percentiles of latencies', () => {
    expect(percentile([5, 1, 3, 2, 4], 50)).toBe(3);
    expect(percentile([], 50)).toBeNull();
  });
});
