// The behaviour every JobStore implementation must have. Run with describeJobStoreContract().
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryAttempt, JobRecord, SpeechPart, VisionPart, WebhookState } from '../src/jobs.ts';
import { DuplicateJobError, type JobStore } from '../src/store/types.ts';
import { newJobRecord, opaqueResults } from './fixtures.ts';
import { describeKeysAndWorkContract } from './store-contract-keys-and-work.ts';

export interface JobStoreHarness {
  store: JobStore;
  /** Closes the current store and opens a new one over the same data. */
  reopen(): Promise<JobStore>;
  /** Closes whatever is open and removes the data. */
  dispose(): Promise<void>;
}

export type JobStoreFactory = () => Promise<JobStoreHarness>;

const HOUR = 60 * 60 * 1000;
// Relative to now so that records made from it are not yet expired (MongoDB's TTL monitor would delete them).
const T0 = new Date(Date.now() - 10 * HOUR);

function at(offsetMs: number): Date {
  return new Date(T0.getTime() + offsetMs);
}

function visionPart(score: number): VisionPart {
  return {
    scores: { firearm: score, knife: null } as VisionPart['scores'],
    evidence: { firearm: [{ timestamp: 1.5, score, model: 'm1', box: [1, 2, 3, 4] }] },
    models: ['m1'],
    framesAnalysed: 3,
    ocr: null,
  };
}

const speechPart: SpeechPart = {
  transcript: 'hello there',
  segments: [{ start: 0, end: 1.2, text: 'hello there' }],
  recognizer: 'pocketsphinx',
  toxicity: null,
  error: null,
};

function attempt(n: number, httpStatus: number): DeliveryAttempt {
  return { attempt: n, at: at(n * 1000).toISOString(), httpStatus, error: httpStatus === 0 ? 'ECONNREFUSED' : null, durationMs: 10 * n };
}

/** Appends an attempt and sets the state through updateWebhook. */
function appendAttempt(store: JobStore, id: string, a: DeliveryAttempt, state: WebhookState): Promise<JobRecord | null> {
  return store.updateWebhook(id, (job) => ({ ...job.webhook, state, attempts: [...job.webhook.attempts, a] }));
}

