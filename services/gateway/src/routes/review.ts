// REST for human review (/v1/review), reviewer tokens only: who is signed in, the queue (in due order,
// with filters), an item with its analysis and frames (reading an item never claims it), claiming,
// releasing a claim and deciding, and the supervisor's statistics (tenant admins). The reviewer and
// tenant come from the token, never from the request.
import express from 'express';
import { z } from 'zod';
import { ApiError } from '@modsvc/common/errors';
import { sniffMedia } from '@modsvc/common/sniff';
import type { ModeratorApi } from '@modsvc/common/contracts';
import { reviewSettingsOf } from '@modsvc/common/tenants';
import { ReviewDecisionInputSchema, ReviewQueueFilterSchema, type ReviewerSelf } from '@modsvc/common/domain/index';
import { reviewerOf, type AuthedRequest } from '../roles.ts';
import { jsonBody, moderationJobIdOf, queryOf } from './params.ts';
import { asyncRoute } from '../async-route.ts';

export interface ReviewRoutesDeps {
  moderator: ModeratorApi;
}

export const REVIEW_QUEUE_DEFAULT_LIMIT = 50;
export const REVIEW_QUEUE_MAX_LIMIT = 200;

export const ReviewQueueQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(REVIEW_QUEUE_MAX_LIMIT).default(REVIEW_QUEUE_DEFAULT_LIMIT),
  ...ReviewQueueFilterSchema.shape,
});

/** The token's issue and expiry times (the gateway verified it before the route runs). */
function tokenTimes(req: express.Request): { issued_at: string; expires_at: string } {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat: number; exp: number };
  return { issued_at: new Date(claims.iat * 1000).toISOString(), expires_at: new Date(claims.exp * 1000).toISOString() };
}

const FRAME_INDEX = /^\d{1,6}$/;

export function reviewRoutes(deps: ReviewRoutesDeps): express.Router {
  const router = express.Router();
  const notFound = (id: string) => new ApiError('not_found', `No review item ${id} for this account.`);

  // Review content is sensitive (captions, OCR text, frames of reported media): no shared or browser
  // cache keeps a copy of any review answer, JSON or JPEG.
  router.use('/review', (_req, res, next) => {
    res.setHeader('Cache-Control', 'private, no-store');
    next();
  });

  router.get(
    '/review/queue',
    asyncRoute(async (req, res) => {
      const reviewer = reviewerOf(req);
      const { limit, ...filter } = queryOf(req, ReviewQueueQuerySchema);
      res.json(await deps.moderator.reviewQueue(reviewer, limit, filter));
    }),
  );

  // Who the token is for, whether they are a tenant admin (the console shows the supervisor view), when
  // they signed in and until when, and the account's SLA per review kind.
  router.get(
    '/review/me',
    asyncRoute(async (req: AuthedRequest, res) => {
      const reviewer = reviewerOf(req);
      const tenant = req.tenant ?? null;
      const admin = tenant?.reviewers.find((r) => r.id === reviewer.reviewerId)?.admin ?? false;
      const me: ReviewerSelf = { tenant_id: reviewer.tenantId, reviewer_id: reviewer.reviewerId, admin, ...tokenTimes(req), sla_hours: { ...reviewSettingsOf(tenant).slaHours } };
      res.json(me);
    }),
  );

  // The supervisor's view: tenant admins only (the moderator checks it again against its tenants file).
  router.get(
    '/review/stats',
    asyncRoute(async (req: AuthedRequest, res) => {
      const reviewer = reviewerOf(req);
      if (req.tenant && !req.tenant.reviewers.some((r) => r.id === reviewer.reviewerId && r.admin)) {
        throw new ApiError('forbidden', 'The review statistics are for tenant admins (reviewers with "admin": true in the tenants file).');
      }
      res.json(await deps.moderator.reviewStats(reviewer));
    }),
  );

  router.get(
    '/review/:moderationJobId',
    asyncRoute(async (req, res) => {
      const reviewer = reviewerOf(req);
      const id = moderationJobIdOf(req);
      const item = await deps.moderator.reviewItem(reviewer, id);
      if (!item) throw notFound(id);
      res.json(item);
    }),
  );

  router.post(
    '/review/:moderationJobId/claim',
    asyncRoute(async (req, res) => {
      const reviewer = reviewerOf(req);
      res.json(await deps.moderator.claim(reviewer, moderationJobIdOf(req)));
    }),
  );

  router.post(
    '/review/:moderationJobId/release',
    asyncRoute(async (req, res) => {
      const reviewer = reviewerOf(req);
      res.json(await deps.moderator.release(reviewer, moderationJobIdOf(req)));
    }),
  );

  router.post(
    '/review/:moderationJobId/decision',
    asyncRoute(async (req, res) => {
      const reviewer = reviewerOf(req);
      const id = moderationJobIdOf(req);
      const input = jsonBody(req, ReviewDecisionInputSchema, 'the decision ({"decision": "approve"|"reject", "categories": [...], "reason": "..."})');
      res.json(await deps.moderator.decide(reviewer, id, input));
    }),
  );

  router.get(
    '/review/:moderationJobId/frames/:index',
    asyncRoute(async (req, res) => {
      const reviewer = reviewerOf(req);
      const id = moderationJobIdOf(req);
      const index = String(req.params.index);
      if (!FRAME_INDEX.test(index)) throw new ApiError('not_found', `No frame ${index.slice(0, 20)} of ${id}: frames are numbered 0, 1, 2...`);
      const frame = await deps.moderator.reviewFrame(reviewer, id, Number(index));
      if (!frame) throw new ApiError('not_found', `No frame ${index} of ${id} for this account (or its media expired).`);
      // A still's frame is its upload (JPEG, PNG, WebP or GIF), a video's or an animation's a JPEG.
      const sniffed = sniffMedia(frame);
      res.type(sniffed.kind === 'image' ? sniffed.mime : 'image/jpeg').send(frame);
    }),
  );

  return router;
}
