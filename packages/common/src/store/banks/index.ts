// Bank store construction. Banks live beside the jobs, in the same kind of record store (JOB_STORE);
// one implementation (store.ts) serves every kind.
//
// Data of the stores this one replaced: the embedded files (<dataDir>/banks) are imported on first open
// and the directory renamed <dataDir>/banks.imported (legacy-import.ts). NATS KV (bucket `banks`) and
// MongoDB (collections `banks`, `bank_content`, `bank_revisions`) are not migrated: the new collections
// have other names, so the old data stays where it was, unread, until an operator drops it.
import { join } from 'node:path';
import { createRecordStore, type CreateRecordStoreOptions } from '../records/index.ts';
import { RecordBankStore } from './store.ts';

export type { BankStore, BankRecord, BankContentRecord } from './types.ts';
export { RecordBankStore };

/** Builds (does not init) the bank store over a record store of its own, which it closes. */
export function createBankStore(opts: CreateRecordStoreOptions): RecordBankStore {
  return new RecordBankStore(createRecordStore(opts), { owned: true, legacyDir: opts.kind === 'embedded' ? join(opts.dataDir, 'banks') : undefined });
}
