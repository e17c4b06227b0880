// The OpenAPI paths and schemas of a tenant's policy document (routes/policy.ts).
import type { z } from 'zod';
import {
  DRY_RUN_DEFAULT_ITEMS,
  DRY_RUN_MAX_ITEMS,
  PolicyDocumentSchema,
  PolicyDryRunSchema,
  PolicyEnvelopeSchema,
  PolicyViewSchema,
  PublishedPolicySchema,
} from '@modsvc/common/domain/index';

type JsonSchema = Record<string, unknown>;

export const POLICY_RESPONSE_SCHEMAS: Record<string, z.ZodType> = {
  PolicyVersion: PolicyViewSchema,
  PublishedPolicy: PublishedPolicySchema,
  PolicyDryRun: PolicyDryRunSchema,
  StoredPolicyDocument: PolicyDocumentSchema,
};

export const POLICY_REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  PolicyDocument: PolicyDocumentSchema,
  PolicyEnvelope: PolicyEnvelopeSchema.extend({ document: PolicyDocumentSchema }),
};

export function policyPaths(ref: (name: string) => JsonSchema, json: (schema: JsonSchema) => unknown, errResponse: (d: string) => unknown): Record<string, unknown> {
  const security = [{ bearer: [] }];
  const common = { '401': errResponse('Missing, invalid or expired token'), '429': errResponse('Rate limit exceeded (see Retry-After)') };
  return {
    '/policy': {
      get: {
        summary: "The tenant's active policy document and its version",
        description:
          'Standard tenants (and Premium tenants that have published none) get the built-in Standard document, versioned by the table. A Premium version is the document as published: the Standard categories it does not name are scored too. PUT /policy takes this answer back as it is.',
        security,
        responses: { '200': { description: 'The active version', content: json(ref('PolicyVersion')) }, ...common },
      },
      put: {
        summary: 'Publish a new version of the policy document (Premium tenants), or dry-run one',
        description:
          'The document extends the Standard policy: every Standard category is still scored unless its entry says "enabled": false (the answer then warns), an entry named like a Standard category overrides the fields it gives (description, signals, thresholds), and other entries are custom categories. The body is a bare document or the envelope GET /policy answers (only its document is read). New policy jobs are scored with the newest version; each result names its policy_version. With dry_run=true nothing is published: the answer is what the document would decide on the tenant\'s most recent automated decisions, from the scores stored with their classification jobs.',
        security,
        parameters: [
          {
            name: 'dry_run',
            in: 'query',
            required: false,
            schema: { type: 'boolean', default: false },
            description: 'true: validate and replay on recent decisions; publish nothing.',
          },
          {
            name: 'items',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: DRY_RUN_MAX_ITEMS, default: DRY_RUN_DEFAULT_ITEMS },
            description: 'With dry_run: how many of the most recent automated decisions to replay.',
          },
        ],
        requestBody: { required: true, content: json({ oneOf: [ref('PolicyDocument'), ref('PolicyEnvelope')] }) },
        responses: {
          '200': {
            description: 'The published version with its warnings; with dry_run=true, the dry run (nothing published)',
            content: json({ oneOf: [ref('PublishedPolicy'), ref('PolicyDryRun')] }),
          },
          '403': errResponse('A Standard tenant cannot publish policies'),
          '415': errResponse('The body is not application/json'),
          '422': errResponse('Invalid document (the message names each invalid field), or an invalid dry_run or items'),
          ...common,
        },
      },
    },
    '/policy/versions/{version}': {
      get: {
        summary: 'A version of the policy document',
        security,
        parameters: [{ name: 'version', in: 'path', required: true, schema: { type: 'string' }, description: 'v<n>, or the Standard table version.' }],
        responses: { '200': { description: 'The version', content: json(ref('PolicyVersion')) }, '404': errResponse('No such version for this account'), ...common },
      },
    },
  };
}
