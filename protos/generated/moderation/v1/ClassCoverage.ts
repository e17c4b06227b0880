// Original file: moderation/v1/vision.proto

import type { HeldBackQuality as _moderation_v1_HeldBackQuality, HeldBackQuality__Output as _moderation_v1_HeldBackQuality__Output } from '../../moderation/v1/HeldBackQuality';

export interface ClassCoverage {
  'className'?: (string);
  'group'?: (string);
  'model'?: (string);
  'note'?: (string);
  'calibration'?: (string);
  'heldBack'?: (_moderation_v1_HeldBackQuality | null);
  'heldBackPhotos'?: (_moderation_v1_HeldBackQuality | null);
}

export interface ClassCoverage__Output {
  'className': (string);
  'group': (string);
  'model': (string);
  'note': (string);
  'calibration': (string);
  'heldBack': (_moderation_v1_HeldBackQuality__Output | null);
  'heldBackPhotos': (_moderation_v1_HeldBackQuality__Output | null);
}
