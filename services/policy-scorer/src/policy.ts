// The policy tier: scores each category of the tenant's policy (the Standard one by default) from the
// job's parts. A category's score is the maximum of weight x risk over the signals that could be
// scored, a label's or class's risk being its probability read against its own operating points
// (signalRisk); with none it is null and its risk level UNKNOWN. On an image or video, a category with
// visual signals of which no model scored one has not looked at the picture: its text signals alone
// can flag it (MEDIUM or HIGH) but never clear it, so below MEDIUM it is UNKNOWN too. A category of
// text signals only, on a job with no text at all, has nothing to find: NONE, triggered by no_text.
import type { JobRecord, TextToxicityPart } from '@modsvc/common/jobs';
import {
  STANDARD_POLICY,
  POLICY_TABLE_VERSION,
  riskLevel,
  riskRank,
  roundScore,
  signalRisk,
  type PolicyCategoryResult,
  type PolicyResult,
  type PolicySignalSpec,
  type PolicyThresholds,
  type ResolvedPolicy,
  type ResolvedPolicyCategory,
} from '@modsvc/common/domain/index';
import { VISUAL_CLASSES, type TextLabel, type VisualClass } from '@modsvc/common/classes';
import { textRisk, textSignal } from './items.ts';
import type { KnownContent } from './bank-matcher.ts';
import { bankCategories, knownContentFields, NO_KNOWN_CONTENT } from './known-content.ts';
import { findTerm } from './terms.ts';
import { examplesSignal } from './examples.ts';

const VISUAL_CLASS_NAMES = new Set<string>(VISUAL_CLASSES);

interface SignalScore {
  score: number | null;
  by: string | null;
}

/** The texts term lists are matched in; a source is absent when the job has none to read. */
function textSources(job: JobRecord): [string, string][] {
  const sources: [string, string | null | undefined][] = [
    ['caption', job.caption],
    ['ocr', job.parts.vision?.ocr?.text],
    ['speech', job.parts.speech && !job.parts.speech.error ? job.parts.speech.transcript : null],
  ];
  return sources.flatMap(([name, text]) => (text === null || text === undefined ? [] : [[name, text] as [string, string]]));
}

/** 1 where a term is found, 0 where there was text and none matched, null where there was no text to read. */
function termSignal(job: JobRecord, terms: readonly string[]): SignalScore {
  const sources = textSources(job);
  if (!sources.length) return { score: null, by: null };
  for (const [name, text] of sources) {
    const m = findTerm(text, terms);
    if (m) return { score: 1, by: `${name}:term:"${m.term}"@${m.start}-${m.end}` };
  }
  return { score: 0, by: null };
}

function signalScore(job: JobRecord, signal: PolicySignalSpec): SignalScore {
  if ('examples' in signal) return examplesSignal(job, signal);
  if ('terms' in signal) return termSignal(job, signal.terms);
  if ('text' in signal) {
    const t = textSignal(job, signal.text);
    return { score: t.score, by: `${t.source}:${signal.text}` };
  }
  if (VISUAL_CLASS_NAMES.has(signal.class)) {
    const vision = job.parts.vision;
    const cls = signal.class as VisualClass;
    return { score: signalRisk(vision?.scores[cls] ?? null, vision?.operatingPoints?.[cls]), by: signal.class };
  }
  return { score: textRisk(job.parts.caption?.toxicity, signal.class as TextLabel), by: `caption:${signal.class}` };
}

const isVisualSignal = (signal: PolicySignalSpec) => 'examples' in signal || ('class' in signal && VISUAL_CLASS_NAMES.has(signal.class));

/** Text labels (in either form) and term lists: signals that read only the job's text. */
const isTextSignal = (signal: PolicySignalSpec) => 'text' in signal || 'terms' in signal || ('class' in signal && !VISUAL_CLASS_NAMES.has(signal.class));

/** Each text the job has (not blank) with the toxicity part that scored it, if any. */
function textParts(job: JobRecord): [string, TextToxicityPart | null | undefined][] {
  const parts: Record<string, TextToxicityPart | null | undefined> = { caption: job.parts.caption?.toxicity, ocr: job.parts.vision?.ocr?.toxicity, speech: job.parts.speech?.toxicity };
  return textSources(job).flatMap(([name, text]) => (text.trim() === '' ? [] : [[name, parts[name]] as [string, TextToxicityPart | null | undefined]]));
}

/** Whether the job has any text to read: a caption, text in images or a transcript that is not blank. */
const hasText = (job: JobRecord) => textParts(job).length > 0;

/** The text labels a category reads (in either signal form). */
function textLabelsOf(cat: ResolvedPolicyCategory): TextLabel[] {
  return cat.signals.flatMap((s) => ('text' in s ? [s.text] : 'class' in s && !VISUAL_CLASS_NAMES.has(s.class) ? [s.class as TextLabel] : []));
}

