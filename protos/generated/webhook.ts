import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DeliveryAttempt as _moderation_v1_DeliveryAttempt, DeliveryAttempt__Output as _moderation_v1_DeliveryAttempt__Output } from './moderation/v1/DeliveryAttempt';
import type { ListDeliveriesReply as _moderation_v1_ListDeliveriesReply, ListDeliveriesReply__Output as _moderation_v1_ListDeliveriesReply__Output } from './moderation/v1/ListDeliveriesReply';
import type { ListDeliveriesRequest as _moderation_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _moderation_v1_ListDeliveriesRequest__Output } from './moderation/v1/ListDeliveriesRequest';
import type { RedeliverReply as _moderation_v1_RedeliverReply, RedeliverReply__Output as _moderation_v1_RedeliverReply__Output } from './moderation/v1/RedeliverReply';
import type { RedeliverRequest as _moderation_v1_RedeliverRequest, RedeliverRequest__Output as _moderation_v1_RedeliverRequest__Output } from './moderation/v1/RedeliverRequest';
import type { WebhookDispatcherClient as _moderation_v1_WebhookDispatcherClient, WebhookDispatcherDefinition as _moderation_v1_WebhookDispatcherDefinition } from './moderation/v1/WebhookDispatcher';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      DeliveryAttempt: MessageTypeDefinition<_moderation_v1_DeliveryAttempt, _moderation_v1_DeliveryAttempt__Output>
      ListDeliveriesReply: MessageTypeDefinition<_moderation_v1_ListDeliveriesReply, _moderation_v1_ListDeliveriesReply__Output>
      ListDeliveriesRequest: MessageTypeDefinition<_moderation_v1_ListDeliveriesRequest, _moderation_v1_ListDeliveriesRequest__Output>
      RedeliverReply: MessageTypeDefinition<_moderation_v1_RedeliverReply, _moderation_v1_RedeliverReply__Output>
      RedeliverRequest: MessageTypeDefinition<_moderation_v1_RedeliverRequest, _moderation_v1_RedeliverRequest__Output>
      WebhookDispatcher: SubtypeConstructor<typeof grpc.Client, _moderation_v1_WebhookDispatcherClient> & { service: _moderation_v1_WebhookDispatcherDefinition }
    }
  }
}

