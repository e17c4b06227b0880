// REST for hash banks (/v1/banks...) and PDQ hashing (/v1/hash...). Banks keep hashes and notes only:
// media sent here is hashed by ingest and deleted with the request. Videos come and go as vPDQ (the
// reference tools' file, or HMA's signal string in JSON and in bank CSV files).
import fs from 'node:fs';
import express, { type Request } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { formatBankCsv, formatBankVpdqCsv, formatVpdq, looksLikeVpdqFile, parseBankCsv, parseVpdq, type VpdqFeature } from '@modsvc/pdq';
import { ApiError } from '@modsvc/common/errors';
import type { BanksApi, IngestApi, MediaSource } from '@modsvc/common/contracts';
import type { Tenant } from '@modsvc/common/tenants';
import { BankHashesRequestSchema, BankSpecSchema, BankVideosRequestSchema, type BankContent, type VpdqFrame } from '@modsvc/common/domain/index';
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
/** Video frames given in one call (~90 bytes each on the wire). */
const FRAMES_PER_CALL = 50_000;
/** Items a bulk import answers with (the count is complete). */
const ITEMS_ANSWERED = 100;

const frameOf = (f: VpdqFeature): VpdqFrame => ({ frame_number: f.frameNumber, quality: f.quality, pdq: f.pdq, timestamp: f.timestamp });
const featureOf = (f: VpdqFrame): VpdqFeature => ({ frameNumber: f.frame_number, quality: f.quality, pdq: f.pdq, timestamp: f.timestamp });

/** The frames of a vPDQ text (the reference tools' file or HMA's JSON signal), or a 422 naming the bad lines. */
function vpdqFrames(text: string, where: string): VpdqFrame[] {
  const { features, errors } = parseVpdq(text);
  if (errors.length) throw new ApiError('invalid_request', `${where} has bad vPDQ lines: ${errors.slice(0, 10).map((e) => `line ${e.line}: ${e.message}`).join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}.`);
  if (!features.length) throw new ApiError('invalid_request', `${where} has no vPDQ frames.`);
  return features.map(frameOf);
}

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
          // A video's vPDQ file (frame_number,quality,pdq_hex,timestamp lines): one item, its note in ?note=.
          if (looksLikeVpdqFile(req.body)) {
            const note = typeof req.query.note === 'string' && req.query.note !== '' ? req.query.note.slice(0, 1024) : null;
            const added = await addVideosInChunks(deps.banks, tenantId, bankId, [{ frames: vpdqFrames(req.body, 'The vPDQ file'), note }]);
            res.status(201).json({ added: added.length, items: added });
            return;
          }
          const { rows, videos, errors } = parseBankCsv(req.body);
          if (errors.length) throw new ApiError('invalid_request', `The CSV has bad rows: ${errors.slice(0, 10).map((e) => `line ${e.line}: ${e.message}`).join('; ')}${errors.length > 10 ? `; and ${errors.length - 10} more` : ''}.`);
          if (!rows.length && !videos.length) throw new ApiError('invalid_request', 'The CSV has no hash rows.');
          const added = [
            ...(rows.length ? await addInChunks(deps.banks, tenantId, bankId, rows.map((r) => ({ pdq: r.hash, note: r.note ?? r.contentId ?? null }))) : []),
            ...(videos.length ? await addVideosInChunks(deps.banks, tenantId, bankId, videos.map((v) => ({ frames: v.features.map(frameOf), note: v.note ?? v.contentId ?? null }))) : []),
          ];
          res.status(201).json({ added: added.length, items: added.slice(0, ITEMS_ANSWERED) });
          return;
        }
        if (req.is('application/json')) {
          if (req.body && typeof req.body === 'object' && 'videos' in req.body) {
            const parsed = BankVideosRequestSchema.safeParse(req.body);
            if (!parsed.success) throw new ApiError('invalid_request', describeZodError(parsed.error));
            const videos = parsed.data.videos.map((v, i) => ({ frames: typeof v.vpdq === 'string' ? vpdqFrames(v.vpdq, `videos[${i}].vpdq`) : v.vpdq, note: v.note ?? null }));
            const added = await addVideosInChunks(deps.banks, tenantId, bankId, videos);
            res.status(201).json({ added: added.length, items: added });
            return;
          }
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

  /** The content item the path names, of the caller's tenant; not_found otherwise. */
  async function contentOf(req: Request) {
    const bankId = idParam(req, 'bankId');
    const contentId = idParam(req, 'contentId');
    const item = await deps.banks.getContent(tenantOf(req), bankId, contentId);
    if (!item) throw new ApiError('not_found', `No content ${contentId} in bank ${bankId} for this account.`);
    return { bankId, contentId, item };
  }

  router.get(
    '/banks/:bankId/content/:contentId',
    asyncRoute(async (req, res) => {
      res.json((await contentOf(req)).item);
    }),
  );

  // A video's vPDQ, as the reference tools' file (vpdq-hash-video's output; match-hashes-brute reads it).
  router.get(
    '/banks/:bankId/content/:contentId/vpdq',
    asyncRoute(async (req, res) => {
      const { bankId, contentId, item } = await contentOf(req);
      if (!item.vpdq) throw new ApiError('not_found', `Content ${contentId} of bank ${bankId} is a picture, not a video: its PDQ hash is in GET /v1/banks/${bankId}/content/${contentId}.`);
      res.type('text/csv').attachment(`${contentId}.vpdq.csv`);
      res.send(formatVpdq(item.vpdq.map(featureOf)));
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
      const signalType = req.query.signal_type ?? 'pdq';
      if (signalType !== 'pdq' && signalType !== 'vpdq') throw new ApiError('invalid_request', 'signal_type is pdq (pictures and hashes, the default) or vpdq (videos).');
      const items = await deps.banks.exportBank(tenantOf(req), bankId);
      if (!items) throw new ApiError('not_found', `No bank ${bankId} for this account.`);
      const of = (type: BankContent['signal_type']) => items.filter((c) => c.signal_type === type);
      if (signalType === 'vpdq') {
        res.type('text/csv').attachment(`${bankId}.vpdq.csv`);
        res.send(formatBankVpdqCsv(of('vpdq').map((c) => ({ features: c.vpdq!.map(featureOf), contentId: c.content_id, note: c.note ?? undefined }))));
        return;
      }
      res.type('text/csv').attachment(`${bankId}.csv`);
      res.send(formatBankCsv(of('pdq').map((c) => ({ hash: c.pdq, contentId: c.content_id, note: c.note ?? undefined }))));
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

async function addVideosInChunks(banks: BanksApi, tenantId: string, bankId: string, videos: { frames: VpdqFrame[]; note: string | null }[]): Promise<BankContent[]> {
  const added: BankContent[] = [];
  for (let i = 0; i < videos.length; ) {
    let frames = 0;
    let end = i;
    while (end < videos.length && (end === i || frames + videos[end]!.frames.length <= FRAMES_PER_CALL)) frames += videos[end++]!.frames.length;
    const items = await banks.addVideos(tenantId, bankId, videos.slice(i, end));
    if (!items) throw new ApiError('not_found', `No bank ${bankId} for this account.`);
    added.push(...items);
    i = end;
  }
  return added;
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
