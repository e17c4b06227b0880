// Policies over gRPC: a tenant's policy documents, as JSON checked against the public schema.
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type PoliciesHandlers, type PolicyVersionReply, type PolicyVersionReply__Output } from '@modsvc/protos';
import { callUnary, clientOptions, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { PoliciesApi } from '@modsvc/common/contracts';
import { parseAs, PolicyViewSchema, type PolicyView } from '@modsvc/common/domain/index';

const toWire = (view: PolicyView | null): PolicyVersionReply => (view ? { found: true, viewJson: JSON.stringify(view) } : { found: false, viewJson: '' });

function fromWire(reply: PolicyVersionReply__Output): PolicyView | null {
  return reply.found ? parseAs(PolicyViewSchema, 'PolicyView', JSON.parse(reply.viewJson)) : null;
}

export function policiesBinding(api: PoliciesApi): GrpcBinding {
  const handlers: PoliciesHandlers = {
    ActivePolicy: unaryHandler(async (req) => toWire(await api.activePolicy(req.tenantId))),
    PublishPolicy: unaryHandler(async (req) => toWire(await api.publishPolicy(req.tenantId, JSON.parse(req.documentJson)))),
    GetPolicyVersion: unaryHandler(async (req) => toWire(await api.policyVersion(req.tenantId, req.version))),
  };
  return { name: 'moderation.v1.Policies', definition: moderationGrpc().Policies.service, handlers, callers: callersOf('moderation.v1.Policies') };
}

export function policiesClient(address: string, auth: ServiceAuth | null): PoliciesApi {
  const client = new (moderationGrpc().Policies)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  const call = async (fn: Parameters<typeof callUnary<PolicyVersionReply__Output>>[0]) => fromWire(await callUnary<PolicyVersionReply__Output>(fn, 10_000));
  const found = (view: PolicyView | null): PolicyView => {
    if (!view) throw new Error('policy-scorer answered no policy where one always exists');
    return view;
  };
  return {
    async activePolicy(tenantId) {
      return found(await call((md, o, cb) => client.ActivePolicy({ tenantId }, md, o, cb)));
    },
    async publishPolicy(tenantId, document) {
      return found(await call((md, o, cb) => client.PublishPolicy({ tenantId, documentJson: JSON.stringify(document) }, md, o, cb)));
    },
    async policyVersion(tenantId, version) {
      return call((md, o, cb) => client.GetPolicyVersion({ tenantId, version }, md, o, cb));
    },
  };
}
