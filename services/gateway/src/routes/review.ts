// REST for human review (/v1/review), reviewer tokens only: the queue, an item with its analysis and
// frames, claiming and deciding. The reviewer and tenant come from the token, never from the request.
import express from 'express';
import { z } from 'zod';
import { ApiError } from '@modsvc/common/errors';
import type { ModeratorApi } from '@modsvc/common/contracts';
import { ReviewDecisionInputSchema } from '@modsvc/common/domain/index';
import { reviewerOf } from '../roles.ts';
import { jsonBody, moderationJobIdOf, queryOf } from './params.ts';
import { asyncRoute } from '../async-route.ts';

export interface ReviewRoutesDeps {
  moderator: ModeratorApi;
}

export const REVIEW_QUEUE_DEFAULT_LIMIT = 50;
export const REVIEW_QUEUE_MAX_LIMIT = 200;

export const ReviewQueueQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(REVIEW_QUEUE_MAX_LIMIT).default(REVIEW_QUEUE_DEFAULT_LIMIT),
});

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
      const { limit } = queryOf(req, ReviewQueueQuerySchema);
      res.json({ items: await deps.moderator.reviewQueue(reviewer, limit) });
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
      res.type('image/jpeg').send(frame);
    }),
  );

  return router;
}
