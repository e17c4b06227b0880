// Original file: moderation/v1/policies.proto


export interface PolicyVersionReply {
  'found'?: (boolean);
  'viewJson'?: (string);
}

export interface PolicyVersionReply__Output {
  'found': (boolean);
  'viewJson': (string);
}
