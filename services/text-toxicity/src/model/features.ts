// Hashed sparse features for the toxicity model: word-boundary-aware character n-grams and word
// uni/bigrams of the normalised text. Words inside a negation scope or inside double quotes hash
// into their own namespaces, so "don't hate X" and a quoted slur do not fire the plain-word weights.
import { markScopes, normalizeText, tokenize } from './normalize.ts';

export interface FeatureSettings {
  /** Hash space is 2^hashBits buckets. */
  hashBits: number;
  charMin: number;
  charMax: number;
  /** 1 = unigrams, 2 = uni+bigrams. */
  wordNgrams: number;
  /** Words after a negation cue that count as negated (punctuation ends the scope earlier). */
  negationWindow: number;
  /** Separate hash namespaces for negated and quoted words. */
  scopeNamespaces: boolean;
  /**
   * Negated words also enter the plain namespace with a negative value (polarity reversal), so a
   * word rarely seen negated in training counts against its usual direction; words often seen
   * negated learn their own negated weight on top.
   */
  negationFlip: boolean;
  /** Normalised text is cut to this many characters. */
  maxChars: number;
  /**
   * Also hash a crude suffix-stripped stem of every word (kills/killed/killing -> kill, stabbing ->
   * stab) into its own namespace, so a word family shares weight. Absent in artifacts before 1.1.0.
   */
  stems?: boolean;
  /**
   * 2.0.0+: every feature also enters a copy hashed with the text's detected language, so a word
   * or n-gram can weigh differently per language (German "die" is an article) on top of its
   * shared weight. Text without a detected language gets the shared features only.
   */
  languageCopies?: boolean;
}

export const DEFAULT_FEATURE_SETTINGS: FeatureSettings = {
  hashBits: 19,
  charMin: 2,
  charMax: 5,
  wordNgrams: 2,
  negationWindow: 3,
  scopeNamespaces: true,
  negationFlip: true,
  maxChars: 2000,
  stems: false,
};

const VOWEL = /[aeiouy]/;

/**
 * Lemma-like stem by suffix stripping (a small subset of Porter's step 1): plural and third-person
 * -s/-es/-ies, -ed, -ing, agent -er/-ers, with a doubled final consonant undone (stabbed -> stab).
 * Only applied when a vowel-bearing stem of >= 3 letters remains; words of <= 3 letters are kept.
 */
export function stem(word: string): string {
  let w = word.endsWith("'s") ? word.slice(0, -2) : word;
  if (w.length <= 3) return w;
  const cut = (suffix: string): string | null => {
    if (!w.endsWith(suffix)) return null;
    const b = w.slice(0, -suffix.length);
    return b.length >= 3 && VOWEL.test(b) ? b : null;
  };
  let b: string | null;
  if ((b = cut('ies')) !== null) return `${b}y`;
  if (w.endsWith('sses')) return w.slice(0, -2);
  for (const suf of ['ings', 'ing', 'ers', 'er', 'ed']) {
    if ((b = cut(suf)) !== null) {
      w = b;
      const n = w.length;
      if (n >= 4 && w[n - 1] === w[n - 2] && !/[aeioulsz]/.test(w[n - 1]!)) w = w.slice(0, -1);
      else if (suf !== 'er' && suf !== 'ers' && /^[^aeiou][aeiou][^aeiouwxy]$/.test(w)) w = `${w}e`; // raping -> rape
      return w;
    }
  }
  if (w.endsWith('es') && /(ch|sh|x|ss|zz)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w) && w.length >= 4) return w.slice(0, -1);
  return w;
}

export interface SparseVector {
  indices: Uint32Array;
  values: Float32Array;
}

// Namespace seeds: [plain, negated, quoted] for each feature family.
const CHAR_SEEDS = [0x811c9dc5, 0x2f1a7c33, 0x5bd1e995];
const WORD_SEEDS = [0x9747b28c, 0x1b873593, 0x68e31da4];
const BIGRAM_SEEDS = [0x3c6ef372, 0x7f4a7c15, 0x0badc0de];
const STEM_SEEDS = [0x510e527f, 0x9b05688c, 0x1f83d9ab];
const FLAG_SEED = 0x6a09e667;

/** murmur3's finaliser: mixes a 32-bit hash so that its low bits are usable as a bucket. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** FNV-1a over UTF-16 code units, finished with murmur's fmix32 so the low bits are usable. */
export function hashString(s: string, seed: number): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return fmix32(h);
}

class IntBuffer {
  data = new Uint32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  /** Sorted unique copy of the contents. */
  uniqueSorted(): Uint32Array {
    const view = this.data.subarray(0, this.length).sort();
    let n = 0;
    for (let i = 0; i < view.length; i++) {
      if (i === 0 || view[i] !== view[i - 1]) view[n++] = view[i]!;
    }
    return view.slice(0, n);
  }
}

const charBuf = new IntBuffer();
const wordBuf = new IntBuffer();
const charFlipBuf = new IntBuffer();
const wordFlipBuf = new IntBuffer();

