// The per-language toxicity heads: their features, the solver and stacking they are trained with,
// and the served scorer's use of them (toxicity in a language with a head = calibrated stacking).
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@modsvc/common/seeded-random';
import { DEFAULT_HEAD_FEATURES, headCounts, headLogit, headVector, stackedLogit } from '../../../services/text-toxicity/src/model/language-heads.ts';
import { normalizeText } from '../../../services/text-toxicity/src/model/normalize.ts';
import { loadToxicityModel } from '../../../services/text-toxicity/src/model/scorer.ts';
import { settingsSchema } from '../../../services/text-toxicity/src/settings.ts';
import { minimizeLbfgs } from '../lbfgs.ts';
import { fitStack, trainHead, type HeadExample } from '../language-heads.ts';

const S = DEFAULT_HEAD_FEATURES;
const size = 2 ** S.blockBits;

describe('head features', () => {
  it('counts character n-grams of each word and word uni- and bigrams, in separate blocks', () => {
    const c = headCounts('ab cd', S);
    const chars = [...c].filter(([b]) => b < size).reduce((n, [, v]) => n + v, 0);
    const words = [...c].filter(([b]) => b >= size).reduce((n, [, v]) => n + v, 0);
    // " ab " and " cd ": 4 + 3 + 2 + 1 n-grams of length 1-4 (no 5-gram in 4 characters) each.
    expect(chars).toBe(20);
    // ab, cd, "ab cd".
    expect(words).toBe(3);
  });

  it('sees Hangul syllables as their letters (jamo)', () => {
    const syllables = headCounts('병신', S);
    const jamo = headCounts('병신'.normalize('NFD'), S);
    const charsOf = (m: Map<number, number>) => [...m].filter(([b]) => b < size).sort((x, y) => x[0] - y[0]);
    expect(charsOf(syllables)).toEqual(charsOf(jamo));
    // 병 and 벌 share their first two letters, so they share character n-grams.
    const shared = [...headCounts('병', S).keys()].filter((b) => b < size && headCounts('벌', S).has(b));
    expect(shared.length).toBeGreaterThan(0);
  });

  it('weights counts sublinearly by idf and scales each block to unit length', () => {
    const v = headVector('bad bad bad word', S, (b) => 1 + (b % 7));
    let chars = 0;
    let words = 0;
    v.indices.forEach((b, k) => {
      expect(v.values[k]).toBeGreaterThan(0);
      if (b < size) chars += v.values[k]! ** 2;
      else words += v.values[k]! ** 2;
    });
    expect(chars).toBeCloseTo(1, 5);
    expect(words).toBeCloseTo(1, 5);
    expect(headVector('', S, () => 1).indices.length).toBe(0);
  });
});

describe('training a head', () => {
  it('L-BFGS finds the minimum of a badly scaled convex quadratic', () => {
    const n = 50;
    const f = (x: Float64Array, g: Float64Array): number => {
      let v = 0;
      for (let i = 0; i < n; i++) {
        const d = x[i]! - i / 10;
        v += (i + 1) * d * d;
        g[i] = 2 * (i + 1) * d;
      }
      return v;
    };
    const r = minimizeLbfgs(f, new Float64Array(n), { maxIterations: 500, memory: 10, gradientTolerance: 1e-9 });
    expect(r.converged).toBe(true);
    for (let i = 0; i < n; i++) expect(r.x[i]).toBeCloseTo(i / 10, 5);
  });

  it('learns which words are abusive, ranks unseen texts by them, and is deterministic', () => {
    const rand = mulberry32(7);
    const pick = (xs: string[]) => xs[Math.floor(rand() * xs.length)]!;
    const neutral = ['the', 'cat', 'sat', 'on', 'a', 'mat', 'today', 'we', 'went', 'to', 'beach', 'sun'];
    const bad = ['zorp', 'blagh', 'skrunt'];
    const make = (toxic: boolean): HeadExample => {
      const words = Array.from({ length: 6 }, () => pick(neutral));
      if (toxic) words.splice(Math.floor(rand() * 6), 0, pick(bad));
      return { norm: words.join(' '), y: toxic ? 1 : 0 };
    };
    const examples = Array.from({ length: 300 }, (_, i) => make(i % 3 === 0));
    const a = trainHead(examples, S);
    const b = trainHead(examples, S);
    expect(Buffer.from(a.weights.buffer).equals(Buffer.from(b.weights.buffer))).toBe(true);
    expect(a.bias).toBe(b.bias);
    const head = { language: 'xx', ...a, stack: { head: 1, shared: 0, intercept: 0 } };
    const z = (t: string) => headLogit(head, t, S);
    expect(z('we sat on the mat blagh')).toBeGreaterThan(z('we sat on the mat today') + 1);
    expect(z('skrunt the cat')).toBeGreaterThan(z('the cat sat'));
  });

  it("learns from annotators' shares: a word most annotators called toxic outranks one few did", () => {
    const rand = mulberry32(5);
    const neutral = ['the', 'cat', 'sat', 'on', 'a', 'mat', 'today', 'we', 'went', 'to', 'beach', 'sun'];
    const sentence = (extra?: string): string => {
      const words = Array.from({ length: 6 }, () => neutral[Math.floor(rand() * neutral.length)]!);
      if (extra) words.splice(Math.floor(rand() * 6), 0, extra);
      return words.join(' ');
    };
    // "zorp" and "blagh" texts are all rounded to toxic (shares 1 and 2/3), "skrunt" to not toxic (1/3).
    const examples: HeadExample[] = [];
    for (let i = 0; i < 100; i++) {
      examples.push({ norm: sentence(), y: 0 }, { norm: sentence('zorp'), y: 1 }, { norm: sentence('blagh'), y: 2 / 3 }, { norm: sentence('skrunt'), y: 1 / 3 });
    }
    const head = { language: 'xx', ...trainHead(examples, S), stack: { head: 1, shared: 0, intercept: 0 } };
    const z = (t: string) => headLogit(head, t, S);
    expect(z('the cat zorp')).toBeGreaterThan(z('the cat blagh') + 0.5);
    expect(z('the cat blagh')).toBeGreaterThan(z('the cat skrunt') + 0.5);
    expect(z('the cat skrunt')).toBeGreaterThan(z('the cat sat') + 0.5);
  });

  it('stacking recovers the weights of two logits that generated the labels', () => {
    const rand = mulberry32(11);
    const zh: number[] = [];
    const zs: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < 20000; i++) {
      const a = 3 * (rand() - 0.5);
      const b = 3 * (rand() - 0.5);
      zh.push(a);
      zs.push(b);
      y.push(rand() < 1 / (1 + Math.exp(-(1.5 * a + 0.5 * b - 0.3))) ? 1 : 0);
    }
    const s = fitStack(zh, zs, y);
    expect(s.head).toBeCloseTo(1.5, 0);
    expect(s.shared).toBeCloseTo(0.5, 0);
    expect(s.intercept).toBeCloseTo(-0.3, 0);
  });
});

