import http from 'node:http';
import { loadConfig } from '@modsvc/common/config';
import { serviceLogger } from '@modsvc/common/logger';
import { TenantRegistry } from '@modsvc/common/tenants';
import { startGrpcServer } from '@modsvc/common/grpc';
import { startMetricsServer } from '@modsvc/common/metrics';
import { logUnhandledRejections } from '@modsvc/common/host';
import { startTracing, stopTracing } from '@modsvc/common/tracing';
import { ingestClient } from '@modsvc/ingest/grpc';
import { moderatorClient } from '@modsvc/moderator/grpc';
import { visionModelsClient } from '@modsvc/vision-inference/grpc';
import { deliveriesClient } from '@modsvc/webhook-dispatcher/grpc';
import { createGatewayApp, resolveTokenKey } from './app.ts';
import { TokenIssuer } from './tokens.ts';

// The gateway holds no bus or store: it translates REST to gRPC calls on the other services.
startTracing('gateway');
const log = serviceLogger('gateway');
const config = loadConfig();
if (!config.TENANTS_FILE) {
  log.fatal('TENANTS_FILE is required');
  process.exit(2);
}
let tenants: TenantRegistry;
let tokenKey: string;
try {
  tenants = TenantRegistry.fromFile(config.TENANTS_FILE);
  tokenKey = resolveTokenKey(config, false);
} catch (err) {
  log.fatal({ err: (err as Error).message }, 'gateway could not start');
  process.exit(2);
}
let ready = true;
const app = createGatewayApp({
  config,
  log,
  tenants,
  tokens: new TokenIssuer(tokenKey),
  ingest: ingestClient(config.INGEST_ADDR),
  moderator: moderatorClient(config.MODERATOR_ADDR),
  models: visionModelsClient(config.VISION_INFERENCE_ADDR),
  deliveries: deliveriesClient(config.WEBHOOK_DISPATCHER_ADDR),
  isReady: () => ready,
});
const server = http.createServer(app);
server.requestTimeout = 15 * 60_000;
const host = config.HOST ?? '0.0.0.0';
await new Promise<void>((resolve) => server.listen(config.PORT, host, resolve));
const grpcServer = await startGrpcServer([], config.GRPC_PORT);
const metrics = await startMetricsServer(config.METRICS_PORT, () => ready);
log.info({ port: config.PORT, host, metrics_port: metrics.port }, 'gateway listening');

const shutdown = async () => {
  ready = false;
  grpcServer.setServing(false);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await grpcServer.close();
  await metrics.close();
  tenants.close();
  await stopTracing();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
logUnhandledRejections(log);
