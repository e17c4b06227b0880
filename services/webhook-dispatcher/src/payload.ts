// The job-finished webhook body (spec: Events). The bytes built here are the bytes that are signed
// and sent, so the receiver can verify the signature over exactly what it received.
import type { JobRecord, MediaMetadata } from '@modsvc/common/jobs';

export interface WebhookErrorResult {
  error: string;
}

export interface WebhookEnvelope {
  data: {
    job_id: string;
    callback_url: string | null;
    is_error: boolean;
    result: Record<string, unknown> | WebhookErrorResult;
  };
}

/** Error text used when a failed job carries no message. */
export const UNKNOWN_FAILURE = 'The job failed without an error message.';

function metadataOf(job: JobRecord): MediaMetadata | null {
  const m = job.metadata;
  if (!m) return null;
  return {
    width: m.width,
    height: m.height,
    fps: m.fps,
    duration: m.duration,
    seconds_processed: m.seconds_processed,
  };
}

/**
 * The webhook `result` object of a finished job.
 * - policy: `{ policy_categories, metadata, url }` (categories as stored: name, description, risk_level, score);
 * - items: every result group as stored, plus `url` and `metadata`;
 * - failed: `{ error: msg }`.
 */
export function webhookResult(job: JobRecord): Record<string, unknown> | WebhookErrorResult {
  if (job.status === 'failed') return { error: job.msg ?? UNKNOWN_FAILURE };
  if (job.status !== 'done') {
    throw new Error(`job ${job.id} is ${job.status}; a webhook is only sent for a finished job`);
  }
  const results = job.results ?? {};
  const url = typeof results.url === 'string' ? results.url : job.url;
  const metadata = metadataOf(job);
  if (job.product === 'policy') {
    const categories = Array.isArray(results.policy_categories) ? results.policy_categories : [];
    return { policy_categories: categories, metadata, url };
  }
  const { url: _url, metadata: _metadata, ...groups } = results;
  return { ...groups, url, metadata };
}

/** The envelope `{"data":{job_id, callback_url, is_error, result}}` as an object. */
export function webhookEnvelope(job: JobRecord): WebhookEnvelope {
  return {
    data: {
      job_id: job.id,
      callback_url: job.callbackUrl,
      is_error: job.status === 'failed',
      result: webhookResult(job),
    },
  };
}

/** The exact body bytes: compact JSON (no whitespace), UTF-8. */
export function buildWebhookBody(job: JobRecord): Buffer {
  return Buffer.from(JSON.stringify(webhookEnvelope(job)), 'utf8');
}
