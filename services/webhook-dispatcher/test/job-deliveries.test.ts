// The job webhook end to end on a real store and a real receiver, with the clock injected: the retry
// schedule fires step by step, Retry-After and 410 are honoured, redelivery keeps the webhook-id, and
// every attempt is in the log from the moment its request goes out.
import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EgressGuard } from '@modsvc/common/egress';
import { ApiError } from '@modsvc/common/errors';
import type { JobRecord } from '@modsvc/common/jobs';
import { logger } from '@modsvc/common/logger';
import { verifyStandardWebhook } from '@modsvc/common/standard-webhooks';
import { embeddedJobStore, type RecordJobStore } from '@modsvc/common/store/index';
import { createJobDeliveries, type JobDeliveries } from '../src/job-deliveries.ts';
import { RETRY_DELAYS_MS } from '../src/schedule.ts';
import { makeJob } from './fixtures.ts';
import { startTestReceiver, type TestReceiver } from './receiver.ts';

const guard = new EgressGuard({ allowCidrs: ['127.0.0.0/8'] });
const SECRETS: Record<string, string[]> = { tenant_a: ['new-secret', 'old-secret'] };
const T0 = new Date('2026-01-02T03:04:05.000Z');

let dir: string;
let store: RecordJobStore;
let receiver: TestReceiver;
let clock: Date;
let deliveries: JobDeliveries;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webhook-deliveries-'));
  store = embeddedJobStore({ dir });
  receiver = await startTestReceiver();
  clock = T0;
  deliveries = createJobDeliveries({
    store,
    secretsOf: (tenantId) => SECRETS[tenantId] ?? [],
    guard,
    timeoutMs: 2000,
    log: logger.child({ test: 'job-deliveries' }),
    now: () => clock,
    rand: () => 0,
  });
});

afterEach(async () => {
  await receiver.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

async function finishedJob(over: Partial<JobRecord> = {}): Promise<JobRecord> {
  const job = makeJob({ id: `job_${crypto.randomBytes(5).toString('hex')}`, callbackUrl: `${receiver.url}/hook`, ...over });
  await store.create(job);
  return job;
}

const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

describe('scheduled attempts', () => {
  it('fires every step of the schedule while the receiver fails, and delivers once it is back', async () => {
    const job = await finishedJob();
    receiver.answer = { status: 500 };
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      const settle = await deliveries.attemptDue(job.id);
      expect(settle.kind).toBe('later');
      const delay = settle.kind === 'later' ? settle.delayMs : 0;
      delays.push(delay);
      // Early: nothing is sent, and a duplicate message is dropped.
      advance(delay - 60_000 > 0 ? delay - 60_000 : 0);
      if (delay > 60_000) expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'done' });
      advance(delay > 60_000 ? 60_000 : delay);
    }
    expect(delays).toEqual(RETRY_DELAYS_MS.slice(0, 4));
    expect(receiver.calls).toHaveLength(4);

    receiver.answer = { status: 204 };
    expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'done' });
    const log = await deliveries.deliveryLog('tenant_a', job.id);
    expect(log).toMatchObject({ state: 'delivered', nextAttemptAt: null, webhookId: `job.finished:${job.id}` });
    expect(log?.attempts.map((a) => [a.attempt, a.outcome, a.httpStatus])).toEqual([
      [1, 'failed', 500],
      [2, 'failed', 500],
      [3, 'failed', 500],
      [4, 'failed', 500],
      [5, 'delivered', 204],
    ]);
    // Each attempt went out when the schedule said, under the same webhook-id, stamped with its own time.
    const stamps = receiver.calls.map((c) => Number(c.headers['webhook-timestamp']) - T0.getTime() / 1000);
    expect(stamps).toEqual([0, 5, 305, 2105, 9305]);
    expect(new Set(receiver.calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([`job.finished:${job.id}`]));
    expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'done' });
    expect(receiver.calls).toHaveLength(5);
  });

  it('gives up after eight failed attempts', async () => {
    const job = await finishedJob();
    receiver.answer = { status: 502 };
    for (const delay of RETRY_DELAYS_MS) {
      expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'later', delayMs: delay });
      advance(delay);
    }
    expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'done' });
    const log = await deliveries.deliveryLog('tenant_a', job.id);
    expect(log?.state).toBe('gave_up');
    expect(log?.attempts).toHaveLength(8);
    expect(log?.attempts.at(-1)?.error).toBe('receiver answered HTTP 502; gave up after 8 failed attempts');
    expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'done' });
    expect(receiver.calls).toHaveLength(8);
  });

  it("waits for a 503's Retry-After when longer than the schedule", async () => {
    const job = await finishedJob();
    receiver.answer = { status: 503, headers: { 'retry-after': '3600' } };
    expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'later', delayMs: 3_600_000 });
    expect((await deliveries.deliveryLog('tenant_a', job.id))?.nextAttemptAt).toBe(new Date(T0.getTime() + 3_600_000).toISOString());
  });

  it('stops at once on 410 Gone, saying why', async () => {
    const job = await finishedJob();
    receiver.answer = { status: 410 };
    expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'done' });
    const log = await deliveries.deliveryLog('tenant_a', job.id);
    expect(log).toMatchObject({ state: 'gave_up', nextAttemptAt: null });
    expect(log?.attempts[0]).toMatchObject({ outcome: 'failed', httpStatus: 410, error: 'receiver answered 410 Gone; not retrying' });
  });

  it('records the attempt as sending before the request reaches the receiver', async () => {
    const job = await finishedJob();
    let seenByReceiver: unknown;
    receiver.onCall = async () => {
      seenByReceiver = (await deliveries.deliveryLog('tenant_a', job.id))?.attempts;
    };
    await deliveries.attemptDue(job.id);
    expect(seenByReceiver).toEqual([{ attempt: 1, at: T0.toISOString(), outcome: 'sending', redelivery: false, httpStatus: 0, error: null, durationMs: 0 }]);
    expect((await deliveries.deliveryLog('tenant_a', job.id))?.attempts[0]).toMatchObject({ outcome: 'delivered', httpStatus: 200 });
  });

  it('sends one attempt when two messages for the job arrive together', async () => {
    const job = await finishedJob();
    const settles = await Promise.all([deliveries.attemptDue(job.id), deliveries.attemptDue(job.id), deliveries.attemptDue(job.id)]);
    expect(settles).toEqual([{ kind: 'done' }, { kind: 'done' }, { kind: 'done' }]);
    expect(receiver.calls).toHaveLength(1);
  });
});

