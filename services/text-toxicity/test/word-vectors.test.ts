import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_WORD_VECTORS_DIR, decodeWordHead, encodeWordHead, featureCount, headLogits, headWords, loadWordVectors, wordFeatures, wordVector, WordVectorHead, type WordHead } from '../src/model/word-vectors.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const vectors = loadWordVectors();
const cosine = (a: string, b: string): number => {
  const [u, v] = [wordVector(vectors, vectors.index.get(a)!), wordVector(vectors, vectors.index.get(b)!)];
  let s = 0;
  for (let k = 0; k < vectors.dims; k++) s += u[k]! * v[k]!;
  return s;
};

/** A head with 3 inputs, 2 hidden units and labels threat, insult, with weights small enough to check by hand. */
function tinyHead(): WordHead {
  return {
    inputs: 3,
    hidden: 2,
    labels: ['threat', 'insult'],
    mean: Float32Array.from([0, 1, 0]),
    scale: Float32Array.from([1, 2, 1]),
    w1: Float32Array.from([1, -1, 0.5, 0.5, 0, 2]),
    b1: Float32Array.from([0, 0.25]),
    w2: Float32Array.from([1, 0, -1, 3]),
    b2: Float32Array.from([0.1, -0.2]),
  };
}

describe('word vectors (embedding-v1)', () => {
  it('loads the committed vectors, unit length, with related words close', () => {
    expect(vectors.manifest.words).toBe(vectors.index.size);
    expect(vectors.codes.length).toBe(vectors.manifest.words * vectors.dims);
    expect(cosine('stabbed', 'shot')).toBeGreaterThan(0.5);
    expect(cosine('vermin', 'rats')).toBeGreaterThan(0.5);
    expect(cosine('stabbed', 'pancakes')).toBeLessThan(0.2);
    const i = vectors.index.get('the')!;
    const norm = Math.hypot(...wordVector(vectors, i));
    expect(norm).toBeCloseTo(1, 1);
  });

  it('refuses vectors whose bytes are not the manifest\'s', () => {
    const d = mkdtempSync(join(tmpdir(), 'word-vectors-'));
    dirs.push(d);
    for (const f of ['manifest.json', 'vocab.txt', 'vectors.i8']) copyFileSync(join(DEFAULT_WORD_VECTORS_DIR, f), join(d, f));
    const bytes = readFileSync(join(d, 'vectors.i8'));
    bytes[7] = bytes[7]! ^ 1;
    writeFileSync(join(d, 'vectors.i8'), bytes);
    expect(() => loadWordVectors(d)).toThrow(/vectors.i8 is corrupt/);
    expect(() => loadWordVectors(join(d, 'missing'))).toThrow(/not found/);
  });

  it('pools the known words: mean, max and the share known', () => {
    const words = headWords("You'll get STABBED, qzxv!");
    expect(words).toEqual(['you', 'will', 'get', 'stabbed', 'qzxv']);
    const f = wordFeatures(vectors, words);
    expect(f.length).toBe(featureCount(vectors.dims));
    expect(f[2 * vectors.dims]).toBeCloseTo(4 / 5, 6);
    const known = ['you', 'will', 'get', 'stabbed'].map((w) => vectors.index.get(w)!);
    for (const k of [0, 17, 99]) {
      const vals = known.map((i) => wordVector(vectors, i)[k]!);
      expect(f[k]).toBeCloseTo(vals.reduce((a, b) => a + b, 0) / 4, 6);
      expect(f[vectors.dims + k]).toBeCloseTo(Math.max(...vals), 6);
    }
    expect([...wordFeatures(vectors, ['qzxv'])].every((v) => v === 0)).toBe(true);
  });

  it('computes ReLU(W1 x + b1) -> W2 h + b2 on standardised features', () => {
    // x = [1, 3, -1] standardised -> [1, 1, -1]; h = relu([1*1 + 1*0.5 - 1*0 + 0, 1*-1 + 1*0.5 - 1*2 + 0.25]) = [1.5, 0]
    const z = headLogits(tinyHead(), Float32Array.from([1, 3, -1]));
    expect(z[0]).toBeCloseTo(1.5 * 1 + 0.1, 6);
    expect(z[1]).toBeCloseTo(1.5 * 0 - 0.2, 6);
  });

  it('round-trips a head through its file and refuses a file of the wrong size or an unknown label', () => {
    const head = tinyHead();
    const bytes = encodeWordHead(head);
    const back = decodeWordHead(bytes, 3, 2, ['threat', 'insult']);
    expect([...back.w1]).toEqual([...head.w1]);
    expect([...back.b2].map((v) => v.toFixed(5))).toEqual([...head.b2].map((v) => v.toFixed(5)));
    expect(() => decodeWordHead(bytes.subarray(4), 3, 2, ['threat', 'insult'])).toThrow(/bytes, expected/);
    expect(() => decodeWordHead(bytes, 3, 2, ['threat', 'nonsense' as 'insult'])).toThrow(/unknown label/);
    expect(() => new WordVectorHead(vectors, head)).toThrow(/inputs/);
  });
});
