// The workflow store in NATS JetStream KV, for separate processes without MongoDB. One bucket,
// `workflow`; <t> is the hex-encoded tenant (tenantKeyPrefix), times in keys are UTC ISO without
// separators (20261124T062131123Z), so keys sort by time:
//   <t>.m.<id>                         a moderation job, changed with kv.update(key, value, revision)
//   <t>.q.<id>                         present while the job's review.state is queued or claimed
//   c.<createdAt>.<t>.<id>             present while the job is classifying (all tenants, oldest first)
//   <t>.a.<at>.<id>.<moderation job>   an audit record ('_' when it names no moderation job), so a
//                                      key filter finds one job's trail without reading the others
//   <t>.f.<at>.<id>                    feedback
// The index keys (q, c) are written apart from the job, so they may briefly disagree with it; readers
// trust the job. A key the job starts to need is put before the job is written (a crash leaves an
// extra key, which readers skip and remove, never a missing one) and again after it (a concurrent
// removal may have landed between); a key it stops needing is purged after the write and put back
// if a later write needs it again.
import { setTimeout as sleep } from 'node:timers/promises';
import { jitteredBackoffMs } from '../../backoff.ts';
import type { KV } from '@nats-io/kv';
import type { AuditRecord, FeedbackRecord, ModerationJob } from '../../domain/review.ts';
import { KvBackedStore, tenantKeyPrefix } from '../kv-bucket.ts';
import { isRevisionConflict } from '../nats-kv.ts';
import { DuplicateModerationJobError, type AuditListQuery, type WorkflowStore } from './types.ts';

const BUCKET = 'workflow';
const UPDATE_ATTEMPTS = 50;
const READ_CONCURRENCY = 16;
const NO_MODERATION_JOB = '_';

const isSafeId = (id: string) => /^[A-Za-z0-9_-]+$/.test(id);
function safeId(id: string): string {
  if (!isSafeId(id)) throw new Error(`not a storable id: ${id}`);
  return id;
}
/** An ISO time as a key token that sorts as the time does; throws on a time that is not one. */
const keyTime = (iso: string) => new Date(iso).toISOString().replace(/[-:.]/g, '');

const jobKey = (t: string, id: string) => `${tenantKeyPrefix(t)}.m.${safeId(id)}`;
const queueKey = (t: string, id: string) => `${tenantKeyPrefix(t)}.q.${id}`;
const classifyingKey = (job: ModerationJob) => `c.${keyTime(job.createdAt)}.${tenantKeyPrefix(job.tenantId)}.${job.id}`;
const auditKey = (r: AuditRecord) => `${tenantKeyPrefix(r.tenant_id)}.a.${keyTime(r.at)}.${safeId(r.id)}.${r.moderation_job_id === null ? NO_MODERATION_JOB : safeId(r.moderation_job_id)}`;
const feedbackKey = (r: FeedbackRecord) => `${tenantKeyPrefix(r.tenant_id)}.f.${keyTime(r.at)}.${safeId(r.id)}`;

/** The index keys the job should have. */
function indexKeys(job: ModerationJob): string[] {
  const keys: string[] = [];
  if (job.review && job.review.state !== 'done') keys.push(queueKey(job.tenantId, job.id));
  if (job.status === 'classifying') keys.push(classifyingKey(job));
  return keys;
}

function tenantOfKey(key: string): string {
  return Buffer.from(key.slice(1, key.indexOf('.')), 'hex').toString('utf8');
}

export class NatsKvWorkflowStore extends KvBackedStore implements WorkflowStore {
  constructor(url: string) {
    super(url, BUCKET, 'modsvc-workflow');
  }

