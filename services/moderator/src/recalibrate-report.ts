// The text `make recalibrate` prints: per category, the feedback counted, current and proposed
// thresholds, and precision and recall at the rejecting (HIGH) and review (MEDIUM) levels, before and after.
import type { PolicyThresholds } from '@modsvc/common/domain/index';
import type { CategoryRecalibration, LevelMeasures, Measure, RecalibrationTargets } from './recalibrate.ts';

export interface ReportHead {
  tenant: string;
  tier: 'standard' | 'premium';
  policyVersion: string;
  records: number;
  targets: RecalibrationTargets;
}

const num = (v: number | null) => (v === null ? '  –  ' : v.toFixed(3));
const thresholds = (t: PolicyThresholds) => `HIGH ${num(t.HIGH)}  MEDIUM ${num(t.MEDIUM)}  LOW ${num(t.LOW)}`;
const counted = (m: Measure) => `${m.truePositives} right, ${m.falsePositives} wrong, ${m.falseNegatives} missed`;

function levelLine(label: string, current: Measure, proposed: Measure | null): string {
  const change = (pick: (m: Measure) => number | null) => (proposed ? `${num(pick(current))} -> ${num(pick(proposed))}` : num(pick(current)));
  const detail = proposed ? `${counted(current)} -> ${counted(proposed)}` : counted(current);
  return `  at ${label.padEnd(6)} precision ${change((m) => m.precision)}   recall ${change((m) => m.recall)}   (${detail})`;
}

function categoryLines(r: CategoryRecalibration): string[] {
  const c = r.counts;
  const lines = [`${r.category}: ${c.records} feedback records, ${c.positives} true and ${c.negatives} false examples (${c.superseded} superseded, ${c.unscored} without a score)`];
  if (!r.current) return [...lines, `  kept: ${r.reason}`];
  lines.push(`  current   ${thresholds(r.current)}`);
  lines.push(r.proposed ? `  proposed  ${thresholds(r.proposed)}` : `  kept: ${r.reason}`);
  const cur: LevelMeasures = r.expected.current!;
  const prop = r.expected.proposed;
  lines.push(levelLine('HIGH', cur.HIGH, prop?.HIGH ?? null), levelLine('MEDIUM', cur.MEDIUM, prop?.MEDIUM ?? null));
  return lines;
}

export function textReport(head: ReportHead, results: readonly CategoryRecalibration[], changed: readonly string[]): string {
  const t = head.targets;
  const lines = [
    `Tenant ${head.tenant} (${head.tier}), active policy ${head.policyVersion}: ${head.records} feedback records.`,
    `Targets: HIGH precision >= ${t.highPrecision}, MEDIUM precision >= ${t.mediumPrecision}, LOW recall >= ${t.lowRecall}; at least ${t.minPositives} true and ${t.minNegatives} false examples per category.`,
    'Precision and recall are measured on the feedback: at HIGH the rejected share, at MEDIUM everything rejected or reviewed.',
    '',
  ];
  if (results.length === 0) lines.push('No feedback on categories yet.');
  for (const r of results) lines.push(...categoryLines(r), '');
  lines.push(changed.length ? `Thresholds change for ${changed.length} categor${changed.length === 1 ? 'y' : 'ies'}: ${changed.join(', ')}.` : 'No threshold changes.');
  return lines.join('\n') + '\n';
}
