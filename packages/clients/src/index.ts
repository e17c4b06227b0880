// The gRPC adapters of every service API. Clients implement the same port interfaces
// (`@modsvc/common/contracts`) as the in-process service objects, so a caller cannot tell them apart.
export { grpcPeers, bindingsFor } from './peers.ts';
export { ingestClient, ingestBinding } from './ingest.ts';
export { moderatorClient, moderatorBinding } from './moderator.ts';
export { deliveriesClient, deliveriesBinding } from './deliveries.ts';
export { textToxicityClient, textToxicityBinding } from './text-toxicity.ts';
export { speechToTextClient, speechToTextBinding } from './speech-to-text.ts';
export { visionModelsClient, visionModelsBinding } from './vision-models.ts';
export { banksClient, banksBinding } from './banks.ts';
export { policiesClient, policiesBinding } from './policies.ts';
export { ALLOWED_CALLERS, PEER_SERVICES, callersOf, type GrpcServiceName } from './callers.ts';
