// WebhookDispatcher over gRPC: a job's webhook delivery log.
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type WebhookDispatcherHandlers, type ListDeliveriesReply__Output } from '@modsvc/protos';
import { ApiError } from '@modsvc/common/errors';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { DeliveriesApi, DeliveriesView } from '@modsvc/common/contracts';

export function deliveriesBinding(api: DeliveriesApi): GrpcBinding {
  const handlers: WebhookDispatcherHandlers = {
    ListDeliveries: unaryHandler(async (req) => {
      const view = await api.deliveries(req.tenantId, req.jobId);
      if (!view) throw new ApiError('not_found', `No job ${req.jobId} for this account.`);
      return { state: view.state, attempts: view.attempts.map((a) => ({ ...a, error: a.error ?? '', durationMs: String(a.durationMs) })) };
    }),
  };
  return { name: 'moderation.v1.WebhookDispatcher', definition: moderationGrpc().WebhookDispatcher.service, handlers };
}

export function deliveriesClient(address: string, auth: ServiceAuth | null): DeliveriesApi {
  const client = new (moderationGrpc().WebhookDispatcher)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    async deliveries(tenantId, jobId) {
      try {
        const r = await callUnary<ListDeliveriesReply__Output>((md, o, cb) => client.ListDeliveries({ tenantId, jobId }, md, o, cb));
        return {
          state: r.state as DeliveriesView['state'],
          attempts: r.attempts.map((a) => ({ attempt: a.attempt, at: a.at, httpStatus: a.httpStatus, error: a.error || null, durationMs: Number(a.durationMs) })),
        };
      } catch (err) {
        if (err instanceof ApiError && err.code === 'not_found') return null;
        throw err;
      }
    },
  };
}
