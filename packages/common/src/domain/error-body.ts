// Every refusal of the REST API: {"error": "<code>", "message": "<what to do>"}.
import { z } from 'zod';

export const API_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'unavailable',
  'internal',
] as const;

export const ErrorBodySchema = z.strictObject({
  error: z.enum(API_ERROR_CODES),
  message: z.string().describe('What went wrong and what to do about it.'),
});

export type ErrorBody = z.infer<typeof ErrorBodySchema>;
