// Original file: moderation/v1/text.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CoverageReply as _moderation_v1_CoverageReply, CoverageReply__Output as _moderation_v1_CoverageReply__Output } from '../../moderation/v1/CoverageReply';
import type { CoverageRequest as _moderation_v1_CoverageRequest, CoverageRequest__Output as _moderation_v1_CoverageRequest__Output } from '../../moderation/v1/CoverageRequest';
import type { ScoreTextReply as _moderation_v1_ScoreTextReply, ScoreTextReply__Output as _moderation_v1_ScoreTextReply__Output } from '../../moderation/v1/ScoreTextReply';
import type { ScoreTextRequest as _moderation_v1_ScoreTextRequest, ScoreTextRequest__Output as _moderation_v1_ScoreTextRequest__Output } from '../../moderation/v1/ScoreTextRequest';

export interface TextToxicityClient extends grpc.Client {
  Coverage(argument: _moderation_v1_CoverageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  Coverage(argument: _moderation_v1_CoverageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  Coverage(argument: _moderation_v1_CoverageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  Coverage(argument: _moderation_v1_CoverageRequest, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  coverage(argument: _moderation_v1_CoverageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  coverage(argument: _moderation_v1_CoverageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  coverage(argument: _moderation_v1_CoverageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  coverage(argument: _moderation_v1_CoverageRequest, callback: grpc.requestCallback<_moderation_v1_CoverageReply__Output>): grpc.ClientUnaryCall;
  
  Score(argument: _moderation_v1_ScoreTextRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  Score(argument: _moderation_v1_ScoreTextRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  Score(argument: _moderation_v1_ScoreTextRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  Score(argument: _moderation_v1_ScoreTextRequest, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  score(argument: _moderation_v1_ScoreTextRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  score(argument: _moderation_v1_ScoreTextRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  score(argument: _moderation_v1_ScoreTextRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  score(argument: _moderation_v1_ScoreTextRequest, callback: grpc.requestCallback<_moderation_v1_ScoreTextReply__Output>): grpc.ClientUnaryCall;
  
}

export interface TextToxicityHandlers extends grpc.UntypedServiceImplementation {
  Coverage: grpc.handleUnaryCall<_moderation_v1_CoverageRequest__Output, _moderation_v1_CoverageReply>;
  
  Score: grpc.handleUnaryCall<_moderation_v1_ScoreTextRequest__Output, _moderation_v1_ScoreTextReply>;
  
}

export interface TextToxicityDefinition extends grpc.ServiceDefinition {
  Coverage: MethodDefinition<_moderation_v1_CoverageRequest, _moderation_v1_CoverageReply, _moderation_v1_CoverageRequest__Output, _moderation_v1_CoverageReply__Output>
  Score: MethodDefinition<_moderation_v1_ScoreTextRequest, _moderation_v1_ScoreTextReply, _moderation_v1_ScoreTextRequest__Output, _moderation_v1_ScoreTextReply__Output>
}
