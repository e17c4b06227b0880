import { hammingDistance, hexToHash, isPdqHex } from './hamming.ts';

// vPDQ (facebook/ThreatExchange/vpdq): a video as the PDQ hashes of its frames (HMA hashes one
// frame a second), each with its frame number, quality and time. Two serialisations exist:
// - the reference tools' file (vpdq-hash-video writes it, match-hashes-brute reads it): one line
//   per frame, `frame_number,quality,pdq_hex,timestamp_seconds`, no header, the time printed with
//   3 decimals (older sample files print fewer);
// - python-threatexchange / HMA's signal string (signal type `vpdq`, VideoVPDQSignal): a JSON list
//   of "pdq_hex,quality,timestamp" strings, frame numbers implied by the order. (An older HMA form,
//   an object keyed by frame number of {quality, hash, timestamp}, is read too.)
//
// Matching (vpdq/README.md, python-threatexchange vpdq_brute_matcher / vpdq_index): each side's
// frames are de-duplicated by hash and those under quality 50 dropped; the query's share of frames
// within 31 bits of some frame of the other video, and the other video's share of frames within
// 31 bits of some query frame, are both measured. HMA's index calls it a match when the query
// share is at least 80% and the other at least 0% (any). (The C++ tool compares with `<`; HMA and
// the README with `<=`, as we do.)

export interface VpdqFeature {
  frameNumber: number;
  /** 0..100. */
  quality: number;
  /** 64 lowercase hex digits. */
  pdq: string;
  /** Seconds from the start. */
  timestamp: number;
}

export const VPDQ_QUALITY_THRESHOLD = 50;
export const VPDQ_DISTANCE_THRESHOLD = 31;
/** HMA's (python-threatexchange VPDQIndex) default share of the query's frames that must match, in percent. */
export const VPDQ_QUERY_MATCH_PERCENT = 80;
/** HMA's default share of the banked video's frames that must match, in percent: any. */
export const VPDQ_COMPARED_MATCH_PERCENT = 0;
/** The reference writes times with this many decimals. */
export const VPDQ_TIMESTAMP_DECIMALS = 3;

export interface VpdqParseError {
  /** 1-based line of the file, or 1-based position in a JSON list. */
  line: number;
  message: string;
}

export interface VpdqParseResult {
  features: VpdqFeature[];
  /** Lines or entries refused, with why; the others are still returned. */
  errors: VpdqParseError[];
  format: 'vpdq-file' | 'hma-json';
}

function validFeature(frameNumber: number, quality: number, pdq: string, timestamp: number): VpdqFeature | string {
  if (!Number.isInteger(frameNumber) || frameNumber < 0) return `frame number must be a non-negative integer, got ${frameNumber}`;
  if (!Number.isInteger(quality) || quality < 0 || quality > 100) return `quality must be an integer 0..100, got ${quality}`;
  if (!isPdqHex(pdq)) return `not a PDQ hash (64 hex digits expected): ${JSON.stringify(pdq.slice(0, 80))}`;
  if (!Number.isFinite(timestamp) || timestamp < 0) return `timestamp must be a non-negative number of seconds, got ${timestamp}`;
  return { frameNumber, quality, pdq: pdq.toLowerCase(), timestamp };
}

/** A decimal number as the reference's stoi/stod read it, but the whole field must be the number. */
function numberField(text: string, integer: boolean): number {
  const t = text.trim();
  if (integer ? !/^[+-]?\d+$/.test(t) : !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return Number.NaN;
  return Number(t);
}

function parseFileLines(text: string): VpdqParseResult {
  const result: VpdqParseResult = { features: [], errors: [], format: 'vpdq-file' };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '') continue;
    const fields = line.split(',');
    // A header line is not part of the format; tolerate one naming the columns.
    if (result.features.length === 0 && result.errors.length === 0 && /[a-z]/i.test(fields[0] ?? '') && !isPdqHex(fields[0]!.trim())) continue;
    if (fields.length !== 4) {
      result.errors.push({ line: i + 1, message: `expected 4 fields (frame_number,quality,pdq_hex,timestamp), got ${fields.length}` });
      continue;
    }
    const feature = validFeature(numberField(fields[0]!, true), numberField(fields[1]!, true), fields[2]!.trim(), numberField(fields[3]!, false));
    if (typeof feature === 'string') result.errors.push({ line: i + 1, message: feature });
    else result.features.push(feature);
  }
  return result;
}

