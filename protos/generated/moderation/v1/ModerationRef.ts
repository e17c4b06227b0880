// Original file: moderation/v1/moderator.proto


export interface ModerationRef {
  'tenantId'?: (string);
  'moderationJobId'?: (string);
}

export interface ModerationRef__Output {
  'tenantId': (string);
  'moderationJobId': (string);
}
