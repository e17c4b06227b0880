// Original file: moderation/v1/text.proto

import type { LanguageHeldBack as _moderation_v1_LanguageHeldBack, LanguageHeldBack__Output as _moderation_v1_LanguageHeldBack__Output } from '../../moderation/v1/LanguageHeldBack';
import type { LanguageSource as _moderation_v1_LanguageSource, LanguageSource__Output as _moderation_v1_LanguageSource__Output } from '../../moderation/v1/LanguageSource';
import type { SignalOperatingPoints as _moderation_v1_SignalOperatingPoints, SignalOperatingPoints__Output as _moderation_v1_SignalOperatingPoints__Output } from '../../moderation/v1/SignalOperatingPoints';

export interface LanguageCoverage {
  'language'?: (string);
  'labels'?: (string)[];
  'heldBack'?: (_moderation_v1_LanguageHeldBack)[];
  'sources'?: (_moderation_v1_LanguageSource)[];
  'operatingPoints'?: (_moderation_v1_SignalOperatingPoints)[];
  'unmeasured'?: (string)[];
}

export interface LanguageCoverage__Output {
  'language': (string);
  'labels': (string)[];
  'heldBack': (_moderation_v1_LanguageHeldBack__Output)[];
  'sources': (_moderation_v1_LanguageSource__Output)[];
  'operatingPoints': (_moderation_v1_SignalOperatingPoints__Output)[];
  'unmeasured': (string)[];
}
