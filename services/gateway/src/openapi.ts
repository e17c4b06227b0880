// The OpenAPI 3.1 description of the REST API. Served at /v1/openapi.json and kept in the repo as
// services/gateway/openapi.json (a test fails when the two differ: run `make openapi`).
import { CLASS_GROUPS } from '@modsvc/common/classes';
import { STANDARD_CATEGORIES } from '@modsvc/policy-scorer/policy-table';

const nullableNumber = { type: ['number', 'null'], minimum: 0, maximum: 1 };

function groupSchema(classes: readonly string[]) {
  return { type: 'object', required: [...classes], properties: Object.fromEntries(classes.map((c) => [c, nullableNumber])), additionalProperties: false };
}

const textGroup = {
  type: ['object', 'null'],
  description: 'Toxicity of text found in the media, with the span that scored highest.',
  properties: {
    scores: groupSchema(CLASS_GROUPS.caption_language_toxicity),
    top_span: { type: ['object', 'null'], properties: { start: { type: 'integer' }, end: { type: 'integer' }, text: { type: 'string' } } },
    model: { type: ['string', 'null'] },
  },
};

const error = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', enum: ['invalid_request', 'unauthorized', 'not_found', 'payload_too_large', 'unsupported_media_type', 'rate_limited', 'unavailable', 'internal'] },
    message: { type: 'string', description: 'What went wrong and what to do about it.' },
  },
};

const errResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const submitForm = {
  type: 'object',
  properties: {
    file: { type: 'string', format: 'binary', description: 'The content; set the part content type (e.g. image/jpeg). Alternative to url.' },
    url: { type: 'string', format: 'uri', description: 'Address of the content (http/https). Alternative to file.' },
    caption: { type: 'string', maxLength: 262144, description: 'Text shared with the content; scored for toxicity.' },
    callback_url: { type: 'string', format: 'uri', description: 'Receives the signed job-finished webhook; used exactly as given.' },
  },
};

function classifyPaths(productSeg: string, resultRef: string) {
  const paths: Record<string, unknown> = {};
  for (const media of ['image', 'video']) {
    const limits = media === 'image' ? 'Images: JPEG, PNG, WebP, GIF up to 10 MB.' : 'Videos: MP4, MPEG, WebM, MOV, MKV, M4V, GIF up to 200 MB; the first 3 minutes are analysed.';
    paths[`/classify/${productSeg}/${media}`] = {
      post: {
        summary: `Submit a ${media} for ${productSeg === 'policy' ? 'policy classification' : 'items and characteristics'}`,
        description: limits,
        security: [{ bearer: [] }],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: submitForm }, 'application/x-www-form-urlencoded': { schema: { ...submitForm, properties: { ...submitForm.properties, file: undefined } } } },
        },
        responses: {
          '200': { description: 'Job created', content: { 'application/json': { schema: { type: 'object', required: ['job_id'], properties: { job_id: { type: 'string' } } } } } },
          '401': errResponse('Missing, invalid or expired token'),
          '413': errResponse('File over the size limit'),
          '415': errResponse('Content is not a supported image or video (sniffed from the bytes)'),
          '422': errResponse('Invalid fields (no file or url, both, bad URL, blocked address)'),
          '429': errResponse('Rate limit exceeded (see Retry-After)'),
        },
      },
    };
    paths[`/classify/${productSeg}/${media}/{job_id}`] = {
      get: {
        summary: 'Job status and result',
        security: [{ bearer: [] }],
        parameters: [{ name: 'job_id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': {
            description: 'queued, done or failed',
            content: {
              'application/json': {
                schema: {
                  oneOf: [
                    { type: 'object', required: ['status'], properties: { status: { const: 'queued' } } },
                    { type: 'object', required: ['status', 'results', 'msg'], properties: { status: { const: 'done' }, results: { $ref: resultRef }, msg: { type: 'null' } } },
                    { type: 'object', required: ['status', 'msg'], properties: { status: { const: 'failed' }, msg: { type: 'string' } } },
                  ],
                },
              },
            },
          },
          '401': errResponse('Missing, invalid or expired token'),
          '404': errResponse('No such job for this account'),
        },
      },
    };
  }
  return paths;
}

