// The OpenAPI 3.1 description of the REST API. Served at /v1/openapi.json and kept in the repo as
// services/gateway/openapi.json (a test fails when the two differ: run `make openapi`).
// Component schemas are generated from the domain's zod schemas (responses, webhook) and from
// validation.ts (request bodies), so the document cannot drift from what the code checks and sends.
import { z } from 'zod';
import {
  ClassCoverageReportSchema,
  DeliveryLogSchema,
  ErrorBodySchema,
  ItemsJobViewSchema,
  ItemsResultSchema,
  MediaMetadataSchema,
  ModelsReportSchema,
  ModerationDecisionSchema,
  ModerationErrorSchema,
  ModerationPendingSchema,
  OcrResultSchema,
  PolicyCategoryResultSchema,
  PolicyJobViewSchema,
  PolicyResultSchema,
  RedeliverySchema,
  ScoreSchema,
  SpeechResultSchema,
  VisualClassSchema,
  VisualEvidenceSchema,
  WebhookErrorResultSchema,
  WebhookItemsResultSchema,
  WebhookPayloadSchema,
  WebhookPolicyResultSchema,
} from '@modsvc/common/domain/index';
import { submitFields } from './validation.ts';
import { BANK_REQUEST_SCHEMAS, BANK_RESPONSE_SCHEMAS, bankPaths } from './openapi-banks.ts';
import { POLICY_REQUEST_SCHEMAS, POLICY_RESPONSE_SCHEMAS, policyPaths } from './openapi-policy.ts';
import { REVIEW_REQUEST_SCHEMAS, REVIEW_RESPONSE_SCHEMAS, moderationPaths, reviewPaths } from './openapi-review.ts';

/** What the API answers and sends, by component name. Schemas used inside others become $refs. */
const RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  Error: ErrorBodySchema,
  Score: ScoreSchema,
  VisualClass: VisualClassSchema,
  VisualEvidence: VisualEvidenceSchema,
  ItemsResult: ItemsResultSchema,
  OcrResult: OcrResultSchema,
  SpeechResult: SpeechResultSchema,
  PolicyResult: PolicyResultSchema,
  PolicyCategory: PolicyCategoryResultSchema,
  ItemsJobView: ItemsJobViewSchema,
  PolicyJobView: PolicyJobViewSchema,
  ModerationDecision: ModerationDecisionSchema,
  ModerationError: ModerationErrorSchema,
  ModerationPending: ModerationPendingSchema,
  DeliveryLog: DeliveryLogSchema,
  Redelivery: RedeliverySchema,
  ModelsReport: ModelsReportSchema,
  ClassCoverage: ClassCoverageReportSchema,
  MediaMetadata: MediaMetadataSchema,
  WebhookPayload: WebhookPayloadSchema,
  WebhookItemsResult: WebhookItemsResultSchema,
  WebhookPolicyResult: WebhookPolicyResultSchema,
  WebhookErrorResult: WebhookErrorResultSchema,
};

/** The multipart form: the validated fields plus the file part, which multer receives. */
const submitUpload = z.object({
  file: z.string().optional().meta({ format: 'binary', description: 'The content; set the part content type (e.g. image/jpeg). Alternative to url.' }),
  ...submitFields.shape,
});

const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  SubmitUpload: submitUpload,
  SubmitFields: submitFields,
};

type JsonSchema = Record<string, unknown>;

function componentSchemas(schemas: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(schemas)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, { io, uri: (id) => `#/components/schemas/${id}` }).schemas;
  // Components are not standalone documents: drop the per-schema $schema and $id.
  return Object.fromEntries(Object.entries(generated).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonSchema) => ({ 'application/json': { schema } });
const errResponse = (description: string) => ({ description, content: json(ref('Error')) });
const waitResponse = (description: string) => ({
  description,
  headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer', minimum: 1 } } },
  content: json(ref('Error')),
});

const idempotencyKeyParameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
  description:
    'Makes the submit safe to retry: for 24 h, the same key from the same account answers the job of the first submit (same status and body) instead of creating another; the same key with different content (product, media, fields, file bytes or url) gets 409 idempotency_conflict. A UUID per submit is a good key.',
};

/** What every submit may answer besides its result. */
const submitRefusals = {
  '401': errResponse('Missing, invalid or expired token'),
  '409': errResponse('The Idempotency-Key was used in the last 24 h for different content (idempotency_conflict)'),
  '413': errResponse('File over the size limit, or caption over 256 KB'),
  '415': errResponse('Content is not a supported image or video (sniffed from the bytes)'),
  '422': errResponse('Invalid fields or body (no file or url, both, bad URL, a url or callback_url on a refused address, a malformed multipart body, a bad Idempotency-Key)'),
  '429': waitResponse('Write rate limit of the account exceeded'),
  '503': waitResponse('Too much work is queued (backpressure); retry after Retry-After seconds'),
};

function classifyPaths(productSeg: string, jobViewRef: string) {
  const paths: Record<string, unknown> = {};
  for (const media of ['image', 'video']) {
    const limits = media === 'image' ? 'Images: JPEG, PNG, WebP, GIF up to 10 MB.' : 'Videos: MP4, MPEG, WebM, MOV, MKV, M4V, GIF up to 200 MB; the first 3 minutes are analysed.';
    paths[`/classify/${productSeg}/${media}`] = {
      post: {
        summary: `Submit a ${media} for ${productSeg === 'policy' ? 'policy classification' : 'items and characteristics'}`,
        description: limits,
        security: [{ bearer: [] }],
        parameters: [idempotencyKeyParameter],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: ref('SubmitUpload') }, 'application/x-www-form-urlencoded': { schema: ref('SubmitFields') } },
        },
        responses: {
          '200': {
            description: 'Job created (or, for a repeated Idempotency-Key, the job of the first submit)',
            content: json({ type: 'object', required: ['job_id'], properties: { job_id: { type: 'string' } } }),
          },
          ...submitRefusals,
        },
      },
    };
    paths[`/classify/${productSeg}/${media}/{job_id}`] = {
      get: {
        summary: 'Job status and result',
        security: [{ bearer: [] }],
        parameters: [{ name: 'job_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'queued, done or failed', content: json(ref(jobViewRef)) },
          '401': errResponse('Missing, invalid or expired token'),
          '404': errResponse('No such job for this account'),
          '429': waitResponse('Read rate limit of the account exceeded'),
        },
      },
    };
  }
  return paths;
}

