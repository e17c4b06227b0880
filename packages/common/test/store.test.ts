import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedJobStore, repairTornTail } from '../src/store/embedded.ts';
import { createJobStore } from '../src/store/index.ts';
import {
  JOB_INDEXES,
  MongoJobStore,
  dbNameFromUrl,
  mongoDatabaseName,
  expiredFilter,
  finishUpdates,
  fromJobDoc,
  patchUpdate,
  setPartUpdate,
  toJobDoc,
  webhookSwap,
} from '../src/store/mongo.ts';
import { decodeRecord, encodeRecord } from '../src/store/records.ts';
import { IDEMPOTENCY_KEYS_COLLECTION, IDEMPOTENCY_KEY_INDEXES } from '../src/store/idempotency-mongo.ts';
import { DuplicateJobError } from '../src/store/types.ts';
import { MongoBankStore } from '../src/store/banks/mongo.ts';
import { MongoPolicyStore } from '../src/store/policies/mongo.ts';
import { MongoWorkflowStore } from '../src/store/workflow/mongo.ts';
import { newJobRecord, opaqueResults } from './fixtures.ts';
import { describeJobStoreContract } from './store-contract.ts';
import { NedbJobCollection } from './store-nedb-collection.ts';
import { NedbIdempotencyKeyCollection } from './store-nedb-key-collection.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'modsvc-store-'));
}

// ---- the contract on each implementation ------------------------------------------------------

