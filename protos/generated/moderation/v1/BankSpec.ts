// Original file: moderation/v1/banks.proto


export interface BankSpec {
  'name'?: (string);
  'category'?: (string);
  'riskLevel'?: (string);
  'threshold'?: (number);
  'enabledRatio'?: (number | string);
}

export interface BankSpec__Output {
  'name': (string);
  'category': (string);
  'riskLevel': (string);
  'threshold': (number);
  'enabledRatio': (number);
}
