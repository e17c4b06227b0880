// The English bridge: a word-by-word English gloss of a text in another language, so the English
// toxicity model can score it too ("ti ammazzo" -> "you kill"). The lexicon (bridge.bin, built by
// train/bridge/build-lexicon.ts from Apertium and FreeDict) maps, per language, normalised word
// forms to 0-3 English words, and word stems to the gloss of their commonest form.
//
// bridge.bin: "MODBRG01" (8 bytes), the header length (uint32 LE), the header (JSON, UTF-8), then a
// gzip stream. Unzipped, that stream is per language four sections of "key TAB gloss" lines sorted by
// key (JavaScript string order): exact forms (normalised: accents dropped, as the model sees them),
// stems, German particle verbs, and accented spellings whose gloss differs from their unaccented
// key's ("töten" -> kill where "toten" -> dead); the header says where each section lies (byte
// offset and length in the unzipped stream) and the unzipped stream's sha256. In memory each section
// stays as its unzipped bytes with a hash table of its lines (class Section), not as a Map.
import { Buffer, isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { normalizeText, tokenize } from './normalize.ts';

export const BRIDGE_FORMAT = 'modsvc-bridge-lexicon';
export const BRIDGE_FORMAT_VERSION = 1;
export const BRIDGE_FILE = 'bridge.bin';
export const BRIDGE_MAGIC = 'MODBRG01';
export const DEFAULT_BRIDGE_DIR = fileURLToPath(new URL('../../artifacts/bridge-v1/', import.meta.url));

/** Longest-known-prefix matching for languages without a stemmer: a word matches a known form sharing its first `minPrefix`+ letters when both differ only in short endings. */
export interface PrefixRule {
  minPrefix: number;
  /** Most letters of the word past the shared prefix. */
  maxWordSuffix: number;
  /** Most letters of the known form past the shared prefix. */
  maxKeySuffix: number;
}

export interface BridgeLanguageMeta {
  /** Where the glosses come from. */
  source: 'apertium' | 'freedict' | 'both';
  /** Exact-form entries. */
  entries: number;
  /** Stem entries. */
  stems: number;
  /** German particle-verb entries ("um|bring" -> umbringen's gloss). */
  particleVerbs: number;
  /** Accented spellings with a gloss of their own. */
  accented: number;
  /** Snowball algorithm (npm snowball-stemmers) applied to normalised words, or null. */
  stemmer: string | null;
  prefix: PrefixRule | null;
  /** Separable verb particles reattached from the end of a clause (German). */
  particles: string[];
  /** Debian packages (name -> version) the entries were built from. */
  packages: Record<string, string>;
  /** Free-form details from the builder (entries per source, coverage on the kit). */
  details?: Record<string, unknown>;
}

export interface BridgeHeader {
  format: string;
  version: number;
  /** How keys are made: normalizeText + tokenize of services/text-toxicity/src/model/normalize.ts. */
  normalization: string;
  bodyBytes: number;
  bodySha256: string;
  languages: Record<string, BridgeLanguageMeta & { sections: Record<SectionName, [number, number]> }>;
  /** Free-form provenance (builder, packages, licences). */
  provenance?: Record<string, unknown>;
}

/** One language of a lexicon as the builder (or a test) hands it over. */
export interface BridgeLanguageInput {
  meta: Omit<BridgeLanguageMeta, 'entries' | 'stems' | 'particleVerbs' | 'accented'>;
  exact: Map<string, string> | Record<string, string>;
  stem?: Map<string, string> | Record<string, string>;
  sep?: Map<string, string> | Record<string, string>;
  /** Keys: lower-case NFC spellings with accents. */
  accent?: Map<string, string> | Record<string, string>;
}

const SECTIONS = ['exact', 'stem', 'sep', 'accent'] as const;
type SectionName = (typeof SECTIONS)[number];

interface SnowballStemmer {
  stem(word: string): string;
}
interface SnowballFactory {
  newStemmer(name: string): SnowballStemmer;
  algorithms(): string[];
}
const requireCjs = createRequire(import.meta.url);
let snowball: SnowballFactory | null = null;

/** A Snowball stemmer (npm snowball-stemmers) by algorithm name; throws for an unknown one. */
export function snowballStemmer(name: string): (word: string) => string {
  snowball ??= requireCjs('snowball-stemmers') as SnowballFactory;
  if (!snowball.algorithms().includes(name)) throw new Error(`bridge: no Snowball stemmer "${name}" (have ${snowball.algorithms().join(', ')})`);
  const s = snowball.newStemmer(name);
  return (w) => s.stem(w);
}

const NUMBER = /^\p{N}+$/u;

function toMap(m: Map<string, string> | Record<string, string> | undefined): Map<string, string> {
  if (!m) return new Map();
  return m instanceof Map ? m : new Map(Object.entries(m));
}

function sortedEntries(m: Map<string, string>): [string, string][] {
  return [...m].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
}

function checkEntry(lang: string, k: string, v: string): void {
  if (k === '' || /[\t\n]/.test(k) || /[\t\n]/.test(v)) throw new Error(`bridge: bad entry for ${lang}: ${JSON.stringify(k)} -> ${JSON.stringify(v)}`);
}

/** Writes a lexicon in the bridge.bin format (deterministic: sorted entries, no timestamps). */
export function encodeBridge(languages: Record<string, BridgeLanguageInput>, provenance?: Record<string, unknown>): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  const header: BridgeHeader = {
    format: BRIDGE_FORMAT,
    version: BRIDGE_FORMAT_VERSION,
    normalization: 'normalizeText + tokenize (services/text-toxicity/src/model/normalize.ts)',
    bodyBytes: 0,
    bodySha256: '',
    languages: {},
  };
  for (const lang of Object.keys(languages).sort()) {
    const input = languages[lang]!;
    const sections = { exact: toMap(input.exact), stem: toMap(input.stem), sep: toMap(input.sep), accent: toMap(input.accent) };
    const where = {} as Record<SectionName, [number, number]>;
    for (const name of SECTIONS) {
      const lines = sortedEntries(sections[name]).map(([k, v]) => {
        checkEntry(lang, k, v);
        return `${k}\t${v}\n`;
      });
      const buf = Buffer.from(lines.join(''), 'utf8');
      where[name] = [offset, buf.length];
      offset += buf.length;
      parts.push(buf);
    }
    header.languages[lang] = {
      ...input.meta,
      entries: sections.exact.size,
      stems: sections.stem.size,
      particleVerbs: sections.sep.size,
      accented: sections.accent.size,
      sections: where,
    };
  }
  const body = Buffer.concat(parts);
  header.bodyBytes = body.length;
  header.bodySha256 = createHash('sha256').update(body).digest('hex');
  if (provenance) header.provenance = provenance;
  const headerBuf = Buffer.from(JSON.stringify(header), 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32LE(headerBuf.length, 0);
  return Buffer.concat([Buffer.from(BRIDGE_MAGIC, 'latin1'), len, headerBuf, gzipSync(body, { level: 9 })]);
}

/** Fallbacks that can be turned off to measure what each adds (all on by default). */
export interface GlossOptions {
  /** Stem lookup for words whose exact form is unknown. */
  stems?: boolean;
  /** Longest-known-prefix matching (languages without a stemmer: Polish, Turkish, Greek). */
  prefixes?: boolean;
  /** German separable-particle reattachment. */
  particles?: boolean;
}

/** How a word was glossed. */
export type GlossHow = 'exact' | 'stem' | 'prefix' | 'particle' | 'unknown' | 'number' | 'punct';

export interface GlossToken {
  /** The normalised source token. */
  source: string;
  /** What it became ('' when dropped: a function word without English counterpart, a reattached particle). */
  gloss: string;
  how: GlossHow;
}

/** Any character past ASCII (accents, other scripts). */
const NON_ASCII = /[^ -~\t\n\r]/;

// normalizeText's accent step (Latin, Greek, Cyrillic marks dropped; Arabic harakat and tatweel dropped).
function stripAccents(w: string): string {
  if (!NON_ASCII.test(w)) return w;
  return w
    .normalize('NFKD')
    .replace(/([\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}])\p{M}+/gu, '$1')
    .normalize('NFC')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '');
}

