// Which policy applies to a tenant: Premium tenants their newest published document, everyone else
// (and a Premium tenant that has published none) the built-in Standard policy.
import { POLICY_TABLE_VERSION, resolvePolicyDocument, STANDARD_POLICY, type ResolvedPolicy } from './domain/index.ts';
import { parsePolicyVersionName, policyVersionName, type PolicyStore } from './store/policies/index.ts';
import type { TenantRegistry } from './tenants.ts';

export function mayPublishPolicies(tenants: TenantRegistry, tenantId: string): boolean {
  return tenants.get(tenantId)?.tier === 'premium';
}

export async function activePolicy(tenants: TenantRegistry, store: PolicyStore, tenantId: string): Promise<ResolvedPolicy> {
  if (!mayPublishPolicies(tenants, tenantId)) return STANDARD_POLICY;
  const latest = await store.latest(tenantId);
  return latest ? resolvePolicyDocument(latest.document, policyVersionName(latest.version)) : STANDARD_POLICY;
}

/** The policy a result names by its policy_version; the Standard policy for the table version or an unknown name. */
export async function policyNamed(store: PolicyStore, tenantId: string, versionName: string | undefined): Promise<ResolvedPolicy> {
  if (!versionName || versionName === POLICY_TABLE_VERSION) return STANDARD_POLICY;
  const version = parsePolicyVersionName(versionName);
  const record = version === null ? null : await store.get(tenantId, version);
  return record ? resolvePolicyDocument(record.document, versionName) : STANDARD_POLICY;
}
