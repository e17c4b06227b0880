// Idempotent submits: a submit that carries an Idempotency-Key answers the job created by the first
// submit with that key (for 24 h), and a key reused for other content is refused with 409. The key
// is claimed in the job store right before the job is created, so of concurrent submits with one key
// exactly one creates a job; a claim whose job then fails to be created is released. A repeat never
// answers with a job that does not exist yet: while the first submit is still creating its job, the
// repeat waits for it (and takes the key over if that creation fails and frees it).
import { jitteredBackoffMs } from '@modsvc/common/backoff';
import { ApiError } from '@modsvc/common/errors';
import type { SubmitIdempotency, SubmitOptions } from '@modsvc/common/contracts';
import type { JobStore } from '@modsvc/common/store/types';
import { newIdempotencyKey, type IdempotencyKeyRecord } from '@modsvc/common/store/idempotency-keys';

/** How long a repeat waits for the first submit's job to be created before it answers 409 "retry". */
export const CREATING_WAIT_MS = 15_000;

export class SubmitKeys {
  constructor(
    private readonly store: JobStore,
    private readonly now: () => Date = () => new Date(),
    private readonly creatingWaitMs = CREATING_WAIT_MS,
  ) {}

  /**
   * The job of an earlier submit with this key, or null (no key, not used yet, or its job still being
   * created: the caller goes on to `claim`, which waits for it). Throws 409 for other content.
   */
  async earlier(opts: SubmitOptions): Promise<{ jobId: string } | null> {
    if (!opts.idempotency) return null;
    const held = await this.store.findIdempotencyKey(opts.tenantId, opts.idempotency.key);
    if (!held) return null;
    const earlier = answer(held, opts.idempotency);
    return this.settled(held) || (await this.exists(opts.tenantId, earlier.jobId)) ? earlier : null;
  }

  /**
   * Claims the key for a new job id (`newId`): `{ create }` when the caller is to create that job,
   * `{ jobId }` when the key names a job that exists. While the key's job is still being created the
   * claim waits for it, with jittered backoff; if that creation fails and frees the key, this claim
   * takes it. Throws 409 for other content, and 409 "retry" if the job never appears.
   */
  async claim(opts: SubmitOptions, newId: () => string): Promise<{ create: string } | { jobId: string }> {
    if (!opts.idempotency) return { create: newId() };
    const { key, fingerprint } = opts.idempotency;
    const deadline = Date.now() + this.creatingWaitMs;
    for (let attempt = 0; ; attempt++) {
      const id = newId();
      const held = await this.store.claimIdempotencyKey(newIdempotencyKey({ tenantId: opts.tenantId, key, fingerprint, jobId: id }, this.now()));
      if (!held) return { create: id };
      const earlier = answer(held, opts.idempotency);
      if (this.settled(held) || (await this.exists(opts.tenantId, earlier.jobId))) return earlier;
      if (Date.now() >= deadline) {
        throw new ApiError('conflict', `Idempotency-Key "${key}" is held by a submit whose job is still being created; retry shortly.`);
      }
      await new Promise((r) => setTimeout(r, jitteredBackoffMs(attempt, 20, 400)));
    }
  }

  /** A key claimed longer ago than any creation takes: its job was made (and may since have expired). */
  private settled(held: IdempotencyKeyRecord): boolean {
    return this.now().getTime() - held.createdAt.getTime() > this.creatingWaitMs;
  }

  private async exists(tenantId: string, jobId: string): Promise<boolean> {
    return (await this.store.getForTenant(tenantId, jobId)) !== null;
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
