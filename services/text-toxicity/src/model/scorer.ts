// Scores texts with the trained toxicity artifact. Texts are scored in overlapping word windows and
// in clause windows (sentences, and clauses joined by and/but/so/or), so a threat inside an insult
// or an unpunctuated transcript is scored on its own; each label takes its maximum over windows,
// and the window behind the highest calibrated score is returned as topSpan. From 2.0.0 the text's
// language is identified first (src/model/langid.ts): the weights are shared by all languages, the
// calibration (Platt scaling, prior, threshold) is the language's own, and a label the language has
// no data for, or any label of a language without training data, is null. From 2.1.0 a language
// with its own toxicity head (language-heads.ts) gets toxicity from the head stacked with the
// shared model. From 3.0.0 languages with a lexicon are also read through their English gloss
// (bridge.ts); from 3.1.0 a word-vector head over pretrained English word vectors (word-vectors.ts)
// is stacked in for English and the glossed languages.
import { TEXT_LABELS, emptyScores, type TextLabel } from '@modsvc/common/classes';
import type { TextSource, TextToxicityApi } from '@modsvc/common/contracts';
import type { TextSpanEvidence, TextToxicityPart } from '@modsvc/common/jobs';
import type { OperatingPoints } from '@modsvc/common/domain/operating-points';
import { loadArtifact, type LoadedToxicityModel } from './artifact.ts';
import { headLogit, stackedLogit } from './language-heads.ts';
import { normalizeText } from './normalize.ts';
import { LanguageIdentifier, type LanguageGuess } from './langid.ts';
import type { ToxicitySettings } from '../settings.ts';
import { extractFeatures } from './features.ts';
import type { WordStack } from './word-vectors.ts';

export interface TextWindow {
  start: number;
  end: number;
}

/** Overlapping windows of `words` whitespace-separated words every `stride` words (char offsets). */
export function wordWindows(text: string, words: number, stride: number): TextWindow[] {
  const spans: TextWindow[] = [];
  for (const m of text.matchAll(/\S+/g)) spans.push({ start: m.index, end: m.index + m[0].length });
  if (spans.length === 0) return [];
  const out: TextWindow[] = [];
  for (let s = 0; s < spans.length; s += stride) {
    const e = Math.min(spans.length, s + words);
    out.push({ start: spans[s]!.start, end: spans[e - 1]!.end });
    if (e === spans.length) break;
  }
  return out;
}

/** Words that, right after and/but/so/or, start a new clause (its subject). */
const CLAUSE_SUBJECTS = new Set([
  'i', 'you', 'u', 'he', 'she', 'we', 'they', 'it', 'this', 'that', 'these', 'those', 'there', 'ya', 'yall',
  "i'm", 'im', "i'll", 'ill', "i'd", "i've", "you're", 'youre', 'ur', "you'll", 'youll', "you'd", "he's", "she's",
  "he'll", "she'll", "we're", "we'll", "they're", "they'll", "it's", 'its', "that's", "there's", 'everyone',
  'everybody', 'someone', 'somebody', 'nobody', 'people', 'my', 'your', 'our', 'their', 'his', 'her',
]);
const CLAUSE_CONJUNCTIONS = new Set(['and', 'but', 'so', 'or', 'because', 'cause', 'cuz', 'coz']);
/** In unpunctuated text (transcripts), a nominative pronoun followed by one of these starts a clause. */
const CLAUSE_PRONOUNS = new Set(['i', 'we', 'he', 'she', 'they']);
const CLAUSE_VERBS = new Set([
  'am', 'are', 'is', 'was', 'were', 'will', 'would', 'shall', 'should', 'can', 'could', 'must', 'might', 'may',
  'have', 'had', 'has', 'do', 'did', 'dont', "don't", 'gonna', 'wanna', 'going', 'want', 'wants', 'hope', 'know',
]);
const CLAUSE_TAKERS = new Set(['that', 'if', 'when', 'what', 'think', 'thought', 'said', 'say', 'says', 'know', 'knew', 'hope', 'wish', 'because', 'where', 'why', 'how', 'who', 'whether', 'unless', 'until', 'while', 'as']);
const CONTRACTED_SUBJECTS = new Set(["i'm", 'im', "i'll", "i've", "i'd", "we're", "we'll", "they're", "they'll", "he'll", "she'll", "he's", "she's"]);
function clauseContinues(before: string): boolean {
  // After a conjunction (handled separately) or a word that takes a clause ("that", "if", "think").
  return CLAUSE_CONJUNCTIONS.has(before) || CLAUSE_TAKERS.has(before);
}
const QUOTES = new Set(['"', '\u201c', '\u201d']);

