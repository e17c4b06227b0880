// Original file: moderation/v1/vision.proto

import type { ModelInfo as _moderation_v1_ModelInfo, ModelInfo__Output as _moderation_v1_ModelInfo__Output } from '../../moderation/v1/ModelInfo';
import type { ClassCoverage as _moderation_v1_ClassCoverage, ClassCoverage__Output as _moderation_v1_ClassCoverage__Output } from '../../moderation/v1/ClassCoverage';

export interface ListModelsReply {
  'models'?: (_moderation_v1_ModelInfo)[];
  'classes'?: (_moderation_v1_ClassCoverage)[];
}

export interface ListModelsReply__Output {
  'models': (_moderation_v1_ModelInfo__Output)[];
  'classes': (_moderation_v1_ClassCoverage__Output)[];
}
