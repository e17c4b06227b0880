// Policies over gRPC: a tenant's policy documents, as JSON checked against the public schema.
import * as grpc from '@grpc/grpc-js';
import { moderationGrpc, type DryRunPolicyReply__Output, type PoliciesHandlers, type PolicyVersionReply, type PolicyVersionReply__Output } from '@modsvc/protos';
import { callUnary, clientOptions, unaryHandler, type GrpcBinding } from '@modsvc/common/grpc';
import { callersOf } from './callers.ts';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import type { PoliciesApi } from '@modsvc/common/contracts';
import { parseAs, PolicyDryRunSchema, PolicyViewSchema, PublishedPolicySchema, type PolicyView, type PublishedPolicy } from '@modsvc/common/domain/index';

const toWire = (view: PolicyView | PublishedPolicy | null): PolicyVersionReply => (view ? { found: true, viewJson: JSON.stringify(view) } : { found: false, viewJson: '' });

function viewFromWire(reply: PolicyVersionReply__Output): PolicyView | null {
  return reply.found ? parseAs(PolicyViewSchema, 'PolicyView', JSON.parse(reply.viewJson)) : null;
}

function publishedFromWire(reply: PolicyVersionReply__Output): PublishedPolicy | null {
  return reply.found ? parseAs(PublishedPolicySchema, 'PublishedPolicy', JSON.parse(reply.viewJson)) : null;
}

export function policiesBinding(api: PoliciesApi): GrpcBinding {
  const handlers: PoliciesHandlers = {
    ActivePolicy: unaryHandler(async (req) => toWire(await api.activePolicy(req.tenantId))),
    PublishPolicy: unaryHandler(async (req) => toWire(await api.publishPolicy(req.tenantId, JSON.parse(req.documentJson)))),
    GetPolicyVersion: unaryHandler(async (req) => toWire(await api.policyVersion(req.tenantId, req.version))),
    DryRunPolicy: unaryHandler(async (req) => ({ reportJson: JSON.stringify(await api.dryRunPolicy(req.tenantId, JSON.parse(req.documentJson), req.items)) })),
  };
  return { name: 'moderation.v1.Policies', definition: moderationGrpc().Policies.service, handlers, callers: callersOf('moderation.v1.Policies') };
}

export function policiesClient(address: string, auth: ServiceAuth | null): PoliciesApi {
  const client = new (moderationGrpc().Policies)(address, grpc.credentials.createInsecure(), clientOptions(auth));
  const call = (fn: Parameters<typeof callUnary<PolicyVersionReply__Output>>[0]) => callUnary<PolicyVersionReply__Output>(fn, 10_000);
  const found = <T>(view: T | null): T => {
    if (!view) throw new Error('policy-scorer answered no policy where one always exists');
    return view;
  };
  return {
    async activePolicy(tenantId) {
      return found(viewFromWire(await call((md, o, cb) => client.ActivePolicy({ tenantId }, md, o, cb))));
    },
    async publishPolicy(tenantId, document) {
      const reply = await call((md, o, cb) => client.PublishPolicy({ tenantId, documentJson: JSON.stringify(document) }, md, o, cb));
      return found(publishedFromWire(reply));
    },
    async dryRunPolicy(tenantId, document, items) {
      // Replaying hundreds of decisions reads as many records: a longer deadline than the other calls.
      const reply = await callUnary<DryRunPolicyReply__Output>((md, o, cb) => client.DryRunPolicy({ tenantId, documentJson: JSON.stringify(document), items }, md, o, cb), 60_000);
      return parseAs(PolicyDryRunSchema, 'PolicyDryRun', JSON.parse(reply.reportJson));
    },
    async policyVersion(tenantId, version) {
      return viewFromWire(await call((md, o, cb) => client.GetPolicyVersion({ tenantId, version }, md, o, cb)));
    },
  };
}
