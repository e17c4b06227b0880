// Policy documents in the store: every published version of a tenant's document, numbered from 1.
import type { PolicyDocument } from '../../domain/policy-document.ts';

export interface PolicyVersionRecord {
  tenantId: string;
  version: number;
  document: PolicyDocument;
  createdAt: Date;
}

export interface PolicyStore {
  init(): Promise<void>;
  close(): Promise<void>;
  /** Stores `document` as the tenant's next version (concurrent publishes get distinct versions). */
  publish(tenantId: string, document: PolicyDocument, now?: Date): Promise<PolicyVersionRecord>;
  /** The tenant's newest version; null when it never published one. */
  latest(tenantId: string): Promise<PolicyVersionRecord | null>;
  get(tenantId: string, version: number): Promise<PolicyVersionRecord | null>;
}

/** The policy_version a result names for a tenant's published version. */
export function policyVersionName(version: number): string {
  return `v${version}`;
}

/** The version number of a name from policyVersionName (or a bare number); null when it is neither. */
export function parsePolicyVersionName(name: string): number | null {
  const m = /^v?([1-9][0-9]{0,8})$/.exec(name);
  return m ? Number(m[1]) : null;
}
