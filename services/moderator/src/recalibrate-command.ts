// The recalibration run of `make recalibrate` on open stores: refit a tenant's thresholds from its
// feedback (recalibrate.ts), print the report, and with --publish publish the tenant's active document
// with the new thresholds as its next version and record that in the audit trail. The command
// (scripts/recalibrate.ts) runs it on stores it opens itself, or, when the embedded store belongs to a
// running service, hands it to that service, which runs it here on its own stores (recalibrate-inbox.ts).
// Either way the version lands in the store the services read the active policy from on every job, so
// the next decision uses it without a restart.
import { sortableId } from '@modsvc/common/record-ids';
import { PolicyDocumentSchema, STANDARD_POLICY_DOCUMENT, type PolicyDocument } from '@modsvc/common/domain/index';
import type { AuditRecord } from '@modsvc/common/domain/review';
import { policyVersionName, type PolicyStore } from '@modsvc/common/store/policies/index';
import type { WorkflowStore } from '@modsvc/common/store/workflow/index';
import { activePolicy, mayPublishPolicies, policyNamed } from '@modsvc/common/tenant-policy';
import type { TenantRegistry } from '@modsvc/common/tenants';
import { changesOf, DEFAULT_TARGETS, judgedLevels, recalibrate, withThresholds } from './recalibrate.ts';
import { textReport } from './recalibrate-report.ts';

export interface RecalibrateOptions {
  tenant: string;
  publish: boolean;
  json: boolean;
  limit: number;
}

export interface Output {
  out(text: string): void;
  err(text: string): void;
}

/** What the changes are published on: the tenant's newest document, else the Standard one it uses now. */
async function activeDocument(policies: PolicyStore, tenantId: string): Promise<{ document: PolicyDocument; version: number | null }> {
  const latest = await policies.latest(tenantId);
  return latest ? { document: latest.document, version: latest.version } : { document: STANDARD_POLICY_DOCUMENT, version: null };
}

/** Runs recalibration for a tenant the registry knows; returns the exit code (0 done, 1 refused). */
export async function recalibrateTenant(opts: RecalibrateOptions, tenants: TenantRegistry, policies: PolicyStore, workflow: WorkflowStore, io: Output): Promise<number> {
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
    if (published) io.out(`Published ${published.version} (was ${active.version}); audit record policy.published written. New jobs are scored with it from now on.\n`);
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
