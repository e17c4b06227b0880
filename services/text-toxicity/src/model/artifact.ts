// The toxicity model artifact: manifest.json (settings, per-label calibration and thresholds, per
// language from 2.0.0, data hashes, metrics) + weights.bin (int8, square-root companded, interleaved
// [bucket][label]) + langid.bin (2.0.0+: the language identifier's quantised naive Bayes table)
// + heads.bin (2.1.0+: per-language toxicity heads, language-heads.ts) + word-head.bin (3.1.0+: the
// word-vector head, word-vectors.ts, reading the word vectors in artifacts/embedding-v1/).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEXT_EXTENSION_LABELS, TEXT_LABELS, type TextLabel } from '@modsvc/common/classes';
import type { TextLanguageSource } from '@modsvc/common/contracts';
import type { OperatingPointFigures, OperatingPoints } from '@modsvc/common/domain/operating-points';
import type { FeatureSettings } from './features.ts';
import type { LangIdModel } from './langid.ts';
import type { HeadFeatureSettings, LanguageHead } from './language-heads.ts';
import { decodeBridge, type Bridge } from './bridge.ts';
import { decodeWordHead, featureCount, loadWordVectors, WordVectorHead, type WordHeadManifest, type WordStack } from './word-vectors.ts';

export const ARTIFACT_FORMAT = 'modsvc-toxicity-linear';
export const DEFAULT_MODEL_DIR = fileURLToPath(new URL('../../artifacts/toxicity-v1/', import.meta.url));

export interface ScoredLabelInfo {
  scored: true;
  /** Position of the label in the interleaved weights. */
  column: number;
  bias: number;
  /** Largest |weight|; q in [-127, 127] decodes to sign(q) * (|q|/127)^2 * scale. */
  scale: number;
  /** Platt scaling: p = sigmoid(a * logit + b). */
  calibration: { method: 'platt'; a: number; b: number };
  /** Calibrated-probability threshold chosen on the calibration split (max F1). */
  threshold: number;
  trainPositives: number;
  trainRows: number;
}

export interface UnscoredLabelInfo {
  scored: false;
  reason: string;
}

export type LabelInfo = ScoredLabelInfo | UnscoredLabelInfo;

/** A label's calibration for one language (2.0.0+). */
export interface LanguageLabelScored {
  scored: true;
  calibration: { method: 'platt'; a: number; b: number };
  threshold: number;
  /** 3.0.0+: the calibrated probabilities at which the label reads LOW, MEDIUM and HIGH (chosen on the calibration split). */
  operatingPoints?: OperatingPoints;
  /** 3.0.0+: what they give on the language's validation split (never trained or calibrated on). */
  operatingPointFigures?: { rows: number; positives: number; figures: OperatingPointFigures[] };
  /**
   * 3.0.0+, languages with a bridge lexicon: the label's logit stacked with the shared model's logit of
   * the text's English gloss (bridge.ts), fitted on the language's calibration rows, before Platt.
   */
  bridge?: { own: number; bridge: number; intercept: number };
  /**
   * 3.1.0+, English and the languages with a bridge lexicon: the label's logit (after the bridge) stacked
   * with the word-vector head's logit of the text or its English gloss (word-vectors.ts), fitted on the
   * language's calibration rows, before Platt.
   */
  words?: WordStack;
  /**
   * 3.1.0+, English labels with a `words` stack: Platt scaling of the logit before the stack, which
   * an unmeasured label of a language without a lexicon (no gloss for the head to read) is read with.
   */
  ownCalibration?: { method: 'platt'; a: number; b: number };
  /**
   * 3.0.0+, a label the language has no labelled data for: scored with English's calibration and
   * operating points from the larger of the shared model's logit of the text (`own`: where the team's
   * functional templates in the language taught it) and of its English gloss (`bridge`: where the
   * language has a lexicon). No figure of the language backs it. 3.1.0+: with a lexicon, English's
   * `words` stack reads that logit with the head's logit of the gloss, as English text is read.
   */
  unmeasured?: { own: boolean; bridge: boolean };
  /** Why a label is scored unmeasured. */
  why?: string;
  /** Annotated training / calibration rows of the language, and their positives. */
  trainPositives: number;
  calibrationRows: number;
  calibrationPositives: number;
}

