import { describe, expect, it } from 'vitest';
import { parseTenants } from '../src/tenants.ts';

const key = { api_keys: ['0123456789abcdef0123'] };

describe('tenant limits in TENANTS_FILE', () => {
  it('reads per-tenant read and write rates and bursts', () => {
    const [t] = parseTenants({ tenants: [{ id: 'a', ...key, limits: { reads_per_minute: 12000, writes_per_minute: 60, read_burst: 2000, write_burst: 5 } }] });
    expect(t?.limits).toEqual({ readsPerMinute: 12000, writesPerMinute: 60, readBurst: 2000, writeBurst: 5 });
  });

  it('leaves what is not given to the configured defaults', () => {
    expect(parseTenants({ tenants: [{ id: 'a', ...key }] })[0]?.limits).toEqual({});
    expect(parseTenants({ tenants: [{ id: 'a', ...key, limits: { writes_per_minute: 30 } }] })[0]?.limits).toMatchObject({ writesPerMinute: 30, readsPerMinute: undefined });
  });

  it('refuses rates that are not positive integers, and unknown fields (a misspelt limit must not pass silently)', () => {
    expect(() => parseTenants({ tenants: [{ id: 'a', ...key, limits: { reads_per_minute: 0 } }] })).toThrow();
    expect(() => parseTenants({ tenants: [{ id: 'a', ...key, limits: { writes_per_minute: 1.5 } }] })).toThrow();
    expect(() => parseTenants({ tenants: [{ id: 'a', ...key, limits: { read_per_minute: 100 } }] })).toThrow();
  });
});
