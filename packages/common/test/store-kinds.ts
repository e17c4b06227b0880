// The store contracts (banks, policies, workflow) run against each kind of store: embedded (nedb in a
// temporary directory), NATS KV (the server at NATS_URL, default nats://127.0.0.1:4222) and MongoDB
// when MONGODB_URL is set (a database of its own per run). Each kind's store is opened and initialised
// once for the file's tests and closed after them.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';

interface Lifecycle {
  init(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreMakers<S> {
  embedded(dir: string): S;
  natsKv(url: string): S;
  mongodb(url: string, dbName: string): S;
}

/** Registers the open/close of one store around the enclosing describe's tests; the getter reads it. */
function opened<S extends Lifecycle>(open: () => Promise<{ store: S; cleanup: () => Promise<void> }>): () => S {
  let store: S | undefined;
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ store, cleanup } = await open());
    await store.init();
  });
  afterAll(async () => {
    await store?.close();
    await cleanup?.();
  });
  return () => store!;
}

/** `contract(store)` once per kind, inside `describe("<what> (<kind>)")`. */
export function describeOnEachStoreKind<S extends Lifecycle>(what: string, make: StoreMakers<S>, contract: (store: () => S) => void): void {
  const kinds: [string, () => Promise<{ store: S; cleanup: () => Promise<void> }>][] = [
    [
      'embedded',
      async () => {
        const dir = await mkdtemp(join(tmpdir(), `${what.replace(/\W+/g, '-')}-`));
        return { store: make.embedded(dir), cleanup: () => rm(dir, { recursive: true, force: true }) };
      },
    ],
    ['nats-kv', async () => ({ store: make.natsKv(NATS_URL), cleanup: async () => {} })],
    ['mongodb', async () => ({ store: make.mongodb(process.env.MONGODB_URL!, `modsvc_test_${randomBytes(4).toString('hex')}`), cleanup: async () => {} })],
  ];
  for (const [kind, open] of kinds) {
    describe.runIf(kind !== 'mongodb' || Boolean(process.env.MONGODB_URL))(`${what} (${kind})`, () => contract(opened(open)));
  }
}
