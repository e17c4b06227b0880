// Case 6: the receiver is down for an hour. The webhook-dispatcher module, as all-in-one runs it (its
// runtime from the configuration: in-process bus, embedded store), delivers the webhooks of finished
// jobs to a receiver that answers 503 for an hour of fake time and 200 after: every webhook arrives
// once the receiver is back, exactly once per webhook-id, every attempt of a job under the same id.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, vi } from 'vitest';
import { MODULES } from '@modsvc/all-in-one';
import { loadConfig } from '@modsvc/common/config';
import type { DeliveriesApi } from '@modsvc/common/contracts';
import { closeRuntime, createRuntime, launchModule, moduleSettings, stageDeps, type Runtime } from '@modsvc/common/host';
import { newQueuedJob } from '@modsvc/common/jobs';
import { logger } from '@modsvc/common/logger';
import { finishJob } from '@modsvc/common/stage';
import { tempDir } from '../../helpers/processes.ts';
import { startReceiver, type Receiver } from '../../helpers/receiver.ts';
import { writeTenantsFile } from '../../helpers/tenants.ts';
import type { CaseFigures } from '../support/figures.ts';
import { letIoRun, nextTimer, untilQuiet } from '../support/fake-clock.ts';
import { summarizeWebhooks } from '../support/webhook-ledger.ts';

const HOUR = 3_600_000;

export interface OutagePlan {
  jobs: number;
  outageMs: number;
  /** Fake time after which the case gives up waiting (beyond any schedule's last retry). */
  horizonMs: number;
}

interface Dispatcher {
  rt: Runtime;
  deliveries: DeliveriesApi;
  stop(): Promise<void>;
}

async function startDispatcher(dir: string): Promise<{ dispatcher: Dispatcher; tenant: string }> {
  const { file, acme } = writeTenantsFile(dir);
  const env = { DATA_DIR: path.join(dir, 'data'), TENANTS_FILE: file, EGRESS_ALLOW_CIDRS: '127.0.0.1/32', NATS_URL: '', MONGODB_URL: '' };
  const module = MODULES.find((m) => m.name === 'webhook-dispatcher');
  if (!module) throw new Error('all-in-one has no webhook-dispatcher module');
  const rt = await createRuntime(loadConfig(env), logger.child({ case: 'receiver-down' }));
  // Launched as all-in-one launches it: consumers, and its scheduled tasks (the overdue sweep) armed.
  const launched = await launchModule(module, rt, {}, moduleSettings(module, env));
  await launched.startTasks();
  const deliveries = launched.started.provides?.deliveries;
  if (!deliveries) throw new Error('webhook-dispatcher provides no deliveries API');
  return {
    tenant: acme.id,
    dispatcher: {
      rt,
      deliveries,
      async stop() {
        await launched.stop();
        await closeRuntime(rt);
      },
    },
  };
}

/** Finished jobs with a callback to the receiver, announced on pipeline.finished as policy-scorer does. */
async function finishJobs(rt: Runtime, tenant: string, receiver: Receiver, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = `job_${crypto.randomBytes(16).toString('base64url').slice(0, 22)}`;
    const job = newQueuedJob({ id, tenantId: tenant, product: 'items', media: 'image', source: { kind: 'url', url: 'https://example.com/a.jpg' }, url: 'https://example.com/a.jpg', caption: null, callbackUrl: `${receiver.url}/hooks/outage?i=${i}`, createdAt: new Date(), retentionDays: 30 });
    await rt.store.create(job);
    await finishJob(stageDeps(rt), job, { status: 'failed', msg: 'Failed to decode image. The file is truncated or corrupt.' });
    ids.push(id);
  }
  return ids;
}

export async function receiverDownForAnHour(plan: OutagePlan, figures: Partial<CaseFigures>): Promise<void> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: new Date('2026-11-24T09:00:00.000Z') });
  const dir = tempDir('receiver-down');
  const receiver = await startReceiver();
  let dispatcher: Dispatcher | null = null;
  try {
    const started = await startDispatcher(dir);
    dispatcher = started.dispatcher;
    const { rt, deliveries } = dispatcher;
    const t0 = Date.now();
    receiver.status = 503;
    const ids = await finishJobs(rt, started.tenant, receiver, plan.jobs);
    const logs = () => Promise.all(ids.map((id) => deliveries.deliveries(started.tenant, id)));
    // Quiet: every job has an attempt and none is still being sent.
    const quiet = async () => (await logs()).every((l) => l !== null && l.attempts.length > 0 && l.attempts.every((a) => a.outcome !== 'sending'));
    let refusedCalls = -1;
    let steps = 0;
    for (; steps < 10_000; steps++) {
      await untilQuiet(quiet, 'the attempts in flight to finish');
      if ((await logs()).every((l) => l?.state === 'delivered')) break;
      if (refusedCalls < 0 && Date.now() - t0 >= plan.outageMs) {
        refusedCalls = receiver.calls.length;
        receiver.status = 200;
      }
      if (Date.now() - t0 > plan.horizonMs || !(await nextTimer())) break;
      await letIoRun();
    }
    const final = await logs();
    const deliveredAt = Date.now() - t0;
    const ledger = summarizeWebhooks(receiver.calls);
    const afterOutage = summarizeWebhooks(receiver.calls.slice(Math.max(refusedCalls, 0)));
    figures.jobs_submitted = ids.length;
    figures.jobs_done = final.filter((l) => l?.state === 'delivered').length;
    figures.jobs_lost = ids.length - (figures.jobs_done ?? 0);
    figures.refusals = Math.max(refusedCalls, 0);
    figures.webhook_calls = ledger.calls;
    figures.duplicates = afterOutage.redeliveries;
    figures.simulated_hours_to_deliver = Math.round((deliveredAt / HOUR) * 100) / 100;
    figures.attempts_per_job = Math.max(...final.map((l) => l?.attempts.length ?? 0));
    figures.webhooks_keyed_by = ledger.keyedBy;

    expect(refusedCalls, 'the receiver refused attempts for the whole hour').toBeGreaterThanOrEqual(ids.length);
    expect(final.map((l) => l?.state), 'every webhook delivered once the receiver is back').toEqual(ids.map(() => 'delivered'));
    expect(deliveredAt).toBeGreaterThanOrEqual(plan.outageMs);
    // After the outage each job's webhook was received once; before it, every attempt of a job carried one id.
    expect([...afterOutage.keysPerJob.keys()].sort()).toEqual([...ids].sort());
    expect(afterOutage.redeliveries, 'a second 2xx-answered copy of a webhook').toBe(0);
    expect([...ledger.keysPerJob.values()].filter((keys) => keys.size !== 1), 'one webhook-id for all attempts of a job').toEqual([]);
    expect(ledger.keyedBy).toBe('webhook-id');
  } finally {
    // Real timers first: closing the store and the bus must not wait on a clock nobody moves.
    vi.useRealTimers();
    await dispatcher?.stop();
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
