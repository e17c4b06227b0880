// What every reliability case works with: a running deployment, a webhook receiver, and a signed-in
// client for two tenants. Started in beforeAll, stopped (every process) in afterAll.
import fs from 'node:fs';
import { ApiClient } from '../../helpers/api.ts';
import type { Deployment } from '../../helpers/deployments.ts';
import { tempDir } from '../../helpers/processes.ts';
import { startReceiver, type Receiver } from '../../helpers/receiver.ts';

export interface ReliabilityContext {
  deployment: Deployment;
  receiver: Receiver;
  /** Tenant A. */
  acme: ApiClient;
  /** Tenant B. */
  globex: ApiClient;
  /** Scratch directory for generated media. */
  dir: string;
}

export async function startContext(start: () => Promise<Deployment>): Promise<ReliabilityContext> {
  const dir = tempDir('reliability');
  const receiver = await startReceiver();
  let deployment: Deployment;
  try {
    deployment = await start();
  } catch (err) {
    await receiver.close();
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  const acme = new ApiClient(deployment.url);
  const globex = new ApiClient(deployment.url);
  const signIn = async (client: ApiClient, key: string) => {
    const r = await client.authenticate(key);
    if (r.status !== 200) throw new Error(`could not authenticate: HTTP ${r.status} ${JSON.stringify(r.body)}`);
  };
  await signIn(acme, deployment.tenants.acme.apiKey);
  await signIn(globex, deployment.tenants.globex.apiKey);
  return { deployment, receiver, acme, globex, dir };
}

export async function stopContext(ctx: ReliabilityContext | undefined): Promise<void> {
  if (!ctx) return;
  await ctx.receiver.close();
  await ctx.deployment.stop();
  fs.rmSync(ctx.dir, { recursive: true, force: true });
}

/**
 * Restarts services with changed settings, as an operator would (stop, change the environment, start):
 * how a case gets a distributed deployment configured other than the shared helper starts it.
 */
export async function reconfigure(deployment: Deployment, services: readonly string[], env: Record<string, string>): Promise<void> {
  for (const name of services) {
    const service = deployment.services.get(name);
    if (!service) throw new Error(`no service ${name} in this deployment`);
    await service.stop();
    Object.assign(service.env, env);
    await service.start(180_000);
  }
}
