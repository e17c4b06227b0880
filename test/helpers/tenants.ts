import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

export interface TestTenant {
  id: string;
  apiKey: string;
  signingSecret: string | null;
}

/** Three tenants (acme Standard; globex keyed by sha256; initech Premium, without a signing secret) written as a TENANTS_FILE. */
export function writeTenantsFile(dir: string): { file: string; acme: TestTenant; globex: TestTenant; initech: TestTenant } {
  const acme = { id: 'acme', apiKey: `key_acme_${crypto.randomBytes(12).toString('hex')}`, signingSecret: `whsec_${crypto.randomBytes(12).toString('hex')}` };
  const globex = { id: 'globex', apiKey: `key_globex_${crypto.randomBytes(12).toString('hex')}`, signingSecret: `whsec_${crypto.randomBytes(12).toString('hex')}` };
  const initech = { id: 'initech', apiKey: `key_initech_${crypto.randomBytes(12).toString('hex')}`, signingSecret: null };
  const file = path.join(dir, 'tenants.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      tenants: [
        { id: acme.id, api_keys: [acme.apiKey], signing_secret: acme.signingSecret, tier: 'standard' },
        { id: globex.id, api_key_sha256: [crypto.createHash('sha256').update(globex.apiKey).digest('hex')], signing_secret: globex.signingSecret },
        { id: initech.id, api_keys: [initech.apiKey], tier: 'premium' },
      ],
    }),
  );
  return { file, acme, globex, initech };
}
