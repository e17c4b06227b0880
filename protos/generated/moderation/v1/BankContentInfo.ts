// Original file: moderation/v1/banks.proto


export interface BankContentInfo {
  'contentId'?: (string);
  'bankId'?: (string);
  'pdq'?: (string);
  'quality'?: (number);
  'note'?: (string);
  'createdAt'?: (string);
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
  '_quality'?: "quality";
  '_note'?: "note";
}
