// Original file: moderation/v1/banks.proto


export interface HashEntry {
  'pdq'?: (string);
  'note'?: (string);
  '_note'?: "note";
}

export interface HashEntry__Output {
  'pdq': (string);
  'note'?: (string);
  '_note'?: "note";
}