export function buildOpenApi() {
  const itemsProperties: Record<string, unknown> = Object.fromEntries(Object.entries(CLASS_GROUPS).map(([g, classes]) => [g, groupSchema(classes)]));
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
        Error: error,
        ItemsResult: {
          type: 'object',
          required: [...Object.keys(CLASS_GROUPS), 'url'],
          properties: {
            ...itemsProperties,
            url: { type: 'string', description: 'The analysed resource: the submitted URL, or the uploaded file name.' },
            evidence: {
              type: 'object',
              description: 'Per visual class scoring above the reporting threshold: frame timestamps (s), score, model and box [x, y, w, h] where the model gives one.',
              additionalProperties: { type: 'array', items: { type: 'object', properties: { timestamp: { type: 'number' }, score: { type: 'number' }, model: { type: 'string' }, box: { type: 'array', items: { type: 'number' } } } } },
            },
            uncalibrated: {
              type: 'array',
              items: { type: 'string' },
              description: 'Visual classes in this result whose score is the model\'s own confidence, not a probability calibrated on labelled data (for example adult_content and suggestive in the lite model set). Compare them only with thresholds you have measured yourself.',
            },
            ocr: { ...textGroup, description: 'Text read in the image or frames, and its toxicity.', properties: { ...textGroup.properties, text: { type: 'string' } } },
            speech: {
              ...textGroup,
              description: 'Transcript of the speech track (videos) with timestamped segments, and its toxicity; error says why speech was not analysed.',
              properties: { ...textGroup.properties, transcript: { type: 'string' }, segments: { type: 'array' }, recognizer: { type: ['string', 'null'] }, error: { type: ['string', 'null'] } },
            },
            models: { type: 'array', items: { type: 'string' }, description: 'id@version of every model that contributed.' },
          },
        },
        PolicyResult: {
          type: 'object',
          required: ['policy_categories', 'url'],
          properties: {
            policy_categories: {
              type: 'array',
              items: {
                type: 'object',
                required: ['name', 'description', 'score', 'risk_level'],
                properties: {
                  name: { type: 'string', enum: STANDARD_CATEGORIES.map((c) => c.name) },
                  description: { type: 'string' },
                  score: nullableNumber,
                  risk_level: { type: 'string', enum: ['HIGH', 'MEDIUM', 'LOW', 'NONE', 'UNKNOWN'] },
                  triggered_by: { type: ['string', 'null'] },
                },
              },
            },
            url: { type: 'string' },
            tier: { type: 'string' },
            policy_table_version: { type: 'string' },
          },
        },
      },
    },
    paths: {
      '/authenticate': {
        post: {
          summary: 'Exchange an API key for a 24-hour bearer token',
          requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', required: ['key'], properties: { key: { type: 'string' } } } } } },
          responses: {
            '200': { description: 'Token', content: { 'application/json': { schema: { type: 'object', properties: { api_token: { type: 'string' }, expiry: { type: 'string', format: 'date-time' } } } } } },
            '401': errResponse('Unknown API key'),
            '422': errResponse('No key given'),
            '429': errResponse('Too many attempts'),
          },
        },
      },
      ...classifyPaths('items-characteristics', '#/components/schemas/ItemsResult'),
      ...classifyPaths('policy', '#/components/schemas/PolicyResult'),
      '/classify/policy/image/now': {
        post: {
          summary: 'Synchronous policy classification of an image (waits up to 60 s; 202 with job_id if not finished)',
          security: [{ bearer: [] }],
          requestBody: { required: true, content: { 'multipart/form-data': { schema: submitForm } } },
          responses: { '200': { description: 'Result inline' }, '202': { description: 'Still running; poll with job_id' } },
        },
      },
      '/moderate': {
        post: {
          summary: 'Virtual moderator decision on a finished policy classification job',
          security: [{ bearer: [] }],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { type: 'object', required: ['classification_job_id'], properties: { classification_job_id: { type: 'string' }, external_id: { type: 'string' } } } },
            },
          },
          responses: { '200': { description: 'Moderation result (is_error true for a failed classification)' }, '404': errResponse('No such policy job'), '422': errResponse('Invalid fields') },
        },
      },
      '/models': { get: { summary: 'Loaded models and which model scores each class (null: none)', security: [{ bearer: [] }], responses: { '200': { description: 'Models report' } } } },
      '/jobs/{job_id}/webhook': {
        get: {
          summary: 'Webhook delivery log of a job',
          security: [{ bearer: [] }],
          parameters: [{ name: 'job_id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'state (none|pending|delivered|gave_up) and attempts' }, '404': errResponse('No such job') },
        },
      },
    },
    webhooks: {
      jobFinished: {
        post: {
          summary: 'Sent to callback_url when a job finishes. Header X-Hub-Signature-256 = base64(HMAC-SHA256(raw body, signing secret)), absent when no secret is set.',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    data: {
                      type: 'object',
                      required: ['job_id', 'callback_url', 'is_error', 'result'],
                      properties: { job_id: { type: 'string' }, callback_url: { type: 'string' }, is_error: { type: 'boolean' }, result: { type: 'object' } },
                    },
                  },
                },
              },
            },
          },
          responses: { '200': { description: 'Any 2xx acknowledges; other answers are retried with backoff for 24 h; 410 stops retries.' } },
        },
      },
    },
  };
}