const RAW_WORD = /[\p{L}\p{N}\p{M}]+(?:'[\p{L}\p{M}]+)*/gu;

const TAB = 9;
const NL = 10;

// Keys are compared as JavaScript strings compare (UTF-16 code units), the order encodeBridge sorts
// them in, decoding a key's UTF-8 bytes on the fly (no string is made for it). UTF-8 byte order is
// code point order, which differs from code-unit order only between a character past U+FFFF (a
// surrogate pair, U+D800-U+DFFF) and one in U+E000-U+FFFF.

/** The length in bytes of the UTF-8 sequence whose first byte is `lead`. */
const utf8Length = (lead: number): number => (lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4);

/** The code point of the UTF-8 sequence starting at byte `p` of `b`. */
function codePointAt(b: Uint8Array, p: number): number {
  const c = b[p]!;
  if (c < 0x80) return c;
  if (c < 0xe0) return ((c & 0x1f) << 6) | (b[p + 1]! & 0x3f);
  if (c < 0xf0) return ((c & 0x0f) << 12) | ((b[p + 1]! & 0x3f) << 6) | (b[p + 2]! & 0x3f);
  return ((c & 0x07) << 18) | ((b[p + 1]! & 0x3f) << 12) | ((b[p + 2]! & 0x3f) << 6) | (b[p + 3]! & 0x3f);
}

const highSurrogate = (cp: number): number => 0xd800 + ((cp - 0x10000) >> 10);
const lowSurrogate = (cp: number): number => 0xdc00 + (cp & 0x3ff);

/**
 * Walks `word` against the key starting at byte `p` of `b` (it ends at the first tab), UTF-16 code unit
 * by unit, to the first difference: `common` units agree, and `order` is <0, 0 or >0 as `word` sorts
 * before, equal to or after the key.
 */
function matchWordKey(word: string, b: Uint8Array, p: number): { common: number; order: number } {
  const n = word.length;
  let low = -1; // the low surrogate still due of the key's last code point, when it was astral
  for (let i = 0; ; i++) {
    let c: number;
    if (low >= 0) {
      c = low;
      low = -1;
    } else {
      if (b[p] === TAB) return { common: i, order: i === n ? 0 : 1 };
      const cp = codePointAt(b, p);
      p += utf8Length(b[p]!);
      if (cp > 0xffff) {
        c = highSurrogate(cp);
        low = lowSurrogate(cp);
      } else c = cp;
    }
    if (i === n) return { common: i, order: -1 };
    const w = word.charCodeAt(i);
    if (w !== c) return { common: i, order: w - c };
  }
}

/** The length in UTF-16 code units (JavaScript's String length) of the key starting at byte `p` of `b`. */
function keyLength(b: Uint8Array, p: number): number {
  let n = 0;
  for (let c = b[p]!; c !== TAB; c = b[++p]!) {
    if ((c & 0xc0) !== 0x80) n += c >= 0xf0 ? 2 : 1;
  }
  return n;
}

/** The keys starting at bytes `p` and `q` of `b` (valid UTF-8) in JavaScript string order: <0, 0 or >0. */
function compareKeys(b: Uint8Array, p: number, q: number): number {
  for (;;) {
    const x = b[p]!;
    const y = b[q]!;
    if (x === TAB || y === TAB) return x === TAB ? (y === TAB ? 0 : -1) : 1;
    if (x !== y) {
      // The bytes differ at the same character (the keys agree up to here). Continuation bytes or
      // leads: byte order is UTF-16 order, except a 4-byte lead (past U+FFFF: surrogates) against
      // 0xEE/0xEF (U+E000-U+FFFF), where the surrogates come first.
      if (x >= 0xf0 && (y === 0xee || y === 0xef)) return -1;
      if (y >= 0xf0 && (x === 0xee || x === 0xef)) return 1;
      return x - y;
    }
    p++;
    q++;
  }
}

/** FNV-1a over UTF-16 code units, then murmur3's finaliser (the slot comes from the high bits, the tag from the low). */
function hashWord(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return fmix(h);
}

/** hashWord of the key starting at byte `p` of `b`, decoded from its UTF-8. */
function hashKey(b: Uint8Array, p: number): number {
  let h = 0x811c9dc5;
  while (b[p] !== TAB) {
    const cp = codePointAt(b, p);
    p += utf8Length(b[p]!);
    // hashWord hashes UTF-16 code units: an astral code point is its two surrogates.
    if (cp > 0xffff) h = Math.imul(Math.imul(h ^ highSurrogate(cp), 0x01000193) ^ lowSurrogate(cp), 0x01000193);
    else h = Math.imul(h ^ cp, 0x01000193);
  }
  return fmix(h);
}

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * One section of the lexicon, held as its UTF-8 bytes ("key TAB gloss" lines, sorted by key in
 * JavaScript string order) and an open-addressing hash table (linear probing) of where each line
 * begins: a slot holds the line's byte offset + 1 and, in the bits the offset leaves free, a tag from
 * the key's hash, so probing past other keys seldom touches their bytes. A gloss is decoded when
 * looked up. The twelve languages take about 22 MB this way (bytes 18 MB, tables 4.5 MB, nearly all
 * outside the JS heap), against about 115 MB of heap as Maps, and load in a third of the time.
 */
class Section {
  static readonly EMPTY = new Section(Buffer.alloc(0), 0);

  private readonly slots: Uint32Array;
  /** Low bits of a slot for the offset + 1 (1-31); the high bits hold the tag. */
  private readonly shift: number;

  /** `size`: entries (lines); `starts`: where each begins. */
  private constructor(
    private readonly bytes: Buffer,
    readonly size: number,
    starts?: Uint32Array,
  ) {
    // At least 1.5 slots per entry (a load of at most 2/3).
    this.slots = new Uint32Array(Math.ceil(size * 1.5) + 1);
    this.shift = Math.max(1, Math.ceil(Math.log2(bytes.length + 1)));
    for (let i = 0; i < size; i++) this.insert(starts![i]!);
  }

  /**
   * Indexes a section's bytes. Lines must have a tab; a section that is not valid UTF-8, not sorted in
   * JavaScript string order or has a key twice (not as encodeBridge writes it) is read as a Map of its
   * lines would be (invalid bytes as U+FFFD, the last line of a key winning) and written out sorted.
   */
  static read(bytes: Buffer, where: string, offset = 0): Section {
    const len = bytes.length;
    if (len >= 2 ** 31) throw new Error(`${where} is ${len} bytes, more than this reader holds (2 GiB)`);
    // One character per byte, to find tabs and line breaks with the string search.
    const text = bytes.toString('latin1');
    let starts = new Uint32Array(1024);
    let lines = 0;
    let ordered = isUtf8(bytes);
    for (let p = 0; p < len; ) {
      const tab = text.indexOf('\t', p);
      let nl = text.indexOf('\n', p);
      if (nl === -1) nl = len;
      if (tab === -1 || tab > nl) throw new Error(`${where} has a line without a tab at byte ~${offset + p}`);
      if (lines === starts.length) {
        const grown = new Uint32Array(lines * 2);
        grown.set(starts);
        starts = grown;
      }
      if (ordered && lines > 0 && compareKeys(bytes, starts[lines - 1]!, p) >= 0) ordered = false;
      starts[lines++] = p;
      p = nl + 1;
    }
    if (ordered) return new Section(bytes, lines, starts);
    const m = new Map<string, string>();
    const utf8 = bytes.toString('utf8');
    let i = 0;
    while (i < utf8.length) {
      const nl = utf8.indexOf('\n', i);
      const end = nl === -1 ? utf8.length : nl;
      const tab = utf8.indexOf('\t', i);
      m.set(utf8.slice(i, tab), utf8.slice(tab + 1, end));
      i = end + 1;
    }
    return Section.read(Buffer.from(sortedEntries(m).map(([k, v]) => `${k}\t${v}\n`).join(''), 'utf8'), where, offset);
  }

  // The slot to start probing at comes from the hash's high bits, the tag from its low bits.
  private insert(start: number): void {
    const slots = this.slots;
    const h = hashKey(this.bytes, start);
    let i = Math.floor((h / 0x100000000) * slots.length);
    while (slots[i] !== 0) if (++i === slots.length) i = 0;
    slots[i] = ((h << this.shift) | (start + 1)) >>> 0;
  }

  /** Where the line of `key` begins, or -1. */
  find(key: string): number {
    if (this.size === 0) return -1;
    const { slots, bytes, shift } = this;
    const h = hashWord(key);
    const n = slots.length;
    const mask = 2 ** shift - 1;
    const tag = (h << shift) >>> shift;
    let i = Math.floor((h / 0x100000000) * n);
    for (;;) {
      const s = slots[i]!;
      if (s === 0) return -1;
      if (s >>> shift === tag) {
        const start = (s & mask) - 1;
        if (matchWordKey(key, bytes, start).order === 0) return start;
      }
      if (++i === n) i = 0;
    }
  }

  get(key: string): string | undefined {
    const start = this.find(key);
    return start === -1 ? undefined : this.glossAt(start);
  }

  /** The gloss of the line beginning at byte `start`. */
  glossAt(start: number): string {
    const b = this.bytes;
    let p = start;
    while (b[p] !== TAB) p++;
    let e = ++p;
    while (e < b.length && b[e] !== NL) e++;
    return b.toString('utf8', p, e);
  }

  /** Where each line begins, in key order. */
  lineStarts(): Uint32Array {
    const b = this.bytes;
    const out = new Uint32Array(this.size);
    let p = 0;
    for (let i = 0; i < this.size; i++) {
      out[i] = p;
      while (p < b.length && b[p] !== NL) p++;
      p++;
    }
    return out;
  }

  /** The section's bytes, for the key comparisons above. */
  get data(): Uint8Array {
    return this.bytes;
  }

  /** Whether the line beginning at byte `start` has an empty gloss. */
  emptyGlossAt(start: number): boolean {
    const b = this.bytes;
    let p = start;
    while (b[p] !== TAB) p++;
    return p + 1 === b.length || b[p + 1] === NL;
  }
}

class LanguageLexicon {
  readonly exact: Section;
  readonly stem: Section;
  readonly sep: Section;
  readonly accent: Section;
  private readonly stemmer: ((w: string) => string) | null;
  private readonly particles: Set<string>;
  /** Where the exact keys with a non-empty gloss and at least minPrefix letters begin (in key order), for prefix matching. */
  private readonly sortedKeys: Uint32Array | null;
  private readonly stemCache = new Map<string, string>();

  constructor(
    readonly meta: BridgeLanguageMeta,
    exact: Section,
    stem: Section,
    sep: Section,
    accent: Section,
  ) {
    this.exact = exact;
    this.stem = stem;
    this.sep = sep;
    this.accent = accent;
    this.stemmer = meta.stemmer ? snowballStemmer(meta.stemmer) : null;
    this.particles = new Set(meta.particles);
    if (meta.prefix) {
      const keys = exact.lineStarts();
      let n = 0;
      for (const start of keys) {
        if (!exact.emptyGlossAt(start) && keyLength(exact.data, start) >= meta.prefix.minPrefix) keys[n++] = start;
      }
      this.sortedKeys = keys.slice(0, n);
    } else {
      this.sortedKeys = null;
    }
  }

  stemOf(word: string): string {
    if (!this.stemmer) return word;
    let s = this.stemCache.get(word);
    if (s === undefined) {
      s = this.stemmer(word);
      if (this.stemCache.size > 50_000) this.stemCache.clear();
      this.stemCache.set(word, s);
    }
    return s;
  }

  /** The gloss of one normalised word and how it was found. */
  lookup(word: string, opts: GlossOptions = {}): { gloss: string; how: GlossHow } {
    const e = this.exact.get(word);
    if (e !== undefined) return { gloss: e, how: 'exact' };
    if (NUMBER.test(word)) return { gloss: word, how: 'number' };
    // Elisions ("l'islam", "dell'italia", "d'attentats"): each part on its own.
    if (word.includes("'")) {
      const parts = word.split("'").filter(Boolean).map((p) => this.lookupWord(p, opts));
      const last = parts[parts.length - 1];
      if (last && parts.some((p) => p.how !== 'unknown')) {
        return { gloss: parts.map((p) => p.gloss).filter(Boolean).join(' '), how: last.how === 'unknown' ? 'exact' : last.how };
      }
      return { gloss: word, how: 'unknown' };
    }
    return this.lookupWord(word, opts, false);
  }

  /** `exact`: whether to look the exact form up (lookup already has). */
  private lookupWord(word: string, opts: GlossOptions, exact = true): { gloss: string; how: GlossHow } {
    if (exact) {
      const e = this.exact.get(word);
      if (e !== undefined) return { gloss: e, how: 'exact' };
    }
    if (this.stemmer && word.length >= 3 && opts.stems !== false) {
      const s = this.stem.get(this.stemOf(word));
      if (s !== undefined) return { gloss: s, how: 'stem' };
    }
    if (this.sortedKeys && opts.prefixes !== false) {
      const p = this.prefixMatch(word);
      if (p !== null) return { gloss: p, how: 'prefix' };
    }
    return { gloss: word, how: 'unknown' };
  }

  private prefixMatch(word: string): string | null {
    const rule = this.meta.prefix!;
    const keys = this.sortedKeys!;
    if (word.length < rule.minPrefix + 1) return null;
    const exact = this.exact;
    const data = exact.data;
    let lo = 0;
    let hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (matchWordKey(word, data, keys[mid]!).order > 0) lo = mid + 1;
      else hi = mid;
    }
    // The known forms sharing the longest prefix with the word lie next to where it would be inserted.
    let best = -1;
    let bestLcp = 0;
    let bestSuffix = Infinity;
    for (let i = Math.max(0, lo - 4); i < Math.min(keys.length, lo + 4); i++) {
      const start = keys[i]!;
      const l = matchWordKey(word, data, start).common;
      if (l < rule.minPrefix || word.length - l > rule.maxWordSuffix) continue;
      const suffix = keyLength(data, start) - l;
      if (suffix > rule.maxKeySuffix) continue;
      if (l > bestLcp || (l === bestLcp && suffix < bestSuffix)) {
        best = start;
        bestLcp = l;
        bestSuffix = suffix;
      }
    }
    return best === -1 ? null : exact.glossAt(best);
  }

  /** German: a clause-final separable particle joins the clause's first verb it makes a known particle verb with ("bringe ... um" -> umbringen). */
  particleVerb(clauseWords: string[], particleIndex: number): { verbIndex: number; gloss: string } | null {
    const particle = clauseWords[particleIndex]!;
    for (let j = 0; j < particleIndex; j++) {
      const w = clauseWords[j]!;
      const stems = [this.stemOf(w)];
      if (w.endsWith('t') && w.length > 3) stems.push(this.stemOf(w.slice(0, -1)));
      for (const s of stems) {
        const g = this.sep.get(`${particle}|${s}`);
        if (g !== undefined) return { verbIndex: j, gloss: g };
      }
    }
    return null;
  }

  /**
   * The accented spelling in the raw line of each normalised word token where it has a gloss of its
   * own (normalisation drops accents: "töten" and "toten" both become "toten"). Raw words are matched
   * to the tokens in order; a token that normalisation changed otherwise (leetspeak, joined letters)
   * finds none and keeps its normalised lookup.
   */
  private accentGlosses(line: string, toks: { text: string; isWord: boolean }[]): (string | undefined)[] {
    const out: (string | undefined)[] = new Array<string | undefined>(toks.length);
    if (this.accent.size === 0 || !NON_ASCII.test(line)) return out;
    const raw = [...line.normalize('NFC').toLowerCase().matchAll(RAW_WORD)].map((m) => m[0]);
    let j = 0;
    for (let i = 0; i < toks.length; i++) {
      const t = toks[i]!;
      if (!t.isWord) continue;
      for (let k = j; k < Math.min(raw.length, j + 4); k++) {
        const r = raw[k]!;
        if (stripAccents(r) === t.text) {
          if (r !== t.text) out[i] = this.accent.get(r);
          j = k + 1;
          break;
        }
      }
    }
    return out;
  }

  glossLine(line: string, opts: GlossOptions = {}): GlossToken[] {
    const toks = tokenize(normalizeText(line));
    const accented = this.accentGlosses(line, toks);
    const out: GlossToken[] = toks.map((t, i) => {
      if (!t.isWord) return { source: t.text, gloss: t.text, how: 'punct' as const };
      const a = accented[i];
      if (a !== undefined) return { source: t.text, gloss: a, how: 'exact' as const };
      const r = this.lookup(t.text, opts);
      return { source: t.text, gloss: r.gloss, how: r.how };
    });
    if (this.particles.size > 0 && this.sep.size > 0 && opts.particles !== false) {
      // Clauses end at sentence punctuation and commas.
      let start = 0;
      for (let i = 0; i <= toks.length; i++) {
        if (i < toks.length && toks[i]!.isWord) continue;
        const idx: number[] = [];
        for (let k = start; k < i; k++) if (toks[k]!.isWord) idx.push(k);
        const last = idx[idx.length - 1];
        if (idx.length >= 2 && last !== undefined && this.particles.has(toks[last]!.text)) {
          const hit = this.particleVerb(idx.map((k) => toks[k]!.text), idx.length - 1);
          if (hit) {
            out[idx[hit.verbIndex]!] = { source: toks[idx[hit.verbIndex]!]!.text, gloss: hit.gloss, how: 'particle' };
            out[last] = { source: toks[last]!.text, gloss: '', how: 'particle' };
          }
        }
        start = i + 1;
      }
    }
    return out;
  }
}