/**
 * Each character n-gram (charMin..charMax) of " word " (word-boundary aware), hashed with a rolling
 * FNV-1a and murmur's finaliser, passed to `emit` as the hash's low bits under `mask`.
 */
export function forEachCharNgram(word: string, seed: number, charMin: number, charMax: number, mask: number, emit: (bucket: number) => void): void {
  const padded = ` ${word} `;
  const n = padded.length;
  for (let i = 0; i < n; i++) {
    let h = seed >>> 0;
    const end = Math.min(n, i + charMax);
    for (let j = i; j < end; j++) {
      h ^= padded.charCodeAt(j);
      h = Math.imul(h, 0x01000193);
      if (j - i + 1 >= charMin) emit(fmix32(h) & mask);
    }
  }
}

function pushCharNgrams(word: string, seed: number, s: FeatureSettings, mask: number, buf: IntBuffer = charBuf): void {
  forEachCharNgram(word, seed, s.charMin, s.charMax, mask, (b) => buf.push(b));
}

const langSeeds = new Map<string, number>();
function languageSeed(lang: string): number {
  let v = langSeeds.get(lang);
  if (v === undefined) {
    v = hashString(`lang:${lang}`, 0x2545f491);
    langSeeds.set(lang, v);
  }
  return v;
}

/** Features of text that is already normalised (see normalizeText); `lang` adds the language copies (languageCopies). */
export function featuresOfNormalized(norm: string, s: FeatureSettings, lang?: string | null): SparseVector {
  const mask = (1 << s.hashBits) - 1;
  charBuf.length = 0;
  wordBuf.length = 0;
  charFlipBuf.length = 0;
  wordFlipBuf.length = 0;
  const text = norm.length > s.maxChars ? norm.slice(0, s.maxChars) : norm;
  const tokens = tokenize(text);
  const scopes = s.scopeNamespaces ? markScopes(tokens, s.negationWindow) : new Uint8Array(tokens.length);
  let prevWord: string | null = null;
  let sawNeg = false;
  let sawQuote = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.isWord) continue;
    const sc = scopes[i]!;
    if (sc === 1) sawNeg = true;
    if (sc === 2) sawQuote = true;
    pushCharNgrams(t.text, CHAR_SEEDS[sc]!, s, mask);
    wordBuf.push(hashString(t.text, WORD_SEEDS[sc]!) & mask);
    const st = s.stems === true ? stem(t.text) : null;
    if (st !== null) wordBuf.push(hashString(st, STEM_SEEDS[sc]!) & mask);
    if (sc === 1 && s.negationFlip) {
      pushCharNgrams(t.text, CHAR_SEEDS[0]!, s, mask, charFlipBuf);
      wordFlipBuf.push(hashString(t.text, WORD_SEEDS[0]!) & mask);
      if (st !== null) wordFlipBuf.push(hashString(st, STEM_SEEDS[0]!) & mask);
    }
    if (s.wordNgrams >= 2 && prevWord !== null) {
      wordBuf.push(hashString(`${prevWord} ${t.text}`, BIGRAM_SEEDS[sc]!) & mask);
    }
    prevWord = t.text;
  }
  if (sawNeg) wordBuf.push(hashString('__negation__', FLAG_SEED) & mask);
  if (sawQuote) wordBuf.push(hashString('__quotation__', FLAG_SEED) & mask);
  const ci = charBuf.uniqueSorted();
  const wi = wordBuf.uniqueSorted();
  const cf = charFlipBuf.uniqueSorted();
  const wf = wordFlipBuf.uniqueSorted();
  const n = ci.length + wi.length + cf.length + wf.length;
  const indices = new Uint32Array(n);
  const values = new Float32Array(n);
  // Binary presence, each family (char, word) scaled to unit L2 norm; flipped copies are negative.
  const cv = ci.length ? 1 / Math.sqrt(ci.length) : 0;
  const wv = wi.length ? 1 / Math.sqrt(wi.length) : 0;
  let o = 0;
  for (const [arr, v] of [[ci, cv], [wi, wv], [cf, -cv], [wf, -wv]] as const) {
    indices.set(arr, o);
    values.fill(v, o, o + arr.length);
    o += arr.length;
  }
  if (s.languageCopies === true && lang) {
    // Language copies: the same values at indices re-hashed with the language's seed.
    const seed = languageSeed(lang);
    const ci2 = new Uint32Array(n);
    const vi2 = new Float32Array(n * 2);
    for (let k = 0; k < n; k++) ci2[k] = fmix32((indices[k]! ^ seed) >>> 0) & mask;
    const all = new Uint32Array(n * 2);
    all.set(indices, 0);
    all.set(ci2, n);
    vi2.set(values, 0);
    vi2.set(values, n);
    return { indices: all, values: vi2 };
  }
  return { indices, values };
}

export function extractFeatures(raw: string, s: FeatureSettings, lang?: string | null): SparseVector {
  return featuresOfNormalized(normalizeText(raw), s, lang);
}
