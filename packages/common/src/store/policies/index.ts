import { join } from 'node:path';
import type { JobStoreKind } from '../../config.ts';
import { EmbeddedPolicyStore } from './embedded.ts';
import { MongoPolicyStore } from './mongo.ts';
import { NatsKvPolicyStore } from './nats-kv.ts';
import type { PolicyStore } from './types.ts';

export type { PolicyStore, PolicyVersionRecord } from './types.ts';
export { policyVersionName, parsePolicyVersionName } from './types.ts';
export { EmbeddedPolicyStore, MongoPolicyStore, NatsKvPolicyStore };

/** Policy versions live beside the jobs: the same kind of store (JOB_STORE). */
export function createPolicyStore(opts: { kind: JobStoreKind; mongodbUrl?: string; natsUrl?: string; dataDir: string }): PolicyStore {
  switch (opts.kind) {
    case 'mongodb':
      if (!opts.mongodbUrl) throw new Error('the mongodb policy store needs MONGODB_URL');
      return new MongoPolicyStore(opts.mongodbUrl);
    case 'nats-kv':
      if (!opts.natsUrl) throw new Error('the nats-kv policy store needs NATS_URL');
      return new NatsKvPolicyStore(opts.natsUrl);
    case 'embedded':
      return new EmbeddedPolicyStore(join(opts.dataDir, 'policies'));
  }
}
