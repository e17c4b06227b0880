// Original file: moderation/v1/webhook.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListDeliveriesReply as _moderation_v1_ListDeliveriesReply, ListDeliveriesReply__Output as _moderation_v1_ListDeliveriesReply__Output } from '../../moderation/v1/ListDeliveriesReply';
import type { ListDeliveriesRequest as _moderation_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _moderation_v1_ListDeliveriesRequest__Output } from '../../moderation/v1/ListDeliveriesRequest';

export interface WebhookDispatcherClient extends grpc.Client {
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  
}

export interface WebhookDispatcherHandlers extends grpc.UntypedServiceImplementation {
  ListDeliveries: grpc.handleUnaryCall<_moderation_v1_ListDeliveriesRequest__Output, _moderation_v1_ListDeliveriesReply>;
  
}

export interface WebhookDispatcherDefinition extends grpc.ServiceDefinition {
  ListDeliveries: MethodDefinition<_moderation_v1_ListDeliveriesRequest, _moderation_v1_ListDeliveriesReply, _moderation_v1_ListDeliveriesRequest__Output, _moderation_v1_ListDeliveriesReply__Output>
}
