// The Idempotency-Key header of a submit, and the fingerprint of what was submitted with it. Ingest
// keeps the key in the job store for 24 h: the same key with the same fingerprint answers the first
// job; with another fingerprint, 409 idempotency_conflict.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Request } from 'express';
import { ApiError } from '@modsvc/common/errors';
import type { SubmitIdempotency } from '@modsvc/common/contracts';
import type { MediaKind, Product } from '@modsvc/common/jobs';
import type { SubmitFields } from './validation.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** 1–255 printable ASCII characters (space included; Node has already trimmed the ends). */
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The header's key; null when it is absent. Throws 422 when it is empty, too long or not printable ASCII. */
export function idempotencyKeyOf(req: Request): string | null {
  const raw = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!KEY_PATTERN.test(key)) {
    throw new ApiError('invalid_request', `${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters (a UUID is a good choice).`);
  }
  return key;
}

export interface SubmittedContent {
  product: Product;
  media: MediaKind;
  fields: SubmitFields;
  /** The uploaded file on disk, when the content was uploaded. */
  file?: { path: string };
}

/** sha256 (hex) over the product and media, the fields, and the uploaded bytes (the URL is among the fields). */
export async function submitFingerprint(c: SubmittedContent): Promise<string> {
  const hash = crypto.createHash('sha256');
  const { url = null, caption = null, callback_url = null } = c.fields;
  hash.update(JSON.stringify({ product: c.product, media: c.media, url, caption, callback_url, upload: Boolean(c.file) }));
  if (c.file) {
    hash.update('\0');
    for await (const chunk of fs.createReadStream(c.file.path)) hash.update(chunk as Buffer);
  }
  return hash.digest('hex');
}

/** The idempotency part of a submit: undefined without the header. */
export async function submitIdempotency(req: Request, content: SubmittedContent): Promise<SubmitIdempotency | undefined> {
  const key = idempotencyKeyOf(req);
  if (key === null) return undefined;
  return { key, fingerprint: await submitFingerprint(content) };
}
