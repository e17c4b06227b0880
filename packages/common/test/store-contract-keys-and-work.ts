// Part of the JobStore contract (called from describeJobStoreContract): idempotency keys and the work
// counts that admission control reads.
import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, type IdempotencyKeyRecord } from '../src/store/idempotency-keys.ts';
import type { JobStore } from '../src/store/types.ts';
import { newJobRecord, opaqueResults } from './fixtures.ts';

const HOUR = 60 * 60 * 1000;

export interface KeysAndWorkContext {
  store: JobStore;
  /** Closes the store and opens a new one over the same data. */
  reopen(): Promise<JobStore>;
}

function keyRecord(tenantId: string, key: string, jobId: string, fingerprint = `fp-${jobId}`, now = new Date()): IdempotencyKeyRecord {
  return newIdempotencyKey({ tenantId, key, fingerprint, jobId }, now);
}

export function describeKeysAndWorkContract(ctx: () => KeysAndWorkContext): void {
  describe('countWork', () => {
    it('counts the queued jobs, and the jobs finished since the given time', async () => {
      const { store } = ctx();
      const [a, b, c] = [newJobRecord(), newJobRecord(), newJobRecord()];
      for (const job of [a, b, c]) await store.create(job);
      expect(await store.countWork(new Date(Date.now() - HOUR))).toEqual({ queued: 3, finished: 0 });
      const beforeFinishing = new Date(Date.now() - 1000);
      await store.finish(a.id, { status: 'done', results: opaqueResults({}) });
      await store.finish(b.id, { status: 'failed', msg: 'nope' });
      expect(await store.countWork(beforeFinishing)).toEqual({ queued: 1, finished: 2 });
      expect(await store.countWork(new Date(Date.now() + HOUR))).toEqual({ queued: 1, finished: 0 });
    });
  });

  describe('idempotency keys', () => {
    it('claims a free key, then answers the record that holds it to every later claim', async () => {
      const { store } = ctx();
      const first = keyRecord('acme', 'order-1', 'job_first');
      expect(await store.claimIdempotencyKey(first)).toBeNull();
      expect(await store.findIdempotencyKey('acme', 'order-1')).toEqual(first);
      const held = await store.claimIdempotencyKey(keyRecord('acme', 'order-1', 'job_second'));
      expect(held).toEqual(first);
      expect(held?.expiresAt).toBeInstanceOf(Date);
      expect(await store.findIdempotencyKey('acme', 'order-2')).toBeNull();
    });

    it('keeps the keys of different tenants apart', async () => {
      const { store } = ctx();
      expect(await store.claimIdempotencyKey(keyRecord('acme', 'same-key', 'job_acme'))).toBeNull();
      expect(await store.claimIdempotencyKey(keyRecord('globex', 'same-key', 'job_globex'))).toBeNull();
      expect((await store.findIdempotencyKey('acme', 'same-key'))?.jobId).toBe('job_acme');
      expect((await store.findIdempotencyKey('globex', 'same-key'))?.jobId).toBe('job_globex');
    });

    it('lets exactly one of concurrent claims of one key win, and tells the others the winner', async () => {
      const { store } = ctx();
      const claims = Array.from({ length: 8 }, (_, i) => keyRecord('acme', 'racing', `job_${i}`));
      const answers = await Promise.all(claims.map((c) => store.claimIdempotencyKey(c)));
      const winners = claims.filter((_, i) => answers[i] === null);
      expect(winners).toHaveLength(1);
      for (const answer of answers.filter((a) => a !== null)) expect(answer?.jobId).toBe(winners[0]!.jobId);
      expect((await store.findIdempotencyKey('acme', 'racing'))?.jobId).toBe(winners[0]!.jobId);
    });

    it('treats an expired key as free', async () => {
      const { store } = ctx();
      const old = keyRecord('acme', 'yesterday', 'job_old', 'fp', new Date(Date.now() - 25 * HOUR));
      expect(await store.claimIdempotencyKey(old)).toBeNull();
      expect(await store.findIdempotencyKey('acme', 'yesterday')).toBeNull();
      const fresh = keyRecord('acme', 'yesterday', 'job_new');
      expect(await store.claimIdempotencyKey(fresh)).toBeNull();
      expect(await store.findIdempotencyKey('acme', 'yesterday')).toEqual(fresh);
    });

    it('releases a key only for the job that holds it', async () => {
      const { store } = ctx();
      expect(await store.claimIdempotencyKey(keyRecord('acme', 'k', 'job_1'))).toBeNull();
      await store.releaseIdempotencyKey('acme', 'k', 'job_other');
      expect((await store.findIdempotencyKey('acme', 'k'))?.jobId).toBe('job_1');
      await store.releaseIdempotencyKey('acme', 'k', 'job_1');
      expect(await store.findIdempotencyKey('acme', 'k')).toBeNull();
      expect(await store.claimIdempotencyKey(keyRecord('acme', 'k', 'job_2'))).toBeNull();
      await expect(store.releaseIdempotencyKey('acme', 'never-claimed', 'job_1')).resolves.toBeUndefined();
    });

    it('stores any printable key up to 255 characters', async () => {
      const { store } = ctx();
      const key = `$weird.key/with spaces:"and"{braces}*${'x'.repeat(200)}`.slice(0, 255);
      const rec = keyRecord('acme', key, 'job_weird');
      expect(await store.claimIdempotencyKey(rec)).toBeNull();
      expect(await store.findIdempotencyKey('acme', key)).toEqual(rec);
    });

    it('keeps keys across close and reopen', async () => {
      const rec = keyRecord('acme', 'durable', 'job_durable');
      expect(await ctx().store.claimIdempotencyKey(rec)).toBeNull();
      const reopened = await ctx().reopen();
      await reopened.init();
      expect(await reopened.findIdempotencyKey('acme', 'durable')).toEqual(rec);
    });
  });
}
