import path from 'node:path';
import { FsMediaStore } from './fs.ts';
import { NatsObjectMediaStore } from './nats-object.ts';
import type { MediaStore } from './types.ts';

export * from './types.ts';
export { FsMediaStore, type FsMediaStoreOptions } from './fs.ts';
export { NatsObjectMediaStore, type NatsObjectMediaStoreOptions } from './nats-object.ts';
export { assertMediaKey, assertMediaPrefix } from './keys.ts';

export interface CreateMediaStoreOptions {
  /** NATS URL: media go to the JetStream object store when given. */
  natsUrl?: string;
  /** Without NATS, media live under `<dataDir>/media`. */
  dataDir: string;
  /** Retention of objects in the object store (the fs store relies on job clean-up). */
  ttlMs: number;
  /** Object store bucket. Default `media`. */
  bucket?: string;
}

/** Object store with NATS, else files under `<dataDir>/media`. Call init() next. */
export function createMediaStore(opts: CreateMediaStoreOptions): MediaStore {
  if (opts.natsUrl) return new NatsObjectMediaStore({ url: opts.natsUrl, bucket: opts.bucket, ttlMs: opts.ttlMs });
  return new FsMediaStore({ dir: path.join(opts.dataDir, 'media') });
}
