// Original file: moderation/v1/moderator.proto


export interface ModerationReply {
  'resultJson'?: (string);
  'httpStatus'?: (number);
  'found'?: (boolean);
}

export interface ModerationReply__Output {
  'resultJson': (string);
  'httpStatus': (number);
  'found': (boolean);
}
