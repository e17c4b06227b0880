// The caller's client of the REST API (docs/api.md): one instance per API key. Every answer is typed
// from the OpenAPI document; every refusal is a ModerationApiError subclass.
import type { JobView, JsonAnswer, JsonBody, Media, ModerationAnswer, ModerationDecision, ModerationError, PolicyNowAnswer, Product, QueryOf, SubmitAnswer } from './api-types.ts';
import { BanksApi } from './banks-api.ts';
import { seg } from './path-segment.ts';
import { PolicyApi } from './policy-api.ts';
import { pollUntilFinal, type WaitOptions } from './poll.ts';
import { ReviewApi } from './review-api.ts';
import { formBody, submissionFields, type SubmissionFields } from './submission-form.ts';
import { TokenSource } from './token-source.ts';
import { Transport } from './transport.ts';

export interface ModerationClientOptions {
  /** The service's address, without /v1: `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** A caller's API key, or a reviewer's (for `review` and `feedback`). */
  apiKey: string;
  fetch?: typeof fetch;
  /** How long before a token's expiry a new one is fetched (default 5 min). */
  tokenRefreshMarginMs?: number;
}

export interface SubmitOptions {
  /** Makes the submit safe to retry: for 24 h the same key answers the same job (docs/api.md "Retrying safely"). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

/** A submitted classification job: enough to poll it. */
export interface JobRef<P extends Product = Product> {
  jobId: string;
  product: P;
  media: Media;
}

export interface ModerateInput extends SubmissionFields {
  /** Decide on an earlier policy job instead of sending content. */
  classificationJobId?: string;
  /** With content: `image` or `video` (default: from the upload's bytes or the URL's extension). */
  contentType?: 'image' | 'video';
  /** Your identifier for the content, echoed back. */
  externalId?: string;
}

/** A moderation answer once it is final: a decision, or the classification's failure. */
export type FinalModeration = ModerationDecision | ModerationError;

export type AuditQuery = QueryOf<'/audit', 'get'>;
export type FeedbackRequest = JsonBody<'/feedback', 'post'>;

export class ModerationClient {
  readonly review: ReviewApi;
  readonly banks: BanksApi;
  readonly policy: PolicyApi;
  private readonly transport: Transport;
  private readonly tokens: TokenSource;

  constructor(options: ModerationClientOptions) {
    const baseUrl = options.baseUrl.replace(/\/+$/, '');
    const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
    this.tokens = new TokenSource({ baseUrl, apiKey: options.apiKey, fetch: fetchImpl, refreshMarginMs: options.tokenRefreshMarginMs });
    this.transport = new Transport(baseUrl, this.tokens, fetchImpl);
    this.review = new ReviewApi(this.transport);
    this.banks = new BanksApi(this.transport);
    this.policy = new PolicyApi(this.transport);
  }

  /** The current bearer token (fetched or renewed as needed), for calls the client does not cover. */
  token(): Promise<string> {
    return this.tokens.token();
  }

  /** POST /classify/{product}/{media}: creates a job and answers at once. */
  async submit<P extends Product>(product: P, media: Media, input: SubmissionFields, options: SubmitOptions = {}): Promise<JobRef<P>> {
    const { body } = await this.transport.call('POST', `/classify/${product}/${media}`, {
      body: formBody(submissionFields(input), input.file),
      headers: idempotencyHeader(options.idempotencyKey),
      signal: options.signal,
    });
    return { jobId: (body as SubmitAnswer).job_id, product, media };
  }

  /** POST /classify/policy/image/now: submits and waits up to 60 s in the request; still `queued` after that (then `wait` on the job). */
  async classifyPolicyImageNow(input: SubmissionFields, options: SubmitOptions = {}): Promise<{ job: JobRef<'policy'>; answer: PolicyNowAnswer }> {
    const answer = await this.transport.body<PolicyNowAnswer>('POST', '/classify/policy/image/now', {
      body: formBody(submissionFields(input), input.file),
      headers: idempotencyHeader(options.idempotencyKey),
      signal: options.signal,
    });
    return { job: { jobId: answer.job_id, product: 'policy', media: 'image' }, answer };
  }

  /** GET /classify/{product}/{media}/{job_id}: the job's state now. */
  async job<P extends Product>(job: JobRef<P>, signal?: AbortSignal): Promise<JobView<P>> {
    return this.transport.body<JobView<P>>('GET', jobPath(job), { signal });
  }

  /** Polls a classification job until it is done or failed. */
  waitForJob<P extends Product>(job: JobRef<P>, options: WaitOptions = {}): Promise<Exclude<JobView<P>, { status: 'queued' }>> {
    return pollUntilFinal(
      job.jobId,
      {
        poll: (signal) => this.transport.call('GET', jobPath(job), { signal }),
        final: (answer) => {
          const view = answer.body as JobView<P>;
          return view.status === 'queued' ? null : (view as Exclude<JobView<P>, { status: 'queued' }>);
        },
      },
      options,
    );
  }

