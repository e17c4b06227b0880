// GET /jobs/{job_id}/webhook: the state of a job's webhook and every delivery attempt, and
// POST /jobs/{job_id}/webhook/redeliver: the attempt it made (protos: ListDeliveriesReply and
// RedeliverReply, with snake_case names here).
import { z } from 'zod';
import type { DeliveryAttempt } from '../jobs.ts';

export const DeliveryStateSchema = z.enum(['none', 'pending', 'delivered', 'gave_up']);

export const AttemptOutcomeSchema = z.enum(['sending', 'delivered', 'failed', 'interrupted']);

export const DeliveryAttemptLogSchema = z.strictObject({
  attempt: z.number().int().describe('1 for the first attempt; redeliveries are numbered in the same sequence.'),
  at: z.iso.datetime().describe('When the attempt started; its webhook-timestamp header is this time in unix seconds.'),
  outcome: AttemptOutcomeSchema.describe(
    'sending: started, no outcome recorded yet; delivered: a 2xx answer; failed: any other answer or none; interrupted: the dispatcher stopped during the attempt, so the receiver may have received it.',
  ),
  redelivery: z.boolean().describe('Sent on request (POST /jobs/{job_id}/webhook/redeliver), outside the retry schedule.'),
  http_status: z.number().int().describe("The receiver's HTTP status; 0 when no response was received."),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const DeliveryLogSchema = z.strictObject({
  job_id: z.string(),
  webhook_id: z
    .string()
    .nullable()
    .describe("The webhook-id header of the job's webhook: the same on every attempt and redelivery, so a receiver can de-duplicate on it. null when the job has no callback_url."),
  state: DeliveryStateSchema.describe('none: no callback_url; pending: being delivered or retried; delivered; gave_up: retries exhausted or not retryable (410 Gone, refused address).'),
  next_attempt_at: z.iso.datetime().nullable().describe('When the next scheduled retry is due; null when none is scheduled.'),
  attempts: z.array(DeliveryAttemptLogSchema),
});

export const RedeliverySchema = z.strictObject({
  job_id: z.string(),
  webhook_id: z.string().describe('The same webhook-id as every earlier delivery of this job.'),
  state: DeliveryStateSchema.describe('The webhook state after this attempt: delivered when it succeeded, otherwise unchanged.'),
  attempt: DeliveryAttemptLogSchema,
});

export type DeliveryState = z.infer<typeof DeliveryStateSchema>;
export type AttemptOutcome = z.infer<typeof AttemptOutcomeSchema>;
export type DeliveryAttemptLog = z.infer<typeof DeliveryAttemptLogSchema>;
export type DeliveryLog = z.infer<typeof DeliveryLogSchema>;
export type Redelivery = z.infer<typeof RedeliverySchema>;

/** An attempt as the services pass it to each other (camelCase, every field known). */
export interface AttemptView {
  attempt: number;
  at: string;
  outcome: AttemptOutcome;
  redelivery: boolean;
  httpStatus: number;
  error: string | null;
  durationMs: number;
}

export interface DeliveryLogView {
  state: DeliveryState;
  webhookId: string | null;
  nextAttemptAt: string | null;
  attempts: AttemptView[];
}

export interface RedeliveryView {
  webhookId: string;
  state: DeliveryState;
  attempt: AttemptView;
}

/** A stored attempt with every field known: records from before outcomes were tracked hold finished attempts. */
export function attemptView(a: DeliveryAttempt): AttemptView {
  const outcome = a.outcome ?? (a.httpStatus >= 200 && a.httpStatus <= 299 ? 'delivered' : 'failed');
  return { attempt: a.attempt, at: a.at, outcome, redelivery: a.redelivery ?? false, httpStatus: a.httpStatus, error: a.error, durationMs: a.durationMs };
}

function attemptLog(a: AttemptView): DeliveryAttemptLog {
  return { attempt: a.attempt, at: a.at, outcome: a.outcome, redelivery: a.redelivery, http_status: a.httpStatus, error: a.error, duration_ms: a.durationMs };
}

/** The public log. */
export function deliveryLog(jobId: string, view: DeliveryLogView): DeliveryLog {
  return { job_id: jobId, webhook_id: view.webhookId, state: view.state, next_attempt_at: view.nextAttemptAt, attempts: view.attempts.map(attemptLog) };
}

/** The public answer to a redelivery. */
export function redelivery(jobId: string, view: RedeliveryView): Redelivery {
  return { job_id: jobId, webhook_id: view.webhookId, state: view.state, attempt: attemptLog(view.attempt) };
}
