import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export interface TestReviewer {
  id: string;
  key: string;
  /** A tenant admin: takes the admin queue and reads the supervisor statistics. */
  admin?: boolean;
}

export interface TestTenant {
  id: string;
  apiKey: string;
  signingSecret: string | null;
  /** People of the tenant who sign in to the review routes and the console. */
  reviewers: TestReviewer[];
}

const reviewer = (id: string, admin = false): TestReviewer => ({ id, key: `rev_${id}_${crypto.randomBytes(12).toString('hex')}`, ...(admin ? { admin } : {}) });
const sha256 = (v: string) => crypto.createHash('sha256').update(v).digest('hex');

/**
 * Five tenants written as a TENANTS_FILE: acme Standard (one reviewer); globex keyed by sha256 (one reviewer); initech
 * Premium, without a signing secret; umbrella Premium with a signing secret, three reviewers (by sha256;
 * carol a tenant admin) and a 3.6 s SLA for escalations;
 * hooli with a tiny read limit (5 at once, then one every 10 s), for the limits shared by gateway replicas.
 */
export function writeTenantsFile(dir: string): { file: string; acme: TestTenant; globex: TestTenant; initech: TestTenant; umbrella: TestTenant; hooli: TestTenant } {
  const acme = { id: 'acme', apiKey: `key_acme_${crypto.randomBytes(12).toString('hex')}`, signingSecret: `whsec_${crypto.randomBytes(12).toString('hex')}`, reviewers: [reviewer('mallory')] };
  const globex = { id: 'globex', apiKey: `key_globex_${crypto.randomBytes(12).toString('hex')}`, signingSecret: `whsec_${crypto.randomBytes(12).toString('hex')}`, reviewers: [reviewer('gregor')] };
  const initech = { id: 'initech', apiKey: `key_initech_${crypto.randomBytes(12).toString('hex')}`, signingSecret: null, reviewers: [] };
  const hooli = { id: 'hooli', apiKey: `key_hooli_${crypto.randomBytes(12).toString('hex')}`, signingSecret: null, reviewers: [] };
  const umbrella = {
    id: 'umbrella',
    apiKey: `key_umbrella_${crypto.randomBytes(12).toString('hex')}`,
    signingSecret: `whsec_${crypto.randomBytes(12).toString('hex')}`,
    reviewers: [reviewer('alice'), reviewer('bob'), reviewer('carol', true)],
  };
  const file = path.join(dir, 'tenants.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      tenants: [
        { id: acme.id, api_keys: [acme.apiKey], signing_secret: acme.signingSecret, tier: 'standard', reviewers: acme.reviewers.map((r) => ({ id: r.id, api_keys: [r.key] })) },
        { id: globex.id, api_key_sha256: [sha256(globex.apiKey)], signing_secret: globex.signingSecret, reviewers: globex.reviewers.map((r) => ({ id: r.id, api_key_sha256: [sha256(r.key)] })) },
        // initech's write burst holds a fleet of 100 concurrent retries (test/e2e/idempotent-moderate.ts).
        { id: initech.id, api_keys: [initech.apiKey], tier: 'premium', limits: { writes_per_minute: 6000, write_burst: 200 } },
        {
          id: umbrella.id,
          api_keys: [umbrella.apiKey],
          signing_secret: umbrella.signingSecret,
          tier: 'premium',
          reviewers: umbrella.reviewers.map((r) => ({ id: r.id, api_key_sha256: sha256(r.key), ...(r.admin ? { admin: true } : {}) })),
          // Escalations are overdue after 3.6 s (test/e2e/review-workflow.test.ts: the queue's due order).
          review: { sla_hours: { escalation: 0.001 } },
        },
        // hooli's read limit is what test/e2e/shared-rate-limits.ts counts against, across two gateways.
        { id: hooli.id, api_keys: [hooli.apiKey], limits: { reads_per_minute: 6, read_burst: 5 } },
      ],
    }),
  );
  return { file, acme, globex, initech, umbrella, hooli };
}
