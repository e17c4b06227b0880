// How every pipeline stage consumes the bus: metrics, spans, logs, and one error policy.
//  - success: ack
//  - PermanentJobError: the job fails with its message (a clear `msg`), then ack
//  - anything else: redelivered with backoff; after maxAttempts the job fails with a useful message,
//    so no job is ever left queued forever or lost.
import type { Bus, BusMessage, Consumer, Subject, SubjectPayload } from './bus/types.ts';
import type { JobStore } from './store/types.ts';
import { MEDIA_KINDS, PRODUCTS, type JobOutcome, type JobRecord } from './jobs.ts';
import { PermanentJobError } from './errors.ts';
import { jobsFinished, stageDuration, startAtZero } from './metrics.ts';
import { context } from '@opentelemetry/api';
import { extractTraceContext, withSpan } from './tracing.ts';
import { trackLag } from './lag.ts';
import type { Logger } from './logger.ts';

export interface StageDeps {
  bus: Bus;
  store: JobStore;
  log: Logger;
  /** Redelivery deadline without a heartbeat (STAGE_ACK_WAIT_MS); default 30 s. */
  ackWaitMs?: number;
}

export interface StageSpec<S extends Subject> {
  stage: string;
  subject: S;
  durable: string;
  concurrency?: number;
  /** Redelivery deadline without a heartbeat. Default: the deps' ackWaitMs. */
  ackWaitMs?: number;
  /** Deliveries before the job is failed. Default 5. */
  maxAttempts?: number;
  handle(data: SubjectPayload[S], msg: BusMessage<SubjectPayload[S]>): Promise<void>;
}

/** Ack deadline for stage messages; handlers heartbeat while they run, so a crash is noticed this fast. */
export const DEFAULT_STAGE_ACK_WAIT_MS = 30_000;

export function retryDelayMs(deliveryCount: number): number {
  return Math.min(30_000, 1000 * 2 ** (deliveryCount - 1));
}

export async function runStage<S extends Subject>(deps: StageDeps, spec: StageSpec<S>): Promise<Consumer> {
  const maxAttempts = spec.maxAttempts ?? 5;
  const ackWaitMs = spec.ackWaitMs ?? deps.ackWaitMs ?? DEFAULT_STAGE_ACK_WAIT_MS;
  trackLag(spec.durable);
  // Any stage can be the one that finishes a job (failed, or done by the last).
  startAtZero(jobsFinished, { product: PRODUCTS, media: MEDIA_KINDS, status: ['done', 'failed'] });
  return deps.bus.consume(
    spec.subject,
    spec.durable,
    async (msg) => {
      const jobId = (msg.data as { jobId?: string }).jobId ?? '';
      const log = deps.log.child({ stage: spec.stage, job_id: jobId, delivery: msg.deliveryCount });
      const started = process.hrtime.bigint();
      let outcome = 'ok';
      log.debug('stage message received');
      const heartbeat = setInterval(() => msg.working(), Math.max(1000, Math.floor(ackWaitMs / 3)));
      try {
        // The span continues the trace of the publisher (trace context travels in the message headers).
        await context.with(extractTraceContext(msg.headers), () =>
          withSpan(`stage ${spec.stage}`, { 'modsvc.job_id': jobId, 'modsvc.delivery': msg.deliveryCount }, () => spec.handle(msg.data, msg)),
        );
        msg.ack();
      } catch (err) {
        if (err instanceof PermanentJobError) {
          outcome = 'failed';
          log.warn({ err: err.message }, 'job failed permanently');
          await failJob(deps, jobId, err.message).then(
            () => msg.ack(),
            (e) => {
              log.error({ err: e }, 'could not record job failure; will retry');
              msg.nak(retryDelayMs(msg.deliveryCount));
            },
          );
        } else if (msg.deliveryCount >= maxAttempts) {
          outcome = 'gave_up';
          log.error({ err }, 'stage kept failing; failing the job');
          await failJob(deps, jobId, `Processing failed at the ${spec.stage} stage: ${(err as Error).message}`).then(
            () => msg.ack(),
            () => msg.nak(retryDelayMs(msg.deliveryCount)),
          );
        } else {
          outcome = 'retry';
          log.warn({ err: (err as Error).message }, 'stage failed; will retry');
          msg.nak(retryDelayMs(msg.deliveryCount));
        }
      } finally {
        clearInterval(heartbeat);
        stageDuration.observe({ stage: spec.stage, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
      }
    },
    { concurrency: spec.concurrency ?? 1, ackWaitMs, maxDeliver: -1 },
  );
}

/**
 * Finishes a job (exactly once in the store) and announces it on `pipeline.finished`. The announcement is
 * repeated on every call for a finished job (de-duplicated by msgId), so a crash between the store write and
 * the publish cannot lose the webhook.
 */
export async function finishJob(deps: StageDeps, job: JobRecord, outcome: JobOutcome): Promise<void> {
  const transitioned = await deps.store.finish(job.id, outcome);
  if (transitioned) jobsFinished.inc({ product: job.product, media: job.media, status: outcome.status });
  await deps.bus.publish('pipeline.finished', { jobId: job.id }, { msgId: `finished-${job.id}` });
}

export async function failJob(deps: StageDeps, jobId: string, msg: string): Promise<void> {
  const job = await deps.store.get(jobId);
  if (!job) return;
  if (job.status !== 'queued') {
    await deps.bus.publish('pipeline.finished', { jobId }, { msgId: `finished-${jobId}` });
    return;
  }
  await finishJob(deps, job, { status: 'failed', msg });
}

/** Loads the job a message refers to; a job that no longer exists (expired, deleted) is not an error. */
export async function loadQueuedJob(deps: StageDeps, jobId: string): Promise<JobRecord | null> {
  const job = await deps.store.get(jobId);
  if (!job) {
    deps.log.warn({ job_id: jobId }, 'message for an unknown job; dropping');
    return null;
  }
  if (job.status !== 'queued') return null;
  return job;
}
