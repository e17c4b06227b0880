// Original file: moderation/v1/vision.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { EmbedReply as _moderation_v1_EmbedReply, EmbedReply__Output as _moderation_v1_EmbedReply__Output } from '../../moderation/v1/EmbedReply';
import type { EmbedRequest as _moderation_v1_EmbedRequest, EmbedRequest__Output as _moderation_v1_EmbedRequest__Output } from '../../moderation/v1/EmbedRequest';
import type { ListModelsReply as _moderation_v1_ListModelsReply, ListModelsReply__Output as _moderation_v1_ListModelsReply__Output } from '../../moderation/v1/ListModelsReply';
import type { ListModelsRequest as _moderation_v1_ListModelsRequest, ListModelsRequest__Output as _moderation_v1_ListModelsRequest__Output } from '../../moderation/v1/ListModelsRequest';

export interface VisionInferenceClient extends grpc.Client {
  Embed(argument: _moderation_v1_EmbedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  Embed(argument: _moderation_v1_EmbedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  Embed(argument: _moderation_v1_EmbedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  Embed(argument: _moderation_v1_EmbedRequest, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  embed(argument: _moderation_v1_EmbedRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  embed(argument: _moderation_v1_EmbedRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  embed(argument: _moderation_v1_EmbedRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  embed(argument: _moderation_v1_EmbedRequest, callback: grpc.requestCallback<_moderation_v1_EmbedReply__Output>): grpc.ClientUnaryCall;
  
  ListModels(argument: _moderation_v1_ListModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  ListModels(argument: _moderation_v1_ListModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  ListModels(argument: _moderation_v1_ListModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  ListModels(argument: _moderation_v1_ListModelsRequest, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  listModels(argument: _moderation_v1_ListModelsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  listModels(argument: _moderation_v1_ListModelsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  listModels(argument: _moderation_v1_ListModelsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  listModels(argument: _moderation_v1_ListModelsRequest, callback: grpc.requestCallback<_moderation_v1_ListModelsReply__Output>): grpc.ClientUnaryCall;
  
}

export interface VisionInferenceHandlers extends grpc.UntypedServiceImplementation {
  Embed: grpc.handleUnaryCall<_moderation_v1_EmbedRequest__Output, _moderation_v1_EmbedReply>;
  
  ListModels: grpc.handleUnaryCall<_moderation_v1_ListModelsRequest__Output, _moderation_v1_ListModelsReply>;
  
}

export interface VisionInferenceDefinition extends grpc.ServiceDefinition {
  Embed: MethodDefinition<_moderation_v1_EmbedRequest, _moderation_v1_EmbedReply, _moderation_v1_EmbedRequest__Output, _moderation_v1_EmbedReply__Output>
  ListModels: MethodDefinition<_moderation_v1_ListModelsRequest, _moderation_v1_ListModelsReply, _moderation_v1_ListModelsRequest__Output, _moderation_v1_ListModelsReply__Output>
}