/**
 * Clause windows: the text split at sentence punctuation (. ! ? ; and line breaks) and before a
 * clause conjunction (and/but/so/or/because) that is followed by a subject word (a pronoun,
 * "someone", "people", ...), so noun coordinations like "cats and dogs" stay together. Nothing is
 * split inside double quotes, so a quoted phrase is scored with its context. Text without any
 * sentence punctuation (speech transcripts) is also split before a subject pronoun followed by a
 * verb ("... kill you i will find you" -> "i will find you"). Returns [] when the
 * text is a single clause; clauses longer than `maxWords` words are left to the word windows.
 */
export function clauseWindows(text: string, maxWords: number, minWords = 1): TextWindow[] {
  const words: { start: number; end: number; lower: string }[] = [];
  const breakBefore: boolean[] = [];
  let inQuote = false;
  let pendingBreak = false;
  const unpunctuated = !/[.!?;]/.test(text);
  const re = /\S+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const raw = m[0];
    const gapNewline = words.length > 0 && text.slice(words[words.length - 1]!.end, m.index).includes('\n');
    const lower = raw.toLowerCase().replace(/[\u2018\u2019]/g, "'").replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
    const brk = pendingBreak || (gapNewline && !inQuote);
    const prev = words[words.length - 1];
    if (!inQuote && words.length >= 2 && prev !== undefined && CLAUSE_CONJUNCTIONS.has(prev.lower) && CLAUSE_SUBJECTS.has(lower)) {
      // "... and I will ...": the conjunction starts the next clause.
      breakBefore[words.length - 1] = true;
    }
    if (unpunctuated && !inQuote) {
      // "... kill you i will ..." / "... hi i'm going to ...": a subject pronoun with its verb.
      if (words.length >= 2 && prev !== undefined && CLAUSE_VERBS.has(lower) && CLAUSE_PRONOUNS.has(prev.lower)) {
        if (!breakBefore[words.length - 1] && !clauseContinues(words[words.length - 2]!.lower)) breakBefore[words.length - 1] = true;
      }
    }
    const contracted = unpunctuated && !inQuote && words.length >= 1 && CONTRACTED_SUBJECTS.has(lower) && !clauseContinues(prev!.lower);
    words.push({ start: m.index, end: m.index + raw.length, lower });
    breakBefore.push(brk || contracted);
    for (const ch of raw) if (QUOTES.has(ch)) inQuote = !inQuote;
    pendingBreak = !inQuote && /[.!?;]["')\]\u201d]*$/.test(raw);
  }
  if (words.length === 0) return [];
  const out: TextWindow[] = [];
  let s = 0;
  let breaks = 0;
  const flush = (e: number): void => {
    // A clause starting with its conjunction is scored from the word after it.
    const b = s < e - 1 && CLAUSE_CONJUNCTIONS.has(words[s]!.lower) ? s + 1 : s;
    if (e - b <= maxWords && e - b >= minWords) out.push({ start: words[b]!.start, end: words[e - 1]!.end });
  };
  for (let i = 1; i < words.length; i++) {
    if (breakBefore[i]) {
      flush(i);
      s = i;
      breaks++;
    }
  }
  flush(words.length);
  return breaks > 0 ? out : [];
}

/** Word windows plus clause windows (duplicates removed), in text order of their start. */
export function scoringWindows(text: string, words: number, stride: number, clauses: boolean, clauseMinWords = 1): TextWindow[] {
  const w = wordWindows(text, words, stride);
  if (!clauses) return w;
  const seen = new Set(w.map((x) => `${x.start}:${x.end}`));
  for (const c of clauseWindows(text, words, clauseMinWords)) {
    const k = `${c.start}:${c.end}`;
    if (!seen.has(k)) {
      seen.add(k);
      w.push(c);
    }
  }
  return w;
}

export interface DetailedScore {
  /** Calibrated probability per scored label (max over windows); null for unscored labels. */
  scores: Record<TextLabel, number | null>;
  /** The language's operating points of each scored label (3.0.0+ artifacts). */
  operatingPoints: Partial<Record<TextLabel, OperatingPoints>>;
  /** Detected language (ISO 639-1); null when the text has too few letters or the artifact has no language identifier. */
  language: string | null;
  /** Raw logit per scored label (max over windows), in manifest column order. */
  logits: Float64Array;
  topSpan: TextSpanEvidence | null;
  windows: number;
}

