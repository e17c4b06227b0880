// Tenants: API keys (plain or sha256), webhook signing secret, tier, the tenant's reviewers (people
// with their own keys, who may only use the review routes; some of them admins) and its review settings
// (appeal and claim limits, what results say about the reviewer, the SLA per review kind). Loaded from TENANTS_FILE and re-read
// when the file changes, so keys and secrets rotate without a restart.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { DEFAULT_SLA_HOURS, type SlaHours } from './domain/review.ts';

/** A tenant's own request rates at the gateway; each one left out is the configured default. */
const limitsSchema = z.strictObject({
  reads_per_minute: z.number().int().positive().optional(),
  writes_per_minute: z.number().int().positive().optional(),
  /** Requests allowed at once before the rate applies; default 10 seconds' worth. */
  read_burst: z.number().int().positive().optional(),
  write_burst: z.number().int().positive().optional(),
});

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/i, 'api_key_sha256: 64 hex digits');

export const REVIEWER_ID_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/;

const reviewerSchema = z
  .strictObject({
    id: z.string().regex(REVIEWER_ID_PATTERN, 'reviewer id: 1-64 letters, digits, _ . @ -'),
    api_keys: z.array(z.string().min(16)).optional(),
    api_key_sha256: z.union([sha256Schema, z.array(sha256Schema)]).optional(),
    /** A tenant admin also takes the admin queue: appeals that every other reviewer decided before. */
    admin: z.boolean().default(false),
  })
  .refine((r) => (r.api_keys?.length ?? 0) + [r.api_key_sha256 ?? []].flat().length > 0, 'a reviewer needs api_keys or api_key_sha256');

/** The longest SLA a review kind may have: a year. */
const MAX_SLA_HOURS = 24 * 366;

/** What a moderation result (and its webhook) says about the reviewer who decided it. */
export const REVIEWER_IN_RESULTS = ['pseudonym', 'identified'] as const;
export type ReviewerInResults = (typeof REVIEWER_IN_RESULTS)[number];

/** The tenant's review settings; each one left out takes its default (DEFAULT_REVIEW_SETTINGS). */
const reviewSettingsSchema = z.strictObject({
  /** Appeals a moderation job may have over its life (0: none). */
  appeals_per_item: z.number().int().min(0).max(100).default(1),
  /** Appeals the tenant's callers may make in any hour, over all their jobs (appeals_per_item 0 turns appeals off). */
  appeals_per_hour: z.number().int().min(1).max(1_000_000).default(100),
  /** Review items one reviewer may hold claimed at once. */
  claims_per_reviewer: z.number().int().min(1).max(1000).default(3),
  /**
   * pseudonym: `reviewed_by` is a stable pseudonymous id of the reviewer (`rvw_...`) and the reviewer's
   * reason is left out; identified: `reviewed_by` is the reviewer id and `review_reason` their reason.
   */
  reviewer_in_results: z.enum(REVIEWER_IN_RESULTS).default('pseudonym'),
  /**
   * Hours an item of each review kind may wait before it is overdue (its due time is queued_at plus
   * these); each left out takes its default (DEFAULT_SLA_HOURS: escalation 4, quality_sample 72, appeal 24).
   */
  sla_hours: z
    .strictObject({
      escalation: z.number().positive().max(MAX_SLA_HOURS).optional(),
      quality_sample: z.number().positive().max(MAX_SLA_HOURS).optional(),
      appeal: z.number().positive().max(MAX_SLA_HOURS).optional(),
    })
    .default({}),
});

const tenantSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'tenant id: 1-64 letters, digits, _ . -'),
    api_keys: z.array(z.string().min(16)).optional(),
    api_key_sha256: z.array(sha256Schema).optional(),
    signing_secret: z.string().min(1).nullable().optional(),
    /** While rotating: the new secret first, then the old one(s). Replaces signing_secret. */
    signing_secrets: z.array(z.string().min(1)).min(1).optional(),
    tier: z.enum(['standard', 'premium']).default('standard'),
    limits: limitsSchema.default({}),
    reviewers: z.array(reviewerSchema).default([]),
    review: reviewSettingsSchema.default(reviewSettingsSchema.parse({})),
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
  reviewers: Reviewer[];
  review: ReviewSettings;
}

