// One error class per refusal docs/api.md lists ("Errors"), so callers can branch with instanceof or on
// `status`/`code` without parsing messages.
import type { ErrorBody, ErrorCode } from './api-types.ts';

export interface ApiErrorDetails {
  status: number;
  /** The body's `error` code; null when the body was not the documented error form. */
  code: ErrorCode | null;
  message: string;
  /** The parsed JSON body, or the text when it was not JSON. */
  body: unknown;
  /** Retry-After in seconds (429, 503), when the answer had one. */
  retryAfterSeconds: number | null;
  method: string;
  path: string;
}

/** A refusal (any non-2xx answer) from the service. */
export class ModerationApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | null;
  readonly body: unknown;
  readonly retryAfterSeconds: number | null;
  readonly method: string;
  readonly path: string;

  constructor(details: ApiErrorDetails) {
    super(`${details.method} ${details.path}: ${details.status}${details.code ? ` ${details.code}` : ''}: ${details.message}`);
    this.name = new.target.name;
    this.status = details.status;
    this.code = details.code;
    this.body = details.body;
    this.retryAfterSeconds = details.retryAfterSeconds;
    this.method = details.method;
    this.path = details.path;
  }
}

export class BadRequestError extends ModerationApiError {}
/** 401: missing, invalid or expired token; unknown API key. */
export class UnauthorizedError extends ModerationApiError {}
/** 403: a Premium feature for a Standard tenant, or a route the token's role may not use. */
export class ForbiddenError extends ModerationApiError {}
/** 404: unknown id, another tenant's, or asked for under another product or media. */
export class NotFoundError extends ModerationApiError {}
/** 409 `conflict`: the request does not fit the job's or review item's state. */
export class ConflictError extends ModerationApiError {}
/** 409 `idempotency_conflict`: the Idempotency-Key was used in the last 24 h for different content. */
export class IdempotencyConflictError extends ConflictError {}
/** 413: file, caption or body over its limit. */
export class PayloadTooLargeError extends ModerationApiError {}
/** 415: bytes that are not a supported image or video, or a JSON route sent something else. */
export class UnsupportedMediaTypeError extends ModerationApiError {}
/** 422: invalid fields; the message names them. */
export class InvalidRequestError extends ModerationApiError {}
/** 429: a rate limit; `retryAfterSeconds` says how long to wait. */
export class RateLimitedError extends ModerationApiError {}
/** 500: a bug in the service; the request was not processed. */
export class InternalServerError extends ModerationApiError {}
/** 503: too much work queued (`retryAfterSeconds`) or a backend unreachable; retry shortly. */
export class UnavailableError extends ModerationApiError {}

const BY_STATUS: Record<number, typeof ModerationApiError> = {
  400: BadRequestError,
  401: UnauthorizedError,
  403: ForbiddenError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  422: InvalidRequestError,
  429: RateLimitedError,
  500: InternalServerError,
  503: UnavailableError,
};

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as ErrorBody).error === 'string' && typeof (body as ErrorBody).message === 'string';
}

/** The error for a refused answer: its class chosen by status (and by code for the two 409s). */
export function apiErrorFor(status: number, body: unknown, retryAfterSeconds: number | null, method: string, path: string): ModerationApiError {
  const code = isErrorBody(body) ? body.error : null;
  const message = isErrorBody(body) ? body.message : typeof body === 'string' && body ? body.slice(0, 200) : `HTTP ${status}`;
  const details = { status, code, message, body, retryAfterSeconds, method, path };
  if (code === 'idempotency_conflict') return new IdempotencyConflictError(details);
  const ErrorClass = BY_STATUS[status] ?? ModerationApiError;
  return new ErrorClass(details);
}

/** `wait()` gave up: the job was still unfinished at its deadline. */
export class WaitTimeoutError extends Error {
  constructor(
    readonly target: string,
    readonly timeoutMs: number,
  ) {
    super(`${target} was not finished after ${timeoutMs} ms`);
    this.name = 'WaitTimeoutError';
  }
}