/** Joins glossed tokens: words by spaces, punctuation after the word before it. */
export function joinGloss(tokens: GlossToken[]): string {
  let s = '';
  for (const t of tokens) {
    if (t.gloss === '') continue;
    if (t.how === 'punct' && t.gloss !== '(' && t.gloss !== '"') s += t.gloss;
    else s += (s === '' || s.endsWith('(') ? '' : ' ') + t.gloss;
  }
  return s.trim();
}

export class Bridge {
  private readonly langs: Map<string, LanguageLexicon>;

  constructor(
    readonly header: BridgeHeader,
    langs: Map<string, LanguageLexicon>,
  ) {
    this.langs = langs;
  }

  /** Languages with a lexicon (ISO 639-1). */
  languages(): string[] {
    return [...this.langs.keys()].sort();
  }

  has(lang: string): boolean {
    return this.langs.has(baseLang(lang));
  }

  meta(lang: string): BridgeLanguageMeta | null {
    return this.langs.get(baseLang(lang))?.meta ?? null;
  }

  /** The gloss of one normalised word, or null without a lexicon for the language. */
  lookup(word: string, lang: string, opts: GlossOptions = {}): { gloss: string; how: GlossHow } | null {
    return this.langs.get(baseLang(lang))?.lookup(word, opts) ?? null;
  }