/** A person of the tenant who decides review items; their keys give reviewer-role tokens. */
export interface Reviewer {
  id: string;
  keyHashes: string[];
  /** Also takes the admin queue (appeals no other reviewer may decide). */
  admin: boolean;
}

/** The tenant's human review settings (`review` in TENANTS_FILE). */
export interface ReviewSettings {
  /** Appeals a moderation job may have over its life (0: appeals are refused). */
  appealsPerItem: number;
  /** Appeals the tenant's callers may make in any hour (a sliding hour, over all their jobs). */
  appealsPerHour: number;
  /** Review items one reviewer may hold claimed at once. */
  claimsPerReviewer: number;
  /** What a result says about its reviewer: a pseudonym and no reason (default), or the reviewer id and reason. */
  reviewerInResults: ReviewerInResults;
  /** Hours an item of each review kind may wait before it is overdue. */
  slaHours: SlaHours;
}

export const DEFAULT_REVIEW_SETTINGS: Readonly<ReviewSettings> = Object.freeze({
  appealsPerItem: 1,
  appealsPerHour: 100,
  claimsPerReviewer: 3,
  reviewerInResults: 'pseudonym',
  slaHours: DEFAULT_SLA_HOURS,
});

/** The object without its undefined fields (so that spreading it keeps the defaults under them). */
function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The tenant's review settings; the defaults for a tenant the registry does not know. */
export function reviewSettingsOf(tenant: Tenant | null | undefined): ReviewSettings {
  return tenant?.review ?? { ...DEFAULT_REVIEW_SETTINGS };
}

/** Whom an API key belongs to. */
export type KeyOwner = { tenant: Tenant; role: 'caller' } | { tenant: Tenant; role: 'reviewer'; reviewerId: string };

export interface TenantLimits {
  readsPerMinute?: number;
  writesPerMinute?: number;
  readBurst?: number;
  writeBurst?: number;
}

