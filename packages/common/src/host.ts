// Runs one service on its own: config from the environment, JetStream bus, MongoDB (or embedded) store,
// object-store media, gRPC server with health, /metrics, tracing, and graceful shutdown.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';
import { loadConfig } from './config.ts';
import type { Bus, Consumer } from './bus/types.ts';
import type { JobStore } from './store/types.ts';
import type { MediaStore } from './media/types.ts';
import { createBus } from './bus/index.ts';
import { createJobStore } from './store/index.ts';
import { createMediaStore } from './media/index.ts';
import { EgressGuard } from './egress.ts';
import { TenantRegistry } from './tenants.ts';
import { serviceLogger, type Logger } from './logger.ts';
import { startGrpcServer, type GrpcBinding } from './grpc.ts';
import { startMetricsServer } from './metrics.ts';
import { startTracing, stopTracing } from './tracing.ts';
import { startLagReporter } from './lag.ts';

export interface Runtime {
  config: Config;
  log: Logger;
  bus: Bus;
  store: JobStore;
  media: MediaStore;
  guard: EgressGuard;
  tenants: TenantRegistry;
}

export interface StartedService {
  bindings?: GrpcBinding[];
  consumers?: Consumer[];
  /** Extra clean-up after consumers stopped (close models, servers...). */
  stop?(): Promise<void>;
}

export async function createRuntime(config: Config, log: Logger): Promise<Runtime> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const store = createJobStore({ mongodbUrl: config.MONGODB_URL, natsUrl: config.NATS_URL, dataDir: config.dataDir });
  const bus = createBus({ natsUrl: config.NATS_URL });
  const media = createMediaStore({
    natsUrl: config.NATS_URL,
    dataDir: config.dataDir,
    ttlMs: config.MEDIA_RETENTION_HOURS * 3600_000,
  });
  await store.init();
  await bus.init();
  await media.init();
  const tenants = config.TENANTS_FILE ? TenantRegistry.fromFile(config.TENANTS_FILE) : new TenantRegistry(null);
  return { config, log, bus, store, media, guard: new EgressGuard({ allowCidrs: config.EGRESS_ALLOW_CIDRS }), tenants };
}

export async function closeRuntime(rt: Runtime): Promise<void> {
  rt.tenants.close();
  await rt.bus.close();
  await rt.media.close();
  await rt.store.close();
}

/** Stops consumers first (in-flight messages finish and are acked, or are redelivered elsewhere). */
export async function stopService(started: StartedService): Promise<void> {
  await Promise.all((started.consumers ?? []).map((c) => c.stop()));
  await started.stop?.();
}

export async function runStandalone(name: string, start: (rt: Runtime) => Promise<StartedService>): Promise<void> {
  startTracing(name);
  const log = serviceLogger(name);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    log.fatal({ err: (err as Error).message }, 'configuration error');
    process.exit(2);
  }
  if (!config.NATS_URL) {
    log.warn('NATS_URL is not set: this service runs on an in-process bus and cannot exchange work with other processes (for one process, run services/all-in-one)');
  }
  let rt: Runtime;
  let started: StartedService;
  try {
    rt = await createRuntime(config, log);
    started = await start(rt);
  } catch (err) {
    log.fatal({ err: (err as Error).message }, `${name} could not start`);
    process.exit(1);
  }
  const lag = startLagReporter(rt.bus, log);
  const grpcServer = await startGrpcServer(started.bindings ?? [], config.GRPC_PORT);
  let ready = true;
  const metrics = await startMetricsServer(config.METRICS_PORT, () => ready);
  log.info({ grpc_port: grpcServer.port, metrics_port: metrics.port, data_dir: path.relative(process.cwd(), config.dataDir) || '.' }, `${name} started`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    log.info({ signal }, 'shutting down: finishing in-flight work');
    const force = setTimeout(() => {
      log.error('shutdown timed out; exiting (unacked messages will be redelivered)');
      process.exit(1);
    }, 30_000);
    force.unref();
    grpcServer.setServing(false);
    await lag.stop();
    await stopService(started);
    await grpcServer.close();
    await closeRuntime(rt);
    await metrics.close();
    await stopTracing();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  logUnhandledRejections(log);
}

/** A stray rejected promise is a bug to log, not a reason to drop every in-flight job of the process. */
export function logUnhandledRejections(log: Logger): void {
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));
}
