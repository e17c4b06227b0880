// One service module in its own process: configuration parsed once, the runtime it needs, gRPC peers
// for the services it calls, a gRPC server (with health) for the APIs it provides, /metrics, tracing,
// and the shared shutdown.
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Environment } from '@modsvc/common/config';
import { serviceLogger, type Logger } from '@modsvc/common/logger';
import { startTracing } from '@modsvc/common/tracing';
import { startGrpcServer } from '@modsvc/common/grpc';
import { startMetricsServer } from '@modsvc/common/metrics';
import { startLagReporter } from '@modsvc/common/lag';
import { serviceAuth } from '@modsvc/common/service-auth';
import { closeRuntime, createEdgeRuntime, hasPipeline, createRuntime, exitOnStartupError, handleProcessSignals, launchModule, moduleSettings, type Launched } from '@modsvc/common/host';
import type { ServiceModule } from '@modsvc/common/service-module';
import { bindingsFor, grpcPeers } from '@modsvc/clients';

export interface StandaloneService {
  launched: Launched;
  grpcPort: number;
  metricsPort: number;
  /** Stops taking calls and work, lets in-flight work finish, closes the runtime. */
  stop(): Promise<void>;
}

/** Starts `module` alone (no signal handling: for tests and for runStandalone). */
export async function launchStandalone(module: ServiceModule, env?: Environment, log: Logger = serviceLogger(module.name)): Promise<StandaloneService> {
  const config = loadConfig(env, module.name);
  const settings = moduleSettings(module, env);
  if (config.bus === 'memory' && module.kind === 'stage') {
    log.warn('NATS_URL is not set: this service runs on an in-process bus and cannot exchange work with other processes (for one process, run services/all-in-one)');
  }
  const rt = module.kind === 'stage' ? await createRuntime(config, log) : createEdgeRuntime(config, log);
  const auth = serviceAuth(config.SERVICE_AUTH_KEY, module.name);
  const launched = await launchModule(module, rt, grpcPeers(config, auth), settings);
  const tmpDir = path.join(config.dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const bindings = [...bindingsFor(launched.started.provides ?? {}, tmpDir), ...(launched.started.bindings ?? [])];
  const grpcServer = await startGrpcServer(bindings, { host: config.GRPC_HOST, port: config.GRPC_PORT, auth });
  const lag = hasPipeline(rt) ? startLagReporter(rt.bus, log) : null;
  let ready = true;
  const metrics = await startMetricsServer(config.METRICS_PORT, () => ready, config.METRICS_HOST);
  await launched.startTasks();
  log.info(
    { grpc: `${config.GRPC_HOST}:${grpcServer.port}`, metrics_port: metrics.port, service_auth: auth ? 'signed' : 'off (loopback only)', data_dir: path.relative(process.cwd(), config.dataDir) || '.' },
    `${module.name} started`,
  );
  return {
    launched,
    grpcPort: grpcServer.port,
    metricsPort: metrics.port,
    async stop() {
      ready = false;
      grpcServer.setServing(false);
      await lag?.stop();
      await launched.stop();
      await grpcServer.close();
      await closeRuntime(rt);
      await metrics.close();
    },
  };
}

/** The whole of a service's main.ts: `await runStandalone(module)`. */
export async function runStandalone(module: ServiceModule): Promise<void> {
  startTracing(module.name);
  const log = serviceLogger(module.name);
  let service: StandaloneService;
  try {
    service = await launchStandalone(module, undefined, log);
  } catch (err) {
    const isConfig = (err as Error).message.startsWith('invalid configuration');
    exitOnStartupError(log, isConfig ? 'configuration error' : `${module.name} could not start`, err, isConfig ? 2 : 1);
  }
  handleProcessSignals(log, () => service.stop());
}
