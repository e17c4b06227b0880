// Webhooks as a receiver de-duplicating them would count them. Delivery is at least once, so the same
// webhook may arrive twice; a receiver keys on `webhook-id` (Standard Webhooks) and, where a deployment
// does not send that header yet, on the job id in the body (docs/api.md: "de-duplicate on data.job_id").
import { WEBHOOK_ID_HEADER } from '@modsvc/common/standard-webhooks';
import type { ReceivedCall } from '../../helpers/receiver.ts';

export { WEBHOOK_ID_HEADER };

export interface LedgerEntry {
  jobId: string;
  /** What a receiver de-duplicates on. */
  key: string;
  isError: boolean;
}

export function readWebhook(call: ReceivedCall): LedgerEntry | null {
  let body: { data?: { job_id?: unknown; is_error?: unknown } };
  try {
    body = JSON.parse(call.body.toString('utf8')) as typeof body;
  } catch {
    return null;
  }
  const jobId = typeof body.data?.job_id === 'string' ? body.data.job_id : null;
  if (!jobId) return null;
  const header = call.headers[WEBHOOK_ID_HEADER];
  const webhookId = Array.isArray(header) ? header[0] : header;
  return { jobId, key: webhookId ? `webhook-id:${webhookId}` : `job:${jobId}`, isError: body.data?.is_error === true };
}

export interface LedgerSummary {
  /** Calls received in all. */
  calls: number;
  /** Calls whose body is not a job webhook. */
  unreadable: number;
  /** Whether the deployment sends `webhook-id` (on every call) or not (on none). */
  keyedBy: 'webhook-id' | 'job-id' | 'mixed';
  /** Distinct keys per job: 1 for every job when each webhook is one logical delivery. */
  keysPerJob: Map<string, Set<string>>;
  /** Calls beyond the first per key: redeliveries a de-duplicating receiver drops. */
  redeliveries: number;
  errorsByJob: Map<string, boolean>;
}

export function summarizeWebhooks(calls: readonly ReceivedCall[]): LedgerSummary {
  const keysPerJob = new Map<string, Set<string>>();
  const seen = new Set<string>();
  const errorsByJob = new Map<string, boolean>();
  let unreadable = 0;
  let redeliveries = 0;
  let withHeader = 0;
  for (const call of calls) {
    const entry = readWebhook(call);
    if (!entry) {
      unreadable++;
      continue;
    }
    if (entry.key.startsWith('webhook-id:')) withHeader++;
    if (seen.has(entry.key)) redeliveries++;
    seen.add(entry.key);
    const keys = keysPerJob.get(entry.jobId) ?? new Set<string>();
    keys.add(entry.key);
    keysPerJob.set(entry.jobId, keys);
    errorsByJob.set(entry.jobId, entry.isError);
  }
  const readable = calls.length - unreadable;
  const keyedBy = withHeader === 0 ? 'job-id' : withHeader === readable ? 'webhook-id' : 'mixed';
  return { calls: calls.length, unreadable, keyedBy, keysPerJob, redeliveries, errorsByJob };
}
