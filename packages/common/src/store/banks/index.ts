import { join } from 'node:path';
import type { JobStoreKind } from '../../config.ts';
import { EmbeddedBankStore } from './embedded.ts';
import { MongoBankStore } from './mongo.ts';
import { NatsKvBankStore } from './nats-kv.ts';
import type { BankStore } from './types.ts';

export type { BankStore, BankRecord, BankContentRecord } from './types.ts';
export { EmbeddedBankStore, MongoBankStore, NatsKvBankStore };

/** Banks live beside the jobs: the same kind of store (JOB_STORE). */
export function createBankStore(opts: { kind: JobStoreKind; mongodbUrl?: string; natsUrl?: string; dataDir: string }): BankStore {
  switch (opts.kind) {
    case 'mongodb':
      if (!opts.mongodbUrl) throw new Error('the mongodb bank store needs MONGODB_URL');
      return new MongoBankStore(opts.mongodbUrl);
    case 'nats-kv':
      if (!opts.natsUrl) throw new Error('the nats-kv bank store needs NATS_URL');
      return new NatsKvBankStore(opts.natsUrl);
    case 'embedded':
      return new EmbeddedBankStore(join(opts.dataDir, 'banks'));
  }
}
