import path from 'node:path';
import fs from 'node:fs';
import { runStandalone } from '@modsvc/common/host';
import { createIngest } from './service.ts';
import { ingestBinding } from './grpc.ts';

const REDRIVE_EVERY_MS = 5 * 60_000;
const REDRIVE_AFTER_MS = 15 * 60_000;

await runStandalone('ingest', async (rt) => {
  const ingest = createIngest(rt);
  const consumers = await ingest.startConsumers();
  const tmp = path.join(rt.config.dataDir, 'tmp');
  fs.mkdirSync(tmp, { recursive: true });
  const timer = setInterval(() => void ingest.redrive(REDRIVE_AFTER_MS).catch((err) => rt.log.error({ err }, 'redrive failed')), REDRIVE_EVERY_MS);
  timer.unref();
  return { bindings: [ingestBinding(ingest, tmp)], consumers, stop: async () => clearInterval(timer) };
});
