// Original file: moderation/v1/moderator.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ModerateRequest as _moderation_v1_ModerateRequest, ModerateRequest__Output as _moderation_v1_ModerateRequest__Output } from '../../moderation/v1/ModerateRequest';
import type { ModerationReply as _moderation_v1_ModerationReply, ModerationReply__Output as _moderation_v1_ModerationReply__Output } from '../../moderation/v1/ModerationReply';

export interface ModeratorClient extends grpc.Client {
  Moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  Moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  Moderate(argument: _moderation_v1_ModerateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  Moderate(argument: _moderation_v1_ModerateRequest, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  moderate(argument: _moderation_v1_ModerateRequest, callback: grpc.requestCallback<_moderation_v1_ModerationReply__Output>): grpc.ClientUnaryCall;
  
}

export interface ModeratorHandlers extends grpc.UntypedServiceImplementation {
  Moderate: grpc.handleUnaryCall<_moderation_v1_ModerateRequest__Output, _moderation_v1_ModerationReply>;
  
}

export interface ModeratorDefinition extends grpc.ServiceDefinition {
  Moderate: MethodDefinition<_moderation_v1_ModerateRequest, _moderation_v1_ModerationReply, _moderation_v1_ModerateRequest__Output, _moderation_v1_ModerationReply__Output>
}
