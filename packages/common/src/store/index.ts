// Job store selection: MongoDB when a URL is configured (production); else NATS JetStream KV when the
// services share a NATS server (separate processes, no MongoDB); else the embedded file store
// (all-in-one, one process).
import { join } from 'node:path';
import { EmbeddedJobStore } from './embedded.ts';
import { MongoJobStore } from './mongo.ts';
import { NatsKvJobStore } from './nats-kv.ts';
import type { JobStore } from './types.ts';

export { DuplicateJobError, type JobPatch, type JobStore } from './types.ts';
export { EmbeddedJobStore, type EmbeddedJobStoreOptions } from './embedded.ts';
export { MongoJobStore, type MongoJobStoreOptions } from './mongo.ts';
export { NatsKvJobStore, type NatsKvJobStoreOptions } from './nats-kv.ts';

export interface CreateJobStoreOptions {
  /** MongoDB connection string; when empty or absent another store is used. */
  mongodbUrl?: string | null;
  /** MongoDB database name (default: the URL's, else 'modsvc'). */
  mongodbDbName?: string;
  /** NATS server with JetStream; used for the KV store when there is no MongoDB. */
  natsUrl?: string | null;
  /** Data directory; the embedded store lives in `<dataDir>/store`. */
  dataDir: string;
}

export type JobStoreKind = 'mongodb' | 'nats-kv' | 'embedded';

export function jobStoreKind(opts: CreateJobStoreOptions): JobStoreKind {
  if (opts.mongodbUrl) return 'mongodb';
  if (opts.natsUrl) return 'nats-kv';
  return 'embedded';
}

/** Builds (does not init) the configured job store. */
export function createJobStore(opts: CreateJobStoreOptions): JobStore {
  switch (jobStoreKind(opts)) {
    case 'mongodb':
      return new MongoJobStore({ url: opts.mongodbUrl!, dbName: opts.mongodbDbName });
    case 'nats-kv':
      return new NatsKvJobStore({ url: opts.natsUrl! });
    default:
      return new EmbeddedJobStore({ dir: join(opts.dataDir, 'store') });
  }
}