/**
 * The texts of a category of text signals only that none of its labels could be scored on (a caption in
 * a language without a model for them): such a text was not looked at for the category, so the others
 * cannot clear it. Empty when the category has a term list (terms are matched in every text).
 */
function unseenTexts(job: JobRecord, cat: ResolvedPolicyCategory): string[] {
  if (!cat.signals.every(isTextSignal) || cat.signals.some((s) => 'terms' in s)) return [];
  const labels = textLabelsOf(cat);
  return textParts(job).flatMap(([name, part]) => (labels.some((l) => typeof part?.scores[l] === 'number' && !Number.isNaN(part.scores[l])) ? [] : [`${name}${part?.language ? `:${part.language}` : ''}`]));
}

/**
 * A category of text signals only on a job with no text: nothing there could be harmful, so NONE rather
 * than UNKNOWN (which would send every uncaptioned photo to review). Where there is text that no model
 * scored for its language, the signals stay unscored and the category UNKNOWN.
 */
function nothingToRead(job: JobRecord, cat: ResolvedPolicyCategory): PolicyCategoryResult | null {
  if (!cat.signals.length || !cat.signals.every(isTextSignal) || hasText(job)) return null;
  return { name: cat.name, description: cat.description, score: 0, risk_level: 'NONE', triggered_by: 'no_text' };
}

/**
 * The score as reported (4 decimals), rounded so that it reads as the same level as the exact score:
 * a risk just below an operating point must not be rounded up onto it.
 */
function reportedScore(score: number, thresholds: PolicyThresholds): number {
  const exact = riskLevel(score, thresholds);
  const rounded = roundScore(score);
  if (riskLevel(rounded, thresholds) === exact) return rounded;
  const toward = (rounded > score ? Math.floor(score * 10000) : Math.ceil(score * 10000)) / 10000;
  return riskLevel(toward, thresholds) === exact ? toward : score;
}

/** The lowest level that flags a category whatever the rules: text alone may raise it this far. */
const FLAGGING_RANK = riskRank('MEDIUM')!;

/** Whether a score flags its category: what part of a job was not looked at cannot clear one that does not. */
const flags = (score: number, thresholds: PolicyThresholds) => (riskRank(riskLevel(score, thresholds)) ?? 0) >= FLAGGING_RANK;

export function scoreCategories(job: JobRecord, policy: ResolvedPolicy = STANDARD_POLICY): PolicyCategoryResult[] {
  return policy.categories.map((cat) => {
    const empty = nothingToRead(job, cat);
    if (empty) return empty;
    let best: { score: number; by: string | null } | null = null;
    // A category no signal could score says why, where a signal gave a reason (examples of another model).
    let unscored: string | null = null;
    const unscoredVisual: string[] = [];
    let visualScored = false;
    for (const signal of cat.signals) {
      const s = signalScore(job, signal);
      // A NaN is no measurement (riskLevel reads it as UNKNOWN): never let it stand for, or hide, a score.
      if (s.score === null || Number.isNaN(s.score)) {
        if ('examples' in signal) unscored ??= s.by;
        if (isVisualSignal(signal)) unscoredVisual.push('class' in signal ? signal.class : 'examples');
        continue;
      }
      if (isVisualSignal(signal)) visualScored = true;
      const weighted = s.score * signal.weight;
      if (!best || weighted > best.score) best = { score: weighted, by: s.by };
    }
    let score = best ? reportedScore(best.score, cat.thresholds) : null;
    let triggeredBy = best ? best.by : unscored;
    const pictureUnseen = job.parts.vision !== undefined && unscoredVisual.length > 0 && !visualScored;
    if (pictureUnseen && score !== null && !flags(score, cat.thresholds)) {
      triggeredBy = unscored ?? `visual_not_scored(${unscoredVisual.join(',')}; text alone: ${triggeredBy} ${score})`;
      score = null;
    }
    // Likewise a text the category's labels could not be scored on: the other texts can flag it, never clear it.
    const unseen = unseenTexts(job, cat);
    if (unseen.length && score !== null && !flags(score, cat.thresholds)) {
      triggeredBy = `text_not_scored(${unseen.join(',')}; other text: ${triggeredBy} ${score})`;
      score = null;
    }
    const notScored = job.parts.vision !== undefined && unscoredVisual.length > 0 ? { not_scored: unscoredVisual } : {};
    return { name: cat.name, description: cat.description, score, risk_level: riskLevel(score, cat.thresholds), triggered_by: triggeredBy, ...notScored };
  });
}

export function buildPolicyResult(job: JobRecord, known: KnownContent = NO_KNOWN_CONTENT, policy: ResolvedPolicy = STANDARD_POLICY): PolicyResult {
  return {
    policy_categories: [...scoreCategories(job, policy), ...bankCategories(known)],
    url: job.url,
    tier: policy.version === STANDARD_POLICY.version ? 'standard' : 'premium',
    policy_table_version: POLICY_TABLE_VERSION,
    policy_version: policy.version,
    ...knownContentFields(job, known),
  };
}
