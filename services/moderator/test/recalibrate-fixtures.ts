// Labelled scores and feedback records for the recalibration tests.
import type { FeedbackRecord } from '@modsvc/common/domain/review';
import type { LabelledScore } from '../src/recalibrate.ts';

export const P = (...scores: number[]): LabelledScore[] => scores.map((score) => ({ score, applies: true }));
export const N = (...scores: number[]): LabelledScore[] => scores.map((score) => ({ score, applies: false }));

// 15 true and 13 false examples, overlapping between 0.55 and 0.79. Worked out by hand, from the top:
// down to 0.77 (N) precision is 9/10; with 0.75 (P) 10/11 = 0.909, then never >= 0.9 again: HIGH between
// 0.75 and 0.73. With 0.61 (P) 13/18 = 0.722, the last cut with >= 0.7 and more true cases: MEDIUM
// between 0.61 and 0.59. Recall 0.95 of 15 needs all 15, down to 0.35: LOW between 0.35 and 0.33.
export const OVERLAPPING = [
  ...P(0.95, 0.93, 0.91, 0.89, 0.87, 0.85, 0.83, 0.81, 0.79, 0.75, 0.71, 0.67, 0.61, 0.55, 0.35),
  ...N(0.77, 0.73, 0.69, 0.65, 0.63, 0.59, 0.57, 0.5, 0.45, 0.4, 0.33, 0.2, 0.1),
];

let seq = 0;
export function feedback(over: Partial<FeedbackRecord>): FeedbackRecord {
  seq++;
  return {
    id: `fb_${seq}`,
    tenant_id: 't1',
    at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
    source: 'caller',
    actor_id: 'key',
    job_id: `job_${seq}`,
    moderation_job_id: null,
    class: null,
    category: 'DRUGS',
    correct: true,
    note: null,
    score: 0.5,
    risk_level: 'MEDIUM',
    policy_version: 'v1',
    ...over,
  };
}

/** Feedback that labels each example as given under the Standard rules (judged level MEDIUM). */
export function feedbackFor(category: string, examples: readonly LabelledScore[], over: Partial<FeedbackRecord> = {}): FeedbackRecord[] {
  return examples.map((e) => feedback({ category, score: e.score, risk_level: 'HIGH', correct: e.applies, ...over }));
}
