// One delivery attempt: POST the exact body bytes, with the signing headers, through the egress guard.
// The callers record the attempt and decide about retries (schedule.ts).
import { EgressError, safeFetch, type EgressGuard, type Resolver } from '@modsvc/common/egress';
import type { JobRecord } from '@modsvc/common/jobs';
import { buildWebhookBody } from './payload.ts';
import { parseRetryAfterMs } from './schedule.ts';
import { signingHeaders } from './signing-headers.ts';
import { jobFinishedWebhookId } from './webhook-id.ts';

export const WEBHOOK_USER_AGENT = 'modsvc-webhook/1';
/** Receiver response bodies are read up to this size and otherwise ignored. */
const RESPONSE_BODY_LIMIT = 64 * 1024;
/** Answers whose Retry-After header is honoured. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

export interface DeliveryResult {
  /** 2xx: delivered. */
  ok: boolean;
  /** False when retrying cannot help: delivered, 410 Gone, or a URL the guard refuses. */
  retry: boolean;
  /** 0 = no HTTP response. */
  httpStatus: number;
  error: string | null;
  durationMs: number;
  /** The receiver's Retry-After on a 429 or 503, as a delay in ms (capped); null otherwise. */
  retryAfterMs: number | null;
}

export interface SignedPost {
  url: string;
  /** The exact bytes to sign and send. */
  body: Buffer;
  webhookId: string;
  /** When the attempt started; sent as webhook-timestamp. */
  startedAt: Date;
  /** The tenant's signing secrets, current first; none: unsigned. */
  secrets: readonly string[];
  guard: EgressGuard;
  timeoutMs?: number;
  /** Name resolution override (tests). */
  resolve?: Resolver;
}

export type JobWebhookPost = Omit<SignedPost, 'url' | 'body' | 'webhookId'> & { job: JobRecord };

/** The job-finished webhook of a job: its payload, under the job's webhook-id. */
export async function deliverWebhook(opts: JobWebhookPost): Promise<DeliveryResult> {
  const { job, ...rest } = opts;
  const refused = (error: string): DeliveryResult => ({ ok: false, retry: false, httpStatus: 0, error, durationMs: 0, retryAfterMs: null });
  if (!job.callbackUrl) return refused('job has no callback_url');
  let body: Buffer;
  try {
    body = buildWebhookBody(job);
  } catch (err) {
    return refused((err as Error).message);
  }
  return postSigned({ ...rest, url: job.callbackUrl, body, webhookId: jobFinishedWebhookId(job.id) });
}

/** One signed JSON POST through the egress guard (job webhooks and moderation callbacks). */
export async function postSigned(opts: SignedPost): Promise<DeliveryResult> {
  const started = Date.now();
  const done = (r: Omit<DeliveryResult, 'durationMs' | 'retryAfterMs'>, retryAfterMs: number | null = null): DeliveryResult => ({
    ...r,
    durationMs: Date.now() - started,
    retryAfterMs,
  });
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    ...signingHeaders(opts.webhookId, opts.startedAt, opts.body, opts.secrets),
  };

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
    const retryAfterMs = RETRY_AFTER_STATUSES.has(s) ? parseRetryAfterMs(headerText(res.headers['retry-after']), new Date()) : null;
    return done({ ok: false, retry: true, httpStatus: s, error: `receiver answered HTTP ${s}${note}` }, retryAfterMs);
  } catch (err) {
    if (err instanceof EgressError) {
      // A refused or malformed URL will not become valid by waiting.
      const permanent = err.code === 'bad_url' || err.code === 'blocked_address';
      return done({ ok: false, retry: !permanent, httpStatus: 0, error: err.message });
    }
    return done({ ok: false, retry: true, httpStatus: 0, error: (err as Error).message });
  }
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
