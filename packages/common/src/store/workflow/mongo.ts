// The workflow store in MongoDB (production). Collections: moderation_jobs (the job's fields, _id
// `<tenant>:<id>` and a `version` that every update checks and bumps), audit (insert only) and feedback.
// Audit and feedback keep `at_key`, the time in UTC ISO form, so that ranges and order hold whatever
// offset a record's `at` was written with.
import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import { mongoDatabaseName } from '../mongo.ts';
import type { AuditRecord, FeedbackRecord, ModerationJob } from '../../domain/review.ts';
import { DuplicateModerationJobError, type AuditListQuery, type WorkflowStore } from './types.ts';

const DUPLICATE_KEY = 11000;
const IN_REVIEW = ['queued', 'claimed'];

type ModerationDoc = ModerationJob & { _id: string; version: number };
type AuditDoc = AuditRecord & { _id: string; at_key: string };
type FeedbackDoc = FeedbackRecord & { _id: string; at_key: string };

const docId = (tenantId: string, id: string) => `${tenantId}:${id}`;
const utc = (iso: string) => new Date(iso).toISOString();

function jobOf({ _id: _, version: _v, ...job }: ModerationDoc): ModerationJob {
  return job;
}

function recordOf<T>({ _id: _, at_key: _k, ...record }: T & { _id: string; at_key: string }): T {
  return record as T;
}

export class MongoWorkflowStore implements WorkflowStore {
  private readonly client: MongoClient;
  private initialized: Promise<void> | null = null;

  private readonly dbName: string;

  constructor(url: string, dbName?: string) {
    this.client = new MongoClient(url, { appName: 'modsvc-workflow', ignoreUndefined: true });
    this.dbName = mongoDatabaseName(url, dbName);
  }

  private get jobs(): Collection<ModerationDoc> {
    return this.client.db(this.dbName).collection<ModerationDoc>('moderation_jobs');
  }

  private get audit(): Collection<AuditDoc> {
    return this.client.db(this.dbName).collection<AuditDoc>('audit');
  }

  private get feedback(): Collection<FeedbackDoc> {
    return this.client.db(this.dbName).collection<FeedbackDoc>('feedback');
  }

  init(): Promise<void> {
    this.initialized ??= (async () => {
      await this.client.connect();
      await this.jobs.createIndexes([
        { key: { status: 1, createdAt: 1 }, name: 'status_createdAt' },
        { key: { tenantId: 1, 'review.state': 1, 'review.priority': -1, 'review.queued_at': 1 }, name: 'tenant_review_queue' },
      ]);
      await this.audit.createIndexes([
        { key: { tenant_id: 1, at_key: 1 }, name: 'tenant_at' },
        { key: { tenant_id: 1, moderation_job_id: 1, at_key: 1 }, name: 'tenant_moderation_job_at' },
      ]);
      await this.feedback.createIndexes([{ key: { tenant_id: 1, at_key: 1 }, name: 'tenant_at' }]);
    })();
    this.initialized.catch(() => (this.initialized = null));
    return this.initialized;
  }

  async close(): Promise<void> {
    this.initialized = null;
    await this.client.close();
  }

  async createModeration(job: ModerationJob): Promise<void> {
    try {
      await this.jobs.insertOne({ ...job, _id: docId(job.tenantId, job.id), version: 1 });
    } catch (err) {
      if (err instanceof MongoServerError && err.code === DUPLICATE_KEY) throw new DuplicateModerationJobError(job.id);
      throw err;
    }
  }

  async getModeration(tenantId: string, id: string): Promise<ModerationJob | null> {
    const doc = await this.jobs.findOne({ _id: docId(tenantId, id) });
    return doc ? jobOf(doc) : null;
  }

  async updateModeration(tenantId: string, id: string, change: (job: ModerationJob) => ModerationJob | null): Promise<ModerationJob | null> {
    const _id = docId(tenantId, id);
    for (;;) {
      const doc = await this.jobs.findOne({ _id });
      if (!doc) return null;
      const changed = change(jobOf(doc));
      if (!changed) return null;
      const next = { ...changed, id, tenantId };
      const { matchedCount } = await this.jobs.replaceOne({ _id, version: doc.version }, { ...next, version: doc.version + 1 });
      if (matchedCount === 1) return next;
      // Another write bumped the version since the read: apply the change to the fresh record.
    }
  }

  async listClassifying(limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    const docs = await this.jobs.find({ status: 'classifying' }).sort({ createdAt: 1, _id: 1 }).limit(limit).toArray();
    return docs.map(jobOf);
  }

  async listInReview(tenantId: string, limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    const docs = await this.jobs
      .find({ tenantId, 'review.state': { $in: IN_REVIEW } })
      .sort({ 'review.priority': -1, 'review.queued_at': 1, _id: 1 })
      .limit(limit)
      .toArray();
    return docs.map(jobOf);
  }

  async countInReview(): Promise<Map<string, number>> {
    const groups = await this.jobs
      .aggregate<{ _id: string; n: number }>([{ $match: { 'review.state': { $in: IN_REVIEW } } }, { $group: { _id: '$tenantId', n: { $sum: 1 } } }])
      .toArray();
    return new Map(groups.map((g) => [g._id, g.n]));
  }

  async appendAudit(record: AuditRecord): Promise<void> {
    await this.audit.insertOne({ ...record, _id: docId(record.tenant_id, record.id), at_key: utc(record.at) });
  }

  async listAudit(tenantId: string, query: AuditListQuery): Promise<AuditRecord[]> {
    if (query.limit <= 0) return [];
    const at: { $gte?: string; $lte?: string } = {};
    if (query.from !== undefined) at.$gte = utc(query.from);
    if (query.to !== undefined) at.$lte = utc(query.to);
    const docs = await this.audit
      .find({
        tenant_id: tenantId,
        ...(query.moderationJobId !== undefined && { moderation_job_id: query.moderationJobId }),
        ...(Object.keys(at).length > 0 && { at_key: at }),
      })
      .sort({ at_key: 1, _id: 1 })
      .limit(query.limit)
      .toArray();
    return docs.map((d) => recordOf<AuditRecord>(d));
  }

  async addFeedback(record: FeedbackRecord): Promise<void> {
    await this.feedback.insertOne({ ...record, _id: docId(record.tenant_id, record.id), at_key: utc(record.at) });
  }

  async listFeedback(tenantId: string, limit: number): Promise<FeedbackRecord[]> {
    if (limit <= 0) return [];
    const docs = await this.feedback.find({ tenant_id: tenantId }).sort({ at_key: 1, _id: 1 }).limit(limit).toArray();
    return docs.map((d) => recordOf<FeedbackRecord>(d));
  }
}
