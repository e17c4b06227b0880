// REST for the virtual moderator (/v1/moderate): a decision on an earlier policy job or on content sent
// with the request (classified by policy first), the job's current state, and appeals.
import crypto from 'node:crypto';
import fs from 'node:fs';
import express, { type Request } from 'express';
import multer from 'multer';
import { ApiError } from '@modsvc/common/errors';
import type { IngestApi, ModeratorApi, SubmitIdempotency } from '@modsvc/common/contracts';
import { AppealInputSchema } from '@modsvc/common/domain/index';
import type { MediaKind } from '@modsvc/common/jobs';
import { idempotencyKeyOf, submitFingerprint } from '../idempotency.ts';
import { callerTenantOf, type AuthedRequest } from '../roles.ts';
import { submitClassification } from '../submit.ts';
import { uploadKind, urlKind } from '../content-kind.ts';
import { assertCaptionSize, describeZodError, dropEmpty, moderateFields, type ModerateFields } from '../validation.ts';
import { jsonBody, moderationJobIdOf } from './params.ts';
import { asyncRoute } from '../async-route.ts';

export interface ModerationRoutesDeps {
  moderator: ModeratorApi;
  ingest: IngestApi;
  uploadDir: string;
  maxImageBytes: number;
  maxVideoBytes: number;
}

/**
 * The Idempotency-Key of a moderate with content: the classification submit's fingerprint plus what only
 * the moderation uses, so the key reused for another external_id or callback_url is a conflict.
 */
async function moderateIdempotency(req: Request, media: MediaKind, f: ModerateFields, file: Express.Multer.File | undefined): Promise<SubmitIdempotency | undefined> {
  const key = idempotencyKeyOf(req);
  if (key === null) return undefined;
  const content = await submitFingerprint({ product: 'policy', media, fields: { url: f.url, caption: f.caption }, file });
  const fingerprint = crypto.createHash('sha256').update(JSON.stringify({ moderate: content, external_id: f.external_id, callback_url: f.callback_url ?? null })).digest('hex');
  return { key, fingerprint };
}

export function moderationRoutes(deps: ModerationRoutesDeps): express.Router {
  const router = express.Router();
  // The kind of an upload is known only once it is in, so it may be as large as a video; an image over its
  // own limit is refused after.
  const upload = multer({ dest: deps.uploadDir, limits: { fileSize: Math.max(deps.maxImageBytes, deps.maxVideoBytes), files: 1, fields: 16, fieldSize: 300 * 1024 } }).single('file');

  /** The classification job to decide on: the one named, or a new policy job for the content sent. */
  async function classificationJobOf(req: AuthedRequest, tenantId: string, f: ModerateFields): Promise<string> {
    const file = req.file;
    const content = Boolean(file || f.url);
    if (f.classification_job_id) {
      if (content) throw new ApiError('invalid_request', 'Send either classification_job_id or the content ("file" or "url"), not both.');
      if (f.content_type || f.caption !== undefined) throw new ApiError('invalid_request', 'caption and content_type go with the content ("file" or "url"), not with classification_job_id.');
      return f.classification_job_id;
    }
    if (!content) throw new ApiError('invalid_request', 'Send the content ("file" or "url") or the classification_job_id of an earlier policy classification job.');
    if (file && f.url) throw new ApiError('invalid_request', 'Send either "file" or "url", not both.');
    const media = f.content_type ?? (file ? await uploadKind(file.path) : urlKind(f.url!));
    if (file && media === 'image' && file.size > deps.maxImageBytes) {
      throw new ApiError('payload_too_large', `The image is too large; images up to ${Math.round(deps.maxImageBytes / 1024 / 1024)} MB.`);
    }
    const idempotency = await moderateIdempotency(req, media, f, file);
    // The classification job sends no webhook of its own: the moderation's callback_url gets the decision.
    return submitClassification(deps.ingest, { tenantId, product: 'policy', media, url: f.url ?? null, caption: f.caption ?? null, callbackUrl: null, file, idempotency });
  }

  router.post(
    '/moderate',
    upload,
    asyncRoute(async (req, res) => {
      try {
        const tenantId = callerTenantOf(req);
        assertCaptionSize(req.body);
        const parsed = moderateFields.safeParse(dropEmpty(req.body));
        if (!parsed.success) throw new ApiError('invalid_request', describeZodError(parsed.error));
        const f = parsed.data;
        const classificationJobId = await classificationJobOf(req, tenantId, f);
        const reply = await deps.moderator.moderate({ tenantId, classificationJobId, externalId: f.external_id, callbackUrl: f.callback_url ?? null, idempotencyKey: idempotencyKeyOf(req) });
        res.status(reply.httpStatus).json(reply.result);
      } finally {
        if (req.file) fs.promises.rm(req.file.path, { force: true }).catch(() => undefined);
      }
    }),
  );

  router.get(
    '/moderate/:moderationJobId',
    asyncRoute(async (req, res) => {
      const id = moderationJobIdOf(req);
      const reply = await deps.moderator.getModeration(callerTenantOf(req), id);
      if (!reply) throw new ApiError('not_found', `No moderation job ${id} for this account.`);
      res.status(reply.httpStatus).json(reply.result);
    }),
  );

  router.post(
    '/moderate/:moderationJobId/appeal',
    asyncRoute(async (req, res) => {
      const tenantId = callerTenantOf(req);
      const id = moderationJobIdOf(req);
      const input = jsonBody(req, AppealInputSchema, 'the appeal ({"reason": "..."})');
      res.json(await deps.moderator.appeal(tenantId, id, input));
    }),
  );

  return router;
}