/** The logistic function, computed without overflow for large |z|. */
export function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** One label's scoring in one language: Platt parameters, threshold, and (3.0.0+) operating points and how the English bridge enters. */
export interface LabelCalibration {
  a: number;
  b: number;
  threshold: number;
  operatingPoints?: OperatingPoints;
  /** Stacked with the logit of the text's English gloss. */
  bridge?: { own: number; bridge: number; intercept: number };
  /** Stacked with the word-vector head's logit of the text (English) or its English gloss (3.1.0+). */
  words?: WordStack;
  /** No data of the language: the larger of the own logit and the English gloss's, as available (artifact.ts). */
  unmeasured?: { own: boolean; bridge: boolean };
}

/** Per manifest column: the label's calibration in one language, or null (label not scored there). */
export type ColumnCalibration = (LabelCalibration | null)[];

/** Which calibration a text gets: its language's, the default (English; no letters), or none (language without data). */
export interface CalibrationChoice {
  language: string | null;
  columns: ColumnCalibration;
}

/** The recogniser is English only: transcripts are English words whatever was spoken. */
export const SPEECH_LANGUAGE = 'en';

/** Scores texts; the service's TextToxicityApi adds the coverage report (coverage.ts) around it. */
export class ToxicityScorer implements Pick<TextToxicityApi, 'score'> {
  readonly modelId: string;
  private readonly logitBuf: Float64Array;
  private readonly bias: Float64Array;
  /** Column of the label that picks topSpan (toxicity, or the first scored label). */
  private readonly spanColumn: number;
  /** Column of toxicity (-1 when not scored), the label the language heads refine. */
  private readonly toxColumn: number;
  readonly langid: LanguageIdentifier | null;
  private defaultCalibration: ColumnCalibration;
  private readonly languageCalibration = new Map<string, ColumnCalibration>();
  private readonly unscored: ColumnCalibration;
  /** Per manifest column, the word-vector head's output for its label (-1: none). */
  private readonly wordsIndex: number[];

  constructor(readonly model: LoadedToxicityModel, opts: { eld?: boolean } = {}) {
    this.modelId = `toxicity@${model.manifest.version}`;
    this.logitBuf = new Float64Array(model.columns);
    this.bias = new Float64Array(model.columns);
    for (const s of model.scored) this.bias[s.info.column] = s.info.bias;
    const tox = model.scored.find((s) => s.label === 'toxicity');
    this.spanColumn = (tox ?? model.scored[0])?.info.column ?? 0;
    this.toxColumn = tox?.info.column ?? -1;
    // Languages the bridge glosses that naive Bayes was not trained on (Dutch, Swedish) can still be named by eld.
    const bridgeOnly = new Set((model.bridge?.languages() ?? []).filter((l) => !model.langid?.languages.includes(l)));
    this.langid = model.langid ? new LanguageIdentifier(model.langid, opts.eld !== false, bridgeOnly) : null;
    this.unscored = new Array(model.columns).fill(null);
    this.wordsIndex = new Array<number>(model.columns).fill(-1);
    for (const s of model.scored) this.wordsIndex[s.info.column] = model.words?.labelIndex(s.label) ?? -1;
    this.defaultCalibration = this.unscored.slice();
    for (const s of model.scored) this.defaultCalibration[s.info.column] = { ...s.info.calibration, threshold: s.info.threshold };
    for (const [lang, info] of Object.entries(model.manifest.languages ?? {})) {
      const cols: ColumnCalibration = this.unscored.slice();
      for (const s of model.scored) {
        const l = info.labels[s.label];
        // A label scored from the English gloss alone is not scored without the lexicon.
        // An unmeasured label that only the English gloss scores is not scored without the lexicon.
        const unmeasured = l?.scored && l.unmeasured ? { own: l.unmeasured.own, bridge: l.unmeasured.bridge && model.bridge?.has(lang) === true } : undefined;
        if (!l?.scored || (unmeasured && !unmeasured.own && !unmeasured.bridge)) continue;
        cols[s.info.column] = {
          a: l.calibration.a,
          b: l.calibration.b,
          threshold: l.threshold,
          ...(l.operatingPoints ? { operatingPoints: l.operatingPoints } : {}),
          ...(l.bridge && model.bridge?.has(lang) ? { bridge: l.bridge } : {}),
          ...(l.words && model.words && (lang === 'en' || model.bridge?.has(lang)) ? { words: l.words } : {}),
          ...(unmeasured ? { unmeasured } : {}),
        };
      }
      this.languageCalibration.set(lang, cols);
    }
    // Text without letters gets English's calibration (the labels English scores).
    const en = this.languageCalibration.get('en');
    if (en) this.defaultCalibration = en;
  }

