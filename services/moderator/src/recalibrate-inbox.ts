// `make recalibrate` beside a running all-in-one. The embedded store (JOB_STORE=embedded) belongs to one
// process: its LOCK refuses a second one, and a second process would neither be seen by the first (which
// holds the files in memory) nor keep its writes when the first compacts them. So when the command finds
// the store held by a live process, it hands its run to that process through files in
// <DATA_DIR>/recalibrate-inbox/, and the moderator there runs it on its own stores (recalibrate-command.ts)
// and answers. A version it publishes is in the store the policy-scorer of the same process reads on
// every job: the next job is scored with it, no restart. (With NATS KV or MongoDB the command opens the
// shared store itself, and every service reads the new version from there just as well.)
//
// Protocol, all renames atomic within the directory:
//   command:   <id>.request.json (written as .tmp, then renamed)       {id, options, requested_at}
//   moderator: renames it to <id>.claimed.json (one taker), runs it, writes <id>.reply.json, drops the claim
//   command:   reads and deletes <id>.reply.json                          {id, code, out, err, pid, answered_at}
// The directory is as private as the store files beside it: whoever may write it may write the store.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Runtime } from '@modsvc/common/host';
import type { ScheduledTask } from '@modsvc/common/service-module';
import type { PolicyStore } from '@modsvc/common/store/policies/index';
import type { WorkflowStore } from '@modsvc/common/store/workflow/index';
import type { TenantRegistry } from '@modsvc/common/tenants';
import type { Logger } from '@modsvc/common/logger';
import { recalibrateTenant, type Output, type RecalibrateOptions } from './recalibrate-command.ts';

export const INBOX_DIRNAME = 'recalibrate-inbox';
/** Replies nobody collected (the command gave up or was killed) are removed after this long. */
const STALE_REPLY_MS = 3600_000;

export interface InboxRequest {
  id: string;
  options: RecalibrateOptions;
  requested_at: string;
}

export interface InboxReply {
  id: string;
  code: number;
  out: string;
  err: string;
  pid: number;
  answered_at: string;
}

export const inboxDir = (dataDir: string) => path.join(dataDir, INBOX_DIRNAME);

async function writeAtomically(file: string, value: unknown): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, JSON.stringify(value), { mode: 0o600 });
  await fs.rename(tmp, file);
}

function isOptions(v: unknown): v is RecalibrateOptions {
  const o = v as Partial<RecalibrateOptions> | null;
  return (
    !!o &&
    typeof o.tenant === 'string' &&
    o.tenant.length > 0 &&
    typeof o.publish === 'boolean' &&
    typeof o.json === 'boolean' &&
    typeof o.limit === 'number' &&
    Number.isInteger(o.limit) &&
    o.limit > 0
  );
}

export interface InboxStores {
  tenants: TenantRegistry;
  policies: PolicyStore;
  workflow: WorkflowStore;
  log: Pick<Logger, 'info' | 'warn'>;
}

/** Runs every waiting request of the inbox at `dir` on `stores`; returns how many were answered. */
export async function serveRecalibrationInbox(dir: string, stores: InboxStores): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  let answered = 0;
  for (const name of names.filter((n) => n.endsWith('.request.json')).sort()) {
    const id = name.slice(0, -'.request.json'.length);
    const claimed = path.join(dir, `${id}.claimed.json`);
    try {
      await fs.rename(path.join(dir, name), claimed);
    } catch {
      continue; // taken by another run of this task, or withdrawn by the command
    }
    let out = '';
    let err = '';
    const io: Output = { out: (t) => void (out += t), err: (t) => void (err += t) };
    let code: number;
    try {
      const request = JSON.parse(await fs.readFile(claimed, 'utf8')) as Partial<InboxRequest>;
      if (!isOptions(request.options)) {
        io.err('malformed recalibration request\n');
        code = 2;
      } else if (!stores.tenants.get(request.options.tenant)) {
        io.err(`no tenant ${request.options.tenant} in the running service's tenants file\n`);
        code = 2;
      } else {
        stores.log.info({ tenant_id: request.options.tenant, publish: request.options.publish, request: id }, 'recalibration requested by make recalibrate');
        code = await recalibrateTenant(request.options, stores.tenants, stores.policies, stores.workflow, io);
      }
    } catch (e) {
      stores.log.warn({ err: e, request: id }, 'recalibration request failed');
      io.err(`recalibration failed in the running service: ${(e as Error).message}\n`);
      code = 1;
    }
    const reply: InboxReply = { id, code, out, err, pid: process.pid, answered_at: new Date().toISOString() };
    await writeAtomically(path.join(dir, `${id}.reply.json`), reply);
    await fs.rm(claimed, { force: true });
    answered++;
  }
  // Replies left by a command that stopped waiting.
  for (const name of names.filter((n) => n.endsWith('.reply.json'))) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_REPLY_MS) await fs.rm(file, { force: true });
  }
  return answered;
}

/**
 * The moderator's task answering `make recalibrate` when it owns an embedded store (with a shared store
 * the command needs no one: it does nothing). Scheduled in every mode so that both launch alike.
 */
export function recalibrationInboxTask(rt: Runtime): ScheduledTask {
  let running = false;
  return {
    name: 'recalibration-inbox',
    atStart: true,
    everyMs: 500,
    async run() {
      if (rt.config.jobStore !== 'embedded' || running) return;
      running = true;
      try {
        await serveRecalibrationInbox(inboxDir(rt.config.dataDir), rt);
      } finally {
        running = false;
      }
    },
  };
}

export type DelegationResult = { answered: true; reply: InboxReply } | { answered: false; reason: string };

/**
 * The command's side: leaves a request in the inbox of `dataDir` and waits up to `timeoutMs` for the
 * running service's reply. When nobody took it, the request is withdrawn.
 */
export async function delegateRecalibration(dataDir: string, options: RecalibrateOptions, opts: { timeoutMs: number; pollMs?: number }): Promise<DelegationResult> {
  const dir = inboxDir(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const id = `${Date.now().toString(36)}-${randomUUID()}`;
  const request: InboxRequest = { id, options, requested_at: new Date().toISOString() };
  const requestFile = path.join(dir, `${id}.request.json`);
  const replyFile = path.join(dir, `${id}.reply.json`);
  await writeAtomically(requestFile, request);
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    const text = await fs.readFile(replyFile, 'utf8').catch(() => null);
    if (text !== null) {
      await fs.rm(replyFile, { force: true });
      return { answered: true, reply: JSON.parse(text) as InboxReply };
    }
    if (Date.now() >= deadline) break;
    await new Promise((r) => setTimeout(r, opts.pollMs ?? 200));
  }
  // Withdraw the request if nobody took it; a claimed one may still be running.
  const withdrawn = await fs
    .rm(requestFile)
    .then(() => true)
    .catch(() => false);
  return withdrawn
    ? { answered: false, reason: `no running service took the request within ${Math.round(opts.timeoutMs / 1000)} s (is its moderator this version, and is DATA_DIR the same?)` }
    : {
        answered: false,
        reason: `the running service took the request but did not answer within ${Math.round(opts.timeoutMs / 1000)} s; it may still publish: check GET /v1/policy and the audit trail`,
      };
}
