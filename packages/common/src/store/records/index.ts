// The record store of a deployment, of the kind configured (JOB_STORE: MongoDB when MONGODB_URL is
// set, else NATS JetStream KV when NATS_URL is set, else embedded files under <dataDir>/store).
import { join } from 'node:path';
import { EmbeddedRecordStore } from './embedded.ts';
import { MongoRecordStore } from './mongo.ts';
import { NatsKvRecordStore } from './nats-kv.ts';
import type { RecordStore, RecordStoreKind } from './types.ts';

export type * from './types.ts';
export { RecordConflictError } from './types.ts';
export { CONFLICT, createOrGet, retryOnConflict, updateRecord, type UpdateOptions } from './update.ts';
export { descNumberKey, minuteKey, numberKey, timeKey } from './sort-keys.ts';
export { jsonDateCodec } from './codec.ts';
export { EmbeddedRecordStore, type EmbeddedRecordStoreOptions } from './embedded.ts';
export { NatsKvRecordStore, type NatsKvRecordStoreOptions } from './nats-kv.ts';
export { MongoRecordStore, type MongoRecordStoreOptions } from './mongo.ts';

export interface CreateRecordStoreOptions {
  kind: RecordStoreKind;
  /** Data directory; the embedded store lives in `<dataDir>/store`. */
  dataDir: string;
  /** NATS server with JetStream (kind nats-kv). */
  natsUrl?: string | null;
  /** MongoDB connection string (kind mongodb). */
  mongodbUrl?: string | null;
  /** MongoDB database name (default: the URL's, else 'modsvc'). */
  mongodbDbName?: string;
}

/** Builds (does not connect or open) the record store of the given kind. */
export function createRecordStore(opts: CreateRecordStoreOptions): RecordStore {
  switch (opts.kind) {
    case 'mongodb':
      if (!opts.mongodbUrl) throw new Error('the mongodb store needs MONGODB_URL');
      return new MongoRecordStore({ url: opts.mongodbUrl, dbName: opts.mongodbDbName });
    case 'nats-kv':
      if (!opts.natsUrl) throw new Error('the nats-kv store needs NATS_URL');
      return new NatsKvRecordStore({ url: opts.natsUrl });
    case 'embedded':
      return new EmbeddedRecordStore({ dir: join(opts.dataDir, 'store') });
  }
}
