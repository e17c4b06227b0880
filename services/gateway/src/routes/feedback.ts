// POST /v1/feedback: a caller or a reviewer says whether a class or category of a job was right.
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ModeratorApi } from '@modsvc/common/contracts';
import { FeedbackInputSchema } from '@modsvc/common/domain/index';
import { feedbackActorOf, type AuthedRequest } from '../roles.ts';
import { jsonBody } from './params.ts';

export function feedbackRoutes(deps: { moderator: ModeratorApi }): express.Router {
  const router = express.Router();
  router.post('/feedback', (req: Request, res: Response, next: NextFunction) => {
    const authed = req as AuthedRequest;
    (async () => {
      const input = jsonBody(req, FeedbackInputSchema, 'the feedback ({"job_id", "class" or "category", "correct": true|false, "note"})');
      const record = await deps.moderator.feedback(authed.principal!.tenantId, feedbackActorOf(authed), input);
      res.status(201).json(record);
    })().catch(next);
  });
  return router;
}
