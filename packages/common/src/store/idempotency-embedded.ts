// Idempotency keys of the embedded store: one more nedb file, `idempotency-keys.db`, in the job store's
// directory (whose LOCK already keeps other processes out). Stores opened on one directory in one
// process share the datastore, as they share the jobs file. nedb runs one operation at a time, so an
// insert on the key's id is an atomic create-if-absent, and replacing an expired record is a
// conditional update. Expired records are swept at most hourly, then the file is compacted.
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nedb from '@seald-io/nedb';
import { idempotencyKeyId, isLiveKey, type IdempotencyKeyRecord } from './idempotency-keys.ts';

// CommonJS default export, typed as a namespace under NodeNext (see embedded.ts).
const Datastore = nedb as unknown as typeof nedb.default;
type Datastore<T> = nedb.default<T>;

type KeyDoc = IdempotencyKeyRecord & { _id: string };

const FILE = 'idempotency-keys.db';
const SWEEP_EVERY_MS = 60 * 60 * 1000;

interface Shared {
  db: Datastore<KeyDoc>;
  refs: number;
  lastSweep: number;
}

const shared = new Map<string, Promise<Shared>>();
/** Last compactions of released directories, so that reopening waits for them. */
const closing = new Map<string, Promise<void>>();

async function open(dir: string): Promise<Shared> {
  await closing.get(dir);
  await mkdir(dir, { recursive: true });
  // A process killed mid-append leaves a torn last line, which nedb counts as corrupt and, in a small
  // file, refuses to load over. That line was never acknowledged, and a lost key costs at most one
  // duplicate job, so unreadable lines are dropped rather than keeping the store from starting.
  const db = new Datastore<KeyDoc>({ filename: join(dir, FILE), corruptAlertThreshold: 1 });
  await db.loadDatabaseAsync();
  await db.ensureIndexAsync({ fieldName: 'expiresAt' });
  return { db, refs: 0, lastSweep: 0 };
}

function fromDoc(doc: KeyDoc): IdempotencyKeyRecord {
  const { _id: _ignored, ...record } = doc;
  return record;
}

export class EmbeddedIdempotencyKeys {
  private readonly dir: string;
  private acquired: Promise<Shared> | null = null;

  constructor(
    dir: string,
    private readonly now: () => Date,
  ) {
    this.dir = resolve(dir);
  }

  private datastore(): Promise<Datastore<KeyDoc>> {
    if (!this.acquired) {
      let pending = shared.get(this.dir);
      if (!pending) {
        pending = open(this.dir);
        shared.set(this.dir, pending);
        pending.catch(() => shared.delete(this.dir));
      }
      this.acquired = pending.then((s) => {
        s.refs += 1;
        return s;
      });
      this.acquired.catch(() => (this.acquired = null));
    }
    return this.acquired.then((s) => this.sweepIfDue(s));
  }

  private async sweepIfDue(s: Shared): Promise<Datastore<KeyDoc>> {
    const now = this.now();
    if (now.getTime() - s.lastSweep >= SWEEP_EVERY_MS) {
      s.lastSweep = now.getTime();
      const removed = await s.db.removeAsync({ expiresAt: { $lte: now } }, { multi: true });
      if (removed > 0) await s.db.compactDatafileAsync();
    }
    return s.db;
  }

  async claim(claim: IdempotencyKeyRecord): Promise<IdempotencyKeyRecord | null> {
    const db = await this.datastore();
    const _id = idempotencyKeyId(claim.tenantId, claim.key);
    for (;;) {
      try {
        await db.insertAsync({ ...claim, _id });
        return null;
      } catch (err) {
        if ((err as { errorType?: unknown }).errorType !== 'uniqueViolated') throw err;
      }
      const held = await db.findOneAsync({ _id });
      if (!held) continue; // released meanwhile
      if (isLiveKey(held, this.now())) return fromDoc(held);
      // Expired but not swept yet: take it over unless another claim just did.
      const { numAffected } = await db.updateAsync({ _id, expiresAt: held.expiresAt }, { ...claim, _id }, {});
      if (numAffected === 1) return null;
    }
  }

  async find(tenantId: string, key: string): Promise<IdempotencyKeyRecord | null> {
    const doc = await (await this.datastore()).findOneAsync({ _id: idempotencyKeyId(tenantId, key) });
    return doc && isLiveKey(doc, this.now()) ? fromDoc(doc) : null;
  }

  async release(tenantId: string, key: string, jobId: string): Promise<void> {
    await (await this.datastore()).removeAsync({ _id: idempotencyKeyId(tenantId, key), jobId }, {});
  }

  /** Lets go of the shared datastore; the last store of the directory compacts it. */
  async close(): Promise<void> {
    const acquired = this.acquired;
    this.acquired = null;
    const s = await acquired?.catch(() => null);
    if (!s) return;
    s.refs -= 1;
    if (s.refs > 0) return;
    shared.delete(this.dir);
    const done = s.db.compactDatafileAsync().finally(() => {
      if (closing.get(this.dir) === done) closing.delete(this.dir);
    });
    closing.set(this.dir, done);
    await done;
  }
}
