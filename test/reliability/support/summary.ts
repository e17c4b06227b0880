// The suite's figures as a short plain-text table.
import type { CaseFigures } from './figures.ts';

const COLUMNS: [keyof CaseFigures, string][] = [
  ['jobs_submitted', 'jobs'],
  ['jobs_done', 'done'],
  ['jobs_failed', 'failed'],
  ['jobs_lost', 'lost'],
  ['duplicates', 'dups'],
  ['crashes', 'crashes'],
  ['refusals', 'refusals'],
  ['peak_rss_mb', 'peak MB'],
  ['duration_s', 'secs'],
];

function cell(v: unknown): string {
  if (v === undefined || v === null) return '-';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(1);
  return String(v);
}

export function summaryTable(cases: Record<string, CaseFigures>): string {
  const rows = Object.entries(cases)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, f]) => [id, f.passed ? 'ok' : 'FAIL', ...COLUMNS.map(([k]) => cell(f[k]))]);
  const header = ['case', 'result', ...COLUMNS.map(([, title]) => title)];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (r: string[]) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** Prints the table of the cases a test file ran (called from its afterAll). */
export function printSummary(title: string, cases: Record<string, CaseFigures>): void {
  if (Object.keys(cases).length === 0) return;
  console.log(`\n${title}\n${summaryTable(cases)}\n`);
}
