// Original file: moderation/v1/banks.proto

import type { BankSpec as _moderation_v1_BankSpec, BankSpec__Output as _moderation_v1_BankSpec__Output } from '../../moderation/v1/BankSpec';

export interface CreateBankRequest {
  'tenantId'?: (string);
  'spec'?: (_moderation_v1_BankSpec | null);
}

export interface CreateBankRequest__Output {
  'tenantId': (string);
  'spec': (_moderation_v1_BankSpec__Output | null);
}
