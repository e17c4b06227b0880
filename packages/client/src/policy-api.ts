// The tenant's policy document (docs/api.md "Policies per tenant"): publishing is Premium only.
import type { JsonAnswer, JsonBody } from './api-types.ts';
import { seg } from './path-segment.ts';
import type { Transport } from './transport.ts';

export type PolicyPut = JsonBody<'/policy', 'put'>;
export type PolicyDryRun = JsonAnswer<'/policy', 'put', 200> & { dry_run: true };

export class PolicyApi {
  constructor(private readonly transport: Transport) {}

  /** The active version. */
  get(): Promise<JsonAnswer<'/policy', 'get', 200>> {
    return this.transport.body('GET', '/policy');
  }

  /** Publishes a new version (a bare document, or the envelope `get()` answers). */
  publish(document: PolicyPut): Promise<JsonAnswer<'/policy', 'put', 200>> {
    return this.transport.body('PUT', '/policy', { json: document });
  }

  /** What the document would decide on the `items` most recent automated decisions; nothing is published. */
  dryRun(document: PolicyPut, items?: number): Promise<PolicyDryRun> {
    return this.transport.body('PUT', '/policy', { json: document, query: { dry_run: true, items } });
  }

  /** Any published version, `v<n>` (or the Standard table version). */
  version(version: string): Promise<JsonAnswer<'/policy/versions/{version}', 'get', 200>> {
    return this.transport.body('GET', `/policy/versions/${seg(version)}`);
  }
}
