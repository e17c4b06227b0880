// Policy store construction. Policy versions live beside the jobs, in the same kind of record store
// (JOB_STORE); one implementation (store.ts) serves every kind.
//
// Data of the stores this one replaced: the embedded file (<dataDir>/policies) is imported on first open
// and the directory renamed <dataDir>/policies.imported (legacy-import.ts). NATS KV (bucket `policies`)
// and MongoDB (collection `policy_versions`) are not migrated: the new collection has another name, so
// the old versions stay where they were, unread, until an operator drops them.
import { join } from 'node:path';
import { createRecordStore, type CreateRecordStoreOptions, type RecordStore } from '../records/index.ts';
import { RecordPolicyStore } from './store.ts';

export type { PolicyStore, PolicyVersionRecord } from './types.ts';
export { policyVersionName, parsePolicyVersionName } from './types.ts';
export { RecordPolicyStore };

/** Builds (does not init) the policy store over the given record store (shared: its owner closes it) or one of its own, which it closes. */
export function createPolicyStore(opts: CreateRecordStoreOptions & { records?: RecordStore }): RecordPolicyStore {
  const legacyDir = opts.kind === 'embedded' ? join(opts.dataDir, 'policies') : undefined;
  return new RecordPolicyStore(opts.records ?? createRecordStore(opts), { owned: opts.records === undefined, legacyDir });
}
