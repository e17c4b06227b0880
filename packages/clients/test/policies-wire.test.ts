// The Policies API over gRPC: views arrive as policy-scorer answered them, "no such version" stays null,
// and refusals keep their meaning (403 forbidden, 422 naming the field).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import type { PoliciesApi } from '@modsvc/common/contracts';
import { PolicyDocumentSchema, POLICY_TABLE_VERSION, STANDARD_POLICY_DOCUMENT, type PolicyDryRun, type PolicyView } from '@modsvc/common/domain/index';
import { policiesBinding, policiesClient } from '../src/policies.ts';

const STANDARD: PolicyView = { version: POLICY_TABLE_VERSION, created_at: null, document: STANDARD_POLICY_DOCUMENT };
const COSMETICS: PolicyView = {
  version: 'v1',
  created_at: '2026-11-24T05:00:00.000Z',
  document: PolicyDocumentSchema.parse({ categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }] }),
};

const WARNING = 'Standard category HATE_SPEECH is disabled ("enabled": false): ...';
const DRY_RUN: PolicyDryRun = {
  dry_run: true,
  published: false,
  active_version: 'v1',
  document: COSMETICS.document,
  warnings: [],
  categories: [{ name: 'COSMETICS', origin: 'custom', enabled: true, overrides: [] }],
  items_requested: 3,
  items: [],
  skipped: [{ moderation_job_id: 'vmod_1', reason: 'its classification job is past its retention (RESULT_RETENTION_DAYS)' }],
  totals: { items: 0, changed: 0, decisions_before: { reject: 0, pending_review: 0, approve: 0 }, decisions_after: { reject: 0, pending_review: 0, approve: 0 }, transitions: [], categories: [] },
  limitations: ['...'],
};

describe('policies over gRPC', () => {
  let server: GrpcServer;
  let client: PoliciesApi;
  const published: unknown[] = [];
  const api: PoliciesApi = {
    activePolicy: async (tenantId) => (tenantId === 'premium' ? COSMETICS : STANDARD),
    async publishPolicy(tenantId, document) {
      if (tenantId !== 'premium') throw new ApiError('forbidden', 'Custom policies are a Premium feature.');
      if (!PolicyDocumentSchema.safeParse(document).success) throw new ApiError('invalid_request', 'Invalid policy document: categories.0.name: bad');
      published.push(document);
      return { ...COSMETICS, warnings: [WARNING] };
    },
    async dryRunPolicy(tenantId, document, items) {
      if (tenantId !== 'premium') throw new ApiError('forbidden', 'Custom policies are a Premium feature.');
      published.length = 0; // a dry run never publishes
      return { ...DRY_RUN, items_requested: items, document: PolicyDocumentSchema.parse(document) };
    },
    policyVersion: async (tenantId, version) => (tenantId === 'premium' && version === 'v1' ? COSMETICS : null),
  };

  beforeAll(async () => {
    server = await startGrpcServer([policiesBinding(api)], { host: '127.0.0.1', port: 0, auth: null });
    client = policiesClient(`127.0.0.1:${server.port}`, null);
  });

  afterAll(async () => {
    await server.close(1000);
  });

  it('carries the active policy, a version, and null for an unknown version', async () => {
    expect(await client.activePolicy('basic')).toEqual(STANDARD);
    expect(await client.activePolicy('premium')).toEqual(COSMETICS);
    expect(await client.policyVersion('premium', 'v1')).toEqual(COSMETICS);
    expect(await client.policyVersion('premium', 'v2')).toBeNull();
  });

  it('carries the document to publish, and refusals as refusals', async () => {
    expect(await client.publishPolicy('premium', { categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }] })).toEqual({ ...COSMETICS, warnings: [WARNING] });
    expect(published).toHaveLength(1);
    await expect(client.publishPolicy('basic', {})).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    await expect(client.publishPolicy('premium', { categories: [{ name: 'x' }] })).rejects.toMatchObject({ code: 'invalid_request', status: 422, message: expect.stringContaining('categories.0.name') });
  });

  it('carries a dry run: the document, how many items, and the report back', async () => {
    expect(await client.dryRunPolicy('premium', COSMETICS.document, 3)).toEqual(DRY_RUN);
    await expect(client.dryRunPolicy('basic', COSMETICS.document, 3)).rejects.toMatchObject({ code: 'forbidden', status: 403 });
  });
});
