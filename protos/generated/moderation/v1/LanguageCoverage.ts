// Original file: moderation/v1/text.proto

import type { LanguageHeldBack as _moderation_v1_LanguageHeldBack, LanguageHeldBack__Output as _moderation_v1_LanguageHeldBack__Output } from '../../moderation/v1/LanguageHeldBack';
import type { LanguageSource as _moderation_v1_LanguageSource, LanguageSource__Output as _moderation_v1_LanguageSource__Output } from '../../moderation/v1/LanguageSource';

export interface LanguageCoverage {
  'language'?: (string);
  'labels'?: (string)[];
  'heldBack'?: (_moderation_v1_LanguageHeldBack)[];
  'sources'?: (_moderation_v1_LanguageSource)[];
}

export interface LanguageCoverage__Output {
  'language': (string);
  'labels': (string)[];
  'heldBack': (_moderation_v1_LanguageHeldBack__Output)[];
  'sources': (_moderation_v1_LanguageSource__Output)[];
}
