// Media in a JetStream object store (bucket `media`, file storage) whose stream max_age is the retention
// limit: objects disappear after ttlMs even if nobody deletes them (a crashed pipeline cannot leak media).
import { createWriteStream } from 'node:fs';
import fsp from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import { Objm, StorageType, type ObjectInfo, type ObjectStore } from '@nats-io/obj';
import { drainOrClose } from '../bus/jetstream.ts';
import { assertMediaKey, assertMediaPrefix } from './keys.ts';
import { MediaNotFoundError, mediaKeys, type MediaStore } from './types.ts';

/** renewJobs looks up at most this many jobs' objects by key; more are found by listing the bucket. */
const LOOKUP_JOBS_MAX = 16;
/** Frames of one job, at most (a 180 s video at 1 fps has 180; this is a guard, not a limit). */
const MAX_FRAMES = 100_000;

export interface NatsObjectMediaStoreOptions {
  /** NATS URL; either this or `connection`. */
  url?: string;
  /** An existing connection (not closed by close()). */
  connection?: NatsConnection;
  /** Bucket name. Default `media`. */
  bucket?: string;
  /** Retention: objects expire this long after they were written. Default 24 h. */
  ttlMs?: number;
}

export class NatsObjectMediaStore implements MediaStore {
  readonly bucket: string;
  readonly ttlMs: number;
  private readonly opts: NatsObjectMediaStoreOptions;
  private nc?: NatsConnection;
  private owned = false;
  private os?: ObjectStore;

  constructor(opts: NatsObjectMediaStoreOptions) {
    if (!opts.url && !opts.connection) throw new TypeError('NatsObjectMediaStore needs url or connection');
    this.opts = opts;
    this.bucket = opts.bucket ?? 'media';
    this.ttlMs = opts.ttlMs ?? 24 * 3600_000;
  }

  async init(): Promise<void> {
    if (this.os) return;
    if (this.opts.connection) {
      this.nc = this.opts.connection;
    } else {
      this.nc = await connect({
        servers: this.opts.url,
        name: 'modsvc-media',
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
      });
      this.owned = true;
    }
    const ttl = nanos(this.ttlMs);
    this.os = await new Objm(this.nc).create(this.bucket, { storage: StorageType.File, ttl });
    // An existing bucket keeps its settings on create(): bring its retention in line with the configuration.
    const jsm = await jetstreamManager(this.nc);
    const stream = `OBJ_${this.bucket}`;
    const info = await jsm.streams.info(stream);
    if (info.config.max_age !== ttl) await jsm.streams.update(stream, { max_age: ttl });
  }

  private store(): ObjectStore {
    if (!this.os) throw new Error('NatsObjectMediaStore.init() was not called');
    return this.os;
  }

  async close(): Promise<void> {
    const nc = this.nc;
    this.os = undefined;
    this.nc = undefined;
    if (nc && this.owned && !nc.isClosed()) await drainOrClose(nc);
    this.owned = false;
  }

  async put(key: string, data: Buffer | Readable): Promise<{ size: number }> {
    assertMediaKey(key);
    const os = this.store();
    if (Buffer.isBuffer(data)) {
      const info = await os.putBlob({ name: key }, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      return { size: info.size };
    }
    const web = Readable.toWeb(data) as WebReadableStream<Uint8Array>;
    const info = await os.put({ name: key }, web as unknown as ReadableStream<Uint8Array>);
    return { size: info.size };
  }

  async get(key: string): Promise<Buffer> {
    assertMediaKey(key);
    const bytes = await this.store().getBlob(key);
    if (!bytes) throw new MediaNotFoundError(key);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async toFile(key: string, dest: string): Promise<void> {
    assertMediaKey(key);
    const r = await this.store().get(key);
    if (!r) throw new MediaNotFoundError(key);
    const tmp = `${dest}.${randomBytes(6).toString('hex')}.part`;
    try {
      await pipeline(Readable.fromWeb(r.data as unknown as WebReadableStream<Uint8Array>), createWriteStream(tmp));
      const err = await r.error;
      if (err) throw err;
      await fsp.rename(tmp, dest);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async has(key: string): Promise<boolean> {
    assertMediaKey(key);
    const info = await this.store().info(key);
    return !!info && !info.deleted;
  }

  async deletePrefix(prefix: string): Promise<number> {
    assertMediaPrefix(prefix);
    const os = this.store();
    let deleted = 0;
    for (const info of await os.list()) {
      if (info.deleted || !info.name.startsWith(prefix)) continue;
      await os.delete(info.name);
      deleted++;
    }
    return deleted;
  }

  /**
   * An object's age is that of its messages in the bucket's stream (max_age): renewing writes it again
   * (same name and bytes, new messages; the old ones are purged), for each object older than `minAgeMs`.
   * A few jobs are looked up by the keys media have (mediaKeys: source, audio, frames numbered from 1);
   * many at once by one listing of the bucket.
   */
  async renewJobs(jobIds: readonly string[], minAgeMs: number): Promise<number> {
    const ids = [...new Set(jobIds)];
    if (!ids.length) return 0;
    const os = this.store();
    const now = Date.now();
    const renew = async (info: ObjectInfo | null): Promise<number> => {
      if (!info || info.deleted || now - Date.parse(info.mtime) < minAgeMs) return 0;
      const bytes = await os.getBlob(info.name);
      if (!bytes) return 0; // expired or deleted meanwhile: nothing left to keep
      await os.putBlob({ name: info.name }, bytes);
      return 1;
    };
    let renewed = 0;
    if (ids.length > LOOKUP_JOBS_MAX) {
      const prefixes = ids.map((id) => mediaKeys.jobPrefix(id));
      for (const info of await os.list()) if (prefixes.some((p) => info.name.startsWith(p))) renewed += await renew(info);
      return renewed;
    }
    for (const id of ids) {
      for (const key of [mediaKeys.source(id), mediaKeys.audio(id)]) renewed += await renew(await os.info(key));
      for (let i = 1; i <= MAX_FRAMES; i++) {
        const info = await os.info(mediaKeys.frame(id, i));
        if (!info || info.deleted) break;
        renewed += await renew(info);
      }
    }
    return renewed;
  }

  /** Objects expire after ttlMs in the bucket itself (max_age). */
  async deleteJobsOlderThan(): Promise<number> {
    return 0;
  }
}
