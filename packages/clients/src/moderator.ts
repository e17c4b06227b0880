// Moderator over gRPC: the virtual moderator's decision.
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type ModeratorHandlers, type ModerationReply__Output } from '@modsvc/protos';
import { clientOptions, callUnary, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { ModeratorApi } from '@modsvc/common/contracts';
import { parseModerationReply } from '@modsvc/common/domain/index';

export function moderatorBinding(api: ModeratorApi): GrpcBinding {
  const handlers: ModeratorHandlers = {
    Moderate: unaryHandler(async (req) => {
      const r = await api.moderate({
        tenantId: req.tenantId,
        classificationJobId: req.classificationJobId || null,
        externalId: req.externalId,
        callbackUrl: req.callbackUrl || null,
      });
      return { resultJson: JSON.stringify(r.result), httpStatus: r.httpStatus };
    }),
  };
  return { name: 'moderation.v1.Moderator', definition: moderationGrpc().Moderator.service, handlers };
}

export function moderatorClient(address: string, auth: ServiceAuth | null): ModeratorApi {
  const client = new (moderationGrpc().Moderator)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  return {
    async moderate(input) {
      const request = { tenantId: input.tenantId, classificationJobId: input.classificationJobId ?? '', externalId: input.externalId, callbackUrl: input.callbackUrl ?? '' };
      const r = await callUnary<ModerationReply__Output>((md, o, cb) => client.Moderate(request, md, o, cb), 40_000);
      return parseModerationReply(r.httpStatus, JSON.parse(r.resultJson));
    },
  };
}
