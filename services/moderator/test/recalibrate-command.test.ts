// The recalibrate command against a real embedded store in a temporary DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STANDARD_POLICY_DOCUMENT, type PolicyDocument } from '@modsvc/common/domain/index';
import { createPolicyStore } from '@modsvc/common/store/policies/index';
import { createWorkflowStore } from '@modsvc/common/store/workflow/index';
import { runRecalibrate } from '../../../scripts/recalibrate.ts';
import { feedbackFor, N, OVERLAPPING, P } from './recalibrate-fixtures.ts';

let dataDir: string;
let env: Record<string, string>;

const stores = () => {
  const opts = { kind: 'embedded' as const, dataDir };
  return { policies: createPolicyStore(opts), workflow: createWorkflowStore(opts) };
};

// v1 of the Premium tenant: the Standard document with its own SEXUAL thresholds, which must survive.
const V1: PolicyDocument = {
  ...STANDARD_POLICY_DOCUMENT,
  categories: STANDARD_POLICY_DOCUMENT.categories.map((c) => (c.name === 'SEXUAL' ? { ...c, thresholds: { HIGH: 0.85, MEDIUM: 0.55, LOW: 0.25 } } : c)),
};

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recalibrate-'));
  const tenantsFile = path.join(dataDir, 'tenants.json');
  const tenants = [
    { id: 'acme', api_keys: ['acme-key-0123456789'], tier: 'premium' },
    { id: 'basic', api_keys: ['basic-key-0123456789'], tier: 'standard' },
  ];
  fs.writeFileSync(tenantsFile, JSON.stringify({ tenants }));
  env = { DATA_DIR: dataDir, TENANTS_FILE: tenantsFile, JOB_STORE: 'embedded' };
  const { policies, workflow } = stores();
  await policies.init();
  await workflow.init();
  await policies.publish('acme', V1);
  for (const tenant of ['acme', 'basic']) {
    const version = tenant === 'acme' ? 'v1' : 'standard-2026-11-22';
    for (const r of [...feedbackFor('DRUGS', OVERLAPPING, { tenant_id: tenant, policy_version: version }), ...feedbackFor('SEXUAL', [...P(0.9), ...N(0.2)], { tenant_id: tenant, policy_version: version })]) {
      await workflow.addFeedback(r);
    }
  }
  await workflow.close();
  await policies.close();
});

afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function run(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runRecalibrate(argv, env, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

async function stored(tenant: string) {
  const { policies, workflow } = stores();
  await policies.init();
  await workflow.init();
  try {
    return { latest: await policies.latest(tenant), audit: (await workflow.listAudit(tenant, { limit: 100 })).records };
  } finally {
    await workflow.close();
    await policies.close();
  }
}

describe('make recalibrate', () => {
  it('a dry run prints counts, thresholds and expected precision and recall, and publishes nothing', async () => {
    const r = await run('--tenant', 'acme');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('Tenant acme (premium), active policy v1: 30 feedback records.');
    expect(r.out).toContain('DRUGS: 28 feedback records, 15 true and 13 false examples');
    expect(r.out).toContain('  current   HIGH 0.800  MEDIUM 0.500  LOW 0.200');
    expect(r.out).toContain('  proposed  HIGH 0.740  MEDIUM 0.600  LOW 0.340');
    expect(r.out).toContain('  at HIGH   precision 1.000 -> 0.909   recall 0.533 -> 0.667');
    expect(r.out).toContain('  at MEDIUM precision 0.636 -> 0.722   recall 0.933 -> 0.867');
    expect(r.out).toMatch(/SEXUAL: 2 feedback records[^\n]*\n {2}current {3}HIGH 0\.850[^\n]*\n {2}kept: too little feedback/);
    expect(r.out).toContain('Dry run: nothing published.');
    const after = await stored('acme');
    expect(after.latest!.version).toBe(1);
    expect(after.audit).toEqual([]);
  });

  it('--json gives the same as data', async () => {
    const r = await run('--tenant', 'acme', '--json');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report).toMatchObject({ tenant: 'acme', tier: 'premium', policy_version: 'v1', feedback_records: 30, published: null });
    expect(report.changes.map((c: { category: string }) => c.category)).toEqual(['DRUGS']);
    expect(report.categories[0].expected.proposed.HIGH).toMatchObject({ truePositives: 10, falsePositives: 1, falseNegatives: 5 });
  });

  it('--publish publishes the next version with the refitted thresholds and writes the audit record', async () => {
    const r = await run('--tenant', 'acme', '--publish');
    expect(r).toMatchObject({ code: 0, err: '' });
    expect(r.out).toContain('Published v2 (was v1)');
    const { latest, audit } = await stored('acme');
    expect(latest!.version).toBe(2);
    const byName = new Map(latest!.document.categories.map((c) => [c.name, c.thresholds]));
    expect(byName.get('DRUGS')!.HIGH).toBeCloseTo(0.74, 10);
    expect(byName.get('DRUGS')!.MEDIUM).toBeCloseTo(0.6, 10);
    expect(byName.get('SEXUAL')).toEqual({ HIGH: 0.85, MEDIUM: 0.55, LOW: 0.25 });
    expect(byName.get('HATE_SPEECH')).toBeUndefined();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      tenant_id: 'acme',
      action: 'policy.published',
      actor: { kind: 'admin', id: 'recalibrate' },
      policy_version: 'v2',
      details: { previous_version: 'v1', changes: [{ category: 'DRUGS', from: { HIGH: 0.8, MEDIUM: 0.5, LOW: 0.2 } }] },
    });
    // Run again: the feedback now agrees with v2, nothing changes, nothing is published.
    const again = await run('--tenant', 'acme', '--publish');
    expect(again.out).toContain('active policy v2');
    expect(again.out).toContain('Nothing to publish.');
    expect((await stored('acme')).latest!.version).toBe(2);
  });

  it('a Standard tenant may see the change but not publish it', async () => {
    const r = await run('--tenant', 'basic', '--publish');
    expect(r.code).toBe(1);
    expect(r.err).toContain('tenant basic is Standard: only Premium tenants may publish their own policy, so nothing was published');
    expect(r.out).toContain('  proposed  HIGH 0.740  MEDIUM 0.600  LOW 0.340');
    const { latest, audit } = await stored('basic');
    expect(latest).toBeNull();
    expect(audit).toEqual([]);
  });

  it('refuses an unknown tenant and bad arguments', async () => {
    expect(await run('--tenant', 'nobody')).toMatchObject({ code: 2, err: expect.stringContaining('no tenant nobody') });
    expect(await run('--publish')).toMatchObject({ code: 2, err: expect.stringContaining('--tenant is required') });
  });
});
