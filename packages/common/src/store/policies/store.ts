// The policy store on the record store (store/records), one implementation for every backend:
//   policy_document_versions  id <tenant>/<version>; index byTenant (per tenant, by numberKey(version))
// A version is written create-if-absent on the number after the latest read, so of concurrent publishes
// exactly one takes each number and the others read again and take the next (retryOnConflict).
import type { PolicyDocument } from '../../domain/policy-document.ts';
import { importLegacyDir } from '../legacy-import.ts';
import { CONFLICT, numberKey, retryOnConflict, type CollectionSpec, type RecordCollection, type RecordStore } from '../records/index.ts';
import type { PolicyStore, PolicyVersionRecord } from './types.ts';

const VERSIONS: CollectionSpec<PolicyVersionRecord> = {
  name: 'policy_document_versions',
  indexes: { byTenant: (r) => ({ partition: r.tenantId, sort: numberKey(r.version) }) },
};

const versionKey = (tenantId: string, version: number) => `${tenantId}/${version}`;

export class RecordPolicyStore implements PolicyStore {
  private readonly versions: RecordCollection<PolicyVersionRecord>;

  /**
   * `owned`: close() closes the record store too (it was made for this store alone). `legacyDir`: the
   * directory of the embedded file of the store before this one, imported by init() (legacy-import.ts).
   */
  constructor(
    readonly records: RecordStore,
    private readonly opts: { owned?: boolean; legacyDir?: string } = {},
  ) {
    this.versions = records.collection(VERSIONS);
  }

  async init(): Promise<void> {
    await this.records.init();
    await this.versions.open();
    if (this.opts.legacyDir) {
      await importLegacyDir(this.opts.legacyDir, async (read) => {
        for (const r of await read<PolicyVersionRecord>('policy-versions.db')) await this.versions.create(versionKey(r.tenantId, r.version), r);
      });
    }
  }

  async close(): Promise<void> {
    if (this.opts.owned) await this.records.close();
  }

  publish(tenantId: string, document: PolicyDocument, now = new Date()): Promise<PolicyVersionRecord> {
    return retryOnConflict(this.versions, tenantId, async () => {
      const version = ((await this.latest(tenantId))?.version ?? 0) + 1;
      const record: PolicyVersionRecord = { tenantId, version, document, createdAt: now };
      return (await this.versions.create(versionKey(tenantId, version), record)) === null ? CONFLICT : record;
    });
  }

  async latest(tenantId: string): Promise<PolicyVersionRecord | null> {
    return (await this.versions.list('byTenant', { partition: tenantId, order: 'desc', limit: 1 })).items[0]?.value ?? null;
  }

  async get(tenantId: string, version: number): Promise<PolicyVersionRecord | null> {
    if (!Number.isSafeInteger(version) || version < 1) return null;
    return (await this.versions.get(versionKey(tenantId, version)))?.value ?? null;
  }
}
