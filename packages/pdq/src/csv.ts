import { csvRecords, formatCsvRecord, isCsvRecordError, type CsvRecord } from '@modsvc/common/csv';
import { isPdqHex } from './hamming.ts';
import { formatHmaVpdqSignal, parseVpdq, type VpdqFeature } from './vpdq.ts';

// Hash lists as the tools around Meta's HMA and ThreatExchange exchange them:
// - with a header naming the columns: `hash` (also read: `signal_str`, `signal`, `pdq`,
//   `pdq_hash`), optional `content_id` (`id`, `indicator_id`), `content_uri` (`uri`, `url`) and
//   `note` (`notes`, `comment`, `description`); other columns are ignored. A `signal_type` column
//   (as in `threatexchange dataset -P --csv`: collab,signal_type,signal_str,category,tags) keeps
//   only `pdq` rows and `vpdq` rows (a video: the signal is HMA's JSON list of frames, see
//   vpdq.ts); the others are counted as skipped.
// - without a header: hash[,content_id[,note]] — including a bare list of hashes, one a line,
//   and the "signal_type signal" lines of ThreatExchange's local-file exchange (`pdq <hash>`).
// We write: hash,content_id,content_uri,note with a header; videos (formatBankVpdqCsv):
// signal_type,signal_str,content_id,content_uri,note, signal_type `vpdq`.

export interface BankCsvEntry {
  /** 64 lowercase hex digits. */
  hash: string;
  contentId?: string;
  contentUri?: string;
  note?: string;
}

export interface BankCsvRow extends BankCsvEntry {
  /** Line of the file the row starts on (1-based). */
  line: number;
}

export interface BankCsvRowError {
  line: number;
  message: string;
}

/** A video's row: signal type `vpdq`, its frames read from the signal. */
export interface BankCsvVideoRow {
  line: number;
  features: VpdqFeature[];
  contentId?: string;
  contentUri?: string;
  note?: string;
}

export interface BankCsvVideoEntry {
  features: readonly VpdqFeature[];
  contentId?: string;
  contentUri?: string;
  note?: string;
}

export interface BankCsvParseResult {
  rows: BankCsvRow[];
  /** Rows of signal type `vpdq` (only in files with a signal_type column). */
  videos: BankCsvVideoRow[];
  /** Rows refused, with why; the other rows are still returned. */
  errors: BankCsvRowError[];
  /** Rows of other signal types (e.g. md5 in a ThreatExchange export). */
  skipped: number;
}

type Column = 'hash' | 'contentId' | 'contentUri' | 'note' | 'signalType';

const HEADER_NAMES: Record<Column, readonly string[]> = {
  hash: ['hash', 'signal_str', 'signal', 'pdq', 'pdq_hash'],
  contentId: ['content_id', 'id', 'indicator_id'],
  contentUri: ['content_uri', 'uri', 'url'],
  note: ['note', 'notes', 'comment', 'description'],
  signalType: ['signal_type'],
};
const PDQ_SIGNAL_TYPES = ['pdq', 'hash_pdq'];
/** HMA / python-threatexchange name it `vpdq`; ThreatExchange indicators HASH_VIDEO_VPDQ. */
const VPDQ_SIGNAL_TYPES = ['vpdq', 'video_vpdq', 'hash_video_vpdq'];
const HEADERLESS_COLUMNS: readonly Column[] = ['hash', 'contentId', 'note'];
const EXPORT_HEADER = ['hash', 'content_id', 'content_uri', 'note'];
const VPDQ_EXPORT_HEADER = ['signal_type', 'signal_str', 'content_id', 'content_uri', 'note'];

function columnNamed(name: string): Column | undefined {
  const key = name.trim().toLowerCase();
  return (Object.keys(HEADER_NAMES) as Column[]).find((column) => HEADER_NAMES[column].includes(key));
}

interface Layout {
  columns: (Column | undefined)[];
  /** Exact field count rows must have; undefined for headerless files (1 to 3 fields). */
  width: number | undefined;
}

function headerLayout(header: CsvRecord): Layout | BankCsvRowError {
  const columns = header.fields.map(columnNamed);
  const seen = new Set<Column>();
  for (const [i, column] of columns.entries()) {
    if (column === undefined) continue;
    if (seen.has(column)) return { line: header.line, message: `header names the ${column} column twice (field ${i + 1}: "${header.fields[i]}")` };
    seen.add(column);
  }
  return { columns, width: columns.length };
}

function quoted(value: string): string {
  return JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);
}

