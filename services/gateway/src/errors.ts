import type { ErrorRequestHandler, Response } from 'express';
import multer from 'multer';
import { ApiError } from '@modsvc/common/errors';
import type { Logger } from '@modsvc/common/logger';
import { CAPTION_TOO_LARGE } from './validation.ts';

/** Every refusal is JSON: {"error": "<code>", "message": "<what to do>"} with a fitting HTTP status. */
export function sendError(res: Response, err: ApiError): void {
  if (err.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(err.retryAfterSeconds));
  res.status(err.status).json({ error: err.code, message: err.message });
}

/** What the multipart parser (busboy) says of a body that is not multipart, or cut short: the caller's error. */
const MALFORMED_BODY = /^(Multipart: Boundary not found|Unexpected end of (form|file)|Malformed (part header|urlencoded form|content type)|Missing Content-Type|Unsupported content type)/;

function isMalformedBody(err: unknown): err is Error {
  return err instanceof Error && !('syscall' in err) && MALFORMED_BODY.test(err.message);
}

export function errorHandler(log: Logger, limits: () => string): ErrorRequestHandler {
  return (err, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof ApiError) return sendError(res, err);
    if (err instanceof multer.MulterError) {
      if (err.code === 'LIMIT_FILE_SIZE') return sendError(res, new ApiError('payload_too_large', `The file is too large; ${limits()}.`));
      if (err.code === 'LIMIT_FIELD_VALUE') {
        return sendError(res, new ApiError('payload_too_large', err.field === 'caption' ? CAPTION_TOO_LARGE : `The form field "${err.field}" is too long.`));
      }
      if (err.code === 'LIMIT_UNEXPECTED_FILE') return sendError(res, new ApiError('invalid_request', `Unexpected file field "${err.field}"; send the content in a field named "file".`));
      return sendError(res, new ApiError('invalid_request', `Malformed upload: ${err.message}.`));
    }
    if (isMalformedBody(err)) {
      log.warn({ path: req.path, problem: err.message }, 'malformed request body');
      return sendError(res, new ApiError('invalid_request', `Malformed request body (${err.message}): send multipart/form-data with its boundary in the Content-Type header and the whole body.`));
    }
    const e = err as { type?: string; status?: number; message?: string };
    if (e.type === 'entity.too.large') return sendError(res, new ApiError('payload_too_large', 'The request body is too large (a caption may be up to 256 KB).'));
    if (e.status && e.status >= 400 && e.status < 500) return sendError(res, new ApiError('invalid_request', `Malformed request: ${e.message}`));
    log.error({ err }, 'unhandled gateway error');
    sendError(res, new ApiError('internal', 'Internal error; the request was not processed. Retry later.'));
  };
}
