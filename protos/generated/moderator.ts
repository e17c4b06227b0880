import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ModerateRequest as _moderation_v1_ModerateRequest, ModerateRequest__Output as _moderation_v1_ModerateRequest__Output } from './moderation/v1/ModerateRequest';
import type { ModerationReply as _moderation_v1_ModerationReply, ModerationReply__Output as _moderation_v1_ModerationReply__Output } from './moderation/v1/ModerationReply';
import type { ModeratorClient as _moderation_v1_ModeratorClient, ModeratorDefinition as _moderation_v1_ModeratorDefinition } from './moderation/v1/Moderator';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      ModerateRequest: MessageTypeDefinition<_moderation_v1_ModerateRequest, _moderation_v1_ModerateRequest__Output>
      ModerationReply: MessageTypeDefinition<_moderation_v1_ModerationReply, _moderation_v1_ModerationReply__Output>
      Moderator: SubtypeConstructor<typeof grpc.Client, _moderation_v1_ModeratorClient> & { service: _moderation_v1_ModeratorDefinition }
    }
  }
}

