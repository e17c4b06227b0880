// Original file: moderation/v1/text.proto

import type { LabelScore as _moderation_v1_LabelScore, LabelScore__Output as _moderation_v1_LabelScore__Output } from '../../moderation/v1/LabelScore';
import type { TextSpan as _moderation_v1_TextSpan, TextSpan__Output as _moderation_v1_TextSpan__Output } from '../../moderation/v1/TextSpan';

export interface TextScore {
  'labels'?: (_moderation_v1_LabelScore)[];
  'topSpan'?: (_moderation_v1_TextSpan | null);
  'language'?: (string);
}

export interface TextScore__Output {
  'labels': (_moderation_v1_LabelScore__Output)[];
  'topSpan': (_moderation_v1_TextSpan__Output | null);
  'language': (string);
}
