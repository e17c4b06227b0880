// The names in src/api-types.ts pick answers and bodies out of the generated paths by status code and
// content type; a route whose document changed (another status, no JSON) would make one `never`
// silently. tsc checks this file (tsconfig.json includes packages/*/test), so such a change fails here.
import { describe, expect, it } from 'vitest';
import type { JsonAnswer, JsonBody, QueryOf } from '../src/api-types.ts';

type IsNever<T> = [T] extends [never] ? true : false;

const everyNameResolves: {
  token: IsNever<JsonAnswer<'/authenticate', 'post', 200>>;
  submit: IsNever<JsonAnswer<'/classify/policy/image', 'post', 200>>;
  moderate: IsNever<JsonAnswer<'/moderate', 'post', 200>>;
  moderatePending: IsNever<JsonAnswer<'/moderate', 'post', 202>>;
  appeal: IsNever<JsonAnswer<'/moderate/{moderation_job_id}/appeal', 'post', 200>>;
  feedback: IsNever<JsonAnswer<'/feedback', 'post', 201>>;
  feedbackBody: IsNever<JsonBody<'/feedback', 'post'>>;
  audit: IsNever<JsonAnswer<'/audit', 'get', 200>>;
  auditQuery: IsNever<QueryOf<'/audit', 'get'>>;
  webhookLog: IsNever<JsonAnswer<'/jobs/{job_id}/webhook', 'get', 200>>;
  redeliver: IsNever<JsonAnswer<'/jobs/{job_id}/webhook/redeliver', 'post', 200>>;
  models: IsNever<JsonAnswer<'/models', 'get', 200>>;
  reviewQueue: IsNever<JsonAnswer<'/review/queue', 'get', 200>>;
  reviewQueueQuery: IsNever<QueryOf<'/review/queue', 'get'>>;
  reviewMe: IsNever<JsonAnswer<'/review/me', 'get', 200>>;
  reviewStats: IsNever<JsonAnswer<'/review/stats', 'get', 200>>;
  reviewItem: IsNever<JsonAnswer<'/review/{moderation_job_id}', 'get', 200>>;
  claim: IsNever<JsonAnswer<'/review/{moderation_job_id}/claim', 'post', 200>>;
  release: IsNever<JsonAnswer<'/review/{moderation_job_id}/release', 'post', 200>>;
  decision: IsNever<JsonAnswer<'/review/{moderation_job_id}/decision', 'post', 200>>;
  decisionBody: IsNever<JsonBody<'/review/{moderation_job_id}/decision', 'post'>>;
  bankCreate: IsNever<JsonAnswer<'/banks', 'post', 201>>;
  bankSpec: IsNever<JsonBody<'/banks', 'post'>>;
  bankList: IsNever<JsonAnswer<'/banks', 'get', 200>>;
  bankContent: IsNever<JsonAnswer<'/banks/{bank_id}/content', 'post', 201>>;
  bankContentBody: IsNever<JsonBody<'/banks/{bank_id}/content', 'post'>>;
  bankContentGet: IsNever<JsonAnswer<'/banks/{bank_id}/content/{content_id}', 'get', 200>>;
  hash: IsNever<JsonAnswer<'/hash', 'post', 200>>;
  hashVideo: IsNever<JsonAnswer<'/hash/video', 'post', 202>>;
  policy: IsNever<JsonAnswer<'/policy', 'get', 200>>;
  policyPut: IsNever<JsonAnswer<'/policy', 'put', 200>>;
  policyBody: IsNever<JsonBody<'/policy', 'put'>>;
  policyVersion: IsNever<JsonAnswer<'/policy/versions/{version}', 'get', 200>>;
} = {
  token: false,
  submit: false,
  moderate: false,
  moderatePending: false,
  appeal: false,
  feedback: false,
  feedbackBody: false,
  audit: false,
  auditQuery: false,
  webhookLog: false,
  redeliver: false,
  models: false,
  reviewQueue: false,
  reviewQueueQuery: false,
  reviewMe: false,
  reviewStats: false,
  reviewItem: false,
  claim: false,
  release: false,
  decision: false,
  decisionBody: false,
  bankCreate: false,
  bankSpec: false,
  bankList: false,
  bankContent: false,
  bankContentBody: false,
  bankContentGet: false,
  hash: false,
  hashVideo: false,
  policy: false,
  policyPut: false,
  policyBody: false,
  policyVersion: false,
};

describe('api-types', () => {
  it('resolves every answer and body the client uses (checked by tsc)', () => {
    expect(Object.values(everyNameResolves).every((v) => v === false)).toBe(true);
  });
});
