// Assembles the items-and-characteristics result from the stages' parts. Every group and class of the spec
// is present; a class no model scored is null. Extra documented fields: evidence, uncalibrated, ocr, speech, models.
import { CLASS_GROUPS, TEXT_LABELS, type ClassScores, type TextLabel, type VisualClass, type VisualGroup } from '@modsvc/common/classes';
import type { JobRecord, TextToxicityPart } from '@modsvc/common/jobs';
import { roundScore, signalRisk, type ItemsResult, type OcrResult, type SpeechResult, type VisualEvidence } from '@modsvc/common/domain/index';
import type { KnownContent } from './bank-matcher.ts';
import { knownContentFields, NO_KNOWN_CONTENT } from './known-content.ts';

/** The seven spec labels, then self_harm (null where not scored, and in parts stored before it was). Raw probabilities, never risks. */
function toxicityScores(part: TextToxicityPart | null | undefined): ClassScores<TextLabel> {
  return Object.fromEntries(TEXT_LABELS.map((l) => [l, roundScore(part?.scores[l] ?? null)])) as ClassScores<TextLabel>;
}

function textGroup(part: TextToxicityPart | null | undefined): Pick<OcrResult, 'scores' | 'top_span' | 'model' | 'language'> {
  return { scores: toxicityScores(part), top_span: part?.topSpan ?? null, model: part?.model ?? null, language: part?.language ?? null };
}

function visualGroup<G extends VisualGroup>(job: JobRecord, group: G): ClassScores<(typeof CLASS_GROUPS)[G][number]> {
  const scores = job.parts.vision?.scores;
  return Object.fromEntries(CLASS_GROUPS[group].map((c) => [c, roundScore(scores?.[c] ?? null)])) as ClassScores<(typeof CLASS_GROUPS)[G][number]>;
}

function evidenceResult(job: JobRecord): Partial<Record<VisualClass, VisualEvidence[]>> {
  const evidence = job.parts.vision?.evidence ?? {};
  return Object.fromEntries(Object.entries(evidence).map(([cls, list]) => [cls, list.map((e) => ({ ...e, score: roundScore(e.score) }))]));
}

function ocrResult(job: JobRecord): OcrResult | null {
  const ocr = job.parts.vision?.ocr;
  if (!ocr) return null;
  return { text: ocr.text, ...(ocr.recognizer ? { recognizer: ocr.recognizer } : {}), ...textGroup(ocr.toxicity) };
}

function speechResult(job: JobRecord): SpeechResult | null {
  const speech = job.parts.speech;
  if (!speech) return null;
  return { transcript: speech.transcript, segments: speech.segments, recognizer: speech.recognizer || null, error: speech.error, ...textGroup(speech.toxicity) };
}

/** The speech recogniser, when it contributed a transcript (not when it was missing or heard no speech). */
function speechModels(job: JobRecord): string[] {
  const speech = job.parts.speech;
  return speech?.recognizer && speech.transcript.trim() ? [speech.recognizer] : [];
}

export function buildItemsResult(job: JobRecord, known: KnownContent = NO_KNOWN_CONTENT): ItemsResult {
  const vision = job.parts.vision;
  const textModels = [job.parts.caption?.toxicity, vision?.ocr?.toxicity, job.parts.speech?.toxicity].flatMap((p) => (p?.model ? [p.model] : []));
  // Key order is part of the JSON callers receive: groups, caption, url, then the extras.
  return {
    violence: visualGroup(job, 'violence'),
    substances: visualGroup(job, 'substances'),
    nsfw: visualGroup(job, 'nsfw'),
    hate_symbols: visualGroup(job, 'hate_symbols'),
    visual_content: visualGroup(job, 'visual_content'),
    other: visualGroup(job, 'other'),
    caption_language_toxicity: toxicityScores(job.parts.caption?.toxicity),
    url: job.url,
    evidence: evidenceResult(job),
    uncalibrated: vision?.uncalibrated ?? [],
    ocr: ocrResult(job),
    speech: speechResult(job),
    models: [...new Set([...(vision?.models ?? []), ...speechModels(job), ...textModels])],
    ...knownContentFields(job, known),
    caption_language: job.parts.caption?.toxicity.language ?? null,
  };
}

/** A text part's label on the risk scale: its probability read against the part's own operating points (its language's). */
export function textRisk(part: TextToxicityPart | null | undefined, label: TextLabel): number | null {
  return signalRisk(part?.scores[label] ?? null, part?.operatingPoints?.[label]);
}

/**
 * The highest risk of a text label over caption, text in images and speech, with where it came from.
 * Compared on the risk scale, not as probabilities: the texts may be in languages with different operating points.
 */
export function textSignal(job: JobRecord, label: TextLabel): { score: number | null; source: string | null } {
  const sources: [string, TextToxicityPart | null | undefined][] = [
    ['caption', job.parts.caption?.toxicity],
    ['ocr', job.parts.vision?.ocr?.toxicity],
    ['speech', job.parts.speech?.toxicity],
  ];
  let best: { score: number | null; source: string | null } = { score: null, source: null };
  for (const [source, part] of sources) {
    const s = textRisk(part, label);
    if (s !== null && !Number.isNaN(s) && (best.score === null || s > best.score)) best = { score: s, source };
  }
  return best;
}
