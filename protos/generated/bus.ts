import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AnalyzeFrames as _moderation_v1_AnalyzeFrames, AnalyzeFrames__Output as _moderation_v1_AnalyzeFrames__Output } from './moderation/v1/AnalyzeFrames';
import type { DeliverCallback as _moderation_v1_DeliverCallback, DeliverCallback__Output as _moderation_v1_DeliverCallback__Output } from './moderation/v1/DeliverCallback';
import type { ExtractMedia as _moderation_v1_ExtractMedia, ExtractMedia__Output as _moderation_v1_ExtractMedia__Output } from './moderation/v1/ExtractMedia';
import type { FetchMedia as _moderation_v1_FetchMedia, FetchMedia__Output as _moderation_v1_FetchMedia__Output } from './moderation/v1/FetchMedia';
import type { FrameRef as _moderation_v1_FrameRef, FrameRef__Output as _moderation_v1_FrameRef__Output } from './moderation/v1/FrameRef';
import type { JobFinished as _moderation_v1_JobFinished, JobFinished__Output as _moderation_v1_JobFinished__Output } from './moderation/v1/JobFinished';
import type { PartReady as _moderation_v1_PartReady, PartReady__Output as _moderation_v1_PartReady__Output } from './moderation/v1/PartReady';
import type { ScoreCaption as _moderation_v1_ScoreCaption, ScoreCaption__Output as _moderation_v1_ScoreCaption__Output } from './moderation/v1/ScoreCaption';
import type { TranscribeAudio as _moderation_v1_TranscribeAudio, TranscribeAudio__Output as _moderation_v1_TranscribeAudio__Output } from './moderation/v1/TranscribeAudio';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      AnalyzeFrames: MessageTypeDefinition<_moderation_v1_AnalyzeFrames, _moderation_v1_AnalyzeFrames__Output>
      DeliverCallback: MessageTypeDefinition<_moderation_v1_DeliverCallback, _moderation_v1_DeliverCallback__Output>
      ExtractMedia: MessageTypeDefinition<_moderation_v1_ExtractMedia, _moderation_v1_ExtractMedia__Output>
      FetchMedia: MessageTypeDefinition<_moderation_v1_FetchMedia, _moderation_v1_FetchMedia__Output>
      FrameRef: MessageTypeDefinition<_moderation_v1_FrameRef, _moderation_v1_FrameRef__Output>
      JobFinished: MessageTypeDefinition<_moderation_v1_JobFinished, _moderation_v1_JobFinished__Output>
      PartReady: MessageTypeDefinition<_moderation_v1_PartReady, _moderation_v1_PartReady__Output>
      ScoreCaption: MessageTypeDefinition<_moderation_v1_ScoreCaption, _moderation_v1_ScoreCaption__Output>
      TranscribeAudio: MessageTypeDefinition<_moderation_v1_TranscribeAudio, _moderation_v1_TranscribeAudio__Output>
    }
  }
}

