// Idempotent submits: a submit that carries an Idempotency-Key answers the job created by the first
// submit with that key (for 24 h), and a key reused for other content is refused with 409. The key
// is claimed in the job store right before the job is created, so of concurrent submits with one key
// exactly one creates a job; a claim whose job then fails to be created is released.
import { ApiError } from '@modsvc/common/errors';
import type { SubmitIdempotency, SubmitOptions } from '@modsvc/common/contracts';
import type { JobStore } from '@modsvc/common/store/types';
import { newIdempotencyKey, type IdempotencyKeyRecord } from '@modsvc/common/store/idempotency-keys';

export class SubmitKeys {
  constructor(
    private readonly store: JobStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The job of an earlier submit with this key, or null (no key, or not used yet). Throws 409 for other content. */
  async earlier(opts: SubmitOptions): Promise<{ jobId: string } | null> {
    if (!opts.idempotency) return null;
    const held = await this.store.findIdempotencyKey(opts.tenantId, opts.idempotency.key);
    return held ? answer(held, opts.idempotency) : null;
  }

  /** Claims the key for `jobId`: null when the caller may create the job, else the job that holds the key (or 409). */
  async claim(opts: SubmitOptions, jobId: string): Promise<{ jobId: string } | null> {
    if (!opts.idempotency) return null;
    const { key, fingerprint } = opts.idempotency;
    const held = await this.store.claimIdempotencyKey(newIdempotencyKey({ tenantId: opts.tenantId, key, fingerprint, jobId }, this.now()));
    return held ? answer(held, opts.idempotency) : null;
  }

  /** Frees a claim whose job was not created, so that a retry can create it. */
  async release(opts: SubmitOptions, jobId: string): Promise<void> {
    if (opts.idempotency) await this.store.releaseIdempotencyKey(opts.tenantId, opts.idempotency.key, jobId);
  }
}

function answer(held: IdempotencyKeyRecord, given: SubmitIdempotency): { jobId: string } {
  if (held.fingerprint !== given.fingerprint) {
    throw new ApiError(
      'idempotency_conflict',
      `Idempotency-Key "${given.key}" was used in the last 24 h for a different request (job ${held.jobId}); send a new key with new content.`,
    );
  }
  return { jobId: held.jobId };
}
