import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { MemoryBus } from '../src/bus/memory.ts';
import { embeddedJobStore } from '../src/store/index.ts';
import { PermanentJobError } from '../src/errors.ts';
import { runStage, finishJob, type StageDeps } from '../src/stage.ts';
import type { Consumer } from '../src/bus/types.ts';
import { newJobRecord, opaqueResults } from './fixtures.ts';

let dir: string;
let deps: StageDeps;
let consumers: Consumer[];
let finished: string[];

async function waitUntil(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stage-test-'));
  const store = embeddedJobStore({ dir });
  const bus = new MemoryBus();
  await store.init();
  await bus.init();
  deps = { bus, store, log: pino({ level: 'silent' }) };
  finished = [];
  consumers = [await bus.consume('pipeline.finished', 'test-finished', async (m) => (finished.push(m.data.jobId), m.ack()))];
});

afterEach(async () => {
  for (const c of consumers) await c.stop();
  await deps.bus.close();
  await deps.store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('runStage error policy', () => {
  it('fails the job with the message of a PermanentJobError and announces it once', async () => {
    const job = newJobRecord({ callbackUrl: 'https://example.com/hook' });
    await deps.store.create(job);
    consumers.push(await runStage(deps, { stage: 'extract', subject: 'pipeline.extract', durable: 't1', handle: async () => { throw new PermanentJobError('Failed to decode video.'); } }));
    await deps.bus.publish('pipeline.extract', { jobId: job.id });
    await waitUntil(async () => (await deps.store.get(job.id))?.status === 'failed');
    const stored = await deps.store.get(job.id);
    expect(stored).toMatchObject({ status: 'failed', msg: 'Failed to decode video.', webhook: { state: 'pending' } });
    await waitUntil(async () => finished.includes(job.id));
  });

  it('retries transient errors and succeeds on a later delivery', async () => {
    const job = newJobRecord();
    await deps.store.create(job);
    const seen: number[] = [];
    consumers.push(
      await runStage(deps, {
        stage: 'vision',
        subject: 'pipeline.vision',
        durable: 't2',
        handle: async (_data, msg) => {
          seen.push(msg.deliveryCount);
          if (msg.deliveryCount < 2) throw new Error('model server warming up');
          await deps.store.update(job.id, { mediaType: 'image/jpeg' });
        },
      }),
    );
    await deps.bus.publish('pipeline.vision', { jobId: job.id, frames: [] });
    await waitUntil(async () => (await deps.store.get(job.id))?.mediaType === 'image/jpeg');
    expect(seen).toEqual([1, 2]);
    expect((await deps.store.get(job.id))?.status).toBe('queued');
  });

  it('fails the job after maxAttempts instead of leaving it queued', async () => {
    const job = newJobRecord();
    await deps.store.create(job);
    consumers.push(
      await runStage(deps, { stage: 'speech', subject: 'pipeline.speech', durable: 't3', maxAttempts: 1, handle: async () => { throw new Error('recogniser crashed'); } }),
    );
    await deps.bus.publish('pipeline.speech', { jobId: job.id, audioKey: 'k', duration: 1 });
    await waitUntil(async () => (await deps.store.get(job.id))?.status === 'failed');
    expect((await deps.store.get(job.id))?.msg).toBe('Processing failed at the speech stage: recogniser crashed');
  });
});

describe('finishJob', () => {
  it('transitions once, but announces on every call so a lost publish is repaired by redelivery', async () => {
    const job = newJobRecord();
    await deps.store.create(job);
    await finishJob(deps, job, { status: 'done', results: opaqueResults({ url: 'x' }) });
    await finishJob(deps, job, { status: 'failed', msg: 'late duplicate' });
    expect(await deps.store.get(job.id)).toMatchObject({ status: 'done', results: { url: 'x' }, msg: null });
    await waitUntil(async () => finished.includes(job.id));
  });
});
