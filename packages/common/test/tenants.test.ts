import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVIEW_SETTINGS, TenantRegistry, ensureDevTenantsFile, parseTenants, reviewSettingsOf, sha256Hex } from '../src/tenants.ts';

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

  it('resolves a key to the tenant caller or one of its reviewers (plain keys, a sha256 string or a list)', () => {
    const reg = new TenantRegistry(
      null,
      parseTenants({
        tenants: [
          {
            id: 'acme',
            api_keys: ['acme-key-0123456789abcdef'],
            reviewers: [
              { id: 'alice', api_key_sha256: sha256Hex('alice-key-0123456789abcdef') },
              { id: 'bob@acme.example', api_keys: ['bob-key-0123456789abcdef'], api_key_sha256: [sha256Hex('bob-old-key-0123456789abcd').toUpperCase()] },
            ],
          },
          { id: 'globex', api_keys: ['globex-key-0123456789abcd'], reviewers: [{ id: 'alice', api_keys: ['globex-alice-0123456789ab'] }] },
        ],
      }),
    );
    expect(reg.byKey('acme-key-0123456789abcdef')).toMatchObject({ tenant: { id: 'acme' }, role: 'caller' });
    expect(reg.byKey('alice-key-0123456789abcdef')).toMatchObject({ tenant: { id: 'acme' }, role: 'reviewer', reviewerId: 'alice' });
    expect(reg.byKey('bob-key-0123456789abcdef')).toMatchObject({ tenant: { id: 'acme' }, role: 'reviewer', reviewerId: 'bob@acme.example' });
    expect(reg.byKey('bob-old-key-0123456789abcd')).toMatchObject({ role: 'reviewer', reviewerId: 'bob@acme.example' });
    // Reviewer ids are per tenant: globex has its own alice.
    expect(reg.byKey('globex-alice-0123456789ab')).toMatchObject({ tenant: { id: 'globex' }, role: 'reviewer', reviewerId: 'alice' });
    expect(reg.byKey('nope')).toBeNull();
    // A reviewer's key is not a caller key.
    expect(reg.byApiKey('alice-key-0123456789abcdef')).toBeNull();
    expect(reg.reviewer('acme', 'alice')?.id).toBe('alice');
    expect(reg.reviewer('globex', 'bob@acme.example')).toBeNull();
    expect(reg.reviewer('nobody', 'alice')).toBeNull();
  });

  it('refuses bad reviewer ids, reviewers without keys, duplicate ids and keys shared with a caller or another reviewer', () => {
    const caller = { id: 'a', api_keys: ['caller-key-0123456789abcd'] };
    const ok = (reviewers: unknown[]) => parseTenants({ tenants: [{ ...caller, reviewers }] });
    expect(ok([{ id: 'r.1_x@y-z', api_keys: ['rev-key-0123456789abcdef'] }])[0]?.reviewers).toEqual([{ id: 'r.1_x@y-z', keyHashes: [sha256Hex('rev-key-0123456789abcdef')], admin: false }]);
    expect(ok([{ id: 'boss', api_keys: ['rev-key-0123456789abcdef'], admin: true }])[0]?.reviewers[0]?.admin).toBe(true);
    expect(() => ok([{ id: 'boss', api_keys: ['rev-key-0123456789abcdef'], admin: 'yes' }])).toThrow();
    expect(() => ok([{ id: 'has space', api_keys: ['rev-key-0123456789abcdef'] }])).toThrow(/reviewer id/);
    expect(() => ok([{ id: 'x'.repeat(65), api_keys: ['rev-key-0123456789abcdef'] }])).toThrow(/reviewer id/);
    expect(() => ok([{ id: 'r' }])).toThrow(/a reviewer needs/);
    expect(() => ok([{ id: 'r', api_keys: [] }])).toThrow(/a reviewer needs/);
    expect(() => ok([{ id: 'r', api_keys: ['short'] }])).toThrow();
    expect(() => ok([{ id: 'r', api_key_sha256: 'not-hex' }])).toThrow(/64 hex/);
    expect(() => ok([{ id: 'r', api_keys: ['rev-key-0123456789abcdef'], unknown: 1 }])).toThrow();
    expect(() => ok([{ id: 'r', api_keys: ['rev-key-0123456789abcdef'] }, { id: 'r', api_keys: ['rev-key-2-0123456789abcd'] }])).toThrow(/duplicate reviewer id r/);
    expect(() => ok([{ id: 'r', api_keys: ['caller-key-0123456789abcd'] }])).toThrow(/must not also be a caller/);
    expect(() => ok([{ id: 'r', api_key_sha256: sha256Hex('caller-key-0123456789abcd') }])).toThrow(/must not also be a caller/);
    expect(() =>
      parseTenants({ tenants: [caller, { id: 'b', api_keys: ['b-key-0123456789abcdef'], reviewers: [{ id: 'r', api_keys: ['caller-key-0123456789abcd'] }] }] }),
    ).toThrow(/must not also be a caller/);
    expect(() => ok([{ id: 'r', api_keys: ['rev-key-0123456789abcdef'] }, { id: 's', api_keys: ['rev-key-0123456789abcdef'] }])).toThrow(/also given to reviewer r/);
  });

  it('review settings: typed, each left out takes its default, bad values refused', () => {
    const parse = (review?: unknown) => parseTenants({ tenants: [{ id: 'a', api_keys: ['caller-key-0123456789abcd'], ...(review === undefined ? {} : { review }) }] })[0]!.review;
    expect(parse()).toEqual({ ...DEFAULT_REVIEW_SETTINGS });
    expect(DEFAULT_REVIEW_SETTINGS).toEqual({
      appealsPerItem: 1,
      appealsPerHour: 100,
      claimsPerReviewer: 3,
      reviewerInResults: 'pseudonym',
      slaHours: { escalation: 4, quality_sample: 72, appeal: 24 },
    });
    expect(parse({ claims_per_reviewer: 5 })).toEqual({ ...DEFAULT_REVIEW_SETTINGS, claimsPerReviewer: 5 });
    expect(parse({ appeals_per_item: 0, appeals_per_hour: 10, claims_per_reviewer: 1, reviewer_in_results: 'identified', sla_hours: { escalation: 0.5, appeal: 48 } })).toEqual({
      appealsPerItem: 0,
      appealsPerHour: 10,
      claimsPerReviewer: 1,
      reviewerInResults: 'identified',
      slaHours: { escalation: 0.5, quality_sample: 72, appeal: 48 },
    });
    for (const bad of [
      { appeals_per_item: -1 },
      { appeals_per_hour: 0 },
      { claims_per_reviewer: 0 },
      { claims_per_reviewer: 1.5 },
      { reviewer_in_results: 'name' },
      { appeals: 1 },
      { sla_hours: { escalation: 0 } },
      { sla_hours: { appeal: -1 } },
      { sla_hours: { urgent: 1 } },
      { sla_hours: { quality_sample: 24 * 367 } },
    ]) {
      expect(() => parse(bad), JSON.stringify(bad)).toThrow();
    }
    expect(reviewSettingsOf(null)).toEqual({ ...DEFAULT_REVIEW_SETTINGS });
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
    expect(second).toEqual({ ...first, created: false });
    const reg = TenantRegistry.fromFile(file, 0);
    expect(reg.byApiKey(first.apiKey!)?.id).toBe('dev');
    expect(reg.byKey(first.reviewer!.apiKey)).toMatchObject({ tenant: { id: 'dev' }, role: 'reviewer', reviewerId: first.reviewer!.id });
  });

  it('adds a reviewer to a dev tenants file from before reviewers, and leaves other files alone', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
    const old = path.join(dir, 'old.json');
    fs.writeFileSync(old, JSON.stringify({ tenants: [{ id: 'dev', api_keys: ['dev-key-0123456789abcdef'], signing_secret: 'whsec_x' }] }));
    const dev = ensureDevTenantsFile(old);
    expect(dev).toMatchObject({ created: false, apiKey: 'dev-key-0123456789abcdef', signingSecret: 'whsec_x', reviewer: { id: 'dev-reviewer' } });
    expect(TenantRegistry.fromFile(old, 0).byKey(dev.reviewer!.apiKey)).toMatchObject({ role: 'reviewer' });
    expect(ensureDevTenantsFile(old).reviewer).toEqual(dev.reviewer);

    const own = path.join(dir, 'own.json');
    const content = JSON.stringify({ tenants: [{ id: 'acme', api_keys: ['acme-key-0123456789abcdef'] }] });
    fs.writeFileSync(own, content);
    expect(ensureDevTenantsFile(own)).toMatchObject({ created: false, reviewer: null });
    expect(fs.readFileSync(own, 'utf8')).toBe(content);
  });
});
