// Original file: moderation/v1/banks.proto


export interface HashReply {
  'pdq'?: (string);
  'quality'?: (number);
}

export interface HashReply__Output {
  'pdq': (string);
  'quality': (number);
}
