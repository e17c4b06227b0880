// The Policies API policy-scorer provides: a tenant's active policy, its versions, and publishing a new
// one (Premium tenants only). Documents are validated here too, whoever calls.
import type { Runtime } from '@modsvc/common/host';
import crypto from 'node:crypto';
import type { ModelsApi, PoliciesApi } from '@modsvc/common/contracts';
import { encodeEmbedding } from '@modsvc/common/embeddings';
import { ApiError } from '@modsvc/common/errors';
import {
  DRY_RUN_DEFAULT_ITEMS,
  DRY_RUN_MAX_ITEMS,
  parsePolicyBody,
  POLICY_TABLE_VERSION,
  policyWarnings,
  resolvePolicyDocument,
  STANDARD_POLICY_DOCUMENT,
  type PolicyDocument,
  type PolicyView,
  withRuleDefaults,
} from '@modsvc/common/domain/index';
import { parsePolicyVersionName, policyVersionName, type PolicyVersionRecord } from '@modsvc/common/store/policies/index';
import { mayPublishPolicies } from '@modsvc/common/tenant-policy';
import { sortableId } from '@modsvc/common/record-ids';
import { dryRunReport, replayDecisions } from './dry-run.ts';

const STANDARD_VIEW: PolicyView = { version: POLICY_TABLE_VERSION, created_at: null, document: STANDARD_POLICY_DOCUMENT };

const viewOf = (r: PolicyVersionRecord): PolicyView => ({ version: policyVersionName(r.version), created_at: r.createdAt.toISOString(), document: withRuleDefaults(r.document) });

/** "categories.0.name: ..." per issue, so a caller can find each invalid field. */
function describeIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((i) => (i.path.length ? `${i.path.map(String).join('.')}: ${i.message}` : i.message)).join('; ');
}

/**
 * The document as stored: each example image replaced by its sha256 and its embedding from
 * vision-inference (the image itself is never kept), and embedding_model set on those signals.
 */
export async function embedExamples(doc: PolicyDocument, models: ModelsApi): Promise<PolicyDocument> {
  const images: { at: string; bytes: Buffer }[] = [];
  doc.categories.forEach((c, ci) =>
    c.signals?.forEach((s, si) => {
      if (!('examples' in s)) return;
      s.examples.forEach((e, ei) => {
        if ('image_base64' in e) images.push({ at: `categories.${ci}.signals.${si}.examples.${ei}`, bytes: Buffer.from(e.image_base64.replace(/\s+/g, ''), 'base64') });
      });
    }),
  );
  if (!images.length) return doc;
  let embedded: { model: string; vectors: Float32Array[] };
  try {
    embedded = await models.embed(images.map((i) => i.bytes));
  } catch (err) {
    // "image <n>: cannot decode ..." names the n-th image sent; the caller knows it by its field.
    const m = err instanceof ApiError && err.code === 'invalid_request' ? /^image (\d+): (.*)$/s.exec(err.message) : null;
    if (m) throw new ApiError('invalid_request', `Invalid policy document: ${images[Number(m[1])]?.at ?? 'examples'}.image_base64: ${m[2]}`);
    throw err;
  }
  let next = 0;
  const categories = doc.categories.map((c) => {
    if (!c.signals) return c;
    const signals = c.signals.map((s) => {
      if (!('examples' in s) || !s.examples.some((e) => 'image_base64' in e)) return s;
      if (s.embedding_model && s.embedding_model !== embedded.model && s.examples.some((e) => 'embedding' in e)) {
        throw new ApiError(
          'invalid_request',
          `Invalid policy document: a signal mixes examples embedded by ${s.embedding_model} with new images embedded by ${embedded.model}; send all its images again.`,
        );
      }
      const examples = s.examples.map((e) => {
        if (!('image_base64' in e)) return e;
        const bytes = images[next]!.bytes;
        return { sha256: crypto.createHash('sha256').update(bytes).digest('hex'), embedding: encodeEmbedding(embedded.vectors[next++]!) };
      });
      return { ...s, examples, embedding_model: embedded.model };
    });
    return { ...c, signals };
  });
  return { ...doc, categories };
}

/** The document of a PUT body (bare, or the envelope GET answers), validated; refuses Standard tenants first. */
function checkedDocument(rt: Runtime, tenantId: string, body: unknown): PolicyDocument {
  if (!mayPublishPolicies(rt.tenants, tenantId)) throw new ApiError('forbidden', 'Custom policies are a Premium feature; this account uses the Standard policy.');
  const parsed = parsePolicyBody(body);
  if (!parsed.success) throw new ApiError('invalid_request', `Invalid policy document: ${describeIssues(parsed.issues)}`);
  return parsed.data;
}

export function createPoliciesApi(rt: Runtime, models: ModelsApi): PoliciesApi {
  const activePolicy = async (tenantId: string): Promise<PolicyView> => {
    if (!mayPublishPolicies(rt.tenants, tenantId)) return STANDARD_VIEW;
    const latest = await rt.policies.latest(tenantId);
    return latest ? viewOf(latest) : STANDARD_VIEW;
  };
  return {
    activePolicy,
    async dryRunPolicy(tenantId, document, items) {
      const doc = await embedExamples(checkedDocument(rt, tenantId, document), models);
      const n = Number.isInteger(items) && items > 0 ? Math.min(items, DRY_RUN_MAX_ITEMS) : DRY_RUN_DEFAULT_ITEMS;
      const replay = await replayDecisions(rt, tenantId, resolvePolicyDocument(doc, 'dry-run'), n);
      const active = await activePolicy(tenantId);
      rt.log.info({ tenant_id: tenantId, items: replay.items.length, changed: replay.items.filter((i) => i.changed).length }, 'policy dry run');
      return dryRunReport({ activeVersion: active.version, document: doc, warnings: policyWarnings(doc), requested: n, replay });
    },
    async publishPolicy(tenantId, document) {
      const doc = checkedDocument(rt, tenantId, document);
      const record = await rt.policies.publish(tenantId, await embedExamples(doc, models));
      rt.log.info({ tenant_id: tenantId, version: record.version }, 'policy published');
      await rt.workflow.appendAudit({
        id: sortableId('aud', record.createdAt.getTime()),
        tenant_id: tenantId,
        at: record.createdAt.toISOString(),
        actor: { kind: 'caller', id: tenantId },
        action: 'policy.published',
        moderation_job_id: null,
        classification_job_id: null,
        policy_version: policyVersionName(record.version),
        input_sha256: null,
        details: { categories: record.document.categories.map((c) => c.name), moderation: record.document.moderation, warnings: policyWarnings(record.document) },
      });
      return { ...viewOf(record), warnings: policyWarnings(record.document) };
    },
    async policyVersion(tenantId, version) {
      if (version === POLICY_TABLE_VERSION) return STANDARD_VIEW;
      const n = parsePolicyVersionName(version);
      const record = n === null ? null : await rt.policies.get(tenantId, n);
      return record ? viewOf(record) : null;
    },
  };
}
