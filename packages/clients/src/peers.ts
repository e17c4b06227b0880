// Wires a process to the services it does not host: one gRPC client per peer, created on first use
// from the *_ADDR settings, every call signed with the service token.
import os from 'node:os';
import type { Config } from '@modsvc/common/config';
import type { GrpcBinding } from '@modsvc/common/grpc';
import type { Peers } from '@modsvc/common/service-module';
import type { ServiceAuth } from '@modsvc/common/service-auth';
import { ingestBinding, ingestClient } from './ingest.ts';
import { moderatorBinding, moderatorClient } from './moderator.ts';
import { deliveriesBinding, deliveriesClient } from './deliveries.ts';
import { textToxicityBinding, textToxicityClient } from './text-toxicity.ts';
import { speechToTextBinding, speechToTextClient } from './speech-to-text.ts';
import { visionModelsBinding, visionModelsClient } from './vision-models.ts';
import { banksBinding, banksClient } from './banks.ts';
import { policiesBinding, policiesClient } from './policies.ts';

/** Peers reached over gRPC; a client is only created for a peer that is used. */
export function grpcPeers(config: Config, auth: ServiceAuth | null): Peers {
  const factories: { [K in keyof Peers]: () => Peers[K] } = {
    ingest: () => ingestClient(config.INGEST_ADDR, auth),
    textToxicity: () => textToxicityClient(config.TEXT_TOXICITY_ADDR, auth),
    speechToText: () => speechToTextClient(config.SPEECH_TO_TEXT_ADDR, auth),
    models: () => visionModelsClient(config.VISION_INFERENCE_ADDR, auth),
    moderator: () => moderatorClient(config.MODERATOR_ADDR, auth),
    deliveries: () => deliveriesClient(config.WEBHOOK_DISPATCHER_ADDR, auth),
    banks: () => banksClient(config.INGEST_ADDR, auth),
    policies: () => policiesClient(config.POLICY_SCORER_ADDR, auth),
  };
  const made: Partial<Peers> = {};
  return new Proxy(made as Peers, {
    get(target, name: string) {
      if (!(name in factories)) return undefined;
      const key = name as keyof Peers;
      return (target[key] ??= factories[key]() as never);
    },
    has: (_target, name) => name in factories,
  });
}

/** The gRPC services that expose the APIs a module provides. Uploads are spooled under `tmpDir`. */
export function bindingsFor(provides: Partial<Peers>, tmpDir = os.tmpdir()): GrpcBinding[] {
  const bindings: GrpcBinding[] = [];
  if (provides.ingest) bindings.push(ingestBinding(provides.ingest, tmpDir));
  if (provides.textToxicity) bindings.push(textToxicityBinding(provides.textToxicity));
  if (provides.speechToText) bindings.push(speechToTextBinding(provides.speechToText));
  if (provides.models) bindings.push(visionModelsBinding(provides.models));
  if (provides.moderator) bindings.push(moderatorBinding(provides.moderator));
  if (provides.deliveries) bindings.push(deliveriesBinding(provides.deliveries));
  if (provides.banks) bindings.push(banksBinding(provides.banks));
  if (provides.policies) bindings.push(policiesBinding(provides.policies));
  return bindings;
}
