// WebhookDispatcher over gRPC: a job's webhook delivery log, and redelivery on request.
import * as grpc from '@grpc/grpc-js';
import {
  moderationGrpc,
  type DeliveryAttempt,
  type DeliveryAttempt__Output,
  type ListDeliveriesReply__Output,
  type RedeliverReply__Output,
  type WebhookDispatcherHandlers,
} from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { DeliveriesApi } from '@modsvc/common/contracts';
import { AttemptOutcomeSchema, DeliveryStateSchema, type AttemptView } from '@modsvc/common/domain/index';

/** A redelivery waits for the receiver (WEBHOOK_TIMEOUT_MS, 10 s by default) on top of the store writes. */
const REDELIVER_DEADLINE_MS = 60_000;

function toProtoAttempt(a: AttemptView): DeliveryAttempt {
  return { ...a, error: a.error ?? '', durationMs: String(a.durationMs) };
}

function fromProtoAttempt(a: DeliveryAttempt__Output): AttemptView {
  return {
    attempt: a.attempt,
    at: a.at,
    outcome: AttemptOutcomeSchema.parse(a.outcome),
    redelivery: a.redelivery,
    httpStatus: a.httpStatus,
    error: a.error || null,
    durationMs: Number(a.durationMs),
  };
}

function notFound(jobId: string): ApiError {
  return new ApiError('not_found', `No job ${jobId} for this account.`);
}

export function deliveriesBinding(api: DeliveriesApi): GrpcBinding {
  const handlers: WebhookDispatcherHandlers = {
    ListDeliveries: unaryHandler(async (req) => {
      const view = await api.deliveries(req.tenantId, req.jobId);
      if (!view) throw notFound(req.jobId);
      return { state: view.state, webhookId: view.webhookId ?? '', nextAttemptAt: view.nextAttemptAt ?? '', attempts: view.attempts.map(toProtoAttempt) };
    }),
    Redeliver: unaryHandler(async (req) => {
      const view = await api.redeliver(req.tenantId, req.jobId);
      if (!view) throw notFound(req.jobId);
      return { webhookId: view.webhookId, state: view.state, attempt: toProtoAttempt(view.attempt) };
    }),
  };
  return { name: 'moderation.v1.WebhookDispatcher', definition: moderationGrpc().WebhookDispatcher.service, handlers, callers: callersOf('moderation.v1.WebhookDispatcher') };
}

/** null for NOT_FOUND (the port's "no such job"); other errors propagate. */
async function orNull<T>(call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.code === 'not_found') return null;
    throw err;
  }
}

export function deliveriesClient(address: string, auth: ServiceAuth | null): DeliveriesApi {
  const client = new (moderationGrpc().WebhookDispatcher)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    deliveries: (tenantId, jobId) =>
      orNull(async () => {
        const r = await callUnary<ListDeliveriesReply__Output>((md, o, cb) => client.ListDeliveries({ tenantId, jobId }, md, o, cb));
        return {
          state: DeliveryStateSchema.parse(r.state),
          webhookId: r.webhookId || null,
          nextAttemptAt: r.nextAttemptAt || null,
          attempts: r.attempts.map(fromProtoAttempt),
        };
      }),
    redeliver: (tenantId, jobId) =>
      orNull(async () => {
        const r = await callUnary<RedeliverReply__Output>((md, o, cb) => client.Redeliver({ tenantId, jobId }, md, o, cb), REDELIVER_DEADLINE_MS);
        if (!r.attempt) throw new ApiError('internal', 'webhook-dispatcher answered a redelivery without its attempt');
        return { webhookId: r.webhookId, state: DeliveryStateSchema.parse(r.state), attempt: fromProtoAttempt(r.attempt) };
      }),
  };
}
