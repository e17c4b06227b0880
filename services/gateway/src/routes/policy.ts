// REST for a tenant's policy document (/v1/policy): the active version, publishing a new one (Premium
// tenants), and any earlier version.
import express, { type Request } from 'express';
import { ApiError } from '@modsvc/common/errors';
import type { PoliciesApi } from '@modsvc/common/contracts';
import type { Tenant } from '@modsvc/common/tenants';
import { PolicyDocumentSchema } from '@modsvc/common/domain/index';
import { describeZodError } from '../validation.ts';
import { asyncRoute } from '../async-route.ts';

type TenantRequest = Request & { tenant?: Tenant };

export interface PolicyRoutesDeps {
  policies: PoliciesApi;
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
      const parsed = PolicyDocumentSchema.safeParse(req.body);
      if (!parsed.success) throw new ApiError('invalid_request', `Invalid policy document: ${describeZodError(parsed.error)}`);
      res.json(await deps.policies.publishPolicy(tenant.id, req.body));
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
