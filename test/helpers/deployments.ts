// The two ways to run the service, started for end-to-end tests exactly as an operator would.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ServiceProcess, freePort, startNats, tempDir, type Launcher } from './processes.ts';
import { writeTenantsFile, type TestTenant } from './tenants.ts';

export interface Deployment {
  mode: 'all-in-one' | 'distributed';
  url: string;
  tokenKey: string;
  tenants: { acme: TestTenant; globex: TestTenant; initech: TestTenant; umbrella: TestTenant; hooli: TestTenant };
  services: Map<string, ServiceProcess>;
  /** Distributed only: the key that signs service-to-service calls, and each service's gRPC address. */
  serviceAuthKey?: string;
  grpcAddress?: (service: string) => string;
  stop(): Promise<void>;
}

function baseEnv(dir: string, tenantsFile: string, tokenKey: string): Record<string, string> {
  return {
    TENANTS_FILE: tenantsFile,
    TOKEN_SIGNING_KEY: tokenKey,
    EGRESS_ALLOW_CIDRS: '127.0.0.1/32',
    STAGE_ACK_WAIT_MS: '4000',
    // One vision thread per deployment keeps the two e2e suites light on a 2-core CI machine.
    VISION_WORKERS: process.env.VISION_WORKERS ?? '1',
    LOG_LEVEL: 'debug',
    OTEL_TRACES_EXPORTER: 'none',
    DATA_DIR: dir,
    NATS_URL: '',
    MONGODB_URL: '',
  };
}

export async function startAllInOneDeployment(extraEnv: Record<string, string> = {}): Promise<Deployment> {
  const dir = tempDir('aio');
  const { file, ...tenants } = writeTenantsFile(dir);
  const tokenKey = crypto.randomBytes(32).toString('hex');
  const port = await freePort();
  const proc = new ServiceProcess(
    'all-in-one',
    'services/all-in-one/index.js',
    { ...baseEnv(path.join(dir, 'data'), file, tokenKey), PORT: String(port), HOST: '127.0.0.1', ...extraEnv },
    `http://127.0.0.1:${port}/readyz`,
    path.join(dir, 'all-in-one.log'),
  );
  await proc.start(180_000);
  return {
    mode: 'all-in-one',
    url: `http://127.0.0.1:${port}`,
    tokenKey,
    tenants,
    services: new Map([['all-in-one', proc]]),
    async stop() {
      await proc.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Start order: services that others call come first. */
export const DISTRIBUTED_SERVICES = [
  'text-toxicity',
  'ingest',
  'moderator',
  'webhook-dispatcher',
  'vision-inference',
  'speech-to-text',
  'frame-extractor',
  'policy-scorer',
  'gateway',
] as const;

export interface DistributedOptions {
  /** How each service is started (default `node services/<name>/index.js` here): e.g. from its container image. */
  launcher?: (service: string, dir: string) => Launcher;
}

export async function startDistributedDeployment(opts: DistributedOptions = {}): Promise<Deployment> {
  const dir = tempDir('dist');
  const { file, ...tenants } = writeTenantsFile(dir);
  const tokenKey = crypto.randomBytes(32).toString('hex');
  const nats = await startNats();
  const ports = new Map<string, { grpc: number; metrics: number }>();
  for (const name of DISTRIBUTED_SERVICES) ports.set(name, { grpc: await freePort(), metrics: await freePort() });
  const httpPort = await freePort();
  const addr = (name: string) => `127.0.0.1:${ports.get(name)!.grpc}`;
  const serviceAuthKey = crypto.randomBytes(32).toString('hex');
  const shared = {
    ...baseEnv(dir, file, tokenKey),
    SERVICE_AUTH_KEY: serviceAuthKey,
    NATS_URL: nats.url,
    INGEST_ADDR: addr('ingest'),
    TEXT_TOXICITY_ADDR: addr('text-toxicity'),
    SPEECH_TO_TEXT_ADDR: addr('speech-to-text'),
    VISION_INFERENCE_ADDR: addr('vision-inference'),
    MODERATOR_ADDR: addr('moderator'),
    POLICY_SCORER_ADDR: addr('policy-scorer'),
    WEBHOOK_DISPATCHER_ADDR: addr('webhook-dispatcher'),
  };
  const services = new Map<string, ServiceProcess>();
  const stopAll = async () => {
    // Last started first: extra processes a test added (startExtraGateway) before the services they call.
    for (const s of [...services.values()].reverse()) await s.stop();
    await nats.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    for (const name of DISTRIBUTED_SERVICES) {
      const p = ports.get(name)!;
      const serviceDir = path.join(dir, name);
      const env = { ...shared, DATA_DIR: serviceDir, GRPC_PORT: String(p.grpc), METRICS_PORT: String(p.metrics), PORT: String(httpPort), HOST: '127.0.0.1' };
      const readyUrl = name === 'gateway' ? `http://127.0.0.1:${httpPort}/readyz` : `http://127.0.0.1:${p.metrics}/readyz`;
      const proc = new ServiceProcess(name, `services/${name}/index.js`, env, readyUrl, path.join(dir, `${name}.log`), opts.launcher?.(name, dir) ?? null);
      services.set(name, proc);
    }
    // Start in parallel (each waits for its own readiness); callers retry gRPC UNAVAILABLE meanwhile.
    await Promise.all([...services.values()].map((s) => s.start(180_000)));
  } catch (err) {
    await stopAll();
    throw err;
  }
  return { mode: 'distributed', url: `http://127.0.0.1:${httpPort}`, tokenKey, tenants, services, serviceAuthKey, grpcAddress: addr, stop: stopAll };
}

/**
 * One more gateway process for a running distributed deployment, as a second replica behind a load
 * balancer: the first gateway's environment (same NATS, tenants, token key, peers) with ports and a
 * data directory of its own. It joins `deployment.services` (stopped with the deployment); stop it
 * sooner with its `stop()`.
 */
export async function startExtraGateway(deployment: Deployment, name = 'gateway-2', extraEnv: Record<string, string> = {}): Promise<{ url: string; process: ServiceProcess; stop(): Promise<void> }> {
  const first = deployment.services.get('gateway');
  if (deployment.mode !== 'distributed' || !first) throw new Error('an extra gateway joins a distributed deployment');
  const port = await freePort();
  const dataDir = path.join(path.dirname(first.env.DATA_DIR!), name);
  const env = { ...first.env, DATA_DIR: dataDir, PORT: String(port), GRPC_PORT: String(await freePort()), METRICS_PORT: String(await freePort()), ...extraEnv };
  const proc = new ServiceProcess(name, first.script, env, `http://127.0.0.1:${port}/readyz`, path.join(path.dirname(dataDir), `${name}.log`));
  deployment.services.set(name, proc);
  await proc.start(180_000);
  return {
    url: `http://127.0.0.1:${port}`,
    process: proc,
    async stop() {
      await proc.stop();
      deployment.services.delete(name);
    },
  };
}
