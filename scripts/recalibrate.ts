// `make recalibrate TENANT=<id> [PUBLISH=1] [JSON=1]`: refits a tenant's category thresholds from its
// feedback (services/moderator/src/recalibrate.ts), prints what would change and the precision and
// recall it expects, and with --publish publishes the tenant's active document with the new thresholds
// as its next version (Premium tenants only) and records that in the audit trail
// (services/moderator/src/recalibrate-command.ts).
// Reads the services' configuration: JOB_STORE/DATA_DIR/NATS_URL/MONGODB_URL, and TENANTS_FILE
// (DATA_DIR/tenants.json when unset, as all-in-one does). With a shared store (NATS KV, MongoDB) it
// opens the store itself; with the embedded store held by a running all-in-one it hands the run to that
// process (services/moderator/src/recalibrate-inbox.ts). Either way running services score the next job
// with a published version: they read the active version from the store on every job.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, environment, loadConfig, type Environment } from '../packages/common/src/config.ts';
import { createPolicyStore } from '../packages/common/src/store/policies/index.ts';
import { createWorkflowStore } from '../packages/common/src/store/workflow/index.ts';
import { TenantRegistry } from '../packages/common/src/tenants.ts';
import { recalibrateTenant, type Output, type RecalibrateOptions } from '../services/moderator/src/recalibrate-command.ts';
import { delegateRecalibration } from '../services/moderator/src/recalibrate-inbox.ts';

export type { Output };

const USAGE = 'usage: recalibrate --tenant <id> [--publish] [--json] [--limit <feedback records, default 100000>] [--wait <seconds, default 120>]';

interface Options extends RecalibrateOptions {
  /** How long to wait for a running service that holds the embedded store. */
  waitSeconds: number;
}

export function parseArgs(argv: readonly string[]): Options | string {
  const o = { tenant: '', publish: false, json: false, limit: 100_000, waitSeconds: 120 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--publish') o.publish = true;
    else if (a === '--json') o.json = true;
    else if (a === '--tenant' && argv[i + 1]) o.tenant = argv[++i]!;
    else if (a === '--limit' && /^[1-9][0-9]*$/.test(argv[i + 1] ?? '')) o.limit = Number(argv[++i]);
    else if (a === '--wait' && /^[1-9][0-9]{0,4}$/.test(argv[i + 1] ?? '')) o.waitSeconds = Number(argv[++i]);
    else return `unexpected argument ${a}\n${USAGE}`;
  }
  return o.tenant ? o : `--tenant is required\n${USAGE}`;
}

/** The embedded store's refusal of a second live process (store/records/dir-lock.ts). */
const isHeldByAnotherProcess = (err: unknown) => err instanceof Error && /is in use by process \d+/.test(err.message);

/** Runs the command; returns the exit code (0 done, 2 bad usage or configuration, 1 refused or failed). */
export async function runRecalibrate(argv: readonly string[], env: Environment, io: Output): Promise<number> {
  const opts = parseArgs(argv);
  if (typeof opts === 'string') {
    io.err(`${opts}\n`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(`${err.message}\n`);
      return 2;
    }
    throw err;
  }
  const tenantsFile = config.TENANTS_FILE ?? path.join(config.dataDir, 'tenants.json');
  if (!fs.existsSync(tenantsFile)) {
    io.err(`no tenants file: ${tenantsFile} (set TENANTS_FILE)\n`);
    return 2;
  }
  const tenants = TenantRegistry.fromFile(tenantsFile, 0);
  const tenant = tenants.get(opts.tenant);
  if (!tenant) {
    io.err(`no tenant ${opts.tenant} in ${tenantsFile}\n`);
    tenants.close();
    return 2;
  }
  const { waitSeconds, ...options } = opts;
  const storeOpts = { kind: config.jobStore, mongodbUrl: config.MONGODB_URL, natsUrl: config.NATS_URL, dataDir: config.dataDir };
  const policies = createPolicyStore(storeOpts);
  const workflow = createWorkflowStore(storeOpts);
  try {
    try {
      await policies.init();
      await workflow.init();
    } catch (err) {
      if (config.jobStore !== 'embedded' || !isHeldByAnotherProcess(err)) throw err;
      return await viaRunningService(config.dataDir, options, waitSeconds, io);
    }
    return await recalibrateTenant(options, tenants, policies, workflow, io);
  } finally {
    await workflow.close();
    await policies.close();
    tenants.close();
  }
}

/** The embedded store belongs to a running all-in-one: its moderator runs the recalibration and answers. */
async function viaRunningService(dataDir: string, options: RecalibrateOptions, waitSeconds: number, io: Output): Promise<number> {
  io.err(`note: the store in ${dataDir} is held by a running service; it runs the recalibration\n`);
  const result = await delegateRecalibration(dataDir, options, { timeoutMs: waitSeconds * 1000 });
  if (!result.answered) {
    io.err(`${result.reason}\n`);
    return 1;
  }
  if (result.reply.out) io.out(result.reply.out);
  if (result.reply.err) io.err(result.reply.err);
  return result.reply.code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const io: Output = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };
  process.exitCode = await runRecalibrate(process.argv.slice(2), environment(), io);
}
