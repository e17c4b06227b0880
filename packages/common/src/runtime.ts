// What a service runs on: its configuration, logger, tenants and egress guard, and (for pipeline
// services) the bus, the job store and the media store, chosen by the configuration.
import fs from 'node:fs';
import type { Config } from './config.ts';
import type { Bus } from './bus/types.ts';
import type { JobStore } from './store/types.ts';
import type { MediaStore } from './media/types.ts';
import type { StageDeps } from './stage.ts';
import { createBus } from './bus/index.ts';
import { createJobStore } from './store/index.ts';
import { createRecordStore, type RecordStore } from './store/records/index.ts';
import { createBankStore, type BankStore } from './store/banks/index.ts';
import { createPolicyStore, type PolicyStore } from './store/policies/index.ts';
import { createWorkflowStore, type WorkflowStore } from './store/workflow/index.ts';
import { createMediaStore } from './media/index.ts';
import { EgressGuard } from './egress.ts';
import { armFaults } from './faults.ts';
import { TenantRegistry } from './tenants.ts';
import type { Logger } from './logger.ts';

export interface EdgeRuntime {
  config: Config;
  log: Logger;
  guard: EgressGuard;
  tenants: TenantRegistry;
}

export interface Runtime extends EdgeRuntime {
  bus: Bus;
  store: JobStore;
  /** Hash banks, in the same kind of store as the jobs. */
  banks: BankStore;
  /** Tenants' published policy versions, in the same kind of store as the jobs. */
  policies: PolicyStore;
  /** The review queue, audit trail and feedback, in the same kind of store as the jobs. */
  workflow: WorkflowStore;
  /** The record store the four stores above share (closed after them). */
  records: RecordStore;
  media: MediaStore;
}

export function createEdgeRuntime(config: Config, log: Logger): EdgeRuntime {
  const tenants = config.TENANTS_FILE ? TenantRegistry.fromFile(config.TENANTS_FILE) : new TenantRegistry(null);
  return { config, log, guard: new EgressGuard({ allowCidrs: config.EGRESS_ALLOW_CIDRS }), tenants };
}

export async function createRuntime(config: Config, log: Logger): Promise<Runtime> {
  armFaults(config.FAULT_POINTS);
  fs.mkdirSync(config.dataDir, { recursive: true });
  // One record store (one directory, NATS connection or MongoDB client) under the four stores of records.
  const records = createRecordStore({ kind: config.jobStore, mongodbUrl: config.MONGODB_URL, natsUrl: config.NATS_URL, dataDir: config.dataDir });
  const where = { kind: config.jobStore, dataDir: config.dataDir, records };
  const store = createJobStore(where);
  const bus = createBus({ kind: config.bus, natsUrl: config.NATS_URL });
  // Media travel with the work: the JetStream object store beside a JetStream bus, local files otherwise.
  const media = createMediaStore({
    natsUrl: config.bus === 'jetstream' ? config.NATS_URL : undefined,
    dataDir: config.dataDir,
    ttlMs: config.MEDIA_RETENTION_HOURS * 3600_000,
  });
  const banks = createBankStore(where);
  const policies = createPolicyStore(where);
  const workflow = createWorkflowStore({
    ...where,
    retention: { moderationRetentionDays: config.RESULT_RETENTION_DAYS, auditRetentionDays: config.AUDIT_RETENTION_DAYS },
  });
  await store.init();
  await banks.init();
  await policies.init();
  await workflow.init();
  await bus.init();
  await media.init();
  log.info({ job_store: config.jobStore, bus: config.bus }, 'runtime ready');
  return { ...createEdgeRuntime(config, log), bus, records, store, banks, policies, workflow, media };
}

export function hasPipeline(rt: EdgeRuntime | Runtime): rt is Runtime {
  return 'bus' in rt;
}

export async function closeRuntime(rt: EdgeRuntime | Runtime): Promise<void> {
  rt.tenants.close();
  if (hasPipeline(rt)) {
    await rt.bus.close();
    await rt.media.close();
    await rt.banks.close();
    await rt.policies.close();
    await rt.workflow.close();
    await rt.store.close();
    await rt.records.close();
  }
}

/** What a pipeline stage needs from the runtime. */
export function stageDeps(rt: Runtime): StageDeps {
  return { bus: rt.bus, store: rt.store, log: rt.log, ackWaitMs: rt.config.STAGE_ACK_WAIT_MS };
}

/** Whether the bus keeps messages across a restart (JetStream) or loses them (the in-process bus). */
export function busIsDurable(rt: Runtime): boolean {
  return rt.config.bus === 'jetstream';
}
