import type { JobRecord } from '@modsvc/common/jobs';

/** A finished job as the store holds it; override what a test needs. */
export function makeJob(over: Partial<JobRecord> = {}): JobRecord {
  const t = new Date('2026-01-02T03:04:05.000Z');
  return {
    id: 'job_123',
    tenantId: 'tenant_a',
    product: 'policy',
    media: 'video',
    status: 'done',
    source: { kind: 'url', url: 'https://media.example.com/v.mp4' },
    url: 'https://media.example.com/v.mp4',
    caption: null,
    callbackUrl: 'https://hooks.example.com/cb?order=42&tag=a%20b',
    mediaKey: 'media/job_123',
    mediaType: 'video/mp4',
    metadata: { width: 1280, height: 720, fps: 30, duration: 12.5, seconds_processed: 12.5 },
    expectedParts: ['vision'],
    parts: {},
    results: {
      policy_categories: [
        { name: 'SEXUAL', description: 'Adult and sexual content', score: 0.93, risk_level: 'HIGH', triggered_by: 'adult_content' },
        { name: 'ARMS_AMMO', description: 'Weapons and firearms', score: 0.61, risk_level: 'MEDIUM', triggered_by: 'knife' },
      ],
      url: 'https://media.example.com/v.mp4',
      tier: 'standard',
      policy_table_version: 'standard-2026-11-22',
    },
    msg: null,
    webhook: { state: 'pending', attempts: [] },
    createdAt: t,
    updatedAt: t,
    finishedAt: t,
    expiresAt: new Date('2026-02-01T00:00:00.000Z'),
    ...over,
  };
}
