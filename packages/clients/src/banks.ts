// Banks over gRPC: hash banks and PDQ hashing. Uploads travel as bytes (images only, at most
// MAX_IMAGE_BYTES, under the 16 MB message limit); the server spools them to a temp file it deletes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import {
  moderationGrpc,
  type BanksHandlers,
  type BankContentInfo,
  type BankContentInfo__Output,
  type BankContentList__Output,
  type BankInfo,
  type BankInfo__Output,
  type BankList__Output,
  type Deleted__Output,
  type HashReply__Output,
  type MediaRequest,
  type MediaRequest__Output,
} from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { callUnary, clientOptions, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { BanksApi, MediaSource } from '@modsvc/common/contracts';
import { BankSpecSchema, type Bank, type BankContent, type VpdqFrame } from '@modsvc/common/domain/index';
import type { VpdqFrame as VpdqFrameWire, VpdqFrame__Output as VpdqFrameWire__Output } from '@modsvc/protos/generated/moderation/v1/VpdqFrame.ts';

function bankToWire(b: Bank): BankInfo {
  return {
    bankId: b.bank_id,
    spec: { name: b.name, category: b.category, riskLevel: b.risk_level, threshold: b.threshold, enabledRatio: b.enabled_ratio },
    contentCount: String(b.content_count),
    createdAt: b.created_at,
  };
}

function bankFromWire(b: BankInfo__Output): Bank {
  const spec = BankSpecSchema.parse({ name: b.spec?.name, category: b.spec?.category, risk_level: b.spec?.riskLevel, threshold: b.spec?.threshold, enabled_ratio: b.spec?.enabledRatio });
  return { bank_id: b.bankId, ...spec, content_count: Number(b.contentCount), created_at: b.createdAt };
}

const frameToWire = (f: VpdqFrame): VpdqFrameWire => ({ frameNumber: f.frame_number, quality: f.quality, pdq: f.pdq, timestamp: f.timestamp });
const frameFromWire = (f: VpdqFrameWire__Output): VpdqFrame => ({ frame_number: f.frameNumber, quality: f.quality, pdq: f.pdq, timestamp: f.timestamp });

function contentToWire(c: BankContent): BankContentInfo {
  const w: BankContentInfo = { contentId: c.content_id, bankId: c.bank_id, pdq: c.pdq, createdAt: c.created_at };
  if (c.quality !== null) w.quality = c.quality;
  if (c.note !== null) w.note = c.note;
  if (c.crop_hashes) w.cropHashes = c.crop_hashes;
  if (c.vpdq) w.vpdq = c.vpdq.map(frameToWire);
  return w;
}

/** The signal type is not on the wire: a video is the item with frames. */
function contentFromWire(c: BankContentInfo__Output): BankContent {
  const content: BankContent = {
    content_id: c.contentId,
    bank_id: c.bankId,
    pdq: c.pdq,
    quality: c.quality ?? null,
    note: c.note ?? null,
    created_at: c.createdAt,
    signal_type: c.vpdq.length ? 'vpdq' : 'pdq',
  };
  if (c.cropHashes.length) content.crop_hashes = c.cropHashes;
  if (c.vpdq.length) content.vpdq = c.vpdq.map(frameFromWire);
  return content;
}

/** Runs fn with the request's media as a MediaSource; uploaded bytes live in a temp file for the call only. */
async function withMedia<T>(req: MediaRequest__Output, fn: (m: MediaSource) => Promise<T>): Promise<T> {
  if (req.source === 'url' && req.url) return fn({ kind: 'url', url: req.url });
  if (req.source !== 'data' || !req.data) throw new ApiError('invalid_request', 'Send the image as "file" or its address as "url".');
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'bank-media-'));
  const file = path.join(dir, crypto.randomBytes(6).toString('hex'));
  try {
    await fs.promises.writeFile(file, req.data);
    return await fn({ kind: 'upload', file: { path: file, filename: 'upload', declaredType: null, size: req.data.length } });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

const notFound = (what: string) => new ApiError('not_found', `No ${what} for this account.`);

export function banksBinding(api: BanksApi): GrpcBinding {
  const handlers: BanksHandlers = {
    CreateBank: unaryHandler(async (req) => {
      const spec = BankSpecSchema.parse({ name: req.spec?.name, category: req.spec?.category, risk_level: req.spec?.riskLevel, threshold: req.spec?.threshold, enabled_ratio: req.spec?.enabledRatio });
      return bankToWire(await api.createBank(req.tenantId, spec));
    }),
    ListBanks: unaryHandler(async (req) => ({ banks: (await api.listBanks(req.tenantId)).map(bankToWire) })),
    DeleteBank: unaryHandler(async (req) => ({ deleted: await api.deleteBank(req.tenantId, req.bankId) })),
    AddHashes: unaryHandler(async (req) => {
      const items = await api.addHashes(req.tenantId, req.bankId, req.hashes.map((h) => ({ pdq: h.pdq, note: h.note ?? null })));
      if (!items) throw notFound(`bank ${req.bankId}`);
      return { items: items.map(contentToWire) };
    }),
    AddMedia: unaryHandler(async (req) => {
      const item = await withMedia(req, (m) => api.addMedia(req.tenantId, req.bankId, m, req.note ?? null));
      if (!item) throw notFound(`bank ${req.bankId}`);
      return contentToWire(item);
    }),
    AddVideos: unaryHandler(async (req) => {
      const items = await api.addVideos(req.tenantId, req.bankId, req.videos.map((v) => ({ frames: v.frames.map(frameFromWire), note: v.note ?? null })));
      if (!items) throw notFound(`bank ${req.bankId}`);
      return { items: items.map(contentToWire) };
    }),
    GetContent: unaryHandler(async (req) => {
      const item = await api.getContent(req.tenantId, req.bankId, req.contentId);
      if (!item) throw notFound(`content ${req.contentId} in bank ${req.bankId}`);
      return contentToWire(item);
    }),
    DeleteContent: unaryHandler(async (req) => ({ deleted: await api.deleteContent(req.tenantId, req.bankId, req.contentId) })),
    ExportBank: unaryHandler(async (req) => {
      const items = await api.exportBank(req.tenantId, req.bankId);
      if (!items) throw notFound(`bank ${req.bankId}`);
      return { items: items.map(contentToWire) };
    }),
    HashMedia: unaryHandler(async (req) => withMedia(req, (m) => api.hashMedia(req.tenantId, m))),
  };
  return { name: 'moderation.v1.Banks', definition: moderationGrpc().Banks.service, handlers, callers: callersOf('moderation.v1.Banks') };
}

async function mediaRequest(tenantId: string, bankId: string, media: MediaSource, note: string | null): Promise<MediaRequest> {
  const base: MediaRequest = { tenantId, bankId, ...(note !== null ? { note } : {}) };
  return media.kind === 'url' ? { ...base, url: media.url } : { ...base, data: await fs.promises.readFile(media.file.path) };
}

/** null for NOT_FOUND, as the in-process API answers. */
async function orNull<T>(p: Promise<T>): Promise<T | null> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return null;
    throw err;
  }
}

