// The retry schedule as it runs: each retry is held by its bus message (nak with the schedule's delay),
// so advancing a fake clock past each step makes the next attempt go out, with no restart; and a
// message lost on the way (here: never published) is found by the overdue sweep.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Consumer } from '@modsvc/common/bus/types';
import { MemoryBus } from '@modsvc/common/bus/memory';
import { EgressGuard } from '@modsvc/common/egress';
import type { DeliveryLogView } from '@modsvc/common/domain/index';
import { logger } from '@modsvc/common/logger';
import { embeddedJobStore, type RecordJobStore } from '@modsvc/common/store/index';
import { createJobDeliveries, type JobDeliveries } from '../src/job-deliveries.ts';
import { OVERDUE_GRACE_MS, redriveOverdue } from '../src/overdue-sweep.ts';
import type { Settle } from '../src/scheduled-attempts.ts';
import { startWebhookDispatcher } from '../src/service.ts';
import { makeJob } from './fixtures.ts';
import { startTestReceiver, type TestReceiver } from './receiver.ts';

const log = logger.child({ test: 'schedule-fires' });
let dir: string;
let store: RecordJobStore;
let bus: MemoryBus;
let receiver: TestReceiver;
let deliveries: JobDeliveries;
let consumer: Consumer;
/** What each handled message was told to do (the consumer naks or acks right after). */
let settles: Settle[];

/** Real time (performance.now is not faked), for waiting on real I/O under a busy machine. */
const WAIT_MS = 15_000;

/** Lets real I/O (HTTP, the store's file) and the bus's setImmediate pump run while timers are fake. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (!condition() && performance.now() < deadline) await new Promise((r) => setImmediate(r));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

/** Like until(), for a condition read from the store (vi.waitFor would move the fake clock). */
async function untilLog(jobId: string, condition: (log: DeliveryLogView | null) => boolean, what: string): Promise<void> {
  const deadline = performance.now() + WAIT_MS;
  while (performance.now() < deadline) {
    if (condition(await deliveries.deliveryLog('tenant_a', jobId))) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Waits until the dispatcher has handled `n` messages; the last one's nak (the retry timer) is then set. */
async function handled(n: number): Promise<void> {
  await until(() => settles.length >= n, `${n} handled messages`);
  await settled();
}

async function settled(): Promise<void> {
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date('2026-01-02T03:04:05.000Z') });
  dir = await mkdtemp(join(tmpdir(), 'schedule-fires-'));
  store = embeddedJobStore({ dir });
  bus = new MemoryBus();
  await bus.init();
  receiver = await startTestReceiver();
  deliveries = createJobDeliveries({ store, secretsOf: () => ['s3cret'], guard: new EgressGuard({ allowCidrs: ['127.0.0.0/8'] }), timeoutMs: 2000, log, rand: () => 0 });
  settles = [];
  const observed: JobDeliveries = {
    ...deliveries,
    attemptDue: async (jobId) => {
      const settle = await deliveries.attemptDue(jobId);
      settles.push(settle);
      return settle;
    },
  };
  consumer = await startWebhookDispatcher(bus, log, observed);
});

afterEach(async () => {
  vi.useRealTimers();
  await consumer.stop();
  await bus.close();
  await receiver.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('retries fire on schedule', () => {
  it('the receiver comes back after two failures: attempt 2 at +5 s, attempt 3 at +5 min delivers', async () => {
    const job = makeJob({ callbackUrl: `${receiver.url}/hook` });
    await store.create(job);
    receiver.answer = { status: 503 };
    await bus.publish('pipeline.finished', { jobId: job.id });
    await until(() => receiver.calls.length === 1, 'the first attempt');
    await handled(1);
    expect(settles).toEqual([{ kind: 'later', delayMs: 5000 }]);

    await vi.advanceTimersByTimeAsync(4_900);
    await settled();
    expect(receiver.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    await until(() => receiver.calls.length === 2, 'the retry after 5 s');
    await handled(2);
    expect(settles[1]).toEqual({ kind: 'later', delayMs: 300_000 });

    receiver.answer = { status: 200 };
    await vi.advanceTimersByTimeAsync(4 * 60_000);
    await settled();
    expect(receiver.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000 + 200);
    await until(() => receiver.calls.length === 3, 'the retry after 5 min');
    await untilLog(job.id, (l) => l?.state === 'delivered', 'delivered');

    await vi.advanceTimersByTimeAsync(11 * 3_600_000);
    await settled();
    expect(receiver.calls).toHaveLength(3);
  });

  it('a lost retry message is re-driven by the overdue sweep, once, and not before it is overdue', async () => {
    const now = Date.now();
    const overdue = makeJob({
      id: 'job_overdue',
      callbackUrl: `${receiver.url}/hook`,
      webhook: {
        state: 'pending',
        attempts: [{ attempt: 1, at: new Date(now - 10 * 60_000).toISOString(), httpStatus: 500, error: 'receiver answered HTTP 500', durationMs: 4, outcome: 'failed', redelivery: false }],
        nextAttemptAt: new Date(now - OVERDUE_GRACE_MS).toISOString(),
      },
    });
    const notYet = makeJob({ id: 'job_not_yet', callbackUrl: `${receiver.url}/hook`, webhook: { ...overdue.webhook, nextAttemptAt: new Date(now - 1000).toISOString() } });
    await store.create(overdue);
    await store.create(notYet);

    const sweepDeps = { store, bus, log, leaseMs: deliveries.leaseMs };
    expect(await redriveOverdue(sweepDeps, OVERDUE_GRACE_MS)).toBe(1);
    expect(await redriveOverdue(sweepDeps, OVERDUE_GRACE_MS)).toBe(1); // published again, de-duplicated by its message id
    await until(() => receiver.calls.length === 1, 'the re-driven attempt');
    await settled();
    expect(receiver.calls).toHaveLength(1);
    expect(receiver.calls[0]?.headers['webhook-id']).toBe('job.finished:job_overdue');
    await untilLog('job_overdue', (l) => l?.state === 'delivered', 'delivered');
    expect(await redriveOverdue(sweepDeps, OVERDUE_GRACE_MS)).toBe(0);
  });
});
