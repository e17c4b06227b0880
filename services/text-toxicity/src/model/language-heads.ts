// Per-language toxicity heads (2.1.0+): for each language with enough training data, a logistic
// regression over TF-IDF features of that language's texts alone (hashed word-boundary character
// 1-5-grams and word 1-2-grams, sublinear tf, each block L2-normalised). The shared model weighs
// every language's n-grams together and English dominates it; a head learns what is abusive in one
// language. A text's toxicity logit in such a language is stacked: head * z_head + shared * z_shared
// + bias, fitted on the language's calibration rows (train/language-heads.ts).
import { int8SqrtTable } from './artifact.ts';
import { forEachCharNgram, hashString } from './features.ts';
import { tokenize } from './normalize.ts';

const INT8_SQRT = int8SqrtTable();

/** Feature settings of the heads (the same for every language). */
export interface HeadFeatureSettings {
  /** Each block (characters, words) has 2^blockBits buckets; a head has 2 * 2^blockBits weights. */
  blockBits: number;
  charMin: number;
  charMax: number;
  /** 1 = word unigrams, 2 = unigrams and bigrams. */
  wordNgrams: number;
  /** Normalised text is cut to this many characters. */
  maxChars: number;
}

export const DEFAULT_HEAD_FEATURES: HeadFeatureSettings = { blockBits: 17, charMin: 1, charMax: 5, wordNgrams: 2, maxChars: 2000 };

/** A head as served: quantised weights and idf, decoded on the fly. */
export interface LanguageHead {
  language: string;
  /** int8 square-root companded weights, [2 * 2^blockBits]: characters, then words. */
  weights: Int8Array;
  weightScale: number;
  /** idf per bucket = idfQ * idfStep. */
  idf: Uint8Array;
  idfStep: number;
  bias: number;
  /** Stacking: toxicity logit = head * z_head + shared * z_shared + intercept. */
  stack: { head: number; shared: number; intercept: number };
}

/** Sparse TF-IDF vector of one text: sorted unique bucket indices and their values. */
export interface SparseVector {
  indices: Uint32Array;
  values: Float32Array;
}

const CHAR_SEED = 0x243f6a88;
const WORD_SEED = 0x85a308d3;
const BIGRAM_SEED = 0x13198a2e;

/** Hangul syllables become their letters (jamo), so n-grams see the letters a syllable is written with. */
function decomposeHangul(s: string): string {
  return s.replace(/[\uAC00-\uD7A3]+/g, (m) => m.normalize('NFD'));
}

/** Raw counts per bucket of the character block (0..2^bits) and the word block (2^bits..2^(bits+1)). */
export function headCounts(norm: string, s: HeadFeatureSettings): Map<number, number> {
  const text = norm.length > s.maxChars ? norm.slice(0, s.maxChars) : norm;
  const size = 2 ** s.blockBits;
  const mask = size - 1;
  const counts = new Map<number, number>();
  const add = (b: number): void => {
    counts.set(b, (counts.get(b) ?? 0) + 1);
  };
  for (const word of decomposeHangul(text).split(' ')) {
    if (word) forEachCharNgram(word, CHAR_SEED, s.charMin, s.charMax, mask, add);
  }
  let prev: string | null = null;
  for (const t of tokenize(text)) {
    if (!t.isWord) {
      prev = null;
      continue;
    }
    add(size + (hashString(t.text, WORD_SEED) & mask));
    if (s.wordNgrams >= 2 && prev !== null) add(size + (hashString(`${prev} ${t.text}`, BIGRAM_SEED) & mask));
    prev = t.text;
  }
  return counts;
}

/** TF-IDF vector of a text: (1 + ln tf) * idf per bucket, each block scaled to unit length. */
export function headVector(norm: string, s: HeadFeatureSettings, idfOf: (bucket: number) => number): SparseVector {
  return tfidfVector(headCounts(norm, s), s, idfOf);
}

/** TF-IDF vector of counts already taken (headCounts). */
export function tfidfVector(counts: Map<number, number>, s: HeadFeatureSettings, idfOf: (bucket: number) => number): SparseVector {
  const indices = Uint32Array.from(counts.keys()).sort();
  const values = new Float32Array(indices.length);
  const size = 2 ** s.blockBits;
  const norms = [0, 0];
  indices.forEach((b, k) => {
    const v = (1 + Math.log(counts.get(b)!)) * idfOf(b);
    values[k] = v;
    norms[b < size ? 0 : 1]! += v * v;
  });
  const inv = norms.map((n) => (n > 0 ? 1 / Math.sqrt(n) : 0));
  indices.forEach((b, k) => {
    values[k]! *= inv[b < size ? 0 : 1]!;
  });
  return { indices, values };
}

/** The head's raw logit for a normalised text. */
export function headLogit(head: LanguageHead, norm: string, s: HeadFeatureSettings): number {
  const { indices, values } = headVector(norm, s, (b) => head.idf[b]! * head.idfStep);
  let z = head.bias;
  for (let k = 0; k < indices.length; k++) z += INT8_SQRT[head.weights[indices[k]!]! + 128]! * head.weightScale * values[k]!;
  return z;
}

/** The stacked toxicity logit of a text in the head's language. */
export function stackedLogit(head: LanguageHead, zHead: number, zShared: number): number {
  return head.stack.head * zHead + head.stack.shared * zShared + head.stack.intercept;
}
