// moderator: the virtual moderator. Builds on a finished policy classification job and decides after the
// policy's rules (decide.ts): Standard rejects any HIGH category automatically, escalates any MEDIUM or
// unknown (not checked) category to human review, and approves the rest.
import crypto from 'node:crypto';
import type { Runtime } from '@modsvc/common/host';
import type { ModerateInput, ModeratorApi } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import { checkCallbackUrl } from '@modsvc/common/callback-url';
import { policyNamed } from '@modsvc/common/tenant-policy';
import { isPolicyResult, POLICY_TABLE_VERSION, type ModerationReply, type ModerationRiskLevel, type RiskLevel } from '@modsvc/common/domain/index';
import { decide } from './decide.ts';

const WAIT_FOR_JOB_MS = 20_000;

/** A moderation result names risk levels in lower case. */
const MODERATION_RISK_LEVEL: Record<RiskLevel, ModerationRiskLevel> = { HIGH: 'high', MEDIUM: 'medium', LOW: 'low', NONE: 'none', UNKNOWN: 'unknown' };

export function createModerator(rt: Runtime): ModeratorApi {
  return {
    async moderate(input: ModerateInput) {
      const reply = await decideOn(input);
      if (input.callbackUrl) {
        // Delivered by webhook-dispatcher (signed, retried with backoff for 24 h): the moderator itself
        // has no internet egress.
        const id = reply.result.moderation_job_id;
        await rt.bus.publish(
          'pipeline.callback',
          { id, tenantId: input.tenantId, url: input.callbackUrl, body: Buffer.from(JSON.stringify(reply.result)), createdAt: new Date().toISOString() },
          { msgId: `callback-${id}` },
        );
      }
      return reply;
    },
  };

  async function decideOn(input: ModerateInput): Promise<ModerationReply> {
    if (input.callbackUrl) await checkCallbackUrl(input.callbackUrl, rt.guard);
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
    const policy = job.results && isPolicyResult(job.results) ? job.results : null;
    const categories = policy?.policy_categories ?? [];
    const policyVersion = policy?.policy_version ?? policy?.policy_table_version ?? POLICY_TABLE_VERSION;
    const rules = (await policyNamed(rt.policies, job.tenantId, policyVersion)).moderation;
    const d = decide(categories, rules);
    return {
      httpStatus: 200,
      result: {
        ...base,
        ...d,
        is_error: false,
        policy_categories: categories.map((c) => ({ name: c.name, risk_level: MODERATION_RISK_LEVEL[c.risk_level] })),
        policy_version: policyVersion,
      },
    };
  }
}
