import { describe, expect, it } from 'vitest';
import type { DeliveryAttempt, JobWebhook } from '@modsvc/common/jobs';
import { INTERRUPTED_ERROR, afterRedelivery, attemptLeaseMs, failedScheduledAttempts, interruptStale, recordOutcome, startAttempt } from '../src/attempt-log.ts';
import type { DeliveryResult } from '../src/deliver.ts';
import { afterScheduledAttempt, claimScheduledAttempt, dueAt, retryTimer, settleWithoutAttempt } from '../src/scheduled-attempts.ts';
import { makeJob } from './fixtures.ts';

const T0 = new Date('2026-01-02T03:04:05.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const LEASE = attemptLeaseMs(10_000);
const low = () => 0;

const ok: DeliveryResult = { ok: true, retry: false, httpStatus: 200, error: null, durationMs: 12, retryAfterMs: null };
const failed: DeliveryResult = { ok: false, retry: true, httpStatus: 500, error: 'receiver answered HTTP 500', durationMs: 7, retryAfterMs: null };
const gone: DeliveryResult = { ok: false, retry: false, httpStatus: 410, error: 'receiver answered 410 Gone; not retrying', durationMs: 3, retryAfterMs: null };

function attempt(n: number, over: Partial<DeliveryAttempt> = {}): DeliveryAttempt {
  return { attempt: n, at: at(n * 1000).toISOString(), httpStatus: 500, error: 'receiver answered HTTP 500', durationMs: 5, outcome: 'failed', redelivery: false, ...over };
}

const pending = (over: Partial<JobWebhook> = {}): JobWebhook => ({ state: 'pending', attempts: [], nextAttemptAt: null, ...over });

describe('attempt log', () => {
  it('records an attempt as sending before its request, then its outcome', () => {
    const started = startAttempt(pending({ attempts: [attempt(1)] }), T0, false);
    expect(started.attempts[1]).toEqual({ attempt: 2, at: T0.toISOString(), httpStatus: 0, error: null, durationMs: 0, outcome: 'sending', redelivery: false });
    expect(recordOutcome(started, 2, ok).attempts[1]).toEqual({ attempt: 2, at: T0.toISOString(), httpStatus: 200, error: null, durationMs: 12, outcome: 'delivered', redelivery: false });
    expect(recordOutcome(started, 2, failed).attempts[1]).toMatchObject({ outcome: 'failed', httpStatus: 500, error: 'receiver answered HTTP 500' });
    expect(recordOutcome(started, 2, ok).attempts[0]).toEqual(attempt(1));
  });

  it('marks sending attempts past their lease as interrupted, and only those', () => {
    const webhook = startAttempt(pending(), T0, false);
    expect(interruptStale(webhook, at(LEASE - 1), LEASE)).toBe(webhook);
    expect(interruptStale(webhook, at(LEASE), LEASE).attempts[0]).toMatchObject({ outcome: 'interrupted', error: INTERRUPTED_ERROR });
    // A sender that outlives its lease still records what really happened.
    expect(recordOutcome(interruptStale(webhook, at(LEASE), LEASE), 1, ok).attempts[0]).toMatchObject({ outcome: 'delivered', error: null });
  });

  it('counts failed scheduled attempts for the schedule, not redeliveries, interrupted or older delivered ones', () => {
    const webhook = pending({
      attempts: [attempt(1), attempt(2, { outcome: 'interrupted' }), attempt(3, { redelivery: true }), attempt(4, { outcome: undefined, httpStatus: 0 }), attempt(5, { outcome: 'sending' })],
    });
    expect(failedScheduledAttempts(webhook)).toBe(2);
  });

  it('a successful redelivery delivers; a failed one leaves the state and its schedule alone', () => {
    const scheduled = pending({ attempts: [attempt(1)], nextAttemptAt: at(300_000).toISOString() });
    const redelivering = startAttempt(scheduled, T0, true);
    expect(afterRedelivery(redelivering, 2, ok)).toMatchObject({ state: 'delivered', nextAttemptAt: null });
    expect(afterRedelivery(redelivering, 2, failed)).toMatchObject({ state: 'pending', nextAttemptAt: scheduled.nextAttemptAt });
    const gaveUp = startAttempt({ ...scheduled, state: 'gave_up' }, T0, true);
    expect(afterRedelivery(gaveUp, 2, failed).state).toBe('gave_up');
    expect(afterRedelivery(gaveUp, 2, ok).attempts[1]).toMatchObject({ outcome: 'delivered', redelivery: true });
  });
});

describe('claimScheduledAttempt', () => {
  it('starts the first attempt of a finished job at once', () => {
    const claimed = claimScheduledAttempt(makeJob(), T0, LEASE);
    expect(claimed).toEqual({ state: 'pending', nextAttemptAt: null, attempts: [expect.objectContaining({ attempt: 1, outcome: 'sending', redelivery: false, at: T0.toISOString() })] });
  });

  it('starts a retry once it is due, not before', () => {
    const job = makeJob({ webhook: pending({ attempts: [attempt(1)], nextAttemptAt: at(5000).toISOString() }) });
    expect(claimScheduledAttempt(job, at(4999), LEASE)).toBeNull();
    expect(claimScheduledAttempt(job, at(5000), LEASE)?.attempts.map((a) => a.outcome)).toEqual(['failed', 'sending']);
  });

  it('leaves jobs alone that are delivered, given up, unfinished or without callback', () => {
    for (const job of [
      makeJob({ webhook: { state: 'delivered', attempts: [attempt(1, { outcome: 'delivered', httpStatus: 200 })] } }),
      makeJob({ webhook: { state: 'gave_up', attempts: [attempt(1)] } }),
      makeJob({ status: 'queued', results: null }),
      makeJob({ callbackUrl: null }),
    ]) {
      expect(claimScheduledAttempt(job, T0, LEASE)).toBeNull();
    }
  });

  it('does not start a second attempt while one is being sent; after its lease, marks it interrupted and sends again', () => {
    const job = makeJob({ webhook: startAttempt(pending(), T0, false) });
    expect(claimScheduledAttempt(job, at(LEASE - 1), LEASE)).toBeNull();
    const again = claimScheduledAttempt(job, at(LEASE), LEASE);
    expect(again?.attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'interrupted'],
      [2, 'sending'],
    ]);
  });

  it('a redelivery being sent does not hold up the schedule', () => {
    const job = makeJob({ webhook: startAttempt(pending(), T0, true) });
    expect(claimScheduledAttempt(job, at(1), LEASE)?.attempts.map((a) => a.outcome)).toEqual(['sending', 'sending']);
  });
});