  /** Whether a label is scored for text in a language (its calibration exists: own data, or the English bridge with its lexicon loaded). */
  languageScores(language: string, label: TextLabel): boolean {
    const col = this.model.scored.find((s) => s.label === label)?.info.column;
    return col !== undefined && (this.languageCalibration.get(language)?.[col] ?? null) !== null;
  }

  /** Languages with their own calibration (every other language the identifier names is not scored). */
  languages(): string[] {
    return [...this.languageCalibration.keys()];
  }

  /** The language guess for a text (null without a language identifier). */
  detectLanguage(text: string): LanguageGuess | null {
    return this.langid ? this.langid.detect(text) : null;
  }

  /**
   * The calibration for a text: `language` when given (a caller that knows it, e.g. speech), else
   * the detected language's; the default (English) one when no language is detected or the
   * artifact predates per-language calibration; all null for a language without training data.
   */
  calibrationFor(text: string, language?: string | null): CalibrationChoice {
    if (!this.model.manifest.languages) return { language: language ?? null, columns: this.defaultCalibration };
    const lang = language !== undefined ? language : (this.detectLanguage(text)?.language ?? null);
    if (lang === null) return { language: null, columns: this.defaultCalibration };
    return { language: lang, columns: this.languageCalibration.get(lang) ?? this.unscored };
  }

  /** Raw logits of one window of text (no windowing) in a detected language; the returned buffer is reused. */
  windowLogits(text: string, lang?: string | null): Float64Array {
    const { weights, columns } = this.model;
    const out = this.logitBuf;
    out.set(this.bias);
    const f = extractFeatures(text, this.model.manifest.features, lang);
    const idx = f.indices;
    const val = f.values;
    for (let k = 0; k < idx.length; k++) {
      const base = idx[k]! * columns;
      const v = val[k]!;
      for (let c = 0; c < columns; c++) out[c]! += weights[base + c]! * v;
    }
    return out;
  }

  /** Default (English) calibration of one column's logit. */
  calibrate(column: number, logit: number): number {
    const info = this.model.scored[column]!.info;
    return sigmoid(info.calibration.a * logit + info.calibration.b);
  }

  /** Max-over-windows logits per column, the window behind each, and the windows. */
  windowedLogits(text: string, lang?: string | null): { logits: Float64Array; bestWindow: Int32Array; windows: TextWindow[] } {
    const { columns, manifest } = this.model;
    const windows = scoringWindows(text, manifest.window.words, manifest.window.stride, manifest.window.clauses === true, manifest.window.clauseMinWords ?? 1);
    const best = new Float64Array(columns).fill(-Infinity);
    const bestWindow = new Int32Array(columns).fill(-1);
    if (windows.length === 0) {
      best.set(this.windowLogits('', lang));
    }
    windows.forEach((w, wi) => {
      const z = this.windowLogits(text.slice(w.start, w.end), lang);
      for (let c = 0; c < columns; c++) {
        if (z[c]! > best[c]!) {
          best[c] = z[c]!;
          bestWindow[c] = wi;
        }
      }
    });
    return { logits: best, bestWindow, windows };
  }

  /**
   * Max-over-windows logits, with the toxicity column stacked with the language's head where it
   * has one (the shared model's window still picks topSpan). The returned logits are a fresh array.
   */
  ownLogits(text: string, lang: string | null): { logits: Float64Array; bestWindow: Int32Array; windows: TextWindow[] } {
    const w = this.windowedLogits(text, lang);
    const head = lang === null ? undefined : this.model.heads.get(lang);
    if (head && this.toxColumn >= 0) {
      const features = this.model.manifest.heads!.features;
      w.logits[this.toxColumn] = stackedLogit(head, headLogit(head, normalizeText(text), features), w.logits[this.toxColumn]!);
    }
    return w;
  }

  /** The shared model's max-over-windows logits of the text's English gloss (a fresh array), or null without a lexicon for the language. */
  bridgeLogits(text: string, lang: string | null): Float64Array | null {
    const gloss = this.glossOf(text, lang);
    return gloss === null ? null : this.glossLogits(gloss);
  }

  /** The shared English model's logits of a gloss (max over windows), a copy. */
  private glossLogits(gloss: string): Float64Array {
    return Float64Array.from(this.windowedLogits(gloss, 'en').logits);
  }

  /** The English gloss of a text in a language with a lexicon; null for English, no language, or no lexicon. */
  glossOf(text: string, lang: string | null): string | null {
    return lang === null || lang === 'en' ? null : (this.model.bridge?.gloss(text, lang) ?? null);
  }

