import { describe, expect, it } from 'vitest';
import { ThroughputEstimator } from '../src/throughput.ts';

/** Feeds samples every `stepMs`: [queued at the sample, finished since the previous one]. */
function feed(e: ThroughputEstimator, samples: [number, number][], stepMs = 5000, startMs = 0): number {
  let t = startMs;
  for (const [queued, finished] of samples) {
    e.observe(t, queued, finished);
    t += stepMs;
  }
  return t;
}

describe('ThroughputEstimator', () => {
  it('knows nothing before a busy interval has seen a job finish', () => {
    const e = new ThroughputEstimator();
    feed(e, [[0, 0], [0, 0], [3, 0]]);
    expect(e.jobsPerSecond()).toBeNull();
  });

  it('measures the rate at which a backlog drains', () => {
    const e = new ThroughputEstimator();
    // 100 queued, 10 finish every 5 s: 2 jobs/s.
    feed(e, [[100, 0], [90, 10], [80, 10], [70, 10]]);
    expect(e.jobsPerSecond()).toBeCloseTo(2, 5);
  });

  it('does not count idle time: finishes while the pipeline ran dry measure demand, not capacity', () => {
    const e = new ThroughputEstimator();
    feed(e, [[100, 0], [90, 10], [80, 10]]);
    // Then light traffic: one job at a time, finished within the interval.
    feed(e, [[1, 0], [0, 1], [1, 0], [0, 1], [0, 0]], 5000, 20_000);
    expect(e.jobsPerSecond()).toBeCloseTo(2, 5);
  });

  it('gathers busy intervals without a finish (long videos) into one measurement', () => {
    const e = new ThroughputEstimator();
    // 5 long jobs queued; one finishes every 30 s, samples every 5 s.
    const samples: [number, number][] = [[5, 0]];
    for (let i = 0; i < 12; i++) samples.push([5 - Math.floor((i + 1) / 6), (i + 1) % 6 === 0 ? 1 : 0]);
    feed(e, samples);
    expect(e.jobsPerSecond()).toBeCloseTo(1 / 30, 5);
  });

  it('a single slow job alone never drags the estimate to zero', () => {
    const e = new ThroughputEstimator();
    feed(e, [[100, 0], [90, 10], [80, 10]]);
    const before = e.jobsPerSecond();
    // One job in the pipeline for a minute, then it finishes: nothing was waiting behind it.
    feed(e, [[1, 0], [1, 0], [1, 0], [1, 0], [0, 1]], 15_000, 20_000);
    expect(e.jobsPerSecond()).toBe(before);
  });

  it('follows a change of capacity within about a minute of busy time', () => {
    const e = new ThroughputEstimator();
    const t = feed(e, [[500, 0], [490, 10], [480, 10]]); // 2 jobs/s
    const halved: [number, number][] = Array.from({ length: 24 }, (_, i) => [470 - 5 * i, 5]); // 1 job/s for 2 minutes
    feed(e, halved, 5000, t);
    expect(e.jobsPerSecond()).toBeGreaterThan(1);
    expect(e.jobsPerSecond()).toBeLessThan(1.2);
  });
});
