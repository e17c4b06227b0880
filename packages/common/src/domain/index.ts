// The public domain: zod schemas of everything the API answers or sends, their types, and parsers
// for JSON received from another service.
export * from './parse.ts';
export * from './score.ts';
export * from './media-metadata.ts';
export * from './items-result.ts';
export * from './risk-level.ts';
export * from './standard-policy.ts';
export * from './operating-points.ts';
export * from './operating-point-fit.ts';
export * from './policy-rules.ts';
export * from './policy-document.ts';
export * from './policy-result.ts';
export * from './job-results.ts';
export * from './job-view.ts';
export * from './moderation-result.ts';
export * from './webhook-payload.ts';
export * from './delivery-log.ts';
export * from './models-report.ts';
export * from './error-body.ts';
export * from './known-content.ts';
export * from './banks.ts';
export * from './review.ts';
export * from './moderation-outbox.ts';
export * from './policy-decision.ts';
export * from './policy-dry-run.ts';
