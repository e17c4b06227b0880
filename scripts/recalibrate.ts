// `make recalibrate TENANT=<id> [PUBLISH=1] [JSON=1]`: refits a tenant's category thresholds from its
// feedback (services/moderator/src/recalibrate.ts), prints what would change and the precision and
// recall it expects, and with --publish publishes the tenant's active document with the new thresholds
// as its next version (Premium tenants only) and records that in the audit trail.
// Reads the services' configuration: JOB_STORE/DATA_DIR/NATS_URL/MONGODB_URL, and TENANTS_FILE
// (DATA_DIR/tenants.json when unset, as all-in-one does).
import { sortableId } from '../packages/common/src/record-ids.ts';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, environment, loadConfig, type Environment } from '../packages/common/src/config.ts';
import { PolicyDocumentSchema, STANDARD_POLICY_DOCUMENT, type PolicyDocument } from '../packages/common/src/domain/policy-document.ts';
import type { AuditRecord } from '../packages/common/src/domain/review.ts';
import { createPolicyStore, policyVersionName, type PolicyStore } from '../packages/common/src/store/policies/index.ts';
import { createWorkflowStore, type WorkflowStore } from '../packages/common/src/store/workflow/index.ts';
import { activePolicy, mayPublishPolicies, policyNamed } from '../packages/common/src/tenant-policy.ts';
import { TenantRegistry } from '../packages/common/src/tenants.ts';
import { changesOf, DEFAULT_TARGETS, judgedLevels, recalibrate, withThresholds } from '../services/moderator/src/recalibrate.ts';
import { textReport } from './recalibrate-report.ts';

const USAGE = 'usage: recalibrate --tenant <id> [--publish] [--json] [--limit <feedback records, default 100000>]';

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

interface Options {
  tenant: string;
  publish: boolean;
  json: boolean;
  limit: number;
}

export function parseArgs(argv: readonly string[]): Options | string {
  const o = { tenant: '', publish: false, json: false, limit: 100_000 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--publish') o.publish = true;
    else if (a === '--json') o.json = true;
    else if (a === '--tenant' && argv[i + 1]) o.tenant = argv[++i]!;
    else if (a === '--limit' && /^[1-9][0-9]*$/.test(argv[i + 1] ?? '')) o.limit = Number(argv[++i]);
    else return `unexpected argument ${a}\n${USAGE}`;
  }
  return o.tenant ? o : `--tenant is required\n${USAGE}`;
}

/** What the changes are published on: the tenant's newest document, else the Standard one it uses now. */
async function activeDocument(policies: PolicyStore, tenantId: string): Promise<{ document: PolicyDocument; version: number | null }> {
  const latest = await policies.latest(tenantId);
  return latest ? { document: latest.document, version: latest.version } : { document: STANDARD_POLICY_DOCUMENT, version: null };
}

/** Runs the command; returns the exit code (0 done, 2 bad usage or configuration, 1 refused or failed). */
export async function runRecalibrate(argv: readonly string[], env: Environment, io: Output): Promise<number> {
  const opts = parseArgs(argv);
  if (typeof opts === 'string') {
    io.err(`${opts}\n`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const tenantsFile = config.TENANTS_FILE ?? path.join(config.dataDir, 'tenants.json');
  if (!fs.existsSync(tenantsFile)) {
    io.err(`no tenants file: ${tenantsFile} (set TENANTS_FILE)\n`);
    return 2;
  }
  const tenants = TenantRegistry.fromFile(tenantsFile, 0);
  const tenant = tenants.get(opts.tenant);
  if (!tenant) {
    io.err(`no tenant ${opts.tenant} in ${tenantsFile}\n`);
    return 2;
  }
  const storeOpts = { kind: config.jobStore, mongodbUrl: config.MONGODB_URL, natsUrl: config.NATS_URL, dataDir: config.dataDir };
  const policies = createPolicyStore(storeOpts);
  const workflow = createWorkflowStore(storeOpts);
  await policies.init();
  await workflow.init();
  try {
    return await recalibrateTenant(opts, tenants, policies, workflow, io);
  } finally {
    await workflow.close();
    await policies.close();
    tenants.close();
  }
}

async function recalibrateTenant(opts: Options, tenants: TenantRegistry, policies: PolicyStore, workflow: WorkflowStore, io: Output): Promise<number> {
  const tenantId = opts.tenant;
  const tier = tenants.get(tenantId)!.tier;
  const active = await activePolicy(tenants, policies, tenantId);
  const records = await workflow.listFeedback(tenantId, opts.limit);
  if (records.length >= opts.limit) io.err(`note: read the oldest ${opts.limit} feedback records only (--limit)\n`);

  // Each record is judged at its category's acting level under the rules of the version that scored it.
  const versions = [...new Set(records.map((r) => r.policy_version))];
  const rules = new Map(await Promise.all(versions.map(async (v) => [v, (await policyNamed(policies, tenantId, v ?? undefined)).moderation] as const)));
  const results = recalibrate(records, active, judgedLevels((v) => rules.get(v)!), DEFAULT_TARGETS);
  const changes = changesOf(results);

  let published: { version: string } | null = null;
  let refusal: string | null = null;
  if (opts.publish && !mayPublishPolicies(tenants, tenantId)) {
    refusal = `tenant ${tenantId} is Standard: only Premium tenants may publish their own policy, so nothing was published`;
  } else if (opts.publish && changes.length) {
    const base = await activeDocument(policies, tenantId);
    if (base.version !== null && policyVersionName(base.version) !== active.version) {
      refusal = `tenant ${tenantId} published ${policyVersionName(base.version)} while this ran; nothing was published, run again`;
    } else {
      const document = PolicyDocumentSchema.parse(withThresholds(base.document, changes));
      const record = await policies.publish(tenantId, document);
      published = { version: policyVersionName(record.version) };
      await workflow.appendAudit(publishedAudit(tenantId, published.version, active.version, changes, records.length, record.createdAt));
    }
  }

  if (opts.json) {
    io.out(`${JSON.stringify({ tenant: tenantId, tier, policy_version: active.version, feedback_records: records.length, targets: DEFAULT_TARGETS, categories: results, changes, published, refused: refusal }, null, 2)}\n`);
  } else {
    io.out(textReport({ tenant: tenantId, tier, policyVersion: active.version, records: records.length, targets: DEFAULT_TARGETS }, results, changes.map((c) => c.category)));
    if (published) io.out(`Published ${published.version} (was ${active.version}); audit record policy.published written.\n`);
    else if (opts.publish && !changes.length && !refusal) io.out('Nothing to publish.\n');
    else if (!opts.publish && changes.length) io.out(`Dry run: nothing published. Publish with --publish (make recalibrate TENANT=${tenantId} PUBLISH=1).\n`);
  }
  if (refusal) {
    io.err(`${refusal}\n`);
    return 1;
  }
  return 0;
}

function publishedAudit(tenantId: string, version: string, previous: string, changes: ReturnType<typeof changesOf>, records: number, at: Date): AuditRecord {
  return {
    id: sortableId('aud', at.getTime()),
    tenant_id: tenantId,
    at: at.toISOString(),
    actor: { kind: 'admin', id: 'recalibrate' },
    action: 'policy.published',
    moderation_job_id: null,
    classification_job_id: null,
    policy_version: version,
    input_sha256: null,
    details: { previous_version: previous, feedback_records: records, changes: changes.map((c) => ({ category: c.category, from: c.from, to: c.to })) },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const io: Output = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  process.exitCode = await runRecalibrate(process.argv.slice(2), environment(), io);
}
