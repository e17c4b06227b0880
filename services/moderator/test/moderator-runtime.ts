// The runtime a moderator test needs: a real embedded workflow store in a temporary directory, the
// given classification jobs, and a bus that records what the moderator publishes (its webhooks).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { JobRecord } from '@modsvc/common/jobs';
import { EgressGuard } from '@modsvc/common/egress';
import { EmbeddedWorkflowStore } from '@modsvc/common/store/workflow/index';
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
export function useWorkflowStore(): { store: () => EmbeddedWorkflowStore } {
  let dir = '';
  let workflow: EmbeddedWorkflowStore | null = null;
  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'moderator-'));
    workflow = new EmbeddedWorkflowStore(dir);
    await workflow.init();
  });
  afterEach(async () => {
    await workflow?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return { store: () => workflow! };
}

export function moderatorOver(jobs: JobRecord[], workflow: EmbeddedWorkflowStore, settings: ModeratorSettings) {
  const published: Published[] = [];
  const rt = {
    store: { getForTenant: async (tenantId: string, id: string) => jobs.find((j) => j.tenantId === tenantId && j.id === id) ?? null },
    guard: new EgressGuard(),
    bus: { publish: async (subject: string, msg: { id: string; body: Buffer }) => void published.push({ subject, id: msg.id, body: JSON.parse(msg.body.toString()) }) },
    policies: { get: async () => null, latest: async () => null },
    media: { has: async () => false, get: async () => Buffer.alloc(0) },
    workflow,
  } as unknown as ModeratorRuntime;
  return { moderator: createModerator(rt, settings), jobs: new ModerationJobs(rt), published };
}
