// Reads a labelled manifest CSV (`file` plus `labels` or `expected_labels`, `;`-separated, and the
// data kit's `source` where there is one).
import { parseCsv } from '@modsvc/common/csv';
import { readFileSync } from 'node:fs';

export interface ManifestRow {
  file: string;
  labels: string[];
  /** The `source` column, when the manifest has one. */
  source?: string;
}

/** "owner/name" of a kit `source` (`owner/name@commit:path ...`), the unit held out; else its first word (`Debian ...`). */
export function sourceRepo(source: string): string {
  return /^([\w.-]+\/[\w.-]+)/.exec(source)?.[1] ?? source.split(' ')[0]!;
}

export function readManifest(file: string): ManifestRow[] {
  const [header = [], ...records] = parseCsv(readFileSync(file, 'utf8'));
  const fi = header.indexOf('file');
  const li = header.includes('expected_labels') ? header.indexOf('expected_labels') : header.indexOf('labels');
  const si = header.indexOf('source');
  if (fi < 0 || li < 0) throw new Error(`${file}: needs columns file and labels/expected_labels`);
  return records.map((cells) => {
    const row: ManifestRow = { file: cells[fi] ?? '', labels: (cells[li] ?? '').split(';').map((s) => s.trim()).filter(Boolean) };
    if (si >= 0) row.source = cells[si] ?? '';
    return row;
  });
}
