// One delivery attempt of the job-finished webhook: POST the signed body to callback_url through
// the egress guard. The caller (the dispatcher loop) records the attempt and schedules retries.
import { EgressError, safeFetch, type EgressGuard, type Resolver } from '@modsvc/common/egress';
import type { JobRecord } from '@modsvc/common/jobs';
import { buildWebhookBody } from './payload.ts';
import { SIGNATURE_HEADER, signBody } from '@modsvc/common/webhook-signature';

export const WEBHOOK_USER_AGENT = 'modsvc-webhook/1';
/** Receiver response bodies are read up to this size and otherwise ignored. */
const RESPONSE_BODY_LIMIT = 64 * 1024;

export interface DeliverOptions {
  job: JobRecord;
  /** Secret for X-Hub-Signature-256; null: the header is not sent. */
  signingSecret: string | null;
  guard: EgressGuard;
  timeoutMs?: number;
  /** Name resolution override (tests). */
  resolve?: Resolver;
  /** Pre-built body (the exact bytes to sign and send); built from the job when absent. */
  body?: Buffer;
}

export interface DeliveryResult {
  /** 2xx: delivered. */
  ok: boolean;
  /** False when retrying cannot help: delivered, 410 Gone, or a URL the guard refuses. */
  retry: boolean;
  /** 0 = no HTTP response. */
  httpStatus: number;
  error: string | null;
  durationMs: number;
  /** ISO time the attempt started. */
  at: string;
}

export async function deliverWebhook(opts: DeliverOptions): Promise<DeliveryResult> {
  const { job } = opts;
  if (!job.callbackUrl) {
    return { ok: false, retry: false, httpStatus: 0, error: 'job has no callback_url', durationMs: 0, at: new Date().toISOString() };
  }
  let body: Buffer;
  try {
    body = opts.body ?? buildWebhookBody(job);
  } catch (err) {
    return { ok: false, retry: false, httpStatus: 0, error: (err as Error).message, durationMs: 0, at: new Date().toISOString() };
  }
  return postSigned({ url: job.callbackUrl, body, signingSecret: opts.signingSecret, guard: opts.guard, timeoutMs: opts.timeoutMs, resolve: opts.resolve });
}

export interface PostSignedOptions {
  url: string;
  /** The exact bytes to sign and send. */
  body: Buffer;
  signingSecret: string | null;
  guard: EgressGuard;
  timeoutMs?: number;
  resolve?: Resolver;
}

/** One signed JSON POST through the egress guard (job webhooks and moderation callbacks). */
export async function postSigned(opts: PostSignedOptions): Promise<DeliveryResult> {
  const started = Date.now();
  const at = new Date(started).toISOString();
  const done = (r: Omit<DeliveryResult, 'durationMs' | 'at'>): DeliveryResult => ({
    ...r,
    durationMs: Date.now() - started,
    at,
  });
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
  };
  if (opts.signingSecret) headers[SIGNATURE_HEADER] = signBody(opts.body, opts.signingSecret);

  try {
    const res = await safeFetch(opts.url, {
      guard: opts.guard,
      method: 'POST',
      headers,
      body: opts.body,
      maxBytes: RESPONSE_BODY_LIMIT,
      overflow: 'truncate',
      timeoutMs: opts.timeoutMs ?? 10_000,
      // Redirects are not followed: a 3xx would turn the POST into a GET or resend the payload elsewhere.
      followRedirects: false,
      resolve: opts.resolve,
    });
    const s = res.status;
    if (s >= 200 && s <= 299) return done({ ok: true, retry: false, httpStatus: s, error: null });
    if (s === 410) {
      return done({ ok: false, retry: false, httpStatus: s, error: 'receiver answered 410 Gone; not retrying' });
    }
    const note = s >= 300 && s <= 399 ? ' (redirects are not followed for webhooks)' : '';
    return done({ ok: false, retry: true, httpStatus: s, error: `receiver answered HTTP ${s}${note}` });
  } catch (err) {
    if (err instanceof EgressError) {
      // A refused or malformed URL will not become valid by waiting.
      const permanent = err.code === 'bad_url' || err.code === 'blocked_address';
      return done({ ok: false, retry: !permanent, httpStatus: 0, error: err.message });
    }
    return done({ ok: false, retry: true, httpStatus: 0, error: (err as Error).message });
  }
}
