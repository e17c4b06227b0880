// Original file: moderation/v1/banks.proto


export interface Deleted {
  'deleted'?: (boolean);
}

export interface Deleted__Output {
  'deleted': (boolean);
}
