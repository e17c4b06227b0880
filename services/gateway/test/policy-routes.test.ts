// /v1/policy at the REST edge, over the real Policies API (policy-scorer) on embedded stores: GET's answer
// PUT back is a new version with the same document; a disabled Standard category is published with a
// warning; PUT ?dry_run=true validates and answers the replay without publishing; bad parameters are 422.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@modsvc/common/logger';
import { TenantRegistry, parseTenants } from '@modsvc/common/tenants';
import { TokenIssuer } from '@modsvc/common/tokens';
import { POLICY_TABLE_VERSION, STANDARD_POLICY_DOCUMENT } from '@modsvc/common/domain/index';
import { createPolicyStore, type PolicyStore } from '@modsvc/common/store/policies/index';
import { createWorkflowStore, type WorkflowStore } from '@modsvc/common/store/workflow/index';
import { createPoliciesApi } from '../../policy-scorer/src/policies-api.ts';
import { serveGateway, type ServedGateway } from './serve-gateway.ts';

const log = { debug() {}, info() {}, warn() {}, error() {}, fatal() {} } as unknown as Logger;
const KEYS = { shop: 'shop-key-0123456789abcdef', basic: 'basic-key-0123456789abcdef' };
const COSMETICS = { categories: [{ name: 'COSMETICS', description: 'Make-up.', signals: [{ terms: ['lipstick'], weight: 0.6 }] }] };

let dir: string;
let policies: PolicyStore;
let workflow: WorkflowStore;
let gateway: ServedGateway;
const token: Record<string, string> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'policy-routes-'));
  policies = createPolicyStore({ kind: 'embedded', dataDir: dir });
  workflow = createWorkflowStore({ kind: 'embedded', dataDir: dir });
  await policies.init();
  await workflow.init();
  const tenants = new TenantRegistry(null, parseTenants({ tenants: [{ id: 'shop', api_keys: [KEYS.shop], tier: 'premium' }, { id: 'basic', api_keys: [KEYS.basic] }] }));
  const models = { models: () => Promise.reject(new Error('not used')), embed: () => Promise.reject(new Error('not used')) };
  const jobs = { getForTenant: async () => null };
  const api = createPoliciesApi({ tenants, policies, workflow, store: jobs, log } as never, models);
  gateway = await serveGateway({ log, tenants, tokens: new TokenIssuer('k'.repeat(40)), policies: api });
  for (const [who, key] of Object.entries(KEYS)) {
    const r = await fetch(`${gateway.origin}/v1/authenticate`, { method: 'POST', body: new URLSearchParams({ key }) });
    token[who] = ((await r.json()) as { api_token: string }).api_token;
  }
});

afterAll(async () => {
  await gateway?.close();
  await workflow?.close();
  await policies?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function call(who: string, method: string, p: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { Authorization: `Bearer ${token[who]}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${gateway.origin}/v1${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('PUT /v1/policy', () => {
  it('takes back what GET answers: 200 and a new version with the identical document', async () => {
    const standard = await call('shop', 'GET', '/policy');
    expect(standard.body).toMatchObject({ version: POLICY_TABLE_VERSION, created_at: null, document: STANDARD_POLICY_DOCUMENT });
    const first = await call('shop', 'PUT', '/policy', standard.body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ version: 'v1', document: STANDARD_POLICY_DOCUMENT, warnings: [] });

    expect((await call('shop', 'PUT', '/policy', COSMETICS)).body).toMatchObject({ version: 'v2' });
    const got = await call('shop', 'GET', '/policy');
    const again = await call('shop', 'PUT', '/policy', got.body);
    expect(again.status).toBe(200);
    expect(again.body.version).toBe('v3');
    expect(again.body.document).toEqual(got.body.document);
    expect((await call('shop', 'GET', '/policy/versions/v3')).body.document).toEqual(got.body.document);
  });

  it('answers a warning when the document disables a Standard category', async () => {
    const r = await call('shop', 'PUT', '/policy', { categories: [...COSMETICS.categories, { name: 'HATE_SPEECH', enabled: false }] });
    expect(r.status).toBe(200);
    expect(r.body.warnings).toEqual([expect.stringMatching(/^Standard category HATE_SPEECH is disabled \("enabled": false\)/)]);
  });

  it('?dry_run=true validates and answers the replay, publishing nothing', async () => {
    const active = (await call('shop', 'GET', '/policy')).body.version;
    const r = await call('shop', 'PUT', '/policy?dry_run=true&items=5', { categories: [{ name: 'DRUGS', enabled: false }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ dry_run: true, published: false, active_version: active, items_requested: 5, items: [], warnings: [expect.stringContaining('DRUGS')] });
    expect((await call('shop', 'GET', '/policy')).body.version).toBe(active);
    // Invalid documents are refused as a publication would be.
    const bad = await call('shop', 'PUT', '/policy?dry_run=true', { version: 'v1', document: { categories: [{ name: 'COSMETICS' }] } });
    expect(bad.status).toBe(422);
    expect(String(bad.body.message)).toContain('document.categories.0.description');
  });

  it('refuses bad dry-run parameters and Standard tenants', async () => {
    for (const q of ['dry_run=maybe', 'dry_run=true&items=0', `dry_run=true&items=100000`, 'items=5']) {
      const r = await call('shop', 'PUT', `/policy?${q}`, COSMETICS);
      expect(r.status, q).toBe(422);
    }
    expect((await call('basic', 'PUT', '/policy?dry_run=true', COSMETICS)).status).toBe(403);
  });
});
