// GET /v1/audit: the tenant's audit trail, newest first, by moderation job and time range, a page at a
// time (caller tokens).
import express, { type NextFunction, type Request, type Response } from 'express';
import { ApiError } from '@modsvc/common/errors';
import type { ModeratorApi } from '@modsvc/common/contracts';
import { AuditQuerySchema } from '@modsvc/common/domain/index';
import { callerTenantOf, type AuthedRequest } from '../roles.ts';
import { queryOf } from './params.ts';

export function auditRoutes(deps: { moderator: ModeratorApi }): express.Router {
  const router = express.Router();
  router.get('/audit', (req: Request, res: Response, next: NextFunction) => {
    (async () => {
      const tenantId = callerTenantOf(req as AuthedRequest);
      const query = queryOf(req, AuditQuerySchema);
      if (query.from && query.to && Date.parse(query.from) > Date.parse(query.to)) throw new ApiError('invalid_request', 'Invalid query: from is after to.');
      res.json(await deps.moderator.audit(tenantId, query));
    })().catch(next);
  });
  return router;
}
