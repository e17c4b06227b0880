// The record-level writes shared by stores that update a whole record under a lock or a revision check
// (embedded, NATS KV): each store supplies get() and an atomic modify(); the change functions come from
// records.ts, so every store applies the same semantics.
import type { JobOutcome, JobParts, JobRecord, JobWebhook, PartName } from '../jobs.ts';
import type { JobPatch } from './types.ts';
import { applyFinish, applyPart, applyPatch, applyWebhook } from './records.ts';

export abstract class ReadModifyWriteJobStore {
  protected readonly now: () => Date;

  protected constructor(now?: () => Date) {
    this.now = now ?? (() => new Date());
  }

  abstract get(id: string): Promise<JobRecord | null>;

  /** Atomically replaces the record with change(record).next (null: leave it); `absent` when there is none. */
  protected abstract modify<T>(id: string, change: (job: JobRecord) => { next: JobRecord | null; result: T }, absent: T): Promise<T>;

  async getForTenant(tenantId: string, id: string): Promise<JobRecord | null> {
    const job = await this.get(id);
    return job && job.tenantId === tenantId ? job : null;
  }

  update(id: string, patch: JobPatch): Promise<JobRecord | null> {
    return this.modify(
      id,
      (job) => {
        const next = applyPatch(job, patch, this.now());
        return { next, result: next };
      },
      null,
    );
  }

  setPart<P extends PartName>(id: string, part: P, value: NonNullable<JobParts[P]>): Promise<JobRecord | null> {
    return this.modify(
      id,
      (job) => {
        const next = applyPart(job, part, value, this.now());
        return { next, result: next };
      },
      null,
    );
  }

  finish(id: string, outcome: JobOutcome): Promise<boolean> {
    return this.modify(
      id,
      (job) => {
        const next = applyFinish(job, outcome, this.now());
        return { next, result: next !== null };
      },
      false,
    );
  }

  updateWebhook(id: string, change: (job: JobRecord) => JobWebhook | null): Promise<JobRecord | null> {
    return this.modify(
      id,
      (job) => {
        const webhook = change(job);
        const next = webhook ? applyWebhook(job, webhook, this.now()) : null;
        return { next, result: next };
      },
      null,
    );
  }
}
