// Hash banks: a tenant's lists of known content. Media sent to a bank (or to the hashing endpoint) is
// hashed in memory and never stored: the bank keeps the PDQ hash (for a picture also the hashes of a
// few crops of it, so that cropped copies match) and the caller's note only. Videos come as vPDQ.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { hashImage, hashImageForBank, isPdqHex, VPDQ_QUALITY_THRESHOLD } from '@modsvc/pdq';
import { ApiError } from '@modsvc/common/errors';
import { EgressError, safeFetch } from '@modsvc/common/egress';
import { looksLikeText, sniffMedia } from '@modsvc/common/sniff';
import type { BanksApi, MediaSource } from '@modsvc/common/contracts';
import { BANK_VIDEO_MAX_FRAMES, PDQ_QUALITY_FLOOR, type Bank, type BankContent, type VpdqFrame } from '@modsvc/common/domain/index';
import type { BankContentRecord, BankRecord } from '@modsvc/common/store/banks/index';
import type { Runtime } from '@modsvc/common/host';
import { acceptedTypes, describeAccepted, formatBytes } from './limits.ts';

const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString('base64url')}`;

function bankView(b: BankRecord, contentCount: number): Bank {
  return {
    bank_id: b.id,
    name: b.name,
    category: b.category,
    risk_level: b.riskLevel,
    threshold: b.threshold,
    enabled_ratio: b.enabledRatio,
    content_count: contentCount,
    created_at: b.createdAt.toISOString(),
  };
}

function contentView(c: BankContentRecord): BankContent {
  const view: BankContent = {
    content_id: c.id,
    bank_id: c.bankId,
    pdq: c.pdq,
    quality: c.quality,
    note: c.note,
    created_at: c.createdAt.toISOString(),
    signal_type: c.frames ? 'vpdq' : 'pdq',
  };
  if (c.crops) view.crop_hashes = c.crops;
  if (c.frames) view.vpdq = c.frames.map((f) => ({ frame_number: f.frameNumber, quality: f.quality, pdq: f.pdq, timestamp: f.timestamp }));
  return view;
}

/** A video's record fields from its vPDQ frames; refuses what no bank should keep. */
function videoFields(frames: VpdqFrame[], index: number): Pick<BankContentRecord, 'pdq' | 'frames'> {
  const where = `videos[${index}]`;
  if (frames.length === 0) throw new ApiError('invalid_request', `${where} has no frames.`);
  if (frames.length > BANK_VIDEO_MAX_FRAMES) throw new ApiError('invalid_request', `${where} has ${frames.length} frames; a bank keeps at most ${BANK_VIDEO_MAX_FRAMES} a video (vPDQ at 1 frame a second: ${Math.floor(BANK_VIDEO_MAX_FRAMES / 60)} minutes).`);
  const bad = frames.findIndex((f) => !isPdqHex(f.pdq) || !Number.isInteger(f.quality) || f.quality < 0 || f.quality > 100 || !Number.isInteger(f.frame_number) || f.frame_number < 0 || !(f.timestamp >= 0));
  if (bad >= 0) throw new ApiError('invalid_request', `${where} frame ${bad}: a frame is {frame_number >= 0, quality 0-100, pdq (64 hex digits), timestamp >= 0}.`);
  const stored = frames.map((f) => ({ frameNumber: f.frame_number, quality: f.quality, pdq: f.pdq.toLowerCase(), timestamp: f.timestamp }));
  return { pdq: (stored.find((f) => f.quality >= VPDQ_QUALITY_THRESHOLD) ?? stored[0]!).pdq, frames: stored };
}

export function createBanks(rt: Runtime): BanksApi {
  async function mediaBytes(media: MediaSource): Promise<Buffer> {
    const max = rt.config.MAX_IMAGE_BYTES;
    let bytes: Buffer;
    if (media.kind === 'upload') {
      if (media.file.size === 0) throw new ApiError('invalid_request', 'The uploaded file is empty (0 bytes).');
      if (media.file.size > max) throw new ApiError('payload_too_large', `The image is ${formatBytes(media.file.size)}; the limit is ${formatBytes(max)}.`);
      bytes = await fs.promises.readFile(media.file.path);
    } else {
      try {
        const res = await safeFetch(media.url, { guard: rt.guard, maxBytes: max, timeoutMs: rt.config.FETCH_TIMEOUT_MS });
        if (res.status < 200 || res.status >= 300) throw new ApiError('invalid_request', `Could not fetch url: the server answered HTTP ${res.status}.`);
        bytes = res.body;
      } catch (err) {
        if (err instanceof EgressError) throw new ApiError('invalid_request', `Could not fetch url: ${err.message}`);
        throw err;
      }
      if (bytes.length === 0) throw new ApiError('invalid_request', 'Could not fetch url: the response body is empty.');
    }
    const sniffed = sniffMedia(bytes.subarray(0, 4096));
    if (!acceptedTypes('image').includes(sniffed.mime)) {
      const seen = sniffed.kind !== 'unknown' ? sniffed.mime : looksLikeText(bytes.subarray(0, 4096)) ? 'text' : 'an unrecognised format';
      throw new ApiError('unsupported_media_type', `The content is ${seen}; hashing takes an image: ${describeAccepted('image')} (for a video, submit it to /v1/classify/items-characteristics/video: its result lists the hash of every analysed frame).`);
    }
    return bytes;
  }

  async function pdqOf(media: MediaSource): Promise<{ pdq: string; quality: number }> {
    const bytes = await mediaBytes(media);
    try {
      const { hex, quality } = await hashImage(bytes);
      return { pdq: hex, quality };
    } catch {
      throw new ApiError('invalid_request', 'The image could not be decoded: the file is truncated or corrupt.');
    }
  }

  /**
   * The hash and, for a picture featured enough to match on its own, those of its crops of quality
   * >= 50 (a featureless picture's crops would only add look-alikes).
   */
  async function bankHashesOf(media: MediaSource): Promise<{ pdq: string; quality: number; crops?: string[] }> {
    const bytes = await mediaBytes(media);
    let hashed;
    try {
      hashed = await hashImageForBank(bytes);
    } catch {
      throw new ApiError('invalid_request', 'The image could not be decoded: the file is truncated or corrupt.');
    }
    const { hex, quality, crops } = hashed;
    if (quality < PDQ_QUALITY_FLOOR) return { pdq: hex, quality };
    return { pdq: hex, quality, crops: crops.filter((c) => c.quality >= PDQ_QUALITY_FLOOR).map((c) => c.hex) };
  }

  async function bankOf(tenantId: string, bankId: string): Promise<BankRecord | null> {
    return rt.banks.getBank(tenantId, bankId);
  }

  return {
    async createBank(tenantId, spec) {
      const bank: BankRecord = {
        id: newId('bank'),
        tenantId,
        name: spec.name,
        category: spec.category,
        riskLevel: spec.risk_level,
        threshold: spec.threshold,
        enabledRatio: spec.enabled_ratio,
        createdAt: new Date(),
      };
      await rt.banks.createBank(bank);
      rt.log.info({ tenant: tenantId, bank_id: bank.id, category: bank.category }, 'bank created');
      return bankView(bank, 0);
    },

    async listBanks(tenantId) {
      const banks = await rt.banks.listBanks(tenantId);
      return Promise.all(banks.map(async (b) => bankView(b, await rt.banks.countContent(tenantId, b.id))));
    },

    async deleteBank(tenantId, bankId) {
      const deleted = await rt.banks.deleteBank(tenantId, bankId);
      if (deleted) rt.log.info({ tenant: tenantId, bank_id: bankId }, 'bank deleted');
      return deleted;
    },

    async addHashes(tenantId, bankId, hashes) {
      if (!(await bankOf(tenantId, bankId))) return null;
      const bad = hashes.findIndex((h) => !isPdqHex(h.pdq.toLowerCase()));
      if (bad >= 0) throw new ApiError('invalid_request', `hashes[${bad}].pdq is not a PDQ hash (64 hexadecimal digits).`);
      const now = new Date();
      const items: BankContentRecord[] = hashes.map((h) => ({ id: newId('cnt'), bankId, tenantId, pdq: h.pdq.toLowerCase(), quality: null, note: h.note, createdAt: now }));
      await rt.banks.addContent(items);
      return items.map(contentView);
    },

    async addMedia(tenantId, bankId, media, note) {
      if (!(await bankOf(tenantId, bankId))) return null;
      const { pdq, quality, crops } = await bankHashesOf(media);
      const item: BankContentRecord = { id: newId('cnt'), bankId, tenantId, pdq, quality, note, createdAt: new Date(), ...(crops ? { crops } : {}) };
      await rt.banks.addContent([item]);
      return contentView(item);
    },

    async addVideos(tenantId, bankId, videos) {
      if (!(await bankOf(tenantId, bankId))) return null;
      const now = new Date();
      const items: BankContentRecord[] = videos.map((v, i) => ({ id: newId('cnt'), bankId, tenantId, quality: null, note: v.note, createdAt: now, ...videoFields(v.frames, i) }));
      await rt.banks.addContent(items);
      rt.log.info({ tenant: tenantId, bank_id: bankId, videos: items.length }, 'videos banked');
      return items.map(contentView);
    },

    async getContent(tenantId, bankId, contentId) {
      const c = await rt.banks.getContent(tenantId, bankId, contentId);
      return c ? contentView(c) : null;
    },

    deleteContent: (tenantId, bankId, contentId) => rt.banks.deleteContent(tenantId, bankId, contentId),

    async exportBank(tenantId, bankId) {
      if (!(await bankOf(tenantId, bankId))) return null;
      return (await rt.banks.listContent(tenantId, bankId)).map(contentView);
    },

    hashMedia: (_tenantId, media) => pdqOf(media),
  };
}