export function banksClient(address: string, auth: ServiceAuth | null): BanksApi {
  const client = new (moderationGrpc().Banks)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    async createBank(tenantId, spec) {
      const wire = { name: spec.name, category: spec.category, riskLevel: spec.risk_level, threshold: spec.threshold, enabledRatio: spec.enabled_ratio };
      return bankFromWire(await callUnary<BankInfo__Output>((md, o, cb) => client.CreateBank({ tenantId, spec: wire }, md, o, cb)));
    },
    async listBanks(tenantId) {
      return (await callUnary<BankList__Output>((md, o, cb) => client.ListBanks({ tenantId }, md, o, cb))).banks.map(bankFromWire);
    },
    async deleteBank(tenantId, bankId) {
      return (await callUnary<Deleted__Output>((md, o, cb) => client.DeleteBank({ tenantId, bankId }, md, o, cb))).deleted;
    },
    async addHashes(tenantId, bankId, hashes) {
      const wire = hashes.map((h) => ({ pdq: h.pdq, ...(h.note !== null ? { note: h.note } : {}) }));
      const r = await orNull(callUnary<BankContentList__Output>((md, o, cb) => client.AddHashes({ tenantId, bankId, hashes: wire }, md, o, cb), 120_000));
      return r ? r.items.map(contentFromWire) : null;
    },
    async addVideos(tenantId, bankId, videos) {
      const wire = videos.map((v) => ({ frames: v.frames.map(frameToWire), ...(v.note !== null ? { note: v.note } : {}) }));
      const r = await orNull(callUnary<BankContentList__Output>((md, o, cb) => client.AddVideos({ tenantId, bankId, videos: wire }, md, o, cb), 120_000));
      return r ? r.items.map(contentFromWire) : null;
    },
    async addMedia(tenantId, bankId, media, note) {
      const req = await mediaRequest(tenantId, bankId, media, note);
      const r = await orNull(callUnary<BankContentInfo__Output>((md, o, cb) => client.AddMedia(req, md, o, cb), 60_000));
      return r ? contentFromWire(r) : null;
    },
    async getContent(tenantId, bankId, contentId) {
      const r = await orNull(callUnary<BankContentInfo__Output>((md, o, cb) => client.GetContent({ tenantId, bankId, contentId }, md, o, cb)));
      return r ? contentFromWire(r) : null;
    },
    async deleteContent(tenantId, bankId, contentId) {
      return (await callUnary<Deleted__Output>((md, o, cb) => client.DeleteContent({ tenantId, bankId, contentId }, md, o, cb))).deleted;
    },
    async exportBank(tenantId, bankId) {
      const r = await orNull(callUnary<BankContentList__Output>((md, o, cb) => client.ExportBank({ tenantId, bankId }, md, o, cb), 120_000));
      return r ? r.items.map(contentFromWire) : null;
    },
    async hashMedia(tenantId, media) {
      const req = await mediaRequest(tenantId, '', media, null);
      const r = await callUnary<HashReply__Output>((md, o, cb) => client.HashMedia(req, md, o, cb), 60_000);
      return { pdq: r.pdq, quality: r.quality };
    },
  };
}