describe('the served model', () => {
  const scorer = loadToxicityModel(settingsSchema.parse({}));
  const heads = scorer.model.heads;

  it('has a head for each trained language other than English, none for English, each weighing its head', () => {
    expect(heads.has('en')).toBe(false);
    for (const lang of ['ar', 'da', 'de', 'el', 'es', 'it', 'ko', 'pl', 'pt', 'tr']) {
      expect(heads.get(lang)?.stack.head).toBeGreaterThan(0);
      expect(scorer.model.manifest.languages?.[lang]?.labels.toxicity.scored).toBe(true);
    }
  });

  it("scores toxicity in a head's language as the language's calibration of the stacked logit", () => {
    const text = 'Halt die Fresse, du Idiot';
    const lang = scorer.detectLanguage(text)!.language;
    expect(lang).toBe('de');
    const head = heads.get('de')!;
    const shared = scorer.windowedLogits(text, lang).logits[0]!;
    const own = stackedLogit(head, headLogit(head, normalizeText(text), scorer.model.manifest.heads!.features), shared);
    const cal = scorer.model.manifest.languages!.de!.labels.toxicity;
    if (!cal.scored) throw new Error('German toxicity is scored');
    // 3.0.0: German has a bridge lexicon, and its toxicity stacks the English gloss's logit in.
    const b = cal.bridge;
    const zb = b ? b.own * own + b.bridge * scorer.bridgeLogits(text, 'de')![0]! + b.intercept : own;
    // 3.1.0: then the word-vector head's logit of the gloss, where the calibration stacked it.
    const w = cal.words;
    const z = w ? w.own * zb + w.words * scorer.wordLogits(text, 'de')![scorer.model.words!.labelIndex('toxicity')]! + w.intercept : zb;
    const p = 1 / (1 + Math.exp(-(cal.calibration.a * z + cal.calibration.b)));
    expect(scorer.scoreOne(text).scores.toxicity).toBeCloseTo(p, 10);
  });

  it('leaves English to the shared model (3.1.0: with the word-vector head stacked in)', () => {
    const text = 'you are a stupid idiot';
    const shared = scorer.windowedLogits(text, 'en').logits[0]!;
    const cal = scorer.model.manifest.languages!.en!.labels.toxicity;
    if (!cal.scored) throw new Error('English toxicity is scored');
    const w = cal.words;
    const z = w ? w.own * shared + w.words * scorer.wordLogits(text, 'en')![scorer.model.words!.labelIndex('toxicity')]! + w.intercept : shared;
    expect(scorer.scoreOne(text).scores.toxicity).toBeCloseTo(1 / (1 + Math.exp(-(cal.calibration.a * z + cal.calibration.b))), 10);
  });
});
