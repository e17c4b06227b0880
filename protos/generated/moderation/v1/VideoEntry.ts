// Original file: moderation/v1/banks.proto

import type { VpdqFrame as _moderation_v1_VpdqFrame, VpdqFrame__Output as _moderation_v1_VpdqFrame__Output } from '../../moderation/v1/VpdqFrame';

export interface VideoEntry {
  'frames'?: (_moderation_v1_VpdqFrame)[];
  'note'?: (string);
  '_note'?: "note";
}

export interface VideoEntry__Output {
  'frames': (_moderation_v1_VpdqFrame__Output)[];
  'note'?: (string);
  '_note'?: "note";
}
