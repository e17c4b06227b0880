// Original file: moderation/v1/banks.proto

import type { BankInfo as _moderation_v1_BankInfo, BankInfo__Output as _moderation_v1_BankInfo__Output } from '../../moderation/v1/BankInfo';

export interface BankList {
  'banks'?: (_moderation_v1_BankInfo)[];
}

export interface BankList__Output {
  'banks': (_moderation_v1_BankInfo__Output)[];
}
