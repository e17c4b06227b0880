// Tenants: API keys (plain or sha256), webhook signing secret, tier. Loaded from TENANTS_FILE and
// re-read when the file changes, so keys and secrets rotate without a restart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';

/** A tenant's own request rates at the gateway; each one left out is the configured default. */
const limitsSchema = z.strictObject({
  reads_per_minute: z.number().int().positive().optional(),
  writes_per_minute: z.number().int().positive().optional(),
  /** Requests allowed at once before the rate applies; default 10 seconds' worth. */
  read_burst: z.number().int().positive().optional(),
  write_burst: z.number().int().positive().optional(),
});

const tenantSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'tenant id: 1-64 letters, digits, _ . -'),
    api_keys: z.array(z.string().min(16)).optional(),
    api_key_sha256: z.array(z.string().regex(/^[0-9a-f]{64}$/i)).optional(),
    signing_secret: z.string().min(1).nullable().optional(),
    /** While rotating: the new secret first, then the old one(s). Replaces signing_secret. */
    signing_secrets: z.array(z.string().min(1)).min(1).optional(),
    tier: z.enum(['standard', 'premium']).default('standard'),
    limits: limitsSchema.default({}),
  })
  .refine((t) => (t.api_keys?.length ?? 0) + (t.api_key_sha256?.length ?? 0) > 0, 'a tenant needs api_keys or api_key_sha256')
  .refine((t) => !(t.signing_secret && t.signing_secrets), 'give signing_secret or signing_secrets, not both');

const fileSchema = z.object({ tenants: z.array(tenantSchema) });

export interface Tenant {
  id: string;
  /** Webhook signing secrets, the current one first (several while rotating); empty: deliveries are unsigned. */
  signingSecrets: string[];
  tier: 'standard' | 'premium';
  keyHashes: string[];
  /** Overrides of the gateway's read and write rate limits. */
  limits: TenantLimits;
}

export interface TenantLimits {
  readsPerMinute?: number;
  writesPerMinute?: number;
  readBurst?: number;
  writeBurst?: number;
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

export function parseTenants(json: unknown): Tenant[] {
  const parsed = fileSchema.parse(json);
  const ids = new Set<string>();
  return parsed.tenants.map((t) => {
    if (ids.has(t.id)) throw new Error(`duplicate tenant id ${t.id}`);
    ids.add(t.id);
    return {
      id: t.id,
      signingSecrets: t.signing_secrets ?? (t.signing_secret ? [t.signing_secret] : []),
      tier: t.tier,
      keyHashes: [...(t.api_keys ?? []).map(sha256Hex), ...(t.api_key_sha256 ?? []).map((h) => h.toLowerCase())],
      limits: { readsPerMinute: t.limits.reads_per_minute, writesPerMinute: t.limits.writes_per_minute, readBurst: t.limits.read_burst, writeBurst: t.limits.write_burst },
    };
  });
}

export class TenantRegistry {
  private byKeyHash = new Map<string, Tenant>();
  private byId = new Map<string, Tenant>();
  private mtimeMs = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly file: string | null, tenants: Tenant[] = []) {
    this.setTenants(tenants);
  }

  static fromFile(file: string, watchMs = 5000): TenantRegistry {
    const reg = new TenantRegistry(file);
    reg.reload();
    if (watchMs > 0) {
      reg.timer = setInterval(() => {
        try {
          if (fs.statSync(file).mtimeMs !== reg.mtimeMs) reg.reload();
        } catch {
          // keep the last good set when the file is briefly missing during a rotation
        }
      }, watchMs);
      reg.timer.unref();
    }
    return reg;
  }

  reload(): void {
    if (!this.file) return;
    if (!fs.existsSync(this.file)) throw new Error(`TENANTS_FILE ${this.file} does not exist`);
    const stat = fs.statSync(this.file);
    let json: unknown;
    try {
      json = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (err) {
      throw new Error(`TENANTS_FILE ${this.file} is not valid JSON: ${(err as Error).message}`);
    }
    this.setTenants(parseTenants(json));
    this.mtimeMs = stat.mtimeMs;
  }

  private setTenants(tenants: Tenant[]): void {
    const byKey = new Map<string, Tenant>();
    const byId = new Map<string, Tenant>();
    for (const t of tenants) {
      byId.set(t.id, t);
      for (const h of t.keyHashes) byKey.set(h, t);
    }
    this.byKeyHash = byKey;
    this.byId = byId;
  }

  byApiKey(key: string): Tenant | null {
    return this.byKeyHash.get(sha256Hex(key)) ?? null;
  }

  get(id: string): Tenant | null {
    return this.byId.get(id) ?? null;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

/** For all-in-one without TENANTS_FILE: a dev tenant with a fresh key, kept in DATA_DIR. */
export function ensureDevTenantsFile(file: string): { created: boolean; apiKey: string | null; signingSecret: string | null } {
  if (fs.existsSync(file)) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as { tenants?: { api_keys?: string[]; signing_secret?: string; signing_secrets?: string[] }[] };
    const first = json.tenants?.[0];
    return { created: false, apiKey: first?.api_keys?.[0] ?? null, signingSecret: first?.signing_secrets?.[0] ?? first?.signing_secret ?? null };
  }
  const apiKey = `dev_${crypto.randomBytes(24).toString('base64url')}`;
  const signingSecret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
  const content = { tenants: [{ id: 'dev', api_keys: [apiKey], signing_secret: signingSecret, tier: 'standard' }] };
  fs.writeFileSync(file, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
  return { created: true, apiKey, signingSecret };
}
