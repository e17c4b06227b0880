// Original file: moderation/v1/banks.proto


export interface BankRef {
  'tenantId'?: (string);
  'bankId'?: (string);
}

export interface BankRef__Output {
  'tenantId': (string);
  'bankId': (string);
}
