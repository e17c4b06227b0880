// Original file: moderation/v1/text.proto

import type { LanguageHeldBack as _moderation_v1_LanguageHeldBack, LanguageHeldBack__Output as _moderation_v1_LanguageHeldBack__Output } from '../../moderation/v1/LanguageHeldBack';

export interface LanguageCoverage {
  'language'?: (string);
  'labels'?: (string)[];
  'heldBack'?: (_moderation_v1_LanguageHeldBack)[];
}

export interface LanguageCoverage__Output {
  'language': (string);
  'labels': (string)[];
  'heldBack': (_moderation_v1_LanguageHeldBack__Output)[];
}