describe('afterScheduledAttempt', () => {
  const sending = (previousFailures: number) => startAttempt(pending({ attempts: Array.from({ length: previousFailures }, (_, i) => attempt(i + 1)) }), T0, false);

  it('delivered: no further attempt', () => {
    expect(afterScheduledAttempt(sending(0), 1, ok, at(12), low)).toMatchObject({ state: 'delivered', nextAttemptAt: null });
  });

  it('failed: schedules the next retry from the time the attempt ended', () => {
    const after = afterScheduledAttempt(sending(0), 1, failed, at(7), low);
    expect(after).toMatchObject({ state: 'pending', nextAttemptAt: at(7 + 5000).toISOString() });
    expect(afterScheduledAttempt(sending(1), 2, failed, at(7), low).nextAttemptAt).toBe(at(7 + 300_000).toISOString());
    expect(afterScheduledAttempt(sending(1), 2, { ...failed, httpStatus: 503, retryAfterMs: 3_600_000 }, at(7), low).nextAttemptAt).toBe(at(7 + 3_600_000).toISOString());
  });

  it('410 Gone: gives up at once, the attempt saying why', () => {
    const after = afterScheduledAttempt(sending(0), 1, gone, at(3), low);
    expect(after).toMatchObject({ state: 'gave_up', nextAttemptAt: null });
    expect(after.attempts[0]).toMatchObject({ outcome: 'failed', httpStatus: 410, error: 'receiver answered 410 Gone; not retrying' });
  });

  it('gives up after the eighth failed attempt, and says so', () => {
    const after = afterScheduledAttempt(sending(7), 8, failed, at(7), low);
    expect(after).toMatchObject({ state: 'gave_up', nextAttemptAt: null });
    expect(after.attempts[7]?.error).toBe('receiver answered HTTP 500; gave up after 8 failed attempts');
  });

  it('a redelivery that delivered meanwhile stands', () => {
    const delivered = { ...sending(0), state: 'delivered' as const };
    expect(afterScheduledAttempt(delivered, 1, failed, at(7), low)).toMatchObject({ state: 'delivered', nextAttemptAt: null });
  });
});

describe('what the asking message does', () => {
  it('comes back when the scheduled retry is due', () => {
    expect(retryTimer(pending({ nextAttemptAt: at(5000).toISOString() }), T0)).toEqual({ kind: 'later', delayMs: 5000 });
    expect(retryTimer(pending({ state: 'delivered' }), T0)).toEqual({ kind: 'done' });
    expect(retryTimer(undefined, T0)).toEqual({ kind: 'done' });
  });

  it('without an attempt: is held when the retry is due within 30 s (clock skew), else is a duplicate and done', () => {
    const job = (ms: number) => makeJob({ webhook: pending({ attempts: [attempt(1)], nextAttemptAt: at(ms).toISOString() }) });
    expect(settleWithoutAttempt(job(20_000), T0)).toEqual({ kind: 'later', delayMs: 20_000 });
    expect(settleWithoutAttempt(job(300_000), T0)).toEqual({ kind: 'done' });
    expect(settleWithoutAttempt(makeJob({ webhook: startAttempt(pending(), T0, false) }), T0)).toEqual({ kind: 'done' });
    expect(settleWithoutAttempt(null, T0)).toEqual({ kind: 'done' });
  });

  it('the overdue sweep reckons when each pending webhook was due', () => {
    const finishedAt = T0;
    expect(dueAt(makeJob({ finishedAt }), LEASE)).toBe(T0.getTime());
    expect(dueAt(makeJob({ webhook: pending({ attempts: [attempt(1)], nextAttemptAt: at(5000).toISOString() }) }), LEASE)).toBe(T0.getTime() + 5000);
    expect(dueAt(makeJob({ webhook: startAttempt(pending(), at(100), false) }), LEASE)).toBe(T0.getTime() + 100 + LEASE);
  });
});
