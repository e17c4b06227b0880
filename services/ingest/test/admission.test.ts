import { describe, expect, it } from 'vitest';
import { serviceLogger } from '@modsvc/common/logger';
import { ApiError } from '@modsvc/common/errors';
import type { WorkCounts } from '@modsvc/common/store/idempotency-keys';
import { AdmissionControl, decideAdmission } from '../src/admission.ts';

const silent = serviceLogger('admission-test');

describe('decideAdmission', () => {
  it('admits while the backlog is within the limit', () => {
    expect(decideAdmission(0, 0.5, 600)).toMatchObject({ admit: true, backlogSeconds: 0 });
    expect(decideAdmission(300, 0.5, 600)).toMatchObject({ admit: true, backlogSeconds: 600 });
  });

  it('refuses over the limit, with the seconds until the backlog is under it again', () => {
    expect(decideAdmission(301, 0.5, 600)).toEqual({ admit: false, backlogSeconds: 602, retryAfterSeconds: 2 });
    expect(decideAdmission(2000, 2, 600)).toEqual({ admit: false, backlogSeconds: 1000, retryAfterSeconds: 400 });
  });

  it('asks for at least 1 s and at most an hour', () => {
    expect(decideAdmission(601, 1, 600).retryAfterSeconds).toBe(1);
    expect(decideAdmission(1e9, 1, 600).retryAfterSeconds).toBe(3600);
  });

  it('never refuses when the limit is 0 (turned off)', () => {
    expect(decideAdmission(1e9, 0.001, 0).admit).toBe(true);
  });
});

/** An admission control over counts the test sets, with a clock the test moves. */
function harness(opts: { maxBacklogSeconds: number; defaultJobSeconds: number }) {
  const clock = { ms: 1_000_000 };
  const work = { queued: 0, finishedAt: [] as number[] };
  const asked: Date[] = [];
  const countWork = async (since: Date): Promise<WorkCounts> => {
    asked.push(since);
    return { queued: work.queued, finished: work.finishedAt.filter((t) => t >= since.getTime()).length };
  };
  const admission = new AdmissionControl({ ...opts, countWork, log: silent, now: () => clock.ms });
  return { admission, clock, work, asked };
}

async function refusal(p: Promise<void>): Promise<ApiError | null> {
  return p.then(
    () => null,
    (err: unknown) => err as ApiError,
  );
}

describe('AdmissionControl', () => {
  it('before any job finished, prices the backlog at the default job cost', async () => {
    const { admission, work } = harness({ maxBacklogSeconds: 600, defaultJobSeconds: 2 });
    work.queued = 299; // 598 s
    expect(await refusal(admission.admit())).toBeNull(); // 300 jobs now, counted before the store is sampled again
    expect(await refusal(admission.admit())).toBeNull(); // 301: the backlog was at the limit, not over it
    const err = await refusal(admission.admit());
    expect(err).toMatchObject({ code: 'unavailable', status: 503, retryAfterSeconds: 2 });
    expect(err?.message).toMatch(/301 jobs, about 602 s at 0\.50 jobs\/s, over the 600 s/);
  });

  it('uses the throughput measured while the backlog drains, and admits again once it is under the limit', async () => {
    const { admission, clock, work } = harness({ maxBacklogSeconds: 60, defaultJobSeconds: 10 });
    work.queued = 100;
    expect(await refusal(admission.admit())).toMatchObject({ retryAfterSeconds: 940 }); // 1000 s at the default
    // The pipeline finishes 4 jobs/s: samples every 5 s see it.
    for (let i = 1; i <= 3; i++) {
      clock.ms += 5000;
      for (let j = 0; j < 20; j++) work.finishedAt.push(clock.ms - 1);
      work.queued = 500 - 20 * i;
      await admission.sampleWhileBusy();
    }
    expect(admission.jobsPerSecond()).toBeCloseTo(4, 5);
    const err = await refusal(admission.admit());
    expect(err?.retryAfterSeconds).toBe(Math.ceil(440 / 4 - 60));
    work.queued = 200; // 50 s of work at 4 jobs/s
    clock.ms += 1000;
    expect(await refusal(admission.admit())).toBeNull();
  });

  it('counts a burst admitted between two samples, so that it cannot overshoot the limit', async () => {
    const { admission } = harness({ maxBacklogSeconds: 10, defaultJobSeconds: 2 });
    const answers = await Promise.all(Array.from({ length: 10 }, () => refusal(admission.admit())));
    expect(answers.filter((a) => a === null)).toHaveLength(6); // 0..5 queued jobs are within 10 s
    expect(answers.filter((a) => a?.status === 503)).toHaveLength(4);
  });

  it('reads the store at most once a second while submits arrive', async () => {
    const { admission, clock, asked } = harness({ maxBacklogSeconds: 600, defaultJobSeconds: 2 });
    await Promise.all(Array.from({ length: 20 }, () => admission.admit()));
    expect(asked).toHaveLength(1);
    clock.ms += 999;
    await admission.admit();
    expect(asked).toHaveLength(1);
    clock.ms += 1;
    await admission.admit();
    expect(asked).toHaveLength(2);
  });

  it('samples in the background only while work is queued', async () => {
    const { admission, clock, work, asked } = harness({ maxBacklogSeconds: 600, defaultJobSeconds: 2 });
    await admission.sampleWhileBusy();
    expect(asked).toHaveLength(0); // nothing known to be queued
    work.queued = 3;
    await admission.admit();
    expect(asked).toHaveLength(1);
    clock.ms += 5000;
    work.queued = 0; // all done by now
    await admission.sampleWhileBusy();
    expect(asked).toHaveLength(2);
    clock.ms += 5000;
    await admission.sampleWhileBusy();
    expect(asked).toHaveLength(2); // idle: nothing to measure
  });

  it('admits when the counts cannot be read', async () => {
    const admission = new AdmissionControl({ maxBacklogSeconds: 1, defaultJobSeconds: 100, countWork: () => Promise.reject(new Error('store down')), log: silent });
    await expect(admission.admit()).resolves.toBeUndefined();
  });

  it('does nothing when turned off', async () => {
    const { admission, work, asked } = harness({ maxBacklogSeconds: 0, defaultJobSeconds: 2 });
    work.queued = 1e6;
    await expect(admission.admit()).resolves.toBeUndefined();
    expect(asked).toHaveLength(0);
    expect(admission.enabled).toBe(false);
  });
});
