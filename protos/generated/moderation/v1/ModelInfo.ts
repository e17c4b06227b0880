// Original file: moderation/v1/vision.proto

import type { LanguageCoverage as _moderation_v1_LanguageCoverage, LanguageCoverage__Output as _moderation_v1_LanguageCoverage__Output } from '../../moderation/v1/LanguageCoverage';

export interface ModelInfo {
  'id'?: (string);
  'version'?: (string);
  'runtime'?: (string);
  'classes'?: (string)[];
  'loaded'?: (boolean);
  'error'?: (string);
  'languages'?: (_moderation_v1_LanguageCoverage)[];
}

export interface ModelInfo__Output {
  'id': (string);
  'version': (string);
  'runtime': (string);
  'classes': (string)[];
  'loaded': (boolean);
  'error': (string);
  'languages': (_moderation_v1_LanguageCoverage__Output)[];
}
