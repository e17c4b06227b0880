// Scores texts with the trained toxicity artifact. Texts are scored in overlapping word windows and
// in clause windows (sentences, and clauses joined by and/but/so/or), so a threat inside an insult
// or an unpunctuated transcript is scored on its own; each label takes its maximum over windows,
// and the window behind the highest calibrated score is returned as topSpan.
import { TOXICITY_LABELS, emptyScores, type ToxicityLabel } from '@modsvc/common/classes';
import type { TextSource, TextToxicityApi } from '@modsvc/common/contracts';
import type { TextSpanEvidence, TextToxicityPart } from '@modsvc/common/jobs';
import { loadArtifact, type LoadedToxicityModel } from './artifact.ts';
import type { ToxicitySettings } from '../settings.ts';
import { extractFeatures } from './features.ts';

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
  scores: Record<ToxicityLabel, number | null>;
  /** Raw logit per scored label (max over windows), in manifest column order. */
  logits: Float64Array;
  topSpan: TextSpanEvidence | null;
  windows: number;
}

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** Scores texts; the service's TextToxicityApi adds the coverage report (coverage.ts) around it. */
export class ToxicityScorer implements Pick<TextToxicityApi, 'score'> {
  readonly modelId: string;
  private readonly logitBuf: Float64Array;
  private readonly bias: Float64Array;
  /** Column of the label that picks topSpan (toxicity, or the first scored label). */
  private readonly spanColumn: number;

  constructor(readonly model: LoadedToxicityModel) {
    this.modelId = `toxicity@${model.manifest.version}`;
    this.logitBuf = new Float64Array(model.columns);
    this.bias = new Float64Array(model.columns);
    for (const s of model.scored) this.bias[s.info.column] = s.info.bias;
    const tox = model.scored.find((s) => s.label === 'toxicity');
    this.spanColumn = (tox ?? model.scored[0])?.info.column ?? 0;
  }

  /** Raw logits of one window of text (no windowing); the returned buffer is reused. */
  windowLogits(text: string): Float64Array {
    const { weights, columns } = this.model;
    const out = this.logitBuf;
    out.set(this.bias);
    const f = extractFeatures(text, this.model.manifest.features);
    const idx = f.indices;
    const val = f.values;
    for (let k = 0; k < idx.length; k++) {
      const base = idx[k]! * columns;
      const v = val[k]!;
      for (let c = 0; c < columns; c++) out[c]! += weights[base + c]! * v;
    }
    return out;
  }

  calibrate(column: number, logit: number): number {
    const info = this.model.scored[column]!.info;
    return sigmoid(info.calibration.a * logit + info.calibration.b);
  }

  scoreDetailed(text: string): DetailedScore {
    const { columns, manifest } = this.model;
    const windows = scoringWindows(text, manifest.window.words, manifest.window.stride, manifest.window.clauses === true, manifest.window.clauseMinWords ?? 1);
    const best = new Float64Array(columns).fill(-Infinity);
    const bestWindow = new Int32Array(columns).fill(-1);
    if (windows.length === 0) {
      best.set(this.windowLogits(''));
    }
    windows.forEach((w, wi) => {
      const z = this.windowLogits(text.slice(w.start, w.end));
      for (let c = 0; c < columns; c++) {
        if (z[c]! > best[c]!) {
          best[c] = z[c]!;
          bestWindow[c] = wi;
        }
      }
    });
    const scores = emptyScores(TOXICITY_LABELS);
    // topSpan: the window behind the highest calibrated score of any label (toxicity on ties).
    let topColumn = this.spanColumn;
    let topProb = -1;
    for (const s of this.model.scored) {
      // Platt slopes are positive (enforced in training), so the max logit is the max probability.
      const p = this.calibrate(s.info.column, best[s.info.column]!);
      scores[s.label] = p;
      if (p > topProb || (p === topProb && s.info.column === this.spanColumn)) {
        topProb = p;
        topColumn = s.info.column;
      }
    }
    const tw = windows[bestWindow[topColumn]!];
    const topSpan: TextSpanEvidence | null = tw ? { start: tw.start, end: tw.end, text: text.slice(tw.start, tw.end) } : null;
    return { scores, logits: best, topSpan, windows: windows.length };
  }

  scoreOne(text: string): TextToxicityPart {
    const d = this.scoreDetailed(text);
    return { scores: d.scores, topSpan: d.topSpan, model: this.modelId };
  }

  async score(texts: string[], _source: TextSource): Promise<TextToxicityPart[]> {
    return texts.map((t) => this.scoreOne(t));
  }

  /** Per-label decision thresholds (calibrated probability), null for unscored labels. */
  thresholds(): Record<ToxicityLabel, number | null> {
    const out = emptyScores(TOXICITY_LABELS);
    for (const s of this.model.scored) out[s.label] = s.info.threshold;
    return out;
  }
}

/** Loads the artifact in TOXICITY_MODEL_DIR (default: artifacts/toxicity-v1) and returns a scorer. */
export function loadToxicityModel(settings: ToxicitySettings): ToxicityScorer {
  return new ToxicityScorer(loadArtifact(settings.TOXICITY_MODEL_DIR));
}
