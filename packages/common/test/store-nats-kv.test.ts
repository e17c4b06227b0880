// The job store on NATS KV against a real NATS server: the one at NATS_URL (default nats://127.0.0.1:4222) if it
// answers, else a nats-server started here on a free port with a temporary JetStream directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiError, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord, SpeechPart, VisionPart } from '../src/jobs.ts';
import { isRevisionConflict } from '../src/store/records/kv-keys.ts';
import { RecordJobStore } from '../src/store/job-store.ts';
import { decodeId, encodeId } from '../src/store/records/kv-keys.ts';
import { NatsKvRecordStore, type NatsKvRecordStoreOptions } from '../src/store/records/nats-kv.ts';
import { RecordConflictError } from '../src/store/records/types.ts';
import { DuplicateJobError } from '../src/store/types.ts';
import { newJobRecord, opaqueResults } from './fixtures.ts';
import { describeJobStoreContract } from './store-contract.ts';

const NATS_BIN = '/usr/sbin/nats-server';
const HOUR = 3600_000;

let url = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
let server: ChildProcess | null = null;
let serverDir: string | null = null;
/** Admin connection for creating and destroying test buckets. */
let admin: NatsConnection;

async function tryConnect(u: string): Promise<NatsConnection | null> {
  try {
    return await connect({ servers: u, timeout: 1000, reconnect: false });
  } catch {
    return null;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<NatsConnection> {
  serverDir = await mkdtemp(join(tmpdir(), 'modsvc-nats-'));
  const port = await freePort();
  url = `nats://127.0.0.1:${port}`;
  let stderr = '';
  server = spawn(NATS_BIN, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', serverDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  server.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  for (let i = 0; i < 100; i += 1) {
    if (server.exitCode !== null) break;
    const nc = await tryConnect(url);
    if (nc) return nc;
    await sleep(100);
  }
  throw new Error(`nats-server did not start on ${url}: ${stderr}`);
}

beforeAll(async () => {
  admin = (await tryConnect(url)) ?? (await startServer());
}, 20_000);

afterAll(async () => {
  await admin?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (serverDir) await rm(serverDir, { recursive: true, force: true });
});

let bucketSeq = 0;
/** A bucket prefix of its own: the job store's buckets are `<prefix>jobs` and `<prefix>idempotency_keys`. */
function uniqueBucket(): string {
  bucketSeq += 1;
  return `modsvc_test_${process.pid}_${bucketSeq}_${randomBytes(4).toString('hex')}_`;
}

/** A job store on its own connection over the buckets of `bucketPrefix`. */
function jobStore(opts: Omit<NatsKvRecordStoreOptions, 'url'> & { maxAttempts?: number }): RecordJobStore {
  const { maxAttempts, ...records } = opts;
  return new RecordJobStore({ records: new NatsKvRecordStore({ url, ...records }), maxAttempts });
}

async function destroyBuckets(prefix: string): Promise<void> {
  for (const name of ['jobs', 'idempotency_keys']) await destroyBucket(`${prefix}${name}`);
}

async function destroyBucket(bucket: string): Promise<void> {
  const jsm = await jetstreamManager(admin);
  await jsm.streams.delete(`KV_${bucket}`).catch((err: unknown) => {
    if (!(err instanceof JetStreamApiError && err.code === 10059)) throw err; // stream not found
  });
}

function visionPart(score: number): VisionPart {
  return { scores: { firearm: score } as VisionPart['scores'], evidence: {}, models: ['m'], framesAnalysed: 1, ocr: null };
}
const speechPart: SpeechPart = { transcript: 'hi', segments: [], recognizer: 'r', toxicity: null, error: null };

describeJobStoreContract('NATS KV', async () => {
  const bucketPrefix = uniqueBucket();
  let current = jobStore({ bucketPrefix });
  return {
    store: current,
    async reopen() {
      await current.close();
      current = jobStore({ bucketPrefix });
      return current;
    },
    async dispose() {
      await current.close();
      await destroyBuckets(bucketPrefix);
    },
  };
});

describe('job store on NATS KV', () => {
  /** Runs `fn` with stores on the same fresh buckets, each on its own connection, then cleans up. */
  async function withStores(n: number, fn: (...stores: RecordJobStore[]) => Promise<void>, extra: { maxAttempts?: number } = {}) {
    const bucketPrefix = uniqueBucket();
    const stores = Array.from({ length: n }, () => jobStore({ bucketPrefix, ...extra }));
    try {
      for (const s of stores) await s.init();
      await fn(...stores);
    } finally {
      for (const s of stores) await s.close();
      await destroyBuckets(bucketPrefix);
    }
  }

  const streamOf = (s: RecordJobStore) => `KV_${(s.records as NatsKvRecordStore).bucketPrefix}jobs`;

  it('finish from two stores on two connections: exactly one transition per job', async () => {
    await withStores(2, async (a, b) => {
      for (let round = 0; round < 10; round += 1) {
        const job = newJobRecord({ callbackUrl: 'https://hooks.example.com/cb' });
        await a.create(job);
        const calls = [a, b, a, b, a].map((s, i) => s.finish(job.id, { status: 'done', results: opaqueResults({ call: i }) }));
        const outcomes = await Promise.all(calls);
        expect(outcomes.filter(Boolean)).toHaveLength(1);
        const got = await b.get(job.id);
        expect(got).toMatchObject({ status: 'done', results: { call: outcomes.indexOf(true) }, webhook: { state: 'pending' } });
      }
    });
  });

  it('setPart and updateWebhook from two connections keep every write', async () => {
    await withStores(2, async (a, b) => {
      const job = newJobRecord();
      await a.create(job);
      await Promise.all([a.setPart(job.id, 'vision', visionPart(0.3)), b.setPart(job.id, 'speech', speechPart)]);
      expect((await a.get(job.id))?.parts).toEqual({ vision: visionPart(0.3), speech: speechPart });

      const attempts = Array.from({ length: 8 }, (_, i) => ({ attempt: i + 1, at: new Date(i).toISOString(), httpStatus: 500, error: null, durationMs: 1 }));
      const append = (at: (typeof attempts)[number]) => (j: JobRecord) => ({ ...j.webhook, state: 'pending' as const, attempts: [...j.webhook.attempts, at] });
      await Promise.all(attempts.map((at, i) => (i % 2 ? a : b).updateWebhook(job.id, append(at))));
      expect((await b.get(job.id))?.webhook.attempts.map((x) => x.attempt).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    });
  });

  it('create from two connections: one wins, the other gets DuplicateJobError', async () => {
    await withStores(2, async (a, b) => {
      const job = newJobRecord();
      const settled = await Promise.allSettled([a.create({ ...job, tenantId: 'a' }), b.create({ ...job, tenantId: 'b' })]);
      expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
      const rejected = settled.find((s) => s.status === 'rejected');
      expect(rejected?.reason).toBeInstanceOf(DuplicateJobError);
      const winner = settled[0]!.status === 'fulfilled' ? 'a' : 'b';
      expect((await a.get(job.id))?.tenantId).toBe(winner);
    });
  });

  it('gives up with RecordConflictError when the attempts are exhausted', async () => {
    await withStores(
      1,
      async (s) => {
        const job = newJobRecord();
        await s.create(job);
        // All reads go out before any write is answered, so all but one write conflict.
        const settled = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => s.setPart(job.id, 'vision', visionPart(i / 10))));
        const ok = settled.filter((x) => x.status === 'fulfilled');
        const failed = settled.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
        expect(ok.length).toBeGreaterThanOrEqual(1);
        expect(failed.length).toBeGreaterThanOrEqual(1);
        for (const f of failed) expect(f.reason).toBeInstanceOf(RecordConflictError);
      },
      { maxAttempts: 1 },
    );
  });

  it('creates its buckets with history 1 and no max_age (expiry is deleteExpired\'s)', async () => {
    await withStores(1, async (s) => {
      await s.findIdempotencyKey('acme', 'k'); // opens the keys bucket too
      const jsm = await jetstreamManager(admin);
      for (const stream of [streamOf(s), streamOf(s).replace(/jobs$/, 'idempotency_keys')]) {
        const info = await jsm.streams.info(stream);
        expect(info.config.max_msgs_per_subject).toBe(1);
        expect(info.config.max_age).toBe(0);
      }
    });
  });

  it('uses an existing bucket as it is, and refuses one that keeps several values per key', async () => {
    const bucketPrefix = uniqueBucket();
    const kv = await new Kvm(admin).create(`${bucketPrefix}jobs`, { history: 1, ttl: 400 * 24 * HOUR });
    await kv.put('pre-existing', 'x');
    const store = jobStore({ bucketPrefix });
    const several = uniqueBucket();
    await new Kvm(admin).create(`${several}jobs`, { history: 5 });
    const refused = jobStore({ bucketPrefix: several });
    try {
      await store.create(newJobRecord());
      expect((await kv.get('pre-existing'))?.string()).toBe('x');
      await expect(refused.get('x')).rejects.toThrow(/keeps 5 values per key/);
    } finally {
      await store.close();
      await refused.close();
      await destroyBuckets(bucketPrefix);
      await destroyBuckets(several);
    }
  });

  it('stores ids that are not valid KV keys under an encoded key', async () => {
    await withStores(1, async (s) => {
      const ids = ['with space', 'a.b', '.lead', 'ünïcode/ü', '=looks-encoded', 'job_AbC-_09'];
      for (const id of ids) await s.create(newJobRecord({ id }));
      for (const id of ids) expect((await s.get(id))?.id).toBe(id);
      expect((await s.listUnfinished(100)).map((j) => j.id).sort()).toEqual([...ids].sort());
      await expect(s.create(newJobRecord({ id: 'a.b' }))).rejects.toBeInstanceOf(DuplicateJobError);
      expect(await s.get('a')).toBeNull();
    });
    expect(encodeId('job_AbC-_09')).toBe('job_AbC-_09');
    expect(encodeId('a.b')).toMatch(/^=[A-Za-z0-9_-]+$/);
    for (const id of ['a.b', '=x', 'x y', 'job_1']) expect(decodeId(encodeId(id))).toBe(id);
  });

  it('deleteExpired leaves nothing in the stream, and two concurrent sweeps count each record once', async () => {
    await withStores(2, async (a, b) => {
      const now = new Date();
      const expired = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const job = newJobRecord({ expiresAt: new Date(now.getTime() - HOUR) });
          await a.create(job);
          return job;
        }),
      );
      const kept = newJobRecord({ expiresAt: new Date(now.getTime() + HOUR) });
      await a.create(kept);
      await a.finish(expired[0]!.id, { status: 'done', results: opaqueResults({}) });

      const counts = await Promise.all([a.deleteExpired(now), b.deleteExpired(now)]);
      expect(counts[0] + counts[1]).toBe(6);
      for (const j of expired) expect(await b.get(j.id)).toBeNull();
      expect((await b.get(kept.id))?.id).toBe(kept.id);
      // No delete markers left behind: the stream holds exactly the keys there are (the kept job and its index entries).
      const info = await (await jetstreamManager(admin)).streams.info(streamOf(a));
      const keys: string[] = [];
      for await (const k of await (await new Kvm(admin).open(streamOf(a).slice(3))).keys()) keys.push(k);
      expect(keys.filter((k) => k.startsWith('r.'))).toHaveLength(1);
      expect(info.state.messages).toBe(keys.length);
      await a.create(newJobRecord({ id: expired[1]!.id }));
      expect((await b.get(expired[1]!.id))?.status).toBe('queued');
    });
  });

  it('a write racing a sweep does not resurrect the deleted record', async () => {
    await withStores(1, async (s) => {
      const now = new Date();
      const job = newJobRecord({ expiresAt: new Date(now.getTime() - HOUR) });
      await s.create(job);
      const [n, part] = await Promise.all([s.deleteExpired(now), s.setPart(job.id, 'speech', speechPart)]);
      const after = await s.get(job.id);
      // Either the sweep removed it (and the write found it absent or was purged with it),
      // or the write landed first and the sweep skipped the rewritten entry.
      if (n === 1) expect(after).toBeNull();
      else expect(after?.parts.speech).toEqual(speechPart);
      if (part === null) expect(n).toBe(1);
    });
  });

  it('leaves a given connection open on close, and rejects use after close', async () => {
    const bucketPrefix = uniqueBucket();
    const nc = await connect({ servers: url });
    const store = new RecordJobStore({ records: new NatsKvRecordStore({ connection: nc, bucketPrefix }) });
    try {
      await store.create(newJobRecord());
      await store.close();
      expect(nc.isClosed()).toBe(false);
      await expect(store.get('x')).rejects.toThrow(/closed/);
    } finally {
      await destroyBuckets(bucketPrefix);
      await nc.close();
    }
  });

  it('rejects bad options', () => {
    expect(() => new NatsKvRecordStore({})).toThrow(/url or connection/);
    expect(() => new NatsKvRecordStore({ url, bucketPrefix: 'a.b' })).toThrow(/bucket prefix/);
  });

  it('recognises revision conflicts', () => {
    expect(isRevisionConflict(new JetStreamApiError({ code: 400, err_code: 10071, description: 'wrong last sequence: 3' }))).toBe(true);
    expect(isRevisionConflict(new JetStreamApiError({ code: 503, err_code: 10039, description: 'jetstream not enabled' }))).toBe(false);
    expect(isRevisionConflict(new Error('timeout'))).toBe(false);
  });
});
