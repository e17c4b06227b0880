// Original file: moderation/v1/moderator.proto


export interface JsonReply {
  'found'?: (boolean);
  'json'?: (string);
}

export interface JsonReply__Output {
  'found': (boolean);
  'json': (string);
}
