// Language identification for the texts the toxicity model scores: a multinomial naive Bayes over
// hashed character 1-4-grams of the words (letters only, accents kept), trained on the training
// split of the data kit's texts in each of its languages (`make train-toxicity`, train/langid.ts).
// It only knows the kit's languages; `eld` (an n-gram detector for 60 languages that ships its own
// data) is consulted to recognise text in a language the kit does not have (Dutch, Finnish, Czech,
// ...), so such text is reported as that language and not scored as a kit language it resembles.
import { eld } from 'eld/medium';
import { fmix32 } from './features.ts';
import { undoSpellingTricks } from './normalize.ts';

export interface LangIdModel {
  /** ISO 639-1 codes in column order. */
  languages: string[];
  hashBits: number;
  charMin: number;
  charMax: number;
  /** Quantised log-probabilities, interleaved [bucket * languages + language]: logp = min + q * step. */
  table: Uint8Array;
  min: number;
  step: number;
  /** Log prior per language (nats), added to the likelihood; absent = uniform. */
  logPrior?: number[];
}

export interface LanguageGuess {
  /** ISO 639-1 code, or null when the text has too few letters to tell. */
  language: string | null;
  /** Posterior of the kit language naive Bayes picked (0 when language is null). */
  confidence: number;
  /** Mean log-likelihood margin per n-gram between the best and the second-best kit language. */
  margin: number;
  /** The kit language naive Bayes picked (differs from language when eld found a language outside the kit). */
  kitLanguage: string | null;
  /** Letters seen. */
  letters: number;
}

/** Shortest text (in letters) given a language; shorter text is `null`. */
export const MIN_LETTERS = 3;
/** Shortest text (in letters) eld may name a language outside the kit for (longer when naive Bayes says English). */
export const MIN_LETTERS_OUTSIDE_KIT = 25;
export const MIN_LETTERS_OUTSIDE_KIT_EN = 40;

const LETTERS = /[\p{L}\p{M}]+/gu;

/**
 * Lower-cased words of letters (accents kept) with URLs, @mentions, digits and punctuation removed;
 * spaced-out letters and leetspeak are undone first ("I h a t e", "h4te": English words, not
 * single letters and fragments that look French).
 */
export function langIdWords(raw: string): string[] {
  const s = raw
    .replace(/https?:\/\/\S+|www\.\S+/g, ' ')
    .replace(/(^|[^\p{L}\p{N}_])@\w+/gu, '$1 ')
    .normalize('NFC')
    .toLowerCase();
  return undoSpellingTricks(s).match(LETTERS) ?? [];
}

const LID_SEED = 0x3b9aca07;

/**
 * Hashed character n-grams (charMin..charMax) of " word " for every word; repeats are kept (naive
 * Bayes counts them). Words are cut to 24 characters, text to 160 words (CJK runs count as one word).
 */
export function langIdFeatures(words: string[], hashBits: number, charMin: number, charMax: number, out: number[] = []): number[] {
  out.length = 0;
  const mask = (1 << hashBits) - 1;
  const maxWords = Math.min(words.length, 160);
  for (let w = 0; w < maxWords; w++) {
    const word = words[w]!;
    const padded = ` ${word.length > 24 ? word.slice(0, 24) : word} `;
    const n = padded.length;
    for (let i = 0; i < n; i++) {
      let h = LID_SEED;
      const end = Math.min(n, i + charMax);
      for (let j = i; j < end; j++) {
        h ^= padded.charCodeAt(j);
        h = Math.imul(h, 0x01000193);
        const len = j - i + 1;
        if (len >= charMin && !(len === 1 && padded[j] === ' ')) out.push(fmix32(h) & mask);
      }
    }
  }
  return out;
}

/**
 * Close relatives: when eld names the left language and naive Bayes the right one, the kit language
 * is kept (they share most of their words, and the kit's texts of the right language are the
 * nearest training data). Documented in docs/toxicity.md.
 */
export const RELATIVES: Record<string, string[]> = {
  ms: ['id'],
  tl: ['id'],
  no: ['da'],
  sv: ['da'],
  mr: ['hi'],
  fa: ['ar'],
  ur: ['ar'],
  uk: ['ru'],
  be: ['ru'],
  bg: ['ru'],
  sr: ['ru'],
  az: ['tr'],
  ca: ['es', 'pt', 'fr', 'it'],
  eu: ['es', 'pt'],
  gl: ['es', 'pt'],
};

/**
 * Naive Bayes' posterior of Roman Urdu under which eld is asked whatever the text's length. The kit's
 * Urdu is mostly Roman Urdu (RUHSOLD), Latin letters the naive Bayes model also sees in short English,
 * Dutch or Portuguese texts, and eld (which knows Urdu in Arabic script only) names those right. Chosen
 * on the kit's validation split and checked on its calibration split (docs/toxicity.md, "Language
 * identification"): English texts identified right 0.943 -> 0.960 and 0.941 -> 0.958, Urdu 0.874 ->
 * 0.869 and 0.891 -> 0.884.
 */
