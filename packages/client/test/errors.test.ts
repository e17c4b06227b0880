// Every refusal docs/api.md lists comes back as its own error class with status, code, body and
// Retry-After, so callers branch without parsing messages.
import { describe, expect, it } from 'vitest';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  IdempotencyConflictError,
  InternalServerError,
  InvalidRequestError,
  ModerationApiError,
  ModerationClient,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnavailableError,
  UnsupportedMediaTypeError,
  type ErrorCode,
} from '../src/index.ts';
import { ORIGIN, fakeFetch, json, tokenAnswer } from './fake-fetch.ts';

const MODERATE = 'POST /v1/moderate';

async function refusal(status: number, body: unknown, headers: Record<string, string> = {}): Promise<ModerationApiError> {
  const answer = typeof body === 'string' ? new Response(body, { status, headers }) : json(status, body, headers);
  const fake = fakeFetch().on('POST /v1/authenticate', tokenAnswer('t')).on(MODERATE, answer);
  const client = new ModerationClient({ baseUrl: ORIGIN, apiKey: 'k', fetch: fake.fetch });
  const err = await client.moderate({ classificationJobId: 'job_1' }).catch((e: unknown) => e);
  if (!(err instanceof ModerationApiError)) throw new Error(`expected a ModerationApiError, got ${String(err)}`);
  return err;
}

const documented: [number, ErrorCode, typeof ModerationApiError][] = [
  [400, 'invalid_request', BadRequestError],
  [403, 'forbidden', ForbiddenError],
  [404, 'not_found', NotFoundError],
  [409, 'conflict', ConflictError],
  [413, 'payload_too_large', PayloadTooLargeError],
  [415, 'unsupported_media_type', UnsupportedMediaTypeError],
  [422, 'invalid_request', InvalidRequestError],
  [429, 'rate_limited', RateLimitedError],
  [500, 'internal', InternalServerError],
  [503, 'unavailable', UnavailableError],
];

describe('typed errors', () => {
  it.each(documented)('%i %s is a %o with status, code, message and body', async (status, code, ErrorClass) => {
    const body = { error: code, message: `refused with ${status}` };
    const err = await refusal(status, body);
    expect(err).toBeInstanceOf(ErrorClass);
    expect(err).toBeInstanceOf(ModerationApiError);
    expect(err.name).toBe(ErrorClass.name);
    expect(err).toMatchObject({ status, code, body, method: 'POST', path: '/moderate', retryAfterSeconds: null });
    expect(err.message).toContain(`refused with ${status}`);
  });

  it('tells idempotency_conflict from a state conflict, both 409', async () => {
    const err = await refusal(409, { error: 'idempotency_conflict', message: 'key used for other content' });
    expect(err).toBeInstanceOf(IdempotencyConflictError);
    expect(err).toBeInstanceOf(ConflictError);
    expect(await refusal(409, { error: 'conflict', message: 'no reviewer left' })).not.toBeInstanceOf(IdempotencyConflictError);
  });

  it('carries Retry-After of 429 and 503 in seconds', async () => {
    expect((await refusal(429, { error: 'rate_limited', message: 'slow down' }, { 'Retry-After': '7' })).retryAfterSeconds).toBe(7);
    expect((await refusal(503, { error: 'unavailable', message: 'busy' }, { 'Retry-After': '120' })).retryAfterSeconds).toBe(120);
  });

  it('keeps a body that is not the error form (a proxy page) as text, with no code', async () => {
    const err = await refusal(502, '<html>bad gateway</html>');
    expect(err.constructor).toBe(ModerationApiError);
    expect(err).toMatchObject({ status: 502, code: null, body: '<html>bad gateway</html>' });
  });
});
