// Original file: moderation/v1/banks.proto

import type { BankSpec as _moderation_v1_BankSpec, BankSpec__Output as _moderation_v1_BankSpec__Output } from '../../moderation/v1/BankSpec';
import type { Long } from '@grpc/proto-loader';

export interface BankInfo {
  'bankId'?: (string);
  'spec'?: (_moderation_v1_BankSpec | null);
  'contentCount'?: (number | string | Long);
  'createdAt'?: (string);
}

export interface BankInfo__Output {
  'bankId': (string);
  'spec': (_moderation_v1_BankSpec__Output | null);
  'contentCount': (string);
  'createdAt': (string);
}