  /** POST /moderate: a decision on content sent now, or on an earlier policy job. A 202 answer is still classifying: `waitForModeration`. */
  async moderate(input: ModerateInput, options: SubmitOptions = {}): Promise<ModerationAnswer> {
    const fields = {
      ...submissionFields(input),
      classification_job_id: input.classificationJobId,
      content_type: input.contentType,
      external_id: input.externalId,
    };
    return this.transport.body<ModerationAnswer>('POST', '/moderate', { body: formBody(fields, input.file), headers: idempotencyHeader(options.idempotencyKey), signal: options.signal });
  }

  /** GET /moderate/{moderation_job_id}: the current state (a reviewer's verdict once there is one). */
  async moderation(moderationJobId: string, signal?: AbortSignal): Promise<ModerationAnswer> {
    return this.transport.body<ModerationAnswer>('GET', `/moderate/${seg(moderationJobId)}`, { signal });
  }

  /** Polls a moderation job until it is decided (or its classification failed): 202 means still classifying. */
  waitForModeration(moderationJobId: string, options: WaitOptions = {}): Promise<FinalModeration> {
    return pollUntilFinal(
      moderationJobId,
      {
        poll: (signal) => this.transport.call('GET', `/moderate/${seg(moderationJobId)}`, { signal }),
        final: (answer) => (answer.status === 202 ? null : (answer.body as FinalModeration)),
      },
      options,
    );
  }

  /** Waits for a classification job (a JobRef) or a moderation job (its `vmod_` id). */
  wait<P extends Product>(target: JobRef<P>, options?: WaitOptions): Promise<Exclude<JobView<P>, { status: 'queued' }>>;
  wait(target: string, options?: WaitOptions): Promise<FinalModeration>;
  wait(target: JobRef | string, options: WaitOptions = {}): Promise<unknown> {
    if (typeof target !== 'string') return this.waitForJob(target, options);
    // A bare job_ id does not say which product and media to poll it under (another path answers 404).
    if (!target.startsWith('vmod_')) throw new TypeError(`wait(${target}): pass the JobRef that submit() answered, or a vmod_ id`);
    return this.waitForModeration(target, options);
  }

  /** POST /moderate/{moderation_job_id}/appeal: back to the review queue; the outcome comes by webhook. */
  async appeal(moderationJobId: string, reason: string): Promise<JsonAnswer<'/moderate/{moderation_job_id}/appeal', 'post', 200>> {
    return this.transport.body<JsonAnswer<'/moderate/{moderation_job_id}/appeal', 'post', 200>>('POST', `/moderate/${seg(moderationJobId)}/appeal`, { json: { reason } });
  }

  /** POST /feedback: whether a class or category of a job was right. */
  async feedback(request: FeedbackRequest): Promise<JsonAnswer<'/feedback', 'post', 201>> {
    return this.transport.body<JsonAnswer<'/feedback', 'post', 201>>('POST', '/feedback', { json: request });
  }

  /** GET /audit: a page of the tenant's audit trail, newest first (`cursor` = the last page's `next_cursor`). */
  async audit(query: AuditQuery = {}): Promise<JsonAnswer<'/audit', 'get', 200>> {
    return this.transport.body<JsonAnswer<'/audit', 'get', 200>>('GET', '/audit', { query });
  }

  /** GET /jobs/{job_id}/webhook: the job's webhook delivery log. */
  async webhookLog(jobId: string): Promise<JsonAnswer<'/jobs/{job_id}/webhook', 'get', 200>> {
    return this.transport.body<JsonAnswer<'/jobs/{job_id}/webhook', 'get', 200>>('GET', `/jobs/${seg(jobId)}/webhook`);
  }

  /** POST /jobs/{job_id}/webhook/redeliver: send a finished job's webhook again now. */
  async redeliverWebhook(jobId: string): Promise<JsonAnswer<'/jobs/{job_id}/webhook/redeliver', 'post', 200>> {
    return this.transport.body<JsonAnswer<'/jobs/{job_id}/webhook/redeliver', 'post', 200>>('POST', `/jobs/${seg(jobId)}/webhook/redeliver`);
  }

  /** GET /models: what the deployment can score, and why a class is null. */
  async models(): Promise<JsonAnswer<'/models', 'get', 200>> {
    return this.transport.body<JsonAnswer<'/models', 'get', 200>>('GET', '/models');
  }
}

function jobPath(job: JobRef): string {
  return `/classify/${job.product}/${job.media}/${seg(job.jobId)}`;
}

function idempotencyHeader(key: string | undefined): Record<string, string> {
  return key === undefined ? {} : { 'Idempotency-Key': key };
}
