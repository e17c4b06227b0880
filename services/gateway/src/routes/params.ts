// Input checks shared by the moderation, review and feedback routes.
import type { Request } from 'express';
import type { z } from 'zod';
import { ApiError } from '@modsvc/common/errors';
import { describeZodError } from '../validation.ts';

const MODERATION_JOB_ID = /^vmod_[A-Za-z0-9_-]{1,64}$/;

/** The :moderationJobId of the path; an id of the wrong shape names no job, so it is a 404 like an unknown one. */
export function moderationJobIdOf(req: Request): string {
  const id = String(req.params.moderationJobId);
  if (!MODERATION_JOB_ID.test(id)) throw new ApiError('not_found', `No moderation job ${id.slice(0, 80)} for this account (ids look like vmod_...).`);
  return id;
}

/** The JSON body checked against the schema: 415 when it is not application/json, 422 naming each bad field. */
export function jsonBody<T extends z.ZodType>(req: Request, schema: T, what: string): z.infer<T> {
  if (!req.is('application/json')) throw new ApiError('unsupported_media_type', `Send ${what} as application/json.`);
  const parsed = schema.safeParse(req.body);
  if (!parsed.success) throw new ApiError('invalid_request', `Invalid ${what}: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** Query parameters checked against the schema (422 naming each bad one). */
export function queryOf<T extends z.ZodType>(req: Request, schema: T): z.infer<T> {
  const parsed = schema.safeParse(req.query);
  if (!parsed.success) throw new ApiError('invalid_request', `Invalid query: ${describeZodError(parsed.error)}`);
  return parsed.data;
}
