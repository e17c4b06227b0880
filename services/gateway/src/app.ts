// The REST edge: authentication, submit and result endpoints, moderation, models, OpenAPI.
// It validates every input and hands work to ingest / moderator over their APIs (gRPC in a cluster,
// direct calls in all-in-one mode).
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import express, { type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { ApiError } from '@modsvc/common/errors';
import type { BanksApi, DeliveriesApi, IngestApi, ModelsApi, ModeratorApi, PoliciesApi } from '@modsvc/common/contracts';
import { bankRoutes } from './routes/banks.ts';
import { policyRoutes } from './routes/policy.ts';
import { moderationRoutes } from './routes/moderation.ts';
import { reviewRoutes } from './routes/review.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { auditRoutes } from './routes/audit.ts';
import { reviewConsoleRouter } from './review-console.ts';
import type { MediaKind, Product } from '@modsvc/common/jobs';
import type { TenantRegistry } from '@modsvc/common/tenants';
import type { Config } from '@modsvc/common/config';
import type { Logger } from '@modsvc/common/logger';
import { httpDuration, httpRequests } from '@modsvc/common/metrics';
import { metricsRoute } from './metrics-route.ts';
import { TokenIssuer, principalOf, type TokenPrincipal } from '@modsvc/common/tokens';
import { inMemoryLimiters, type LimiterFactory } from './rate-limit.ts';
import { TenantRateLimits, requestKind } from './tenant-limits.ts';
import { submitIdempotency } from './idempotency.ts';
import { submitClassification } from './submit.ts';
import { roleRefusal, type AuthedRequest } from './roles.ts';
import { assertCaptionSize, describeZodError, dropEmpty, submitFields } from './validation.ts';
import { errorHandler, sendError } from './errors.ts';
import { buildOpenApi } from './openapi.ts';
import { deliveryLog, redelivery } from '@modsvc/common/domain/index';
import { asyncRoute } from './async-route.ts';

export interface GatewayDeps {
  config: Config;
  log: Logger;
  tenants: TenantRegistry;
  tokens: TokenIssuer;
  ingest: IngestApi;
  moderator: ModeratorApi;
  models: ModelsApi;
  deliveries: DeliveriesApi;
  banks: BanksApi;
  policies: PoliciesApi;
  isReady?: () => boolean;
  /** Proxies whose X-Forwarded-For is believed (express "trust proxy" list); none by default. */
  trustProxy?: string[];
  /**
   * Where the token buckets of the rate limits live: shared by all replicas through the store
   * (shared-rate-limit.ts, what index.ts gives a distributed gateway) or, by default, in this process.
   */
  limiters?: LimiterFactory;
}

const PRODUCT_SEGMENTS: Record<string, Product> = { 'items-characteristics': 'items', policy: 'policy' };
const MEDIA_SEGMENTS: Record<string, MediaKind> = { image: 'image', video: 'video' };
const SYNC_WAIT_MS = 60_000;
const AUTH_PER_MINUTE = 120;
const AUTH_BURST = 60;
const AUTH_FAILURES_PER_MINUTE = 10;
const AUTH_FAILURE_BURST = 10;

function mb(n: number): string {
  return `${Math.round(n / 1024 / 1024)} MB`;
}

export function createGatewayApp(deps: GatewayDeps): express.Express {
  const { config, log } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Only configured proxies may name the client: otherwise anyone could pick their own address per request
  // and step around the per-address limits below.
  app.set('trust proxy', deps.trustProxy?.length ? deps.trustProxy : false);

  const uploadDir = path.join(config.dataDir, 'tmp', 'uploads');
  fs.mkdirSync(uploadDir, { recursive: true });
  const uploaders: Record<MediaKind, express.RequestHandler> = {
    image: multer({ dest: uploadDir, limits: { fileSize: config.MAX_IMAGE_BYTES, files: 1, fields: 16, fieldSize: 300 * 1024 } }).single('file'),
    video: multer({ dest: uploadDir, limits: { fileSize: config.MAX_VIDEO_BYTES, files: 1, fields: 16, fieldSize: 300 * 1024 } }).single('file'),
  };
  const limiters = deps.limiters ?? inMemoryLimiters;
  const tenantLimits = new TenantRateLimits({ readsPerMinute: config.READ_RATE_LIMIT_PER_MINUTE, writesPerMinute: config.RATE_LIMIT_PER_MINUTE }, limiters);
  // Authentication: a generous limit on all attempts per address, a tight one on failed attempts (key guessing).
  const authLimiter = limiters('auth', AUTH_PER_MINUTE, AUTH_BURST);
  const authFailureLimiter = limiters('auth_failure', AUTH_FAILURES_PER_MINUTE, AUTH_FAILURE_BURST);
  const openapi = buildOpenApi();

  // Metrics per route template (not per job id).
  app.use((req, res, next) => {
    const end = httpDuration.startTimer();
    res.on('finish', () => {
      const route = (req.route?.path as string | undefined) ? `${req.baseUrl}${req.route.path as string}` : 'unmatched';
      httpRequests.inc({ route, status: String(res.statusCode) });
      end({ route });
    });
    next();
  });

  app.get('/healthz', (_req, res) => void res.send('ok'));
  app.get('/readyz', (_req, res) => {
    const ready = deps.isReady?.() ?? true;
    res.status(ready ? 200 : 503).send(ready ? 'ready' : 'not ready');
  });
  app.get('/metrics', asyncRoute(metricsRoute(config.METRICS_TOKEN)));

  const v1 = express.Router();
  v1.use(express.urlencoded({ extended: false, limit: '300kb' }));
  // A policy document may carry example images (up to 8 per signal, 150 KB each, in base64); the first parser to read a body wins.
  v1.use('/policy', express.json({ limit: '2mb' }));
  v1.use(express.json({ limit: '200kb' }));

  v1.get('/openapi.json', (_req, res) => void res.json(openapi));

  v1.post(
    '/authenticate',
    multer().none(),
    asyncRoute(async (req, res) => {
      const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      const wait = (await authFailureLimiter.peek(client)) || (await authLimiter.take(client));
      if (wait) {
        res.setHeader('Retry-After', String(wait));
        throw new ApiError('rate_limited', `Too many authentication attempts; retry in ${wait} s.`);
      }
      const key = typeof req.body?.key === 'string' ? req.body.key.trim() : '';
      if (!key) throw new ApiError('invalid_request', 'Send your API key as the form field "key".');
      const owner = deps.tenants.byKey(key);
      if (!owner) {
        await authFailureLimiter.take(client);
        throw new ApiError('unauthorized', 'Unknown API key.');
      }
      const principal: TokenPrincipal =
        owner.role === 'reviewer' ? { tenantId: owner.tenant.id, role: 'reviewer', reviewerId: owner.reviewerId } : { tenantId: owner.tenant.id, role: 'caller' };
      const { token, expiry } = deps.tokens.issue(principal);
      log.info({ tenant: owner.tenant.id, reviewer: owner.role === 'reviewer' ? owner.reviewerId : undefined }, 'token issued');
      res.json({ api_token: token, expiry: expiry.toISOString() });
    }),
  );

  // Everything below needs a bearer token.
  v1.use((req: AuthedRequest, res, next) => void authorize(req, res, next).catch(next));
  async function authorize(req: AuthedRequest, res: Response, next: NextFunction): Promise<void> {
    const header = req.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return sendError(res, new ApiError('unauthorized', 'Missing bearer token: send "Authorization: Bearer <api_token>" (get one from POST /v1/authenticate).'));
    }
    const verified = deps.tokens.verify(match[1]);
    if (!verified.ok) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      const why = verified.reason === 'expired' ? 'The token has expired' : 'The token is invalid';
      return sendError(res, new ApiError('unauthorized', `${why}; get a new one from POST /v1/authenticate.`));
    }
    const tenant = deps.tenants.get(verified.claims.sub);
    if (!tenant) return sendError(res, new ApiError('unauthorized', 'The account behind this token no longer exists.'));
    const principal = principalOf(verified.claims);
    if (principal.role === 'reviewer' && !deps.tenants.reviewer(tenant.id, principal.reviewerId)) {
      res.setHeader('WWW-Authenticate', 'Bearer error="invalid_token"');
      return sendError(res, new ApiError('unauthorized', 'The reviewer behind this token is no longer listed for the account.'));
    }
    const refusal = roleRefusal(principal, req.method, req.path);
    if (refusal) return sendError(res, refusal);
    const kind = requestKind(req.method);
    const limit = await tenantLimits.take(tenant, kind);
    if (limit.waitSeconds) {
      res.setHeader('Retry-After', String(limit.waitSeconds));
      return sendError(res, new ApiError('rate_limited', `Rate limit of ${limit.perMinute} ${kind}s per minute exceeded; retry in ${limit.waitSeconds} s.`));
    }
    req.tenant = tenant;
    req.principal = principal;
    next();
  }

  const routeKind = (req: Request): { product: Product; media: MediaKind } => {
    const product = PRODUCT_SEGMENTS[String(req.params.product)];
    const media = MEDIA_SEGMENTS[String(req.params.media)];
    if (!product || !media) throw new ApiError('not_found', 'No such endpoint.');
    return { product, media };
  };

  const upload = (req: Request, res: Response, next: NextFunction) => {
    const media = MEDIA_SEGMENTS[String(req.params.media)];
    if (!media || !PRODUCT_SEGMENTS[String(req.params.product)]) return sendError(res, new ApiError('not_found', 'No such endpoint.'));
    uploaders[media](req, res, next);
  };

  async function submit(req: AuthedRequest): Promise<{ jobId: string; product: Product; media: MediaKind }> {
    const { product, media } = routeKind(req);
    const file = req.file;
    try {
      assertCaptionSize(req.body);
      const parsed = submitFields.safeParse(dropEmpty(req.body));
      if (!parsed.success) throw new ApiError('invalid_request', describeZodError(parsed.error));
      const fields = parsed.data;
      if (file && fields.url) throw new ApiError('invalid_request', 'Send either "file" or "url", not both.');
      const idempotency = await submitIdempotency(req, { product, media, fields, file });
      const content = { url: fields.url ?? null, caption: fields.caption ?? null, callbackUrl: fields.callback_url ?? null, file };
      const jobId = await submitClassification(deps.ingest, { tenantId: req.tenant!.id, product, media, ...content, idempotency });
      return { jobId, product, media };
    } finally {
      if (file) fs.promises.rm(file.path, { force: true }).catch(() => undefined);
    }
  }

  function jobBody(job: { status: string; msg: string | null; results: Record<string, unknown> | null }) {
    if (job.status === 'done') return { status: 'done', results: job.results, msg: null };
    if (job.status === 'failed') return { status: 'failed', msg: job.msg };
    return { status: 'queued' };
  }

  v1.post(
    '/classify/:product/:media/now',
    upload,
    asyncRoute(async (req, res) => {
      const { jobId, product, media } = await submit(req);
      const deadline = Date.now() + SYNC_WAIT_MS;
      for (;;) {
        const job = await deps.ingest.getJob(req.tenant!.id, jobId, product, media);
        if (job && job.status !== 'queued') {
          res.json({ job_id: jobId, ...jobBody(job), ...(job.results ?? {}) });
          return;
        }
        if (Date.now() > deadline) {
          res.status(202).json({ job_id: jobId, status: 'queued' });
          return;
        }
        await new Promise((r) => setTimeout(r, 200));
      }
    }),
  );

  v1.post(
    '/classify/:product/:media',
    upload,
    asyncRoute(async (req, res) => {
      const { jobId } = await submit(req);
      res.json({ job_id: jobId });
    }),
  );

  v1.get(
    '/classify/:product/:media/:jobId',
    asyncRoute(async (req, res) => {
      const { product, media } = routeKind(req);
      const jobId = String(req.params.jobId);
      const job = /^[A-Za-z0-9_-]{1,64}$/.test(jobId) ? await deps.ingest.getJob(req.tenant!.id, jobId, product, media) : null;
      if (!job) throw new ApiError('not_found', `No ${product === 'items' ? 'items-characteristics' : 'policy'} ${media} job ${jobId} for this account.`);
      res.json(jobBody(job));
    }),
  );

  v1.get(
    '/jobs/:jobId/webhook',
    asyncRoute(async (req, res) => {
      const jobId = String(req.params.jobId);
      const view = await deps.deliveries.deliveries(req.tenant!.id, jobId);
      if (!view) throw new ApiError('not_found', `No job ${jobId} for this account.`);
      res.json(deliveryLog(jobId, view));
    }),
  );

  v1.post(
    '/jobs/:jobId/webhook/redeliver',
    asyncRoute(async (req, res) => {
      const jobId = String(req.params.jobId);
      const view = await deps.deliveries.redeliver(req.tenant!.id, jobId);
      if (!view) throw new ApiError('not_found', `No job ${jobId} for this account.`);
      res.json(redelivery(jobId, view));
    }),
  );

  v1.get(
    '/models',
    asyncRoute(async (_req, res) => {
      const report = await deps.models.models();
      res.json(report);
    }),
  );

  v1.use(bankRoutes({ banks: deps.banks, ingest: deps.ingest, uploadDir, maxImageBytes: config.MAX_IMAGE_BYTES, maxVideoBytes: config.MAX_VIDEO_BYTES }));
  v1.use(policyRoutes({ policies: deps.policies }));
  v1.use(moderationRoutes({ moderator: deps.moderator, ingest: deps.ingest, uploadDir, maxImageBytes: config.MAX_IMAGE_BYTES, maxVideoBytes: config.MAX_VIDEO_BYTES }));
  v1.use(reviewRoutes({ moderator: deps.moderator }));
  v1.use(feedbackRoutes({ moderator: deps.moderator }));
  v1.use(auditRoutes({ moderator: deps.moderator }));

  app.use('/v1', v1);
  app.use('/review', reviewConsoleRouter());
  app.use((req, res) => sendError(res, new ApiError('not_found', `No route ${req.method} ${req.path}; see /v1/openapi.json.`)));
  app.use(errorHandler(log, () => `images up to ${mb(config.MAX_IMAGE_BYTES)}, videos up to ${mb(config.MAX_VIDEO_BYTES)}`));
  return app;
}

/** The signing key: TOKEN_SIGNING_KEY, or (all-in-one only) a random key persisted in DATA_DIR. */
export function resolveTokenKey(config: Config, allowGenerate: boolean): string {
  if (config.TOKEN_SIGNING_KEY) return config.TOKEN_SIGNING_KEY;
  if (!allowGenerate) throw new Error('TOKEN_SIGNING_KEY is required (at least 32 characters)');
  const file = path.join(config.dataDir, 'token-signing.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const key = crypto.randomBytes(48).toString('base64url');
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, key + '\n', { mode: 0o600 });
  return key;
}
