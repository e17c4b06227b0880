// All-in-one mode: every service in one process on embedded defaults (in-process bus, embedded store,
// local media store) unless NATS_URL / MONGODB_URL say otherwise. Same service code as the cluster;
// the gateway calls the other services directly instead of over gRPC.
import http from 'node:http';
import path from 'node:path';
import type { Config } from '@modsvc/common/config';
import { createRuntime, closeRuntime, stopService, type Runtime, type StartedService } from '@modsvc/common/host';
import { serviceLogger } from '@modsvc/common/logger';
import { startLagReporter } from '@modsvc/common/lag';
import { ensureDevTenantsFile } from '@modsvc/common/tenants';
import { createGatewayApp, resolveTokenKey } from '@modsvc/gateway/app';
import { TokenIssuer } from '@modsvc/gateway/tokens';
import { createIngest } from '@modsvc/ingest/service';
import { createFrameExtractor } from '@modsvc/frame-extractor/service';
import { createPooledVisionAnalyzer } from '@modsvc/vision-inference/analyzer-pool';
import { startVisionConsumer } from '@modsvc/vision-inference/stage';
import { createSpeechToText } from '@modsvc/speech-to-text/transcriber';
import { startSpeechConsumer } from '@modsvc/speech-to-text/service';
import { loadToxicityModel } from '@modsvc/text-toxicity/model/scorer';
import { startCaptionConsumer } from '@modsvc/text-toxicity/service';
import { toxicityCoverage } from '@modsvc/text-toxicity/coverage';
import { withTextCoverage } from '@modsvc/common/contracts';
import { startPolicyScorer } from '@modsvc/policy-scorer/service';
import { createModerator } from '@modsvc/moderator/service';
import { startWebhookDispatcher, startCallbackDispatcher, deliveriesApi } from '@modsvc/webhook-dispatcher/service';

export interface AllInOne {
  url: string;
  runtime: Runtime;
  devApiKey: string | null;
  stop(): Promise<void>;
}

export async function startAllInOne(config: Config): Promise<AllInOne> {
  const log = serviceLogger('all-in-one');
  let devApiKey: string | null = null;
  let tenantsFile = config.TENANTS_FILE;
  if (!tenantsFile) {
    tenantsFile = path.join(config.dataDir, 'tenants.json');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(config.dataDir, { recursive: true });
    const dev = ensureDevTenantsFile(tenantsFile);
    devApiKey = dev.apiKey;
    log.info({ tenants_file: tenantsFile, created: dev.created }, 'using the dev tenant');
  }
  const rt = await createRuntime({ ...config, TENANTS_FILE: tenantsFile }, log);

  const scorer = await loadToxicityModel();
  const analyzer = createPooledVisionAnalyzer();
  await analyzer.init();
  const stt = createSpeechToText();

  const ingest = createIngest(rt);
  const policy = await startPolicyScorer(rt);
  const services: StartedService[] = [
    { consumers: await ingest.startConsumers() },
    { consumers: await createFrameExtractor(rt).startConsumers() },
    { consumers: [await startVisionConsumer(rt, analyzer, scorer)], stop: () => analyzer.close() },
    { consumers: [await startSpeechConsumer(rt, stt, scorer)] },
    { consumers: [await startCaptionConsumer(rt, scorer)] },
    policy,
    { consumers: [await startWebhookDispatcher(rt), await startCallbackDispatcher(rt)] },
    { consumers: [startLagReporter(rt.bus, log)] },
  ];

  let ready = true;
  const app = createGatewayApp({
    config,
    log: serviceLogger('gateway'),
    tenants: rt.tenants,
    tokens: new TokenIssuer(resolveTokenKey(config, true)),
    ingest,
    moderator: createModerator(rt),
    models: { models: async () => withTextCoverage(analyzer.models(), toxicityCoverage(scorer)) },
    deliveries: deliveriesApi(rt),
    isReady: () => ready,
  });
  const server = http.createServer(app);
  server.requestTimeout = 15 * 60_000;
  const host = config.HOST ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;

  // The in-process bus keeps nothing across restarts: re-drive every unfinished job and pending webhook.
  await ingest.redrive(config.NATS_URL ? 15 * 60_000 : 0);

  return {
    url: `http://${host}:${port}`,
    runtime: rt,
    devApiKey,
    async stop() {
      ready = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      for (const s of services) await stopService(s);
      await closeRuntime(rt);
    },
  };
}
