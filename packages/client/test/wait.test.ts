// wait(): exponential backoff between polls, Retry-After on 202, 429 and 503 obeyed instead, a deadline,
// and an AbortSignal; through the client with a scripted fetch and fake timers.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ModerationClient, NotFoundError, WaitTimeoutError, type JobRef } from '../src/index.ts';
import { ORIGIN, fakeFetch, json, tokenAnswer, type FakeFetch } from './fake-fetch.ts';

const JOB: JobRef<'policy'> = { jobId: 'job_1', product: 'policy', media: 'image' };
const POLL = 'GET /v1/classify/policy/image/job_1';
const MODERATION = 'GET /v1/moderate/vmod_1';
const queued = () => json(200, { status: 'queued' });
const done = { status: 'done', results: { policy_categories: [], url: 'a.jpg' }, msg: null };

function setup(): { fake: FakeFetch; client: ModerationClient } {
  const fake = fakeFetch().on('POST /v1/authenticate', tokenAnswer('t'));
  return { fake, client: new ModerationClient({ baseUrl: ORIGIN, apiKey: 'k', fetch: fake.fetch }) };
}

/** The times (ms after the first) at which each poll of `route` was made. */
function pollTimes(fake: FakeFetch, route: string): number[] {
  const polls = fake.to(route);
  return polls.map((r) => r.at - polls[0]!.at);
}

describe('wait', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('backs off exponentially (250 ms doubling, at most 5 s) until the job is done', async () => {
    const { fake, client } = setup();
    fake.on(POLL, ...Array.from({ length: 8 }, queued), json(200, done));
    const result = client.wait(JOB);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(result).resolves.toEqual(done);
    const times = pollTimes(fake, POLL);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(gaps).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('answers a failed job as final', async () => {
    const { fake, client } = setup();
    fake.on(POLL, json(200, { status: 'failed', msg: 'Failed to decode video.' }));
    await expect(client.wait(JOB)).resolves.toEqual({ status: 'failed', msg: 'Failed to decode video.' });
  });

  it('waits Retry-After on a 429 and a 503 instead of its own interval, then polls again', async () => {
    const { fake, client } = setup();
    fake.on(POLL, json(429, { error: 'rate_limited', message: 'slow' }, { 'Retry-After': '3' }), json(503, { error: 'unavailable', message: 'busy' }, { 'Retry-After': '7' }), json(200, done));
    const result = client.wait(JOB);
    await vi.advanceTimersByTimeAsync(20_000);
    await expect(result).resolves.toEqual(done);
    expect(pollTimes(fake, POLL)).toEqual([0, 3000, 10_000]);
  });

  it('reads Retry-After as an HTTP date too', async () => {
    const { fake, client } = setup();
    const at = new Date(Date.now() + 4000).toUTCString();
    fake.on(POLL, json(429, { error: 'rate_limited', message: 'slow' }, { 'Retry-After': at }), json(200, done));
    const result = client.wait(JOB);
    await vi.advanceTimersByTimeAsync(10_000);
    await result;
    const times = pollTimes(fake, POLL);
    // HTTP dates have whole seconds: the wait ends within the second before the date.
    expect(times[1]).toBeGreaterThan(3000);
    expect(times[1]).toBeLessThanOrEqual(4000);
  });

  it('polls a moderation job while it answers 202, honouring its Retry-After, until the decision', async () => {
    const { fake, client } = setup();
    const pending = { moderation_job_id: 'vmod_1', is_error: false, error_message: 'still classifying' };
    const decision = { moderation_job_id: 'vmod_1', is_error: false, decision: 'approve', decision_type: 'fully_automated' };
    fake.on(MODERATION, json(202, pending, { 'Retry-After': '2' }), json(202, pending), json(200, decision));
    const result = client.wait('vmod_1');
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual(decision);
    expect(pollTimes(fake, MODERATION)).toEqual([0, 2000, 2500]);
  });

  it('gives up with WaitTimeoutError at the deadline', async () => {
    const { fake, client } = setup();
    fake.on(POLL, queued());
    const result = client.wait(JOB, { timeoutMs: 3000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    const err = await result;
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(err).toMatchObject({ target: 'job_1', timeoutMs: 3000 });
    // 0, 250, 750, 1750, then the last pause is cut to the deadline: 3000.
    expect(fake.to(POLL)).toHaveLength(5);
  });

  it('gives up at the deadline also while a poll hangs', async () => {
    const { fake, client } = setup();
    const hanging = (req: { request: Request }) =>
      new Promise<Response>((_resolve, reject) => req.request.signal.addEventListener('abort', () => reject(req.request.signal.reason), { once: true }));
    fake.on(POLL, hanging);
    const result = client.wait(JOB, { timeoutMs: 2000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toBeInstanceOf(WaitTimeoutError);
    expect(fake.to(POLL)).toHaveLength(1);
  });

  it('gives up at once when Retry-After reaches past the deadline', async () => {
    const { fake, client } = setup();
    fake.on(POLL, json(503, { error: 'unavailable', message: 'busy' }, { 'Retry-After': '600' }));
    const result = client.wait(JOB, { timeoutMs: 60_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(0);
    expect(await result).toBeInstanceOf(WaitTimeoutError);
    expect(fake.to(POLL)).toHaveLength(1);
  });

  it('stops when its AbortSignal fires, with the signal’s reason', async () => {
    const { fake, client } = setup();
    fake.on(POLL, queued());
    const controller = new AbortController();
    const result = client.wait(JOB, { signal: controller.signal }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(300);
    controller.abort(new Error('user left'));
    expect(await result).toMatchObject({ message: 'user left' });
    const polls = fake.to(POLL).length;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.to(POLL)).toHaveLength(polls);
  });

  it('passes other refusals through (404: unknown or expired job)', async () => {
    const { fake, client } = setup();
    fake.on(POLL, json(404, { error: 'not_found', message: 'no such job' }));
    await expect(client.wait(JOB)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses a bare job_ id, which does not say where to poll it', () => {
    const { client } = setup();
    expect(() => client.wait('job_1')).toThrow(TypeError);
  });
});
