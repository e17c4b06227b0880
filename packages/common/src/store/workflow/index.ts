import { join } from 'node:path';
import type { JobStoreKind } from '../../config.ts';
import { EmbeddedWorkflowStore } from './embedded.ts';
import { MongoWorkflowStore } from './mongo.ts';
import { NatsKvWorkflowStore } from './nats-kv.ts';
import type { WorkflowStore } from './types.ts';

export type { AuditListQuery, WorkflowStore } from './types.ts';
export { DuplicateModerationJobError } from './types.ts';
export { EmbeddedWorkflowStore, MongoWorkflowStore, NatsKvWorkflowStore };

/** The review queue, audit trail and feedback live beside the jobs: the same kind of store (JOB_STORE). */
export function createWorkflowStore(opts: { kind: JobStoreKind; mongodbUrl?: string; natsUrl?: string; dataDir: string }): WorkflowStore {
  switch (opts.kind) {
    case 'mongodb':
      if (!opts.mongodbUrl) throw new Error('the mongodb workflow store needs MONGODB_URL');
      return new MongoWorkflowStore(opts.mongodbUrl);
    case 'nats-kv':
      if (!opts.natsUrl) throw new Error('the nats-kv workflow store needs NATS_URL');
      return new NatsKvWorkflowStore(opts.natsUrl);
    case 'embedded':
      return new EmbeddedWorkflowStore(join(opts.dataDir, 'workflow'));
  }
}
