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

/** Every score a result, a webhook or the review API gives has 4 decimals: more would claim a precision no model has. */
export function roundScore(score: number): number;
export function roundScore(score: number | null): number | null;
export function roundScore(score: number | null): number | null {
  return score === null ? null : Math.round(score * 10000) / 10000;
}
