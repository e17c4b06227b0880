// Original file: moderation/v1/text.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ScoreTextReply as _moderation_v1_ScoreTextReply, ScoreTextReply__Output as _moderation_v1_ScoreTextReply__Output } from '../../moderation/v1/ScoreTextReply';
import type { ScoreTextRequest as _moderation_v1_ScoreTextRequest, ScoreTextRequest__Output as _moderation_v1_ScoreTextRequest__Output } from '../../moderation/v1/ScoreTextRequest';

export interface TextToxicityClient extends grpc.Client {
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
  Score: grpc.handleUnaryCall<_moderation_v1_ScoreTextRequest__Output, _moderation_v1_ScoreTextReply>;
  
}

export interface TextToxicityDefinition extends grpc.ServiceDefinition {
  Score: MethodDefinition<_moderation_v1_ScoreTextRequest, _moderation_v1_ScoreTextReply, _moderation_v1_ScoreTextRequest__Output, _moderation_v1_ScoreTextReply__Output>
}
