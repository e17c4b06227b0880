// The human review routes (docs/api.md "Human review"): they take a reviewer's token, so use them from a
// client made with a reviewer's API key.
import type { JsonAnswer, JsonBody, QueryOf } from './api-types.ts';
import { seg } from './path-segment.ts';
import type { Transport } from './transport.ts';

export type ReviewQueueQuery = QueryOf<'/review/queue', 'get'>;
export type ReviewDecisionRequest = JsonBody<'/review/{moderation_job_id}/decision', 'post'>;

export class ReviewApi {
  constructor(private readonly transport: Transport) {}

  /** The items this reviewer may take, earliest due first. */
  queue(query: ReviewQueueQuery = {}): Promise<JsonAnswer<'/review/queue', 'get', 200>> {
    return this.transport.body('GET', '/review/queue', { query });
  }

  /** Who the token is for, whether a tenant admin, its times, the tenant's SLA. */
  me(): Promise<JsonAnswer<'/review/me', 'get', 200>> {
    return this.transport.body('GET', '/review/me');
  }

  /** The supervisor's statistics (tenant admins only). */
  stats(): Promise<JsonAnswer<'/review/stats', 'get', 200>> {
    return this.transport.body('GET', '/review/stats');
  }

  /** One item with what a reviewer needs to decide; reading it does not claim it. */
  item(moderationJobId: string): Promise<JsonAnswer<'/review/{moderation_job_id}', 'get', 200>> {
    return this.transport.body('GET', `/review/${seg(moderationJobId)}`);
  }

  /** A lease of REVIEW_LEASE_SECONDS; claiming again renews it. */
  claim(moderationJobId: string): Promise<JsonAnswer<'/review/{moderation_job_id}/claim', 'post', 200>> {
    return this.transport.body('POST', `/review/${seg(moderationJobId)}/claim`);
  }

  /** Gives the claim back to the queue. */
  release(moderationJobId: string): Promise<JsonAnswer<'/review/{moderation_job_id}/release', 'post', 200>> {
    return this.transport.body('POST', `/review/${seg(moderationJobId)}/release`);
  }

  /** Decides a claimed item; the moderation webhook follows. */
  decide(moderationJobId: string, decision: ReviewDecisionRequest): Promise<JsonAnswer<'/review/{moderation_job_id}/decision', 'post', 200>> {
    return this.transport.body('POST', `/review/${seg(moderationJobId)}/decision`, { json: decision });
  }

  /** One frame of the item, JPEG bytes. */
  frame(moderationJobId: string, index: number): Promise<Uint8Array> {
    return this.transport.body('GET', `/review/${seg(moderationJobId)}/frames/${seg(index)}`, { answer: 'bytes' });
  }
}
