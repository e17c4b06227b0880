// One place that loads the .proto files: gRPC service definitions for @grpc/grpc-js and
// protobufjs message types for the bus. TS types are generated into ../generated (see `generate`).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import * as grpc from '@grpc/grpc-js';
import protobuf from 'protobufjs';

import type { ProtoGrpcType as IngestProto } from '../generated/ingest.ts';
import type { ProtoGrpcType as TextProto } from '../generated/text.ts';
import type { ProtoGrpcType as SpeechProto } from '../generated/speech.ts';
import type { ProtoGrpcType as VisionProto } from '../generated/vision.ts';
import type { ProtoGrpcType as ModeratorProto } from '../generated/moderator.ts';
import type { ProtoGrpcType as WebhookProto } from '../generated/webhook.ts';
import type { ProtoGrpcType as BanksProto } from '../generated/banks.ts';
import type { ProtoGrpcType as PoliciesProto } from '../generated/policies.ts';

export const PROTO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PROTO_FILES = [
  'moderation/v1/common.proto',
  'moderation/v1/ingest.proto',
  'moderation/v1/bus.proto',
  'moderation/v1/text.proto',
  'moderation/v1/speech.proto',
  'moderation/v1/vision.proto',
  'moderation/v1/moderator.proto',
  'moderation/v1/webhook.proto',
  'moderation/v1/banks.proto',
  'moderation/v1/policies.proto',
];

