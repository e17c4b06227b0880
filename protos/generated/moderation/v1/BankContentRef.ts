// Original file: moderation/v1/banks.proto


export interface BankContentRef {
  'tenantId'?: (string);
  'bankId'?: (string);
  'contentId'?: (string);
}

export interface BankContentRef__Output {
  'tenantId': (string);
  'bankId': (string);
  'contentId': (string);
}
