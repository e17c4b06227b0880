// The workflow store for the all-in-one deployment: three nedb files under <dataDir>/workflow
// (moderation jobs, audit, feedback). Each record is kept whole as a JSON string beside the few fields
// the queries use, so keys nedb refuses (dots, a leading '$', e.g. in audit details) never reach it.
// nedb lives in this process only, so updateModeration is made atomic by running the updates of one
// job one after another.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nedb from '@seald-io/nedb';
import type { AuditRecord, FeedbackRecord, ModerationJob } from '../../domain/review.ts';
import { DuplicateModerationJobError, type AuditListQuery, type WorkflowStore } from './types.ts';

// CommonJS default export, typed as a namespace under NodeNext (see ../embedded.ts).
const Datastore = nedb as unknown as typeof nedb.default;
type Datastore<T> = nedb.default<T>;

interface ModerationDoc {
  _id: string;
  tenantId: string;
  status: ModerationJob['status'];
  createdAt: string;
  inReview: boolean;
  priority: number | null;
  queuedAt: string | null;
  rec: string;
}

/** An audit record or feedback: `at` in UTC ISO form so that it sorts and compares as text. */
interface DatedDoc {
  _id: string;
  tenantId: string;
  at: string;
  moderationJobId: string | null;
  rec: string;
}

const docId = (tenantId: string, id: string) => `${tenantId}:${id}`;

function moderationDoc(job: ModerationJob): ModerationDoc {
  const queued = job.review !== null && job.review.state !== 'done' ? job.review : null;
  return {
    _id: docId(job.tenantId, job.id),
    tenantId: job.tenantId,
    status: job.status,
    createdAt: job.createdAt,
    inReview: queued !== null,
    priority: queued?.priority ?? null,
    queuedAt: queued?.queued_at ?? null,
    rec: JSON.stringify(job),
  };
}

const jobOf = (doc: ModerationDoc) => JSON.parse(doc.rec) as ModerationJob;
const recordOf = <T>(doc: DatedDoc) => JSON.parse(doc.rec) as T;

function datedDoc(record: { id: string; tenant_id: string; at: string }, moderationJobId: string | null): DatedDoc {
  return { _id: docId(record.tenant_id, record.id), tenantId: record.tenant_id, at: new Date(record.at).toISOString(), moderationJobId, rec: JSON.stringify(record) };
}

const isUniqueViolation = (err: unknown) => (err as { errorType?: string }).errorType === 'uniqueViolated';

export class EmbeddedWorkflowStore implements WorkflowStore {
  private stores: { jobs: Datastore<ModerationDoc>; audit: Datastore<DatedDoc>; feedback: Datastore<DatedDoc> } | null = null;
  /** The tail of each job's queue of updates. */
  private readonly updating = new Map<string, Promise<unknown>>();

  constructor(private readonly dir: string) {}

  async init(): Promise<void> {
    if (this.stores) return;
    await mkdir(this.dir, { recursive: true });
    const jobs = new Datastore<ModerationDoc>({ filename: join(this.dir, 'moderation-jobs.db') });
    const audit = new Datastore<DatedDoc>({ filename: join(this.dir, 'audit.db') });
    const feedback = new Datastore<DatedDoc>({ filename: join(this.dir, 'feedback.db') });
    for (const ds of [jobs, audit, feedback] as Datastore<{ tenantId: string }>[]) {
      await ds.loadDatabaseAsync();
      await ds.ensureIndexAsync({ fieldName: 'tenantId' });
    }
    await jobs.ensureIndexAsync({ fieldName: 'status' });
    await jobs.ensureIndexAsync({ fieldName: 'inReview' });
    this.stores = { jobs, audit, feedback };
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.updating.values());
    const stores = this.stores;
    this.stores = null;
    if (!stores) return;
    await stores.jobs.compactDatafileAsync();
    await stores.audit.compactDatafileAsync();
    await stores.feedback.compactDatafileAsync();
  }

  private ready() {
    if (!this.stores) throw new Error('workflow store used before init()');
    return this.stores;
  }

  async createModeration(job: ModerationJob): Promise<void> {
    try {
      await this.ready().jobs.insertAsync(moderationDoc(job));
    } catch (err) {
      if (isUniqueViolation(err)) throw new DuplicateModerationJobError(job.id);
      throw err;
    }
  }

  async getModeration(tenantId: string, id: string): Promise<ModerationJob | null> {
    const doc = await this.ready().jobs.findOneAsync({ _id: docId(tenantId, id) });
    return doc ? jobOf(doc) : null;
  }

  updateModeration(tenantId: string, id: string, change: (job: ModerationJob) => ModerationJob | null): Promise<ModerationJob | null> {
    const key = docId(tenantId, id);
    const run = async (): Promise<ModerationJob | null> => {
      const { jobs } = this.ready();
      const doc = await jobs.findOneAsync({ _id: key });
      if (!doc) return null;
      const next = change(jobOf(doc));
      if (!next) return null;
      const stored = { ...next, id, tenantId };
      await jobs.updateAsync({ _id: key }, moderationDoc(stored), {});
      return stored;
    };
    const result = (this.updating.get(key) ?? Promise.resolve()).then(run);
    const tail = result.catch(() => undefined);
    this.updating.set(key, tail);
    void tail.then(() => {
      if (this.updating.get(key) === tail) this.updating.delete(key);
    });
    return result;
  }

  async listClassifying(limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    const docs = await this.ready().jobs.findAsync({ status: 'classifying' }).sort({ createdAt: 1, _id: 1 }).limit(limit);
    return docs.map(jobOf);
  }

  async listInReview(tenantId: string, limit: number): Promise<ModerationJob[]> {
    if (limit <= 0) return [];
    const docs = await this.ready().jobs.findAsync({ tenantId, inReview: true }).sort({ priority: -1, queuedAt: 1, _id: 1 }).limit(limit);
    return docs.map(jobOf);
  }

  async countInReview(): Promise<Map<string, number>> {
    const docs = await this.ready().jobs.findAsync({ inReview: true }, { tenantId: 1 });
    const counts = new Map<string, number>();
    for (const { tenantId } of docs) counts.set(tenantId, (counts.get(tenantId) ?? 0) + 1);
    return counts;
  }

  async appendAudit(record: AuditRecord): Promise<void> {
    await this.ready().audit.insertAsync(datedDoc(record, record.moderation_job_id));
  }

  async listAudit(tenantId: string, query: AuditListQuery): Promise<AuditRecord[]> {
    if (query.limit <= 0) return [];
    const at: Record<string, string> = {};
    if (query.from !== undefined) at.$gte = new Date(query.from).toISOString();
    if (query.to !== undefined) at.$lte = new Date(query.to).toISOString();
    const filter = {
      tenantId,
      ...(query.moderationJobId !== undefined && { moderationJobId: query.moderationJobId }),
      ...(Object.keys(at).length > 0 && { at }),
    };
    const docs = await this.ready().audit.findAsync(filter).sort({ at: 1, _id: 1 }).limit(query.limit);
    return docs.map((d) => recordOf<AuditRecord>(d));
  }

  async addFeedback(record: FeedbackRecord): Promise<void> {
    await this.ready().feedback.insertAsync(datedDoc(record, record.moderation_job_id));
  }

  async listFeedback(tenantId: string, limit: number): Promise<FeedbackRecord[]> {
    if (limit <= 0) return [];
    const docs = await this.ready().feedback.findAsync({ tenantId }).sort({ at: 1, _id: 1 }).limit(limit);
    return docs.map((d) => recordOf<FeedbackRecord>(d));
  }
}
