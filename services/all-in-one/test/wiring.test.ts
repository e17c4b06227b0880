// Both run modes launch the same modules through the same host code: the start-up steps each service
// schedules (re-drive of lost work, retention sweep...) must be identical alone and in all-in-one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { launchStandalone, type StandaloneService } from '@modsvc/runner';
import type { TaskSchedule } from '@modsvc/common/host';
import { MODULES, startAllInOne, type AllInOne } from '../src/app.ts';

const dirs: string[] = [];
function tempDir(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'modsvc-wiring-'));
  dirs.push(d);
  return d;
}

function baseEnv(dir: string) {
  const tenants = path.join(dir, 'tenants.json');
  fs.writeFileSync(tenants, JSON.stringify({ tenants: [{ id: 'acme', api_keys: ['key_acme_wiring_test_0123456789'], tier: 'standard' }] }));
  return {
    DATA_DIR: path.join(dir, 'data'),
    TENANTS_FILE: tenants,
    TOKEN_SIGNING_KEY: 't'.repeat(40),
    PORT: '0',
    GRPC_PORT: '0',
    METRICS_PORT: '0',
    METRICS_HOST: '127.0.0.1',
    VISION_MODEL_SET: 'none',
    VISION_WORKERS: '0',
    LOG_LEVEL: 'silent',
  };
}

const sorted = (s: TaskSchedule[]) => [...s].sort((a, b) => `${a.service}/${a.task}`.localeCompare(`${b.service}/${b.task}`));

describe('wiring', () => {
  let aio: AllInOne | undefined;
  const alone: StandaloneService[] = [];
  afterAll(async () => {
    await aio?.stop();
    for (const s of alone) await s.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('runs every service, with the same scheduled start-up steps alone as in all-in-one', async () => {
    aio = await startAllInOne(baseEnv(tempDir()));
    for (const module of MODULES) alone.push(await launchStandalone(module, baseEnv(tempDir())));
    const standaloneSchedule = alone.flatMap((s) => s.launched.schedule);

    expect(sorted(aio.schedule)).toEqual(sorted(standaloneSchedule));
    // The re-drive of lost work runs at start and every 5 minutes in both modes (it once ran only at boot in all-in-one).
    expect(aio.schedule).toContainEqual({ service: 'ingest', task: 'redrive', atStart: true, everyMs: 300_000 });
    expect(aio.schedule).toContainEqual({ service: 'policy-scorer', task: 'retention-sweep', atStart: true, everyMs: 3_600_000 });
  }, 120_000);

  it('serves gRPC alone for exactly the APIs a module provides in all-in-one', () => {
    const provided = alone.map((s) => [s.launched.module.name, Object.keys(s.launched.started.provides ?? {}).sort()]);
    expect(Object.fromEntries(provided)).toEqual({
      'text-toxicity': ['textToxicity'],
      'speech-to-text': ['speechToText'],
      'vision-inference': ['models'],
      ingest: ['banks', 'ingest'],
      'frame-extractor': [],
      'policy-scorer': ['policies'],
      moderator: ['moderator'],
      'webhook-dispatcher': ['deliveries'],
      gateway: [],
    });
  });
});
