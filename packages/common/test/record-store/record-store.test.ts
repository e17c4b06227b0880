// The record store contract on each adapter: embedded (a temporary directory), NATS KV (the server at
// NATS_URL, default nats://127.0.0.1:4222, skipped with a message when none answers; buckets of a
// prefix unique to each test, deleted after it), MongoDB logic over nedb (no server) and MongoDB itself
// when MONGODB_URL is set (a database per test, dropped after it).
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedRecordStore } from '../../src/store/records/embedded.ts';
import { MongoRecordStore } from '../../src/store/records/mongo.ts';
import { EXPIRY_INDEX, expiryEntry, indexKey } from '../../src/store/records/kv-keys.ts';
import { NatsKvRecordStore } from '../../src/store/records/nats-kv.ts';
import { describeRecordStoreContract } from './contract.ts';
import { nedbMongoDrivers } from './nedb-mongo-driver.ts';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const MONGODB_URL = process.env.MONGODB_URL;

describeRecordStoreContract('embedded', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'modsvc-records-'));
  return {
    open: (opts) => new EmbeddedRecordStore({ dir, now: opts?.now }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
});

describeRecordStoreContract('MongoDB logic over nedb (no server)', async () => {
  const driver = nedbMongoDrivers();
  return { open: (opts) => new MongoRecordStore({ driver, now: opts?.now }), dispose: async () => {} };
});

async function natsAdmin(): Promise<NatsConnection | null> {
  try {
    return await connect({ servers: NATS_URL, timeout: 1000, reconnect: false });
  } catch {
    return null;
  }
}

const admin = await natsAdmin();
afterAll(async () => {
  await admin?.close();
});

if (admin) {
  describeRecordStoreContract('NATS KV', async () => {
    const bucketPrefix = `rst_${process.pid}_${randomBytes(4).toString('hex')}_`;
    return {
      open: (opts) => new NatsKvRecordStore({ url: NATS_URL, bucketPrefix, now: opts?.now }),
      async dispose() {
        const jsm = await jetstreamManager(admin);
        const doomed: string[] = [];
        for await (const name of jsm.streams.names()) if (name.startsWith(`KV_${bucketPrefix}`)) doomed.push(name);
        for (const name of doomed) await jsm.streams.delete(name);
      },
    };
  });

  describe('NATS KV index keys', () => {
    it('lists past keys left by a crash (and removes them), and sweeps expiry keys of records gone', async () => {
      const bucketPrefix = `rst_${process.pid}_${randomBytes(4).toString('hex')}_`;
      const store = new NatsKvRecordStore({ url: NATS_URL, bucketPrefix });
      const coll = store.collection<{ g: string; exp: Date }>({
        name: 'c',
        indexes: { byG: (v) => ({ partition: v.g, sort: '' }) },
        expiresAt: (v) => v.exp,
      });
      try {
        const exp = new Date(Date.now() + 3600_000);
        await coll.create('kept', { g: 'a', exp });
        const kv = await new Kvm(admin).open(`${bucketPrefix}c`);
        // As a crash between the first put and the write would leave them: entries of a record never
        // written, of a partition the record is not in, and an expiry entry of a record that is gone.
        await kv.put(indexKey('byG', { partition: 'a', sort: '' }, 'never'), '');
        await kv.put(indexKey('byG', { partition: 'b', sort: '' }, 'kept'), '');
        await kv.put(indexKey(EXPIRY_INDEX, expiryEntry(new Date(0)), 'never'), '');
        expect(await coll.count('byG')).toBe(3);
        expect((await coll.list('byG', { limit: 10 })).items.map((i) => i.id)).toEqual(['kept']);
        expect(await coll.countByPartition('byG')).toEqual(new Map([['a', 1]]));
        expect(await coll.deleteExpired(new Date())).toBe(0);
        const keys: string[] = [];
        for await (const k of await kv.keys()) keys.push(k);
        expect(keys.sort()).toEqual(['i.byG.x61.x.kept', indexKey(EXPIRY_INDEX, expiryEntry(exp), 'kept'), 'r.kept'].sort());
      } finally {
        await store.close();
        await (await jetstreamManager(admin)).streams.delete(`KV_${bucketPrefix}c`);
      }
    });
  });
} else {
  describe('RecordStore contract: NATS KV', () => {
    it.skip(`skipped: no NATS server answers at ${NATS_URL} (set NATS_URL to one with JetStream)`, () => {});
  });
}

describe.runIf(Boolean(MONGODB_URL))('on a MongoDB server (MONGODB_URL)', () => {
  describeRecordStoreContract('MongoDB', async () => {
    const url = MONGODB_URL!;
    const dbName = `modsvc_test_records_${process.pid}_${randomBytes(4).toString('hex')}`;
    return {
      open: (opts) => new MongoRecordStore({ url, dbName, now: opts?.now }),
      async dispose() {
        const client = new MongoClient(url);
        try {
          await client.db(dbName).dropDatabase();
        } finally {
          await client.close();
        }
      },
    };
  });
});
