// The runtime a moderator test needs: a real embedded workflow store in a temporary directory, the
// given classification jobs, and a bus that records what the moderator publishes (its webhooks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { JobRecord } from '@modsvc/common/jobs';
import { EgressGuard } from '@modsvc/common/egress';
import { createWorkflowStore, type WorkflowStore } from '@modsvc/common/store/workflow/index';
import { logger } from '@modsvc/common/logger';
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

export function moderatorOver(jobs: JobRecord[], workflow: WorkflowStore, settings: ModeratorSettings, bus = new RecordingBus()) {
  const rt = {
    store: { getForTenant: async (tenantId: string, id: string) => jobs.find((j) => j.tenantId === tenantId && j.id === id) ?? null },
    guard: new EgressGuard(),
    bus,
    log: logger,
    policies: { get: async () => null, latest: async () => null },
    media: { has: async () => false, get: async () => Buffer.alloc(0) },
    workflow,
  } as unknown as ModeratorRuntime;
  return { moderator: createModerator(rt, settings), jobs: new ModerationJobs(rt), published: bus.published, bus };
}
