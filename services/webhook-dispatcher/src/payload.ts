// The job-finished webhook body (spec: Events). The bytes built here are the bytes that are signed
// and sent, so the receiver can verify the signature over exactly what it received.
import type { JobRecord } from '@modsvc/common/jobs';
import {
  isPolicyResult,
  type MediaMetadata,
  type WebhookItemsResult,
  type WebhookPayload,
  type WebhookPolicyResult,
} from '@modsvc/common/domain/index';

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
 * The webhook `result` object of a done job:
 * - policy: `{ policy_categories, metadata, url, matches, low_quality_frames }` (categories as stored: name, description, score, risk_level, triggered_by);
 * - items: every result field as stored, with `url` moved after them and `metadata` added.
 */
export function finishedResult(job: JobRecord): WebhookItemsResult | WebhookPolicyResult {
  const results = job.results;
  if (!results) throw new Error(`job ${job.id} is done but has no results`);
  const metadata = metadataOf(job);
  if (isPolicyResult(results)) {
    const known = results.matches ? { matches: results.matches, low_quality_frames: results.low_quality_frames } : {};
    return { policy_categories: results.policy_categories, metadata, url: results.url, ...known };
  }
  const { url, ...fields } = results;
  return { ...fields, url, metadata };
}

/** The envelope `{"data":{job_id, callback_url, is_error, result}}` as an object; a failed job's result is `{ error: msg }`. */
export function webhookEnvelope(job: JobRecord): WebhookPayload {
  if (job.status === 'queued') throw new Error(`job ${job.id} is queued; a webhook is only sent for a finished job`);
  if (job.callbackUrl === null) throw new Error(`job ${job.id} has no callback_url; no webhook is sent`);
  const data = { job_id: job.id, callback_url: job.callbackUrl };
  if (job.status === 'failed') return { data: { ...data, is_error: true, result: { error: job.msg ?? UNKNOWN_FAILURE } } };
  return { data: { ...data, is_error: false, result: finishedResult(job) } };
}

/** The exact body bytes: compact JSON (no whitespace), UTF-8. */
export function buildWebhookBody(job: JobRecord): Buffer {
  return Buffer.from(JSON.stringify(webhookEnvelope(job)), 'utf8');
}