export type LanguageLabelInfo = LanguageLabelScored | UnscoredLabelInfo;

/** What the model does for one language: per label, calibrated or not scored (null) and why. */
export interface LanguageInfo {
  labels: Record<TextLabel, LanguageLabelInfo>;
  /** Held-back figures (validation split, held-out sources) for /v1/models and the docs. */
  heldBack?: { part: string; rows: number; positives: number; rocAuc: number | null; label?: string }[];
  /** The human-labelled sources the language was trained on (training + calibration rows; not the synthetic/weak file), and what their toxicity label marks. */
  sources?: TextLanguageSource[];
  /** 3.0.0+: a language without any kit data, every label scored unmeasured (the English bridge). */
  unmeasuredOnly?: boolean;
}

/** The language identifier's settings; its table is langid.bin (languages x 2^hashBits bytes). */
export interface LangIdManifest extends Omit<LangIdModel, 'table'> {
  file: string;
  sha256: string;
}

/** One language's head in heads.bin: at `offset`, 2^(blockBits+1) int8 weights, then as many uint8 idf values. */
export interface LanguageHeadManifest {
  offset: number;
  weightScale: number;
  idfStep: number;
  bias: number;
  stack: LanguageHead['stack'];
  trainRows: number;
  trainPositives: number;
}

/** 2.1.0+: per-language toxicity heads (language-heads.ts). */
export interface LanguageHeadsManifest {
  file: string;
  sha256: string;
  features: HeadFeatureSettings;
  languages: Record<string, LanguageHeadManifest>;
}

/** 3.0.0+: the bridge lexicon the model was fitted with, beside the artifact (its sha256 pins the exact file). */
export interface BridgeManifest {
  /** Directory of bridge.bin, relative to the artifact's directory. */
  dir: string;
  file: string;
  sha256: string;
  languages: string[];
}

export interface ToxicityManifest {
  format: typeof ARTIFACT_FORMAT;
  version: string;
  features: FeatureSettings;
  /** Word windows of `words` every `stride` words; `clauses`: also score clause windows (1.1.0+). */
  window: { words: number; stride: number; clauses?: boolean; clauseMinWords?: number };
  weights: { file: string; sha256: string; dtype: 'int8-sqrt'; buckets: number; columns: number };
  /** The default calibration: English, and text without letters (no language detected). */
  labels: Record<TextLabel, LabelInfo>;
  /**
   * 2.0.0+: per detected language, which labels are scored and their calibration. A language the
   * language identifier can name but that is absent here has no training data: every label null.
   * Absent (1.x artifacts): every text is scored with `labels`, and no language is reported.
   */
  languages?: Record<string, LanguageInfo>;
  langid?: LangIdManifest;
  heads?: LanguageHeadsManifest;
  bridge?: BridgeManifest;
  /** 3.1.0+: the word-vector head and the word vectors it reads. */
  wordHead?: WordHeadManifest;
  data: { files: { path: string; sha256: string; bytes: number }[] };
  training: Record<string, unknown>;
  metrics: Record<string, unknown>;
}

export interface LoadedToxicityModel {
  dir: string;
  manifest: ToxicityManifest;
  /** Dequantised weights, interleaved: weights[bucket * columns + column]. */
  weights: Float32Array;
  columns: number;
  /** Scored labels in column order. */
  scored: { label: TextLabel; info: ScoredLabelInfo }[];
  /** The language identifier (2.0.0+ artifacts). */
  langid: LangIdModel | null;
  /** Per-language toxicity heads by language (2.1.0+ artifacts; empty before). */
  heads: Map<string, LanguageHead>;
  /** The English bridge (3.0.0+ artifacts that use one). */
  bridge: Bridge | null;
  /** The word-vector head (3.1.0+ artifacts that use one). */
  words: WordVectorHead | null;
}

export class ToxicityModelError extends Error {
  override name = 'ToxicityModelError';
}

export function sha256(buf: Buffer | Uint8Array): string {
  return createHash('sha256').update(buf).digest('hex');
}

