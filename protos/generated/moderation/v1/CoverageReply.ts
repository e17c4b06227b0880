// Original file: moderation/v1/text.proto

import type { LabelCoverage as _moderation_v1_LabelCoverage, LabelCoverage__Output as _moderation_v1_LabelCoverage__Output } from '../../moderation/v1/LabelCoverage';
import type { LanguageCoverage as _moderation_v1_LanguageCoverage, LanguageCoverage__Output as _moderation_v1_LanguageCoverage__Output } from '../../moderation/v1/LanguageCoverage';

export interface CoverageReply {
  'model'?: (string);
  'labels'?: (_moderation_v1_LabelCoverage)[];
  'languages'?: (_moderation_v1_LanguageCoverage)[];
}

export interface CoverageReply__Output {
  'model': (string);
  'labels': (_moderation_v1_LabelCoverage__Output)[];
  'languages': (_moderation_v1_LanguageCoverage__Output)[];
}