function rowFrom(record: CsvRecord, layout: Layout): BankCsvRow | BankCsvVideoRow | BankCsvRowError | 'skip' {
  const { fields, line } = record;
  if (layout.width !== undefined && fields.length !== layout.width) {
    return { line, message: `expected ${layout.width} fields as in the header, got ${fields.length}` };
  }
  if (layout.width === undefined && fields.length > HEADERLESS_COLUMNS.length) {
    return { line, message: `expected at most ${HEADERLESS_COLUMNS.length} fields (hash, content_id, note), got ${fields.length}` };
  }
  const values: Partial<Record<Column, string>> = {};
  fields.forEach((value, i) => {
    const column = layout.width === undefined ? HEADERLESS_COLUMNS[i] : layout.columns[i];
    if (column !== undefined) values[column] = column === 'note' ? value : value.trim();
  });
  let hash = values.hash ?? '';
  const typed = layout.width === undefined && fields.length === 1 ? /^(\S+)\s+(\S+)$/.exec(hash) : null;
  if (typed) {
    values.signalType = typed[1];
    hash = typed[2]!;
  }
  if (layout.width !== undefined && values.signalType && VPDQ_SIGNAL_TYPES.includes(values.signalType.toLowerCase())) return videoRowFrom(line, hash, values);
  if (values.signalType && !PDQ_SIGNAL_TYPES.includes(values.signalType.toLowerCase())) return 'skip';
  if (hash === '') return { line, message: 'missing hash' };
  if (!isPdqHex(hash)) return { line, message: `not a PDQ hash (64 hex digits expected): ${quoted(hash)}` };
  const row: BankCsvRow = { line, hash: hash.toLowerCase() };
  if (values.contentId) row.contentId = values.contentId;
  if (values.contentUri) row.contentUri = values.contentUri;
  if (values.note) row.note = values.note;
  return row;
}

function videoRowFrom(line: number, signal: string, values: Partial<Record<Column, string>>): BankCsvVideoRow | BankCsvRowError {
  if (signal === '') return { line, message: 'missing vpdq signal' };
  const { features, errors } = parseVpdq(signal);
  if (errors.length) return { line, message: `bad vpdq signal: frame ${errors[0]!.line}: ${errors[0]!.message}${errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''}` };
  if (features.length === 0) return { line, message: 'the vpdq signal has no frames' };
  const row: BankCsvVideoRow = { line, features };
  if (values.contentId) row.contentId = values.contentId;
  if (values.contentUri) row.contentUri = values.contentUri;
  if (values.note) row.note = values.note;
  return row;
}

/** Reads a bank's hash list; see the top of this file for the accepted layouts. */
export function parseBankCsv(text: string): BankCsvParseResult {
  const result: BankCsvParseResult = { rows: [], videos: [], errors: [], skipped: 0 };
  let layout: Layout | undefined;
  for (const item of csvRecords(text)) {
    if (isCsvRecordError(item)) {
      result.errors.push(item);
      continue;
    }
    const firstRecord = layout === undefined;
    if (layout === undefined) {
      if (item.fields.some((field) => columnNamed(field) === 'hash')) {
        const header = headerLayout(item);
        if ('message' in header) {
          result.errors.push(header);
          return result;
        }
        layout = header;
        continue;
      }
      layout = { columns: [], width: undefined };
    }
    const row = rowFrom(item, layout);
    if (row === 'skip') result.skipped++;
    else if ('message' in row) {
      if (firstRecord) row.message += `, nor a header naming a hash column (${HEADER_NAMES.hash.join(', ')})`;
      result.errors.push(row);
    } else if ('features' in row) result.videos.push(row);
    else result.rows.push(row);
  }
  return result;
}

/** Writes entries with the header hash,content_id,content_uri,note; refuses invalid hashes. */
export function formatBankCsv(entries: Iterable<BankCsvEntry>): string {
  const lines = [formatCsvRecord(EXPORT_HEADER)];
  for (const entry of entries) {
    if (!isPdqHex(entry.hash)) throw new SyntaxError(`not a PDQ hash (64 hex digits expected): ${quoted(entry.hash)}`);
    lines.push(formatCsvRecord([entry.hash.toLowerCase(), entry.contentId ?? '', entry.contentUri ?? '', entry.note ?? '']));
  }
  return `${lines.join('\n')}\n`;
}

/** Writes videos as signal_type,signal_str,content_id,content_uri,note rows (type `vpdq`, HMA's signal string). */
export function formatBankVpdqCsv(entries: Iterable<BankCsvVideoEntry>): string {
  const lines = [formatCsvRecord(VPDQ_EXPORT_HEADER)];
  for (const entry of entries) lines.push(formatCsvRecord(['vpdq', formatHmaVpdqSignal(entry.features), entry.contentId ?? '', entry.contentUri ?? '', entry.note ?? '']));
  return `${lines.join('\n')}\n`;
}