  /** Per token: source, gloss and how it was found, line by line (null without a lexicon for the language). */
  glossTokens(text: string, lang: string, opts: GlossOptions = {}): GlossToken[][] | null {
    const lex = this.langs.get(baseLang(lang));
    if (!lex) return null;
    return text.split(/\r\n|[\r\n\u2028\u2029]/).map((line) => lex.glossLine(line, opts));
  }

  /**
   * The English gloss of `text` in `lang` (ISO 639-1; "pt-BR" reads as "pt"), or null when the
   * language has no lexicon. Tokenised as the model does; each word goes to its exact form's gloss,
   * else its stem's, else (Polish, Greek) a known form sharing its prefix; unknown words (names,
   * English loanwords, profanity) stay as they are, numbers and punctuation too, and line breaks.
   */
  gloss(text: string, lang: string, opts: GlossOptions = {}): string | null {
    const lines = this.glossTokens(text, lang, opts);
    if (!lines) return null;
    return lines.map(joinGloss).join('\n');
  }
}

function baseLang(lang: string): string {
  return lang.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** A section of the body; `copy`: its own bytes (so the body can go when only some languages are read), else a view on the body. */
function parseSection(body: Buffer, where: [number, number] | undefined, lang: string, name: string, file: string, copy: boolean): Section {
  if (!where) return Section.EMPTY;
  const [off, len] = where;
  if (!Number.isInteger(off) || !Number.isInteger(len) || off < 0 || len < 0 || off + len > body.length) {
    throw new Error(`bridge: ${file}: section ${lang}.${name} [${off}, ${len}] lies outside the ${body.length}-byte body`);
  }
  if (len === 0) return Section.EMPTY;
  const view = body.subarray(off, off + len);
  return Section.read(copy ? Buffer.from(view) : view, `bridge: ${file}: section ${lang}.${name}`, off);
}

export interface LoadOptions {
  /** Only these languages are read into memory (ISO 639-1); default all. The whole file is still checked. */
  languages?: string[];
}

/** Reads a lexicon from its bytes; `file` names it in errors. */
export function decodeBridge(buf: Buffer, file = BRIDGE_FILE, opts: LoadOptions = {}): Bridge {
  if (buf.length < 12 || buf.toString('latin1', 0, 8) !== BRIDGE_MAGIC) throw new Error(`bridge: ${file} is not a bridge lexicon (no ${BRIDGE_MAGIC} magic)`);
  const hlen = buf.readUInt32LE(8);
  if (12 + hlen > buf.length) throw new Error(`bridge: ${file} is truncated (header of ${hlen} bytes, file of ${buf.length})`);
  let header: BridgeHeader;
  try {
    header = JSON.parse(buf.toString('utf8', 12, 12 + hlen)) as BridgeHeader;
  } catch (e) {
    throw new Error(`bridge: ${file}: header is not JSON (${(e as Error).message})`);
  }
  if (header.format !== BRIDGE_FORMAT) throw new Error(`bridge: ${file}: format ${JSON.stringify(header.format)}, expected ${BRIDGE_FORMAT}`);
  if (header.version !== BRIDGE_FORMAT_VERSION) throw new Error(`bridge: ${file}: format version ${header.version}, this reader knows ${BRIDGE_FORMAT_VERSION}`);
  if (!header.languages || typeof header.languages !== 'object') throw new Error(`bridge: ${file}: header lists no languages`);
  let body: Buffer;
  try {
    body = gunzipSync(buf.subarray(12 + hlen));
  } catch (e) {
    throw new Error(`bridge: ${file}: body does not unzip (${(e as Error).message}); the file is corrupt or truncated`);
  }
  if (body.length !== header.bodyBytes) throw new Error(`bridge: ${file}: body is ${body.length} bytes, header says ${header.bodyBytes}`);
  const sha = createHash('sha256').update(body).digest('hex');
  if (sha !== header.bodySha256) throw new Error(`bridge: ${file}: body sha256 ${sha} does not match the header's ${header.bodySha256}`);
  const langs = new Map<string, LanguageLexicon>();
  const only = opts.languages ? new Set(opts.languages.map(baseLang)) : null;
  // Sections stay views on the unzipped body when every language is read, else copies of their bytes.
  const copy = only !== null && Object.keys(header.languages).some((l) => !only.has(l));
  for (const [lang, meta] of Object.entries(header.languages)) {
    if (only && !only.has(lang)) continue;
    const exact = parseSection(body, meta.sections?.exact, lang, 'exact', file, copy);
    const stem = parseSection(body, meta.sections?.stem, lang, 'stem', file, copy);
    const sep = parseSection(body, meta.sections?.sep, lang, 'sep', file, copy);
    const accent = parseSection(body, meta.sections?.accent, lang, 'accent', file, copy);
    if (exact.size !== meta.entries || stem.size !== meta.stems || sep.size !== meta.particleVerbs || accent.size !== meta.accented) {
      throw new Error(
        `bridge: ${file}: ${lang} has ${exact.size}/${stem.size}/${sep.size}/${accent.size} entries (exact/stem/particle/accented), header says ${meta.entries}/${meta.stems}/${meta.particleVerbs}/${meta.accented}`,
      );
    }
    langs.set(lang, new LanguageLexicon(meta, exact, stem, sep, accent));
  }
  return new Bridge(header, langs);
}

/** A lexicon held in memory (tests, the builder's own measurement), through the same format as the file. */
export function createBridge(languages: Record<string, BridgeLanguageInput>): Bridge {
  return decodeBridge(encodeBridge(languages), '(in memory)');
}

/** Loads `dir`/bridge.bin (default: artifacts/bridge-v1/); the error names what is missing or wrong. */
export function loadBridge(dir: string = DEFAULT_BRIDGE_DIR, opts: LoadOptions = {}): Bridge {
  const file = join(dir, BRIDGE_FILE);
  if (!existsSync(file)) throw new Error(`bridge: ${file} not found (build it with \`make bridge-lexicon\`)`);
  return decodeBridge(readFileSync(file), file, opts);
}