  private async keys(kv: KV, filter: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const key of await kv.keys(filter)) keys.push(key);
    return keys.sort();
  }

  /** The values under `keys` (null where one is gone), in order. */
  private async values(kv: KV, keys: string[]): Promise<(string | null)[]> {
    const out: (string | null)[] = [];
    for (let i = 0; i < keys.length; i += READ_CONCURRENCY) {
      const entries = await Promise.all(keys.slice(i, i + READ_CONCURRENCY).map((k) => kv.get(k)));
      for (const e of entries) out.push(e && e.operation === 'PUT' ? e.string() : null);
    }
    return out;
  }

  private async readJob(kv: KV, key: string): Promise<{ job: ModerationJob; revision: number } | null> {
    const e = await kv.get(key);
    return e && e.operation === 'PUT' ? { job: JSON.parse(e.string()) as ModerationJob, revision: e.revision } : null;
  }

  private async putIndexKeys(kv: KV, keys: string[]): Promise<void> {
    await Promise.all(keys.map((k) => kv.put(k, '')));
  }

  /** Removes an index key the job no longer needs, putting it back if a concurrent write needs it again. */
  private async dropIndexKey(kv: KV, indexKey: string, key: string): Promise<void> {
    await kv.purge(indexKey);
    const current = await this.readJob(kv, key);
    if (current && indexKeys(current.job).includes(indexKey)) await kv.put(indexKey, '');
  }

  async createModeration(job: ModerationJob): Promise<void> {
    const kv = await this.kv();
    const key = jobKey(job.tenantId, job.id);
    const index = indexKeys(job);
    await this.putIndexKeys(kv, index);
    try {
      await kv.create(key, JSON.stringify(job));
    } catch (err) {
      if (!isRevisionConflict(err)) throw err;
      for (const k of index) await this.dropIndexKey(kv, k, key);
      throw new DuplicateModerationJobError(job.id);
    }
    await this.putIndexKeys(kv, index);
  }

  async getModeration(tenantId: string, id: string): Promise<ModerationJob | null> {
    if (!isSafeId(id)) return null;
    return (await this.readJob(await this.kv(), jobKey(tenantId, id)))?.job ?? null;
  }

  async updateModeration(tenantId: string, id: string, change: (job: ModerationJob) => ModerationJob | null): Promise<ModerationJob | null> {
    if (!isSafeId(id)) return null;
    const kv = await this.kv();
    const key = jobKey(tenantId, id);
    for (let attempt = 1; ; attempt++) {
      const current = await this.readJob(kv, key);
      if (!current) return null;
      const changed = change(current.job);
      if (!changed) return null;
      const next = { ...changed, id, tenantId };
      const before = indexKeys(current.job);
      const after = indexKeys(next);
      const entering = after.filter((k) => !before.includes(k));
      await this.putIndexKeys(kv, entering);
      try {
        await kv.update(key, JSON.stringify(next), current.revision);
      } catch (err) {
        if (!isRevisionConflict(err)) throw err;
        if (attempt >= UPDATE_ATTEMPTS) throw new Error(`moderation job ${id}: still conflicting after ${attempt} attempts`, { cause: err });
        await sleep(jitteredBackoffMs(attempt, 1, 64));
        continue;
      }
      await this.putIndexKeys(kv, entering);
      for (const k of before.filter((k) => !after.includes(k))) await this.dropIndexKey(kv, k, key);
      return next;
    }
  }

  async listClassifying(limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    const kv = await this.kv();
    const index = await this.keys(kv, 'c.>');
    const out: ModerationJob[] = [];
    // Keys sort oldest first: read a batch at a time until `limit` live jobs are found.
    for (let i = 0; i < index.length && out.length < limit; i += READ_CONCURRENCY) {
      const batch = index.slice(i, i + READ_CONCURRENCY);
      const jobKeys = batch.map((k) => {
        const [, , tenantPart, id] = k.split('.');
        return `${tenantPart}.m.${id}`;
      });
      const found = await Promise.all(jobKeys.map((k) => this.readJob(kv, k)));
      for (let j = 0; j < batch.length; j++) {
        const job = found[j]?.job;
        if (job && indexKeys(job).includes(batch[j]!)) {
          if (out.length < limit) out.push(job);
        } else await this.dropIndexKey(kv, batch[j]!, jobKeys[j]!);
      }
    }
    return out;
  }

  async listInReview(tenantId: string, limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    const kv = await this.kv();
    const index = await this.keys(kv, `${tenantKeyPrefix(tenantId)}.q.*`);
    const jobKeys = index.map((k) => jobKey(tenantId, k.slice(k.lastIndexOf('.') + 1)));
    const values = await this.values(kv, jobKeys);
    const jobs: ModerationJob[] = [];
    for (let i = 0; i < index.length; i++) {
      const job = values[i] ? (JSON.parse(values[i]!) as ModerationJob) : null;
      if (job && indexKeys(job).includes(index[i]!)) jobs.push(job);
      else await this.dropIndexKey(kv, index[i]!, jobKeys[i]!);
    }
    return jobs.sort(reviewOrder).slice(0, limit);
  }

  async countInReview(): Promise<Map<string, number>> {
    // Counted from the index alone: a key left by a crash counts until a listInReview removes it.
    const counts = new Map<string, number>();
    for (const key of await this.keys(await this.kv(), '*.q.*')) {
      const tenantId = tenantOfKey(key);
      counts.set(tenantId, (counts.get(tenantId) ?? 0) + 1);
    }
    return counts;
  }

  async appendAudit(record: AuditRecord): Promise<void> {
    await (await this.kv()).create(auditKey(record), JSON.stringify(record));
  }

  async listAudit(tenantId: string, query: AuditListQuery): Promise<AuditRecord[]> {
    if (query.limit <= 0) return [];
    const { moderationJobId } = query;
    if (moderationJobId !== undefined && !isSafeId(moderationJobId)) return [];
    const kv = await this.kv();
    const filter = `${tenantKeyPrefix(tenantId)}.a.${moderationJobId === undefined ? '>' : `*.*.${moderationJobId}`}`;
    const from = query.from === undefined ? null : keyTime(query.from);
    const to = query.to === undefined ? null : keyTime(query.to);
    const keys = (await this.keys(kv, filter)).filter((k) => {
      const at = k.split('.')[2]!;
      return (from === null || at >= from) && (to === null || at <= to);
    });
    const out: AuditRecord[] = [];
    for (let i = 0; i < keys.length && out.length < query.limit; i += READ_CONCURRENCY) {
      for (const value of await this.values(kv, keys.slice(i, i + READ_CONCURRENCY))) {
        if (value === null) continue;
        const record = JSON.parse(value) as AuditRecord;
        // '_' in the key stands for "none"; the record itself says which job it names.
        if (moderationJobId !== undefined && record.moderation_job_id !== moderationJobId) continue;
        if (out.length < query.limit) out.push(record);
      }
    }
    return out;
  }

  async addFeedback(record: FeedbackRecord): Promise<void> {
    await (await this.kv()).create(feedbackKey(record), JSON.stringify(record));
  }

  async listFeedback(tenantId: string, limit: number): Promise<FeedbackRecord[]> {
    if (limit <= 0) return [];
    const kv = await this.kv();
    const keys = (await this.keys(kv, `${tenantKeyPrefix(tenantId)}.f.*.*`)).slice(0, limit);
    return (await this.values(kv, keys)).filter((v): v is string => v !== null).map((v) => JSON.parse(v) as FeedbackRecord);
  }
}

/** Highest priority first, then oldest queued first (then id, so the order is total). */
function reviewOrder(a: ModerationJob, b: ModerationJob): number {
  const ra = a.review!;
  const rb = b.review!;
  if (ra.priority !== rb.priority) return rb.priority - ra.priority;
  if (ra.queued_at !== rb.queued_at) return ra.queued_at < rb.queued_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
