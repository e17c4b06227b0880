// gateway: the REST edge. It holds no bus or store: it checks tokens and input, then calls ingest,
// the moderator, vision-inference and the webhook dispatcher through their APIs.
import http from 'node:http';
import { z } from 'zod';
import { defineEdge } from '@modsvc/common/service-module';
import { csvList } from '@modsvc/common/config';
import { createGatewayApp, resolveTokenKey } from './app.ts';
import { TokenIssuer } from '@modsvc/common/tokens';

export const settingsSchema = z.object({
  /** Without TOKEN_SIGNING_KEY, generate one and keep it in DATA_DIR (all-in-one sets this; a cluster must not). */
  TOKEN_KEY_GENERATE: z.preprocess((v) => v === '1' || v === 'true', z.boolean()),
  /** Reverse proxies (addresses or CIDRs, comma-separated) whose X-Forwarded-For names the client; none by default. */
  TRUST_PROXY: csvList,
});

export const service = defineEdge({
  name: 'gateway',
  settingsSchema,
  needs: ['ingest', 'moderator', 'models', 'deliveries', 'banks', 'policies'],
  async start(rt, peers, settings) {
    const { config, log } = rt;
    if (!config.TENANTS_FILE) throw new Error('TENANTS_FILE is required');
    let ready = true;
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
    });
    const server = http.createServer(app);
    server.requestTimeout = 15 * 60_000;
    const host = config.HOST ?? '0.0.0.0';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, host, () => resolve());
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;
    log.info({ host, port }, 'gateway listening');
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      async stop() {
        ready = false;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
      },
    };
  },
});
