// The OpenAPI paths and schemas of a tenant's policy document (routes/policy.ts).
import type { z } from 'zod';
import { PolicyDocumentSchema, PolicyViewSchema } from '@modsvc/common/domain/index';

type JsonSchema = Record<string, unknown>;

export const POLICY_RESPONSE_SCHEMAS: Record<string, z.ZodType> = { PolicyVersion: PolicyViewSchema };

export const POLICY_REQUEST_SCHEMAS: Record<string, z.ZodType> = { PolicyDocument: PolicyDocumentSchema };

export function policyPaths(ref: (name: string) => JsonSchema, json: (schema: JsonSchema) => unknown, errResponse: (d: string) => unknown): Record<string, unknown> {
  const security = [{ bearer: [] }];
  const common = { '401': errResponse('Missing, invalid or expired token'), '429': errResponse('Rate limit exceeded (see Retry-After)') };
  return {
    '/policy': {
      get: {
        summary: "The tenant's active policy document and its version",
        description: 'Standard tenants (and Premium tenants that have published none) get the built-in Standard document, versioned by the table.',
        security,
        responses: { '200': { description: 'The active version', content: json(ref('PolicyVersion')) }, ...common },
      },
      put: {
        summary: 'Publish a new version of the policy document (Premium tenants)',
        description:
          'Categories with item-class, text-label and term-list signals, thresholds, the enabled categories and the moderation rules. New policy jobs are scored with it; each result names its policy_version.',
        security,
        requestBody: { required: true, content: json(ref('PolicyDocument')) },
        responses: {
          '200': { description: 'The published version', content: json(ref('PolicyVersion')) },
          '403': errResponse('A Standard tenant cannot publish policies'),
          '422': errResponse('Invalid document: the message names each invalid field'),
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
