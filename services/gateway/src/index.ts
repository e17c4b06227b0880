// gateway: the REST edge. It holds no bus or job store: it checks tokens and input, then calls ingest,
// the moderator, vision-inference and the webhook dispatcher through their APIs. Its one piece of
// state, the rate limits' token buckets, lives in the deployment's store (JOB_STORE nats-kv or mongodb)
// so that every replica draws on the same buckets; with the embedded store (all-in-one, one process) in
// memory.
import http from 'node:http';
import { z } from 'zod';
import { defineEdge, type ScheduledTask } from '@modsvc/common/service-module';
import { csvList, type Config } from '@modsvc/common/config';
import type { Logger } from '@modsvc/common/logger';
import { createRecordStore, type RecordStore } from '@modsvc/common/store/records/index';
import { createGatewayApp, resolveTokenKey } from './app.ts';
import { inMemoryLimiters, type LimiterFactory } from './rate-limit.ts';
import { RATE_BUCKETS, sharedLimiters } from './shared-rate-limit.ts';
import { TokenIssuer } from '@modsvc/common/tokens';

export const settingsSchema = z.object({
  /** Without TOKEN_SIGNING_KEY, generate one and keep it in DATA_DIR (all-in-one sets this; a cluster must not). */
  TOKEN_KEY_GENERATE: z.preprocess((v) => v === '1' || v === 'true', z.boolean()),
  /** Reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For names the client; none by default. */
  TRUST_PROXY: csvList,
});

/** Expired buckets are removed this often (MongoDB's TTL index also removes them; NATS KV needs this). */
const RATE_BUCKET_SWEEP_MS = 60_000;

interface RateLimitStore {
  limiters: LimiterFactory;
  tasks: ScheduledTask[];
  close(): Promise<void>;
}

/** The rate limits' buckets: in the deployment's store when it is one replicas share, else in memory. */
export function rateLimitStore(config: Config, log: Logger): RateLimitStore {
  if (config.jobStore === 'embedded') return { limiters: inMemoryLimiters, tasks: [], close: async () => {} };
  const records: RecordStore = createRecordStore({ kind: config.jobStore, dataDir: config.dataDir, natsUrl: config.NATS_URL, mongodbUrl: config.MONGODB_URL });
  const buckets = records.collection(RATE_BUCKETS);
  let closed = false;
  // Connects and creates the bucket (KV bucket, MongoDB collection) ahead of the first request. Not
  // awaited: the gateway serves without its store (each replica then limits alone, see
  // shared-rate-limit.ts), and the store keeps trying to connect.
  records
    .init()
    .then(() => buckets.open())
    .then(
      () => log.info({ store: config.jobStore }, 'rate limits shared across gateway replicas'),
      (err: unknown) => {
        if (!closed) log.warn({ err: (err as Error).message, store: config.jobStore }, 'rate-limit store not reachable yet; limits are per replica until it is');
      },
    );
  return {
    limiters: sharedLimiters(buckets, log),
    tasks: [
      {
        name: 'rate-limit-sweep',
        atStart: false,
        everyMs: RATE_BUCKET_SWEEP_MS,
        async run() {
          await buckets.deleteExpired(new Date());
        },
      },
    ],
    async close() {
      closed = true;
      await records.close();
    },
  };
}

export const service = defineEdge({
  name: 'gateway',
  settingsSchema,
  needs: ['ingest', 'moderator', 'models', 'deliveries', 'banks', 'policies'],
  async start(rt, peers, settings) {
    const { config, log } = rt;
    if (!config.TENANTS_FILE) throw new Error('TENANTS_FILE is required');
    let ready = true;
    const rateLimits = rateLimitStore(config, log);
    const app = createGatewayApp({
      config,
      log,
      tenants: rt.tenants,
      tokens: new TokenIssuer(resolveTokenKey(config, settings.TOKEN_KEY_GENERATE)),
      ingest: peers.ingest,
      moderator: peers.moderator,
      models: peers.models,
      deliveries: peers.deliveries,
      banks: peers.banks,
      policies: peers.policies,
      isReady: () => ready,
      trustProxy: settings.TRUST_PROXY,
      limiters: rateLimits.limiters,
    });
    const server = http.createServer(app);
    server.requestTimeout = 15 * 60_000;
    const host = config.HOST ?? '0.0.0.0';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, host, () => resolve());
    }).catch(async (err: unknown) => {
      await rateLimits.close();
      throw err;
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log.info({ host, port }, 'gateway listening');
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      tasks: rateLimits.tasks,
      async stop() {
        ready = false;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await rateLimits.close();
      },
    };
  },
});
