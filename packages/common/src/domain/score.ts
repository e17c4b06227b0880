// Per-class prevalence scores: the building block of every items-result group.
import { z } from 'zod';
import { CLASS_GROUPS, type ClassGroup } from '../classes.ts';

/** A probability in [0, 1], or null when no loaded model scores the class (never an invented number). */
export const ScoreSchema = z
  .number()
  .min(0)
  .max(1)
  .nullable()
  .describe('A probability in [0, 1], or null when no loaded model scores the class.');

type GroupShape<G extends ClassGroup> = Record<(typeof CLASS_GROUPS)[G][number], typeof ScoreSchema>;

/** Every class of a spec group, in spec order, each a score; no other key. */
export function classScoresSchema<G extends ClassGroup>(group: G) {
  const shape = Object.fromEntries(CLASS_GROUPS[group].map((c) => [c, ScoreSchema])) as GroupShape<G>;
  return z.strictObject(shape);
}

/**
 * A text's scores: the spec's seven caption_language_toxicity labels in spec order, then the extension
 * labels (self_harm). The extensions are optional only for results stored before them; new results carry them.
 */
export function textScoresSchema() {
  return classScoresSchema('caption_language_toxicity').extend({
    self_harm: ScoreSchema.optional().describe(
      'Extension beyond the spec: suicidal intent, self-injury, or telling someone to harm or kill themselves (a probability; null where not scored). Absent in results stored before toxicity 3.0.0.',
    ),
  });
}

/** Every score a result, a webhook or the review API gives has 4 decimals: more would claim a precision no model has. */
export function roundScore(score: number): number;
export function roundScore(score: number | null): number | null;
export function roundScore(score: number | null): number | null {
  return score === null ? null : Math.round(score * 10000) / 10000;
}
