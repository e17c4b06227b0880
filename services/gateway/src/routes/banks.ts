// REST for hash banks (/v1/banks...) and PDQ hashing (/v1/hash...). Banks keep hashes and notes only:
// media sent here is hashed by ingest and deleted with the request.
import fs from 'node:fs';
import express, { type Request } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { formatBankCsv, parseBankCsv } from '@modsvc/pdq';
import { ApiError } from '@modsvc/common/errors';
import type { BanksApi, IngestApi, MediaSource } from '@modsvc/common/contracts';
import type { Tenant } from '@modsvc/common/tenants';
import { BankHashesRequestSchema, BankSpecSchema } from '@modsvc/common/domain/index';
import { describeZodError, dropEmpty, httpUrl } from '../validation.ts';
import { asyncRoute } from '../async-route.ts';

type TenantRequest = Request & { tenant?: Tenant };

export interface BankRoutesDeps {
  banks: BanksApi;
  ingest: IngestApi;
  uploadDir: string;
  maxImageBytes: number;
  maxVideoBytes: number;
}

/** Hashes given in one call to the banks service (the gRPC message limit is 16 MB). */
const HASHES_PER_CALL = 10_000;
/** A CSV of a million hashes is ~70 MB. */
const CSV_LIMIT = '128mb';

const mediaFields = z.object({
  url: httpUrl('url').optional(),
  note: z.string().max(1024).optional(),
});

const idParam = (req: Request, name: string): string => {
  const v = String(req.params[name]);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(v)) throw new ApiError('not_found', `No ${name.replace('Id', '')} ${v} for this account.`);
  return v;
};

/** The media of a multipart or form request: the uploaded file, or a url field; never both. */
function mediaOf(req: TenantRequest): { media: MediaSource; note: string | null } {
  const parsed = mediaFields.safeParse(dropEmpty(req.body));
  if (!parsed.success) throw new ApiError('invalid_request', describeZodError(parsed.error));
  const file = req.file;
  if (file && parsed.data.url) throw new ApiError('invalid_request', 'Send either "file" or "url", not both.');
  const note = parsed.data.note ?? null;
  if (file) return { media: { kind: 'upload', file: { path: file.path, filename: file.originalname || 'upload', declaredType: file.mimetype || null, size: file.size } }, note };
  if (parsed.data.url) return { media: { kind: 'url', url: parsed.data.url }, note };
  throw new ApiError('invalid_request', 'Send the image as a multipart field "file" or its address as the field "url".');
}

