// Test fixtures shared by the common package's tests.
import { randomUUID } from 'node:crypto';
import { newQueuedJob, type JobRecord, type JobResults } from '../src/jobs.ts';

/** A queued image job for tenant 't1' created now (or at `overrides.createdAt`), expiring 30 days later. */
export function newJobRecord(overrides: Partial<JobRecord> = {}): JobRecord {
  const job = newQueuedJob({
    id: randomUUID(),
    tenantId: 't1',
    product: 'items',
    media: 'image',
    source: { kind: 'url', url: 'https://example.com/a.jpg' },
    url: 'https://example.com/a.jpg',
    caption: null,
    callbackUrl: null,
    createdAt: overrides.createdAt ?? new Date(),
    retentionDays: 30,
  });
  return { ...job, ...overrides };
}

/** Stores keep results as opaque JSON; their tests use arbitrary objects in place of real results. */
export function opaqueResults(value: Record<string, unknown>): JobResults {
  return value as unknown as JobResults;
}
