// Reader for dictd dictionaries (FreeDict's `.index` + `.dict.dz` files under /usr/share/dictd/) and
// the cleaning of a FreeDict entry into short English glosses. `.dict.dz` is dictzip, which is
// gzip-compatible, so the whole file is gunzipped at once.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE = new Map([...B64].map((c, i) => [c, i]));

/** dictd's base-64 numbers (offsets and lengths in the index): most significant digit first. */
export function decodeDictdNumber(s: string): number {
  let n = 0;
  for (const c of s) {
    const v = B64_VALUE.get(c);
    if (v === undefined) throw new Error(`dictd index: bad base-64 digit ${JSON.stringify(c)} in ${JSON.stringify(s)}`);
    n = n * 64 + v;
  }
  return n;
}

export interface DictdIndexEntry {
  headword: string;
  offset: number;
  length: number;
}

/** Parses a dictd `.index` (headword TAB offset TAB length per line); dictd's own `00database*` entries are left out. */
export function parseDictdIndex(text: string): DictdIndexEntry[] {
  const out: DictdIndexEntry[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const parts = line.split('\t');
    if (parts.length < 3) throw new Error(`dictd index: malformed line ${JSON.stringify(line.slice(0, 80))}`);
    const headword = parts[0]!;
    if (headword.startsWith('00database') || headword.startsWith('00-database')) continue;
    out.push({ headword, offset: decodeDictdNumber(parts[1]!), length: decodeDictdNumber(parts[2]!) });
  }
  return out;
}

export interface DictdEntry {
  /** The index headword (FreeDict lower-cases some, not all). */
  headword: string;
  /** The entry text: a first line with the headword (pronunciation, part of speech), then the translations. */
  body: string;
}

/** Every entry of a dictd dictionary, in index order. */
export function readDictd(indexPath: string, dictPath: string): DictdEntry[] {
  const index = parseDictdIndex(readFileSync(indexPath, 'utf8'));
  const raw = readFileSync(dictPath);
  const data = dictPath.endsWith('.dz') || dictPath.endsWith('.gz') ? gunzipSync(raw) : raw;
  return index.map((e) => {
    if (e.offset + e.length > data.length) throw new Error(`dictd: entry ${JSON.stringify(e.headword)} points past the end of ${dictPath}`);
    return { headword: e.headword, body: data.subarray(e.offset, e.offset + e.length).toString('utf8') };
  });
}

/** The database's own description (`00databaseinfo` / `00-database-info`), or '' when absent. */
export function readDictdInfo(indexPath: string, dictPath: string): string {
  for (const line of readFileSync(indexPath, 'utf8').split('\n')) {
    const [h, o, l] = line.split('\t');
    if ((h === '00databaseinfo' || h === '00-database-info') && o && l) {
      const raw = readFileSync(dictPath);
      const data = dictPath.endsWith('.dz') ? gunzipSync(raw) : raw;
      const off = decodeDictdNumber(o);
      return data.subarray(off, off + decodeDictdNumber(l)).toString('utf8');
    }
  }
  return '';
}

export interface Sense {
  /** Cleaned translation, 1 to 3 words, lower case. */
  gloss: string;
  /** Which translation line of the entry it came from (0 = first). */
  line: number;
  /** Position among the comma/semicolon-separated alternatives of that line. */
  item: number;
  /** Bracketed labels on that line, lower case without the brackets ("vulg.", "bayr.", "mus."). */
  tags: string[];
}

