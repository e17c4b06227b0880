import { spawn } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobStore, embeddedJobStore, RecordJobStore } from '../src/store/index.ts';
import { IDEMPOTENCY_KEYS_SPEC, JOBS_SPEC } from '../src/store/job-records.ts';
import { decodeValue, encodeValue } from '../src/store/records/codec.ts';
import { EmbeddedRecordStore } from '../src/store/records/embedded.ts';
import { dbNameFromUrl, mongoDatabaseName, MongoRecordStore, TTL_INDEX, mongoIndexes } from '../src/store/records/mongo.ts';
import { repairTornTail } from '../src/store/records/torn-tail.ts';
import { DuplicateJobError } from '../src/store/types.ts';
import type { JobRecord } from '../src/jobs.ts';
import { createBankStore } from '../src/store/banks/index.ts';
import { createPolicyStore } from '../src/store/policies/index.ts';
import { newJobRecord, opaqueResults } from './fixtures.ts';
import { nedbMongoDrivers } from './record-store/nedb-mongo-driver.ts';
import { describeJobStoreContract } from './store-contract.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

async function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'modsvc-store-'));
}

// ---- the contract on each implementation ------------------------------------------------------

describeJobStoreContract('embedded', async () => {
  const dir = await tempDir();
  let current = embeddedJobStore({ dir });
  return {
    store: current,
    async reopen() {
      await current.close();
      current = embeddedJobStore({ dir });
      return current;
    },
    async dispose() {
      await current.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describeJobStoreContract('MongoDB logic over nedb (no server)', async () => {
  const driver = nedbMongoDrivers();
  let current = new RecordJobStore({ records: new MongoRecordStore({ driver }) });
  return {
    store: current,
    async reopen() {
      await current.close();
      current = new RecordJobStore({ records: new MongoRecordStore({ driver }) });
      return current;
    },
    async dispose() {
      await current.close();
    },
  };
});

const MONGODB_URL = process.env.MONGODB_URL;

describe.skipIf(!MONGODB_URL)('job store on a MongoDB server (MONGODB_URL)', () => {
  const url = MONGODB_URL ?? '';
  const onMongo = (dbName: string) => createJobStore({ kind: 'mongodb', mongodbUrl: url, mongodbDbName: dbName, dataDir: '/nonexistent' });
  describeJobStoreContract('MongoDB', async () => {
    const dbName = `modsvc_test_${process.pid}_${Date.now()}`;
    let current = onMongo(dbName);
    return {
      store: current,
      async reopen() {
        await current.close();
        current = onMongo(dbName);
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

  it('creates the indexes, with a TTL index on the expiry', async () => {
    const dbName = `modsvc_test_idx_${process.pid}_${Date.now()}`;
    const store = onMongo(dbName);
    const client = new MongoClient(url);
    try {
      await store.get('x');
      const indexes = await client.db(dbName).collection('jobs').listIndexes().toArray();
      expect(indexes.map((i) => i.key)).toEqual(
        expect.arrayContaining([{ exp: 1 }, { 'ix.queued.p': 1, 'ix.queued.s': 1, _id: 1 }, { 'ix.pendingWebhooks.p': 1, 'ix.pendingWebhooks.s': 1, _id: 1 }, { 'ix.finished.p': 1, 'ix.finished.s': 1, _id: 1 }]),
      );
      expect(indexes.find((i) => i.name === 'exp_ttl')?.expireAfterSeconds).toBe(0);
      await store.findIdempotencyKey('acme', 'k');
      const keyIndexes = await client.db(dbName).collection('idempotency_keys').listIndexes().toArray();
      expect(keyIndexes.find((i) => i.name === 'exp_ttl')).toMatchObject({ key: { exp: 1 }, expireAfterSeconds: 0 });
      await store.init(); // idempotent
    } finally {
      await store.close();
      await client.db(dbName).dropDatabase();
      await client.close();
    }
  });
});

// ---- the job collections, and MongoDB without a server -----------------------------------------

describe('job collections', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const entries = (job: JobRecord) => Object.fromEntries(Object.entries(JOBS_SPEC.indexes!).map(([name, f]) => [name, f(job)]));

  it('index queued jobs by creation, finished ones by the minute they finished, pending webhooks by finish', () => {
    const queued = newJobRecord({ createdAt: now, callbackUrl: 'https://hooks.example.com/cb' });
    expect(entries(queued)).toEqual({ queued: { partition: '', sort: '2026-03-01T12:00:00.000Z' }, pendingWebhooks: null, finished: null });
    const finishedAt = new Date('2026-03-01T12:07:30.500Z');
    const done = { ...queued, status: 'done' as const, finishedAt, webhook: { ...queued.webhook, state: 'pending' as const } };
    expect(entries(done)).toEqual({
      queued: null,
      pendingWebhooks: { partition: '', sort: '2026-03-01T12:07:30.500Z' },
      finished: { partition: '2026-03-01T12:07', sort: '2026-03-01T12:07:30.500Z' },
    });
    expect(entries({ ...done, webhook: { ...done.webhook, state: 'delivered' as const } }).pendingWebhooks).toBeNull();
    expect(JOBS_SPEC.expiresAt!(queued)).toBe(queued.expiresAt);
    expect(JOBS_SPEC.readableUntilRemoved).toBe(true);
    expect(IDEMPOTENCY_KEYS_SPEC.readableUntilRemoved).toBeFalsy();
  });

  it('creates the MongoDB indexes once, lazily on first use: a TTL index and one per job index', async () => {
    const driver = nedbMongoDrivers();
    const store = new RecordJobStore({ records: new MongoRecordStore({ driver }) });
    await store.get('x');
    await store.get('y');
    await store.init();
    expect(driver('jobs').indexRequests).toEqual([mongoIndexes(['queued', 'pendingWebhooks', 'finished'])]);
    await store.findIdempotencyKey('acme', 'k');
    expect(driver('idempotency_keys').indexRequests).toEqual([[TTL_INDEX]]);
    expect(TTL_INDEX).toEqual({ key: { exp: 1 }, name: 'exp_ttl', expireAfterSeconds: 0 });
  });

  it('takes the database name from the URL when none is given', () => {
    expect(dbNameFromUrl('mongodb://localhost:27017/jobsdb?replicaSet=rs0')).toBe('jobsdb');
    expect(dbNameFromUrl('mongodb://a:1,b:2/other')).toBe('other');
    expect(dbNameFromUrl('mongodb+srv://user:pw@cluster.example.com/x%2Dy')).toBe('x-y');
    expect(dbNameFromUrl('mongodb://localhost:27017')).toBeUndefined();
    expect(dbNameFromUrl('mongodb://localhost:27017/?tls=true')).toBeUndefined();
  });

  it('puts jobs, banks and policies in one database: the given name, else the URL\'s, else modsvc (never the driver\'s `test`)', () => {
    expect(mongoDatabaseName('mongodb://localhost:27017')).toBe('modsvc');
    expect(mongoDatabaseName('mongodb://localhost:27017/jobsdb')).toBe('jobsdb');
    expect(mongoDatabaseName('mongodb://localhost:27017/jobsdb', 'named')).toBe('named');
    // Constructing a store does not connect.
    for (const url of ['mongodb://localhost:27017', 'mongodb://localhost:27017/jobsdb']) {
      const expected = mongoDatabaseName(url);
      expect((createJobStore({ kind: 'mongodb', mongodbUrl: url, dataDir: '/x' }).records as MongoRecordStore).dbName).toBe(expected);
      expect((createBankStore({ kind: 'mongodb', mongodbUrl: url, dataDir: '/x' }).records as MongoRecordStore).dbName).toBe(expected);
      expect((createPolicyStore({ kind: 'mongodb', mongodbUrl: url, dataDir: '/x' }).records as MongoRecordStore).dbName).toBe(expected);
    }
  });

  it('rejects init when no server answers, and closes cleanly', async () => {
    const store = new RecordJobStore({ records: new MongoRecordStore({ url: 'mongodb://127.0.0.1:1/modsvc', clientOptions: { serverSelectionTimeoutMS: 300 } }) });
    await expect(store.init()).rejects.toThrow();
    await store.close();
  });
});

describe('createJobStore', () => {
  it('builds the embedded store under <dataDir>/store', () => {
    const store = createJobStore({ kind: 'embedded', mongodbUrl: 'mongodb://ignored', dataDir: '/var/lib/modsvc' });
    expect(store.records).toBeInstanceOf(EmbeddedRecordStore);
    expect((store.records as EmbeddedRecordStore).dir).toBe(resolve('/var/lib/modsvc/store'));
  });

  it('refuses the mongodb kind without a URL instead of silently using another store', () => {
    expect(() => createJobStore({ kind: 'mongodb', dataDir: '/var/lib/modsvc' })).toThrow(/MONGODB_URL/);
  });

  it('builds MongoDB when asked', async () => {
    const store = createJobStore({ kind: 'mongodb', mongodbUrl: 'mongodb://127.0.0.1:1/x', dataDir: '/var/lib/modsvc' });
    expect(store.records).toBeInstanceOf(MongoRecordStore);
    await store.close();
  });
});

// ---- embedded store specifics ------------------------------------------------------------------

describe('embedded job store', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps result keys with dots or $ and Dates nested anywhere', async () => {
    const store = embeddedJobStore({ dir });
    const job = newJobRecord();
    const results = { 'a.b': 1, $weird: { when: new Date('2026-02-03T04:05:06.007Z') }, list: [new Date(0), 'x'] };
    await store.create(job);
    await store.finish(job.id, { status: 'done', results: opaqueResults(results) });
    await store.close();
    const reopened = embeddedJobStore({ dir });
    const got = await reopened.get(job.id);
    expect(got?.results).toEqual(results);
    expect(((got?.results as Record<string, unknown> | null | undefined)?.$weird as { when: unknown }).when).toBeInstanceOf(Date);
    await reopened.close();
  });

  it('round-trips records through its codec', () => {
    const job = newJobRecord({ finishedAt: new Date(5), results: opaqueResults({ nested: { d: new Date(7) } }) });
    expect(decodeValue(encodeValue(job))).toEqual(job);
  });

  it('rejects records without valid dates', async () => {
    const store = embeddedJobStore({ dir });
    await expect(store.create(newJobRecord({ expiresAt: new Date(Number.NaN) }))).rejects.toThrow(/expiresAt/);
    await store.close();
  });

  it('shares one backend between stores opened on the same directory in one process', async () => {
    const a = embeddedJobStore({ dir });
    const b = embeddedJobStore({ dir: `${dir}/.` });
    const job = newJobRecord();
    await a.create(job);
    await expect(b.create(job)).rejects.toBeInstanceOf(DuplicateJobError);
    const results = await Promise.all([a.finish(job.id, { status: 'done', results: opaqueResults({}) }), b.finish(job.id, { status: 'failed', msg: 'x' })]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await a.close();
    expect((await b.get(job.id))?.id).toBe(job.id);
    await expect(a.get(job.id)).rejects.toThrow(/closed/);
    await b.close();
    const c = embeddedJobStore({ dir });
    expect((await c.get(job.id))?.status).not.toBe('queued');
    await c.close();
  });

  it('refuses a directory locked by another live process on this host', async () => {
    await writeFile(join(dir, 'LOCK'), JSON.stringify({ pid: process.ppid, host: hostname() }));
    const store = embeddedJobStore({ dir });
    await expect(store.init()).rejects.toThrow(/in use by process/);
    await store.close();
    const unlocked = embeddedJobStore({ dir, lock: false });
    await expect(unlocked.init()).resolves.toBeUndefined();
    await unlocked.close();
  });

  it('takes over a stale lock (dead process, its own pid, unreadable)', async () => {
    const dead = spawn(process.execPath, ['-e', '']);
    const deadPid = dead.pid!;
    await new Promise((r) => dead.on('exit', r));
    for (const content of [JSON.stringify({ pid: deadPid, host: hostname() }), JSON.stringify({ pid: process.pid, host: hostname() }), '{"pi']) {
      await writeFile(join(dir, 'LOCK'), content);
      const store = embeddedJobStore({ dir });
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

    const store = embeddedJobStore({ dir });
    const finished = await store.get(ids.finished);
    expect(finished).toMatchObject({ status: 'done', results: { ok: true }, webhook: { state: 'pending' } });
    expect(finished?.parts.speech?.transcript).toBe('hi');
    expect(finished?.finishedAt).toBeInstanceOf(Date);
    expect((await store.get(ids.queued))?.mediaKey).toBe('media/q');
    expect((await store.listUnfinished(10)).map((j) => j.id)).toEqual([ids.queued]);
    await store.close();
  });

  it('opens over a last line torn by a crash mid-write', async () => {
    const store = embeddedJobStore({ dir });
    const job = newJobRecord();
    await store.create(job);
    await store.close();
    await appendFile(join(dir, 'jobs.db'), '{"_id":"torn","status":"que');
    const reopened = embeddedJobStore({ dir });
    expect(await reopened.get(job.id)).toEqual(job);
    expect(await reopened.get('torn')).toBeNull();
    await reopened.close();
  });

  it('compacts its log as it grows and when closed', async () => {
    const file = join(dir, 'jobs.db');
    const linesFor = async (id: string) => (await readFile(file, 'utf8')).split('\n').filter((l) => l.includes(`"_id":"${id}"`)).length;
    const store = embeddedJobStore({ dir, compactionCheckWrites: 10 });
    const job = newJobRecord();
    await store.create(job);
    for (let i = 0; i < 25; i += 1) await store.update(job.id, { mediaKey: `k${i}` });
    await store.get(job.id); // queued behind the compaction the writes triggered
    expect(await linesFor(job.id)).toBeLessThan(10);
    await store.close();
    expect(await linesFor(job.id)).toBe(1);
    const reopened = embeddedJobStore({ dir });
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
