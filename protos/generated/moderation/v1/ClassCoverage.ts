// Original file: moderation/v1/vision.proto

import type { HeldBackQuality as _moderation_v1_HeldBackQuality, HeldBackQuality__Output as _moderation_v1_HeldBackQuality__Output } from '../../moderation/v1/HeldBackQuality';
import type { HeldBackSource as _moderation_v1_HeldBackSource, HeldBackSource__Output as _moderation_v1_HeldBackSource__Output } from '../../moderation/v1/HeldBackSource';
import type { SignalOperatingPoints as _moderation_v1_SignalOperatingPoints, SignalOperatingPoints__Output as _moderation_v1_SignalOperatingPoints__Output } from '../../moderation/v1/SignalOperatingPoints';

export interface ClassCoverage {
  'className'?: (string);
  'group'?: (string);
  'model'?: (string);
  'note'?: (string);
  'calibration'?: (string);
  'heldBack'?: (_moderation_v1_HeldBackQuality | null);
  'heldBackPhotos'?: (_moderation_v1_HeldBackQuality | null);
  'heldBackSources'?: (_moderation_v1_HeldBackSource)[];
  'operatingPoints'?: (_moderation_v1_SignalOperatingPoints | null);
  'quality'?: (string);
}

export interface ClassCoverage__Output {
  'className': (string);
  'group': (string);
  'model': (string);
  'note': (string);
  'calibration': (string);
  'heldBack': (_moderation_v1_HeldBackQuality__Output | null);
  'heldBackPhotos': (_moderation_v1_HeldBackQuality__Output | null);
  'heldBackSources': (_moderation_v1_HeldBackSource__Output)[];
  'operatingPoints': (_moderation_v1_SignalOperatingPoints__Output | null);
  'quality': (string);
}