export function buildOpenApi() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'modsvc content classification and moderation API',
      version: '1.0.0',
      description:
        "Asynchronous classification of images and videos (with sound, speech and caption). Scores lie in [0, 1]. Each is a probability calibrated on held-back labelled data, except the classes listed in a result's `uncalibrated` field (a model's own confidence, where no labelled data exists to fit it); a class that no loaded model scores is null. GET /v1/models tells, per class, the model, its calibration and its held-back figures.",
    },
    servers: [{ url: '/v1' }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'Token from POST /v1/authenticate, valid 24 hours.' } },
      schemas: {
        ...componentSchemas({ ...RESPONSE_SCHEMAS, ...BANK_RESPONSE_SCHEMAS, ...POLICY_RESPONSE_SCHEMAS, ...REVIEW_RESPONSE_SCHEMAS }, 'output'),
        ...componentSchemas({ ...REQUEST_SCHEMAS, ...BANK_REQUEST_SCHEMAS, ...POLICY_REQUEST_SCHEMAS, ...REVIEW_REQUEST_SCHEMAS }, 'input'),
      },
    },
    paths: {
      '/authenticate': {
        post: {
          summary: 'Exchange an API key for a 24-hour bearer token',
          description: "A caller key gives a token for every route except the review routes; a reviewer's key (a tenant's reviewers in the tenants file) gives a reviewer-role token for the review routes of that tenant and POST /feedback only.",
          requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['key'], properties: { key: { type: 'string' } } } } } },
          responses: {
            '200': { description: 'Token', content: json({ type: 'object', properties: { api_token: { type: 'string' }, expiry: { type: 'string', format: 'date-time' } } }) },
            '401': errResponse('Unknown API key'),
            '422': errResponse('No key given'),
            '429': errResponse('Too many attempts'),
          },
        },
      },
      ...classifyPaths('items-characteristics', 'ItemsJobView'),
      ...classifyPaths('policy', 'PolicyJobView'),
      '/classify/policy/image/now': {
        post: {
          summary: 'Synchronous policy classification of an image (waits up to 60 s; 202 with job_id if not finished)',
          security: [{ bearer: [] }],
          parameters: [idempotencyKeyParameter],
          requestBody: { required: true, content: { 'multipart/form-data': { schema: ref('SubmitUpload') } } },
          responses: { '200': { description: 'Result inline' }, '202': { description: 'Still running; poll with job_id' }, ...submitRefusals },
        },
      },
      ...moderationPaths({ ref, json, errResponse }),
      '/models': {
        get: {
          summary: 'Loaded models and which model scores each class (null: none)',
          security: [{ bearer: [] }],
          responses: { '200': { description: 'Models report', content: json(ref('ModelsReport')) } },
        },
      },
      '/jobs/{job_id}/webhook': {
        get: {
          summary: 'Webhook delivery log of a job',
          security: [{ bearer: [] }],
          parameters: [{ name: 'job_id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'state (none|pending|delivered|gave_up) and attempts', content: json(ref('DeliveryLog')) }, '404': errResponse('No such job') },
        },
      },
      '/jobs/{job_id}/webhook/redeliver': {
        post: {
          summary: "Send a finished job's webhook again now, with the same webhook-id and a new webhook-timestamp",
          description:
            'Makes one attempt at once and answers it (also when the receiver refused it). It is listed in the delivery log with redelivery: true. A delivered redelivery sets the state to delivered; a failed one leaves the state and any scheduled retry as they were.',
          security: [{ bearer: [] }],
          parameters: [{ name: 'job_id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'The attempt made', content: json(ref('Redelivery')) },
            '401': errResponse('Missing, invalid or expired token'),
            '404': errResponse('No such job for this account'),
            '409': errResponse('The job has no callback_url, or has not finished yet'),
          },
        },
      },
      ...bankPaths(ref, json, errResponse),
      ...policyPaths(ref, json, errResponse),
      ...reviewPaths({ ref, json, errResponse }),
    },
    webhooks: {
      jobFinished: {
        post: {
          summary: 'Sent to callback_url when a job finishes, signed after Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) and with X-Hub-Signature-256.',
          parameters: [
            { name: 'webhook-id', in: 'header', required: true, schema: { type: 'string' }, description: 'job.finished:{job_id}: the same on every retry and redelivery; de-duplicate on it.' },
            { name: 'webhook-timestamp', in: 'header', required: true, schema: { type: 'string' }, description: 'Unix seconds when this attempt started; refuse values more than 5 minutes from your clock.' },
            {
              name: 'webhook-signature',
              in: 'header',
              required: false,
              schema: { type: 'string' },
              description:
                'Space-separated "v1,<base64 HMAC-SHA256 of {webhook-id}.{webhook-timestamp}.{raw body}>", one per signing secret of the tenant (two while rotating). The key is the secret as UTF-8 bytes, not base64-decoded. Absent when the tenant has no secret.',
            },
            { name: 'X-Hub-Signature-256', in: 'header', required: false, schema: { type: 'string' }, description: 'base64(HMAC-SHA256(raw body, current signing secret)); absent when the tenant has no secret.' },
          ],
          requestBody: { content: json(ref('WebhookPayload')) },
          responses: {
            '200': {
              description:
                'Any 2xx acknowledges. Otherwise retried 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure (plus up to 10 % jitter; a longer Retry-After on 429/503 is honoured, up to 10 h), then given up; 410 Gone stops retries at once.',
            },
          },
        },
      },
    },
  };
}
