// Original file: moderation/v1/vision.proto

import type { EmbeddingVector as _moderation_v1_EmbeddingVector, EmbeddingVector__Output as _moderation_v1_EmbeddingVector__Output } from '../../moderation/v1/EmbeddingVector';

export interface EmbedReply {
  'model'?: (string);
  'vectors'?: (_moderation_v1_EmbeddingVector)[];
}

export interface EmbedReply__Output {
  'model': (string);
  'vectors': (_moderation_v1_EmbeddingVector__Output)[];
}