export function sha256Hex(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

const keyHashesOf = (plain: string[] | undefined, hashed: string | string[] | undefined) => [...(plain ?? []).map(sha256Hex), ...[hashed ?? []].flat().map((h) => h.toLowerCase())];

export function parseTenants(json: unknown): Tenant[] {
  const parsed = fileSchema.parse(json);
  const ids = new Set<string>();
  const tenants = parsed.tenants.map((t): Tenant => {
    if (ids.has(t.id)) throw new Error(`duplicate tenant id ${t.id}`);
    ids.add(t.id);
    const reviewerIds = new Set<string>();
    const reviewers = t.reviewers.map((r) => {
      if (reviewerIds.has(r.id)) throw new Error(`duplicate reviewer id ${r.id} in tenant ${t.id}`);
      reviewerIds.add(r.id);
      return { id: r.id, keyHashes: keyHashesOf(r.api_keys, r.api_key_sha256), admin: r.admin };
    });
    return {
      id: t.id,
      signingSecrets: t.signing_secrets ?? (t.signing_secret ? [t.signing_secret] : []),
      tier: t.tier,
      keyHashes: keyHashesOf(t.api_keys, t.api_key_sha256),
      limits: { readsPerMinute: t.limits.reads_per_minute, writesPerMinute: t.limits.writes_per_minute, readBurst: t.limits.read_burst, writeBurst: t.limits.write_burst },
      reviewers,
      review: {
        appealsPerItem: t.review.appeals_per_item,
        appealsPerHour: t.review.appeals_per_hour,
        claimsPerReviewer: t.review.claims_per_reviewer,
        reviewerInResults: t.review.reviewer_in_results,
        slaHours: { ...DEFAULT_SLA_HOURS, ...dropUndefined(t.review.sla_hours) },
      },
    };
  });
  assertReviewerKeysUnique(tenants);
  return tenants;
}

/** A reviewer key that is also a caller key, or another reviewer's, would make the key's role ambiguous. */
function assertReviewerKeysUnique(tenants: Tenant[]): void {
  const callerKeys = new Set(tenants.flatMap((t) => t.keyHashes));
  const reviewerKeys = new Map<string, string>();
  for (const t of tenants) {
    for (const r of t.reviewers) {
      for (const h of r.keyHashes) {
        const where = `reviewer ${r.id} of tenant ${t.id}`;
        if (callerKeys.has(h)) throw new Error(`${where}: a reviewer key must not also be a caller API key`);
        const other = reviewerKeys.get(h);
        if (other && other !== where) throw new Error(`${where}: the same key is also given to ${other}`);
        reviewerKeys.set(h, where);
      }
    }
  }
}

export class TenantRegistry {
  private byKeyHash = new Map<string, KeyOwner>();
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
    const byKey = new Map<string, KeyOwner>();
    const byId = new Map<string, Tenant>();
    for (const t of tenants) {
      byId.set(t.id, t);
      for (const h of t.keyHashes) byKey.set(h, { tenant: t, role: 'caller' });
      for (const r of t.reviewers) for (const h of r.keyHashes) byKey.set(h, { tenant: t, role: 'reviewer', reviewerId: r.id });
    }
    this.byKeyHash = byKey;
    this.byId = byId;
  }

  /** The tenant whose caller key this is (a reviewer's key is not one). */
  byApiKey(key: string): Tenant | null {
    const owner = this.byKey(key);
    return owner?.role === 'caller' ? owner.tenant : null;
  }

  /** Whose key this is: a tenant's caller key or one of its reviewers'. */
  byKey(key: string): KeyOwner | null {
    return this.byKeyHash.get(sha256Hex(key)) ?? null;
  }

  get(id: string): Tenant | null {
    return this.byId.get(id) ?? null;
  }

  /** The reviewer, while the tenant still lists them. */
  reviewer(tenantId: string, reviewerId: string): Reviewer | null {
    return this.byId.get(tenantId)?.reviewers.find((r) => r.id === reviewerId) ?? null;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

interface DevTenantsFile {
  tenants?: { id?: string; api_keys?: string[]; signing_secret?: string; signing_secrets?: string[]; reviewers?: { id?: string; api_keys?: string[] }[] }[];
}

export interface DevTenant {
  created: boolean;
  apiKey: string | null;
  signingSecret: string | null;
  /** The dev tenant's reviewer, who signs in to the review console with this key. */
  reviewer: { id: string; apiKey: string } | null;
}

const newReviewer = () => ({ id: 'dev-reviewer', api_keys: [`rev_${crypto.randomBytes(24).toString('base64url')}`] });

/**
 * For all-in-one without TENANTS_FILE: a dev tenant with a fresh key and a reviewer, kept in DATA_DIR.
 * A dev file from before reviewers existed gets its reviewer added.
 */
export function ensureDevTenantsFile(file: string): DevTenant {
  if (fs.existsSync(file)) {
    const json = JSON.parse(fs.readFileSync(file, 'utf8')) as DevTenantsFile;
    const first = json.tenants?.[0];
    if (json.tenants?.length === 1 && first?.id === 'dev' && first.reviewers === undefined) {
      first.reviewers = [newReviewer()];
      fs.writeFileSync(file, JSON.stringify(json, null, 2) + '\n', { mode: 0o600 });
    }
    const reviewer = first?.reviewers?.find((r) => r.id && r.api_keys?.[0]);
    return {
      created: false,
      apiKey: first?.api_keys?.[0] ?? null,
      signingSecret: first?.signing_secrets?.[0] ?? first?.signing_secret ?? null,
      reviewer: reviewer ? { id: reviewer.id!, apiKey: reviewer.api_keys![0]! } : null,
    };
  }
  const apiKey = `dev_${crypto.randomBytes(24).toString('base64url')}`;
  const signingSecret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
  const reviewer = newReviewer();
  const content = { tenants: [{ id: 'dev', api_keys: [apiKey], signing_secret: signingSecret, tier: 'standard', reviewers: [reviewer] }] };
  fs.writeFileSync(file, JSON.stringify(content, null, 2) + '\n', { mode: 0o600 });
  return { created: true, apiKey, signingSecret, reviewer: { id: reviewer.id, apiKey: reviewer.api_keys[0]! } };
}
