// All-in-one: every service module in one process on embedded defaults (in-process bus, embedded store,
// local media) unless the configuration says otherwise. The modules are the same ones each service runs
// alone; here their peers are each other's objects instead of gRPC clients.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { environment, loadConfig, type Environment } from '@modsvc/common/config';
import { closeRuntime, createRuntime, launchModule, moduleSettings, type Launched, type Runtime, type TaskSchedule } from '@modsvc/common/host';
import { serviceLogger } from '@modsvc/common/logger';
import { startLagReporter } from '@modsvc/common/lag';
import { ensureDevTenantsFile } from '@modsvc/common/tenants';
import type { Peers, ServiceModule } from '@modsvc/common/service-module';
import { service as textToxicity } from '@modsvc/text-toxicity';
import { service as speechToText } from '@modsvc/speech-to-text';
import { service as visionInference } from '@modsvc/vision-inference';
import { service as ingest } from '@modsvc/ingest';
import { service as frameExtractor } from '@modsvc/frame-extractor';
import { service as policyScorer } from '@modsvc/policy-scorer';
import { service as moderator } from '@modsvc/moderator';
import { service as webhookDispatcher } from '@modsvc/webhook-dispatcher';
import { service as gateway } from '@modsvc/gateway';

/** Every service, each after the peers it calls. */
export const MODULES: readonly ServiceModule[] = [textToxicity, speechToText, visionInference, ingest, frameExtractor, policyScorer, moderator, webhookDispatcher, gateway];

/** What differs from a cluster: the REST edge on loopback, and a token key generated on first start. */
export const ALL_IN_ONE_DEFAULTS: Environment = { HOST: '127.0.0.1', TOKEN_KEY_GENERATE: '1' };

export interface AllInOne {
  url: string;
  runtime: Runtime;
  /** The dev tenant's credentials when this start created or reused ./data/tenants.json. */
  devTenant: { apiKey: string | null; signingSecret: string | null; reviewer: { id: string; apiKey: string } | null } | null;
  schedule: TaskSchedule[];
  /** The bearer token GET /metrics on the REST port asks for: METRICS_TOKEN, or one made at this start. */
  metricsToken: { token: string; generated: boolean };
  stop(): Promise<void>;
}

function withoutUnset(env: Environment): Environment {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
}

export async function startAllInOne(processEnv: Environment = environment()): Promise<AllInOne> {
  const log = serviceLogger('all-in-one');
  const env: Record<string, string | undefined> = { ...ALL_IN_ONE_DEFAULTS, ...withoutUnset(processEnv) };
  let devTenant: AllInOne['devTenant'] = null;
  // One process, one port: metrics are served on the REST port, to holders of this token only.
  const metricsToken = env.METRICS_TOKEN ? { token: env.METRICS_TOKEN, generated: false } : { token: crypto.randomBytes(24).toString('base64url'), generated: true };
  env.METRICS_TOKEN = metricsToken.token;
  if (!env.TENANTS_FILE) {
    const dataDir = loadConfig(env, 'all-in-one').dataDir;
    fs.mkdirSync(dataDir, { recursive: true });
    env.TENANTS_FILE = path.join(dataDir, 'tenants.json');
    const dev = ensureDevTenantsFile(env.TENANTS_FILE);
    devTenant = { apiKey: dev.apiKey, signingSecret: dev.signingSecret, reviewer: dev.reviewer };
    log.info({ tenants_file: env.TENANTS_FILE, created: dev.created }, 'using the dev tenant');
  }
  const config = loadConfig(env, 'all-in-one');
  const settings = MODULES.map((m) => moduleSettings(m, env));
  const rt = await createRuntime(config, log);

  const peers: Partial<Peers> = {};
  const launched: Launched[] = [];
  const stopAll = async () => {
    for (const l of [...launched].reverse()) await l.stop();
    await closeRuntime(rt);
  };
  try {
    for (const [i, module] of MODULES.entries()) {
      const l = await launchModule(module, rt, peers, settings[i]!);
      launched.push(l);
      Object.assign(peers, l.started.provides);
    }
    for (const l of launched) await l.startTasks();
  } catch (err) {
    await stopAll().catch(() => undefined);
    throw err;
  }
  const lag = startLagReporter(rt.bus, log);
  return {
    url: launched.find((l) => l.module.name === 'gateway')!.started.url!,
    runtime: rt,
    devTenant,
    schedule: launched.flatMap((l) => l.schedule),
    metricsToken,
    async stop() {
      await lag.stop();
      await stopAll();
    },
  };
}
