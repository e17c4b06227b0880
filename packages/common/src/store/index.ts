// Job store construction. Which store is chosen is configuration (JOB_STORE, resolved in config.ts:
// MongoDB when MONGODB_URL is set, else NATS JetStream KV when NATS_URL is set, else the embedded file
// store); this file only builds the one asked for.
import { join } from 'node:path';
import { EmbeddedJobStore } from './embedded.ts';
import { MongoJobStore } from './mongo.ts';
import { NatsKvJobStore } from './nats-kv.ts';
import type { JobStore } from './types.ts';
import type { JobStoreKind } from '../config.ts';

export { DuplicateJobError, type JobPatch, type JobStore } from './types.ts';
export { EmbeddedJobStore, type EmbeddedJobStoreOptions } from './embedded.ts';
export { MongoJobStore, type MongoJobStoreOptions } from './mongo.ts';
export { NatsKvJobStore, type NatsKvJobStoreOptions } from './nats-kv.ts';

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
}

/** Builds (does not init) the job store of the given kind. */
export function createJobStore(opts: CreateJobStoreOptions): JobStore {
  switch (opts.kind) {
    case 'mongodb':
      if (!opts.mongodbUrl) throw new Error('the mongodb job store needs MONGODB_URL');
      return new MongoJobStore({ url: opts.mongodbUrl, dbName: opts.mongodbDbName });
    case 'nats-kv':
      if (!opts.natsUrl) throw new Error('the nats-kv job store needs NATS_URL');
      return new NatsKvJobStore({ url: opts.natsUrl });
    case 'embedded':
      return new EmbeddedJobStore({ dir: join(opts.dataDir, 'store') });
  }
}
