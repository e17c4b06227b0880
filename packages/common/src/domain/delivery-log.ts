// GET /jobs/{job_id}/webhook: the state of a job's webhook and every delivery attempt
// (proto: ListDeliveriesReply, with snake_case names).
import { z } from 'zod';
import type { DeliveryAttempt } from '../jobs.ts';

export const DeliveryStateSchema = z.enum(['none', 'pending', 'delivered', 'gave_up']);

export const DeliveryAttemptLogSchema = z.strictObject({
  attempt: z.number().int().describe('1 for the first attempt.'),
  at: z.iso.datetime().describe('When the attempt started.'),
  http_status: z.number().int().describe("The receiver's HTTP status; 0 when no response was received."),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
});

export const DeliveryLogSchema = z.strictObject({
  job_id: z.string(),
  state: DeliveryStateSchema.describe('none: no callback_url; pending: being delivered or retried; delivered; gave_up: retries exhausted.'),
  attempts: z.array(DeliveryAttemptLogSchema),
});

export type DeliveryState = z.infer<typeof DeliveryStateSchema>;
export type DeliveryAttemptLog = z.infer<typeof DeliveryAttemptLogSchema>;
export type DeliveryLog = z.infer<typeof DeliveryLogSchema>;

/** The public log from the stored attempts. */
export function deliveryLog(jobId: string, state: DeliveryState, attempts: readonly DeliveryAttempt[]): DeliveryLog {
  return {
    job_id: jobId,
    state,
    attempts: attempts.map((a) => ({ attempt: a.attempt, at: a.at, http_status: a.httpStatus, error: a.error, duration_ms: a.durationMs })),
  };
}
