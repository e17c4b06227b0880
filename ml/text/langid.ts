// Trains and measures the language identifier (src/model/langid.ts): multinomial naive Bayes over
// hashed character n-grams, trained on the training split of every kit language (the main English
// file counts as `en`; the synthetic aux file is left out), measured per language on the
// validation split (never trained on), on full texts and on caption-like spans (first 3-8 words).
import { mulberry32 } from '@modsvc/common/seeded-random';
import { LanguageIdentifier, langIdFeatures, langIdWords, quantizeLangId, type LangIdModel } from '../../services/text-toxicity/src/model/langid.ts';
import type { Row } from './data.ts';

export const LANGID_SETTINGS = { hashBits: 16, charMin: 1, charMax: 4, alpha: 0.2, maxTextsPerLanguage: 20000, englishPrior: 1 };
const SEED = 0x1a9c1d;

/** A language needs this many training texts to be a class of the identifier. */
export const MIN_LANGID_TEXTS = 200;

export function trainLangId(rows: Row[], s = LANGID_SETTINGS): LangIdModel {
  const byLang = new Map<string, Row[]>();
  for (const r of rows) {
    // Natural text only: the team's templates repeat a few phrasings (and are the only Dutch in the kit).
    if (r.weak || r.split !== 'train' || r.file === 'functional') continue;
    const list = byLang.get(r.lang) ?? [];
    list.push(r);
    byLang.set(r.lang, list);
  }
  const languages = [...byLang.keys()].filter((l) => byLang.get(l)!.length >= MIN_LANGID_TEXTS).sort();
  const L = languages.length;
  const B = 2 ** s.hashBits;
  const counts = new Float64Array(B * L);
  const totals = new Float64Array(L);
  const rand = mulberry32(SEED);
  const feats: number[] = [];
  languages.forEach((lang, l) => {
    const list = byLang.get(lang)!;
    // A seeded sample of at most maxTextsPerLanguage texts (a partial Fisher-Yates shuffle).
    const idx = Array.from(list.keys());
    const n = Math.min(idx.length, s.maxTextsPerLanguage);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(rand() * (idx.length - i));
      [idx[i], idx[j]] = [idx[j]!, idx[i]!];
    }
    for (let i = 0; i < n; i++) {
      const f = langIdFeatures(langIdWords(list[idx[i]!]!.text), s.hashBits, s.charMin, s.charMax, feats);
      for (const b of f) counts[b * L + l]!++;
      totals[l]! += f.length;
    }
  });
  const logp = new Float64Array(B * L);
  for (let l = 0; l < L; l++) {
    const denom = Math.log(totals[l]! + s.alpha * B);
    for (let b = 0; b < B; b++) logp[b * L + l] = Math.log(counts[b * L + l]! + s.alpha) - denom;
  }
  const q = quantizeLangId(logp);
  const logPrior = languages.map((l) => (l === 'en' ? s.englishPrior : 0));
  return { languages, hashBits: s.hashBits, charMin: s.charMin, charMax: s.charMax, table: q.table, min: q.min, step: q.step, logPrior };
}

export interface LangIdReport {
  /** Per language: validation texts, share identified correctly (full text, caption-like span), and where the errors went. */
  perLanguage: Record<string, { n: number; accuracy: number; captions: number; captionAccuracy: number; confusions: Record<string, number> }>;
  meanAccuracy: number;
  meanCaptionAccuracy: number;
}

/** Caption-like span: the first 3-8 words (length cycling with the index). */
export function captionSpan(text: string, i: number): string | null {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length < 3) return null;
  return words.slice(0, 3 + (i % 6)).join(' ');
}

export function evaluateLangId(id: LanguageIdentifier, rows: Row[], maxPerLanguage = 1500): LangIdReport {
  const byLang = new Map<string, Row[]>();
  for (const r of rows) {
    if (r.weak || r.split !== 'valid') continue;
    const list = byLang.get(r.lang) ?? [];
    if (list.length < maxPerLanguage) list.push(r);
    byLang.set(r.lang, list);
  }
  const perLanguage: LangIdReport['perLanguage'] = {};
  for (const lang of [...byLang.keys()].sort()) {
    const list = byLang.get(lang)!;
    let ok = 0;
    let capN = 0;
    let capOk = 0;
    const confusions: Record<string, number> = {};
    list.forEach((r, i) => {
      const got = id.detect(r.text).language ?? 'null';
      if (got === lang) ok++;
      else confusions[got] = (confusions[got] ?? 0) + 1;
      const cap = captionSpan(r.text, i);
      if (cap !== null) {
        capN++;
        if (id.detect(cap).language === lang) capOk++;
      }
    });
    perLanguage[lang] = { n: list.length, accuracy: ok / list.length, captions: capN, captionAccuracy: capN ? capOk / capN : 0, confusions };
  }
  const v = Object.values(perLanguage);
  return {
    perLanguage,
    meanAccuracy: v.reduce((a, x) => a + x.accuracy, 0) / v.length,
    meanCaptionAccuracy: v.reduce((a, x) => a + x.captionAccuracy, 0) / v.length,
  };
}

export function langIdMarkdown(r: LangIdReport): string {
  const lines = ['| language | validation texts | accuracy | caption-like spans | accuracy | most frequent errors |', '|---|---:|---:|---:|---:|---|'];
  for (const [lang, m] of Object.entries(r.perLanguage)) {
    const errs = Object.entries(m.confusions).sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${k} ${v}`).join(', ');
    lines.push(`| ${lang} | ${m.n} | ${m.accuracy.toFixed(3)} | ${m.captions} | ${m.captionAccuracy.toFixed(3)} | ${errs} |`);
  }
  lines.push(`| mean | | ${r.meanAccuracy.toFixed(3)} | | ${r.meanCaptionAccuracy.toFixed(3)} | |`);
  return lines.join('\n');
}
