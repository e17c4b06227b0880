// The WebhookDispatcher API over gRPC: the delivery log and a redelivery arrive as the dispatcher
// answered them, "no such job" stays null, and a conflict keeps its meaning (409 at the gateway).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@modsvc/common/errors';
import { startGrpcServer, type GrpcServer } from '@modsvc/common/grpc';
import type { DeliveriesApi, DeliveriesView } from '@modsvc/common/contracts';
import type { RedeliveryView } from '@modsvc/common/domain/index';
import { deliveriesBinding, deliveriesClient } from '../src/deliveries.ts';

const LOG: DeliveriesView = {
  state: 'pending',
  webhookId: 'job.finished:job_1',
  nextAttemptAt: '2026-01-02T03:09:05.000Z',
  attempts: [
    { attempt: 1, at: '2026-01-02T03:04:00.000Z', outcome: 'failed', redelivery: false, httpStatus: 503, error: 'receiver answered HTTP 503', durationMs: 12 },
    { attempt: 2, at: '2026-01-02T03:04:05.000Z', outcome: 'sending', redelivery: true, httpStatus: 0, error: null, durationMs: 0 },
  ],
};
const REDELIVERY: RedeliveryView = {
  webhookId: 'job.finished:job_1',
  state: 'delivered',
  attempt: { attempt: 3, at: '2026-01-02T03:05:00.000Z', outcome: 'delivered', redelivery: true, httpStatus: 204, error: null, durationMs: 8 },
};

describe('webhook deliveries over gRPC', () => {
  let server: GrpcServer;
  let client: DeliveriesApi;
  const api: DeliveriesApi = {
    async deliveries(tenantId, jobId) {
      if (jobId === 'job_silent') return { state: 'none', webhookId: null, nextAttemptAt: null, attempts: [] };
      return tenantId === 'acme' && jobId === 'job_1' ? LOG : null;
    },
    async redeliver(tenantId, jobId) {
      if (jobId === 'job_queued') throw new ApiError('conflict', 'Job job_queued has not finished; its webhook is sent when it does.');
      return tenantId === 'acme' && jobId === 'job_1' ? REDELIVERY : null;
    },
  };

  beforeAll(async () => {
    server = await startGrpcServer([deliveriesBinding(api)], { host: '127.0.0.1', port: 0, auth: null });
    client = deliveriesClient(`127.0.0.1:${server.port}`, null);
  });

  afterAll(async () => {
    await server.close(1000);
  });

  it('carries the delivery log with webhook-id, next attempt, outcomes and redelivery marks', async () => {
    expect(await client.deliveries('acme', 'job_1')).toEqual(LOG);
    expect(await client.deliveries('acme', 'job_silent')).toEqual({ state: 'none', webhookId: null, nextAttemptAt: null, attempts: [] });
    expect(await client.deliveries('globex', 'job_1')).toBeNull();
  });

  it('carries a redelivery, null for an unknown job, and a conflict as a conflict', async () => {
    expect(await client.redeliver('acme', 'job_1')).toEqual(REDELIVERY);
    expect(await client.redeliver('globex', 'job_1')).toBeNull();
    const refusal = await client.redeliver('acme', 'job_queued').catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({ code: 'conflict', status: 409, message: 'Job job_queued has not finished; its webhook is sent when it does.' });
  });
});
