// Prometheus metrics shared by all services (one registry per process, so all-in-one exposes them all).
import http from 'node:http';
import client from 'prom-client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'modsvc_' });

export const jobsSubmitted = new client.Counter({
  name: 'modsvc_jobs_submitted_total',
  help: 'Classification jobs accepted, by product and media kind.',
  labelNames: ['product', 'media'] as const,
  registers: [registry],
});

export const jobsFinished = new client.Counter({
  name: 'modsvc_jobs_total',
  help: 'Classification jobs finished, by product, media kind and final status (done|failed).',
  labelNames: ['product', 'media', 'status'] as const,
  registers: [registry],
});

export const stageDuration = new client.Histogram({
  name: 'modsvc_stage_duration_seconds',
  help: 'Time a pipeline stage spent on one message.',
  labelNames: ['stage', 'outcome'] as const,
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
  registers: [registry],
});

export const consumerPending = new client.Gauge({
  name: 'modsvc_consumer_pending',
  help: 'Messages waiting for or being processed by a durable consumer (JetStream lag).',
  labelNames: ['durable'] as const,
  registers: [registry],
});

export const WEBHOOK_OUTCOMES = ['delivered', 'retry', 'gave_up', 'redelivery'] as const;

export const webhookDeliveries = new client.Counter({
  name: 'modsvc_webhook_deliveries_total',
  help: 'Webhook delivery attempts by outcome (delivered|retry|gave_up; redelivery: one made on request).',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const modelInference = new client.Histogram({
  name: 'modsvc_model_inference_seconds',
  help: 'Model inference time per call, by model and class group.',
  labelNames: ['model', 'group'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
  registers: [registry],
});

export const httpRequests = new client.Counter({
  name: 'modsvc_http_requests_total',
  help: 'Gateway HTTP requests by route and status.',
  labelNames: ['route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new client.Histogram({
  name: 'modsvc_http_request_duration_seconds',
  help: 'Gateway HTTP request duration by route.',
  labelNames: ['route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

/**
 * Exports every combination of the given label values at 0 until something is counted. rate() and
 * increase() see only changes between scrapes, so a series that first appears at 1 hides its first
 * event: after each start, a panel of rare events (a reviewer's decision, a failed job) stayed flat.
 * Only for closed sets of values; each combination is one more series.
 */
export function startAtZero<T extends string>(metric: client.Counter<T> | client.Histogram<T>, values: { [K in T]: readonly string[] }): void {
  let sets: Partial<Record<T, string>>[] = [{}];
  for (const [name, list] of Object.entries(values) as [T, readonly string[]][]) sets = sets.flatMap((s) => list.map((v) => ({ ...s, [name]: v })));
  for (const labels of sets as client.LabelValues<T>[]) {
    if (metric instanceof client.Counter) metric.inc(labels, 0);
    else metric.zero(labels);
  }
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** Serves /metrics, /healthz and /readyz on its own port (scraped by Prometheus, probed by kubelet). */
export async function startMetricsServer(port: number, isReady: () => boolean, host = '0.0.0.0'): Promise<MetricsServer> {
  const server = http.createServer(async (req, res) => {
    if (req.url === '/metrics') {
      res.setHeader('Content-Type', registry.contentType);
      res.end(await registry.metrics());
    } else if (req.url === '/healthz') {
      res.end('ok');
    } else if (req.url === '/readyz') {
      const ready = isReady();
      res.statusCode = ready ? 200 : 503;
      res.end(ready ? 'ready' : 'not ready');
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