  /** The word-vector head's logits of the text in English (text without letters reads as English) or of its English gloss; null without a head or a gloss. */
  wordLogits(text: string, lang: string | null, gloss: string | null = this.glossOf(text, lang)): Float64Array | null {
    if (!this.model.words) return null;
    const english = lang === null || lang === 'en' ? text : gloss;
    return english === null ? null : this.model.words.logits(english);
  }

  /** The logits as served in a language: ownLogits, with the English bridge and the word-vector head stacked in or standing in where the language's calibration says so. */
  servedLogits(text: string, lang: string | null, columns: ColumnCalibration = lang === null ? this.defaultCalibration : (this.languageCalibration.get(lang) ?? this.unscored)): { logits: Float64Array; bestWindow: Int32Array; windows: TextWindow[] } {
    const w = this.ownLogits(text, lang);
    const bridged = columns.some((c) => c?.bridge || c?.unmeasured?.bridge);
    const worded = columns.some((c) => c?.words);
    if (!bridged && !worded) return w;
    const gloss = this.glossOf(text, lang);
    if (bridged && gloss !== null) {
      const zb = this.glossLogits(gloss);
      columns.forEach((c, col) => {
        if (c?.unmeasured?.bridge) w.logits[col] = c.unmeasured.own ? Math.max(w.logits[col]!, zb[col]!) : zb[col]!;
        else if (c?.bridge) w.logits[col] = c.bridge.own * w.logits[col]! + c.bridge.bridge * zb[col]! + c.bridge.intercept;
      });
    }
    const zw = worded ? this.wordLogits(text, lang, gloss) : null;
    if (zw) {
      columns.forEach((c, col) => {
        const k = this.wordsIndex[col]!;
        if (c?.words && k >= 0) w.logits[col] = c.words.own * w.logits[col]! + c.words.words * zw[k]! + c.words.intercept;
      });
    }
    return w;
  }

  scoreDetailed(text: string, language?: string | null): DetailedScore {
    const choice = this.calibrationFor(text, language);
    const { logits: best, bestWindow, windows } = this.servedLogits(text, choice.language, choice.columns);
    const scores = emptyScores(TEXT_LABELS);
    const operatingPoints: Partial<Record<TextLabel, OperatingPoints>> = {};
    // topSpan: the window behind the highest calibrated score of any label (toxicity on ties).
    let topColumn = this.spanColumn;
    let topProb = -1;
    for (const s of this.model.scored) {
      const cal = choice.columns[s.info.column];
      if (!cal) continue;
      // Platt slopes are positive (enforced in training), so the max logit is the max probability.
      const p = sigmoid(cal.a * best[s.info.column]! + cal.b);
      scores[s.label] = p;
      if (cal.operatingPoints) operatingPoints[s.label] = cal.operatingPoints;
      if (p > topProb || (p === topProb && s.info.column === this.spanColumn)) {
        topProb = p;
        topColumn = s.info.column;
      }
    }
    const tw = topProb >= 0 ? windows[bestWindow[topColumn]!] : undefined;
    const topSpan: TextSpanEvidence | null = tw ? { start: tw.start, end: tw.end, text: text.slice(tw.start, tw.end) } : null;
    return { scores, operatingPoints, language: choice.language, logits: best, topSpan, windows: windows.length };
  }

  scoreOne(text: string, language?: string | null): TextToxicityPart {
    const d = this.scoreDetailed(text, language);
    const ops = Object.keys(d.operatingPoints).length ? { operatingPoints: d.operatingPoints } : {};
    return { scores: d.scores, ...ops, topSpan: d.topSpan, model: this.modelId, language: d.language };
  }

  /** Speech transcripts come from an English-only recogniser: scored and reported as English. */
  async score(texts: string[], source: TextSource): Promise<TextToxicityPart[]> {
    const language = source === 'speech' && this.model.manifest.languages ? SPEECH_LANGUAGE : undefined;
    return texts.map((t) => this.scoreOne(t, language));
  }

  /** Per-label decision thresholds (calibrated probability) for a language (default: English), null for unscored labels. */
  thresholds(language?: string | null): Record<TextLabel, number | null> {
    const out = emptyScores(TEXT_LABELS);
    const cols = language === undefined || language === null || !this.model.manifest.languages ? this.defaultCalibration : (this.languageCalibration.get(language) ?? this.unscored);
    for (const s of this.model.scored) out[s.label] = cols[s.info.column]?.threshold ?? null;
    return out;
  }
}

/** Loads the artifact in TOXICITY_MODEL_DIR (default: artifacts/toxicity-v1) and returns a scorer. */
export function loadToxicityModel(settings: ToxicitySettings): ToxicityScorer {
  return new ToxicityScorer(loadArtifact(settings.TOXICITY_MODEL_DIR));
}
