// Reads a labelled manifest CSV (`file` plus `labels` or `expected_labels`, `;`-separated, and the
// data kit's `source` where there is one).
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

/** Splits one CSV line, honouring double-quoted fields. */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let q = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (q) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') q = false;
      else cur += c;
    } else if (c === '"') q = true;
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

export function readManifest(file: string): ManifestRow[] {
  const lines = readFileSync(file, 'utf8').split(/\r?\n/).filter((l) => l.trim());
  const header = splitCsvLine(lines[0] ?? '');
  const fi = header.indexOf('file');
  const li = header.includes('expected_labels') ? header.indexOf('expected_labels') : header.indexOf('labels');
  const si = header.indexOf('source');
  if (fi < 0 || li < 0) throw new Error(`${file}: needs columns file and labels/expected_labels`);
  return lines.slice(1).map((l) => {
    const cells = splitCsvLine(l);
    const row: ManifestRow = { file: cells[fi] ?? '', labels: (cells[li] ?? '').split(';').map((s) => s.trim()).filter(Boolean) };
    if (si >= 0) row.source = cells[si] ?? '';
    return row;
  });
}
