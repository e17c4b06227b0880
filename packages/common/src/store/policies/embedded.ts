// Policy versions for the all-in-one deployment: one nedb file under <dataDir>/policies.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import nedb from '@seald-io/nedb';
import type { PolicyStore, PolicyVersionRecord } from './types.ts';

// CommonJS default export, typed as a namespace under NodeNext (see ../embedded.ts).
const Datastore = nedb as unknown as typeof nedb.default;
type Datastore<T> = nedb.default<T>;

type VersionDoc = PolicyVersionRecord & { _id: string };

const docId = (tenantId: string, version: number) => `${tenantId}:${version}`;

export class EmbeddedPolicyStore implements PolicyStore {
  private versions: Datastore<VersionDoc> | null = null;

  constructor(private readonly dir: string) {}

  async init(): Promise<void> {
    if (this.versions) return;
    await mkdir(this.dir, { recursive: true });
    const versions = new Datastore<VersionDoc>({ filename: join(this.dir, 'policy-versions.db') });
    await versions.loadDatabaseAsync();
    await versions.ensureIndexAsync({ fieldName: 'tenantId' });
    this.versions = versions;
  }

  async close(): Promise<void> {
    await this.versions?.compactDatafileAsync();
    this.versions = null;
  }

  private ready(): Datastore<VersionDoc> {
    if (!this.versions) throw new Error('policy store used before init()');
    return this.versions;
  }

  async publish(tenantId: string, document: PolicyVersionRecord['document'], now = new Date()): Promise<PolicyVersionRecord> {
    // nedb runs in this process only: the read and the insert cannot interleave with another publish's
    // insert under the unique _id, and a clash is retried with the next number.
    for (;;) {
      const version = ((await this.latest(tenantId))?.version ?? 0) + 1;
      const record: PolicyVersionRecord = { tenantId, version, document, createdAt: now };
      try {
        await this.ready().insertAsync({ ...record, _id: docId(tenantId, version) });
        return record;
      } catch (err) {
        if ((err as { errorType?: string }).errorType !== 'uniqueViolated') throw err;
      }
    }
  }

  async latest(tenantId: string): Promise<PolicyVersionRecord | null> {
    const [doc] = await this.ready().findAsync({ tenantId }).sort({ version: -1 }).limit(1);
    return doc ? recordOf(doc) : null;
  }

  async get(tenantId: string, version: number): Promise<PolicyVersionRecord | null> {
    const doc = await this.ready().findOneAsync({ _id: docId(tenantId, version) });
    return doc ? recordOf(doc) : null;
  }
}

function recordOf({ _id: _, ...record }: VersionDoc): PolicyVersionRecord {
  return record;
}
