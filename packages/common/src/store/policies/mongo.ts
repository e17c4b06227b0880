// Policy versions in MongoDB (production): collection `policy_versions`, unique per tenant and version.
import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import { mongoDatabaseName } from '../mongo.ts';
import type { PolicyStore, PolicyVersionRecord } from './types.ts';

const DUPLICATE_KEY = 11000;

type VersionDoc = PolicyVersionRecord & { _id: string };

export class MongoPolicyStore implements PolicyStore {
  private readonly client: MongoClient;
  private initialized: Promise<void> | null = null;

  private readonly dbName: string;

  constructor(url: string, dbName?: string) {
    this.client = new MongoClient(url, { appName: 'modsvc-policies', ignoreUndefined: true });
    this.dbName = mongoDatabaseName(url, dbName);
  }

  private get versions(): Collection<VersionDoc> {
    return this.client.db(this.dbName).collection<VersionDoc>('policy_versions');
  }

  init(): Promise<void> {
    this.initialized ??= (async () => {
      await this.client.connect();
      await this.versions.createIndex({ tenantId: 1, version: -1 }, { unique: true });
    })();
    this.initialized.catch(() => (this.initialized = null));
    return this.initialized;
  }

  async close(): Promise<void> {
    this.initialized = null;
    await this.client.close();
  }

  async publish(tenantId: string, document: PolicyVersionRecord['document'], now = new Date()): Promise<PolicyVersionRecord> {
    for (;;) {
      const version = ((await this.latest(tenantId))?.version ?? 0) + 1;
      const record: PolicyVersionRecord = { tenantId, version, document, createdAt: now };
      try {
        await this.versions.insertOne({ ...record, _id: `${tenantId}:${version}` });
        return record;
      } catch (err) {
        if (!(err instanceof MongoServerError && err.code === DUPLICATE_KEY)) throw err;
      }
    }
  }

  async latest(tenantId: string): Promise<PolicyVersionRecord | null> {
    const doc = await this.versions.find({ tenantId }).sort({ version: -1 }).limit(1).next();
    return doc ? recordOf(doc) : null;
  }

  async get(tenantId: string, version: number): Promise<PolicyVersionRecord | null> {
    const doc = await this.versions.findOne({ _id: `${tenantId}:${version}` });
    return doc ? recordOf(doc) : null;
  }
}

function recordOf({ _id: _, ...record }: VersionDoc): PolicyVersionRecord {
  return record;
}