// English grammar placeholders FreeDict (Ding, Wiktionary) writes around a translation.
const PLACEHOLDERS = /\b(?:sb|sth|so|st|smb|smth|sb's|sth's|one's|oneself|someone|something|somebody)\b\.?/gi;

/** One translation cleaned: notes in brackets/parentheses/angles/braces and grammar placeholders dropped, "to " of infinitives dropped, lower-cased; '' if nothing usable remains. */
export function cleanTranslation(s: string): string {
  let t = s
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\([^)]*\)/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/(^|\s)\/[^/\s][^/]*\/(?=\s|$)/g, '$1 ');
  t = t.replace(PLACEHOLDERS, ' ').replace(/[!?¡¿"“”„«»…:]/g, ' ').replace(/[‐‑]/g, '-');
  // Slashes: a stray one left by "sb./sth." goes, "have/hold" keeps its first alternative.
  t = t.replace(/(^|\s)\/+|\/+(?=\s|$)/g, '$1 ').replace(/([^\s/]+)(?:\/[^\s/]+)+/g, '$1');
  t = t.toLowerCase().replace(/\s+/g, ' ').trim();
  t = t.replace(/^(?:to|to be) (?=\S)/, (m) => (m === 'to be ' ? 'be ' : ''));
  t = t.replace(/^[-.'\s]+|[-.'\s]+$/g, '');
  // What is left must be words (letters, inner hyphens/apostrophes), not a definition with digits or stray marks.
  if (t === '' || !/^[\p{L}][\p{L}\p{M}'-]*(?: [\p{L}][\p{L}\p{M}'-]*)*$/u.test(t)) return '';
  return t;
}

/** Lines of an entry that are not translations (cross references, synonyms, notes, examples, definitions). */
const SKIP_LINE = /^\s*(?:see:|synonyms?:|note:|"|=|→|antonyms?:|also:)/i;

/**
 * The English translations of a FreeDict entry, in the order written: the first line (headword,
 * pronunciation, part of speech) is skipped; numbered senses ("1. kill, slay") and plain lines are
 * split at commas/semicolons and cleaned; senses longer than `maxWords` words are dropped.
 * `numberedOnly`: after the first translation line only numbered lines count (pol-eng puts Polish
 * definitions on the unnumbered lines between its numbered English senses).
 */
export function entrySenses(body: string, opts: { maxWords?: number; numberedOnly?: boolean } = {}): Sense[] {
  const maxWords = opts.maxWords ?? 3;
  const lines = body.split('\n').slice(1);
  const out: Sense[] = [];
  let lineNo = 0;
  let first = true;
  for (const raw of lines) {
    if (raw.trim() === '' || SKIP_LINE.test(raw)) continue;
    // Example lines (indented by several spaces in Ding) and notes are not translations.
    if (/^ {3,}/.test(raw)) continue;
    let line = raw.trim();
    const numbered = /^(?:[IVX]+\.\s*)?(?:<[^>]*>\s*)?\d+\.\s+/.test(line);
    if (opts.numberedOnly && !first && !numbered) continue;
    first = false;
    line = line.replace(/^(?:[IVX]+\.\s*)?(?:<[^>]*>\s*)?\d+\.\s+/, '').replace(/\s+\d+\.\s*$/, '');
    const tags = [...line.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!.trim().toLowerCase());
    let item = 0;
    for (const part of splitOutsideBrackets(line)) {
      const g = cleanTranslation(part);
      if (g === '' || g.split(' ').length > maxWords) {
        item++;
        continue;
      }
      out.push({ gloss: g, line: lineNo, item, tags });
      item++;
    }
    lineNo++;
  }
  return out;
}

/** Splits at , and ; that are not inside (), [], {} or <>. */
function splitOutsideBrackets(s: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(' || ch === '[' || ch === '{' || ch === '<') depth++;
    else if (ch === ')' || ch === ']' || ch === '}' || ch === '>') depth = Math.max(0, depth - 1);
    if (depth === 0 && (ch === ',' || ch === ';')) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

/** The headword as written on the entry's first line (FreeDict's index lower-cases it; the entry keeps "Scheiße!"). */
export function entryHeadword(body: string): string {
  const first = body.split('\n', 1)[0] ?? '';
  // The pronunciation starts at " /" ("jdn./etw. töten /ˈtøːtən/ <v>": the first slash is part of the headword).
  return first.replace(/\s+\/[^/]*\/.*$/, '').replace(/\s*<[^>]*>\s*$/, '').replace(/\s*\([^)]*\)\s*$/, '').trim();
}