/** Decode table for the square-root companded int8 weights (index = q + 128), before scaling. */
export function int8SqrtTable(): Float32Array {
  const t = new Float32Array(256);
  for (let q = -128; q <= 127; q++) {
    const m = Math.min(127, Math.abs(q)) / 127;
    t[q + 128] = Math.sign(q) * m * m;
  }
  return t;
}

export function quantizeInt8Sqrt(w: number, scale: number): number {
  if (scale <= 0) return 0;
  const m = Math.min(1, Math.abs(w) / scale);
  return Math.sign(w) * Math.round(Math.sqrt(m) * 127);
}

function fail(dir: string, msg: string): never {
  throw new ToxicityModelError(`toxicity model at ${dir}: ${msg}`);
}

/** Reads and checks the artifact in `dir` (TOXICITY_MODEL_DIR; the shipped one is DEFAULT_MODEL_DIR). */
export function loadArtifact(dir: string): LoadedToxicityModel {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) fail(dir, `manifest.json not found (run \`make train-toxicity\`)`);
  let manifest: ToxicityManifest;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ToxicityManifest;
  } catch (err) {
    fail(dir, `manifest.json is not valid JSON (${(err as Error).message})`);
  }
  if (manifest?.format !== ARTIFACT_FORMAT) fail(dir, `manifest format is ${String(manifest?.format)}, expected ${ARTIFACT_FORMAT}`);
  const w = manifest.weights;
  if (!w || w.dtype !== 'int8-sqrt' || !Number.isInteger(w.buckets) || !Number.isInteger(w.columns)) {
    fail(dir, 'manifest.weights is missing or malformed');
  }
  if (w.buckets !== 2 ** manifest.features.hashBits) fail(dir, `weights.buckets ${w.buckets} does not match hashBits ${manifest.features.hashBits}`);
  const weightsPath = join(dir, w.file);
  if (!existsSync(weightsPath)) fail(dir, `weights file ${w.file} not found`);
  const bytes = readFileSync(weightsPath);
  if (bytes.length !== w.buckets * w.columns) fail(dir, `weights file ${w.file} has ${bytes.length} bytes, expected ${w.buckets * w.columns}`);
  const digest = sha256(bytes);
  if (digest !== w.sha256) fail(dir, `weights file ${w.file} is corrupt (sha256 ${digest.slice(0, 12)}…, manifest says ${String(w.sha256).slice(0, 12)}…)`);

  // Artifacts before 3.0.0 have no entry for the extension labels (self_harm): they do not score them.
  const isExtension = (label: TextLabel): boolean => (TEXT_EXTENSION_LABELS as readonly string[]).includes(label);
  for (const label of manifest.labels ? TEXT_EXTENSION_LABELS : []) {
    manifest.labels[label] ??= { scored: false, reason: `not scored by toxicity@${manifest.version} (added in 3.0.0)` };
  }
  const scored: LoadedToxicityModel['scored'] = [];
  for (const label of TEXT_LABELS) {
    const info = manifest.labels?.[label];
    if (!info) fail(dir, `manifest has no entry for label ${label}`);
    if (info.scored) {
      if (!(info.column >= 0 && info.column < w.columns)) fail(dir, `label ${label} has column ${info.column} outside 0..${w.columns - 1}`);
      scored.push({ label, info });
    }
  }
  scored.sort((a, b) => a.info.column - b.info.column);

  const table = int8SqrtTable();
  const q = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  const weights = new Float32Array(q.length);
  const scales = new Float32Array(w.columns);
  for (const s of scored) scales[s.info.column] = s.info.scale;
  for (let i = 0; i < q.length; i++) weights[i] = table[q[i]! + 128]! * scales[i % w.columns]!;
  let langid: LangIdModel | null = null;
  if (manifest.langid) {
    const li = manifest.langid;
    const lp = join(dir, li.file);
    if (!existsSync(lp)) fail(dir, `language identifier file ${li.file} not found`);
    const lb = readFileSync(lp);
    if (lb.length !== li.languages.length * 2 ** li.hashBits) fail(dir, `language identifier file ${li.file} has ${lb.length} bytes, expected ${li.languages.length * 2 ** li.hashBits}`);
    if (sha256(lb) !== li.sha256) fail(dir, `language identifier file ${li.file} is corrupt (sha256 differs from the manifest's)`);
    const { file: _f, sha256: _s, ...settings } = li;
    langid = { ...settings, table: new Uint8Array(lb.buffer, lb.byteOffset, lb.length) };
  }
  const heads = loadHeads(dir, manifest);
  if (manifest.languages) {
    for (const [lang, info] of Object.entries(manifest.languages)) {
      for (const label of TEXT_LABELS) {
        if (isExtension(label) && info.labels && !info.labels[label]) info.labels[label] = manifest.labels[label] as UnscoredLabelInfo;
        const l = info.labels?.[label];
        if (!l) fail(dir, `manifest language ${lang} has no entry for label ${label}`);
        if (l.scored && !scored.some((s) => s.label === label)) fail(dir, `manifest language ${lang} scores ${label}, which has no weights`);
      }
    }
  }
  if (heads.size > 0 && !scored.some((s) => s.label === 'toxicity')) fail(dir, 'manifest has language heads but toxicity has no weights');
  return { dir, manifest, weights, columns: w.columns, scored, langid, heads, bridge: loadBridgeOf(dir, manifest), words: loadWordHeadOf(dir, manifest) };
}

