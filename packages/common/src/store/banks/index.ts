// Bank store construction. Banks live beside the jobs, in the same kind of record store (JOB_STORE);
// one implementation (store.ts) serves every kind.
//
// Data of the stores this one replaced: the embedded files (<dataDir>/banks) are imported on first open
// and the directory renamed <dataDir>/banks.imported (legacy-import.ts). NATS KV (bucket `banks`) and
// MongoDB (collections `banks`, `bank_content`, `bank_revisions`) are not migrated: the new collections
// have other names, so the old data stays where it was, unread, until an operator drops it.
import { join } from 'node:path';
import { createRecordStore, type CreateRecordStoreOptions, type RecordStore } from '../records/index.ts';
import { RecordBankStore } from './store.ts';

export type { BankStore, BankRecord, BankContentRecord } from './types.ts';
export { RecordBankStore };

/** Builds (does not init) the bank store over the given record store (shared: its owner closes it) or one of its own, which it closes. */
export function createBankStore(opts: CreateRecordStoreOptions & { records?: RecordStore }): RecordBankStore {
  const legacyDir = opts.kind === 'embedded' ? join(opts.dataDir, 'banks') : undefined;
  return new RecordBankStore(opts.records ?? createRecordStore(opts), { owned: opts.records === undefined, legacyDir });
}
