// Pure job-record transitions shared by the store implementations, and the Date-preserving codec
// the embedded store uses to keep records opaque to its database engine.
import type { JobOutcome, JobParts, JobRecord, JobWebhook, PartName } from '../jobs.ts';
import type { JobPatch } from './types.ts';

const PATCH_KEYS = ['mediaKey', 'mediaType', 'metadata', 'expectedParts'] as const satisfies readonly (keyof JobPatch)[];

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

// ---- codec ------------------------------------------------------------------------------------
// JSON with Dates tagged as {"$$date": epochMs}, wherever they occur in the record. The record is
// stored as one string so that keys with dots or a leading '$' (allowed in results) are never
// interpreted by the database engine.

const DATE_TAG = '$$date';

export function encodeRecord(job: JobRecord): string {
  return JSON.stringify(job, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { [DATE_TAG]: raw.getTime() };
    return value;
  });
}

export function decodeRecord(text: string): JobRecord {
  return JSON.parse(text, (_key: string, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === DATE_TAG) {
        const ms = (value as Record<string, unknown>)[DATE_TAG];
        return new Date(typeof ms === 'number' ? ms : Number.NaN);
      }
    }
    return value;
  }) as JobRecord;
}
