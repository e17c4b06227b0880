// Names for the generated OpenAPI types (src/generated/openapi.ts), so that every request and answer the
// client handles is typed from services/gateway/openapi.json and nothing is restated by hand.
import type { components, paths } from './generated/openapi.ts';

export type Schemas = components['schemas'];
type Method = 'get' | 'post' | 'put' | 'delete';

type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;

/** The JSON body of one documented answer of an operation. */
export type JsonAnswer<P extends keyof paths, M extends Method, S extends number> =
  Operation<P, M> extends { responses: infer R } ? (S extends keyof R ? (R[S] extends { content: { 'application/json': infer B } } ? B : never) : never) : never;

/** The query parameters of an operation. */
export type QueryOf<P extends keyof paths, M extends Method> = Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

/** The JSON request body of an operation. */
export type JsonBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type ErrorBody = Schemas['Error'];
export type ErrorCode = ErrorBody['error'];

export type Product = 'items-characteristics' | 'policy';
export type Media = 'image' | 'video';

export type TokenAnswer = JsonAnswer<'/authenticate', 'post', 200>;
export type SubmitAnswer = JsonAnswer<'/classify/policy/image', 'post', 200>;
export type ItemsJobView = Schemas['ItemsJobView'];
export type PolicyJobView = Schemas['PolicyJobView'];
/** The answer of polling a job of `product`. */
export type JobView<P extends Product> = P extends 'policy' ? PolicyJobView : ItemsJobView;

/**
 * POST /classify/policy/image/now: the document gives this answer no schema; docs/api.md describes it as
 * the job's view with its job_id (a 202 is still queued; poll with that id), results' fields repeated at
 * the top level when done.
 */
export type PolicyNowAnswer = PolicyJobView & { job_id: string };

export type ModerationDecision = Schemas['ModerationDecision'];
export type ModerationError = Schemas['ModerationError'];
export type ModerationPending = Schemas['ModerationPending'];
/** Every form of a moderation answer: decided, failed classification (is_error), or still classifying (202). */
export type ModerationAnswer = ModerationDecision | ModerationError | ModerationPending;

export type WebhookPayload = Schemas['WebhookPayload'];
