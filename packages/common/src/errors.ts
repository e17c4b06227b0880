// Errors that cross service boundaries keep their HTTP meaning (status + code) over gRPC.
import * as grpc from '@grpc/grpc-js';

export type ApiErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'idempotency_conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

const HTTP_STATUS: Record<ApiErrorCode, number> = {
  invalid_request: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  idempotency_conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
  internal: 500,
};

const GRPC_STATUS: Record<ApiErrorCode, grpc.status> = {
  invalid_request: grpc.status.INVALID_ARGUMENT,
  unauthorized: grpc.status.UNAUTHENTICATED,
  forbidden: grpc.status.PERMISSION_DENIED,
  not_found: grpc.status.NOT_FOUND,
  conflict: grpc.status.FAILED_PRECONDITION,
  idempotency_conflict: grpc.status.ALREADY_EXISTS,
  payload_too_large: grpc.status.OUT_OF_RANGE,
  unsupported_media_type: grpc.status.FAILED_PRECONDITION,
  rate_limited: grpc.status.RESOURCE_EXHAUSTED,
  unavailable: grpc.status.UNAVAILABLE,
  internal: grpc.status.INTERNAL,
};

/** An error a caller can act on: becomes an HTTP status and a JSON body at the gateway. */
export class ApiError extends Error {
  readonly status: number;
  /** Sent as the Retry-After header (seconds) when set. */
  readonly retryAfterSeconds: number | undefined;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    extra: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = HTTP_STATUS[code];
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }

  toGrpc(): grpc.ServiceError {
    const err = new Error(this.message) as grpc.ServiceError;
    // A refusal that names its own wait must not be retried at once by the client's UNAVAILABLE retry policy.
    err.code = this.retryAfterSeconds !== undefined ? grpc.status.RESOURCE_EXHAUSTED : GRPC_STATUS[this.code];
    err.details = JSON.stringify({ code: this.code, message: this.message, retryAfterSeconds: this.retryAfterSeconds });
    err.metadata = new grpc.Metadata();
    return err;
  }

  static fromGrpc(err: grpc.ServiceError): ApiError {
    try {
      const parsed = JSON.parse(err.details) as { code?: ApiErrorCode; message?: string; retryAfterSeconds?: unknown };
      if (parsed.code && parsed.code in HTTP_STATUS) {
        const retryAfterSeconds = typeof parsed.retryAfterSeconds === 'number' ? parsed.retryAfterSeconds : undefined;
        return new ApiError(parsed.code, parsed.message ?? err.message, { retryAfterSeconds });
      }
    } catch {
      // not one of ours: fall through
    }
    if (err.code === grpc.status.UNAVAILABLE || err.code === grpc.status.DEADLINE_EXCEEDED) {
      return new ApiError('unavailable', 'A backend service is unavailable; retry shortly.');
    }
    return new ApiError('internal', err.details || err.message);
  }
}

/** A stage error that no retry can fix: the job fails with this message (e.g. "Failed to decode video."). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export function toGrpcError(err: unknown): grpc.ServiceError {
  if (err instanceof ApiError) return err.toGrpc();
  return new ApiError('internal', (err as Error)?.message ?? String(err)).toGrpc();
}
