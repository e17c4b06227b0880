// The job-finished webhook body (spec: Events): {"data": {job_id, callback_url, is_error, result}}.
// A finished job's result is its stored results with the media metadata; a failed job's is {error}.
import { z } from 'zod';
import { ItemsResultSchema } from './items-result.ts';
import { PolicyCategoryResultSchema } from './policy-result.ts';
import { MediaMetadataSchema } from './media-metadata.ts';
import { parseAs } from './parse.ts';
import { knownContentFields } from './known-content.ts';

const metadata = MediaMetadataSchema.nullable().describe('Probed properties of the media; null when none were measured.');

/** The items result as stored, with `url` moved after the groups and `metadata` added. */
export const WebhookItemsResultSchema = ItemsResultSchema.omit({ url: true }).extend({
  url: z.string().describe('The analysed resource address.'),
  metadata,
});

/** The categories, metadata and url of the policy result (not tier or table version), and known-content matches. */
export const WebhookPolicyResultSchema = z.strictObject({
  policy_categories: z.array(PolicyCategoryResultSchema),
  metadata,
  url: z.string().describe('The analysed resource address.'),
  matches: knownContentFields.matches,
  low_quality_frames: knownContentFields.low_quality_frames,
});

export const WebhookErrorResultSchema = z.strictObject({
  error: z.string().describe('Why the job failed, e.g. "Failed to decode video."'),
});

const envelopeFields = {
  job_id: z.string(),
  callback_url: z.string().describe('The address the webhook was sent to, exactly as given.'),
};

export const WebhookPayloadSchema = z.strictObject({
  data: z.discriminatedUnion('is_error', [
    z.strictObject({ ...envelopeFields, is_error: z.literal(false), result: z.union([WebhookItemsResultSchema, WebhookPolicyResultSchema]) }),
    z.strictObject({ ...envelopeFields, is_error: z.literal(true), result: WebhookErrorResultSchema }),
  ]),
});

export type WebhookItemsResult = z.infer<typeof WebhookItemsResultSchema>;
export type WebhookPolicyResult = z.infer<typeof WebhookPolicyResultSchema>;
export type WebhookErrorResult = z.infer<typeof WebhookErrorResultSchema>;
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

export function parseWebhookPayload(json: unknown): WebhookPayload {
  return parseAs(WebhookPayloadSchema, 'WebhookPayload', json);
}
