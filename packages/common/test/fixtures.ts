// Test fixtures shared by the common package's tests.
import { randomUUID } from 'node:crypto';
import type { JobRecord } from '../src/jobs.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A queued image job for tenant 't1' created now (or at `overrides.createdAt`), expiring 30 days later. */
export function newJobRecord(overrides: Partial<JobRecord> = {}): JobRecord {
  const createdAt = overrides.createdAt ?? new Date();
  return {
    id: randomUUID(),
    tenantId: 't1',
    product: 'items',
    media: 'image',
    status: 'queued',
    source: { kind: 'url', url: 'https://example.com/a.jpg' },
    url: 'https://example.com/a.jpg',
    caption: null,
    callbackUrl: null,
    mediaKey: null,
    mediaType: null,
    metadata: null,
    expectedParts: null,
    parts: {},
    results: null,
    msg: null,
    webhook: { state: 'none', attempts: [] },
    createdAt,
    updatedAt: createdAt,
    finishedAt: null,
    expiresAt: new Date(createdAt.getTime() + 30 * DAY_MS),
    ...overrides,
  };
}