describeJobStoreContract('EmbeddedJobStore', async () => {
  const dir = await tempDir();
  let current = new EmbeddedJobStore({ dir });
  return {
    store: current,
    async reopen() {
      await current.close();
      current = new EmbeddedJobStore({ dir });
      return current;
    },
    async dispose() {
      await current.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describeJobStoreContract('MongoJobStore logic over a nedb-backed collection (no server)', async () => {
  const collection = new NedbJobCollection();
  const idempotencyKeys = new NedbIdempotencyKeyCollection();
  let current = new MongoJobStore({ collection, idempotencyKeys });
  return {
    store: current,
    async reopen() {
      await current.close();
      current = new MongoJobStore({ collection, idempotencyKeys });
      return current;
    },
    async dispose() {
      await current.close();
    },
  };
});

const MONGODB_URL = process.env.MONGODB_URL;

describe.skipIf(!MONGODB_URL)('MongoJobStore on a MongoDB server (MONGODB_URL)', () => {
  const url = MONGODB_URL ?? '';
  describeJobStoreContract('MongoJobStore', async () => {
    const dbName = `modsvc_test_${process.pid}_${Date.now()}`;
    let current = new MongoJobStore({ url, dbName });
    return {
      store: current,
      async reopen() {
        await current.close();
        current = new MongoJobStore({ url, dbName });
        return current;
      },
      async dispose() {
        await current.close();
        const admin = new MongoClient(url);
        await admin.db(dbName).dropDatabase();
        await admin.close();
      },
    };
  });

  it('creates the indexes, with a TTL index on expiresAt', async () => {
    const dbName = `modsvc_test_idx_${process.pid}_${Date.now()}`;
    const store = new MongoJobStore({ url, dbName });
    const client = new MongoClient(url);
    try {
      await store.init();
      const indexes = await client.db(dbName).collection('jobs').listIndexes().toArray();
      expect(indexes.map((i) => i.key)).toEqual(
        expect.arrayContaining([{ tenantId: 1, _id: 1 }, { status: 1, createdAt: 1 }, { 'webhook.state': 1 }, { expiresAt: 1 }]),
      );
      expect(indexes.find((i) => i.name === 'expiresAt_ttl')?.expireAfterSeconds).toBe(0);
      await store.findIdempotencyKey('acme', 'k');
      const keyIndexes = await client.db(dbName).collection(IDEMPOTENCY_KEYS_COLLECTION).listIndexes().toArray();
      expect(keyIndexes.find((i) => i.name === 'expiresAt_ttl')).toMatchObject({ key: { expiresAt: 1 }, expireAfterSeconds: 0 });
      await store.init(); // idempotent
    } finally {
      await store.close();
      await client.db(dbName).dropDatabase();
      await client.close();
    }
  });
});

// ---- MongoJobStore without a server ------------------------------------------------------------

describe('MongoJobStore documents', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');

  it('stores the job id as _id and reads it back', () => {
    const job = newJobRecord();
    const doc = toJobDoc(job);
    expect(doc._id).toBe(job.id);
    expect('id' in doc).toBe(false);
    expect(fromJobDoc(doc)).toEqual(job);
  });

  it('finish matches only queued jobs, with exclusive callback conditions', () => {
    const [withCallback, withoutCallback] = finishUpdates('j1', { status: 'done', results: opaqueResults({ a: 1 }) }, now);
    expect(withCallback).toEqual({
      filter: { _id: 'j1', status: 'queued', callbackUrl: { $ne: null } },
      update: { $set: { status: 'done', results: { a: 1 }, finishedAt: now, updatedAt: now, 'webhook.state': 'pending' } },
    });
    expect(withoutCallback).toEqual({
      filter: { _id: 'j1', status: 'queued', callbackUrl: null },
      update: { $set: { status: 'done', results: { a: 1 }, finishedAt: now, updatedAt: now } },
    });
    const [failed] = finishUpdates('j1', { status: 'failed', msg: 'bad' }, now);
    expect(failed?.update).toEqual({ $set: { status: 'failed', msg: 'bad', finishedAt: now, updatedAt: now, 'webhook.state': 'pending' } });
  });

  it('sets a part by its dotted path, so concurrent parts do not overwrite each other', () => {
    const speech = { transcript: '', segments: [], recognizer: 'r', toxicity: null, error: null };
    expect(setPartUpdate('speech', speech, now)).toEqual({ $set: { 'parts.speech': speech, updatedAt: now } });
  });

  it('patches only the given fields', () => {
    expect(patchUpdate({ mediaKey: 'k', mediaType: undefined }, now)).toEqual({ $set: { mediaKey: 'k', updatedAt: now } });
  });

  it('swaps the webhook only while it is still the one the change was computed from', () => {
    const a = { attempt: 2, at: now.toISOString(), httpStatus: 500, error: null, durationMs: 5 };
    const current = { state: 'pending' as const, attempts: [a] };
    const next = { state: 'gave_up' as const, attempts: [a], nextAttemptAt: null };
    expect(webhookSwap('j1', current, next, now)).toEqual({
      filter: { _id: 'j1', webhook: current },
      update: { $set: { webhook: next, updatedAt: now } },
    });
  });

  it('declares the indexes, with MongoDB enforcing retention through a TTL index', () => {
    expect(JOB_INDEXES.map((i) => i.key)).toEqual([{ tenantId: 1, _id: 1 }, { status: 1, createdAt: 1 }, { 'webhook.state': 1 }, { expiresAt: 1 }, { finishedAt: 1 }]);
    expect(JOB_INDEXES.find((i) => 'expiresAt' in (i.key as object))?.expireAfterSeconds).toBe(0);
    expect(expiredFilter(now)).toEqual({ expiresAt: { $lt: now } });
  });

  it('lets MongoDB drop idempotency keys when they expire (TTL index), and refuses key calls without a key collection', async () => {
    expect(IDEMPOTENCY_KEY_INDEXES).toEqual([{ key: { expiresAt: 1 }, name: 'expiresAt_ttl', expireAfterSeconds: 0 }]);
    const keys = new NedbIdempotencyKeyCollection();
    const store = new MongoJobStore({ collection: new NedbJobCollection(), idempotencyKeys: keys });
    await store.findIdempotencyKey('acme', 'k');
    expect(keys.indexRequests).toEqual([IDEMPOTENCY_KEY_INDEXES]);
    await expect(new MongoJobStore({ collection: new NedbJobCollection() }).findIdempotencyKey('acme', 'k')).rejects.toThrow(/idempotencyKeys/);
  });

  it('takes the database name from the URL when none is given', () => {
    expect(dbNameFromUrl('mongodb://localhost:27017/jobsdb?replicaSet=rs0')).toBe('jobsdb');
    expect(dbNameFromUrl('mongodb://a:1,b:2/other')).toBe('other');
    expect(dbNameFromUrl('mongodb+srv://user:pw@cluster.example.com/x%2Dy')).toBe('x-y');
    expect(dbNameFromUrl('mongodb://localhost:27017')).toBeUndefined();
    expect(dbNameFromUrl('mongodb://localhost:27017/?tls=true')).toBeUndefined();
  });

  it('puts jobs, banks, policies and workflow in one database: the given name, else the URL\'s, else modsvc (never the driver\'s `test`)', () => {
    expect(mongoDatabaseName('mongodb://localhost:27017')).toBe('modsvc');
    expect(mongoDatabaseName('mongodb://localhost:27017/jobsdb')).toBe('jobsdb');
    expect(mongoDatabaseName('mongodb://localhost:27017/jobsdb', 'named')).toBe('named');
    // Constructing a store does not connect.
    for (const url of ['mongodb://localhost:27017', 'mongodb://localhost:27017/jobsdb']) {
      const expected = mongoDatabaseName(url);
      expect(new MongoBankStore(url)['dbName']).toBe(expected);
      expect(new MongoPolicyStore(url)['dbName']).toBe(expected);
      expect(new MongoWorkflowStore(url)['dbName']).toBe(expected);
    }
  });

  it('creates indexes once on init, and lazily on first use', async () => {
    const collection = new NedbJobCollection();
    const store = new MongoJobStore({ collection });
    await store.get('x');
    await store.init();
    expect(collection.indexRequests).toEqual([JOB_INDEXES]);
  });

  it('rejects init when no server answers, and closes cleanly', async () => {
    const store = new MongoJobStore({ url: 'mongodb://127.0.0.1:1/modsvc', clientOptions: { serverSelectionTimeoutMS: 300 } });
    await expect(store.init()).rejects.toThrow();
    await store.close();
  });
});

describe('createJobStore', () => {
  it('builds the embedded store under <dataDir>/store', () => {
    const store = createJobStore({ kind: 'embedded', mongodbUrl: 'mongodb://ignored', dataDir: '/var/lib/modsvc' });
    expect(store).toBeInstanceOf(EmbeddedJobStore);
    expect((store as EmbeddedJobStore).dir).toBe(resolve('/var/lib/modsvc/store'));
  });

  it('refuses the mongodb kind without a URL instead of silently using another store', () => {
    expect(() => createJobStore({ kind: 'mongodb', dataDir: '/var/lib/modsvc' })).toThrow(/MONGODB_URL/);
  });

  it('builds MongoDB when asked', async () => {
    const store = createJobStore({ kind: 'mongodb', mongodbUrl: 'mongodb://127.0.0.1:1/x', dataDir: '/var/lib/modsvc' });
    expect(store).toBeInstanceOf(MongoJobStore);
    await store.close();
  });
});

// ---- embedded store specifics ------------------------------------------------------------------

describe('EmbeddedJobStore', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps result keys with dots or $ and Dates nested anywhere', async () => {
    const store = new EmbeddedJobStore({ dir });
    const job = newJobRecord();
    const results = { 'a.b': 1, $weird: { when: new Date('2026-02-03T04:05:06.007Z') }, list: [new Date(0), 'x'] };
    await store.create(job);
    await store.finish(job.id, { status: 'done', results: opaqueResults(results) });
    await store.close();
    const reopened = new EmbeddedJobStore({ dir });
    const got = await reopened.get(job.id);
    expect(got?.results).toEqual(results);
    expect(((got?.results as Record<string, unknown> | null | undefined)?.$weird as { when: unknown }).when).toBeInstanceOf(Date);
    await reopened.close();
  });

  it('round-trips records through its codec', () => {
    const job = newJobRecord({ finishedAt: new Date(5), results: opaqueResults({ nested: { d: new Date(7) } }) });
    expect(decodeRecord(encodeRecord(job))).toEqual(job);
  });

  it('rejects records without valid dates', async () => {
    const store = new EmbeddedJobStore({ dir });
    await expect(store.create(newJobRecord({ expiresAt: new Date(Number.NaN) }))).rejects.toThrow(/expiresAt/);
    await store.close();
  });

  it('shares one backend between stores opened on the same directory in one process', async () => {
    const a = new EmbeddedJobStore({ dir });
    const b = new EmbeddedJobStore({ dir: `${dir}/.` });
    const job = newJobRecord();
    await a.create(job);
    await expect(b.create(job)).rejects.toBeInstanceOf(DuplicateJobError);
    const results = await Promise.all([a.finish(job.id, { status: 'done', results: opaqueResults({}) }), b.finish(job.id, { status: 'failed', msg: 'x' })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await a.close();
    expect((await b.get(job.id))?.id).toBe(job.id);
    await expect(a.get(job.id)).rejects.toThrow(/closed/);
    await b.close();
    const c = new EmbeddedJobStore({ dir });
    expect((await c.get(job.id))?.status).not.toBe('queued');
    await c.close();
  });

  it('refuses a directory locked by another live process on this host', async () => {
    await writeFile(join(dir, 'LOCK'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    const store = new EmbeddedJobStore({ dir });
    await expect(store.init()).rejects.toThrow(/in use by process/);
    await store.close();
    const unlocked = new EmbeddedJobStore({ dir, lock: false });
    await expect(unlocked.init()).resolves.toBeUndefined();
    await unlocked.close();
  });

  it('takes over a stale lock (dead process, its own pid, unreadable)', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    const deadPid = dead.pid!;
    await new Promise((r) => dead.on('exit', r));
    for (const content of [JSON.stringify({ pid: deadPid, host: hostname() }), JSON.stringify({ pid: process.pid, host: hostname() }), '{"pi']) {
      await writeFile(join(dir, 'LOCK'), content);
      const store = new EmbeddedJobStore({ dir });
      await store.init();
      expect(JSON.parse(await readFile(join(dir, 'LOCK'), 'utf8'))).toEqual({ pid: process.pid, host: hostname() });
      await store.close();
    }
  });

  it('has the data written before the process was killed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'store-crash-child.ts'), dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const signal = await new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, sig) => r(sig)));
    expect(signal, err).toBe('SIGKILL');
    const ids = JSON.parse(out) as { finished: string; queued: string };

    const store = new EmbeddedJobStore({ dir });
    const finished = await store.get(ids.finished);
    expect(finished).toMatchObject({ status: 'done', results: { ok: true }, webhook: { state: 'pending' } });
    expect(finished?.parts.speech?.transcript).toBe('hi');
    expect(finished?.finishedAt).toBeInstanceOf(Date);
    expect((await store.get(ids.queued))?.mediaKey).toBe('media/q');
    expect((await store.listUnfinished(10)).map((j) => j.id)).toEqual([ids.queued]);
    await store.close();
  });

  it('opens over a last line torn by a crash mid-write', async () => {
    const store = new EmbeddedJobStore({ dir });
    const job = newJobRecord();
    await store.create(job);
    await store.close();
    await appendFile(join(dir, 'jobs.db'), '{"_id":"torn","status":"que');
    const reopened = new EmbeddedJobStore({ dir });
    expect(await reopened.get(job.id)).toEqual(job);
    expect(await reopened.get('torn')).toBeNull();
    await reopened.close();
  });

  it('compacts its log as it grows and when closed', async () => {
    const file = join(dir, 'jobs.db');
    const linesFor = async (id: string) => (await readFile(file, 'utf8')).split('\n').filter((l) => l.includes(`"_id":"${id}"`)).length;
    const store = new EmbeddedJobStore({ dir, compactionCheckWrites: 10 });
    const job = newJobRecord();
    await store.create(job);
    for (let i = 0; i < 25; i += 1) await store.update(job.id, { mediaKey: `k${i}` });
    await store.get(job.id); // queued behind the compaction the writes triggered
    expect(await linesFor(job.id)).toBeLessThan(10);
    await store.close();
    expect(await linesFor(job.id)).toBe(1);
    const reopened = new EmbeddedJobStore({ dir });
    expect((await reopened.get(job.id))?.mediaKey).toBe('k24');
    await reopened.close();
  });

  it('repairTornTail cuts only an unterminated last line', async () => {
    const file = join(dir, 'f');
    expect(await repairTornTail(file)).toBe(0); // missing file
    await writeFile(file, 'a\nb\n');
    expect(await repairTornTail(file)).toBe(0);
    await writeFile(file, `a\n${'x'.repeat(200_000)}`);
    expect(await repairTornTail(file)).toBe(200_000);
    expect(await readFile(file, 'utf8')).toBe('a\n');
    await writeFile(file, 'no newline at all');
    expect(await repairTornTail(file)).toBe(17);
    expect(await readFile(file, 'utf8')).toBe('');
  });
});
