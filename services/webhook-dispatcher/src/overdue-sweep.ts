// The safety net under the retry schedule. Each next attempt is held by its bus message (redelivered
// after the schedule's delay) and written on the job (nextAttemptAt). Should a message be lost (the
// in-process bus across a restart, a stream recreated), this sweep finds pending webhooks whose next
// attempt is overdue and asks for it again, so the schedule fires at most a sweep and a grace late.
import type { Bus } from '@modsvc/common/bus/types';
import type { Logger } from '@modsvc/common/logger';
import type { JobStore } from '@modsvc/common/store/types';
import { dueAt } from './scheduled-attempts.ts';

export const SWEEP_EVERY_MS = 60_000;
/** How late an attempt must be before the sweep steps in (its own message normally fires first). */
export const OVERDUE_GRACE_MS = 60_000;
const SWEEP_LIMIT = 1000;

export interface SweepDeps {
  store: JobStore;
  bus: Bus;
  log: Logger;
  leaseMs: number;
  now?: () => Date;
}

/** Publishes pipeline.finished for every pending webhook overdue by graceMs or more; returns how many. */
export async function redriveOverdue(deps: SweepDeps, graceMs: number): Promise<number> {
  const now = (deps.now ?? (() => new Date()))().getTime();
  const pending = await deps.store.listPendingWebhooks(SWEEP_LIMIT);
  let count = 0;
  for (const job of pending) {
    if (dueAt(job, deps.leaseMs) + graceMs > now) continue;
    // One id per attempt number: sweeps of several replicas within the bus's duplicate window ask once.
    await deps.bus.publish('pipeline.finished', { jobId: job.id }, { msgId: `webhook-overdue-${job.id}-${job.webhook.attempts.length}` });
    count++;
  }
  if (count) deps.log.warn({ count }, 're-drove overdue webhook deliveries');
  return count;
}
