import type * as grpc from '@grpc/grpc-js';
import type { EnumTypeDefinition, MessageTypeDefinition } from '@grpc/proto-loader';

import type { ErrorInfo as _moderation_v1_ErrorInfo, ErrorInfo__Output as _moderation_v1_ErrorInfo__Output } from './moderation/v1/ErrorInfo';
import type { MediaMetadata as _moderation_v1_MediaMetadata, MediaMetadata__Output as _moderation_v1_MediaMetadata__Output } from './moderation/v1/MediaMetadata';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      ErrorInfo: MessageTypeDefinition<_moderation_v1_ErrorInfo, _moderation_v1_ErrorInfo__Output>
      MediaKind: EnumTypeDefinition
      MediaMetadata: MessageTypeDefinition<_moderation_v1_MediaMetadata, _moderation_v1_MediaMetadata__Output>
      Product: EnumTypeDefinition
    }
  }
}

