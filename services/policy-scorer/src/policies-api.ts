// The Policies API policy-scorer provides: a tenant's active policy, its versions, and publishing a new
// one (Premium tenants only). Documents are validated here too, whoever calls.
import type { Runtime } from '@modsvc/common/host';
import type { PoliciesApi } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import { POLICY_TABLE_VERSION, PolicyDocumentSchema, STANDARD_POLICY_DOCUMENT, type PolicyView } from '@modsvc/common/domain/index';
import { parsePolicyVersionName, policyVersionName, type PolicyVersionRecord } from '@modsvc/common/store/policies/index';
import { mayPublishPolicies } from '@modsvc/common/tenant-policy';

const STANDARD_VIEW: PolicyView = { version: POLICY_TABLE_VERSION, created_at: null, document: STANDARD_POLICY_DOCUMENT };

const viewOf = (r: PolicyVersionRecord): PolicyView => ({ version: policyVersionName(r.version), created_at: r.createdAt.toISOString(), document: r.document });

/** "categories.0.name: ..." per issue, so a caller can find each invalid field. */
function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
}

export function createPoliciesApi(rt: Runtime): PoliciesApi {
  return {
    async activePolicy(tenantId) {
      if (!mayPublishPolicies(rt.tenants, tenantId)) return STANDARD_VIEW;
      const latest = await rt.policies.latest(tenantId);
      return latest ? viewOf(latest) : STANDARD_VIEW;
    },
    async publishPolicy(tenantId, document) {
      if (!mayPublishPolicies(rt.tenants, tenantId)) throw new ApiError('forbidden', 'Custom policies are a Premium feature; this account uses the Standard policy.');
      const parsed = PolicyDocumentSchema.safeParse(document);
      if (!parsed.success) throw new ApiError('invalid_request', `Invalid policy document: ${describeIssues(parsed.error.issues)}`);
      const record = await rt.policies.publish(tenantId, parsed.data);
      rt.log.info({ tenant_id: tenantId, version: record.version }, 'policy published');
      return viewOf(record);
    },
    async policyVersion(tenantId, version) {
      if (version === POLICY_TABLE_VERSION) return STANDARD_VIEW;
      const n = parsePolicyVersionName(version);
      const record = n === null ? null : await rt.policies.get(tenantId, n);
      return record ? viewOf(record) : null;
    },
  };
}
