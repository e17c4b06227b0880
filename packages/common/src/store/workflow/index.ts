import type { JobStoreKind } from '../../config.ts';
import { createRecordStore, type RecordStore } from '../records/index.ts';
import type { WorkflowRetention } from './collections.ts';
import { RecordWorkflowStore } from './store.ts';
import type { WorkflowStore } from './types.ts';

export type { AuditListQuery, AuditRecordPage, WorkflowStore } from './types.ts';
export type { WorkflowRetention } from './collections.ts';
export { DuplicateModerationJobError } from './types.ts';
export { RecordWorkflowStore };

/** Retention when none is configured: results' default, and a year of audit trail. */
export const DEFAULT_WORKFLOW_RETENTION: WorkflowRetention = { moderationRetentionDays: 30, auditRetentionDays: 365 };

export interface CreateWorkflowStoreOptions {
  kind: JobStoreKind;
  mongodbUrl?: string | null;
  mongodbDbName?: string;
  natsUrl?: string | null;
  /** The embedded store lives in `<dataDir>/store`, beside the jobs. */
  dataDir: string;
  retention?: WorkflowRetention;
  /** A record store shared with the deployment's other stores (its owner closes it); default: one of its own. */
  records?: RecordStore;
}

/** The review queue, audit trail and feedback live beside the jobs: the same kind of store (JOB_STORE). */
export function createWorkflowStore(opts: CreateWorkflowStoreOptions): WorkflowStore {
  return new RecordWorkflowStore(opts.records ?? createRecordStore(opts), opts.retention ?? DEFAULT_WORKFLOW_RETENTION, opts.records === undefined);
}
