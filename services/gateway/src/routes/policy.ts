// REST for a tenant's policy document (/v1/policy): the active version, publishing a new one (Premium
// tenants), a dry run of one (PUT ?dry_run=true: validated and replayed on recent decisions, never
// published), and any earlier version. PUT takes a bare document or the envelope GET answers.
import express, { type Request } from 'express';
import { ApiError } from '@modsvc/common/errors';
import type { PoliciesApi } from '@modsvc/common/contracts';
import type { Tenant } from '@modsvc/common/tenants';
import { DRY_RUN_DEFAULT_ITEMS, DRY_RUN_MAX_ITEMS, parsePolicyBody } from '@modsvc/common/domain/index';
import { asyncRoute } from '../async-route.ts';

type TenantRequest = Request & { tenant?: Tenant };

export interface PolicyRoutesDeps {
  policies: PoliciesApi;
}

function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
}

/** A boolean query parameter: absent is false; true/false/1/0 otherwise. */
function flag(value: unknown, name: string): boolean {
  if (value === undefined) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw new ApiError('invalid_request', `${name} must be true or false.`);
}

/** `items`: how many recent decisions a dry run replays, 1 to DRY_RUN_MAX_ITEMS; null when absent. */
function count(value: unknown): number | null {
  if (value === undefined) return null;
  const n = typeof value === 'string' && /^[0-9]{1,6}$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= DRY_RUN_MAX_ITEMS)) throw new ApiError('invalid_request', `items must be a whole number from 1 to ${DRY_RUN_MAX_ITEMS}.`);
  return n;
}

export function policyRoutes(deps: PolicyRoutesDeps): express.Router {
  const router = express.Router();
  const tenantOf = (req: TenantRequest) => req.tenant!;

  router.get(
    '/policy',
    asyncRoute(async (req, res) => {
      res.json(await deps.policies.activePolicy(tenantOf(req).id));
    }),
  );

  router.put(
    '/policy',
    asyncRoute(async (req, res) => {
      const tenant = tenantOf(req);
      if (tenant.tier !== 'premium') throw new ApiError('forbidden', 'Custom policies are a Premium feature; this account uses the Standard policy.');
      if (!req.is('application/json')) throw new ApiError('unsupported_media_type', 'Send the policy document as application/json.');
      const dryRun = flag(req.query.dry_run, 'dry_run');
      const items = count(req.query.items);
      if (items !== null && !dryRun) throw new ApiError('invalid_request', 'items is a dry-run parameter: give it with dry_run=true.');
      const parsed = parsePolicyBody(req.body);
      if (!parsed.success) throw new ApiError('invalid_request', `Invalid policy document: ${describeIssues(parsed.issues)}`);
      if (dryRun) res.json(await deps.policies.dryRunPolicy(tenant.id, parsed.data, items ?? DRY_RUN_DEFAULT_ITEMS));
      else res.json(await deps.policies.publishPolicy(tenant.id, parsed.data));
    }),
  );

  router.get(
    '/policy/versions/:version',
    asyncRoute(async (req, res) => {
      const version = String(req.params.version);
      const view = /^[A-Za-z0-9_.-]{1,64}$/.test(version) ? await deps.policies.policyVersion(tenantOf(req).id, version) : null;
      if (!view) throw new ApiError('not_found', `No policy version ${version} for this account.`);
      res.json(view);
    }),
  );

  return router;
}
