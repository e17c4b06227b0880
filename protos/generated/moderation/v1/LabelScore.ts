// Original file: moderation/v1/text.proto

import type { OperatingPoints as _moderation_v1_OperatingPoints, OperatingPoints__Output as _moderation_v1_OperatingPoints__Output } from '../../moderation/v1/OperatingPoints';

export interface LabelScore {
  'label'?: (string);
  'score'?: (number | string);
  'scored'?: (boolean);
  'operatingPoints'?: (_moderation_v1_OperatingPoints | null);
}

export interface LabelScore__Output {
  'label': (string);
  'score': (number);
  'scored': (boolean);
  'operatingPoints': (_moderation_v1_OperatingPoints__Output | null);
}
