// Original file: moderation/v1/banks.proto

import type { BankContentInfo as _moderation_v1_BankContentInfo, BankContentInfo__Output as _moderation_v1_BankContentInfo__Output } from '../../moderation/v1/BankContentInfo';

export interface BankContentList {
  'items'?: (_moderation_v1_BankContentInfo)[];
}

export interface BankContentList__Output {
  'items': (_moderation_v1_BankContentInfo__Output)[];
}