export function describeJobStoreContract(name: string, factory: JobStoreFactory): void {
  describe(`JobStore contract: ${name}`, () => {
    let h: JobStoreHarness;
    let store: JobStore;

    beforeEach(async () => {
      h = await factory();
      store = h.store;
      await store.init();
    });

    afterEach(async () => {
      await h.dispose();
    });

    /** A job created an hour before now, so that updatedAt visibly moves on writes. */
    async function created(overrides: Partial<JobRecord> = {}): Promise<JobRecord> {
      const job = newJobRecord({ createdAt: new Date(Date.now() - HOUR), ...overrides });
      await store.create(job);
      return job;
    }

    describe('create / get', () => {
      it('returns what was created, with Dates as Dates', async () => {
        const job = await created({
          callbackUrl: 'https://hooks.example.com/cb?ref=1',
          caption: 'a caption',
          source: { kind: 'upload', filename: 'a.png', declaredType: 'image/png', size: 1234 },
        });
        const got = await store.get(job.id);
        expect(got).toEqual(job);
        expect(got?.createdAt).toBeInstanceOf(Date);
        expect(got?.expiresAt).toBeInstanceOf(Date);
        expect(got?.expiresAt.getTime()).toBe(job.expiresAt.getTime());
      });

      it('returns null for an unknown id', async () => {
        expect(await store.get('no-such-job')).toBeNull();
      });

      it('rejects a duplicate id with DuplicateJobError and keeps the original', async () => {
        const job = await created({ tenantId: 'first' });
        await expect(store.create(newJobRecord({ id: job.id, tenantId: 'second' }))).rejects.toBeInstanceOf(DuplicateJobError);
        expect((await store.get(job.id))?.tenantId).toBe('first');
      });

      it('is not affected by mutating the created or the returned objects', async () => {
        const job = await created();
        const original = structuredClone(job);
        job.caption = 'changed after create';
        const got = await store.get(job.id);
        expect(got).toEqual(original);
        got!.parts.caption = { toxicity: { scores: {} as never, topSpan: null, model: 'x' } };
        got!.webhook.attempts.push(attempt(1, 200));
        expect(await store.get(job.id)).toEqual(original);
      });
    });

    describe('getForTenant', () => {
      it("returns the tenant's own job and hides other tenants' jobs", async () => {
        const a = await created({ tenantId: 'tenant-a' });
        const b = await created({ tenantId: 'tenant-b' });
        expect((await store.getForTenant('tenant-a', a.id))?.id).toBe(a.id);
        expect(await store.getForTenant('tenant-a', b.id)).toBeNull();
        expect(await store.getForTenant('tenant-b', a.id)).toBeNull();
        expect(await store.getForTenant('tenant-a', 'no-such-job')).toBeNull();
      });
    });

    describe('update', () => {
      it('sets the given fields only and moves updatedAt', async () => {
        const job = await created({ caption: 'keep me' });
        const metadata = { width: 640, height: 480, fps: 25, duration: 12.5, seconds_processed: 12.5 };
        const updated = await store.update(job.id, { mediaKey: 'media/abc', mediaType: 'video/mp4', metadata, expectedParts: ['vision', 'speech'] });
        expect(updated).toMatchObject({ mediaKey: 'media/abc', mediaType: 'video/mp4', metadata, expectedParts: ['vision', 'speech'], caption: 'keep me' });
        expect(updated!.updatedAt.getTime()).toBeGreaterThan(job.updatedAt.getTime());
        expect(await store.get(job.id)).toEqual(updated);
      });

      it('leaves fields given as undefined unchanged', async () => {
        const job = await created();
        await store.update(job.id, { mediaKey: 'k1', mediaType: 'image/png' });
        const updated = await store.update(job.id, { mediaKey: undefined, mediaType: 'image/jpeg' });
        expect(updated?.mediaKey).toBe('k1');
        expect(updated?.mediaType).toBe('image/jpeg');
      });

      it('returns null for an unknown id', async () => {
        expect(await store.update('no-such-job', { mediaKey: 'k' })).toBeNull();
      });
    });

    describe('setPart', () => {
      it('sets one part and returns the updated record', async () => {
        const job = await created();
        const updated = await store.setPart(job.id, 'vision', visionPart(0.9));
        expect(updated?.parts).toEqual({ vision: visionPart(0.9) });
        expect(updated!.updatedAt.getTime()).toBeGreaterThan(job.updatedAt.getTime());
        expect((await store.get(job.id))?.parts.vision).toEqual(visionPart(0.9));
      });

      it('keeps both parts when two are set concurrently', async () => {
        const job = await created();
        await Promise.all([store.setPart(job.id, 'vision', visionPart(0.4)), store.setPart(job.id, 'speech', speechPart)]);
        expect((await store.get(job.id))?.parts).toEqual({ vision: visionPart(0.4), speech: speechPart });
      });

      it('replaces a part set again (redelivery)', async () => {
        const job = await created();
        await store.setPart(job.id, 'vision', visionPart(0.1));
        await store.setPart(job.id, 'vision', visionPart(0.2));
        expect((await store.get(job.id))?.parts).toEqual({ vision: visionPart(0.2) });
      });

      it('returns null for an unknown id', async () => {
        expect(await store.setPart('no-such-job', 'speech', speechPart)).toBeNull();
      });
    });

    describe('finish', () => {
      it('makes exactly one transition when called concurrently', async () => {
        const job = await created({ callbackUrl: 'https://hooks.example.com/cb' });
        const outcomes = await Promise.all(
          [1, 2, 3, 4, 5].map((n) => store.finish(job.id, { status: 'done', results: opaqueResults({ call: n }) })),
        );
        expect(outcomes.filter((x) => x)).toHaveLength(1);
        const winner = outcomes.indexOf(true) + 1;
        const got = await store.get(job.id);
        expect(got?.status).toBe('done');
        expect(got?.results).toEqual({ call: winner });
        expect(got?.finishedAt).toBeInstanceOf(Date);
        expect(got?.webhook.state).toBe('pending');
      });

      it('records a failure with its message and leaves the webhook alone without a callback_url', async () => {
        const job = await created();
        expect(await store.finish(job.id, { status: 'failed', msg: 'Failed to decode video.' })).toBe(true);
        const got = await store.get(job.id);
        expect(got).toMatchObject({ status: 'failed', msg: 'Failed to decode video.', results: null, webhook: { state: 'none', attempts: [] } });
        expect(got!.finishedAt!.getTime()).toBeGreaterThan(job.createdAt.getTime());
      });

      it('is a no-op on a failed job', async () => {
        const job = await created({ callbackUrl: 'https://hooks.example.com/cb' });
        await store.finish(job.id, { status: 'failed', msg: 'boom' });
        const before = await store.get(job.id);
        expect(await store.finish(job.id, { status: 'done', results: opaqueResults({ late: true }) })).toBe(false);
        expect(await store.finish(job.id, { status: 'failed', msg: 'again' })).toBe(false);
        expect(await store.get(job.id)).toEqual(before);
      });

      it('is a no-op on a done job, even after its webhook was delivered', async () => {
        const job = await created({ callbackUrl: 'https://hooks.example.com/cb' });
        await store.finish(job.id, { status: 'done', results: opaqueResults({ first: true }) });
        await appendAttempt(store, job.id, attempt(1, 200), 'delivered');
        const before = await store.get(job.id);
        expect(await store.finish(job.id, { status: 'done', results: opaqueResults({ second: true }) })).toBe(false);
        const after = await store.get(job.id);
        expect(after).toEqual(before);
        expect(after?.webhook.state).toBe('delivered');
      });

      it('returns false for an unknown id', async () => {
        expect(await store.finish('no-such-job', { status: 'failed', msg: 'x' })).toBe(false);
      });
    });

    describe('updateWebhook', () => {
      it('replaces the webhook with what the change returns and answers the updated record', async () => {
        const job = await created({ callbackUrl: 'https://hooks.example.com/cb' });
        await store.finish(job.id, { status: 'done', results: opaqueResults({}) });
        await appendAttempt(store, job.id, attempt(1, 0), 'pending');
        const sending = { ...attempt(2, 0), outcome: 'sending' as const };
        const next = { state: 'pending' as const, attempts: [attempt(1, 0), sending], nextAttemptAt: null };
        const updated = await store.updateWebhook(job.id, () => next);
        expect(updated?.webhook).toEqual(next);
        expect(updated!.updatedAt.getTime()).toBeGreaterThan(job.updatedAt.getTime());
        await store.updateWebhook(job.id, (j) => ({ ...j.webhook, state: 'delivered', attempts: [attempt(1, 0), { ...attempt(2, 200), outcome: 'delivered' }] }));
        expect((await store.get(job.id))?.webhook).toEqual({ state: 'delivered', attempts: [attempt(1, 0), { ...attempt(2, 200), outcome: 'delivered' }], nextAttemptAt: null });
      });

      it('changes nothing when the change declines', async () => {
        const job = await created({ callbackUrl: 'https://hooks.example.com/cb' });
        expect(await store.updateWebhook(job.id, () => null)).toBeNull();
        expect(await store.get(job.id)).toEqual(job);
      });

      it('keeps every attempt appended concurrently, each change seeing the one before', async () => {
        const job = await created({ callbackUrl: 'https://hooks.example.com/cb' });
        const numbered = (j: JobRecord) => ({ ...j.webhook, attempts: [...j.webhook.attempts, attempt(j.webhook.attempts.length + 1, 500)] });
        await Promise.all(Array.from({ length: 6 }, () => store.updateWebhook(job.id, numbered)));
        expect((await store.get(job.id))!.webhook.attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6]);
      });

      it('answers null for an unknown id', async () => {
        expect(await appendAttempt(store, 'no-such-job', attempt(1, 200), 'delivered')).toBeNull();
        expect(await store.get('no-such-job')).toBeNull();
      });
    });

    describe('listUnfinished', () => {
      it('lists queued jobs oldest first, up to the limit', async () => {
        const c = await created({ createdAt: at(3 * HOUR) });
        const a = await created({ createdAt: at(1 * HOUR) });
        const finished = await created({ createdAt: at(0) });
        const b = await created({ createdAt: at(2 * HOUR) });
        await store.finish(finished.id, { status: 'done', results: opaqueResults({}) });
        expect((await store.listUnfinished(10)).map((j) => j.id)).toEqual([a.id, b.id, c.id]);
        expect((await store.listUnfinished(2)).map((j) => j.id)).toEqual([a.id, b.id]);
        expect(await store.listUnfinished(0)).toEqual([]);
        const [first] = await store.listUnfinished(1);
        expect(first).toEqual(a);
      });
    });

    describe('listPendingWebhooks', () => {
      it('lists finished jobs whose webhook is pending, up to the limit', async () => {
        const pendingDone = await created({ callbackUrl: 'https://hooks.example.com/1' });
        const pendingFailed = await created({ callbackUrl: 'https://hooks.example.com/2' });
        const delivered = await created({ callbackUrl: 'https://hooks.example.com/3' });
        const noCallback = await created();
        await created({ callbackUrl: 'https://hooks.example.com/queued' });
        await store.finish(pendingDone.id, { status: 'done', results: opaqueResults({ ok: true }) });
        await store.finish(pendingFailed.id, { status: 'failed', msg: 'nope' });
        await store.finish(delivered.id, { status: 'done', results: opaqueResults({}) });
        await appendAttempt(store, delivered.id, attempt(1, 200), 'delivered');
        await store.finish(noCallback.id, { status: 'done', results: opaqueResults({}) });

        const listed = await store.listPendingWebhooks(10);
        expect(listed.map((j) => j.id).sort()).toEqual([pendingDone.id, pendingFailed.id].sort());
        expect(listed.every((j) => j.webhook.state === 'pending' && j.finishedAt instanceof Date)).toBe(true);
        expect(await store.listPendingWebhooks(1)).toHaveLength(1);
        expect(await store.listPendingWebhooks(0)).toEqual([]);
      });
    });

    describe('deleteExpired', () => {
      it('deletes records that expired before now and returns how many', async () => {
        const now = new Date();
        const old1 = await created({ expiresAt: new Date(now.getTime() - HOUR) });
        const old2 = await created({ expiresAt: new Date(now.getTime() - 1) });
        const exact = await created({ expiresAt: now });
        const fresh = await created({ expiresAt: new Date(now.getTime() + HOUR) });
        await store.finish(old2.id, { status: 'done', results: opaqueResults({}) });

        expect(await store.deleteExpired(now)).toBe(2);
        expect(await store.get(old1.id)).toBeNull();
        expect(await store.get(old2.id)).toBeNull();
        expect(await store.get(exact.id)).not.toBeNull();
        expect(await store.get(fresh.id)).not.toBeNull();
        expect(await store.deleteExpired(now)).toBe(0);
        // a deleted id is free again
        await expect(store.create(newJobRecord({ id: old1.id }))).resolves.toBeUndefined();
      });
    });

    describe('persistence', () => {
      it('has every write after close and reopen', async () => {
        const a = await created({ callbackUrl: 'https://hooks.example.com/cb' });
        const b = await created({ createdAt: at(0) });
        await store.update(a.id, { mediaKey: 'media/a', expectedParts: ['vision'] });
        await store.setPart(a.id, 'vision', visionPart(0.7));
        await store.finish(a.id, { status: 'done', results: opaqueResults({ items: [{ name: 'firearm', score: 0.7 }] }) });
        await appendAttempt(store, a.id, attempt(1, 500), 'pending');
        const before = [await store.get(a.id), await store.get(b.id)];

        store = await h.reopen();
        await store.init();
        const after = [await store.get(a.id), await store.get(b.id)];
        expect(after).toEqual(before);
        expect(after[0]?.finishedAt).toBeInstanceOf(Date);
        expect((await store.listUnfinished(10)).map((j) => j.id)).toEqual([b.id]);
        expect((await store.listPendingWebhooks(10)).map((j) => j.id)).toEqual([a.id]);
        await expect(store.create(newJobRecord({ id: a.id }))).rejects.toBeInstanceOf(DuplicateJobError);
      });
    });

    describeKeysAndWorkContract(() => ({ store, reopen: async () => (store = await h.reopen()) }));
  });
}
