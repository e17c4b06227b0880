// Original file: moderation/v1/text.proto

import type { OperatingPoints as _moderation_v1_OperatingPoints, OperatingPoints__Output as _moderation_v1_OperatingPoints__Output } from '../../moderation/v1/OperatingPoints';
import type { OperatingPointBasis as _moderation_v1_OperatingPointBasis, OperatingPointBasis__Output as _moderation_v1_OperatingPointBasis__Output } from '../../moderation/v1/OperatingPointBasis';
import type { OperatingPointFigures as _moderation_v1_OperatingPointFigures, OperatingPointFigures__Output as _moderation_v1_OperatingPointFigures__Output } from '../../moderation/v1/OperatingPointFigures';

export interface SignalOperatingPoints {
  'signal'?: (string);
  'points'?: (_moderation_v1_OperatingPoints | null);
  'basis'?: (_moderation_v1_OperatingPointBasis | null);
  'figures'?: (_moderation_v1_OperatingPointFigures)[];
}

export interface SignalOperatingPoints__Output {
  'signal': (string);
  'points': (_moderation_v1_OperatingPoints__Output | null);
  'basis': (_moderation_v1_OperatingPointBasis__Output | null);
  'figures': (_moderation_v1_OperatingPointFigures__Output)[];
}