describe('redelivery', () => {
  it('sends the same event again at once: same webhook-id, new timestamp, marked in the log', async () => {
    const job = await finishedJob();
    await deliveries.attemptDue(job.id);
    advance(3_600_000);
    const answer = await deliveries.redeliver('tenant_a', job.id);
    expect(answer).toEqual({
      webhookId: `job.finished:${job.id}`,
      state: 'delivered',
      attempt: { attempt: 2, at: clock.toISOString(), outcome: 'delivered', redelivery: true, httpStatus: 200, error: null, durationMs: expect.any(Number) },
    });
    const [first, again] = receiver.calls;
    expect(again?.headers['webhook-id']).toBe(first?.headers['webhook-id']);
    expect(Number(again?.headers['webhook-timestamp']) - Number(first?.headers['webhook-timestamp'])).toBe(3600);
    expect(again?.body.equals(first!.body)).toBe(true);
    const verdict = verifyStandardWebhook({ headers: again!.headers, body: again!.body, secrets: ['old-secret'], nowSeconds: clock.getTime() / 1000 });
    expect(verdict).toEqual({ ok: true, id: `job.finished:${job.id}`, timestamp: clock.getTime() / 1000 });
    expect((await deliveries.deliveryLog('tenant_a', job.id))?.attempts.map((a) => [a.attempt, a.redelivery])).toEqual([
      [1, false],
      [2, true],
    ]);
  });

  it('revives a webhook that gave up when it succeeds; a failed redelivery changes no state or schedule', async () => {
    const job = await finishedJob();
    receiver.answer = { status: 500 };
    await deliveries.attemptDue(job.id);
    const scheduled = (await deliveries.deliveryLog('tenant_a', job.id))?.nextAttemptAt;
    const failed = await deliveries.redeliver('tenant_a', job.id);
    expect(failed).toMatchObject({ state: 'pending', attempt: { outcome: 'failed', httpStatus: 500, redelivery: true } });
    expect((await deliveries.deliveryLog('tenant_a', job.id))?.nextAttemptAt).toBe(scheduled);

    receiver.answer = { status: 410 };
    advance(RETRY_DELAYS_MS[0]!);
    await deliveries.attemptDue(job.id);
    expect((await deliveries.deliveryLog('tenant_a', job.id))?.state).toBe('gave_up');
    receiver.answer = { status: 200 };
    expect(await deliveries.redeliver('tenant_a', job.id)).toMatchObject({ state: 'delivered', attempt: { attempt: 4, outcome: 'delivered' } });
  });

  it("answers null for an unknown job or another tenant's, and a conflict without callback or before the job finished", async () => {
    const job = await finishedJob();
    expect(await deliveries.redeliver('tenant_b', job.id)).toBeNull();
    expect(await deliveries.redeliver('tenant_a', 'job_unknown')).toBeNull();
    const silent = await finishedJob({ callbackUrl: null, webhook: { state: 'none', attempts: [] } });
    await expect(deliveries.redeliver('tenant_a', silent.id)).rejects.toMatchObject({ code: 'conflict', message: expect.stringMatching(/no callback_url/) });
    const queued = await finishedJob({ status: 'queued', results: null, finishedAt: null, webhook: { state: 'none', attempts: [] } });
    const refusal = await deliveries.redeliver('tenant_a', queued.id).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: 'conflict', status: 409, message: expect.stringMatching(/has not finished/) });
    expect(receiver.calls).toHaveLength(0);
  });
});

describe('delivery log', () => {
  it('is "none" without webhook-id for a job without callback, and hides other tenants\' jobs', async () => {
    const silent = await finishedJob({ callbackUrl: null, webhook: { state: 'none', attempts: [] } });
    expect(await deliveries.deliveryLog('tenant_a', silent.id)).toEqual({ state: 'none', webhookId: null, nextAttemptAt: null, attempts: [] });
    expect(await deliveries.deliveryLog('tenant_b', silent.id)).toBeNull();
  });
});
