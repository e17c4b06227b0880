// Original file: moderation/v1/text.proto

import type { LabelCoverage as _moderation_v1_LabelCoverage, LabelCoverage__Output as _moderation_v1_LabelCoverage__Output } from '../../moderation/v1/LabelCoverage';

export interface CoverageReply {
  'model'?: (string);
  'labels'?: (_moderation_v1_LabelCoverage)[];
}

export interface CoverageReply__Output {
  'model': (string);
  'labels': (_moderation_v1_LabelCoverage__Output)[];
}
