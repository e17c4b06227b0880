import { serviceLogger } from '@modsvc/common/logger';
import { startTracing } from '@modsvc/common/tracing';
import { exitOnStartupError, handleProcessSignals } from '@modsvc/common/host';
import { startAllInOne, type AllInOne } from './app.ts';

startTracing('modsvc-all-in-one');
const log = serviceLogger('all-in-one');
let aio: AllInOne;
try {
  aio = await startAllInOne();
} catch (err) {
  const isConfig = (err as Error).message.startsWith('invalid configuration');
  exitOnStartupError(log, isConfig ? 'configuration error' : 'all-in-one could not start', err, isConfig ? 2 : 1);
}
log.info({ url: aio.url }, 'all-in-one ready');
const dev = aio.devTenant;
process.stdout.write(
  `\nmodsvc all-in-one is listening on ${aio.url}\n` +
    (dev?.apiKey ? `dev API key: ${dev.apiKey}\n(get a token: curl -s -X POST ${aio.url}/v1/authenticate -d key=${dev.apiKey})\n` : '') +
    (dev?.reviewer ? `dev reviewer key (${dev.reviewer.id}; review console: ${aio.url}/review/): ${dev.reviewer.apiKey}\n` : '') +
    (dev?.signingSecret ? `webhook signing secret (for your receiver): ${dev.signingSecret}\n` : '') +
    `OpenAPI: ${aio.url}/v1/openapi.json\n` +
    (aio.metricsToken.generated
      ? `metrics (token made for this start; set METRICS_TOKEN to keep one): curl -s -H 'Authorization: Bearer ${aio.metricsToken.token}' ${aio.url}/metrics\n\n`
      : `metrics: ${aio.url}/metrics with "Authorization: Bearer $METRICS_TOKEN"\n\n`),
);
handleProcessSignals(log, () => aio.stop());
