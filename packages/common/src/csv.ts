// The repository's one CSV reader and writer (TypeScript; Python code uses the stdlib csv module).
// RFC 4180 records: fields separated by commas, optionally in double quotes (a quote inside
// written as two), quoted fields may hold commas and line breaks; lines end in LF, CRLF or CR; a
// leading byte-order mark is skipped; empty lines are skipped.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

export interface CsvRecordError {
  line: number;
  message: string;
}

export type CsvItem = CsvRecord | CsvRecordError;

export function isCsvRecordError(item: CsvItem): item is CsvRecordError {
  return 'message' in item;
}

/** Splits CSV text into records, skipping empty lines; a malformed record becomes an error and reading goes on at the next line. */
export function* csvRecords(text: string): Generator<CsvItem> {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let error: string | undefined;
    let endOfRecord = false;
    while (!endOfRecord) {
      if (text[at] === '"') {
        at++;
        let closed = false;
        while (at < text.length) {
          const ch = text[at]!;
          if (ch === '"') {
            if (text[at + 1] === '"') {
              field += '"';
              at += 2;
              continue;
            }
            at++;
            closed = true;
            break;
          }
          if (ch === '\n' || (ch === '\r' && text[at + 1] !== '\n')) line++;
          field += ch;
          at++;
        }
        if (!closed) {
          yield { line: start, message: 'quoted field is never closed' };
          return;
        }
        if (at < text.length && text[at] !== ',' && text[at] !== '\n' && text[at] !== '\r') {
          error = `unexpected text after a closing quote in field ${fields.length + 1}`;
        }
      }
      while (at < text.length && text[at] !== ',' && text[at] !== '\n' && text[at] !== '\r') field += text[at++];
      fields.push(field);
      field = '';
      if (text[at] === ',') {
        at++;
        continue;
      }
      endOfRecord = true;
      if (text[at] === '\r') at++;
      if (text[at] === '\n') at++;
      line++;
    }
    if (error !== undefined) yield { line: start, message: error };
    else if (!(fields.length === 1 && fields[0] === '')) yield { line: start, fields };
  }
}

/** Every record's fields; throws on the first malformed record (for data files, where one is a bug). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const item of csvRecords(text)) {
    if (isCsvRecordError(item)) throw new Error(`CSV line ${item.line}: ${item.message}`);
    rows.push(item.fields);
  }
  return rows;
}

/** Records keyed by the header's column names (a missing trailing field reads as ''). */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((column, c) => [column, row[c] ?? ''])));
}

/** A CSV file (gunzipped when it ends in .gz) as header-keyed records. */
export function readCsvFile(path: string): Record<string, string>[] {
  const bytes = readFileSync(path);
  return csvObjects((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
}

const NEEDS_QUOTES = /[",\r\n]/;

export function formatCsvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function formatCsvRecord(fields: readonly string[]): string {
  return fields.map(formatCsvField).join(',');
}
