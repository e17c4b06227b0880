import { loadConfig } from '@modsvc/common/config';
import { serviceLogger } from '@modsvc/common/logger';
import { startTracing, stopTracing } from '@modsvc/common/tracing';
import { startAllInOne } from './app.ts';
import { logUnhandledRejections } from '@modsvc/common/host';

startTracing('modsvc-all-in-one');
const log = serviceLogger('all-in-one');
let config;
try {
  config = loadConfig();
} catch (err) {
  log.fatal({ err: (err as Error).message }, 'configuration error');
  process.exit(2);
}
let aio: Awaited<ReturnType<typeof startAllInOne>>;
try {
  aio = await startAllInOne(config);
} catch (err) {
  log.fatal({ err: (err as Error).message }, 'all-in-one could not start');
  process.exit(1);
}
log.info({ url: aio.url }, 'all-in-one ready');
process.stdout.write(
  `\nmodsvc all-in-one is listening on ${aio.url}\n` +
    (aio.devApiKey ? `dev API key: ${aio.devApiKey}\n(get a token: curl -s -X POST ${aio.url}/v1/authenticate -d key=${aio.devApiKey})\n` : '') +
    `OpenAPI: ${aio.url}/v1/openapi.json\n\n`,
);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down: finishing in-flight work');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await aio.stop();
  await stopTracing();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
logUnhandledRejections(log);
