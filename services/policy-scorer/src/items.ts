// Assembles the items-and-characteristics result from the stages' parts. Every group and class of the spec
// is present; a class no model scored is null. Extra documented fields: evidence, uncalibrated, ocr, speech, models.
import { CLASS_GROUPS, TOXICITY_LABELS, VISUAL_GROUPS, type ClassScores, type ToxicityLabel } from '@modsvc/common/classes';
import type { JobRecord, TextToxicityPart } from '@modsvc/common/jobs';

function round(score: number | null): number | null {
  return score === null ? null : Math.round(score * 10000) / 10000;
}

function toxicityScores(part: TextToxicityPart | null | undefined): ClassScores<ToxicityLabel> {
  return Object.fromEntries(TOXICITY_LABELS.map((l) => [l, round(part?.scores[l] ?? null)])) as ClassScores<ToxicityLabel>;
}

function textGroup(part: TextToxicityPart | null | undefined) {
  return { scores: toxicityScores(part), top_span: part?.topSpan ?? null, model: part?.model ?? null };
}

export function buildItemsResult(job: JobRecord): Record<string, unknown> {
  const vision = job.parts.vision;
  const result: Record<string, unknown> = {};
  for (const group of VISUAL_GROUPS) {
    result[group] = Object.fromEntries(CLASS_GROUPS[group].map((c) => [c, round(vision?.scores[c] ?? null)]));
  }
  result.caption_language_toxicity = toxicityScores(job.parts.caption?.toxicity);
  result.url = job.url;
  result.evidence = vision?.evidence ?? {};
  result.uncalibrated = vision?.uncalibrated ?? [];
  result.ocr = vision?.ocr ? { text: vision.ocr.text, ...textGroup(vision.ocr.toxicity) } : null;
  const speech = job.parts.speech;
  result.speech = speech
    ? { transcript: speech.transcript, segments: speech.segments, recognizer: speech.recognizer || null, error: speech.error, ...textGroup(speech.toxicity) }
    : null;
  result.models = [...new Set([...(vision?.models ?? []), ...[job.parts.caption?.toxicity, vision?.ocr?.toxicity, speech?.toxicity].flatMap((p) => (p?.model ? [p.model] : []))])];
  return result;
}

/** The highest score of a toxicity label over caption, text in images and speech, with where it came from. */
export function textSignal(job: JobRecord, label: ToxicityLabel): { score: number | null; source: string | null } {
  const sources: [string, TextToxicityPart | null | undefined][] = [
    ['caption', job.parts.caption?.toxicity],
    ['ocr', job.parts.vision?.ocr?.toxicity],
    ['speech', job.parts.speech?.toxicity],
  ];
  let best: { score: number | null; source: string | null } = { score: null, source: null };
  for (const [source, part] of sources) {
    const s = part?.scores[label];
    if (s !== null && s !== undefined && (best.score === null || s > best.score)) best = { score: s, source };
  }
  return best;
}
