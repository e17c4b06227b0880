// Original file: moderation/v1/webhook.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { ListDeliveriesReply as _moderation_v1_ListDeliveriesReply, ListDeliveriesReply__Output as _moderation_v1_ListDeliveriesReply__Output } from '../../moderation/v1/ListDeliveriesReply';
import type { ListDeliveriesRequest as _moderation_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _moderation_v1_ListDeliveriesRequest__Output } from '../../moderation/v1/ListDeliveriesRequest';
import type { RedeliverReply as _moderation_v1_RedeliverReply, RedeliverReply__Output as _moderation_v1_RedeliverReply__Output } from '../../moderation/v1/RedeliverReply';
import type { RedeliverRequest as _moderation_v1_RedeliverRequest, RedeliverRequest__Output as _moderation_v1_RedeliverRequest__Output } from '../../moderation/v1/RedeliverRequest';

export interface WebhookDispatcherClient extends grpc.Client {
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _moderation_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _moderation_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_moderation_v1_ListDeliveriesReply__Output>): grpc.ClientUnaryCall;
  
  Redeliver(argument: _moderation_v1_RedeliverRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  Redeliver(argument: _moderation_v1_RedeliverRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  Redeliver(argument: _moderation_v1_RedeliverRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  Redeliver(argument: _moderation_v1_RedeliverRequest, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _moderation_v1_RedeliverRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _moderation_v1_RedeliverRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _moderation_v1_RedeliverRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _moderation_v1_RedeliverRequest, callback: grpc.requestCallback<_moderation_v1_RedeliverReply__Output>): grpc.ClientUnaryCall;
  
}

export interface WebhookDispatcherHandlers extends grpc.UntypedServiceImplementation {
  ListDeliveries: grpc.handleUnaryCall<_moderation_v1_ListDeliveriesRequest__Output, _moderation_v1_ListDeliveriesReply>;
  
  Redeliver: grpc.handleUnaryCall<_moderation_v1_RedeliverRequest__Output, _moderation_v1_RedeliverReply>;
  
}

export interface WebhookDispatcherDefinition extends grpc.ServiceDefinition {
  ListDeliveries: MethodDefinition<_moderation_v1_ListDeliveriesRequest, _moderation_v1_ListDeliveriesReply, _moderation_v1_ListDeliveriesRequest__Output, _moderation_v1_ListDeliveriesReply__Output>
  Redeliver: MethodDefinition<_moderation_v1_RedeliverRequest, _moderation_v1_RedeliverReply, _moderation_v1_RedeliverRequest__Output, _moderation_v1_RedeliverReply__Output>
}
