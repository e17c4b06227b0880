// moderator: the virtual moderator. Builds on a finished policy classification job and decides:
// any HIGH category → rejected automatically; any MEDIUM → escalated to human review; else approved.
import crypto from 'node:crypto';
import type { Runtime } from '@modsvc/common/host';
import type { ModerateInput, ModeratorApi } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import { postSigned } from '@modsvc/webhook-dispatcher/deliver';
import { nextRetryDelayMs } from '@modsvc/webhook-dispatcher/backoff';

interface PolicyCategory {
  name: string;
  risk_level: string;
  score: number | null;
}

const WAIT_FOR_JOB_MS = 20_000;

export function decide(categories: PolicyCategory[]) {
  const high = categories.filter((c) => c.risk_level === 'HIGH');
  const medium = categories.filter((c) => c.risk_level === 'MEDIUM');
  if (high.length) return { decision: 'reject', decision_type: 'fully_automated', escalate: false, escalate_reasons: [] as string[] };
  if (medium.length) {
    return { decision: 'review', decision_type: 'escalated', escalate: true, escalate_reasons: medium.map((c) => `medium_risk_${c.name.toLowerCase()}`) };
  }
  return { decision: 'approve', decision_type: 'fully_automated', escalate: false, escalate_reasons: [] as string[] };
}

const CALLBACK_ATTEMPTS = 6;

export function createModerator(rt: Runtime): ModeratorApi {
  /**
   * The moderation result is also POSTed to callback_url, signed like job webhooks. Retries run in this
   * process with backoff (about 10 minutes in all); the result itself is always in the response.
   */
  async function sendCallback(url: string, tenantId: string, result: Record<string, unknown>): Promise<void> {
    const body = Buffer.from(JSON.stringify(result));
    const signingSecret = rt.tenants.get(tenantId)?.signingSecret ?? null;
    for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS; attempt++) {
      const r = await postSigned({ url, body, signingSecret, guard: rt.guard, timeoutMs: rt.config.WEBHOOK_TIMEOUT_MS });
      const log = rt.log.child({ moderation_job_id: result.moderation_job_id, attempt, status: r.httpStatus });
      if (r.ok) return log.info('moderation callback delivered');
      if (!r.retry || attempt === CALLBACK_ATTEMPTS) return log.warn({ err: r.error }, 'moderation callback abandoned');
      log.warn({ err: r.error }, 'moderation callback failed; will retry');
      await new Promise((res) => setTimeout(res, nextRetryDelayMs(attempt, { maxMs: 300_000 })).unref());
    }
  }

  return {
    async moderate(input: ModerateInput) {
      const reply = await decideOn(input);
      if (input.callbackUrl) void sendCallback(input.callbackUrl, input.tenantId, reply.result).catch((err) => rt.log.error({ err }, 'moderation callback error'));
      return reply;
    },
  };

  async function decideOn(input: ModerateInput): Promise<{ httpStatus: number; result: Record<string, unknown> }> {
    if (input.callbackUrl) {
      try {
        rt.guard.checkUrl(input.callbackUrl);
      } catch (err) {
        throw new ApiError('invalid_request', `callback_url is not usable: ${(err as Error).message}`);
      }
    }
    if (!input.classificationJobId) {
      throw new ApiError('invalid_request', 'classification_job_id is required: submit the content to /v1/classify/policy/{image,video} first.');
    }
    const moderationJobId = `vmod_${crypto.randomBytes(12).toString('base64url')}`;
    const deadline = Date.now() + WAIT_FOR_JOB_MS;
    let job = await rt.store.getForTenant(input.tenantId, input.classificationJobId);
    while (job && job.status === 'queued' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      job = await rt.store.getForTenant(input.tenantId, input.classificationJobId);
    }
    if (!job || job.product !== 'policy') throw new ApiError('not_found', `No policy classification job ${input.classificationJobId} for this account.`);
    const base = { classification_job_id: job.id, content_type: job.media, external_id: input.externalId, moderation_job_id: moderationJobId };
    if (job.status === 'queued') {
      return {
        httpStatus: 503,
        result: { ...base, error_message: 'The classification job has not finished yet; retry shortly.' },
      };
    }
    if (job.status === 'failed') {
      return {
        httpStatus: 200,
        result: { ...base, decision_type: 'fully_automated', escalate: false, escalate_reasons: [], is_error: true, error_message: job.msg, policy_categories: [] },
      };
    }
    const categories = ((job.results?.policy_categories ?? []) as PolicyCategory[]).filter((c) => c.risk_level !== 'UNKNOWN');
    const d = decide(categories);
    return {
      httpStatus: 200,
      result: {
        ...base,
        ...d,
        is_error: false,
        policy_categories: categories.map((c) => ({ name: c.name, risk_level: c.risk_level.toLowerCase() })),
      },
    };
  }
}
