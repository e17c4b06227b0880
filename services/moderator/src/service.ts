// moderator: the virtual moderator. Builds on a finished policy classification job and decides:
// any HIGH category → rejected automatically; any MEDIUM → escalated to human review; else approved.
import crypto from 'node:crypto';
import type { Runtime } from '@modsvc/common/host';
import type { ModerateInput, ModeratorApi } from '@modsvc/common/contracts';
import { ApiError } from '@modsvc/common/errors';
import { checkCallbackUrl } from '@modsvc/common/callback-url';
import { isPolicyResult, type ModerationDecision, type ModerationReply, type ModerationRiskLevel, type PolicyCategoryResult, type RiskLevel } from '@modsvc/common/domain/index';

const WAIT_FOR_JOB_MS = 20_000;

type ScoredRiskLevel = Exclude<RiskLevel, 'UNKNOWN'>;
type ScoredCategory = Pick<PolicyCategoryResult, 'name'> & Partial<Pick<PolicyCategoryResult, 'triggered_by'>> & { risk_level: ScoredRiskLevel };
type Decision = Pick<ModerationDecision, 'decision' | 'decision_type' | 'escalate' | 'escalate_reasons' | 'reject_reasons'>;

/** A moderation result names risk levels in lower case. */
const MODERATION_RISK_LEVEL: Record<ScoredRiskLevel, ModerationRiskLevel> = { HIGH: 'high', MEDIUM: 'medium', LOW: 'low', NONE: 'none' };

export function decide(categories: readonly ScoredCategory[]): Decision {
  const high = categories.filter((c) => c.risk_level === 'HIGH');
  const medium = categories.filter((c) => c.risk_level === 'MEDIUM');
  if (high.length) {
    const knownContent = high.some((c) => c.triggered_by?.startsWith('bank:'));
    const reasons = [...(knownContent ? ['known_content_match'] : []), ...high.filter((c) => !c.triggered_by?.startsWith('bank:')).map((c) => `high_risk_${c.name.toLowerCase()}`)];
    return { decision: 'reject', decision_type: 'fully_automated', escalate: false, escalate_reasons: [], reject_reasons: reasons };
  }
  if (medium.length) {
    return { decision: 'review', decision_type: 'escalated', escalate: true, escalate_reasons: medium.map((c) => `medium_risk_${c.name.toLowerCase()}`) };
  }
  return { decision: 'approve', decision_type: 'fully_automated', escalate: false, escalate_reasons: [] };
}

function isScored(c: PolicyCategoryResult): c is PolicyCategoryResult & ScoredCategory {
  return c.risk_level !== 'UNKNOWN';
}

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
    const categories = (job.results && isPolicyResult(job.results) ? job.results.policy_categories : []).filter(isScored);
    const d = decide(categories);
    return {
      httpStatus: 200,
      result: {
        ...base,
        ...d,
        is_error: false,
        policy_categories: categories.map((c) => ({ name: c.name, risk_level: MODERATION_RISK_LEVEL[c.risk_level] })),
      },
    };
  }
}
