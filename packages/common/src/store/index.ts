// Job store selection: MongoDB when a URL is configured, else the embedded file store.
import { join } from 'node:path';
import { EmbeddedJobStore } from './embedded.ts';
import { MongoJobStore } from './mongo.ts';
import type { JobStore } from './types.ts';

export { DuplicateJobError, type JobPatch, type JobStore } from './types.ts';
export { EmbeddedJobStore, type EmbeddedJobStoreOptions } from './embedded.ts';
export { MongoJobStore, type MongoJobStoreOptions } from './mongo.ts';

export interface CreateJobStoreOptions {
  /** MongoDB connection string; when empty or absent the embedded store is used. */
  mongodbUrl?: string | null;
  /** MongoDB database name (default: the URL's, else 'modsvc'). */
  mongodbDbName?: string;
  /** Data directory; the embedded store lives in `<dataDir>/store`. */
  dataDir: string;
}

/** Builds (does not init) the configured job store. */
export function createJobStore(opts: CreateJobStoreOptions): JobStore {
  if (opts.mongodbUrl) return new MongoJobStore({ url: opts.mongodbUrl, dbName: opts.mongodbDbName });
  return new EmbeddedJobStore({ dir: join(opts.dataDir, 'store') });
}
