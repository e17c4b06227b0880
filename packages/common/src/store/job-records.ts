// The job store's two collections on the record store, and the pure job-record transitions it applies
// through the one update loop (records/update.ts).
import type { JobOutcome, JobParts, JobRecord, JobWebhook, PartName } from '../jobs.ts';
import type { IdempotencyKeyRecord } from './idempotency-keys.ts';
import { minuteKey, timeKey } from './records/sort-keys.ts';
import type { CollectionSpec } from './records/types.ts';
import type { JobPatch } from './types.ts';

/**
 * Jobs by id. Indexes: `queued` (oldest first), `pendingWebhooks` (finished jobs whose webhook is
 * pending, oldest finish first) and `finished` (partitioned by the minute of finishedAt, so that
 * counting recent finishes reads a few small partitions). A job stays readable after its expiresAt
 * until deleteExpired (or MongoDB's TTL monitor) removes it.
 */
export const JOBS_SPEC: CollectionSpec<JobRecord> = {
  name: 'jobs',
  indexes: {
    queued: (j) => (j.status === 'queued' ? { partition: '', sort: timeKey(j.createdAt) } : null),
    pendingWebhooks: (j) => (j.status !== 'queued' && j.webhook.state === 'pending' ? { partition: '', sort: timeKey(j.finishedAt ?? j.createdAt) } : null),
    finished: (j) => (j.finishedAt !== null ? { partition: minuteKey(j.finishedAt), sort: timeKey(j.finishedAt) } : null),
  },
  expiresAt: (j) => j.expiresAt,
  readableUntilRemoved: true,
};

/** Idempotency keys by idempotencyKeyId; an expired key reads as absent, so its id is free. */
export const IDEMPOTENCY_KEYS_SPEC: CollectionSpec<IdempotencyKeyRecord> = {
  name: 'idempotency_keys',
  expiresAt: (k) => k.expiresAt,
};

const PATCH_KEYS = ['mediaKey', 'mediaType', 'contentSha256', 'metadata', 'expectedParts'] as const satisfies readonly (keyof JobPatch)[];

/** The fields of a patch that are actually given (undefined means "leave as is"). */
export function definedPatch(patch: JobPatch): JobPatch {
  const out: Record<string, unknown> = {};
  for (const k of PATCH_KEYS) {
    if (patch[k] !== undefined) out[k] = patch[k];
  }
  return out as JobPatch;
}

function isValidDate(d: unknown): d is Date {
  return d instanceof Date && !Number.isNaN(d.getTime());
}

/** Rejects records a store could not index or expire correctly. */
export function assertStorableRecord(job: JobRecord): void {
  if (typeof job.id !== 'string' || job.id.length === 0) throw new TypeError('job.id must be a non-empty string');
  if (typeof job.tenantId !== 'string') throw new TypeError(`job ${job.id}: tenantId must be a string`);
  for (const k of ['createdAt', 'updatedAt', 'expiresAt'] as const) {
    if (!isValidDate(job[k])) throw new TypeError(`job ${job.id}: ${k} must be a valid Date`);
  }
  if (job.finishedAt !== null && !isValidDate(job.finishedAt)) {
    throw new TypeError(`job ${job.id}: finishedAt must be null or a valid Date`);
  }
}

export function applyPatch(job: JobRecord, patch: JobPatch, now: Date): JobRecord {
  return { ...job, ...definedPatch(patch), updatedAt: now };
}

export function applyPart<P extends PartName>(job: JobRecord, part: P, value: NonNullable<JobParts[P]>, now: Date): JobRecord {
  return { ...job, parts: { ...job.parts, [part]: value }, updatedAt: now };
}

/** The finished record, or null when the job is no longer queued (the transition already happened). */
export function applyFinish(job: JobRecord, outcome: JobOutcome, now: Date): JobRecord | null {
  if (job.status !== 'queued') return null;
  const webhook = job.callbackUrl !== null ? { ...job.webhook, state: 'pending' as const } : job.webhook;
  const base = { ...job, finishedAt: now, updatedAt: now, webhook };
  return outcome.status === 'done'
    ? { ...base, status: 'done', results: outcome.results }
    : { ...base, status: 'failed', msg: outcome.msg };
}

export function applyWebhook(job: JobRecord, webhook: JobWebhook, now: Date): JobRecord {
  return { ...job, webhook, updatedAt: now };
}