export const ROMAN_URDU_SURE = 0.99999;

const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/u;

export interface EldOpinion {
  language: string;
  reliable: boolean;
}

/** eld's guess (its 60-language medium database ships in the package). */
export function eldDetect(text: string): EldOpinion {
  const r = eld.detect(text);
  return { language: r.language, reliable: r.isReliable() };
}

export class LanguageIdentifier {
  private readonly feats: number[] = [];
  private readonly sums: Float64Array;
  private readonly kit: Set<string>;

  /**
   * `scoredOutsideKit`: languages naive Bayes does not know that the toxicity model scores anyway (through
   * the bridge: Dutch, Swedish); eld may name them in short texts too.
   */
  constructor(
    readonly model: LangIdModel,
    private readonly useEld = true,
    private readonly scoredOutsideKit: ReadonlySet<string> = new Set(),
  ) {
    this.sums = new Float64Array(model.languages.length);
    this.kit = new Set(model.languages);
  }

  /** Naive Bayes scores over the kit languages only. */
  kitGuess(text: string): LanguageGuess {
    const { languages, table, step, hashBits, charMin, charMax } = this.model;
    const L = languages.length;
    const words = langIdWords(text);
    let letters = 0;
    for (const w of words) letters += w.length;
    if (letters < MIN_LETTERS) return { language: null, confidence: 0, margin: 0, kitLanguage: null, letters };
    const f = langIdFeatures(words, hashBits, charMin, charMax, this.feats);
    const sums = this.sums;
    const prior = this.model.logPrior;
    for (let l = 0; l < L; l++) sums[l] = prior ? prior[l]! / step : 0;
    for (let k = 0; k < f.length; k++) {
      const base = f[k]! * L;
      for (let l = 0; l < L; l++) sums[l]! += table[base + l]!;
    }
    let best = 0;
    let second = -1;
    for (let l = 1; l < L; l++) {
      if (sums[l]! > sums[best]!) {
        second = best;
        best = l;
      } else if (second < 0 || sums[l]! > sums[second]!) second = l;
    }
    // Sums are in quantisation steps (the common offset `min` cancels between languages).
    let z = 0;
    for (let l = 0; l < L; l++) z += Math.exp((sums[l]! - sums[best]!) * step);
    const margin = second >= 0 && f.length ? ((sums[best]! - sums[second]!) * step) / f.length : 0;
    const lang = languages[best]!;
    return { language: lang, confidence: 1 / z, margin, kitLanguage: lang, letters };
  }

  /**
   * The text's language: naive Bayes over the kit languages, unless eld reliably names a language
   * outside the kit that is not a close relative of naive Bayes' pick, and naive Bayes did not
   * pick English (then eld's language: the toxicity model has no data for it). A Latin-script text
   * naive Bayes reads as Roman Urdu without being sure (ROMAN_URDU_SURE) takes the language eld
   * reliably names, at any length; so does a short text naive Bayes does not call English when eld
   * names one of `scoredOutsideKit` (not a close relative of naive Bayes' pick). `null` below
   * MIN_LETTERS letters.
   */
  detect(text: string): LanguageGuess {
    const g = this.kitGuess(text);
    if (!this.useEld || g.language === null) return g;
    const taken = this.eldOverride(text, g.language, g);
    return taken ? { ...g, language: taken } : g;
  }

  /** The language eld names in place of naive Bayes' pick, or null; eld is asked only where its answer could count. */
  private eldOverride(text: string, kitPick: string, g: LanguageGuess): string | null {
    const unsureRomanUrdu = kitPick === 'ur' && g.confidence < ROMAN_URDU_SURE && !ARABIC_SCRIPT.test(text);
    // Short texts keep the kit language: eld calls about 1% of short English texts (wiki markup,
    // names) Tagalog, Croatian or Catalan, and a few short Spanish captions Romanian.
    const long = g.letters >= (kitPick === 'en' ? MIN_LETTERS_OUTSIDE_KIT_EN : MIN_LETTERS_OUTSIDE_KIT);
    const shortScoredOutsideKit = !long && kitPick !== 'en' && this.scoredOutsideKit.size > 0;
    if (!unsureRomanUrdu && !long && !shortScoredOutsideKit) return null;
    const e = eldDetect(text);
    if (!e.reliable || !e.language) return null;
    if (unsureRomanUrdu) return e.language !== 'ur' ? e.language : null;
    if ((RELATIVES[e.language] ?? []).includes(kitPick)) return null;
    if (long) return this.kit.has(e.language) ? null : e.language;
    return this.scoredOutsideKit.has(e.language) ? e.language : null;
  }
}

/** Builds the quantised table from smoothed counts (train/langid.ts). */
export function quantizeLangId(logp: Float64Array): { table: Uint8Array; min: number; step: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of logp) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const step = (max - min) / 255 || 1;
  const table = new Uint8Array(logp.length);
  for (let i = 0; i < logp.length; i++) table[i] = Math.round((logp[i]! - min) / step);
  return { table, min, step };
}