/** Options shared by the loader and the generator (see package.json `generate`). */
export const LOADER_OPTIONS: protoLoader.Options = {
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

export type ModerationGrpc = IngestProto['moderation']['v1'] &
  TextProto['moderation']['v1'] &
  SpeechProto['moderation']['v1'] &
  VisionProto['moderation']['v1'] &
  ModeratorProto['moderation']['v1'] &
  WebhookProto['moderation']['v1'] &
  BanksProto['moderation']['v1'] &
  PoliciesProto['moderation']['v1'];

let grpcPackage: ModerationGrpc | undefined;

/** gRPC constructors and service definitions of package moderation.v1. */
export function moderationGrpc(): ModerationGrpc {
  if (!grpcPackage) {
    const definition = protoLoader.loadSync(PROTO_FILES, LOADER_OPTIONS);
    const loaded = grpc.loadPackageDefinition(definition) as unknown as { moderation: { v1: ModerationGrpc } };
    grpcPackage = loaded.moderation.v1;
  }
  return grpcPackage;
}

let busRoot: protobuf.Root | undefined;

/** protobufjs root for encoding bus messages (moderation.v1.*). */
export function protoRoot(): protobuf.Root {
  if (!busRoot) {
    const root = new protobuf.Root();
    root.resolvePath = (_origin, target) => path.join(PROTO_ROOT, target);
    root.loadSync(PROTO_FILES, { keepCase: false });
    root.resolveAll();
    busRoot = root;
  }
  return busRoot;
}

export type * from '../generated/moderation/v1/FetchMedia.ts';
export type * from '../generated/moderation/v1/ExtractMedia.ts';
export type * from '../generated/moderation/v1/AnalyzeFrames.ts';
export type * from '../generated/moderation/v1/FrameRef.ts';
export type * from '../generated/moderation/v1/TranscribeAudio.ts';
export type * from '../generated/moderation/v1/ScoreCaption.ts';
export type * from '../generated/moderation/v1/PartReady.ts';
export type * from '../generated/moderation/v1/JobFinished.ts';
export type * from '../generated/moderation/v1/DeliverCallback.ts';
export type * from '../generated/moderation/v1/JobView.ts';
export type * from '../generated/moderation/v1/JobOptions.ts';
export type * from '../generated/moderation/v1/UploadHeader.ts';
export type * from '../generated/moderation/v1/UploadPart.ts';
export type * from '../generated/moderation/v1/SubmitUrlRequest.ts';
export type * from '../generated/moderation/v1/SubmitReply.ts';
export type * from '../generated/moderation/v1/GetJobRequest.ts';
export type * from '../generated/moderation/v1/ScoreTextRequest.ts';
export type * from '../generated/moderation/v1/ScoreTextReply.ts';
export type * from '../generated/moderation/v1/TextScore.ts';
export type * from '../generated/moderation/v1/LabelScore.ts';
export type * from '../generated/moderation/v1/TextSpan.ts';
export type * from '../generated/moderation/v1/CoverageReply.ts';
export type * from '../generated/moderation/v1/LabelCoverage.ts';
export type * from '../generated/moderation/v1/LanguageCoverage.ts';
export type * from '../generated/moderation/v1/LanguageHeldBack.ts';
export type * from '../generated/moderation/v1/OperatingPoints.ts';
export type * from '../generated/moderation/v1/OperatingPointBasis.ts';
export type * from '../generated/moderation/v1/OperatingPointFigures.ts';
export type * from '../generated/moderation/v1/SignalOperatingPoints.ts';
export type * from '../generated/moderation/v1/TranscribeRequest.ts';
export type * from '../generated/moderation/v1/Transcript.ts';
export type * from '../generated/moderation/v1/TranscriptSegment.ts';
export type * from '../generated/moderation/v1/ListModelsReply.ts';
export type * from '../generated/moderation/v1/ModelInfo.ts';
export type * from '../generated/moderation/v1/ClassCoverage.ts';
export type * from '../generated/moderation/v1/HeldBackQuality.ts';
export type * from '../generated/moderation/v1/HeldBackSource.ts';
export type * from '../generated/moderation/v1/EmbedReply.ts';
export type * from '../generated/moderation/v1/ModerateRequest.ts';
export type * from '../generated/moderation/v1/ModerationReply.ts';
export type * from '../generated/moderation/v1/ModerationRef.ts';
export type * from '../generated/moderation/v1/Reviewer.ts';
export type * from '../generated/moderation/v1/AppealRequest.ts';
export type * from '../generated/moderation/v1/ReviewQueueRequest.ts';
export type * from '../generated/moderation/v1/ReviewItemRef.ts';
export type * from '../generated/moderation/v1/DecideRequest.ts';
export type * from '../generated/moderation/v1/ReviewFrameRequest.ts';
export type * from '../generated/moderation/v1/FrameReply.ts';
export type * from '../generated/moderation/v1/FeedbackRequest.ts';
export type * from '../generated/moderation/v1/AuditRequest.ts';
export type * from '../generated/moderation/v1/JsonReply.ts';
export type * from '../generated/moderation/v1/ListDeliveriesRequest.ts';
export type * from '../generated/moderation/v1/ListDeliveriesReply.ts';
export type * from '../generated/moderation/v1/RedeliverRequest.ts';
export type * from '../generated/moderation/v1/RedeliverReply.ts';
export type * from '../generated/moderation/v1/DeliveryAttempt.ts';
export type * from '../generated/moderation/v1/MediaMetadata.ts';
export type { IngestHandlers } from '../generated/moderation/v1/Ingest.ts';
export type { TextToxicityHandlers } from '../generated/moderation/v1/TextToxicity.ts';
export type { SpeechToTextHandlers } from '../generated/moderation/v1/SpeechToText.ts';
export type { VisionInferenceHandlers } from '../generated/moderation/v1/VisionInference.ts';
export type { ModeratorHandlers } from '../generated/moderation/v1/Moderator.ts';
export type { WebhookDispatcherHandlers } from '../generated/moderation/v1/WebhookDispatcher.ts';
export type { BanksHandlers } from '../generated/moderation/v1/Banks.ts';
export type * from '../generated/moderation/v1/BankSpec.ts';
export type * from '../generated/moderation/v1/BankInfo.ts';
export type * from '../generated/moderation/v1/BankList.ts';
export type * from '../generated/moderation/v1/BankContentInfo.ts';
export type * from '../generated/moderation/v1/BankContentList.ts';
export type * from '../generated/moderation/v1/Deleted.ts';
export type * from '../generated/moderation/v1/HashReply.ts';
export type * from '../generated/moderation/v1/MediaRequest.ts';
export type * from '../generated/moderation/v1/Policies.ts';
export type * from '../generated/moderation/v1/PoliciesOfTenant.ts';
export type * from '../generated/moderation/v1/PolicyVersionRef.ts';
export type * from '../generated/moderation/v1/PolicyVersionReply.ts';
export type * from '../generated/moderation/v1/PublishPolicyRequest.ts';
export type * from '../generated/moderation/v1/DryRunPolicyRequest.ts';
export type * from '../generated/moderation/v1/DryRunPolicyReply.ts';
