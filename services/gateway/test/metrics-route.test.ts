// GET /metrics on the REST port: metrics name tenants and show queue depths, so without METRICS_TOKEN
// the public port does not serve them (404, pointing at the metrics port), and with it only to
// callers that present it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '@modsvc/common/logger';
import { TokenIssuer } from '@modsvc/common/tokens';
import { TenantRegistry, parseTenants } from '@modsvc/common/tenants';
import { serveGateway, type ServedGateway } from './serve-gateway.ts';

const METRICS_TOKEN = 'metrics-token-of-this-test-0123456789';
const tokens = new TokenIssuer('k'.repeat(64));
const silent = () => undefined;
const log = { debug: silent, info: silent, warn: silent, error: silent, fatal: silent } as unknown as Logger;
const tenants = new TenantRegistry(null, parseTenants({ tenants: [{ id: 'acme', api_keys: ['key_acme_0123456789abcdef'] }] }));

describe('GET /metrics on the REST port', () => {
  let open: ServedGateway;
  let guarded: ServedGateway;
  beforeAll(async () => {
    open = await serveGateway({ log, tenants, tokens });
    guarded = await serveGateway({ log, tenants, tokens, env: { METRICS_TOKEN } });
  });
  afterAll(async () => {
    await open.close();
    await guarded.close();
  });

  it('is not served without METRICS_TOKEN: 404 naming the metrics port', async () => {
    const res = await fetch(`${open.origin}/metrics`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/METRICS_PORT/);
  });

  it('with METRICS_TOKEN: 401 without it, with a wrong one or with a tenant token; the metrics with it', async () => {
    const tenantToken = tokens.issue('acme').token;
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}x`, `Bearer ${tenantToken}`, METRICS_TOKEN]) {
      const res = await fetch(`${guarded.origin}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
    const res = await fetch(`${guarded.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toMatch(/modsvc_http_requests_total/);
  });
});
