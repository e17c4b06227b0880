// Original file: moderation/v1/banks.proto

import type { VpdqFrame as _moderation_v1_VpdqFrame, VpdqFrame__Output as _moderation_v1_VpdqFrame__Output } from '../../moderation/v1/VpdqFrame';

export interface BankContentInfo {
  'contentId'?: (string);
  'bankId'?: (string);
  'pdq'?: (string);
  'quality'?: (number);
  'note'?: (string);
  'createdAt'?: (string);
  'cropHashes'?: (string)[];
  'vpdq'?: (_moderation_v1_VpdqFrame)[];
  '_quality'?: "quality";
  '_note'?: "note";
}

export interface BankContentInfo__Output {
  'contentId': (string);
  'bankId': (string);
  'pdq': (string);
  'quality'?: (number);
  'note'?: (string);
  'createdAt': (string);
  'cropHashes': (string)[];
  'vpdq': (_moderation_v1_VpdqFrame__Output)[];
  '_quality'?: "quality";
  '_note'?: "note";
}