function loadWordHeadOf(dir: string, manifest: ToxicityManifest): WordVectorHead | null {
  const h = manifest.wordHead;
  if (!h) return null;
  const path = join(dir, h.file);
  if (!existsSync(path)) fail(dir, `word head ${h.file} not found`);
  const bytes = readFileSync(path);
  if (sha256(bytes) !== h.sha256) fail(dir, `word head ${h.file} is corrupt (sha256 differs from the manifest's)`);
  try {
    const vectors = loadWordVectors(join(dir, h.vectorsDir));
    if (vectors.manifest.vectors.sha256 !== h.vectorsSha256) fail(dir, `word vectors in ${h.vectorsDir} are not the ones the head was trained on (sha256 differs from the manifest's)`);
    return new WordVectorHead(vectors, decodeWordHead(bytes, featureCount(vectors.dims), h.hidden, h.labels, path));
  } catch (err) {
    if (err instanceof ToxicityModelError) throw err;
    fail(dir, (err as Error).message);
  }
}

function loadBridgeOf(dir: string, manifest: ToxicityManifest): Bridge | null {
  const b = manifest.bridge;
  if (!b) return null;
  const path = join(dir, b.dir, b.file);
  if (!existsSync(path)) fail(dir, `bridge lexicon ${join(b.dir, b.file)} not found`);
  const bytes = readFileSync(path);
  if (sha256(bytes) !== b.sha256) fail(dir, `bridge lexicon ${join(b.dir, b.file)} is not the one the model was fitted with (sha256 differs from the manifest's)`);
  try {
    return decodeBridge(bytes, path, { languages: b.languages });
  } catch (err) {
    fail(dir, (err as Error).message);
  }
}

function loadHeads(dir: string, manifest: ToxicityManifest): Map<string, LanguageHead> {
  const heads = new Map<string, LanguageHead>();
  const h = manifest.heads;
  if (!h) return heads;
  const path = join(dir, h.file);
  if (!existsSync(path)) fail(dir, `language heads file ${h.file} not found`);
  const bytes = readFileSync(path);
  if (sha256(bytes) !== h.sha256) fail(dir, `language heads file ${h.file} is corrupt (sha256 differs from the manifest's)`);
  const n = 2 ** (h.features.blockBits + 1);
  for (const [language, m] of Object.entries(h.languages)) {
    if (!(Number.isInteger(m.offset) && m.offset >= 0 && m.offset + 2 * n <= bytes.length)) fail(dir, `language head ${language} lies outside ${h.file}`);
    heads.set(language, {
      language,
      weights: new Int8Array(bytes.buffer, bytes.byteOffset + m.offset, n),
      weightScale: m.weightScale,
      idf: new Uint8Array(bytes.buffer, bytes.byteOffset + m.offset + n, n),
      idfStep: m.idfStep,
      bias: m.bias,
      stack: m.stack,
    });
  }
  return heads;
}