function parseHmaJson(value: unknown): VpdqParseResult {
  const result: VpdqParseResult = { features: [], errors: [], format: 'hma-json' };
  if (Array.isArray(value)) {
    value.forEach((entry, i) => {
      const parts = typeof entry === 'string' ? entry.split(',') : [];
      if (parts.length !== 3) {
        result.errors.push({ line: i + 1, message: 'expected a "pdq_hex,quality,timestamp" string' });
        return;
      }
      const feature = validFeature(i, numberField(parts[1]!, true), parts[0]!.trim(), numberField(parts[2]!, false));
      if (typeof feature === 'string') result.errors.push({ line: i + 1, message: feature });
      else result.features.push(feature);
    });
    return result;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => Number(a) - Number(b));
    entries.forEach(([frame, entry], i) => {
      const e = (entry ?? {}) as Record<string, unknown>;
      const feature = validFeature(numberField(frame, true), Number(e.quality), String(e.hash ?? ''), Number(e.timestamp));
      if (typeof feature === 'string') result.errors.push({ line: i + 1, message: feature });
      else result.features.push(feature);
    });
    return result;
  }
  result.errors.push({ line: 1, message: 'a vPDQ JSON signal is a list of "pdq_hex,quality,timestamp" strings' });
  return result;
}

/**
 * Reads a video's vPDQ: the reference tools' file (`frame_number,quality,pdq_hex,timestamp` lines)
 * or HMA's JSON signal string. Frames keep the order given.
 */
export function parseVpdq(text: string): VpdqParseResult {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch (err) {
      return { features: [], errors: [{ line: 1, message: `not valid JSON: ${(err as Error).message}` }], format: 'hma-json' };
    }
    return parseHmaJson(value);
  }
  return parseFileLines(text);
}

/**
 * True when the text's first non-empty line is a vPDQ frame line (`frame_number,quality,pdq_hex,
 * timestamp`): no bank CSV starts so (its header names columns; a headerless one has at most 3).
 */
export function looksLikeVpdqFile(text: string): boolean {
  // The head is enough (a bank CSV may be 100 MB).
  const first = text.slice(0, 64 * 1024).replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).find((l) => l.trim() !== '');
  return first !== undefined && /^\s*\d+\s*,\s*\d+\s*,\s*[0-9a-fA-F]{64}\s*,\s*[0-9.eE+-]+\s*$/.test(first);
}

function formatTimestamp(seconds: number): string {
  return seconds.toFixed(VPDQ_TIMESTAMP_DECIMALS);
}

/** The reference tools' file: one `frame_number,quality,pdq_hex,timestamp` line per frame. */
export function formatVpdq(features: readonly VpdqFeature[]): string {
  return features.map((f) => `${f.frameNumber},${f.quality},${f.pdq.toLowerCase()},${formatTimestamp(f.timestamp)}\n`).join('');
}

/** HMA's signal string: a JSON list of "pdq_hex,quality,timestamp" (frame numbers are the order). */
export function formatHmaVpdqSignal(features: readonly VpdqFeature[]): string {
  return JSON.stringify(features.map((f) => `${f.pdq.toLowerCase()},${f.quality},${formatTimestamp(f.timestamp)}`));
}

/** The frames vPDQ compares: first of each distinct hash, then those of quality >= `quality`. */
export function vpdqComparableFrames<F extends Pick<VpdqFeature, 'pdq' | 'quality'>>(features: readonly F[], quality = VPDQ_QUALITY_THRESHOLD): F[] {
  const seen = new Set<string>();
  const out: F[] = [];
  for (const f of features) {
    const key = f.pdq.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (f.quality >= quality) out.push(f);
  }
  return out;
}

export interface VpdqMatchResult {
  /** Share of the query's comparable frames within the distance of some frame of the other video, in percent. */
  queryMatchPercent: number;
  /** Share of the other video's comparable frames within the distance of some query frame, in percent. */
  comparedMatchPercent: number;
}

export interface VpdqMatchOptions {
  distance?: number;
  quality?: number;
}

/** vPDQ's brute-force comparison of two videos (0% each when either has no comparable frame). */
export function vpdqMatch(query: readonly VpdqFeature[], compared: readonly VpdqFeature[], options: VpdqMatchOptions = {}): VpdqMatchResult {
  const distance = options.distance ?? VPDQ_DISTANCE_THRESHOLD;
  const q = vpdqComparableFrames(query, options.quality).map((f) => hexToHash(f.pdq));
  const c = vpdqComparableFrames(compared, options.quality).map((f) => hexToHash(f.pdq));
  if (q.length === 0 || c.length === 0) return { queryMatchPercent: 0, comparedMatchPercent: 0 };
  const within = (a: Uint8Array, others: Uint8Array[]) => others.some((b) => hammingDistance(a, b) <= distance);
  return {
    queryMatchPercent: (q.filter((h) => within(h, c)).length * 100) / q.length,
    comparedMatchPercent: (c.filter((h) => within(h, q)).length * 100) / c.length,
  };
}

/** HMA's rule: the query share at least `queryPercent` and the other at least `comparedPercent`. */
export function isVpdqMatch(result: VpdqMatchResult, thresholds: { queryPercent?: number; comparedPercent?: number } = {}): boolean {
  const queryPercent = thresholds.queryPercent ?? VPDQ_QUERY_MATCH_PERCENT;
  const comparedPercent = thresholds.comparedPercent ?? VPDQ_COMPARED_MATCH_PERCENT;
  return result.queryMatchPercent > 0 && result.queryMatchPercent >= queryPercent && result.comparedMatchPercent >= comparedPercent;
}
