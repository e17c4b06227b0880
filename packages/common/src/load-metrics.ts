// Prometheus metrics of load shedding: requests the gateway throttled, and admission control in ingest.
import client from 'prom-client';
import { registry } from './metrics.ts';

export const throttledRequests = new client.Counter({
  name: 'modsvc_rate_limited_total',
  help: 'Requests refused with 429 by the per-tenant rate limits, by kind (read: GET and polls; write: submits and other POSTs).',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const rateLimitLocalFallbacks = new client.Counter({
  name: 'modsvc_rate_limit_local_fallback_total',
  help: 'Rate-limit decisions a gateway made on its own in-memory bucket because the store its replicas share buckets in (NATS KV or MongoDB) did not answer; meanwhile each replica applies the whole limit alone. By limit (read, write, auth, auth_failure).',
  labelNames: ['limit'] as const,
  registers: [registry],
});

export const admissionBacklogJobs = new client.Gauge({
  name: 'modsvc_admission_backlog_jobs',
  help: 'Unfinished jobs at the last admission sample.',
  registers: [registry],
});

export const admissionBacklogSeconds = new client.Gauge({
  name: 'modsvc_admission_backlog_seconds',
  help: 'Seconds of work the unfinished jobs represent at the throughput admission control uses.',
  registers: [registry],
});

export const admissionThroughput = new client.Gauge({
  name: 'modsvc_admission_throughput_jobs_per_second',
  help: 'Throughput admission control uses: measured while work was waiting, else 1 / ADMISSION_DEFAULT_JOB_SECONDS.',
  registers: [registry],
});

export const admissionRefused = new client.Counter({
  name: 'modsvc_admission_refused_total',
  help: 'Submits refused with 503 because the queued work exceeded ADMISSION_MAX_BACKLOG_SECONDS.',
  registers: [registry],
});
