// @modsvc/client: a typed client of the modsvc REST API for callers, and webhook verification.
export { ModerationClient } from './client.ts';
export type { AuditQuery, FeedbackRequest, FinalModeration, JobRef, ModerateInput, ModerationClientOptions, SubmitOptions } from './client.ts';
export type { ReviewApi, ReviewDecisionRequest, ReviewQueueQuery } from './review-api.ts';
export type { BankContentInput, BankHashesOrVideos, BankSpec, BanksApi } from './banks-api.ts';
export type { PolicyApi, PolicyDryRun, PolicyPut } from './policy-api.ts';
export type { SubmissionFields, Upload } from './submission-form.ts';
export type { WaitOptions } from './poll.ts';
export type * from './api-types.ts';
export type { components, paths, webhooks } from './generated/openapi.ts';
export * from './errors.ts';
export { verifyWebhook } from './verify-webhook.ts';
export type { SignatureScheme, VerifyWebhookInput, WebhookBody, WebhookRejection, WebhookVerdict } from './verify-webhook.ts';
export { InMemorySeenWebhookIds } from './seen-webhook-ids.ts';
export type { InMemorySeenWebhookIdsOptions, SeenWebhookIds } from './seen-webhook-ids.ts';
