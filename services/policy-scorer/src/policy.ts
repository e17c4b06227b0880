// The policy tier: scores each category of the tenant's policy (the Standard one by default) from the
// job's parts. A category's score is the maximum of weight x score over the signals that could be
// scored; with none it is null and its risk level UNKNOWN. On an image or video, a category with
// visual signals of which no model scored one has not looked at the picture: its text signals alone
// can flag it (MEDIUM or HIGH) but never clear it, so below MEDIUM it is UNKNOWN too.
import type { JobRecord } from '@modsvc/common/jobs';
import {
  STANDARD_POLICY,
  POLICY_TABLE_VERSION,
  riskLevel,
  riskRank,
  roundScore,
  type PolicyCategoryResult,
  type PolicyResult,
  type PolicySignalSpec,
  type ResolvedPolicy,
} from '@modsvc/common/domain/index';
import { VISUAL_CLASSES, type ToxicityLabel, type VisualClass } from '@modsvc/common/classes';
import { textSignal } from './items.ts';
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
  if (VISUAL_CLASS_NAMES.has(signal.class)) return { score: job.parts.vision?.scores[signal.class as VisualClass] ?? null, by: signal.class };
  return { score: job.parts.caption?.toxicity.scores[signal.class as ToxicityLabel] ?? null, by: `caption:${signal.class}` };
}

const isVisualSignal = (signal: PolicySignalSpec) => 'examples' in signal || ('class' in signal && VISUAL_CLASS_NAMES.has(signal.class));

/** The lowest level that flags a category whatever the rules: text alone may raise it this far. */
const FLAGGING_RANK = riskRank('MEDIUM')!;

export function scoreCategories(job: JobRecord, policy: ResolvedPolicy = STANDARD_POLICY): PolicyCategoryResult[] {
  return policy.categories.map((cat) => {
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
    let score = best ? roundScore(best.score) : null;
    let triggeredBy = best ? best.by : unscored;
    const pictureUnseen = job.parts.vision !== undefined && unscoredVisual.length > 0 && !visualScored;
    if (pictureUnseen && score !== null && (riskRank(riskLevel(score, cat.thresholds)) ?? 0) < FLAGGING_RANK) {
      triggeredBy = unscored ?? `visual_not_scored(${unscoredVisual.join(',')}; text alone: ${triggeredBy} ${score})`;
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
