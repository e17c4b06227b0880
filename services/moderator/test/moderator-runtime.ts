// The runtime a moderator test needs: a real embedded workflow store in a temporary directory, the
// given classification jobs, and a bus that records what the moderator publishes (its webhooks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { JobRecord } from '@modsvc/common/jobs';
import { EgressGuard } from '@modsvc/common/egress';
import { createWorkflowStore, type WorkflowStore } from '@modsvc/common/store/workflow/index';
import type { BankStore } from '@modsvc/common/store/banks/index';
import { logger } from '@modsvc/common/logger';
import { parseTenants, TenantRegistry } from '@modsvc/common/tenants';
import { createModerator } from '../src/service.ts';
import { ModerationJobs } from '../src/moderation-jobs.ts';
import type { ModeratorSettings } from '../src/settings.ts';

type ModeratorRuntime = Parameters<typeof createModerator>[0];

export interface Published {
  subject: string;
  id: string;
  body: Record<string, unknown>;
}

/** Registers the store's set-up and tear-down for each test of the file; `store()` is the current one. */
export function useWorkflowStore(): { store: () => WorkflowStore } {
  let dir = '';
  let workflow: WorkflowStore | null = null;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderator-'));
    workflow = createWorkflowStore({ kind: 'embedded', dataDir: dir });
    await workflow.init();
  });
  afterEach(async () => {
    await workflow?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { store: () => workflow! };
}

/**
 * A bus that records what is published and, like JetStream, drops a repeat of a msgId. `failNext` makes
 * the next publishes throw; `restart()` gives it a new epoch and an empty log, as an all-in-one's
 * in-process bus after a restart.
 */
export class RecordingBus {
  epoch = 'test-bus:1';
  readonly published: Published[] = [];
  failNext = 0;
  private readonly seen = new Set<string>();

  async publish(subject: string, msg: { id: string; body: Buffer }, opts?: { msgId?: string }): Promise<void> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('bus unavailable (test)');
    }
    if (opts?.msgId) {
      if (this.seen.has(opts.msgId)) return;
      this.seen.add(opts.msgId);
    }
    this.published.push({ subject, id: msg.id, body: JSON.parse(msg.body.toString()) });
  }

  restart(): void {
    this.epoch = `test-bus:${Number(this.epoch.split(':')[1]) + 1}`;
    this.seen.clear();
  }
}

/** The key reviewer pseudonyms are made with in these tests. */
export const TEST_PSEUDONYM_KEY = 'p'.repeat(40);

const key = (id: string) => `key-${id}-0123456789abcdef`;

/**
 * The tenants of the moderator tests: t1 with reviewers alice and bob, t2 with mallory; `extra` adds
 * tenants (entries as in TENANTS_FILE; a reviewer given as a string gets a key).
 */
export function testTenants(extra: { id: string; reviewers?: (string | { id: string; admin?: boolean })[]; review?: Record<string, unknown> }[] = []): TenantRegistry {
  const tenant = (t: { id: string; reviewers?: (string | { id: string; admin?: boolean })[]; review?: Record<string, unknown> }) => ({
    id: t.id,
    api_keys: [key(t.id)],
    ...(t.review ? { review: t.review } : {}),
    reviewers: (t.reviewers ?? []).map((r) => (typeof r === 'string' ? { id: r, api_keys: [key(`${t.id}-${r}`)] } : { ...r, api_keys: [key(`${t.id}-${r.id}`)] })),
  });
  const base = [
    { id: 't1', reviewers: ['alice', 'bob'] },
    { id: 't2', reviewers: ['mallory'] },
  ].filter((b) => !extra.some((e) => e.id === b.id));
  return new TenantRegistry(null, parseTenants({ tenants: [...base, ...extra].map(tenant) }));
}

/** A media store that records which jobs' media were renewed (and holds none). */
export class RecordingMedia {
  readonly renewed: { jobIds: string[]; minAgeMs: number }[] = [];
  async has(): Promise<boolean> {
    return false;
  }
  async get(): Promise<Buffer> {
    return Buffer.alloc(0);
  }
  async renewJobs(jobIds: readonly string[], minAgeMs: number): Promise<number> {
    this.renewed.push({ jobIds: [...jobIds], minAgeMs });
    return jobIds.length;
  }
}

export function moderatorOver(
  jobs: JobRecord[],
  workflow: WorkflowStore,
  settings: ModeratorSettings,
  bus = new RecordingBus(),
  opts: { tenants?: TenantRegistry; media?: RecordingMedia; banks?: Pick<BankStore, 'getBank' | 'getContent'> } = {},
) {
  const media = opts.media ?? new RecordingMedia();
  const rt = {
    banks: opts.banks ?? { getBank: async () => null, getContent: async () => null },
    store: { getForTenant: async (tenantId: string, id: string) => jobs.find((j) => j.tenantId === tenantId && j.id === id) ?? null },
    guard: new EgressGuard(),
    bus,
    log: logger,
    policies: { get: async () => null, latest: async () => null },
    media,
    tenants: opts.tenants ?? testTenants(),
    workflow,
  } as unknown as ModeratorRuntime;
  return { moderator: createModerator(rt, { REVIEWER_PSEUDONYM_KEY: TEST_PSEUDONYM_KEY, ...settings }), jobs: new ModerationJobs(rt), published: bus.published, bus, media, rt };
}
