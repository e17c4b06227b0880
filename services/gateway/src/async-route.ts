// An express handler from an async function: a rejection goes to the error handler (express 4 does not
// catch promises itself).
import type { NextFunction, Request, Response } from 'express';
import type { AuthedRequest } from './roles.ts';

export const asyncRoute =
  (fn: (req: AuthedRequest, res: Response) => Promise<void>) =>
  (req: Request, res: Response, next: NextFunction): void => {
    fn(req as AuthedRequest, res).catch(next);
  };
