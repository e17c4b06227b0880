// Job store construction. Which store is chosen is configuration (JOB_STORE, resolved in config.ts:
// MongoDB when MONGODB_URL is set, else NATS JetStream KV when NATS_URL is set, else the embedded file
// store); the job store is the same code on each, over the record store of that kind (records/).
import type { JobStoreKind } from '../config.ts';
import { RecordJobStore } from './job-store.ts';
import { EmbeddedRecordStore, type EmbeddedRecordStoreOptions } from './records/embedded.ts';
import { createRecordStore, type RecordStore } from './records/index.ts';

export { DuplicateJobError, type JobPatch, type JobStore } from './types.ts';
export { RecordJobStore, type RecordJobStoreOptions } from './job-store.ts';
export { RecordConflictError } from './records/types.ts';

export interface CreateJobStoreOptions {
  kind: JobStoreKind;
  /** MongoDB connection string (kind mongodb). */
  mongodbUrl?: string | null;
  /** MongoDB database name (default: the URL's, else 'modsvc'). */
  mongodbDbName?: string;
  /** NATS server with JetStream (kind nats-kv). */
  natsUrl?: string | null;
  /** Data directory; the embedded store lives in `<dataDir>/store`. */
  dataDir: string;
  /** A record store shared with the deployment's other stores (its owner closes it); default: one of its own. */
  records?: RecordStore;
}

/** Builds (does not init) the job store of the given kind. */
export function createJobStore(opts: CreateJobStoreOptions): RecordJobStore {
  return new RecordJobStore({ records: opts.records ?? createRecordStore(opts), shared: opts.records !== undefined });
}

/** The job store in files in `dir` (tests and tools; deployments use createJobStore). */
export function embeddedJobStore(opts: EmbeddedRecordStoreOptions): RecordJobStore {
  return new RecordJobStore({ records: new EmbeddedRecordStore(opts), now: opts.now });
}
