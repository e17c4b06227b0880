import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TenantRegistry, ensureDevTenantsFile, parseTenants, sha256Hex } from '../src/tenants.ts';

describe('tenants', () => {
  it('finds tenants by plain or sha256 API key', () => {
    const reg = new TenantRegistry(
      null,
      parseTenants({
        tenants: [
          { id: 'acme', api_keys: ['acme-key-0123456789abcdef'], signing_secret: 's1' },
          { id: 'globex', api_key_sha256: [sha256Hex('globex-key-0123456789abcd')] },
        ],
      }),
    );
    expect(reg.byApiKey('acme-key-0123456789abcdef')?.id).toBe('acme');
    expect(reg.byApiKey('acme-key-0123456789abcdef')?.signingSecrets).toEqual(['s1']);
    expect(reg.byApiKey('globex-key-0123456789abcd')).toMatchObject({ id: 'globex', signingSecrets: [], tier: 'standard' });
    expect(reg.byApiKey('nope')).toBeNull();
  });

  it('takes signing_secrets (new first, then old) for rotation, and refuses both forms or an empty list', () => {
    const key = { api_keys: ['0123456789abcdef0123'] };
    const [rotating] = parseTenants({ tenants: [{ id: 'a', ...key, signing_secrets: ['new', 'old'] }] });
    expect(rotating?.signingSecrets).toEqual(['new', 'old']);
    expect(() => parseTenants({ tenants: [{ id: 'a', ...key, signing_secret: 'x', signing_secrets: ['y'] }] })).toThrow(/not both/);
    expect(() => parseTenants({ tenants: [{ id: 'a', ...key, signing_secrets: [] }] })).toThrow();
    expect(() => parseTenants({ tenants: [{ id: 'a', ...key, signing_secrets: ['new', ''] }] })).toThrow();
    expect(parseTenants({ tenants: [{ id: 'a', ...key, signing_secret: null }] })[0]?.signingSecrets).toEqual([]);
  });

  it('rejects tenants without keys, short keys and duplicate ids', () => {
    expect(() => parseTenants({ tenants: [{ id: 'a' }] })).toThrow(/api_keys/);
    expect(() => parseTenants({ tenants: [{ id: 'a', api_keys: ['short'] }] })).toThrow();
    const t = { id: 'a', api_keys: ['0123456789abcdef0123'] };
    expect(() => parseTenants({ tenants: [t, t] })).toThrow(/duplicate/);
  });

  it('reloads the file when it changes (key rotation without restart)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
    const file = path.join(dir, 't.json');
    fs.writeFileSync(file, JSON.stringify({ tenants: [{ id: 'a', api_keys: ['old-key-0123456789abcdef'] }] }));
    const reg = TenantRegistry.fromFile(file, 50);
    expect(reg.byApiKey('old-key-0123456789abcdef')?.id).toBe('a');
    await new Promise((r) => setTimeout(r, 20));
    fs.writeFileSync(file, JSON.stringify({ tenants: [{ id: 'a', api_keys: ['new-key-0123456789abcdef'] }] }));
    const bumped = new Date(Date.now() + 5000);
    fs.utimesSync(file, bumped, bumped);
    await new Promise((r) => setTimeout(r, 200));
    expect(reg.byApiKey('new-key-0123456789abcdef')?.id).toBe('a');
    expect(reg.byApiKey('old-key-0123456789abcdef')).toBeNull();
    reg.close();
  });

  it('creates a dev tenant once and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
    const file = path.join(dir, 'tenants.json');
    const first = ensureDevTenantsFile(file);
    expect(first.created).toBe(true);
    const second = ensureDevTenantsFile(file);
    expect(second).toMatchObject({ created: false, apiKey: first.apiKey });
    expect(TenantRegistry.fromFile(file, 0).byApiKey(first.apiKey!)?.id).toBe('dev');
  });
});
