import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { ClassCoverage as _moderation_v1_ClassCoverage, ClassCoverage__Output as _moderation_v1_ClassCoverage__Output } from './moderation/v1/ClassCoverage';
import type { EmbedReply as _moderation_v1_EmbedReply, EmbedReply__Output as _moderation_v1_EmbedReply__Output } from './moderation/v1/EmbedReply';
import type { EmbedRequest as _moderation_v1_EmbedRequest, EmbedRequest__Output as _moderation_v1_EmbedRequest__Output } from './moderation/v1/EmbedRequest';
import type { EmbeddingVector as _moderation_v1_EmbeddingVector, EmbeddingVector__Output as _moderation_v1_EmbeddingVector__Output } from './moderation/v1/EmbeddingVector';
import type { HeldBackQuality as _moderation_v1_HeldBackQuality, HeldBackQuality__Output as _moderation_v1_HeldBackQuality__Output } from './moderation/v1/HeldBackQuality';
import type { HeldBackSource as _moderation_v1_HeldBackSource, HeldBackSource__Output as _moderation_v1_HeldBackSource__Output } from './moderation/v1/HeldBackSource';
import type { ListModelsReply as _moderation_v1_ListModelsReply, ListModelsReply__Output as _moderation_v1_ListModelsReply__Output } from './moderation/v1/ListModelsReply';
import type { ListModelsRequest as _moderation_v1_ListModelsRequest, ListModelsRequest__Output as _moderation_v1_ListModelsRequest__Output } from './moderation/v1/ListModelsRequest';
import type { ModelInfo as _moderation_v1_ModelInfo, ModelInfo__Output as _moderation_v1_ModelInfo__Output } from './moderation/v1/ModelInfo';
import type { VisionInferenceClient as _moderation_v1_VisionInferenceClient, VisionInferenceDefinition as _moderation_v1_VisionInferenceDefinition } from './moderation/v1/VisionInference';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  moderation: {
    v1: {
      ClassCoverage: MessageTypeDefinition<_moderation_v1_ClassCoverage, _moderation_v1_ClassCoverage__Output>
      EmbedReply: MessageTypeDefinition<_moderation_v1_EmbedReply, _moderation_v1_EmbedReply__Output>
      EmbedRequest: MessageTypeDefinition<_moderation_v1_EmbedRequest, _moderation_v1_EmbedRequest__Output>
      EmbeddingVector: MessageTypeDefinition<_moderation_v1_EmbeddingVector, _moderation_v1_EmbeddingVector__Output>
      HeldBackQuality: MessageTypeDefinition<_moderation_v1_HeldBackQuality, _moderation_v1_HeldBackQuality__Output>
      HeldBackSource: MessageTypeDefinition<_moderation_v1_HeldBackSource, _moderation_v1_HeldBackSource__Output>
      ListModelsReply: MessageTypeDefinition<_moderation_v1_ListModelsReply, _moderation_v1_ListModelsReply__Output>
      ListModelsRequest: MessageTypeDefinition<_moderation_v1_ListModelsRequest, _moderation_v1_ListModelsRequest__Output>
      ModelInfo: MessageTypeDefinition<_moderation_v1_ModelInfo, _moderation_v1_ModelInfo__Output>
      VisionInference: SubtypeConstructor<typeof grpc.Client, _moderation_v1_VisionInferenceClient> & { service: _moderation_v1_VisionInferenceDefinition }
    }
  }
}