export function bankRoutes(deps: BankRoutesDeps): express.Router {
  const router = express.Router();
  const image = multer({ dest: deps.uploadDir, limits: { fileSize: deps.maxImageBytes, files: 1, fields: 8, fieldSize: 64 * 1024 } }).single('file');
  const video = multer({ dest: deps.uploadDir, limits: { fileSize: deps.maxVideoBytes, files: 1, fields: 8, fieldSize: 64 * 1024 } }).single('file');
  const csv = express.text({ type: ['text/csv', 'application/csv'], limit: CSV_LIMIT });
  const cleanup = (req: Request) => {
    if (req.file) fs.promises.rm(req.file.path, { force: true }).catch(() => undefined);
  };
  const tenantOf = (req: TenantRequest) => req.tenant!.id;

  router.post(
    '/banks',
    asyncRoute(async (req, res) => {
      const parsed = BankSpecSchema.safeParse(req.body ?? {});
      if (!parsed.success) throw new ApiError('invalid_request', describeZodError(parsed.error));
      res.status(201).json(await deps.banks.createBank(tenantOf(req), parsed.data));
    }),
  );

  router.get(
    '/banks',
    asyncRoute(async (req, res) => {
      res.json({ banks: await deps.banks.listBanks(tenantOf(req)) });
    }),
  );

  router.delete(
    '/banks/:bankId',
    asyncRoute(async (req, res) => {
      const bankId = idParam(req, 'bankId');
      if (!(await deps.banks.deleteBank(tenantOf(req), bankId))) throw new ApiError('not_found', `No bank ${bankId} for this account.`);
      res.status(204).end();
    }),
  );

  // Content: JSON {"hashes": [...]}, a CSV list (HMA / ThreatExchange format), or an image (file or url).
  router.post(
    '/banks/:bankId/content',
    csv,
    (req, res, next) => (req.is('multipart/form-data') ? image(req, res, next) : next()),
    asyncRoute(async (req, res) => {
      const tenantId = tenantOf(req);
      const bankId = idParam(req, 'bankId');
      try {
        if (typeof req.body === 'string') {
          const { rows, errors } = parseBankCsv(req.body);
          if (errors.length) throw new ApiError('invalid_request', `The CSV has bad rows: ${errors.slice(0, 10).map((e) => `line ${e.line}: ${e.message}`).join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}.`);
          if (!rows.length) throw new ApiError('invalid_request', 'The CSV has no hash rows.');
          const added = await addInChunks(deps.banks, tenantId, bankId, rows.map((r) => ({ pdq: r.hash, note: r.note ?? r.contentId ?? null })));
          res.status(201).json({ added: added.length, items: added.slice(0, 100) });
          return;
        }
        if (req.is('application/json')) {
          const parsed = BankHashesRequestSchema.safeParse(req.body);
          if (!parsed.success) throw new ApiError('invalid_request', describeZodError(parsed.error));
          const added = await addInChunks(deps.banks, tenantId, bankId, parsed.data.hashes.map((h) => ({ pdq: h.pdq, note: h.note ?? null })));
          res.status(201).json({ added: added.length, items: added });
          return;
        }
        const { media, note } = mediaOf(req);
        const item = await deps.banks.addMedia(tenantId, bankId, media, note);
        if (!item) throw new ApiError('not_found', `No bank ${bankId} for this account.`);
        res.status(201).json(item);
      } finally {
        cleanup(req);
      }
    }),
  );

  router.get(
    '/banks/:bankId/content/:contentId',
    asyncRoute(async (req, res) => {
      const bankId = idParam(req, 'bankId');
      const contentId = idParam(req, 'contentId');
      const item = await deps.banks.getContent(tenantOf(req), bankId, contentId);
      if (!item) throw new ApiError('not_found', `No content ${contentId} in bank ${bankId} for this account.`);
      res.json(item);
    }),
  );

  router.delete(
    '/banks/:bankId/content/:contentId',
    asyncRoute(async (req, res) => {
      const bankId = idParam(req, 'bankId');
      const contentId = idParam(req, 'contentId');
      if (!(await deps.banks.deleteContent(tenantOf(req), bankId, contentId))) throw new ApiError('not_found', `No content ${contentId} in bank ${bankId} for this account.`);
      res.status(204).end();
    }),
  );

  router.get(
    '/banks/:bankId/export',
    asyncRoute(async (req, res) => {
      const bankId = idParam(req, 'bankId');
      const items = await deps.banks.exportBank(tenantOf(req), bankId);
      if (!items) throw new ApiError('not_found', `No bank ${bankId} for this account.`);
      res.type('text/csv').attachment(`${bankId}.csv`);
      res.send(formatBankCsv(items.map((c) => ({ hash: c.pdq, contentId: c.content_id, note: c.note ?? undefined }))));
    }),
  );

  // PDQ of an image, at once; of a video, every analysed frame through an items job (results.hashes).
  const hashImage = asyncRoute(async (req, res) => {
    try {
      const { media } = mediaOf(req);
      res.json(await deps.banks.hashMedia(tenantOf(req), media));
    } finally {
      cleanup(req);
    }
  });
  router.post('/hash', image, hashImage);
  router.post('/hash/image', image, hashImage);
  router.post(
    '/hash/video',
    video,
    asyncRoute(async (req, res) => {
      try {
        const { media } = mediaOf(req);
        const opts = { tenantId: tenantOf(req), product: 'items' as const, media: 'video' as const, caption: null, callbackUrl: null };
        const { jobId } = media.kind === 'upload' ? await deps.ingest.submitUpload(opts, media.file) : await deps.ingest.submitUrl(opts, media.url);
        res.status(202).json({ job_id: jobId, status: 'queued', poll: `/v1/classify/items-characteristics/video/${jobId}`, note: 'the result lists the PDQ hash of every analysed frame in `hashes`' });
      } finally {
        cleanup(req);
      }
    }),
  );

  return router;
}

async function addInChunks(banks: BanksApi, tenantId: string, bankId: string, hashes: { pdq: string; note: string | null }[]) {
  const added = [];
  for (let i = 0; i < hashes.length; i += HASHES_PER_CALL) {
    const items = await banks.addHashes(tenantId, bankId, hashes.slice(i, i + HASHES_PER_CALL));
    if (!items) throw new ApiError('not_found', `No bank ${bankId} for this account.`);
    added.push(...items);
  }
  return added;
}
