import type { ErrorRequestHandler, Response } from 'express';
import multer from 'multer';
import { ApiError } from '@modsvc/common/errors';
import type { Logger } from '@modsvc/common/logger';

/** Every refusal is JSON: {"error": "<code>", "message": "<what to do>"} with a fitting HTTP status. */
export function sendError(res: Response, err: ApiError): void {
  res.status(err.status).json({ error: err.code, message: err.message });
}

export function errorHandler(log: Logger, limits: () => string): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof ApiError) return sendError(res, err);
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return sendError(res, new ApiError('payload_too_large', `The file is too large; ${limits()}.`));
      if (err.code === 'LIMIT_UNEXPECTED_FILE') return sendError(res, new ApiError('invalid_request', `Unexpected file field "${err.field}"; send the content in a field named "file".`));
      return sendError(res, new ApiError('invalid_request', `Malformed upload: ${err.message}.`));
    }
    const e = err as { type?: string; status?: number; message?: string };
    if (e.type === 'entity.too.large') return sendError(res, new ApiError('payload_too_large', 'The request body is too large.'));
    if (e.status && e.status >= 400 && e.status < 500) return sendError(res, new ApiError('invalid_request', `Malformed request: ${e.message}`));
    log.error({ err }, 'unhandled gateway error');
    sendError(res, new ApiError('internal', 'Internal error; the request was not processed. Retry later.'));
  };
}
