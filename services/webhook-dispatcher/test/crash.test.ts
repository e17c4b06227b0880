// Finding: after a dispatcher was killed mid-delivery, the log said "pending, 0 attempts" although the
// receiver had the webhook. Attempts are now recorded before the request goes out: the log shows the
// attempt as it was, it is marked interrupted once its lease is over, and the re-send keeps the webhook-id.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { EgressGuard } from '@modsvc/common/egress';
import { logger } from '@modsvc/common/logger';
import { embeddedJobStore } from '@modsvc/common/store/index';
import { INTERRUPTED_ERROR } from '../src/attempt-log.ts';
import { createJobDeliveries } from '../src/job-deliveries.ts';
import { makeJob } from './fixtures.ts';
import { startTestReceiver, type TestReceiver } from './receiver.ts';

const here = dirname(fileURLToPath(import.meta.url));
let dir: string;
let receiver: TestReceiver;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'webhook-crash-'));
  receiver = await startTestReceiver();
});

afterEach(async () => {
  await receiver.close();
  await rm(dir, { recursive: true, force: true });
});

it('a dispatcher killed during a delivery leaves the attempt in the log, and the next one re-sends it', async () => {
  const job = makeJob({ callbackUrl: `${receiver.url}/hook` });
  const setup = embeddedJobStore({ dir });
  await setup.create(job);
  await setup.close();

  receiver.hold = true;
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'crash-child.ts'), dir, job.id], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
  receiver.onCall = () => {
    child.kill('SIGKILL');
  };
  expect(await exited, stderr).toBe('SIGKILL');
  expect(receiver.calls).toHaveLength(1);

  const store = embeddedJobStore({ dir });
  let clock = new Date();
  const deliveries = createJobDeliveries({
    store,
    secretsOf: () => ['s3cret'],
    guard: new EgressGuard({ allowCidrs: ['127.0.0.0/8'] }),
    timeoutMs: 10_000,
    log: logger.child({ test: 'crash' }),
    now: () => clock,
  });
  try {
    const afterCrash = await deliveries.deliveryLog('tenant_a', job.id);
    expect(afterCrash?.state).toBe('pending');
    expect(afterCrash?.attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'sending', redelivery: false })]);

    // The crashed process's message comes back (JetStream's ack wait, longer than the lease): re-send.
    receiver.hold = false;
    clock = new Date(Date.parse(afterCrash!.attempts[0]!.at) + deliveries.leaseMs);
    expect(await deliveries.attemptDue(job.id)).toEqual({ kind: 'done' });
    const log = await deliveries.deliveryLog('tenant_a', job.id);
    expect(log?.state).toBe('delivered');
    expect(log?.attempts.map((a) => [a.attempt, a.outcome, a.error])).toEqual([
      [1, 'interrupted', INTERRUPTED_ERROR],
      [2, 'delivered', null],
    ]);
    expect(receiver.calls.map((c) => c.headers['webhook-id'])).toEqual([`job.finished:${job.id}`, `job.finished:${job.id}`]);
  } finally {
    await store.close();
  }
});
